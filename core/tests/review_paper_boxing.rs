//! Paper Boxing's review: exact grades, checked against the solver.

use parlour_core::engine::analysis::{Analyse, Budget, Grade, Method};
use parlour_core::engine::review::{self, Decision};
use parlour_core::engine::{Game, Match, Phase, selfplay};
use parlour_core::games::paper_boxing::setup::{Role, mixes};
use parlour_core::games::paper_boxing::{Config, Move, PaperBoxing, Solver, State, cell_at};

const BUDGET: Budget = Budget {
    guesses: 8,
    seed: 1,
};

/// A finished match between two bots, from `selfplay`.
fn played(bots: [&str; 2], index: usize) -> Match<PaperBoxing> {
    let config = PaperBoxing::variant("standard").unwrap();
    let bots: Vec<String> = bots.iter().map(|b| b.to_string()).collect();
    selfplay::play_one::<PaperBoxing>(&config, "standard", &bots, 3, index)
        .unwrap()
        .game
}

fn decisions(game: &Match<PaperBoxing>) -> Vec<Decision<PaperBoxing>> {
    review::decisions::<PaperBoxing>(&game.record(), |v| PaperBoxing::variant(v).ok()).unwrap()
}

/// Whether `seat` wins once `seat` steps to `cell` from `state`, by the
/// solver's own answer for the position after the step.
fn solver_says_wins(state: &State, seat: usize, cell: u8) -> bool {
    let mut next = *state;
    next.apply(seat, &Move::to_cell(cell)).unwrap();
    if next.is_over() {
        return next.winner() == Some(seat);
    }
    let sol = Solver::new(next.grids()).solve(&next).unwrap();
    sol.winner == seat
}

#[test]
fn every_step_after_the_reveal_is_graded_by_the_solvers_value() {
    let game = played(["random", "greedy"], 0);
    let mut steps = 0;
    for d in decisions(&game)
        .iter()
        .filter(|d| d.before.phase == Phase::Play)
    {
        let a = review::weigh(d, BUDGET).analysis.unwrap();
        assert_eq!(a.method, Method::Exact);
        let state = State::from_view(&d.before);
        let legal = state.legal_cells(d.seat);
        assert_eq!(a.candidates.len(), legal.len(), "move {}", d.index);
        for c in &a.candidates {
            let Move::To { row, col } = c.mv else {
                panic!("a step")
            };
            let cell = cell_at(row, col).unwrap();
            let wins = solver_says_wins(&state, d.seat, cell);
            assert_eq!(
                c.estimate.win, wins as u8 as f64,
                "move {} to {cell}",
                d.index
            );
            assert_eq!(c.estimate.win_se, 0.0);
        }
        assert_eq!(a.played().mv, d.played, "the played move is a candidate");
        let lost = a.best().estimate.win > a.played().estimate.win;
        assert_eq!(a.grade() == Grade::Blunder, lost && !a.forced);
        assert_eq!(a.loss(), if lost { 100.0 } else { 0.0 });
        steps += 1;
    }
    assert!(steps >= 10, "steps weighed: {steps}");
}

#[test]
fn the_solvers_steps_lose_nothing() {
    for index in 0..2 {
        let game = played(["solver", "random"], index);
        let seat = if index % 2 == 0 { 0 } else { 1 };
        let mut steps = 0;
        for d in decisions(&game)
            .iter()
            .filter(|d| d.seat == seat && d.before.phase == Phase::Play)
        {
            let a = review::weigh(d, BUDGET).analysis.unwrap();
            assert_eq!(a.loss(), 0.0, "match {index} move {}", d.index);
            assert!(matches!(
                a.grade(),
                Grade::Best | Grade::Forced | Grade::Decided
            ));
            steps += 1;
        }
        // A match with none of the solver's steps weighed would prove nothing.
        assert!(steps > 0, "match {index}: no step of the solver weighed");
    }
}

#[test]
fn a_set_up_is_weighed_against_the_bots_grids_and_every_grid_of_the_mix_is_worth_its_value() {
    let game = played(["random", "solver"], 0);
    let setups: Vec<_> = decisions(&game)
        .into_iter()
        .filter(|d| d.before.phase == Phase::SetUp)
        .collect();
    assert_eq!(setups.len(), 2);
    for d in &setups {
        let a = review::weigh(d, BUDGET).analysis.unwrap();
        assert_eq!(a.method, Method::AgainstBotsMix);
        let w = a.played().estimate.win;
        assert!((0.0..=1.0).contains(&w));
    }
    // Every grid of each role's mix, against the other role's mix: exactly
    // the mix's value, as an equilibrium of the restricted game has it
    // (every grid it plays is worth the same). One grid checked would let a
    // wrong grid anywhere else in either mix by.
    let config = Config::default();
    let both = mixes(&config);
    let game = parlour_core::games::paper_boxing::oracle::SetupGame::new(config);
    for (role, (mix, other)) in Role::ALL
        .into_iter()
        .zip([(&both[0], &both[1]), (&both[1], &both[0])])
    {
        assert!(!mix.grids.is_empty(), "{role:?}");
        for (i, grid) in mix.grids.iter().enumerate() {
            let v = game.value(role, grid, other);
            assert!(
                (v - mix.value).abs() < 1e-6,
                "{role:?} grid {i}: {v} against {}",
                mix.value
            );
        }
    }
}

#[test]
fn a_step_that_is_not_legal_is_refused() {
    let game = played(["greedy", "greedy"], 0);
    let d = decisions(&game)
        .into_iter()
        .find(|d| d.before.phase == Phase::Play)
        .unwrap();
    // D is never a legal step.
    let refused = PaperBoxing::analyst(&d.before, &Move::to_cell(0), None, BUDGET);
    assert!(refused.is_err());
}

#[test]
fn a_decision_weighed_in_the_shortest_slices_is_the_decision_weighed_at_once() {
    let game = played(["greedy", "solver"], 1);
    let mut most_calls = [0, 0];
    for d in decisions(&game).iter().take(8) {
        let mut analyst = review::analyst_of(d, BUDGET).unwrap();
        let mut calls = 0;
        // A slice of nothing: each call does the least it can, as the
        // frames of a slow page would have it.
        let sliced = loop {
            calls += 1;
            if let Some(a) = analyst.think(std::time::Duration::ZERO) {
                break a;
            }
            assert!(calls < 1_000_000, "move {} goes on", d.index);
        };
        let whole = review::weigh(d, BUDGET).analysis.unwrap();
        assert_eq!(sliced, whole, "move {}", d.index);
        let kind = (d.before.phase == Phase::Play) as usize;
        most_calls[kind] = most_calls[kind].max(calls);
    }
    // A set-up plays one pair of grids a call; the first steps search in
    // short runs.
    assert!(most_calls[0] > 10, "a set-up took {} calls", most_calls[0]);
    assert!(most_calls[1] > 10, "a step took {} calls", most_calls[1]);
}
