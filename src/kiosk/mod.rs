//! Kiosk mode: Parlour on a screen in a café or a shop window.
//!
//! - the window fills the primary monitor, without borders, and cannot be
//!   closed from the screen or the window manager;
//! - staff leave through a PIN pad, opened by a long press in the top-left
//!   corner or by Ctrl+Alt+Q;
//! - after the idle timeout without a touch, a match in play is put away
//!   (it is already saved: "Continue" takes it up) and the title comes back;
//!   after as long again, attract mode plays until someone touches the screen;
//! - the mouse cursor hides while a finger is in use (in every mode).

use std::time::Duration;

use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{MouseButtonInput, MouseWheel};
use bevy::input::touch::{TouchInput, Touches};
use bevy::prelude::*;
use bevy::window::{
    CursorMoved, CursorOptions, Monitor, MonitorSelection, PrimaryMonitor, PrimaryWindow,
    WindowCloseRequested, WindowMode, WindowPosition,
};

use crate::engine::EndMatch;
use crate::session::attract::Demo;
use crate::session::{LearnGame, PointerDevice, Screen, Table, TableSystems};
use crate::settings::Settings;

/// Whether the app runs as a kiosk.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kiosk {
    /// Asked for on the command line (`--kiosk`): the setting cannot turn it off.
    pub forced: bool,
    /// In kiosk mode now (`forced`, or the `kiosk` setting).
    pub active: bool,
    /// The PIN has been given, so the kiosk settings may be changed (until
    /// the title comes back).
    pub unlocked: bool,
}

/// A kiosk started as one (`--kiosk`, a page's `?kiosk`) must have a PIN,
/// or any visitor could close it. On Linux the kiosk's launcher refuses to
/// start without one; a page has no launcher, so the PIN pad asks for one
/// before anything else, and leaving is never offered without it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PinRequired;

/// How long nobody has touched the screen, and whether attract mode is on
/// because of it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Idle {
    /// Time since the last touch, key or mouse movement.
    pub quiet: Duration,
    /// Attract mode was started by the idle timeout (a touch ends it).
    pub attract: bool,
}

/// Someone touched the screen, pressed a key or moved the mouse.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct Activity;

/// What the idle timeout calls for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdleStep {
    /// Nothing yet.
    Wait,
    /// Put the match away and show the title.
    PutAway,
    /// Start attract mode.
    Attract,
}

/// The idle rule: after `timeout` of quiet, any screen but the title goes
/// back to the title; on the title, attract mode starts. Attract mode itself
/// is left alone (a touch ends it).
pub fn idle_step(screen: Screen, quiet: Duration, timeout: Duration, attract: bool) -> IdleStep {
    if attract || quiet < timeout {
        IdleStep::Wait
    } else if screen == Screen::Title {
        IdleStep::Attract
    } else {
        IdleStep::PutAway
    }
}

/// What the PIN pad is asked to allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinPurpose {
    /// Close Parlour.
    Leave,
    /// Let the kiosk settings be changed.
    Unlock,
    /// Type a new PIN.
    Choose,
}

/// The PIN pad.
#[derive(Resource, Clone, Debug, Default)]
pub struct PinPad {
    /// Open, and for what.
    pub open: Option<PinPurpose>,
    /// The digits typed.
    pub typed: String,
    /// The last PIN typed was wrong.
    pub wrong: bool,
}

/// What the OK key did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinAnswer {
    /// The PIN was wrong (or the pad was not open): try again.
    Wrong,
    /// A new PIN was chosen.
    Chosen,
    /// The right PIN to close Parlour.
    Leave,
    /// The right PIN to change the kiosk settings.
    Unlock,
}

impl PinPad {
    /// The longest PIN the pad takes.
    pub const MAX_DIGITS: usize = 8;

    /// Opens the pad for `purpose`.
    pub fn ask(&mut self, purpose: PinPurpose) {
        self.open = Some(purpose);
        self.typed.clear();
        self.wrong = false;
    }

    /// A digit key pressed.
    pub fn press(&mut self, digit: char) {
        if digit.is_ascii_digit() && self.typed.len() < Self::MAX_DIGITS {
            self.typed.push(digit);
            self.wrong = false;
        }
    }

    /// The OK key: checks what was typed against `pin` (or, choosing,
    /// makes it the PIN). The pad closes on a right answer and empties on a
    /// wrong one.
    pub fn submit(&mut self, pin: &mut String) -> PinAnswer {
        let answer = match self.open {
            Some(PinPurpose::Choose) => {
                pin.clone_from(&self.typed);
                PinAnswer::Chosen
            }
            Some(PinPurpose::Leave) if pin_matches(pin, &self.typed) => PinAnswer::Leave,
            Some(PinPurpose::Unlock) if pin_matches(pin, &self.typed) => PinAnswer::Unlock,
            _ => PinAnswer::Wrong,
        };
        if answer == PinAnswer::Wrong {
            self.wrong = true;
            self.typed.clear();
        } else {
            self.close();
        }
        answer
    }

    /// Closes the pad, forgetting what was typed.
    pub fn close(&mut self) {
        self.open = None;
        self.typed.clear();
        self.wrong = false;
    }
}

/// How long a press in the hidden corner must last to open the PIN pad.
pub const CORNER_PRESS: Duration = Duration::from_millis(1500);
/// The hidden corner's size, in logical pixels from the top-left.
pub const CORNER: f32 = 72.0;

/// The idle rule and its state, without a window: what tests drive.
pub fn idle_plugin(app: &mut App) {
    app.init_resource::<Kiosk>()
        .init_resource::<Idle>()
        .init_resource::<PinPad>()
        .add_message::<Activity>()
        .add_systems(
            Update,
            (follow_kiosk_setting, watch_idle, ask_for_a_pin)
                .chain()
                .in_set(TableSystems::Watch),
        );
}

/// Kiosk mode on screen: input watching, the hidden corner, the window's
/// mode and cursor (the PIN pad itself is drawn by the screens).
pub fn plugin(app: &mut App) {
    app.add_plugins(idle_plugin)
        .add_systems(PreUpdate, notice_activity.after(bevy::input::InputSystems))
        .add_systems(
            Update,
            (
                (hidden_corner, key_chord).run_if(|k: Res<Kiosk>| k.active),
                (fit_window, cover_monitor)
                    .chain()
                    .run_if(|| crate::platform::HAS_OWN_WINDOW),
                hide_cursor_under_touch,
            ),
        )
        .add_systems(Last, close_unless_kiosk);
}

/// The kiosk setting takes effect at once (it cannot undo `--kiosk`).
fn follow_kiosk_setting(settings: Res<Settings>, mut kiosk: ResMut<Kiosk>) {
    let active = kiosk.forced || settings.kiosk;
    if kiosk.active != active {
        kiosk.active = active;
    }
}

/// Opens the pad to choose a PIN while a kiosk that needs one has none
/// (in place of the pad to leave, which would open with an empty PIN).
fn ask_for_a_pin(
    required: Option<Res<PinRequired>>,
    kiosk: Res<Kiosk>,
    settings: Res<Settings>,
    mut pad: ResMut<PinPad>,
) {
    if required.is_some()
        && kiosk.active
        && settings.kiosk_pin.is_empty()
        && pad.open != Some(PinPurpose::Choose)
    {
        pad.ask(PinPurpose::Choose);
    }
}

/// Any input at all counts as someone being there.
fn notice_activity(
    mut keys: MessageReader<KeyboardInput>,
    mut buttons: MessageReader<MouseButtonInput>,
    mut wheels: MessageReader<MouseWheel>,
    mut touches: MessageReader<TouchInput>,
    mut cursor: MessageReader<CursorMoved>,
    mut activity: MessageWriter<Activity>,
) {
    let any = keys.read().count()
        + buttons.read().count()
        + wheels.read().count()
        + touches.read().count()
        + cursor.read().count();
    if any > 0 {
        activity.write(Activity);
    }
}

/// Counts the quiet time and acts on it; a touch during attract mode ends it.
#[allow(clippy::too_many_arguments)]
fn watch_idle(
    mut commands: Commands,
    time: Res<Time<Real>>,
    settings: Res<Settings>,
    mut kiosk: ResMut<Kiosk>,
    mut idle: ResMut<Idle>,
    mut pad: ResMut<PinPad>,
    screen: Res<State<Screen>>,
    demo: Option<Res<Demo>>,
    mut activity: MessageReader<Activity>,
    mut end: MessageWriter<EndMatch>,
    mut next: ResMut<NextState<Screen>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    (table, mut learn): (Res<Table>, MessageWriter<LearnGame>),
) {
    let touched = activity.read().count() > 0;
    if !kiosk.active {
        idle.quiet = Duration::ZERO;
        return;
    }
    if touched {
        idle.quiet = Duration::ZERO;
        if idle.attract {
            // Someone is here: attract mode gives way to the title, or
            // (if the operator chose it) to the lesson of the game on show.
            idle.attract = false;
            commands.remove_resource::<Demo>();
            end.write(EndMatch);
            // A game without a lesson leaves the title on screen.
            next.set(Screen::Title);
            if settings.kiosk_lessons {
                learn.write(LearnGame(table.game));
            }
        }
        return;
    }
    if idle.attract && demo.is_none() {
        idle.attract = false;
    }
    idle.quiet += time.delta();
    let timeout = Duration::from_secs(u64::from(settings.idle_timeout_secs));
    match idle_step(*screen.get(), idle.quiet, timeout, idle.attract) {
        IdleStep::Wait => {}
        IdleStep::PutAway => {
            // The match was saved after its last move: ending it here loses
            // nothing, and "Continue" offers it on the title.
            end.write(EndMatch);
            next.set(Screen::Title);
            pad.open = None;
            kiosk.unlocked = false;
            idle.quiet = Duration::ZERO;
            redraw.write(bevy::window::RequestRedraw);
        }
        IdleStep::Attract => {
            pad.open = None;
            kiosk.unlocked = false;
            idle.quiet = Duration::ZERO;
            idle.attract = true;
            if demo.is_none() {
                commands.insert_resource(Demo::new(Vec::new()));
            }
            redraw.write(bevy::window::RequestRedraw);
        }
    }
}

/// A long press in the top-left corner opens the PIN pad.
fn hidden_corner(
    time: Res<Time<Real>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mouse: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
    mut pad: ResMut<PinPad>,
    mut held: Local<Duration>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let Ok(window) = windows.single() else { return };
    let in_corner = |p: Vec2| p.x <= CORNER && p.y <= CORNER;
    let pressed = touches.iter().any(|t| in_corner(t.position()))
        || (mouse.pressed(MouseButton::Left) && window.cursor_position().is_some_and(in_corner));
    if !pressed || pad.open.is_some() {
        *held = Duration::ZERO;
        return;
    }
    // Keep frames coming while the press lasts, so it is timed.
    redraw.write(bevy::window::RequestRedraw);
    *held += time.delta();
    if *held >= CORNER_PRESS {
        *held = Duration::ZERO;
        pad.ask(PinPurpose::Leave);
    }
}

/// Ctrl+Alt+Q opens the PIN pad.
fn key_chord(keys: Res<ButtonInput<KeyCode>>, mut pad: ResMut<PinPad>) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let alt = keys.any_pressed([KeyCode::AltLeft, KeyCode::AltRight]);
    if ctrl && alt && keys.just_pressed(KeyCode::KeyQ) && pad.open.is_none() {
        pad.ask(PinPurpose::Leave);
    }
}

/// The window fills the primary monitor without borders in kiosk mode.
fn fit_window(kiosk: Res<Kiosk>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    if !kiosk.is_changed() {
        return;
    }
    let Ok(mut window) = windows.single_mut() else {
        return;
    };
    if kiosk.active {
        window.mode = WindowMode::BorderlessFullscreen(MonitorSelection::Primary);
        window.decorations = false;
    } else if !window.decorations {
        window.mode = WindowMode::Windowed;
        window.decorations = true;
    }
}

/// Without a window manager (a kiosk often has none) a borderless
/// fullscreen request may leave the window at its old size: then it is
/// sized and placed over the primary monitor by hand.
fn cover_monitor(
    kiosk: Res<Kiosk>,
    monitors: Query<&Monitor, With<PrimaryMonitor>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    if !kiosk.active {
        return;
    }
    let (Ok(monitor), Ok(mut window)) = (monitors.single(), windows.single_mut()) else {
        return;
    };
    let size = UVec2::new(monitor.physical_width, monitor.physical_height);
    if size.x == 0 || size.y == 0 {
        return;
    }
    if window.resolution.physical_size() != size {
        window.resolution.set_physical_resolution(size.x, size.y);
        window.position = WindowPosition::At(monitor.physical_position);
    }
}

/// Under a finger the mouse cursor hides; the mouse brings it back.
fn hide_cursor_under_touch(
    device: Res<PointerDevice>,
    mut cursors: Query<&mut CursorOptions, With<PrimaryWindow>>,
) {
    if !device.is_changed() {
        return;
    }
    for mut cursor in &mut cursors {
        let visible = *device != PointerDevice::Touch;
        if cursor.visible != visible {
            cursor.visible = visible;
        }
    }
}

/// The window manager's close button closes Parlour, except in kiosk mode.
fn close_unless_kiosk(
    kiosk: Res<Kiosk>,
    mut commands: Commands,
    mut requests: MessageReader<WindowCloseRequested>,
) {
    for request in requests.read() {
        if !kiosk.active {
            commands.entity(request.window).despawn();
        }
    }
}

/// Whether `typed` opens the kiosk: the PIN, or anything when no PIN is set.
pub fn pin_matches(pin: &str, typed: &str) -> bool {
    pin.is_empty() || pin == typed
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: Duration = Duration::from_secs(60);

    fn pad_for(purpose: PinPurpose, typed: &str) -> PinPad {
        let mut pad = PinPad::default();
        pad.ask(purpose);
        typed.chars().for_each(|d| pad.press(d));
        pad
    }

    /// The pad after one pass of `ask_for_a_pin` over `pad`.
    fn after_asking(required: bool, pin: &str, pad: PinPad) -> PinPad {
        let mut world = World::new();
        world.insert_resource(Kiosk {
            forced: true,
            active: true,
            unlocked: false,
        });
        world.insert_resource(Settings {
            kiosk_pin: pin.to_owned(),
            ..Settings::default()
        });
        world.insert_resource(pad);
        if required {
            world.insert_resource(PinRequired);
        }
        world
            .run_system_cached(ask_for_a_pin)
            .expect("the system runs");
        world.resource::<PinPad>().clone()
    }

    #[test]
    fn a_kiosk_that_needs_a_pin_asks_for_one_before_anything_else() {
        let asked = after_asking(true, "", PinPad::default());
        assert_eq!(asked.open, Some(PinPurpose::Choose));
        // The pad to leave, opened without a PIN, becomes the pad to choose one.
        let leaving = after_asking(true, "", pad_for(PinPurpose::Leave, ""));
        assert_eq!(leaving.open, Some(PinPurpose::Choose));
        // Cancelled, or an empty PIN chosen: asked again.
        let mut pin = String::new();
        let mut pad = asked.clone();
        assert_eq!(pad.submit(&mut pin), PinAnswer::Chosen);
        assert_eq!(after_asking(true, &pin, pad).open, Some(PinPurpose::Choose));
    }

    #[test]
    fn a_kiosk_with_a_pin_or_not_needing_one_is_not_asked() {
        assert_eq!(after_asking(true, "2468", PinPad::default()).open, None);
        assert_eq!(after_asking(false, "", PinPad::default()).open, None);
        let leaving = after_asking(true, "2468", pad_for(PinPurpose::Leave, ""));
        assert_eq!(leaving.open, Some(PinPurpose::Leave));
    }

    #[test]
    fn the_right_pin_leaves_or_unlocks_and_closes_the_pad() {
        let mut pin = "2468".to_owned();
        let mut pad = pad_for(PinPurpose::Leave, "2468");
        assert_eq!(pad.submit(&mut pin), PinAnswer::Leave);
        assert_eq!(pad.open, None);
        let mut pad = pad_for(PinPurpose::Unlock, "2468");
        assert_eq!(pad.submit(&mut pin), PinAnswer::Unlock);
        assert_eq!(pin, "2468");
    }

    #[test]
    fn a_wrong_or_empty_pin_is_refused_and_the_pad_stays_open_and_empty() {
        let mut pin = "2468".to_owned();
        for typed in ["2469", "", "24680"] {
            let mut pad = pad_for(PinPurpose::Leave, typed);
            assert_eq!(pad.submit(&mut pin), PinAnswer::Wrong, "{typed:?}");
            assert_eq!(pad.open, Some(PinPurpose::Leave));
            assert!(pad.wrong && pad.typed.is_empty());
        }
        // A digit typed after a wrong PIN clears the warning.
        let mut pad = pad_for(PinPurpose::Unlock, "1");
        pad.submit(&mut pin);
        pad.press('2');
        assert!(!pad.wrong);
    }

    #[test]
    fn with_no_pin_set_any_pin_opens_the_kiosk() {
        let mut pin = String::new();
        let mut pad = pad_for(PinPurpose::Leave, "");
        assert_eq!(pad.submit(&mut pin), PinAnswer::Leave);
    }

    #[test]
    fn choosing_a_pin_sets_it_and_the_pad_takes_at_most_eight_digits() {
        let mut pin = "1111".to_owned();
        let mut pad = pad_for(PinPurpose::Choose, "1234567890x");
        assert_eq!(pad.typed, "12345678");
        assert_eq!(pad.submit(&mut pin), PinAnswer::Chosen);
        assert_eq!(pin, "12345678");
        assert_eq!(pad.open, None);
    }

    #[test]
    fn before_the_timeout_nothing_happens() {
        assert_eq!(idle_step(Screen::Play, MIN, 2 * MIN, false), IdleStep::Wait);
    }

    #[test]
    fn a_quiet_match_is_put_away() {
        for screen in [
            Screen::Play,
            Screen::HandOver,
            Screen::Setup,
            Screen::Settings,
        ] {
            assert_eq!(
                idle_step(screen, 2 * MIN, 2 * MIN, false),
                IdleStep::PutAway
            );
        }
    }

    #[test]
    fn a_quiet_title_starts_attract_mode() {
        assert_eq!(
            idle_step(Screen::Title, 2 * MIN, 2 * MIN, false),
            IdleStep::Attract
        );
    }

    #[test]
    fn attract_mode_is_left_to_run() {
        assert_eq!(
            idle_step(Screen::Play, 10 * MIN, 2 * MIN, true),
            IdleStep::Wait
        );
    }

    #[test]
    fn no_pin_set_lets_staff_out_and_a_pin_must_match() {
        assert!(pin_matches("", ""));
        assert!(pin_matches("2468", "2468"));
        assert!(!pin_matches("2468", "2469"));
        assert!(!pin_matches("2468", ""));
    }
}
