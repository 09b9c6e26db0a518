//! A finger is a pointer: touches read by the app's input systems (as the
//! window reports them) come out as the same presses, moves and releases a
//! mouse gives, and those place a Neighbours token as a mouse would.
//! Headless: a window entity without a real window, touch messages written
//! as the windowing backend writes them.

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResolution};
use parlour::games::neighbours::screen::{BoardLayout, Hold, handle_pointer};
use parlour::session::PointerDevice;
use parlour::ui::input::{PointerInput, PointerOverUi, screen_to_world};
use parlour_core::games::neighbours::{Move, Placement};

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
