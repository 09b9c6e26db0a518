//! The options a table may change in Paper Boxing, for a variant editor:
//! how the first leader is chosen and whether bouts are led or
//! simultaneous. Its rules string names them (`sackson,simultaneous`)
//! rather than writing `key=value`.

use super::PaperBoxing;
use super::rules::{Bouts, Config, FirstLead, State};
use crate::engine::options::{HouseRules, OptionKind, OptionSpec, OptionValue};

impl HouseRules for PaperBoxing {
    fn options() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "first-lead",
                kind: OptionKind::Choice {
                    values: &["even-odd", "sackson"],
                },
                message: "paper-boxing-option-first-lead",
            },
            OptionSpec {
                key: "bouts",
                kind: OptionKind::Choice {
                    values: &["led", "simultaneous"],
                },
                message: "paper-boxing-option-bouts",
            },
        ]
    }

    fn values(config: &Config) -> Vec<OptionValue> {
        let first = match config.first_lead {
            FirstLead::EvenOdd => "even-odd",
            FirstLead::Sackson => "sackson",
        };
        let bouts = match config.bouts {
            Bouts::Led => "led",
            Bouts::Simultaneous => "simultaneous",
        };
        vec![
            OptionValue::Choice(first.to_owned()),
            OptionValue::Choice(bouts.to_owned()),
        ]
    }

    /// `ko` when a seat could not step, else `tie` when the bouts were
    /// shared and the first leader took the match, else `bouts`.
    fn end_tags() -> &'static [&'static str] {
        &["ko", "tie", "bouts"]
    }

    fn endings(state: &State) -> Vec<&'static str> {
        let wins = state.wins();
        vec![if state.ko().is_some() {
            "ko"
        } else if wins[0] == wins[1] {
            "tie"
        } else {
            "bouts"
        }]
    }

    /// Every variant is a combination of the built-in names, whatever the base.
    fn write_rules(_base: &str, _base_values: &[OptionValue], values: &[OptionValue]) -> String {
        let chosen = |value: &str| {
            values
                .iter()
                .any(|v| *v == OptionValue::Choice(value.into()))
        };
        let names: Vec<&str> = ["sackson", "simultaneous"]
            .into_iter()
            .filter(|name| chosen(name))
            .collect();
        if names.is_empty() {
            "standard".to_owned()
        } else {
            names.join(",")
        }
    }
}
