//! The screen flow and the hand-over rule, driven through states with no window.

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::engine::{ActiveMatch, Controller};
use parlour::session::flow::{Viewer, next_viewer};
use parlour::session::{BeginMatch, Screen, SeatChoice, Table};
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
