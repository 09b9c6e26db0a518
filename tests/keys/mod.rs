//! Keys pressed as the window reports them, shared by the tests that play
//! a table by keys alone.
#![allow(dead_code)]

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;

/// Writes one key event for `window` without running a frame, so that
/// several keys can be held together in the next one (a chord).
pub fn write(
    app: &mut App,
    window: Entity,
    key_code: KeyCode,
    logical_key: Key,
    state: ButtonState,
) {
    app.world_mut().write_message(KeyboardInput {
        key_code,
        logical_key,
        state,
        text: None,
        repeat: false,
        window,
    });
}

/// Sends one key event to `window` and runs a frame.
fn send(app: &mut App, window: Entity, key_code: KeyCode, logical_key: Key, state: ButtonState) {
    write(app, window, key_code, logical_key, state);
    app.update();
}

/// Presses and releases `key_code` in `window`, a frame each.
pub fn key_in(app: &mut App, window: Entity, key_code: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        let logical = Key::Unidentified(NativeKey::Unidentified);
        send(app, window, key_code, logical, state);
    }
}

/// Presses Enter in `window` for one frame, not released: what that very
/// frame did with it can be read before anything else happens.
pub fn press_enter_in(app: &mut App, window: Entity) {
    send(
        app,
        window,
        KeyCode::Enter,
        Key::Enter,
        ButtonState::Pressed,
    );
}

/// [`press_enter_in`] where no window is needed.
pub fn press_enter(app: &mut App) {
    press_enter_in(app, Entity::PLACEHOLDER);
}

/// Presses and releases `key_code`, a frame each, where no window is needed.
pub fn key(app: &mut App, key_code: KeyCode) {
    key_in(app, Entity::PLACEHOLDER, key_code);
}
