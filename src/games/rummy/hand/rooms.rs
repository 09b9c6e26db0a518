//! How a phone's Rummy screen is shared out: the table's sets as large as
//! lets them all be seen, the hand as much room as its rows need, the
//! buttons across the foot; and the cards' sizes that follow.

use std::ops::RangeInclusive;

use bevy_egui::egui;

use crate::ui::theme::size;

/// New set's slot is as wide as a set of this many cards.
pub(super) const NEW_SET: usize = 3;

/// The largest card (of a width in `widths`, the smallest if none fits) at
/// which sets of `lengths` cards, in rows as the table lays them, fit in
/// `room`. A set wider than the room wraps onto rows of its own.
pub(super) fn fitted_card(
    lengths: &[usize],
    room: egui::Vec2,
    widths: RangeInclusive<u32>,
) -> egui::Vec2 {
    let smallest = *widths.start() as f32;
    let width = widths
        .rev()
        .step_by(2)
        .map(|w| w as f32)
        .find(|&w| table_height(lengths, room.x, w) <= room.y)
        .unwrap_or(smallest);
    egui::vec2(width, width * CARD_TALL)
}

/// The height the table's rows of sets take at cards `width` wide.
pub(super) fn table_height(lengths: &[usize], room: f32, width: f32) -> f32 {
    let gap = set_gap(width);
    let row = width * CARD_TALL + 8.0 + gap * 1.5;
    let mut rows = 0.0;
    let mut x = f32::INFINITY;
    for &len in lengths {
        let set = len as f32 * (width + 3.0) + 8.0;
        if x + set > room {
            x = 0.0;
            if set > room {
                // Alone, wrapped to the room's width: its cards' rows but
                // one go under the row it starts.
                let across = ((room - 8.0) / (width + 3.0)).floor().max(1.0);
                rows += (len as f32 / across).ceil() - 1.0;
            }
            rows += 1.0;
        }
        x += set + gap;
    }
    rows * row
}

/// Where a phone puts the table, the hand and the buttons, and the cards'
/// sizes: the table's sets as large as lets them all be seen, the hand as
/// much room as its rows need (below the table held upright, beside it held
/// sideways), the buttons across the foot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct PhoneRooms {
    pub(super) table: egui::Rect,
    pub(super) hand: egui::Rect,
    pub(super) buttons: egui::Rect,
    pub(super) card: egui::Vec2,
    pub(super) hand_card: egui::Vec2,
}

impl PhoneRooms {
    /// Room kept for a solid scroll bar beside the cards.
    const BAR: f32 = 12.0;
    /// The smallest card whose number a person still reads at arm's length
    /// (its number is 55 % of its width).
    const LEAST: u32 = 30;
    /// The smallest card in the hand, the cards a player taps most.
    const LEAST_IN_HAND: u32 = 34;

    pub(super) fn new(room: egui::Rect, lengths: &[usize], hand: usize, play: bool) -> Self {
        let buttons_h = size::TOUCH + 12.0;
        let buttons = egui::Rect::from_min_max(
            egui::pos2(room.min.x, room.max.y - buttons_h + 6.0),
            room.max,
        );
        let body =
            egui::Rect::from_min_max(room.min, egui::pos2(room.max.x, room.max.y - buttons_h));
        let sideways = body.width() > body.height() * 1.3;
        let (table_w, hand_w) = if sideways {
            let table_w = (body.width() * 0.6).floor();
            (table_w, body.width() - table_w - 8.0)
        } else {
            (body.width(), body.width())
        };
        // The hand's cards as large as let its rows take at most two
        // fifths of a phone held upright (all its height held sideways),
        // down to a size still easy to tap.
        let hand_height = |w: f32| {
            let across = ((hand_w - Self::BAR + 4.0) / (w + 4.0)).floor().max(1.0);
            let rows = (hand.max(1) as f32 / across).ceil();
            rows * (w * CARD_TALL + 4.0) + 8.0
        };
        let hand_room = if sideways {
            body.height()
        } else {
            body.height() * 0.4
        };
        let widest = ((hand_w - 16.0) / if sideways { 7.0 } else { 9.0 }).clamp(30.0, 46.0) * 1.15;
        let hand_card = (Self::LEAST_IN_HAND..=widest as u32)
            .rev()
            .step_by(2)
            .map(|w| w as f32)
            .find(|&w| hand_height(w) <= hand_room)
            .unwrap_or(Self::LEAST_IN_HAND as f32);
        let hand_h = hand_height(hand_card);
        let hand_card = egui::vec2(hand_card, hand_card * CARD_TALL);
        // New set's slot shows once a card is picked: its room is kept all
        // turn, so the cards do not shrink at a tap.
        let lengths: Vec<usize> = lengths
            .iter()
            .copied()
            .chain(play.then_some(NEW_SET))
            .collect();
        let largest = ((table_w - 16.0) / 7.0).clamp(Self::LEAST as f32, 64.0) as u32;
        let (table, hand) = if sideways {
            let table = egui::Rect::from_min_size(body.min, egui::vec2(table_w, body.height()));
            let hand =
                egui::Rect::from_min_max(egui::pos2(table.max.x + 8.0, body.min.y), body.max);
            (table, hand)
        } else {
            // The hand's rows, up to half the room; the table the rest.
            let hand_h = hand_h.clamp(hand_card.y + 8.0, body.height() * 0.5);
            let table = egui::Rect::from_min_max(
                body.min,
                egui::pos2(body.max.x, body.max.y - hand_h - 6.0),
            );
            let hand =
                egui::Rect::from_min_max(egui::pos2(body.min.x, table.max.y + 6.0), body.max);
            (table, hand)
        };
        let card = fitted_card(
            &lengths,
            egui::vec2(table.width() - Self::BAR, table.height()),
            Self::LEAST..=largest,
        );
        Self {
            table,
            hand,
            buttons,
            card,
            hand_card,
        }
    }
}

/// The room between sets side by side, and between their rows: less
/// between small cards, where every point counts.
pub(super) fn set_gap(card: f32) -> f32 {
    (card * 0.2).clamp(4.0, 10.0)
}

/// A card's height for its width.
pub(super) const CARD_TALL: f32 = 1.36;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_screen_shows_its_sets_as_large_as_fit_all_at_once() {
        let tv = egui::vec2(1200.0, 700.0);
        assert_eq!(
            fitted_card(&[3, 4], tv, 40..=120).x,
            120.0,
            "two sets: the largest cards"
        );
        let many = [3, 4, 5, 3, 3, 6, 4, 3, 5, 3, 4, 3];
        let card = fitted_card(&many, tv, 40..=120);
        assert!(card.x < 120.0 && card.x >= 40.0, "{card:?}");
        // Its rows of sets at that size fit the room; a size larger would not.
        assert!(fitted_card(&many, tv * 2.0, 40..=120).x > card.x);
    }

    /// A round's end as the play-through saw it: ten sets on the table.
    const ROUND_END: [usize; 10] = [3, 3, 3, 6, 3, 3, 4, 5, 3, 3];

    /// Every set and New set's slot fit the table's room at its card.
    fn all_seen(at: &PhoneRooms, lengths: &[usize], play: bool) -> bool {
        let mut lengths = lengths.to_vec();
        lengths.extend(play.then_some(NEW_SET));
        table_height(&lengths, at.table.width() - PhoneRooms::BAR, at.card.x) <= at.table.height()
    }

    #[test]
    fn a_phone_held_upright_shows_a_rounds_end_table_whole_above_the_hand() {
        // 390 × 844 less the page's margins, the names line and the headings.
        let room = egui::Rect::from_min_size(egui::pos2(16.0, 137.0), egui::vec2(358.0, 680.0));
        for play in [false, true] {
            let at = PhoneRooms::new(room, &ROUND_END, 14, play);
            assert!(all_seen(&at, &ROUND_END, play), "{at:?}");
            assert!(at.card.x >= 30.0, "cards a person reads: {at:?}");
            assert!(at.hand.min.y >= at.table.max.y, "the hand under the table");
            assert!(
                at.buttons.min.y >= at.hand.max.y,
                "the buttons under the hand"
            );
            // Fourteen cards in the hand's rows, every one in its room.
            let across =
                ((at.hand.width() - PhoneRooms::BAR + 4.0) / (at.hand_card.x + 4.0)).floor();
            let rows = (14.0 / across).ceil();
            assert!(rows * (at.hand_card.y + 4.0) <= at.hand.height(), "{at:?}");
        }
    }

    #[test]
    fn a_phone_shows_a_tables_first_sets_at_a_finger_s_width() {
        let room = egui::Rect::from_min_size(egui::pos2(16.0, 137.0), egui::vec2(358.0, 680.0));
        let at = PhoneRooms::new(room, &[3, 4, 3], 14, true);
        assert!(at.card.x >= 44.0, "{at:?}");
        assert!(all_seen(&at, &[3, 4, 3], true), "{at:?}");
    }

    #[test]
    fn a_phone_held_sideways_puts_the_hand_beside_the_table() {
        let room = egui::Rect::from_min_size(egui::pos2(16.0, 96.0), egui::vec2(812.0, 270.0));
        let at = PhoneRooms::new(room, &ROUND_END[..6], 14, true);
        assert!(at.hand.min.x >= at.table.max.x, "{at:?}");
        assert!(at.hand.height() == at.table.height(), "{at:?}");
        assert!(all_seen(&at, &ROUND_END[..6], true), "{at:?}");
        assert!(
            room.contains_rect(at.table) && room.contains_rect(at.hand),
            "{at:?}"
        );
    }

    #[test]
    fn a_set_longer_than_the_phone_is_wide_is_counted_on_the_rows_it_wraps_to() {
        // Thirteen cards 30 wide in 300 points: nine to a row, two rows.
        let one = table_height(&[3], 300.0, 30.0);
        assert_eq!(table_height(&[13], 300.0, 30.0), 2.0 * one);
        assert_eq!(table_height(&[13, 3], 300.0, 30.0), 3.0 * one);
    }
}
