//! The options a table may change in Neighbours, for a variant editor:
//! the penalty, the adjacency rule, hands, tokens and the whole board.

use super::board::Board;
use super::rules::{Adjacency, Config, MAX_COPIES, MAX_HAND, State};
use super::{MAX_PENALTY, Neighbours};
use crate::engine::Game;
use crate::engine::options::{HouseRules, OptionKind, OptionSpec, OptionValue};

/// The largest board an editor offers (the board reader's own limit).
pub const MAX_SIDE: usize = 32;

impl HouseRules for Neighbours {
    fn options() -> Vec<OptionSpec> {
        let number = |min, max| OptionKind::Number {
            min,
            max,
            off: false,
        };
        vec![
            OptionSpec {
                key: "penalty",
                kind: number(0, MAX_PENALTY),
                message: "neighbours-option-penalty",
            },
            OptionSpec {
                key: "adjacency",
                kind: OptionKind::Choice {
                    values: &["every", "any"],
                },
                message: "neighbours-option-adjacency",
            },
            OptionSpec {
                key: "hand",
                kind: number(1, MAX_HAND as i64),
                message: "neighbours-option-hand",
            },
            OptionSpec {
                key: "copies",
                kind: number(1, i64::from(MAX_COPIES)),
                message: "neighbours-option-copies",
            },
            OptionSpec {
                key: "board",
                kind: OptionKind::Grid {
                    symbols: &[".", "S", "K", "x"],
                    once: &["S"],
                    max_rows: MAX_SIDE,
                    max_cols: MAX_SIDE,
                },
                message: "neighbours-option-board",
            },
        ]
    }

    fn values(config: &Config) -> Vec<OptionValue> {
        vec![
            OptionValue::Number(config.penalty),
            OptionValue::Choice(
                match config.adjacency {
                    Adjacency::Every => "every",
                    Adjacency::Any => "any",
                }
                .to_owned(),
            ),
            OptionValue::Number(config.hand_size as i64),
            OptionValue::Number(i64::from(config.copies)),
            OptionValue::Grid(
                config
                    .board
                    .inline()
                    .split('/')
                    .map(str::to_owned)
                    .collect(),
            ),
        ]
    }

    /// `went-out` when a hand was emptied, `blocked` when every seat
    /// passed in a row; `tokens-left` when some hand still held tokens
    /// (which the penalty charges).
    fn end_tags() -> &'static [&'static str] {
        &["went-out", "blocked", "tokens-left"]
    }

    fn endings(state: &State) -> Vec<&'static str> {
        let hands: Vec<usize> = (0..state.players()).map(|s| state.hand(s).len()).collect();
        let mut tags = vec![if hands.contains(&0) {
            "went-out"
        } else {
            "blocked"
        }];
        if hands.iter().any(|&n| n > 0) {
            tags.push("tokens-left");
        }
        tags
    }

    /// A variant file's `board:` rows (one string per row: `.` plain, `S`
    /// start, `K` +5, `x` +10; spaces between symbols optional) read into
    /// its rules. The board is left out when it is the one the rules
    /// already have, so the record stays as short as it was.
    fn rules_with_rows(rules: &str, rows: &[String]) -> Result<String, String> {
        if rows.is_empty() {
            return Ok(rules.to_owned());
        }
        if rules
            .split(',')
            .skip(1)
            .any(|option| option.trim_start().starts_with("board"))
        {
            return Err("the board is given twice: as rows and in the rules".into());
        }
        let base = Neighbours::variant(rules).map_err(|e| e.to_string())?;
        let board = Board::parse_inline(&rows.join("/")).map_err(|e| format!("board: {e}"))?;
        let expanded = if base.board.same_layout(&board) {
            rules.to_owned()
        } else {
            format!("{rules},board={}", board.inline())
        };
        // Options that only fail with this board (hands and tokens still fit it).
        Neighbours::variant(&expanded).map_err(|e| format!("board: {e}"))?;
        Ok(expanded)
    }
}
