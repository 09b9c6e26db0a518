//! The table's protocol under arbitrary bytes: what a stranger's device
//! sends a host is read as each game's message, and must be refused with a
//! reason, never a panic; a message that reads writes back to one that
//! reads the same.

#![no_main]

use libfuzzer_sys::fuzz_target;
use parlour_core::engine::Game;
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;
use parlour_core::protocol::{ToHost, read_to_host};

fn read<G: Game>(text: &str) {
    if let Ok(message) = read_to_host::<G::Move>(text) {
        let again = serde_json::to_string(&message).expect("a message read writes");
        let back: ToHost<G::Move> = read_to_host(&again).expect("a message written reads");
        assert_eq!(back, message);
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    read::<Neighbours>(text);
    read::<PaperBoxing>(text);
    read::<Rummy>(text);
});
