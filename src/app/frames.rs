//! The headless checks of the window: `--frames N` runs that many frames,
//! `--screenshot FILE` saves the last, `--frame-stats` prints frame times.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::platform::time::Instant;

use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::session::Shown;

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

/// Counts frames against the budget.
pub fn plugin(app: &mut App) {
    app.add_systems(Last, count_frames.run_if(resource_exists::<FrameBudget>));
}

fn count_frames(
    mut commands: Commands,
    time: Res<Time>,
    shown: Res<Shown>,
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
                print_stats(&budget, &shown);
            }
            exit.write(AppExit::Success);
        }
    }
}

fn print_stats(budget: &FrameBudget, shown: &Shown) {
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
        // What was on the table: a check that a game, not the title, was drawn.
        "game": shown.game.map(|g| g.name()),
        "moves_shown": shown.moves,
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
