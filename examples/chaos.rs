//! The chaos run's long form (the short one is `tests/chaos.rs`): seeds
//! one after another, each for a share of the minutes given or for a
//! number of steps, with the figures of each and of all.
//!
//! ```text
//! cargo run --example chaos -- SEEDS [MINUTES] [--steps N]
//! ```
//!
//! SEEDS is a list (`1,5,9`) or a range (`1-20`); MINUTES, 5 by default,
//! is shared out evenly. A failure prints its seed, its step and the line
//! that plays it again; the exit status is 1 if any seed failed.

#[path = "../tests/monkey/mod.rs"]
mod monkey;

use std::process::ExitCode;
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    let mut words = std::env::args().skip(1);
    let mut given = Vec::new();
    let mut steps = usize::MAX;
    while let Some(word) = words.next() {
        if word == "--steps" {
            match words.next().and_then(|n| n.parse().ok()) {
                Some(n) => steps = n,
                None => return refuse("--steps needs a whole number"),
            }
        } else {
            given.push(word);
        }
    }
    let seeds = match given.first() {
        None => vec![1],
        Some(text) => match parse_seeds(text) {
            Some(seeds) => seeds,
            None => {
                return refuse(&format!(
                    "seeds {text:?}: a seed, a list 1,5,9 or a range 1-20"
                ));
            }
        },
    };
    let minutes = match given.get(1).map(|m| m.parse::<f64>()) {
        None => None,
        Some(Ok(m)) if m > 0.0 => Some(m),
        Some(_) => return refuse("MINUTES is a number above 0"),
    };
    if given.len() > 2 {
        return refuse("at most SEEDS and MINUTES, and --steps N");
    }
    // With a step count and no minutes, the steps alone end each seed.
    let minutes = minutes.unwrap_or(if steps == usize::MAX { 5.0 } else { 1e6 });
    let per_seed = Duration::from_secs_f64(minutes * 60.0) / seeds.len() as u32;
    let started = Instant::now();
    let mut total = monkey::Tally::default();
    let mut failed = 0;
    for seed in seeds {
        let seed_start = Instant::now();
        match monkey::run(seed, steps, |_| seed_start.elapsed() < per_seed) {
            Ok(tally) => {
                println!("seed {seed}: {}", tally.report());
                total.add(&tally);
            }
            Err(failure) => {
                println!("{failure}");
                failed += 1;
            }
        }
    }
    total.elapsed = started.elapsed();
    println!("all seeds: {}", total.report());
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        println!("{failed} seed(s) failed");
        ExitCode::FAILURE
    }
}

fn refuse(why: &str) -> ExitCode {
    eprintln!("error: {why}");
    ExitCode::from(2)
}

/// `7`, `1,5,9` or `1-20`.
fn parse_seeds(text: &str) -> Option<Vec<u64>> {
    if let Some((a, b)) = text.split_once('-') {
        let (a, b): (u64, u64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
        return (a <= b).then(|| (a..=b).collect());
    }
    let seeds: Option<Vec<u64>> = text.split(',').map(|s| s.trim().parse().ok()).collect();
    seeds.filter(|s| !s.is_empty())
}
