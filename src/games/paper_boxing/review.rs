//! Paper Boxing in a review: a step or a grid in words, why the better
//! one was better (the solver's result, in bouts), and its ghost: the
//! step on the grid.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::analysis::{Analysis, Candidate};
use parlour_core::games::paper_boxing::rules::BOUTS;
use parlour_core::games::paper_boxing::{Move, PaperBoxing, View};

use super::layout::{PbLayout, to_screen};
use crate::engine::ActiveMatch;
use crate::review::{ReviewBoard, ReviewGame, ReviewOf};
use crate::tr;
use crate::ui::UiSystems;
use crate::ui::theme::ecolour;

impl ReviewGame for PaperBoxing {
    fn move_words(mv: &Move, _before: &View) -> String {
        match mv {
            Move::Grid(_) => tr!("pb-review-grid"),
            Move::To { row, col } => tr!("pb-review-step", row = row + 1, col = col + 1),
        }
    }

    fn better_words(analysis: &Analysis<Move>, before: &View) -> String {
        let worth = |c: &Candidate<Move>| worth(c.estimate.win, c.estimate.margin);
        let (best, played) = (analysis.best(), analysis.played());
        if let (Move::Grid(_), Move::Grid(_)) = (&best.mv, &played.mv) {
            // Both are grids: the set-up is weighed against the bots' mix.
            return tr!(
                "pb-review-better-grid",
                win = (best.estimate.win * 100.0).round() as i64,
                played_win = (played.estimate.win * 100.0).round() as i64
            );
        }
        tr!(
            "pb-review-better",
            best = Self::move_words(&best.mv, before),
            worth = worth(best),
            played = Self::move_words(&played.mv, before),
            played_worth = worth(played)
        )
    }
}

/// What a step is worth in the rules' words: with the solver's exact
/// result, won or lost and by how many bouts (a knock-out counts every
/// bout); else the chance to win.
fn worth(win: f64, margin: Option<f64>) -> String {
    let bouts = i64::from(BOUTS);
    match margin.map(|m| m.round() as i64) {
        Some(m) if win >= 1.0 && m >= bouts => tr!("pb-review-wins-ko"),
        Some(m) if win <= 0.0 && m <= -bouts => tr!("pb-review-loses-ko"),
        Some(0) if win >= 1.0 => tr!("pb-review-wins-tie"),
        Some(0) if win <= 0.0 => tr!("pb-review-loses-tie"),
        Some(m) if win >= 1.0 => tr!("pb-review-wins", n = m),
        Some(m) if win <= 0.0 => tr!("pb-review-loses", n = -m),
        _ => tr!("review-chance", win = (win * 100.0).round() as i64),
    }
}

/// The better step's ghost on the grid.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        ghost
            .run_if(
                resource_exists::<ReviewBoard>
                    .and_then(resource_exists::<ActiveMatch<PaperBoxing>>),
            )
            .in_set(UiSystems::Hud),
    );
}

/// The best step of the move about to be played, if it was not the step
/// played: a ring on its cell of the seat's grid.
fn ghost(
    mut contexts: EguiContexts,
    board: Res<ReviewBoard>,
    review: Option<Res<ReviewOf<PaperBoxing>>>,
    layout: Option<Res<PbLayout>>,
) -> Result {
    let (Some(review), Some(layout)) = (review, layout) else {
        return Ok(());
    };
    if !board.ghost_shown() {
        return Ok(());
    }
    let Some((seat, Move::To { row, col })) = review.better_at(board.at) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let centre = to_screen(&layout, layout.cell_centre(seat, row * 4 + col));
    let side = layout.token() / layout.zoom;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Middle,
        egui::Id::new("review-ghost"),
    ));
    // A ring round the cell, its number left readable.
    painter.circle_stroke(centre, side * 0.55, egui::Stroke::new(5.0, ecolour::GHOST));
    Ok(())
}
