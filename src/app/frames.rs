//! The headless checks of the window: `--frames N` runs that many frames,
//! `--screenshot FILE` saves the last, `--frame-stats` prints frame times
//! and what the screenshot's frame showed — the screen, the game on the
//! table, its moves drawn, where its pieces were drawn and the felt's
//! colour — for the GUI smoke check to hold the picture against.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::platform::time::Instant;

use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::engine::{CellOf, PieceOf};
use crate::session::{Screen, Shown};
use crate::ui::theme::colour::FELT;

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
    /// What the screenshot's frame showed.
    drawn: Option<Drawn>,
}

/// What the frame of the screenshot showed.
#[derive(Clone, Debug, serde::Serialize)]
struct Drawn {
    /// The screen.
    screen: String,
    /// The game the play screen drew, and its moves played then.
    game: Option<&'static str>,
    moves_shown: usize,
    /// The middle of each piece and cell drawn, in the picture's pixels.
    piece_centres: Vec<[u32; 2]>,
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
            drawn: None,
        }
    }
}

/// Counts frames against the budget.
pub fn plugin(app: &mut App) {
    app.add_systems(Last, count_frames.run_if(resource_exists::<FrameBudget>));
}

/// The pieces and cells drawn, and the window they are drawn in.
type DrawnPieces<'w, 's> = Query<
    'w,
    's,
    (&'static GlobalTransform, &'static ViewVisibility),
    (With<Sprite>, Or<(With<PieceOf>, With<CellOf>)>),
>;

fn count_frames(
    mut commands: Commands,
    time: Res<Time>,
    shown: Res<Shown>,
    screen: Option<Res<State<Screen>>>,
    pieces: DrawnPieces,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
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
    if budget.drawn.is_none() {
        // The frame the screenshot is taken of.
        let screen = screen.map_or(Screen::Title, |s| *s.get());
        budget.drawn = Some(drawn(screen, &shown, &pieces, windows.single().ok()));
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

/// What this frame shows: the screen, the game and its moves drawn, and
/// where the visible pieces lie in the window's physical pixels (those of
/// the screenshot).
fn drawn(screen: Screen, shown: &Shown, pieces: &DrawnPieces, window: Option<&Window>) -> Drawn {
    let piece_centres = window
        .map(|w| {
            let (size, scale) = (w.size(), w.scale_factor());
            pieces
                .iter()
                .filter(|(_, seen)| seen.get())
                .map(|(at, _)| {
                    let p = at.translation();
                    let x = (p.x + size.x / 2.0) * scale;
                    let y = (size.y / 2.0 - p.y) * scale;
                    (x, y)
                })
                .filter(|&(x, y)| x >= 0.0 && y >= 0.0 && x < size.x * scale && y < size.y * scale)
                .map(|(x, y)| [x as u32, y as u32])
                .collect()
        })
        .unwrap_or_default();
    let on_table = screen == Screen::Play;
    Drawn {
        screen: format!("{screen:?}"),
        game: shown.game.filter(|_| on_table).map(|g| g.name()),
        moves_shown: if on_table { shown.moves } else { 0 },
        piece_centres,
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
        // What the screenshot's frame showed: a check that a game, not the
        // title or an empty table, was drawn.
        "screen": budget.drawn.as_ref().map(|d| d.screen.clone()),
        "game": budget.drawn.as_ref().and_then(|d| d.game),
        "moves_shown": budget.drawn.as_ref().map_or(0, |d| d.moves_shown),
        "piece_centres": budget.drawn.as_ref().map(|d| d.piece_centres.clone()),
        "felt": felt_rgb(),
    });
    println!(
        "{}",
        serde_json::to_string_pretty(&stats).unwrap_or_default()
    );
}

/// The felt's colour, as the picture holds it (8-bit sRGB).
fn felt_rgb() -> [u8; 3] {
    let c = FELT.to_srgba();
    [c.red, c.green, c.blue].map(|v| (v * 255.0).round() as u8)
}

/// The process's peak resident memory, in MiB (Linux: VmHWM), if known.
pub fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
