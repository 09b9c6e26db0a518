//! The bout-1 solve of Paper Boxing — who wins a pair of grids from the
//! reveal on — timed per pair with the match solver (`Solver::solve`, what
//! the set-up was measured with before) and with the set-up game's evaluator
//! (`duel::Duel`), on the same pairs in the same run, and checked to agree.
//!
//! ```text
//! cargo run -p parlour-core --release --example paper_boxing_speed -- \
//!     [--pairs 300] [--seed 1] [--variant standard] [--mix]
//! ```
//!
//! Pairs are random grids; with `--mix`, grids drawn from the shipped
//! equilibrium mixes of the variant (the pairs the set-up search meets).
//! Prints the median and 99th percentile per pair on one thread, then pairs
//! per second over all cores.

use std::time::Instant;

use parlour_core::engine::{Game, GameRng};
use parlour_core::games::paper_boxing::duel::Duel;
use parlour_core::games::paper_boxing::{Deal, Grid, PaperBoxing, Solver, State, bots, setup};
use rayon::prelude::*;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let pairs: usize = value("--pairs").map_or(300, |v| v.parse().expect("--pairs N"));
    let seed: u64 = value("--seed").map_or(1, |v| v.parse().expect("--seed N"));
    let variant = value("--variant").unwrap_or_else(|| "standard".into());
    let from_mix = args.iter().any(|a| a == "--mix");
    let config = PaperBoxing::variant(&variant).expect("a Paper Boxing variant");
    let mut rng = GameRng::seeded(seed);
    let mix = setup::mixes(&config);
    let states: Vec<State> = (0..pairs)
        .map(|_| {
            let grids: [Grid; 2] = if from_mix {
                [mix[0].draw(&mut rng), mix[1].draw(&mut rng)]
            } else {
                [bots::random_grid(&mut rng), bots::random_grid(&mut rng)]
            };
            // Seat 0 plays the "even" grid when drawn from the mix.
            let deal = Deal {
                grids: grids.iter().map(|g| g.to_vec()).collect(),
                even: if from_mix { 0 } else { rng.below(2) },
            };
            State::new(&config, 2, Some(&deal)).expect("valid grids")
        })
        .collect();

    // One thread, pair by pair.
    let mut old_times = Vec::with_capacity(pairs);
    let mut new_times = Vec::with_capacity(pairs);
    let mut duel = Duel::new();
    let mut disagree = 0;
    let mut seat0 = 0;
    for s in &states {
        let t = Instant::now();
        let sol = Solver::new(s.grids())
            .solve(s)
            .expect("an opening is solvable");
        old_times.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let wins = duel.seat0_wins(&s.grids(), s.first_leader().expect("revealed"));
        new_times.push(t.elapsed().as_secs_f64());
        disagree += ((sol.winner == 0) != wins) as usize;
        seat0 += wins as usize;
    }
    println!(
        "{pairs} pairs ({}, seed {seed}, {variant}); seat 0 wins {seat0}; the two disagree on {disagree}",
        if from_mix {
            "from the mix"
        } else {
            "random grids"
        }
    );
    report("Solver::solve (before)", &mut old_times);
    report("Duel::seat0_wins (after)", &mut new_times);
    println!(
        "positions searched by Duel: {:.0} a pair on average",
        duel.nodes() as f64 / pairs as f64
    );

    if let Some(bits) = value("--table-bits") {
        for b in bits.split(',') {
            let b: u32 = b.parse().expect("bits");
            let mut d = Duel::with_table_bits(b);
            let mut times = Vec::new();
            for s in &states {
                let t = Instant::now();
                d.seat0_wins(&s.grids(), s.first_leader().expect("revealed"));
                times.push(t.elapsed().as_secs_f64());
            }
            report(&format!("table of 2^{b}"), &mut times);
            println!("  positions: {:.0} a pair", d.nodes() as f64 / pairs as f64);
        }
    }

    // All cores.
    let threads = rayon::current_num_threads();
    let t = Instant::now();
    let n: usize = states
        .par_iter()
        .map(|s| {
            Solver::new(s.grids()).solve(s).expect("solvable");
            1
        })
        .sum();
    let old_rate = n as f64 / t.elapsed().as_secs_f64();
    let t = Instant::now();
    let n: usize = states
        .par_iter()
        .map_init(Duel::new, |d, s| {
            d.seat0_wins(&s.grids(), s.first_leader().expect("revealed"));
            1
        })
        .sum();
    let new_rate = n as f64 / t.elapsed().as_secs_f64();
    println!(
        "over {threads} threads: before {old_rate:.1} pairs/s, after {new_rate:.1} pairs/s ({:.1}×)",
        new_rate / old_rate
    );
}

fn report(name: &str, times: &mut [f64]) {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize] * 1e3;
    let mean = times.iter().sum::<f64>() / times.len() as f64 * 1e3;
    println!(
        "{name:28} median {:8.3} ms   p99 {:8.3} ms   mean {:8.3} ms   max {:8.3} ms",
        at(0.5),
        at(0.99),
        mean,
        at(1.0)
    );
}
