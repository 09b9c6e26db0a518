//! Paper Boxing's set-up game: compute the equilibrium mixes by double
//! oracle, check how far a search that did not build them can exploit
//! them, and draw what they look like.
//!
//! ```text
//! cargo run -p parlour-core --release --example paper_boxing_setup -- solve \
//!     --variant standard --seed 1 [--iterations 40] [--minutes 60] \
//!     [--restarts 8] [--steps 30] [--epsilon 0.005] [--out FILE] \
//!     [--state FILE] [--resume FILE --from-iteration N]
//! cargo run -p parlour-core --release --example paper_boxing_setup -- check \
//!     --variant standard --seed 101 [--restarts 16] [--steps 60] \
//!     [--tries 300] [--kicks 4] [--budget 3000] [--mix FILE]
//! cargo run -p parlour-core --release --example paper_boxing_setup -- draw \
//!     --variant standard [--mix FILE] [--svg FILE] [--top 4]
//! ```
//!
//! `solve` starts from the bots' former measured grids (or the grids of a
//! `--resume` state file), prints a line per iteration on stderr, and
//! writes the mix file after each iteration (the built-in one by default),
//! so that an interrupted run leaves its latest mix. The run is the same on
//! any number of threads for the same seed and iterations.

use std::path::PathBuf;
use std::time::Instant;

use parlour_core::engine::{Game, GameRng};
use parlour_core::games::paper_boxing::oracle::{
    Moves, Restricted, Search, SetupGame, best_response, responses,
};
use parlour_core::games::paper_boxing::setup::{self, Mix, Role};
use parlour_core::games::paper_boxing::{FirstLead, Grid, PaperBoxing, around_start, bots};
use serde_json::json;

struct Args(Vec<String>);

impl Args {
    fn value(&self, name: &str) -> Option<String> {
        self.0
            .iter()
            .position(|a| a == name)
            .and_then(|i| self.0.get(i + 1))
            .cloned()
    }
    fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> T {
        self.value(name).map_or(default, |v| {
            v.parse().unwrap_or_else(|_| {
                eprintln!("error: {name} takes a number, not {v:?}");
                std::process::exit(2)
            })
        })
    }
}

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let command = all.first().cloned().unwrap_or_default();
    let args = Args(all);
    let variant = args.value("--variant").unwrap_or_else(|| "standard".into());
    let config = PaperBoxing::variant(&variant).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2)
    });
    match command.as_str() {
        "solve" => solve(&args, &variant, config),
        "check" => check(&args, config),
        "draw" => draw(&args, &variant, config),
        _ => {
            eprintln!("usage: paper_boxing_setup solve|check|draw --variant NAME [options]");
            std::process::exit(2)
        }
    }
}

fn default_file(variant: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(format!("paper-boxing-setup-{variant}.json"))
}

fn load_mix(args: &Args, config: &parlour_core::games::paper_boxing::Config) -> [Mix; 2] {
    match args.value("--mix") {
        Some(path) => {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
                eprintln!("error: {path}: {e}");
                std::process::exit(1)
            });
            setup::parse(&text).unwrap_or_else(|e| {
                eprintln!("error: {path}: {e}");
                std::process::exit(1)
            })
        }
        None => setup::mixes(config).clone(),
    }
}

fn grid_line(g: &Grid) -> String {
    g.chunks(4)
        .map(|row| {
            row.iter()
                .map(|&n| {
                    if n == 0 {
                        " D".into()
                    } else {
                        format!("{n:2}")
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

fn solve(args: &Args, variant: &str, config: parlour_core::games::paper_boxing::Config) {
    if variant.contains("simultaneous") {
        eprintln!("error: the simultaneous variants use the mix of their first-leader rule");
        std::process::exit(2);
    }
    let seed: u64 = args.number("--seed", 1);
    let iterations: usize = args.number("--iterations", 1000);
    let minutes: f64 = args.number("--minutes", f64::INFINITY);
    let epsilon: f64 = args.number("--epsilon", 0.005);
    let search = Search {
        restarts: args.number("--restarts", 8),
        steps: args.number("--steps", 30),
        moves: Moves::Swaps,
        from_mix_of_4: 3,
    };
    let out = args
        .value("--out")
        .map_or_else(|| default_file(variant), PathBuf::from);
    let state_file = args.value("--state").map(PathBuf::from);
    let game = SetupGame::new(config);
    let start = Instant::now();

    // The starting grids: the former measured ones and their mirrors, or a
    // saved run's.
    let (even, odd): (Vec<Grid>, Vec<Grid>) = match args.value("--resume") {
        Some(path) => {
            let v: serde_json::Value = serde_json::from_str(
                &std::fs::read_to_string(&path).expect("a readable state file"),
            )
            .expect("a state file");
            let list = |k: &str| -> Vec<Grid> {
                serde_json::from_value::<Vec<Vec<u8>>>(v[k].clone())
                    .expect("grids")
                    .iter()
                    .map(|g| parlour_core::games::paper_boxing::check_grid(g).expect("a grid"))
                    .collect()
            };
            (list("even"), list("odd"))
        }
        None => {
            let base: &[Grid] = match config.first_lead {
                FirstLead::EvenOdd => bots::SETUPS,
                FirstLead::Sackson => bots::SACKSON_SETUPS,
            };
            let mut grids: Vec<Grid> = base.to_vec();
            grids.extend(base.iter().map(bots::transpose));
            (grids.clone(), grids)
        }
    };
    let mut restricted = Restricted::new(&game, even, odd);
    let mut history = Vec::new();
    let mut quiet = 0;
    let mut last_gains = (f64::NAN, f64::NAN);
    // A resumed run goes on with the iteration numbers (and so the seeds)
    // where the saved one stopped: the two together make the same run as
    // one without a stop.
    let first: usize = args.number("--from-iteration", 0);
    let mut done = first;
    for it in first..first + iterations {
        let (mixes, gap) = restricted.solve_checked();
        if gap > 1e-7 {
            eprintln!("warning: the restricted game's solution is off by {gap:.2e}");
        }
        save(
            &out,
            state_file.as_ref(),
            variant,
            &restricted,
            &mixes,
            json!({
                "command": format!("paper_boxing_setup solve --variant {variant} --seed {seed} --iterations {it} --restarts {} --steps {} --epsilon {epsilon}", search.restarts, search.steps),
                "iterations": it,
                "grids_found": [restricted.grids[0].len(), restricted.grids[1].len()],
                "last_gains": [last_gains.0, last_gains.1],
                "pairs_solved": game.evaluations(),
            }),
        );
        if start.elapsed().as_secs_f64() > minutes * 60.0 {
            eprintln!("time is up after {it} iterations");
            break;
        }
        let base = seed.wrapping_mul(0x9E37_79B9).wrapping_add(2 * it as u64);
        let es = responses(&game, Role::Even, &mixes[0], &mixes[1], &search, base);
        let os = responses(&game, Role::Odd, &mixes[1], &mixes[0], &search, base + 1);
        let gains = (es[0].value - mixes[0].value, os[0].value - mixes[1].value);
        last_gains = gains;
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "[{:6.0} s] iteration {it:3}: value (even) {:.4}; support {}/{} of {}/{} grids; best responses gain {:+.4} (even) {:+.4} (odd); {} pairs solved, {:.0}/s",
            secs,
            mixes[0].value,
            mixes[0].grids.len(),
            mixes[1].grids.len(),
            restricted.grids[0].len(),
            restricted.grids[1].len(),
            gains.0,
            gains.1,
            game.evaluations(),
            game.evaluations() as f64 / secs
        );
        history.push(json!([it, mixes[0].value, gains.0, gains.1]));
        // Every climb that beat the mix adds its grid, not only the best:
        // the search is the costly part, a row of the matrix is not.
        let mut added_e = false;
        for r in es.iter().filter(|r| r.value - mixes[0].value > 1e-9) {
            added_e |= restricted.add(&game, Role::Even, r.grid);
        }
        let mut added_o = false;
        for r in os.iter().filter(|r| r.value - mixes[1].value > 1e-9) {
            added_o |= restricted.add(&game, Role::Odd, r.grid);
        }
        done = it + 1;
        if gains.0 <= epsilon && gains.1 <= epsilon {
            quiet += 1;
            if quiet >= 2 {
                eprintln!("no search gains more than {epsilon} twice running: done");
                break;
            }
        } else {
            quiet = 0;
        }
        if !added_e && !added_o && quiet == 0 {
            eprintln!("the best responses are already in the game");
        }
    }
    let mixes = restricted.solve();
    save(
        &out,
        state_file.as_ref(),
        variant,
        &restricted,
        &mixes,
        json!({
            "command": format!("paper_boxing_setup solve --variant {variant} --seed {seed} --iterations {done} --restarts {} --steps {} --epsilon {epsilon}", search.restarts, search.steps),
            "iterations": done,
            "grids_found": [restricted.grids[0].len(), restricted.grids[1].len()],
            "last_gains": [last_gains.0, last_gains.1],
            "pairs_solved": game.evaluations(),
        }),
    );
    eprintln!(
        "value (even) {:.4}; wrote {}",
        mixes[0].value,
        out.display()
    );
}

fn save(
    out: &PathBuf,
    state_file: Option<&PathBuf>,
    variant: &str,
    restricted: &Restricted,
    mixes: &[Mix; 2],
    method: serde_json::Value,
) {
    let text = setup::to_json(variant, method, mixes);
    // Never write a file the program would refuse.
    setup::parse(&text).expect("the mix just computed reads back");
    std::fs::write(out, text).expect("the mix file is writable");
    if let Some(path) = state_file {
        let s = json!({
            "even": restricted.grids[0].iter().map(|g| g.to_vec()).collect::<Vec<_>>(),
            "odd": restricted.grids[1].iter().map(|g| g.to_vec()).collect::<Vec<_>>(),
        });
        std::fs::write(path, s.to_string()).expect("the state file is writable");
    }
}

fn check(args: &Args, config: parlour_core::games::paper_boxing::Config) {
    let mixes = load_mix(args, &config);
    let seed: u64 = args.number("--seed", 101);
    let search = Search {
        restarts: args.number("--restarts", 16),
        steps: args.number("--steps", 60),
        moves: Moves::Cycles {
            tries: args.number("--tries", 300),
            kicks: args.number("--kicks", 4),
            budget: args.number("--budget", 3000),
        },
        from_mix_of_4: 2,
    };
    let game = SetupGame::new(config);
    let start = Instant::now();
    let mut rng = GameRng::seeded(seed);
    for role in Role::ALL {
        let (own, against) = (&mixes[role.index()], &mixes[1 - role.index()]);
        // A baseline: random grids.
        let random: Vec<f64> = (0..20)
            .map(|_| game.value(role, &bots::random_grid(&mut rng), against))
            .collect();
        let r = best_response(
            &game,
            role,
            own,
            against,
            &search,
            seed + role.index() as u64,
        );
        println!(
            "{} seat: mix value {:.4}; best found {:.4} (gain {:+.4} = {:+.1} points) by {}",
            role.name(),
            own.value,
            r.value,
            r.value - own.value,
            100.0 * (r.value - own.value),
            grid_line(&r.grid)
        );
        println!(
            "  20 random grids: best {:.4}, mean {:.4}",
            random.iter().copied().fold(0.0, f64::max),
            random.iter().sum::<f64>() / 20.0
        );
    }
    println!(
        "search: {} climbs a role, up to {} steps, {:?}; {} pairs solved in {:.0} s",
        search.restarts,
        search.steps,
        search.moves,
        game.evaluations(),
        start.elapsed().as_secs_f64()
    );
}

fn draw(args: &Args, variant: &str, config: parlour_core::games::paper_boxing::Config) {
    let mixes = load_mix(args, &config);
    let top: usize = args.number("--top", 4);
    for role in Role::ALL {
        let mix = &mixes[role.index()];
        println!(
            "{} seat: value {:.4}, {} grids",
            role.name(),
            mix.value,
            mix.grids.len()
        );
        // The mean number on each cell, weighted by the mix.
        let mean = mean_either_way(mix);
        let mut corner_odd = 0.0;
        let mut around = 0.0;
        let mut high_near = 0.0;
        for (g, &w) in mix.grids.iter().zip(&mix.weights) {
            corner_odd += w * (g[15] % 2) as f64;
            around += w * around_start(g) as f64;
            high_near += w * [1, 4, 5].iter().filter(|&&c| g[c] >= 13).count() as f64;
        }
        println!("  mean number per cell (grids and mirrors alike):");
        for r in 0..4 {
            let row: Vec<String> = (0..4)
                .map(|c| {
                    if r == 0 && c == 0 {
                        "    D".into()
                    } else {
                        format!("{:5.1}", mean[4 * r + c])
                    }
                })
                .collect();
            println!("   {}", row.join(" "));
        }
        println!(
            "  odd corner: {:.0} %; sum around D: {:.1} on average; numbers 13-15 around D: {:.2} on average",
            100.0 * corner_odd,
            around,
            high_near
        );
        for (g, w) in mix.grids.iter().zip(&mix.weights).take(top) {
            println!("  {:5.1} %  {}", 100.0 * w, grid_line(g));
        }
    }
    if let Some(path) = args.value("--svg") {
        std::fs::write(&path, svg(variant, &mixes, top)).expect("the picture is writable");
        println!("drew {path}");
    }
}

/// The mean number on each cell over a mix, as the bot writes it: each grid
/// or its mirror with even odds.
fn mean_either_way(mix: &Mix) -> [f64; 16] {
    let mut mean = [0.0; 16];
    for (g, &w) in mix.grids.iter().zip(&mix.weights) {
        let t = bots::transpose(g);
        for c in 0..16 {
            mean[c] += w * (g[c] as f64 + t[c] as f64) / 2.0;
        }
    }
    mean
}

/// The likeliest grids of each role, drawn as squared paper: the higher the
/// number, the darker its cell.
fn svg(variant: &str, mixes: &[Mix; 2], top: usize) -> String {
    let cell = 34.0;
    let gap = 26.0;
    let grid_w = 4.0 * cell;
    // The likeliest grids, then the mean number on each cell over the mix.
    let cols = top.max(1) + 1;
    let width = 60.0 + cols as f64 * (grid_w + gap);
    let height = 2.0 * (grid_w + 60.0) + 30.0;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fbf8f0\"/>\n<text x=\"20\" y=\"22\" font-size=\"15\">Paper Boxing, {variant}: the likeliest grids of the equilibrium mix</text>\n"
    );
    for role in Role::ALL {
        let mix = &mixes[role.index()];
        let y0 = 40.0 + role.index() as f64 * (grid_w + 60.0);
        for (k, (g, w)) in mix.grids.iter().zip(&mix.weights).take(top).enumerate() {
            let x0 = 20.0 + k as f64 * (grid_w + gap);
            s += &format!(
                "<text x=\"{x0}\" y=\"{}\" font-size=\"12\">{} seat, {:.1} %</text>\n",
                y0 + 12.0,
                role.name(),
                100.0 * w
            );
            for (c, &n) in g.iter().enumerate() {
                let (x, y) = (
                    x0 + (c % 4) as f64 * cell,
                    y0 + 20.0 + (c / 4) as f64 * cell,
                );
                let shade = if n == 0 {
                    "#ffffff".to_string()
                } else {
                    let t = 255 - (n as u32 * 11);
                    format!("rgb({t},{},{})", t.saturating_sub(10), 255 - n as u32 * 4)
                };
                let ink = if n >= 11 { "#ffffff" } else { "#222222" };
                s += &format!(
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{shade}\" stroke=\"#7a8fb0\"/>\n<text x=\"{}\" y=\"{}\" font-size=\"15\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>\n",
                    x + cell / 2.0,
                    y + cell / 2.0 + 5.0,
                    if n == 0 {
                        "D".to_string()
                    } else {
                        n.to_string()
                    }
                );
            }
        }
        let mean = mean_either_way(mix);
        let x0 = 20.0 + top.max(1) as f64 * (grid_w + gap);
        s += &format!(
            "<text x=\"{x0}\" y=\"{}\" font-size=\"12\">{} seat: mean of the mix</text>\n",
            y0 + 12.0,
            role.name()
        );
        for (c, &m) in mean.iter().enumerate() {
            let (x, y) = (
                x0 + (c % 4) as f64 * cell,
                y0 + 20.0 + (c / 4) as f64 * cell,
            );
            let t = (255.0 - m * 11.0) as u32;
            let shade = if c == 0 {
                "#ffffff".to_string()
            } else {
                format!(
                    "rgb({t},{},{})",
                    t.saturating_sub(10),
                    (255.0 - m * 4.0) as u32
                )
            };
            let ink = if m >= 11.0 { "#ffffff" } else { "#222222" };
            let label = if c == 0 {
                "D".to_string()
            } else {
                format!("{m:.1}")
            };
            s += &format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{shade}\" stroke=\"#7a8fb0\"/>\n<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"{ink}\">{label}</text>\n",
                x + cell / 2.0,
                y + cell / 2.0 + 4.0,
            );
        }
    }
    s += "</svg>\n";
    s
}
