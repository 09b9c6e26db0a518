//! The coach beside Paper Boxing, in the bouts (the rules core leaves the
//! set-up grid uncoached).
//! A step in words is the number on the cell and where it is; why, the
//! result of each step with perfect play from there by both.

use parlour_core::engine::analysis::{Analysis, Candidate, Method};
use parlour_core::games::paper_boxing::rules::{BOUTS, State, cell_at};
use parlour_core::games::paper_boxing::{Move, PaperBoxing, View};

use crate::coach::Coached;
use crate::tr;

impl Coached for PaperBoxing {
    fn first_guess(view: &View) -> Option<Move> {
        let state = State::from_view(view);
        let cell = *state.legal_cells(view.seat).first()?;
        Some(Move::to_cell(cell))
    }

    fn would(view: &View, mv: &Move) -> String {
        let Move::To { row, col } = *mv else {
            return String::new();
        };
        let number = view.grids[view.seat]
            .zip(cell_at(row, col))
            .map_or(0, |(grid, cell)| grid[cell as usize]);
        tr!(
            "coach-would-play",
            best = tr!(
                "pb-coach-move",
                number = number,
                row = row as u32 + 1,
                col = col as u32 + 1
            )
        )
    }

    fn why(_view: &View, analysis: &Analysis<Move>) -> String {
        if analysis.method != Method::Exact {
            let chance = |c: &Candidate<Move>| (100.0 * c.estimate.win).round();
            return tr!(
                "pb-coach-why-mix",
                best = chance(analysis.best()),
                played = chance(analysis.played())
            );
        }
        tr!(
            "pb-coach-why",
            best = result(analysis.best()),
            played = result(analysis.played())
        )
    }
}

/// A step's result with perfect play from there: won or lost, and by how
/// many bouts or by a knock-out.
fn result(candidate: &Candidate<Move>) -> String {
    let won = candidate.estimate.win >= 0.5;
    let lead = candidate.estimate.margin.unwrap_or(0.0).round() as i64;
    let bouts = lead.unsigned_abs();
    match (won, bouts) {
        (true, b) if b >= BOUTS as u64 => tr!("pb-coach-wins-ko"),
        (false, b) if b >= BOUTS as u64 => tr!("pb-coach-loses-ko"),
        (true, 0) => tr!("pb-coach-wins-tie"),
        (false, 0) => tr!("pb-coach-loses-tie"),
        (true, b) => tr!("pb-coach-wins-by", bouts = b),
        (false, b) => tr!("pb-coach-loses-by", bouts = b),
    }
}
