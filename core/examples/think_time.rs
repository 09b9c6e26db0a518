//! A bot's mean thinking time per move on this machine, over the matches
//! `parlour selfplay --seed 1` plays first: the desktop's side of the
//! README's comparison with the web page (whose `?bench=GAME/BOT,BOT` plays
//! the same matches).
//!
//! ```sh
//! cargo run -p parlour-core --release --example think_time -- neighbours expert,greedy
//! cargo run -p parlour-core --release --example think_time -- rummy expert:300,greedy
//! ```

use parlour_core::engine::Game;
use parlour_core::engine::selfplay::mean_think_ms;
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::rummy::Rummy;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(game), Some(bots)) = (args.first(), args.get(1)) else {
        eprintln!("usage: think_time GAME BOT,BOT [GAMES]");
        std::process::exit(2);
    };
    let bots: Vec<String> = bots.split(',').map(str::to_owned).collect();
    let games = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(4);
    let ms = if game == Neighbours::NAME {
        mean_think_ms::<Neighbours>("standard", &bots, games, 1)
    } else if game == Rummy::NAME {
        mean_think_ms::<Rummy>("standard", &bots, games, 1)
    } else {
        eprintln!("think_time: {game:?} is not neighbours or rummy");
        std::process::exit(2);
    };
    match ms {
        Ok(ms) => println!("{game} {}: {ms:.3} ms a move over {games} matches", bots[0]),
        Err(e) => {
            eprintln!("think_time: {e}");
            std::process::exit(1);
        }
    }
}
