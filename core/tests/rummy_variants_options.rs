//! A table agrees on its own Rummy before play: rounds, the clock, the first
//! meld, the jokers — written after the variant's name in the record. Each
//! option is read, and then played: whole seeded matches between bots, each
//! checked where the option bites.

use std::time::Duration;

use parlour_core::engine::{Game, Match, Record};
use parlour_core::games::rummy::{
    Action, Deal, Face, Move, Outcome, Play, RuleError, Rummy, State,
};

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

// --- The options played ----------------------------------------------------------

/// A whole match of `variant` between `bots` from `seed`, every move chosen
/// from the seat's view and checked by the rules. `watch` sees the state at
/// the start and after every move, with that move's outcome. Returns the
/// match and every outcome.
fn play_out(
    variant: &str,
    bots: &[&str],
    seed: u64,
    mut watch: impl FnMut(&State, Option<&Outcome>),
) -> (Match<Rummy>, Vec<Outcome>) {
    let mut m = Match::<Rummy>::seeded(variant, bots.len(), seed).unwrap();
    let mut seated: Vec<_> = bots
        .iter()
        .enumerate()
        .map(|(s, name)| Rummy::bot(name, seed * 10 + s as u64).unwrap())
        .collect();
    for (bot, name) in seated.iter().zip(bots) {
        // A bot on the clock plays differently on a slower machine: the
        // seed would not fix the match these tests read.
        assert_eq!(bot.time_limit(), None, "{name} thinks by the clock");
    }
    let bound = Rummy::move_bound(m.config(), bots.len());
    let mut outcomes = Vec::new();
    watch(m.state(), None);
    while !m.is_over() {
        assert!(m.moves().len() < bound, "{variant}, seed {seed}: no end");
        let seat = m.awaiting()[0];
        let mv = seated[seat].choose(&m.view(seat));
        let outcome = m.submit(seat, mv).expect("a bot's move is legal");
        watch(m.state(), Some(&outcome));
        outcomes.push(outcome);
    }
    // The record names the options and alone replays the match.
    let record = Record::from_json(&m.record().to_json()).unwrap();
    assert_eq!(record.variant, variant);
    let again = Match::<Rummy>::from_record(&record, |v| Rummy::variant(v).ok()).unwrap();
    assert_eq!(again.scores(), m.scores());
    (m, outcomes)
}

/// The faces of every card in the match: the pile, the hands, the table.
fn every_face(state: &State) -> Vec<Face> {
    let mut faces: Vec<Face> = state.pile_in_draw_order().map(|c| c.face()).collect();
    for seat in 0..state.players() {
        faces.extend(state.hand(seat).iter().map(|c| c.face()));
    }
    for set in state.table() {
        faces.extend(set.faces());
    }
    faces
}

/// A two-seat match of `variant` with seat 0 holding `h0` and to move; seat
/// 1's hand is number cards from the back of the deck.
fn dealt(variant: &str, h0: &[&str]) -> Match<Rummy> {
    let mut config = Rummy::variant(variant).unwrap();
    config.hand_size = h0.len();
    let mut rest: Vec<Face> = parlour_core::games::rummy::cards::deck(config.jokers)
        .into_iter()
        .map(|c| c.face())
        .collect();
    let mut take = |f: Face| rest.remove(rest.iter().position(|&g| g == f).unwrap());
    let hand: Vec<Face> = h0.iter().map(|n| take(n.parse().unwrap())).collect();
    let other: Vec<Face> = (0..h0.len())
        .map(|_| {
            let i = rest.iter().rposition(|f| !f.is_joker()).unwrap();
            rest.remove(i)
        })
        .collect();
    let deal = Deal {
        hands: vec![hand, other],
        pile: rest,
        first: 0,
    };
    Match::new(variant, config, 2, 1, Some(deal)).unwrap()
}

fn play(table: &[&[&str]]) -> Move {
    Move::Play(Play {
        table: table
            .iter()
            .map(|s| s.iter().map(|n| n.parse().unwrap()).collect())
            .collect(),
        to_hand: Vec::new(),
    })
}

#[test]
fn the_first_meld_option_refuses_a_first_meld_below_it_and_accepts_one_at_it() {
    let name = "standard,first-meld=50";
    let mut m = dealt(
        name,
        &["k10", "b10", "o10", "r10", "k1", "k2", "k3", "k4", "b7"],
    );
    // 40 + 2 + 3 + 4 = 49: enough under the ruling's 40, one short here.
    let err = m
        .submit(
            0,
            play(&[&["k10", "b10", "o10", "r10"], &["k2", "k3", "k4"]]),
        )
        .unwrap_err();
    assert_eq!(
        err,
        RuleError::FirstMeldTooSmall {
            value: 49,
            threshold: 50
        }
    );
    let outcome = m
        .submit(
            0,
            play(&[&["k10", "b10", "o10", "r10"], &["k1", "k2", "k3", "k4"]]),
        )
        .unwrap();
    assert_eq!(outcome.first_meld, Some(50));
}

#[test]
fn bots_play_whole_matches_to_the_first_meld_option() {
    for (name, threshold) in [
        ("standard,first-meld=60", 60),
        ("classic,first-meld=20", 20),
    ] {
        let mut melds = Vec::new();
        for seed in 0..4 {
            let (m, outcomes) = play_out(name, &["greedy", "expert:64"], seed, |_, _| ());
            assert!(m.is_over());
            melds.extend(outcomes.iter().filter_map(|o| o.first_meld));
        }
        assert!(!melds.is_empty(), "{name}: some first melds were made");
        assert!(
            melds.iter().all(|&v| v >= threshold),
            "{name}: first melds {melds:?}"
        );
    }
}

#[test]
fn the_jokers_option_sets_the_jokers_in_the_deck_for_a_whole_match() {
    for jokers in 0..=4usize {
        let name = format!("standard,jokers={jokers}");
        let mut laid = 0;
        let (m, outcomes) = play_out(&name, &["random", "greedy"], jokers as u64, |state, _| {
            let faces = every_face(state);
            assert_eq!(faces.len(), 104 + jokers, "{name}: the deck");
            assert_eq!(
                faces.iter().filter(|f| f.is_joker()).count(),
                jokers,
                "{name}: the jokers in the deck"
            );
        });
        assert_eq!(Rummy::pieces(m.state()).len(), 104 + jokers);
        for o in &outcomes {
            laid += o.laid.iter().filter(|f| f.is_joker()).count();
        }
        if jokers == 0 {
            assert_eq!(laid, 0, "no joker is ever laid without jokers");
        }
    }
    // Without jokers in the deck, a joker cannot be laid.
    let mut m = dealt("standard,jokers=0", &["k10", "k11", "k12", "b1"]);
    let err = m
        .submit(0, play(&[&["j:k9", "k10", "k11", "k12"]]))
        .unwrap_err();
    assert!(
        matches!(
            err,
            RuleError::CardTwice {
                face: Face::Joker,
                count: 1,
                copies: 0
            }
        ),
        "{err}"
    );
}

#[test]
fn the_rounds_option_is_the_number_of_rounds_played_before_the_match_ends() {
    for (rounds, players) in [(1, 2), (3, 2), (2, 3)] {
        let name = format!("standard,rounds={rounds}");
        let bots = ["greedy", "random", "expert:64"];
        let mut ended = Vec::new();
        let (m, _) = play_out(&name, &bots[..players], 7, |state, outcome| {
            let Some(end) = outcome.and_then(|o| o.round_end.as_ref()) else {
                return;
            };
            ended.push(end.round);
            let over = outcome.is_some_and(|o| o.match_over);
            assert_eq!(
                over,
                end.round == rounds,
                "{name}: over after round {}",
                end.round
            );
            if !over {
                // The next round is dealt afresh.
                assert!(state.table().is_empty());
                assert!((0..players).all(|s| state.hand(s).len() == 14));
                assert_eq!(state.round(), end.round + 1);
            }
        });
        assert_eq!(ended, (1..=rounds).collect::<Vec<_>>(), "{name}");
        assert_eq!(m.state().rounds().len(), rounds);
        let sums: Vec<i64> = (0..players)
            .map(|s| m.state().rounds().iter().map(|r| r.scores[s]).sum())
            .collect();
        assert_eq!(m.scores(), sums, "{name}: the totals add the rounds up");
    }
}

#[test]
fn with_the_clock_off_no_turn_has_a_deadline_and_none_times_out() {
    let (m, outcomes) = play_out(
        "standard,turn-seconds=off",
        &["greedy", "random"],
        3,
        |state, _| {
            assert_eq!(Rummy::turn_limit(state), None);
            if !state.is_over() {
                let seat = state.to_move();
                assert_eq!(Rummy::timeout_move(state, seat, Some(&Move::Draw)), None);
                let mut s = state.clone();
                assert_eq!(
                    s.apply(seat, &Move::Timeout(None)).unwrap_err(),
                    RuleError::NoClock
                );
            }
        },
    );
    assert!(m.is_over());
    assert!(outcomes.iter().all(|o| o.action != Action::TimedOut));
    // The same match with the clock on has a deadline at every turn.
    play_out(
        "standard,turn-seconds=45",
        &["greedy", "random"],
        3,
        |state, _| {
            if !state.is_over() {
                assert_eq!(Rummy::turn_limit(state), Some(Duration::from_secs(45)));
                let seat = state.to_move();
                assert_eq!(
                    Rummy::timeout_move(state, seat, None),
                    Some(Move::Timeout(None))
                );
            }
        },
    );
}
