//! Neighbours speed: whole matches between bots, through the same loop the
//! product and the self-play command use (a view built for every move, every
//! move checked by the rules), and the expert's thinking time per move.
//!
//! `cargo bench -p parlour-core --bench neighbours` (one thread: nothing here
//! runs in parallel).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlour_core::engine::selfplay::play_one;
use parlour_core::engine::{Bot, Game, Match};
use parlour_core::games::neighbours::{Neighbours, View};

fn matches(c: &mut Criterion) {
    let config = Neighbours::variant("standard").unwrap();
    let mut group = c.benchmark_group("neighbours_match");
    group.throughput(Throughput::Elements(1));
    for bot in ["random", "greedy"] {
        let bots = vec![bot.to_string(), bot.to_string()];
        let mut index = 0;
        group.bench_function(format!("{bot}_vs_{bot}"), |b| {
            b.iter(|| {
                index += 1;
                black_box(play_one::<Neighbours>(&config, "standard", &bots, 1, index).unwrap())
            })
        });
    }
    group.finish();
}

/// The expert's views over a few matches against greedy, from the first move to the last.
fn expert_positions() -> Vec<View> {
    let mut views = Vec::new();
    for seed in 0..4u64 {
        let mut m = Match::<Neighbours>::seeded("standard", 2, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot<Neighbours>>> = vec![
            Neighbours::bot("expert", seed).unwrap(),
            Neighbours::bot("greedy", seed).unwrap(),
        ];
        while !m.is_over() {
            let seat = m.awaiting()[0];
            let view = m.view(seat);
            if seat == 0 {
                views.push(view.clone());
            }
            let mv = bots[seat].choose(&view);
            m.submit(seat, mv).unwrap();
        }
    }
    views
}

fn expert(c: &mut Criterion) {
    let views = expert_positions();
    let mut group = c.benchmark_group("neighbours_expert");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));
    // One move, cycling through every position of whole matches: the mean
    // over the stages of a match.
    let mut bot = Neighbours::bot("expert", 7).unwrap();
    let mut i = 0;
    group.bench_function("move_any_stage", |b| {
        b.iter(|| {
            i += 1;
            black_box(bot.choose(&views[i % views.len()]))
        })
    });
    // The opening move, where playouts are longest.
    let opening = &views[0];
    group.bench_function("move_opening", |b| {
        b.iter(|| black_box(bot.choose(opening)))
    });
    group.finish();
}

criterion_group!(benches, matches, expert);
criterion_main!(benches);
