//! The figures of docs/review.md: what `parlour review` finds in bots'
//! matches, how stable its grades are, and how long it takes.
//!
//! ```text
//! # mean accuracy per bot over matches with the seats rotated
//! cargo run --release -p parlour-core --example review_figures -- accuracy \
//!     --game neighbours --bots random,greedy,expert --games 100 --budget 200 --threads 2
//! # the grades under the budget and under ten times it
//! cargo run --release -p parlour-core --example review_figures -- agreement \
//!     --game rummy --bots random,greedy,expert:300 --decisions 200 --budget 100
//! # the time to review whole matches
//! cargo run --release -p parlour-core --example review_figures -- time \
//!     --game rummy --bots expert:300,expert:300 --games 20 --budget 100 --threads 2
//! # the same on one thread at the screen's budget, as a page measures it
//! # (`?bench-review=rummy/expert:300,greedy` gives the page's, 5 matches)
//! cargo run --release -p parlour-core --example review_figures -- page-time \
//!     --game rummy --bots expert:300,greedy --games 5
//! ```
//!
//! Paper Boxing has two seats: its `accuracy` plays the bots named in
//! pairs, each pair in turn (random–greedy, greedy–solver, random–solver).

use std::collections::BTreeMap;

use parlour_core::engine::analysis::{Analyse, Budget, Grade, mean_se};
use parlour_core::engine::review::{self, Decision};
use parlour_core::engine::{Game, selfplay};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;
use serde_json::json;
use web_time::Instant;

struct Args {
    mode: String,
    game: String,
    bots: Vec<String>,
    games: usize,
    decisions: usize,
    budget: usize,
    threads: usize,
    seed: u64,
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
        value(name).map_or(default, |v| v.parse().unwrap_or(default))
    };
    let a = Args {
        mode: args.first().cloned().unwrap_or_default(),
        game: value("--game").unwrap_or_else(|| "neighbours".into()),
        bots: value("--bots")
            .unwrap_or_else(|| "random,greedy".into())
            .split(',')
            .map(str::to_owned)
            .collect(),
        games: number("--games", 100) as usize,
        decisions: number("--decisions", 200) as usize,
        budget: number("--budget", 200) as usize,
        threads: number("--threads", 2) as usize,
        seed: number("--seed", 1),
    };
    let out = match a.game.as_str() {
        "neighbours" => run::<Neighbours>(&a),
        "paper-boxing" => run::<PaperBoxing>(&a),
        "rummy" => run::<Rummy>(&a),
        other => Err(format!("unknown game {other:?}")),
    };
    match out {
        Ok(v) => {
            println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::from(2)
        }
    }
}

fn run<G: Analyse>(a: &Args) -> Result<serde_json::Value, String> {
    match a.mode.as_str() {
        "accuracy" => accuracy::<G>(a),
        "agreement" => agreement::<G>(a),
        "time" => time::<G>(a),
        // What the page's `?bench-review=GAME/BOT,BOT` measures, here.
        "page-time" => {
            // A frame's slice on a fast screen, as the app's review thinks.
            let slice = std::time::Duration::from_millis(4);
            let times = review::time_reviews::<G>(&a.bots, a.games, a.seed, slice)?;
            let mut figures = review::review_time_figures(&times);
            figures["game"] = G::NAME.into();
            Ok(figures)
        }
        other => Err(format!(
            "unknown mode {other:?}: accuracy, agreement, time or page-time"
        )),
    }
}

/// Match `index` between the bots (two at a time for a two-seat game) and
/// which bot sat in which seat.
fn play<G: Game>(a: &Args, index: usize) -> Result<(Vec<Decision<G>>, Vec<String>), String> {
    let config = G::variant("standard").map_err(|e| e.to_string())?;
    let seats = G::seats(&config);
    let bots: Vec<String> = if seats.contains(&a.bots.len()) {
        a.bots.clone()
    } else {
        // Two seats: the pairs of bots in turn.
        let n = a.bots.len();
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        let (i, j) = pairs[(index / 2) % pairs.len()];
        vec![a.bots[i].clone(), a.bots[j].clone()]
    };
    let played = selfplay::play_one::<G>(&config, "standard", &bots, a.seed, index)
        .map_err(|e| e.to_string())?;
    let mut by_seat = vec![String::new(); bots.len()];
    for (entry, &seat) in played.seat_of.iter().enumerate() {
        by_seat[seat] = bots[entry].clone();
    }
    let decisions = review::decisions::<G>(&played.game.record(), |v| G::variant(v).ok())
        .map_err(|e| e.to_string())?;
    Ok((decisions, by_seat))
}

fn budget(a: &Args, scale: usize) -> Budget {
    Budget {
        guesses: a.budget * scale,
        seed: a.seed,
    }
}

fn interval(xs: &[f64]) -> serde_json::Value {
    let (m, se) = mean_se(xs);
    json!({"mean": round(m), "ci95": [round(m - 1.96 * se), round(m + 1.96 * se)], "n": xs.len()})
}

fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn accuracy<G: Analyse>(a: &Args) -> Result<serde_json::Value, String> {
    let started = Instant::now();
    // Per bot: its accuracy in each match it played.
    let mut per_bot: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    let mut grades: BTreeMap<String, BTreeMap<&'static str, usize>> = BTreeMap::new();
    // Per pair of bots met in a match: the differences of their accuracies.
    let mut gaps: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    // Per bot and method: the largest loss of a graded decision (the
    // Paper Boxing solver's exact ones must be 0).
    let mut worst: BTreeMap<String, BTreeMap<String, f64>> = BTreeMap::new();
    // Per bot: matches with no graded decision, decisions not weighed.
    let mut ungraded: BTreeMap<String, usize> = BTreeMap::new();
    let mut unanalysed: BTreeMap<String, usize> = BTreeMap::new();
    for index in 0..a.games {
        let (decisions, by_seat) = play::<G>(a, index)?;
        let r = review::review(by_seat.len(), &decisions, budget(a, 1), a.threads, &|_| {})?;
        for d in &r.decisions {
            if let Ok(x) = &d.analysis
                && !x.forced
            {
                let method = serde_json::to_value(x.method)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default();
                let w = worst
                    .entry(by_seat[d.seat].clone())
                    .or_default()
                    .entry(method)
                    .or_insert(0.0);
                *w = w.max(x.loss());
            }
        }
        let summaries = r.summaries();
        for s in &summaries {
            let bot = by_seat[s.seat].clone();
            if let Some(acc) = s.accuracy {
                per_bot.entry(bot.clone()).or_default().push(acc);
            } else {
                *ungraded.entry(bot.clone()).or_default() += 1;
            }
            *unanalysed.entry(bot.clone()).or_default() += s.unanalysed;
            let g = grades.entry(bot).or_default();
            for (grade, n) in &s.grades {
                *g.entry(grade.name()).or_default() += n;
            }
        }
        for x in &summaries {
            for y in &summaries {
                let (bx, by) = (&by_seat[x.seat], &by_seat[y.seat]);
                let rank = |b: &String| a.bots.iter().position(|n| n == b).unwrap_or(0);
                if rank(bx) < rank(by)
                    && let (Some(p), Some(q)) = (x.accuracy, y.accuracy)
                {
                    gaps.entry((bx.clone(), by.clone()))
                        .or_default()
                        .push(q - p);
                }
            }
        }
        eprint!("\r{}/{} matches", index + 1, a.games);
    }
    eprintln!();
    Ok(json!({
        "game": G::NAME,
        "matches": a.games,
        "budget": a.budget,
        "seed": a.seed,
        "accuracy": per_bot.iter().map(|(b, xs)| (b.clone(), interval(xs))).collect::<BTreeMap<_, _>>(),
        "grades": grades,
        "largest_loss_by_method": worst,
        "matches_with_nothing_graded": ungraded,
        "decisions_not_weighed": unanalysed,
        "gaps": gaps.iter().map(|((x, y), d)| (format!("{y} - {x}"), interval(d))).collect::<BTreeMap<_, _>>(),
        "seconds": round(started.elapsed().as_secs_f64()),
    }))
}

fn agreement<G: Analyse>(a: &Args) -> Result<serde_json::Value, String> {
    let started = Instant::now();
    let mut picked: Vec<Decision<G>> = Vec::new();
    let mut index = 0;
    while picked.len() < a.decisions {
        let (decisions, _) = play::<G>(a, index)?;
        // Every third decision of each match, so the matches are many.
        picked.extend(decisions.into_iter().skip(index % 3).step_by(3));
        index += 1;
    }
    picked.truncate(a.decisions);
    let low = review::review(2, &picked, budget(a, 1), a.threads, &|_| {})?;
    let high = review::review(2, &picked, budget(a, 10), a.threads, &|_| {})?;
    let (mut same, mut one_apart, mut graded, mut same_best) = (0, 0, 0, 0);
    let mut moved: BTreeMap<String, usize> = BTreeMap::new();
    let mut diffs: Vec<f64> = Vec::new();
    for (x, y) in low.decisions.iter().zip(&high.decisions) {
        let (Ok(p), Ok(q)) = (&x.analysis, &y.analysis) else {
            continue;
        };
        if p.forced {
            continue;
        }
        graded += 1;
        let (gp, gq) = (p.grade(), q.grade());
        // Best and good are both "no error": the class is the error's.
        let class = |g: Grade| -> i32 {
            match g {
                Grade::Best | Grade::Good | Grade::Decided | Grade::Forced => 0,
                Grade::Inaccuracy => 1,
                Grade::Mistake => 2,
                _ => 3,
            }
        };
        if class(gp) == class(gq) {
            same += 1;
        } else {
            *moved
                .entry(format!("{} -> {}", gp.name(), gq.name()))
                .or_default() += 1;
            if (class(gp) - class(gq)).abs() == 1 {
                one_apart += 1;
            }
        }
        if p.best().mv == q.best().mv {
            same_best += 1;
        }
        diffs.push(p.loss() - q.loss());
    }
    Ok(json!({
        "game": G::NAME,
        "decisions": graded,
        "budget": a.budget,
        "ten_times": a.budget * 10,
        "same_class": same,
        "same_class_share": round(100.0 * same as f64 / graded.max(1) as f64),
        "changed_by_one_class": one_apart,
        "changes": moved,
        "same_best_move": same_best,
        "loss_difference_points": interval(&diffs),
        "seconds": round(started.elapsed().as_secs_f64()),
    }))
}

fn time<G: Analyse>(a: &Args) -> Result<serde_json::Value, String> {
    let mut seconds: Vec<f64> = Vec::new();
    let mut cpu: Vec<f64> = Vec::new();
    let mut moves: Vec<usize> = Vec::new();
    for index in 0..a.games {
        let (decisions, by_seat) = play::<G>(a, index)?;
        let started = Instant::now();
        let cpu_before = cpu_seconds();
        review::review(by_seat.len(), &decisions, budget(a, 1), a.threads, &|_| {})?;
        seconds.push(started.elapsed().as_secs_f64());
        if let (Some(x), Some(y)) = (cpu_before, cpu_seconds()) {
            cpu.push(y - x);
        }
        moves.push(decisions.len());
        eprint!("\r{}/{} matches", index + 1, a.games);
    }
    eprintln!();
    let mut sorted = seconds.clone();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    let slowest = sorted.last().copied().unwrap_or(0.0);
    cpu.sort_by(f64::total_cmp);
    Ok(json!({
        "game": G::NAME,
        "matches": a.games,
        "budget": a.budget,
        "threads": a.threads,
        "median_seconds": round(median),
        "slowest_seconds": round(slowest),
        // Processor time of the review, load-independent: on idle cores the
        // wall time is about this divided by the threads.
        "cpu_median_seconds": cpu.get(cpu.len() / 2).copied().map(round),
        "cpu_slowest_seconds": cpu.last().copied().map(round),
        "mean_moves": moves.iter().sum::<usize>() as f64 / moves.len().max(1) as f64,
    }))
}

/// The processor time this process has used (user and system), where the
/// system says it (`/proc/self/stat`, in ticks of 1/100 s).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    Some((ticks(11)? + ticks(12)?) / 100.0)
}
