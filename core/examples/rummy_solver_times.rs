//! Times the Rummy solver position by position and prints the distribution
//! (median, 90th and 99th percentiles, slowest), or writes positions out as
//! text so that two builds of the solver can be timed on the same ones.
//!
//! ```text
//! cargo run --release -p parlour-core --example rummy_solver_times -- \
//!     SET [--objective cards|value|cards-then-value] [--rules standard|classic] \
//!     [--reps 3] [--each] [--write]
//! ```
//!
//! `SET` is `random` (1,000 random mid-game positions, the bench's seed),
//! `played` (1,000 positions met by melded players in `greedy` against
//! `greedy` matches) or a file with one position a line:
//! `TABLE ; HAND ; melded` (or `first` for a player who has not melded), the
//! table's sets split by `|`, every joker written with what it stands for;
//! a line may go on with `; standard|classic ; OBJECTIVE`, which then
//! replace `--rules` and `--objective` for that position.
//! `--write` prints the set in that form instead of timing it; `--each`
//! prints each position's time (the best of `--reps`) and the score of its
//! answer, in order, so that two builds can be compared answer for answer.
//!
//! It uses only what the solver has offered from the start (`solve`,
//! `parse_position`, `sample`), so it also builds against older versions of
//! the solver, for timing them on the same positions.

use std::hint::black_box;
use std::time::{Duration, Instant};

use parlour_core::engine::{Game, GameRng, Match};
use parlour_core::games::rummy::Rummy;
use parlour_core::games::rummy::rules::Config;
use parlour_core::games::rummy::solver::sample::{self, Spec};
use parlour_core::games::rummy::solver::{Objective, Position, SolverRules, parse_position, solve};

const POSITIONS: usize = 1000;
const SEED: u64 = 2026;

fn random_positions() -> Vec<Position> {
    let mut rng = GameRng::seeded(SEED);
    (0..POSITIONS)
        .map(|_| sample::position(&mut rng, &Spec::mid_game()))
        .collect()
}

/// Every third turn of a melded player in `greedy` against `greedy`.
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

fn line(p: &Position) -> String {
    let table: Vec<String> = p
        .table
        .iter()
        .map(|s| {
            s.written()
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let hand: Vec<String> = p.hand.iter().map(|c| c.to_string()).collect();
    let melded = if p.melded { "melded" } else { "first" };
    format!("{} ; {} ; {melded}", table.join(" | "), hand.join(" "))
}

/// What a line of a file may say for itself: its rules and objective.
type Own = (Option<SolverRules>, Option<Objective>);

fn objective_named(name: &str) -> Objective {
    match name {
        "cards" => Objective::Cards,
        "value" => Objective::Value,
        "cards-then-value" => Objective::CardsThenValue,
        other => {
            eprintln!("error: unknown objective {other}");
            std::process::exit(2)
        }
    }
}

fn rules_named(name: &str) -> SolverRules {
    match name {
        "standard" => SolverRules::of(&Config::standard()),
        "classic" => SolverRules::of(&Config::classic()),
        other => {
            eprintln!("error: unknown rules {other}");
            std::process::exit(2)
        }
    }
}

fn read_file(path: &str) -> Vec<(Position, Own)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("error: {path}: {e}");
        std::process::exit(2)
    });
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split(';').map(str::trim).collect();
            let (table, hand, melded, own) = match parts[..] {
                [table, hand, melded] => (table, hand, melded, (None, None)),
                [table, hand, melded, rules, objective] => (
                    table,
                    hand,
                    melded,
                    (Some(rules_named(rules)), Some(objective_named(objective))),
                ),
                _ => {
                    eprintln!("error: not TABLE ; HAND ; melded [; RULES ; OBJECTIVE]: {l}");
                    std::process::exit(2)
                }
            };
            let p = parse_position(table, hand, melded == "melded").unwrap_or_else(|e| {
                eprintln!("error: {e}: {l}");
                std::process::exit(2)
            });
            (p, own)
        })
        .collect()
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * q).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let set = args.first().cloned().unwrap_or_else(|| "random".into());
    let positions = match set.as_str() {
        "random" => random_positions()
            .into_iter()
            .map(|p| (p, (None, None)))
            .collect(),
        "played" => played_positions()
            .into_iter()
            .map(|p| (p, (None, None)))
            .collect(),
        path => read_file(path),
    };
    if args.iter().any(|a| a == "--write") {
        for (p, _) in &positions {
            println!("{}", line(p));
        }
        return;
    }
    let objective = objective_named(value("--objective").as_deref().unwrap_or("cards"));
    let rules = rules_named(value("--rules").as_deref().unwrap_or("standard"));
    let reps: usize = value("--reps").and_then(|v| v.parse().ok()).unwrap_or(3);
    let each = args.iter().any(|a| a == "--each");
    let mut times = Vec::with_capacity(positions.len());
    for (i, (p, own)) in positions.iter().enumerate() {
        let rules = own.0.unwrap_or(rules);
        let objective = own.1.unwrap_or(objective);
        let mut score = None;
        let best = (0..reps.max(1))
            .map(|_| {
                let started = Instant::now();
                let solution = black_box(solve(black_box(p), &rules, objective));
                let took = started.elapsed();
                score = solution.ok().flatten().map(|s| s.score(objective));
                took
            })
            .min()
            .unwrap_or_default();
        if each {
            let score = score.map_or("none".into(), |s| s.to_string());
            println!("{i}\t{:.4}\t{score}", ms(best));
        }
        times.push(best);
    }
    let total: Duration = times.iter().sum();
    times.sort();
    println!(
        "{set}: {} positions, {}: median {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms, total {:.1} ms",
        times.len(),
        if positions.iter().any(|(_, own)| own.1.is_some()) {
            "objectives as given".to_owned()
        } else {
            format!("{objective:?}")
        },
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.9)),
        ms(percentile(&times, 0.99)),
        ms(times[times.len() - 1]),
        ms(total)
    );
}
