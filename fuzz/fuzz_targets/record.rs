//! The record reader under arbitrary bytes: reading a record and replaying
//! it as each game must refuse bad input with an error, never panic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use parlour_core::engine::record::game_of;
use parlour_core::engine::{Game, Match, Record};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;

fn replay<G: Game>(record: &Record) {
    if let Ok(m) = Match::<G>::from_record(record, |name| G::variant(name).ok()) {
        // What replays writes a record that replays to the same scores.
        let again = Record::from_json(&m.record().to_json()).expect("a written record reads");
        let m2 = Match::<G>::from_record(&again, |name| G::variant(name).ok())
            .expect("a written record replays");
        assert_eq!(m.scores(), m2.scores());
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = game_of(text);
    if let Ok(record) = Record::from_json(text) {
        replay::<Neighbours>(&record);
        replay::<Rummy>(&record);
        replay::<PaperBoxing>(&record);
    }
});
