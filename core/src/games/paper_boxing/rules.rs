//! The rules of Paper Boxing, as `rules/paper-boxing.md` rules them.
//!
//! Each seat owns a 4 × 4 grid. Cells are numbered row by row from 0 (the top
//! left, where D stands) to 15 (the bottom right). A path is kept as the list
//! of its cells and as a bit mask of the cells it has used, so that a state is
//! a small `Copy` value the solver and the bots can search.

use serde::{Deserialize, Serialize};

use crate::engine::Seat;

/// Cells per grid.
pub const CELLS: usize = 16;
/// Bouts in a match: one per number.
pub const BOUTS: u8 = 15;
/// The start cell, D (top left).
pub const START: u8 = 0;
/// The cell opposite D (bottom right), whose numbers decide the first leader.
pub const CORNER: u8 = 15;
/// A grid, row by row: 0 for D in cell 0, then the numbers 1..=15.
pub type Grid = [u8; CELLS];

/// The eight neighbours (king moves) of each cell, as bit masks.
pub const NEIGHBOURS: [u16; CELLS] = neighbours();

const fn neighbours() -> [u16; CELLS] {
    let mut out = [0u16; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (r, c) = ((cell / 4) as i32, (cell % 4) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (rr, cc) = (r + dr, c + dc);
                if (dr != 0 || dc != 0) && rr >= 0 && rr < 4 && cc >= 0 && cc < 4 {
                    out[cell] |= 1 << (rr * 4 + cc);
                }
                dc += 1;
            }
            dr += 1;
        }
        cell += 1;
    }
    out
}

/// A cell's row and column.
pub fn coords(cell: u8) -> (u8, u8) {
    (cell / 4, cell % 4)
}

/// The cell at a row and column, if it is on the grid.
pub fn cell_at(row: u8, col: u8) -> Option<u8> {
    // Lazily: `row * 4` overflows a u8 for rows past 63.
    (row < 4 && col < 4).then(|| row * 4 + col)
}

/// A grid mirrored across the diagonal through D (row and column swapped).
pub fn transpose(grid: &Grid) -> Grid {
    let mut out = [0; CELLS];
    for (cell, n) in out.iter_mut().enumerate() {
        *n = grid[(cell % 4) * 4 + cell / 4];
    }
    out
}

/// How the first leader is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstLead {
    /// The ruling: the parity of the sum of the two bottom-right numbers
    /// names the "even" or the "odd" player.
    EvenOdd,
    /// Sackson's rule: the larger sum of the three numbers around D leads;
    /// on equal sums the even/odd rule decides (**[ruling]** of this project).
    Sackson,
}

/// How the two players move in a bout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bouts {
    /// The ruling: the leader moves first in the open, then the follower; a
    /// player with no free neighbour when due to move loses by KO.
    Led,
    /// Both choose in secret, then the choices are revealed together; a
    /// stuck player plays 0 for the remaining bouts instead of losing by KO.
    Simultaneous,
}

/// A variant of Paper Boxing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// How the first leader is chosen.
    pub first_lead: FirstLead,
    /// Led or simultaneous bouts.
    pub bouts: Bouts,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            first_lead: FirstLead::EvenOdd,
            bouts: Bouts::Led,
        }
    }
}

/// A move of Paper Boxing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "MoveForm", into = "MoveForm")]
pub enum Move {
    /// The set-up: the seat's whole grid, row by row, 0 for D.
    Grid(Grid),
    /// A step of the seat's path to a cell of its own grid.
    To {
        /// Row from the top, from 0.
        row: u8,
        /// Column from the left, from 0.
        col: u8,
    },
}

impl Move {
    /// The step to `cell`.
    pub fn to_cell(cell: u8) -> Self {
        let (row, col) = coords(cell);
        Move::To { row, col }
    }
}

/// The record form of a move: `{"grid": [..16]}` or `{"to": [row, col]}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveForm {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    grid: Option<Vec<u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    to: Option<[u8; 2]>,
}

impl TryFrom<MoveForm> for Move {
    type Error = String;
    fn try_from(form: MoveForm) -> Result<Self, String> {
        match (form.grid, form.to) {
            (Some(grid), None) => {
                let n = grid.len();
                let grid: Grid = grid.try_into().map_err(|_| {
                    format!("a grid lists 16 numbers, row by row with 0 for D, not {n}")
                })?;
                Ok(Move::Grid(grid))
            }
            (None, Some([row, col])) => Ok(Move::To { row, col }),
            (Some(_), Some(_)) => {
                Err("a move cannot both fill in a grid and step to a cell".into())
            }
            (None, None) => Err("a move needs \"grid\": [16 numbers] or \"to\": [row, col]".into()),
        }
    }
}

impl From<Move> for MoveForm {
    fn from(mv: Move) -> Self {
        match mv {
            Move::Grid(grid) => MoveForm {
                grid: Some(grid.to_vec()),
                to: None,
            },
            Move::To { row, col } => MoveForm {
                grid: None,
                to: Some([row, col]),
            },
        }
    }
}

/// An explicit deal: both grids, and the seat called "even".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// One grid per seat, row by row, 0 for D.
    pub grids: Vec<Vec<u8>>,
    /// The seat called "even" (seat 1 when left out).
    #[serde(default = "default_even")]
    pub even: Seat,
}

fn default_even() -> Seat {
    1
}

/// Why a move or a deal was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// Not two players.
    #[error("Paper Boxing is played by exactly 2 players, not {0}")]
    Players(usize),
    /// A deal without exactly two grids.
    #[error("the deal must give 2 grids, one per seat, not {0}")]
    DealGrids(usize),
    /// A deal naming a seat that does not exist as "even".
    #[error("the even seat must be 0 or 1, not {0}")]
    DealEven(Seat),
    /// A grid of the wrong size.
    #[error("a grid lists 16 numbers, row by row with 0 for D, not {0}")]
    GridSize(usize),
    /// A grid without D in the top-left corner.
    #[error("the top-left cell holds D, written 0, not {0}")]
    GridCorner(u8),
    /// A 0 (D) somewhere else than the corner.
    #[error("D (0) belongs in the top-left corner only, but row {row}, column {col} holds it too")]
    GridSecondD {
        /// The row.
        row: u8,
        /// The column.
        col: u8,
    },
    /// A number out of range.
    #[error("{0} is not a number from 1 to 15")]
    GridNumber(u8),
    /// A number written twice (so another is missing).
    #[error(
        "the grid has {repeated} twice and no {missing}: each number from 1 to 15 must appear exactly once"
    )]
    GridRepeated {
        /// The number written twice.
        repeated: u8,
        /// A number the grid lacks.
        missing: u8,
    },
    /// A move after the end.
    #[error("the match is over")]
    Over,
    /// A seat that does not exist.
    #[error("there is no seat {0}: the seats are 0 and 1")]
    NoSeat(Seat),
    /// A grid after the set-up.
    #[error("the grids are already filled in: a move now steps to a cell, {{\"to\": [row, col]}}")]
    SetUpOver,
    /// A second grid from the same seat.
    #[error("seat {0} has already filled in its grid")]
    AlreadyFilled(Seat),
    /// A step before both grids are filled in.
    #[error(
        "the set-up is not complete: both players must fill in their grids before the first bout"
    )]
    SetUpNotComplete,
    /// A step out of turn (led bouts).
    #[error("it is seat {to_move}'s turn ({role} of bout {bout}), not seat {seat}'s")]
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Whose turn it is.
        to_move: Seat,
        /// `leader` or `follower`.
        role: &'static str,
        /// The bout, from 1.
        bout: u8,
    },
    /// A second secret choice in the same bout (simultaneous bouts).
    #[error("seat {0} has already chosen its cell for this bout")]
    AlreadyChosen(Seat),
    /// A stuck player trying to move (simultaneous bouts).
    #[error(
        "seat {0} has no unused cell next to the end of its path: it plays 0 for the remaining bouts"
    )]
    Stuck(Seat),
    /// A cell off the grid.
    #[error("row {row}, column {col} is not on the grid (rows and columns go from 0 to 3)")]
    OffGrid {
        /// The row.
        row: u8,
        /// The column.
        col: u8,
    },
    /// A cell the path has used.
    #[error("row {row}, column {col} is already on your path: each cell is used once")]
    Used {
        /// The row.
        row: u8,
        /// The column.
        col: u8,
    },
    /// A cell not next to the end of the path.
    #[error(
        "row {row}, column {col} is not next to the end of your path (row {from_row}, column {from_col}): step to one of the eight cells around it"
    )]
    NotAdjacent {
        /// The row.
        row: u8,
        /// The column.
        col: u8,
        /// The path's last row.
        from_row: u8,
        /// The path's last column.
        from_col: u8,
    },
}

/// Checks a grid: D (0) in the top-left corner and each of 1..=15 once.
pub fn check_grid(grid: &[u8]) -> Result<Grid, RuleError> {
    let grid: Grid = grid
        .try_into()
        .map_err(|_| RuleError::GridSize(grid.len()))?;
    if grid[0] != 0 {
        return Err(RuleError::GridCorner(grid[0]));
    }
    let mut seen = 0u16;
    let mut repeated = None;
    for (cell, &n) in grid.iter().enumerate().skip(1) {
        if n == 0 {
            let (row, col) = coords(cell as u8);
            return Err(RuleError::GridSecondD { row, col });
        }
        if n > 15 {
            return Err(RuleError::GridNumber(n));
        }
        if seen & (1 << n) != 0 {
            repeated.get_or_insert(n);
        }
        seen |= 1 << n;
    }
    if let Some(repeated) = repeated {
        let missing = (1..=15u8).find(|n| seen & (1 << n) == 0).unwrap_or(0);
        return Err(RuleError::GridRepeated { repeated, missing });
    }
    Ok(grid)
}

/// The seat that leads the first bout once both grids are shown, `even`
/// being the seat called "even": by the parity of the two bottom-right
/// numbers, or under Sackson's rule by the larger sum of the three numbers
/// around D (equal sums falling back on the parity).
pub fn first_leader(config: &Config, grids: &[Grid; 2], even: Seat) -> Seat {
    let odd = 1 - even;
    let by_parity = if (grids[0][CORNER as usize] + grids[1][CORNER as usize]).is_multiple_of(2) {
        even
    } else {
        odd
    };
    match config.first_lead {
        FirstLead::EvenOdd => by_parity,
        FirstLead::Sackson => match around_start(&grids[0]).cmp(&around_start(&grids[1])) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => by_parity,
        },
    }
}

/// The sum of the three numbers around D (Sackson's first-leader rule).
pub fn around_start(grid: &Grid) -> u32 {
    (0..CELLS)
        .filter(|&c| NEIGHBOURS[START as usize] & (1 << c) != 0)
        .map(|c| grid[c] as u32)
        .sum()
}

/// The result of one bout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BoutResult {
    /// The bout, from 1.
    pub bout: u8,
    /// The number each seat played (0 for a stuck player in simultaneous bouts).
    pub numbers: [u8; 2],
    /// The seat with the higher number, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Who leads the next bout.
    pub next_leader: Seat,
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Who moved.
    pub seat: Seat,
    /// Set when this move completed the set-up: the grids are revealed and
    /// this seat leads the first bout.
    pub first_leader: Option<Seat>,
    /// Set when this move completed a bout.
    pub bout: Option<BoutResult>,
    /// Set when a player is out by KO.
    pub ko: Option<Seat>,
    /// Whether the match is over.
    pub over: bool,
}

/// "No cell" in [`State::secret`].
pub(crate) const NONE: u8 = 0xFF;

/// The whole state of a match of Paper Boxing. Small and `Copy`: the solver
/// and the bots search it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) config: Config,
    /// Each seat's grid (zeros until it is filled in).
    pub(crate) grids: [Grid; 2],
    /// Which seats have filled in their grids.
    pub(crate) filled: [bool; 2],
    /// The seat called "even".
    pub(crate) even: u8,
    /// The leader of the first bout (meaningful once revealed).
    pub(crate) first_leader: u8,
    /// The leader of the current bout.
    pub(crate) leader: u8,
    /// Each path's cells in order, D first; `steps[s] + 1` of them are set.
    pub(crate) paths: [[u8; CELLS]; 2],
    /// Cells each path has reached after D.
    pub(crate) steps: [u8; 2],
    /// Cells each path has used, D included.
    pub(crate) used: [u16; 2],
    /// Bouts won per seat.
    pub(crate) wins: [u8; 2],
    /// Bouts completed.
    pub(crate) bouts: u8,
    /// Simultaneous bouts: the cell each seat has chosen in secret, or [`NONE`].
    pub(crate) secret: [u8; 2],
    /// The seat out by KO.
    pub(crate) ko: Option<u8>,
    pub(crate) over: bool,
}

impl State {
    /// A new match: from the deal's grids, or awaiting both grids when there
    /// is no deal (there is nothing to draw, so the seed is not used).
    pub fn new(config: &Config, players: usize, deal: Option<&Deal>) -> Result<Self, RuleError> {
        if players != 2 {
            return Err(RuleError::Players(players));
        }
        let mut state = State {
            config: *config,
            grids: [[0; CELLS]; 2],
            filled: [false; 2],
            even: 1,
            first_leader: 0,
            leader: 0,
            paths: [[START; CELLS]; 2],
            steps: [0; 2],
            used: [1 << START; 2],
            wins: [0; 2],
            bouts: 0,
            secret: [NONE; 2],
            ko: None,
            over: false,
        };
        if let Some(deal) = deal {
            if deal.grids.len() != 2 {
                return Err(RuleError::DealGrids(deal.grids.len()));
            }
            if deal.even > 1 {
                return Err(RuleError::DealEven(deal.even));
            }
            state.even = deal.even as u8;
            for seat in 0..2 {
                state.grids[seat] = check_grid(&deal.grids[seat])?;
                state.filled[seat] = true;
            }
            state.reveal();
        }
        Ok(state)
    }

    /// The grids are both filled in: decide the first leader.
    fn reveal(&mut self) {
        self.first_leader = first_leader(&self.config, &self.grids, self.even as Seat) as u8;
        self.leader = self.first_leader;
    }

    /// The variant's rules.
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// Whether both grids are filled in (and so revealed).
    pub fn revealed(&self) -> bool {
        self.filled[0] && self.filled[1]
    }
    /// Whether `seat` has filled in its grid.
    pub fn filled(&self, seat: Seat) -> bool {
        self.filled[seat]
    }
    /// A seat's grid, once it is filled in. Hidden information until the reveal.
    pub fn grid(&self, seat: Seat) -> Option<&Grid> {
        self.filled[seat].then_some(&self.grids[seat])
    }
    /// Both grids (zeros for a grid not yet filled in). Hidden information
    /// until the reveal.
    pub fn grids(&self) -> [Grid; 2] {
        self.grids
    }
    /// The number on a cell of a seat's grid (0 for D, or before set-up).
    pub fn number(&self, seat: Seat, cell: u8) -> u8 {
        self.grids[seat][cell as usize]
    }
    /// The seat called "even".
    pub fn even(&self) -> Seat {
        self.even as Seat
    }
    /// The leader of the first bout, once the grids are revealed.
    pub fn first_leader(&self) -> Option<Seat> {
        self.revealed().then_some(self.first_leader as Seat)
    }
    /// The leader of the current bout, once the grids are revealed.
    pub fn leader(&self) -> Option<Seat> {
        self.revealed().then_some(self.leader as Seat)
    }
    /// A seat's path, D first.
    pub fn path(&self, seat: Seat) -> &[u8] {
        &self.paths[seat][..=self.steps[seat] as usize]
    }
    /// The last cell of a seat's path.
    pub fn at(&self, seat: Seat) -> u8 {
        self.paths[seat][self.steps[seat] as usize]
    }
    /// The cells a seat's path has used, D included, as a bit mask.
    pub fn used(&self, seat: Seat) -> u16 {
        self.used[seat]
    }
    /// Bouts completed.
    pub fn bouts(&self) -> u8 {
        self.bouts
    }
    /// Bouts won per seat.
    pub fn wins(&self) -> [u8; 2] {
        self.wins
    }
    /// The seat out by KO, if any.
    pub fn ko(&self) -> Option<Seat> {
        self.ko.map(Seat::from)
    }
    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The cells a seat may step to now, as a bit mask: the unused
    /// neighbours of its path's last cell.
    pub fn free_neighbours(&self, seat: Seat) -> u16 {
        NEIGHBOURS[self.at(seat) as usize] & !self.used[seat]
    }

    /// Whether a seat's path can go no further.
    pub fn stuck(&self, seat: Seat) -> bool {
        self.free_neighbours(seat) == 0
    }

    /// The seats whose move is awaited now.
    pub fn awaiting(&self) -> Vec<Seat> {
        if self.over {
            return Vec::new();
        }
        if !self.revealed() {
            return (0..2).filter(|&s| !self.filled[s]).collect();
        }
        match self.config.bouts {
            Bouts::Led => vec![self.to_move()],
            Bouts::Simultaneous => (0..2)
                .filter(|&s| self.secret[s] == NONE && !self.stuck(s))
                .collect(),
        }
    }

    /// Led bouts: the seat to step now — the leader until it has stepped in
    /// this bout, then the follower.
    pub fn to_move(&self) -> Seat {
        let leader = self.leader as Seat;
        if self.steps[leader] > self.bouts {
            1 - leader
        } else {
            leader
        }
    }

    /// The legal steps of `seat` now, as cells (empty when it is not its move).
    pub fn legal_cells(&self, seat: Seat) -> Vec<u8> {
        if seat > 1 || !self.awaiting().contains(&seat) || !self.revealed() {
            return Vec::new();
        }
        let free = self.free_neighbours(seat);
        (0..CELLS as u8).filter(|&c| free & (1 << c) != 0).collect()
    }

    /// The legal moves of `seat` now: its grid during set-up is not listed
    /// (any arrangement of 1..=15 is legal), its steps afterwards.
    pub fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        self.legal_cells(seat)
            .into_iter()
            .map(Move::to_cell)
            .collect()
    }

    /// Why `mv` by `seat` is illegal; `Ok` with the checked grid or cell.
    fn check(&self, seat: Seat, mv: &Move) -> Result<Checked, RuleError> {
        if self.over {
            return Err(RuleError::Over);
        }
        if seat > 1 {
            return Err(RuleError::NoSeat(seat));
        }
        let (row, col) = match *mv {
            Move::Grid(grid) => {
                if self.revealed() {
                    return Err(RuleError::SetUpOver);
                }
                if self.filled[seat] {
                    return Err(RuleError::AlreadyFilled(seat));
                }
                return check_grid(&grid).map(Checked::Grid);
            }
            Move::To { row, col } => (row, col),
        };
        if !self.revealed() {
            return Err(RuleError::SetUpNotComplete);
        }
        match self.config.bouts {
            Bouts::Led => {
                let to_move = self.to_move();
                if seat != to_move {
                    let leading = to_move == self.leader as Seat;
                    return Err(RuleError::NotYourTurn {
                        seat,
                        to_move,
                        role: if leading { "leader" } else { "follower" },
                        bout: self.bouts + 1,
                    });
                }
            }
            Bouts::Simultaneous => {
                if self.secret[seat] != NONE {
                    return Err(RuleError::AlreadyChosen(seat));
                }
                if self.stuck(seat) {
                    return Err(RuleError::Stuck(seat));
                }
            }
        }
        let cell = cell_at(row, col).ok_or(RuleError::OffGrid { row, col })?;
        if self.used[seat] & (1 << cell) != 0 {
            return Err(RuleError::Used { row, col });
        }
        if NEIGHBOURS[self.at(seat) as usize] & (1 << cell) == 0 {
            let (from_row, from_col) = coords(self.at(seat));
            return Err(RuleError::NotAdjacent {
                row,
                col,
                from_row,
                from_col,
            });
        }
        Ok(Checked::Cell(cell))
    }

    /// Checks and plays a move. A refused move changes nothing.
    pub fn apply(&mut self, seat: Seat, mv: &Move) -> Result<Outcome, RuleError> {
        let checked = self.check(seat, mv)?;
        let mut outcome = Outcome {
            seat,
            first_leader: None,
            bout: None,
            ko: None,
            over: false,
        };
        match checked {
            Checked::Grid(grid) => {
                self.grids[seat] = grid;
                self.filled[seat] = true;
                if self.revealed() {
                    self.reveal();
                    outcome.first_leader = Some(self.first_leader as Seat);
                }
            }
            Checked::Cell(cell) => match self.config.bouts {
                Bouts::Led => self.step_led(seat, cell, &mut outcome),
                Bouts::Simultaneous => self.step_simultaneous(seat, cell, &mut outcome),
            },
        }
        outcome.over = self.over;
        Ok(outcome)
    }

    /// Extends a path by one cell (already checked).
    fn extend(&mut self, seat: Seat, cell: u8) {
        self.steps[seat] += 1;
        self.paths[seat][self.steps[seat] as usize] = cell;
        self.used[seat] |= 1 << cell;
    }

    /// Compares the two numbers of a bout, counts it, and passes the lead.
    fn close_bout(&mut self, numbers: [u8; 2]) -> BoutResult {
        let winner = match numbers[0].cmp(&numbers[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        if let Some(w) = winner {
            self.wins[w] += 1;
            self.leader = w as u8;
        }
        self.bouts += 1;
        BoutResult {
            bout: self.bouts,
            numbers,
            winner,
            next_leader: self.leader as Seat,
        }
    }

    fn step_led(&mut self, seat: Seat, cell: u8, outcome: &mut Outcome) {
        self.extend(seat, cell);
        if seat == self.leader as Seat {
            // The follower is checked when it is due to move.
            let follower = 1 - seat;
            if self.stuck(follower) {
                self.knock_out(follower, outcome);
            }
            return;
        }
        let numbers = [self.number(0, self.at(0)), self.number(1, self.at(1))];
        outcome.bout = Some(self.close_bout(numbers));
        if self.bouts == BOUTS {
            self.over = true;
        } else if self.stuck(self.leader as Seat) {
            // The next leader is checked as it is due to lead.
            self.knock_out(self.leader as Seat, outcome);
        }
    }

    fn knock_out(&mut self, seat: Seat, outcome: &mut Outcome) {
        self.ko = Some(seat as u8);
        self.over = true;
        outcome.ko = Some(seat);
    }

    fn step_simultaneous(&mut self, seat: Seat, cell: u8, outcome: &mut Outcome) {
        self.secret[seat] = cell;
        if !self.awaiting().is_empty() {
            return;
        }
        // Every player able to move has chosen: reveal, and a stuck one plays 0.
        let mut numbers = [0u8; 2];
        for (s, number) in numbers.iter_mut().enumerate() {
            let cell = self.secret[s];
            if cell != NONE {
                self.extend(s, cell);
                *number = self.number(s, cell);
                self.secret[s] = NONE;
            }
        }
        outcome.bout = Some(self.close_bout(numbers));
        // With both stuck, every remaining bout is 0 against 0: nothing can change.
        if self.bouts == BOUTS || (self.stuck(0) && self.stuck(1)) {
            self.over = true;
        }
    }

    /// Each seat's bouts won.
    pub fn scores(&self) -> Vec<i64> {
        self.wins.iter().map(|&w| w as i64).collect()
    }

    /// The winner once the match is over: the other seat after a KO, else
    /// the one with more bouts, a tie going to the first leader.
    pub fn winner(&self) -> Option<Seat> {
        if !self.over {
            return None;
        }
        if let Some(ko) = self.ko {
            return Some(1 - ko as Seat);
        }
        Some(match self.wins[0].cmp(&self.wins[1]) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => self.first_leader as Seat,
        })
    }

    /// The number each seat played in each completed bout (0 for a stuck
    /// player in simultaneous bouts).
    pub fn bout_numbers(&self) -> Vec<[u8; 2]> {
        (1..=self.bouts as usize)
            .map(|b| {
                let mut n = [0u8; 2];
                for (s, v) in n.iter_mut().enumerate() {
                    if b <= self.steps[s] as usize {
                        *v = self.number(s, self.paths[s][b]);
                    }
                }
                n
            })
            .collect()
    }

    /// The state a seat's view describes. The other seat's secret choice in a
    /// simultaneous bout is not in the view, so it is left unmade; during
    /// set-up an unseen grid is left empty.
    pub fn from_view(view: &super::View) -> Self {
        let mut state = State {
            config: view.config,
            grids: [[0; CELLS]; 2],
            filled: view.filled,
            even: view.even as u8,
            first_leader: view.first_leader.unwrap_or(0) as u8,
            leader: view.leader.unwrap_or(0) as u8,
            paths: [[START; CELLS]; 2],
            steps: [0; 2],
            used: [1 << START; 2],
            wins: view.wins,
            bouts: view.bouts,
            secret: [NONE; 2],
            ko: view.ko.map(|s| s as u8),
            over: view.over,
        };
        for s in 0..2 {
            if let Some(g) = view.grids[s] {
                state.grids[s] = g;
            }
            for &c in view.paths[s].iter().skip(1) {
                state.extend(s, c);
            }
        }
        if let Some(c) = view.secret {
            state.secret[view.seat] = c;
        }
        state
    }
}

/// A move that passed the checks.
enum Checked {
    Grid(Grid),
    Cell(u8),
}
