//! The browser's storage promises, kept natively: Parlour's files run over
//! the page's back end (one key per file) on a stand-in for the page's
//! storage that throws on a chosen `setItem`, fills up, or stops between
//! two calls. A save is whole or not at all, so Continue gets the last
//! whole match; a broken entry is set aside, never lost, even when the page
//! stops half-way through setting it aside; a full storage drops the
//! history's oldest match, and while saves fail one line on the table says
//! so, until a save succeeds again; what did not read is named in one line
//! in the page's own words.
//!
//! One process has one data folder: these tests install their storage for
//! the whole process, so they take turns.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::engine::{ActiveMatch, Controller, FrameStepped};
use parlour::i18n::Lang;
use parlour::platform::files::memory::{self, MemoryStorage};
use parlour::saves::{SaveSlot, SavingFails};
use parlour::session::flow::DealSeed;
use parlour::session::{BeginMatch, Screen, SeatChoice, Table};
use parlour::stats::StatisticsFile;
use parlour::storage::{
    FileWarning, FileWarnings, SaveProblem, SlotContents, check_record, file_finished,
    history_files, open_slot, write_atomic,
};
use parlour_core::engine::{Game, Match, Record};
use parlour_core::games::neighbours::Neighbours;

static TURN: Mutex<()> = Mutex::new(());

/// The page's storage for one test: installed for the process until the
/// test ends.
struct Page {
    storage: Arc<MemoryStorage>,
    _turn: MutexGuard<'static, ()>,
}

impl Drop for Page {
    fn drop(&mut self) {
        memory::install(None);
    }
}

fn page() -> Page {
    let turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let storage = Arc::new(MemoryStorage::new());
    memory::install(Some(storage.clone()));
    // The words checked are the English ones, whatever the machine's.
    parlour::i18n::set_language(Lang::En);
    Page {
        storage,
        _turn: turn,
    }
}

fn current() -> PathBuf {
    parlour::storage::current_save().unwrap()
}

fn history() -> PathBuf {
    parlour::storage::history_dir().unwrap()
}

/// A Neighbours match `moves` moves in (or over before), as a record.
fn record_of(moves: usize) -> Record {
    let mut game = Match::<Neighbours>::seeded("standard", 2, 1).unwrap();
    let mut bot = Neighbours::bot("greedy", 0).unwrap();
    for _ in 0..moves {
        let Some(&seat) = game.awaiting().first() else {
            break;
        };
        let mv = bot.choose(&game.view(seat));
        game.submit(seat, mv).unwrap();
    }
    game.record()
}

/// The keys under the saves' folder whose names say they were set aside.
fn set_aside_keys(storage: &MemoryStorage) -> Vec<(String, String)> {
    storage
        .items()
        .into_iter()
        .filter(|(k, _)| k.contains(".broken-"))
        .collect()
}

#[test]
fn continue_gets_the_last_whole_match_when_a_save_throws_or_the_storage_is_full() {
    let page = page();
    let earlier = record_of(4);
    assert_eq!(earlier.moves.len(), 4);
    write_atomic(&current(), &earlier.to_json()).unwrap();
    let stored = page.storage.get("parlour/saves/current.json").unwrap();

    // The next setItem throws (as a browser does when it refuses one).
    page.storage.throw_on_set(1, "QuotaExceededError");
    let e = write_atomic(&current(), &record_of(6).to_json()).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::StorageFull);
    assert_eq!(
        page.storage.get("parlour/saves/current.json").as_ref(),
        Some(&stored),
        "the last whole match, byte for byte"
    );

    // The storage full: a longer match does not fit, the old one stays.
    page.storage.set_quota(Some(page.storage.used() + 10));
    assert!(write_atomic(&current(), &record_of(8).to_json()).is_err());
    page.storage.set_quota(None);

    match open_slot(&current(), &history(), SystemTime::now()) {
        SlotContents::Unfinished(checked) => {
            assert_eq!(
                checked.record.moves.len(),
                4,
                "Continue takes up the last whole match"
            );
        }
        other => panic!("Continue offers the last whole match, not {other:?}"),
    }
    assert!(set_aside_keys(&page.storage).is_empty(), "nothing broken");
}

#[test]
fn a_broken_save_is_set_aside_once_even_when_the_page_stops_between_the_two_calls() {
    let page = page();
    let garbage = "\u{1}PK not a match at all";
    page.storage.insert("parlour/saves/current.json", garbage);
    // The copy under the new key is made; the page stops before the old
    // key is removed.
    page.storage.stop_after(1);
    let (_, _) = SaveSlot::open(Some(current()), Some(history()), SystemTime::now());
    page.storage.restart();
    let copies = set_aside_keys(&page.storage);
    assert_eq!(copies.len(), 1, "the copy was made: {copies:?}");
    assert!(
        page.storage.get("parlour/saves/current.json").is_some(),
        "stopped before the removal"
    );

    // The next page load finishes the set-aside: the same copy, no second.
    let (slot, warnings) = SaveSlot::open(Some(current()), Some(history()), SystemTime::now());
    let [
        FileWarning::Save {
            problem: SaveProblem::NotJson(_),
            moved_to: Some(kept),
        },
    ] = warnings.as_slice()
    else {
        panic!("the broken save, set aside: {warnings:?}");
    };
    assert_eq!(set_aside_keys(&page.storage), copies, "one copy, never two");
    assert_eq!(kept.to_string_lossy(), copies[0].0);
    assert_eq!(copies[0].1, garbage, "kept byte for byte");
    assert_eq!(page.storage.get("parlour/saves/current.json"), None);
    assert!(
        slot.current.is_some(),
        "the slot is free for the next match"
    );
}

#[test]
fn a_full_history_in_the_page_drops_its_oldest_match_and_keeps_the_newest() {
    let page = page();
    let record = record_of(40);
    let start = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    let at = |i: u64| start + Duration::from_secs(60 * i);
    for i in 0..5 {
        file_finished(&history(), &record, at(i)).unwrap();
    }
    let before = history_files(&history());
    assert_eq!(before.len(), 5);
    // Room for about half a match more.
    page.storage
        .set_quota(Some(page.storage.used() + record.to_json().len() / 2));
    let newest = file_finished(&history(), &record, at(9)).unwrap();
    let after = history_files(&history());
    assert_eq!(after.len(), 5, "one went to make room: {after:?}");
    assert_eq!(after[0], newest, "the newest is kept");
    assert!(!after.contains(before.last().unwrap()), "the oldest went");
    assert_eq!(&after[1..], &before[..4]);
    let text = page.storage.get(&newest.to_string_lossy()).unwrap();
    assert!(check_record(&text).is_ok(), "filed whole");
}

#[test]
fn what_did_not_read_in_the_page_is_named_in_one_line_in_the_pages_words() {
    let page = page();
    page.storage
        .insert("parlour/saves/current.json", "{\"format\": \"parlour-rec");
    let good = record_of(6).to_json();
    let bad_entry = "parlour/history/20250301-140205-123-neighbours.json";
    page.storage.insert(bad_entry, "hello there");
    page.storage
        .insert("parlour/history/20250302-140205-123-neighbours.json", &good);
    let (_, warnings) = SaveSlot::open(Some(current()), Some(history()), SystemTime::now());
    assert!(
        matches!(
            warnings.as_slice(),
            [
                FileWarning::Save {
                    moved_to: Some(_),
                    ..
                },
                FileWarning::History {
                    moved_to: Some(_),
                    ..
                }
            ]
        ),
        "{warnings:?}"
    );
    for warning in &warnings {
        let line = warning.text();
        assert!(!line.contains('\n'), "one line: {line}");
        assert!(line.contains("this browser"), "the page's words: {line}");
        for word in ["file", ".json", "broken"] {
            assert!(!line.contains(word), "a page has no {word}: {line}");
        }
    }
    // The bad entry is kept aside, out of the history; the good one stays.
    assert_eq!(page.storage.get(bad_entry), None);
    let aside = set_aside_keys(&page.storage);
    assert!(
        aside
            .iter()
            .any(|(k, v)| k.starts_with(bad_entry) && v == "hello there"),
        "{aside:?}"
    );
    assert_eq!(history_files(&history()).len(), 1);
}

/// The app as a page runs it, without a window, over the page's storage.
fn app_in_page() -> App {
    let mut app = App::new();
    app.insert_resource(parlour::settings::Settings {
        language: Lang::En,
        ..Default::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin)
        .add_message::<parlour::ui::input::PointerInput>();
    parlour::games::neighbours::logic_plugin(&mut app);
    let (slot, warnings) = SaveSlot::open(Some(current()), Some(history()), SystemTime::now());
    app.insert_resource(slot)
        .insert_resource(FileWarnings(warnings))
        .insert_resource(StatisticsFile(None))
        .insert_resource(FrameStepped::new(23))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
    app
}

fn moves_played(app: &App) -> usize {
    app.world()
        .get_resource::<ActiveMatch<Neighbours>>()
        .map_or(0, |m| m.get().moves().len())
}

fn saving_line(app: &App) -> Option<String> {
    app.world().resource::<SavingFails>().line()
}

#[test]
fn a_full_page_storage_is_said_in_one_line_kept_while_saves_fail_and_gone_after_one_succeeds() {
    let page = page();
    // Not a byte more: every save throws QuotaExceededError.
    page.storage.set_quota(Some(0));
    let mut app = app_in_page();
    app.insert_resource(DealSeed(Some(1)));
    let bot = Controller::Bot("greedy".into());
    app.insert_resource(Table {
        seats: ["Ada", "Bram"]
            .iter()
            .map(|name| SeatChoice {
                name: (*name).to_owned(),
                controller: bot.clone(),
            })
            .collect(),
        game: parlour::catalog::GameId(Neighbours::NAME),
        ..Table::default()
    });
    app.update();
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    for _ in 0..10 {
        app.update();
        if saving_line(&app).is_some() {
            break;
        }
    }
    let line = saving_line(&app).expect("said on the table at once");
    assert_eq!(
        line,
        "This match is not being saved: this browser’s storage for Parlour is full. Play on."
    );
    assert!(!line.contains('\n'));

    // Kept after every move while saves fail; the match plays on.
    let mut seen = moves_played(&app);
    for _ in 0..2_000 {
        app.update();
        if moves_played(&app) != seen {
            seen = moves_played(&app);
            assert_eq!(saving_line(&app).as_ref(), Some(&line), "after move {seen}");
        }
        if seen >= 6 {
            break;
        }
    }
    assert!(seen >= 6, "the match played on");
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Play);
    let warnings = app.world().resource::<FileWarnings>().0.clone();
    assert!(
        matches!(warnings.as_slice(), [FileWarning::Unsaved { .. }]),
        "the title is told once: {warnings:?}"
    );
    assert!(!warnings[0].text().contains('\n'));

    // Room again: the next save succeeds and the line goes.
    page.storage.set_quota(None);
    for _ in 0..2_000 {
        app.update();
        if page.storage.get("parlour/saves/current.json").is_some() {
            break;
        }
    }
    let saved = page
        .storage
        .get("parlour/saves/current.json")
        .expect("saved once there is room");
    assert!(check_record(&saved).is_ok());
    assert_eq!(saving_line(&app), None, "gone once a save succeeds");
}
