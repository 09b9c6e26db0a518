//! The game window.

use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime};

use bevy::prelude::*;
use bevy::window::{MonitorSelection, WindowMode};
use bevy::winit::{UpdateMode, WinitSettings};

use crate::cli::WindowOptions;
use crate::kiosk::Kiosk;
use crate::saves::SaveSlot;
use crate::settings::{FileWarnings, SettingsFile};
use crate::stats::{Statistics, StatisticsFile};
use crate::ui::demo::{Demo, FrameBudget};
use crate::ui::{GameKind, Settings};

/// Builds the whole app: window, rules plugins, screens.
pub fn build(options: &WindowOptions, started: Instant) -> Result<App, String> {
    let demo_games = match &options.game {
        None => Vec::new(),
        Some(name) => vec![GameKind::from_name(name).ok_or_else(|| {
            format!("unknown game {name:?}; the games are: neighbours, paper-boxing, rummy")
        })?],
    };
    let files = Files::open(SystemTime::now());
    let kiosk = options.kiosk || files.settings.kiosk;
    // The size asked for, else the size the window had last time.
    let (width, height) = options
        .window
        .or(files.settings.window)
        .unwrap_or((1280, 800));
    let mode = if kiosk || options.fullscreen {
        WindowMode::BorderlessFullscreen(MonitorSelection::Primary)
    } else {
        WindowMode::Windowed
    };
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Parlour".into(),
                    resolution: bevy::window::WindowResolution::new(width, height),
                    mode,
                    decorations: !kiosk,
                    ..default()
                }),
                // Closing is decided by the kiosk module: never from the screen in kiosk mode.
                close_when_requested: false,
                ..default()
            })
            .set(bevy::asset::AssetPlugin {
                file_path: asset_folder(),
                ..default()
            }),
    )
    .add_plugins((
        crate::games::rules_plugin,
        crate::ui::plugin,
        crate::games::screen_plugin,
        crate::variants::plugin,
    ));
    #[cfg(feature = "sound")]
    app.add_plugins(crate::sound::plugin);
    // Draw only when something changes or moves: an idle screen costs almost nothing.
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive(Duration::from_secs(5)),
        unfocused_mode: UpdateMode::reactive_low_power(Duration::from_secs(30)),
    });
    if kiosk {
        // Frames keep coming, slowly, so the idle timeout is kept on time.
        app.insert_resource(WinitSettings {
            focused_mode: UpdateMode::reactive(Duration::from_secs(1)),
            unfocused_mode: UpdateMode::reactive(Duration::from_secs(1)),
        });
    }
    files.insert(&mut app);
    app.insert_resource(crate::settings::RememberWindow(
        options.window.is_none() && options.frames.is_none() && !options.demo,
    ));
    app.insert_resource(Kiosk {
        forced: options.kiosk,
        active: kiosk,
        unlocked: false,
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

/// The folder the variant files (and any later assets) are read from:
/// Bevy's own choice — `BEVY_ASSET_ROOT`, the crate folder under cargo, else
/// beside the program — or, when that has no `assets` folder, the working
/// directory's: a program run straight from `target/` in a checkout still
/// finds its files. Everything else the screens need is built in.
fn asset_folder() -> String {
    let beside = bevy::asset::io::file::FileAssetReader::get_base_path().join("assets");
    if !beside.is_dir()
        && let Ok(here) = std::env::current_dir().map(|d| d.join("assets"))
        && here.is_dir()
    {
        return here.to_string_lossy().into_owned();
    }
    "assets".into()
}

/// What Parlour found in its files at start-up.
pub struct Files {
    /// The settings (the defaults when the file did not read).
    pub settings: Settings,
    /// The settings file.
    pub settings_file: SettingsFile,
    /// The statistics.
    pub statistics: Statistics,
    /// The statistics file.
    pub statistics_file: StatisticsFile,
    /// The save slot.
    pub slot: SaveSlot,
    /// What did not read.
    pub warnings: FileWarnings,
}

impl Files {
    /// Reads the settings, the statistics and the save slot from their usual
    /// places (under `$PARLOUR_HOME` when it is set).
    pub fn open(now: SystemTime) -> Self {
        let mut warnings = Vec::new();
        let settings_path = crate::settings::settings_path();
        let settings = match &settings_path {
            Some(path) => {
                let (settings, warning) = crate::settings::load(path, now);
                warnings.extend(warning);
                settings
            }
            None => Settings::default(),
        };
        let statistics_path = crate::stats::statistics_path();
        let statistics = match &statistics_path {
            Some(path) => {
                let (stats, warning) = crate::stats::load(path, now);
                warnings.extend(warning);
                stats
            }
            None => Statistics::default(),
        };
        let (slot, warning) = SaveSlot::open(
            crate::persist::current_save(),
            crate::persist::history_dir(),
            now,
        );
        warnings.extend(warning);
        Self {
            settings_file: SettingsFile::new(settings_path, &settings),
            settings,
            statistics,
            statistics_file: StatisticsFile(statistics_path),
            slot,
            warnings: FileWarnings(warnings),
        }
    }

    /// Hands them to the app.
    pub fn insert(self, app: &mut App) {
        crate::i18n::set_language(self.settings.language);
        app.insert_resource(self.settings)
            .insert_resource(self.settings_file)
            .insert_resource(self.statistics)
            .insert_resource(self.statistics_file)
            .insert_resource(self.slot)
            .insert_resource(self.warnings);
    }
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
