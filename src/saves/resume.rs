//! Continue and watch again: a record set on the table and played through
//! the rules, to where it was left or move by move.

use std::time::Duration;

use bevy::prelude::*;
use parlour_core::engine::{Game, Match};

use super::{Replay, ResumeMatch, SaveSlot, WatchReplay, table_of};
use crate::catalog::GameId;
use crate::engine::{ActiveMatch, Controller, MoveRejected, MoveRequest, StartMatch, TurnPhase};
use crate::session::flow::OnScreen;
use crate::session::{KeptOnScreen, Motion, Notice, Screen, Table};
use crate::settings::Settings;
use crate::storage::{FileWarning, FileWarnings, SaveProblem};

/// Continue: the saved match is played back through the rules to where it
/// was left, with the same table; bots take their seats again and the turn
/// clock starts the turn in play afresh.
pub(super) fn resume<G: Game>(
    mut commands: Commands,
    mut resumes: MessageReader<ResumeMatch>,
    mut table: ResMut<Table>,
    mut screen: OnScreen,
    mut starts: MessageWriter<StartMatch<G>>,
    mut next: ResMut<NextState<Screen>>,
    mut notice: ResMut<Notice>,
    mut warnings: ResMut<FileWarnings>,
    mut slot: ResMut<SaveSlot>,
    mut kept: ResMut<KeptOnScreen>,
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
                problem: SaveProblem::Refused(e.to_string()),
                moved_to: None,
            });
            notice.show(crate::tr!("problem-refused", reason = e.to_string()), true);
            return;
        }
    };
    commands.remove_resource::<Replay>();
    *table = table_of(&record, GameId::of::<G>());
    kept.resumed = record.screen.clone();
    screen.prepare(true);
    starts.write(StartMatch {
        controllers: table.seats.iter().map(|s| s.controller.clone()).collect(),
        game,
        bot_seed: screen.fresh_seed(),
    });
    next.set(Screen::Play);
}

/// Sets a filed match on the table, as it was dealt, to be played move by move.
pub(super) fn start_replay<G: Game>(
    mut commands: Commands,
    mut watches: MessageReader<WatchReplay>,
    watching: Option<Res<Replay>>,
    mut table: ResMut<Table>,
    mut screen: OnScreen,
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
    let mut shown = table_of(&record, GameId::of::<G>());
    for seat in &mut shown.seats {
        if seat.controller == Controller::Human {
            seat.controller = Controller::Bot(REPLAY.into());
        }
    }
    // The person's table, kept for when the replay ends (one replay after
    // another keeps the first one's).
    let own_table = match &watching {
        Some(replay) => replay.own_table.clone(),
        None => table.clone(),
    };
    *table = shown;
    // The record's time-outs are among its moves: no clock of our own.
    screen.prepare(false);
    starts.write(StartMatch {
        controllers: vec![Controller::Human; record.players],
        game,
        bot_seed: 0,
    });
    commands.insert_resource(Replay {
        record,
        next: 0,
        waited: Duration::ZERO,
        own_table,
    });
    next.set(Screen::Play);
}

/// The name a person's seat shows under during a replay.
const REPLAY: &str = "replay";

/// Plays the record's next move once the last one has been shown; when the
/// match is over, the person's own table comes back and the replay ends.
pub(super) fn drive_replay<G: Game>(
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
            ..replay.own_table.clone()
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
