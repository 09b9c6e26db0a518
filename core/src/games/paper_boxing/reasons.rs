//! Paper Boxing's refusals as phrases a screen words in its own language.

use super::rules::RuleError;
use crate::engine::{Explain, Phrase};

impl Explain for RuleError {
    fn phrase(&self) -> Phrase {
        match *self {
            RuleError::Players(n) => {
                Phrase::new("paper-boxing-refused-players").count("players", n)
            }
            RuleError::DealGrids(n) => {
                Phrase::new("paper-boxing-refused-deal-grids").count("grids", n)
            }
            RuleError::DealEven(seat) => {
                Phrase::new("paper-boxing-refused-deal-even").count("seat", seat)
            }
            RuleError::GridSize(n) => {
                Phrase::new("paper-boxing-refused-grid-size").count("size", n)
            }
            RuleError::GridCorner(n) => {
                Phrase::new("paper-boxing-refused-grid-corner").number("number", n)
            }
            RuleError::GridSecondD { row, col } => {
                Phrase::new("paper-boxing-refused-grid-second-d")
                    .number("row", i64::from(row) + 1)
                    .number("col", i64::from(col) + 1)
            }
            RuleError::GridNumber(n) => {
                Phrase::new("paper-boxing-refused-grid-number").number("number", n)
            }
            RuleError::GridRepeated { repeated, missing } => {
                Phrase::new("paper-boxing-refused-grid-repeated")
                    .number("repeated", repeated)
                    .number("missing", missing)
            }
            RuleError::Over => Phrase::new("paper-boxing-refused-over"),
            RuleError::NoSeat(seat) => {
                Phrase::new("paper-boxing-refused-no-seat").count("seat", seat)
            }
            RuleError::SetUpOver => Phrase::new("paper-boxing-refused-set-up-over"),
            RuleError::AlreadyFilled(seat) => {
                Phrase::new("paper-boxing-refused-already-filled").seat("seat", seat)
            }
            RuleError::SetUpNotComplete => Phrase::new("paper-boxing-refused-set-up-not-complete"),
            RuleError::NotYourTurn {
                seat,
                to_move,
                role,
                bout,
            } => Phrase::new("paper-boxing-refused-not-your-turn")
                .seat("seat", seat)
                .seat("to_move", to_move)
                .phrase("role", role_phrase(role))
                .number("bout", bout),
            RuleError::AlreadyChosen(seat) => {
                Phrase::new("paper-boxing-refused-already-chosen").seat("seat", seat)
            }
            RuleError::Stuck(seat) => Phrase::new("paper-boxing-refused-stuck").seat("seat", seat),
            RuleError::OffGrid { row, col } => Phrase::new("paper-boxing-refused-off-grid")
                .number("row", i64::from(row) + 1)
                .number("col", i64::from(col) + 1),
            RuleError::Used { row, col } => Phrase::new("paper-boxing-refused-used")
                .number("row", i64::from(row) + 1)
                .number("col", i64::from(col) + 1),
            RuleError::NotAdjacent {
                row,
                col,
                from_row,
                from_col,
            } => Phrase::new("paper-boxing-refused-not-adjacent")
                .number("row", i64::from(row) + 1)
                .number("col", i64::from(col) + 1)
                .number("from_row", i64::from(from_row) + 1)
                .number("from_col", i64::from(from_col) + 1),
        }
    }

    fn kinds() -> Vec<Self> {
        let turn = |role| RuleError::NotYourTurn {
            seat: 1,
            to_move: 0,
            role,
            bout: 3,
        };
        let kinds = vec![
            RuleError::Players(3),
            RuleError::DealGrids(1),
            RuleError::DealEven(2),
            RuleError::GridSize(15),
            RuleError::GridCorner(4),
            RuleError::GridSecondD { row: 2, col: 1 },
            RuleError::GridNumber(16),
            RuleError::GridRepeated {
                repeated: 7,
                missing: 9,
            },
            RuleError::Over,
            RuleError::NoSeat(2),
            RuleError::SetUpOver,
            RuleError::AlreadyFilled(0),
            RuleError::SetUpNotComplete,
            turn("leader"),
            turn("follower"),
            RuleError::AlreadyChosen(1),
            RuleError::Stuck(0),
            RuleError::OffGrid { row: 4, col: 0 },
            RuleError::Used { row: 1, col: 1 },
            RuleError::NotAdjacent {
                row: 3,
                col: 3,
                from_row: 0,
                from_col: 1,
            },
        ];
        // A new kind of refusal stops the build here until it has an example above.
        for kind in &kinds {
            match kind {
                RuleError::Players(_)
                | RuleError::DealGrids(_)
                | RuleError::DealEven(_)
                | RuleError::GridSize(_)
                | RuleError::GridCorner(_)
                | RuleError::GridSecondD { .. }
                | RuleError::GridNumber(_)
                | RuleError::GridRepeated { .. }
                | RuleError::Over
                | RuleError::NoSeat(_)
                | RuleError::SetUpOver
                | RuleError::AlreadyFilled(_)
                | RuleError::SetUpNotComplete
                | RuleError::NotYourTurn { .. }
                | RuleError::AlreadyChosen(_)
                | RuleError::Stuck(_)
                | RuleError::OffGrid { .. }
                | RuleError::Used { .. }
                | RuleError::NotAdjacent { .. } => {}
            }
        }
        kinds
    }
}

/// The leader or the follower of a bout, as a word of its own.
fn role_phrase(role: &str) -> Phrase {
    match role {
        "leader" => Phrase::new("paper-boxing-refused-role-leader"),
        _ => Phrase::new("paper-boxing-refused-role-follower"),
    }
}
