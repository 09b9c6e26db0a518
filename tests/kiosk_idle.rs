//! Kiosk mode, headless with a manual time step. The idle timeout: a quiet
//! match is put away (saved, so "Continue" takes it up) and the title comes
//! back; after as long again attract mode plays, until someone touches the
//! screen. The way out for staff: a long press in the corner or Ctrl+Alt+Q
//! opens the PIN pad, whose keys (tapped on the drawn pad) let the right
//! PIN through and keep a wrong one out; the window refuses to close; the
//! cursor hides under a finger.

mod keys;
mod menus;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::keyboard::Key;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{
    CursorMoved, CursorOptions, ExitCondition, PrimaryWindow, WindowCloseRequested,
    WindowResolution,
};
use menus::Menus;
use parlour::engine::{ActiveMatch, Controller, FrameStepped};
use parlour::i18n::Lang;
use parlour::kiosk::{Activity, CORNER_PRESS, Idle, Kiosk, PinPad, PinPurpose};
use parlour::lessons::LessonPlay;
use parlour::saves::SaveSlot;
use parlour::session::PointerDevice;
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
    // Before the session, which speaks the settings' language as it is
    // built: the words checked are English ones, whatever the machine's.
    app.insert_resource(Settings {
        idle_timeout_secs: TIMEOUT,
        language: Lang::En,
        ..Settings::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin)
        .add_plugins(parlour::kiosk::idle_plugin);
    parlour::games::neighbours::logic_plugin(&mut app);
    app.insert_resource(SaveSlot {
        current: Some(dir.join("current.json")),
        history: Some(dir.join("history")),
        unfinished: None,
    })
    .insert_resource(Kiosk {
        forced: true,
        active: true,
        unlocked: false,
    })
    .insert_resource(FrameStepped::new(29))
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
    // Stepped frame by frame: the bots answer within a frame.
    for _ in 0..2_000 {
        if app
            .world()
            .get_resource::<ActiveMatch<Neighbours>>()
            .is_some_and(|m| !m.get().moves().is_empty())
        {
            break;
        }
        app.update();
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

// --- The way out, and the window ---------------------------------------------

/// Kiosk mode on a window that is not drawn: input arrives as the windowing
/// backend writes it. Each frame a tenth of a second.
fn window_app(kiosk: bool) -> (App, Entity) {
    let mut app = App::new();
    // English from its first frame, whatever the machine's language: the
    // language is the whole process's, read by the tests running beside.
    app.insert_resource(Settings {
        language: Lang::En,
        ..Settings::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .add_plugins(bevy::window::WindowPlugin {
            primary_window: None,
            exit_condition: ExitCondition::DontExit,
            close_when_requested: false,
            ..default()
        })
        .add_plugins(parlour::app::headless_plugin)
        .add_plugins(parlour::kiosk::plugin)
        .insert_resource(Kiosk {
            forced: kiosk,
            active: kiosk,
            unlocked: false,
        })
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
    parlour::games::neighbours::logic_plugin(&mut app);
    let window = app
        .world_mut()
        .spawn((
            Window {
                resolution: WindowResolution::new(1280, 800),
                focused: true,
                ..default()
            },
            PrimaryWindow,
        ))
        .id();
    app.update();
    (app, window)
}

fn touch(app: &mut App, window: Entity, phase: TouchPhase, at: Vec2) {
    app.world_mut().write_message(TouchInput {
        phase,
        position: at,
        window,
        force: None,
        id: 7,
    });
}

fn pad(app: &App) -> Option<PinPurpose> {
    app.world().resource::<PinPad>().open
}

/// A finger held at `at` for `held`, then lifted.
fn hold(app: &mut App, window: Entity, at: Vec2, held: Duration) {
    touch(app, window, TouchPhase::Started, at);
    for _ in 0..held.as_millis() / 100 {
        app.update();
    }
}

/// Real input — a finger, a key, the mouse moved — reaches the idle timer
/// through the window's own messages (no `Activity` written by the test),
/// and a finger on the screen ends attract mode.
#[test]
fn real_touches_keys_and_mouse_reset_the_idle_timer_and_a_touch_ends_attract_mode() {
    let (mut app, window) = window_app(true);
    // Nothing saved anywhere: the demo's match needs no file.
    app.insert_resource(SaveSlot {
        current: None,
        history: None,
        unfinished: None,
    });
    app.world_mut().resource_mut::<Settings>().idle_timeout_secs = TIMEOUT;
    let centre = Vec2::new(640.0, 400.0);
    // Each frame is a tenth of a second.
    let wait = |app: &mut App, seconds: u32| {
        for _ in 0..seconds * 10 {
            app.update();
        }
    };
    let quiet = |app: &App| app.world().resource::<Idle>().quiet;
    let inputs: [(&str, fn(&mut App, Entity)); 3] = [
        ("a tap", |app, window| {
            touch(app, window, TouchPhase::Started, Vec2::new(640.0, 400.0));
            app.update();
            touch(app, window, TouchPhase::Ended, Vec2::new(640.0, 400.0));
        }),
        ("a key", |app, window| {
            keys::write(
                app,
                window,
                KeyCode::Space,
                Key::Space,
                ButtonState::Pressed,
            );
        }),
        ("the mouse moved", |app, window| {
            app.world_mut().write_message(CursorMoved {
                window,
                position: Vec2::new(300.0, 300.0),
                delta: None,
            });
        }),
    ];
    for (what, input) in inputs {
        wait(&mut app, TIMEOUT - 5);
        assert!(quiet(&app) >= Duration::from_secs(20), "{what}");
        input(&mut app, window);
        app.update();
        assert!(
            quiet(&app) < Duration::from_secs(1),
            "{what} resets the timer"
        );
    }
    // Without any of the three reaching the timer, attract mode would have
    // begun long ago.
    assert!(app.world().get_resource::<Demo>().is_none());
    assert_eq!(screen(&app), Screen::Title);
    wait(&mut app, TIMEOUT + 1);
    assert!(
        app.world().resource::<Idle>().attract,
        "quiet: attract mode"
    );
    assert!(app.world().get_resource::<Demo>().is_some());
    touch(&mut app, window, TouchPhase::Started, centre);
    app.update();
    touch(&mut app, window, TouchPhase::Ended, centre);
    app.update();
    app.update();
    assert!(!app.world().resource::<Idle>().attract, "a finger ends it");
    assert!(app.world().get_resource::<Demo>().is_none());
    assert_eq!(screen(&app), Screen::Title);
}

/// With the operator's choice on, a visitor's touch during attract mode
/// starts the lesson of the game on show, the visitor in the first seat.
#[test]
fn a_touch_on_the_demo_starts_a_lesson_when_the_operator_chose_it() {
    for lessons in [false, true] {
        let (mut app, window) = window_app(true);
        app.insert_resource(SaveSlot {
            current: None,
            history: None,
            unfinished: None,
        });
        {
            let mut settings = app.world_mut().resource_mut::<Settings>();
            settings.idle_timeout_secs = TIMEOUT;
            settings.kiosk_lessons = lessons;
        }
        for _ in 0..(2 * TIMEOUT + 2) * 10 {
            app.update();
        }
        assert!(app.world().resource::<Idle>().attract, "attract mode");
        let centre = Vec2::new(640.0, 400.0);
        touch(&mut app, window, TouchPhase::Started, centre);
        app.update();
        touch(&mut app, window, TouchPhase::Ended, centre);
        for _ in 0..4 {
            app.update();
        }
        assert!(app.world().get_resource::<Demo>().is_none());
        let lesson = app.world().get_resource::<LessonPlay<Neighbours>>();
        if lessons {
            assert!(lesson.is_some(), "the lesson starts");
            assert_eq!(screen(&app), Screen::Play);
            let table = app.world().resource::<Table>();
            assert_eq!(table.seats[0].controller, Controller::Human);
            assert_eq!(table.viewer, Some(0));
        } else {
            assert!(lesson.is_none(), "no lesson unless chosen");
            assert_eq!(screen(&app), Screen::Title);
        }
    }
}

#[test]
fn a_long_press_in_the_top_left_corner_opens_the_pin_pad() {
    let (mut app, window) = window_app(true);
    let corner = Vec2::new(20.0, 30.0);
    // A short press is a tap like any other.
    hold(&mut app, window, corner, CORNER_PRESS / 2);
    touch(&mut app, window, TouchPhase::Ended, corner);
    app.update();
    assert_eq!(pad(&app), None);
    // Held long enough: the pad, to close Parlour.
    hold(
        &mut app,
        window,
        corner,
        CORNER_PRESS + Duration::from_millis(200),
    );
    assert_eq!(pad(&app), Some(PinPurpose::Leave));
}

#[test]
fn a_long_press_elsewhere_or_out_of_kiosk_mode_opens_nothing() {
    let (mut app, window) = window_app(true);
    hold(&mut app, window, Vec2::new(640.0, 400.0), 2 * CORNER_PRESS);
    assert_eq!(pad(&app), None, "the middle of the screen");
    let (mut app, window) = window_app(false);
    hold(&mut app, window, Vec2::new(20.0, 30.0), 2 * CORNER_PRESS);
    assert_eq!(pad(&app), None, "not a kiosk");
}

#[test]
fn ctrl_alt_q_asks_for_the_pin_and_q_alone_does_not() {
    for kiosk in [true, false] {
        let (mut app, window) = window_app(kiosk);
        let q = || Key::Character("q".into());
        keys::write(&mut app, window, KeyCode::KeyQ, q(), ButtonState::Pressed);
        app.update();
        assert_eq!(pad(&app), None, "Q alone");
        keys::write(&mut app, window, KeyCode::KeyQ, q(), ButtonState::Released);
        keys::write(
            &mut app,
            window,
            KeyCode::ControlLeft,
            Key::Control,
            ButtonState::Pressed,
        );
        keys::write(
            &mut app,
            window,
            KeyCode::AltLeft,
            Key::Alt,
            ButtonState::Pressed,
        );
        app.update();
        assert_eq!(pad(&app), None, "Ctrl+Alt without Q");
        keys::write(&mut app, window, KeyCode::KeyQ, q(), ButtonState::Pressed);
        app.update();
        let expected = kiosk.then_some(PinPurpose::Leave);
        assert_eq!(pad(&app), expected, "kiosk mode: {kiosk}");
    }
}

#[test]
fn the_window_refuses_to_close_in_kiosk_mode_only() {
    for kiosk in [true, false] {
        let (mut app, window) = window_app(kiosk);
        app.world_mut()
            .write_message(WindowCloseRequested { window });
        app.update();
        assert_eq!(
            app.world().get_entity(window).is_ok(),
            kiosk,
            "kiosk mode: {kiosk}"
        );
    }
}

#[test]
fn the_cursor_hides_under_a_finger_and_comes_back_with_the_mouse() {
    let (mut app, window) = window_app(true);
    let visible = |app: &App| app.world().get::<CursorOptions>(window).unwrap().visible;
    assert!(visible(&app));
    *app.world_mut().resource_mut::<PointerDevice>() = PointerDevice::Touch;
    app.update();
    assert!(!visible(&app));
    *app.world_mut().resource_mut::<PointerDevice>() = PointerDevice::Mouse;
    app.update();
    assert!(visible(&app));
}

// --- The PIN pad, tapped -----------------------------------------------------

/// Whether Parlour was asked to close.
#[derive(Resource, Default)]
struct Closing(bool);

fn note_closing(mut exits: MessageReader<AppExit>, mut closing: ResMut<Closing>) {
    if exits.read().any(|e| *e == AppExit::Success) {
        closing.0 = true;
    }
}

fn closing(m: &Menus) -> bool {
    m.app.world().resource::<Closing>().0
}

/// The screens in kiosk mode with PIN 2468, in English, the pad open for `purpose`.
fn pin_pad(purpose: PinPurpose) -> Menus {
    let mut m = Menus::new(|app| {
        {
            let mut settings = app.world_mut().resource_mut::<Settings>();
            settings.language = Lang::En;
            settings.kiosk_pin = "2468".into();
        }
        app.insert_resource(Kiosk {
            forced: true,
            active: true,
            unlocked: false,
        })
        .init_resource::<Closing>()
        .add_systems(First, note_closing);
    });
    m.app.world_mut().resource_mut::<PinPad>().ask(purpose);
    // A few frames for the pad to be sized and centred.
    m.frames(4);
    let cancel = m.find("Cancel", 0);
    m.frames(1);
    assert_eq!(m.find("Cancel", 0), cancel, "the pad has settled");
    m
}

fn type_pin(m: &mut Menus, pin: &str) {
    for digit in pin.chars() {
        m.tap_top(&digit.to_string());
    }
    m.tap_top("OK");
}

#[test]
fn the_pin_pad_closes_parlour_on_the_right_pin_only() {
    let _words = menus::language_held();
    // Each wrong try on a pad of its own, so the warning read is the one
    // that try brought, not one left by the try before.
    for wrong in ["2469", ""] {
        let mut m = pin_pad(PinPurpose::Leave);
        assert!(m.shows("Close Parlour"));
        assert!(
            !m.shows("Wrong PIN — try again."),
            "no warning before a try"
        );
        type_pin(&mut m, wrong);
        assert!(m.shows("Wrong PIN — try again."), "{wrong:?}");
        assert_eq!(pad(&m.app), Some(PinPurpose::Leave), "the pad stays");
        assert!(!closing(&m), "Parlour stays open");
    }
    let mut m = pin_pad(PinPurpose::Leave);
    type_pin(&mut m, "2469");
    type_pin(&mut m, "2468");
    assert!(closing(&m), "Parlour closes");
    assert_eq!(pad(&m.app), None);
}

#[test]
fn the_right_pin_unlocks_the_kiosk_settings_from_the_settings_screen() {
    let _words = menus::language_held();
    let mut m = pin_pad(PinPurpose::Leave);
    m.tap("Cancel");
    assert_eq!(pad(&m.app), None);
    m.tap("Settings");
    // The kiosk's rows are last, under the fold of a laptop's screen.
    m.scroll_to("Unlock…");
    m.tap("Unlock…");
    assert_eq!(pad(&m.app), Some(PinPurpose::Unlock));
    assert!(m.shows("Unlock the kiosk settings"));
    type_pin(&mut m, "1234");
    assert!(m.shows("Wrong PIN — try again."));
    assert!(!m.app.world().resource::<Kiosk>().unlocked);
    type_pin(&mut m, "2468");
    assert!(m.app.world().resource::<Kiosk>().unlocked);
    assert_eq!(pad(&m.app), None);
    assert!(!closing(&m));
}
