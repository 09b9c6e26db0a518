//! Properties of Paper Boxing over many seeded matches of random legal moves,
//! all three variants, from set-up moves or from an explicit deal: what must
//! hold after every move, however the match goes.
//!
//! The expected values (king steps, bout winners, the first leader, KO, the
//! winner) are worked out here from the rules page, from the grids and the
//! moves alone, not with the rules core's own helpers.

mod properties;

use std::collections::BTreeMap;

use parlour_core::engine::{Bot, Game, GameRng, Location, Match, Seat, Zone};
use parlour_core::games::paper_boxing::{
    Bouts, Deal, FirstLead, Outcome, PaperBoxing, State, bots,
};
use properties::{check_conserved, check_record_round_trip, slots};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

/// Matches per property: enough to meet every variant, both starts and
/// every pairing of bots many times, few enough for a quick test run.
const CASES: u32 = 1024;

fn variants(name: &str) -> Option<<PaperBoxing as Game>::Config> {
    PaperBoxing::variant(name).ok()
}

/// A match to play.
#[derive(Clone, Debug)]
struct Plan {
    /// The variant.
    variant: &'static str,
    /// `Some(even)`: the match starts from a deal of two random grids (or a
    /// measured grid, one time in four) with this seat called "even";
    /// `None`: from both seats' set-up moves.
    dealt: Option<Seat>,
    /// The seed of the deal's grids.
    seed: u64,
    /// The bot in each seat: `random`, or `greedy`, which keeps its path
    /// able to finish, so that matches also run their 15 bouts and tie.
    bots: [&'static str; 2],
    /// The seed of the bots and of the order in which awaited seats move.
    bot_seed: u64,
}

fn a_plan() -> impl Strategy<Value = Plan> {
    (
        prop::sample::select(PaperBoxing::variants()),
        prop::option::of(0..2usize),
        any::<u64>(),
        prop::sample::select(vec!["random", "random", "greedy"]),
        prop::sample::select(vec!["random", "random", "greedy"]),
        any::<u64>(),
    )
        .prop_map(|(variant, dealt, seed, a, b, bot_seed)| Plan {
            variant,
            dealt,
            seed,
            bots: [a, b],
            bot_seed,
        })
}

/// The deal of a dealt plan.
fn deal_of(plan: &Plan, even: Seat) -> Deal {
    let mut rng = GameRng::seeded(plan.seed);
    let grid = |rng: &mut GameRng| {
        if rng.below(4) == 0 {
            bots::SETUPS[rng.below(bots::SETUPS.len())].to_vec()
        } else {
            bots::random_grid(rng).to_vec()
        }
    };
    Deal {
        grids: vec![grid(&mut rng), grid(&mut rng)],
        even,
    }
}

/// The match a plan starts from.
fn start(plan: &Plan) -> Match<PaperBoxing> {
    let config = PaperBoxing::variant(plan.variant).unwrap();
    let deal = plan.dealt.map(|even| deal_of(plan, even));
    Match::new(plan.variant, config, 2, plan.seed, deal).unwrap()
}

/// Plays a whole match, each bot choosing from its seat's view; when both
/// seats are awaited (set-up, simultaneous bouts) either may move first.
/// Calls `each` after every move with the state before it, the match after
/// it and what the move did. Fails if the match does not end within the
/// game's move bound.
fn play(
    plan: &Plan,
    mut each: impl FnMut(&State, &Match<PaperBoxing>, &Outcome) -> Result<(), TestCaseError>,
) -> Result<Match<PaperBoxing>, TestCaseError> {
    let mut m = start(plan);
    let mut seats: Vec<Box<dyn Bot<PaperBoxing>>> = (0..2)
        .map(|s| PaperBoxing::bot(plan.bots[s], plan.bot_seed.wrapping_add(s as u64)).unwrap())
        .collect();
    let mut order = GameRng::seeded(plan.bot_seed ^ 0x5eed);
    let bound = PaperBoxing::move_bound(m.config(), 2);
    while !m.is_over() {
        prop_assert!(
            m.moves().len() < bound,
            "the match has not ended after {} moves, the bound",
            bound
        );
        let awaiting = m.awaiting();
        prop_assert!(!awaiting.is_empty(), "a match not over awaits nobody");
        let seat = *order.pick(&awaiting);
        let mv = seats[seat].choose(&m.view(seat));
        let before = *m.state();
        let outcome = m.submit(seat, mv).map_err(|e| {
            TestCaseError::fail(format!(
                "the {} bot's {mv:?} was refused: {e}",
                plan.bots[seat]
            ))
        })?;
        each(&before, &m, &outcome)?;
    }
    Ok(m)
}

/// Whether two cells are a king's step apart (the eight neighbours).
fn king_step(a: u8, b: u8) -> bool {
    let (ar, ac) = ((a / 4) as i32, (a % 4) as i32);
    let (br, bc) = ((b / 4) as i32, (b % 4) as i32);
    (ar - br).abs().max((ac - bc).abs()) == 1
}

/// Whether `seat`'s path can go on: an unused cell a king's step from its end.
fn can_step(state: &State, seat: Seat) -> bool {
    let path = state.path(seat);
    let end = *path.last().unwrap();
    (0..16u8).any(|c| king_step(end, c) && !path.contains(&c))
}

/// The first leader by the rules page: the parity of the two bottom-right
/// numbers names the "even" or the "odd" seat; in Sackson's variant the
/// larger sum around D leads, equal sums falling back on the parity.
fn expected_first_leader(state: &State) -> Seat {
    let [g0, g1] = state.grids();
    let even = state.even();
    let by_parity = if (g0[15] as u32 + g1[15] as u32).is_multiple_of(2) {
        even
    } else {
        1 - even
    };
    match state.config().first_lead {
        FirstLead::EvenOdd => by_parity,
        FirstLead::Sackson => {
            // Around D (cell 0): right (1), below (4), diagonally (5).
            let around = |g: &[u8; 16]| g[1] as u32 + g[4] as u32 + g[5] as u32;
            match around(&g0).cmp(&around(&g1)) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Less => 1,
                std::cmp::Ordering::Equal => by_parity,
            }
        }
    }
}

/// The written numbers 1..=15 of each seat: two of each label.
fn all_numbers() -> BTreeMap<String, usize> {
    (1..=15).map(|n: u8| (n.to_string(), 2)).collect()
}

/// Where the numbers may lie: a seat's are in the supply before it fills in
/// its grid, in its hand (at cells 1..16) until the reveal, on its half of
/// the board (cells 16 × seat + 1..16) after it.
fn number_places(state: &State) -> Vec<Location> {
    let mut places = Vec::new();
    for seat in 0..2 {
        if state.revealed() {
            places.extend((1..16).map(|c| Location::new(Zone::Board, 16 * seat as u32 + c)));
        } else if state.filled(seat) {
            places.extend(slots(Zone::Hand(seat), 16).skip(1));
        } else {
            places.extend((0..15).map(|n| Location::new(Zone::Supply, 15 * seat as u32 + n)));
        }
    }
    places
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn numbers_and_cells_are_conserved_after_every_move(plan in a_plan()) {
        play(&plan, |_, m, _| {
            let state = m.state();
            check_conserved::<PaperBoxing>(state, &all_numbers(), number_places(state))
                .map_err(TestCaseError::fail)?;
            for seat in 0..2 {
                // A grid once filled in: D (0) in the corner and 1..=15 once each.
                if let Some(grid) = state.grid(seat) {
                    let mut sorted = *grid;
                    sorted.sort_unstable();
                    prop_assert_eq!(grid[0], 0);
                    prop_assert_eq!(sorted.to_vec(), (0..16).collect::<Vec<u8>>());
                }
                // Each of the 16 cells is on the path exactly once or unused.
                let path = state.path(seat);
                for cell in 0..16u8 {
                    let on_path = path.iter().filter(|&&c| c == cell).count();
                    let used = state.used(seat) & (1 << cell) != 0;
                    prop_assert!(on_path <= 1, "seat {}'s path visits {} twice: {:?}", seat, cell, path);
                    prop_assert_eq!(
                        on_path == 1, used,
                        "seat {}'s cell {} is on the path {:?} but used is {:b}",
                        seat, cell, path, state.used(seat)
                    );
                }
                prop_assert_eq!(path.len() + (0..16).filter(|c| state.used(seat) & (1 << c) == 0).count(), 16);
            }
            Ok(())
        })?;
    }

    #[test]
    fn every_path_is_a_king_path_without_repeats_after_every_move(plan in a_plan()) {
        play(&plan, |before, m, outcome| {
            let state = m.state();
            for seat in 0..2 {
                let path = state.path(seat);
                prop_assert_eq!(path[0], 0, "seat {}'s path does not start on D", seat);
                for pair in path.windows(2) {
                    prop_assert!(
                        king_step(pair[0], pair[1]),
                        "seat {}'s path {:?} jumps from {} to {}", seat, path, pair[0], pair[1]
                    );
                }
                let mut sorted = path.to_vec();
                sorted.sort_unstable();
                sorted.dedup();
                prop_assert_eq!(sorted.len(), path.len(), "seat {}'s path {:?} repeats a cell", seat, path);
                // A path only grows, by at most one cell a move, and only its
                // owner's move (or, in simultaneous bouts, the reveal) grows it.
                let old = before.path(seat);
                prop_assert!(path.starts_with(old), "seat {}'s path {:?} became {:?}", seat, old, path);
                prop_assert!(path.len() <= old.len() + 1);
                if path.len() > old.len() && state.config().bouts == Bouts::Led {
                    prop_assert_eq!(outcome.seat, seat);
                }
            }
            // Paths are as long as the bouts played, give or take the step of
            // the bout under way (and a stuck seat in simultaneous bouts).
            let bouts = state.bouts() as usize;
            for seat in 0..2 {
                let steps = state.path(seat).len() - 1;
                match state.config().bouts {
                    Bouts::Led => prop_assert!(steps == bouts || steps == bouts + 1),
                    Bouts::Simultaneous => prop_assert!(steps <= bouts),
                }
            }
            Ok(())
        })?;
    }

    #[test]
    fn scores_are_the_bouts_won_as_the_moves_say(plan in a_plan()) {
        let mut wins = [0i64; 2];
        let mut first_leader = None;
        let mut leader = None;
        let mut start_checked = false;
        let m = play(&plan, |before, m, outcome| {
            let state = m.state();
            // A dealt match is revealed from the start.
            if !start_checked && before.revealed() {
                let expected = expected_first_leader(before);
                prop_assert_eq!(before.first_leader(), Some(expected));
                first_leader = Some(expected);
                leader = Some(expected);
            }
            start_checked = true;
            if let Some(fl) = outcome.first_leader {
                prop_assert!(!before.revealed() && state.revealed());
                prop_assert_eq!(fl, expected_first_leader(state), "the first-leader ruling");
                first_leader = Some(fl);
                leader = Some(fl);
            }
            prop_assert_eq!(state.first_leader(), first_leader);
            if let Some(bout) = outcome.bout {
                // The numbers each seat reached this bout: the end of its path
                // (the leader stepped a move earlier in led bouts), or 0 for a
                // seat that could not move (simultaneous).
                let numbers: [u8; 2] = std::array::from_fn(|s| {
                    if state.path(s).len() - 1 == state.bouts() as usize {
                        state.grid(s).unwrap()[state.at(s) as usize]
                    } else {
                        0
                    }
                });
                prop_assert_eq!(bout.numbers, numbers);
                if state.config().bouts == Bouts::Led {
                    prop_assert!(numbers[0] > 0 && numbers[1] > 0, "both step in a led bout");
                }
                let winner = match numbers[0].cmp(&numbers[1]) {
                    std::cmp::Ordering::Greater => Some(0),
                    std::cmp::Ordering::Less => Some(1),
                    std::cmp::Ordering::Equal => None,
                };
                prop_assert_eq!(bout.winner, winner);
                if let Some(w) = winner {
                    wins[w] += 1;
                    leader = Some(w);
                }
                prop_assert_eq!(bout.next_leader, leader.unwrap(), "the winner leads, a draw keeps the lead");
                prop_assert_eq!(bout.bout, before.bouts() + 1);
                prop_assert_eq!(state.bouts(), before.bouts() + 1);
            } else {
                prop_assert_eq!(state.bouts(), before.bouts());
            }
            prop_assert_eq!(m.scores(), wins.to_vec());
            prop_assert_eq!(state.leader(), leader);
            // KO: only in led bouts, only a seat due to move with nowhere to go.
            if let Some(k) = outcome.ko {
                prop_assert_eq!(state.config().bouts, Bouts::Led);
                prop_assert!(!can_step(state, k), "seat {} was KO'd with a free neighbour", k);
                let due = if outcome.bout.is_some() { leader.unwrap() } else { 1 - outcome.seat };
                prop_assert_eq!(k, due, "KO'd a seat not due to move");
                prop_assert!(state.is_over());
                prop_assert!(state.bouts() < 15);
            }
            prop_assert_eq!(state.ko(), outcome.ko.or(before.ko()));
            if !state.is_over() && state.revealed() {
                for seat in m.awaiting() {
                    prop_assert!(can_step(state, seat), "seat {} is awaited but cannot move", seat);
                }
                if state.config().bouts == Bouts::Simultaneous {
                    prop_assert!(can_step(state, 0) || can_step(state, 1));
                }
            }
            Ok(())
        })?;
        // The end: the other seat wins by KO, else the one with more bouts,
        // a tie going to the first leader.
        let state = m.state();
        let winner = match state.ko() {
            Some(k) => 1 - k,
            None => match wins[0].cmp(&wins[1]) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Less => 1,
                std::cmp::Ordering::Equal => first_leader.unwrap(),
            },
        };
        prop_assert_eq!(m.winners(), vec![winner]);
        prop_assert!(wins[0] + wins[1] <= state.bouts() as i64);
    }

    #[test]
    fn every_match_ends_within_the_move_bound(plan in a_plan()) {
        let m = play(&plan, |_, _, _| Ok(()))?;
        let state = m.state();
        prop_assert!(m.is_over());
        prop_assert!(m.moves().len() <= PaperBoxing::move_bound(m.config(), 2));
        // It ended for a reason the rules give.
        let ended = state.bouts() == 15
            || state.ko().is_some()
            || (state.config().bouts == Bouts::Simultaneous && !can_step(state, 0) && !can_step(state, 1));
        prop_assert!(ended, "the match ended after {} bouts without a KO", state.bouts());
        prop_assert!(m.awaiting().is_empty());
    }

    #[test]
    fn a_record_replays_to_the_same_match_and_writes_the_same_bytes(
        plan in a_plan(),
        stop in 0.0..1.5f64,
    ) {
        // Over or stopped part-way: the record reproduces either exactly.
        let total = play(&plan, |_, _, _| Ok(()))?.moves().len();
        let keep = ((total as f64 * stop) as usize).min(total);
        let mut played = 0;
        let mut snapshot = None;
        play(&plan, |_, m, _| {
            played += 1;
            if played == keep {
                snapshot = Some(m.clone());
            }
            Ok(())
        })?;
        let m = snapshot.unwrap_or_else(|| start(&plan));
        check_record_round_trip(&m, variants).map_err(TestCaseError::fail)?;
        let replayed = Match::<PaperBoxing>::from_record(&m.record(), variants).unwrap();
        prop_assert_eq!(replayed.state(), m.state(), "the replay's state is not the match's");
    }
}

/// The plans above meet every way a match can go, so the properties are
/// checked on each: KO of a leader and of a follower, all 15 bouts with a
/// winner and with a tie, a stuck seat playing 0 in simultaneous bouts,
/// Sackson's equal sums, and both ways of starting.
#[test]
fn the_random_matches_meet_every_kind_of_ending() {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..CASES {
        let plan = a_plan().new_tree(&mut runner).unwrap().current();
        let mut leader_ko = false;
        let mut stuck_zero = false;
        let m = play(&plan, |_, m, outcome| {
            if let Some(k) = outcome.ko {
                leader_ko = outcome.bout.is_some() || k == m.state().leader().unwrap();
            }
            if let Some(b) = outcome.bout {
                stuck_zero |= b.numbers.contains(&0);
            }
            Ok(())
        })
        .unwrap();
        let state = m.state();
        let mut note = |kind| *seen.entry(kind).or_insert(0) += 1;
        note(if plan.dealt.is_some() {
            "dealt"
        } else {
            "set up by moves"
        });
        match state.ko() {
            Some(_) if leader_ko => note("KO of the leader"),
            Some(_) => note("KO of the follower"),
            None if state.bouts() < 15 => note("both stuck"),
            None if state.wins()[0] == state.wins()[1] => note("15 bouts, tied"),
            None => note("15 bouts"),
        }
        if stuck_zero {
            note("a stuck seat plays 0");
        }
        let [g0, g1] = state.grids();
        if state.config().first_lead == FirstLead::Sackson
            && g0[1] + g0[4] + g0[5] == g1[1] + g1[4] + g1[5]
        {
            note("Sackson, equal sums");
        }
    }
    for kind in [
        "dealt",
        "set up by moves",
        "KO of the leader",
        "KO of the follower",
        "both stuck",
        "15 bouts, tied",
        "15 bouts",
        "a stuck seat plays 0",
        "Sackson, equal sums",
    ] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) > 0,
            "no match with {kind}: {seen:?}"
        );
    }
}
