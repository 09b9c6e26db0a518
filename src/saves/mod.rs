//! The match in progress kept on disk and taken up again; finished matches
//! filed in the history and counted in the statistics; and a filed match
//! watched again, move by move, through the rules plugin.
//!
//! [`plugin`] holds what every game shares; `game_kit` adds
//! [`match_saves`] for each game.

mod keep;
mod resume;

use std::path::PathBuf;
use std::time::Duration;

use crate::platform::time::SystemTime;

use bevy::prelude::*;
use parlour_core::engine::{Game, Record, SeatRecord};

use crate::catalog::{GameCatalog, GameId};
use crate::engine::{ActiveMatch, Controller, EndMatch};
use crate::session::{Screen, SeatChoice, Table, TableSystems};
use crate::stats::{Statistics, StatisticsFile};
use crate::storage::{
    FileWarning, FileWarnings, SlotContents, StorageTrouble, open_slot, set_aside_bad_history,
};

/// The save slot: where the match in progress is written, where finished
/// matches are filed, and the match "Continue" would take up.
#[derive(Resource, Clone, Debug, Default)]
pub struct SaveSlot {
    /// The file of the match in progress (`None`: nothing is written).
    pub current: Option<PathBuf>,
    /// The history folder (`None`: finished matches are not kept).
    pub history: Option<PathBuf>,
    /// The unfinished match on disk, if any.
    pub unfinished: Option<Record>,
}

impl SaveSlot {
    /// Opens the slot at `current`: a match to continue is offered; a
    /// finished one is filed; a broken file is set aside and reported, and
    /// so is each finished match of the history that does not read. A
    /// broken file that could not be set aside is left where it is, and
    /// nothing is saved over it this time.
    pub fn open(
        current: Option<PathBuf>,
        history: Option<PathBuf>,
        now: SystemTime,
    ) -> (Self, Vec<FileWarning>) {
        let mut slot = SaveSlot {
            current,
            history,
            unfinished: None,
        };
        let mut warnings = Vec::new();
        let (Some(path), Some(history)) = (&slot.current, &slot.history) else {
            return (slot, warnings);
        };
        match open_slot(path, history, now) {
            SlotContents::Unfinished(checked) => slot.unfinished = Some(checked.record),
            SlotContents::Empty | SlotContents::Filed(_) => {}
            SlotContents::Broken { problem, moved_to } => {
                if moved_to.is_none() {
                    slot.current = None;
                }
                warnings.push(FileWarning::Save { problem, moved_to });
            }
        }
        warnings.extend(
            set_aside_bad_history(history, now)
                .into_iter()
                .map(|(problem, moved_to)| FileWarning::History { problem, moved_to }),
        );
        (slot, warnings)
    }

    /// Whether there is a match to continue of a game on offer.
    pub fn can_continue(&self, catalog: &GameCatalog) -> bool {
        self.unfinished
            .as_ref()
            .is_some_and(|r| catalog.by_name(&r.game).is_some())
    }
}

/// While the match on the table cannot be saved, why: said in one line on
/// the table for as long as saves fail, and gone once one succeeds.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct SavingFails(pub Option<StorageTrouble>);

impl SavingFails {
    /// The line on screen while saves fail, in the language on show.
    pub fn line(&self) -> Option<String> {
        let trouble = self.0.as_ref()?;
        Some(crate::tr!("saving-fails", reason = trouble.text()))
    }
}

/// Takes up the saved match where it was left.
#[derive(Message, Clone, Debug)]
pub struct ResumeMatch(pub Record);

/// Watches a finished match again.
#[derive(Message, Clone, Debug)]
pub struct WatchReplay(pub Record);

/// A filed match being watched again. While it lasts nothing is saved,
/// filed or counted, and no bot plays: the record's moves are played.
#[derive(Resource, Clone, Debug)]
pub struct Replay {
    /// The match watched.
    pub record: Record,
    /// The index of the next move to play.
    pub next: usize,
    /// Time since the table was ready for the next move.
    pub waited: Duration,
    /// The person's own table, put back when the replay ends (however it
    /// ends), so their next set-up is theirs, not the watched match's.
    pub own_table: Table,
}

/// The table a record of game `game` names: its seats' names and who played them.
pub fn table_of(record: &Record, game: GameId) -> Table {
    let seats = (0..record.players)
        .map(|i| match record.seats.get(i) {
            Some(s) => SeatChoice {
                // A default name follows the language on screen.
                name: crate::i18n::shown_name(&s.name),
                controller: s.bot.clone().map_or(Controller::Human, Controller::Bot),
            },
            None => SeatChoice {
                name: crate::tr!("setup-default-name", number = i + 1),
                controller: Controller::Human,
            },
        })
        .collect();
    Table {
        game,
        variant: record.variant.clone(),
        seats,
        viewer: None,
        handing_to: None,
    }
}

/// A table's seats as a record writes them.
pub fn seats_of(table: &Table) -> Vec<SeatRecord> {
    table.seat_records()
}

/// What every game shares: the resources and messages of saving and replays.
pub fn plugin(app: &mut App) {
    app.init_resource::<SaveSlot>()
        .init_resource::<Statistics>()
        .init_resource::<StatisticsFile>()
        .init_resource::<FileWarnings>()
        .init_resource::<SavingFails>()
        .init_resource::<crate::session::KeptOnScreen>()
        .add_message::<ResumeMatch>()
        .add_message::<WatchReplay>()
        .add_systems(OnEnter(Screen::Title), stop_replay)
        .add_systems(OnEnter(Screen::History), stop_replay);
}

/// Saving, resuming, filing and replaying matches of `G`.
pub fn match_saves<G: Game>(app: &mut App) {
    app.add_systems(
        Update,
        (
            (
                resume::resume::<G>,
                resume::start_replay::<G>,
                resume::drive_replay::<G>,
            )
                .chain()
                .in_set(TableSystems::Input),
            keep::keep::<G>
                .in_set(TableSystems::Record)
                .run_if(resource_exists::<ActiveMatch<G>>),
        ),
    );
}

fn stop_replay(mut commands: Commands, replay: Option<Res<Replay>>, mut table: ResMut<Table>) {
    if let Some(replay) = replay {
        *table = replay.own_table.clone();
        commands.remove_resource::<Replay>();
    }
}

/// Stops watching: the table is cleared, the person's own table comes
/// back, and so does the history.
pub fn leave_replay(
    commands: &mut Commands,
    replay: &Replay,
    table: &mut Table,
    end: &mut MessageWriter<EndMatch>,
    next: &mut NextState<Screen>,
) {
    *table = replay.own_table.clone();
    commands.remove_resource::<Replay>();
    end.write(EndMatch);
    next.set(Screen::History);
}
