//! Speed of the Rummy solver on 1,000 random mid-game positions: a table of
//! 15–60 cards that is a valid arrangement, a hand of 5–20 cards, 0–4 jokers
//! spread over both; the player has melded, the `standard` ruling. A second
//! set of 1,000 positions comes from real play: the positions met by melded
//! players in `greedy` against `greedy` matches.
//!
//! Before criterion's own measurements, the bench times every position on
//! its own (the best of a few runs) and prints the median, 90th, 99th
//! percentile and the slowest, for both objectives: the distribution is
//! what matters for a bot that must answer at once.
//!
//! `cargo bench -p parlour-core --bench rummy_solver`

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use parlour_core::engine::{Game, GameRng, Match};
use parlour_core::games::rummy::Rummy;
use parlour_core::games::rummy::solver::sample::{self, Spec};
use parlour_core::games::rummy::solver::{Objective, Position, SolverRules, solve};

const POSITIONS: usize = 1000;
const SEED: u64 = 2026;

fn positions() -> Vec<Position> {
    let mut rng = GameRng::seeded(SEED);
    (0..POSITIONS)
        .map(|_| sample::position(&mut rng, &Spec::mid_game()))
        .collect()
}

/// Positions from `greedy` self-play: every third turn of a melded player.
fn played_positions() -> Vec<Position> {
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < POSITIONS {
        seed += 1;
        let Ok(mut game) = Match::<Rummy>::seeded("standard", 2, seed) else {
            break;
        };
        let mut bots: Vec<_> = (0..2)
            .filter_map(|s| Rummy::bot("greedy", s).ok())
            .collect();
        let mut turn = 0;
        while !game.is_over() && out.len() < POSITIONS && turn < 500 {
            turn += 1;
            let seat = game.awaiting()[0];
            let view = game.view(seat);
            let position = Position::of(&view);
            if position.melded && turn % 3 == 0 {
                out.push(position);
            }
            let mv = bots[seat].choose(&view);
            if game.submit(seat, mv).is_err() {
                break;
            }
        }
    }
    out
}

fn time_one(p: &Position, rules: &SolverRules, objective: Objective) -> Duration {
    (0..3)
        .map(|_| {
            let started = Instant::now();
            black_box(solve(black_box(p), rules, objective).ok());
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i]
}

fn distribution(c: &mut Criterion) {
    let all = positions();
    let rules = SolverRules::standard();
    // Only a real benchmark run prints the distribution (not `cargo test`
    // running benches once, nor `--list`).
    let args: Vec<String> = std::env::args().collect();
    let played = played_positions();
    if args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--list") {
        println!("Random positions:");
        print_distribution(&all, &rules);
        println!("Positions from greedy self-play:");
        print_distribution(&played, &rules);
    }
    let mut group = c.benchmark_group("rummy_solver");
    group.sample_size(10);
    for objective in [Objective::Cards, Objective::Value] {
        group.bench_function(format!("{POSITIONS} positions, {objective:?}"), |b| {
            b.iter(|| {
                for p in &all {
                    black_box(solve(p, &rules, objective).ok());
                }
            })
        });
        group.bench_function(
            format!("{POSITIONS} played positions, {objective:?}"),
            |b| {
                b.iter(|| {
                    for p in &played {
                        black_box(solve(p, &rules, objective).ok());
                    }
                })
            },
        );
    }
    group.finish();
}

/// Times each position on its own and prints the median, 90th and 99th
/// percentiles and the slowest, per objective.
fn print_distribution(all: &[Position], rules: &SolverRules) {
    let cards: usize = all
        .iter()
        .map(|p| p.table.iter().map(|s| s.cards.len()).sum::<usize>())
        .sum();
    let hand: usize = all.iter().map(|p| p.hand.len()).sum();
    println!(
        "{} positions: mean table {:.1} cards, mean hand {:.1} cards",
        all.len(),
        cards as f64 / all.len() as f64,
        hand as f64 / all.len() as f64
    );
    for objective in [Objective::Cards, Objective::Value] {
        let mut times: Vec<Duration> = all.iter().map(|p| time_one(p, rules, objective)).collect();
        times.sort();
        println!(
            "solve ({objective:?}): median {:?}, p90 {:?}, p99 {:?}, max {:?}",
            percentile(&times, 0.5),
            percentile(&times, 0.9),
            percentile(&times, 0.99),
            times[times.len() - 1]
        );
    }
}

criterion_group!(benches, distribution);
criterion_main!(benches);
