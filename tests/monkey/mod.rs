//! The chaos run: the whole app, headless (no window system, no graphics
//! adapter), under a seeded stream of what people and machines do to it —
//! taps on what is on screen and anywhere, drags between pieces, two
//! fingers at once, long presses, keys and chords, typing, the mouse wheel,
//! window resizes from 1024 × 600 to 3840 × 2160 either way up, settings
//! changed from any screen, long idle spells (the kiosk's timeout, attract
//! mode), the window closed and the process killed and started again —
//! written as Bevy's own input and window messages, as the window system
//! would write them. After every frame the invariants are checked:
//!
//! - no panic;
//! - the match on the table is the replay of its own record;
//! - no hidden piece (a hand, the pile, a grid not yet revealed, a set-up
//!   number) is drawn while a hand-over screen shows;
//! - the save file, whenever there is one, reads and replays;
//! - nothing is written outside the data folder;
//! - memory stays flat (checked over the whole run).
//!
//! One seed decides the whole run ([`FrameStepped`]: bots think within the
//! frame and by playouts, seeds come from the run, time advances a fixed
//! step a frame), so a failure is reproduced by its seed and step count.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::{MouseButton, MouseButtonInput, MouseScrollUnit, MouseWheel};
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{CursorMoved, PrimaryWindow, WindowCloseRequested, WindowEvent, WindowResized};
use bevy_egui::{EguiContext, PrimaryEguiContext, egui};
use parlour::app::WindowOptions;
use parlour::engine::{ActiveMatch, At, CellOf, FrameStepped, PieceOf};
use parlour::kiosk::{Kiosk, PinPad};
use parlour::saves::Replay;
use parlour::session::attract::Demo;
use parlour::session::{MenuOpen, Screen};
use parlour::settings::{BotStrength, HintKind, Settings, TextSize};
use parlour_core::engine::{Game, GameRng, Match, Record, Zone};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;

/// While the hand-over screen shows: what is drawn on the table that a
/// spectator may not see — a piece of a hand or the pile, a grid's number
/// not yet revealed, a set-up number. Empty on any other screen.
pub fn hidden_drawn(world: &mut World) -> Vec<String> {
    let mut seen = Vec::new();
    if *world.resource::<State<Screen>>().get() != Screen::HandOver {
        return seen;
    }
    let mut pieces = world
        .query_filtered::<(&PieceOf, &At, &InheritedVisibility), Or<(With<Sprite>, With<Text2d>)>>(
        );
    for (piece, at, visible) in pieces.iter(world) {
        if visible.get() && at.0.zone != Zone::Board {
            seen.push(format!(
                "piece {} ({}) in {:?}",
                piece.id, piece.label, at.0.zone
            ));
        }
    }
    if let Some(active) = world.get_resource::<ActiveMatch<PaperBoxing>>() {
        let public = active.get().view(2);
        let mut texts = world.query::<(&Text2d, &InheritedVisibility, Option<&ChildOf>)>();
        let mut cells = world.query::<&CellOf>();
        for (text, visible, parent) in texts.iter(world) {
            let words = text.0.trim();
            if !visible.get() || words.is_empty() || words == "D" {
                continue;
            }
            let Ok(number) = words.parse::<u8>() else {
                continue;
            };
            match parent.and_then(|p| cells.get(world, p.parent()).ok()) {
                Some(cell) => {
                    let seat = cell.owner.unwrap_or(0);
                    let shown = public.grids[seat].map(|g| g[cell.index % 16]);
                    if shown != Some(number) {
                        seen.push(format!(
                            "the {number} of seat {seat}'s grid, cell {}",
                            cell.index % 16
                        ));
                    }
                }
                None => seen.push(format!("a set-up number {number}")),
            }
        }
    }
    seen
}

/// The whole app headless on a data folder of its own, stepped by `play`
/// (a scripted run beside the random ones).
pub fn with_app(seed: u64, size: (u32, u32), play: impl FnOnce(&mut App)) {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let folders = Folders::new(seed);
    point_folders(&folders);
    let options = WindowOptions {
        window: Some(size),
        ..WindowOptions::default()
    };
    let mut app = parlour::app::build_headless(&options).expect("the app");
    app.insert_resource(FrameStepped::new(seed))
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    play(&mut app);
}

/// How far resident memory may rise over a run once settled: a leak of a
/// match, a table or a screen's textures at every step passes it within
/// minutes; fonts laid out at a new size and the allocator's own slack do
/// not.
const MEMORY_GROWTH_MIB: f64 = 128.0;

/// One frame's time: the app sees 30 frames a second, whatever the machine.
const FRAME: Duration = Duration::from_micros(33_333);

/// Window sizes a player meets, either way up.
const SIZES: [(u32, u32); 7] = [
    (1024, 600),
    (1280, 800),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
    (2732, 2048),
    (3840, 2160),
];

/// The words egui painted in the last frame, and where (in points).
#[derive(Resource, Default)]
struct Painted(Vec<(String, egui::Rect)>);

/// Keeps the words of the frame's egui output before it is handed on.
fn keep_words(
    outputs: Query<&bevy_egui::EguiFullOutput, With<PrimaryEguiContext>>,
    mut painted: ResMut<Painted>,
) {
    fn walk(shape: &egui::Shape, out: &mut Vec<(String, egui::Rect)>) {
        match shape {
            egui::Shape::Text(text) => {
                out.push((text.galley.text().to_owned(), shape.visual_bounding_rect()))
            }
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let Ok(output) = outputs.single() else { return };
    let Some(full) = output.0.as_ref() else {
        return;
    };
    let mut out = Vec::new();
    for clipped in &full.shapes {
        if clipped
            .clip_rect
            .contains(clipped.shape.visual_bounding_rect().center())
        {
            walk(&clipped.shape, &mut out);
        }
    }
    painted.0 = out;
}

/// Words worth a tap more often than the rest: the ways on to the set-up,
/// a match, a second person, the history and a match watched again.
const WORDS: [&str; 9] = [
    "button-play",
    "button-start",
    "setup-person",
    "setup-add-seat",
    "continue",
    "setup-replace-start",
    "history",
    "history-watch",
    "results-play-again",
];

/// What went wrong, and where.
#[derive(Debug)]
pub struct Failure {
    /// The seed of the run.
    pub seed: u64,
    /// The step it failed at (steps counted from 1).
    pub step: usize,
    /// The invariant broken, or the panic's words.
    pub what: String,
    /// The last events before it.
    pub last_events: Vec<String>,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "chaos seed {} failed at step {}: {}",
            self.seed, self.step, self.what
        )?;
        writeln!(f, "the last events:")?;
        for e in &self.last_events {
            writeln!(f, "  {e}")?;
        }
        write!(
            f,
            "reproduce: cargo run --example chaos -- {} --steps {}",
            self.seed, self.step
        )
    }
}

/// What a run counted.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    /// Steps taken (one event, or a gesture of several frames).
    pub steps: usize,
    /// Input and window messages written.
    pub events: usize,
    /// Frames run.
    pub frames: usize,
    /// Invariant checks made (each invariant, each frame).
    pub checks: usize,
    /// Replays of a match or a save file compared.
    pub replays: usize,
    /// Frames spent on each screen (and over it: the PIN pad, the match
    /// menu, attract mode, a match watched again).
    pub screens: BTreeMap<String, usize>,
    /// Moves seen applied on the table, per game.
    pub moves: BTreeMap<&'static str, usize>,
    /// Times the app was closed or killed and started again.
    pub restarts: usize,
    /// Resident memory after the first steps and at the end, in MiB.
    pub memory_mib: (f64, f64),
    /// The highest resident memory seen after the first steps, in MiB.
    pub memory_peak_mib: f64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl Tally {
    /// Adds another run's counts.
    pub fn add(&mut self, other: &Tally) {
        self.steps += other.steps;
        self.events += other.events;
        self.frames += other.frames;
        self.checks += other.checks;
        self.replays += other.replays;
        self.restarts += other.restarts;
        self.elapsed += other.elapsed;
        for (k, v) in &other.screens {
            *self.screens.entry(k.clone()).or_default() += v;
        }
        for (k, v) in &other.moves {
            *self.moves.entry(k).or_default() += v;
        }
        self.memory_peak_mib = self.memory_peak_mib.max(other.memory_peak_mib);
    }

    /// The summary line and the screens.
    pub fn report(&self) -> String {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        let mut out = format!(
            "{} steps, {} events ({:.0}/s), {} frames ({:.0}/s), {} invariant checks, {} replays compared, {} restarts, moves {:?}, memory {:.1} → {:.1} MiB (peak {:.1}), {:.0} s\n",
            self.steps,
            self.events,
            self.events as f64 / secs,
            self.frames,
            self.frames as f64 / secs,
            self.checks,
            self.replays,
            self.restarts,
            self.moves,
            self.memory_mib.0,
            self.memory_mib.1,
            self.memory_peak_mib,
            secs
        );
        out.push_str("frames per screen:");
        for (screen, n) in &self.screens {
            out.push_str(&format!(" {screen} {n};"));
        }
        out
    }
}

/// The folders of one run: the data folder, and a folder standing for the
/// rest of the disk (home and the system's folders point there), which must
/// stay empty.
struct Folders {
    root: PathBuf,
}

impl Folders {
    fn new(seed: u64) -> Self {
        let root = std::env::temp_dir().join(format!(
            "parlour-chaos-{}-{seed}-{}",
            std::process::id(),
            rand_suffix()
        ));
        std::fs::create_dir_all(root.join("data")).expect("the data folder");
        std::fs::create_dir_all(root.join("outside")).expect("the outside folder");
        Self { root }
    }

    fn data(&self) -> PathBuf {
        self.root.join("data")
    }

    fn outside(&self) -> PathBuf {
        self.root.join("outside")
    }
}

impl Drop for Folders {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn rand_suffix() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0)
}

/// Every file under `dir`.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// The process's resident memory, in MiB (Linux).
pub fn resident_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// The environment of the whole process is one: one run at a time.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Points the data folder and every folder of the system at the run's.
fn point_folders(folders: &Folders) {
    let outside = folders.outside();
    // SAFETY: one run at a time (ONE_AT_A_TIME), and nothing else in this
    // test binary reads the environment meanwhile.
    unsafe {
        std::env::set_var("PARLOUR_HOME", folders.data());
        std::env::set_var("HOME", &outside);
        for name in [
            "XDG_DATA_HOME",
            "XDG_CONFIG_HOME",
            "XDG_CACHE_HOME",
            "XDG_STATE_HOME",
        ] {
            std::env::set_var(name, outside.join(name));
        }
    }
}

/// A run of `steps` steps from `seed`; `on_step` hears of each step's end
/// (the long run's clock).
pub fn run(
    seed: u64,
    steps: usize,
    mut keep_going: impl FnMut(&Tally) -> bool,
) -> Result<Tally, Box<Failure>> {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let folders = Folders::new(seed);
    point_folders(&folders);
    let started = Instant::now();
    let mut chaos = Chaos::new(seed, &folders);
    let result = chaos.go(steps, &mut keep_going);
    chaos.tally.elapsed = started.elapsed();
    chaos.tally.memory_mib.1 = resident_mib();
    result.map(|()| chaos.tally.clone())
}

/// The run in progress.
struct Chaos<'f> {
    seed: u64,
    rng: GameRng,
    folders: &'f Folders,
    kiosk: bool,
    app: Option<App>,
    tally: Tally,
    log: Vec<String>,
    step: usize,
    /// The size the window has now.
    size: (u32, u32),
    /// Fingers down, by id.
    fingers: Vec<(u64, Vec2)>,
    next_finger: u64,
    /// The last match replayed, per game: its move count.
    replayed: BTreeMap<&'static str, (u64, usize)>,
    /// The save file as last checked.
    save_checked: Option<Vec<u8>>,
    /// Files found on the disk outside the data folder before the run.
    cwd_before: Vec<String>,
}

fn top_level(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n != "target")
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

impl<'f> Chaos<'f> {
    fn new(seed: u64, folders: &'f Folders) -> Self {
        let mut rng = GameRng::seeded(seed);
        let kiosk = rng.below(3) == 0;
        if kiosk {
            // A kiosk as its operator sets it up: with a PIN (without one
            // it asks for one before anything else).
            std::fs::write(
                folders.data().join(parlour::settings::FILE),
                r#"{"kiosk_pin": "2468"}"#,
            )
            .expect("the kiosk's settings");
        }
        let size = *rng.pick(&SIZES);
        let size = if rng.below(3) == 0 {
            (size.1, size.0)
        } else {
            size
        };
        Self {
            seed,
            rng,
            folders,
            kiosk,
            app: None,
            tally: Tally::default(),
            log: Vec::new(),
            step: 0,
            size,
            fingers: Vec::new(),
            next_finger: 1,
            replayed: BTreeMap::new(),
            save_checked: None,
            cwd_before: top_level(Path::new(".")),
        }
    }

    fn fail(&self, what: impl Into<String>) -> Box<Failure> {
        Box::new(Failure {
            seed: self.seed,
            step: self.step,
            what: what.into(),
            last_events: self.log.iter().rev().take(40).rev().cloned().collect(),
        })
    }

    fn note(&mut self, event: String) {
        self.log.push(format!("{}: {event}", self.step));
        if self.log.len() > 200 {
            self.log.drain(..100);
        }
    }

    /// Opens the app on the data folder, as the program starts.
    fn open(&mut self) -> Result<(), Box<Failure>> {
        let options = WindowOptions {
            kiosk: self.kiosk,
            window: Some(self.size),
            ..WindowOptions::default()
        };
        let built = catch_unwind(AssertUnwindSafe(|| parlour::app::build_headless(&options)));
        let mut app = match built {
            Ok(Ok(app)) => app,
            Ok(Err(e)) => return Err(self.fail(format!("the app did not start: {e}"))),
            Err(p) => return Err(self.fail(format!("panic while starting: {}", panic_words(&p)))),
        };
        let run_seed = self.rng.below(usize::MAX) as u64;
        // A table hosted for phones (Play with phones) listens on loopback
        // alone: a test never opens a port to another address.
        app.insert_resource(parlour::hand::PhonesBind(
            std::net::Ipv4Addr::LOCALHOST.into(),
        ))
        .insert_resource(FrameStepped::new(run_seed))
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
        .init_resource::<Painted>()
        .add_systems(
            PostUpdate,
            keep_words
                .after(bevy_egui::EguiPostUpdateSet::EndPass)
                .before(bevy_egui::EguiPostUpdateSet::ProcessOutput),
        );
        self.app = Some(app);
        self.fingers.clear();
        self.replayed.clear();
        self.note(format!(
            "open the app ({}x{}{})",
            self.size.0,
            self.size.1,
            if self.kiosk { ", kiosk" } else { "" }
        ));
        Ok(())
    }

    fn app(&mut self) -> &mut App {
        self.app.as_mut().expect("the app is open")
    }

    fn window(&mut self) -> Entity {
        let world = self.app().world_mut();
        world
            .query_filtered::<Entity, With<PrimaryWindow>>()
            .single(world)
            .expect("the primary window")
    }

    fn go(
        &mut self,
        steps: usize,
        keep_going: &mut impl FnMut(&Tally) -> bool,
    ) -> Result<(), Box<Failure>> {
        self.open()?;
        self.frames(3)?;
        // Memory is measured from a quarter of the way in (at most 300
        // steps), once the screens and fonts have been met.
        let settled = (steps / 4).clamp(1, 300);
        while self.step < steps && keep_going(&self.tally) {
            self.step += 1;
            self.tally.steps = self.step;
            self.one_step()?;
            if self.step == settled {
                self.tally.memory_mib.0 = resident_mib();
            }
            if self.step > settled {
                let now = resident_mib();
                self.tally.memory_peak_mib = self.tally.memory_peak_mib.max(now);
                self.tally.checks += 1;
                if now - self.tally.memory_mib.0 > MEMORY_GROWTH_MIB {
                    return Err(self.fail(format!(
                        "memory grew from {:.1} to {now:.1} MiB",
                        self.tally.memory_mib.0
                    )));
                }
            }
            if self.step.is_multiple_of(250) {
                self.check_outside()?;
            }
        }
        self.check_outside()?;
        Ok(())
    }

    /// Runs one frame and checks every invariant after it.
    fn frame(&mut self) -> Result<(), Box<Failure>> {
        let app = self.app.as_mut().expect("the app is open");
        if let Err(p) = catch_unwind(AssertUnwindSafe(|| app.update())) {
            return Err(self.fail(format!("panic: {}", panic_words(&p))));
        }
        self.tally.frames += 1;
        self.count_screen();
        self.check_matches()?;
        self.check_hand_over()?;
        self.check_save()?;
        if self.app().should_exit().is_some() {
            self.note("the app exited".into());
            self.restart()?;
        }
        Ok(())
    }

    fn frames(&mut self, n: usize) -> Result<(), Box<Failure>> {
        for _ in 0..n {
            self.frame()?;
        }
        Ok(())
    }

    /// Starts the program again on the same data folder.
    fn restart(&mut self) -> Result<(), Box<Failure>> {
        self.app = None;
        self.tally.restarts += 1;
        self.open()?;
        self.frames(2)
    }

    fn count_screen(&mut self) {
        let world = self.app.as_ref().expect("open").world();
        let mut names = vec![format!("{:?}", world.resource::<State<Screen>>().get())];
        if world
            .get_resource::<PinPad>()
            .is_some_and(|p| p.open.is_some())
        {
            names.push("PIN pad".into());
        }
        if world.get_resource::<MenuOpen>().is_some_and(|m| m.0) {
            names.push("match menu".into());
        }
        if world.get_resource::<Demo>().is_some() {
            names.push("attract mode".into());
        }
        if world.get_resource::<Replay>().is_some() {
            names.push("watching".into());
        }
        if world.get_resource::<Kiosk>().is_some_and(|k| k.active) {
            names.push("kiosk".into());
        }
        for name in names {
            *self.tally.screens.entry(name).or_default() += 1;
        }
    }

    // --- the invariants ----------------------------------------------------

    /// The match on the table is the replay of its own record: the record
    /// written out and read back, every move checked again by the rules.
    fn check_matches(&mut self) -> Result<(), Box<Failure>> {
        self.check_match::<Neighbours>()?;
        self.check_match::<Rummy>()?;
        self.check_match::<PaperBoxing>()
    }

    fn check_match<G: Game>(&mut self) -> Result<(), Box<Failure>> {
        self.tally.checks += 1;
        let world = self.app.as_ref().expect("open").world();
        let Some(active) = world.get_resource::<ActiveMatch<G>>() else {
            return Ok(());
        };
        let game = active.get();
        let key = (game.seed(), game.moves().len());
        if self.replayed.get(G::NAME) == Some(&key) {
            return Ok(());
        }
        let before = self.replayed.get(G::NAME).map_or(0, |k| k.1);
        let text = game.record().to_json();
        // The variant the record names, as a resumed save or `parlour
        // replay` reads it: not the config in memory, which would hide a
        // record whose variant string does not give back its rules.
        let replay = Record::from_json(&text)
            .map_err(|e| e.to_string())
            .and_then(|r| {
                Match::<G>::from_record(&r, |v| G::variant(v).ok()).map_err(|e| e.to_string())
            });
        let verdict = match replay {
            Err(e) => Some(format!("{}: its record does not replay: {e}", G::NAME)),
            Ok(again) => {
                let (a, b) = (
                    format!("{:?}", again.state()),
                    format!("{:?}", game.state()),
                );
                (a != b || again.moves() != game.moves()).then(|| {
                    format!(
                        "{}: the replay of its record differs from the match on the table",
                        G::NAME
                    )
                })
            }
        };
        if let Some(what) = verdict {
            return Err(self.fail(what));
        }
        self.tally.replays += 1;
        if key.1 > before {
            *self.tally.moves.entry(G::NAME).or_default() += key.1 - before;
        }
        self.replayed.insert(G::NAME, key);
        Ok(())
    }

    /// While the hand-over screen shows, nothing drawn on the table tells
    /// a hidden piece ([`hidden_drawn`]).
    fn check_hand_over(&mut self) -> Result<(), Box<Failure>> {
        self.tally.checks += 1;
        let seen = hidden_drawn(self.app.as_mut().expect("open").world_mut());
        if seen.is_empty() {
            Ok(())
        } else {
            Err(self.fail(format!(
                "drawn while the hand-over screen shows: {}",
                seen.join(", ")
            )))
        }
    }

    /// The save file, whenever there is one, reads and replays.
    fn check_save(&mut self) -> Result<(), Box<Failure>> {
        self.tally.checks += 1;
        let path = self.folders.data().join("saves").join("current.json");
        let Ok(bytes) = std::fs::read(&path) else {
            self.save_checked = None;
            return Ok(());
        };
        if self.save_checked.as_deref() == Some(&bytes[..]) {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        if let Err(problem) = parlour::storage::check_record(&text) {
            return Err(self.fail(format!(
                "the save file does not read or replay: {problem:?}"
            )));
        }
        self.tally.replays += 1;
        self.save_checked = Some(bytes);
        Ok(())
    }

    /// Nothing outside the data folder: the folder standing for the rest
    /// of the disk is empty, and the working folder has what it had.
    fn check_outside(&mut self) -> Result<(), Box<Failure>> {
        self.tally.checks += 1;
        let outside = files_under(&self.folders.outside());
        if !outside.is_empty() {
            return Err(self.fail(format!("written outside the data folder: {outside:?}")));
        }
        let now = top_level(Path::new("."));
        if now != self.cwd_before {
            return Err(self.fail(format!(
                "the working folder changed: {:?} → {now:?}",
                self.cwd_before
            )));
        }
        Ok(())
    }

    // --- the events ------------------------------------------------------

    fn one_step(&mut self) -> Result<(), Box<Failure>> {
        let roll = self.rng.below(1000);
        match roll {
            0..=149 => self.tap_widget(),
            150..=239 => self.tap_word(),
            240..=259 => self.set_table(),
            260..=429 => self.tap_anywhere(),
            430..=579 => self.drag(),
            580..=619 => self.two_fingers(),
            620..=639 => self.long_press(),
            640..=759 => self.key(),
            760..=809 => self.type_text(),
            810..=839 => self.resize(),
            840..=879 => self.change_settings(),
            880..=929 => self.wheel(),
            930..=989 => self.wait(),
            990..=996 => self.idle_spell(),
            997..=998 => self.close_window(),
            _ => self.kill(),
        }
    }

    /// A point on screen, anywhere (a little outside, now and then).
    fn anywhere(&mut self) -> Vec2 {
        let (w, h) = (self.size.0 as f32, self.size.1 as f32);
        let x = self.rng.unit() as f32 * (w + 40.0) - 20.0;
        let y = self.rng.unit() as f32 * (h + 40.0) - 20.0;
        Vec2::new(x, y)
    }

    /// The middles of what egui last laid out to be clicked or dragged,
    /// in the window's logical pixels, in a fixed order.
    fn widgets(&mut self) -> Vec<Vec2> {
        let world = self.app().world_mut();
        let Ok(mut ctx) = world
            .query_filtered::<&mut EguiContext, With<PrimaryEguiContext>>()
            .single_mut(world)
        else {
            return Vec::new();
        };
        let ctx = ctx.get_mut().clone();
        let scale = ctx.pixels_per_point();
        let rects: Vec<egui::WidgetRect> = ctx.viewport(|vp| {
            vp.this_pass
                .widgets
                .layers()
                .flat_map(|(_, rects)| rects.iter().copied())
                .filter(|w| {
                    w.enabled
                        && (w.sense.senses_click() || w.sense.senses_drag())
                        && w.interact_rect.is_positive()
                })
                .collect()
        });
        let mut out: Vec<Vec2> = rects
            .iter()
            .map(|w| {
                let to_global = ctx
                    .layer_transform_to_global(w.layer_id)
                    .unwrap_or_default();
                let c = to_global * w.interact_rect.center();
                Vec2::new(c.x * scale, c.y * scale)
            })
            .collect();
        out.retain(|p| p.x >= 0.0 && p.y >= 0.0);
        out.sort_by(|a, b| (a.x, a.y).partial_cmp(&(b.x, b.y)).expect("numbers"));
        out.dedup();
        out
    }

    /// Where pieces are drawn, on screen: drags start and end there.
    fn pieces(&mut self) -> Vec<Vec2> {
        let (w, h) = (self.size.0 as f32, self.size.1 as f32);
        let world = self.app().world_mut();
        let mut out: Vec<Vec2> = world
            .query_filtered::<(&GlobalTransform, &InheritedVisibility), With<Sprite>>()
            .iter(world)
            .filter(|(_, v)| v.get())
            .map(|(t, _)| {
                let p = t.translation();
                Vec2::new(p.x + w / 2.0, h / 2.0 - p.y)
            })
            .filter(|p| p.x >= 0.0 && p.y >= 0.0 && p.x <= w && p.y <= h)
            .collect();
        out.sort_by(|a, b| (a.x, a.y).partial_cmp(&(b.x, b.y)).expect("numbers"));
        out.dedup();
        out
    }

    fn target(&mut self) -> Vec2 {
        match self.rng.below(3) {
            0 => self.anywhere(),
            1 => {
                let pieces = self.pieces();
                if pieces.is_empty() {
                    self.anywhere()
                } else {
                    *self.rng.pick(&pieces)
                }
            }
            _ => {
                let widgets = self.widgets();
                if widgets.is_empty() {
                    self.anywhere()
                } else {
                    *self.rng.pick(&widgets)
                }
            }
        }
    }

    fn write_window_event(&mut self, event: impl Into<WindowEvent> + Message + Clone) {
        let world = self.app().world_mut();
        world.write_message(event.clone());
        world.write_message(event.into());
        self.tally.events += 1;
    }

    fn cursor_to(&mut self, at: Vec2) {
        let window = self.window();
        let world = self.app().world_mut();
        let inside = at.x >= 0.0 && at.y >= 0.0;
        if let Some(mut w) = world.get_mut::<Window>(window) {
            w.set_cursor_position(inside.then_some(at));
        }
        self.write_window_event(CursorMoved {
            window,
            position: at,
            delta: None,
        });
    }

    fn button(&mut self, state: ButtonState) {
        let window = self.window();
        self.write_window_event(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        });
    }

    fn touch(&mut self, id: u64, phase: TouchPhase, at: Vec2) {
        let window = self.window();
        self.write_window_event(TouchInput {
            phase,
            position: at,
            window,
            force: None,
            id,
        });
    }

    fn finger(&mut self) -> u64 {
        self.next_finger += 1;
        self.next_finger
    }

    /// A press at `from`, moved in `moves` frames to `to`, released there
    /// (by a mouse or a finger; now and then the touch is cancelled).
    fn gesture(
        &mut self,
        from: Vec2,
        to: Vec2,
        moves: usize,
        hold_frames: usize,
    ) -> Result<(), Box<Failure>> {
        let touch = self.rng.below(2) == 0;
        let id = self.finger();
        if touch {
            self.touch(id, TouchPhase::Started, from);
        } else {
            self.cursor_to(from);
            self.frame()?;
            self.button(ButtonState::Pressed);
        }
        self.frame()?;
        for _ in 0..hold_frames {
            self.frame()?;
        }
        for i in 1..=moves {
            let p = from.lerp(to, i as f32 / moves as f32);
            if touch {
                self.touch(id, TouchPhase::Moved, p);
            } else {
                self.cursor_to(p);
            }
            self.frame()?;
        }
        if touch {
            let phase = if self.rng.below(20) == 0 {
                TouchPhase::Canceled
            } else {
                TouchPhase::Ended
            };
            self.touch(id, phase, to);
        } else {
            self.button(ButtonState::Released);
        }
        self.frame()
    }

    fn tap_widget(&mut self) -> Result<(), Box<Failure>> {
        let widgets = self.widgets();
        if widgets.is_empty() {
            return self.tap_anywhere();
        }
        let at = *self.rng.pick(&widgets);
        self.note(format!("tap the widget at {at:.0} (of {})", widgets.len()));
        self.gesture(at, at, 0, 0)?;
        self.frames(1)
    }

    /// A tap on words on screen: one of [`WORDS`] where it shows, else
    /// any.
    fn tap_word(&mut self) -> Result<(), Box<Failure>> {
        let scale = {
            let world = self.app().world_mut();
            world
                .query_filtered::<&mut EguiContext, With<PrimaryEguiContext>>()
                .single_mut(world)
                .map(|mut c| c.get_mut().pixels_per_point())
                .unwrap_or(1.0)
        };
        let lang = self.app().world().resource::<Settings>().language;
        let wanted: Vec<String> = WORDS
            .iter()
            .filter_map(|key| parlour::i18n::tr_in(lang, key))
            .collect();
        let painted = std::mem::take(&mut self.app().world_mut().resource_mut::<Painted>().0);
        let favoured: Vec<&(String, egui::Rect)> =
            painted.iter().filter(|(t, _)| wanted.contains(t)).collect();
        let choice = if !favoured.is_empty() && self.rng.below(3) > 0 {
            Some(favoured[self.rng.below(favoured.len())].clone())
        } else if !painted.is_empty() {
            Some(painted[self.rng.below(painted.len())].clone())
        } else {
            None
        };
        let Some((words, rect)) = choice else {
            return self.tap_anywhere();
        };
        let at = Vec2::new(rect.center().x * scale, rect.center().y * scale);
        self.note(format!("tap {words:?} at {at:.0}"));
        self.gesture(at, at, 0, 0)?;
        self.frames(1)
    }

    /// The set-up's table changed as its rows can change it: the game,
    /// the variant, two to four seats, each a person or one of the game's
    /// bots (so two people share the screen now and then).
    fn set_table(&mut self) -> Result<(), Box<Failure>> {
        let world = self.app.as_ref().expect("open").world();
        if *world.resource::<State<Screen>>().get() != Screen::Setup {
            return self.tap_word();
        }
        let catalog = world.resource::<parlour::catalog::GameCatalog>();
        let entries: Vec<_> = catalog
            .ids()
            .filter_map(|id| catalog.get(id).cloned())
            .collect();
        let mut table = world.resource::<parlour::session::Table>().clone();
        let entry = entries[self.rng.below(entries.len())].clone();
        let (low, high) = (*entry.seats.start(), *entry.seats.end());
        let seats = low + self.rng.below(high - low + 1);
        table.game = entry.id;
        table.variant = entry.variants[self.rng.below(entry.variants.len())].to_owned();
        table.seats = (0..seats)
            .map(|i| parlour::session::SeatChoice {
                name: ["Anna", "Ben", "Cleo", "Dag"][i].to_owned(),
                controller: if self.rng.below(2) == 0 || entry.bots.is_empty() {
                    parlour::engine::Controller::Human
                } else {
                    parlour::engine::Controller::Bot(
                        entry.bots[self.rng.below(entry.bots.len())].to_owned(),
                    )
                },
            })
            .collect();
        self.note(format!(
            "set the table: {} {} {:?}",
            entry.id.name(),
            table.variant,
            table
                .seats
                .iter()
                .map(|s| s.controller.clone())
                .collect::<Vec<_>>()
        ));
        *self
            .app()
            .world_mut()
            .resource_mut::<parlour::session::Table>() = table;
        self.frame()
    }

    fn tap_anywhere(&mut self) -> Result<(), Box<Failure>> {
        let at = self.anywhere();
        self.note(format!("tap at {at:.0}"));
        self.gesture(at, at, 0, 0)
    }

    fn drag(&mut self) -> Result<(), Box<Failure>> {
        let from = self.target();
        let to = self.target();
        let moves = 1 + self.rng.below(8);
        self.note(format!("drag {from:.0} → {to:.0} in {moves} moves"));
        self.gesture(from, to, moves, 0)
    }

    fn long_press(&mut self) -> Result<(), Box<Failure>> {
        let at = if self.rng.below(2) == 0 {
            Vec2::new(20.0, 20.0)
        } else {
            self.target()
        };
        let frames = 10 + self.rng.below(70);
        self.note(format!("press at {at:.0} for {frames} frames"));
        self.gesture(at, at, 0, frames)
    }

    /// Two fingers at once: down one after the other, moved, lifted in
    /// either order.
    fn two_fingers(&mut self) -> Result<(), Box<Failure>> {
        let (a, b) = (self.target(), self.target());
        let (a2, b2) = (self.target(), self.target());
        let (ia, ib) = (self.finger(), self.finger());
        self.note(format!(
            "two fingers {a:.0} and {b:.0} → {a2:.0} and {b2:.0}"
        ));
        self.touch(ia, TouchPhase::Started, a);
        if self.rng.below(2) == 0 {
            self.frame()?;
        }
        self.touch(ib, TouchPhase::Started, b);
        self.frame()?;
        let moves = 1 + self.rng.below(5);
        for i in 1..=moves {
            let t = i as f32 / moves as f32;
            self.touch(ia, TouchPhase::Moved, a.lerp(a2, t));
            self.touch(ib, TouchPhase::Moved, b.lerp(b2, t));
            self.frame()?;
        }
        let (first, second) = if self.rng.below(2) == 0 {
            ((ia, a2), (ib, b2))
        } else {
            ((ib, b2), (ia, a2))
        };
        self.touch(first.0, TouchPhase::Ended, first.1);
        if self.rng.below(2) == 0 {
            self.frame()?;
        }
        self.touch(second.0, TouchPhase::Ended, second.1);
        self.frame()
    }

    fn send_key(&mut self, code: KeyCode, logical: Key, text: Option<&str>, state: ButtonState) {
        let window = self.window();
        self.write_window_event(KeyboardInput {
            key_code: code,
            logical_key: logical,
            state,
            text: text.map(Into::into),
            repeat: false,
            window,
        });
    }

    fn key(&mut self) -> Result<(), Box<Failure>> {
        let keys: [(KeyCode, Key); 16] = [
            (KeyCode::ArrowLeft, Key::ArrowLeft),
            (KeyCode::ArrowRight, Key::ArrowRight),
            (KeyCode::ArrowUp, Key::ArrowUp),
            (KeyCode::ArrowDown, Key::ArrowDown),
            (KeyCode::Enter, Key::Enter),
            (KeyCode::Space, Key::Space),
            (KeyCode::Escape, Key::Escape),
            (KeyCode::Tab, Key::Tab),
            (KeyCode::Backspace, Key::Backspace),
            (KeyCode::Delete, Key::Delete),
            (KeyCode::Home, Key::Home),
            (KeyCode::End, Key::End),
            (KeyCode::PageDown, Key::PageDown),
            (KeyCode::F11, Key::F11),
            (KeyCode::KeyH, Key::Character("h".into())),
            (KeyCode::KeyZ, Key::Character("z".into())),
        ];
        if self.rng.below(12) == 0 {
            // Ctrl+Alt+Q, the kiosk's way to the PIN pad.
            self.note("Ctrl+Alt+Q".into());
            let chord = [
                (KeyCode::ControlLeft, Key::Control),
                (KeyCode::AltLeft, Key::Alt),
                (KeyCode::KeyQ, Key::Character("q".into())),
            ];
            for (code, key) in chord.iter().cloned() {
                self.send_key(code, key, None, ButtonState::Pressed);
            }
            self.frame()?;
            for (code, key) in chord.into_iter().rev() {
                self.send_key(code, key, None, ButtonState::Released);
            }
            return self.frame();
        }
        let (code, key) = self.rng.pick(&keys).clone();
        let held = self.rng.below(6) == 0;
        let twice = self.rng.below(6) == 0;
        self.note(format!(
            "key {code:?}{}{}",
            if held { " held" } else { "" },
            if twice { " twice in a frame" } else { "" }
        ));
        self.send_key(code, key.clone(), None, ButtonState::Pressed);
        if twice {
            self.send_key(code, key.clone(), None, ButtonState::Released);
            self.send_key(code, key.clone(), None, ButtonState::Pressed);
        }
        self.frame()?;
        if held {
            self.frames(20)?;
        }
        self.send_key(code, key, None, ButtonState::Released);
        self.frame()
    }

    fn type_text(&mut self) -> Result<(), Box<Failure>> {
        let words = [
            "Anna",
            "Søren",
            "Zoë",
            "李",
            "🙂",
            "0123456789",
            "a b",
            "Ada",
            "x",
        ];
        let most = if self.rng.below(10) == 0 { 60 } else { 6 };
        let n = 1 + self.rng.below(most);
        let mut typed = String::new();
        for _ in 0..n {
            typed.push_str(words[self.rng.below(words.len())]);
        }
        self.note(format!("type {typed:?}"));
        for ch in typed.chars() {
            let s = ch.to_string();
            let code = if ch.is_ascii_digit() {
                [
                    KeyCode::Digit0,
                    KeyCode::Digit1,
                    KeyCode::Digit2,
                    KeyCode::Digit3,
                    KeyCode::Digit4,
                    KeyCode::Digit5,
                    KeyCode::Digit6,
                    KeyCode::Digit7,
                    KeyCode::Digit8,
                    KeyCode::Digit9,
                ][ch as usize - '0' as usize]
            } else {
                KeyCode::KeyA
            };
            self.send_key(
                code,
                Key::Character(s.as_str().into()),
                Some(&s),
                ButtonState::Pressed,
            );
            self.send_key(
                code,
                Key::Character(s.as_str().into()),
                None,
                ButtonState::Released,
            );
            if self.rng.below(3) == 0 {
                self.frame()?;
            }
        }
        self.frame()
    }

    fn wheel(&mut self) -> Result<(), Box<Failure>> {
        let at = self.anywhere();
        let y = (self.rng.unit() as f32 - 0.5) * 600.0;
        self.note(format!("wheel {y:.0} at {at:.0}"));
        self.cursor_to(at);
        let window = self.window();
        self.write_window_event(MouseWheel {
            unit: MouseScrollUnit::Pixel,
            x: 0.0,
            y,
            window,
            phase: TouchPhase::Moved,
        });
        self.frames(2)
    }

    fn resize(&mut self) -> Result<(), Box<Failure>> {
        let size = if self.rng.below(3) == 0 {
            (
                1024 + self.rng.below(2817) as u32,
                600 + self.rng.below(1561) as u32,
            )
        } else {
            *self.rng.pick(&SIZES)
        };
        let size = if self.rng.below(2) == 0 {
            (size.1, size.0)
        } else {
            size
        };
        self.size = size;
        self.note(format!("resize to {}x{}", size.0, size.1));
        let window = self.window();
        if let Some(mut w) = self.app().world_mut().get_mut::<Window>(window) {
            w.resolution.set(size.0 as f32, size.1 as f32);
        }
        self.write_window_event(WindowResized {
            window,
            width: size.0 as f32,
            height: size.1 as f32,
        });
        let n = 1 + self.rng.below(3);
        self.frames(n)
    }

    fn change_settings(&mut self) -> Result<(), Box<Failure>> {
        let pick = self.rng.below(8);
        let mut settings = self.app().world().resource::<Settings>().clone();
        let what = match pick {
            0 => {
                settings.language = *self.rng.pick(&parlour::i18n::Lang::ALL);
                format!("language {:?}", settings.language)
            }
            1 => {
                settings.text_size = *self.rng.pick(&TextSize::ALL);
                format!("text size {:?}", settings.text_size)
            }
            2 => {
                settings.animation_speed = *self.rng.pick(&[0.5, 1.0, 1.5, 2.0]);
                format!("animation speed {}", settings.animation_speed)
            }
            3 => {
                settings.reduce_motion = !settings.reduce_motion;
                format!("reduce motion {}", settings.reduce_motion)
            }
            4 => {
                settings.hints = !settings.hints;
                settings.hint_kind = *self.rng.pick(&HintKind::ALL);
                format!("hints {} {:?}", settings.hints, settings.hint_kind)
            }
            5 => {
                settings.bot_strength = *self.rng.pick(&BotStrength::ALL);
                format!("bot strength {:?}", settings.bot_strength)
            }
            6 => {
                settings.colour_blind = !settings.colour_blind;
                format!("colour-blind faces {}", settings.colour_blind)
            }
            _ => {
                settings.idle_timeout_secs = *self.rng.pick(&[30, 60, 120]);
                format!("idle timeout {} s", settings.idle_timeout_secs)
            }
        };
        self.note(format!("settings: {what}"));
        if settings.language != self.app().world().resource::<Settings>().language {
            parlour::i18n::set_language(settings.language);
        }
        *self.app().world_mut().resource_mut::<Settings>() = settings;
        self.frame()
    }

    fn wait(&mut self) -> Result<(), Box<Failure>> {
        let most = if self.rng.below(4) == 0 { 240 } else { 20 };
        let n = 1 + self.rng.below(most);
        self.note(format!("wait {n} frames"));
        self.frames(n)
    }

    /// Nobody at the table for minutes: the kiosk's timeout, attract mode.
    fn idle_spell(&mut self) -> Result<(), Box<Failure>> {
        let secs = 20 + self.rng.below(400);
        self.note(format!("nobody there for {secs} s"));
        self.app()
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                500,
            )));
        let result = self.frames(secs * 2);
        if let Some(app) = self.app.as_mut() {
            app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
        }
        result
    }

    fn close_window(&mut self) -> Result<(), Box<Failure>> {
        self.note("close the window".into());
        let window = self.window();
        self.write_window_event(WindowCloseRequested { window });
        self.frames(2)
    }

    /// The process killed at once (the power cut, kill -9): no exit, the
    /// files as they are.
    fn kill(&mut self) -> Result<(), Box<Failure>> {
        self.note("kill the program and start it again".into());
        self.restart()
    }
}

fn panic_words(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_else(|| "a panic".into())
}
