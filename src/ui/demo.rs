//! Attract mode (`--demo`: bots play, match after match) and the headless
//! checks of the window (`--frames N`, `--screenshot FILE`, `--frame-stats`).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use super::{BeginMatch, GameKind, Screen, SeatChoice, Table};
use crate::engine::Controller;

/// Attract mode: which games to rotate through.
#[derive(Resource, Clone, Debug)]
pub struct Demo {
    /// The games shown in turn.
    pub games: Vec<GameKind>,
    /// The next game to show.
    pub next: usize,
    /// Time on the results screen before the next match.
    pub linger: Timer,
    /// The first match has been started (a new `Demo` starts again: kiosk
    /// mode turns attract mode on and off).
    pub started: bool,
}

impl Demo {
    /// Rotates through `games` (every playable game when empty).
    pub fn new(games: Vec<GameKind>) -> Self {
        let games = if games.is_empty() {
            GameKind::ALL.into_iter().filter(|g| g.playable()).collect()
        } else {
            games
        };
        Self {
            games,
            next: 0,
            linger: Timer::from_seconds(4.0, TimerMode::Once),
            started: false,
        }
    }
}

/// Run a fixed number of frames, maybe save a screenshot, maybe report frame times; then exit.
#[derive(Resource, Clone, Debug)]
pub struct FrameBudget {
    /// Frames to run.
    pub frames: u32,
    /// Where to save the last frame.
    pub screenshot: Option<PathBuf>,
    /// Whether to print frame-time figures.
    pub stats: bool,
    /// Frames so far.
    pub count: u32,
    /// Each frame's time, in seconds.
    pub times: Vec<f32>,
    /// When the process started.
    pub started: Instant,
    /// When the first frame was drawn.
    pub first_frame: Option<Duration>,
    saved: Arc<AtomicBool>,
    requested: bool,
}

impl FrameBudget {
    /// A budget of `frames` frames.
    pub fn new(frames: u32, screenshot: Option<PathBuf>, stats: bool, started: Instant) -> Self {
        Self {
            frames,
            screenshot,
            stats,
            count: 0,
            times: Vec::new(),
            started,
            first_frame: None,
            saved: Arc::new(AtomicBool::new(false)),
            requested: false,
        }
    }
}

/// The demo and frame-budget systems.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        // Each checks for itself: kiosk mode may end attract mode between the two.
        (start_demo, next_demo_match).distributive_run_if(resource_exists::<Demo>),
    )
    .add_systems(Last, count_frames.run_if(resource_exists::<FrameBudget>));
}

/// A table of bots for `game`.
pub fn bot_table(game: GameKind) -> Table {
    let (seats, bot) = match game {
        GameKind::Neighbours => (3, "expert"),
        GameKind::PaperBoxing => (2, "solver"),
        GameKind::Rummy => (3, "expert"),
    };
    let names = ["Ada", "Bram", "Cleo", "Dag"];
    Table {
        game,
        variant: "standard".into(),
        seats: (0..seats)
            .map(|i| SeatChoice {
                name: names[i].into(),
                controller: Controller::Bot(bot.into()),
            })
            .collect(),
        viewer: None,
        handing_to: None,
    }
}

fn start_demo(
    mut demo: ResMut<Demo>,
    mut table: ResMut<Table>,
    mut begin: MessageWriter<BeginMatch>,
    mut next: ResMut<NextState<Screen>>,
) {
    if demo.started {
        return;
    }
    demo.started = true;
    let game = demo.games[demo.next % demo.games.len()];
    demo.next += 1;
    *table = bot_table(game);
    begin.write(BeginMatch);
    next.set(Screen::Play);
}

#[allow(clippy::too_many_arguments)]
fn next_demo_match(
    time: Res<Time>,
    screen: Res<State<Screen>>,
    mut demo: ResMut<Demo>,
    mut table: ResMut<Table>,
    mut begin: MessageWriter<BeginMatch>,
    mut end: MessageWriter<crate::engine::EndMatch>,
    mut next: ResMut<NextState<Screen>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if *screen.get() != Screen::Results {
        demo.linger.reset();
        return;
    }
    redraw.write(bevy::window::RequestRedraw);
    if demo.linger.tick(time.delta()).is_finished() {
        let game = demo.games[demo.next % demo.games.len()];
        demo.next += 1;
        *table = bot_table(game);
        // The last match may be another game's: end it, so only one is in play.
        end.write(crate::engine::EndMatch);
        begin.write(BeginMatch);
        next.set(Screen::Play);
    }
}

fn count_frames(
    mut commands: Commands,
    time: Res<Time>,
    mut budget: ResMut<FrameBudget>,
    mut exit: MessageWriter<AppExit>,
) {
    budget.count += 1;
    if budget.first_frame.is_none() {
        budget.first_frame = Some(budget.started.elapsed());
    } else {
        budget.times.push(time.delta_secs());
    }
    if budget.count < budget.frames {
        return;
    }
    match budget.screenshot.clone() {
        Some(path) if !budget.requested => {
            budget.requested = true;
            let saved = Arc::clone(&budget.saved);
            let mut save = save_to_disk(path);
            commands.spawn(Screenshot::primary_window()).observe(
                move |captured: On<ScreenshotCaptured>| {
                    save(captured);
                    saved.store(true, Ordering::SeqCst);
                },
            );
        }
        Some(_) if !budget.saved.load(Ordering::SeqCst) => {
            // Wait for the capture to come back from the render world, a few frames at most.
            if budget.count > budget.frames + 600 {
                error!("the screenshot never arrived");
                exit.write(AppExit::from_code(1));
            }
        }
        _ => {
            if budget.stats {
                print_stats(&budget);
            }
            exit.write(AppExit::Success);
        }
    }
}

fn print_stats(budget: &FrameBudget) {
    let mut times: Vec<f32> = budget.times.iter().map(|t| t * 1000.0).collect();
    times.sort_by(f32::total_cmp);
    let mean = times.iter().sum::<f32>() / times.len().max(1) as f32;
    let p95 = times
        .get(((times.len() as f32 * 0.95) as usize).min(times.len().saturating_sub(1)))
        .copied()
        .unwrap_or(0.0);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let stats = serde_json::json!({
        "frames": budget.count,
        "first_frame_ms": budget.first_frame.map(|d| d.as_secs_f64() * 1000.0),
        "frame_ms_mean": mean,
        "frame_ms_median": median,
        "frame_ms_p95": p95,
        "peak_memory_mb": peak_memory_mb(),
    });
    println!(
        "{}",
        serde_json::to_string_pretty(&stats).unwrap_or_default()
    );
}

/// The process's peak resident memory, in MiB (Linux: VmHWM), if known.
pub fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
