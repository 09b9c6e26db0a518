//! The screens, drawn with egui over the table — title, set-up, hand-over,
//! results, how to play, settings, history, statistics, the PIN pad — and
//! what every screen and table shares: the theme, pointer input, the keys'
//! focus, tweens and widgets. Names no game: a game's picture, rules and
//! set-up row come from its entry in the
//! [`GameCatalog`](crate::catalog::GameCatalog).

pub mod arrive;
pub mod coach;
pub mod hand;
pub mod hand_over;
pub mod history;
pub mod how_to;
pub mod input;
pub mod keyboard;
pub mod keys;
pub mod match_menu;
pub mod pin_pad;
pub mod probe;
pub mod results;
pub mod review;
pub mod saving;
pub mod settings;
pub mod setup;
pub mod statistics;
pub mod theme;
pub mod title;
pub mod tween;
pub mod variant_editor;
pub mod widgets;

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass};

use crate::catalog::GameId;
use crate::session::{Screen, TableRoom};
use crate::settings::Settings;
use theme::Zoom;

/// The egui pass, in order: each game's HUD and words on the table, then
/// the screens, then what opens over everything (the PIN pad).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiSystems {
    /// A game's HUD, drawn over its table.
    Hud,
    /// The menu screens and the in-match bars.
    Screens,
    /// Dialogs over every screen.
    Overlays,
}

/// The game whose how-to-play page is open.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct HowToGame(pub GameId);

/// Where the how-to-play and settings screens return to.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct ReturnTo(pub Option<Screen>);

/// A screen to go to, asked for from inside another screen's drawing.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct GoTo(pub Option<Screen>);

/// The app's screens and what they share. Needs the session.
pub fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .add_plugins(zoom_plugin)
        .add_systems(Startup, (theme::make_look, spawn_camera))
        .add_systems(Update, centre_camera_on_table)
        .add_systems(Last, draw_through_changes)
        // After the first frame's drawing: fonts set now are bound from the
        // next pass on, and the look names them, so both start together.
        .add_systems(
            EguiPrimaryContextPass,
            style_egui_once.after(UiSystems::Overlays),
        )
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        )
        .add_plugins((
            arrive::plugin,
            tween::plugin,
            input::plugin,
            input::ui_plugin,
            keys::plugin,
            probe::plugin,
        ))
        .add_plugins(screens_plugin);
}

/// Keeps frames coming for a moment at start-up, after a change of screen
/// and after a change of settings: the window draws only when something
/// changes, and a first frame made before the window is shown, or egui's
/// second pass over a screen laid out anew (a new text size), would
/// otherwise wait for the next touch or key.
fn draw_through_changes(
    time: Res<Time<Real>>,
    screen: Res<State<Screen>>,
    settings: Option<Res<crate::settings::Settings>>,
    mut until: Local<Duration>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let now = time.elapsed();
    if screen.is_changed() || settings.is_some_and(|s| s.is_changed()) {
        *until = now + Duration::from_millis(600);
    }
    if now < Duration::from_secs(2) || now < *until {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// egui's zoom fitted to the primary window and the text size the settings
/// choose, before anything is drawn. Apart from [`plugin`] so a test that
/// drives the screens through an egui context of its own can have it.
pub fn zoom_plugin(app: &mut App) {
    app.init_resource::<Zoom>()
        .add_systems(EguiPrimaryContextPass, fit_zoom.before(UiSystems::Hud));
}

/// The screens themselves and where they lead, without egui's plugin, the
/// camera or the pointer: what a test drives headless through an egui
/// context of its own, one pass at a time.
pub fn screens_plugin(app: &mut App) {
    app.init_resource::<HowToGame>()
        .init_resource::<ReturnTo>()
        .init_resource::<GoTo>()
        .configure_sets(
            EguiPrimaryContextPass,
            (UiSystems::Hud, UiSystems::Screens, UiSystems::Overlays).chain(),
        )
        .add_systems(Update, follow_goto)
        .add_plugins((
            title::plugin,
            setup::plugin,
            hand_over::plugin,
            results::plugin,
            how_to::plugin,
            settings::plugin,
            history::plugin,
            review::plugin,
            saving::plugin,
            statistics::plugin,
            pin_pad::plugin,
            coach::plugin,
            hand::plugin,
            variant_editor::plugin,
        ));
}

/// bevy_egui reports the modifier keys to egui every frame, and egui asks for
/// a new frame whenever it has an event: an idle screen would redraw for
/// ever. Only a change of the modifiers is passed on.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<bevy_egui::egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.0.events.retain(|event| match event {
            bevy_egui::egui::Event::ModifiersChanged(m) => last.replace(*m) != Some(*m),
            _ => true,
        });
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        Camera {
            clear_color: ClearColorConfig::Custom(theme::colour::FELT),
            ..default()
        },
        // Every edge is anti-aliased in its texture already; multisampling
        // would only cost time, a lot of it under a software renderer.
        Msaa::Off,
        // Flat colours have no bands to dither.
        bevy::core_pipeline::tonemapping::DebandDither::Disabled,
    ));
}

/// Keeps the table's centre in the middle of the room a panel leaves it
/// ([`TableRoom`]): the tables lay out around the world's origin.
fn centre_camera_on_table(
    room: Option<Res<TableRoom>>,
    mut cameras: Query<&mut Transform, With<Camera2d>>,
) {
    let Some(room) = room.filter(|r| r.is_changed()) else {
        return;
    };
    for mut transform in &mut cameras {
        transform.translation.x = room.right / 2.0;
        transform.translation.y = -room.bottom / 2.0;
    }
}

fn style_egui_once(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        let ctx = contexts.ctx_mut()?;
        theme::egui_style(ctx);
        taps_of_any_length(ctx);
        *done = true;
    }
    Ok(())
}

/// A press released where it began is a tap however long it lasted. egui
/// turns a press held over 0.8 s into a long-touch, not a click; Parlour has
/// no long-touch menus, and on a slow tablet or a page drawn without a GPU a
/// quick tap can span two long frames and be lost.
pub fn taps_of_any_length(ctx: &bevy_egui::egui::Context) {
    ctx.options_mut(|o| o.input_options.max_click_duration = f64::INFINITY);
}

/// Fits egui's zoom to the window and the text size chosen.
fn fit_zoom(
    mut contexts: EguiContexts,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    settings: Res<Settings>,
    mut zoom: ResMut<Zoom>,
) -> Result {
    let Ok(window) = window.single() else {
        return Ok(());
    };
    let wanted = Zoom::for_window(window.size(), settings.text_size.factor());
    let ctx = contexts.ctx_mut()?;
    if *zoom != wanted || ctx.zoom_factor() != wanted.0 {
        ctx.set_zoom_factor(wanted.0);
        *zoom = wanted;
    }
    Ok(())
}

fn follow_goto(mut goto: ResMut<GoTo>, mut next: ResMut<NextState<Screen>>) {
    if let Some(screen) = goto.0.take() {
        next.set(screen);
    }
}

#[cfg(test)]
mod tests {
    use super::taps_of_any_length;
    use bevy_egui::egui::{self, Event, PointerButton, Pos2, RawInput, Rect, Vec2};

    /// One frame of a window holding a Start button: where the button is
    /// and whether it saw a click.
    fn frame(ctx: &egui::Context, time: f64, events: Vec<Event>) -> (Rect, bool) {
        let input = RawInput {
            time: Some(time),
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, Vec2::new(400.0, 300.0))),
            events,
            ..Default::default()
        };
        let mut seen = (Rect::NOTHING, false);
        let mut output = ctx.run_ui(input, |ui| {
            let r = ui.button("Start");
            seen = (r.rect, r.clicked());
        });
        // Nothing draws the fonts' texture here.
        output.textures_delta.clear();
        seen
    }

    /// Presses the button and releases it `held` seconds later, a frame
    /// each, in a new context (`lifted`: with Parlour's taps): whether it saw
    /// a click.
    fn tap_held(lifted: bool, held: f64) -> bool {
        let ctx = &crate::ui::theme::test_context();
        if lifted {
            taps_of_any_length(ctx);
        }
        let at = frame(ctx, 0.0, vec![]).0.center();
        let button = |pressed| Event::PointerButton {
            pos: at,
            button: PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        };
        let pressed = frame(ctx, 0.1, vec![Event::PointerMoved(at), button(true)]).1;
        let released = frame(ctx, 0.1 + held, vec![button(false)]).1;
        pressed || released
    }

    #[test]
    fn a_tap_spanning_slow_frames_is_still_a_tap() {
        assert!(tap_held(true, 0.05), "a quick tap");
        assert!(tap_held(true, 1.6), "a tap across two 0.8 s frames");
        // egui's own rule, which the setting lifts.
        assert!(tap_held(false, 0.05) && !tap_held(false, 1.6));
    }
}
