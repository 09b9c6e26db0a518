//! Rummy in a review: a turn in words (the cards laid, or a draw), why the
//! better play was better, and its ghost: the hand's cards of the better
//! play outlined.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::analysis::Analysis;
use parlour_core::games::rummy::{Face, Move, Rummy, View};

use super::draft::colour_mark;
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

/// A face in the table's marks: ▲7, ◆12, joker.
fn face_words(face: Face) -> String {
    match face {
        Face::Number { colour, number } => format!("{}{number}", colour_mark(colour)),
        Face::Joker => tr!("rummy-joker"),
    }
}

impl ReviewGame for Rummy {
    fn move_words(mv: &Move, before: &View) -> String {
        match mv {
            Move::Draw => tr!("rummy-review-draw"),
            Move::Timeout(_) => tr!("rummy-review-timeout"),
            Move::Play(_) => {
                let faces = laid(mv, before);
                if faces.is_empty() {
                    tr!("rummy-review-rebuild")
                } else {
                    let cards: Vec<String> = faces.into_iter().map(face_words).collect();
                    tr!("rummy-review-lay", cards = cards.join(" "))
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
            kept = before.hand.len() - laid(&best.mv, before).len()
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
/// the play made: each outlined where it lies in the hand.
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
    let size = egui::vec2(layout.hand_card.x, layout.hand_card.y) / zoom.0;
    for (card, at) in draft.hand.iter().zip(&layout.hand) {
        let Some(i) = faces.iter().position(|f| *f == card.face()) else {
            continue;
        };
        faces.swap_remove(i);
        let centre = zoom.to_points(layout.window, *at);
        painter.rect_stroke(
            egui::Rect::from_center_size(centre, size + egui::vec2(6.0, 6.0)),
            8.0,
            egui::Stroke::new(4.0, ecolour::GHOST),
            egui::StrokeKind::Outside,
        );
    }
    Ok(())
}
