//! Speed of the Rummy solver on three sets of positions:
//! - **random**: 1,000 random mid-game positions — a table of 15–60 cards
//!   that is a valid arrangement, a hand of 5–20 cards, 0–4 jokers spread
//!   over both; the player has melded, the `standard` ruling;
//! - **played**: 1,000 positions met by melded players in `greedy` against
//!   `greedy` matches (every third turn), kept in `fixtures/` so that every
//!   version of the solver is timed on the same ones (the bots' choices, and
//!   so the positions, change with the solver's ties);
//! - **hard**: the hardest positions the hill-climbing search found (the
//!   example `rummy_solver_hard`), each with its own ruling and objective,
//!   kept with the solver's tests.
//!
//! Before criterion's own measurements, the bench times every position on
//! its own (the best of a few runs) and prints the median, 90th, 99th
//! percentile and the slowest: the distribution is what matters for a bot
//! that must answer at once.
//!
//! `cargo bench -p parlour-core --bench rummy_solver`

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use parlour_core::engine::GameRng;
use parlour_core::games::rummy::rules::Config;
use parlour_core::games::rummy::solver::sample::{self, Spec};
use parlour_core::games::rummy::solver::{Objective, Position, SolverRules, parse_position, solve};

const POSITIONS: usize = 1000;
const SEED: u64 = 2026;
const PLAYED: &str = include_str!("fixtures/rummy_played_positions.txt");
const HARD: &str = include_str!("../tests/rummy_solver/hard_positions.txt");

/// A position to solve, with the rules and objective to solve it by.
struct Case {
    position: Position,
    rules: SolverRules,
    objective: Objective,
}

fn random_positions(objective: Objective) -> Vec<Case> {
    let mut rng = GameRng::seeded(SEED);
    (0..POSITIONS)
        .map(|_| Case {
            position: sample::position(&mut rng, &Spec::mid_game()),
            rules: SolverRules::standard(),
            objective,
        })
        .collect()
}

/// Reads `TABLE ; HAND ; melded|first [; standard|classic ; OBJECTIVE]`
/// lines; `objective` where a line gives none.
fn read(text: &str, objective: Objective) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split(';').map(str::trim).collect();
            let position = parse_position(parts[0], parts[1], parts[2] == "melded")
                .unwrap_or_else(|e| panic!("{e}: {l}"));
            let rules = match parts.get(3) {
                Some(&"classic") => SolverRules::of(&Config::classic()),
                _ => SolverRules::standard(),
            };
            let objective = match parts.get(4) {
                Some(&"cards") => Objective::Cards,
                Some(&"value") => Objective::Value,
                Some(&"cards-then-value") => Objective::CardsThenValue,
                _ => objective,
            };
            Case {
                position,
                rules,
                objective,
            }
        })
        .collect()
}

fn time_one(case: &Case) -> Duration {
    (0..3)
        .map(|_| {
            let started = Instant::now();
            black_box(solve(black_box(&case.position), &case.rules, case.objective).ok());
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i]
}

/// Times each position on its own and prints the median, the 90th and
/// 99th percentiles and the slowest.
fn print_distribution(name: &str, cases: &[Case]) {
    let cards: usize = cases
        .iter()
        .map(|c| {
            c.position
                .table
                .iter()
                .map(|s| s.cards.len())
                .sum::<usize>()
        })
        .sum();
    let hand: usize = cases.iter().map(|c| c.position.hand.len()).sum();
    let mut times: Vec<Duration> = cases.iter().map(time_one).collect();
    times.sort();
    println!(
        "{name}: {} positions (mean table {:.1} cards, mean hand {:.1}): median {:?}, p90 {:?}, p99 {:?}, max {:?}",
        cases.len(),
        cards as f64 / cases.len() as f64,
        hand as f64 / cases.len() as f64,
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        percentile(&times, 0.99),
        times[times.len() - 1]
    );
}

fn distribution(c: &mut Criterion) {
    let sets = [
        ("random, cards", random_positions(Objective::Cards)),
        ("random, value", random_positions(Objective::Value)),
        ("played, cards", read(PLAYED, Objective::Cards)),
        ("played, value", read(PLAYED, Objective::Value)),
        ("hard, as given", read(HARD, Objective::Cards)),
    ];
    // Only a real benchmark run prints the distribution (not `cargo test`
    // running benches once, nor `--list`).
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--list") {
        for (name, cases) in &sets {
            print_distribution(name, cases);
        }
    }
    let mut group = c.benchmark_group("rummy_solver");
    group.sample_size(10);
    for (name, cases) in &sets {
        group.bench_function(format!("{} positions, {name}", cases.len()), |b| {
            b.iter(|| {
                for case in cases {
                    black_box(solve(&case.position, &case.rules, case.objective).ok());
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, distribution);
criterion_main!(benches);
