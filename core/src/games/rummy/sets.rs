//! Sets on the table: runs and groups, jokers standing in, and a set's value.
//!
//! A set is read from its cards in table order. A **run** is 3 to 13 cards of
//! one colour with consecutive numbers, written from low to high (1 is
//! always low: 12-13-1 is no run). A **group** is 3 or 4 cards of one number
//! in different colours. A joker stands for the card its place needs, and
//! counts that card's number.
//!
//! When the cards allow more than one reading (`["j","j","r5"]` is r3-r4-r5
//! or a group of fives; `["j","j","j"]` is anything) [`readings`] lists every
//! reading, preferred first: the one worth the most, a run before a group of
//! the same value. A joker written `j:b5` pins the card it stands for. The
//! rules may pick a later reading when an earlier one would change the number
//! of a joker that was already on the table.

use serde::Serialize;

use super::cards::{CardName, Colour, Face};

/// The fewest cards in a set.
pub const MIN_SET: usize = 3;
/// The most cards in a run (1 to 13).
pub const MAX_RUN: usize = 13;
/// The most cards in a group (one per colour).
pub const MAX_GROUP: usize = 4;

/// The two kinds of set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Consecutive numbers in one colour.
    Run,
    /// One number in different colours.
    Group,
}

/// What a valid set means, whatever physical cards make it up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A run of `len` cards of `colour` from `low` up.
    Run {
        /// The run's colour.
        colour: Colour,
        /// Its lowest number.
        low: u8,
        /// How many cards.
        len: u8,
    },
    /// A group of `len` cards numbered `number`.
    Group {
        /// The group's number.
        number: u8,
        /// How many cards.
        len: u8,
    },
}

/// One reading of a valid set: its kind and, per card in table order, the
/// number card it is or stands for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    /// Run or group.
    pub kind: Kind,
    /// Per card, the number card it is or (for a joker) stands for. Every
    /// entry is a [`Face::Number`].
    pub faces: Vec<Face>,
}

impl Reading {
    /// The set's value: the sum of its numbers, jokers counting the number
    /// they stand for.
    pub fn value(&self) -> u32 {
        (0..self.faces.len()).map(|i| self.number(i) as u32).sum()
    }
    /// How many cards.
    pub fn len(&self) -> usize {
        self.faces.len()
    }
    /// Whether the reading has no cards (never for a valid set).
    pub fn is_empty(&self) -> bool {
        self.faces.is_empty()
    }
    /// The number card `i` is or stands for.
    pub fn number(&self, i: usize) -> u8 {
        self.faces[i].value().unwrap_or(0)
    }
    /// The colour card `i` is or stands for.
    pub fn colour(&self, i: usize) -> Colour {
        self.faces[i].colour().unwrap_or(Colour::Black)
    }
    /// What the set is, without its cards.
    pub fn shape(&self) -> Shape {
        let len = self.faces.len() as u8;
        match self.kind {
            Kind::Run => Shape::Run {
                colour: self.colour(0),
                low: self.number(0),
                len,
            },
            Kind::Group => Shape::Group {
                number: self.number(0),
                len,
            },
        }
    }
}

/// Why cards do not make a set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetError {
    /// Fewer than 3 cards.
    #[error("a set needs at least 3 cards, and this one has {0}")]
    TooShort(usize),
    /// More than 13 cards.
    #[error("a set has at most 13 cards (a run from 1 to 13), and this one has {0}")]
    TooLong(usize),
    /// A group of more than 4 cards.
    #[error("a group has at most 4 cards, one of each colour, and this one has {0}")]
    GroupTooLong(usize),
    /// A group with two cards of one colour.
    #[error(
        "a group's cards must all have different colours, and this one has two {colour} {number}s"
    )]
    ColourTwice {
        /// The repeated colour.
        colour: Colour,
        /// The group's number.
        number: u8,
    },
    /// A run of several colours.
    #[error("a run is all one colour, but {0} and {1} differ")]
    MixedColours(Face, Face),
    /// A run whose numbers do not follow each other.
    #[error(
        "a run's numbers follow each other from low to high, left to right: {card} cannot come there after {after}"
    )]
    NotConsecutive {
        /// The card out of place.
        card: Face,
        /// The card before it.
        after: Face,
    },
    /// 13 followed by 1.
    #[error("1 is always low: 12-13-1 is not a run, and {0} cannot follow a 13")]
    Wrap(Face),
    /// A run reaching below 1.
    #[error("a run cannot go below 1: jokers in front of {0} would have to stand for 0 or less")]
    BelowOne(Face),
    /// A run reaching past 13.
    #[error(
        "a run cannot go past 13 (1 is always low): jokers after {0} would have to stand for 14 or more"
    )]
    AboveThirteen(Face),
    /// A joker written as standing for a card its place does not need, or
    /// a card written as standing for another that is not a joker standing
    /// for a number card.
    #[error(
        "{0} cannot stand there in this set (only a joker is written with the card it stands for, as j:b5)"
    )]
    Annotation(CardName),
    /// Anything else.
    #[error("these cards are neither a run nor a group")]
    Neither,
}

/// Every reading of the cards as a valid set, preferred first (the most
/// valuable; a run before a group of the same value). Empty when the cards
/// make no set.
pub fn readings(cards: &[CardName]) -> Vec<Reading> {
    let mut out = Vec::new();
    if !(MIN_SET..=MAX_RUN).contains(&cards.len()) {
        return out;
    }
    run_readings(cards, &mut out);
    if cards.len() <= MAX_GROUP {
        group_readings(cards, &mut out);
    }
    // Stable: among equals the generation order stands.
    out.sort_by(|a, b| b.value().cmp(&a.value()).then(a.kind.cmp(&b.kind)));
    out
}

/// The preferred reading of the cards, or why they make no set.
pub fn read(cards: &[CardName]) -> Result<Reading, SetError> {
    readings(cards)
        .into_iter()
        .next()
        .ok_or_else(|| why_not(cards))
}

/// The preferred reading of unannotated cards, or why they make no set.
pub fn read_faces(faces: &[Face]) -> Result<Reading, SetError> {
    let cards: Vec<CardName> = faces.iter().map(|&f| CardName::plain(f)).collect();
    read(&cards)
}

/// Whether the cards, in this order, make a valid set.
pub fn is_valid(faces: &[Face]) -> bool {
    read_faces(faces).is_ok()
}

/// The value of the set the cards make (preferred reading), if they make one.
pub fn value(faces: &[Face]) -> Option<u32> {
    read_faces(faces).ok().map(|r| r.value())
}

/// Whether `card` can be `face` in a reading.
fn fits(card: &CardName, face: Face) -> bool {
    let pinned = card.stands_for.is_none_or(|s| s == face);
    match card.face {
        Face::Joker => pinned,
        printed => printed == face && pinned,
    }
}

/// The number card a written card is or is pinned to, if any.
fn known(card: &CardName) -> Option<(Colour, u8)> {
    match (card.face, card.stands_for) {
        (Face::Number { colour, number }, _)
        | (Face::Joker, Some(Face::Number { colour, number })) => Some((colour, number)),
        _ => None,
    }
}

fn run_readings(cards: &[CardName], out: &mut Vec<Reading>) {
    let n = cards.len() as i32;
    // The first card whose number is known fixes the colour and where the
    // run starts; a run of plain jokers may be anywhere (black, by rule).
    let anchor = cards
        .iter()
        .enumerate()
        .find_map(|(i, c)| known(c).map(|k| (i as i32, k)));
    let starts: Vec<(Colour, i32)> = match anchor {
        Some((i, (colour, number))) => vec![(colour, number as i32 - i)],
        None => (1..=14 - n).rev().map(|low| (Colour::Black, low)).collect(),
    };
    for (colour, low) in starts {
        if low < 1 || low + n - 1 > 13 {
            continue;
        }
        let faces: Vec<Face> = (0..n)
            .map(|i| Face::number(colour, (low + i) as u8))
            .collect();
        if cards.iter().zip(&faces).all(|(c, &f)| fits(c, f)) {
            out.push(Reading {
                kind: Kind::Run,
                faces,
            });
        }
    }
}

fn group_readings(cards: &[CardName], out: &mut Vec<Reading>) {
    let fixed = cards.iter().find_map(known).map(|(_, number)| number);
    let numbers: Vec<u8> = match fixed {
        Some(number) => vec![number],
        None => (1..=13).rev().collect(),
    };
    'numbers: for number in numbers {
        let mut used = [false; 4];
        let mut faces: Vec<Option<Face>> = vec![None; cards.len()];
        for (i, card) in cards.iter().enumerate() {
            if let Some((colour, n)) = known(card) {
                if n != number || used[colour.index()] || !fits(card, Face::number(colour, n)) {
                    continue 'numbers;
                }
                used[colour.index()] = true;
                faces[i] = Some(Face::number(colour, n));
            }
        }
        // Plain jokers take the missing colours in colour order (at most 4
        // cards, so there are always enough).
        let mut free = Colour::ALL.into_iter().filter(|c| !used[c.index()]);
        let mut complete = Vec::with_capacity(cards.len());
        for face in faces {
            match face.or_else(|| free.next().map(|c| Face::number(c, number))) {
                Some(f) => complete.push(f),
                None => continue 'numbers,
            }
        }
        out.push(Reading {
            kind: Kind::Group,
            faces: complete,
        });
    }
}

/// The most helpful reason why `cards` make no set.
fn why_not(cards: &[CardName]) -> SetError {
    let n = cards.len();
    if n < MIN_SET {
        return SetError::TooShort(n);
    }
    if n > MAX_RUN {
        return SetError::TooLong(n);
    }
    let numbered: Vec<(usize, Colour, u8)> = cards
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match c.face {
            Face::Number { colour, number } => Some((i, colour, number)),
            Face::Joker => None,
        })
        .collect();
    let annotation = || {
        cards
            .iter()
            .find(|c| c.stands_for.is_some())
            .map_or(SetError::Neither, |c| SetError::Annotation(*c))
    };
    let same_number = numbered.len() >= 2 && numbered.iter().all(|&(_, _, v)| v == numbered[0].2);
    if same_number {
        if n > MAX_GROUP {
            return SetError::GroupTooLong(n);
        }
        let mut seen = [false; 4];
        for &(_, colour, number) in &numbered {
            if std::mem::replace(&mut seen[colour.index()], true) {
                return SetError::ColourTwice { colour, number };
            }
        }
        return annotation();
    }
    // Read as a run.
    if let Some(&(_, colour, number)) = numbered.first() {
        let first = Face::number(colour, number);
        if let Some(&(_, c, v)) = numbered.iter().find(|&&(_, c, _)| c != colour) {
            return SetError::MixedColours(first, Face::number(c, v));
        }
        for pair in numbered.windows(2) {
            let (i, _, a) = pair[0];
            let (j, _, b) = pair[1];
            let expected = a as i32 + (j - i) as i32;
            if b as i32 != expected {
                let card = Face::number(colour, b);
                return if expected > 13 && b < a {
                    SetError::Wrap(card)
                } else {
                    SetError::NotConsecutive {
                        card,
                        after: Face::number(colour, a),
                    }
                };
            }
        }
        let (i, _, v) = numbered[0];
        if (v as i32) - (i as i32) < 1 {
            return SetError::BelowOne(first);
        }
        let &(j, _, w) = numbered.last().unwrap_or(&numbered[0]);
        if w as usize + (n - 1 - j) > 13 {
            return SetError::AboveThirteen(Face::number(colour, w));
        }
    }
    annotation()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(names: &[&str]) -> Vec<CardName> {
        names.iter().map(|n| n.parse().unwrap()).collect()
    }

    fn read_names(names: &[&str]) -> Result<Reading, SetError> {
        read(&cards(names))
    }

    fn faces(names: &[&str]) -> Vec<Face> {
        names.iter().map(|n| n.parse().unwrap()).collect()
    }

    #[test]
    fn a_run_is_three_or_more_consecutive_cards_of_one_colour() {
        let r = read_names(&["r1", "r2", "r3"]).unwrap();
        assert_eq!(r.kind, Kind::Run);
        assert_eq!(r.value(), 6);
        assert!(read_names(&["r1", "r2"]).is_err());
        let all: Vec<String> = (1..=13).map(|n| format!("b{n}")).collect();
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        assert_eq!(read_names(&all).unwrap().value(), 91);
    }

    #[test]
    fn no_13_1_wrap() {
        assert!(matches!(
            read_names(&["r12", "r13", "r1"]),
            Err(SetError::Wrap(_))
        ));
        assert!(matches!(
            read_names(&["r13", "r1", "r2"]),
            Err(SetError::Wrap(_))
        ));
        assert!(matches!(
            read_names(&["r12", "r13", "j"]),
            Err(SetError::AboveThirteen(_))
        ));
        assert!(matches!(
            read_names(&["j", "r1", "r2"]),
            Err(SetError::BelowOne(_))
        ));
    }

    #[test]
    fn a_run_is_one_colour_written_low_to_high() {
        assert!(matches!(
            read_names(&["r1", "k2", "r3"]),
            Err(SetError::MixedColours(..))
        ));
        assert!(matches!(
            read_names(&["r3", "r2", "r1"]),
            Err(SetError::NotConsecutive { .. })
        ));
        assert!(matches!(
            read_names(&["r1", "r2", "r4"]),
            Err(SetError::NotConsecutive { .. })
        ));
    }

    #[test]
    fn a_set_of_fourteen_cards_is_refused() {
        let mut names: Vec<String> = (1..=13).map(|n| format!("o{n}")).collect();
        names.push("j".into());
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        assert_eq!(read_names(&names), Err(SetError::TooLong(14)));
    }

    #[test]
    fn a_group_is_three_or_four_of_one_number_in_different_colours() {
        let g = read_names(&["k5", "b5", "o5", "r5"]).unwrap();
        assert_eq!(g.kind, Kind::Group);
        assert_eq!(g.value(), 20);
        assert!(read_names(&["k5", "b5", "o5"]).is_ok());
    }

    #[test]
    fn a_group_with_two_cards_of_one_colour_is_refused() {
        assert_eq!(
            read_names(&["r5", "k5", "r5"]),
            Err(SetError::ColourTwice {
                colour: Colour::Red,
                number: 5
            })
        );
        assert!(matches!(
            read_names(&["k5", "b5", "o5", "r5", "j"]),
            Err(SetError::GroupTooLong(5))
        ));
    }

    #[test]
    fn a_joker_counts_the_number_it_stands_for() {
        // In a run, the order on the table places the joker.
        let r = read_names(&["j", "r5", "r6"]).unwrap();
        assert_eq!(r.faces[0], Face::number(Colour::Red, 4));
        assert_eq!(r.value(), 15);
        let r = read_names(&["r5", "j", "r7"]).unwrap();
        assert_eq!(r.faces[1], Face::number(Colour::Red, 6));
        // In a group it takes a missing colour.
        let g = read_names(&["k9", "j", "r9"]).unwrap();
        assert_eq!(g.value(), 27);
        assert_eq!(g.faces[1], Face::number(Colour::Blue, 9));
    }

    #[test]
    fn an_ambiguous_set_is_read_for_the_most_value_run_first_on_a_tie() {
        // r3-r4-r5 is worth 12, three fives 15.
        assert_eq!(read_names(&["j", "j", "r5"]).unwrap().kind, Kind::Group);
        // r5-r6-r7 is worth 18.
        assert_eq!(read_names(&["r5", "j", "j"]).unwrap().kind, Kind::Run);
        // r4-r5-r6 and three fives are both worth 15.
        assert_eq!(read_names(&["j", "r5", "j"]).unwrap().kind, Kind::Run);
        // Plain jokers alone: three thirteens.
        assert_eq!(read_names(&["j", "j", "j"]).unwrap().value(), 39);
        // Every reading is listed, best first.
        let all = readings(&cards(&["j", "j", "r5"]));
        assert_eq!(all.len(), 2);
        assert_eq!(all[1].kind, Kind::Run);
    }

    #[test]
    fn an_annotation_pins_the_joker() {
        let r = read_names(&["j:r3", "j", "r5"]).unwrap();
        assert_eq!(r.kind, Kind::Run);
        let g = read_names(&["j:o5", "j", "r5"]).unwrap();
        assert_eq!(g.kind, Kind::Group);
        assert_eq!(g.faces[0], Face::number(Colour::Orange, 5));
        assert!(matches!(
            read_names(&["j:r7", "r5", "r6"]),
            Err(SetError::Annotation(_))
        ));
        assert!(matches!(
            read_names(&["k5", "b5", "j:k5"]),
            Err(SetError::Annotation(_))
        ));
        let jokers = read_names(&["j", "j", "j:b2"]).unwrap();
        assert_eq!(jokers.shape(), Shape::Group { number: 2, len: 3 });
        let jokers = read_names(&["j", "j:o8", "j"]).unwrap();
        assert_eq!(
            jokers.shape(),
            Shape::Run {
                colour: Colour::Orange,
                low: 7,
                len: 3
            }
        );
    }

    #[test]
    fn validity_and_value_of_plain_faces() {
        assert!(is_valid(&faces(&["k11", "k12", "k13"])));
        assert!(!is_valid(&faces(&["k11", "k12"])));
        assert_eq!(value(&faces(&["k11", "k12", "k13"])), Some(36));
        assert_eq!(value(&faces(&["k1", "b1", "r1"])), Some(3));
    }
}
