//! What one seat of Paper Boxing may see.

use serde::{Deserialize, Serialize};

use super::rules::{Config, Grid, NONE, State};
use crate::engine::{Phase, Seat};

/// One seat's view. During set-up it holds the seat's own grid only; after
/// the reveal both grids and both paths are public, except, in simultaneous
/// bouts, the cell the other seat has chosen in secret for this bout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The variant.
    pub config: Config,
    /// Set-up, play or over.
    pub phase: Phase,
    /// Which seats have filled in their grids (public: the other player sees
    /// that you are done, not what you wrote).
    pub filled: [bool; 2],
    /// The grids this seat may see: its own once filled in, the other's only
    /// after the reveal.
    pub grids: [Option<Grid>; 2],
    /// The seat called "even".
    pub even: Seat,
    /// The leader of the first bout, once revealed.
    pub first_leader: Option<Seat>,
    /// The leader of the current bout, once revealed.
    pub leader: Option<Seat>,
    /// Each path's cells in order, D first.
    pub paths: [Vec<u8>; 2],
    /// Bouts won per seat.
    pub wins: [u8; 2],
    /// Bouts completed.
    pub bouts: u8,
    /// Simultaneous bouts: the cell this seat has chosen in secret, if any.
    pub secret: Option<u8>,
    /// Simultaneous bouts: whether the other seat has chosen (not where).
    pub other_chosen: bool,
    /// The seats whose move is awaited.
    pub awaiting: Vec<Seat>,
    /// The seat out by KO.
    pub ko: Option<Seat>,
    /// Whether the match is over.
    pub over: bool,
}

impl View {
    /// `seat`'s view of `state`.
    pub fn of(state: &State, seat: Seat) -> Self {
        let revealed = state.revealed();
        // A seat number past 1 is a spectator: it sees only what is public.
        let mine = |s: Seat| s == seat;
        let grids: [Option<Grid>; 2] = std::array::from_fn(|s| {
            ((mine(s) && state.filled[s]) || revealed).then_some(state.grids[s])
        });
        let secret = (seat < 2 && state.secret[seat] != NONE).then(|| state.secret[seat]);
        Self {
            seat,
            config: state.config,
            phase: if state.over {
                Phase::Over
            } else if revealed {
                Phase::Play
            } else {
                Phase::SetUp
            },
            filled: state.filled,
            grids,
            even: state.even(),
            first_leader: state.first_leader(),
            leader: state.leader(),
            paths: [state.path(0).to_vec(), state.path(1).to_vec()],
            wins: state.wins,
            bouts: state.bouts,
            secret,
            other_chosen: (0..2).any(|s| !mine(s) && state.secret[s] != NONE),
            awaiting: state.awaiting(),
            ko: state.ko(),
            over: state.over,
        }
    }

    /// This seat's own grid, once filled in.
    pub fn own_grid(&self) -> Option<&Grid> {
        self.grids.get(self.seat).and_then(Option::as_ref)
    }
}

/// What a device at a shared table is shown of a match of Paper Boxing:
/// the view of its seat, or of a spectator at the table's screen (neither
/// grid before the reveal, no secret cell).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seen {
    /// The seat shown (none: the table's screen).
    pub seat: Option<Seat>,
    /// Which seats have filled in their grids.
    pub filled: [bool; 2],
    /// The grids this device may see, row by row, 0 for D.
    pub grids: [Option<Grid>; 2],
    /// The seat called "even".
    pub even: Seat,
    /// The leader of the current bout, once revealed.
    pub leader: Option<Seat>,
    /// Each path's cells in order, D first.
    pub paths: [Vec<u8>; 2],
    /// Bouts won per seat.
    pub wins: [u8; 2],
    /// Bouts completed.
    pub bouts: u8,
    /// Simultaneous bouts: the cell this seat has chosen in secret, if any.
    pub secret: Option<u8>,
    /// Simultaneous bouts: whether the other seat has chosen (not where).
    pub other_chosen: bool,
    /// The seat out by KO.
    pub ko: Option<Seat>,
    /// Whether the match is over.
    pub over: bool,
}

/// The seat number a spectator's view is made for: past both boxers.
const SPECTATOR: Seat = 2;

impl Seen {
    /// What `view`'s seat is shown.
    pub fn of(view: &View) -> Self {
        Self {
            seat: (view.seat < SPECTATOR).then_some(view.seat),
            filled: view.filled,
            grids: view.grids,
            even: view.even,
            leader: view.leader,
            paths: view.paths.clone(),
            wins: view.wins,
            bouts: view.bouts,
            secret: view.secret,
            other_chosen: view.other_chosen,
            ko: view.ko,
            over: view.over,
        }
    }

    /// What the table's screen is shown: a spectator's view.
    pub fn at_table(state: &State) -> Self {
        Self::of(&View::of(state, SPECTATOR))
    }
}
