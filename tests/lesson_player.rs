//! The lesson player, headless: "Learn" lays the lesson's table, every step
//! is played through the rules plugin as a `MoveRequest` (the learner's by
//! "Show me", the bot's by the script), a wrong try is refused with the
//! rules' own reason and changes nothing, and the end offers a real match
//! against the lowest bot; "Skip" leaves for a normal set-up.

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::catalog::GameId;
use parlour::coach::{CoachLog, CoachQuestion};
use parlour::engine::{
    ActiveMatch, Controller, MoveGate, MoveRejected, MoveRequest, Proceed, TurnPhase,
};
use parlour::lessons::{LessonAction, LessonPlay};
use parlour::session::{LearnGame, Screen, Table};
use parlour::settings::{CoachMode, Settings, SetupSeat, SetupTable};
use parlour::ui::input::PointerInput;
use parlour_core::engine::Game;
use parlour_core::engine::lesson::Teach;
use parlour_core::games::neighbours::{Move, Neighbours, Placement};
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;

fn app(logic: fn(&mut App)) -> App {
    let mut app = App::new();
    // A learner who turned the coach on: a lesson must not hear from it.
    app.insert_resource(Settings {
        coach: CoachMode::Explain,
        ..Settings::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin);
    logic(&mut app);
    // Each frame a tenth of a second: the bot's pauses pass quickly and surely.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    app.update();
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn learn<G: Game>(app: &mut App) {
    app.world_mut().write_message(LearnGame(GameId::of::<G>()));
    for _ in 0..5 {
        app.update();
    }
}

fn step<G: Game + Teach>(app: &App) -> usize {
    app.world().resource::<LessonPlay<G>>().step
}

/// Plays the whole lesson as a learner who presses "Show me" at every one
/// of their steps and "Next" after every words or bot step.
fn play_through<G: Game + Teach>(app: &mut App) {
    for _ in 0..3_000 {
        let Some(play) = app.world().get_resource::<LessonPlay<G>>() else {
            panic!("the lesson ended early");
        };
        if play.finished() {
            break;
        }
        if play.waits_for_next() {
            app.world_mut().write_message(LessonAction::Next);
        } else if play.learner_to_move() {
            app.world_mut().write_message(LessonAction::ShowMe);
        }
        app.update();
        assert_eq!(app.world().resource::<CoachQuestion>().0, None);
    }
    for _ in 0..100 {
        // A round's end stays on screen until the learner lets it go, as
        // the round's summary's button does (Rummy's lesson ends a round).
        if *app.world().resource::<State<TurnPhase>>().get() == TurnPhase::RoundOver {
            app.world_mut().write_message(Proceed);
        }
        app.update();
        if screen(app) == Screen::Results {
            break;
        }
    }
}

fn lesson_plays_to_its_end_and_offers_a_real_match<G: Game + Teach>(logic: fn(&mut App)) {
    let mut app = app(logic);
    learn::<G>(&mut app);
    assert_eq!(screen(&app), Screen::Play);
    let table = app.world().resource::<Table>().clone();
    assert_eq!(table.seats[0].controller, Controller::Human);
    assert_eq!(table.seats[1].name, "Bram");
    play_through::<G>(&mut app);
    let active = app.world().resource::<ActiveMatch<G>>();
    assert!(active.get().is_over(), "the lesson's match ends");
    let weighed = &app.world().resource::<CoachLog>().answers;
    assert!(
        weighed.is_empty(),
        "the coach stays quiet in a lesson, yet weighed {} moves",
        weighed.len()
    );
    assert_eq!(screen(&app), Screen::Results);
    app.world_mut().write_message(LessonAction::RealMatch);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    assert!(app.world().get_resource::<LessonPlay<G>>().is_none());
    assert!(app.world().get_resource::<MoveGate<G>>().is_none());
    let table = app.world().resource::<Table>();
    assert_eq!(table.variant, "standard");
    assert_eq!(table.seats.len(), 2);
    assert_eq!(table.seats[0].controller, Controller::Human);
    assert_eq!(
        table.seats[1].controller,
        Controller::Bot(G::bots()[0].to_owned()),
        "the real match is against the lowest bot"
    );
}

#[test]
fn the_neighbours_lesson_plays_to_its_end_through_the_rules_plugin() {
    lesson_plays_to_its_end_and_offers_a_real_match::<Neighbours>(
        parlour::games::neighbours::logic_plugin,
    );
}

#[test]
fn the_paper_boxing_lesson_plays_to_its_end_through_the_rules_plugin() {
    lesson_plays_to_its_end_and_offers_a_real_match::<PaperBoxing>(
        parlour::games::paper_boxing::logic_plugin,
    );
}

#[test]
fn the_rummy_lesson_plays_to_its_end_through_the_rules_plugin() {
    lesson_plays_to_its_end_and_offers_a_real_match::<Rummy>(parlour::games::rummy::logic_plugin);
}

/// The reasons the last frame's refusals gave.
fn refusals(app: &mut App) -> Vec<String> {
    let messages = app.world().resource::<Messages<MoveRejected<Neighbours>>>();
    messages
        .iter_current_update_messages()
        .map(|r| r.reason.clone())
        .collect()
}

#[test]
fn a_wrong_try_is_refused_with_the_rules_reason_and_changes_nothing() {
    let mut app = app(parlour::games::neighbours::logic_plugin);
    learn::<Neighbours>(&mut app);
    // The opening words, then the learner's first move: the 9 above the 8.
    app.world_mut().write_message(LessonAction::Next);
    app.update();
    assert_eq!(step::<Neighbours>(&app), 1);
    let place = |digit, row, col| MoveRequest::<Neighbours> {
        seat: 0,
        mv: Move::Place(Placement { digit, row, col }),
    };
    // A 4 next to the 8: the rules refuse it, in their words.
    app.world_mut().write_message(place(4, 2, 5));
    app.update();
    let reasons = refusals(&mut app);
    assert!(
        reasons.iter().any(|r| r.contains("consecutive")),
        "{reasons:?}"
    );
    let wrong = app
        .world()
        .resource::<LessonPlay<Neighbours>>()
        .wrong
        .clone();
    assert!(wrong.is_some_and(|w| w.contains('4') && w.contains('8')));
    // A 9 left of the 8: the rules allow it, the step does not.
    app.world_mut().write_message(place(9, 3, 4));
    app.update();
    let reasons = refusals(&mut app);
    assert!(
        reasons.iter().any(|r| r.contains("this step")),
        "{reasons:?}"
    );
    let active = app.world().resource::<ActiveMatch<Neighbours>>();
    assert!(active.get().moves().is_empty(), "nothing was played");
    assert_eq!(step::<Neighbours>(&app), 1);
    // The reason stays on screen through frames with no new try, and goes
    // at the learner's next touch on the table.
    let wrong = |app: &App| {
        app.world()
            .resource::<LessonPlay<Neighbours>>()
            .wrong
            .clone()
    };
    app.update();
    assert!(wrong(&app).is_some(), "the reason shows");
    app.world_mut()
        .write_message(PointerInput::Down(Vec2::new(10.0, 10.0)));
    app.update();
    assert_eq!(wrong(&app), None, "a new try, a clean panel");
    // The step's own move is taken.
    app.world_mut().write_message(place(9, 2, 5));
    app.update();
    assert_eq!(step::<Neighbours>(&app), 2);
    assert!(
        app.world()
            .resource::<LessonPlay<Neighbours>>()
            .wrong
            .is_none()
    );
    let slot = app.world().resource::<parlour::saves::SaveSlot>();
    assert!(
        slot.unfinished.is_none(),
        "a lesson is not a match to continue"
    );
}

#[test]
fn skip_leaves_the_lesson_for_a_normal_set_up() {
    let mut app = app(parlour::games::neighbours::logic_plugin);
    learn::<Neighbours>(&mut app);
    assert_eq!(screen(&app), Screen::Play);
    app.world_mut().write_message(LessonAction::Skip);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    assert!(
        app.world()
            .get_resource::<LessonPlay<Neighbours>>()
            .is_none()
    );
    assert!(app.world().get_resource::<MoveGate<Neighbours>>().is_none());
    assert!(
        app.world()
            .get_resource::<ActiveMatch<Neighbours>>()
            .is_none()
    );
    // A device that has set no Neighbours table: the learner against the
    // lowest bot, not the default table's experts.
    let table = app.world().resource::<Table>();
    let controllers: Vec<_> = table.seats.iter().map(|s| s.controller.clone()).collect();
    assert_eq!(
        controllers,
        [Controller::Human, Controller::Bot("random".into())]
    );
}

#[test]
fn skip_on_a_device_with_a_table_set_leaves_for_that_table() {
    let mut app = app(parlour::games::neighbours::logic_plugin);
    let set = SetupTable {
        variant: "standard".into(),
        seats: vec![
            SetupSeat {
                name: "Tess".into(),
                bot: None,
            },
            SetupSeat {
                name: "Ada".into(),
                bot: None,
            },
        ],
    };
    app.world_mut()
        .resource_mut::<Settings>()
        .tables
        .insert("neighbours".into(), set);
    learn::<Neighbours>(&mut app);
    app.world_mut().write_message(LessonAction::Skip);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    let table = app.world().resource::<Table>();
    let names: Vec<_> = table.seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Tess", "Ada"]);
    assert!(
        table
            .seats
            .iter()
            .all(|s| s.controller == Controller::Human)
    );
}

/// A move made early — while a step's words still wait for "Next" — is
/// refused, so the lesson never falls behind the match and locks.
#[test]
fn a_move_made_before_next_is_refused_and_the_lesson_goes_on() {
    let mut app = app(parlour::games::neighbours::logic_plugin);
    learn::<Neighbours>(&mut app);
    assert_eq!(step::<Neighbours>(&app), 0, "the opening words");
    let nine = MoveRequest::<Neighbours> {
        seat: 0,
        mv: Move::Place(Placement {
            digit: 9,
            row: 2,
            col: 5,
        }),
    };
    // Step 1's own move, made while step 0's words are on screen.
    app.world_mut().write_message(nine.clone());
    app.update();
    let reasons = refusals(&mut app);
    assert!(reasons.iter().any(|r| r.contains("wait")), "{reasons:?}");
    let active = app.world().resource::<ActiveMatch<Neighbours>>();
    assert!(active.get().moves().is_empty(), "nothing was played");
    // Read, then played: the lesson moves on with the match.
    app.world_mut().write_message(LessonAction::Next);
    app.update();
    app.world_mut().write_message(nine);
    app.update();
    assert_eq!(step::<Neighbours>(&app), 2);
}

/// A lesson is practice, not a match played: as it is played and at its
/// end nothing is written as the match to continue, nothing filed in the
/// history, and nobody's statistics count it.
#[test]
fn a_lesson_is_neither_kept_nor_counted() {
    let dir = std::env::temp_dir().join(format!(
        "parlour-lesson-kept-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = app(parlour::games::neighbours::logic_plugin);
    app.insert_resource(parlour::saves::SaveSlot {
        current: Some(dir.join("current.json")),
        history: Some(dir.join("history")),
        unfinished: None,
    });
    learn::<Neighbours>(&mut app);
    play_through::<Neighbours>(&mut app);
    assert!(
        app.world()
            .resource::<ActiveMatch<Neighbours>>()
            .get()
            .is_over(),
        "the lesson's match ended"
    );
    assert!(!dir.join("current.json").exists(), "saved to continue");
    let filed = std::fs::read_dir(dir.join("history")).map_or(0, |d| d.count());
    assert_eq!(filed, 0, "filed in the history");
    let stats = app.world().resource::<parlour::stats::Statistics>();
    assert!(stats.players.is_empty(), "counted: {:?}", stats.players);
    let _ = std::fs::remove_dir_all(&dir);
}
