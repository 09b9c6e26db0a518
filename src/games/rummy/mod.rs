//! Rummy in the app: its catalog entry, the turn being built on screen
//! ([`draft`]), the table's layout, the screen, the rounds row of the
//! set-up and its sounds.

pub mod draft;
pub mod layout;
pub mod picture;
pub mod rounds;
pub mod screen;
pub mod sounds;

use bevy::prelude::*;
use parlour_core::engine::{Match, Seat};
pub use parlour_core::games::rummy::Rummy;

use crate::catalog::GameEntry;
use crate::engine::MoveRejected;
use crate::game_kit::{AddGame, TableGame};
use crate::session::{ResultsSheet, Table};

/// Rummy as the catalog lists it.
pub fn entry() -> GameEntry {
    GameEntry::new::<Rummy>()
        .attract(3, "expert")
        .how_to(&["aim", "cards", "sets", "turn", "first-meld", "scoring"])
        .picture(picture::paint)
        .setup_row(rounds::row)
}

impl TableGame for Rummy {
    fn results_sheet(game: &Match<Self>, table: &Table) -> ResultsSheet {
        screen::results_sheet(game, table)
    }

    fn refusal_text(refusal: &MoveRejected<Self>, table: &Table) -> String {
        let names = |seat: Seat| table.name(seat).to_owned();
        screen::capitalise(&crate::i18n::refusal(
            &refusal.phrase,
            &refusal.reason,
            &names,
        ))
    }
}

/// Rummy on the table without drawing it: what headless tests add.
pub fn logic_plugin(app: &mut App) {
    app.add_game::<Rummy>(entry());
    screen::logic_plugin(app);
}

/// Rummy on screen.
pub fn plugin(app: &mut App) {
    app.add_game::<Rummy>(entry());
    app.add_plugins(screen::plugin);
}
