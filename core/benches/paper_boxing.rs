//! Paper Boxing solver speed (release, one thread).
//!
//! - `opening`: a cold solve (new solver, empty table) of the position right
//!   after the reveal, one random pair of grids per sample: criterion's
//!   median over the 100 samples is the median over 100 grid pairs.
//! - `opening_duel`: the same pairs told apart by the set-up game's
//!   evaluator (`duel::Duel`, its table reused from pair to pair as in the
//!   set-up search). The example `paper_boxing_speed` times both on the same
//!   pairs with percentiles and all cores.
//! - `per_move_from_bout_5`: a cold solve of each position from bout 5 on
//!   of 10 matches played by the solver against itself, one position per
//!   sample.
//! - `simultaneous_first_bout` / `simultaneous_exact`: the bot's mix for the
//!   first bout of a simultaneous match (estimated) and for the first bout
//!   solved exactly (9 bouts left), one random pair of grids per sample.
//!
//! Run with `cargo bench -p parlour-core --bench paper_boxing`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use parlour_core::engine::GameRng;
use parlour_core::games::paper_boxing::duel::Duel;
use parlour_core::games::paper_boxing::solver::{EXACT_BOUTS, Simultaneous};
use parlour_core::games::paper_boxing::{Bouts, Config, Deal, Move, Solver, State, bots};

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

/// Times `iters` runs of `f` on the next item of `items`, one item per sample.
fn per_item<T>(items: &[T], next: &mut usize, iters: u64, f: impl Fn(&T)) -> Duration {
    let item = &items[*next % items.len()];
    *next += 1;
    let start = Instant::now();
    for _ in 0..iters {
        f(item);
    }
    start.elapsed()
}

fn opening(c: &mut Criterion) {
    let mut rng = GameRng::seeded(1);
    let positions: Vec<State> = (0..100)
        .map(|_| revealed(&mut rng, &Config::default()))
        .collect();
    let mut next = 0;
    c.bench_function("paper_boxing/opening", |b| {
        b.iter_custom(|iters| {
            per_item(&positions, &mut next, iters, |s| {
                black_box(Solver::new(s.grids()).solve(s));
            })
        })
    });
}

fn opening_duel(c: &mut Criterion) {
    let mut rng = GameRng::seeded(1);
    let positions: Vec<State> = (0..100)
        .map(|_| revealed(&mut rng, &Config::default()))
        .collect();
    let mut next = 0;
    let duel = std::cell::RefCell::new(Duel::new());
    c.bench_function("paper_boxing/opening_duel", |b| {
        b.iter_custom(|iters| {
            per_item(&positions, &mut next, iters, |s| {
                let first = s.first_leader().expect("revealed");
                black_box(duel.borrow_mut().seat0_wins(&s.grids(), first));
            })
        })
    });
}

fn per_move(c: &mut Criterion) {
    let mut rng = GameRng::seeded(2);
    let mut positions = Vec::new();
    for _ in 0..10 {
        let mut state = revealed(&mut rng, &Config::default());
        let mut solver = Solver::new(state.grids());
        while !state.is_over() {
            if state.bouts() >= 4 {
                positions.push(state);
            }
            let sol = solver.solve(&state).expect("solvable");
            state
                .apply(sol.to_move, &Move::to_cell(sol.best))
                .expect("legal");
        }
    }
    let mut next = 0;
    let mut group = c.benchmark_group("paper_boxing");
    group.sample_size(positions.len().max(10));
    group.bench_function("per_move_from_bout_5", |b| {
        b.iter_custom(|iters| {
            per_item(&positions, &mut next, iters, |s| {
                black_box(Solver::new(s.grids()).solve(s));
            })
        })
    });
    group.finish();
}

fn simultaneous(c: &mut Criterion) {
    let config = Config {
        bouts: Bouts::Simultaneous,
        ..Config::default()
    };
    let mut rng = GameRng::seeded(3);
    let openings: Vec<State> = (0..20).map(|_| revealed(&mut rng, &config)).collect();
    // The first exactly solved bout, reached by playing the bots' mixes.
    let exact: Vec<State> = openings
        .iter()
        .filter_map(|s| {
            let mut state = *s;
            let mut solver = Simultaneous::new(state.grids(), state.first_leader()?);
            while 15 - state.bouts() > EXACT_BOUTS && !state.is_over() {
                let mix = solver.mix(&state)?;
                for seat in state.awaiting() {
                    let best = (0..mix.cells[seat].len())
                        .max_by(|&i, &j| mix.odds[seat][i].total_cmp(&mix.odds[seat][j]))?;
                    state
                        .apply(seat, &Move::to_cell(mix.cells[seat][best]))
                        .ok()?;
                }
            }
            (!state.is_over()).then_some(state)
        })
        .collect();
    let mut group = c.benchmark_group("paper_boxing");
    group.sample_size(20);
    let mut next = 0;
    group.bench_function("simultaneous_first_bout", |b| {
        b.iter_custom(|iters| {
            per_item(&openings, &mut next, iters, |s| {
                black_box(Simultaneous::new(s.grids(), s.first_leader().unwrap_or(0)).mix(s));
            })
        })
    });
    let mut next = 0;
    group.bench_function("simultaneous_exact", |b| {
        b.iter_custom(|iters| {
            per_item(&exact, &mut next, iters, |s| {
                black_box(Simultaneous::new(s.grids(), s.first_leader().unwrap_or(0)).mix(s));
            })
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(100);
    targets = opening, opening_duel, per_move, simultaneous
}
criterion_main!(benches);
