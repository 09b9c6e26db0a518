//! What every game on screen gets from the shell, in one call:
//! [`AddGame::add_game`] puts the game in the catalog and adds its rules
//! plugin, the match flow, saving, resuming and replaying, the results
//! sheet, refusals said on screen, its sounds, the coach, its lesson, and
//! its bots made at the strength the settings choose. Also the small helpers every table shares.

use bevy::prelude::*;
use parlour_core::engine::lesson::Teach;
use parlour_core::engine::{Bot, BotError, Match, Seat};

use crate::catalog::{GameCatalog, GameEntry, GameId};
use crate::coach::Coached;
use crate::engine::{ActiveMatch, BotMaker, FrameStepped, MoveRejected, RulesPlugin};
use crate::review::ReviewGame;
use crate::session::{Notice, ResultsSheet, Screen, Shown, Table, TableRoom, TableSystems, flow};
use crate::settings::{BotStrength, Settings};
use crate::sound::cues::Sounds;

/// How far, in logical pixels, a press must travel before it is a drag
/// rather than a tap.
pub const DRAG_START: f32 = 12.0;

/// What a game tells the shell beyond its rules: its results sheet and its
/// refusals in words. (Its sounds come with [`Sounds`].)
pub trait TableGame: Sounds + Coached + Teach + ReviewGame {
    /// The final scores of a finished match, as the results screen shows them.
    fn results_sheet(game: &Match<Self>, table: &Table) -> ResultsSheet;

    /// A refused move in the words of the language on screen.
    fn refusal_text(refusal: &MoveRejected<Self>, table: &Table) -> String {
        let seat_name = |seat: Seat| table.name(seat).to_owned();
        crate::i18n::refusal(&refusal.phrase, &refusal.reason, &seat_name)
    }

    /// The bot called `name` at `strength` (how long a searching bot may
    /// think), with its own seed; `stepped` in a run stepped frame by frame
    /// ([`FrameStepped`]), where a search counts playouts, never time. The
    /// records keep the name alone, so a resumed match makes its bots at the
    /// strength chosen then. By default both are ignored: the game's bots
    /// do not search on a clock.
    fn bot_at(
        name: &str,
        _strength: BotStrength,
        _stepped: bool,
        seed: u64,
    ) -> Result<Box<dyn Bot<Self>>, BotError> {
        Self::bot(name, seed)
    }
}

/// Adds a game to the app.
pub trait AddGame {
    /// Adds game `G`, described by `entry`, with everything the shell gives
    /// a game on screen. The table starts on the first game added.
    fn add_game<G: TableGame>(&mut self, entry: GameEntry) -> &mut Self;
}

impl AddGame for App {
    fn add_game<G: TableGame>(&mut self, entry: GameEntry) -> &mut Self {
        let id = entry.id;
        self.world_mut()
            .get_resource_or_init::<GameCatalog>()
            .add(entry);
        let mut table = self.world_mut().get_resource_or_init::<Table>();
        if table.game == GameId::default() {
            table.game = id;
        }
        self.add_plugins(RulesPlugin::<G>::default());
        flow::match_flow::<G>(self);
        crate::saves::match_saves::<G>(self);
        crate::sound::hear::<G>(self);
        crate::coach::coach::<G>(self);
        crate::lessons::lesson_player::<G>(self);
        crate::review::review::<G>(self);
        self.add_systems(
            Update,
            (
                fill_results::<G>.run_if(resource_exists::<ActiveMatch<G>>),
                show_refusals::<G>,
            )
                .in_set(TableSystems::Show),
        )
        .add_systems(
            Update,
            note_shown::<G>
                .run_if(in_state(Screen::Play).and_then(resource_exists::<ActiveMatch<G>>))
                .in_set(TableSystems::Draw),
        )
        .add_systems(Update, follow_bot_strength::<G>.in_set(TableSystems::Watch))
    }
}

/// Keeps the maker of `G`'s bots at the strength the settings choose. It
/// runs before the rules start a match, so a match started in the same
/// frame has it; a change mid-match remakes the bots in play.
fn follow_bot_strength<G: TableGame>(
    settings: Option<Res<Settings>>,
    stepped: Option<Res<FrameStepped>>,
    mut made_at: Local<Option<(BotStrength, bool)>>,
    mut maker: ResMut<BotMaker<G>>,
) {
    let strength = settings.map_or_else(BotStrength::default, |s| s.bot_strength);
    let stepped = stepped.is_some();
    if *made_at != Some((strength, stepped)) {
        *made_at = Some((strength, stepped));
        *maker = BotMaker::new(move |name, seed| G::bot_at(name, strength, stepped, seed));
    }
}

/// The room the table is laid out in, in logical pixels: the window
/// (1280 × 800 before there is one) less a panel's [`TableRoom`].
#[derive(bevy::ecs::system::SystemParam)]
pub struct TableWindow<'w, 's> {
    windows: Query<'w, 's, &'static Window>,
    room: Option<Res<'w, TableRoom>>,
}

impl TableWindow<'_, '_> {
    /// The table's room.
    pub fn size(&self) -> Vec2 {
        let window = self
            .windows
            .iter()
            .next()
            .map(|w| w.size())
            .unwrap_or(Vec2::new(1280.0, 800.0));
        let room = self.room.as_deref().copied().unwrap_or_default();
        room.table(window)
    }
}

/// What the seat on screen may see of the match, if a seat is on screen.
pub fn viewer_view<G: TableGame>(active: &ActiveMatch<G>, table: &Table) -> Option<G::View> {
    let seat = table.viewer?;
    (seat < active.get().players()).then(|| active.get().view(seat))
}

/// Whether a match of `G` is on the table: the run condition of a game's
/// screen systems.
pub fn on_table<G: TableGame>(active: Option<Res<ActiveMatch<G>>>) -> bool {
    active.is_some()
}

/// The results sheet, filled once the match is over.
fn fill_results<G: TableGame>(
    active: Res<ActiveMatch<G>>,
    table: Res<Table>,
    mut sheet: ResMut<ResultsSheet>,
) {
    if active.is_changed() && active.get().is_over() {
        *sheet = G::results_sheet(active.get(), &table);
    }
}

/// Notes the match the play screen draws this frame, and its moves played.
fn note_shown<G: TableGame>(active: Res<ActiveMatch<G>>, mut shown: ResMut<Shown>) {
    let now = Shown {
        game: Some(GameId::of::<G>()),
        moves: active.get().moves().len(),
    };
    shown.set_if_neq(now);
}

/// A refused move said on screen, in red.
fn show_refusals<G: TableGame>(
    mut rejected: MessageReader<MoveRejected<G>>,
    table: Res<Table>,
    mut notice: ResMut<Notice>,
) {
    for r in rejected.read() {
        debug!("refused: {}", r.reason);
        notice.show(G::refusal_text(r, &table), true);
    }
}
