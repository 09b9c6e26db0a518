//! The turn on screen's rules, as examples: drops into runs and new sets,
//! what may go back to the hand, the first meld's count, joker swaps, undo,
//! arranging and sorting.

use super::*;
use parlour_core::games::rummy::Config;
use std::sync::Arc;

fn card(name: &str) -> Face {
    name.parse::<CardName>().unwrap().face
}

/// A view with `table` and `hand` (faces), copies numbered apart.
fn view(table: &[&[&str]], hand: &[&str], melded: bool) -> View {
    let mut used = std::collections::HashMap::<Face, u8>::new();
    let mut next = |face: Face| {
        let n = used.entry(face).or_insert(0);
        *n += 1;
        match face {
            Face::Joker => Card::joker(*n - 1),
            Face::Number { colour, number } => Card::numbered(colour, number, *n - 1),
        }
    };
    let table: Vec<TableSet> = table
        .iter()
        .map(|set| {
            let cards: Vec<Card> = set.iter().map(|n| next(card(n))).collect();
            let names: Vec<CardName> = cards.iter().map(|c| CardName::plain(c.face())).collect();
            TableSet {
                reading: sets::read(&names).unwrap(),
                cards,
            }
        })
        .collect();
    let hand: Vec<Card> = hand.iter().map(|n| next(card(n))).collect();
    View {
        seat: 0,
        config: Arc::new(Config::standard()),
        table,
        hand_sizes: vec![hand.len(), 14],
        hand,
        pile_len: 40,
        melded: vec![melded, true],
        to_move: Some(0),
        first: 0,
        passes: 0,
        rounds: Vec::new(),
        totals: vec![0, 0],
        over: false,
    }
}

fn faces(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.face().to_string()).collect()
}

#[test]
fn a_card_dropped_into_a_run_takes_its_place_in_order() {
    let v = view(&[&["r3", "r4", "r5"]], &["r2", "k9"], true);
    let mut d = Draft::new(&v, 0, &[]);
    d.drop(
        Spot::Hand(0),
        Target::Set { set: 0, on: None },
        true,
        true,
        SwappedJoker::ToHand,
    )
    .unwrap();
    assert_eq!(faces(&d.sets[0]), ["r2", "r3", "r4", "r5"]);
    assert!(check(&v, &d).turn.is_ok());
}

#[test]
fn splitting_a_run_leaves_an_invalid_set_outlined_with_its_reason() {
    let v = view(&[&["r3", "r4", "r5", "r6"]], &["k9"], true);
    let mut d = Draft::new(&v, 0, &[]);
    d.drop(
        Spot::Set(0, 3),
        Target::NewSet,
        true,
        true,
        SwappedJoker::ToHand,
    )
    .unwrap();
    let c = check(&v, &d);
    assert_eq!(c.sets[0], None);
    assert_eq!(c.sets[1], Some(SetError::TooShort(1)));
    assert!(c.turn.is_err());
}

#[test]
fn a_table_card_cannot_go_to_the_hand() {
    let v = view(&[&["r3", "r4", "r5", "r6"]], &["k9"], true);
    let mut d = Draft::new(&v, 0, &[]);
    let before = d.clone();
    let refused = d.drop(
        Spot::Set(0, 0),
        Target::Hand(0),
        true,
        true,
        SwappedJoker::ToHand,
    );
    assert!(matches!(refused, Err(DropRefusal::TableCardToHand(_))));
    assert_eq!(d, before, "a refused drop changes nothing");
}

#[test]
fn a_laid_card_can_come_back_to_the_hand() {
    let v = view(&[&["r3", "r4", "r5"]], &["r6", "k9"], true);
    let mut d = Draft::new(&v, 0, &[]);
    d.drop(
        Spot::Hand(0),
        Target::Set { set: 0, on: None },
        true,
        true,
        SwappedJoker::ToHand,
    )
    .unwrap();
    d.drop(
        Spot::Set(0, 3),
        Target::Hand(0),
        true,
        true,
        SwappedJoker::ToHand,
    )
    .unwrap();
    assert!(!d.changed());
    assert_eq!(d.hand.len(), 2);
}

#[test]
fn only_the_hand_order_changes_out_of_turn() {
    let v = view(&[&["r3", "r4", "r5"]], &["r6", "k9"], true);
    let mut d = Draft::new(&v, 0, &[]);
    d.drop(
        Spot::Hand(1),
        Target::Hand(0),
        false,
        true,
        SwappedJoker::ToHand,
    )
    .unwrap();
    assert_eq!(faces(&d.hand), ["k9", "r6"]);
    let refused = d.drop(
        Spot::Hand(1),
        Target::NewSet,
        false,
        true,
        SwappedJoker::ToHand,
    );
    assert_eq!(refused, Err(DropRefusal::NotYourTurn));
}

#[test]
fn the_first_meld_counter_adds_new_sets_from_the_hand() {
    let v = view(&[], &["k10", "k11", "k12", "r2", "b2", "o2"], false);
    let mut d = Draft::new(&v, 0, &[]);
    for _ in 0..3 {
        d.drop(
            Spot::Hand(0),
            Target::Set { set: 0, on: None },
            true,
            false,
            SwappedJoker::ToHand,
        )
        .ok();
        if d.sets.is_empty() {
            d.drop(
                Spot::Hand(0),
                Target::NewSet,
                true,
                false,
                SwappedJoker::ToHand,
            )
            .unwrap();
        }
    }
    let c = check(&v, &d);
    assert_eq!(c.meld_value, 33);
    assert_eq!(
        c.turn,
        Err(RuleError::FirstMeldTooSmall {
            value: 33,
            threshold: 40
        })
    );
    for _ in 0..3 {
        if d.sets.len() < 2 {
            d.drop(
                Spot::Hand(0),
                Target::NewSet,
                true,
                false,
                SwappedJoker::ToHand,
            )
            .unwrap();
        } else {
            d.drop(
                Spot::Hand(0),
                Target::Set { set: 1, on: None },
                true,
                false,
                SwappedJoker::ToHand,
            )
            .unwrap();
        }
    }
    let c = check(&v, &d);
    assert_eq!(c.meld_value, 39);
    assert!(c.turn.is_err(), "39 is still short of 40");
}

#[test]
fn a_joker_is_swapped_for_the_card_it_stands_for_and_goes_to_the_hand() {
    let v = view(&[&["r3", "j", "r5"]], &["r4", "k9"], true);
    let mut d = Draft::new(&v, 0, &[]);
    assert_eq!(d.swaps_on_offer().len(), 1);
    d.drop(
        Spot::Hand(0),
        Target::Set {
            set: 0,
            on: Some(1),
        },
        true,
        true,
        SwappedJoker::ToHand,
    )
    .unwrap();
    assert_eq!(faces(&d.sets[0]), ["r3", "r4", "r5"]);
    assert_eq!(d.freed.len(), 1);
    assert!(d.hand.iter().any(|c| c.is_joker()));
    assert!(check(&v, &d).turn.is_ok(), "{:?}", check(&v, &d).turn);
    // The won joker waits for a later turn.
    let j = d.hand.iter().position(|c| c.is_joker()).unwrap();
    assert_eq!(
        d.drop(
            Spot::Hand(j),
            Target::NewSet,
            true,
            true,
            SwappedJoker::ToHand
        ),
        Err(DropRefusal::FreedJoker)
    );
}

#[test]
fn no_swap_before_the_first_meld() {
    let v = view(&[&["r3", "j", "r5"]], &["r4", "k9"], false);
    let mut d = Draft::new(&v, 0, &[]);
    assert!(matches!(
        d.drop(
            Spot::Hand(0),
            Target::Set {
                set: 0,
                on: Some(1)
            },
            true,
            false,
            SwappedJoker::ToHand
        ),
        Err(DropRefusal::SwapBeforeFirstMeld(_))
    ));
}

#[test]
fn undo_puts_the_table_back_as_the_turn_found_it() {
    let v = view(&[&["r3", "r4", "r5", "r6"]], &["r7", "k9"], true);
    let mut d = Draft::new(&v, 0, &[]);
    d.drop(
        Spot::Hand(0),
        Target::Set { set: 0, on: None },
        true,
        true,
        SwappedJoker::ToHand,
    )
    .unwrap();
    d.drop(
        Spot::Set(0, 0),
        Target::NewSet,
        true,
        true,
        SwappedJoker::ToHand,
    )
    .unwrap();
    d.undo();
    assert!(!d.changed());
    assert_eq!(
        faces(&d.hand),
        ["r7", "k9"],
        "cards come back where they were"
    );
    assert_eq!(d.to_move(), Move::Draw);
}

#[test]
fn arrange_puts_jokers_in_the_gaps_of_a_run() {
    let v = view(&[], &["j", "r7", "r5"], true);
    let arranged = arrange(&v.hand);
    assert_eq!(faces(&arranged), ["r5", "j", "r7"]);
    let v = view(&[], &["k13", "j", "k12"], true);
    assert_eq!(faces(&arrange(&v.hand)), ["j", "k12", "k13"]);
}

#[test]
fn sorting_keeps_every_card() {
    let v = view(&[], &["j", "r7", "b5", "k1", "r2"], true);
    let mut d = Draft::new(&v, 0, &[]);
    d.sort_by_number();
    assert_eq!(faces(&d.hand), ["k1", "r2", "b5", "r7", "j"]);
    d.sort_by_colour();
    assert_eq!(faces(&d.hand), ["k1", "b5", "r2", "r7", "j"]);
}

/// The hand keeps its player's order by face: a view numbers the copies of
/// a card afresh as cards move (the table's first), so a red 5 held keeps
/// its place when the other red 5 is laid on the table by someone else.
#[test]
fn a_hand_keeps_its_order_when_a_twin_card_reaches_the_table() {
    let before = view(&[], &["k9", "r5", "b2"], false);
    let mut d = Draft::new(&before, 0, &[]);
    d.hand.reverse();
    let order: Vec<Face> = d.hand.iter().map(|c| c.face()).collect();
    // The other red 5 is laid by the other seat; a new card is drawn.
    let after = view(&[&["r5", "r6", "r7"]], &["k9", "r5", "b2", "o1"], false);
    let next = Draft::new(&after, 2, &order);
    assert_eq!(
        faces(&next.hand),
        ["b2", "r5", "k9", "o1"],
        "kept, the new card last"
    );
}
