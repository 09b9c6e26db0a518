//! The composition root: the game window, every top-level plugin in layer
//! order, the files read at start-up, and the window's options.

pub mod frames;
#[cfg(not(target_arch = "wasm32"))]
mod icon;
mod page;
pub mod startup;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::platform::time::{Instant, SystemTime};

use bevy::prelude::*;
use bevy::window::{MonitorSelection, WindowMode};
use bevy::winit::{UpdateMode, WinitSettings};
use clap::Args;

use crate::catalog::GameCatalog;
use crate::kiosk::{Kiosk, PinRequired};
use crate::saves::SaveSlot;
use crate::session::attract::Demo;
use crate::settings::{Settings, SettingsFile};
use crate::stats::{Statistics, StatisticsFile};
use crate::storage::FileWarnings;
use crate::variants::{VariantRegistry, VariantSources};
use frames::FrameBudget;

/// Options of the game window.
#[derive(Args, Debug, Clone, Default)]
pub struct WindowOptions {
    /// Play bots against each other, in a loop (attract mode).
    #[arg(long)]
    pub demo: bool,
    /// The game for --demo (default: the three in turn).
    #[arg(long, value_name = "GAME", requires = "demo")]
    pub game: Option<String>,
    /// Run this many frames, then exit.
    #[arg(long, value_name = "N")]
    pub frames: Option<u32>,
    /// Save a screenshot of the last frame to FILE (with --frames).
    #[arg(long, value_name = "FILE", requires = "frames")]
    pub screenshot: Option<PathBuf>,
    /// Also save a screenshot of frame N, to FILE with `-N` before its
    /// extension (with --screenshot): two frames of one run, so a check
    /// can tell a table drawn afresh from a frozen picture.
    #[arg(long, value_name = "N", requires = "screenshot")]
    pub screenshot_also_at: Option<u32>,
    /// Print frame-time figures and peak memory on exit (with --frames).
    #[arg(long, requires = "frames")]
    pub frame_stats: bool,
    /// The window's size in logical pixels, e.g. 1280x800 or 800x1280.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub window: Option<(u32, u32)>,
    /// Fill the primary monitor, without borders.
    #[arg(long)]
    pub fullscreen: bool,
    /// Kiosk mode: fullscreen, no way out without the PIN (a long press in
    /// the top-left corner, or Ctrl+Alt+Q), the title after the idle
    /// timeout and attract mode after as long again.
    #[arg(long)]
    pub kiosk: bool,
    /// Hold one seat of a shared table (`parlour host`) from this device:
    /// the table's address as its screen shows it, like 192.168.1.20:7878.
    #[arg(long, value_name = "ADDRESS", conflicts_with_all = ["demo", "kiosk"])]
    pub join: Option<String>,
    /// With --join: the seat to offer first, from 1.
    #[arg(long, value_name = "N", requires = "join", value_parser = clap::value_parser!(u8).range(1..=8))]
    pub seat: Option<u8>,
    /// With --join: be the table's own screen — the public table, each
    /// seat's player and a code to scan beside each free seat.
    #[arg(long, requires = "join", conflicts_with = "seat")]
    pub watch: bool,
    /// With --watch: the key `parlour host` printed for the table's screen,
    /// which lets this screen give a seat whose phone is away to a bot or
    /// to another phone.
    #[arg(long, value_name = "KEY", requires = "watch")]
    pub key: Option<String>,
}

/// Reads a window size written `WIDTHxHEIGHT`.
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("{text:?} is not a window size: write it WIDTHxHEIGHT, like 1280x800");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if !(320..=8192).contains(&w) || !(320..=8192).contains(&h) {
        return Err(format!(
            "{w}x{h} is out of range: each side must be 320 to 8192"
        ));
    }
    Ok((w, h))
}

/// A table without a window: the rules engine, the session, saves and the
/// choice of sounds — what a headless test adds under a game's logic.
pub fn headless_plugin(app: &mut App) {
    app.add_plugins((
        crate::engine::plugin,
        crate::session::plugin,
        crate::saves::plugin,
        crate::sound::plugin,
        crate::review::plugin,
        crate::hand::plugin,
    ));
}

/// Every plugin of the app below the window, in layer order.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        headless_plugin,
        crate::settings::plugin,
        crate::variants::plugin,
        crate::kiosk::plugin,
        crate::ui::plugin,
        crate::games::plugin,
        frames::plugin,
    ));
    #[cfg(feature = "sound")]
    app.add_plugins(crate::sound::player);
}

/// Every variant on offer and every file not taken, read from `sources`
/// as the set-up screen reads them, without a window (`parlour variants`).
pub fn variants_on_offer(sources: VariantSources) -> VariantRegistry {
    let mut app = App::new();
    app.insert_resource(crate::games::catalog())
        .insert_resource(sources)
        .add_plugins((crate::variants::plugin, crate::games::house_rules));
    // The first frame runs start-up, which reads the files.
    app.update();
    app.world().resource::<VariantRegistry>().clone()
}

/// Builds the whole app: window, rules plugins, screens.
pub fn build(options: &WindowOptions, started: Instant) -> Result<App, String> {
    let files = Files::open(SystemTime::now());
    let kiosk = options.kiosk || files.settings.kiosk;
    let mode = if (kiosk || options.fullscreen) && crate::platform::HAS_OWN_WINDOW {
        WindowMode::BorderlessFullscreen(MonitorSelection::Primary)
    } else {
        WindowMode::Windowed
    };
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(window_plugin(options, &files, mode, kiosk)))
        .add_plugins((plugin, page::plugin));
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(icon::plugin);
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
    furnish(&mut app, options, files, kiosk)?;
    if let Some(frames) = options.frames {
        // A measured run draws every frame.
        app.insert_resource(WinitSettings::game());
        app.insert_resource(FrameBudget::new(
            frames,
            options.screenshot.clone(),
            options.screenshot_also_at,
            options.frame_stats,
            started,
        ));
    }
    Ok(app)
}

/// The whole app as [`build`] makes it, without a window system or a
/// graphics adapter: its window is an entity whose messages — the pointer,
/// touches, keys, resizes — the caller writes as the window system would,
/// and it runs one `update` at a time (the chaos run). Its files are read
/// from the data folder as at start-up.
pub fn build_headless(options: &WindowOptions) -> Result<App, String> {
    let files = Files::open(SystemTime::now());
    let kiosk = options.kiosk || files.settings.kiosk;
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .build()
            .disable::<bevy::winit::WinitPlugin>()
            .disable::<bevy::log::LogPlugin>()
            .set(bevy::render::RenderPlugin {
                render_creation: bevy::render::settings::WgpuSettings {
                    backends: None,
                    ..default()
                }
                .into(),
                ..default()
            })
            .set(window_plugin(options, &files, WindowMode::Windowed, kiosk)),
    )
    .add_plugins(plugin);
    furnish(&mut app, options, files, kiosk)?;
    app.finish();
    app.cleanup();
    Ok(app)
}

/// The primary window: the size asked for, else the size it had last time.
fn window_plugin(
    options: &WindowOptions,
    files: &Files,
    mode: WindowMode,
    kiosk: bool,
) -> WindowPlugin {
    let (width, height) = options
        .window
        .or(files.settings.window)
        .unwrap_or((1280, 800));
    WindowPlugin {
        primary_window: Some(Window {
            title: "Parlour".into(),
            resolution: bevy::window::WindowResolution::new(width, height),
            mode,
            decorations: !kiosk,
            // In a page: the canvas `index.html` gives, as large as the
            // page, with the browser's own keys and gestures kept off it.
            canvas: cfg!(target_arch = "wasm32").then(|| "#parlour".into()),
            fit_canvas_to_parent: true,
            prevent_default_event_handling: true,
            ..default()
        }),
        // Closing is decided by the kiosk module: never from the screen in kiosk mode.
        close_when_requested: false,
        ..default()
    }
}

/// What every build of the app holds besides its plugins: the files read,
/// the variants' folders, kiosk mode, attract mode.
fn furnish(
    app: &mut App,
    options: &WindowOptions,
    files: Files,
    kiosk: bool,
) -> Result<(), String> {
    let catalog = app.world().resource::<GameCatalog>();
    let demo_games = match &options.game {
        None => Vec::new(),
        Some(name) => vec![
            catalog
                .by_name(name)
                .ok_or_else(|| {
                    format!("unknown game {name:?}; the games are: {}", catalog.names())
                })?
                .id,
        ],
    };
    files.insert(app);
    app.insert_resource(VariantSources::installed(crate::storage::home().as_deref()));
    app.insert_resource(crate::settings::RememberWindow(
        options.window.is_none()
            && options.frames.is_none()
            && !options.demo
            && crate::platform::HAS_OWN_WINDOW,
    ));
    app.insert_resource(Kiosk {
        forced: options.kiosk,
        active: kiosk,
        unlocked: false,
    });
    if options.kiosk {
        app.insert_resource(PinRequired);
    }
    if options.demo {
        app.insert_resource(Demo::new(demo_games));
    }
    // Seats played at a table's screen keep their keys beside a phone's.
    app.insert_resource(crate::hand::HereSeats::kept_in(
        crate::storage::home().map(|h| h.join("seats")),
    ));
    if let Some(address) = &options.join {
        let seat = options.seat.map(|n| usize::from(n) - 1);
        let mut table = crate::hand::JoinTable::at(address, seat)?;
        if options.watch {
            table = match &options.key {
                Some(key) => table.screen(key.clone()),
                None => table.watched(),
            };
        }
        let keep = crate::hand::kept_path(&table);
        app.insert_resource(crate::hand::Link::new(table, keep));
        app.world_mut()
            .resource_mut::<NextState<crate::session::Screen>>()
            .set(crate::session::Screen::Hand);
    }
    Ok(())
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
        let statistics = match &crate::stats::statistics_to_read() {
            Some(path) => {
                let (stats, warning) = crate::stats::load(path, now);
                warnings.extend(warning);
                stats
            }
            None => Statistics::default(),
        };
        let (slot, warning) = SaveSlot::open(
            crate::storage::current_save(),
            crate::storage::history_dir(),
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

/// Runs Parlour in a web page: the canvas `index.html` gives, the page's
/// storage for the data folder, and the page's query for the options
/// (`?kiosk`, `?demo`, `?demo=rummy`). What would stop the desktop program
/// before its window opens (no display, a data folder taken) does not
/// arise in a page: the page itself lets one tab at a time hold the table.
pub fn run_in_page() {
    crate::platform::page::reload_after_a_crash();
    let query = crate::platform::page::query();
    if let Some(spec) = query
        .split('&')
        .find_map(|p| p.strip_prefix("bench-review="))
    {
        let answer = page::review_time(spec, 5, 1).unwrap_or_else(|e| e);
        crate::platform::page::say("parlourBench", &answer);
        return;
    }
    if let Some(spec) = query.split('&').find_map(|p| p.strip_prefix("bench=")) {
        let answer = match page::think_time(spec, 4, 1) {
            Ok(ms) => format!("{ms:.3}"),
            Err(e) => e,
        };
        crate::platform::page::say("parlourBench", &answer);
        return;
    }
    let options = page::options(&query);
    match build(&options, Instant::now()) {
        Ok(mut app) => {
            // Bevy's panic handler, added as the app was built, set its own
            // hook in place of the one above (it does not chain): the
            // reload goes on after it again, or a crash would leave the
            // page frozen on its last frame.
            crate::platform::page::reload_after_a_crash();
            app.run();
        }
        Err(e) => error!("{e}"),
    }
}

/// Opens the game window and runs until it closes. What the window needs
/// and lacks (a display, a writable data folder, the folder to itself, a
/// graphics adapter) is said in one line, with exit status 2.
pub fn run(options: WindowOptions) -> ExitCode {
    let started = Instant::now();
    let lock = startup::check_display(|name| std::env::var(name).ok())
        .and_then(|()| startup::check_data_folder(crate::storage::home().as_deref()))
        .and_then(|home| startup::lock_data_folder(&home));
    let _lock = match lock {
        Ok(lock) => lock,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    startup::say_failures_in_words();
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
