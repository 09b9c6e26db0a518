//! One finger or one mouse: pointer presses, moves and releases in world
//! coordinates, whatever device they come from. A press follows the finger
//! that made it, by its touch id: a second finger (another player's, a
//! palm, a pinch) is ignored until the first lifts.

use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use crate::session::{PointerDevice, TableRoom};

/// A pointer event on the table, in world coordinates (origin at the centre, y up).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum PointerInput {
    /// A press (mouse button or finger down).
    Down(Vec2),
    /// The pressed pointer moved.
    Move(Vec2),
    /// The press ended here.
    Up(Vec2),
    /// The press was taken away (a touch cancelled, the window lost focus).
    Cancel,
}

/// Whether the pointer is over a menu, the HUD or a dialog: presses there
/// belong to egui, not to the table.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointerOverUi(pub bool);

/// The input systems, in the order they run.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PointerSystems;

/// Reads mouse and touch into [`PointerInput`]. Needs no egui: the screens'
/// plugin adds [`ui_plugin`] to keep [`PointerOverUi`] up to date, and a
/// headless test leaves it false.
pub fn plugin(app: &mut App) {
    app.add_message::<PointerInput>()
        .init_resource::<PointerDevice>()
        .init_resource::<PointerOverUi>()
        .add_systems(
            PreUpdate,
            read_pointer
                .in_set(PointerSystems)
                .after(bevy::input::InputSystems),
        );
}

/// Asks egui, before the pointer is read, whether it is under the pointer.
pub fn ui_plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        note_pointer_over_ui
            .before(PointerSystems)
            .after(bevy::input::InputSystems),
    );
}

fn note_pointer_over_ui(mut egui: EguiContexts, mut over: ResMut<PointerOverUi>) {
    let now = egui
        .ctx_mut()
        .map(|ctx| ctx.is_pointer_over_egui() || ctx.egui_wants_pointer_input())
        .unwrap_or(false);
    if over.0 != now {
        over.0 = now;
    }
}

/// Screen position (origin top-left, y down) to world position (origin centre, y up).
pub fn screen_to_world(window_size: Vec2, p: Vec2) -> Vec2 {
    Vec2::new(p.x - window_size.x / 2.0, window_size.y / 2.0 - p.y)
}

fn read_pointer(
    (window, room): (Query<&Window, With<PrimaryWindow>>, Option<Res<TableRoom>>),
    mouse: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
    over_ui: Res<PointerOverUi>,
    mut device: ResMut<PointerDevice>,
    mut pressed: Local<bool>,
    mut finger: Local<Option<u64>>,
    mut last: Local<Option<Vec2>>,
    mut was_focused: Local<bool>,
    mut out: MessageWriter<PointerInput>,
) {
    let Ok(window) = window.single() else { return };
    // The table's part of the window: the camera is centred on it.
    let size = room.map_or(window.size(), |r| r.table(window.size()));
    let focused_before = std::mem::replace(&mut *was_focused, window.focused);

    // Presses that start on a menu or the HUD belong to egui, and so do
    // those beyond the table's part (a lesson's or a review's words) — a
    // finger's first frame there is not yet known to egui to be over them.
    let off_table = |p: Vec2| over_ui.0 || p.x > size.x || p.y > size.y;

    // A quick tap can press and release within one frame: each step below
    // looks at this frame's events on its own, so none is lost.
    if touches.any_just_pressed() {
        *device = PointerDevice::Touch;
        // Touches come in no order: of several new ones, the lowest id.
        let first = touches.iter_just_pressed().min_by_key(|t| t.id());
        if let (false, Some(touch)) = (*pressed, first.filter(|t| !off_table(t.position()))) {
            let p = screen_to_world(size, touch.position());
            *pressed = true;
            *finger = Some(touch.id());
            *last = Some(p);
            out.write(PointerInput::Down(p));
        }
    }
    if let Some(id) = *finger {
        let ended = if touches.just_canceled(id) {
            Some(PointerInput::Cancel)
        } else if let Some(touch) = touches.get_released(id) {
            Some(PointerInput::Up(screen_to_world(size, touch.position())))
        } else if let Some(touch) = touches.get_pressed(id) {
            let p = screen_to_world(size, touch.position());
            if *last != Some(p) {
                *last = Some(p);
                out.write(PointerInput::Move(p));
            }
            None
        } else {
            // Gone without a word (the window lost its touches).
            Some(PointerInput::Cancel)
        };
        if let Some(end) = ended {
            *pressed = false;
            *finger = None;
            out.write(end);
        }
        return;
    }

    let on_screen = window.cursor_position();
    let cursor = on_screen.map(|p| screen_to_world(size, p));
    if mouse.just_pressed(MouseButton::Left) {
        *device = PointerDevice::Mouse;
        if let (Some(p), false) = (cursor, on_screen.is_none_or(off_table)) {
            *pressed = true;
            *last = Some(p);
            out.write(PointerInput::Down(p));
        }
    }
    if !*pressed {
        return;
    }
    if mouse.just_released(MouseButton::Left) || !mouse.pressed(MouseButton::Left) {
        *pressed = false;
        match cursor.or(*last) {
            Some(p) => out.write(PointerInput::Up(p)),
            None => out.write(PointerInput::Cancel),
        };
        return;
    }
    if let Some(p) = cursor
        && *last != Some(p)
    {
        *last = Some(p);
        out.write(PointerInput::Move(p));
    }
    // Losing focus mid-press (another window popped up) drops what was held.
    if focused_before && !window.focused {
        *pressed = false;
        out.write(PointerInput::Cancel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_points_map_to_world_points_with_y_up() {
        let w = Vec2::new(1280.0, 800.0);
        assert_eq!(screen_to_world(w, Vec2::new(640.0, 400.0)), Vec2::ZERO);
        assert_eq!(
            screen_to_world(w, Vec2::new(0.0, 0.0)),
            Vec2::new(-640.0, 400.0)
        );
    }
}
