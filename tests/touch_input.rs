//! A finger is a pointer: touches read by the app's input systems (as the
//! window reports them) come out as the same presses, moves and releases a
//! mouse gives, and those place a Neighbours token as a mouse would. And
//! the keys alone play a Neighbours token through the rules plugin.
//! Headless: a window entity without a real window, touch and key messages
//! written as the windowing backend writes them.

use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{PrimaryWindow, WindowResolution};
use parlour::engine::{ActiveMatch, Controller, FrameStepped, MoveApplied};
use parlour::games::neighbours::input::keys::Spot;
use parlour::games::neighbours::input::{Hold, handle_pointer};
use parlour::games::neighbours::layout::BoardLayout;
use parlour::session::flow::DealSeed;
use parlour::session::{BeginMatch, PointerDevice, Screen, SeatChoice, Table};
use parlour::ui::input::{PointerInput, PointerOverUi, screen_to_world};
use parlour::ui::keys::{Focus, KeyFocus};
use parlour_core::engine::Game;
use parlour_core::games::neighbours::{Move, Neighbours, Placement};

mod keys;
use keys::{key_in, press_enter_in};

const SIZE: Vec2 = Vec2::new(1280.0, 800.0);

/// What the input systems said, frame by frame.
#[derive(Resource, Default)]
struct Heard(Vec<PointerInput>);

fn hear(mut events: MessageReader<PointerInput>, mut heard: ResMut<Heard>) {
    heard.0.extend(events.read().copied());
}

fn app() -> (App, Entity) {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, InputPlugin))
        .add_plugins(parlour::ui::input::plugin)
        .init_resource::<Heard>()
        .add_systems(Update, hear);
    let window = app
        .world_mut()
        .spawn((
            Window {
                resolution: WindowResolution::new(SIZE.x as u32, SIZE.y as u32),
                focused: true,
                ..default()
            },
            PrimaryWindow,
        ))
        .id();
    app.update();
    (app, window)
}

fn touch(app: &mut App, window: Entity, phase: TouchPhase, at: Vec2) {
    app.world_mut().write_message(TouchInput {
        phase,
        position: at,
        window,
        force: None,
        id: 1,
    });
}

/// Runs a frame and takes what was heard in it.
fn frame(app: &mut App) -> Vec<PointerInput> {
    app.update();
    std::mem::take(&mut app.world_mut().resource_mut::<Heard>().0)
}

#[test]
fn a_finger_tap_is_a_press_and_a_release_at_the_same_point() {
    let (mut app, window) = app();
    let at = Vec2::new(300.0, 200.0);
    touch(&mut app, window, TouchPhase::Started, at);
    let world = screen_to_world(SIZE, at);
    assert_eq!(frame(&mut app), vec![PointerInput::Down(world)]);
    touch(&mut app, window, TouchPhase::Ended, at);
    assert_eq!(frame(&mut app), vec![PointerInput::Up(world)]);
    assert_eq!(
        *app.world().resource::<PointerDevice>(),
        PointerDevice::Touch,
        "the cursor can hide while a finger plays"
    );
}

/// With a panel beside the table (a lesson's words, a review) the camera
/// is centred on the table's part of the window: a tap lands on the table
/// where the finger is, not a panel's half-width beside it.
#[test]
fn a_tap_beside_a_panel_lands_where_the_finger_is() {
    let (mut app, window) = app();
    app.insert_resource(parlour::session::TableRoom {
        right: 400.0,
        bottom: 120.0,
    });
    let at = Vec2::new(300.0, 200.0);
    touch(&mut app, window, TouchPhase::Started, at);
    // The table is the window less 400 at the right and 120 at the foot;
    // its centre is the world's origin.
    let table = SIZE - Vec2::new(400.0, 120.0);
    let world = Vec2::new(at.x - table.x / 2.0, table.y / 2.0 - at.y);
    assert_eq!(frame(&mut app), vec![PointerInput::Down(world)]);
}

/// A finger that lands on a panel beside the table (a lesson's words)
/// presses the panel, not the table — even in its first frame, before egui
/// knows it is over the panel.
#[test]
fn a_tap_on_a_panel_beside_the_table_is_not_the_tables() {
    let (mut app, window) = app();
    app.insert_resource(parlour::session::TableRoom {
        right: 400.0,
        bottom: 0.0,
    });
    touch(
        &mut app,
        window,
        TouchPhase::Started,
        Vec2::new(SIZE.x - 200.0, 300.0),
    );
    touch(
        &mut app,
        window,
        TouchPhase::Ended,
        Vec2::new(SIZE.x - 200.0, 300.0),
    );
    assert_eq!(frame(&mut app), vec![]);
}

#[test]
fn a_quick_tap_within_one_frame_is_not_lost() {
    let (mut app, window) = app();
    let at = Vec2::new(640.0, 400.0);
    touch(&mut app, window, TouchPhase::Started, at);
    touch(&mut app, window, TouchPhase::Ended, at);
    let world = screen_to_world(SIZE, at);
    assert_eq!(
        frame(&mut app),
        vec![PointerInput::Down(world), PointerInput::Up(world)]
    );
}

#[test]
fn a_finger_drag_moves_then_lets_go_where_it_lifts() {
    let (mut app, window) = app();
    let (from, via, to) = (
        Vec2::new(100.0, 700.0),
        Vec2::new(300.0, 500.0),
        Vec2::new(600.0, 300.0),
    );
    touch(&mut app, window, TouchPhase::Started, from);
    assert_eq!(
        frame(&mut app),
        vec![PointerInput::Down(screen_to_world(SIZE, from))]
    );
    touch(&mut app, window, TouchPhase::Moved, via);
    assert_eq!(
        frame(&mut app),
        vec![PointerInput::Move(screen_to_world(SIZE, via))]
    );
    touch(&mut app, window, TouchPhase::Moved, to);
    assert_eq!(
        frame(&mut app),
        vec![PointerInput::Move(screen_to_world(SIZE, to))]
    );
    touch(&mut app, window, TouchPhase::Ended, to);
    assert_eq!(
        frame(&mut app),
        vec![PointerInput::Up(screen_to_world(SIZE, to))]
    );
}

#[test]
fn a_cancelled_touch_cancels_the_press() {
    let (mut app, window) = app();
    let at = Vec2::new(500.0, 500.0);
    touch(&mut app, window, TouchPhase::Started, at);
    frame(&mut app);
    touch(&mut app, window, TouchPhase::Canceled, at);
    assert_eq!(frame(&mut app), vec![PointerInput::Cancel]);
}

#[test]
fn a_touch_that_starts_on_a_menu_is_left_to_the_menu() {
    let (mut app, window) = app();
    app.world_mut().resource_mut::<PointerOverUi>().0 = true;
    let at = Vec2::new(1240.0, 30.0);
    touch(&mut app, window, TouchPhase::Started, at);
    assert_eq!(frame(&mut app), vec![]);
    touch(&mut app, window, TouchPhase::Ended, at);
    assert_eq!(frame(&mut app), vec![]);
}

#[test]
fn a_mouse_click_gives_what_a_finger_tap_gives() {
    let (mut app, window) = app();
    let at = Vec2::new(300.0, 200.0);
    app.world_mut()
        .get_mut::<Window>(window)
        .unwrap()
        .set_cursor_position(Some(at));
    let click = |state| MouseButtonInput {
        button: MouseButton::Left,
        state,
        window,
    };
    app.world_mut().write_message(click(ButtonState::Pressed));
    let world = screen_to_world(SIZE, at);
    assert_eq!(frame(&mut app), vec![PointerInput::Down(world)]);
    app.world_mut().write_message(click(ButtonState::Released));
    assert_eq!(frame(&mut app), vec![PointerInput::Up(world)]);
    assert_eq!(
        *app.world().resource::<PointerDevice>(),
        PointerDevice::Mouse
    );
}

/// World point to the screen point a finger touches.
fn world_to_screen(p: Vec2) -> Vec2 {
    Vec2::new(p.x + SIZE.x / 2.0, SIZE.y / 2.0 - p.y)
}

#[test]
fn tap_a_token_then_a_cell_with_a_finger_asks_to_place_it_there() {
    let (mut app, window) = app();
    let layout = BoardLayout::new(SIZE, 7, 11);
    let hand = [5, 3, 0, 9, 1];
    let token = world_to_screen(layout.hand_slot(1, hand.len()));
    let cell = world_to_screen(layout.cell_centre(3 * 11 + 6));
    let mut hold = Hold::Empty;
    let mut asked = Vec::new();
    for (phase, at) in [
        (TouchPhase::Started, token),
        (TouchPhase::Ended, token),
        (TouchPhase::Started, cell),
        (TouchPhase::Ended, cell),
    ] {
        touch(&mut app, window, phase, at);
        for event in frame(&mut app) {
            asked.extend(handle_pointer(&mut hold, &layout, &hand, true, event));
        }
    }
    assert_eq!(
        asked,
        vec![Move::Place(Placement {
            digit: 3,
            row: 3,
            col: 6
        })]
    );
}

#[test]
fn drag_a_token_onto_a_cell_with_a_finger_asks_to_place_it_there() {
    let (mut app, window) = app();
    let layout = BoardLayout::new(SIZE, 7, 11);
    let hand = [5, 3, 0, 9, 1];
    let token = world_to_screen(layout.hand_slot(4, hand.len()));
    let cell = world_to_screen(layout.cell_centre(2 * 11 + 4));
    let mut hold = Hold::Empty;
    let mut asked = Vec::new();
    let mut steps = vec![(TouchPhase::Started, token)];
    for i in 1..=6 {
        steps.push((TouchPhase::Moved, token.lerp(cell, i as f32 / 6.0)));
    }
    steps.push((TouchPhase::Ended, cell));
    for (phase, at) in steps {
        touch(&mut app, window, phase, at);
        for event in frame(&mut app) {
            asked.extend(handle_pointer(&mut hold, &layout, &hand, true, event));
        }
    }
    assert_eq!(
        asked,
        vec![Move::Place(Placement {
            digit: 1,
            row: 2,
            col: 4
        })]
    );
}

/// A touch by finger `id`.
fn finger(app: &mut App, window: Entity, id: u64, phase: TouchPhase, at: Vec2) {
    app.world_mut().write_message(TouchInput {
        phase,
        position: at,
        window,
        force: None,
        id,
    });
}

fn w(p: Vec2) -> Vec2 {
    screen_to_world(SIZE, p)
}

#[test]
fn a_second_finger_neither_steals_nor_drops_the_first_fingers_press() {
    let (mut app, window) = app();
    let (a, b) = (Vec2::new(200.0, 600.0), Vec2::new(900.0, 200.0));
    finger(&mut app, window, 7, TouchPhase::Started, a);
    assert_eq!(frame(&mut app), vec![PointerInput::Down(w(a))]);
    // Another player's finger lands, moves and lifts: nothing of it is heard.
    finger(&mut app, window, 8, TouchPhase::Started, b);
    assert_eq!(frame(&mut app), vec![]);
    finger(&mut app, window, 8, TouchPhase::Moved, b + Vec2::X * 50.0);
    assert_eq!(frame(&mut app), vec![]);
    finger(&mut app, window, 8, TouchPhase::Ended, b + Vec2::X * 50.0);
    assert_eq!(frame(&mut app), vec![]);
    // The first finger still drags and drops its piece.
    let to = a + Vec2::new(120.0, -80.0);
    finger(&mut app, window, 7, TouchPhase::Moved, to);
    assert_eq!(frame(&mut app), vec![PointerInput::Move(w(to))]);
    finger(&mut app, window, 7, TouchPhase::Ended, to);
    assert_eq!(frame(&mut app), vec![PointerInput::Up(w(to))]);
}

#[test]
fn two_fingers_crossing_and_lifting_in_either_order_leave_the_press_with_the_first() {
    for first_lifts_first in [true, false] {
        let (mut app, window) = app();
        let (a, b) = (Vec2::new(300.0, 400.0), Vec2::new(700.0, 400.0));
        finger(&mut app, window, 1, TouchPhase::Started, a);
        finger(&mut app, window, 2, TouchPhase::Started, b);
        assert_eq!(frame(&mut app), vec![PointerInput::Down(w(a))]);
        // They cross: each moves to where the other was.
        finger(&mut app, window, 1, TouchPhase::Moved, b);
        finger(&mut app, window, 2, TouchPhase::Moved, a);
        assert_eq!(frame(&mut app), vec![PointerInput::Move(w(b))]);
        let (one, two) = ((1, TouchPhase::Ended, b), (2, TouchPhase::Ended, a));
        let order = if first_lifts_first {
            [one, two]
        } else {
            [two, one]
        };
        let mut heard = Vec::new();
        for (id, phase, at) in order {
            finger(&mut app, window, id, phase, at);
            heard.extend(frame(&mut app));
        }
        assert_eq!(
            heard,
            vec![PointerInput::Up(w(b))],
            "first lifts first: {first_lifts_first}"
        );
    }
}

#[test]
fn of_three_fingers_landing_at_once_one_presses_and_a_cancelled_other_changes_nothing() {
    let (mut app, window) = app();
    let spots = [
        Vec2::new(100.0, 100.0),
        Vec2::new(640.0, 400.0),
        Vec2::new(1100.0, 700.0),
    ];
    // A palm: three touches in one frame.
    for (id, at) in [5, 3, 9].into_iter().zip(spots) {
        finger(&mut app, window, id, TouchPhase::Started, at);
    }
    // The lowest id presses, whatever order they came in.
    assert_eq!(frame(&mut app), vec![PointerInput::Down(w(spots[1]))]);
    finger(&mut app, window, 9, TouchPhase::Canceled, spots[2]);
    assert_eq!(frame(&mut app), vec![]);
    finger(&mut app, window, 5, TouchPhase::Ended, spots[0]);
    assert_eq!(frame(&mut app), vec![]);
    // The pressing finger cancelled: the press is cancelled, and a new
    // finger may press again.
    finger(&mut app, window, 3, TouchPhase::Canceled, spots[1]);
    assert_eq!(frame(&mut app), vec![PointerInput::Cancel]);
    finger(&mut app, window, 4, TouchPhase::Started, spots[0]);
    assert_eq!(frame(&mut app), vec![PointerInput::Down(w(spots[0]))]);
}

#[test]
fn a_finger_that_lands_while_another_is_held_does_not_press_after_the_first_lifts() {
    let (mut app, window) = app();
    let (a, b) = (Vec2::new(200.0, 200.0), Vec2::new(800.0, 600.0));
    finger(&mut app, window, 1, TouchPhase::Started, a);
    frame(&mut app);
    finger(&mut app, window, 2, TouchPhase::Started, b);
    frame(&mut app);
    finger(&mut app, window, 1, TouchPhase::Ended, a);
    assert_eq!(frame(&mut app), vec![PointerInput::Up(w(a))]);
    // The second finger, still down, moves and lifts: it never pressed.
    finger(&mut app, window, 2, TouchPhase::Moved, b + Vec2::Y * 30.0);
    assert_eq!(frame(&mut app), vec![]);
    finger(&mut app, window, 2, TouchPhase::Ended, b + Vec2::Y * 30.0);
    assert_eq!(frame(&mut app), vec![]);
}

// --- The keys alone ----------------------------------------------------------

/// A deal where Anna, seat 0, opens and has a token to place.
fn anna_opens() -> u64 {
    let config = Neighbours::variant("standard").unwrap();
    (0..100)
        .find(|&seed| {
            let game = parlour::engine::Match::<Neighbours>::new(
                "standard",
                config.clone(),
                2,
                seed,
                None,
            )
            .unwrap();
            game.awaiting() == vec![0] && !game.view(0).placements().is_empty()
        })
        .expect("such a deal")
}

/// A Neighbours match on the table, Anna (a person, on screen) against a
/// bot, with the app's keyboard reading and the table laid out for SIZE.
fn neighbours_by_keys() -> (App, Entity) {
    let mut app = App::new();
    // English from its first frame, whatever the machine's language: the
    // language is the whole process's, read by the tests running beside.
    app.insert_resource(parlour::settings::Settings {
        language: parlour::i18n::Lang::En,
        ..Default::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .add_plugins((parlour::app::headless_plugin, parlour::ui::keys::plugin));
    parlour::games::neighbours::logic_plugin(&mut app);
    let window = app
        .world_mut()
        .spawn((
            Window {
                resolution: WindowResolution::new(SIZE.x as u32, SIZE.y as u32),
                focused: true,
                ..default()
            },
            PrimaryWindow,
        ))
        .id();
    app.insert_resource(Table {
        game: parlour::catalog::GameId("neighbours"),
        variant: "standard".into(),
        seats: [Controller::Human, Controller::Bot("greedy".into())]
            .into_iter()
            .zip(["Anna", "Ada"])
            .map(|(controller, name)| SeatChoice {
                name: name.into(),
                controller,
            })
            .collect(),
        ..Table::default()
    })
    .insert_resource(DealSeed(Some(anna_opens())))
    .insert_resource(BoardLayout::new(SIZE, 7, 11))
    .insert_resource(FrameStepped::new(31))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    app.update();
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    (app, window)
}

fn neighbours_game(app: &App) -> &parlour::engine::Match<Neighbours> {
    app.world().resource::<ActiveMatch<Neighbours>>().get()
}

#[test]
fn the_keys_alone_place_a_token_and_the_rules_accept_it() {
    let (mut app, window) = neighbours_by_keys();
    // The bot may open: wait for Anna's turn (stepped: the bot answers within a frame).
    let mut frames = 0;
    while !(app
        .world()
        .get_resource::<ActiveMatch<Neighbours>>()
        .is_some()
        && neighbours_game(&app).awaiting() == vec![0]
        && *app
            .world()
            .resource::<State<parlour::engine::TurnPhase>>()
            .get()
            == parlour::engine::TurnPhase::AwaitingMove)
    {
        frames += 1;
        assert!(frames < 20_000, "Anna's turn never came");
        app.update();
    }
    let moves = neighbours_game(&app).moves().len();
    let view = neighbours_game(&app).view(0);
    let aim = view.placements()[0];
    let slot = view
        .hand_digits()
        .iter()
        .position(|&d| d == aim.digit)
        .unwrap();

    // The first key shows the focus, on the hand's first token.
    key_in(&mut app, window, KeyCode::ArrowRight);
    assert!(app.world().resource::<KeyFocus>().shown);
    assert!(
        app.world().resource::<KeyFocus>().ring.is_some(),
        "a ring to draw"
    );
    assert_eq!(
        app.world().resource::<Focus<Spot>>().on,
        Some(Spot::Token(0))
    );
    for _ in 0..slot {
        key_in(&mut app, window, KeyCode::ArrowRight);
    }
    key_in(&mut app, window, KeyCode::Enter);
    assert_eq!(
        app.world().resource::<Hold>().slot(),
        Some(slot),
        "picked up"
    );

    // Up onto the board, then along to the aimed cell, as a player looking at it would.
    let (row, col) = (aim.cell / 11, aim.cell % 11);
    for _ in 0..40 {
        let Some(Spot::Cell(at)) = app.world().resource::<Focus<Spot>>().on else {
            key_in(&mut app, window, KeyCode::ArrowUp);
            continue;
        };
        let arrow = match ((at / 11).cmp(&row), (at % 11).cmp(&col)) {
            (std::cmp::Ordering::Greater, _) => KeyCode::ArrowUp,
            (std::cmp::Ordering::Less, _) => KeyCode::ArrowDown,
            (_, std::cmp::Ordering::Greater) => KeyCode::ArrowLeft,
            (_, std::cmp::Ordering::Less) => KeyCode::ArrowRight,
            _ => break,
        };
        key_in(&mut app, window, arrow);
    }
    assert_eq!(
        app.world().resource::<Focus<Spot>>().on,
        Some(Spot::Cell(aim.cell))
    );
    press_enter_in(&mut app, window);
    let applied: Vec<_> = app
        .world()
        .resource::<Messages<MoveApplied<Neighbours>>>()
        .iter_current_update_messages()
        .filter(|a| a.seat == 0)
        .map(|a| a.mv)
        .collect();
    assert_eq!(
        applied,
        vec![Move::Place(Placement {
            digit: aim.digit,
            row: row as u8,
            col: col as u8
        })],
        "the rules applied the placement the keys asked for"
    );
    assert_eq!(neighbours_game(&app).moves().len(), moves + 1);
    assert_eq!(*app.world().resource::<Hold>(), Hold::Empty);
}
