//! Attract mode (`--demo`): bots play, match after match, each game in turn.

use bevy::prelude::*;

use super::{BeginMatch, Screen, SeatChoice, Table, TableSystems};
use crate::catalog::{GameCatalog, GameEntry, GameId};
use crate::engine::{Controller, EndMatch};

/// Attract mode: which games to rotate through.
#[derive(Resource, Clone, Debug)]
pub struct Demo {
    /// The games shown in turn (every game in the catalog when empty).
    pub games: Vec<GameId>,
    /// The next game to show.
    pub next: usize,
    /// Time on the results screen before the next match.
    pub linger: Timer,
    /// The first match has been started (a new `Demo` starts again: kiosk
    /// mode turns attract mode on and off).
    pub started: bool,
}

impl Demo {
    /// Rotates through `games` (every game in the catalog when empty).
    pub fn new(games: Vec<GameId>) -> Self {
        Self {
            games,
            next: 0,
            linger: Timer::from_seconds(4.0, TimerMode::Once),
            started: false,
        }
    }
}

/// The attract-mode systems.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        // Each checks for itself: kiosk mode may end attract mode between the two.
        (start_demo, next_demo_match)
            .distributive_run_if(resource_exists::<Demo>)
            .in_set(TableSystems::Watch),
    );
}

impl Demo {
    /// The next game's table of bots, and the turn moved on.
    fn next_table(&mut self, catalog: &GameCatalog) -> Option<Table> {
        let games: Vec<GameId> = if self.games.is_empty() {
            catalog.ids().collect()
        } else {
            self.games.clone()
        };
        let game = *games.get(self.next % games.len().max(1))?;
        self.next += 1;
        catalog.get(game).map(bot_table)
    }
}

/// The bots' names at attract mode's tables.
const NAMES: [&str; 4] = ["Ada", "Bram", "Cleo", "Dag"];

/// A table of bots for a game, as its entry asks for attract mode.
pub fn bot_table(entry: &GameEntry) -> Table {
    Table {
        game: entry.id,
        variant: "standard".into(),
        seats: (0..entry.attract.seats)
            .map(|i| SeatChoice {
                name: NAMES[i % NAMES.len()].into(),
                controller: Controller::Bot(entry.attract.bot.into()),
            })
            .collect(),
        viewer: None,
        handing_to: None,
    }
}

fn start_demo(
    mut demo: ResMut<Demo>,
    catalog: Res<GameCatalog>,
    mut table: ResMut<Table>,
    mut begin: MessageWriter<BeginMatch>,
    mut next: ResMut<NextState<Screen>>,
) {
    if demo.started {
        return;
    }
    demo.started = true;
    let Some(bots) = demo.next_table(&catalog) else {
        return;
    };
    *table = bots;
    begin.write(BeginMatch);
    next.set(Screen::Play);
}

fn next_demo_match(
    time: Res<Time>,
    screen: Res<State<Screen>>,
    catalog: Res<GameCatalog>,
    mut demo: ResMut<Demo>,
    mut table: ResMut<Table>,
    mut begin: MessageWriter<BeginMatch>,
    mut end: MessageWriter<EndMatch>,
    mut next: ResMut<NextState<Screen>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if *screen.get() != Screen::Results {
        demo.linger.reset();
        return;
    }
    redraw.write(bevy::window::RequestRedraw);
    if demo.linger.tick(time.delta()).is_finished() {
        let Some(bots) = demo.next_table(&catalog) else {
            return;
        };
        *table = bots;
        // The last match may be another game's: end it, so only one is in play.
        end.write(EndMatch);
        begin.write(BeginMatch);
        next.set(Screen::Play);
    }
}
