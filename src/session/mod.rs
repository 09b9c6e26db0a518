//! The session: what is on the table and on screen, without drawing it —
//! the screen state, the table being played, notices, the results sheet,
//! the match flow ([`flow`]), the motion count ([`Motion`]) and attract mode
//! ([`attract`]). Headless tests drive the screen flow through this layer.
//!
//! It also holds the frame's one ordering, [`TableSystems`], configured
//! here once for every game.

pub mod attract;
pub mod flow;

use bevy::prelude::*;
use parlour_core::engine::Seat;
use parlour_core::engine::record::SeatRecord;

use crate::catalog::{GameCatalog, GameId};
use crate::engine::{ClockSettings, Controller, RulesSystems};
use crate::settings::Settings;

/// The frame's work around the rules plugin, in order: watching (idle
/// timers, the language), input (pointer and keys into move requests,
/// starting matches) — then the rules apply the moves — showing what
/// happened, and drawing it; keeping (saves, statistics) after showing.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableSystems {
    /// Timers and settings that may change what input does.
    Watch,
    /// Pointer input and starting matches: before the rules.
    Input,
    /// What the rules did, turned into motion, notices and screens.
    Show,
    /// Pieces placed and dressed for the frame.
    Draw,
    /// The match kept on disk and counted.
    Record,
}

/// What the play screen last drew: the game on the table and how many of
/// its moves had been played when it was drawn — what a check of the
/// window asks (`--frame-stats`), to know a game was really on screen.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The game of the match last drawn on the play screen.
    pub game: Option<GameId>,
    /// Moves of that match played when it was drawn.
    pub moves: usize,
}

/// What the screen keeps of the match in play beyond its moves, for
/// Continue to set it out as it was (Rummy: each hand in its player's own
/// order), saved with the match as its record's `screen`. The rules never
/// read it.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct KeptOnScreen {
    /// The match in play's, as its game last noted it.
    pub now: Option<(GameId, serde_json::Value)>,
    /// A continued match's, as its save had it: the game takes it up when
    /// the match is set on the table (a new match finds none).
    pub resumed: Option<serde_json::Value>,
}

/// Whether the match menu is open over the table (the turn clock waits).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MenuOpen(pub bool);

/// Whether a question waits over the table for the person to move (the
/// coach's): the turn clock waits, and keys go to the question.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Asking(pub bool);
/// A match on the table is being reviewed, not played: the flow neither
/// hands over nor moves on to the results, and the table's keys step the
/// review instead.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reviewing;

/// The room a panel beside the table takes (the review's), in logical
/// pixels: the table is laid out in the rest of the window, the camera
/// centred on it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct TableRoom {
    /// Taken at the right edge.
    pub right: f32,
    /// Taken at the bottom edge.
    pub bottom: f32,
}

impl TableRoom {
    /// The table's part of a `window` (logical pixels): what its layout,
    /// the pointer and the keys' ring all measure from, as the camera is
    /// centred on it.
    pub fn table(&self, window: Vec2) -> Vec2 {
        (window - Vec2::new(self.right, self.bottom)).max(Vec2::splat(200.0))
    }
}

/// Which device drives the pointer, for hiding the mouse cursor under touch.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PointerDevice {
    /// A mouse or touchpad.
    #[default]
    Mouse,
    /// A touch screen.
    Touch,
}

/// Whether anything is moving this frame (so the screen must keep drawing,
/// and play waits for it).
#[derive(Resource, Default, Debug)]
pub struct Motion {
    /// Number of tweens and rises still running.
    pub running: usize,
}

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
    /// One seat's hand at a shared table, on this device (`--join`).
    Hand,
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
    /// The game (none yet: the first game added takes the table).
    pub game: GameId,
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
            game: GameId::default(),
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
    /// The seats as a record writes them: each name, and the bot's if a bot sits there.
    pub fn seat_records(&self) -> Vec<SeatRecord> {
        self.seats
            .iter()
            .map(|s| SeatRecord {
                name: s.name.clone(),
                bot: match &s.controller {
                    Controller::Human => None,
                    Controller::Bot(b) => Some(b.clone()),
                },
            })
            .collect()
    }

    /// The table the set-up offers for `game`: the last one a person set
    /// for it (remembered in the settings), else a newcomer's — never
    /// one attract mode, Watch or a lesson laid. Default names come in the
    /// language on screen.
    pub fn for_setup(game: &crate::catalog::GameEntry, settings: &Settings) -> Table {
        let seats = game.seats.clone();
        let remembered = settings
            .tables
            .get(game.id.name())
            .filter(|t| seats.contains(&t.seats.len()));
        let Some(remembered) = remembered else {
            // Someone who has never set a table for this game: its gentler
            // rules and bots that play to win without crushing.
            let mut table = Table {
                game: game.id,
                variant: game.first_rules.to_owned(),
                ..Table::default()
            };
            table.seats.truncate(*seats.end());
            for seat in &mut table.seats {
                if let Controller::Bot(bot) = &mut seat.controller {
                    *bot = game.first_bot().to_owned();
                }
            }
            return table;
        };
        Table {
            game: game.id,
            variant: if remembered.variant.trim().is_empty() {
                "standard".into()
            } else {
                remembered.variant.clone()
            },
            seats: remembered
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatChoice {
                    name: match s.name.trim() {
                        "" => crate::tr!("setup-default-name", number = i + 1),
                        name => crate::i18n::shown_name(&name.chars().take(16).collect::<String>()),
                    },
                    controller: s.bot.clone().map_or(Controller::Human, Controller::Bot),
                })
                .collect(),
            viewer: Some(0),
            handing_to: None,
        }
    }

    /// What the settings keep of this table for its game's next set-up:
    /// default names as none (they follow the language), and — `forget_names`,
    /// a kiosk's visitors — no person's name at all.
    pub fn remembered(&self, forget_names: bool) -> crate::settings::SetupTable {
        crate::settings::SetupTable {
            variant: self.variant.clone(),
            seats: self
                .seats
                .iter()
                .map(|s| {
                    let person = s.controller == Controller::Human;
                    let default = crate::i18n::default_name_number(&s.name).is_some();
                    crate::settings::SetupSeat {
                        name: if default || (person && forget_names) {
                            String::new()
                        } else {
                            s.name.trim().to_owned()
                        },
                        bot: match &s.controller {
                            Controller::Human => None,
                            Controller::Bot(b) => Some(b.clone()),
                        },
                    }
                })
                .collect(),
        }
    }

    /// The seats people play.
    pub fn humans(&self) -> Vec<Seat> {
        (0..self.seats.len())
            .filter(|&s| self.seats[s].controller == Controller::Human)
            .collect()
    }

    /// Whether a person plays `seat`.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.seats
            .get(seat)
            .is_some_and(|s| s.controller == Controller::Human)
    }

    /// A seat's name.
    pub fn name(&self, seat: Seat) -> &str {
        self.seats.get(seat).map_or("?", |s| s.name.as_str())
    }
}

/// Asks the game in `Table` to start a new match.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BeginMatch;

/// Starts the guided lesson of a game ("Learn" on its card).
#[derive(Message, Clone, Copy, Debug)]
pub struct LearnGame(pub GameId);

/// Present while a lesson is on the table: its match is nobody's to keep,
/// file or count.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct InLesson;

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
    /// The column that holds each seat's score, for the bar that stands in
    /// for the sheet while the final table is looked at.
    pub score: Option<usize>,
}

impl ResultsSheet {
    /// Each seat's score in a line, winners marked: "🏆 Ada 31 · Bram 24".
    /// Empty where the game names no score column.
    pub fn scores_line(&self) -> String {
        let Some(k) = self.score else {
            return String::new();
        };
        self.rows
            .iter()
            .filter_map(|(name, cells, won)| {
                let score = cells.get(k)?;
                Some(if *won {
                    format!("🏆 {name} {score}")
                } else {
                    format!("{name} {score}")
                })
            })
            .collect::<Vec<_>>()
            .join("  ·  ")
    }

    /// Who won, in a line: "Ada wins!", a shared win, or the match over.
    pub fn headline(&self) -> String {
        let winners: Vec<&str> = self
            .rows
            .iter()
            .filter(|r| r.2)
            .map(|r| r.0.as_str())
            .collect();
        match winners.as_slice() {
            [] => crate::tr!("results-over"),
            [one] => crate::tr!("results-wins", name = *one),
            [many @ .., last] => crate::tr!(
                "results-share",
                names = crate::tr!("list-and", first = many.join(", "), last = *last)
            ),
        }
    }
}

/// The screens' state and shared resources, drawing nothing: what the play
/// logic needs, so tests can drive the screen flow headless.
pub fn plugin(app: &mut App) {
    app.init_resource::<Settings>();
    // The settings' language from the start, so the first words laid (the
    // default seat names) are already in it.
    crate::i18n::set_language(app.world().resource::<Settings>().language);
    app.init_state::<Screen>()
        .init_resource::<GameCatalog>()
        .init_resource::<Table>()
        .init_resource::<Notice>()
        .init_resource::<ResultsSheet>()
        .init_resource::<Motion>()
        .init_resource::<PointerDevice>()
        .init_resource::<Shown>()
        .init_resource::<MenuOpen>()
        .init_resource::<Asking>()
        .init_resource::<TableRoom>()
        .add_systems(Update, pause_clock.in_set(TableSystems::Watch))
        .add_message::<BeginMatch>()
        .add_message::<LearnGame>()
        // The window plugin adds it too; headless tests need it for the play systems.
        .add_message::<bevy::window::RequestRedraw>()
        .configure_sets(
            Update,
            (
                (TableSystems::Watch, TableSystems::Input)
                    .chain()
                    .before(RulesSystems::Lifecycle),
                (TableSystems::Show, TableSystems::Draw)
                    .chain()
                    .after(RulesSystems::Apply),
                TableSystems::Record.after(TableSystems::Show),
            ),
        )
        .add_systems(PreUpdate, follow_language)
        .add_systems(Update, fade_notice)
        .add_plugins((flow::plugin, attract::plugin));
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
    let stale: Vec<(usize, String)> = (0..table.seats.len())
        .filter_map(|i| {
            let shown = crate::i18n::shown_name(&table.seats[i].name);
            (shown != table.seats[i].name).then_some((i, shown))
        })
        .collect();
    for (i, shown) in stale {
        table.seats[i].name = shown;
    }
}

/// The turn clock waits while the table is covered — the match menu, the
/// coach's question, the how-to page or the settings opened from it, the hand-over screen — so
/// nobody's time runs out while they read or change a setting.
fn pause_clock(
    screen: Res<State<Screen>>,
    menu: Res<MenuOpen>,
    asking: Res<Asking>,
    mut clock: ResMut<ClockSettings>,
) {
    let covered = menu.0
        || asking.0
        || matches!(
            screen.get(),
            Screen::HowTo | Screen::Settings | Screen::HandOver
        );
    if clock.paused != covered {
        clock.paused = covered;
    }
}
