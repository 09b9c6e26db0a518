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
        score: Some(2),
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::engine::{Game, Match};
    use parlour_core::games::neighbours::Neighbours;

    use super::*;

    /// A whole match between greedy bots under `penalty`, seeded `seed`.
    fn played(seed: u64, penalty: i64) -> Match<Neighbours> {
        let mut config = Neighbours::variant("standard").unwrap();
        config.penalty = penalty;
        let mut game = Match::<Neighbours>::new("standard", config, 2, seed, None).unwrap();
        let mut bots: Vec<_> = (0..2)
            .map(|s| Neighbours::bot("greedy", seed + s).unwrap())
            .collect();
        while !game.is_over() {
            let seat = game.awaiting()[0];
            let mv = bots[seat].choose(&game.view(seat));
            game.submit(seat, mv).unwrap();
        }
        game
    }

    /// "Left in hand" says the tokens ("1 token: 4"), so a digit never
    /// reads as a count.
    #[test]
    fn tokens_left_in_hand_are_said_as_tokens() {
        for seed in 1..40 {
            let game = played(seed, 3);
            let sheet = results_sheet(&game, &Table::default());
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
                    return;
                }
            }
        }
        panic!("no seed left a token in hand");
    }

    /// A final score below zero is written with a true minus sign, as is
    /// the penalty: never the hyphen, which reads as a dash.
    #[test]
    fn a_negative_final_score_has_a_true_minus_sign() {
        // A heavy penalty, so tokens left in hand outweigh the points.
        for seed in 1..40 {
            let game = played(seed, 40);
            let sheet = results_sheet(&game, &Table::default());
            for (s, (_, cells, _)) in sheet.rows.iter().enumerate() {
                let score = game.scores()[s];
                if score < 0 {
                    assert_eq!(cells[2], format!("\u{2212}{}", -score), "final score");
                    assert!(cells[1].starts_with('\u{2212}'), "{:?}", cells[1]);
                    assert!(!cells[1].contains('-') && !cells[2].contains('-'));
                    return;
                }
            }
        }
        panic!("no seed ended below zero");
    }
}
