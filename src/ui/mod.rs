//! The screens: title, match set-up, play, hand-over, results, how to play,
//! settings — and what they share: theme, motion, pointer input.

pub mod anim;
pub mod demo;
pub mod home;
pub mod input;
pub mod play;
pub mod screens;
pub mod theme;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass};
use parlour_core::engine::Seat;

use crate::engine::Controller;

/// The screen on show.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The three games as cards.
    #[default]
    Title,
    /// Seats, bots, names, variant.
    Setup,
    /// A match in play.
    Play,
    /// "Pass to Anna — tap when ready": between two people's turns.
    HandOver,
    /// The final scores.
    Results,
    /// A game's rules in plain words.
    HowTo,
    /// Animation speed and other preferences.
    Settings,
    /// Finished matches, to watch again.
    History,
    /// Matches played and won, by name.
    Statistics,
}

/// The three games, as the screens list them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GameKind {
    /// Neighbours.
    #[default]
    Neighbours,
    /// Paper Boxing.
    PaperBoxing,
    /// Rummy.
    Rummy,
}

impl GameKind {
    /// All three, in title-screen order.
    pub const ALL: [GameKind; 3] = [GameKind::Neighbours, GameKind::PaperBoxing, GameKind::Rummy];

    /// The name records use.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Neighbours => "neighbours",
            GameKind::PaperBoxing => "paper-boxing",
            GameKind::Rummy => "rummy",
        }
    }

    /// The game by its record name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The title shown to people, in the language on screen.
    pub fn title(self) -> String {
        crate::tr!(&format!("game-{}", self.name()))
    }

    /// One line about the game, in the language on screen.
    pub fn tagline(self) -> String {
        crate::tr!(&format!("game-{}-tagline", self.name()))
    }

    /// Whether the game can be played on screen yet.
    pub fn playable(self) -> bool {
        matches!(
            self,
            GameKind::Neighbours | GameKind::PaperBoxing | GameKind::Rummy
        )
    }

    /// How many seats.
    pub fn seats(self) -> std::ops::RangeInclusive<usize> {
        match self {
            GameKind::PaperBoxing => 2..=2,
            _ => 2..=4,
        }
    }
}

/// One seat as chosen on the set-up screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatChoice {
    /// The name shown.
    pub name: String,
    /// A person, or a bot by name.
    pub controller: Controller,
}

/// The table being played: the game, its variant, who sits where, and
/// whose hidden pieces the screen shows.
#[derive(Resource, Clone, Debug)]
pub struct Table {
    /// The game.
    pub game: GameKind,
    /// The variant's name.
    pub variant: String,
    /// One per seat.
    pub seats: Vec<SeatChoice>,
    /// The seat whose hand is on screen (a person's; in a bots-only match, the seat to move).
    pub viewer: Option<Seat>,
    /// The seat the hand-over screen is waiting for.
    pub handing_to: Option<Seat>,
}

impl Default for Table {
    fn default() -> Self {
        Self {
            game: GameKind::Neighbours,
            variant: "standard".into(),
            seats: vec![
                SeatChoice {
                    // In the language on screen when the table is first laid.
                    name: crate::tr!("setup-you"),
                    controller: Controller::Human,
                },
                SeatChoice {
                    name: "Ada".into(),
                    controller: Controller::Bot("expert".into()),
                },
                SeatChoice {
                    name: "Bram".into(),
                    controller: Controller::Bot("expert".into()),
                },
            ],
            viewer: Some(0),
            handing_to: None,
        }
    }
}

impl Table {
    /// The seats people play.
    pub fn humans(&self) -> Vec<Seat> {
        (0..self.seats.len())
            .filter(|&s| self.seats[s].controller == Controller::Human)
            .collect()
    }

    /// A seat's name.
    pub fn name(&self, seat: Seat) -> &str {
        self.seats.get(seat).map_or("?", |s| s.name.as_str())
    }
}

/// Preferences, kept in the settings file (see [`crate::settings`]).
///
/// Read leniently: a field left out takes its default, a field this version
/// does not know is ignored, and values out of range are brought back in.
#[derive(Resource, Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Settings {
    /// 0.5 (slow) to 2 (fast); bots' pace and every animation follow it.
    pub animation_speed: f32,
    /// Whether hints may be asked for.
    pub hints: bool,
    /// The language on screen.
    pub language: crate::i18n::Lang,
    /// Whether sounds play (for builds with sound).
    pub sound: bool,
    /// Card faces told apart by symbol and pattern as well as colour.
    pub colour_blind: bool,
    /// Start in kiosk mode (as `--kiosk` does).
    pub kiosk: bool,
    /// Kiosk mode: seconds without a touch before the match is put away and
    /// the title comes back (and as long again before attract mode).
    pub idle_timeout_secs: u32,
    /// Kiosk mode: the PIN that lets staff leave; empty, no PIN is asked.
    pub kiosk_pin: String,
    /// The window's size when it was last closed, in logical pixels.
    pub window: Option<(u32, u32)>,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            animation_speed: 1.0,
            hints: true,
            language: crate::i18n::Lang::system(),
            sound: true,
            colour_blind: false,
            kiosk: false,
            idle_timeout_secs: Settings::IDLE_DEFAULT,
            kiosk_pin: String::new(),
            window: None,
        }
    }
}

impl Settings {
    /// The idle timeout when none is set: two minutes.
    pub const IDLE_DEFAULT: u32 = 120;
    /// The shortest and longest idle timeouts offered.
    pub const IDLE_RANGE: std::ops::RangeInclusive<u32> = 30..=1800;

    /// Brings every value into its range (a hand-edited file may hold anything).
    pub fn sanitised(mut self) -> Self {
        self.animation_speed = if self.animation_speed.is_finite() {
            self.animation_speed.clamp(0.5, 2.0)
        } else {
            1.0
        };
        self.idle_timeout_secs = self
            .idle_timeout_secs
            .clamp(*Self::IDLE_RANGE.start(), *Self::IDLE_RANGE.end());
        self.kiosk_pin.retain(|c| c.is_ascii_digit());
        self.kiosk_pin.truncate(8);
        self.window = self
            .window
            .filter(|&(w, h)| (320..=8192).contains(&w) && (320..=8192).contains(&h));
        self
    }
}

/// Asks the game in `Table` to start a new match.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BeginMatch;

/// A one-line message for the player (a refused move, a forced pass), shown for a while.
#[derive(Resource, Default, Clone, Debug)]
pub struct Notice {
    /// The text.
    pub text: String,
    /// Whether it reports a refusal.
    pub warning: bool,
    /// Seconds left on screen.
    pub remaining: f32,
}

impl Notice {
    /// Shows `text` for a few seconds.
    pub fn show(&mut self, text: impl Into<String>, warning: bool) {
        self.text = text.into();
        self.warning = warning;
        self.remaining = 4.0;
    }
}

/// The final scores, filled by the game when its match ends.
#[derive(Resource, Default, Clone, Debug)]
pub struct ResultsSheet {
    /// Column headings after the name.
    pub columns: Vec<String>,
    /// Name, cells, and whether the seat won.
    pub rows: Vec<(String, Vec<String>, bool)>,
    /// Lines under the table (how ties and penalties worked out).
    pub notes: Vec<String>,
}

/// The screens' state and shared resources, drawing nothing: what the play
/// logic needs, so tests can drive the screen flow headless.
pub fn state_plugin(app: &mut App) {
    app.init_resource::<Settings>();
    // The settings' language from the start, so the first words laid (the
    // default seat names) are already in it.
    crate::i18n::set_language(app.world().resource::<Settings>().language);
    app.init_state::<Screen>()
        .init_resource::<Table>()
        .init_resource::<Notice>()
        .init_resource::<ResultsSheet>()
        .init_resource::<anim::Motion>()
        .add_message::<BeginMatch>()
        // The window plugin adds it too; headless tests need it for the play systems.
        .add_message::<bevy::window::RequestRedraw>()
        .add_systems(PreUpdate, follow_language);
}

/// The app's screens and what they share.
pub fn plugin(app: &mut App) {
    app.add_plugins((EguiPlugin::default(), state_plugin))
        .add_systems(Startup, (theme::make_look, spawn_camera))
        .add_systems(EguiPrimaryContextPass, style_egui_once)
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        )
        .add_systems(Update, fade_notice)
        .add_plugins((anim::plugin, input::plugin, input::ui_plugin))
        .add_plugins((screens::plugin, demo::plugin))
        .add_plugins((home::plugin, crate::saves::plugin, crate::settings::plugin))
        .add_plugins(crate::kiosk::plugin);
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

fn style_egui_once(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        theme::egui_style(contexts.ctx_mut()?);
        *done = true;
    }
    Ok(())
}

fn fade_notice(
    time: Res<Time>,
    mut notice: ResMut<Notice>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if notice.remaining > 0.0 {
        notice.remaining -= time.delta_secs();
        // Keep drawing until it is gone, so it does not linger on an idle screen.
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// The screens speak the language the settings name, from the frame after
/// the change on (before any screen draws it). A seat still called by a
/// default name ("Player 1", in any language) takes this language's: the
/// table may have been laid before the settings file was read.
fn follow_language(settings: Res<Settings>, table: Option<ResMut<Table>>) {
    if !settings.is_changed() {
        return;
    }
    if crate::i18n::language() != settings.language {
        crate::i18n::set_language(settings.language);
    }
    let Some(mut table) = table else { return };
    let default_name = crate::tr!("setup-you");
    let is_default = |name: &str| {
        crate::i18n::Lang::ALL
            .into_iter()
            .any(|lang| crate::i18n::tr_in(lang, "setup-you").as_deref() == Some(name))
    };
    let stale: Vec<usize> = (0..table.seats.len())
        .filter(|&i| table.seats[i].name != default_name && is_default(&table.seats[i].name))
        .collect();
    for i in stale {
        table.seats[i].name = default_name.clone();
    }
}
