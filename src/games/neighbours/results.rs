//! The Neighbours results sheet: points, the penalty for tokens left, the
//! final score and what each seat still held.

use parlour_core::engine::Match;
use parlour_core::games::neighbours::Neighbours;

use crate::session::{ResultsSheet, Table};
use crate::tr;

/// Fills the results sheet when the match ends.
pub fn results_sheet(game: &Match<Neighbours>, table: &Table) -> ResultsSheet {
    let state = game.state();
    let winners = game.winners();
    let scores = game.scores();
    ResultsSheet {
        columns: vec![
            tr!("neighbours-results-points"),
            tr!("neighbours-results-penalty"),
            tr!("neighbours-results-final"),
            tr!("neighbours-results-left"),
        ],
        rows: (0..game.players())
            .map(|s| {
                let left: Vec<String> = state
                    .hand(s)
                    .iter()
                    .map(|t| t.digit().to_string())
                    .collect();
                (
                    table.name(s).to_owned(),
                    vec![
                        state.points()[s].to_string(),
                        if state.penalties()[s] > 0 {
                            format!("−{}", state.penalties()[s])
                        } else {
                            "0".into()
                        },
                        scores[s].to_string(),
                        if left.is_empty() {
                            "—".into()
                        } else {
                            left.join(" ")
                        },
                    ],
                    winners.contains(&s),
                )
            })
            .collect(),
        notes: vec![tr!(
            "neighbours-results-note",
            times = game.config().penalty
        )],
    }
}
