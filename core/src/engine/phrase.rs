//! Reasons worded by the screen, in its own language.
//!
//! A rules core explains a refusal twice: in English through `Display` (what
//! the command line and records print), and as a [`Phrase`] — a stable
//! message key and named values — that a screen looks up in its own
//! catalogue. The core knows nothing of catalogues or languages.

use super::seat::Seat;

/// A message for a person as a key and named values, e.g.
/// `neighbours-refused-not-in-hand` with `digit = 7`.
///
/// Keys are stable: a catalogue holds one entry per key, in every language.
/// Positions (rows, columns, a set's place in a move) count from 1, as
/// people count, even where records count from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phrase {
    /// The message's key in the catalogues.
    pub key: &'static str,
    /// The values the message names, by name.
    pub args: Vec<(&'static str, PhraseArg)>,
}

/// A value a [`Phrase`] names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhraseArg {
    /// A number, written as the language writes numbers.
    Number(i64),
    /// A seat, which a screen may call by its player's name.
    Seat(Seat),
    /// Text written as it is (a card's record name, a variant's detail).
    Text(String),
    /// A phrase worded first, then put in place (a colour, a nested reason).
    Phrase(Phrase),
}

impl Phrase {
    /// A phrase with no values.
    pub fn new(key: &'static str) -> Self {
        Self {
            key,
            args: Vec::new(),
        }
    }

    /// Adds a number.
    pub fn number(mut self, name: &'static str, value: impl Into<i64>) -> Self {
        self.args.push((name, PhraseArg::Number(value.into())));
        self
    }

    /// Adds a count or an index (saturating, though no real count comes near).
    pub fn count(self, name: &'static str, value: usize) -> Self {
        self.number(name, i64::try_from(value).unwrap_or(i64::MAX))
    }

    /// Adds a seat.
    pub fn seat(mut self, name: &'static str, seat: Seat) -> Self {
        self.args.push((name, PhraseArg::Seat(seat)));
        self
    }

    /// Adds text to be shown as it is.
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.args.push((name, PhraseArg::Text(value.into())));
        self
    }

    /// Adds a phrase to be worded first.
    pub fn phrase(mut self, name: &'static str, value: Phrase) -> Self {
        self.args.push((name, PhraseArg::Phrase(value)));
        self
    }

    /// This phrase's key and the keys of every phrase nested in it.
    pub fn keys(&self) -> Vec<&'static str> {
        let mut keys = vec![self.key];
        for (_, arg) in &self.args {
            if let PhraseArg::Phrase(inner) = arg {
                keys.extend(inner.keys());
            }
        }
        keys
    }
}

/// An error that can say why as a [`Phrase`] as well as in English.
///
/// Every game's rule error implements it, so a screen can show any refusal
/// in its own language and a test can check that every kind of refusal has
/// its words in every catalogue.
pub trait Explain: Sized {
    /// The reason as a phrase.
    fn phrase(&self) -> Phrase;

    /// One example of every kind of this error (and of every word its
    /// phrases nest), so the catalogues can be checked for all of them.
    fn kinds() -> Vec<Self>;
}
