//! The headless checks of the window: `--frames N` runs that many frames,
//! `--screenshot FILE` saves the last (and `--screenshot-also-at M` frame M
//! too), `--frame-stats` prints frame times and what each screenshot's
//! frame showed — the screen, the game on the table, its moves drawn, each
//! piece and cell drawn (where, how big, its colour, whether something is
//! printed on it) and the felt's colour — for the GUI smoke check to hold
//! the pictures against.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::platform::time::Instant;

use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::engine::{CellOf, PieceOf};
use crate::session::{Screen, Shown};
use crate::ui::theme::colour::FELT;
use crate::ui::tween::Tween;

/// Run a fixed number of frames, maybe save a screenshot, maybe report frame times; then exit.
#[derive(Resource, Clone, Debug)]
pub struct FrameBudget {
    /// Frames to run.
    pub frames: u32,
    /// Where to save the last frame.
    pub screenshot: Option<PathBuf>,
    /// An earlier frame to save too, beside the last.
    pub also_at: Option<u32>,
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
    /// Screenshots saved, and asked for.
    saved: Arc<AtomicUsize>,
    requested: usize,
    /// What the last screenshot's frame showed.
    drawn: Option<Drawn>,
    /// What the earlier screenshot's frame showed.
    drawn_earlier: Option<Drawn>,
}

/// What the frame of the screenshot showed.
#[derive(Clone, Debug, serde::Serialize)]
struct Drawn {
    /// The frame.
    frame: u32,
    /// The screen.
    screen: String,
    /// The game the play screen drew, and its moves played then.
    game: Option<&'static str>,
    moves_shown: usize,
    /// The tokens and cards drawn, and the board's cells: kept apart so a
    /// table whose tokens are missing cannot pass on its cells.
    pieces: Vec<Thing>,
    cells: Vec<Thing>,
}

/// A piece or cell as drawn, in the picture's pixels.
#[derive(Clone, Debug, serde::Serialize)]
struct Thing {
    /// The piece's number, or the cell's index: the same thing in both screenshots.
    id: usize,
    /// Its middle.
    at: [u32; 2],
    /// Its width and height.
    size: [u32; 2],
    /// Its face's colour (8-bit sRGB).
    colour: [u8; 3],
    /// Whether a digit, letter or mark is printed on it.
    printed: bool,
    /// Whether it is still on its way (a card flying from a seat's chip, a
    /// hand sliding in): it may pass under the top bar or over another, so
    /// a picture of this frame need not show it whole.
    moving: bool,
}

impl FrameBudget {
    /// A budget of `frames` frames.
    pub fn new(
        frames: u32,
        screenshot: Option<PathBuf>,
        also_at: Option<u32>,
        stats: bool,
        started: Instant,
    ) -> Self {
        Self {
            frames,
            screenshot,
            also_at: also_at.filter(|&n| n > 0 && n < frames),
            stats,
            count: 0,
            times: Vec::new(),
            started,
            first_frame: None,
            saved: Arc::new(AtomicUsize::new(0)),
            requested: 0,
            drawn: None,
            drawn_earlier: None,
        }
    }
}

/// Counts frames against the budget.
pub fn plugin(app: &mut App) {
    app.add_systems(Last, count_frames.run_if(resource_exists::<FrameBudget>));
}

/// The pieces and cells drawn, and whether each is still on its way.
type DrawnPieces<'w, 's> = Query<
    'w,
    's,
    (
        &'static GlobalTransform,
        &'static ViewVisibility,
        &'static Sprite,
        Option<&'static PieceOf>,
        Option<&'static CellOf>,
        Option<&'static Children>,
        Has<Tween>,
    ),
    Or<(With<PieceOf>, With<CellOf>)>,
>;

/// The text printed on pieces and cells.
type Printed<'w, 's> = Query<'w, 's, (&'static Text2d, &'static ViewVisibility)>;

fn count_frames(
    mut commands: Commands,
    time: Res<Time>,
    shown: Res<Shown>,
    screen: Option<Res<State<Screen>>>,
    pieces: DrawnPieces,
    printed: Printed,
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
    let screen = screen.map_or(Screen::Title, |s| *s.get());
    let window = windows.single().ok();
    if let (Some(at), Some(path)) = (budget.also_at, budget.screenshot.clone())
        && budget.count == at
    {
        budget.drawn_earlier = Some(drawn(at, screen, &shown, &pieces, &printed, window));
        shoot(&mut commands, &mut budget, earlier_path(&path, at));
    }
    if budget.count < budget.frames {
        return;
    }
    if budget.drawn.is_none() {
        // The frame the screenshot is taken of.
        let frame = budget.count;
        budget.drawn = Some(drawn(frame, screen, &shown, &pieces, &printed, window));
    }
    let last_asked = budget.requested > usize::from(budget.drawn_earlier.is_some());
    match budget.screenshot.clone() {
        Some(path) if !last_asked => shoot(&mut commands, &mut budget, path),
        Some(_) if budget.saved.load(Ordering::SeqCst) < budget.requested => {
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

/// Asks for a screenshot of this frame, saved to `path`.
fn shoot(commands: &mut Commands, budget: &mut FrameBudget, path: PathBuf) {
    budget.requested += 1;
    let saved = Arc::clone(&budget.saved);
    let mut save = save_to_disk(path);
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>| {
            save(captured);
            saved.fetch_add(1, Ordering::SeqCst);
        },
    );
}

/// `shot.png` with frame 90 before its extension: `shot-90.png`.
fn earlier_path(path: &std::path::Path, frame: u32) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{frame}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{frame}"),
    };
    path.with_file_name(name)
}

/// What this frame shows: the screen, the game and its moves drawn, and
/// the visible pieces and cells in the window's physical pixels (those of
/// the screenshot).
fn drawn(
    frame: u32,
    screen: Screen,
    shown: &Shown,
    pieces: &DrawnPieces,
    printed: &Printed,
    window: Option<&Window>,
) -> Drawn {
    let (mut tokens, mut cells) = (Vec::new(), Vec::new());
    if let Some(w) = window {
        let (size, scale) = (w.size(), w.scale_factor());
        for (at, seen, sprite, piece, cell, children, moving) in pieces {
            if !seen.get() {
                continue;
            }
            let p = at.translation();
            let (x, y) = ((p.x + size.x / 2.0) * scale, (size.y / 2.0 - p.y) * scale);
            if x < 0.0 || y < 0.0 || x >= size.x * scale || y >= size.y * scale {
                continue;
            }
            let extent = sprite.custom_size.unwrap_or_default() * at.scale().truncate() * scale;
            let c = sprite.color.to_srgba();
            let thing = Thing {
                id: piece.map_or_else(|| cell.map_or(0, |c| c.index), |p| p.id),
                at: [x as u32, y as u32],
                size: [extent.x.abs() as u32, extent.y.abs() as u32],
                colour: [c.red, c.green, c.blue].map(|v| (v * 255.0).round() as u8),
                printed: children.is_some_and(|kids| {
                    kids.iter().any(|k| {
                        printed
                            .get(k)
                            .is_ok_and(|(text, seen)| seen.get() && !text.0.trim().is_empty())
                    })
                }),
                moving,
            };
            if piece.is_some() {
                tokens.push(thing);
            } else {
                cells.push(thing);
            }
        }
    }
    let on_table = screen == Screen::Play;
    Drawn {
        frame,
        screen: format!("{screen:?}"),
        game: shown.game.filter(|_| on_table).map(|g| g.name()),
        moves_shown: if on_table { shown.moves } else { 0 },
        pieces: tokens,
        cells,
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
        "pieces": budget.drawn.as_ref().map(|d| d.pieces.clone()),
        "cells": budget.drawn.as_ref().map(|d| d.cells.clone()),
        "felt": felt_rgb(),
        // The earlier screenshot's frame, when one was asked for.
        "earlier": budget.drawn_earlier.as_ref().zip(budget.screenshot.as_deref()).map(|(d, path)| {
            let mut e = serde_json::to_value(d).unwrap_or_default();
            e["screenshot"] = earlier_path(path, d.frame).to_string_lossy().into();
            e
        }),
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
