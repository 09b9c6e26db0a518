//! The turn clock on screen: it counts real time, however far apart the
//! frames of a screen that redraws only on change are, and it waits while
//! the match menu, the how-to page or the settings cover the table.

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::catalog::GameId;
use parlour::engine::{ActiveMatch, Controller, FrameStepped, TurnClock, TurnPhase};
use parlour::session::flow::DealSeed;
use parlour::session::{BeginMatch, MenuOpen, Screen, SeatChoice, Table};
use parlour::ui::input::PointerInput;
use parlour_core::games::rummy::Rummy;

/// A Rummy table, Anna against a bot, with a 60-second turn; each frame
/// takes `frame` of time.
fn table(frame: Duration) -> App {
    let mut app = App::new();
    // English from its first frame, whatever the machine's language: the
    // language is the whole process's, read by the tests running beside.
    app.insert_resource(parlour::settings::Settings {
        language: parlour::i18n::Lang::En,
        ..Default::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin)
        // Rummy's table reads the pointer even without a window.
        .add_message::<PointerInput>();
    parlour::games::rummy::logic_plugin(&mut app);
    app.insert_resource(Table {
        game: GameId("rummy"),
        variant: "standard,turn-seconds=60".into(),
        seats: vec![
            SeatChoice {
                name: "Anna".into(),
                controller: Controller::Human,
            },
            SeatChoice {
                name: "Ada".into(),
                controller: Controller::Bot("greedy".into()),
            },
        ],
        viewer: None,
        handing_to: None,
    })
    .insert_resource(DealSeed(Some(5)))
    .insert_resource(FrameStepped::new(5))
    .insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    app.update();
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    // Until Anna's turn (stepped frame by frame: the bot answers within a frame).
    let mut frames = 0;
    loop {
        frames += 1;
        assert!(frames < 20_000, "Anna's turn never came");
        app.update();
        let anna = app
            .world()
            .get_resource::<ActiveMatch<Rummy>>()
            .is_some_and(|m| m.get().awaiting() == vec![0]);
        if anna && *app.world().resource::<State<TurnPhase>>().get() == TurnPhase::AwaitingMove {
            return app;
        }
    }
}

fn elapsed(app: &App) -> Duration {
    app.world().resource::<TurnClock>().elapsed
}

/// Runs frames until Anna's clock has started (her turn is shown first).
fn until_counting(app: &mut App) {
    for _ in 0..50 {
        if elapsed(app) > Duration::ZERO {
            return;
        }
        app.update();
    }
    panic!("Anna's clock never started");
}

#[test]
fn the_turn_clock_counts_real_time_when_frames_are_seconds_apart() {
    let mut app = table(Duration::from_secs(4));
    until_counting(&mut app);
    let before = elapsed(&app);
    app.update();
    app.update();
    // Not a quarter of a second a frame, as the game's own time would count.
    assert_eq!(elapsed(&app) - before, Duration::from_secs(8));
}

#[test]
fn the_turn_clock_waits_while_the_match_menu_or_settings_cover_the_table() {
    let mut app = table(Duration::from_millis(500));
    until_counting(&mut app);
    // The menu opens over the table.
    app.world_mut().resource_mut::<MenuOpen>().0 = true;
    app.update();
    let at = elapsed(&app);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(elapsed(&app), at, "the menu is open");
    // From the menu to the settings.
    app.world_mut().resource_mut::<MenuOpen>().0 = false;
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Settings);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(elapsed(&app), at, "the settings cover the table");
    // Back to the table: the clock goes on, from the first frame there.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(elapsed(&app) - at, Duration::from_secs(2));
}
