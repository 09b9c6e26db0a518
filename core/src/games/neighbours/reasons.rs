//! Neighbours' refusals as phrases a screen words in its own language.

use super::rules::RuleError;
use crate::engine::{Explain, Phrase};

impl Explain for RuleError {
    fn phrase(&self) -> Phrase {
        match *self {
            RuleError::Players(n) => Phrase::new("neighbours-refused-players").count("players", n),
            RuleError::Config(ref detail) => {
                Phrase::new("neighbours-refused-config").text("detail", detail.clone())
            }
            RuleError::DealCount {
                digit,
                found,
                expected,
            } => Phrase::new("neighbours-refused-deal-count")
                .number("digit", digit)
                .count("found", found)
                .count("expected", expected),
            RuleError::NotADigit(d) => {
                Phrase::new("neighbours-refused-not-a-digit").number("digit", d)
            }
            RuleError::DealHands { players, size } => Phrase::new("neighbours-refused-deal-hands")
                .count("players", players)
                .count("size", size),
            RuleError::DealFirst(last) => {
                Phrase::new("neighbours-refused-deal-first").count("last", last)
            }
            RuleError::Over => Phrase::new("neighbours-refused-over"),
            RuleError::NoSeat(seat) => {
                Phrase::new("neighbours-refused-no-seat").count("seat", seat)
            }
            RuleError::NotYourTurn { seat, to_move } => {
                Phrase::new("neighbours-refused-not-your-turn")
                    .seat("seat", seat)
                    .seat("to_move", to_move)
            }
            RuleError::NotInHand(d) => {
                Phrase::new("neighbours-refused-not-in-hand").number("digit", d)
            }
            RuleError::OffBoard { row, col } => Phrase::new("neighbours-refused-off-board")
                .number("row", i64::from(row) + 1)
                .number("col", i64::from(col) + 1),
            RuleError::Occupied => Phrase::new("neighbours-refused-occupied"),
            RuleError::Isolated => Phrase::new("neighbours-refused-isolated"),
            RuleError::NotConsecutive { digit, neighbour } => {
                Phrase::new("neighbours-refused-not-consecutive")
                    .number("digit", digit)
                    .number("neighbour", neighbour)
            }
            RuleError::NoConsecutiveNeighbour(d) => {
                Phrase::new("neighbours-refused-no-consecutive-neighbour").number("digit", d)
            }
            RuleError::MustPlace => Phrase::new("neighbours-refused-must-place"),
        }
    }

    fn kinds() -> Vec<Self> {
        let kinds = vec![
            RuleError::Players(5),
            RuleError::Config("hands of 9 tokens leave none to draw".into()),
            RuleError::DealCount {
                digit: 3,
                found: 6,
                expected: 5,
            },
            RuleError::NotADigit(12),
            RuleError::DealHands {
                players: 3,
                size: 5,
            },
            RuleError::DealFirst(2),
            RuleError::Over,
            RuleError::NoSeat(4),
            RuleError::NotYourTurn {
                seat: 1,
                to_move: 0,
            },
            RuleError::NotInHand(7),
            RuleError::OffBoard { row: 7, col: 2 },
            RuleError::Occupied,
            RuleError::Isolated,
            RuleError::NotConsecutive {
                digit: 9,
                neighbour: 4,
            },
            RuleError::NoConsecutiveNeighbour(9),
            RuleError::MustPlace,
        ];
        // A new kind of refusal stops the build here until it has an example above.
        for kind in &kinds {
            match kind {
                RuleError::Players(_)
                | RuleError::Config(_)
                | RuleError::DealCount { .. }
                | RuleError::NotADigit(_)
                | RuleError::DealHands { .. }
                | RuleError::DealFirst(_)
                | RuleError::Over
                | RuleError::NoSeat(_)
                | RuleError::NotYourTurn { .. }
                | RuleError::NotInHand(_)
                | RuleError::OffBoard { .. }
                | RuleError::Occupied
                | RuleError::Isolated
                | RuleError::NotConsecutive { .. }
                | RuleError::NoConsecutiveNeighbour(_)
                | RuleError::MustPlace => {}
            }
        }
        kinds
    }
}
