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
/// played: a ring on its cell of the seat's grid. At a grid's decision the
/// grid still stands empty on the table (it is about to be written): the
/// grid written is shown on it, and the better grid's number beside each
/// cell where it differs, in the ghost's colour.
fn ghost(
    mut contexts: EguiContexts,
    board: Res<ReviewBoard>,
    review: Option<Res<ReviewOf<PaperBoxing>>>,
    layout: Option<Res<PbLayout>>,
) -> Result {
    let (Some(review), Some(layout)) = (review, layout) else {
        return Ok(());
    };
    let written = review
        .weighed()
        .get(board.at)
        .and_then(|r| match &r.played {
            Move::Grid(grid) => Some(*grid),
            Move::To { .. } => None,
        });
    let better = review.better_at(board.at).filter(|_| board.ghost_shown());
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Middle,
        egui::Id::new("review-ghost"),
    ));
    if let Some(written) = written {
        let better = match better {
            Some((_, Move::Grid(grid))) => Some(grid),
            _ => None,
        };
        let side = layout.setup_cell / layout.zoom;
        let marks = grid_marks(&written, better.as_ref());
        for mark in &marks {
            let centre = to_screen(&layout, layout.setup_cell_centre(mark.cell));
            // The written number steps down and left where the better
            // one sits in the cell's corner, so neither covers the other.
            let shared = marks.iter().any(|m| m.better && m.cell == mark.cell);
            let (at, align, size, colour) = if mark.better {
                (
                    centre + egui::vec2(side * 0.42, -side * 0.44),
                    egui::Align2::RIGHT_TOP,
                    side * 0.28,
                    ecolour::GHOST,
                )
            } else if shared {
                (
                    centre + egui::vec2(-side * 0.1, side * 0.1),
                    egui::Align2::CENTER_CENTER,
                    side * 0.4,
                    ecolour::INK,
                )
            } else {
                (
                    centre,
                    egui::Align2::CENTER_CENTER,
                    side * 0.45,
                    ecolour::INK,
                )
            };
            painter.text(
                at,
                align,
                mark.number.to_string(),
                egui::FontId::proportional(size),
                colour,
            );
        }
        return Ok(());
    }
    let Some((seat, Move::To { row, col })) = better else {
        return Ok(());
    };
    let centre = to_screen(&layout, layout.cell_centre(seat, row * 4 + col));
    let side = layout.token() / layout.zoom;
    // A ring round the cell, its number left readable.
    painter.circle_stroke(centre, side * 0.55, egui::Stroke::new(5.0, ecolour::GHOST));
    Ok(())
}

/// A number shown on a grid in the review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct GridMark {
    /// The cell, row by row from 0.
    cell: u8,
    /// The number (1 to 15).
    number: u8,
    /// The better grid's number, where it differs from the grid written.
    better: bool,
}

/// What a grid's decision shows on its empty grid: every number written
/// (D, the 0, is drawn already), and the better grid's number in each cell
/// where it differs.
fn grid_marks(written: &[u8; 16], better: Option<&[u8; 16]>) -> Vec<GridMark> {
    let mut marks = Vec::new();
    for (cell, &number) in written.iter().enumerate() {
        let cell = cell as u8;
        if number != 0 {
            marks.push(GridMark {
                cell,
                number,
                better: false,
            });
        }
        if let Some(&b) = better.map(|g| &g[cell as usize])
            && b != number
            && b != 0
        {
            marks.push(GridMark {
                cell,
                number: b,
                better: true,
            });
        }
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;

    const WRITTEN: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

    #[test]
    fn a_grids_decision_shows_every_number_written() {
        let marks = grid_marks(&WRITTEN, None);
        let mut numbers: Vec<u8> = marks.iter().map(|m| m.number).collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (1..=15).collect::<Vec<u8>>());
        assert!(
            marks
                .iter()
                .all(|m| !m.better && WRITTEN[m.cell as usize] == m.number)
        );
    }

    #[test]
    fn the_better_grid_is_shown_only_where_it_differs() {
        let mut better = WRITTEN;
        better.swap(1, 15);
        let marks: Vec<GridMark> = grid_marks(&WRITTEN, Some(&better))
            .into_iter()
            .filter(|m| m.better)
            .collect();
        assert_eq!(
            marks,
            vec![
                GridMark {
                    cell: 1,
                    number: 15,
                    better: true
                },
                GridMark {
                    cell: 15,
                    number: 1,
                    better: true
                },
            ]
        );
    }
}
