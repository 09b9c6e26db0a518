//! The variants of Neighbours: the house rules the ruling offers.

mod common;

use common::{Setup, fingerprint, place, position, small};
use parlour_core::engine::selfplay::play_one;
use parlour_core::engine::{Game, Match};
use parlour_core::games::neighbours::{Adjacency, Config, Move, Neighbours, RuleError};

const FOUR_FIVE_SIX: &str = "
    ...........
    ...........
    .....6.....
    ....45.....
    ...........
    ...........
    ...........";

fn variant(name: &str) -> Config {
    Neighbours::variant(name).unwrap()
}

#[test]
fn every_builtin_variant_is_listed_and_an_unknown_one_is_refused_with_the_list() {
    assert_eq!(Neighbours::variants()[0], "standard");
    for name in Neighbours::variants() {
        assert!(Neighbours::variant(name).is_ok(), "{name}");
    }
    let err = Neighbours::variant("chess").unwrap_err();
    assert!(err.to_string().contains("any-neighbour"), "{err}");
    assert_eq!(variant("standard"), Config::default());
}

#[test]
fn any_neighbour_variant_needs_only_one_consecutive_neighbour() {
    let setup = |config: Config| Setup {
        config,
        ..Setup::standard(FOUR_FIVE_SIX, &[&[3, 8, 1, 1, 1], &[2, 2, 2, 2, 2]])
    };
    // Standard: (2,4) touches a 4 and a 6, so a 3 is refused.
    let mut m = position(&setup(variant("standard")));
    assert_eq!(
        m.submit(0, place(3, 2, 4)).unwrap_err(),
        RuleError::NotConsecutive {
            digit: 3,
            neighbour: 6
        }
    );
    // Any neighbour: the 3 is consecutive to the 4, which is enough; it still
    // scores for both tokens it touches.
    let mut m = position(&setup(variant("any-neighbour")));
    assert_eq!(m.state().config().adjacency, Adjacency::Any);
    let before = fingerprint(&m);
    assert_eq!(
        m.submit(0, place(8, 2, 4)).unwrap_err(),
        RuleError::NoConsecutiveNeighbour(8)
    );
    assert_eq!(fingerprint(&m), before);
    assert_eq!(
        m.submit(0, place(3, 2, 4)).unwrap().placed.unwrap().points,
        3 * 2
    );
}

#[test]
fn gentle_penalty_variant_charges_the_unplayed_value_once() {
    let setup = |config: Config| Setup {
        config,
        ..Setup::standard(
            "
            ...........
            ...........
            ...........
            ....456....
            ...........
            ...........
            ...........",
            &[&[0, 0, 1, 1, 9], &[9, 9, 0, 0, 1]],
        )
    };
    let mut m = position(&setup(variant("gentle-penalty")));
    m.submit(0, Move::Pass).unwrap();
    m.submit(1, Move::Pass).unwrap();
    assert_eq!(m.state().penalties(), &[31, 39]);
}

#[test]
fn diamond_board_variant_starts_in_its_centre_and_plays_to_the_end() {
    let config = variant("diamond");
    assert_eq!((config.board.rows(), config.board.cols()), (9, 9));
    assert_eq!(config.board.coords(config.board.start()), (4, 4));
    for index in 0..6 {
        let played = play_one::<Neighbours>(
            &config,
            "diamond",
            &["greedy".into(), "random".into()],
            3,
            index,
        )
        .unwrap();
        assert!(played.game.is_over());
    }
}

#[test]
fn hand_size_and_token_count_are_variant_options() {
    let config = small(2, 3);
    let m = Match::<Neighbours>::new("small", config, 2, 9, None).unwrap();
    assert_eq!(m.state().hand(0).len(), 3);
    assert_eq!(m.state().bag_len(), 20 - 1 - 6);
    let played = play_one::<Neighbours>(
        &small(2, 3),
        "small",
        &["greedy".into(), "greedy".into()],
        1,
        0,
    )
    .unwrap();
    assert!(played.game.is_over());
}

#[test]
fn a_variant_that_cannot_be_dealt_is_refused_with_a_reason() {
    for (config, players) in [
        (small(0, 5), 2),
        (small(26, 5), 2),
        (small(5, 0), 2),
        (small(5, 13), 2),
        (small(4, 12), 4),
        (
            Config {
                penalty: -1,
                ..Config::default()
            },
            2,
        ),
    ] {
        let err = Neighbours::new_match(&config, players, 0, None).unwrap_err();
        assert!(matches!(err, RuleError::Config(_)), "{err:?}");
        assert!(!err.to_string().is_empty());
    }
}
