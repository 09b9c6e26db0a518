//! The rules of Neighbours, one test per rule and ruling of `rules/neighbours.md`.

mod common;

use common::{Setup, fingerprint, hand, place, position, small};
use parlour_core::engine::{Game, Match, Phase};
use parlour_core::games::neighbours::{Config, Deal, Move, Neighbours, RuleError, rules};

/// Plays `mv` for `seat` and returns the points it scored.
fn points(m: &mut Match<Neighbours>, seat: usize, mv: Move) -> i64 {
    m.submit(seat, mv)
        .expect("a legal move")
        .placed
        .expect("a placement")
        .points
}

/// Submits a move the rules must refuse, checks that the match did not
/// change, and returns the reason.
fn refused(m: &mut Match<Neighbours>, seat: usize, mv: Move) -> RuleError {
    let before = fingerprint(m);
    let err = m
        .submit(seat, mv)
        .expect_err("the rules must refuse this move");
    assert_eq!(
        fingerprint(m),
        before,
        "a refused move must leave the match untouched"
    );
    assert!(!err.to_string().is_empty(), "a refusal gives a reason");
    err
}

fn cell(m: &Match<Neighbours>, row: u8, col: u8) -> usize {
    m.state().config().board.cell(row, col).unwrap()
}

/// The source's figure: a 4 and a 6 around the start 5.
const FOUR_FIVE_SIX: &str = "
    ...........
    ...........
    .....6.....
    ....45.....
    ...........
    ...........
    ...........";

/// A row 4 5 6 through the start cell: 0, 1 and 9 fit nowhere.
const ROW_456: &str = "
    ...........
    ...........
    ...........
    ....456....
    ...........
    ...........
    ...........";

/// Only the start token, a 5.
const START_5: &str = "
    ...........
    ...........
    ...........
    .....5.....
    ...........
    ...........
    ...........";

/// The end game of a one-copy variant: 3 to 8 down, the bag empty.
const ROW_345678: &str = "
    ...........
    ...........
    ...........
    ..345678...
    ...........
    ...........
    ...........";

/// One copy of each digit, hands of two: 3..8 down, seat 0 holds 2 and 9,
/// seat 1 holds 0 and 1, the bag is empty.
fn end_game() -> Match<Neighbours> {
    position(&Setup {
        config: small(1, 2),
        picture: ROW_345678,
        hands: vec![vec![2, 9], vec![0, 1]],
        bag: vec![],
        bag_rest: false,
        to_move: 0,
    })
}

#[test]
fn zero_is_consecutive_to_one_and_nine() {
    assert!(rules::consecutive(0, 1) && rules::consecutive(1, 0));
    assert!(rules::consecutive(0, 9) && rules::consecutive(9, 0));
    assert!(!rules::consecutive(0, 2) && !rules::consecutive(0, 8) && !rules::consecutive(0, 0));
    let mut m = position(&Setup::standard(
        "
        ...........
        ...........
        ...........
        ...901.....
        ...........
        ...........
        ...........",
        &[&[0, 0, 2, 2, 2], &[3, 3, 3, 3, 3]],
    ));
    m.submit(0, place(0, 3, 6)).expect("a 0 goes beside a 1");
    m.submit(1, Move::Pass)
        .expect("seat 1 holds only 3s, which fit nowhere");
    m.submit(0, place(0, 3, 2)).expect("a 0 goes beside a 9");
}

#[test]
fn must_match_every_neighbour() {
    // The source's example: beside a 4, a 3 or a 5; beside a 6, a 5 or a 7;
    // a cell touching both a 4 and a 6 takes only a 5.
    let mut m = position(&Setup::standard(
        FOUR_FIVE_SIX,
        &[&[3, 5, 7, 1, 1], &[2, 2, 2, 2, 2]],
    ));
    assert_eq!(m.state().accepts(cell(&m, 3, 3)), 1 << 3 | 1 << 5);
    assert_eq!(m.state().accepts(cell(&m, 1, 5)), 1 << 5 | 1 << 7);
    assert_eq!(m.state().accepts(cell(&m, 2, 4)), 1 << 5);
    assert_eq!(
        refused(&mut m, 0, place(3, 2, 4)),
        RuleError::NotConsecutive {
            digit: 3,
            neighbour: 6
        }
    );
    assert_eq!(
        refused(&mut m, 0, place(7, 2, 4)),
        RuleError::NotConsecutive {
            digit: 7,
            neighbour: 4
        }
    );
    assert_eq!(points(&mut m, 0, place(5, 2, 4)), 10);
}

#[test]
fn diagonal_tokens_do_not_count() {
    let mut m = position(&Setup::standard(
        "
        ...........
        ...........
        ....7......
        ....65.....
        ...........
        ...........
        ...........",
        &[&[4, 2, 2, 2, 2], &[1, 1, 1, 1, 1]],
    ));
    // (4,4) is below the 6 and diagonal to the 5: only the 6 counts.
    assert_eq!(m.state().touching(cell(&m, 4, 4)), 1);
    // (2,5) touches the 5 below and the 7 to its left, not the diagonal 6.
    assert_eq!(m.state().touching(cell(&m, 2, 5)), 2);
    // (4,6) touches nothing: the 5 is diagonal to it.
    assert_eq!(refused(&mut m, 0, place(4, 4, 6)), RuleError::Isolated);
    assert_eq!(
        points(&mut m, 0, place(4, 4, 5)),
        4,
        "the 4 touches only the 5 above it"
    );
}

#[test]
fn placement_must_touch_a_token() {
    let mut m = position(&Setup::standard(
        START_5,
        &[&[4, 6, 4, 6, 4], &[1, 1, 1, 1, 1]],
    ));
    assert_eq!(refused(&mut m, 0, place(4, 0, 0)), RuleError::Isolated);
    assert_eq!(refused(&mut m, 0, place(4, 3, 7)), RuleError::Isolated);
    m.submit(0, place(4, 3, 4)).expect("beside the start token");
}

#[test]
fn zero_counts_ten() {
    let mut m = position(&Setup::standard(
        "
        ...........
        ...........
        ...........
        .....1.....
        ...........
        ...........
        ...........",
        &[&[0, 2, 2, 2, 2], &[3, 3, 3, 3, 3]],
    ));
    assert_eq!(rules::value(0), 10);
    assert_eq!(rules::value(9), 9);
    assert_eq!(points(&mut m, 0, place(0, 3, 6)), 10);
}

#[test]
fn points_multiply_by_tokens_touched() {
    let mut m = position(&Setup::standard(
        "
        ...........
        ...........
        .....6.....
        ....656....
        ....5.5....
        ...........
        ...........",
        &[&[7, 5, 4, 5, 7], &[3, 3, 3, 3, 3]],
    ));
    assert_eq!(points(&mut m, 0, place(7, 3, 3)), 7, "one token touched");
    m.submit(1, Move::Pass).expect("3s fit nowhere");
    assert_eq!(
        points(&mut m, 0, place(5, 2, 4)),
        5 * 2,
        "two tokens touched"
    );
    m.submit(1, Move::Pass).expect("3s fit nowhere");
    assert_eq!(
        points(&mut m, 0, place(4, 4, 5)),
        4 * 3,
        "three tokens touched"
    );

    // Four: (3,3) is surrounded by 7, 5, 7 and 5.
    let mut m = position(&Setup::standard(
        "
        ...........
        ...........
        ..676......
        ..5.56.....
        ...76......
        ...........
        ...........",
        &[&[6, 1, 1, 1, 1], &[2, 2, 2, 2, 2]],
    ));
    assert_eq!(
        points(&mut m, 0, place(6, 3, 3)),
        6 * 4,
        "four tokens touched"
    );
}

#[test]
fn k_cell_adds_five() {
    // (2,2) is a K cell; it touches the 6 at (2,3).
    let mut m = position(&Setup::standard(
        "
        ...........
        ...........
        ...6.......
        ...545.....
        ...........
        ...........
        ...........",
        &[&[7, 1, 1, 1, 1], &[2, 2, 2, 2, 2]],
    ));
    assert_eq!(points(&mut m, 0, place(7, 2, 2)), 7 + 5);
}

#[test]
fn x_cell_adds_ten() {
    // (1,4) is an x cell; it touches the 3 at (2,4).
    let mut m = position(&Setup::standard(
        "
        ...........
        ...........
        ....3......
        ....45.....
        ...........
        ...........
        ...........",
        &[&[2, 1, 1, 1, 1], &[6, 6, 6, 6, 6]],
    ));
    assert_eq!(points(&mut m, 0, place(2, 1, 4)), 2 + 10);
}

#[test]
fn source_example_zero_on_x_between_nine_and_one_scores_thirty() {
    // The x cell (1,4) touches a 9 at (1,5) and a 1 at (2,4).
    let mut m = position(&Setup::standard(
        "
        ...........
        .....9.....
        ....10.....
        .....1.....
        ...........
        ...........
        ...........",
        &[&[0, 5, 5, 5, 5], &[6, 6, 6, 6, 6]],
    ));
    let before = m.state().points()[0];
    let scored = m.submit(0, place(0, 1, 4)).unwrap().placed.unwrap();
    // 10 (the 0) × 2 tokens touched + 10 for the x cell.
    assert_eq!((scored.touched, scored.bonus, scored.points), (2, 10, 30));
    assert_eq!(m.state().points()[0], before + 30);
}

#[test]
fn draw_after_placing() {
    let mut m = position(&Setup {
        bag: vec![8, 9],
        ..Setup::standard(START_5, &[&[4, 1, 1, 1, 1], &[6, 2, 2, 2, 2]])
    });
    let bag = m.state().bag_len();
    let outcome = m.submit(0, place(4, 3, 4)).unwrap();
    assert!(outcome.drew);
    assert_eq!(
        hand(&m, 0),
        vec![1, 1, 1, 1, 8],
        "the front of the bag is drawn; the hand stays at 5"
    );
    assert_eq!(m.state().bag_len(), bag - 1);
    m.submit(1, place(6, 3, 6)).unwrap();
    assert_eq!(hand(&m, 1), vec![2, 2, 2, 2, 9]);
}

#[test]
fn no_draw_from_an_empty_bag() {
    let mut m = end_game();
    assert_eq!(m.state().bag_len(), 0);
    let outcome = m.submit(0, place(2, 3, 1)).unwrap();
    assert!(!outcome.drew);
    assert_eq!(
        hand(&m, 0),
        vec![9],
        "the hand shrinks once the bag is empty"
    );
    assert!(!m.is_over());
}

#[test]
fn pass_only_when_no_placement() {
    let mut m = position(&Setup::standard(
        ROW_456,
        &[&[0, 0, 1, 1, 5], &[9, 9, 0, 0, 1]],
    ));
    assert_eq!(refused(&mut m, 0, Move::Pass), RuleError::MustPlace);
    m.submit(0, place(5, 2, 4)).unwrap();
    // Seat 1 holds 0, 1 and 9: none is consecutive to 4, 5 or 6.
    assert_eq!(m.state().legal_moves(1), vec![Move::Pass]);
    let points = m.state().points()[1];
    let outcome = m
        .submit(1, Move::Pass)
        .expect("a seat that cannot place passes");
    assert_eq!(
        (outcome.placed, outcome.drew, outcome.ended),
        (None, false, false)
    );
    assert_eq!(m.state().points()[1], points, "passing costs nothing");
}

#[test]
fn game_ends_when_a_player_places_all_tokens() {
    let mut m = end_game();
    m.submit(0, place(2, 3, 1)).unwrap();
    m.submit(1, place(1, 3, 0)).unwrap();
    assert!(!m.is_over());
    let outcome = m.submit(0, place(9, 3, 8)).unwrap();
    assert!(outcome.ended && m.is_over());
    assert_eq!(m.phase(), Phase::Over);
    assert!(m.awaiting().is_empty());
    assert_eq!(
        m.state().penalties(),
        &[0, 3 * 10],
        "seat 1 still holds its 0, worth 10"
    );
}

#[test]
fn game_ends_when_every_player_in_turn_passes() {
    let mut m = position(&Setup::standard(
        ROW_456,
        &[&[0, 0, 1, 1, 9], &[9, 9, 0, 0, 1]],
    ));
    m.submit(0, Move::Pass).unwrap();
    assert!(!m.is_over(), "one pass does not end the game");
    let outcome = m.submit(1, Move::Pass).unwrap();
    assert!(outcome.ended && m.is_over());

    // A placement between the passes starts the count again.
    let mut m = position(&Setup::standard(
        "
        ...........
        ...........
        ...........
        ....456....
        ...........
        ...........
        ...........",
        &[&[0, 0, 1, 1, 9], &[9, 0, 0, 1, 5], &[1, 9, 8, 8, 8]],
    ));
    m.submit(0, Move::Pass).unwrap();
    m.submit(1, place(5, 2, 4)).unwrap();
    m.submit(2, Move::Pass).unwrap();
    m.submit(0, Move::Pass).unwrap();
    assert!(!m.is_over(), "three passes, but not every player in turn");
}

#[test]
fn penalty_is_three_times_unplayed_value() {
    let mut m = position(&Setup::standard(
        ROW_456,
        &[&[0, 0, 1, 1, 9], &[9, 9, 0, 0, 1]],
    ));
    let points = m.state().points().to_vec();
    m.submit(0, Move::Pass).unwrap();
    m.submit(1, Move::Pass).unwrap();
    // 0 still counts 10: 3 × (10 + 10 + 1 + 1 + 9) and 3 × (9 + 9 + 10 + 10 + 1).
    assert_eq!(m.state().penalties(), &[93, 117]);
    assert_eq!(m.scores(), vec![points[0] - 93, points[1] - 117]);
}

#[test]
fn tied_scores_share_the_win() {
    let mut m = position(&Setup::standard(
        START_5,
        &[&[0, 1, 9, 0, 1], &[1, 9, 0, 1, 0]],
    ));
    assert!(m.winners().is_empty(), "no winner before the end");
    m.submit(0, Move::Pass).unwrap();
    m.submit(1, Move::Pass).unwrap();
    assert_eq!(m.scores(), vec![-93, -93]);
    assert_eq!(m.winners(), vec![0, 1]);

    let mut m = end_game();
    m.submit(0, place(2, 3, 1)).unwrap();
    m.submit(1, place(1, 3, 0)).unwrap();
    m.submit(0, place(9, 3, 8)).unwrap();
    assert_eq!(m.winners(), vec![0], "the highest total wins alone");
}

#[test]
fn the_first_player_is_chosen_at_random() {
    for players in 2..=4usize {
        let mut starts = vec![0usize; players];
        for seed in 0..400u64 {
            let m = Match::<Neighbours>::seeded("standard", players, seed).unwrap();
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
fn play_goes_round_the_table_in_seat_order() {
    let mut m = position(&Setup {
        to_move: 2,
        ..Setup::standard(
            START_5,
            &[&[4, 1, 1, 1, 1], &[6, 1, 2, 2, 2], &[4, 2, 3, 3, 3]],
        )
    });
    assert_eq!(
        refused(&mut m, 0, place(4, 3, 4)),
        RuleError::NotYourTurn {
            seat: 0,
            to_move: 2
        }
    );
    m.submit(2, place(4, 3, 4)).unwrap();
    m.submit(0, place(4, 4, 5)).unwrap();
    m.submit(1, place(6, 3, 6)).unwrap();
    assert_eq!(m.awaiting(), vec![2]);
}

#[test]
fn deals_that_do_not_account_for_exactly_the_fifty_tokens_are_refused() {
    let config = Config::default();
    let full = |start: u8, hands: Vec<Vec<u8>>| {
        let mut counts = [5usize; 10];
        for &d in std::iter::once(&start).chain(hands.iter().flatten()) {
            counts[d as usize] -= 1;
        }
        let bag: Vec<u8> = (0..10u8)
            .flat_map(|d| std::iter::repeat_n(d, counts[d as usize]))
            .collect();
        Deal {
            start,
            hands,
            bag,
            first: 0,
        }
    };
    let good = full(4, vec![vec![1, 2, 3, 4, 5], vec![0, 9, 8, 7, 6]]);
    assert!(Neighbours::new_match(&config, 2, 0, Some(&good)).is_ok());

    let mut missing = good.clone();
    let i = missing.bag.iter().position(|&d| d == 7).unwrap();
    missing.bag.remove(i);
    missing.bag.push(1); // a 7 swapped for a sixth 1
    assert_eq!(
        Neighbours::new_match(&config, 2, 0, Some(&missing)).unwrap_err(),
        RuleError::DealCount {
            digit: 1,
            found: 6,
            expected: 5
        }
    );
    let mut extra = good.clone();
    extra.bag.push(3);
    assert_eq!(
        Neighbours::new_match(&config, 2, 0, Some(&extra)).unwrap_err(),
        RuleError::DealCount {
            digit: 3,
            found: 6,
            expected: 5
        }
    );
    let mut short = good.clone();
    short.bag.pop();
    assert!(matches!(
        Neighbours::new_match(&config, 2, 0, Some(&short)),
        Err(RuleError::DealCount { .. })
    ));
    let mut not_digit = good.clone();
    not_digit.bag[0] = 12;
    assert_eq!(
        Neighbours::new_match(&config, 2, 0, Some(&not_digit)).unwrap_err(),
        RuleError::NotADigit(12)
    );
    let mut hands = good.clone();
    hands.hands[1].pop();
    hands.bag.push(6);
    assert_eq!(
        Neighbours::new_match(&config, 2, 0, Some(&hands)).unwrap_err(),
        RuleError::DealHands {
            players: 2,
            size: 5
        }
    );
    assert!(matches!(
        Neighbours::new_match(&config, 3, 0, Some(&good)),
        Err(RuleError::DealHands { .. })
    ));
    let first = Deal {
        first: 2,
        ..good.clone()
    };
    assert_eq!(
        Neighbours::new_match(&config, 2, 0, Some(&first)).unwrap_err(),
        RuleError::DealFirst(1)
    );
    assert_eq!(
        Neighbours::new_match(&config, 5, 0, None).unwrap_err(),
        RuleError::Players(5)
    );
    assert_eq!(
        Neighbours::new_match(&config, 1, 0, None).unwrap_err(),
        RuleError::Players(1)
    );
}

#[test]
fn a_move_out_of_turn_is_refused() {
    let mut m = position(&Setup::standard(
        START_5,
        &[&[4, 1, 1, 1, 1], &[6, 2, 2, 2, 2]],
    ));
    assert_eq!(
        refused(&mut m, 1, place(6, 3, 6)),
        RuleError::NotYourTurn {
            seat: 1,
            to_move: 0
        }
    );
    assert_eq!(refused(&mut m, 7, place(6, 3, 6)), RuleError::NoSeat(7));
}

#[test]
fn a_placement_on_an_occupied_cell_is_refused() {
    let mut m = position(&Setup::standard(
        FOUR_FIVE_SIX,
        &[&[3, 5, 7, 1, 1], &[2, 2, 2, 2, 2]],
    ));
    assert_eq!(refused(&mut m, 0, place(5, 3, 4)), RuleError::Occupied);
    assert_eq!(refused(&mut m, 0, place(5, 3, 5)), RuleError::Occupied);
}

#[test]
fn a_placement_off_the_board_is_refused() {
    let mut m = position(&Setup::standard(
        START_5,
        &[&[4, 1, 1, 1, 1], &[6, 2, 2, 2, 2]],
    ));
    assert_eq!(
        refused(&mut m, 0, place(4, 7, 0)),
        RuleError::OffBoard { row: 7, col: 0 }
    );
    assert_eq!(
        refused(&mut m, 0, place(4, 3, 11)),
        RuleError::OffBoard { row: 3, col: 11 }
    );
    assert_eq!(
        refused(&mut m, 0, place(4, 255, 255)),
        RuleError::OffBoard { row: 255, col: 255 }
    );
}

#[test]
fn a_token_not_in_hand_is_refused() {
    let mut m = position(&Setup::standard(
        START_5,
        &[&[4, 1, 1, 1, 1], &[6, 2, 2, 2, 2]],
    ));
    assert_eq!(refused(&mut m, 0, place(6, 3, 6)), RuleError::NotInHand(6));
    assert_eq!(
        refused(&mut m, 0, place(10, 3, 6)),
        RuleError::NotInHand(10)
    );
}

#[test]
fn moves_after_the_end_are_refused() {
    let mut m = end_game();
    m.submit(0, place(2, 3, 1)).unwrap();
    m.submit(1, place(1, 3, 0)).unwrap();
    m.submit(0, place(9, 3, 8)).unwrap();
    assert_eq!(refused(&mut m, 1, place(0, 3, 9)), RuleError::Over);
    assert_eq!(refused(&mut m, 1, Move::Pass), RuleError::Over);
    assert!(m.state().legal_moves(1).is_empty());
}

#[test]
fn a_seed_deals_the_start_token_five_tokens_a_hand_and_the_rest_to_the_bag() {
    for players in 2..=4 {
        let m = Match::<Neighbours>::seeded("standard", players, 42).unwrap();
        let s = m.state();
        assert!(s.token_at(s.config().board.start()).is_some());
        for seat in 0..players {
            assert_eq!(s.hand(seat).len(), 5);
        }
        assert_eq!(s.bag_len(), 50 - 1 - 5 * players);
        let again = Match::<Neighbours>::seeded("standard", players, 42).unwrap();
        assert_eq!(
            fingerprint(&m),
            fingerprint(&again),
            "a seed deals the same match every time"
        );
    }
}
