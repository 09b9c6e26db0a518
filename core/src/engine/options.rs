//! What a table may change in a game's rules, as the game itself describes
//! it: each option's kind (a number with its range, a choice, a switch, a
//! grid of cells), its value in any variant, and the rules string a set of
//! chosen values stands for. A variant editor is built over these
//! descriptions alone, and the rules' own refusal of a combination is
//! shown beside the options that cause it.
//!
//! The chosen values always come down to the rules string the rest of the
//! program reads (`standard,penalty=1`): the variant's base name, then a
//! `key=value` agreement for each option that differs from the base.

use std::fmt;

use super::game::{Game, VariantError};

/// What kind of value an option takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number from `min` to `max`; with `off`, also "none" (a turn
    /// with no clock, a match with no agreed time).
    Number {
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
        /// Whether the option may be switched off.
        off: bool,
    },
    /// One of a few named values, as the rules string spells them.
    Choice {
        /// The values, the ruling's first.
        values: &'static [&'static str],
    },
    /// On or off.
    Switch,
    /// A grid of cells, one symbol each (a board): at most `max_rows` ×
    /// `max_cols`; each symbol of `once` stands on exactly one cell, so
    /// painting it somewhere moves it there.
    Grid {
        /// The symbols a cell may hold, the plain one first.
        symbols: &'static [&'static str],
        /// Symbols that stand on exactly one cell (a start cell).
        once: &'static [&'static str],
        /// The most rows.
        max_rows: usize,
        /// The most columns.
        max_cols: usize,
    },
}

/// One option a game's rules accept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key in the rules string (`penalty`), stable.
    pub key: &'static str,
    /// Its kind.
    pub kind: OptionKind,
    /// The message key of its one-line description in the catalogues
    /// (`neighbours-option-penalty`); a choice's values are worded by
    /// `{message}-{value}` (`neighbours-option-adjacency-any`).
    pub message: &'static str,
}

/// An option's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A number.
    Number(i64),
    /// A number option switched off.
    Off,
    /// A choice, by the value's name.
    Choice(String),
    /// A switch.
    Switch(bool),
    /// A grid, one string per row, one symbol per cell.
    Grid(Vec<String>),
}

impl fmt::Display for OptionValue {
    /// As the rules string writes it: a grid's rows joined by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Number(n) => write!(f, "{n}"),
            OptionValue::Off => f.write_str("off"),
            OptionValue::Choice(c) => f.write_str(c),
            OptionValue::Switch(on) => f.write_str(if *on { "on" } else { "off" }),
            OptionValue::Grid(rows) => f.write_str(&rows.join("/")),
        }
    }
}

impl OptionSpec {
    /// Why `value` is not a value of this option, if it is not: a number
    /// out of range, an unknown choice, a grid too large or with a cell
    /// that is not one of its symbols.
    pub fn misfit(&self, value: &OptionValue) -> Option<String> {
        let key = self.key;
        match (&self.kind, value) {
            (OptionKind::Number { min, max, .. }, OptionValue::Number(n)) => (!(*min..=*max)
                .contains(n))
            .then(|| format!("{key} must be a whole number from {min} to {max}, not {n}")),
            (OptionKind::Number { off: true, .. }, OptionValue::Off) => None,
            (OptionKind::Choice { values }, OptionValue::Choice(c)) => (!values
                .contains(&c.as_str()))
            .then(|| format!("{key} must be one of {}, not {c:?}", values.join(", "))),
            (OptionKind::Switch, OptionValue::Switch(_)) => None,
            (
                OptionKind::Grid {
                    symbols,
                    max_rows,
                    max_cols,
                    ..
                },
                OptionValue::Grid(rows),
            ) => {
                if rows.len() > *max_rows || rows.iter().any(|r| r.chars().count() > *max_cols) {
                    return Some(format!(
                        "{key} is at most {max_rows} rows of {max_cols} cells"
                    ));
                }
                rows.iter()
                    .flat_map(|r| r.chars())
                    .find(|c| !symbols.iter().any(|s| s.starts_with(*c)))
                    .map(|c| {
                        format!(
                            "{key}: unknown cell symbol {c:?} (use {})",
                            symbols.join(" ")
                        )
                    })
            }
            _ => Some(format!("{key} does not take {value:?}")),
        }
    }
}

/// A game whose rules a table may change: what its options are, what
/// value each has in a variant, and how chosen values are written.
pub trait HouseRules: Game {
    /// Every option the rules accept, in the order an editor shows them
    /// (none by default: a game whose tables agree on nothing).
    fn options() -> Vec<OptionSpec> {
        Vec::new()
    }

    /// Each option's value in `config`, in the order of [`HouseRules::options`].
    fn values(config: &Self::Config) -> Vec<OptionValue> {
        let _ = config;
        Vec::new()
    }

    /// The rules string for `values` chosen over the built-in variant
    /// `base`, whose own values are `base_values`: the base's name, then
    /// `,key=value` for each option that differs from the base. A game
    /// whose rules string is spelt otherwise writes its own.
    fn write_rules(base: &str, base_values: &[OptionValue], values: &[OptionValue]) -> String {
        let mut rules = base.to_owned();
        for ((spec, value), was) in Self::options().iter().zip(values).zip(base_values) {
            if value != was {
                rules.push_str(&format!(",{}={value}", spec.key));
            }
        }
        rules
    }

    /// How a finished match ended, as stable tags a screen words
    /// (`{game}-end-{tag}`): `blocked`, `ko`, `jokers-left`… — each a fact
    /// the options may touch. None by default.
    fn endings(state: &Self::State) -> Vec<&'static str> {
        let _ = state;
        Vec::new()
    }

    /// Every tag [`HouseRules::endings`] may give, so a screen has words
    /// for each. None by default.
    fn end_tags() -> &'static [&'static str] {
        &[]
    }

    /// The rules string a variant file stands for when it gives its board
    /// as rows beside its rules; a game without a board refuses rows.
    fn rules_with_rows(rules: &str, rows: &[String]) -> Result<String, String> {
        if rows.is_empty() {
            Ok(rules.to_owned())
        } else {
            Err(format!("{} variants have no board", Self::NAME))
        }
    }
}

/// Why chosen values make no variant: the rules' own reason, and the
/// options to show it beside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The rules' reason, in words a person can read.
    pub reason: String,
    /// The options it concerns: those whose change, undone alone, lets the
    /// rules accept the rest (all changed ones when no single one does).
    pub keys: Vec<&'static str>,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

/// A variant being edited: the built-in variant it is written over and
/// each option's chosen value. Every change is checked by the rules at
/// once ([`Draft::check`]).
#[derive(Clone, Debug)]
pub struct Draft<G: HouseRules> {
    base: String,
    base_values: Vec<OptionValue>,
    values: Vec<OptionValue>,
    _game: std::marker::PhantomData<G>,
}

/// The base name of a rules string: the part before the first comma.
pub fn base_of(rules: &str) -> &str {
    rules.split(',').next().unwrap_or_default().trim()
}

impl<G: HouseRules> Draft<G> {
    /// A draft starting from `rules` (any variant the game reads, a
    /// built-in name with agreements after it).
    pub fn from_rules(rules: &str) -> Result<Self, VariantError> {
        let base = base_of(rules).to_owned();
        let base_values = G::values(&G::variant(&base)?);
        let values = G::values(&G::variant(rules)?);
        Ok(Self {
            base,
            base_values,
            values,
            _game: std::marker::PhantomData,
        })
    }

    /// The options, as [`HouseRules::options`].
    pub fn options(&self) -> Vec<OptionSpec> {
        G::options()
    }

    /// The built-in variant the draft is written over.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// The chosen values, in the order of the options.
    pub fn values(&self) -> &[OptionValue] {
        &self.values
    }

    /// The chosen value of `key`.
    pub fn value(&self, key: &str) -> Option<&OptionValue> {
        let at = G::options().iter().position(|o| o.key == key)?;
        self.values.get(at)
    }

    /// Chooses `value` for `key`; refused (and nothing changed) when the
    /// game has no such option or the value is not one of its values. A
    /// value the option takes is kept even if the rules then refuse the
    /// combination: [`Draft::check`] says why.
    pub fn set(&mut self, key: &str, value: OptionValue) -> Result<(), String> {
        let options = G::options();
        let at = options
            .iter()
            .position(|o| o.key == key)
            .ok_or_else(|| format!("{} has no option {key:?}", G::TITLE))?;
        if let Some(why) = options[at].misfit(&value) {
            return Err(why);
        }
        self.values[at] = value;
        Ok(())
    }

    /// The rules string the chosen values stand for.
    pub fn rules(&self) -> String {
        G::write_rules(&self.base, &self.base_values, &self.values)
    }

    /// The variant the chosen values make, or the rules' refusal and the
    /// options it concerns.
    pub fn check(&self) -> Result<G::Config, Refusal> {
        let refusal = match G::variant(&self.rules()) {
            Ok(config) => return Ok(config),
            Err(e) => e,
        };
        let reason = refusal
            .reason
            .clone()
            .unwrap_or_else(|| refusal.to_string());
        let changed: Vec<usize> = (0..self.values.len())
            .filter(|&i| self.values[i] != self.base_values[i])
            .collect();
        let options = G::options();
        let cures = |i: usize| {
            let mut values = self.values.clone();
            values[i] = self.base_values[i].clone();
            G::variant(&G::write_rules(&self.base, &self.base_values, &values)).is_ok()
        };
        let mut keys: Vec<&'static str> = changed
            .iter()
            .filter(|&&i| cures(i))
            .map(|&i| options[i].key)
            .collect();
        if keys.is_empty() {
            keys = changed.iter().map(|&i| options[i].key).collect();
        }
        Err(Refusal { reason, keys })
    }
}

/// A grid value's cells painted: `symbol` at (`row`, `col`). A symbol that
/// stands on one cell only (`once`) leaves its old cell, which becomes plain
/// (the first symbol). Outside the grid, nothing changes.
pub fn paint(kind: &OptionKind, rows: &mut [String], row: usize, col: usize, symbol: char) {
    let OptionKind::Grid { symbols, once, .. } = kind else {
        return;
    };
    let plain = symbols
        .first()
        .and_then(|s| s.chars().next())
        .unwrap_or('.');
    if row >= rows.len() || col >= rows[row].chars().count() {
        return;
    }
    if once.iter().any(|s| s.starts_with(symbol)) {
        for r in rows.iter_mut() {
            *r = r
                .chars()
                .map(|c| if c == symbol { plain } else { c })
                .collect();
        }
    }
    let line: String = rows[row]
        .chars()
        .enumerate()
        .map(|(i, c)| if i == col { symbol } else { c })
        .collect();
    rows[row] = line;
}

/// A grid value resized to `height` rows of `width` cells: cells kept where
/// they were, new ones plain; at least one row and one column, at most the
/// kind's largest. A `once` symbol cut off is put back on the cell nearest
/// where it stood.
pub fn resize(kind: &OptionKind, rows: &[String], height: usize, width: usize) -> Vec<String> {
    let OptionKind::Grid {
        symbols,
        once,
        max_rows,
        max_cols,
    } = kind
    else {
        return rows.to_vec();
    };
    let plain = symbols
        .first()
        .and_then(|s| s.chars().next())
        .unwrap_or('.');
    let (height, width) = (height.clamp(1, *max_rows), width.clamp(1, *max_cols));
    let cell = |r: usize, c: usize| rows.get(r).and_then(|line| line.chars().nth(c));
    let mut out: Vec<String> = (0..height)
        .map(|r| (0..width).map(|c| cell(r, c).unwrap_or(plain)).collect())
        .collect();
    for symbol in once.iter().filter_map(|s| s.chars().next()) {
        let was = rows.iter().enumerate().find_map(|(r, line)| {
            line.chars()
                .position(|c| c == symbol)
                .map(|c| (r.min(height - 1), c.min(width - 1)))
        });
        let kept = out.iter().any(|line| line.contains(symbol));
        if let (Some((r, c)), false) = (was, kept) {
            paint(kind, &mut out, r, c, symbol);
        }
    }
    out
}
