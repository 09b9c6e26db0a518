//! After every move: the match in progress written to the save slot; once
//! over, filed in the history instead, and counted. While saves cannot be
//! written, one line on the table says so (kept until a save succeeds
//! again), the title screen is told once, and the match plays on. A match
//! played for a time is written again every few seconds of its clock too,
//! so the time it had used survives the app being closed however it is.

use crate::platform::time::SystemTime;

use bevy::prelude::*;
use parlour_core::engine::Game;

use super::{Replay, SaveSlot, SavingFails, seats_of};
use crate::catalog::GameId;
use crate::engine::{ActiveMatch, Controller, MatchClock, MoveApplied, StartMatch};
use crate::session::attract::Demo;
use crate::session::{InLesson, KeptOnScreen, Reviewing, Table};
use crate::stats::{Finisher, Statistics, StatisticsFile};
use crate::storage::{FileWarning, FileWarnings, StorageTrouble, file_finished, write_atomic};

/// Seconds of a match's clock between two saves when no move is played.
const SAVE_CLOCK_EVERY: u64 = 5;

/// After every move: the match in progress is written to the save slot;
/// once it is over it is filed in the history instead, and counted.
#[allow(clippy::too_many_arguments)]
pub(super) fn keep<G: Game>(
    active: Res<ActiveMatch<G>>,
    clock: Res<MatchClock>,
    mut clock_saved: Local<u64>,
    table: Res<Table>,
    demo: Option<Res<Demo>>,
    replay: Option<Res<Replay>>,
    (lesson, reviewing): (Option<Res<InLesson>>, Option<Res<Reviewing>>),
    mut applied: MessageReader<MoveApplied<G>>,
    mut started: MessageReader<StartMatch<G>>,
    (kept, mut saved_note): (Res<KeptOnScreen>, Local<Option<serde_json::Value>>),
    mut slot: ResMut<SaveSlot>,
    mut stats: ResMut<Statistics>,
    stats_file: Res<StatisticsFile>,
    mut fails: ResMut<SavingFails>,
    mut warnings: ResMut<FileWarnings>,
    mut unsaved_told: Local<bool>,
) {
    // Read the messages every frame, so none is taken for new after a pause.
    let moved = applied.read().count() > 0;
    let fresh = started.read().count() > 0;
    let timed = clock.limit.is_some() && !active.get().is_over();
    let ticked = timed && clock.seconds() >= *clock_saved + SAVE_CLOCK_EVERY;
    // The hand put in another order between moves is kept as well.
    let noted = kept
        .now
        .as_ref()
        .filter(|(game, _)| *game == GameId::of::<G>())
        .map(|(_, v)| v);
    let rearranged = kept.is_changed() && noted != saved_note.as_ref() && !active.get().is_over();
    // Attract mode's bot matches, replays, lessons and reviews (a filed
    // match played again) are nobody's match to keep.
    let played_for_real =
        demo.is_none() && replay.is_none() && lesson.is_none() && reviewing.is_none();
    if fresh && fails.0.is_some() {
        // A new match (a replay, attract mode's) says nothing of the last
        // one's saves; its own first save says whether it fails too.
        fails.0 = None;
    }
    if !(moved || fresh || ticked || rearranged) || !played_for_real {
        return;
    }
    *clock_saved = clock.seconds();
    if fresh {
        // Each match says once that it cannot be saved.
        *unsaved_told = false;
    }
    let game = active.get();
    let mut record = game.record();
    if table.seats.len() == record.players {
        record.seats = seats_of(&table);
    }
    if !game.is_over() {
        if timed {
            record.time_used = Some(clock.seconds());
        }
        record.screen = noted.cloned();
        *saved_note = noted.cloned();
        if let Some(path) = &slot.current {
            let written = write_atomic(path, &record.to_json());
            if let Err(e) = &written {
                warn!("could not save the match to {}: {e}", path.display());
            }
            said(written, &mut fails, &mut warnings, &mut unsaved_told);
        }
        slot.unfinished = Some(record);
        return;
    }
    if let Some(dir) = &slot.history {
        match file_finished(dir, &record, SystemTime::now()) {
            Ok(_) => {
                if let Some(path) = &slot.current {
                    // Filed: there is nothing left to continue.
                    let _ = crate::platform::files::remove(path);
                }
                fails.0 = None;
            }
            Err(e) => {
                warn!("could not file the match in {}: {e}", dir.display());
                // Left in the save slot, finished: the next start files it.
                if let Some(path) = &slot.current {
                    let _ = write_atomic(path, &record.to_json());
                }
                said(Err(e), &mut fails, &mut warnings, &mut unsaved_told);
            }
        }
    } else if let Some(path) = &slot.current {
        let _ = crate::platform::files::remove(path);
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

/// What a person is told of a save: while saves fail, the line on the
/// table says why (gone once one succeeds); the title screen is told once
/// a match.
fn said(
    written: std::io::Result<()>,
    fails: &mut SavingFails,
    warnings: &mut FileWarnings,
    told: &mut bool,
) {
    match written {
        Ok(()) => fails.0 = None,
        Err(e) => {
            let trouble = StorageTrouble::of(&e);
            if !*told {
                warnings.0.push(FileWarning::Unsaved {
                    reason: trouble.clone(),
                });
                *told = true;
            }
            fails.0 = Some(trouble);
        }
    }
}
