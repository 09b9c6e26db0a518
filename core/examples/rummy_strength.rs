//! One Rummy bot against another: win rate with its 95 % interval, and the
//! first bot's thinking time per move (median, 99th percentile, slowest),
//! which the self-play summary gives only as a mean.
//!
//! ```text
//! cargo run --release -p parlour-core --example rummy_strength -- \
//!     [--bots expert,greedy] [--variant standard] [--games 200] [--seed 1] [--threads 1] \
//!     [--settings depth=8,own=keeper,others=greedy,holdbacks=6,margin=0.1,slope=0.35,joker=1.5]
//! ```
//!
//! `--settings` changes the searching expert's settings (every `expert`,
//! `expert:N` or `expert:Nms` entry), for tuning; without it the bots are
//! exactly the registered ones. `playouts=N` and `cap=MS` set the budget
//! itself (`cap=none`: no cap): `playouts=2000,cap=200` is the registered
//! expert as it was when it stopped by the clock after 200 ms.
//!
//! It prints too how many playouts the first bot's searches played (the
//! median of the moves it searched) and how many of them the safety cap on
//! time cut short.
//!
//! Seats and deals follow `engine::selfplay` exactly (`play_one`: seats
//! rotate, each deal is played from both sides, the same bot seeds), so the
//! wins equal `selfplay::run`'s for the same bots, variant and seed. Times
//! are wall-clock around each `choose` of the first bot, so they include
//! whatever else the machine is doing: quote the load with them.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use parlour_core::engine::GameRng;
use parlour_core::engine::selfplay::{deal_seed, seating};
use parlour_core::engine::{Bot, Game, Match};
use parlour_core::games::rummy::Rummy;
use parlour_core::games::rummy::search::{Budget, Expert, ExpertSettings, Policy};
use rayon::prelude::*;

/// The expert's settings with `text` (`key=value,...`) applied, and
/// whether it sets the budget.
fn settings(text: &str) -> Result<(ExpertSettings, bool), String> {
    let mut s = ExpertSettings::default();
    let mut budget = false;
    for pair in text.split(',').filter(|p| !p.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("{pair:?} is not key=value"))?;
        let bad = || format!("bad value {value:?} for {key}");
        let policy = |v: &str| match v {
            "greedy" => Ok(Policy::Greedy),
            "keeper" => Ok(Policy::Keeper),
            _ => Err(bad()),
        };
        match key {
            "depth" => {
                s.depth = match value {
                    "none" => None,
                    v => Some(v.parse().map_err(|_| bad())?),
                }
            }
            "own" => s.own = policy(value)?,
            "others" => s.others = policy(value)?,
            "holdbacks" => s.holdbacks = value.parse().map_err(|_| bad())?,
            "margin" => s.margin_weight = value.parse().map_err(|_| bad())?,
            "slope" => s.lead_slope = value.parse().map_err(|_| bad())?,
            "joker" => s.joker_worth = value.parse().map_err(|_| bad())?,
            "trust" => s.trust = value.parse().map_err(|_| bad())?,
            "playouts" => {
                s.budget.playouts = value.parse().map_err(|_| bad())?;
                budget = true;
            }
            "cap" => {
                s.budget.cap = match value {
                    "none" => None,
                    v => Some(Duration::from_millis(v.parse().map_err(|_| bad())?)),
                };
                budget = true;
            }
            _ => return Err(format!("unknown setting {key:?}")),
        }
    }
    Ok((s, budget))
}

/// A bot by name; experts with `tuned` settings when given (and their
/// budget too, when the settings set it).
fn bot(
    name: &str,
    seed: u64,
    tuned: Option<&(ExpertSettings, bool)>,
) -> Option<Box<dyn Bot<Rummy>>> {
    let registered = Rummy::bot(name, seed).ok()?;
    let Some((tuned, own_budget)) = tuned.filter(|_| registered.name() == "expert") else {
        return Some(registered);
    };
    let budget = match name.strip_prefix("expert:") {
        _ if *own_budget => tuned.budget,
        None => Budget::default(),
        Some(ms) if ms.ends_with("ms") => Budget::desktop_time(Duration::from_millis(
            ms.trim_end_matches("ms").parse().ok()?,
        )),
        Some(n) => Budget::playouts(n.parse().ok()?),
    };
    let settings = ExpertSettings { budget, ..*tuned };
    Some(Box::new(Expert::new(settings, GameRng::seeded(seed))))
}

/// CPU time this thread has had, in milliseconds (Linux's scheduler
/// statistics; `None` elsewhere). Unlike wall-clock time it does not grow
/// when other work shares the cores.
fn thread_cpu_ms() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let number = |name: &str, default: u64| -> u64 {
        value(name).map_or(default, |v| {
            v.parse().unwrap_or_else(|_| {
                eprintln!("error: {name} takes a number, not {v:?}");
                std::process::exit(2)
            })
        })
    };
    let bots: Vec<String> = value("--bots")
        .unwrap_or_else(|| "expert,greedy".into())
        .split(',')
        .map(str::to_owned)
        .collect();
    let variant = value("--variant").unwrap_or_else(|| "standard".into());
    let games = number("--games", 200) as usize;
    let seed = number("--seed", 1);
    let threads = number("--threads", 1) as usize;
    let players = bots.len();
    let config = match Rummy::variant(&variant) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    for name in &bots {
        if let Err(e) = Rummy::bot(name, 0) {
            eprintln!("error: {e}");
            return std::process::ExitCode::from(2);
        }
    }
    let tuned = match value("--settings").map(|t| settings(&t)).transpose() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    let times: Mutex<Vec<(f64, f64)>> = Mutex::new(Vec::new());
    // The first bot's playouts in each move it searched, and its searches
    // the safety cap cut short.
    let work: Mutex<(Vec<u64>, u64)> = Mutex::new((Vec::new(), 0));
    // A running count on standard error for a long run: matches over and
    // the first bot's share of their wins.
    let progress: Mutex<(usize, f64)> = Mutex::new((0, 0.0));
    let started = Instant::now();
    // Per match: the first bot's share of the win and its score margin.
    let results: Vec<(f64, i64)> = pool.install(|| {
        (0..games)
            .into_par_iter()
            .map(|index| {
                let (deal, seat_of) = seating(index, players);
                let match_seed = deal_seed(seed, deal);
                let mut game =
                    Match::<Rummy>::new(&variant, config.clone(), players, match_seed, None)
                        .expect("a seeded match");
                let mut seated: Vec<Option<Box<dyn Bot<Rummy>>>> =
                    (0..players).map(|_| None).collect();
                for (entry, name) in bots.iter().enumerate() {
                    let seat = seat_of[entry];
                    seated[seat] = bot(
                        name,
                        deal_seed(match_seed, 1000 + seat as u64),
                        tuned.as_ref(),
                    );
                }
                let first = seat_of[0];
                let mut mine = Vec::new();
                let mut playouts = Vec::new();
                while !game.is_over() {
                    let seat = game.awaiting()[0];
                    let view = game.view(seat);
                    let clock = Instant::now();
                    let cpu = thread_cpu_ms();
                    let bot = seated[seat].as_mut().expect("every seat has a bot");
                    let before = bot.effort();
                    let mv = bot.choose(&view);
                    if seat == first {
                        let wall = clock.elapsed().as_secs_f64() * 1000.0;
                        let cpu = thread_cpu_ms().zip(cpu).map_or(wall, |(b, a)| b - a);
                        mine.push((wall, cpu));
                        let after = bot.effort();
                        if after.searched > before.searched {
                            playouts.push(after.work - before.work);
                        }
                    }
                    if let Err(e) = game.submit(seat, mv) {
                        panic!("match {index}: seat {seat} played an illegal move: {e}");
                    }
                }
                times.lock().expect("times").extend(mine);
                {
                    let mut work = work.lock().expect("work");
                    work.0.extend(playouts);
                    work.1 += seated[first].as_ref().map_or(0, |b| b.effort().capped);
                }
                let winners = game.winners();
                let share = if winners.contains(&first) {
                    1.0 / winners.len() as f64
                } else {
                    0.0
                };
                let scores = game.scores();
                let best_other = (0..players)
                    .filter(|&s| s != first)
                    .map(|s| scores[s])
                    .max()
                    .unwrap_or(0);
                if let Ok(mut p) = progress.lock() {
                    p.0 += 1;
                    p.1 += share;
                    if p.0 % 20 == 0 {
                        eprintln!("{} matches over, {:.1} wins for {}", p.0, p.1, bots[0]);
                    }
                }
                (share, scores[first] - best_other)
            })
            .collect()
    });
    let seconds = started.elapsed().as_secs_f64();
    let n = results.len().max(1) as f64;
    let p = results.iter().map(|r| r.0).sum::<f64>() / n;
    let margin = results.iter().map(|r| r.1).sum::<i64>() as f64 / n;
    // Wilson's interval: right near 0 and 1 as well.
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    let times = times.into_inner().expect("times");
    let (mut playouts, capped) = work.into_inner().expect("work");
    playouts.sort_unstable();
    let searched = playouts.len();
    let playouts_at = |q: f64| {
        playouts
            .get(((searched as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0)
    };
    let summary = |mut t: Vec<f64>| {
        t.sort_by(f64::total_cmp);
        let at = |q: f64| {
            t.get(((t.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        format!(
            "median {:.2} ms, 99th percentile {:.2} ms, slowest {:.2} ms, mean {:.2} ms",
            at(0.5),
            at(0.99),
            t.last().copied().unwrap_or(0.0),
            t.iter().sum::<f64>() / t.len().max(1) as f64
        )
    };
    println!(
        "{} vs {}, {variant}, {players} players, {games} matches, seed {seed}: win rate {:.1} % \
         (95 % interval {:.1}–{:.1} %), mean margin {:+.1}\n{} moves by {}; wall clock: {}\n\
         CPU time: {}\n\
         {searched} moves searched: playouts a search, median {} (1st–99th percentile {}–{}), mean {:.0}; \
         cut short by the safety cap: {capped}\n{:.0} s on {threads} thread(s)",
        bots[0],
        bots[1..].join(","),
        100.0 * p,
        100.0 * (centre - half),
        100.0 * (centre + half),
        margin,
        times.len(),
        bots[0],
        summary(times.iter().map(|t| t.0).collect()),
        summary(times.iter().map(|t| t.1).collect()),
        playouts_at(0.5),
        playouts_at(0.01),
        playouts_at(0.99),
        playouts.iter().sum::<u64>() as f64 / searched.max(1) as f64,
        seconds,
    );
    std::process::ExitCode::SUCCESS
}
