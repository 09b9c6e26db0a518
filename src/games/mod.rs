//! Each game's wiring into the app: its rules plugin (and, on screen, its views).

pub mod neighbours;
pub mod paper_boxing;
pub mod rummy;

use bevy::prelude::*;
use parlour_core::engine::Game;
pub use parlour_core::games::neighbours::Neighbours;
pub use parlour_core::games::paper_boxing::PaperBoxing;
pub use parlour_core::games::rummy::Rummy;

use crate::engine::RulesPlugin;

/// The rules plugins of every game, headless.
pub fn rules_plugin(app: &mut App) {
    app.add_plugins((
        neighbours::rules_plugin,
        RulesPlugin::<PaperBoxing>::default(),
        RulesPlugin::<Rummy>::default(),
    ));
}

/// Every game's play screen (needs the screens of [`crate::ui`]).
pub fn screen_plugin(app: &mut App) {
    app.add_plugins((
        neighbours::screen::plugin,
        paper_boxing::screen::plugin,
        rummy::screen::plugin,
    ));
}

/// The names of the games, as records and the command line write them.
pub const NAMES: &[&str] = &[Neighbours::NAME, PaperBoxing::NAME, Rummy::NAME];

/// Something to do with one game, whichever it is: lets the command line
/// pick the game by name and still call generic code.
pub trait ForGame {
    /// What it gives back.
    type Output;
    /// Does it with game `G`.
    fn run<G: Game>(self) -> Self::Output;
}

/// Runs `f` with the game called `name`.
pub fn for_game<F: ForGame>(name: &str, f: F) -> Result<F::Output, String> {
    match name {
        "neighbours" => Ok(f.run::<Neighbours>()),
        "paper-boxing" => Ok(f.run::<PaperBoxing>()),
        "rummy" => Ok(f.run::<Rummy>()),
        _ => Err(format!(
            "unknown game {name:?}; the games are: {}",
            NAMES.join(", ")
        )),
    }
}
