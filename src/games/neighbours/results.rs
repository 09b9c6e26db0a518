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
                        crate::i18n::score(scores[s], false),
                        if left.is_empty() {
                            "—".into()
                        } else {
                            // "2 tokens: 4 7", never a bare "4" that reads as a count.
                            tr!(
                                "neighbours-results-left-tokens",
                                n = left.len(),
                                digits = left.join(" ")
                            )
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

#[cfg(test)]
mod tests {
    use parlour_core::engine::{Game, Match};
    use parlour_core::games::neighbours::Neighbours;

    use super::*;

    /// "Left in hand" says the tokens ("1 token: 4"), so a digit never
    /// reads as a count; a negative final score has a true minus sign.
    #[test]
    fn tokens_left_in_hand_are_said_as_tokens() {
        for seed in 1..40 {
            let config = Neighbours::variant("standard").unwrap();
            let mut game = Match::<Neighbours>::new("standard", config, 2, seed, None).unwrap();
            let mut bots: Vec<_> = (0..2)
                .map(|s| Neighbours::bot("greedy", seed + s).unwrap())
                .collect();
            while !game.is_over() {
                let seat = game.awaiting()[0];
                let mv = bots[seat].choose(&game.view(seat));
                game.submit(seat, mv).unwrap();
            }
            let table = Table::default();
            let sheet = results_sheet(&game, &table);
            for (s, (_, cells, _)) in sheet.rows.iter().enumerate() {
                let held = game.state().hand(s).len();
                if held > 0 {
                    let digits: Vec<String> = game
                        .state()
                        .hand(s)
                        .iter()
                        .map(|t| t.digit().to_string())
                        .collect();
                    let cell = &cells[3];
                    assert!(
                        cell.contains(held.to_string().as_str())
                            && cell.ends_with(&format!(": {}", digits.join(" "))),
                        "{cell:?} for {digits:?}"
                    );
                    assert!(!cells[2].contains('-'), "{:?}", cells[2]);
                    return;
                }
            }
        }
        panic!("no seed left a token in hand");
    }
}
