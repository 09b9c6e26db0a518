//! Every refusal can be worded by a screen: each kind of rule error has a
//! phrase with a key of its own, named after its game.

use std::collections::BTreeMap;
use std::mem::discriminant;

use parlour_core::engine::{Explain, Game, Phrase, PhraseArg};
use parlour_core::games::neighbours::{self, Neighbours};
use parlour_core::games::paper_boxing::{self, PaperBoxing};
use parlour_core::games::rummy::{self, Colour, Face, Rummy};

/// Checks one game's kinds of refusal: keys named after the game, one key per kind.
fn check_kinds<G: Game>()
where
    G::Error: std::fmt::Debug,
{
    let kinds = G::Error::kinds();
    assert!(!kinds.is_empty(), "{}", G::NAME);
    let prefix = format!("{}-refused-", G::NAME);
    let mut key_of_kind = BTreeMap::new();
    for kind in &kinds {
        let phrase = kind.phrase();
        for key in phrase.keys() {
            assert!(
                key.starts_with(&prefix),
                "{key} is not named after {}",
                G::NAME
            );
        }
        assert!(
            !kind.to_string().is_empty(),
            "{kind:?} has no English reason"
        );
        let previous = key_of_kind.insert(format!("{:?}", discriminant(kind)), phrase.key);
        assert!(
            previous.is_none_or(|k| k == phrase.key),
            "{kind:?} has two keys"
        );
    }
    let mut keys: Vec<_> = key_of_kind.values().collect();
    let all = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(
        keys.len(),
        all,
        "two kinds of {} refusal share a key",
        G::NAME
    );
}

#[test]
fn every_kind_of_neighbours_refusal_has_a_key_of_its_own() {
    check_kinds::<Neighbours>();
}

#[test]
fn every_kind_of_paper_boxing_refusal_has_a_key_of_its_own() {
    check_kinds::<PaperBoxing>();
}

#[test]
fn every_kind_of_rummy_refusal_has_a_key_of_its_own() {
    check_kinds::<Rummy>();
}

#[test]
fn a_phrase_counts_rows_and_columns_from_one() {
    let phrase = neighbours::RuleError::OffBoard { row: 0, col: 10 }.phrase();
    assert_eq!(
        phrase.args,
        vec![
            ("row", PhraseArg::Number(1)),
            ("col", PhraseArg::Number(11))
        ]
    );
    // The largest row a record can name does not overflow.
    let phrase = paper_boxing::RuleError::OffGrid { row: 255, col: 0 }.phrase();
    assert_eq!(phrase.args[0], ("row", PhraseArg::Number(256)));
}

#[test]
fn a_turn_refusal_names_seats_so_a_screen_can_name_the_players() {
    let phrase = neighbours::RuleError::NotYourTurn {
        seat: 1,
        to_move: 2,
    }
    .phrase();
    assert_eq!(
        phrase.args,
        vec![
            ("seat", PhraseArg::Seat(1)),
            ("to_move", PhraseArg::Seat(2))
        ]
    );
}

#[test]
fn a_refused_set_nests_its_reason_and_a_card_its_colour() {
    let error = rummy::RuleError::Set {
        index: 0,
        cards: "r4 b5 r6".into(),
        reason: rummy::SetError::MixedColours(
            Face::number(Colour::Red, 4),
            Face::number(Colour::Blue, 5),
        ),
    };
    let phrase = error.phrase();
    assert_eq!(
        phrase.keys(),
        vec![
            "rummy-refused-set",
            "rummy-refused-set-mixed-colours",
            "rummy-refused-card",
            "rummy-refused-colour-red",
            "rummy-refused-card",
            "rummy-refused-colour-blue",
        ]
    );
    assert_eq!(phrase.args[0], ("number", PhraseArg::Number(1)));
}

#[test]
fn a_swap_without_its_card_still_reads_the_same_in_english() {
    let none = rummy::RuleError::SwapWithoutCard(Vec::new());
    assert_eq!(
        none.to_string(),
        "a joker can only be taken from the table by laying, from your hand, the card it stands for (and no joker on the table can be swapped now)"
    );
    let some = rummy::RuleError::SwapWithoutCard(vec![
        vec![Face::number(Colour::Red, 7), Face::number(Colour::Blue, 7)],
        vec![Face::number(Colour::Black, 3)],
    ]);
    assert!(
        some.to_string()
            .ends_with("(the jokers that can be swapped stand for r7 or b7; k3)"),
        "{some}"
    );
    let phrase: Phrase = some.phrase();
    assert_eq!(
        phrase.args,
        vec![
            ("count", PhraseArg::Number(2)),
            ("jokers", PhraseArg::Text("7♥ / 7♦; 3♠".into()))
        ]
    );
}
