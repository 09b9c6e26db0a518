//! Properties of Rummy over many seeded matches of random legal moves and
//! time-outs, every variant (and a match of three rounds), 2 to 4 players:
//! what must hold after every move, however the match goes.

mod properties;

use std::collections::BTreeMap;

use parlour_core::engine::{Game, GameRng, Location, Match, Zone};
use parlour_core::games::rummy::cards::deck;
use parlour_core::games::rummy::{
    self, CardName, Ending, Face, Move, Outcome, Rummy, SLOTS_PER_SET, State, sets,
};
use properties::{check_conserved, check_record_round_trip, slots};
use proptest::prelude::*;

/// Matches per property: Rummy matches are long, so fewer than Neighbours'.
const CASES: u32 = 128;

/// A house variant of three rounds, so that totals add several rounds up.
const THREE_ROUNDS: &str = "three-rounds";

fn variants(name: &str) -> Option<<Rummy as Game>::Config> {
    match name {
        THREE_ROUNDS => Some(rummy::Config {
            rounds: 3,
            ..Rummy::variant("standard").ok()?
        }),
        _ => Rummy::variant(name).ok(),
    }
}

/// A match to play: a variant, a number of seats, the deal's seed and the
/// seed of the bots and of the time-outs.
fn a_match() -> impl Strategy<Value = (&'static str, usize, u64, u64)> {
    (
        prop::sample::select(vec!["standard", "classic", "relaxed", THREE_ROUNDS]),
        2..=4usize,
        any::<u64>(),
        any::<u64>(),
    )
}

/// Plays a whole match: one `random` bot per seat chooses from its seat's
/// view; now and then, where the variant has a clock, the turn times out
/// instead, carrying the bot's table as its draft (sometimes with a hand
/// card left alone in a broken set). Calls `each` after every move with the
/// state before it, the match after it and what the move did. Fails if the
/// match does not end within the game's move bound.
fn play(
    variant: &str,
    players: usize,
    seed: u64,
    bot_seed: u64,
    mut each: impl FnMut(&State, &Match<Rummy>, &Outcome) -> Result<(), TestCaseError>,
) -> Result<Match<Rummy>, TestCaseError> {
    let config = variants(variant).unwrap();
    let mut m = Match::<Rummy>::new(variant, config, players, seed, None)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    // In half the matches, seat 0 is the greedy bot (in one of 32 each, the
    // heuristic and the searching expert on a small budget, which are
    // slower), whose solver rebuilds the table and swaps jokers as the
    // random bot never does.
    let mut bots: Vec<_> = (0..players)
        .map(|s| {
            let name = match (s, bot_seed % 32) {
                (0, 0) => "expert:16",
                (0, 2) => "heuristic",
                (0, n) if n % 2 == 1 => "greedy",
                _ => "random",
            };
            Rummy::bot(name, bot_seed.wrapping_add(s as u64)).unwrap()
        })
        .collect();
    let mut rng = GameRng::seeded(bot_seed);
    let bound = Rummy::move_bound(m.config(), players);
    while !m.is_over() {
        prop_assert!(
            m.moves().len() < bound,
            "the match has not ended after {} moves, the bound",
            bound
        );
        let seat = m.awaiting()[0];
        let mut mv = bots[seat].choose(&m.view(seat));
        if rng.below(10) == 0
            && let Some(timeout) = Rummy::timeout_move(m.state(), seat, Some(&mv))
        {
            mv = timeout;
            if let Move::Timeout(Some(draft)) = &mut mv
                && rng.below(2) == 0
            {
                // A hand card the draft does not already use, alone.
                let state = m.state();
                let count = |cards: &mut dyn Iterator<Item = Face>, face: Face| {
                    cards.filter(|&f| f == face).count()
                };
                let spare: Vec<Face> = state
                    .hand(seat)
                    .iter()
                    .map(|c| c.face())
                    .filter(|&f| {
                        let table = state.table().iter().flat_map(|s| s.cards.iter());
                        let have = count(&mut table.map(|c| c.face()), f)
                            + count(&mut state.hand(seat).iter().map(|c| c.face()), f);
                        count(&mut draft.table.iter().flatten().map(|c| c.face), f) < have
                    })
                    .collect();
                if !spare.is_empty() {
                    let face = spare[rng.below(spare.len())];
                    draft.table.push(vec![CardName::plain(face)]);
                }
            }
        }
        let before = m.state().clone();
        let outcome = m
            .submit(seat, mv.clone())
            .map_err(|e| TestCaseError::fail(format!("the legal move {mv:?} was refused: {e}")))?;
        each(&before, &m, &outcome)?;
    }
    Ok(m)
}

/// The full deck: two of each number card and the variant's jokers.
fn all_cards(state: &State) -> BTreeMap<String, usize> {
    let mut full = BTreeMap::new();
    for card in deck(state.config().jokers) {
        *full.entry(card.to_string()).or_insert(0) += 1;
    }
    full
}

/// Where the cards may lie: the pile's slots, each hand's, each table set's.
fn places(state: &State) -> Vec<Location> {
    let table = state.table().iter().enumerate().flat_map(|(s, set)| {
        (0..set.cards.len() as u32)
            .map(move |i| Location::new(Zone::Board, s as u32 * SLOTS_PER_SET + i))
    });
    let hands = (0..state.players()).flat_map(|s| slots(Zone::Hand(s), state.hand(s).len()));
    slots(Zone::Supply, state.pile_len())
        .chain(hands)
        .chain(table)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn cards_are_conserved_after_every_move((variant, players, seed, bots) in a_match()) {
        play(variant, players, seed, bots, |_, m, _| {
            let state = m.state();
            check_conserved::<Rummy>(state, &all_cards(state), places(state))
                .map_err(TestCaseError::fail)
        })?;
    }

    #[test]
    fn every_table_set_is_valid_after_every_move((variant, players, seed, bots) in a_match()) {
        play(variant, players, seed, bots, |_, m, _| {
            for set in m.state().table() {
                let written = set.written();
                let readings = sets::readings(&written);
                prop_assert!(
                    readings.contains(&set.reading),
                    "the set {:?} is read {:?}, which is none of its readings {:?}",
                    written, set.reading, readings
                );
                for (card, stands) in set.cards.iter().zip(&set.reading.faces) {
                    prop_assert!(card.is_joker() || card.face() == *stands);
                }
            }
            Ok(())
        })?;
    }

    #[test]
    fn totals_are_the_sum_of_round_scores_that_follow_the_scoring_rule(
        (variant, players, seed, bots) in a_match()
    ) {
        let m = play(variant, players, seed, bots, |before, m, outcome| {
            let state = m.state();
            let mut sums = vec![0i64; players];
            for round in state.rounds() {
                for (sum, score) in sums.iter_mut().zip(&round.scores) {
                    *sum += score;
                }
            }
            prop_assert_eq!(&m.scores(), &sums);
            let Some(end) = &outcome.round_end else { return Ok(()) };
            prop_assert_eq!(end.round, state.rounds().len());
            prop_assert_eq!(state.rounds().last(), Some(end));
            // Each hand's total as the round ended (the winner's hand is empty).
            let held: Vec<i64> = (0..players)
                .map(|s| match end.ending {
                    Ending::WentOut(w) if w == s => 0,
                    _ => before.hand_total(s),
                })
                .collect();
            prop_assert_eq!(&end.hand_totals, &held);
            let mut expected: Vec<i64>;
            match end.ending {
                Ending::WentOut(w) => {
                    prop_assert_eq!(&end.winners, &vec![w]);
                    expected = held.iter().map(|t| -t).collect();
                    expected[w] = held.iter().sum();
                }
                Ending::Blocked => {
                    prop_assert_eq!(before.pile_len(), 0);
                    let low = *held.iter().min().unwrap();
                    let winners: Vec<usize> = (0..players).filter(|&s| held[s] == low).collect();
                    prop_assert_eq!(&end.winners, &winners);
                    expected = held.iter().map(|t| low - t).collect();
                    let pot: i64 = held.iter().map(|t| t - low).sum();
                    for &w in &winners {
                        expected[w] = pot / winners.len() as i64;
                    }
                }
            }
            prop_assert_eq!(&end.scores, &expected);
            Ok(())
        })?;
        prop_assert_eq!(m.state().rounds().len(), m.config().rounds);
    }

    #[test]
    fn every_match_ends_within_the_move_bound((variant, players, seed, bots) in a_match()) {
        let m = play(variant, players, seed, bots, |_, _, _| Ok(()))?;
        prop_assert!(m.is_over());
        prop_assert!(m.moves().len() <= Rummy::move_bound(m.config(), players));
    }

    #[test]
    fn a_record_replays_to_the_same_match_and_writes_the_same_bytes(
        (variant, players, seed, bots) in a_match(),
        stop in 0.0..1.5f64,
    ) {
        // Over or stopped part-way: the record reproduces either exactly.
        let total = play(variant, players, seed, bots, |_, _, _| Ok(()))?.moves().len();
        let keep = ((total as f64 * stop) as usize).min(total);
        let mut played = 0;
        let mut snapshot = None;
        play(variant, players, seed, bots, |_, m, _| {
            played += 1;
            if played == keep {
                snapshot = Some(m.clone());
            }
            Ok(())
        })?;
        let m = match snapshot {
            Some(m) => m,
            None => Match::<Rummy>::new(variant, variants(variant).unwrap(), players, seed, None)
                .unwrap(),
        };
        check_record_round_trip(&m, variants).map_err(TestCaseError::fail)?;
    }
}
