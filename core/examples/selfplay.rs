//! `parlour selfplay` without the game window's crate: a tournament between
//! bots, its JSON summary on stdout (peak memory included on Linux). For long
//! soaks in release without building the screen.
//!
//! ```text
//! cargo run --release -p parlour-core --example selfplay -- \
//!     --game rummy --bots expert,greedy --games 10000 [--variant standard] \
//!     [--seed 0] [--players N] [--threads 0] [--memory-after 100] [--records DIR]
//! ```

use parlour_core::engine::Game;
use parlour_core::engine::selfplay::{self, Options, SelfplayError, Summary};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;

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
    let options = Options {
        variant: value("--variant").unwrap_or_else(|| "standard".into()),
        bots: value("--bots")
            .unwrap_or_else(|| "random".into())
            .split(',')
            .map(str::to_owned)
            .collect(),
        games: number("--games", 100) as usize,
        seed: number("--seed", 0),
        players: value("--players").map(|_| number("--players", 2) as usize),
        threads: number("--threads", 0) as usize,
        records: value("--records").map(std::path::PathBuf::from),
        memory_after: number("--memory-after", 100) as usize,
    };
    fn go<G: Game>(options: &Options) -> Result<Summary, SelfplayError> {
        selfplay::run::<G>(options)
    }
    let game = value("--game").unwrap_or_else(|| "neighbours".into());
    let result = match game.as_str() {
        "neighbours" => go::<Neighbours>(&options),
        "paper-boxing" => go::<PaperBoxing>(&options),
        "rummy" => go::<Rummy>(&options),
        other => {
            eprintln!(
                "error: unknown game {other:?}; the games are: neighbours, paper-boxing, rummy"
            );
            return std::process::ExitCode::from(2);
        }
    };
    match result {
        Ok(summary) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&summary).unwrap_or_default()
            );
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
