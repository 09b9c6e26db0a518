//! The set-up as a game: where to write the numbers.
//!
//! Once the grids are shown, perfect play decides every match, so the set-up
//! is a simultaneous zero-sum game between two roles, the "even" seat and
//! the "odd" seat, whose pure strategies are the 15! grids and whose payoff
//! is the result of the match under perfect play (a win or a loss; a tied
//! tally goes to the first leader, so there is no draw). Its equilibrium is
//! a mix of grids for each role, found by double oracle (see
//! [`super::oracle`]) and shipped as data: one file per variant, built into
//! the binary, read here, checked, and drawn from by the `solver` bot and by
//! the set-up screen's suggestion.
//!
//! The simultaneous variants have no mix of their own: after the reveal
//! their bouts are guessing games whose exact value is too costly to be the
//! payoff of a search over grids, so they use the mix of their first-leader
//! rule (the even/odd mix, or Sackson's).

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::View;
use super::rules::{Config, FirstLead, Grid, RuleError, check_grid, transpose};
use crate::engine::{GameRng, Seat};

/// The version of the mix files this code reads.
pub const FORMAT: u32 = 1;

/// A seat's role in the set-up game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// The seat called "even".
    Even,
    /// The other seat.
    Odd,
}

impl Role {
    /// Both roles, even first (the order of [`mixes`]).
    pub const ALL: [Role; 2] = [Role::Even, Role::Odd];

    /// The role of `seat` when `even` is the seat called "even".
    pub fn of(seat: Seat, even: Seat) -> Self {
        if seat == even { Role::Even } else { Role::Odd }
    }

    /// The role's index in [`Role::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The role's name in the files, `even` or `odd`.
    pub fn name(self) -> &'static str {
        match self {
            Role::Even => "even",
            Role::Odd => "odd",
        }
    }
}

/// A mixed strategy over grids: each grid with its probability.
#[derive(Clone, Debug, PartialEq)]
pub struct Mix {
    /// The grids, likeliest first.
    pub grids: Vec<Grid>,
    /// Their probabilities, summing to 1.
    pub weights: Vec<f64>,
    /// The role's chance to win when both roles play their mixes.
    pub value: f64,
}

impl Mix {
    /// A grid drawn at random with the mix's weights.
    pub fn draw(&self, rng: &mut GameRng) -> Grid {
        let mut x = rng.unit();
        for (grid, &w) in self.grids.iter().zip(&self.weights) {
            if x < w {
                return *grid;
            }
            x -= w;
        }
        // Rounding left a sliver past the last weight.
        *self.grids.last().expect("a checked mix is never empty")
    }

    /// A grid drawn with the mix's weights, then mirrored across the
    /// diagonal through D with even odds. A grid and its mirror are the same
    /// strategy — every path on one is a path on the other through the same
    /// numbers, and the corner and the cells around D stay where they are —
    /// so this is the same mix, written in twice as many ways.
    pub fn draw_either_way(&self, rng: &mut GameRng) -> Grid {
        let grid = self.draw(rng);
        if rng.below(2) == 1 {
            transpose(&grid)
        } else {
            grid
        }
    }
}

/// A mix file: the equilibrium of one first-leader rule.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MixFile {
    /// The file format, [`FORMAT`].
    pub format: u32,
    /// The variant whose set-up game was solved.
    pub variant: String,
    /// How it was computed, for a person (the command and its figures).
    #[serde(default)]
    pub method: serde_json::Value,
    /// The even seat's chance to win when both play the mixes.
    pub value: f64,
    /// The even seat's mix.
    pub even: Vec<Weighted>,
    /// The odd seat's mix.
    pub odd: Vec<Weighted>,
}

/// One grid of a mix and its probability.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weighted {
    /// The grid in record form: row by row, 0 for D.
    pub grid: Vec<u8>,
    /// Its probability.
    pub weight: f64,
}

/// Why a mix file was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MixError {
    /// Not JSON of the right shape.
    #[error("the mix file cannot be read: {0}")]
    Json(String),
    /// A format this code does not know.
    #[error("the mix file has format {0}, but this program reads format {FORMAT}")]
    Format(u32),
    /// A role without grids.
    #[error("the {0} seat's mix has no grid")]
    Empty(&'static str),
    /// A grid breaking the rules.
    #[error("grid {index} of the {role} seat's mix is not a legal grid: {error}")]
    Grid {
        /// The role.
        role: &'static str,
        /// The grid's place in the list, from 1.
        index: usize,
        /// What is wrong with it.
        error: RuleError,
    },
    /// The same grid listed twice.
    #[error("grid {index} of the {role} seat's mix is listed twice")]
    Repeated {
        /// The role.
        role: &'static str,
        /// The second listing's place, from 1.
        index: usize,
    },
    /// A weight that is no probability.
    #[error("grid {index} of the {role} seat's mix has weight {weight}, not a probability above 0")]
    Weight {
        /// The role.
        role: &'static str,
        /// The grid's place, from 1.
        index: usize,
        /// The weight.
        weight: f64,
    },
    /// Weights not summing to 1.
    #[error("the {role} seat's weights add up to {sum}, not 1")]
    Sum {
        /// The role.
        role: &'static str,
        /// Their sum.
        sum: f64,
    },
    /// A value that is no chance.
    #[error("the value {0} is not a chance between 0 and 1")]
    Value(f64),
}

/// How far the weights may add up from 1 (they are written with 9 decimals).
const SUM_TOLERANCE: f64 = 1e-6;

/// Reads and checks a mix file: the even seat's mix, then the odd seat's.
pub fn parse(text: &str) -> Result<[Mix; 2], MixError> {
    let file: MixFile = serde_json::from_str(text).map_err(|e| MixError::Json(e.to_string()))?;
    if file.format != FORMAT {
        return Err(MixError::Format(file.format));
    }
    if !(0.0..=1.0).contains(&file.value) {
        return Err(MixError::Value(file.value));
    }
    let even = check_mix(Role::Even, &file.even, file.value)?;
    let odd = check_mix(Role::Odd, &file.odd, 1.0 - file.value)?;
    Ok([even, odd])
}

fn check_mix(role: Role, list: &[Weighted], value: f64) -> Result<Mix, MixError> {
    let name = role.name();
    if list.is_empty() {
        return Err(MixError::Empty(name));
    }
    let mut grids: Vec<Grid> = Vec::with_capacity(list.len());
    let mut weights = Vec::with_capacity(list.len());
    for (i, w) in list.iter().enumerate() {
        let grid = check_grid(&w.grid).map_err(|error| MixError::Grid {
            role: name,
            index: i + 1,
            error,
        })?;
        if grids.contains(&grid) {
            return Err(MixError::Repeated {
                role: name,
                index: i + 1,
            });
        }
        if !(w.weight > 0.0 && w.weight <= 1.0) {
            return Err(MixError::Weight {
                role: name,
                index: i + 1,
                weight: w.weight,
            });
        }
        grids.push(grid);
        weights.push(w.weight);
    }
    let sum: f64 = weights.iter().sum();
    if (sum - 1.0).abs() > SUM_TOLERANCE {
        return Err(MixError::Sum { role: name, sum });
    }
    // Drawing needs weights that add up to 1 exactly enough.
    for w in &mut weights {
        *w /= sum;
    }
    Ok(Mix {
        grids,
        weights,
        value,
    })
}

/// Writes a mix file (the even seat's mix first), its grids likeliest first.
pub fn to_json(variant: &str, method: serde_json::Value, mixes: &[Mix; 2]) -> String {
    let list = |m: &Mix| -> Vec<Weighted> {
        let mut order: Vec<usize> = (0..m.grids.len()).collect();
        order.sort_by(|&a, &b| m.weights[b].total_cmp(&m.weights[a]));
        order
            .into_iter()
            .map(|i| Weighted {
                grid: m.grids[i].to_vec(),
                weight: (m.weights[i] * 1e9).round() / 1e9,
            })
            .filter(|w| w.weight > 0.0)
            .collect()
    };
    // One grid a line, so that a change of the mix reads well in a diff.
    let lines = |list: Vec<Weighted>| -> String {
        list.iter()
            .map(|w| format!("    {}", serde_json::to_string(w).expect("plain data")))
            .collect::<Vec<_>>()
            .join(",\n")
    };
    let method = serde_json::to_string_pretty(&method)
        .expect("plain data")
        .replace('\n', "\n  ");
    format!(
        "{{\n  \"format\": {FORMAT},\n  \"variant\": {},\n  \"method\": {method},\n  \"value\": {},\n  \"even\": [\n{}\n  ],\n  \"odd\": [\n{}\n  ]\n}}\n",
        serde_json::Value::from(variant),
        (mixes[0].value * 1e9).round() / 1e9,
        lines(list(&mixes[0])),
        lines(list(&mixes[1])),
    )
}

/// The shipped mix files, one per first-leader rule.
const STANDARD: &str = include_str!("../../../data/paper-boxing-setup-standard.json");
const SACKSON: &str = include_str!("../../../data/paper-boxing-setup-sackson.json");

/// The shipped text of the mix file for a first-leader rule.
pub fn shipped(first_lead: FirstLead) -> &'static str {
    match first_lead {
        FirstLead::EvenOdd => STANDARD,
        FirstLead::Sackson => SACKSON,
    }
}

/// The equilibrium mixes for a variant: the even seat's, then the odd
/// seat's. The simultaneous variants use their first-leader rule's.
pub fn mixes(config: &Config) -> &'static [Mix; 2] {
    static STANDARD_MIX: OnceLock<[Mix; 2]> = OnceLock::new();
    static SACKSON_MIX: OnceLock<[Mix; 2]> = OnceLock::new();
    let (cell, text) = match config.first_lead {
        FirstLead::EvenOdd => (&STANDARD_MIX, STANDARD),
        FirstLead::Sackson => (&SACKSON_MIX, SACKSON),
    };
    // The files are built in and checked by the tests: a bad one is a bug
    // of this program, not a person's mistake.
    cell.get_or_init(|| parse(text).unwrap_or_else(|e| panic!("built-in set-up mix: {e}")))
}

/// The mix a seat draws its grid from.
pub fn mix_for(config: &Config, seat: Seat, even: Seat) -> &'static Mix {
    &mixes(config)[Role::of(seat, even).index()]
}

/// A grid for the set-up screen's "Use the bot's arrangement": drawn from
/// the equilibrium mix of the viewer's role. Pass the screen's own RNG,
/// never a bot's: the suggestion must tell nothing about the grid a bot at
/// the table has written (and a bot's draw must tell nothing about it).
pub fn suggestion(view: &View, rng: &mut GameRng) -> Grid {
    mix_for(&view.config, view.seat.min(1), view.even).draw_either_way(rng)
}
