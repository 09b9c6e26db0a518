//! Rummy's refusals as phrases a screen words in its own language.

use super::cards::{CardName, Colour, Face};
use super::rules::RuleError;
use super::sets::SetError;
use crate::engine::{Explain, Phrase};

impl Explain for RuleError {
    fn phrase(&self) -> Phrase {
        match self {
            RuleError::Players(n) => Phrase::new("rummy-refused-players").count("players", *n),
            RuleError::Config(detail) => {
                Phrase::new("rummy-refused-config").text("detail", detail.clone())
            }
            RuleError::DealHands { players, size } => Phrase::new("rummy-refused-deal-hands")
                .count("players", *players)
                .count("size", *size),
            RuleError::DealFirst(last) => {
                Phrase::new("rummy-refused-deal-first").count("last", *last)
            }
            RuleError::DealCount {
                face,
                found,
                expected,
            } => Phrase::new("rummy-refused-deal-count")
                .phrase("card", face_phrase(*face))
                .count("found", *found)
                .count("expected", *expected),
            RuleError::Over => Phrase::new("rummy-refused-over"),
            RuleError::NoSeat(seat) => Phrase::new("rummy-refused-no-seat").count("seat", *seat),
            RuleError::NotYourTurn { seat, to_move } => Phrase::new("rummy-refused-not-your-turn")
                .seat("seat", *seat)
                .seat("to_move", *to_move),
            RuleError::Set {
                index,
                cards,
                reason,
            } => Phrase::new("rummy-refused-set")
                .count("number", index.saturating_add(1))
                .text("cards", cards.clone())
                .phrase("reason", reason.phrase()),
            RuleError::CardTwice {
                face,
                count,
                copies,
            } => Phrase::new("rummy-refused-card-twice")
                .phrase("card", face_phrase(*face))
                .count("count", *count)
                .count("copies", *copies),
            RuleError::NotInHand { face, needed, held } => Phrase::new("rummy-refused-not-in-hand")
                .phrase("card", face_phrase(*face))
                .count("needed", *needed)
                .count("held", *held),
            RuleError::TableCardTaken(face) => {
                Phrase::new("rummy-refused-table-card-taken").phrase("card", face_phrase(*face))
            }
            RuleError::NothingFromHand => Phrase::new("rummy-refused-nothing-from-hand"),
            RuleError::FirstMeldTouchesTable => {
                Phrase::new("rummy-refused-first-meld-touches-table")
            }
            RuleError::FirstMeldTooSmall { value, threshold } => {
                Phrase::new("rummy-refused-first-meld-too-small")
                    .number("value", *value)
                    .number("threshold", *threshold)
            }
            RuleError::SwapBeforeFirstMeld => Phrase::new("rummy-refused-swap-before-first-meld"),
            RuleError::ToHandNotJoker(card) => {
                Phrase::new("rummy-refused-to-hand-not-joker").phrase("card", card_phrase(*card))
            }
            RuleError::TooManyToHand { asked, on_table } => {
                Phrase::new("rummy-refused-too-many-to-hand")
                    .count("asked", *asked)
                    .count("on_table", *on_table)
            }
            RuleError::SwapMustPlay => Phrase::new("rummy-refused-swap-must-play"),
            RuleError::SwapWithoutCard(wanted) => {
                // Each joker's possible cards as number and symbol, as the cards show them.
                let jokers: Vec<String> = wanted
                    .iter()
                    .map(|options| {
                        options
                            .iter()
                            .map(|&f| symbol_name(f))
                            .collect::<Vec<_>>()
                            .join(" / ")
                    })
                    .collect();
                Phrase::new("rummy-refused-swap-without-card")
                    .count("count", wanted.len())
                    .text("jokers", jokers.join("; "))
            }
            RuleError::JokerChangedNumber(n) => {
                Phrase::new("rummy-refused-joker-changed-number").number("number", *n)
            }
            RuleError::NoClock => Phrase::new("rummy-refused-no-clock"),
            RuleError::ClockMissing { minutes, round } => {
                Phrase::new("rummy-refused-clock-missing")
                    .number("minutes", *minutes)
                    .count("round", *round)
            }
            RuleError::ClockBack { round, ended, used } => Phrase::new("rummy-refused-clock-back")
                .count("round", *round)
                .number("ended", i64::try_from(*ended).unwrap_or(i64::MAX))
                .number("used", i64::try_from(*used).unwrap_or(i64::MAX)),
        }
    }

    fn kinds() -> Vec<Self> {
        let red7 = Face::number(Colour::Red, 7);
        let blue7 = Face::number(Colour::Blue, 7);
        let mut kinds = vec![
            RuleError::Players(5),
            RuleError::Config("hands of 60 cards leave nothing to draw".into()),
            RuleError::DealHands {
                players: 3,
                size: 14,
            },
            RuleError::DealFirst(2),
            RuleError::DealCount {
                face: red7,
                found: 3,
                expected: 2,
            },
            RuleError::Over,
            RuleError::NoSeat(4),
            RuleError::NotYourTurn {
                seat: 1,
                to_move: 0,
            },
            RuleError::CardTwice {
                face: Face::Joker,
                count: 5,
                copies: 4,
            },
            RuleError::NotInHand {
                face: blue7,
                needed: 2,
                held: 1,
            },
            RuleError::TableCardTaken(red7),
            RuleError::NothingFromHand,
            RuleError::FirstMeldTouchesTable,
            RuleError::FirstMeldTooSmall {
                value: 33,
                threshold: 40,
            },
            RuleError::SwapBeforeFirstMeld,
            RuleError::ToHandNotJoker(CardName::plain(red7)),
            RuleError::ToHandNotJoker(CardName {
                face: Face::Joker,
                stands_for: Some(blue7),
            }),
            RuleError::TooManyToHand {
                asked: 2,
                on_table: 1,
            },
            RuleError::SwapMustPlay,
            RuleError::SwapWithoutCard(Vec::new()),
            RuleError::SwapWithoutCard(vec![
                vec![red7, blue7],
                vec![Face::number(Colour::Black, 3)],
            ]),
            RuleError::JokerChangedNumber(9),
            RuleError::NoClock,
            RuleError::ClockMissing {
                minutes: 30,
                round: 2,
            },
            RuleError::ClockBack {
                round: 2,
                ended: 734,
                used: 600,
            },
        ];
        // Every reason a set can be refused for, each colour among them.
        kinds.extend(SetError::kinds().into_iter().map(|reason| RuleError::Set {
            index: 1,
            cards: "r7 r7 b7".into(),
            reason,
        }));
        // A new kind of refusal stops the build here until it has an example above.
        for kind in &kinds {
            match kind {
                RuleError::Players(_)
                | RuleError::Config(_)
                | RuleError::DealHands { .. }
                | RuleError::DealFirst(_)
                | RuleError::DealCount { .. }
                | RuleError::Over
                | RuleError::NoSeat(_)
                | RuleError::NotYourTurn { .. }
                | RuleError::Set { .. }
                | RuleError::CardTwice { .. }
                | RuleError::NotInHand { .. }
                | RuleError::TableCardTaken(_)
                | RuleError::NothingFromHand
                | RuleError::FirstMeldTouchesTable
                | RuleError::FirstMeldTooSmall { .. }
                | RuleError::SwapBeforeFirstMeld
                | RuleError::ToHandNotJoker(_)
                | RuleError::TooManyToHand { .. }
                | RuleError::SwapMustPlay
                | RuleError::SwapWithoutCard(_)
                | RuleError::JokerChangedNumber(_)
                | RuleError::NoClock
                | RuleError::ClockMissing { .. }
                | RuleError::ClockBack { .. } => {}
            }
        }
        kinds
    }
}

impl Explain for SetError {
    fn phrase(&self) -> Phrase {
        match *self {
            SetError::TooShort(n) => Phrase::new("rummy-refused-set-too-short").count("count", n),
            SetError::TooLong(n) => Phrase::new("rummy-refused-set-too-long").count("count", n),
            SetError::GroupTooLong(n) => {
                Phrase::new("rummy-refused-set-group-too-long").count("count", n)
            }
            SetError::ColourTwice { colour, number } => {
                Phrase::new("rummy-refused-set-colour-twice")
                    .phrase("colour", colour_phrase(colour))
                    .number("number", number)
            }
            SetError::MixedColours(a, b) => Phrase::new("rummy-refused-set-mixed-colours")
                .phrase("first", face_phrase(a))
                .phrase("second", face_phrase(b)),
            SetError::NotConsecutive { card, after } => {
                Phrase::new("rummy-refused-set-not-consecutive")
                    .phrase("card", face_phrase(card))
                    .phrase("after", face_phrase(after))
            }
            SetError::Wrap(face) => {
                Phrase::new("rummy-refused-set-wrap").phrase("card", face_phrase(face))
            }
            SetError::BelowOne(face) => {
                Phrase::new("rummy-refused-set-below-one").phrase("card", face_phrase(face))
            }
            SetError::AboveThirteen(face) => {
                Phrase::new("rummy-refused-set-above-thirteen").phrase("card", face_phrase(face))
            }
            SetError::Annotation(card) => {
                Phrase::new("rummy-refused-set-annotation").phrase("card", card_phrase(card))
            }
            SetError::Neither => Phrase::new("rummy-refused-set-neither"),
        }
    }

    fn kinds() -> Vec<Self> {
        let face = Face::number;
        let mut kinds: Vec<SetError> = Colour::ALL
            .into_iter()
            .map(|colour| SetError::ColourTwice { colour, number: 7 })
            .collect();
        kinds.extend([
            SetError::TooShort(2),
            SetError::TooLong(14),
            SetError::GroupTooLong(5),
            SetError::MixedColours(face(Colour::Red, 4), face(Colour::Blue, 5)),
            SetError::NotConsecutive {
                card: face(Colour::Orange, 9),
                after: face(Colour::Orange, 7),
            },
            SetError::Wrap(face(Colour::Black, 1)),
            SetError::BelowOne(face(Colour::Red, 1)),
            SetError::AboveThirteen(face(Colour::Blue, 13)),
            SetError::Annotation(CardName {
                face: Face::Joker,
                stands_for: Some(face(Colour::Red, 5)),
            }),
            SetError::Neither,
        ]);
        // A new kind stops the build here until it has an example above.
        for kind in &kinds {
            match kind {
                SetError::TooShort(_)
                | SetError::TooLong(_)
                | SetError::GroupTooLong(_)
                | SetError::ColourTwice { .. }
                | SetError::MixedColours(..)
                | SetError::NotConsecutive { .. }
                | SetError::Wrap(_)
                | SetError::BelowOne(_)
                | SetError::AboveThirteen(_)
                | SetError::Annotation(_)
                | SetError::Neither => {}
            }
        }
        kinds
    }
}

/// A colour as a word of its own.
fn colour_phrase(colour: Colour) -> Phrase {
    Phrase::new(match colour {
        Colour::Black => "rummy-refused-colour-black",
        Colour::Blue => "rummy-refused-colour-blue",
        Colour::Orange => "rummy-refused-colour-orange",
        Colour::Red => "rummy-refused-colour-red",
    })
}

/// A card in words: "red 7", or "joker".
pub fn face_phrase(face: Face) -> Phrase {
    match face {
        Face::Number { colour, number } => Phrase::new("rummy-refused-card")
            .phrase("colour", colour_phrase(colour))
            .number("number", number),
        Face::Joker => Phrase::new("rummy-refused-joker"),
    }
}

/// A card as written in a move: a joker may say which card it stands for.
fn card_phrase(card: CardName) -> Phrase {
    match (card.face, card.stands_for) {
        (Face::Joker, Some(face @ Face::Number { .. })) => {
            Phrase::new("rummy-refused-joker-as").phrase("card", face_phrase(face))
        }
        (face, _) => face_phrase(face),
    }
}

/// A card as its face shows it: number and colour symbol (`7♥`).
fn symbol_name(face: Face) -> String {
    match face {
        Face::Number { colour, number } => format!("{number}{}", colour.symbol()),
        Face::Joker => "J".to_owned(),
    }
}
