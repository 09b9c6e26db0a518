//! The game window.

use std::process::ExitCode;

use bevy::prelude::*;

use crate::cli::WindowOptions;

/// Opens the game window and runs until it closes.
pub fn run(_options: WindowOptions) -> ExitCode {
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Parlour".into(),
                ..default()
            }),
            ..default()
        }))
        .add_plugins(crate::games::plugin)
        .run();
    ExitCode::SUCCESS
}
