//! Keys pressed as the window reports them, shared by the tests that play
//! a table by keys alone.
#![allow(dead_code)]

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;

/// Presses and releases `key_code` in `window`, a frame each.
pub fn key_in(app: &mut App, window: Entity, key_code: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window,
        });
        app.update();
    }
}

/// Presses Enter in `window` for one frame, not released: what that very
/// frame did with it can be read before anything else happens.
pub fn press_enter_in(app: &mut App, window: Entity) {
    app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::Enter,
        logical_key: Key::Enter,
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window,
    });
    app.update();
}

/// [`press_enter_in`] where no window is needed.
pub fn press_enter(app: &mut App) {
    press_enter_in(app, Entity::PLACEHOLDER);
}

/// Presses and releases `key_code`, a frame each, where no window is needed.
pub fn key(app: &mut App, key_code: KeyCode) {
    key_in(app, Entity::PLACEHOLDER, key_code);
}
