//! Rummy's rules and rulings, one test each, played through the same
//! `Match` every move goes through.

use parlour_core::engine::{Game, Match, Record, RecordError};
use parlour_core::games::rummy::{
    Action, CardName, Config, Deal, Ending, Face, Move, MovedJoker, Play, RuleError, Rummy,
    SetError, SwappedJoker,
};

fn face(name: &str) -> Face {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn faces(names: &[&str]) -> Vec<Face> {
    names.iter().map(|n| face(n)).collect()
}

/// A deal with these hands, the pile starting with `pile_front`, then the
/// rest of the deck in deck order. `_` in a hand is a filler: a number card
/// from the end of the deck that the test does not name.
fn deal(config: &Config, hands: &[&[&str]], pile_front: &[&str]) -> Deal {
    let mut rest: Vec<Face> = parlour_core::games::rummy::cards::deck(config.jokers)
        .into_iter()
        .map(|c| c.face())
        .collect();
    let mut take = |f: Face| {
        let i = rest
            .iter()
            .position(|&g| g == f)
            .unwrap_or_else(|| panic!("no {f} left"));
        rest.remove(i)
    };
    let hands_asked: Vec<usize> = hands.iter().map(|h| h.len()).collect();
    let mut hands: Vec<Vec<Face>> = hands
        .iter()
        .map(|h| {
            h.iter()
                .filter(|n| **n != "_")
                .map(|n| take(face(n)))
                .collect()
        })
        .collect();
    let front: Vec<Face> = pile_front.iter().map(|n| take(face(n))).collect();
    // Fillers, each hand up to the size asked.
    for (h, asked) in hands.iter_mut().zip(hands_asked) {
        while h.len() < asked {
            let i = rest
                .iter()
                .rposition(|f| !f.is_joker())
                .expect("cards left");
            h.push(rest.remove(i));
        }
    }
    Deal {
        hands,
        pile: front.into_iter().chain(rest).collect(),
        first: 0,
    }
}

/// A two-or-more-seat match from these hands (all the same size), seat 0 first.
fn start(mut config: Config, hands: &[&[&str]], pile_front: &[&str]) -> Match<Rummy> {
    config.hand_size = hands[0].len();
    let d = deal(&config, hands, pile_front);
    Match::new("test", config, hands.len(), 7, Some(d)).expect("a valid deal")
}

fn sets(table: &[&[&str]]) -> Vec<Vec<CardName>> {
    table
        .iter()
        .map(|s| s.iter().map(|n| n.parse().unwrap()).collect())
        .collect()
}

fn play(table: &[&[&str]]) -> Move {
    Move::Play(Play {
        table: sets(table),
        to_hand: Vec::new(),
    })
}

fn swap(table: &[&[&str]], to_hand: &[&str]) -> Move {
    Move::Play(Play {
        table: sets(table),
        to_hand: to_hand.iter().map(|n| n.parse().unwrap()).collect(),
    })
}

fn hand(m: &Match<Rummy>, seat: usize) -> Vec<String> {
    let mut h: Vec<String> = m.state().hand(seat).iter().map(|c| c.to_string()).collect();
    h.sort();
    h
}

fn table(m: &Match<Rummy>) -> Vec<Vec<String>> {
    m.state()
        .table_written()
        .iter()
        .map(|s| s.iter().map(|c| c.to_string()).collect())
        .collect()
}

fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Two seats that have both melded: the table holds [k1 b1 o1 r1],
/// [k12 b12 o12] (seat 0) and [j r11 r12 r13] (seat 1, the joker r10);
/// seat 0 is to move with `rest0` in hand.
fn rebuilding(config: Config, rest0: &[&str], rest1: &[&str]) -> Match<Rummy> {
    let mut h0 = vec!["k1", "b1", "o1", "r1", "k12", "b12", "o12"];
    h0.extend_from_slice(rest0);
    let mut h1 = vec!["j", "r11", "r12", "r13"];
    h1.extend_from_slice(rest1);
    assert_eq!(h0.len(), h1.len(), "test hands must be the same size");
    let mut m = start(config, &[&h0, &h1], &["k9", "k9", "b9", "b9"]);
    m.submit(
        0,
        play(&[&["k1", "b1", "o1", "r1"], &["k12", "b12", "o12"]]),
    )
    .unwrap();
    m.submit(
        1,
        play(&[
            &["k1", "b1", "o1", "r1"],
            &["k12", "b12", "o12"],
            &["j", "r11", "r12", "r13"],
        ]),
    )
    .unwrap();
    m
}

const START_TABLE: [&[&str]; 3] = [
    &["k1", "b1", "o1", "r1"],
    &["k12", "b12", "o12"],
    &["j", "r11", "r12", "r13"],
];

// --- Sets -----------------------------------------------------------------

#[test]
fn no_13_1_wrap() {
    let mut m = start(
        Config::standard(),
        &[&["r12", "r13", "r1", "k13", "b13", "o13"], &["_"; 6]],
        &[],
    );
    let err = m
        .submit(0, play(&[&["r12", "r13", "r1"], &["k13", "b13", "o13"]]))
        .unwrap_err();
    assert!(
        matches!(
            err,
            RuleError::Set {
                index: 0,
                reason: SetError::Wrap(_),
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn a_group_with_two_cards_of_one_colour_is_refused() {
    let mut m = start(
        Config::standard(),
        &[&["k13", "k13", "b13", "k12", "b12", "o12"], &["_"; 6]],
        &[],
    );
    let err = m
        .submit(0, play(&[&["k13", "b13", "k13"], &["k12", "b12", "o12"]]))
        .unwrap_err();
    assert!(
        matches!(
            err,
            RuleError::Set {
                index: 0,
                reason: SetError::ColourTwice { .. },
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn a_set_with_fourteen_cards_is_refused() {
    let run: Vec<String> = (1..=13).map(|n| format!("o{n}")).collect();
    let mut h0: Vec<&str> = run.iter().map(String::as_str).collect();
    h0.push("j");
    let h1 = vec!["_"; 14];
    let mut m = start(Config::standard(), &[&h0, &h1], &[]);
    let err = m.submit(0, play(&[&h0])).unwrap_err();
    assert!(
        matches!(
            err,
            RuleError::Set {
                reason: SetError::TooLong(14),
                ..
            }
        ),
        "{err}"
    );
    // The thirteen without the joker are a run from 1 to 13.
    m.submit(0, play(&[&h0[..13]])).unwrap();
}

// --- The first meld ---------------------------------------------------------

#[test]
fn a_first_meld_of_39_is_refused_and_40_accepted() {
    let h0 = ["k1", "b1", "o1", "r1", "k12", "b12", "o12"];
    let mut m = start(Config::standard(), &[&h0, &["_"; 7]], &[]);
    let err = m
        .submit(0, play(&[&["k1", "b1", "o1"], &["k12", "b12", "o12"]]))
        .unwrap_err();
    assert_eq!(
        err,
        RuleError::FirstMeldTooSmall {
            value: 39,
            threshold: 40
        }
    );
    let outcome = m
        .submit(
            0,
            play(&[&["k1", "b1", "o1", "r1"], &["k12", "b12", "o12"]]),
        )
        .unwrap();
    assert_eq!(outcome.first_meld, Some(40));
    assert!(m.state().melded()[0]);
}

#[test]
fn a_joker_counts_the_number_it_stands_for() {
    // j-r12-r13 is 11 + 12 + 13 = 36, not 25 + 12 + 13.
    let h0 = ["j", "r12", "r13", "k1", "b1", "o1", "r1"];
    let mut m = start(Config::standard(), &[&h0, &["_"; 7]], &[]);
    let err = m
        .submit(0, play(&[&["j", "r12", "r13"], &["k1", "b1", "o1"]]))
        .unwrap_err();
    assert_eq!(
        err,
        RuleError::FirstMeldTooSmall {
            value: 39,
            threshold: 40
        }
    );
    let outcome = m
        .submit(0, play(&[&["j", "r12", "r13"], &["k1", "b1", "o1", "r1"]]))
        .unwrap();
    assert_eq!(outcome.first_meld, Some(40));
    assert_eq!(table(&m)[0], vec!["j:r11", "r12", "r13"]);
}

#[test]
fn the_classic_first_meld_is_30() {
    let h0 = [
        "k10", "b10", "o10", "k2", "b2", "o2", "r2", "r6", "r7", "r8",
    ];
    let mut m = start(Config::classic(), &[&h0, &["_"; 10]], &[]);
    // 2 + 2 + 2 + 2 and 6 + 7 + 8: 29, one short.
    let err = m
        .submit(0, play(&[&["k2", "b2", "o2", "r2"], &["r6", "r7", "r8"]]))
        .unwrap_err();
    assert_eq!(
        err,
        RuleError::FirstMeldTooSmall {
            value: 29,
            threshold: 30
        }
    );
    assert!(m.moves().is_empty() && !m.state().melded()[0]);
    let outcome = m.submit(0, play(&[&["k10", "b10", "o10"]])).unwrap();
    assert_eq!(outcome.first_meld, Some(30));
}

#[test]
fn a_first_meld_turn_that_touches_the_table_is_refused() {
    let h0 = ["k1", "b1", "o1", "r1", "k12", "b12", "o12", "_"];
    let h1 = ["r12", "k13", "b13", "o13", "r11", "r12", "r13", "_"];
    let mut m = start(Config::standard(), &[&h0, &h1], &[]);
    m.submit(
        0,
        play(&[&["k1", "b1", "o1", "r1"], &["k12", "b12", "o12"]]),
    )
    .unwrap();
    // Seat 1 adds its r12 to seat 0's group while making its first meld.
    let err = m
        .submit(
            1,
            play(&[
                &["k1", "b1", "o1", "r1"],
                &["k12", "b12", "o12", "r12"],
                &["k13", "b13", "o13"],
            ]),
        )
        .unwrap_err();
    assert_eq!(err, RuleError::FirstMeldTouchesTable);
    // New sets from the hand only are fine.
    m.submit(
        1,
        play(&[
            &["k1", "b1", "o1", "r1"],
            &["k12", "b12", "o12"],
            &["k13", "b13", "o13"],
            &["r11", "r12", "r13"],
        ]),
    )
    .unwrap();
}

#[test]
fn a_player_who_plays_nothing_draws_one_card() {
    let mut m = start(
        Config::standard(),
        &[&["k2", "k3", "k4"], &["_"; 3]],
        &["o7"],
    );
    let outcome = m.submit(0, Move::Draw).unwrap();
    assert_eq!(outcome.action, Action::Drew);
    assert_eq!(outcome.drew, 1);
    assert_eq!(hand(&m, 0), sorted(&["k2", "k3", "k4", "o7"]));
    assert_eq!(m.state().to_move(), 1);
}

#[test]
fn a_play_must_lay_a_card_from_the_hand() {
    let mut m = rebuilding(Config::standard(), &["k7"], &["_", "_", "_", "_"]);
    // Only rearranging the table: r1 leaves the group for a run? It cannot,
    // but even a valid rearrangement lays nothing.
    let err = m.submit(0, play(&START_TABLE)).unwrap_err();
    assert_eq!(err, RuleError::NothingFromHand);
}

// --- Rebuilding -----------------------------------------------------------

#[test]
fn rebuilding_splits_a_run_with_a_card_from_the_hand() {
    let h0 = [
        "r3", "r4", "r5", "r6", "r7", "r8", "k13", "b13", "o13", "r5",
    ];
    let h1 = [
        "k10", "b10", "o10", "k11", "b11", "o11", "k2", "k2", "b2", "b2",
    ];
    let mut m = start(Config::standard(), &[&h0, &h1], &[]);
    m.submit(
        0,
        play(&[
            &["r3", "r4", "r5", "r6", "r7", "r8"],
            &["k13", "b13", "o13"],
        ]),
    )
    .unwrap();
    m.submit(
        1,
        play(&[
            &["r3", "r4", "r5", "r6", "r7", "r8"],
            &["k13", "b13", "o13"],
            &["k10", "b10", "o10"],
            &["k11", "b11", "o11"],
        ]),
    )
    .unwrap();
    // r3-r8 plus r5 from the hand: r3-r5 and r5-r8.
    let outcome = m
        .submit(
            0,
            play(&[
                &["r3", "r4", "r5"],
                &["r5", "r6", "r7", "r8"],
                &["k13", "b13", "o13"],
                &["k10", "b10", "o10"],
                &["k11", "b11", "o11"],
            ]),
        )
        .unwrap();
    assert_eq!(outcome.laid, faces(&["r5"]));
    assert_eq!(table(&m)[1], vec!["r5", "r6", "r7", "r8"]);
}

#[test]
fn every_card_ends_in_a_valid_set() {
    let mut m = rebuilding(
        Config::standard(),
        &["r12", "k13"],
        &["_", "_", "_", "_", "_"],
    );
    // A set that gives cards away keeps at least 3.
    let err = m.submit(
        0,
        play(&[
            &["k1", "b1", "o1", "r1"],
            &["k12", "b12", "o12", "r12"],
            &["j", "r11"],
            &["r12", "r13", "k13"],
        ]),
    );
    assert!(
        matches!(
            err,
            Err(RuleError::Set {
                index: 2,
                reason: SetError::TooShort(2),
                ..
            })
        ),
        "{err:?}"
    );
    m.submit(
        0,
        play(&[
            &["k1", "b1", "o1", "r1"],
            &["k12", "b12", "o12", "r12"],
            &["j", "r11", "r12", "r13"],
        ]),
    )
    .unwrap();
}

#[test]
fn a_table_card_taken_into_a_hand_is_refused() {
    let mut m = rebuilding(
        Config::standard(),
        &["k5", "b5", "o5"],
        &["_", "_", "_", "_", "_", "_"],
    );
    // r1 leaves the group of ones for seat 0's hand.
    let err = m
        .submit(
            0,
            play(&[
                &["k1", "b1", "o1"],
                &["k12", "b12", "o12"],
                &["j", "r11", "r12", "r13"],
                &["k5", "b5", "o5"],
            ]),
        )
        .unwrap_err();
    assert_eq!(err, RuleError::TableCardTaken(face("r1")));
}

#[test]
fn a_moved_joker_that_changes_number_is_refused() {
    let hands = (
        &["k5", "b5", "k10", "b10"][..],
        &["_", "_", "_", "_", "_", "_", "_"][..],
    );
    let mut m = rebuilding(Config::standard(), hands.0, hands.1);
    // The joker stood for r10; in a group of fives it would stand for a 5.
    let err = m
        .submit(
            0,
            play(&[
                &["k1", "b1", "o1", "r1"],
                &["k12", "b12", "o12"],
                &["r11", "r12", "r13"],
                &["k5", "b5", "j"],
            ]),
        )
        .unwrap_err();
    assert_eq!(err, RuleError::JokerChangedNumber(10));
    // As a 10 of another colour it may move.
    m.submit(
        0,
        play(&[
            &["k1", "b1", "o1", "r1"],
            &["k12", "b12", "o12"],
            &["r11", "r12", "r13"],
            &["k10", "b10", "j"],
        ]),
    )
    .unwrap();
    assert_eq!(table(&m)[3], vec!["k10", "b10", "j:o10"]);
}

#[test]
fn in_classic_a_moved_joker_is_free() {
    let mut m = rebuilding(Config::classic(), &["k5", "b5"], &["_", "_", "_", "_", "_"]);
    m.submit(
        0,
        play(&[
            &["k1", "b1", "o1", "r1"],
            &["k12", "b12", "o12"],
            &["r11", "r12", "r13"],
            &["k5", "b5", "j"],
        ]),
    )
    .unwrap();
    assert_eq!(table(&m)[3], vec!["k5", "b5", "j:o5"]);
}

#[test]
fn an_ambiguous_set_keeps_its_table_jokers_numbers() {
    // Seat 1 lays j-j-r5, read as three fives (worth most). When seat 0
    // adds r6, j-j-r5-r6 can only be r3-r6: the jokers would change number.
    let h0 = ["k1", "b1", "o1", "r1", "k12", "b12", "o12", "r6"];
    let h1 = ["j", "j", "r5", "k13", "b13", "o13", "k7", "k7"];
    let mut m = start(Config::standard(), &[&h0, &h1], &[]);
    m.submit(
        0,
        play(&[&["k1", "b1", "o1", "r1"], &["k12", "b12", "o12"]]),
    )
    .unwrap();
    m.submit(
        1,
        play(&[
            &["k1", "b1", "o1", "r1"],
            &["k12", "b12", "o12"],
            &["j", "j", "r5"],
            &["k13", "b13", "o13"],
        ]),
    )
    .unwrap();
    assert_eq!(table(&m)[2], vec!["j:k5", "j:b5", "r5"]);
    let err = m
        .submit(
            0,
            play(&[
                &["k1", "b1", "o1", "r1"],
                &["k12", "b12", "o12"],
                &["j", "j", "r5", "r6"],
                &["k13", "b13", "o13"],
            ]),
        )
        .unwrap_err();
    assert_eq!(err, RuleError::JokerChangedNumber(5));
}

// --- Jokers: the swap -------------------------------------------------------

#[test]
fn the_swap_puts_the_real_card_down_and_the_joker_in_the_hand() {
    let mut m = rebuilding(Config::standard(), &["r10"], &["_", "_", "_", "_"]);
    let outcome = m
        .submit(
            0,
            swap(
                &[
                    &["k1", "b1", "o1", "r1"],
                    &["k12", "b12", "o12"],
                    &["r10", "r11", "r12", "r13"],
                ],
                &["j"],
            ),
        )
        .unwrap();
    assert_eq!(outcome.laid, faces(&["r10"]));
    assert_eq!(outcome.took, faces(&["j"]));
    assert_eq!(hand(&m, 0), vec!["j"]);
    assert_eq!(table(&m)[2], vec!["r10", "r11", "r12", "r13"]);
}

#[test]
fn a_swap_needs_the_card_the_joker_stands_for() {
    let mut m = rebuilding(
        Config::standard(),
        &["r12", "r10"],
        &["_", "_", "_", "_", "_"],
    );
    // r12 is laid, but the joker stood for r10.
    let err = m
        .submit(
            0,
            swap(
                &[
                    &["k1", "b1", "o1", "r1"],
                    &["k12", "b12", "o12", "r12"],
                    &["r11", "r12", "r13"],
                ],
                &["j"],
            ),
        )
        .unwrap_err();
    assert!(matches!(err, RuleError::SwapWithoutCard(_)), "{err}");
    // A to_hand annotation must name what the joker stood for.
    let err = m
        .submit(
            0,
            swap(
                &[
                    &["k1", "b1", "o1", "r1"],
                    &["k12", "b12", "o12"],
                    &["r10", "r11", "r12", "r13"],
                ],
                &["j:r9"],
            ),
        )
        .unwrap_err();
    assert!(matches!(err, RuleError::SwapWithoutCard(_)), "{err}");
    m.submit(
        0,
        swap(
            &[
                &["k1", "b1", "o1", "r1"],
                &["k12", "b12", "o12"],
                &["r10", "r11", "r12", "r13"],
            ],
            &["j:r10"],
        ),
    )
    .unwrap();
}

#[test]
fn a_swap_in_a_group_of_three_takes_either_missing_colour() {
    for real in ["o7", "r7"] {
        let h0 = ["k1", "b1", "o1", "r1", "k12", "b12", "o12", real];
        let h1 = ["k7", "b7", "j", "k13", "b13", "o13", "_", "_"];
        let mut m = start(Config::standard(), &[&h0, &h1], &[]);
        m.submit(
            0,
            play(&[&["k1", "b1", "o1", "r1"], &["k12", "b12", "o12"]]),
        )
        .unwrap();
        m.submit(
            1,
            play(&[
                &["k1", "b1", "o1", "r1"],
                &["k12", "b12", "o12"],
                &["k7", "b7", "j"],
                &["k13", "b13", "o13"],
            ]),
        )
        .unwrap();
        m.submit(
            0,
            swap(
                &[
                    &["k1", "b1", "o1", "r1"],
                    &["k12", "b12", "o12"],
                    &["k7", "b7", real],
                    &["k13", "b13", "o13"],
                ],
                &["j"],
            ),
        )
        .unwrap_or_else(|e| panic!("{real}: {e}"));
        assert_eq!(hand(&m, 0), vec!["j"]);
    }
}

#[test]
fn only_a_player_who_has_melded_may_swap() {
    let h0 = ["k1", "b1", "o1", "r1", "k12", "b12", "o12", "r10"];
    let h1 = ["j", "r11", "r12", "r13", "k13", "b13", "o13", "_"];
    let mut m = start(Config::standard(), &[&h1, &h0], &[]);
    m.submit(
        0,
        play(&[&["j", "r11", "r12", "r13"], &["k13", "b13", "o13"]]),
    )
    .unwrap();
    let err = m
        .submit(
            1,
            swap(
                &[
                    &["r10", "r11", "r12", "r13"],
                    &["k13", "b13", "o13"],
                    &["k1", "b1", "o1", "r1"],
                    &["k12", "b12", "o12"],
                ],
                &["j"],
            ),
        )
        .unwrap_err();
    assert_eq!(err, RuleError::SwapBeforeFirstMeld);
}

#[test]
fn in_classic_a_swapped_joker_is_played_the_same_turn() {
    let mut m = rebuilding(
        Config::classic(),
        &["r10", "k5", "b5"],
        &["_", "_", "_", "_", "_", "_"],
    );
    let err = m
        .submit(
            0,
            swap(
                &[
                    &["k1", "b1", "o1", "r1"],
                    &["k12", "b12", "o12"],
                    &["r10", "r11", "r12", "r13"],
                ],
                &["j"],
            ),
        )
        .unwrap_err();
    assert_eq!(err, RuleError::SwapMustPlay);
    m.submit(
        0,
        play(&[
            &["k1", "b1", "o1", "r1"],
            &["k12", "b12", "o12"],
            &["r10", "r11", "r12", "r13"],
            &["k5", "b5", "j"],
        ]),
    )
    .unwrap();
}

#[test]
fn with_same_turn_swaps_and_kept_numbers_only_the_swapped_joker_is_freed() {
    let config = Config {
        swapped_joker: SwappedJoker::PlaySameTurn,
        moved_joker: MovedJoker::KeepsNumber,
        ..Config::standard()
    };
    // Without laying r10, the joker keeps standing for a 10.
    let mut m = rebuilding(
        config.clone(),
        &["r9", "k5", "b5"],
        &["_", "_", "_", "_", "_", "_"],
    );
    let err = m
        .submit(
            0,
            play(&[
                &["k1", "b1", "o1", "r1"],
                &["k12", "b12", "o12"],
                &["r11", "r12", "r13"],
                &["k5", "b5", "j"],
            ]),
        )
        .unwrap_err();
    assert_eq!(err, RuleError::JokerChangedNumber(10));
    // Laying r10 in its place frees it.
    let mut m = rebuilding(
        config,
        &["r10", "k5", "b5"],
        &["_", "_", "_", "_", "_", "_"],
    );
    m.submit(
        0,
        play(&[
            &["k1", "b1", "o1", "r1"],
            &["k12", "b12", "o12"],
            &["r10", "r11", "r12", "r13"],
            &["k5", "b5", "j"],
        ]),
    )
    .unwrap();
}

// --- Time-outs --------------------------------------------------------------

fn timeout(table: &[&[&str]]) -> Move {
    Move::Timeout(Some(Play {
        table: sets(table),
        to_hand: Vec::new(),
    }))
}

#[test]
fn a_time_out_with_a_broken_table_is_undone() {
    let mut m = rebuilding(
        Config::standard(),
        &["k5", "b5"],
        &["_", "_", "_", "_", "_"],
    );
    let before_table = table(&m);
    let before_hand = hand(&m, 0);
    // r1 left its group for a set that never came together.
    let outcome = m
        .submit(
            0,
            timeout(&[
                &["k1", "b1", "o1"],
                &["r1", "k5"],
                &["k12", "b12", "o12"],
                &["j", "r11", "r12", "r13"],
            ]),
        )
        .unwrap();
    assert!(outcome.undone);
    assert_eq!(outcome.drew, 1);
    assert_eq!(table(&m), before_table);
    let mut expected = before_hand;
    expected.push("k9".into());
    expected.sort();
    assert_eq!(hand(&m, 0), expected);
}

#[test]
fn a_time_out_keeps_valid_sets_and_takes_back_the_other_hand_cards() {
    let mut m = rebuilding(
        Config::standard(),
        &["k5", "b5", "o5", "r7", "r8"],
        &["_"; 8],
    );
    let outcome = m
        .submit(
            0,
            timeout(&[
                START_TABLE[0],
                START_TABLE[1],
                START_TABLE[2],
                &["k5", "b5", "o5"],
                &["r7", "r8"],
            ]),
        )
        .unwrap();
    assert!(!outcome.undone);
    assert_eq!(outcome.drew, 0);
    assert_eq!(outcome.laid, faces(&["k5", "b5", "o5"]));
    assert_eq!(hand(&m, 0), sorted(&["r7", "r8"]));
    assert_eq!(table(&m).len(), 4);
}

#[test]
fn a_time_out_short_of_the_first_meld_takes_everything_back_and_draws() {
    let h0 = ["k1", "b1", "o1", "k12", "b12", "o12"];
    let mut m = start(Config::standard(), &[&h0, &["_"; 6]], &["r5"]);
    let outcome = m
        .submit(0, timeout(&[&["k1", "b1", "o1"], &["k12", "b12", "o12"]]))
        .unwrap();
    assert!(outcome.undone);
    assert!(table(&m).is_empty());
    assert_eq!(hand(&m, 0).len(), 7);
    assert!(!m.state().melded()[0]);
}

#[test]
fn a_time_out_with_nothing_played_draws_one() {
    let mut m = start(Config::standard(), &[&["_"; 3], &["_"; 3]], &["o7"]);
    let outcome = m.submit(0, Move::Timeout(None)).unwrap();
    assert_eq!(
        (outcome.action, outcome.drew, outcome.undone),
        (Action::TimedOut, 1, false)
    );
}

#[test]
fn a_classic_time_out_undoes_the_turn_and_draws_three() {
    let mut m = rebuilding(Config::classic(), &["k5", "b5", "o5"], &["_"; 6]);
    // Even a table that is right when the time runs out is undone.
    let outcome = m
        .submit(
            0,
            timeout(&[
                START_TABLE[0],
                START_TABLE[1],
                START_TABLE[2],
                &["k5", "b5", "o5"],
            ]),
        )
        .unwrap();
    assert!(outcome.undone);
    assert_eq!(outcome.drew, 3);
    assert_eq!(table(&m).len(), 3);
    assert_eq!(hand(&m, 0).len(), 6);
}

#[test]
fn a_time_out_needs_a_clock() {
    let relaxed = Rummy::variant("relaxed").unwrap();
    let mut m = start(relaxed, &[&["_"; 3], &["_"; 3]], &[]);
    assert_eq!(
        m.submit(0, Move::Timeout(None)).unwrap_err(),
        RuleError::NoClock
    );
    assert_eq!(Rummy::turn_limit(m.state()), None);
    assert_eq!(Rummy::timeout_move(m.state(), 0, None), None);
}

#[test]
fn the_clock_and_the_time_out_move_come_from_the_core() {
    let m = start(Config::standard(), &[&["_"; 3], &["_"; 3]], &[]);
    assert_eq!(
        Rummy::turn_limit(m.state()),
        Some(std::time::Duration::from_secs(120))
    );
    let draft = play(&[&["k2", "k2", "k2"]]);
    match Rummy::timeout_move(m.state(), 0, Some(&draft)) {
        Some(Move::Timeout(Some(p))) => assert_eq!(p.table, sets(&[&["k2", "k2", "k2"]])),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        Rummy::timeout_move(m.state(), 0, Some(&Move::Draw)),
        Some(Move::Timeout(None))
    );
    assert_eq!(Rummy::timeout_move(m.state(), 1, None), None);
    let classic = start(Config::classic(), &[&["_"; 3], &["_"; 3]], &[]);
    assert_eq!(
        Rummy::turn_limit(classic.state()),
        Some(std::time::Duration::from_secs(60))
    );
}

// --- Set-up --------------------------------------------------------------------

#[test]
fn the_first_player_is_drawn_at_random() {
    for players in 2..=4usize {
        let mut starts = vec![0usize; players];
        for seed in 0..400u64 {
            let m = Match::<Rummy>::seeded("standard", players, seed).unwrap();
            assert_eq!(m.state().to_move(), m.state().first());
            starts[m.state().first()] += 1;
        }
        // Each seat starts about as often as the others (400 / players on
        // average; these bounds are more than four standard deviations out).
        let fair = 400 / players;
        assert!(
            starts.iter().all(|&n| n > fair / 2 && n < fair * 3 / 2),
            "{players} players: seat by seat, {starts:?} starts"
        );
    }
}

#[test]
fn a_deal_sets_the_first_player() {
    for first in 0..3 {
        let mut d = deal(
            &Config::standard(),
            &[&["_"; 14], &["_"; 14], &["_"; 14]],
            &[],
        );
        d.first = first;
        let m = Match::<Rummy>::new("standard", Config::standard(), 3, 0, Some(d)).unwrap();
        assert_eq!(m.awaiting(), vec![first]);
    }
}

// --- The end of a round -------------------------------------------------------

#[test]
fn going_out_wins_the_round_and_a_joker_left_costs_25() {
    let mut m = start(
        Config::standard(),
        &[&["k10", "k11", "k12", "k13"], &["j", "r5", "b7", "k2"]],
        &[],
    );
    let outcome = m.submit(0, play(&[&["k10", "k11", "k12", "k13"]])).unwrap();
    let end = outcome.round_end.expect("seat 0 laid its last card");
    assert_eq!(end.ending, Ending::WentOut(0));
    assert_eq!(end.hand_totals, vec![0, 39]);
    assert_eq!(end.scores, vec![39, -39]);
    assert!(m.is_over());
    assert_eq!(m.scores(), vec![39, -39]);
    assert_eq!(m.winners(), vec![0]);
}

#[test]
fn in_classic_a_joker_left_costs_30() {
    let mut m = start(
        Config::classic(),
        &[&["k10", "k11", "k12"], &["j", "r5", "b7"]],
        &[],
    );
    let end = m
        .submit(0, play(&[&["k10", "k11", "k12"]]))
        .unwrap()
        .round_end
        .unwrap();
    assert_eq!(end.scores, vec![42, -42]);
}

#[test]
fn with_the_pile_empty_the_round_ends_when_everyone_passes_in_a_row() {
    // 50 cards each: the pile holds 8.
    let config = Config {
        hand_size: 50,
        ..Config::standard()
    };
    let mut m = Match::<Rummy>::new("test", config, 2, 3, None).unwrap();
    let mut seat = m.state().to_move();
    while m.state().pile_len() > 0 {
        assert_eq!(m.submit(seat, Move::Draw).unwrap().action, Action::Drew);
        seat = 1 - seat;
    }
    let totals = [m.state().hand_total(0), m.state().hand_total(1)];
    assert_eq!(
        m.state().pile_len(),
        0,
        "the passes below are with the pile empty"
    );
    let passed = m.submit(seat, Move::Draw).unwrap();
    assert_eq!(
        (passed.action, passed.drew, passed.round_end.is_none()),
        (Action::Passed, 0, true)
    );
    assert_eq!(m.state().pile_len(), 0);
    let end = m
        .submit(1 - seat, Move::Draw)
        .unwrap()
        .round_end
        .expect("two passes in a row end it");
    assert_eq!(end.ending, Ending::Blocked);
    assert_eq!(end.hand_totals, totals.to_vec());
    let low = *totals.iter().min().unwrap();
    let winners: Vec<usize> = (0..2).filter(|&s| totals[s] == low).collect();
    assert_eq!(end.winners, winners);
    for (s, total) in totals.iter().enumerate() {
        if *total > low {
            assert_eq!(end.scores[s], low - total, "seat {s} loses the difference");
        }
    }
    let pot: i64 = totals.iter().map(|t| t - low).sum();
    for &w in &winners {
        assert_eq!(
            end.scores[w],
            pot / winners.len() as i64,
            "the winner takes the pot"
        );
    }
    assert!(m.is_over());
}

/// Two seats of 52 cards each from a deck without jokers: the pile is empty
/// from the first turn, so every draw is a pass. Seat 1 can lay a group of
/// tens worth 40.
fn pile_empty_from_the_start() -> Match<Rummy> {
    let config = Config {
        jokers: 0,
        ..Config::standard()
    };
    let mut h1 = vec!["k10", "b10", "o10", "r10"];
    h1.resize(52, "_");
    let m = start(config, &[&["_"; 52], &h1], &[]);
    assert_eq!(m.state().pile_len(), 0);
    m
}

#[test]
fn a_play_between_passes_starts_the_count_again() {
    let mut m = pile_empty_from_the_start();
    let passed = m.submit(0, Move::Draw).unwrap();
    assert_eq!((passed.action, m.state().passes()), (Action::Passed, 1));
    let laid = m.submit(1, play(&[&["k10", "b10", "o10", "r10"]])).unwrap();
    assert_eq!(laid.action, Action::Played);
    assert_eq!(m.state().passes(), 0);
    // Two passes in all, but not in a row: the round goes on.
    let passed = m.submit(0, Move::Draw).unwrap();
    assert_eq!(passed.action, Action::Passed);
    assert_eq!(passed.round_end, None, "a play came between the passes");
    assert!(!m.is_over());
    assert_eq!(m.state().to_move(), 1);
    // Seat 1 passes too: now every seat has passed in a row.
    let end = m
        .submit(1, Move::Draw)
        .unwrap()
        .round_end
        .expect("two passes in a row end the round");
    assert_eq!(end.ending, Ending::Blocked);
    assert!(m.is_over());
}

#[test]
fn a_seat_may_pass_with_the_pile_empty_even_when_it_could_play() {
    let mut m = pile_empty_from_the_start();
    m.submit(0, Move::Draw).unwrap();
    let passed = m.submit(1, Move::Draw).unwrap();
    assert_eq!(passed.action, Action::Passed);
    assert_eq!(
        passed.round_end.map(|e| e.ending),
        Some(Ending::Blocked),
        "seat 1 held a first meld and passed all the same"
    );
}

#[test]
fn a_match_of_several_rounds_adds_up_and_rotates_the_starter() {
    let config = Config {
        rounds: 2,
        ..Config::standard()
    };
    let mut m = start(
        config,
        &[&["k10", "k11", "k12", "k13"], &["j", "r5", "b7", "k2"]],
        &[],
    );
    let end = m
        .submit(0, play(&[&["k10", "k11", "k12", "k13"]]))
        .unwrap()
        .round_end
        .unwrap();
    assert_eq!(end.round, 1);
    assert!(!m.is_over());
    assert_eq!(m.scores(), vec![39, -39]);
    // Round 2 is dealt from the seed; seat 1 starts it.
    assert_eq!(m.state().round(), 2);
    assert_eq!(m.state().to_move(), 1);
    assert_eq!(m.state().hand(0).len(), 4);
    assert!(m.state().table().is_empty());
    let mut seat = 1;
    while !m.is_over() {
        m.submit(seat, Move::Draw).unwrap();
        seat = 1 - seat;
    }
    let rounds = m.state().rounds();
    assert_eq!(rounds.len(), 2);
    let totals: Vec<i64> = (0..2)
        .map(|s| rounds[0].scores[s] + rounds[1].scores[s])
        .collect();
    assert_eq!(m.scores(), totals);
    let best = *totals.iter().max().unwrap();
    assert_eq!(
        m.winners(),
        (0..2).filter(|&s| totals[s] == best).collect::<Vec<_>>()
    );
}

// --- Bad input ----------------------------------------------------------------

#[test]
fn unknown_card_names_are_refused_with_a_reason() {
    for bad in [
        r#"{"play": [["r14", "r1", "r2"]]}"#,
        r#"{"play": [["x5"]]}"#,
        r#"{"play": [["j:j"]]}"#,
    ] {
        let err = serde_json::from_str::<Move>(bad).unwrap_err().to_string();
        assert!(err.contains("is not a card"), "{err}");
    }
    for bad in [
        r#"{"draw": true, "play": []}"#,
        r#"{}"#,
        r#"{"draw": true, "to_hand": ["j"]}"#,
        r#"{"pass": true}"#,
    ] {
        assert!(serde_json::from_str::<Move>(bad).is_err(), "{bad}");
    }
}

/// Found by fuzzing: a time-out whose draft held seat 0's k1 "standing for"
/// k1 was accepted, and its record wrote the card as the joker `j:k1`, so
/// the record did not replay. Only a joker is written with the card it
/// stands for; any other such name is refused, in a play, a time-out or a
/// swap, and changes nothing.
#[test]
fn only_a_joker_is_written_with_the_card_it_stands_for() {
    let h0 = ["k1", "k2", "k3", "k4", "b9"];
    let mut m = start(Config::standard(), &[&h0, &["_"; 5]], &[]);
    let k1_as = |stands: &str| CardName {
        face: face("k1"),
        stands_for: Some(face(stands)),
    };
    let joker_as_joker = CardName {
        face: Face::Joker,
        stands_for: Some(Face::Joker),
    };
    let with = |first: CardName| vec![vec![first, "k2".parse().unwrap(), "k3".parse().unwrap()]];
    let before = format!("{:?}", m.state());
    for (mv, shown) in [
        (
            Move::Timeout(Some(Play {
                table: vec![vec![k1_as("k1")]],
                to_hand: Vec::new(),
            })),
            "k1:k1",
        ),
        (
            Move::Play(Play {
                table: with(k1_as("k1")),
                to_hand: Vec::new(),
            }),
            "k1:k1",
        ),
        (
            Move::Play(Play {
                table: with(k1_as("b7")),
                to_hand: Vec::new(),
            }),
            "k1:b7",
        ),
        (
            Move::Play(Play {
                table: with(joker_as_joker),
                to_hand: Vec::new(),
            }),
            "j:j",
        ),
    ] {
        let err = m.submit(0, mv.clone()).unwrap_err();
        assert!(
            matches!(&err, RuleError::Set { index: 0, reason: SetError::Annotation(c), .. } if c.to_string() == shown),
            "{mv:?}: {err}"
        );
        assert!(err.to_string().contains("only a joker is written"), "{err}");
        assert_eq!(format!("{:?}", m.state()), before, "{mv:?} changed nothing");
    }
    let err = m
        .submit(
            0,
            Move::Play(Play {
                table: sets(&[&["k1", "k2", "k3", "k4"]]),
                to_hand: vec![joker_as_joker],
            }),
        )
        .unwrap_err();
    assert_eq!(err, RuleError::ToHandNotJoker(joker_as_joker));
    assert!(m.moves().is_empty());
    // Written plainly, the same cards are fine, and the record replays.
    m.submit(
        0,
        Move::Timeout(Some(Play {
            table: sets(&[&["k1"]]),
            to_hand: Vec::new(),
        })),
    )
    .unwrap();
    let again = Match::<Rummy>::from_record(&m.record(), |_| Some(m.config().clone())).unwrap();
    assert_eq!(format!("{:?}", again.state()), format!("{:?}", m.state()));
}

#[test]
fn a_card_played_twice_or_not_in_the_hand_is_refused() {
    let h0 = ["k10", "k11", "k12", "k13", "b5", "o5"];
    let mut m = start(Config::standard(), &[&h0, &["_"; 6]], &[]);
    let err = m
        .submit(
            0,
            play(&[&["k10", "k11", "k12", "k13"], &["k13", "b13", "o13"]]),
        )
        .unwrap_err();
    assert_eq!(
        err,
        RuleError::NotInHand {
            face: face("k13"),
            needed: 2,
            held: 1
        }
    );
    let err = m.submit(0, play(&[&["k13", "k13", "k13"]])).unwrap_err();
    assert!(
        matches!(
            err,
            RuleError::CardTwice {
                count: 3,
                copies: 2,
                ..
            }
        ),
        "{err}"
    );
    let err = m
        .submit(0, play(&[&["k10", "k11", "k12"], &["r5", "b5", "o5"]]))
        .unwrap_err();
    assert!(matches!(err, RuleError::NotInHand { held: 0, .. }), "{err}");
    let err = m
        .submit(0, swap(&[&["k10", "k11", "k12", "k13"]], &["k10"]))
        .unwrap_err();
    assert!(matches!(err, RuleError::ToHandNotJoker(_)), "{err}");
}

#[test]
fn a_deal_that_does_not_account_for_the_deck_is_refused() {
    let config = Config::standard();
    // Fourteen cards from the front of the whole deck to each hand.
    let mut d = deal(&config, &[], &[]);
    let h0: Vec<Face> = d.pile.drain(..14).collect();
    let h1: Vec<Face> = d.pile.drain(..14).collect();
    d.hands = vec![h0, h1];
    assert!(Match::<Rummy>::new("standard", config.clone(), 2, 0, Some(d.clone())).is_ok());

    let mut missing = d.clone();
    missing.pile.pop();
    assert!(matches!(
        Match::<Rummy>::new("standard", config.clone(), 2, 0, Some(missing)),
        Err(RuleError::DealCount { .. })
    ));
    let mut extra = d.clone();
    extra.pile.push(face("r7"));
    assert!(matches!(
        Match::<Rummy>::new("standard", config.clone(), 2, 0, Some(extra)),
        Err(RuleError::DealCount {
            found: 3,
            expected: 2,
            ..
        })
    ));
    // The classic deck has two jokers, not four.
    assert!(matches!(
        Match::<Rummy>::new("classic", Config::classic(), 2, 0, Some(d.clone())),
        Err(RuleError::DealCount {
            expected: 2,
            found: 4,
            ..
        }) | Err(RuleError::DealHands { .. })
    ));
    let mut short = d.clone();
    let moved = short.hands[0].pop().unwrap();
    short.pile.push(moved);
    assert!(matches!(
        Match::<Rummy>::new("standard", config.clone(), 2, 0, Some(short)),
        Err(RuleError::DealHands { .. })
    ));
    let mut first = d.clone();
    first.first = 2;
    assert_eq!(
        Match::<Rummy>::new("standard", config.clone(), 2, 0, Some(first)).unwrap_err(),
        RuleError::DealFirst(1)
    );
    assert_eq!(
        Match::<Rummy>::new("standard", config, 5, 0, None).unwrap_err(),
        RuleError::Players(5)
    );
}

#[test]
fn a_bad_record_is_refused_with_a_reason_not_a_panic() {
    let text = std::fs::read_to_string(fixture()).unwrap();
    let good = Record::from_json(&text).unwrap();
    let replay =
        |r: &Record| Match::<Rummy>::from_record(r, |v| Rummy::variant(v).ok()).map(|_| ());
    // A joker annotation means nothing in a deal.
    let mut bad = good.clone();
    bad.deal.as_mut().unwrap()["pile"][0] = "j:k5".into();
    assert!(matches!(replay(&bad), Err(RecordError::Setup(e)) if e.contains("not a card")));
    // A deal one card short.
    let mut bad = good.clone();
    bad.deal.as_mut().unwrap()["pile"]
        .as_array_mut()
        .unwrap()
        .pop();
    assert!(
        matches!(replay(&bad), Err(RecordError::Setup(e)) if e.contains("exactly the variant's deck"))
    );
    // A move with an unknown card.
    let mut bad = good.clone();
    bad.moves[3] = serde_json::json!({"seat": 1, "play": [["r3", "r4", "r15"]]});
    assert!(matches!(
        replay(&bad),
        Err(RecordError::MoveSyntax { index: 3, .. })
    ));
    // A move the rules refuse: a two-card set.
    let mut bad = good.clone();
    bad.moves[3] = serde_json::json!({"seat": 1, "play": [["r3", "r4"]]});
    assert!(matches!(
        replay(&bad),
        Err(RecordError::Illegal {
            index: 3,
            seat: 1,
            ..
        })
    ));
    assert!(replay(&good).is_ok());
}

#[test]
fn a_refused_move_changes_nothing() {
    let mut m = rebuilding(
        Config::standard(),
        &["k5", "b5", "o5"],
        &["_", "_", "_", "_", "_", "_"],
    );
    let before = (Rummy::report(m.state()), Rummy::pieces(m.state()));
    for mv in [
        play(&[
            &["k1", "b1", "o1"],
            &["k12", "b12", "o12"],
            &["j", "r11", "r12", "r13"],
            &["k5", "b5", "o5"],
        ]),
        play(&[&["k5", "b5", "o5"]]),
        swap(
            &[
                START_TABLE[0],
                START_TABLE[1],
                &["r11", "r12", "r13"],
                &["k5", "b5", "o5"],
            ],
            &["j"],
        ),
    ] {
        assert!(m.submit(0, mv).is_err());
        assert_eq!((Rummy::report(m.state()), Rummy::pieces(m.state())), before);
    }
    assert!(matches!(
        m.submit(1, Move::Draw),
        Err(RuleError::NotYourTurn {
            seat: 1,
            to_move: 0
        })
    ));
    assert!(matches!(
        m.submit(4, Move::Draw),
        Err(RuleError::NoSeat(4)) | Err(RuleError::NotYourTurn { .. })
    ));
}

// --- What a seat sees ---------------------------------------------------------

#[test]
fn the_view_hides_other_hands_and_the_pile_order() {
    let config = Config::standard();
    // Two deals alike for seat 0 but for seat 1's hand and the pile's order.
    let mut base = deal(&config, &[], &[]);
    let h0: Vec<Face> = base.pile.drain(..14).collect();
    let h1: Vec<Face> = base.pile.drain(..14).collect();
    let mut one = base.clone();
    one.hands = vec![h0.clone(), h1.clone()];
    let mut two = base.clone();
    let mut pile = two.pile.clone();
    let mut other = h1.clone();
    std::mem::swap(&mut other[0], &mut pile[40]);
    pile.reverse();
    two.hands = vec![h0, other];
    two.pile = pile;
    let m1 = Match::<Rummy>::new("standard", config.clone(), 2, 0, Some(one)).unwrap();
    let m2 = Match::<Rummy>::new("standard", config, 2, 0, Some(two)).unwrap();
    assert_ne!(Rummy::pieces(m1.state()), Rummy::pieces(m2.state()));
    assert_eq!(m1.view(0), m2.view(0));
    let v = m1.view(0);
    assert_eq!(v.hand_sizes, vec![14, 14]);
    assert_eq!(v.pile_len, 80);
}

// --- Records --------------------------------------------------------------------

fn fixture() -> String {
    format!(
        "{}/../tests/fixtures/rummy-round.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The hand-written round: first melds (one with a joker), a rebuild that
/// splits a run, a joker swap, and seat 0 going out with the swapped joker.
#[test]
fn the_recorded_round_replays_to_its_scores() {
    let text = std::fs::read_to_string(fixture()).unwrap();
    let record = Record::from_json(&text).unwrap();
    let m = Match::<Rummy>::from_record(&record, |v| Rummy::variant(v).ok())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(m.is_over());
    let end = &m.state().rounds()[0];
    assert_eq!(end.ending, Ending::WentOut(0));
    // Seat 1 holds j k1 b3 o4 r11 k12 o2 b6 and drew k5, b12: 25 + 56.
    assert_eq!(end.hand_totals, vec![0, 81]);
    assert_eq!(end.scores, vec![81, -81]);
    assert_eq!(m.scores(), vec![81, -81]);
    assert_eq!(m.winners(), vec![0]);
    assert_eq!(
        table(&m),
        vec![
            vec!["r3", "r4", "r5"],
            vec!["r5", "r6", "r7", "r8", "r9"],
            vec!["k13", "b13", "o13"],
            vec!["o7", "o8", "o9"],
            vec!["k10", "b10", "o10"],
            vec!["k2", "b2", "j:o2"],
        ]
    );
    // Writing the match back gives a record that replays the same.
    let again = Record::from_json(&m.record().to_json()).unwrap();
    let m2 = Match::<Rummy>::from_record(&again, |v| Rummy::variant(v).ok()).unwrap();
    assert_eq!(Rummy::report(m2.state()), Rummy::report(m.state()));
}

#[test]
fn a_seeded_bot_match_round_trips_through_its_record() {
    for variant in ["standard", "classic"] {
        let mut m = Match::<Rummy>::seeded(variant, 3, 42).unwrap();
        let mut bots: Vec<_> = (0..3).map(|s| Rummy::bot("random", s).unwrap()).collect();
        while !m.is_over() {
            let seat = m.awaiting()[0];
            let mv = bots[seat].choose(&m.view(seat));
            m.submit(seat, mv).unwrap();
        }
        let text = m.record().to_json();
        let back = Match::<Rummy>::from_record(&Record::from_json(&text).unwrap(), |v| {
            Rummy::variant(v).ok()
        })
        .unwrap();
        assert_eq!(back.scores(), m.scores());
        assert_eq!(Rummy::report(back.state()), Rummy::report(m.state()));
        assert_eq!(back.record().to_json(), text);
    }
}
