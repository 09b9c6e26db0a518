//! The options a table may change in Rummy, for a variant editor: the
//! match's length (rounds or a time, not both), the turn clock, the first
//! meld and the jokers. The rest of a built-in variant (how jokers move,
//! the time-out rule) comes with its base name (`classic`).

use super::rules::{Config, Ending, State};
use super::{MOST_MINUTES, Rummy, cards};
use crate::engine::options::{HouseRules, OptionKind, OptionSpec, OptionValue};

/// The most rounds a match may be agreed for.
pub const MOST_ROUNDS: i64 = 100;

impl HouseRules for Rummy {
    fn options() -> Vec<OptionSpec> {
        let number = |min, max, off| OptionKind::Number { min, max, off };
        vec![
            OptionSpec {
                key: "rounds",
                kind: number(1, MOST_ROUNDS, false),
                message: "rummy-option-rounds",
            },
            OptionSpec {
                key: "minutes",
                kind: number(1, i64::from(MOST_MINUTES), true),
                message: "rummy-option-minutes",
            },
            OptionSpec {
                key: "turn-seconds",
                kind: number(10, 3600, true),
                message: "rummy-option-turn-seconds",
            },
            OptionSpec {
                key: "first-meld",
                kind: number(0, 200, false),
                message: "rummy-option-first-meld",
            },
            OptionSpec {
                key: "jokers",
                kind: number(0, i64::from(cards::MAX_JOKERS), false),
                message: "rummy-option-jokers",
            },
        ]
    }

    /// `went-out` and `blocked` for each kind of ending some round had;
    /// `jokers-left` when a hand held a joker at the end of the last round.
    fn end_tags() -> &'static [&'static str] {
        &["went-out", "blocked", "jokers-left"]
    }

    fn endings(state: &State) -> Vec<&'static str> {
        let rounds = state.rounds();
        let mut tags = Vec::new();
        if rounds
            .iter()
            .any(|r| matches!(r.ending, Ending::WentOut(_)))
        {
            tags.push("went-out");
        }
        if rounds.iter().any(|r| r.ending == Ending::Blocked) {
            tags.push("blocked");
        }
        if (0..state.players()).any(|s| state.hand(s).iter().any(|c| c.is_joker())) {
            tags.push("jokers-left");
        }
        tags
    }

    fn values(config: &Config) -> Vec<OptionValue> {
        let maybe = |n: Option<u32>| n.map_or(OptionValue::Off, |n| OptionValue::Number(n.into()));
        vec![
            OptionValue::Number(config.rounds as i64),
            maybe(config.minutes),
            maybe(config.turn_seconds),
            OptionValue::Number(config.first_meld.into()),
            OptionValue::Number(config.jokers.into()),
        ]
    }
}
