//! The review on screen, headless: a match from the history or the results
//! set on the table and stepped through by move requests to the rules
//! plugin, its decisions weighed a slice per frame into the grades the
//! core's review gives; a record that does not replay opens nothing.

mod menus;

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::engine::{ActiveMatch, FrameStepped};
use parlour::i18n::Lang;
use parlour::review::{OpenReview, ReviewBoard, screen_budget};
use parlour::saves::SaveSlot;
use parlour::session::{Notice, Reviewing, Screen, Table};
use parlour::settings::Settings;
use parlour::storage::file_finished;
use parlour_core::engine::review::{decisions, review};
use parlour_core::engine::{Game, Match, Record, SeatRecord};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "parlour-review-{name}-{}-{:?}",
        std::process::id(),
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The app as a screen runs it, without a window.
fn app_of(dir: &Path, logic_plugin: fn(&mut App)) -> App {
    let mut app = App::new();
    // English from the start, whatever the machine's language: the words
    // checked are English ones, and the language is the whole process's.
    app.insert_resource(Settings {
        language: Lang::En,
        ..Settings::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin)
        .add_message::<parlour::ui::input::PointerInput>();
    logic_plugin(&mut app);
    let (slot, _) = SaveSlot::open(
        Some(dir.join("saves").join("current.json")),
        Some(dir.join("history")),
        SystemTime::now(),
    );
    app.insert_resource(slot)
        .insert_resource(FrameStepped::new(5))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
    app.update();
    app
}

/// A whole match of `G` between bots, its seats named as a table would.
fn played<G: Game>(seed: u64, bots: [&str; 2], people: [bool; 2]) -> Record {
    let mut game = Match::<G>::seeded("standard", 2, seed).unwrap();
    let mut seats = [G::bot(bots[0], 1).unwrap(), G::bot(bots[1], 2).unwrap()];
    while !game.is_over() {
        let seat = game.awaiting()[0];
        let mv = seats[seat].choose(&game.view(seat));
        game.submit(seat, mv).unwrap();
    }
    let mut record = game.record();
    record.seats = ["Anna", "Bo"]
        .iter()
        .zip(people)
        .zip(bots)
        .map(|((name, person), bot)| SeatRecord {
            name: (*name).into(),
            bot: (!person).then(|| bot.to_owned()),
        })
        .collect();
    record
}

fn run_until(app: &mut App, frames: usize, mut done: impl FnMut(&App) -> bool) {
    for _ in 0..frames {
        app.update();
        if done(app) {
            return;
        }
    }
    panic!("not reached in {frames} frames");
}

/// A filed Neighbours match (a person against the greedy bot) opened for
/// review, its table laid.
fn neighbours_review(dir: &Path) -> (App, Record) {
    let record = played::<Neighbours>(4, ["greedy", "greedy"], [true, false]);
    let mut app = app_of(dir, parlour::games::neighbours::logic_plugin);
    app.world_mut()
        .write_message(OpenReview::Filed(Box::new(record.clone())));
    run_until(&mut app, 10, |app| {
        app.world().contains_resource::<ActiveMatch<Neighbours>>()
    });
    (app, record)
}

fn board(app: &App) -> &ReviewBoard {
    app.world().resource::<ReviewBoard>()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn go_to(app: &mut App, at: usize) {
    app.world_mut().resource_mut::<ReviewBoard>().want = at;
    for _ in 0..50 {
        app.update();
        if board(app).at == at {
            return;
        }
    }
    let b = board(app);
    panic!(
        "the table did not reach move {at}: at {}, asked {}, phase {:?}, notice {:?}",
        b.at,
        b.want,
        app.world()
            .resource::<State<parlour::engine::TurnPhase>>()
            .get(),
        app.world().resource::<Notice>().text,
    );
}

/// The position the rules plugin holds, as text.
fn on_table<G: Game>(app: &App) -> String {
    format!(
        "{:?}",
        app.world().resource::<ActiveMatch<G>>().get().state()
    )
}

/// The record's first `n` moves played by the core alone.
fn prefix<G: Game>(record: &Record, n: usize) -> String {
    let mut game = Match::<G>::start_of_record(record, |v| G::variant(v).ok()).unwrap();
    for i in 0..n {
        let (seat, mv) = Match::<G>::move_of_record(record, i).unwrap();
        game.submit(seat, mv).unwrap();
    }
    format!("{:?}", game.state())
}

#[test]
fn a_hot_seat_match_from_the_history_shows_every_hand_in_turn_and_no_hand_over() {
    let dir = scratch("hot-seat");
    let record = played::<Neighbours>(4, ["greedy", "greedy"], [true, true]);
    let mut app = app_of(&dir, parlour::games::neighbours::logic_plugin);
    let own = app.world().resource::<Table>().clone();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::History);
    app.update();
    app.world_mut()
        .write_message(OpenReview::Filed(Box::new(record.clone())));
    run_until(&mut app, 10, |app| {
        screen(app) == Screen::Play && app.world().contains_resource::<ActiveMatch<Neighbours>>()
    });
    assert!(app.world().contains_resource::<Reviewing>());
    assert_eq!(
        board(&app).people,
        vec![true, true],
        "both seats were people"
    );
    // Every seat's hand is shown in its turn: the match is over, nobody
    // is waiting to be handed the screen.
    for at in [0, 1, 2, 7] {
        go_to(&mut app, at);
        let to_move = app
            .world()
            .resource::<ActiveMatch<Neighbours>>()
            .get()
            .awaiting()[0];
        let table = app.world().resource::<Table>();
        assert_eq!(
            table.viewer,
            Some(to_move),
            "the hand of the seat to move at {at}"
        );
        assert_eq!(table.handing_to, None);
        assert_eq!(screen(&app), Screen::Play);
    }
    // Leaving gives the person their own table back, and the history.
    app.world_mut().write_message(parlour::review::LeaveReview);
    run_until(&mut app, 5, |app| screen(app) == Screen::History);
    assert_eq!(app.world().resource::<Table>().seats, own.seats);
    assert!(!app.world().contains_resource::<ReviewBoard>());
}

#[test]
fn a_match_not_yet_over_cannot_be_reviewed_from_the_table() {
    let dir = scratch("unfinished");
    let mut app = app_of(&dir, parlour::games::neighbours::logic_plugin);
    let game = Match::<Neighbours>::seeded("standard", 2, 3).unwrap();
    app.world_mut().write_message(parlour::engine::StartMatch {
        game,
        controllers: vec![parlour::engine::Controller::Human; 2],
        bot_seed: 0,
    });
    app.update();
    app.update();
    app.world_mut().write_message(OpenReview::Finished);
    app.update();
    app.update();
    assert!(!app.world().contains_resource::<ReviewBoard>());
}

#[test]
fn a_record_whose_moves_the_rules_refuse_opens_no_review_and_says_why() {
    let dir = scratch("refused");
    let mut record = played::<Neighbours>(5, ["greedy", "greedy"], [true, false]);
    // The third move played again in the fourth's place: a cell taken.
    let seat = record.moves[3]["seat"].clone();
    record.moves[3] = record.moves[2].clone();
    record.moves[3]["seat"] = seat;
    let mut app = app_of(&dir, parlour::games::neighbours::logic_plugin);
    let filed = file_finished(&dir.join("history"), &record, SystemTime::now()).unwrap();
    let before = std::fs::read(&filed).unwrap();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::History);
    app.update();
    app.world_mut()
        .write_message(OpenReview::Filed(Box::new(record)));
    app.update();
    app.update();
    let notice = app.world().resource::<Notice>();
    assert!(notice.warning);
    assert!(
        notice.text.contains("cannot be reviewed") && notice.text.contains("move 3"),
        "one line with the reason: {}",
        notice.text
    );
    assert!(!app.world().contains_resource::<ReviewBoard>());
    assert_eq!(screen(&app), Screen::History, "nothing opened");
    assert_eq!(
        std::fs::read(&filed).unwrap(),
        before,
        "nothing changed on disk"
    );
}

#[test]
fn a_record_of_a_game_this_version_does_not_know_is_refused_in_one_line() {
    let dir = scratch("unknown");
    let mut record = played::<Neighbours>(6, ["greedy", "greedy"], [true, false]);
    record.game = "backgammon".into();
    let mut app = app_of(&dir, parlour::games::neighbours::logic_plugin);
    app.world_mut()
        .write_message(OpenReview::Filed(Box::new(record)));
    app.update();
    let notice = app.world().resource::<Notice>();
    assert!(
        notice.warning && notice.text.contains("backgammon"),
        "{}",
        notice.text
    );
    assert!(!app.world().contains_resource::<ReviewBoard>());
}

#[test]
fn stepping_through_the_moves_replays_the_record() {
    let dir = scratch("steps");
    let (mut app, record) = neighbours_review(&dir);
    let last = record.moves.len();
    assert!(last > 10, "a whole match: {last} moves");
    // Forward a move at a time, a jump to the end, and back again.
    for at in [1, 2, 3, last, 5, 0, last / 2] {
        go_to(&mut app, at);
        assert_eq!(
            on_table::<Neighbours>(&app),
            prefix::<Neighbours>(&record, at),
            "the table after {at} moves"
        );
    }
    // A filed match played again is nobody's match to continue or to file
    // again: the save slot and the history are as they were.
    let slot = app.world().resource::<SaveSlot>();
    assert!(slot.unfinished.is_none(), "no match to continue");
    assert!(!dir.join("saves").join("current.json").exists());
    let filed = std::fs::read_dir(dir.join("history")).map_or(0, |d| d.count());
    assert_eq!(filed, 0, "nothing filed in the history");
}

/// The review of `record` on screen, weighed to the end, beside the
/// core's review of the same record with the same budget and seed: the
/// same grade for every decision, the same summaries.
fn grades_shown_are_the_cores<G: parlour::review::ReviewGame>(
    record: Record,
    logic_plugin: fn(&mut App),
    name: &str,
) {
    let dir = scratch(name);
    let mut app = app_of(&dir, logic_plugin);
    app.world_mut()
        .write_message(OpenReview::Filed(Box::new(record.clone())));
    // The grades come to the screen as they are weighed, not all at the end.
    let mut part_way = false;
    run_until(&mut app, 2_000_000, |app| {
        let board = app.world().get_resource::<ReviewBoard>();
        part_way |= board.is_some_and(|b| b.done > 0 && b.done < b.moves.len());
        board.is_some_and(ReviewBoard::finished)
    });
    assert!(part_way, "no grade showed before the last was weighed");
    let ds = decisions::<G>(&record, |v| G::variant(v).ok()).unwrap();
    let core = review(2, &ds, screen_budget::<G>(), 1, &|_| {}).unwrap();
    let shown = board(&app);
    assert_eq!(shown.moves.len(), core.decisions.len());
    let mut marked = 0;
    for (line, d) in shown.moves.iter().zip(&core.decisions) {
        let shown = line
            .graded
            .as_ref()
            .unwrap()
            .as_ref()
            .map(|g| (g.grade, g.loss));
        let core = d
            .analysis
            .as_ref()
            .map(|a| (a.grade(), a.loss()))
            .map_err(|e| e.to_string());
        assert_eq!(shown.map_err(String::clone), core, "move {}", d.index);
        marked += usize::from(shown.is_ok_and(|(g, _)| !g.mark().is_empty()));
    }
    assert_eq!(shown.summaries, core.summaries());
    assert!(marked > 0, "the random seat's play has marks");
}

#[test]
fn the_grades_shown_are_the_core_review_of_the_same_record() {
    let record = played::<PaperBoxing>(8, ["solver", "random"], [false, true]);
    grades_shown_are_the_cores::<PaperBoxing>(
        record,
        parlour::games::paper_boxing::logic_plugin,
        "grades",
    );
}

/// Neighbours' grades are estimates over guessed hands and bags: the
/// screen's agree with the core's only if both guess with the same budget
/// and seed (Paper Boxing's, exact, would agree whatever they were).
#[test]
fn neighbours_grades_shown_are_the_core_review_with_the_same_guesses() {
    let record = played::<Neighbours>(4, ["greedy", "random"], [false, true]);
    grades_shown_are_the_cores::<Neighbours>(
        record,
        parlour::games::neighbours::logic_plugin,
        "grades-neighbours",
    );
}

/// Rummy's too: guessed hands and stock, the same seed and budget.
#[test]
fn rummys_grades_shown_are_the_core_review_with_the_same_guesses() {
    let record = played::<Rummy>(3, ["greedy", "random"], [false, true]);
    grades_shown_are_the_cores::<Rummy>(
        record,
        parlour::games::rummy::logic_plugin,
        "grades-rummy",
    );
}

/// "Learn from your mistakes" begun with the table just past the position
/// (at the match's end, say): the record's own move is not taken for the
/// learner's try — nothing is judged until the table stands at the
/// position and the learner has moved.
#[test]
fn a_lesson_begun_at_the_end_judges_no_move_before_the_learners() {
    let dir = scratch("learn-at-end");
    let (mut app, record) = neighbours_review(&dir);
    let last = record.moves.len();
    // The person's last move in the record, as the lesson's position, and
    // the table just past it: the record's move stands on the table.
    let position = (0..last)
        .rev()
        .find(|&i| board(&app).moves[i].seat == 0)
        .unwrap();
    go_to(&mut app, position + 1);
    {
        let mut b = app.world_mut().resource_mut::<ReviewBoard>();
        b.want = position;
        b.lesson = Some(parlour::review::Lesson {
            positions: vec![position],
            current: 0,
            verdict: None,
            shown: false,
            reached: false,
        });
    }
    for _ in 0..40 {
        app.update();
        let lesson = board(&app).lesson.clone().unwrap();
        assert_eq!(lesson.verdict, None, "judged before any try");
    }
    assert_eq!(board(&app).at, position, "the table stands at the position");
}

// --- "Learn from your mistakes", tapped on the review screen ----------------

/// A person's Paper Boxing match (random steps against the solver)
/// reviewed on screen, weighed to the end, and "Learn from your mistakes"
/// tapped; the coach at the table is on, as a learner may have left it.
fn learning() -> (menus::Menus, Record, Vec<usize>) {
    // The first seed whose person made two mistakes or more, by the core's
    // review: a lesson with a position to skip to.
    let record = (1..50)
        .map(|seed| played::<PaperBoxing>(seed, ["greedy", "random"], [false, true]))
        .find(|record| {
            let ds = decisions::<PaperBoxing>(record, |v| PaperBoxing::variant(v).ok()).unwrap();
            let core = review(2, &ds, screen_budget::<PaperBoxing>(), 1, &|_| {}).unwrap();
            let marked = core.decisions.iter().filter(|d| {
                d.seat == 1
                    && d.analysis
                        .as_ref()
                        .is_ok_and(|a| !a.grade().mark().is_empty())
            });
            marked.count() >= 2
        })
        .expect("a match with two mistakes");
    let mut m = menus::Menus::new(|app| {
        app.world_mut().resource_mut::<Settings>().coach = parlour::settings::CoachMode::Warn;
        // The review's panel measures the table's room at the window's zoom.
        app.insert_resource(parlour::ui::theme::Zoom(1.0));
    });
    m.app
        .world_mut()
        .write_message(OpenReview::Filed(Box::new(record.clone())));
    for _ in 0..200_000 {
        m.app.update();
        if m.app
            .world()
            .get_resource::<ReviewBoard>()
            .is_some_and(ReviewBoard::finished)
        {
            break;
        }
    }
    m.frames(2);
    let positions = board(&m.app).mistakes(5);
    assert!(
        positions.len() >= 2,
        "mistakes to learn from: {positions:?}"
    );
    let learn = format!("Learn from your mistakes ({})", positions.len());
    m.scroll_to(&learn);
    m.tap(&learn);
    let lesson = board(&m.app).lesson.clone().expect("the lesson begun");
    assert_eq!(lesson.positions, positions);
    reach(&mut m, positions[0]);
    (m, record, positions)
}

/// Frames until the table stands at `position` for the learner.
fn reach(m: &mut menus::Menus, position: usize) {
    for _ in 0..100 {
        m.frames(1);
        let b = board(&m.app);
        if b.at == position && b.lesson.as_ref().is_some_and(|l| l.reached) {
            return;
        }
    }
    panic!("the table did not reach the lesson's position {position}");
}

/// The learner's try at the position, as the table sends it, and frames
/// until it is judged.
fn try_move(m: &mut menus::Menus, position: usize, mv: parlour_core::games::paper_boxing::Move) {
    let seat = board(&m.app).moves[position].seat;
    m.app
        .world_mut()
        .write_message(parlour::engine::MoveRequest::<PaperBoxing> { seat, mv });
    // Weighed first (the last try's verdict stands until then), then judged.
    let mut weighing = false;
    for _ in 0..10_000 {
        m.frames(1);
        match board(&m.app)
            .lesson
            .as_ref()
            .and_then(|l| l.verdict.clone())
        {
            Some(parlour::review::Verdict::Weighing) => weighing = true,
            Some(_) if weighing => return,
            _ => {}
        }
    }
    panic!("the try was never judged (weighed: {weighing})");
}

/// The move the record played at `position`, and the better one.
fn moves_at(
    m: &menus::Menus,
    record: &Record,
    position: usize,
) -> (
    parlour_core::games::paper_boxing::Move,
    parlour_core::games::paper_boxing::Move,
) {
    let (_, played) = Match::<PaperBoxing>::move_of_record(record, position).unwrap();
    let (_, better) = m
        .app
        .world()
        .resource::<parlour::review::ReviewOf<PaperBoxing>>()
        .better_at(position)
        .expect("a better move");
    (played, better)
}

/// The mistake played again is refused with what it lost; the better
/// move, tried next, is accepted as within 5 points. The coach at the
/// table keeps out of it: the lesson asks for the learner's own moves.
#[test]
fn a_try_within_5_points_of_the_best_is_accepted_and_a_worse_one_refused() {
    let _words = menus::language_held();
    let (mut m, record, positions) = learning();
    let at = positions[0];
    let (played, better) = moves_at(&m, &record, at);
    try_move(&mut m, at, played);
    let lesson = board(&m.app).lesson.clone().unwrap();
    let Some(parlour::review::Verdict::Missed { loss }) = lesson.verdict else {
        panic!("the mistake again was accepted: {:?}", lesson.verdict)
    };
    assert!(loss >= 5.0, "{loss}");
    m.frames(2);
    assert!(
        m.shows(&format!(
            "Not quite: {loss:.1} points below the best. Try again, or tap Show me."
        )),
        "{:?}",
        m.texts()
    );
    // The try is taken back: the table at the position again, for another.
    reach(&mut m, at);
    try_move(&mut m, at, better);
    let lesson = board(&m.app).lesson.clone().unwrap();
    let Some(parlour::review::Verdict::Found { loss }) = lesson.verdict else {
        panic!("the better move was refused: {:?}", lesson.verdict)
    };
    assert!(loss < 5.0, "{loss}");
    m.frames(2);
    assert!(
        m.shows(&format!("Well found: within {loss:.1} points of the best.")),
        "{:?}",
        m.texts()
    );
    let coach = m.app.world().resource::<parlour::coach::CoachLog>();
    assert!(coach.answers.is_empty(), "the coach weighed a lesson's try");
}

/// "Show me" names the better move and draws it; "Skip" sets the next
/// position on the table; the last one's "Done" ends the lesson.
#[test]
fn show_me_gives_the_better_move_and_skip_goes_on_to_the_next_position() {
    let _words = menus::language_held();
    let (mut m, _, positions) = learning();
    assert!(!board(&m.app).ghost_shown(), "not before it is asked for");
    m.tap("Show me");
    assert!(board(&m.app).lesson.as_ref().is_some_and(|l| l.shown));
    assert!(board(&m.app).ghost_shown());
    let best = match &board(&m.app).moves[positions[0]].graded {
        Some(Ok(g)) => g.best_words.clone(),
        other => panic!("not graded: {other:?}"),
    };
    assert!(
        m.shows(&format!("The better move: {best}.")),
        "{:?}",
        m.texts()
    );
    for (n, &position) in positions.iter().enumerate().skip(1) {
        m.tap("Skip");
        let lesson = board(&m.app).lesson.clone().expect("still learning");
        assert_eq!(lesson.current, n);
        assert_eq!((lesson.verdict, lesson.shown), (None, false));
        reach(&mut m, position);
    }
    m.tap("Done");
    assert_eq!(board(&m.app).lesson, None, "the lesson ended");
}
