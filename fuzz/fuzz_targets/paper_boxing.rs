//! Paper Boxing records under arbitrary bytes. Reading and replaying must
//! refuse bad input with an error, never panic; and whatever replays must
//! write a record that replays to the same state, give views a bot can
//! read, draw a legal move from each bot of an awaited seat, and (late in a
//! match, where it is quick) a legal best move from the solver.

#![no_main]

use libfuzzer_sys::fuzz_target;
use parlour_core::engine::{Game, Match, Record};
use parlour_core::games::paper_boxing::{PaperBoxing, State, solver};

fn variants(name: &str) -> Option<<PaperBoxing as Game>::Config> {
    PaperBoxing::variant(name).ok()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::from_json(text) else {
        return;
    };
    let Ok(m) = Match::<PaperBoxing>::from_record(&record, variants) else {
        return;
    };
    let again = Record::from_json(&m.record().to_json()).expect("a written record reads");
    let replayed = Match::<PaperBoxing>::from_record(&again, variants).expect("it replays");
    assert_eq!(replayed.state(), m.state());

    let state = *m.state();
    for seat in 0..3 {
        let view = PaperBoxing::view(&state, seat);
        let _ = State::from_view(&view);
    }
    // The solver only where it answers at once: late in the match.
    let late = state.bouts() >= 9;
    for seat in m.awaiting() {
        let view = m.view(seat);
        for name in ["random", "greedy", "solver"] {
            if name == "solver" && !late {
                continue;
            }
            let mv = PaperBoxing::bot(name, data.len() as u64)
                .unwrap()
                .choose(&view);
            let mut s = state;
            if let Err(e) = s.apply(seat, &mv) {
                panic!("the {name} bot in seat {seat} chose {mv:?}: {e}");
            }
        }
    }
    if late || !state.revealed() || state.is_over() {
        let report = solver::solve_report(&state);
        if report["ok"] == true {
            let seat = report["best_move"]["seat"].as_u64().unwrap() as usize;
            let to = &report["best_move"]["to"];
            let (row, col) = (to[0].as_u64().unwrap() as u8, to[1].as_u64().unwrap() as u8);
            let mut s = state;
            if let Err(e) = s.apply(
                seat,
                &parlour_core::games::paper_boxing::Move::To { row, col },
            ) {
                panic!("the solver's best move {report} is illegal: {e}");
            }
        }
    }
});
