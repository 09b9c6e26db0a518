//! Paper Boxing's decisions weighed.
//!
//! - After the reveal in led bouts, exactly: every legal step's result with
//!   perfect play by both from then on, and by how many bouts
//!   ([`Solver::lead_after`]).
//! - In simultaneous bouts: every legal step against the other seat's
//!   equilibrium mix of the bout ([`Simultaneous::against_mix`]).
//! - The set-up grid: its result against the bots' mix of grids for the
//!   other role, exactly (each pair solved), beside the bots' own grids.
//!   The mix is not an equilibrium (docs/paper-boxing.md), so this is a
//!   result against the bots, and labelled so.

use std::cell::RefCell;
use std::time::Duration;

use super::oracle::SetupGame;
use super::rules::{BOUTS, Bouts, Grid, Move, State, cell_at, transpose};
use super::setup::{Mix, Role, mixes};
use super::solver::{Simultaneous, Solver};
use super::{PaperBoxing, View};
use crate::engine::analysis::{
    Analyse, Analysis, AnalysisError, Analyst, Budget, Candidate, Estimate, Method, SliceClock,
    best_first,
};
use crate::engine::{Phase, Seat};

thread_local! {
    // The last solver a thread used, kept from decision to decision: its
    // table stays valid while the grids do, and a match's decisions share
    // most of it. A decision takes it while it thinks and puts it back.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// This thread's solver if it is for `grids`, else a new one.
fn take_solver(grids: [Grid; 2]) -> Solver {
    SOLVER
        .with(|cell| cell.borrow_mut().take())
        .filter(|s| *s.grids() == grids)
        .unwrap_or_else(|| Solver::new(grids))
}

/// Keeps `solver` for the next decision on this thread.
fn put_solver(solver: Solver) {
    SOLVER.with(|cell| *cell.borrow_mut() = Some(solver));
}

/// Positions a led step's search expands between looks at the clock (a
/// fraction of a millisecond's work).
const POSITIONS_A_LOOK: u64 = 200;

impl Analyse for PaperBoxing {
    // Exact: no guesses.
    const GUESSES: usize = 1;
    const COACH_GUESSES: usize = 1;

    // The set-up grid is not coached: it is weighed against the bots' mix
    // of grids, which is not an equilibrium, so "the coach would write"
    // would only be the bots' habit.
    fn coached(view: &View, mv: &Move) -> bool {
        view.phase == Phase::Play && matches!(mv, Move::To { .. })
    }

    fn analyst(
        before: &View,
        played: &Move,
        _after: Option<&View>,
        _budget: Budget,
    ) -> Result<Box<dyn Analyst<Self>>, AnalysisError> {
        let seat = before.seat;
        if before.over || !before.awaiting.contains(&seat) {
            return Err(AnalysisError::NoDecision(seat));
        }
        match (before.phase, played) {
            (Phase::SetUp, Move::Grid(grid)) => {
                if before.config.bouts == Bouts::Simultaneous {
                    return Err(AnalysisError::Unsupported(
                        "a set-up for simultaneous bouts is not weighed: its matches have no fast exact result to weigh grids by".into(),
                    ));
                }
                let role = Role::of(seat, before.even);
                let [even_mix, odd_mix] = mixes(&before.config);
                let (own, theirs) = match role {
                    Role::Even => (even_mix, odd_mix),
                    Role::Odd => (odd_mix, even_mix),
                };
                Ok(Box::new(Pending::SetUp(SetUpWeighing {
                    seat,
                    role,
                    grid: *grid,
                    own,
                    theirs,
                    game: SetupGame::new(before.config),
                    next: 0,
                    won: 0.0,
                })))
            }
            (Phase::Play, &Move::To { row, col }) => {
                let state = State::from_view(before);
                let cell = cell_at(row, col)
                    .filter(|c| state.legal_cells(seat).contains(c))
                    .ok_or_else(|| {
                        AnalysisError::Illegal(format!("seat {seat} cannot step to [{row}, {col}]"))
                    })?;
                Ok(Box::new(match state.config.bouts {
                    Bouts::Led => Pending::Led(LedWeighing {
                        seat,
                        legal: state.legal_cells(seat),
                        state,
                        cell,
                        leads: Vec::new(),
                        solver: None,
                    }),
                    Bouts::Simultaneous => Pending::Simultaneous { seat, state, cell },
                }))
            }
            _ => Err(AnalysisError::Illegal(format!(
                "seat {seat} cannot play {played:?} now"
            ))),
        }
    }
}

/// A decision being weighed. Each thinks in steps short enough for a
/// frame: one pair of grids at a time for a set-up, a few hundred positions
/// of the solver's search at a time for a led step.
enum Pending {
    SetUp(SetUpWeighing),
    Led(LedWeighing),
    Simultaneous { seat: Seat, state: State, cell: u8 },
}

impl Analyst<PaperBoxing> for Pending {
    fn think(&mut self, slice: Duration) -> Option<Analysis<Move>> {
        let clock = SliceClock::start(slice);
        match self {
            Pending::SetUp(w) => w.think(&clock),
            Pending::Led(w) => w.think(&clock),
            Pending::Simultaneous { seat, state, cell } => {
                Some(simultaneous_step(*seat, state, *cell))
            }
        }
    }
}

/// The set-up: the grid written against the bots' grids for the other
/// role, pair by pair, beside the likeliest grid of the bots' own mix for
/// this role.
struct SetUpWeighing {
    seat: Seat,
    role: Role,
    grid: Grid,
    own: &'static Mix,
    theirs: &'static Mix,
    game: SetupGame,
    /// The next grid of `theirs` to play against.
    next: usize,
    /// The weight of the grids of `theirs` beaten so far.
    won: f64,
}

impl SetUpWeighing {
    fn think(&mut self, clock: &SliceClock) -> Option<Analysis<Move>> {
        while self.next < self.theirs.grids.len() {
            let against = &self.theirs.grids[self.next];
            if self.game.payoff(self.role, &self.grid, against) > 0.5 {
                self.won += self.theirs.weights[self.next];
            }
            self.next += 1;
            if clock.over() && self.next < self.theirs.grids.len() {
                return None;
            }
        }
        Some(self.analysis())
    }

    fn analysis(&self) -> Analysis<Move> {
        let mut candidates = vec![Candidate {
            mv: Move::Grid(self.grid),
            estimate: Estimate::exact(self.won, None),
            note: Some("against the bots' grids".into()),
        }];
        // Every grid of the bots' mix does as well as the mix against the
        // other role's mix (the restricted game's equilibrium): its value.
        let bots = self.own.grids[0];
        if bots != self.grid && transpose(&bots) != self.grid {
            candidates.push(Candidate {
                mv: Move::Grid(bots),
                estimate: Estimate::exact(self.own.value, None),
                note: Some("the bots' likeliest grid, against the bots' grids".into()),
            });
        }
        let played = best_first(&mut candidates, 0);
        Analysis {
            seat: self.seat,
            method: Method::AgainstBotsMix,
            candidates,
            played,
            loss_se: 0.0,
            forced: false,
            luck: None,
            margin_points: None,
        }
    }
}

/// A step in led bouts: every legal step, exactly, one after another, each
/// searched a few hundred positions at a time.
struct LedWeighing {
    seat: Seat,
    state: State,
    cell: u8,
    legal: Vec<u8>,
    /// Seat 0's final lead after each legal step weighed so far.
    leads: Vec<i32>,
    /// The solver, taken from this thread's while the step is weighed.
    solver: Option<Solver>,
}

impl LedWeighing {
    fn think(&mut self, clock: &SliceClock) -> Option<Analysis<Move>> {
        let grids = self.state.grids;
        let solver = self.solver.get_or_insert_with(|| take_solver(grids));
        while let Some(&c) = self.legal.get(self.leads.len()) {
            if let Ok(lead) = solver.lead_after_within(&self.state, c, POSITIONS_A_LOOK) {
                self.leads.push(lead.unwrap_or(0));
            }
            if clock.over() && self.leads.len() < self.legal.len() {
                return None;
            }
        }
        if let Some(solver) = self.solver.take() {
            put_solver(solver);
        }
        Some(self.analysis())
    }

    fn analysis(&self) -> Analysis<Move> {
        let seat = self.seat;
        // Seat 0 wins when its final lead reaches this.
        let need = if self.state.first_leader == 0 { 0 } else { 1 };
        let mut candidates: Vec<Candidate<Move>> = self
            .legal
            .iter()
            .zip(&self.leads)
            .map(|(&c, &lead0)| {
                let wins = (lead0 >= need) == (seat == 0);
                let lead = if seat == 0 { lead0 } else { -lead0 };
                let ko = lead.abs() > BOUTS as i32;
                let note = match (wins, ko) {
                    (true, true) => "wins by KO".to_owned(),
                    (false, true) => "loses by KO".to_owned(),
                    (true, _) if lead == 0 => "wins on the tie, as first leader".to_owned(),
                    (false, _) if lead == 0 => "loses on the tie, not first leader".to_owned(),
                    (true, _) => format!("wins by {lead} bouts"),
                    (false, _) => format!("loses by {} bouts", -lead),
                };
                // A KO is more than any tally: its margin is every bout.
                let margin = if ko {
                    lead.signum() * BOUTS as i32
                } else {
                    lead
                };
                Candidate {
                    mv: Move::to_cell(c),
                    estimate: Estimate::exact(wins as u8 as f64, Some(margin as f64)),
                    note: Some(note),
                }
            })
            .collect();
        let at = self.legal.iter().position(|&c| c == self.cell).unwrap_or(0);
        let played = best_first(&mut candidates, at);
        Analysis {
            seat,
            method: Method::Exact,
            forced: candidates.len() == 1,
            candidates,
            played,
            loss_se: 0.0,
            luck: None,
            margin_points: None,
        }
    }
}

/// A step in simultaneous bouts: every legal step against the other seat's
/// equilibrium mix.
fn simultaneous_step(seat: Seat, state: &State, cell: u8) -> Analysis<Move> {
    let mut solver = Simultaneous::new(state.grids, state.first_leader as Seat);
    let (values, exact) = solver
        .against_mix(state, seat)
        .unwrap_or_else(|| (vec![(cell, 0.5)], false));
    let note = if exact {
        "against the other's equilibrium mix, exactly"
    } else {
        "against the other's equilibrium mix, estimated"
    };
    let mut candidates: Vec<Candidate<Move>> = values
        .iter()
        .map(|&(c, v)| Candidate {
            mv: Move::to_cell(c),
            estimate: Estimate::exact(v, None),
            note: Some(note.into()),
        })
        .collect();
    let at = values.iter().position(|&(c, _)| c == cell).unwrap_or(0);
    let played = best_first(&mut candidates, at);
    Analysis {
        seat,
        method: Method::Equilibrium,
        forced: candidates.len() == 1,
        candidates,
        played,
        loss_se: 0.0,
        luck: None,
        margin_points: None,
    }
}
