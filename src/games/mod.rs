//! One folder per game: its catalog entry, its screen, its sounds, its
//! house rules. Folders never import each other; adding a game is its
//! folder and one line in each list below.

use bevy::prelude::*;

use crate::catalog::GameCatalog;

pub mod neighbours;
pub mod paper_boxing;
pub mod rummy;

/// Every game, on screen.
pub fn plugin(app: &mut App) {
    app.add_plugins((neighbours::plugin, paper_boxing::plugin, rummy::plugin));
}

/// Every game's house rules written in code, as variants on offer (on
/// screen they come with their game; the command line lists them too).
pub fn house_rules(app: &mut App) {
    app.add_plugins(neighbours::prime_spiral::plugin);
}

/// Every game's catalog entry, without an app (the command line, tests).
pub fn catalog() -> GameCatalog {
    let mut catalog = GameCatalog::default();
    for entry in [neighbours::entry(), paper_boxing::entry(), rummy::entry()] {
        catalog.add(entry);
    }
    catalog
}
