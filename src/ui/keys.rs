//! Play without a pointer: the arrow keys move a focus over what a table
//! offers (its pieces, its cells, its buttons), Enter or Space does what a
//! tap there does, Esc lets go of what is held. Each game says what may
//! take the focus, in its own words ([`Focusable`]); the focus itself, how
//! it moves and the ring drawn around it are the same for every game.
//!
//! Tab and the keys on a focused menu button stay egui's: while egui wants
//! the keyboard (a text field, a focused button, an open pop-up) the table
//! hears nothing. The ring shows once a key is used and hides again at the
//! next press of a mouse button or a finger.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::touch::Touches;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiSystems;
use super::theme::{Zoom, ecolour};
use crate::session::{Asking, MenuOpen, Reviewing, Screen, TableRoom};

/// A key on the table, as the games read it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyInput {
    /// The first key since the pointer was used: show where the focus is,
    /// do nothing else (nobody picks what they cannot see).
    Show,
    /// An arrow: the focus moves that way.
    Arrow(Arrow),
    /// Enter or Space: a tap on what has the focus.
    Enter,
    /// Esc: let go of what is held, as a cancelled drag does.
    Escape,
}

/// A direction of the arrow keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrow {
    /// Left.
    Left,
    /// Right.
    Right,
    /// Up.
    Up,
    /// Down.
    Down,
}

impl Arrow {
    /// The direction in world coordinates (y up).
    fn direction(self) -> Vec2 {
        match self {
            Arrow::Left => Vec2::NEG_X,
            Arrow::Right => Vec2::X,
            Arrow::Up => Vec2::Y,
            Arrow::Down => Vec2::NEG_Y,
        }
    }
}

/// Whether the focus shows, and where the table's game wants its ring.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct KeyFocus {
    /// A key was used since the last press of a pointer.
    pub shown: bool,
    /// The ring around what has the focus, set by the game on the table.
    pub ring: Option<Ring>,
}

/// The ring drawn around what has the focus.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ring {
    /// Its centre, in world coordinates.
    pub at: Vec2,
    /// The size of what it goes around.
    pub size: Vec2,
    /// Round (a token) or a rounded rectangle (a cell, a card, a button).
    pub round: bool,
}

/// Something on a table that may take the focus: `spot` says what, in the
/// game's own words; `at` and `size` where it is, in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Focusable<S> {
    /// What it is.
    pub spot: S,
    /// Its centre.
    pub at: Vec2,
    /// Its size.
    pub size: Vec2,
    /// Whether it is round.
    pub round: bool,
}

impl<S> Focusable<S> {
    /// A rounded rectangle of `size` around `at`.
    pub fn square(spot: S, at: Vec2, size: Vec2) -> Self {
        Self {
            spot,
            at,
            size,
            round: false,
        }
    }

    /// A disc of `diameter` around `at`.
    pub fn disc(spot: S, at: Vec2, diameter: f32) -> Self {
        Self {
            spot,
            at,
            size: Vec2::splat(diameter),
            round: true,
        }
    }
}

/// What a key asks of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum KeyAct<S> {
    /// Tap this spot, at its centre.
    Tap(S, Vec2),
    /// Let go of what is held.
    LetGo,
}

/// The focus on one game's table: the spot it rests on, and where that
/// was, so that when the spot goes (a card played, a hand grown shorter)
/// the focus moves to what is nearest.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Focus<S> {
    /// The spot with the focus, if any yet.
    pub on: Option<S>,
    /// Where it was last seen.
    pub at: Option<Vec2>,
}

impl<S> Default for Focus<S> {
    fn default() -> Self {
        Self { on: None, at: None }
    }
}

impl<S: Copy + PartialEq> Focus<S> {
    /// Keeps the focus on something there is: the same spot while it is
    /// offered, else the nearest to where the focus was, else the first.
    /// Returns its index in `spots`.
    pub fn settle(&mut self, spots: &[Focusable<S>]) -> Option<usize> {
        let found = self
            .on
            .and_then(|s| spots.iter().position(|f| f.spot == s))
            .or_else(|| {
                let at = self.at?;
                (0..spots.len()).min_by(|&a, &b| {
                    let (da, db) = (spots[a].at.distance(at), spots[b].at.distance(at));
                    da.total_cmp(&db)
                })
            })
            .or((!spots.is_empty()).then_some(0));
        self.on = found.map(|i| spots[i].spot);
        self.at = found.map(|i| spots[i].at).or(self.at);
        found
    }

    /// Follows one key over `spots`: an arrow moves the focus, Enter taps
    /// what has it, Esc lets go. A key that only shows the focus asks nothing.
    pub fn follow(&mut self, spots: &[Focusable<S>], key: KeyInput) -> Option<KeyAct<S>> {
        if key == KeyInput::Escape {
            return Some(KeyAct::LetGo);
        }
        let here = self.settle(spots)?;
        match key {
            KeyInput::Arrow(arrow) => {
                let next = step(spots, here, arrow);
                self.on = Some(spots[next].spot);
                self.at = Some(spots[next].at);
                None
            }
            KeyInput::Enter => Some(KeyAct::Tap(spots[here].spot, spots[here].at)),
            KeyInput::Show | KeyInput::Escape => None,
        }
    }

    /// The ring around the spot with the focus.
    pub fn ring(&mut self, spots: &[Focusable<S>]) -> Option<Ring> {
        self.settle(spots).map(|i| Ring {
            at: spots[i].at,
            size: spots[i].size,
            round: spots[i].round,
        })
    }
}

/// What a tap at `at` is to the pointer's functions: a press and a release there.
pub fn tap(at: Vec2) -> [super::input::PointerInput; 2] {
    use super::input::PointerInput;
    [PointerInput::Down(at), PointerInput::Up(at)]
}

/// The spot an arrow leads to from `spots[from]`: the nearest one that
/// way, a step aside counting three ahead. Left and Right look only in a
/// narrow cone (at most half as far aside as ahead), so they stay on their
/// row and stop at its end; Up and Down look at everything above or below,
/// so they cross to the next row however far aside it begins.
pub fn step<S>(spots: &[Focusable<S>], from: usize, arrow: Arrow) -> usize {
    let dir = arrow.direction();
    let here = spots[from].at;
    let cone = matches!(arrow, Arrow::Left | Arrow::Right);
    spots
        .iter()
        .enumerate()
        .filter_map(|(i, f)| {
            let d = f.at - here;
            let along = d.dot(dir);
            let aside = (d - dir * along).length();
            (i != from && along > 0.5 && (!cone || 2.0 * aside <= along))
                .then_some((i, along + 3.0 * aside))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(from, |(i, _)| i)
}

/// Everything the games need of the keys without a window: the message and
/// the focus's resource. Each game's keys call it (it may be made more than
/// once), and so does the screens' [`plugin`].
pub fn logic_plugin(app: &mut App) {
    app.add_message::<KeyInput>().init_resource::<KeyFocus>();
}

/// The keys on the table and the focus ring (the screens' plugin adds it:
/// the ring is egui's). Reads the keyboard as the window reports it, so a
/// held arrow repeats.
pub fn plugin(app: &mut App) {
    logic_plugin(app);
    app.add_systems(
        PreUpdate,
        read_keys
            .after(bevy::input::InputSystems)
            .run_if(resource_exists::<Messages<KeyboardInput>>),
    )
    .add_systems(OnExit(Screen::Play), forget_ring)
    .add_systems(
        EguiPrimaryContextPass,
        draw_ring
            .run_if(in_state(Screen::Play))
            .in_set(UiSystems::Hud),
    );
}

/// Turns the frame's key presses into [`KeyInput`]s for the table, while a
/// match is on screen, uncovered, and egui does not want the keyboard. A
/// press of a mouse button or a finger hides the focus.
fn read_keys(
    mut keyboard: MessageReader<KeyboardInput>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    screen: Res<State<Screen>>,
    menu: Res<MenuOpen>,
    asking: Res<Asking>,
    reviewing: Option<Res<Reviewing>>,
    egui: Option<Res<EguiWantsInput>>,
    mut focus: ResMut<KeyFocus>,
    mut out: MessageWriter<KeyInput>,
) {
    let pressed = mouse.is_some_and(|m| m.get_just_pressed().next().is_some())
        || touches.is_some_and(|t| t.any_just_pressed());
    if pressed && focus.shown {
        focus.shown = false;
    }
    let for_table = *screen.get() == Screen::Play
        && reviewing.is_none()
        && !menu.0
        && !asking.0
        && !egui.is_some_and(|e| e.wants_any_keyboard_input());
    for key in keyboard.read() {
        if key.state != ButtonState::Pressed || !for_table {
            continue;
        }
        let Some(input) = key_input(key.key_code, key.repeat) else {
            continue;
        };
        debug!(
            "a key on the table: {input:?} (focus shown: {})",
            focus.shown
        );
        if input == KeyInput::Escape {
            out.write(input);
        } else if !focus.shown {
            focus.shown = true;
            out.write(KeyInput::Show);
        } else {
            out.write(input);
        }
    }
}

/// What a key is on the table; only the arrows repeat when held.
fn key_input(key: KeyCode, repeat: bool) -> Option<KeyInput> {
    let input = match key {
        KeyCode::ArrowLeft => KeyInput::Arrow(Arrow::Left),
        KeyCode::ArrowRight => KeyInput::Arrow(Arrow::Right),
        KeyCode::ArrowUp => KeyInput::Arrow(Arrow::Up),
        KeyCode::ArrowDown => KeyInput::Arrow(Arrow::Down),
        KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space if !repeat => KeyInput::Enter,
        KeyCode::Escape if !repeat => KeyInput::Escape,
        _ => return None,
    };
    Some(input)
}

fn forget_ring(mut focus: ResMut<KeyFocus>) {
    focus.ring = None;
}

/// The focus ring, painted by egui just above the table and below every
/// menu and bar: an accent ring edged in ink, so it shows on the felt and
/// on ivory alike, its width a share of what it goes around (so it scales
/// with the table).
fn draw_ring(
    mut contexts: EguiContexts,
    focus: Res<KeyFocus>,
    menu: Res<MenuOpen>,
    egui_input: Option<Res<EguiWantsInput>>,
    zoom: Res<Zoom>,
    (window, room): (Query<&Window, With<PrimaryWindow>>, Option<Res<TableRoom>>),
) -> Result {
    let wanted = egui_input.is_some_and(|e| e.wants_any_keyboard_input());
    let Some(ring) = focus.ring.filter(|_| focus.shown && !menu.0 && !wanted) else {
        return Ok(());
    };
    let Ok(window) = window.single() else {
        return Ok(());
    };
    // The table's part of the window: the camera is centred on it.
    let size = room.map_or(window.size(), |r| r.table(window.size()));
    let width = (ring.size.min_element() * 0.07).clamp(4.0, 9.0) / zoom.0;
    let centre = zoom.to_points(size, ring.at);
    let half = ring.size / 2.0 / zoom.0 + Vec2::splat(width);
    let ink = egui::Stroke::new(width + 3.0, ecolour::INK);
    let accent = egui::Stroke::new(width, ecolour::ACCENT);
    let painter = contexts.ctx_mut()?.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("key-focus"),
    ));
    if ring.round {
        for stroke in [ink, accent] {
            painter.circle_stroke(centre, half.x, stroke);
        }
    } else {
        let rect = egui::Rect::from_center_size(centre, egui::vec2(half.x, half.y) * 2.0);
        for stroke in [ink, accent] {
            painter.rect_stroke(rect, 2.5 * width, stroke, egui::StrokeKind::Middle);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3 × 3 grid of spots 10 apart, numbered row by row from the top
    /// left, and a row of two far below.
    fn spots() -> Vec<Focusable<usize>> {
        let mut out: Vec<Focusable<usize>> = (0..9)
            .map(|i| {
                let at = Vec2::new((i % 3) as f32 * 10.0, -((i / 3) as f32) * 10.0);
                Focusable::square(i, at, Vec2::splat(8.0))
            })
            .collect();
        out.push(Focusable::disc(9, Vec2::new(40.0, -80.0), 8.0));
        out.push(Focusable::disc(10, Vec2::new(60.0, -80.0), 8.0));
        out
    }

    #[test]
    fn arrows_move_to_the_neighbour_that_way() {
        let s = spots();
        assert_eq!(step(&s, 4, Arrow::Left), 3);
        assert_eq!(step(&s, 4, Arrow::Right), 5);
        assert_eq!(step(&s, 4, Arrow::Up), 1);
        assert_eq!(step(&s, 4, Arrow::Down), 7);
    }

    #[test]
    fn left_and_right_stop_at_the_end_of_a_row() {
        let s = spots();
        assert_eq!(
            step(&s, 5, Arrow::Right),
            5,
            "nothing on its row further right"
        );
        assert_eq!(step(&s, 3, Arrow::Left), 3);
        assert_eq!(
            step(&s, 9, Arrow::Left),
            9,
            "the row above is not to the left"
        );
    }

    #[test]
    fn up_and_down_cross_to_a_row_that_begins_far_aside() {
        let s = spots();
        assert_eq!(step(&s, 6, Arrow::Down), 9, "the nearest of the row below");
        assert_eq!(step(&s, 10, Arrow::Up), 8);
        assert_eq!(step(&s, 1, Arrow::Up), 1, "nothing above the top row");
    }

    #[test]
    fn the_first_key_shows_the_first_spot_and_enter_taps_it() {
        let s = spots();
        let mut focus = Focus::default();
        assert_eq!(focus.follow(&s, KeyInput::Show), None);
        assert_eq!(focus.on, Some(0));
        assert_eq!(
            focus.follow(&s, KeyInput::Enter),
            Some(KeyAct::Tap(0, Vec2::ZERO))
        );
        assert_eq!(focus.follow(&s, KeyInput::Escape), Some(KeyAct::LetGo));
    }

    #[test]
    fn a_focused_spot_that_goes_leaves_the_focus_on_the_nearest() {
        let mut s = spots();
        let mut focus = Focus {
            on: Some(10),
            at: Some(Vec2::new(60.0, -80.0)),
        };
        s.pop();
        assert_eq!(focus.settle(&s), Some(9));
        assert_eq!(focus.on, Some(9));
        assert_eq!(
            Focus::<usize>::default().settle(&[]),
            None,
            "nothing to focus"
        );
    }

    #[test]
    fn enter_and_space_tap_esc_lets_go_and_only_arrows_repeat() {
        assert_eq!(key_input(KeyCode::Enter, false), Some(KeyInput::Enter));
        assert_eq!(key_input(KeyCode::Space, false), Some(KeyInput::Enter));
        assert_eq!(key_input(KeyCode::Enter, true), None);
        assert_eq!(key_input(KeyCode::Escape, false), Some(KeyInput::Escape));
        assert_eq!(
            key_input(KeyCode::ArrowDown, true),
            Some(KeyInput::Arrow(Arrow::Down))
        );
        assert_eq!(key_input(KeyCode::Tab, false), None, "Tab is egui's");
    }
}
