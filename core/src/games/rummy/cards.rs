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

    /// The colour's name in English.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::Blue => "blue",
            Colour::Orange => "orange",
            Colour::Red => "red",
        }
    }

    fn from_letter(c: char) -> Option<Self> {
        Colour::ALL.into_iter().find(|col| col.letter() == c)
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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
    "{0:?} is not a card: write a colour letter (k black, b blue, o orange, r red) and a number 1-13, like r7, or j for a joker (j:r7 for a joker standing for r7)"
)]
pub struct CardNameError(pub String);

/// How many different faces there are: 52 number faces and the joker.
pub const FACES: usize = 53;

impl Face {
    /// A number card's face.
    pub fn number(colour: Colour, number: u8) -> Self {
        Face::Number { colour, number }
    }
    /// Whether this is the joker.
    pub fn is_joker(self) -> bool {
        self == Face::Joker
    }
    /// The number printed on a number card.
    pub fn value(self) -> Option<u8> {
        match self {
            Face::Number { number, .. } => Some(number),
            Face::Joker => None,
        }
    }
    /// The colour of a number card.
    pub fn colour(self) -> Option<Colour> {
        match self {
            Face::Number { colour, .. } => Some(colour),
            Face::Joker => None,
        }
    }
    /// A dense index, `0..FACES`, for counting cards by face: colour × 13 +
    /// number − 1 for number cards, 52 for the joker.
    pub fn index(self) -> usize {
        match self {
            Face::Number { colour, number } => colour.index() * 13 + number as usize - 1,
            Face::Joker => 52,
        }
    }
    /// The face with [`Face::index`] `i` (`i < FACES`).
    pub fn from_index(i: usize) -> Self {
        if i >= 52 {
            Face::Joker
        } else {
            Face::Number {
                colour: Colour::ALL[i / 13],
                number: (i % 13) as u8 + 1,
            }
        }
    }
    /// A card's value in a hand at the end of a round: its number, or
    /// `joker_penalty` for a joker.
    pub fn penalty(self, joker_penalty: i64) -> i64 {
        match self {
            Face::Number { number, .. } => number as i64,
            Face::Joker => joker_penalty,
        }
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

/// A card as a record writes it on the table: its face, and for a joker
/// perhaps the number card it stands for (`j:b5`), which pins its reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardName {
    /// What is printed on the card.
    pub face: Face,
    /// For a joker, the number card it is said to stand for (always a
    /// [`Face::Number`]); `None` for a number card or a plain `j`.
    pub stands_for: Option<Face>,
}

impl CardName {
    /// A card written without annotation.
    pub fn plain(face: Face) -> Self {
        Self {
            face,
            stands_for: None,
        }
    }
    /// A joker written as standing for `colour` `number` (`j:b5`).
    pub fn joker_as(colour: Colour, number: u8) -> Self {
        Self {
            face: Face::Joker,
            stands_for: Some(Face::number(colour, number)),
        }
    }
    /// Whether a record can write this name and read it back: a number card
    /// or a plain joker, or a joker standing for a number card. (The fields
    /// are open, so a name built in code may be neither.)
    pub fn is_well_formed(&self) -> bool {
        match self.stands_for {
            None => true,
            Some(stands) => self.face.is_joker() && !stands.is_joker(),
        }
    }
}

impl From<Face> for CardName {
    fn from(face: Face) -> Self {
        Self::plain(face)
    }
}

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.stands_for {
            // A name that is not well formed is shown as it is (`k5:k1`),
            // which no record reads, never as a joker.
            Some(stands) => write!(f, "{}:{stands}", self.face),
            None => self.face.fmt(f),
        }
    }
}

impl FromStr for CardName {
    type Err = CardNameError;
    fn from_str(s: &str) -> Result<Self, CardNameError> {
        match s.split_once(':') {
            None => Ok(Self::plain(s.parse()?)),
            Some(("j", standing)) => match standing.parse::<Face>() {
                Ok(face @ Face::Number { .. }) => Ok(Self {
                    face: Face::Joker,
                    stands_for: Some(face),
                }),
                _ => Err(CardNameError(s.to_owned())),
            },
            Some(_) => Err(CardNameError(s.to_owned())),
        }
    }
}

impl Serialize for CardName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CardName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Number cards in a deck: 13 numbers × 4 colours × 2 copies.
pub const NUMBER_CARDS: usize = 104;
/// Copies of each number card.
pub const COPIES: usize = 2;
/// The most jokers a deck can hold.
pub const MAX_JOKERS: u8 = 4;

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
    fn joker_annotations_round_trip_and_number_cards_take_none() {
        let name: CardName = "j:b5".parse().unwrap();
        assert_eq!(name, CardName::joker_as(Colour::Blue, 5));
        assert_eq!(name.to_string(), "j:b5");
        for bad in ["j:j", "r5:r5", "j:", "j:b14", "j:b5:k5"] {
            assert!(bad.parse::<CardName>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn face_indices_are_dense() {
        for i in 0..FACES {
            assert_eq!(Face::from_index(i).index(), i);
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
