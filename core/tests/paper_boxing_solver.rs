//! The Paper Boxing solver against a plain exhaustive minimax over the rules.

use parlour_core::engine::{GameRng, Seat};
use parlour_core::games::paper_boxing::solver::{Simultaneous, complete, keeping_steps};
use parlour_core::games::paper_boxing::{
    Config, Deal, FirstLead, Move, Solver, State, bots, solve_report,
};

/// Whether `seat` wins from `state` when both sides play perfectly, by
/// trying every legal step of every line to the end — nothing but the rules.
fn minimax_wins(state: &State, seat: Seat) -> bool {
    if state.is_over() {
        return state.winner() == Some(seat);
    }
    let s = state.to_move();
    let mut any = false;
    for mv in state.legal_moves(s) {
        let mut next = *state;
        next.apply(s, &mv).expect("a legal move");
        let wins = minimax_wins(&next, s);
        if wins {
            any = true;
            break;
        }
    }
    // `any`: the seat to move can force a win.
    if s == seat { any } else { !any }
}

fn revealed(rng: &mut GameRng, config: &Config) -> State {
    let deal = Deal {
        grids: vec![
            bots::random_grid(rng).to_vec(),
            bots::random_grid(rng).to_vec(),
        ],
        even: rng.below(2),
    };
    State::new(config, 2, Some(&deal)).expect("a valid deal")
}

/// A position from bout `from` on, reached by mostly sensible random play:
/// usually a step that keeps the path able to finish, sometimes any step, so
/// that races and lost paths are tested too. `None` if the match ended first.
fn random_position(rng: &mut GameRng, config: &Config, from: u8) -> Option<State> {
    let mut state = revealed(rng, config);
    let mid_bout = rng.below(2) == 1;
    loop {
        let following = state.to_move() != state.leader()?;
        if state.bouts() >= from && (following || !mid_bout) {
            return Some(state);
        }
        let s = state.to_move();
        let keep = keeping_steps(state.at(s), state.used(s));
        let legal = state.legal_cells(s);
        let good: Vec<u8> = legal
            .iter()
            .copied()
            .filter(|c| keep & (1 << c) != 0)
            .collect();
        let pool = if good.is_empty() || rng.below(6) == 0 {
            &legal
        } else {
            &good
        };
        let cell = *rng.pick(pool);
        state.apply(s, &Move::to_cell(cell)).expect("legal");
        if state.is_over() {
            return None;
        }
    }
}

#[test]
fn solver_agrees_with_exhaustive_minimax_from_bout_8() {
    let mut rng = GameRng::seeded(2024);
    let configs = [
        Config::default(),
        Config {
            first_lead: FirstLead::Sackson,
            ..Config::default()
        },
    ];
    let mut checked = 0;
    let mut mid_bout = 0;
    // Positions where neither, one or both paths can still visit every cell.
    let mut kinds = [0; 3];
    let mut tried = 0;
    while checked < 300 {
        tried += 1;
        assert!(tried < 10_000, "could not reach enough positions");
        let config = configs[tried % 2];
        let from = 8 + rng.below(3) as u8;
        let Some(state) = random_position(&mut rng, &config, from) else {
            continue;
        };
        let mut solver = Solver::new(state.grids());
        let sol = solver.solve(&state).expect("a position after the reveal");
        let truth = if minimax_wins(&state, 0) { 0 } else { 1 };
        assert_eq!(
            sol.winner, truth,
            "solver and minimax disagree on {state:?}"
        );
        // The best move keeps the win for a winner.
        let mut after = state;
        after
            .apply(sol.to_move, &Move::to_cell(sol.best))
            .expect("the best move is legal");
        if sol.winner == sol.to_move {
            assert!(
                minimax_wins(&after, sol.to_move),
                "the solver's move throws the win away in {state:?}"
            );
        }
        if state.to_move() != state.leader().unwrap() {
            mid_bout += 1;
        }
        let finishing = (0..2)
            .filter(|&s| complete(state.at(s), state.used(s)))
            .count();
        kinds[finishing] += 1;
        checked += 1;
    }
    assert!(
        kinds.iter().all(|&k| k >= 10),
        "too few races or lost paths: {kinds:?}"
    );
    assert!(
        mid_bout > 30,
        "too few positions with the follower to move: {mid_bout}"
    );
}

#[test]
fn solve_report_names_the_winner_and_a_legal_best_move() {
    let mut rng = GameRng::seeded(5);
    let state = random_position(&mut rng, &Config::default(), 9)
        .or_else(|| random_position(&mut rng, &Config::default(), 9))
        .expect("a position");
    let report = solve_report(&state);
    assert_eq!(report["ok"], true);
    let to_move = report["to_move"].as_u64().unwrap() as usize;
    assert_eq!(to_move, state.to_move());
    let winner = report["winner"].as_u64().unwrap() as usize;
    assert_eq!(
        report["value"],
        if winner == to_move { "win" } else { "loss" }
    );
    let to = &report["best_move"]["to"];
    let mv = Move::To {
        row: to[0].as_u64().unwrap() as u8,
        col: to[1].as_u64().unwrap() as u8,
    };
    assert!(state.legal_moves(to_move).contains(&mv));
    assert_eq!(winner, if minimax_wins(&state, 0) { 0 } else { 1 });
}

/// Seat 0's exact chance to win a simultaneous match by plain backward
/// induction (every pair of steps, a matrix game per bout).
fn simultaneous_value(state: &State) -> f64 {
    if state.is_over() {
        return (state.winner() == Some(0)) as u8 as f64;
    }
    let awaiting = state.awaiting();
    let options = |s: Seat| -> Vec<Option<Move>> {
        if awaiting.contains(&s) {
            state.legal_moves(s).into_iter().map(Some).collect()
        } else {
            vec![None]
        }
    };
    let (rows, cols) = (options(0), options(1));
    let payoff: Vec<Vec<f64>> = rows
        .iter()
        .map(|a| {
            cols.iter()
                .map(|b| {
                    let mut next = *state;
                    for (s, mv) in [(0, a), (1, b)] {
                        if let Some(mv) = mv {
                            next.apply(s, mv).expect("legal");
                        }
                    }
                    simultaneous_value(&next)
                })
                .collect()
        })
        .collect();
    parlour_core::games::paper_boxing::matrix::solve(&payoff)
        .expect("a game")
        .value
}

#[test]
fn simultaneous_endgame_value_matches_backward_induction() {
    let config = Config {
        bouts: parlour_core::games::paper_boxing::Bouts::Simultaneous,
        ..Config::default()
    };
    let mut rng = GameRng::seeded(77);
    let mut checked = 0;
    while checked < 40 {
        let mut state = revealed(&mut rng, &config);
        while state.bouts() < 11 && !state.is_over() {
            for s in state.awaiting() {
                let cells = state.legal_cells(s);
                state
                    .apply(s, &Move::to_cell(*rng.pick(&cells)))
                    .expect("legal");
            }
        }
        if state.is_over() {
            continue;
        }
        let mut solver = Simultaneous::new(state.grids(), state.first_leader().unwrap());
        let mix = solver.mix(&state).expect("a mix");
        assert!(mix.exact);
        let truth = simultaneous_value(&state);
        assert!(
            (mix.value - truth).abs() < 1e-6,
            "{} against {truth} in {state:?}",
            mix.value
        );
        for odds in &mix.odds {
            let total: f64 = odds.iter().sum();
            assert!(odds.is_empty() || (total - 1.0).abs() < 1e-6);
        }
        checked += 1;
    }
}

#[test]
fn a_search_spread_over_many_short_calls_finds_the_lead_of_one_search() {
    let mut rng = GameRng::seeded(77);
    let config = Config::default();
    let mut pauses = 0;
    for _ in 0..4 {
        // From the reveal (bout 0) and from bout 3, where searches are long.
        for from in [0, 3] {
            let Some(state) = random_position(&mut rng, &config, from) else {
                continue;
            };
            let s = state.to_move();
            let mut whole = Solver::new(state.grids());
            let mut spread = Solver::new(state.grids());
            for cell in state.legal_cells(s) {
                let expected = whole.lead_after(&state, cell);
                let answer = loop {
                    match spread.lead_after_within(&state, cell, 40) {
                        Ok(answer) => break answer,
                        Err(_) => pauses += 1,
                    }
                    assert!(pauses < 1_000_000, "the spread search goes on");
                };
                assert_eq!(answer, expected, "step to {cell}");
            }
        }
    }
    assert!(pauses > 10, "the searches paused only {pauses} times");
}
