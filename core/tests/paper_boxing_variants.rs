//! Paper Boxing's variants by name: Sackson's first leader and simultaneous
//! bouts each alone, or both together, as the record's variant names them.

use parlour_core::engine::selfplay::play_one;
use parlour_core::engine::{Game, Match};
use parlour_core::games::paper_boxing::{
    Bouts, Config, Deal, FirstLead, Grid, Move, PaperBoxing, State,
};

/// Cell `c` holds `c`: low numbers around D, 15 in the bottom-right corner.
const ASCENDING: Grid = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
/// Cell `c` holds `16 - c`: high numbers around D, 1 in the bottom-right corner.
const DESCENDING: Grid = [0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

fn variant(name: &str) -> Config {
    PaperBoxing::variant(name).unwrap()
}

fn first_leader(name: &str) -> Option<usize> {
    let deal = Deal {
        grids: vec![ASCENDING.to_vec(), DESCENDING.to_vec()],
        even: 0,
    };
    State::new(&variant(name), 2, Some(&deal))
        .unwrap()
        .first_leader()
}

#[test]
fn sackson_and_simultaneous_combine_in_either_order() {
    let both = Config {
        first_lead: FirstLead::Sackson,
        bouts: Bouts::Simultaneous,
    };
    assert_eq!(variant("sackson,simultaneous"), both);
    assert_eq!(variant("simultaneous,sackson"), both);
    assert_eq!(variant("sackson").bouts, Bouts::Led);
    assert_eq!(variant("simultaneous").first_lead, FirstLead::EvenOdd);
}

/// A path through every cell, row by row, turning at each end.
const SNAKE: [u8; 15] = [1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 15, 14, 13, 12];

/// The deal of [`first_leader`], both seats walking the snake in
/// simultaneous bouts: on these mirrored grids that is 7 bouts each and a
/// draw (8 against 8).
fn tied_match(name: &str) -> State {
    let deal = Deal {
        grids: vec![ASCENDING.to_vec(), DESCENDING.to_vec()],
        even: 0,
    };
    let mut state = State::new(&variant(name), 2, Some(&deal)).unwrap();
    for cell in SNAKE {
        let step = Move::to_cell(cell);
        state.apply(0, &step).unwrap();
        state.apply(1, &step).unwrap();
    }
    state
}

#[test]
fn in_simultaneous_bouts_sacksons_rule_names_the_first_leader_who_wins_ties() {
    // Corners 15 + 1 = 16, even: seat 0 ("even") by the ruling; around D
    // the descending grid has 15 + 12 + 11, so seat 1 by Sackson's rule.
    assert_eq!(first_leader("simultaneous"), Some(0));
    assert_eq!(first_leader("sackson,simultaneous"), Some(1));
    // A tied match goes to that first leader.
    for (name, leader) in [("simultaneous", 0), ("sackson,simultaneous", 1)] {
        let state = tied_match(name);
        assert!(state.is_over(), "{name}: fifteen bouts");
        assert_eq!(state.wins(), [7, 7], "{name}: the bouts are tied");
        assert_eq!(state.first_leader(), Some(leader), "{name}");
        assert_eq!(PaperBoxing::winners(&state), vec![leader], "{name}");
    }
}

#[test]
fn a_combined_match_plays_to_the_end_and_replays_from_its_record() {
    let name = "sackson,simultaneous";
    for index in 0..2 {
        let played = play_one::<PaperBoxing>(
            &variant(name),
            name,
            &["solver".into(), "random".into()],
            4,
            index,
        )
        .unwrap();
        assert!(played.game.is_over());
        let record = played.game.record();
        assert_eq!(record.variant, name);
        let again =
            Match::<PaperBoxing>::from_record(&record, |v| PaperBoxing::variant(v).ok()).unwrap();
        assert_eq!(
            PaperBoxing::winners(again.state()),
            PaperBoxing::winners(played.game.state())
        );
    }
}

#[test]
fn bad_combinations_are_refused_with_a_reason() {
    for (name, says) in [
        ("sackson,sackson", "sackson is given twice"),
        ("simultaneous,simultaneous", "simultaneous is given twice"),
        ("sackson,standard", "only sackson and simultaneous combine"),
        ("sackson,rounds=3", "only sackson and simultaneous combine"),
    ] {
        let err = PaperBoxing::variant(name).unwrap_err().to_string();
        assert!(err.contains(says), "{name}: {err}");
    }
    assert!(
        PaperBoxing::variant("mixed-martial-arts")
            .unwrap_err()
            .to_string()
            .contains("the variants are")
    );
}
