//! The game window.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};

use crate::cli::WindowOptions;
use crate::ui::GameKind;
use crate::ui::demo::{Demo, FrameBudget};

/// Builds the whole app: window, rules plugins, screens.
pub fn build(options: &WindowOptions, started: Instant) -> Result<App, String> {
    let demo_games = match &options.game {
        None => Vec::new(),
        Some(name) => vec![GameKind::from_name(name).ok_or_else(|| {
            format!("unknown game {name:?}; the games are: neighbours, paper-boxing, rummy")
        })?],
    };
    let (width, height) = options.window.unwrap_or((1280, 800));
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Parlour".into(),
            resolution: bevy::window::WindowResolution::new(width, height),
            ..default()
        }),
        ..default()
    }))
    .add_plugins((
        crate::games::rules_plugin,
        crate::ui::plugin,
        crate::games::screen_plugin,
    ));
    // Draw only when something changes or moves: an idle screen costs almost nothing.
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive(Duration::from_secs(5)),
        unfocused_mode: UpdateMode::reactive_low_power(Duration::from_secs(30)),
    });
    if options.demo {
        app.insert_resource(Demo::new(demo_games));
    }
    if let Some(frames) = options.frames {
        // A measured run draws every frame.
        app.insert_resource(WinitSettings::game());
        app.insert_resource(FrameBudget::new(
            frames,
            options.screenshot.clone(),
            options.frame_stats,
            started,
        ));
    }
    Ok(app)
}

/// Opens the game window and runs until it closes.
pub fn run(options: WindowOptions) -> ExitCode {
    let started = Instant::now();
    match build(&options, started) {
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        Ok(mut app) => match app.run() {
            AppExit::Success => ExitCode::SUCCESS,
            AppExit::Error(code) => ExitCode::from(code.get()),
        },
    }
}
