//! The moves the strongest bots choose in a fixed set of positions, one a
//! line: built natively and for WebAssembly, the two listings must be the
//! same (`scripts/same-moves.sh` compares them). Each position comes from a
//! seeded match a few moves in; each bot is seeded from the position.
//!
//! ```sh
//! cargo run --release -p parlour-core --example same_moves
//! ```
//!
//! Rummy's expert is named `expert:500`: the registered expert's playouts
//! without its safety cap on time, so that a busy machine, whose searches
//! may reach the cap, compares all the same. A line that ends `capped` is a
//! search the cap cut short (none here): that move depends on the machine's
//! speed.

use parlour_core::engine::{Bot, Game, Match};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;

/// Prints `bot`'s move for `count` positions of a seeded match of
/// `variant` (every seat playing `others`), `from` moves in, every `every`.
fn list<G: Game>(
    variant: &str,
    seed: u64,
    bot: &str,
    others: &str,
    (from, every, count): (usize, usize, usize),
) -> Result<(), String> {
    let mut game = Match::<G>::seeded(variant, 2, seed).map_err(|e| e.to_string())?;
    let mut seated: Vec<Box<dyn Bot<G>>> = (0..2)
        .map(|s| G::bot(others, seed + s).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let (mut played, mut listed) = (0, 0);
    while !game.is_over() && listed < count {
        for seat in game.awaiting() {
            let view = game.view(seat);
            if played >= from && (played - from) % every == 0 && listed < count {
                let mut thinker = G::bot(bot, 1000 + played as u64).map_err(|e| e.to_string())?;
                let mv = thinker.choose(&view);
                let effort = thinker.effort();
                println!(
                    "{} {variant} seed {seed} move {played} {bot}: {mv:?}; {} searched, {} playouts{}",
                    G::NAME,
                    effort.searched,
                    effort.work,
                    if effort.capped > 0 { ", capped" } else { "" }
                );
                listed += 1;
            }
            let mv = seated[seat].choose(&view);
            game.submit(seat, mv).map_err(|e| format!("{e:?}"))?;
            played += 1;
        }
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    let runs = [
        list::<Rummy>("standard", 5, "expert:500", "heuristic", (14, 3, 6)),
        list::<Rummy>("classic", 8, "expert:500", "heuristic", (14, 3, 4)),
        list::<Neighbours>("standard", 3, "expert", "greedy", (0, 1, 6)),
        list::<PaperBoxing>("standard", 4, "solver", "solver", (0, 2, 6)),
        list::<PaperBoxing>("simultaneous", 4, "solver", "solver", (0, 2, 6)),
    ];
    for run in runs {
        if let Err(e) = run {
            eprintln!("same_moves: {e}");
            return std::process::ExitCode::FAILURE;
        }
    }
    std::process::ExitCode::SUCCESS
}
