//! Neighbours in the app: its rules plugin and its play screen.

pub mod screen;

use bevy::prelude::*;
pub use parlour_core::games::neighbours::Neighbours;

use crate::engine::RulesPlugin;

/// The rules of Neighbours, headless.
pub fn rules_plugin(app: &mut App) {
    app.add_plugins(RulesPlugin::<Neighbours>::default());
}
