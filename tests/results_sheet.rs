//! The results sheet lies over the final table, and folds away to show it:
//! the last position is always there to be seen, in every game.

mod menus;

use bevy::prelude::*;
use menus::{Menus, language_held};
use parlour::engine::Controller;
use parlour::i18n::Lang;
use parlour::session::{Screen, SeatChoice, Table};
use parlour::settings::Settings;

/// Bots only at game `nth` of the title, played to its results sheet.
fn to_results(nth: usize, bot: &str, seats: usize) -> Menus {
    to_results_with(nth, bot, seats, |_| {})
}

/// [`to_results`], `each` run on the app before every frame of the match.
fn to_results_with(nth: usize, bot: &str, seats: usize, mut each: impl FnMut(&mut App)) -> Menus {
    let mut m = Menus::new(|app| {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.language = Lang::En;
        settings.animation_speed = 2.0;
    });
    m.tap_nth("Play", nth);
    m.app.world_mut().resource_mut::<Table>().seats = (0..seats)
        .map(|i| SeatChoice {
            name: ["Ada", "Bram"][i].into(),
            controller: Controller::Bot(bot.into()),
        })
        .collect();
    m.frames(1);
    m.tap("Start");
    for _ in 0..6_000 {
        if m.screen() == Screen::Results {
            break;
        }
        each(&mut m.app);
        m.app.update();
    }
    m.frames(2);
    assert_eq!(m.screen(), Screen::Results);
    m
}

/// "See the table" folds the sheet away (the final table shows, the
/// headline in a bar), and "Results" brings it back.
fn the_sheet_folds_away_and_back(mut m: Menus) {
    let headline = m
        .texts()
        .into_iter()
        .map(|(t, _)| t)
        .find(|t| t.ends_with("wins!") || t.ends_with("share the win!"))
        .expect("a headline");
    assert!(m.shows("Play again"));
    m.tap("See the table");
    assert_eq!(m.screen(), Screen::Results, "still the match's end");
    // What the whole app draws of the table then: tests/chaos.rs.
    assert!(
        m.app
            .world()
            .resource::<parlour::ui::results::SheetFolded>()
            .0
    );
    assert!(!m.shows("Play again"), "the sheet is folded away");
    assert!(m.shows(&headline), "the headline stays, in a bar");
    // The scores stay too, each seat's beside its name: the game's top bar
    // is gone with the match.
    let sheet = m.app.world().resource::<parlour::session::ResultsSheet>();
    let line = sheet.scores_line();
    for (name, cells, _) in &sheet.rows {
        let score = &cells[sheet.score.expect("a score column")];
        assert!(line.contains(&format!("{name} {score}")), "{line}");
    }
    assert!(m.shows(&line), "the scores in the bar: {:?}", m.texts());
    m.tap("Results");
    assert!(m.shows("Play again"), "the sheet is back");
}

/// What the table said in play ("No move for Ada: pass") goes with the
/// play: the results' heading and sheet are never under it.
#[test]
fn a_notice_from_play_is_not_shown_over_the_results() {
    let _words = language_held();
    let said = "No move for Ada: pass";
    let m = to_results_with(1, "greedy", 2, |app| {
        if *app.world().resource::<State<Screen>>().get() == Screen::Play {
            app.world_mut()
                .resource_mut::<parlour::session::Notice>()
                .show(said, false);
        }
    });
    assert!(!m.shows(said), "{:?}", m.texts());
    assert!(
        m.texts()
            .iter()
            .any(|(t, _)| t.ends_with("wins!") || t.ends_with("share the win!"))
    );
}

/// The sheet's notes (the reveal, who won on bouts) are on its card, in
/// ink: printed on the dimmed table, the board's cells showed through them.
#[test]
fn the_results_notes_are_on_the_sheet_not_over_the_table() {
    let _words = language_held();
    let m = to_results(1, "random", 2);
    let notes = m
        .app
        .world()
        .resource::<parlour::session::ResultsSheet>()
        .notes
        .clone();
    assert!(!notes.is_empty(), "a Paper Boxing sheet has notes");
    let cards = m.filled(parlour::ui::theme::ecolour::CARD);
    let texts = m.texts();
    for note in &notes {
        let (_, at) = texts
            .iter()
            .find(|(t, _)| t == note)
            .unwrap_or_else(|| panic!("{note:?} is not on screen: {texts:?}"));
        assert!(
            cards.iter().any(|card| card.contains_rect(*at)),
            "{note:?} at {at:?} is on no card ({cards:?})"
        );
    }
}

#[test]
fn neighbours_final_table_is_seen_from_the_results() {
    let _words = language_held();
    the_sheet_folds_away_and_back(to_results(0, "greedy", 2));
}

#[test]
fn paper_boxings_final_table_is_seen_from_the_results() {
    let _words = language_held();
    the_sheet_folds_away_and_back(to_results(1, "random", 2));
}

#[test]
fn rummys_final_table_is_seen_from_the_results() {
    let _words = language_held();
    the_sheet_folds_away_and_back(to_results(2, "greedy", 2));
}

/// "Review this match" on the sheet opens the review of the match just
/// played: its moves on the table, from the results.
#[test]
fn review_this_match_opens_the_review_of_the_match_just_played() {
    let _words = language_held();
    let mut m = to_results(1, "random", 2);
    // The review's panel measures the table's room at the window's zoom.
    m.app.insert_resource(parlour::ui::theme::Zoom(1.0));
    let played = m
        .app
        .world()
        .resource::<parlour::engine::ActiveMatch<parlour_core::games::paper_boxing::PaperBoxing>>()
        .get()
        .moves()
        .len();
    m.tap("Review this match");
    m.frames(2);
    assert_eq!(m.screen(), Screen::Play);
    let board = m
        .app
        .world()
        .get_resource::<parlour::review::ReviewBoard>()
        .expect("the review is open");
    assert_eq!(board.from, Screen::Results);
    assert_eq!(board.moves.len(), played, "every move of the match");
    assert!(
        m.app
            .world()
            .contains_resource::<parlour::session::Reviewing>()
    );
}

/// Rummy played for two rounds by a person and a bot, the whole app's
/// screens and pace about it: when the first round ends the match waits on
/// the round's summary (Rummy's own screen draws it) for as long as nobody
/// taps it, and only its "Next round" (a `Proceed`) deals the second.
#[test]
fn a_rummy_round_waits_on_its_summary_until_a_person_goes_on() {
    use parlour::engine::{ActiveMatch, MoveRequest, Proceed, TurnPhase};
    use parlour_core::engine::Game;
    use parlour_core::games::rummy::Rummy;
    let _words = language_held();
    let mut m = Menus::new(|app| {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.language = Lang::En;
        settings.animation_speed = 2.0;
    });
    m.tap_nth("Play", 2);
    {
        let mut table = m.app.world_mut().resource_mut::<Table>();
        table.variant = "standard,rounds=2,turn-seconds=off".into();
        table.seats = vec![
            SeatChoice {
                name: "Ada".into(),
                controller: Controller::Human,
            },
            SeatChoice {
                name: "Bram".into(),
                controller: Controller::Bot("greedy".into()),
            },
        ];
    }
    m.frames(1);
    m.tap("Start");
    let phase = |m: &Menus| *m.app.world().resource::<State<TurnPhase>>().get();
    let mut ada = Rummy::bot("greedy", 7).unwrap();
    for _ in 0..20_000 {
        if phase(&m) == TurnPhase::RoundOver {
            break;
        }
        let game = m.app.world().resource::<ActiveMatch<Rummy>>().get();
        if phase(&m) == TurnPhase::AwaitingMove && game.awaiting() == vec![0] {
            // Ada's move, as her screen would send it.
            let mv = ada.choose(&game.view(0));
            m.app
                .world_mut()
                .write_message(MoveRequest::<Rummy> { seat: 0, mv });
        }
        m.frames(1);
    }
    assert_eq!(phase(&m), TurnPhase::RoundOver, "the first round ended");
    let moves = |m: &Menus| {
        m.app
            .world()
            .resource::<ActiveMatch<Rummy>>()
            .get()
            .moves()
            .len()
    };
    let at_the_end = moves(&m);
    // Half a minute untouched: the summary stays, nobody plays on.
    for _ in 0..300 {
        m.frames(1);
        assert_eq!(phase(&m), TurnPhase::RoundOver);
    }
    assert_eq!(moves(&m), at_the_end, "no move while the summary is up");
    m.app.world_mut().write_message(Proceed);
    m.frames(3);
    assert_ne!(phase(&m), TurnPhase::RoundOver, "the next round is in play");
    let state = m.app.world().resource::<ActiveMatch<Rummy>>().get().state();
    assert_eq!(state.rounds().len(), 1);
    assert!(!state.is_over());
}
