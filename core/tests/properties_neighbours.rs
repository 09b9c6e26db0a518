//! Properties of Neighbours over many seeded matches of random legal moves,
//! every variant, 2 to 4 players: what must hold after every move, however
//! the match goes.

mod properties;

use std::collections::BTreeMap;

use parlour_core::engine::{Game, Match, Zone};
use parlour_core::games::neighbours::{Adjacency, Neighbours, Outcome, State, rules};
use properties::{check_conserved, check_record_round_trip, slots};
use proptest::prelude::*;

/// Matches per property: enough to meet every variant and seat count many
/// times, few enough for a quick test run.
const CASES: u32 = 256;

fn variants(name: &str) -> Option<<Neighbours as Game>::Config> {
    Neighbours::variant(name).ok()
}

/// A match to play: a variant, a number of seats, the deal's seed and the bots' seed.
fn a_match() -> impl Strategy<Value = (&'static str, usize, u64, u64)> {
    (
        prop::sample::select(Neighbours::variants()),
        2..=4usize,
        any::<u64>(),
        any::<u64>(),
    )
}

/// Plays a whole match with one `random` bot per seat, each choosing from
/// its seat's view, and calls `each` after every move with the state before
/// it, the match after it and what the move did. Fails if the match does not
/// end within the game's move bound.
fn play(
    variant: &str,
    players: usize,
    seed: u64,
    bot_seed: u64,
    mut each: impl FnMut(&State, &Match<Neighbours>, &Outcome) -> Result<(), TestCaseError>,
) -> Result<Match<Neighbours>, TestCaseError> {
    let mut m = Match::<Neighbours>::seeded(variant, players, seed)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut bots: Vec<_> = (0..players)
        .map(|s| Neighbours::bot("random", bot_seed.wrapping_add(s as u64)).unwrap())
        .collect();
    let bound = Neighbours::move_bound(m.config(), players);
    while !m.is_over() {
        prop_assert!(
            m.moves().len() < bound,
            "the match has not ended after {} moves, the bound",
            bound
        );
        let seat = m.awaiting()[0];
        let mv = bots[seat].choose(&m.view(seat));
        let before = m.state().clone();
        let outcome = m.submit(seat, mv).map_err(|e| {
            TestCaseError::fail(format!("the random bot's {mv:?} was refused: {e}"))
        })?;
        each(&before, &m, &outcome)?;
    }
    Ok(m)
}

/// The full set of tokens: `copies` of each digit.
fn all_tokens(state: &State) -> BTreeMap<String, usize> {
    (0..10)
        .map(|d| (d.to_string(), state.config().copies as usize))
        .collect()
}

/// Where the tokens may lie: the occupied cells, each hand's slots, the bag's.
fn places(state: &State) -> Vec<parlour_core::engine::Location> {
    let board = (0..state.config().board.len())
        .filter(|&c| state.token_at(c).is_some())
        .map(|c| parlour_core::engine::Location::new(Zone::Board, c as u32));
    let hands = (0..state.players()).flat_map(|s| slots(Zone::Hand(s), state.hand(s).len()));
    board
        .chain(hands)
        .chain(slots(Zone::Supply, state.bag_len()))
        .collect()
}

fn digit(state: &State, cell: usize) -> Option<u8> {
    state.token_at(cell).map(|t| t.digit())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn tokens_are_conserved_after_every_move((variant, players, seed, bots) in a_match()) {
        play(variant, players, seed, bots, |_, m, _| {
            let state = m.state();
            check_conserved::<Neighbours>(state, &all_tokens(state), places(state))
                .map_err(TestCaseError::fail)
        })?;
    }

    #[test]
    fn the_board_is_valid_after_every_move((variant, players, seed, bots) in a_match()) {
        play(variant, players, seed, bots, |before, m, outcome| {
            let state = m.state();
            let board = &state.config().board;
            prop_assert!(state.token_at(board.start()).is_some(), "the start cell is empty");
            if state.config().adjacency == Adjacency::Every {
                // The ruling: every pair of orthogonal neighbours is consecutive.
                for cell in 0..board.len() {
                    let Some(d) = digit(state, cell) else { continue };
                    for &n in board.neighbours(cell) {
                        if let Some(e) = digit(state, n) {
                            prop_assert!(
                                rules::consecutive(d, e),
                                "{} at {:?} touches {} at {:?}",
                                d, board.coords(cell), e, board.coords(n)
                            );
                        }
                    }
                }
            }
            if let Some(placed) = outcome.placed {
                // The placement touched the board, and (house rule) at least
                // one of the tokens it touched was consecutive.
                prop_assert_eq!(digit(before, placed.cell), None);
                prop_assert_eq!(digit(state, placed.cell), Some(placed.digit));
                let touched: Vec<u8> = board
                    .neighbours(placed.cell)
                    .iter()
                    .filter_map(|&n| digit(before, n))
                    .collect();
                prop_assert_eq!(touched.len(), placed.touched as usize);
                prop_assert!(
                    touched.iter().any(|&e| rules::consecutive(placed.digit, e)),
                    "{} was placed next to {:?}, none consecutive", placed.digit, touched
                );
            }
            Ok(())
        })?;
    }

    #[test]
    fn scores_are_the_placements_points_less_the_end_penalties(
        (variant, players, seed, bots) in a_match()
    ) {
        let mut points = vec![0i64; players];
        let m = play(variant, players, seed, bots, |_, m, outcome| {
            if let Some(placed) = outcome.placed {
                points[outcome.seat] += placed.points;
            }
            if !m.is_over() {
                prop_assert_eq!(&m.scores(), &points);
            }
            Ok(())
        })?;
        let state = m.state();
        let penalty = state.config().penalty;
        let expected: Vec<i64> = (0..players)
            .map(|s| {
                let left: i64 = state.hand(s).iter().map(|t| rules::value(t.digit())).sum();
                points[s] - penalty * left
            })
            .collect();
        prop_assert_eq!(m.scores(), expected);
        let best = m.scores().into_iter().max();
        let winners: Vec<usize> = (0..players).filter(|&s| Some(m.scores()[s]) == best).collect();
        prop_assert_eq!(m.winners(), winners);
    }

    #[test]
    fn every_match_ends_within_the_move_bound((variant, players, seed, bots) in a_match()) {
        let m = play(variant, players, seed, bots, |_, _, _| Ok(()))?;
        prop_assert!(m.is_over());
        prop_assert!(m.moves().len() <= Neighbours::move_bound(m.config(), players));
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
            None => Match::<Neighbours>::seeded(variant, players, seed).unwrap(),
        };
        check_record_round_trip(&m, variants).map_err(TestCaseError::fail)?;
    }
}
