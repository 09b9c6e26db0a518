//! The results sheet lies over the final table, and folds away to show it:
//! the last position is always there to be seen, in every game.

mod menus;

use menus::{Menus, language_held};
use parlour::engine::Controller;
use parlour::i18n::Lang;
use parlour::session::{Screen, SeatChoice, Table};
use parlour::settings::Settings;

/// Bots only at game `nth` of the title, played to its results sheet.
fn to_results(nth: usize, bot: &str, seats: usize) -> Menus {
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
    m.tap("Results");
    assert!(m.shows("Play again"), "the sheet is back");
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
