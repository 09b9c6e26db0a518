//! A Rummy match played for an agreed time, on the table: the match's clock
//! counts while the table is shown and waits behind the menu, the settings
//! and the how-to page; when it runs out, the round in play is played to its
//! end and no new round begins; the record keeps the times, so its replay
//! ends where the match did; a match taken up again keeps the time it had
//! left. Headless, through the rules plugin.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::engine::{ActiveMatch, Controller, MatchClock, TurnPhase};
use parlour::saves::{ResumeMatch, SaveSlot, WatchReplay};
use parlour::session::flow::DealSeed;
use parlour::session::{BeginMatch, MenuOpen, Screen, SeatChoice, Table};
use parlour::storage::{history_files, stamp};
use parlour_core::engine::{Game, Match, Record};
use parlour_core::games::rummy::Rummy;

/// Fifteen minutes.
const AGREED: Duration = Duration::from_secs(15 * 60);

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "parlour-match-clock-{name}-{}-{}",
        std::process::id(),
        stamp(SystemTime::now())
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn current(dir: &Path) -> PathBuf {
    dir.join("saves").join("current.json")
}

/// Rummy as a screen runs it, without a window, saving in `dir`; each frame
/// takes `frame`.
fn app_in(dir: &Path, frame: Duration) -> App {
    let mut app = App::new();
    // English from its first frame, whatever the machine's language: the
    // language is the whole process's, read by the tests running beside.
    app.insert_resource(parlour::settings::Settings {
        language: parlour::i18n::Lang::En,
        ..Default::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin)
        .add_message::<parlour::ui::input::PointerInput>();
    parlour::games::rummy::logic_plugin(&mut app);
    let (slot, _) = SaveSlot::open(
        Some(current(dir)),
        Some(dir.join("history")),
        SystemTime::now(),
    );
    app.insert_resource(slot)
        // Stepped frame by frame: bots answer within a frame.
        .insert_resource(parlour::engine::FrameStepped::new(5))
        .insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    app.update();
    app
}

/// Starts a 15-minute match of `seats` (a name and who plays it) on deal 5.
fn begin(app: &mut App, variant: &str, seats: &[(&str, Controller)]) {
    app.insert_resource(DealSeed(Some(5)));
    app.insert_resource(Table {
        game: parlour::catalog::GameId("rummy"),
        variant: variant.into(),
        seats: seats
            .iter()
            .map(|(name, c)| SeatChoice {
                name: (*name).into(),
                controller: c.clone(),
            })
            .collect(),
        viewer: None,
        handing_to: None,
    });
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    app.update();
}

fn greedy() -> Controller {
    Controller::Bot("greedy".into())
}

/// Runs frames until `done`, at most `frames` of them (stepped frame by
/// frame: bots answer within a frame).
fn run_until(app: &mut App, frames: usize, done: impl Fn(&App) -> bool) {
    for _ in 0..frames {
        app.update();
        if done(app) {
            return;
        }
    }
    panic!("not reached in {frames} frames");
}

fn clock(app: &App) -> MatchClock {
    app.world().resource::<MatchClock>().clone()
}

fn game(app: &App) -> &Match<Rummy> {
    app.world().resource::<ActiveMatch<Rummy>>().get()
}

fn phase(app: &App) -> TurnPhase {
    *app.world().resource::<State<TurnPhase>>().get()
}

/// Anna against a greedy bot, 15 minutes, no turn clock; at Anna's turn.
fn annas_turn(dir: &Path) -> App {
    let mut app = app_in(dir, Duration::from_millis(500));
    begin(
        &mut app,
        "standard,minutes=15,turn-seconds=off",
        &[("Anna", Controller::Human), ("Ada", greedy())],
    );
    run_until(&mut app, 20_000, |app| {
        game(app).awaiting() == vec![0] && phase(app) == TurnPhase::AwaitingMove
    });
    app
}

#[test]
fn the_match_clock_counts_on_the_table_and_waits_behind_the_menu_the_settings_and_the_how_to() {
    let dir = scratch("menu");
    let mut app = annas_turn(&dir);
    assert_eq!(clock(&app).limit, Some(AGREED));
    let at = clock(&app).used;
    app.update();
    app.update();
    assert_eq!(
        clock(&app).used - at,
        Duration::from_secs(1),
        "two frames of 500 ms"
    );
    // The match menu opens over the table.
    app.world_mut().resource_mut::<MenuOpen>().0 = true;
    app.update();
    let at = clock(&app).used;
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(clock(&app).used, at, "the menu is open");
    // From the menu to the settings, then the how-to page.
    app.world_mut().resource_mut::<MenuOpen>().0 = false;
    for covering in [Screen::Settings, Screen::HowTo] {
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(covering);
        for _ in 0..10 {
            app.update();
        }
        assert_eq!(clock(&app).used, at, "{covering:?} covers the table");
    }
    // Back to the table: the clock goes on.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(clock(&app).used - at, Duration::from_secs(2));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn when_the_time_runs_out_the_round_on_the_table_is_played_out_and_no_new_one_begins() {
    let dir = scratch("ruling");
    let mut app = app_in(&dir, Duration::from_millis(100));
    begin(
        &mut app,
        "standard,minutes=15",
        &[("Ada", greedy()), ("Bram", greedy())],
    );
    // Round 1 ends long before the time: round 2 is dealt.
    run_until(&mut app, 200_000, |app| {
        game(app).state().rounds().len() == 1
    });
    let first_end = game(&app).clock()[0];
    assert!(first_end < 900, "round 1 ended at {first_end} s");
    run_until(&mut app, 2_000, |app| phase(app) == TurnPhase::AwaitingMove);
    assert!(!game(&app).is_over());
    assert_eq!(game(&app).state().round(), 2);
    // The time runs out in the middle of round 2.
    app.world_mut().resource_mut::<MatchClock>().used = AGREED + Duration::from_secs(1);
    let when = game(&app).moves().len();
    run_until(&mut app, 200_000, |app| game(app).is_over());
    let m = game(&app);
    assert!(
        m.moves().len() > when + 1,
        "round 2 was played on after the time"
    );
    assert_eq!(m.state().rounds().len(), 2, "no round 3");
    assert!(m.state().time_is_up());
    // Round 2 ended after the time (the clock went on while it was played out).
    let last_end = m.clock()[1];
    assert!(last_end >= 901, "round 2 ended at {last_end} s");
    assert_eq!(m.clock(), &[first_end, last_end]);
    let shown = (m.scores(), m.winners());
    // The history's record replays to the same result.
    run_until(&mut app, 2_000, |_| {
        history_files(&dir.join("history")).len() == 1
    });
    let filed = &history_files(&dir.join("history"))[0];
    let record = Record::from_json(&fs::read_to_string(filed).unwrap()).unwrap();
    assert_eq!(record.clock, vec![first_end, last_end]);
    let replayed = Match::<Rummy>::from_record(&record, |v| Rummy::variant(v).ok()).unwrap();
    assert!(replayed.is_over());
    assert_eq!((replayed.scores(), replayed.winners()), shown);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_match_taken_up_again_keeps_the_time_it_had_left() {
    let dir = scratch("resume");
    let mut app = annas_turn(&dir);
    // Thirty seconds of Anna's thinking, then Parlour is gone (no goodbye).
    for _ in 0..60 {
        app.update();
    }
    let used = clock(&app).used;
    assert!(used >= Duration::from_secs(30));
    drop(app);
    let saved = Record::from_json(&fs::read_to_string(current(&dir)).unwrap()).unwrap();
    let kept = saved.time_used.expect("the save keeps the time used");
    assert!(
        used.as_secs() - kept < 5,
        "written at least every 5 s: {kept} s kept of {used:?}"
    );
    // Parlour again: Continue.
    let mut app = app_in(&dir, Duration::from_millis(500));
    let record = app
        .world()
        .resource::<SaveSlot>()
        .unfinished
        .clone()
        .unwrap();
    app.world_mut().write_message(ResumeMatch(record));
    app.update();
    app.update();
    assert_eq!(clock(&app).limit, Some(AGREED));
    assert!(
        clock(&app).used >= Duration::from_secs(kept)
            && clock(&app).used < Duration::from_secs(kept + 2),
        "the time left is what it was: {:?} used, {kept} s saved",
        clock(&app).used
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_watched_match_played_for_a_time_ends_where_it_did() {
    let dir = scratch("watch");
    let text = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/rummy-fifteen-minutes.json"
    ))
    .unwrap();
    let record = Record::from_json(&text).unwrap();
    let expected = Match::<Rummy>::from_record(&record, |v| Rummy::variant(v).ok()).unwrap();
    let mut app = app_in(&dir, Duration::from_millis(200));
    app.world_mut().write_message(WatchReplay(record.clone()));
    run_until(&mut app, 200_000, |app| {
        app.world()
            .get_resource::<ActiveMatch<Rummy>>()
            .is_some_and(|m| m.get().is_over())
    });
    let m = game(&app);
    assert_eq!(m.clock(), record.clock.as_slice());
    assert_eq!(m.scores(), expected.scores());
    assert_eq!(m.state().rounds().len(), 3);
    assert_eq!(
        clock(&app).used,
        Duration::from_secs(905),
        "the record's last time"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Two people at one screen: while the hand-over screen asks for the
/// device to be passed, nobody is playing, and the match's time waits.
#[test]
fn the_match_clock_waits_behind_the_hand_over_screen() {
    let dir = scratch("hand-over");
    let mut app = app_in(&dir, Duration::from_millis(500));
    begin(
        &mut app,
        "standard,minutes=15,turn-seconds=off",
        &[("Anna", Controller::Human), ("Bo", Controller::Human)],
    );
    let screen = |app: &App| *app.world().resource::<State<Screen>>().get();
    run_until(&mut app, 200, |app| screen(app) == Screen::HandOver);
    let at = clock(&app).used;
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::HandOver);
    assert_eq!(clock(&app).used, at, "the hand-over screen is up");
    // Taken: the table is Anna's or Bo's, and the time goes on.
    {
        let mut table = app.world_mut().resource_mut::<Table>();
        table.viewer = table.handing_to.take();
    }
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    run_until(&mut app, 20, |app| clock(app).used > at);
    let _ = fs::remove_dir_all(&dir);
}

/// Between two rounds (the round's end shown before the next deal) no
/// round is played: the match's time waits until the next is dealt.
#[test]
fn the_match_clock_waits_between_rounds() {
    let dir = scratch("between");
    let mut app = app_in(&dir, Duration::from_millis(100));
    begin(
        &mut app,
        "standard,minutes=15",
        &[("Ada", greedy()), ("Bram", greedy())],
    );
    // Bots alone: the round's end is shown four seconds before the next deal.
    run_until(&mut app, 200_000, |app| phase(app) == TurnPhase::RoundOver);
    let at = clock(&app).used;
    let mut between = 0;
    while phase(&app) == TurnPhase::RoundOver && between < 1_000 {
        app.update();
        between += 1;
        if phase(&app) == TurnPhase::RoundOver {
            assert_eq!(
                clock(&app).used,
                at,
                "{between} frames after the round's end"
            );
        }
    }
    assert!(
        between > 3,
        "the round's end was shown for {between} frames"
    );
    assert_eq!(game(&app).state().round(), 2, "the next round is dealt");
    run_until(&mut app, 200, |app| clock(app).used > at);
    let _ = fs::remove_dir_all(&dir);
}
