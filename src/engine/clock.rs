//! The turn clock: how long the seat to move has had, and the time-out
//! move the rules plugin asks for when it runs out — with a person's
//! unfinished draft, so a time-out plays what was built.

use std::time::Duration;

use bevy::prelude::*;
use parlour_core::engine::{Game, Match, Seat};

use super::model::{ActiveMatch, MoveRequest};

/// Whether the turn clock runs (off in headless self-play unless asked for).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct ClockSettings {
    /// Enforce the variant's turn time.
    pub enabled: bool,
    /// The clock stands still for now (something covers the table).
    pub paused: bool,
}

/// The turn clock: the time the seat to move has used of its turn.
#[derive(Resource, Clone, Debug, Default)]
pub struct TurnClock {
    /// The turn's time limit, if the variant has one and the clock is on.
    pub limit: Option<Duration>,
    /// Time used so far this turn.
    pub elapsed: Duration,
    /// Bumped at each new turn, so a late time-out never hits the next turn.
    pub turn: u64,
    expired: bool,
}

impl TurnClock {
    /// Time left, if the clock runs.
    pub fn remaining(&self) -> Option<Duration> {
        self.limit.map(|l| l.saturating_sub(self.elapsed))
    }
}

/// The unfinished move a person is working on (Rummy's draft table), so a
/// time-out can play what was built. Written by the screen; never part of the
/// match until the rules accept it.
#[derive(Resource)]
pub struct TurnDraft<G: Game> {
    /// The seat drafting, and its draft.
    pub draft: Option<(Seat, G::Move)>,
}

impl<G: Game> Default for TurnDraft<G> {
    fn default() -> Self {
        Self { draft: None }
    }
}

pub(super) fn new_turn_clock<G: Game>(
    game: &Match<G>,
    old: &TurnClock,
    settings: &ClockSettings,
) -> TurnClock {
    TurnClock {
        limit: if settings.enabled {
            G::turn_limit(game.state())
        } else {
            None
        },
        elapsed: Duration::ZERO,
        turn: old.turn + 1,
        expired: false,
    }
}

/// Runs the clock of the turn in play; when it runs out, the seat's draft
/// (or nothing) goes to the rules as the game's time-out move. It counts
/// real time — a screen that redraws only on change has frames seconds
/// apart, which the game's clock would cut to a quarter second each — and
/// stands still while paused.
pub(super) fn tick_clock<G: Game>(
    time: Res<Time<Real>>,
    settings: Res<ClockSettings>,
    mut clock: ResMut<TurnClock>,
    active: Res<ActiveMatch<G>>,
    draft: Res<TurnDraft<G>>,
    mut requests: MessageWriter<MoveRequest<G>>,
) {
    let Some(limit) = clock.limit else { return };
    if clock.expired || settings.paused {
        return;
    }
    clock.elapsed += time.delta();
    if clock.elapsed < limit {
        return;
    }
    clock.expired = true;
    for seat in active.get().awaiting() {
        let own_draft = draft
            .draft
            .as_ref()
            .filter(|(s, _)| *s == seat)
            .map(|(_, mv)| mv);
        if let Some(mv) = G::timeout_move(active.get().state(), seat, own_draft) {
            requests.write(MoveRequest { seat, mv });
        }
    }
}

/// The match's clock, for a match played for an agreed time: how much of
/// the time has been used. It counts while a round is played on screen
/// (a move awaited or shown) and the clock runs — not while something
/// covers the table, not between rounds, not in a replay (whose times are
/// the record's) — and the rules are told it with every move.
#[derive(Resource, Clone, Debug, Default)]
pub struct MatchClock {
    /// The agreed time, if the match in play is played for a time.
    pub limit: Option<Duration>,
    /// The time used so far.
    pub used: Duration,
}

impl MatchClock {
    /// The clock of `game` as it starts or is taken up: the time its
    /// record says was used.
    pub fn of<G: Game>(game: &Match<G>) -> Self {
        Self {
            limit: G::playing_time(game.config()),
            used: Duration::from_secs(game.time_used()),
        }
    }

    /// Time left, for a match played for a time (none left once used up).
    pub fn remaining(&self) -> Option<Duration> {
        self.limit.map(|l| l.saturating_sub(self.used))
    }

    /// The whole seconds used, as the rules are told them.
    pub fn seconds(&self) -> u64 {
        self.used.as_secs()
    }

    /// Whether the agreed time is used up (the round in play is the last).
    pub fn is_up(&self) -> bool {
        self.remaining() == Some(Duration::ZERO)
    }
}

/// Counts the match's time while a round is played on screen (see
/// [`MatchClock`]); real time, as the turn clock.
pub(super) fn tick_match_clock<G: Game>(
    time: Res<Time<Real>>,
    settings: Res<ClockSettings>,
    active: Res<ActiveMatch<G>>,
    mut clock: ResMut<MatchClock>,
) {
    if clock.limit.is_none() || !settings.enabled || settings.paused || active.get().is_over() {
        return;
    }
    clock.used += time.delta();
}
