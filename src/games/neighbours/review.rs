//! Neighbours in a review: a placement in words, why the better one was
//! better (its points now and its chance to win), and its ghost on the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::analysis::Analysis;
use parlour_core::games::neighbours::{Move, Neighbours, View};

use super::layout::BoardLayout;
use crate::engine::ActiveMatch;
use crate::review::{ReviewBoard, ReviewGame, ReviewOf};
use crate::tr;
use crate::ui::UiSystems;
use crate::ui::theme::{Zoom, ecolour};

impl ReviewGame for Neighbours {
    fn move_words(mv: &Move, _before: &View) -> String {
        match mv {
            Move::Pass => tr!("neighbours-review-pass"),
            Move::Place(p) => tr!(
                "neighbours-review-place",
                digit = p.digit,
                row = p.row + 1,
                col = p.col + 1
            ),
        }
    }

    fn better_words(analysis: &Analysis<Move>, before: &View) -> String {
        let points = |mv: &Move| {
            before
                .placements()
                .into_iter()
                .find(|s| before.state().placement(s) == *mv)
                .map_or((0, false), |s| (s.points, s.bonus > 0))
        };
        let (best, played) = (analysis.best(), analysis.played());
        let (best_points, bonus) = points(&best.mv);
        let key = if bonus {
            "neighbours-review-better-bonus"
        } else {
            "neighbours-review-better"
        };
        tr!(
            key,
            best = Self::move_words(&best.mv, before),
            points = best_points,
            win = percent(best.estimate.win),
            played = Self::move_words(&played.mv, before),
            played_points = points(&played.mv).0,
            played_win = percent(played.estimate.win)
        )
    }
}

/// A chance as whole percent.
fn percent(win: f64) -> i64 {
    (win * 100.0).round() as i64
}

/// The better move's ghost on the board.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        ghost
            .run_if(
                resource_exists::<ReviewBoard>.and_then(resource_exists::<ActiveMatch<Neighbours>>),
            )
            .in_set(UiSystems::Hud),
    );
}

/// The best candidate of the move about to be played, if it was not the
/// move played: a token outline with its digit on its cell.
fn ghost(
    mut contexts: EguiContexts,
    board: Res<ReviewBoard>,
    review: Option<Res<ReviewOf<Neighbours>>>,
    layout: Option<Res<BoardLayout>>,
    zoom: Res<Zoom>,
) -> Result {
    let (Some(review), Some(layout)) = (review, layout) else {
        return Ok(());
    };
    if !board.ghost_shown() {
        return Ok(());
    }
    let Some((_, Move::Place(p))) = review.better_at(board.at) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let cell = p.row as usize * layout.cols as usize + p.col as usize;
    let centre = zoom.to_points(layout.window, layout.cell_centre(cell));
    let radius = layout.token * 0.5 / zoom.0;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Middle,
        egui::Id::new("review-ghost"),
    ));
    painter.circle(
        centre,
        radius,
        egui::Color32::from_rgba_unmultiplied(255, 250, 235, 90),
        egui::Stroke::new(4.0, ecolour::GHOST),
    );
    painter.text(
        centre,
        egui::Align2::CENTER_CENTER,
        p.digit.to_string(),
        egui::FontId::proportional(radius * 1.1),
        ecolour::GHOST,
    );
    Ok(())
}
