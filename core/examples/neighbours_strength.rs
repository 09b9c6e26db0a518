//! The Neighbours expert against greedy: win rate and thinking time per move.
//!
//! ```text
//! cargo run --release -p parlour-core --example neighbours_strength -- [games] [players] [seed] [opponent]
//! ```
//!
//! Seats and deals follow `engine::selfplay` exactly (seats rotate, each deal
//! is played from every side, the same bot seeds), on one thread; the win
//! rate equals `selfplay::run` with the bots `expert, greedy[, greedy…]`.
//! Thinking time is measured around each of the expert's `choose` calls, so
//! the median per move can be reported (the self-play summary gives means).

use std::time::Instant;

use parlour_core::engine::selfplay::{deal_seed, seating};
use parlour_core::engine::{Bot, Game, Match};
use parlour_core::games::neighbours::Neighbours;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let games = arg(0, 1000) as usize;
    let players = arg(1, 2) as usize;
    let seed = arg(2, 1);
    let opponent = args.get(3).map_or("greedy", String::as_str);
    let config = Neighbours::variant("standard").expect("the standard variant");

    let mut won = 0.0;
    let mut margin = 0i64;
    let mut times: Vec<f64> = Vec::new();
    let started = Instant::now();
    for index in 0..games {
        let (deal, seat_of) = seating(index, players);
        let match_seed = deal_seed(seed, deal);
        let mut game =
            Match::<Neighbours>::new("standard", config.clone(), players, match_seed, None)
                .expect("a seeded match");
        let expert_seat = seat_of[0];
        let mut bots: Vec<Box<dyn Bot<Neighbours>>> = (0..players)
            .map(|seat| {
                let name = if seat == expert_seat {
                    "expert"
                } else {
                    opponent
                };
                Neighbours::bot(name, deal_seed(match_seed, 1000 + seat as u64))
                    .expect("a known bot")
            })
            .collect();
        while !game.is_over() {
            let seat = game.awaiting()[0];
            let view = game.view(seat);
            let clock = Instant::now();
            let mv = bots[seat].choose(&view);
            if seat == expert_seat {
                times.push(clock.elapsed().as_secs_f64() * 1000.0);
            }
            game.submit(seat, mv).expect("bots play legal moves");
        }
        let winners = game.winners();
        if winners.contains(&expert_seat) {
            won += 1.0 / winners.len() as f64;
        }
        let scores = game.scores();
        let best_other = (0..players)
            .filter(|&s| s != expert_seat)
            .map(|s| scores[s])
            .max()
            .unwrap_or(0);
        margin += scores[expert_seat] - best_other;
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| {
        times
            .get(((times.len() as f64 - 1.0) * q) as usize)
            .copied()
            .unwrap_or(0.0)
    };
    println!(
        "expert vs {opponent}, {players} players, {games} matches, seed {seed}: win rate {:.1} %, mean margin {:+.1}, \
         ms per move: median {:.2}, p90 {:.2}, max {:.2} ({} moves, {:.0} s)",
        100.0 * won / games as f64,
        margin as f64 / games as f64,
        at(0.5),
        at(0.9),
        at(1.0),
        times.len(),
        started.elapsed().as_secs_f64()
    );
}
