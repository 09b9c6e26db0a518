//! Where everything of the Rummy table goes for a window size: the sets in
//! rows that wrap, a slot for a new set, the hand in a tray at the bottom,
//! and what lies under a point. Plain data, tested without a window.

use bevy::math::{Rect, Vec2};

use super::draft::Target;
use crate::ui::theme::size;

/// A card's height for its width.
pub const CARD_RATIO: f32 = 1.36;

/// The table's layout. World coordinates: origin at the window's centre,
/// y up, one unit a logical pixel.
#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq)]
pub struct RummyLayout {
    /// The window size it was made for.
    pub window: Vec2,
    /// egui's zoom it was made for (the HUD is this much taller).
    pub zoom: f32,
    /// A table card's size.
    pub table_card: Vec2,
    /// A hand card's size.
    pub hand_card: Vec2,
    /// The area the sets are laid in.
    pub table: Rect,
    /// The hand's tray.
    pub tray: Rect,
    /// The height of the action bar between table and tray.
    pub bar: f32,
    /// The bar's status line above its buttons rather than beside them.
    pub stacked: bool,
    /// Per set, the centre of each card.
    pub sets: Vec<Vec<Vec2>>,
    /// The centre of the slot that starts a new set.
    pub new_set: Vec2,
    /// The centre of each hand position.
    pub hand: Vec<Vec2>,
}

/// The narrowest window, in egui's points, whose action bar is one row.
const WIDE_BAR: f32 = 1000.0;

impl RummyLayout {
    /// The layout for `window`, sets of `set_lens` cards and a hand of
    /// `hand_len`, under a HUD of its usual height.
    pub fn new(window: Vec2, set_lens: &[usize], hand_len: usize) -> Self {
        Self::zoomed(window, set_lens, hand_len, 1.0)
    }

    /// The layout under a HUD drawn `zoom` times its usual size. On a window
    /// larger than 1280 × 800 the cards may grow with it, so a big screen
    /// shows a big table rather than small cards in a corner.
    pub fn zoomed(window: Vec2, set_lens: &[usize], hand_len: usize, zoom: f32) -> Self {
        let m = size::MARGIN;
        let inner = window.x - 2.0 * m;
        let (short, long) = (window.x.min(window.y), window.x.max(window.y));
        let grow = (short / 800.0).min(long / 1280.0).max(1.0);
        let portrait = window.y > window.x;
        // The action bar holds egui's buttons, drawn `zoom` times larger.
        // A row holds the status (220 points at the least) and the buttons
        // (about 730) only on a window that is wide in egui's points.
        let stacked = portrait || window.x / zoom < WIDE_BAR;
        let bar = (if stacked { 124.0 } else { 68.0 }) * zoom;
        // The hand: up to two rows of finger-sized cards; a third when it has grown long.
        // Portrait screens are narrow but tall: fewer, larger cards a row.
        let mut hw = (inner / if portrait { 9.6 } else { 15.6 }).clamp(46.0, 86.0 * grow);
        let per_row = |hw: f32| ((inner / (hw * 1.05)).floor() as usize).max(1);
        let mut rows = hand_len.max(1).div_ceil(per_row(hw));
        if rows > 2 {
            hw = (inner / (hand_len.div_ceil(2) as f32 * 1.05)).max(46.0);
            rows = hand_len.div_ceil(per_row(hw)).max(1);
        }
        let hh = hw * CARD_RATIO;
        let tray_h = rows.max(2) as f32 * hh * 1.08 + 2.0 * m;
        let bottom = -window.y / 2.0;
        let tray = Rect::new(
            -window.x / 2.0 + m,
            bottom + 4.0,
            window.x / 2.0 - m,
            bottom + tray_h,
        );
        let n = per_row(hw);
        // The rows sit in the middle of the tray.
        let first_row = tray.center().y + (rows as f32 - 1.0) / 2.0 * hh * 1.08;
        let hand = (0..hand_len)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                let in_row = (hand_len - r * n).min(n);
                let x = (c as f32 - (in_row as f32 - 1.0) / 2.0) * hw * 1.05;
                let y = first_row - r as f32 * hh * 1.08;
                Vec2::new(x, y)
            })
            .collect();

        let table = Rect::new(
            -window.x / 2.0 + m,
            tray.max.y + bar,
            window.x / 2.0 - m,
            window.y / 2.0 - size::HUD * zoom - m,
        );
        // The table: the largest card size at which every set and the new-set slot fit.
        let mut tw = (inner / 10.5).min(74.0 * grow);
        let (sets, new_set) = loop {
            let (sets, new_set, fits) = place_sets(table, tw, set_lens);
            if fits || tw < 24.0 {
                break (sets, new_set);
            }
            tw *= 0.92;
        };
        Self {
            window,
            zoom,
            table_card: Vec2::new(tw, tw * CARD_RATIO),
            hand_card: Vec2::new(hw, hh),
            table,
            tray,
            bar,
            stacked,
            sets,
            new_set,
            hand,
        }
    }

    /// Whether the layout still suits these sets and hand.
    pub fn suits(&self, window: Vec2, set_lens: &[usize], hand_len: usize) -> bool {
        self.window == window
            && self.hand.len() == hand_len
            && self.sets.len() == set_lens.len()
            && self.sets.iter().zip(set_lens).all(|(s, &n)| s.len() == n)
    }

    /// Where a card let go at `p` goes.
    pub fn target_at(&self, p: Vec2) -> Option<Target> {
        let card = self.table_card;
        for (s, set) in self.sets.iter().enumerate() {
            if let Some(i) = set
                .iter()
                .position(|c| Rect::from_center_size(*c, card).contains(p))
            {
                return Some(Target::Set {
                    set: s,
                    on: Some(i),
                });
            }
            let (Some(first), Some(last)) = (set.first(), set.last()) else {
                continue;
            };
            // Near either end of a set, or between its cards: into the set.
            let around =
                Rect::from_corners(*first - card * 0.5, *last + card * 0.5).inflate(card.x * 0.22);
            if around.contains(p) {
                return Some(Target::Set { set: s, on: None });
            }
        }
        if self.table.contains(p) {
            return Some(Target::NewSet);
        }
        if self.tray.inflate(8.0).contains(p) {
            return Some(Target::Hand(self.hand_index_at(p)));
        }
        None
    }

    /// The hand position a card let go at `p` goes before.
    pub fn hand_index_at(&self, p: Vec2) -> usize {
        let half = self.hand_card * 0.5;
        // Same row, left of a card's centre: before it; otherwise at the end.
        self.hand
            .iter()
            .position(|c| (p.y - c.y).abs() <= half.y * 1.08 && p.x < c.x)
            .unwrap_or(self.hand.len())
    }

    /// The card under `p`: a hand position or a table card.
    pub fn card_at(&self, p: Vec2) -> Option<super::draft::Spot> {
        use super::draft::Spot;
        if let Some(i) = self
            .hand
            .iter()
            .position(|c| Rect::from_center_size(*c, self.hand_card).contains(p))
        {
            return Some(Spot::Hand(i));
        }
        for (s, set) in self.sets.iter().enumerate() {
            if let Some(i) = set
                .iter()
                .position(|c| Rect::from_center_size(*c, self.table_card).contains(p))
            {
                return Some(Spot::Set(s, i));
            }
        }
        None
    }
}

/// Lays sets left to right in rows; whether they fit in `table`.
fn place_sets(table: Rect, tw: f32, set_lens: &[usize]) -> (Vec<Vec<Vec2>>, Vec2, bool) {
    let th = tw * CARD_RATIO;
    let pitch = tw * 1.02;
    let gap = tw * 0.5;
    let row_h = th * 1.18;
    let mut x = table.min.x;
    let mut row = 0usize;
    let mut sets = Vec::with_capacity(set_lens.len());
    let y_of = |row: usize| table.max.y - th / 2.0 - row as f32 * row_h;
    let place = |len: usize, x: &mut f32, row: &mut usize| {
        let width = len as f32 * pitch;
        if *x + width > table.max.x + 0.5 && *x > table.min.x {
            *x = table.min.x;
            *row += 1;
        }
        let start = *x;
        *x += width + gap;
        (start, *row)
    };
    for &len in set_lens {
        let (start, r) = place(len, &mut x, &mut row);
        sets.push(
            (0..len)
                .map(|i| Vec2::new(start + tw / 2.0 + i as f32 * pitch, y_of(r)))
                .collect(),
        );
    }
    let (start, r) = place(1, &mut x, &mut row);
    let new_set = Vec2::new(start + tw / 2.0, y_of(r));
    let fits = y_of(r) - th / 2.0 >= table.min.y;
    (sets, new_set, fits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::TextSize;
    use crate::ui::theme::Zoom;

    fn sizes() -> [Vec2; 3] {
        [
            Vec2::new(1280.0, 800.0),
            Vec2::new(1920.0, 1080.0),
            Vec2::new(800.0, 1280.0),
        ]
    }

    /// Every window the table is tested at (the usual three, the smallest
    /// panel and a 4K screen, portrait and landscape), each at every zoom
    /// the app gives it: the window's own times each text size.
    fn windows_and_zooms() -> Vec<(Vec2, f32)> {
        let mut out = Vec::new();
        for window in sizes().into_iter().chain([
            Vec2::new(1024.0, 600.0),
            Vec2::new(600.0, 1024.0),
            Vec2::new(1366.0, 768.0),
            Vec2::new(1080.0, 1920.0),
            Vec2::new(3840.0, 2160.0),
            Vec2::new(2160.0, 3840.0),
        ]) {
            for text in TextSize::ALL {
                out.push((window, Zoom::for_window(window, text.factor()).0));
            }
        }
        out
    }

    fn inside(window: Vec2, centre: Vec2, card: Vec2) -> bool {
        let half = window / 2.0;
        let r = Rect::from_center_size(centre, card);
        r.min.x >= -half.x && r.max.x <= half.x && r.min.y >= -half.y && r.max.y <= half.y
    }

    #[test]
    fn a_crowded_table_and_a_long_hand_fit_every_window() {
        // 20 sets of 3 to 6 cards and 30 cards in hand: a late, busy round.
        let sets: Vec<usize> = (0..20).map(|i| 3 + i % 4).collect();
        for (window, zoom) in windows_and_zooms() {
            let at = format!("{window} at {zoom}");
            let l = RummyLayout::zoomed(window, &sets, 30, zoom);
            let below_hud = window.y / 2.0 - size::HUD * zoom;
            assert!(
                l.table.max.y <= below_hud,
                "{at}: the table is under the HUD"
            );
            assert!(
                l.table.min.y >= l.tray.max.y,
                "{at}: the table is under the tray"
            );
            for set in &l.sets {
                for &c in set {
                    assert!(inside(window, c, l.table_card), "{at}: table card at {c}");
                    let card = Rect::from_center_size(c, l.table_card);
                    assert!(card.min.y >= l.table.min.y - 0.5, "{at}: a set on the bar");
                    assert!(card.max.y <= below_hud + 0.5, "{at}: a set under the HUD");
                }
            }
            for &c in &l.hand {
                assert!(inside(window, c, l.hand_card), "{at}: hand card at {c}");
            }
            assert!(l.hand_card.x >= 46.0, "{at}: hand cards stay finger-sized");
        }
    }

    #[test]
    fn cards_never_overlap() {
        let sets = [3, 4, 5, 13, 3, 3];
        for (window, zoom) in windows_and_zooms() {
            let l = RummyLayout::zoomed(window, &sets, 14, zoom);
            let mut rects: Vec<Rect> = l
                .sets
                .iter()
                .flatten()
                .map(|&c| Rect::from_center_size(c, l.table_card * 0.99))
                .collect();
            rects.extend(
                l.hand
                    .iter()
                    .map(|&c| Rect::from_center_size(c, l.hand_card * 0.99)),
            );
            for (i, a) in rects.iter().enumerate() {
                for b in &rects[i + 1..] {
                    assert!(a.intersect(*b).is_empty(), "{window}: {a:?} overlaps {b:?}");
                }
            }
        }
    }

    #[test]
    fn a_drop_lands_on_the_card_the_set_the_felt_or_the_hand() {
        let l = RummyLayout::new(Vec2::new(1280.0, 800.0), &[3, 4], 14);
        assert_eq!(
            l.target_at(l.sets[1][2]),
            Some(Target::Set {
                set: 1,
                on: Some(2)
            })
        );
        let past_end = *l.sets[0].last().unwrap() + Vec2::X * l.table_card.x * 0.6;
        assert_eq!(
            l.target_at(past_end),
            Some(Target::Set { set: 0, on: None })
        );
        assert_eq!(l.target_at(l.new_set), Some(Target::NewSet));
        assert_eq!(
            l.target_at(l.hand[3] - Vec2::X * 5.0),
            Some(Target::Hand(3))
        );
        assert_eq!(
            l.target_at(Vec2::new(0.0, 399.0)),
            None,
            "the HUD is not the table"
        );
    }
}
