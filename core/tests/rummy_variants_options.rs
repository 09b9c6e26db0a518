//! A table agrees on its own Rummy before play: rounds, the clock, the first
//! meld, the jokers — written after the variant's name in the record.

use parlour_core::engine::Game;
use parlour_core::games::rummy::Rummy;

#[test]
fn a_match_of_several_rounds_is_agreed_in_the_variant_name() {
    let config = Rummy::variant("standard,rounds=3").unwrap();
    assert_eq!(config.rounds, 3);
    assert_eq!(config.first_meld, 40, "the rest of the ruling stands");
}

#[test]
fn options_combine_and_apply_over_classic() {
    let config = Rummy::variant("classic,turn-seconds=90,first-meld=50,jokers=4").unwrap();
    assert_eq!(config.turn_seconds, Some(90));
    assert_eq!(config.first_meld, 50);
    assert_eq!(config.jokers, 4);
    assert_eq!(config.joker_penalty, 30, "classic's own rules stand");
}

#[test]
fn the_clock_can_be_switched_off() {
    assert_eq!(
        Rummy::variant("standard,turn-seconds=off")
            .unwrap()
            .turn_seconds,
        None
    );
}

#[test]
fn bad_options_are_refused_with_a_reason() {
    for (name, says) in [
        ("standard,rounds=0", "rounds must be a whole number from 1"),
        (
            "standard,jokers=5",
            "jokers must be a whole number from 0 to 4",
        ),
        ("standard,colour=red", "unknown option \"colour\""),
        ("standard,rounds", "is not key=value"),
    ] {
        let err = Rummy::variant(name).unwrap_err().to_string();
        assert!(err.contains(says), "{name}: {err}");
    }
    assert!(
        Rummy::variant("nonsense")
            .unwrap_err()
            .to_string()
            .contains("the variants are")
    );
}
