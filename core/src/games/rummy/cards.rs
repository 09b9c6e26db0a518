//! Rummy's cards: 1–13 in four colours, two copies each, and jokers.
//!
//! A [`Face`] is what is printed on a card (`r7`, `j`); a [`Card`] is one
//! physical card, so that the two copies of `r7` are told apart and every
//! card can be accounted for.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A card colour. Each has a letter in records and a symbol on screen, so
/// colours stay tellable apart without colour vision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    /// `k`, symbol ♠.
    Black,
    /// `b`, symbol ♦.
    Blue,
    /// `o`, symbol ●.
    Orange,
    /// `r`, symbol ♥.
    Red,
}

impl Colour {
    /// The four colours in record order.
    pub const ALL: [Colour; 4] = [Colour::Black, Colour::Blue, Colour::Orange, Colour::Red];

    /// The colour's letter in records.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'k',
            Colour::Blue => 'b',
            Colour::Orange => 'o',
            Colour::Red => 'r',
        }
    }

    /// The colour's symbol on a card face.
    pub fn symbol(self) -> char {
        match self {
            Colour::Black => '♠',
            Colour::Blue => '♦',
            Colour::Orange => '●',
            Colour::Red => '♥',
        }
    }

    /// The colour's index, 0..4.
    pub fn index(self) -> usize {
        self as usize
    }

    fn from_letter(c: char) -> Option<Self> {
        Colour::ALL.into_iter().find(|col| col.letter() == c)
    }
}

/// What is printed on a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// A number card.
    Number {
        /// Its colour.
        colour: Colour,
        /// Its number, 1..=13.
        number: u8,
    },
    /// A joker.
    Joker,
}

/// Why a card name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a card: write a colour letter (k black, b blue, o orange, r red) and a number 1-13, like r7, or j for a joker"
)]
pub struct CardNameError(pub String);

impl Face {
    /// A number card's face.
    pub fn number(colour: Colour, number: u8) -> Self {
        Face::Number { colour, number }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Face::Number { colour, number } => write!(f, "{}{}", colour.letter(), number),
            Face::Joker => f.write_str("j"),
        }
    }
}

impl FromStr for Face {
    type Err = CardNameError;
    fn from_str(s: &str) -> Result<Self, CardNameError> {
        let bad = || CardNameError(s.to_owned());
        if s == "j" {
            return Ok(Face::Joker);
        }
        let mut chars = s.chars();
        let colour = chars.next().and_then(Colour::from_letter).ok_or_else(bad)?;
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(bad());
        }
        let number: u8 = digits.parse().map_err(|_| bad())?;
        if !(1..=13).contains(&number) {
            return Err(bad());
        }
        Ok(Face::Number { colour, number })
    }
}

impl Serialize for Face {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Face {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Number cards in a deck: 13 numbers × 4 colours × 2 copies.
pub const NUMBER_CARDS: usize = 104;

/// One physical card: ids 0..104 are number cards, 104.. are jokers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub u8);

impl Card {
    /// Copy `copy` (0 or 1) of a number card.
    pub fn numbered(colour: Colour, number: u8, copy: u8) -> Self {
        debug_assert!((1..=13).contains(&number) && copy < 2);
        Card(colour as u8 * 26 + (number - 1) * 2 + copy)
    }
    /// Joker number `n` (0-based).
    pub fn joker(n: u8) -> Self {
        Card(NUMBER_CARDS as u8 + n)
    }
    /// Whether this is a joker.
    pub fn is_joker(self) -> bool {
        self.0 as usize >= NUMBER_CARDS
    }
    /// What is printed on it.
    pub fn face(self) -> Face {
        if self.is_joker() {
            Face::Joker
        } else {
            Face::Number {
                colour: Colour::ALL[(self.0 / 26) as usize],
                number: (self.0 % 26) / 2 + 1,
            }
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.face().fmt(f)
    }
}

/// A whole deck with `jokers` jokers, in id order.
pub fn deck(jokers: u8) -> Vec<Card> {
    (0..NUMBER_CARDS as u8)
        .map(Card)
        .chain((0..jokers).map(Card::joker))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_names_round_trip() {
        for card in deck(4) {
            let face: Face = card.to_string().parse().unwrap();
            assert_eq!(face, card.face());
        }
    }

    #[test]
    fn unknown_card_names_are_refused() {
        for bad in ["", "r0", "r14", "x5", "r", "j5", "R5", "r07", "r1 "] {
            assert!(bad.parse::<Face>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_deck_has_two_copies_of_each_number_card() {
        let d = deck(4);
        assert_eq!(d.len(), 108);
        let r7 = d
            .iter()
            .filter(|c| c.face() == Face::number(Colour::Red, 7))
            .count();
        assert_eq!(r7, 2);
    }
}
