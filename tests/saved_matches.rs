//! Saved matches, the history and the statistics: a match is kept after
//! every move and taken up again exactly; a save that does not read is
//! reported and set aside, never overwritten; finished matches are filed in
//! a capped history and counted by name. Headless, through the rules plugin.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::engine::{ActiveMatch, Controller, MoveRequest, TurnPhase};
use parlour::saves::{ResumeMatch, SaveSlot, WatchReplay};
use parlour::session::flow::DealSeed;
use parlour::stats::{Statistics, StatisticsFile, Tally};
use parlour::storage::{FileWarning, FileWarnings};
use parlour::storage::{
    HISTORY_CAP, SaveProblem, SlotContents, check_record, file_finished, history_files, open_slot,
    read_history, stamp,
};

/// A deal on which greedy and random bots play a long match.
const DEAL: u64 = 1;
use parlour::session::{BeginMatch, Screen, SeatChoice, Table};
use parlour_core::engine::{Game, Match, Record, SeatRecord};
use parlour_core::games::neighbours::Neighbours;

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "parlour-saved-{name}-{}-{}",
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

fn history(dir: &Path) -> PathBuf {
    dir.join("history")
}

/// The app as a screen runs it, without a window: rules, play flow, saving.
fn app_in(dir: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin);
    parlour::games::neighbours::logic_plugin(&mut app);
    let (slot, warning) = SaveSlot::open(Some(current(dir)), Some(history(dir)), SystemTime::now());
    app.insert_resource(slot)
        .insert_resource(FileWarnings(warning.into_iter().collect()))
        .insert_resource(StatisticsFile(Some(dir.join("statistics.json"))))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
    app
}

fn seats(seats: &[(&str, Controller)]) -> Table {
    Table {
        seats: seats
            .iter()
            .map(|(name, c)| SeatChoice {
                name: (*name).to_owned(),
                controller: c.clone(),
            })
            .collect(),
        game: parlour::catalog::GameId("neighbours"),
        ..Table::default()
    }
}

fn greedy() -> Controller {
    Controller::Bot("greedy".into())
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn moves_played(app: &App) -> usize {
    app.world()
        .get_resource::<ActiveMatch<Neighbours>>()
        .map_or(0, |m| m.get().moves().len())
}

/// Starts a match on deal `DEAL`: a deal drawn at random may end within two
/// moves (no seat can place, every seat passes), and these tests need moves.
fn begin(app: &mut App, table: Table) {
    app.insert_resource(DealSeed(Some(DEAL)));
    app.insert_resource(table);
    app.update();
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
}

/// Runs frames until `done`, at most `frames` of them. Bots think on the
/// async pool as on screen, so a frame that finds no answer yet waits a
/// moment of real time: a busy machine slows the test, it does not fail it.
fn run_until(app: &mut App, frames: usize, done: impl Fn(&App) -> bool) {
    for _ in 0..frames {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("not reached in {frames} frames");
}

/// Plays seat 0 (a person) with a greedy bot's choices, as fingers would.
fn play_for_the_person(app: &mut App, bot: &mut Box<dyn parlour_core::engine::Bot<Neighbours>>) {
    let phase = *app.world().resource::<State<TurnPhase>>().get();
    if phase != TurnPhase::AwaitingMove {
        return;
    }
    let Some(active) = app.world().get_resource::<ActiveMatch<Neighbours>>() else {
        return;
    };
    if active.get().awaiting() != vec![0] {
        return;
    }
    let mv = bot.choose(&active.get().view(0));
    app.world_mut()
        .write_message(MoveRequest::<Neighbours> { seat: 0, mv });
}

#[test]
fn continue_resumes_the_same_position_with_the_same_table() {
    let dir = scratch("resume");
    let mut first = app_in(&dir);
    begin(
        &mut first,
        seats(&[
            ("Ada", greedy()),
            ("Bram", Controller::Bot("random".into())),
        ]),
    );
    run_until(&mut first, 2_000, |app| moves_played(app) >= 6);
    // The process dies here: what is on disk is all there is.
    let on_disk = fs::read_to_string(current(&dir)).unwrap();
    let saved = Record::from_json(&on_disk).unwrap();
    assert!(saved.moves.len() >= 6);
    assert_eq!(
        saved.seats,
        vec![
            SeatRecord {
                name: "Ada".into(),
                bot: Some("greedy".into())
            },
            SeatRecord {
                name: "Bram".into(),
                bot: Some("random".into())
            },
        ]
    );
    let expected =
        Match::<Neighbours>::from_record(&saved, |v| Neighbours::variant(v).ok()).unwrap();
    drop(first);

    let mut second = app_in(&dir);
    let slot = second.world().resource::<SaveSlot>().clone();
    assert!(
        slot.can_continue(&parlour::games::catalog()),
        "Continue is offered"
    );
    assert_eq!(slot.unfinished.as_ref(), Some(&saved));
    second.world_mut().write_message(ResumeMatch(saved.clone()));
    second.update();
    second.update();
    assert_eq!(screen(&second), Screen::Play);
    let resumed = second.world().resource::<ActiveMatch<Neighbours>>().get();
    assert_eq!(resumed.moves().len(), saved.moves.len());
    assert_eq!(
        Neighbours::report(resumed.state()),
        Neighbours::report(expected.state()),
        "the same board, hands and scores"
    );
    let table = second.world().resource::<Table>();
    assert_eq!(table.name(0), "Ada");
    assert_eq!(table.seats[1].controller, Controller::Bot("random".into()));
    // The bots take their seats again and play on.
    let before = saved.moves.len();
    run_until(&mut second, 2_000, |app| moves_played(app) > before + 2);
    let _ = fs::remove_dir_all(&dir);
}

/// Writes `text` as the save, opens the slot, and checks it was reported
/// with `expected` and set aside untouched.
fn broken_save_is_set_aside(name: &str, text: &[u8], expected: fn(&SaveProblem) -> bool) {
    let dir = scratch(name);
    let path = current(&dir);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(&path, text).unwrap();
    let contents = open_slot(&path, &history(&dir), SystemTime::now());
    let SlotContents::Broken {
        problem,
        moved_to: Some(kept),
    } = contents
    else {
        panic!("{name}: expected a broken save set aside, got {contents:?}");
    };
    assert!(expected(&problem), "{name}: {problem:?}");
    assert!(!path.exists(), "{name}: the slot is free for a new save");
    assert_eq!(fs::read(&kept).unwrap(), text, "{name}: kept byte for byte");
    assert!(
        kept.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("current.json.broken-"),
        "{kept:?}"
    );
    let line = FileWarning::Save {
        problem,
        moved_to: Some(kept),
    }
    .text();
    assert!(!line.contains('\n'), "one line: {line}");
    assert!(line.contains("current.json.broken-"), "{line}");
    let _ = fs::remove_dir_all(&dir);
}

/// A short valid record, as text.
fn valid_record() -> String {
    let mut game = Match::<Neighbours>::seeded("standard", 2, 3).unwrap();
    let mut bot = Neighbours::bot("greedy", 0).unwrap();
    for _ in 0..4 {
        let seat = game.awaiting()[0];
        let mv = bot.choose(&game.view(seat));
        game.submit(seat, mv).unwrap();
    }
    game.record().to_json()
}

#[test]
fn a_garbage_save_is_reported_and_set_aside() {
    broken_save_is_set_aside("garbage", b"\x00\x17PK not json at all", |p| {
        matches!(p, SaveProblem::NotJson(_))
    });
    broken_save_is_set_aside("words", b"hello there", |p| {
        matches!(p, SaveProblem::NotJson(_))
    });
}

#[test]
fn a_truncated_save_is_reported_and_set_aside() {
    let text = valid_record();
    let cut = &text.as_bytes()[..text.len() / 2];
    broken_save_is_set_aside("truncated", cut, |p| *p == SaveProblem::Truncated);
}

#[test]
fn a_save_of_an_unknown_game_is_reported_and_set_aside() {
    let text = valid_record().replace("\"neighbours\"", "\"chess\"");
    broken_save_is_set_aside("unknown", text.as_bytes(), |p| {
        *p == SaveProblem::UnknownGame("chess".into())
    });
}

#[test]
fn a_save_from_a_newer_version_is_reported_and_set_aside() {
    let text = valid_record().replace("parlour-record/1", "parlour-record/2");
    broken_save_is_set_aside(
        "newer",
        text.as_bytes(),
        |p| matches!(p, SaveProblem::NewerFormat(f) if f == "parlour-record/2"),
    );
}

#[test]
fn a_save_with_an_illegal_move_is_reported_and_set_aside() {
    let mut record = Record::from_json(&valid_record()).unwrap();
    // Move 1 played by the seat that is not to move.
    let seat = record.moves[1]["seat"].as_u64().unwrap();
    record.moves[1]["seat"] = (1 - seat).into();
    broken_save_is_set_aside("illegal", record.to_json().as_bytes(), |p| {
        matches!(p, SaveProblem::Refused(_))
    });
}

#[test]
fn a_broken_save_is_reported_and_the_next_match_does_not_write_over_it() {
    let dir = scratch("next");
    fs::create_dir_all(current(&dir).parent().unwrap()).unwrap();
    fs::write(current(&dir), "{\"format\": \"parlour-rec").unwrap();
    let mut app = app_in(&dir);
    let warnings = app.world().resource::<FileWarnings>().0.clone();
    assert!(
        matches!(
            warnings.as_slice(),
            [FileWarning::Save {
                problem: SaveProblem::Truncated,
                moved_to: Some(_)
            }]
        ),
        "{warnings:?}"
    );
    assert!(
        !app.world()
            .resource::<SaveSlot>()
            .can_continue(&parlour::games::catalog())
    );
    begin(&mut app, seats(&[("Ada", greedy()), ("Bram", greedy())]));
    run_until(&mut app, 2_000, |app| moves_played(app) >= 2);
    let kept: Vec<_> = fs::read_dir(current(&dir).parent().unwrap())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains(".broken-"))
        .collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(
        fs::read_to_string(kept[0].path()).unwrap(),
        "{\"format\": \"parlour-rec"
    );
    assert!(check_record(&fs::read_to_string(current(&dir)).unwrap()).is_ok());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_history_keeps_the_newest_matches_up_to_its_cap() {
    let dir = scratch("cap");
    let record = Record::from_json(&valid_record()).unwrap();
    let start = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    let total = HISTORY_CAP + 3;
    for i in 0..total {
        file_finished(&dir, &record, start + Duration::from_secs(60 * i as u64)).unwrap();
    }
    let files = history_files(&dir);
    assert_eq!(files.len(), HISTORY_CAP);
    let newest = stamp(start + Duration::from_secs(60 * (total as u64 - 1)));
    let oldest_kept = stamp(start + Duration::from_secs(60 * 3));
    let name = |p: &PathBuf| p.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name(&files[0]).starts_with(&newest), "newest first");
    assert!(
        name(files.last().unwrap()).starts_with(&oldest_kept),
        "the three oldest went"
    );
    let (entries, unreadable) = read_history(&dir);
    assert_eq!((entries.len(), unreadable), (HISTORY_CAP, 0));
    assert!(entries[0].finished > entries[1].finished);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_finished_match_is_filed_counted_and_no_longer_offered() {
    let dir = scratch("finish");
    let mut app = app_in(&dir);
    begin(
        &mut app,
        seats(&[("Anna", Controller::Human), ("Ada", greedy())]),
    );
    let mut hands = Neighbours::bot("greedy", 9).unwrap();
    for _ in 0..20_000 {
        play_for_the_person(&mut app, &mut hands);
        app.update();
        if screen(&app) == Screen::Results {
            break;
        }
    }
    assert_eq!(screen(&app), Screen::Results);
    let game = app.world().resource::<ActiveMatch<Neighbours>>().get();
    let anna_won = game.winners().contains(&0);
    let anna_score = game.scores()[0];
    assert!(!current(&dir).exists(), "nothing left to continue");
    assert!(app.world().resource::<SaveSlot>().unfinished.is_none());
    let (filed, _) = read_history(&history(&dir));
    assert_eq!(filed.len(), 1);
    assert!(filed[0].checked.over);
    assert_eq!(filed[0].checked.record.seats[0].name, "Anna");
    let expected = Tally {
        played: 1,
        won: u32::from(anna_won),
        best: Some(anna_score),
    };
    let stats = app.world().resource::<Statistics>();
    assert_eq!(stats.tally("Anna", "neighbours"), expected);
    assert_eq!(stats.tally("Ada", "neighbours"), Tally::default(), "a bot");
    let (on_disk, _) = parlour::stats::load(&dir.join("statistics.json"), SystemTime::now());
    assert_eq!(on_disk.tally("Anna", "neighbours"), expected);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_watched_match_is_replayed_move_by_move_and_neither_filed_nor_counted() {
    let dir = scratch("replay");
    // A whole match between bots, as the history would hold it.
    let mut game = Match::<Neighbours>::seeded("standard", 2, 11).unwrap();
    let mut bot = Neighbours::bot("greedy", 1).unwrap();
    while !game.is_over() {
        let seat = game.awaiting()[0];
        let mv = bot.choose(&game.view(seat));
        game.submit(seat, mv).unwrap();
    }
    let mut record = game.record();
    record.seats = vec![
        SeatRecord {
            name: "Anna".into(),
            bot: None,
        },
        SeatRecord {
            name: "Ada".into(),
            bot: Some("greedy".into()),
        },
    ];
    let mut app = app_in(&dir);
    app.update();
    // The person's own table, as their set-up left it.
    let own = {
        let mut table = app.world_mut().resource_mut::<Table>();
        table.seats[0].name = "Zoé".into();
        table.seats[1].controller = Controller::Bot("random".into());
        table.clone()
    };
    app.world_mut().write_message(WatchReplay(record.clone()));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Play);
    assert_eq!(moves_played(&app), 0, "it starts from the deal");
    assert_eq!(app.world().resource::<Table>().seats[0].name, "Anna");
    // Moves come one at a time, at the animation's pace.
    run_until(&mut app, 400, |app| moves_played(app) == 1);
    for _ in 0..2 {
        app.update();
    }
    assert!(moves_played(&app) <= 2);
    run_until(&mut app, 40_000, |app| screen(app) == Screen::Results);
    let shown = app.world().resource::<ActiveMatch<Neighbours>>().get();
    assert_eq!(
        shown.record().moves,
        record.moves,
        "the same match, move for move"
    );
    // The person's own table is back: the next set-up is theirs.
    app.update();
    let table = app.world().resource::<Table>();
    assert_eq!(table.seats, own.seats);
    assert_eq!(table.game, own.game);
    assert!(!history(&dir).exists() || history_files(&history(&dir)).is_empty());
    assert!(app.world().resource::<Statistics>().players.is_empty());
    assert!(!current(&dir).exists());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn leaving_a_replay_half_way_gives_the_person_their_own_table_back() {
    let dir = scratch("replay-left");
    let mut game = Match::<Neighbours>::seeded("standard", 2, 12).unwrap();
    let mut bot = Neighbours::bot("greedy", 1).unwrap();
    while !game.is_over() {
        let seat = game.awaiting()[0];
        let mv = bot.choose(&game.view(seat));
        game.submit(seat, mv).unwrap();
    }
    let mut app = app_in(&dir);
    app.update();
    let own = {
        let mut table = app.world_mut().resource_mut::<Table>();
        table.seats[0].name = "Zoé".into();
        table.clone()
    };
    app.world_mut().write_message(WatchReplay(game.record()));
    run_until(&mut app, 400, |app| moves_played(app) == 1);
    assert_ne!(app.world().resource::<Table>().seats, own.seats);
    // Back to the title from the match menu.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Table>().seats, own.seats);
    let _ = fs::remove_dir_all(&dir);
}
