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
use super::rules::{BOUTS, Bouts, Config, Grid, Move, State, cell_at, transpose};
use super::setup::{Role, mixes};
use super::solver::{Simultaneous, Solver};
use super::{PaperBoxing, View};
use crate::engine::analysis::{
    Analyse, Analysis, AnalysisError, Analyst, Budget, Candidate, Estimate, Method, best_first,
};
use crate::engine::{Phase, Seat};

thread_local! {
    // One solver a thread, kept from decision to decision: its table stays
    // valid while the grids do, and a match's decisions share most of it.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// The solver for `grids`, this thread's own.
fn with_solver<T>(grids: [Grid; 2], f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|s| *s.grids() != grids) {
            *slot = Some(Solver::new(grids));
        }
        f(slot.as_mut().expect("just made"))
    })
}

impl Analyse for PaperBoxing {
    // Exact: no guesses.
    const GUESSES: usize = 1;

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
                Ok(Box::new(Pending::SetUp {
                    seat,
                    config: before.config,
                    even: before.even,
                    grid: *grid,
                }))
            }
            (Phase::Play, &Move::To { row, col }) => {
                let state = State::from_view(before);
                let cell = cell_at(row, col)
                    .filter(|c| state.legal_cells(seat).contains(c))
                    .ok_or_else(|| {
                        AnalysisError::Illegal(format!("seat {seat} cannot step to [{row}, {col}]"))
                    })?;
                Ok(Box::new(Pending::Step { seat, state, cell }))
            }
            _ => Err(AnalysisError::Illegal(format!(
                "seat {seat} cannot play {played:?} now"
            ))),
        }
    }
}

/// A decision waiting to be weighed (each is weighed in one go: exact
/// answers do not pause).
enum Pending {
    SetUp {
        seat: Seat,
        config: Config,
        even: Seat,
        grid: Grid,
    },
    Step {
        seat: Seat,
        state: State,
        cell: u8,
    },
}

impl Analyst<PaperBoxing> for Pending {
    fn think(&mut self, _slice: Duration) -> Option<Analysis<Move>> {
        Some(match self {
            Pending::SetUp {
                seat,
                config,
                even,
                grid,
            } => set_up(*seat, config, *even, grid),
            Pending::Step { seat, state, cell } => match state.config.bouts {
                Bouts::Led => led_step(*seat, state, *cell),
                Bouts::Simultaneous => simultaneous_step(*seat, state, *cell),
            },
        })
    }
}

/// The set-up: the grid written against the bots' grids for the other
/// role, beside the likeliest grid of the bots' own mix for this role.
fn set_up(seat: Seat, config: &Config, even: Seat, grid: &Grid) -> Analysis<Move> {
    let role = Role::of(seat, even);
    let [even_mix, odd_mix] = mixes(config);
    let (own, theirs) = match role {
        Role::Even => (even_mix, odd_mix),
        Role::Odd => (odd_mix, even_mix),
    };
    let game = SetupGame::new(*config);
    let played_value = game.value(role, grid, theirs);
    let mut candidates = vec![Candidate {
        mv: Move::Grid(*grid),
        estimate: Estimate::exact(played_value, None),
        note: Some("against the bots' grids".into()),
    }];
    // Every grid of the bots' mix does as well as the mix against the other
    // role's mix (the restricted game's equilibrium): its value.
    let bots = own.grids[0];
    if bots != *grid && transpose(&bots) != *grid {
        candidates.push(Candidate {
            mv: Move::Grid(bots),
            estimate: Estimate::exact(own.value, None),
            note: Some("the bots' likeliest grid, against the bots' grids".into()),
        });
    }
    let played = best_first(&mut candidates, 0);
    Analysis {
        seat,
        method: Method::AgainstBotsMix,
        candidates,
        played,
        loss_se: 0.0,
        forced: false,
        luck: None,
        margin_points: None,
    }
}

/// A step in led bouts: every legal step, exactly.
fn led_step(seat: Seat, state: &State, cell: u8) -> Analysis<Move> {
    let legal = state.legal_cells(seat);
    // Seat 0 wins when its final lead reaches this.
    let need = if state.first_leader == 0 { 0 } else { 1 };
    let mut candidates: Vec<Candidate<Move>> = with_solver(state.grids, |solver| {
        legal
            .iter()
            .map(|&c| {
                let lead0 = solver.lead_after(state, c).unwrap_or(0);
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
            .collect()
    });
    let at = legal.iter().position(|&c| c == cell).unwrap_or(0);
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
