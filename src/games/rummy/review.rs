//! Rummy in a review: a turn in words (the cards laid, or a draw), why the
//! better play was better, and its ghost: the hand's cards of the better
//! play outlined.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::analysis::Analysis;
use parlour_core::games::rummy::sets::{self, Kind};
use parlour_core::games::rummy::{Card, CardName, Face, Move, Rummy, View};

use super::coach::hand_after;
use super::draft::faces_in_words;
use super::layout::RummyLayout;
use super::turn::TurnOnScreen;
use crate::engine::ActiveMatch;
use crate::review::{ReviewBoard, ReviewGame, ReviewOf};
use crate::tr;
use crate::ui::UiSystems;
use crate::ui::theme::{Zoom, ecolour};

/// The faces a move lays from the hand: those on the table after it that
/// were not on it before (jokers taken back by a swap left out).
pub fn laid(mv: &Move, before: &View) -> Vec<Face> {
    let play = match mv {
        Move::Play(p) | Move::Timeout(Some(p)) => p,
        Move::Draw | Move::Timeout(None) => return Vec::new(),
    };
    let mut on_table: Vec<Face> = before
        .table
        .iter()
        .flat_map(|s| s.cards.iter().map(|c| c.face()))
        .collect();
    let mut out = Vec::new();
    for name in play.table.iter().flatten() {
        match on_table.iter().position(|f| *f == name.face) {
            Some(i) => {
                on_table.swap_remove(i);
            }
            None => out.push(name.face),
        }
    }
    out.sort();
    out
}

/// The jokers a play takes back into the hand by a swap.
fn taken_back(mv: &Move) -> usize {
    match mv {
        Move::Play(p) | Move::Timeout(Some(p)) => p.to_hand.len(),
        Move::Draw | Move::Timeout(None) => 0,
    }
}

impl ReviewGame for Rummy {
    fn move_words(mv: &Move, before: &View) -> String {
        match mv {
            Move::Draw => tr!("rummy-review-draw"),
            Move::Timeout(_) => tr!("rummy-review-timeout"),
            Move::Play(_) => {
                let faces = laid(mv, before);
                match (faces.is_empty(), taken_back(mv)) {
                    (true, _) => tr!("rummy-review-rebuild"),
                    (false, 0) => tr!("rummy-review-lay", cards = faces_in_words(faces)),
                    // A swap: the joker it takes back is what sets it apart
                    // from the same cards laid without it.
                    (false, jokers) => tr!(
                        "rummy-review-lay-take",
                        cards = faces_in_words(faces),
                        jokers = jokers
                    ),
                }
            }
        }
    }

    fn better_words(analysis: &Analysis<Move>, before: &View) -> String {
        let (best, played) = (analysis.best(), analysis.played());
        let percent = |w: f64| (w * 100.0).round() as i64;
        tr!(
            "rummy-review-better",
            best = Self::move_words(&best.mv, before),
            win = percent(best.estimate.win),
            played = Self::move_words(&played.mv, before),
            played_win = percent(played.estimate.win),
            kept = hand_after(before, &best.mv)
        )
    }
}

/// The better play's cards outlined in the hand.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        ghost
            .run_if(resource_exists::<ReviewBoard>.and_then(resource_exists::<ActiveMatch<Rummy>>))
            .in_set(UiSystems::Hud),
    );
}

/// The hand's cards the best candidate would have laid, where it was not
/// the play made: each outlined where it lies in the hand, and the jokers
/// it would have taken back where they lie on the table.
fn ghost(
    mut contexts: EguiContexts,
    board: Res<ReviewBoard>,
    review: Option<Res<ReviewOf<Rummy>>>,
    turn: Res<TurnOnScreen>,
    layout: Option<Res<RummyLayout>>,
    zoom: Res<Zoom>,
) -> Result {
    let (Some(review), Some(layout)) = (review, layout) else {
        return Ok(());
    };
    if !board.ghost_shown() {
        return Ok(());
    }
    let (Some((_, best)), Some(before), Some(draft)) = (
        review.better_at(board.at),
        review.before(board.at),
        turn.draft.as_ref(),
    ) else {
        return Ok(());
    };
    let mut faces = laid(&best, before);
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Middle,
        egui::Id::new("review-ghost"),
    ));
    let outline = |at: Vec2, card: Vec2| {
        painter.rect_stroke(
            egui::Rect::from_center_size(
                zoom.to_points(layout.window, at),
                egui::vec2(card.x, card.y) / zoom.0 + egui::vec2(6.0, 6.0),
            ),
            8.0,
            egui::Stroke::new(4.0, ecolour::GHOST),
            egui::StrokeKind::Outside,
        );
    };
    for at in swapped_jokers(&draft.sets, &faces, taken_back(&best))
        .into_iter()
        .filter_map(|(set, i)| layout.sets.get(set)?.get(i).copied())
    {
        outline(at, layout.table_card);
    }
    for (card, at) in draft.hand.iter().zip(&layout.hand) {
        let Some(i) = faces.iter().position(|f| *f == card.face()) else {
            continue;
        };
        faces.swap_remove(i);
        outline(*at, layout.hand_card);
    }
    Ok(())
}

/// The table's jokers a swap would take back, as (set, place): those
/// standing where a card it lays fits — the same card in a run, the same
/// number in a group — at most `jokers` of them.
fn swapped_jokers(sets: &[Vec<Card>], laid: &[Face], jokers: usize) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    if jokers == 0 {
        // Drawn every frame: no set is read for a play that takes no joker.
        return found;
    }
    let mut laid = laid.to_vec();
    for (s, set) in sets.iter().enumerate() {
        let names: Vec<CardName> = set.iter().map(|c| CardName::plain(c.face())).collect();
        let Ok(reading) = sets::read(&names) else {
            continue;
        };
        for (i, card) in set.iter().enumerate() {
            if found.len() == jokers || card.face() != Face::Joker {
                continue;
            }
            let stands = reading.faces[i];
            let fits = |f: &Face| match reading.kind {
                Kind::Run => *f == stands,
                Kind::Group => f.value() == stands.value(),
            };
            if let Some(k) = laid.iter().position(fits) {
                laid.swap_remove(k);
                found.push((s, i));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use parlour_core::games::rummy::Colour::{Black, Blue, Orange, Red};

    use super::*;

    #[test]
    fn a_swaps_ghost_outlines_the_joker_whose_place_the_laid_card_takes() {
        let n = |c, k| Card::numbered(c, k, 0);
        let sets = vec![
            // A run whose joker stands for the orange 6.
            vec![n(Orange, 4), n(Orange, 5), Card::joker(0), n(Orange, 7)],
            // A group of 13s whose joker stands for a 13 of a missing colour.
            vec![n(Orange, 13), n(Red, 13), Card::joker(1)],
        ];
        let black_13 = n(Black, 13).face();
        assert_eq!(swapped_jokers(&sets, &[black_13], 1), vec![(1, 2)]);
        assert_eq!(
            swapped_jokers(&sets, &[n(Orange, 6).face()], 1),
            vec![(0, 2)]
        );
        // Laid with no joker taken back, or a card no joker stands for: none.
        assert!(swapped_jokers(&sets, &[black_13], 0).is_empty());
        assert!(swapped_jokers(&sets, &[n(Blue, 6).face()], 1).is_empty());
    }
}
