//! Kiosk mode's idle timeout, headless with a manual time step: a quiet
//! match is put away (saved, so "Continue" takes it up) and the title comes
//! back; after as long again attract mode plays, until someone touches the
//! screen.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::engine::{ActiveMatch, Controller};
use parlour::kiosk::{Activity, Idle, Kiosk};
use parlour::saves::SaveSlot;
use parlour::session::attract::Demo;
use parlour::session::{BeginMatch, Screen, SeatChoice, Table};
use parlour::settings::Settings;
use parlour::storage::stamp;
use parlour_core::engine::Record;
use parlour_core::games::neighbours::Neighbours;

/// Each frame half a second of real time.
const STEP: Duration = Duration::from_millis(500);
/// The shortest idle timeout the settings allow.
const TIMEOUT: u32 = 30;

/// A fresh folder for one test's files, named after the test: tests run at
/// once, and two started within the same millisecond once shared a folder
/// (one test's match was saved over the other's).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "parlour-kiosk-{name}-{}-{}",
        std::process::id(),
        stamp(SystemTime::now())
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn kiosk_app(dir: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin)
        .add_plugins(parlour::kiosk::idle_plugin);
    parlour::games::neighbours::logic_plugin(&mut app);
    app.insert_resource(SaveSlot {
        current: Some(dir.join("current.json")),
        history: Some(dir.join("history")),
        unfinished: None,
    })
    .insert_resource(Settings {
        idle_timeout_secs: TIMEOUT,
        ..Settings::default()
    })
    .insert_resource(Kiosk {
        forced: true,
        active: true,
        unlocked: false,
    })
    .insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// Runs `seconds` of frames.
fn wait(app: &mut App, seconds: f32) {
    let frames = (seconds / STEP.as_secs_f32()).round() as usize;
    for _ in 0..frames {
        app.update();
    }
}

/// A person against a bot: the match waits for the person, who has walked away.
fn start_abandoned_match(app: &mut App) {
    app.insert_resource(Table {
        seats: vec![
            SeatChoice {
                name: "Anna".into(),
                controller: Controller::Human,
            },
            SeatChoice {
                name: "Ada".into(),
                controller: Controller::Bot("greedy".into()),
            },
        ],
        game: parlour::catalog::GameId("neighbours"),
        ..Table::default()
    });
    app.update();
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    wait(app, 5.0);
    assert_eq!(screen(app), Screen::Play);
}

#[test]
fn a_quiet_match_is_saved_and_the_title_comes_back_then_attract_mode() {
    let dir = scratch("a_quiet_match_is_saved_and_the_title_comes_back_then_attract_mode");
    let mut app = kiosk_app(&dir);
    start_abandoned_match(&mut app);
    let played = app
        .world()
        .resource::<ActiveMatch<Neighbours>>()
        .get()
        .record()
        .moves;

    // Just short of the timeout (5 s went by starting the match): still there.
    wait(&mut app, TIMEOUT as f32 - 5.0 - 2.0);
    assert_eq!(screen(&app), Screen::Play);

    // The timeout: the title, the match put away but kept.
    wait(&mut app, 3.0);
    assert_eq!(screen(&app), Screen::Title);
    assert!(
        app.world()
            .get_resource::<ActiveMatch<Neighbours>>()
            .is_none()
    );
    let slot = app.world().resource::<SaveSlot>();
    assert!(
        slot.can_continue(&parlour::games::catalog()),
        "Continue takes it up"
    );
    let saved = Record::from_json(&fs::read_to_string(dir.join("current.json")).unwrap()).unwrap();
    assert_eq!(saved.moves, played);
    assert!(app.world().get_resource::<Demo>().is_none());

    // As long again on the title: attract mode, bots playing.
    wait(&mut app, TIMEOUT as f32 - 2.0);
    assert!(app.world().get_resource::<Demo>().is_none());
    wait(&mut app, 3.0);
    assert!(app.world().get_resource::<Demo>().is_some());
    assert!(app.world().resource::<Idle>().attract);
    assert_eq!(screen(&app), Screen::Play);
    let table = app.world().resource::<Table>();
    assert!(table.humans().is_empty(), "a table of bots");
    // The bots think on background tasks: give them real time to play.
    let started = std::time::Instant::now();
    while app
        .world()
        .get_resource::<ActiveMatch<Neighbours>>()
        .is_none_or(|m| m.get().moves().is_empty())
        && started.elapsed() < Duration::from_secs(60)
    {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        app.world()
            .get_resource::<ActiveMatch<Neighbours>>()
            .is_some_and(|m| !m.get().moves().is_empty()),
        "the bots play"
    );

    // A touch: the title, and the demo's match was never saved over the person's.
    app.world_mut().write_message(Activity);
    wait(&mut app, 1.0);
    assert_eq!(screen(&app), Screen::Title);
    assert!(app.world().get_resource::<Demo>().is_none());
    assert!(!app.world().resource::<Idle>().attract);
    let still = Record::from_json(&fs::read_to_string(dir.join("current.json")).unwrap()).unwrap();
    assert_eq!(still, saved);
    assert_eq!(
        app.world().resource::<SaveSlot>().unfinished.as_ref(),
        Some(&saved)
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_touch_now_and_then_keeps_the_match_on_screen() {
    let dir = scratch("a_touch_now_and_then_keeps_the_match_on_screen");
    let mut app = kiosk_app(&dir);
    start_abandoned_match(&mut app);
    for _ in 0..4 {
        wait(&mut app, TIMEOUT as f32 - 10.0);
        app.world_mut().write_message(Activity);
    }
    wait(&mut app, 1.0);
    assert_eq!(screen(&app), Screen::Play);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn without_kiosk_mode_nothing_times_out() {
    let dir = scratch("without_kiosk_mode_nothing_times_out");
    let mut app = kiosk_app(&dir);
    app.insert_resource(Kiosk::default());
    start_abandoned_match(&mut app);
    wait(&mut app, 3.0 * TIMEOUT as f32);
    assert_eq!(screen(&app), Screen::Play);
    let _ = fs::remove_dir_all(&dir);
}
