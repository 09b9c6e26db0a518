//! Saved matches, the history and the statistics: a match is kept after
//! every move and taken up again exactly — Rummy's rounds with a fresh turn
//! clock, a Paper Boxing grid kept secret until the reveal; a save that does not
//! read is reported and set aside, never overwritten; a save that cannot be
//! written is said in one line kept while saves fail, and the match plays on; finished matches are
//! filed in a capped history and counted by name. Headless, through the
//! rules plugin.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::engine::{ActiveMatch, Controller, FrameStepped, MoveRequest, TurnClock, TurnPhase};
use parlour::games::paper_boxing::viewer::{legal_cells, viewer_view};
use parlour::saves::{ResumeMatch, SaveSlot, SavingFails, WatchReplay};
use parlour::session::Notice;
use parlour::session::flow::DealSeed;
use parlour::stats::{Statistics, StatisticsFile, Tally};
use parlour::storage::{FileWarning, FileWarnings};
use parlour::storage::{
    HISTORY_CAP, SaveProblem, SlotContents, check_record, file_finished, file_finished_with,
    history_files, open_slot, read_history, stamp,
};

/// A deal on which greedy and random bots play a long match.
const DEAL: u64 = 1;
use parlour::session::{BeginMatch, Screen, SeatChoice, Table};
use parlour_core::engine::{Bot, Game, Match, Record, Seat, SeatRecord};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::{Move as PbMove, PaperBoxing};
use parlour_core::games::rummy::{Move as RMove, Rummy};

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
    app_of(dir, parlour::games::neighbours::logic_plugin)
}

/// [`app_in`] for the game `logic_plugin` adds.
fn app_of(dir: &Path, logic_plugin: fn(&mut App)) -> App {
    let mut app = App::new();
    // English from its first frame, whatever the machine's language: the
    // language is the whole process's, read by the tests running beside.
    app.insert_resource(parlour::settings::Settings {
        language: parlour::i18n::Lang::En,
        ..Default::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin)
        // Pointer input as the window would send it (Rummy's table reads it).
        .add_message::<parlour::ui::input::PointerInput>();
    logic_plugin(&mut app);
    let (slot, warning) = SaveSlot::open(Some(current(dir)), Some(history(dir)), SystemTime::now());
    app.insert_resource(slot)
        .insert_resource(FileWarnings(warning.into_iter().collect()))
        .insert_resource(StatisticsFile(Some(dir.join("statistics.json"))))
        // Stepped frame by frame: bots answer within a frame.
        .insert_resource(FrameStepped::new(23))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
    app
}

fn seats(seats: &[(&str, Controller)]) -> Table {
    seats_at("neighbours", seats)
}

/// The table of game `game`, its seats as given.
fn seats_at(game: &'static str, seats: &[(&str, Controller)]) -> Table {
    Table {
        seats: seats
            .iter()
            .map(|(name, c)| SeatChoice {
                name: (*name).to_owned(),
                controller: c.clone(),
            })
            .collect(),
        game: parlour::catalog::GameId(game),
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

/// Runs frames until `done`, at most `frames` of them (stepped frame by
/// frame: the bots answer within a frame).
fn run_until(app: &mut App, frames: usize, done: impl Fn(&App) -> bool) {
    for _ in 0..frames {
        app.update();
        if done(app) {
            return;
        }
    }
    panic!("not reached in {frames} frames");
}

/// Plays seat 0 (a person) with a greedy bot's choices, as fingers would.
fn play_for_the_person(app: &mut App, bot: &mut Box<dyn Bot<Neighbours>>) {
    play_for(app, 0, bot);
}

/// Plays `seat` (a person) with `bot`'s choices, as fingers would: when the
/// seat is awaited and moves are taken.
fn play_for<G: Game>(app: &mut App, seat: Seat, bot: &mut Box<dyn Bot<G>>) {
    if !matches!(phase(app), TurnPhase::SetUp | TurnPhase::AwaitingMove) {
        return;
    }
    let Some(active) = app.world().get_resource::<ActiveMatch<G>>() else {
        return;
    };
    if !active.get().awaiting().contains(&seat) {
        return;
    }
    let mv = bot.choose(&active.get().view(seat));
    app.world_mut().write_message(MoveRequest::<G> { seat, mv });
}

fn phase(app: &App) -> TurnPhase {
    *app.world().resource::<State<TurnPhase>>().get()
}

/// The match of `G` on the table.
fn match_of<G: Game>(app: &App) -> &Match<G> {
    app.world().resource::<ActiveMatch<G>>().get()
}

/// The whole of a match, every hidden part included, to compare.
fn whole<G: Game>(game: &Match<G>) -> String {
    format!("{:?}", game.state())
}

/// A record's table: Anna, a person, at seat 0 and Ada, the greedy bot,
/// at seat 1.
fn anna_and_ada() -> Vec<SeatRecord> {
    vec![
        SeatRecord {
            name: "Anna".into(),
            bot: None,
        },
        SeatRecord {
            name: "Ada".into(),
            bot: Some("greedy".into()),
        },
    ]
}

/// The save on disk.
fn on_disk(dir: &Path) -> Record {
    Record::from_json(&fs::read_to_string(current(dir)).unwrap()).unwrap()
}

/// Continue, as the title offers it: the saved match taken up on the table.
fn continue_saved(app: &mut App) {
    let slot = app.world().resource::<SaveSlot>().clone();
    assert!(
        slot.can_continue(app.world().resource::<parlour::catalog::GameCatalog>()),
        "Continue is offered"
    );
    app.world_mut()
        .write_message(ResumeMatch(slot.unfinished.unwrap()));
    app.update();
    app.update();
    assert_eq!(screen(app), Screen::Play);
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
    // The match as it stood when the process died: the save is all of it.
    let live = match_of::<Neighbours>(&first).clone();
    assert_eq!(
        saved.moves,
        live.record().moves,
        "every move played is kept"
    );
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
    let resumed = match_of::<Neighbours>(&second);
    assert_eq!(resumed.moves(), live.moves());
    assert_eq!(
        whole(resumed),
        whole(&live),
        "the same board, hands, bag and scores"
    );
    assert_eq!(resumed.awaiting(), live.awaiting());
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
fn a_full_disk_drops_the_historys_oldest_matches_and_keeps_the_newest() {
    let dir = scratch("full");
    let record = Record::from_json(&valid_record()).unwrap();
    let start = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    let at = |i: u64| start + Duration::from_secs(60 * i);
    for i in 0..5 {
        file_finished(&dir, &record, at(i)).unwrap();
    }
    let before = history_files(&dir);
    // A disk with no room for the next two tries, as a full one says.
    let mut full = 2;
    let newest = file_finished_with(&dir, &record, at(9), |file, json| {
        if full > 0 {
            full -= 1;
            file.write_all(&json.as_bytes()[..json.len() / 2])?;
            return Err(std::io::ErrorKind::StorageFull.into());
        }
        file.write_all(json.as_bytes())
    })
    .unwrap();
    let after = history_files(&dir);
    assert_eq!(after.len(), 4, "two went to make room: {after:?}");
    assert_eq!(after[0], newest, "the newest is kept");
    assert_eq!(&after[1..], &before[..3], "the two oldest went");
    assert!(check_record(&fs::read_to_string(&newest).unwrap()).is_ok());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_history_entry_that_does_not_read_is_set_aside_and_named_on_the_title() {
    let dir = scratch("bad-entry");
    fs::create_dir_all(history(&dir)).unwrap();
    let bad = history(&dir).join("20250301-140205-123-neighbours.json");
    fs::write(&bad, "{\"format\": \"parlour-rec").unwrap();
    fs::write(
        history(&dir).join("20250302-140205-123-neighbours.json"),
        valid_record(),
    )
    .unwrap();
    let app = app_in(&dir);
    let warnings = app.world().resource::<FileWarnings>().0.clone();
    let [
        warning @ FileWarning::History {
            problem: SaveProblem::Truncated,
            moved_to: Some(kept),
        },
    ] = warnings.as_slice()
    else {
        panic!("the bad entry named for the title: {warnings:?}");
    };
    let line = warning.text();
    assert!(!line.contains('\n'), "one line: {line}");
    let name = kept.file_name().unwrap().to_string_lossy().into_owned();
    assert!(line.contains(&name), "names where it went: {line}");
    assert!(!bad.exists());
    assert_eq!(
        fs::read_to_string(kept).unwrap(),
        "{\"format\": \"parlour-rec"
    );
    assert_eq!(history_files(&history(&dir)).len(), 1, "the good one stays");
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
    record.seats = anna_and_ada();
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

// --- Rummy and Paper Boxing -------------------------------------------------

/// Anna, a person, against Ada, the greedy bot, in a match of two rounds
/// with a 20-second clock, played in the rules core up to the move that
/// ends the first round: the record so far (seats named so that the move
/// is Anna's), Anna's seat and that move.
fn rummy_before_a_rounds_end() -> (Record, Seat, RMove) {
    let mut game = Match::<Rummy>::seeded("standard,rounds=2,turn-seconds=20", 2, 4).unwrap();
    let mut bots = [
        Rummy::bot("greedy", 1).unwrap(),
        Rummy::bot("greedy", 2).unwrap(),
    ];
    for _ in 0..Rummy::move_bound(game.config(), 2) {
        let seat = game.awaiting()[0];
        let mv = bots[seat].choose(&game.view(seat));
        let mut next = game.clone();
        let outcome = next.submit(seat, mv.clone()).unwrap();
        if Rummy::ends_round(&outcome) {
            let mut record = game.record();
            record.seats = anna_and_ada();
            if seat != 0 {
                record.seats.reverse();
            }
            return (record, seat, mv);
        }
        game = next;
    }
    panic!("the first round never ended");
}

/// A hand put in its player's own order between moves comes back in that
/// order after Continue in a new process: the order is saved at once, with
/// the match, not only at the next move.
#[test]
fn a_rummy_hand_comes_back_in_its_players_own_order_after_continue() {
    use parlour::games::rummy::turn::TurnOnScreen;
    let dir = scratch("rummy-order");
    // Four moves in: Anna (seat 0, a person) holds a hand of many cards.
    let mut game = Match::<Rummy>::seeded("standard", 2, 4).unwrap();
    let mut bots = [
        Rummy::bot("greedy", 1).unwrap(),
        Rummy::bot("greedy", 2).unwrap(),
    ];
    while game.moves().len() < 4 || game.awaiting() != vec![0] {
        let seat = game.awaiting()[0];
        let mv = bots[seat].choose(&game.view(seat));
        game.submit(seat, mv).unwrap();
    }
    let anna = 0;
    let mut record = game.record();
    record.seats = anna_and_ada();
    fs::create_dir_all(current(&dir).parent().unwrap()).unwrap();
    fs::write(current(&dir), record.to_json()).unwrap();
    let hand = |app: &App| {
        let turn = app.world().resource::<TurnOnScreen>();
        let draft = turn.draft.as_ref().expect("Anna's turn on screen");
        assert_eq!(draft.seat, anna);
        draft.hand.iter().map(|c| c.face()).collect::<Vec<_>>()
    };

    let mut first = app_of(&dir, parlour::games::rummy::logic_plugin);
    continue_saved(&mut first);
    first.update();
    let dealt = hand(&first);
    {
        // Sorted by number, then turned around: no order a deal has.
        let mut turn = first.world_mut().resource_mut::<TurnOnScreen>();
        let draft = turn.draft.as_mut().unwrap();
        draft.sort_by_number();
        draft.hand.reverse();
    }
    first.update();
    first.update();
    let own = hand(&first);
    assert_ne!(own, dealt);
    assert!(on_disk(&dir).screen.is_some(), "saved between moves");
    assert_eq!(on_disk(&dir).moves, record.moves, "no move was played");
    drop(first);

    let mut second = app_of(&dir, parlour::games::rummy::logic_plugin);
    continue_saved(&mut second);
    second.update();
    assert_eq!(hand(&second), own, "the player's own order, back");
}

fn clock(app: &App) -> TurnClock {
    app.world().resource::<TurnClock>().clone()
}

#[test]
fn a_rummy_match_continues_with_its_rounds_and_a_fresh_clock_even_from_a_rounds_end() {
    let dir = scratch("rummy");
    let (record, anna, round_end) = rummy_before_a_rounds_end();
    fs::create_dir_all(current(&dir).parent().unwrap()).unwrap();
    fs::write(current(&dir), record.to_json()).unwrap();
    let twenty = Some(Duration::from_secs(20));

    // Continued; Anna thinks for a while and the clock runs down.
    let mut first = app_of(&dir, parlour::games::rummy::logic_plugin);
    continue_saved(&mut first);
    assert_eq!(match_of::<Rummy>(&first).moves().len(), record.moves.len());
    assert_eq!(match_of::<Rummy>(&first).awaiting(), vec![anna]);
    run_until(&mut first, 200, |app| {
        clock(app).elapsed >= Duration::from_secs(5)
    });
    let live = match_of::<Rummy>(&first).clone();
    drop(first);

    // Continued again: the same position, the turn's clock started afresh.
    let mut second = app_of(&dir, parlour::games::rummy::logic_plugin);
    continue_saved(&mut second);
    assert_eq!(whole(match_of::<Rummy>(&second)), whole(&live));
    assert_eq!(phase(&second), TurnPhase::AwaitingMove);
    let fresh = clock(&second);
    assert_eq!(fresh.limit, twenty);
    assert!(
        fresh.elapsed < Duration::from_secs(1),
        "the clock starts afresh: {:?} used",
        fresh.elapsed
    );

    // Anna ends the round, and the process dies at once: the round's end,
    // its scores and the next round's deal are kept.
    let played = record.moves.len() + 1;
    second.world_mut().write_message(MoveRequest::<Rummy> {
        seat: anna,
        mv: round_end,
    });
    run_until(&mut second, 200, |app| {
        match_of::<Rummy>(app).moves().len() == played
    });
    let live = match_of::<Rummy>(&second).clone();
    assert_eq!(live.state().rounds().len(), 1);
    assert_eq!(live.state().round(), 2);
    let kept = on_disk(&dir);
    assert_eq!(kept.moves, live.record().moves, "the round's end is kept");
    drop(second);

    // Continued at the round's end: the rounds' scores, the totals and the
    // next round's deal as they were, the next round's first turn awaited
    // (as on the table once the round's last move has been shown).
    let mut third = app_of(&dir, parlour::games::rummy::logic_plugin);
    continue_saved(&mut third);
    let resumed = match_of::<Rummy>(&third);
    assert_eq!(whole(resumed), whole(&live));
    assert_eq!(
        format!("{:?}", resumed.state().rounds()),
        format!("{:?}", live.state().rounds())
    );
    assert_eq!(resumed.state().totals(), live.state().totals());
    assert_eq!(resumed.awaiting(), live.awaiting());
    assert_eq!(phase(&third), TurnPhase::AwaitingMove);
    // A full clock for the second round's first turn; the match plays on
    // and is kept.
    let fresh = clock(&third);
    assert_eq!(fresh.limit, twenty);
    assert!(
        fresh.elapsed < Duration::from_secs(1),
        "{:?}",
        fresh.elapsed
    );
    let mut hands = Rummy::bot("greedy", 3).unwrap();
    for _ in 0..3_000 {
        play_for(&mut third, anna, &mut hands);
        third.update();
        if on_disk(&dir).moves.len() >= kept.moves.len() + 3 {
            break;
        }
    }
    assert!(on_disk(&dir).moves.len() >= kept.moves.len() + 3);
    assert_eq!(match_of::<Rummy>(&third).state().round(), 2);
    let _ = fs::remove_dir_all(&dir);
}

fn paper_boxing_table() -> Table {
    seats_at(
        "paper-boxing",
        &[
            ("Anna", Controller::Human),
            ("Ada", Controller::Bot("solver".into())),
        ],
    )
}

#[test]
fn paper_boxing_continued_mid_set_up_keeps_the_bots_grid_secret_until_the_reveal() {
    let dir = scratch("pb-setup");
    let mut first = app_of(&dir, parlour::games::paper_boxing::logic_plugin);
    begin(&mut first, paper_boxing_table());
    // Ada's grid is in; Anna has not filled hers in.
    run_until(&mut first, 4_000, |app| {
        app.world()
            .get_resource::<ActiveMatch<PaperBoxing>>()
            .is_some_and(|m| m.get().moves().len() == 1)
    });
    let live = match_of::<PaperBoxing>(&first).clone();
    assert_eq!(live.moves()[0].0, 1, "Ada's grid is in");
    assert_eq!(live.awaiting(), vec![0]);
    assert_eq!(on_disk(&dir).moves, live.record().moves);
    drop(first);

    let mut second = app_of(&dir, parlour::games::paper_boxing::logic_plugin);
    continue_saved(&mut second);
    // Frame by frame — the table is laid, then Anna's eyes are on it — the
    // screen never holds Ada's grid.
    for frame in 0..30 {
        let table = second.world().resource::<Table>();
        let view = viewer_view(match_of::<PaperBoxing>(&second), table.viewer);
        assert_eq!(view.grids[1], None, "frame {frame}: Ada's grid on screen");
        assert!(view.filled[1], "Ada is seen to be done");
        second.update();
    }
    let table = second.world().resource::<Table>();
    assert_eq!(table.viewer, Some(0), "Anna's set-up is on screen");
    assert_eq!(table.name(1), "Ada");
    assert_eq!(phase(&second), TurnPhase::SetUp);
    assert_eq!(whole(match_of::<PaperBoxing>(&second)), whole(&live));
    assert_eq!(match_of::<PaperBoxing>(&second).awaiting(), vec![0]);

    // Anna's grid in: the reveal shows both.
    let grid = std::array::from_fn(|cell| cell as u8);
    second
        .world_mut()
        .write_message(MoveRequest::<PaperBoxing> {
            seat: 0,
            mv: PbMove::Grid(grid),
        });
    run_until(&mut second, 200, |app| {
        match_of::<PaperBoxing>(app).moves().len() == 2
    });
    let game = match_of::<PaperBoxing>(&second);
    let view = viewer_view(game, Some(0));
    assert_eq!(view.grids[0], Some(grid));
    let PbMove::Grid(ada) = live.moves()[0].1 else {
        panic!("Ada's first move is her grid");
    };
    assert_eq!(view.grids[1], Some(ada), "revealed once both are in");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn paper_boxing_continued_mid_bout_plays_on_from_the_same_paths() {
    let dir = scratch("pb-bout");
    let mut first = app_of(&dir, parlour::games::paper_boxing::logic_plugin);
    begin(&mut first, paper_boxing_table());
    let mut hands = PaperBoxing::bot("solver", 9).unwrap();
    for _ in 0..8_000 {
        play_for(&mut first, 0, &mut hands);
        first.update();
        if first
            .world()
            .get_resource::<ActiveMatch<PaperBoxing>>()
            // Stopped where Anna is to step, so what she is offered on
            // coming back is checked whatever the bot's timing.
            .is_some_and(|m| m.get().moves().len() >= 7 && m.get().awaiting() == vec![0])
        {
            break;
        }
    }
    let live = match_of::<PaperBoxing>(&first).clone();
    assert!(live.moves().len() >= 7, "a few bouts into the match");
    assert_eq!(live.awaiting(), vec![0]);
    assert!(!live.is_over());
    assert_eq!(on_disk(&dir).moves, live.record().moves);
    drop(first);

    let mut second = app_of(&dir, parlour::games::paper_boxing::logic_plugin);
    continue_saved(&mut second);
    second.update();
    let resumed = match_of::<PaperBoxing>(&second);
    assert_eq!(whole(resumed), whole(&live));
    let view = viewer_view(resumed, second.world().resource::<Table>().viewer);
    let before = viewer_view(&live, Some(0));
    assert_eq!(view.paths, before.paths, "the same paths");
    assert_eq!(view.grids, before.grids, "both grids, revealed");
    assert_eq!(view.wins, before.wins);
    assert_eq!(phase(&second), TurnPhase::AwaitingMove);
    assert_eq!(resumed.awaiting(), vec![0], "Anna is to step");
    assert!(!legal_cells(&view).is_empty(), "Anna has a step to take");
    // Bouts go on from there, and are kept.
    let played = live.moves().len();
    for _ in 0..4_000 {
        play_for(&mut second, 0, &mut hands);
        second.update();
        if on_disk(&dir).moves.len() >= played + 2 || !current(&dir).exists() {
            break;
        }
    }
    let now = match_of::<PaperBoxing>(&second);
    assert!(now.moves().len() >= played + 2, "the bouts went on");
    assert_eq!(now.moves()[..played], live.moves()[..]);
    let _ = fs::remove_dir_all(&dir);
}

/// Makes the save folder one Parlour cannot write to: read-only; and where
/// the tests run with rights that pass over a folder's mode (root), a plain
/// file in its place, so that no folder can be made there either.
fn unwritable_saves(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let saves = current(dir).parent().unwrap().to_path_buf();
    fs::create_dir_all(&saves).unwrap();
    fs::set_permissions(&saves, fs::Permissions::from_mode(0o555)).unwrap();
    let probe = saves.join("probe");
    if fs::write(&probe, "").is_ok() {
        fs::set_permissions(&saves, fs::Permissions::from_mode(0o755)).unwrap();
        fs::remove_dir_all(&saves).unwrap();
        fs::write(&saves, "not a folder").unwrap();
    }
}

/// The line on the table while saves fail, if any.
fn saving_line(app: &App) -> Option<String> {
    app.world().resource::<SavingFails>().line()
}

#[test]
fn a_save_that_cannot_be_written_is_said_in_one_line_kept_while_saves_fail() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("unwritable");
    let mut app = app_in(&dir);
    unwritable_saves(&dir);
    begin(&mut app, seats(&[("Ada", greedy()), ("Bram", greedy())]));
    // The new match is kept at once: it cannot be.
    run_until(&mut app, 10, |app| {
        !app.world().resource::<FileWarnings>().0.is_empty()
    });
    // Told once for the title screen, with the reason.
    let warnings = app.world().resource::<FileWarnings>().0.clone();
    let [warning @ FileWarning::Unsaved { reason }] = warnings.as_slice() else {
        panic!("one warning that the match is not saved: {warnings:?}");
    };
    let line = warning.text();
    assert!(
        !line.contains('\n') && line.contains(&reason.text()),
        "{line}"
    );
    // On the table, one line with the reason, and not the notice a game's
    // narrow room wraps into a column.
    let on_table = saving_line(&app).expect("the line while saves fail");
    assert!(!on_table.contains('\n'), "{on_table}");
    assert!(on_table.contains(&reason.text()), "{on_table}");
    assert!(on_table.chars().count() <= 90, "short: {on_table}");
    assert_ne!(app.world().resource::<Notice>().text, on_table);
    // The match plays on; the line stays after every move while saves
    // fail, and the title screen is not told again.
    let mut seen = moves_played(&app);
    for _ in 0..2_000 {
        app.update();
        if moves_played(&app) != seen {
            seen = moves_played(&app);
            assert_eq!(
                saving_line(&app).as_deref(),
                Some(on_table.as_str()),
                "after move {seen}"
            );
        }
        if seen >= 6 {
            break;
        }
    }
    assert!(seen >= 6, "the match played on");
    assert_eq!(app.world().resource::<FileWarnings>().0, warnings);
    assert_eq!(screen(&app), Screen::Play);
    assert!(!current(&dir).is_file(), "nothing was written");
    let unfinished = app.world().resource::<SaveSlot>().unfinished.clone();
    assert!(unfinished.is_some_and(|r| r.moves.len() >= 6));
    // The folder writable again: the next save succeeds and the line goes.
    let saves = current(&dir).parent().unwrap().to_path_buf();
    if saves.is_dir() {
        fs::set_permissions(&saves, fs::Permissions::from_mode(0o755)).unwrap();
    } else {
        fs::remove_file(&saves).unwrap();
    }
    run_until(&mut app, 2_000, |_| current(&dir).is_file());
    assert_eq!(saving_line(&app), None, "gone once a save succeeds");
    let _ = fs::remove_dir_all(&dir);
}
