//! Rummy's rules core: checking a rebuilding turn, and a whole match
//! between random bots.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use parlour_core::engine::{Game, Match, Record};
use parlour_core::games::rummy::Rummy;

const ROUND: &str = include_str!("../../tests/fixtures/rummy-round.json");

fn bench(c: &mut Criterion) {
    // The recorded round up to the turn that splits a run, and that turn.
    let record = Record::from_json(ROUND).expect("the fixture is a record");
    let mut before = Match::<Rummy>::start_of_record(&record, |v| Rummy::variant(v).ok()).unwrap();
    for index in 0..2 {
        let (seat, mv) = Match::<Rummy>::move_of_record(&record, index).unwrap();
        before.submit(seat, mv).unwrap();
    }
    let (seat, split) = Match::<Rummy>::move_of_record(&record, 2).unwrap();
    c.bench_function("rummy/check a run split", |b| {
        b.iter(|| {
            before
                .state()
                .check(black_box(seat), black_box(&split))
                .unwrap()
        })
    });

    let mut seed = 0u64;
    c.bench_function("rummy/random vs random, standard, 2 players", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Match::<Rummy>::seeded("standard", 2, seed).unwrap();
            let mut bots: Vec<_> = (0..2)
                .map(|s| Rummy::bot("random", seed * 10 + s).unwrap())
                .collect();
            while !game.is_over() {
                let seat = game.awaiting()[0];
                let mv = bots[seat].choose(&game.view(seat));
                game.submit(seat, mv).unwrap();
            }
            game.scores()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
