//! The optional "who wins with perfect play from here" line of led bouts
//! against the solver bot: the exact solver works it out on a background
//! task, so frames never wait for it. The menu switches it on; the band
//! shows it.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;
use parlour_core::engine::{Match, Phase, Seat};
use parlour_core::games::paper_boxing::{Bouts, PaperBoxing, Solver, State as Position};

use crate::engine::{ActiveMatch, Controller, StartMatch};
use crate::session::{Table, TableSystems};
use crate::settings::Settings;

use super::viewer::viewer_view;
use super::{in_paper_boxing, match_arrived};

/// The optional "who wins with perfect play from here" line, worked out by
/// the exact solver on a background task so frames never wait for it.
#[derive(Resource, Default)]
pub struct Oracle {
    /// Whether it is shown (off until the player asks for it).
    pub enabled: bool,
    /// The winner with perfect play, after this many moves of the match.
    answer: Option<(usize, Seat)>,
    /// The solver, kept between positions: its table stays valid for the match.
    solver: Option<Solver>,
    /// A position being solved: the moves it follows, and the task.
    task: Option<(usize, OracleTask)>,
}

/// A solve in the background: the solver comes back with the winner.
type OracleTask = Task<(Solver, Option<Seat>)>;

impl Oracle {
    /// The answer for the position after `moves` moves, once known.
    pub fn answer(&self, moves: usize) -> Option<Seat> {
        self.answer.filter(|(m, _)| *m == moves).map(|(_, s)| s)
    }
}

/// Whether the perfect-play line can be offered: led bouts against the
/// solver bot, with hints allowed.
pub(super) fn oracle_offered(
    game: &Match<PaperBoxing>,
    table: &Table,
    settings: &Settings,
) -> bool {
    settings.hints
        && game.config().bouts == Bouts::Led
        && table
            .seats
            .iter()
            .any(|s| s.controller == Controller::Bot("solver".into()))
}

/// Works out who wins with perfect play, on a background task, for each
/// new position while the line is shown. A new match forgets the last
/// one's answer and solver (the switch stays as it was).
fn run_oracle(
    mut oracle: ResMut<Oracle>,
    mut starts: MessageReader<StartMatch<PaperBoxing>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    settings: Res<Settings>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let oracle = &mut *oracle;
    if match_arrived(&mut starts, &active) {
        oracle.answer = None;
        oracle.solver = None;
        oracle.task = None;
    }
    if let Some((moves, task)) = oracle.task.as_mut()
        && task.is_finished()
    {
        let moves = *moves;
        if let Some((solver, winner)) = block_on(poll_once(task)) {
            oracle.task = None;
            oracle.solver = Some(solver);
            oracle.answer = winner.map(|w| (moves, w));
            redraw.write(RequestRedraw);
        }
    }
    if oracle.task.is_some() {
        // Keep frames coming until the answer is in.
        redraw.write(RequestRedraw);
        return;
    }
    let game = active.get();
    let moves = game.moves().len();
    if !oracle.enabled
        || !oracle_offered(game, &table, &settings)
        || game.is_over()
        || oracle.answer.is_some_and(|(m, _)| m == moves)
    {
        return;
    }
    let view = viewer_view(game, table.viewer);
    if view.phase != Phase::Play {
        return;
    }
    // After the reveal of led bouts nothing is hidden: the view is the whole position.
    let position = Position::from_view(&view);
    let grids = position.grids();
    let kept = oracle.solver.take().filter(|s| *s.grids() == grids);
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let mut solver = kept.unwrap_or_else(|| Solver::new(grids));
        let winner = solver.solve(&position).map(|s| s.winner);
        (solver, winner)
    });
    oracle.task = Some((moves, task));
    redraw.write(RequestRedraw);
}

/// The line, off until the player asks for it, worked out as the moves are shown.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Oracle>().add_systems(
        Update,
        run_oracle
            .in_set(TableSystems::Show)
            .run_if(in_paper_boxing),
    );
}
