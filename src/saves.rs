//! The match in progress kept on disk and taken up again; finished matches
//! filed in the history and counted in the statistics; and a filed match
//! watched again, move by move, through the rules plugin.
//!
//! Each game's screen adds [`match_plugin`] for its game (through
//! [`crate::persist::autosave_plugin`]).

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use bevy::prelude::*;
use parlour_core::engine::{Game, Match, Record, SeatRecord};

use crate::engine::{
    ActiveMatch, BotExecution, ClockSettings, Controller, EndMatch, MoveApplied, MoveRejected,
    MoveRequest, StartMatch, TurnPhase,
};
use crate::persist::{SlotContents, file_finished, open_slot, write_atomic};
use crate::settings::{FileWarning, FileWarnings};
use crate::stats::{Finisher, Statistics, StatisticsFile};
use crate::ui::anim::Motion;
use crate::ui::demo::Demo;
use crate::ui::play::{PlaySystems, ResultsTimer, pacing_for};
use crate::ui::{GameKind, Notice, Screen, SeatChoice, Settings, Table};

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
    /// finished one is filed; a broken file is set aside and reported.
    pub fn open(
        current: Option<PathBuf>,
        history: Option<PathBuf>,
        now: SystemTime,
    ) -> (Self, Option<FileWarning>) {
        let mut slot = SaveSlot {
            current,
            history,
            unfinished: None,
        };
        let (Some(path), Some(history)) = (&slot.current, &slot.history) else {
            return (slot, None);
        };
        match open_slot(path, history, now) {
            SlotContents::Unfinished(checked) => {
                slot.unfinished = Some(checked.record);
                (slot, None)
            }
            SlotContents::Empty | SlotContents::Filed(_) => (slot, None),
            SlotContents::Broken { problem, moved_to } => {
                (slot, Some(FileWarning::Save { problem, moved_to }))
            }
        }
    }

    /// Whether there is a match to continue that this build can show.
    pub fn can_continue(&self) -> bool {
        self.unfinished
            .as_ref()
            .and_then(|r| GameKind::from_name(&r.game))
            .is_some_and(GameKind::playable)
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
}

/// The table a record names: its seats' names and who played them.
pub fn table_of(record: &Record) -> Table {
    let seats = (0..record.players)
        .map(|i| match record.seats.get(i) {
            Some(s) => SeatChoice {
                name: s.name.clone(),
                controller: s.bot.clone().map_or(Controller::Human, Controller::Bot),
            },
            None => SeatChoice {
                name: crate::tr!("seat-default-name", number = i + 1),
                controller: Controller::Human,
            },
        })
        .collect();
    Table {
        game: GameKind::from_name(&record.game).unwrap_or_default(),
        variant: record.variant.clone(),
        seats,
        viewer: None,
        handing_to: None,
    }
}

/// A table's seats as a record writes them.
pub fn seats_of(table: &Table) -> Vec<SeatRecord> {
    table
        .seats
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

/// What every game shares: the resources and messages of saving and replays.
pub fn plugin(app: &mut App) {
    if app.world().contains_resource::<SaveSlot>() {
        return;
    }
    app.init_resource::<SaveSlot>()
        .init_resource::<Statistics>()
        .init_resource::<StatisticsFile>()
        .init_resource::<FileWarnings>()
        .add_message::<ResumeMatch>()
        .add_message::<WatchReplay>()
        .add_systems(OnEnter(Screen::Title), stop_replay)
        .add_systems(OnEnter(Screen::History), stop_replay);
}

/// Saving, resuming, filing and replaying matches of `G`.
pub fn match_plugin<G: Game>(app: &mut App) {
    plugin(app);
    app.add_systems(
        Update,
        (
            (resume::<G>, start_replay::<G>, drive_replay::<G>)
                .chain()
                .in_set(PlaySystems::Input),
            keep::<G>
                .in_set(PlaySystems::Show)
                .run_if(resource_exists::<ActiveMatch<G>>),
        ),
    );
}

fn stop_replay(mut commands: Commands, replay: Option<Res<Replay>>) {
    if replay.is_some() {
        commands.remove_resource::<Replay>();
    }
}

/// After every move: the match in progress is written to the save slot;
/// once it is over it is filed in the history instead, and counted.
#[allow(clippy::too_many_arguments)]
fn keep<G: Game>(
    active: Res<ActiveMatch<G>>,
    table: Res<Table>,
    demo: Option<Res<Demo>>,
    replay: Option<Res<Replay>>,
    mut applied: MessageReader<MoveApplied<G>>,
    mut started: MessageReader<StartMatch<G>>,
    mut slot: ResMut<SaveSlot>,
    mut stats: ResMut<Statistics>,
    stats_file: Res<StatisticsFile>,
) {
    // Read the messages every frame, so none is taken for new after a pause.
    let moved = applied.read().count() > 0;
    let fresh = started.read().count() > 0;
    // Attract mode's bot matches and replays are nobody's match to keep.
    if !(moved || fresh) || demo.is_some() || replay.is_some() {
        return;
    }
    let game = active.get();
    let mut record = game.record();
    if table.seats.len() == record.players {
        record.seats = seats_of(&table);
    }
    if !game.is_over() {
        if let Some(path) = &slot.current
            && let Err(e) = write_atomic(path, &record.to_json())
        {
            warn!("could not save the match to {}: {e}", path.display());
        }
        slot.unfinished = Some(record);
        return;
    }
    if let Some(dir) = &slot.history
        && let Err(e) = file_finished(dir, &record, SystemTime::now())
    {
        warn!("could not file the match in {}: {e}", dir.display());
    }
    if let Some(path) = &slot.current {
        // Filed: there is nothing left to continue.
        let _ = std::fs::remove_file(path);
    }
    slot.unfinished = None;
    let scores = game.scores();
    let winners = game.winners();
    let finishers: Vec<Finisher> = table
        .seats
        .iter()
        .enumerate()
        .take(scores.len())
        .map(|(seat, s)| Finisher {
            name: s.name.clone(),
            person: s.controller == Controller::Human,
            score: scores[seat],
            won: winners.contains(&seat),
        })
        .collect();
    stats.count_match(G::NAME, &finishers);
    if let Some(path) = &stats_file.0
        && let Err(e) = crate::stats::save(path, &stats)
    {
        warn!("could not write the statistics to {}: {e}", path.display());
    }
}

/// Settings a match on screen starts with: paced for the eye, bots in the background.
#[allow(clippy::too_many_arguments)]
fn prepare_table(
    settings: &Settings,
    pacing: &mut crate::engine::Pacing,
    execution: &mut BotExecution,
    clock: &mut ClockSettings,
    results: &mut ResultsTimer,
    clock_on: bool,
) {
    *pacing = pacing_for(settings);
    *execution = BotExecution::Background;
    clock.enabled = clock_on;
    results.0 = None;
}

fn seed_now() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// Continue: the saved match is played back through the rules to where it
/// was left, with the same table; bots take their seats again and the turn
/// clock starts the turn in play afresh.
#[allow(clippy::too_many_arguments)]
fn resume<G: Game>(
    mut commands: Commands,
    mut resumes: MessageReader<ResumeMatch>,
    settings: Res<Settings>,
    mut table: ResMut<Table>,
    mut pacing: ResMut<crate::engine::Pacing>,
    mut execution: ResMut<BotExecution>,
    mut clock: ResMut<ClockSettings>,
    mut results: ResMut<ResultsTimer>,
    mut starts: MessageWriter<StartMatch<G>>,
    mut next: ResMut<NextState<Screen>>,
    mut notice: ResMut<Notice>,
    mut warnings: ResMut<FileWarnings>,
    mut slot: ResMut<SaveSlot>,
) {
    let Some(ResumeMatch(record)) = resumes.read().last().cloned() else {
        return;
    };
    if record.game != G::NAME {
        return;
    }
    let game = match Match::<G>::from_record(&record, |v| G::variant(v).ok()) {
        Ok(g) => g,
        Err(e) => {
            // Checked when it was opened: only a file changed since gets here.
            slot.unfinished = None;
            warnings.0.push(FileWarning::Save {
                problem: crate::persist::SaveProblem::Refused(e.to_string()),
                moved_to: None,
            });
            notice.show(crate::tr!("problem-refused", reason = e.to_string()), true);
            return;
        }
    };
    commands.remove_resource::<Replay>();
    *table = table_of(&record);
    prepare_table(
        &settings,
        &mut pacing,
        &mut execution,
        &mut clock,
        &mut results,
        true,
    );
    starts.write(StartMatch {
        controllers: table.seats.iter().map(|s| s.controller.clone()).collect(),
        game,
        bot_seed: seed_now(),
    });
    next.set(Screen::Play);
}

/// Sets a filed match on the table, as it was dealt, to be played move by move.
#[allow(clippy::too_many_arguments)]
fn start_replay<G: Game>(
    mut commands: Commands,
    mut watches: MessageReader<WatchReplay>,
    settings: Res<Settings>,
    mut table: ResMut<Table>,
    mut pacing: ResMut<crate::engine::Pacing>,
    mut execution: ResMut<BotExecution>,
    mut clock: ResMut<ClockSettings>,
    mut results: ResMut<ResultsTimer>,
    mut starts: MessageWriter<StartMatch<G>>,
    mut next: ResMut<NextState<Screen>>,
    mut notice: ResMut<Notice>,
) {
    let Some(WatchReplay(record)) = watches.read().last().cloned() else {
        return;
    };
    if record.game != G::NAME {
        return;
    }
    let game = match Match::<G>::start_of_record(&record, |v| G::variant(v).ok()) {
        Ok(g) => g,
        Err(e) => {
            notice.show(crate::tr!("problem-refused", reason = e.to_string()), true);
            return;
        }
    };
    // On screen every seat is followed as a bot's would be (whoever is to
    // move is shown, no hand-over); in the rules no bot sits, so only the
    // record's moves are played.
    let mut shown = table_of(&record);
    for seat in &mut shown.seats {
        if seat.controller == Controller::Human {
            seat.controller = Controller::Bot(REPLAY.into());
        }
    }
    *table = shown;
    // The record's time-outs are among its moves: no clock of our own.
    prepare_table(
        &settings,
        &mut pacing,
        &mut execution,
        &mut clock,
        &mut results,
        false,
    );
    starts.write(StartMatch {
        controllers: vec![Controller::Human; record.players],
        game,
        bot_seed: 0,
    });
    commands.insert_resource(Replay {
        record,
        next: 0,
        waited: Duration::ZERO,
    });
    next.set(Screen::Play);
}

/// The name a person's seat shows under during a replay.
const REPLAY: &str = "replay";

/// Plays the record's next move once the last one has been shown; when the
/// match is over, the table gets its real seats back (so "Play again" plays
/// the same table) and the replay ends.
#[allow(clippy::too_many_arguments)]
fn drive_replay<G: Game>(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    replay: Option<ResMut<Replay>>,
    active: Option<Res<ActiveMatch<G>>>,
    phase: Res<State<TurnPhase>>,
    screen: Res<State<Screen>>,
    motion: Res<Motion>,
    mut table: ResMut<Table>,
    mut rejected: MessageReader<MoveRejected<G>>,
    mut requests: MessageWriter<MoveRequest<G>>,
    mut notice: ResMut<Notice>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let refusal = rejected.read().last().map(|r| r.reason.clone());
    let (Some(mut replay), Some(active)) = (replay, active) else {
        return;
    };
    if replay.record.game != G::NAME {
        return;
    }
    let game = active.get();
    let done = replay.next >= replay.record.moves.len();
    if let Some(reason) = refusal {
        notice.show(crate::tr!("problem-refused", reason = reason), true);
        replay.next = replay.record.moves.len();
    }
    if game.is_over() || (done && *phase.get() == TurnPhase::AwaitingMove) {
        *table = Table {
            viewer: table.viewer,
            ..table_of(&replay.record)
        };
        commands.remove_resource::<Replay>();
        return;
    }
    if *screen.get() != Screen::Play || done {
        return;
    }
    redraw.write(bevy::window::RequestRedraw);
    if !matches!(phase.get(), TurnPhase::SetUp | TurnPhase::AwaitingMove) || motion.running > 0 {
        replay.waited = Duration::ZERO;
        return;
    }
    replay.waited += time.delta();
    let pause = Duration::from_secs_f32(0.35 / settings.animation_speed.max(0.1));
    if replay.waited < pause {
        return;
    }
    replay.waited = Duration::ZERO;
    match Match::<G>::move_of_record(&replay.record, replay.next) {
        Ok((seat, mv)) => {
            requests.write(MoveRequest { seat, mv });
            replay.next += 1;
        }
        Err(e) => {
            notice.show(crate::tr!("problem-refused", reason = e.to_string()), true);
            replay.next = replay.record.moves.len();
        }
    }
}

/// Stops watching: the table is cleared and the history comes back.
pub fn leave_replay(
    commands: &mut Commands,
    end: &mut MessageWriter<EndMatch>,
    next: &mut NextState<Screen>,
) {
    commands.remove_resource::<Replay>();
    end.write(EndMatch);
    next.set(Screen::History);
}
