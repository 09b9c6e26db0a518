//! Paper Boxing in the app: its catalog entry, its screen and its sounds.

pub mod picture;
pub mod screen;
pub mod sounds;

use bevy::prelude::*;
use parlour_core::engine::Match;
pub use parlour_core::games::paper_boxing::PaperBoxing;

use crate::catalog::GameEntry;
use crate::engine::MoveRejected;
use crate::game_kit::{AddGame, TableGame};
use crate::session::{ResultsSheet, Table};
use crate::tr;

/// Paper Boxing as the catalog lists it.
pub fn entry() -> GameEntry {
    GameEntry::new::<PaperBoxing>()
        .attract(2, "solver")
        .how_to(&["aim", "setup", "bout", "end"])
        .picture(picture::paint)
}

impl TableGame for PaperBoxing {
    fn results_sheet(game: &Match<Self>, table: &Table) -> ResultsSheet {
        screen::results_sheet(game, table)
    }

    fn refusal_text(refusal: &MoveRejected<Self>, _table: &Table) -> String {
        tr!("pb-refused", reason = refusal.reason.clone())
    }
}

/// Paper Boxing on the table without drawing it: what headless tests add.
pub fn logic_plugin(app: &mut App) {
    app.add_game::<PaperBoxing>(entry());
    screen::logic_plugin(app);
}

/// Paper Boxing on screen.
pub fn plugin(app: &mut App) {
    app.add_game::<PaperBoxing>(entry());
    app.add_plugins(screen::plugin);
}
