//! Neighbours in the app: its catalog entry; its screen, cut by concern
//! (layout, input, view, feedback, HUD, results); its picture, its sounds,
//! its variant files' boards and its house rule.

pub mod boards;
mod coach;
mod feedback;
mod hand;
mod hud;
pub mod input;
pub mod layout;
mod lesson;
pub mod picture;
pub mod prime_spiral;
mod results;
mod review;
pub mod sounds;
mod view;

use bevy::prelude::*;
use parlour_core::engine::Match;
pub use parlour_core::games::neighbours::Neighbours;
pub use view::{LastPlaced, last_placed_cell};

use crate::catalog::GameEntry;
use crate::game_kit::{AddGame, TableGame};
use crate::session::{ResultsSheet, Table};

/// Neighbours as the catalog lists it.
pub fn entry() -> GameEntry {
    GameEntry::new::<Neighbours>()
        .attract(3, "expert")
        .how_to(&["aim", "setup", "turn", "points", "passing", "end"])
        .picture(picture::paint)
        .board(boards::read_board)
        .hand(hand::hand)
}

impl TableGame for Neighbours {
    // The bots' strength setting is ignored (the default `bot_at`): the
    // Neighbours expert searches a fixed number of samples (well inside
    // 50 ms a move), not a clock.
    fn results_sheet(game: &Match<Self>, table: &Table) -> ResultsSheet {
        results::results_sheet(game, table)
    }
}

/// Neighbours on the table without drawing it, pointer and keys included:
/// what headless tests add.
pub fn logic_plugin(app: &mut App) {
    app.add_game::<Neighbours>(entry());
    app.add_plugins(input::plugin);
}

/// Neighbours on screen, with its house rule.
pub fn plugin(app: &mut App) {
    logic_plugin(app);
    app.add_plugins((
        feedback::plugin,
        view::plugin,
        hud::plugin,
        prime_spiral::plugin,
        review::plugin,
        lesson::plugin,
    ));
}
