//! The screen flow and the hand-over rule, driven through states with no
//! window; and the menus as a person goes through them, tapping the words
//! on the buttons (the screens drawn in a headless egui pass, `menus`).

mod menus;

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use menus::{Menus, language_alone, language_held};
use parlour::catalog::GameId;
use parlour::engine::{ActiveMatch, Controller};
use parlour::i18n::Lang;
use parlour::saves::{Replay, SaveSlot};
use parlour::session::flow::{Viewer, next_viewer};
use parlour::session::{BeginMatch, MenuOpen, Screen, SeatChoice, Table};
use parlour::settings::Settings;
use parlour::ui::match_menu::{MenuNav, match_menu};
use parlour::ui::{HowToGame, ReturnTo};
use parlour_core::games::neighbours::Neighbours;

fn table(controllers: &[Controller]) -> Table {
    Table {
        seats: controllers
            .iter()
            .enumerate()
            .map(|(i, c)| SeatChoice {
                name: format!("P{i}"),
                controller: c.clone(),
            })
            .collect(),
        game: parlour::catalog::GameId("neighbours"),
        ..Table::default()
    }
}

fn bot() -> Controller {
    Controller::Bot("greedy".into())
}

fn app_with(table: Table) -> App {
    let mut app = App::new();
    // English from its first frame, whatever the machine's language: the
    // language is the whole process's, read by the tests running beside.
    app.insert_resource(parlour::settings::Settings {
        language: parlour::i18n::Lang::En,
        ..Default::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin);
    parlour::games::neighbours::logic_plugin(&mut app);
    app.insert_resource(table);
    // Each frame a tenth of a second: bots' pauses and animations pass quickly and surely.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn title_to_setup_to_play_to_results() {
    let mut app = app_with(table(&[bot(), bot()]));
    app.update();
    assert_eq!(screen(&app), Screen::Title);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Setup);
    app.update();
    assert_eq!(screen(&app), Screen::Setup);
    // "Start" on the set-up screen: begin a match and show it.
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    for _ in 0..5_000 {
        app.update();
        if screen(&app) == Screen::Results {
            break;
        }
    }
    assert_eq!(screen(&app), Screen::Results);
    assert!(
        app.world()
            .resource::<ActiveMatch<Neighbours>>()
            .get()
            .is_over()
    );
}

#[test]
fn one_person_always_sees_their_own_hand() {
    let mut t = table(&[bot(), Controller::Human, bot()]);
    t.viewer = None;
    assert_eq!(next_viewer(&t, &[0]), Some(Viewer::Show(1)));
    t.viewer = Some(1);
    assert_eq!(next_viewer(&t, &[2]), None);
}

#[test]
fn hand_over_comes_between_two_peoples_turns() {
    let mut t = table(&[Controller::Human, Controller::Human, bot()]);
    t.viewer = Some(0);
    assert_eq!(
        next_viewer(&t, &[0]),
        None,
        "still seat 0's turn: no hand-over"
    );
    assert_eq!(next_viewer(&t, &[1]), Some(Viewer::HandOver(1)));
    assert_eq!(
        next_viewer(&t, &[2]),
        None,
        "a bot's turn keeps the screen as it is"
    );
}

#[test]
fn the_first_person_is_handed_the_screen_at_the_start() {
    let mut t = table(&[Controller::Human, Controller::Human]);
    t.viewer = None;
    assert_eq!(next_viewer(&t, &[1]), Some(Viewer::HandOver(1)));
}

#[test]
fn a_bots_only_match_shows_the_seat_to_move() {
    let mut t = table(&[bot(), bot()]);
    t.viewer = Some(0);
    assert_eq!(next_viewer(&t, &[1]), Some(Viewer::Show(1)));
}

#[test]
fn a_hot_seat_match_goes_through_the_hand_over_screen() {
    let mut app = app_with(table(&[Controller::Human, Controller::Human]));
    app.update();
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::HandOver);
    let to = app.world().resource::<Table>().handing_to;
    let first = app
        .world()
        .resource::<ActiveMatch<Neighbours>>()
        .get()
        .awaiting()[0];
    assert_eq!(to, Some(first));
}

// --- The menus, tapped -------------------------------------------------------

/// The menus in English.
fn english(app: &mut App) {
    app.world_mut().resource_mut::<Settings>().language = Lang::En;
}

/// A newcomer's device, in English: no game's lesson offered yet.
fn newcomer(app: &mut App) {
    english(app);
    app.world_mut()
        .resource_mut::<Settings>()
        .lessons_offered
        .clear();
}

/// The game whose set-up or rules are on screen.
fn table_game(m: &Menus) -> GameId {
    m.app.world().resource::<Table>().game
}

#[test]
fn every_title_button_lands_where_its_label_says() {
    let _words = language_held();
    let games = [
        ("neighbours", "Neighbours"),
        ("paper-boxing", "Paper Boxing"),
        ("rummy", "Rummy"),
    ];
    for (nth, (id, title)) in games.into_iter().enumerate() {
        // Play on the nth card: that game's set-up.
        let mut m = Menus::new(english);
        assert_eq!(m.screen(), Screen::Title);
        m.tap_nth("Play", nth);
        assert_eq!(m.screen(), Screen::Setup, "{title}");
        assert_eq!(table_game(&m), GameId(id));
        assert!(m.shows(&format!("New match of {title}")), "{title}");
        m.tap("Back");
        assert_eq!(m.screen(), Screen::Title);

        // How to play on the nth card: that game's rules, and back.
        m.tap_nth("How to play", nth);
        assert_eq!(m.screen(), Screen::HowTo, "{title}");
        assert_eq!(m.app.world().resource::<HowToGame>().0, GameId(id));
        assert!(m.shows(&format!("How to play {title}")), "{title}");
        m.tap("Back");
        assert_eq!(m.screen(), Screen::Title);
    }
    let mut m = Menus::new(english);
    for (button, screen, heading, back) in [
        ("History", Screen::History, "History", "Back"),
        ("Statistics", Screen::Statistics, "Statistics", "Back"),
        ("Settings", Screen::Settings, "Settings", "Done"),
    ] {
        m.tap(button);
        assert_eq!(m.screen(), screen, "{button}");
        assert!(m.shows(heading), "{button}");
        m.tap(back);
        assert_eq!(m.screen(), Screen::Title, "back from {button}");
    }
}

/// The first Play on a game never played here offers its lesson, once:
/// "Learn as I play" starts it, "Set up a match" goes on to the set-up,
/// and the next Play on that game goes straight there.
#[test]
fn the_first_play_on_a_game_offers_its_lesson_once() {
    let _words = language_held();
    let mut m = Menus::new(newcomer);
    m.tap_nth("Play", 0);
    assert_eq!(m.screen(), Screen::Title, "the offer comes first");
    assert!(m.shows("New to Neighbours?"));
    m.tap("Set up a match");
    assert_eq!(m.screen(), Screen::Setup);
    assert_eq!(table_game(&m), GameId("neighbours"));
    let offered = &m.app.world().resource::<Settings>().lessons_offered;
    assert!(offered.contains("neighbours"), "kept in the settings file");
    m.tap("Back");
    m.tap_nth("Play", 0);
    assert_eq!(m.screen(), Screen::Setup, "offered once only");
    m.tap("Back");
    // Paper Boxing's first Play: the lesson taken.
    m.tap_nth("Play", 1);
    assert!(m.shows("New to Paper Boxing?"));
    m.tap("Learn as I play");
    m.frames(3);
    assert_eq!(m.screen(), Screen::Play);
    assert!(
        m.app
            .world()
            .contains_resource::<parlour::lessons::LessonPlay<parlour_core::games::paper_boxing::PaperBoxing>>()
    );
}

/// On a phone (390 points across) the lesson's offer keeps on the screen,
/// its words wrapped to it: wider, the card was centred with both its
/// sides cut off.
#[test]
fn the_lessons_offer_fits_a_phones_screen() {
    let _words = language_held();
    let mut m = Menus::new(newcomer);
    m.points = bevy_egui::egui::vec2(390.0, 844.0);
    m.frames(2);
    m.tap_nth("Play", 0);
    assert!(m.shows("New to Neighbours?"), "{:?}", m.texts());
    for words in ["New to Neighbours?", "Learn as I play", "Set up a match"] {
        let (_, rect) = m
            .texts()
            .into_iter()
            .find(|(t, _)| t == words)
            .expect("shown");
        assert!(
            rect.min.x >= 0.0 && rect.max.x <= 390.0,
            "{words}: {rect:?}"
        );
    }
    let detail = m
        .texts()
        .into_iter()
        .find(|(t, _)| t.starts_with("A guided match"))
        .expect("the offer's words");
    assert!(
        detail.1.min.x >= 0.0 && detail.1.max.x <= 390.0,
        "{detail:?}"
    );
}

/// Rummy's lesson begun as a newcomer begins it: Play on a device that has
/// not been offered the lesson, then "Learn as I play".
fn rummy_lesson() -> Menus {
    let mut m = Menus::new(newcomer);
    m.tap_nth("Play", 2);
    assert!(m.shows("New to Rummy?"), "{:?}", m.texts());
    m.tap("Learn as I play");
    m
}

/// A lesson played to its end by its own buttons ("Show me" for each of
/// the learner's moves, "Next" after the words): the end says "You win!"
/// to the learner, shows the scores the last step spoke of (Rummy's 69),
/// and leads back to the title as well as to a real match.
#[test]
fn a_lessons_end_tells_the_learner_they_won_shows_the_scores_and_leads_back_to_the_title() {
    let _words = language_held();
    let mut m = rummy_lesson();
    for _ in 0..400 {
        m.frames(5);
        if m.shows("What you learnt") {
            break;
        }
        let phase = *m
            .app
            .world()
            .resource::<State<parlour::engine::TurnPhase>>()
            .get();
        if phase == parlour::engine::TurnPhase::RoundOver {
            // The round's summary (Rummy's own screen, not drawn here): its
            // button goes on to the results.
            m.app.world_mut().write_message(parlour::engine::Proceed);
        }
        for button in ["Show me", "Next"] {
            if m.shows(button) {
                m.tap(button);
                break;
            }
        }
    }
    assert!(
        m.shows("What you learnt"),
        "the lesson's end: {:?}",
        m.texts()
    );
    assert!(m.shows("You win!"), "{:?}", m.texts());
    assert!(!m.shows("You wins!"));
    assert!(
        m.shows("69"),
        "the points the last step quoted: {:?}",
        m.texts()
    );
    assert!(m.shows("Play a real match"));
    // The end's buttons take taps once they have settled where they are
    // (0.4 s of the panel's clock, a 60th of a second a frame here).
    m.frames(30);
    m.tap("Back to title");
    m.frames(2);
    assert_eq!(m.screen(), Screen::Title);
    assert!(
        !m.app
            .world()
            .contains_resource::<parlour::lessons::LessonPlay<parlour_core::games::rummy::Rummy>>(),
        "the lesson is over"
    );
}

/// A wrong try's reason stays in the lesson's panel while the learner reads
/// it (a press on the words keeps it), and goes at their next try wherever
/// it starts: a press beside the panel (Undo, a button of the table's) as
/// well as on the table itself.
#[test]
fn a_wrong_trys_reason_goes_at_the_next_press_beside_the_lessons_words() {
    use parlour::engine::MoveRequest;
    use parlour::lessons::LessonPlay;
    use parlour_core::games::rummy::{Move, Rummy};
    let _words = language_held();
    let mut m = rummy_lesson();
    for _ in 0..20 {
        m.frames(30);
        if m.shows("Show me") {
            break;
        }
        m.tap("Next");
    }
    assert!(
        m.shows("Show me"),
        "the learner's first move: {:?}",
        m.texts()
    );
    // The red run alone, 33 points: short of a first meld's 40.
    let short: Move = serde_json::from_value(serde_json::json!({"play": [["r10", "r11", "r12"]]}))
        .expect("a move");
    m.app
        .world_mut()
        .write_message(MoveRequest::<Rummy> { seat: 0, mv: short });
    m.frames(3);
    let wrong = |m: &Menus| m.app.world().resource::<LessonPlay<Rummy>>().wrong.clone();
    let reason = wrong(&m).expect("the rules' reason");
    assert!(m.shows(&reason), "shown: {:?}", m.texts());
    // A press on the panel's own words: still there to read.
    let words = m.find(&reason, 0);
    m.tap_at(words);
    m.frames(2);
    assert_eq!(wrong(&m), Some(reason.clone()), "kept while read");
    // A press beside the panel, on no piece of the table: the next try.
    m.tap_at(bevy_egui::egui::pos2(20.0, m.points.y - 20.0));
    m.frames(2);
    assert_eq!(wrong(&m), None, "a stale reason stayed: {reason}");
    assert!(!m.shows(&reason));
}

/// Whether the test's match menu is open (a game's HUD keeps its own).
#[derive(Resource, Default)]
struct MenuShown(bool);

/// The match menu as a game's HUD shows it, over a Neighbours match.
fn hud_menu(mut contexts: EguiContexts, mut shown: ResMut<MenuShown>, mut nav: MenuNav) -> Result {
    let ctx = contexts.ctx_mut()?;
    match_menu(ctx, &mut shown.0, GameId("neighbours"), &mut nav, |_| {});
    Ok(())
}

fn with_match_menu(app: &mut App) {
    english(app);
    app.init_resource::<MenuShown>().add_systems(
        EguiPrimaryContextPass,
        hud_menu.run_if(in_state(Screen::Play)),
    );
}

fn open_menu(m: &mut Menus) {
    m.app.world_mut().resource_mut::<MenuShown>().0 = true;
    m.frames(2);
    assert!(m.shows("Resume"), "the menu is open");
    assert!(m.app.world().resource::<MenuOpen>().0, "the clock waits");
}

#[test]
fn a_match_is_set_up_started_and_left_through_its_menu() {
    let _words = language_held();
    let mut m = Menus::new(with_match_menu);
    m.tap_nth("Play", 0);
    assert_eq!(m.screen(), Screen::Setup);
    m.tap("Start");
    assert_eq!(m.screen(), Screen::Play);
    assert!(
        m.app
            .world()
            .get_resource::<ActiveMatch<Neighbours>>()
            .is_some(),
        "Start begins the match"
    );

    // Resume closes the menu and play goes on.
    open_menu(&mut m);
    m.tap("Resume");
    assert_eq!(m.screen(), Screen::Play);
    assert!(!m.shows("Resume"));
    assert!(!m.app.world().resource::<MenuOpen>().0);

    // How to play: this game's rules, and back to the match.
    open_menu(&mut m);
    m.tap("How to play");
    assert_eq!(m.screen(), Screen::HowTo);
    assert_eq!(
        m.app.world().resource::<HowToGame>().0,
        GameId("neighbours")
    );
    assert_eq!(m.app.world().resource::<ReturnTo>().0, Some(Screen::Play));
    assert!(m.shows("How to play Neighbours"));
    m.tap("Back");
    assert_eq!(m.screen(), Screen::Play);
    assert!(
        m.app
            .world()
            .get_resource::<ActiveMatch<Neighbours>>()
            .is_some(),
        "the match waited"
    );

    // Leave: the title, the match ended.
    open_menu(&mut m);
    m.tap("Leave match");
    assert_eq!(m.screen(), Screen::Title);
    assert!(
        m.app
            .world()
            .get_resource::<ActiveMatch<Neighbours>>()
            .is_none()
    );
}

#[test]
fn choosing_a_language_in_the_settings_changes_the_words_at_once() {
    // It speaks French and Danish: no other test reads meanwhile.
    let _words = language_alone();
    let mut m = Menus::new(english);
    assert!(m.shows("Play") && !m.shows("Jouer"));
    m.tap("Settings");
    m.tap("Français");
    assert_eq!(m.app.world().resource::<Settings>().language, Lang::Fr);
    assert!(m.shows("Réglages"), "the settings' own heading, in French");
    m.tap("Terminé");
    assert_eq!(m.screen(), Screen::Title);
    assert!(m.shows("Jouer") && m.shows("Boxe sur papier") && !m.shows("Play"));
    m.tap("Réglages");
    m.tap("Dansk");
    m.tap("Færdig");
    assert!(m.shows("Spil") && m.shows("Papirboksning"));
}

#[test]
fn a_finished_match_is_watched_again_from_the_history() {
    let _words = language_held();
    let dir = std::env::temp_dir().join(format!(
        "parlour-screen-flow-history-{}-{}",
        std::process::id(),
        parlour::storage::stamp(std::time::SystemTime::now())
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let slot = SaveSlot {
        current: Some(dir.join("current.json")),
        history: Some(dir.join("history")),
        unfinished: None,
    };
    let mut m = Menus::new(|app| {
        english(app);
        app.insert_resource(slot);
        app.insert_resource(table(&[bot(), bot()]));
    });
    m.tap("History");
    assert!(m.shows("No finished matches yet."));
    m.tap("Back");

    // Two bots play a match to its end (the set-up lays the person's
    // table; the seats are set as they would be chosen there).
    m.tap_nth("Play", 0);
    m.app.world_mut().resource_mut::<Table>().seats = table(&[bot(), bot()]).seats;
    m.frames(1);
    m.tap("Start");
    let mut frames = 0;
    while m.screen() != Screen::Results {
        frames += 1;
        assert!(frames < 20_000, "the match ends");
        m.frames(1);
    }
    m.frames(2);
    // The end's buttons take taps once they have settled where they are
    // (0.4 s of the panel's clock, a 60th of a second a frame here).
    m.frames(30);
    m.tap("Back to title");
    assert_eq!(m.screen(), Screen::Title);

    // The history lists it; Watch plays it again, Stop watching comes back.
    m.tap("History");
    assert_eq!(m.screen(), Screen::History);
    // Each seat's name stands apart from its score: "P0: 31", never the
    // "P0 31" that reads as one name.
    for seat in ["P0", "P1"] {
        assert!(
            m.texts()
                .iter()
                .any(|(t, _)| t.starts_with(&format!("{seat}: "))),
            "{:?}",
            m.texts()
        );
    }
    m.tap("Watch");
    assert_eq!(m.screen(), Screen::Play);
    assert!(m.app.world().get_resource::<Replay>().is_some(), "a replay");
    m.frames(5);
    assert!(m.shows("Stop watching"));
    m.tap("Stop watching");
    assert_eq!(m.screen(), Screen::History);
    assert!(m.app.world().get_resource::<Replay>().is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The text size chosen in the settings reaches egui's zoom, on top of
/// what the window's size asks for, from the next pass on.
#[test]
fn the_text_size_setting_reaches_the_zoom_egui_draws_at() {
    use bevy::window::{PrimaryWindow, WindowResolution};
    use parlour::settings::TextSize;
    use parlour::ui::theme::Zoom;
    let mut m = Menus::new(|app| {
        app.add_plugins(parlour::ui::zoom_plugin);
        app.world_mut().spawn((
            Window {
                resolution: WindowResolution::new(1920, 1080),
                ..default()
            },
            PrimaryWindow,
        ));
    });
    m.frames(2);
    let normal = Zoom::for_window(Vec2::new(1920.0, 1080.0), TextSize::Normal.factor());
    assert_eq!(m.zoom_factor(), normal.0);
    for size in [TextSize::ExtraLarge, TextSize::Small] {
        m.app.world_mut().resource_mut::<Settings>().text_size = size;
        m.frames(2);
        let wanted = Zoom::for_window(Vec2::new(1920.0, 1080.0), size.factor());
        assert_ne!(wanted, normal, "{size:?}");
        assert_eq!(m.zoom_factor(), wanted.0, "{size:?}");
        assert_eq!(*m.app.world().resource::<Zoom>(), wanted);
    }
}

// --- A match left unfinished --------------------------------------------------

/// A Neighbours match, Anna against Ada, six moves in and left unfinished.
fn unfinished_record() -> parlour_core::engine::Record {
    use parlour_core::engine::{Game, Match, SeatRecord};
    let mut game = Match::<Neighbours>::seeded("standard", 2, 3).unwrap();
    let mut bots: Vec<_> = (0..2)
        .map(|s| Neighbours::bot("greedy", s).unwrap())
        .collect();
    for _ in 0..6 {
        let seat = game.awaiting()[0];
        let mv = bots[seat].choose(&game.view(seat));
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
    record
}

/// The screens in English, `record` waiting to be continued (no file).
fn left_unfinished(record: &parlour_core::engine::Record) -> Menus {
    let record = record.clone();
    Menus::new(move |app| {
        english(app);
        app.insert_resource(SaveSlot {
            current: None,
            history: None,
            unfinished: Some(record),
        });
    })
}

fn moves_on_table(m: &Menus) -> Option<usize> {
    m.app
        .world()
        .get_resource::<ActiveMatch<Neighbours>>()
        .map(|a| a.get().moves().len())
}

/// The title's "Continue" takes up the match left unfinished, where it was.
#[test]
fn the_titles_continue_takes_up_the_unfinished_match() {
    let _words = language_held();
    let record = unfinished_record();
    let mut m = left_unfinished(&record);
    assert!(m.shows("Continue your Neighbours match"));
    m.tap("Continue");
    assert_eq!(m.screen(), Screen::Play);
    assert_eq!(moves_on_table(&m), Some(6), "the match where it was left");
    let names: Vec<String> = m
        .app
        .world()
        .resource::<Table>()
        .seats
        .iter()
        .map(|s| s.name.clone())
        .collect();
    assert_eq!(names, ["Anna", "Ada"]);
}

/// Start on a set-up while a match is unfinished asks first: Back keeps
/// both as they are, Continue takes the old one up, and "Start the new
/// match" begins a new one.
#[test]
fn a_new_match_never_replaces_the_unfinished_one_unasked() {
    let _words = language_held();
    let record = unfinished_record();
    let asked = "A new match replaces your unfinished Neighbours match";
    for (answer, moves) in [
        ("Back", None),
        ("Continue", Some(6)),
        ("Start the new match", Some(0)),
    ] {
        let mut m = left_unfinished(&record);
        m.tap_nth("Play", 0);
        assert_eq!(m.screen(), Screen::Setup);
        assert!(!m.shows(asked));
        m.tap("Start");
        assert!(m.shows(asked), "{answer}: asked first");
        assert_eq!(m.screen(), Screen::Setup, "{answer}: nothing begun yet");
        assert_eq!(moves_on_table(&m), None, "{answer}");
        m.tap_top(answer);
        assert!(!m.shows(asked), "{answer}: the question goes");
        assert_eq!(moves_on_table(&m), moves, "{answer}");
        let expected = if moves.is_some() {
            Screen::Play
        } else {
            Screen::Setup
        };
        assert_eq!(m.screen(), expected, "{answer}");
    }
}

// --- The set-up ---------------------------------------------------------------

/// A variant chosen from the set-up's list is the variant of the match
/// that Start begins.
#[test]
fn the_variant_chosen_on_the_set_up_is_the_one_played() {
    let _words = language_held();
    let mut m = Menus::new(english);
    m.tap_nth("Play", 0);
    assert_eq!(m.screen(), Screen::Setup);
    assert_eq!(m.app.world().resource::<Table>().variant, "standard");
    m.tap("Standard");
    m.tap_first_line("Diamond board");
    assert_eq!(m.app.world().resource::<Table>().variant, "diamond");
    assert!(m.shows("Diamond board"), "the list shows the choice");
    m.tap("Start");
    assert_eq!(m.screen(), Screen::Play);
    let active = m.app.world().resource::<ActiveMatch<Neighbours>>();
    assert_eq!(active.get().record().variant, "diamond");
}

/// A tap on a seat's name opens the on-screen keyboard for a finger, or in
/// kiosk mode (no keyboard to hand); with a mouse, the name is typed in
/// place.
#[test]
fn the_on_screen_keyboard_opens_for_a_finger_or_in_kiosk_mode_only() {
    use parlour::kiosk::Kiosk;
    use parlour::session::PointerDevice;
    let _words = language_held();
    for (device, kiosk, opens) in [
        (PointerDevice::Mouse, false, false),
        (PointerDevice::Touch, false, true),
        (PointerDevice::Mouse, true, true),
    ] {
        let mut m = Menus::new(move |app| {
            english(app);
            app.insert_resource(device).insert_resource(Kiosk {
                forced: kiosk,
                active: kiosk,
                unlocked: false,
            });
        });
        m.tap_nth("Play", 0);
        assert_eq!(m.screen(), Screen::Setup);
        // The device as the pointer last reported it (a tap may set it).
        m.app.insert_resource(device);
        let name = m.app.world().resource::<Table>().seats[0].name.clone();
        assert!(!m.shows("space"));
        m.tap(&name);
        assert_eq!(
            m.shows("space"),
            opens,
            "{device:?}, kiosk {kiosk}: the keyboard"
        );
    }
}

#[test]
fn escape_closes_how_to_play_as_back_does() {
    let _words = language_held();
    let mut m = Menus::new(english);
    m.tap_nth("How to play", 0);
    assert_eq!(m.screen(), Screen::HowTo);
    m.frame(vec![bevy_egui::egui::Event::Key {
        key: bevy_egui::egui::Key::Escape,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Default::default(),
    }]);
    m.frames(1);
    assert_eq!(m.screen(), Screen::Title);
}

fn seat_names(m: &Menus) -> Vec<String> {
    let table = m.app.world().resource::<Table>();
    table.seats.iter().map(|s| s.name.clone()).collect()
}

/// Three seats at Neighbours (two at least): the first seat's × takes it
/// away and the others move up; at two seats no × takes one away.
#[test]
fn any_seat_can_be_taken_away_while_the_table_has_more_than_the_fewest() {
    let _words = language_held();
    let mut m =
        Menus::new(|app: &mut App| app.world_mut().resource_mut::<Settings>().language = Lang::En);
    m.tap_nth("Play", 0);
    assert_eq!(m.screen(), Screen::Setup);
    m.app.world_mut().resource_mut::<Table>().seats = ["Tess", "Ada", "Bram"]
        .map(|name| SeatChoice {
            name: name.into(),
            controller: Controller::Human,
        })
        .into();
    m.frames(1);
    m.tap_nth("×", 0);
    assert_eq!(seat_names(&m), ["Ada", "Bram"]);
    m.tap_nth("×", 0);
    m.tap_nth("×", 1);
    assert_eq!(seat_names(&m), ["Ada", "Bram"], "two seats stay");
}

/// "Hints show" and "Bot strength" have a line of explanation under their
/// choices: each name stays level with its row's buttons, not halfway
/// down to the explanation.
#[test]
fn a_settings_name_sits_level_with_the_first_line_of_its_choices() {
    let _words = language_held();
    let mut m =
        Menus::new(|app: &mut App| app.world_mut().resource_mut::<Settings>().language = Lang::En);
    m.tap("Settings");
    assert_eq!(m.screen(), Screen::Settings);
    for (name, first_choice) in [("Hints show", "Most now"), ("Bot strength", "Quick")] {
        let (name_y, choice_y) = (m.find(name, 0).y, m.find(first_choice, 0).y);
        assert!(
            (name_y - choice_y).abs() < 3.0,
            "{name} at {name_y}, its choices at {choice_y}"
        );
    }
}

/// A settings file and a statistics file that do not read: the title says
/// why in words — no parser's line and column — in the language on show,
/// and in the next one chosen (the broken settings cannot name it).
#[test]
fn a_broken_files_warning_is_worded_in_the_language_on_show() {
    use parlour::platform::time::SystemTime;
    use parlour::storage::FileWarnings;
    // It speaks French and Danish: no other test reads meanwhile.
    let _words = language_alone();
    let dir = std::env::temp_dir().join(format!("parlour-words-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("settings.json"), "{\"hints\": tr").unwrap();
    std::fs::write(dir.join("statistics.json"), "{\"players\": [1, 2]}").unwrap();
    let (_, settings) = parlour::settings::load(&dir.join("settings.json"), SystemTime::now());
    let (_, statistics) = parlour::stats::load(&dir.join("statistics.json"), SystemTime::now());
    let warnings: Vec<_> = [settings, statistics].into_iter().flatten().collect();
    assert_eq!(warnings.len(), 2);
    let mut m = Menus::new(move |app: &mut App| {
        app.world_mut().resource_mut::<Settings>().language = Lang::Fr;
        app.insert_resource(FileWarnings(warnings));
    });
    let said = |m: &Menus, words: &str| m.texts().iter().any(|(t, _)| t.contains(words));
    assert!(said(
        &m,
        "Les réglages n’ont pas pu être lus (le fichier est vide ou coupé)"
    ));
    assert!(said(
        &m,
        "(une entrée y a une valeur que Parlour ne connaît pas)"
    ));
    m.app.world_mut().resource_mut::<Settings>().language = Lang::Da;
    m.frames(2);
    assert!(said(
        &m,
        "Indstillingerne kunne ikke læses (filen er tom eller afkortet)"
    ));
    assert!(said(
        &m,
        "(en post i den har en værdi, Parlour ikke kender)"
    ));
    assert!(!said(&m, "vide ou coupé"));
    assert!(!said(&m, "line") && !said(&m, "column"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The title at 1280 × 800 at every text size, and in French under a
/// warning: the three games' buttons all in view without scrolling, and
/// the pictures no thumbnails (Paper Boxing's D is drawn at least 8
/// points tall; the thumbnails of a 60-point picture drew it 7).
#[test]
fn the_title_shows_the_three_games_whole_at_every_text_size() {
    use bevy_egui::egui;
    use parlour::settings::TextSize;
    use parlour::storage::{FileWarning, FileWarnings, Unreadable};
    use parlour::ui::theme::Zoom;
    // It speaks French too: no other test reads meanwhile.
    let _words = language_alone();
    let warned = |app: &mut App| {
        app.insert_resource(FileWarnings(vec![FileWarning::Statistics {
            reason: Unreadable::Value,
            moved_to: Some("statistics.json.broken-20261203-184836-901".into()),
        }]));
    };
    let cases = [
        (TextSize::Small, Lang::En, false),
        (TextSize::Normal, Lang::En, false),
        (TextSize::Large, Lang::En, false),
        (TextSize::ExtraLarge, Lang::En, false),
        (TextSize::Normal, Lang::Fr, true),
        (TextSize::Large, Lang::Fr, false),
    ];
    for (text_size, lang, warning) in cases {
        let mut m = Menus::new(|app: &mut App| {
            let mut settings = app.world_mut().resource_mut::<Settings>();
            settings.text_size = text_size;
            settings.language = lang;
            if warning {
                warned(app);
            }
        });
        // A 1280 × 800 window at this text size: its zoom leaves egui fewer points.
        let zoom = Zoom::for_window(Vec2::new(1280.0, 800.0), text_size.factor()).0;
        m.points = menus::SCREEN / zoom;
        parlour::ui::theme::egui_style(&m.ctx);
        m.frames(6);
        let case = format!("{text_size:?} in {lang:?}, warning: {warning}");
        let seen = egui::Rect::from_min_size(egui::Pos2::ZERO, m.points);
        let (play, how) = match lang {
            Lang::Fr => ("Jouer", "Règles du jeu"),
            _ => ("Play", "How to play"),
        };
        for words in [play, how] {
            let whole: Vec<_> = m
                .texts()
                .into_iter()
                .filter(|(t, r)| t == words && seen.contains_rect(*r))
                .collect();
            let all: Vec<_> = m.texts().into_iter().filter(|(t, _)| t == words).collect();
            assert_eq!(
                whole.len(),
                3,
                "{case}: {words} on three cards in view {seen:?}: {all:?}"
            );
        }
        let d = m
            .texts()
            .into_iter()
            .filter(|(t, _)| t == "D")
            .map(|(_, r)| r.height())
            .fold(0.0, f32::max);
        assert!(
            d >= 8.0,
            "{case}: Paper Boxing's picture is a thumbnail ({d})"
        );
    }
}
