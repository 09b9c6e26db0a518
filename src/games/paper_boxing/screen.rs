//! Paper Boxing on screen: fill in your grid by dragging the numbers 1 to 15
//! onto it, then box it out bout by bout — each path drawn as a line through
//! its grid, the ring at its end to tap next to or drag; against a bot or
//! another person on the same screen.
//!
//! Everything shown comes from the viewer seat's [`View`]: during the set-up
//! the other grid is not in it, and in simultaneous bouts neither is the
//! other player's secret choice.

use std::time::Duration;

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::{Game, GameRng, Match, Phase, Seat};
use parlour_core::games::paper_boxing::{
    Bouts, FirstLead, Grid, Move, NEIGHBOURS, PaperBoxing, Solver, State as Position, View, bots,
};

use crate::catalog::GameId;
use crate::engine::{
    ActiveMatch, CellOf, Controller, MatchEntity, MoveApplied, MoveRejected, MoveRequest,
    StartMatch, TurnPhase,
};
use crate::game_kit::{DRAG_START, window_size};
use crate::session::{Notice, ResultsSheet, Screen, Table, TableSystems};
use crate::settings::Settings;
use crate::tr;
use crate::ui::UiSystems;
use crate::ui::input::PointerInput;
use crate::ui::theme::{Look, colour, ecolour, size};
use crate::ui::tween::{Rise, Tween, move_to};
use crate::ui::widgets::big_button;

/// The start cell, D.
const START: u8 = 0;
/// The cell opposite D, whose numbers pick the first leader.
const CORNER: usize = 15;
/// A board's rim of wood, in cells, on each side.
const WOOD: f32 = 0.2;
/// A board's side, in cells.
const BOARD: f32 = 4.0 + 2.0 * WOOD;
/// A cell face's share of the distance between cell centres.
const FACE: f32 = 0.92;
/// The line above each grid for its player's name (or the set-up's words).
pub const LABEL_H: f32 = 48.0;
/// The least space between the two grids, or a grid and the tray.
const GAP: f32 = 24.0;
/// The largest cell: beyond it the grids only grow emptier.
const MAX_CELL: f32 = 140.0;
/// A set-up token's diameter, in set-up cells.
const TOKEN: f32 = 0.84;
/// The distance between tray slots, in set-up cells.
const PITCH: f32 = 0.98;
/// The tray's padding around its slots, in set-up cells.
const TRAY_PAD: f32 = 0.25;
/// The tray's size, in set-up cells: five numbers to a row, three rows.
const TRAY: Vec2 = Vec2::new(5.0 * PITCH + 2.0 * TRAY_PAD, 3.0 * PITCH + 2.0 * TRAY_PAD);

/// Where everything goes, from the window's size. World coordinates: origin
/// at the window's centre, y up, one unit a logical pixel.
///
/// In play the two grids stand side by side (landscape) or one above the
/// other (portrait) — whichever makes the cells larger — each under a line
/// for its player's name; a band at the bottom tells the news of the bouts.
/// During the set-up one grid — the one being filled in — stands beside (or
/// above) the tray of numbers, and the band holds the buttons.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct PbLayout {
    /// The window size it was made for.
    pub window: Vec2,
    /// Play: the grids one above the other (else side by side).
    pub stacked: bool,
    /// Play: the distance between cell centres.
    pub cell: f32,
    /// Play: each seat's grid centre.
    pub grids: [Vec2; 2],
    /// Play: the line above each grid.
    pub labels: [Rect; 2],
    /// The band at the bottom: the news in play, the buttons in the set-up.
    pub band: Rect,
    /// Set-up: the distance between cell centres of the grid being filled in.
    pub setup_cell: f32,
    /// Set-up: the centre of the grid being filled in.
    pub setup_grid: Vec2,
    /// Set-up: the line above the grid and the tray, for the instructions.
    pub setup_label: Rect,
    /// Set-up: the tray of numbers not yet placed.
    pub tray: Rect,
}

/// The centre of `cell` (row by row from the top left) of a 4 × 4 grid.
fn grid_cell_centre(centre: Vec2, pitch: f32, cell: u8) -> Vec2 {
    let (row, col) = ((cell / 4) as f32, (cell % 4) as f32);
    centre + Vec2::new((col - 1.5) * pitch, (1.5 - row) * pitch)
}

/// The cell of a 4 × 4 grid under a point, if any.
fn grid_cell_at(centre: Vec2, pitch: f32, p: Vec2) -> Option<u8> {
    let local = p - centre;
    let col = (local.x / pitch + 2.0).floor();
    let row = (2.0 - local.y / pitch).floor();
    ((0.0..4.0).contains(&col) && (0.0..4.0).contains(&row)).then(|| row as u8 * 4 + col as u8)
}

impl PbLayout {
    /// The layout for a window of `window` logical pixels.
    pub fn new(window: Vec2) -> Self {
        let m = size::MARGIN;
        let band_h = (window.y * 0.17).clamp(124.0, 170.0);
        let band = Rect::new(
            -window.x / 2.0 + m,
            -window.y / 2.0 + m,
            window.x / 2.0 - m,
            -window.y / 2.0 + m + band_h,
        );
        // The table: between the HUD and the band.
        let top = window.y / 2.0 - size::HUD - m;
        let floor = band.max.y + m;
        let width = window.x - 2.0 * m;
        let height = (top - floor).max(10.0);
        let middle = (top + floor) / 2.0;

        // Play: stacked or side by side, whichever gives larger cells.
        let stacked_cell = ((height - 2.0 * LABEL_H - GAP) / (2.0 * BOARD)).min(width / BOARD);
        let side_cell = ((height - LABEL_H) / BOARD).min((width - GAP) / (2.0 * BOARD));
        let stacked = stacked_cell > side_cell;
        let (cell, grids, labels) = if stacked {
            let cell = stacked_cell.clamp(8.0, MAX_CELL);
            let side = BOARD * cell;
            let block = 2.0 * (LABEL_H + side) + GAP;
            let gap = GAP + (height - block).max(0.0) / 3.0;
            let block = 2.0 * (LABEL_H + side) + gap;
            let block_top = middle + block / 2.0;
            let mut grids = [Vec2::ZERO; 2];
            let mut labels = [Rect::default(); 2];
            for (s, (grid, label)) in grids.iter_mut().zip(labels.iter_mut()).enumerate() {
                let label_top = block_top - s as f32 * (LABEL_H + side + gap);
                *label = Rect::new(-side / 2.0, label_top - LABEL_H, side / 2.0, label_top);
                *grid = Vec2::new(0.0, label_top - LABEL_H - side / 2.0);
            }
            (cell, grids, labels)
        } else {
            let cell = side_cell.clamp(8.0, MAX_CELL);
            let side = BOARD * cell;
            let gap = ((width - 2.0 * side) / 3.0).clamp(GAP, cell * 1.5);
            let x = side / 2.0 + gap / 2.0;
            let y = middle - LABEL_H / 2.0;
            let label = |cx: f32| {
                Rect::new(
                    cx - side / 2.0,
                    y + side / 2.0,
                    cx + side / 2.0,
                    y + side / 2.0 + LABEL_H,
                )
            };
            (
                cell,
                [Vec2::new(-x, y), Vec2::new(x, y)],
                [label(-x), label(x)],
            )
        };

        // Set-up: the tray under the grid or beside it, the same way.
        let under = ((height - LABEL_H - GAP) / (BOARD + TRAY.y)).min(width / TRAY.x.max(BOARD));
        let beside = ((height - LABEL_H) / BOARD.max(TRAY.y)).min((width - GAP) / (BOARD + TRAY.x));
        let (setup_cell, setup_grid, setup_label, tray) = if under > beside {
            let sc = under.clamp(8.0, MAX_CELL);
            let block = LABEL_H + BOARD * sc + GAP + TRAY.y * sc;
            let block_top = middle + block / 2.0;
            let label = Rect::new(-width / 2.0, block_top - LABEL_H, width / 2.0, block_top);
            let grid = Vec2::new(0.0, block_top - LABEL_H - BOARD * sc / 2.0);
            let tray_top = block_top - LABEL_H - BOARD * sc - GAP;
            let tray =
                Rect::from_center_size(Vec2::new(0.0, tray_top - TRAY.y * sc / 2.0), TRAY * sc);
            (sc, grid, label, tray)
        } else {
            let sc = beside.clamp(8.0, MAX_CELL);
            let gap = ((width - (BOARD + TRAY.x) * sc) / 3.0).clamp(GAP, sc * 1.2);
            let total = (BOARD + TRAY.x) * sc + gap;
            let left = -total / 2.0;
            let y = middle - LABEL_H / 2.0;
            let grid = Vec2::new(left + BOARD * sc / 2.0, y);
            let tray = Rect::from_center_size(
                Vec2::new(left + BOARD * sc + gap + TRAY.x * sc / 2.0, y),
                TRAY * sc,
            );
            let label_y = y + BOARD * sc / 2.0;
            let label = Rect::new(left, label_y, left + total, label_y + LABEL_H);
            (sc, grid, label, tray)
        };

        Self {
            window,
            stacked,
            cell,
            grids,
            labels,
            band,
            setup_cell,
            setup_grid,
            setup_label,
            tray,
        }
    }

    /// Play: a board's side, wood included.
    pub fn board_side(&self) -> f32 {
        BOARD * self.cell
    }

    /// Play: the centre of a cell of a seat's grid.
    pub fn cell_centre(&self, seat: Seat, cell: u8) -> Vec2 {
        grid_cell_centre(self.grids[seat.min(1)], self.cell, cell)
    }

    /// Play: the seat and cell under a point, if any.
    pub fn cell_at(&self, p: Vec2) -> Option<(Seat, u8)> {
        (0..2).find_map(|s| grid_cell_at(self.grids[s], self.cell, p).map(|c| (s, c)))
    }

    /// Play: a cell face's size (the faces leave a gap between them).
    pub fn face(&self) -> f32 {
        FACE * self.cell
    }

    /// Set-up: the centre of a cell of the grid being filled in.
    pub fn setup_cell_centre(&self, cell: u8) -> Vec2 {
        grid_cell_centre(self.setup_grid, self.setup_cell, cell)
    }

    /// Set-up: the cell under a point, if any.
    pub fn setup_cell_at(&self, p: Vec2) -> Option<u8> {
        grid_cell_at(self.setup_grid, self.setup_cell, p)
    }

    /// Set-up: a number token's diameter.
    pub fn token(&self) -> f32 {
        TOKEN * self.setup_cell
    }

    /// Set-up: the tray slot of a number (1 to 15): each number has its own,
    /// so the tray keeps its order as numbers leave it.
    pub fn tray_slot(&self, number: u8) -> Vec2 {
        let i = number.clamp(1, 15) - 1;
        let (row, col) = ((i / 5) as f32, (i % 5) as f32);
        let pitch = PITCH * self.setup_cell;
        self.tray.center() + Vec2::new((col - 2.0) * pitch, (1.0 - row) * pitch)
    }

    /// Set-up: the number whose tray slot is under a point, if any.
    pub fn tray_slot_at(&self, p: Vec2) -> Option<u8> {
        let half = PITCH * self.setup_cell / 2.0;
        (1..=15u8).find(|&n| {
            let d = (p - self.tray_slot(n)).abs();
            d.x <= half && d.y <= half
        })
    }
}

/// The grid being filled in: each cell's number, 0 for an empty cell (and
/// for D, which holds no number).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Arrangement {
    /// Row by row from the top left.
    pub cells: Grid,
}

impl Arrangement {
    /// A full arrangement.
    pub fn from_grid(grid: Grid) -> Self {
        let mut cells = grid;
        cells[START as usize] = 0;
        Self { cells }
    }

    /// The cell a number is on, if it is placed.
    pub fn cell_of(&self, number: u8) -> Option<u8> {
        (1..16u8).find(|&c| self.cells[c as usize] == number && number != 0)
    }

    /// How many numbers are placed.
    pub fn placed(&self) -> usize {
        self.cells.iter().skip(1).filter(|&&n| n != 0).count()
    }

    /// The grid, once every number is placed.
    pub fn grid(&self) -> Option<Grid> {
        parlour_core::games::paper_boxing::check_grid(&self.cells).ok()
    }

    /// Puts a number on a cell: a number already there swaps places with it
    /// (or goes back to the tray when the one put comes from the tray). D
    /// takes no number.
    pub fn put(&mut self, number: u8, cell: u8) {
        if cell == START || cell >= 16 || !(1..=15).contains(&number) {
            return;
        }
        let there = self.cells[cell as usize];
        match self.cell_of(number) {
            Some(from) if from == cell => {}
            Some(from) => {
                self.cells[from as usize] = there;
                self.cells[cell as usize] = number;
            }
            None => self.cells[cell as usize] = number,
        }
    }

    /// Takes a number off the grid, back to the tray.
    pub fn take_back(&mut self, number: u8) {
        if let Some(c) = self.cell_of(number) {
            self.cells[c as usize] = 0;
        }
    }
}

/// What the pointer holds while a grid is being filled in.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum SetUpHold {
    /// Nothing.
    #[default]
    Empty,
    /// A number under a pressed pointer (a tap, or the start of a drag).
    Pressed {
        /// The number.
        number: u8,
        /// Where the press began.
        from: Vec2,
        /// Where the pointer is now.
        at: Vec2,
        /// Whether it has moved far enough to be a drag.
        dragging: bool,
        /// The number selected before this press, if any.
        selected: Option<u8>,
    },
    /// A number chosen by a tap, waiting for a tap on a cell.
    Selected(u8),
}

impl SetUpHold {
    /// The number held or selected.
    pub fn number(&self) -> Option<u8> {
        match *self {
            SetUpHold::Empty => None,
            SetUpHold::Pressed { number, .. } | SetUpHold::Selected(number) => Some(number),
        }
    }

    /// Where a dragged number is, if one is being dragged.
    pub fn dragged(&self) -> Option<(u8, Vec2)> {
        match *self {
            SetUpHold::Pressed {
                number,
                at,
                dragging: true,
                ..
            } => Some((number, at)),
            _ => None,
        }
    }
}

/// Turns one pointer event during the set-up into the new hold, changing
/// the arrangement when a number is dropped or a cell tapped: drag a number
/// from the tray onto a cell, drag a placed number onto another to swap
/// them or back to the tray to take it off; or tap a number, then a cell.
/// Returns whether the arrangement changed.
pub fn handle_setup_pointer(
    hold: &mut SetUpHold,
    layout: &PbLayout,
    arrangement: &mut Arrangement,
    event: PointerInput,
) -> bool {
    let before = *arrangement;
    let cell_under = |p: Vec2| layout.setup_cell_at(p).filter(|&c| c != START);
    match (event, *hold) {
        (PointerInput::Down(p), current) => {
            let selected = match current {
                SetUpHold::Selected(n) => Some(n),
                _ => None,
            };
            let on_cell = cell_under(p)
                .map(|c| arrangement.cells[c as usize])
                .filter(|&n| n != 0);
            let in_tray = layout
                .tray_slot_at(p)
                .filter(|&n| arrangement.cell_of(n).is_none());
            if let Some(number) = on_cell.or(in_tray) {
                *hold = SetUpHold::Pressed {
                    number,
                    from: p,
                    at: p,
                    dragging: false,
                    selected,
                };
                return false;
            }
            *hold = SetUpHold::Empty;
            if let Some(s) = selected {
                if let Some(c) = cell_under(p) {
                    arrangement.put(s, c);
                } else if layout.tray.contains(p) {
                    arrangement.take_back(s);
                }
            }
        }
        (
            PointerInput::Move(p),
            SetUpHold::Pressed {
                number,
                from,
                dragging,
                selected,
                ..
            },
        ) => {
            *hold = SetUpHold::Pressed {
                number,
                from,
                at: p,
                dragging: dragging || p.distance(from) > DRAG_START,
                selected,
            };
        }
        (
            PointerInput::Up(p),
            SetUpHold::Pressed {
                number,
                dragging,
                selected,
                ..
            },
        ) => {
            *hold = SetUpHold::Empty;
            if dragging {
                if let Some(c) = cell_under(p) {
                    arrangement.put(number, c);
                } else if layout.tray.contains(p) {
                    arrangement.take_back(number);
                }
            } else {
                match selected {
                    // A second tap on the selected number lets it go.
                    Some(s) if s == number => {}
                    // A tap on a placed number with another selected: the
                    // selected one goes there (a swap, or the placed one back
                    // to the tray).
                    Some(s) if arrangement.cell_of(number).is_some() => {
                        if let Some(c) = arrangement.cell_of(number) {
                            arrangement.put(s, c);
                        }
                    }
                    _ => *hold = SetUpHold::Selected(number),
                }
            }
        }
        (PointerInput::Cancel, _) => *hold = SetUpHold::Empty,
        _ => {}
    }
    *arrangement != before
}

/// What the pointer holds during the bouts.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub enum PlayHold {
    /// Nothing.
    #[default]
    Empty,
    /// A press on a cell of the viewer's grid (a tap, or a drag of the ring
    /// when it began on the path's end).
    Pressed {
        /// The cell pressed.
        cell: u8,
        /// Where the press began.
        from: Vec2,
        /// Where the pointer is now.
        at: Vec2,
        /// Whether it has moved far enough to be a drag.
        dragging: bool,
    },
}

impl PlayHold {
    /// Where the ring is being dragged to, when it is: a drag that began on
    /// the path's end, `head`.
    pub fn dragged_ring(&self, head: u8) -> Option<Vec2> {
        match *self {
            PlayHold::Pressed {
                cell,
                at,
                dragging: true,
                ..
            } if cell == head => Some(at),
            _ => None,
        }
    }
}

/// Turns one pointer event during the bouts into the new hold and, when
/// the viewer taps a cell of its own grid or drops its ring (the path's
/// end, `head`) on one, the step to ask the rules for. Steps the rules will
/// refuse are asked too: the refusal comes back with the rules' reason,
/// which the screen shows, rather than a tap that silently does nothing.
pub fn handle_play_pointer(
    hold: &mut PlayHold,
    layout: &PbLayout,
    seat: Seat,
    head: u8,
    may_move: bool,
    event: PointerInput,
) -> Option<Move> {
    let own_cell = |p: Vec2| {
        layout
            .cell_at(p)
            .filter(|&(s, _)| s == seat)
            .map(|(_, c)| c)
    };
    match (event, *hold) {
        (PointerInput::Down(p), _) => {
            *hold = match own_cell(p) {
                Some(cell) => PlayHold::Pressed {
                    cell,
                    from: p,
                    at: p,
                    dragging: false,
                },
                None => PlayHold::Empty,
            };
            None
        }
        (
            PointerInput::Move(p),
            PlayHold::Pressed {
                cell,
                from,
                dragging,
                ..
            },
        ) => {
            *hold = PlayHold::Pressed {
                cell,
                from,
                at: p,
                dragging: dragging || p.distance(from) > DRAG_START,
            };
            None
        }
        (PointerInput::Up(p), PlayHold::Pressed { cell, dragging, .. }) => {
            *hold = PlayHold::Empty;
            if !may_move {
                return None;
            }
            let target = own_cell(p);
            let to = if dragging && cell == head {
                // The ring dropped on a cell.
                target
            } else if !dragging || target == Some(cell) {
                // A tap (or a press that slid within its cell).
                Some(cell)
            } else {
                None
            };
            // The ring put back where it was is no step at all.
            to.filter(|&c| c != head).map(Move::to_cell)
        }
        (PointerInput::Cancel, _) => {
            *hold = PlayHold::Empty;
            None
        }
        _ => None,
    }
}

/// The grid being filled in on screen, and whose it is.
#[derive(Resource, Clone, Debug, Default)]
pub struct Draft {
    /// The seat filling it in.
    pub seat: Option<Seat>,
    /// Where its numbers are so far.
    pub arrangement: Arrangement,
    /// What the pointer holds.
    pub hold: SetUpHold,
}

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

/// The viewer's view: the seat on screen, or a spectator's (what is public)
/// when no seat is.
pub fn viewer_view(game: &Match<PaperBoxing>, viewer: Option<Seat>) -> View {
    game.view(viewer.filter(|&s| s < 2).unwrap_or(2))
}

/// The legal steps of the view's seat, from its view alone.
pub fn legal_cells(view: &View) -> Vec<u8> {
    if view.phase != Phase::Play || view.seat > 1 {
        return Vec::new();
    }
    Position::from_view(view).legal_cells(view.seat)
}

/// The grid the solver bot would write in the viewer's place: its own
/// set-up move, asked from the viewer's view (which holds nothing of the
/// other grid).
pub fn solver_set_up(view: &View, rng: &mut GameRng) -> Option<Grid> {
    let mut bot = PaperBoxing::bot("solver", rng.below(1 << 30) as u64).ok()?;
    match bot.choose(view) {
        Move::Grid(grid) => Some(grid),
        Move::To { .. } => None,
    }
}

/// Whether the viewer is filling in its grid on screen now.
fn arranging(view: &View, table: &Table) -> bool {
    view.phase == Phase::SetUp
        && view.seat < 2
        && !view.filled[view.seat]
        && table.is_human(view.seat)
}

/// The number each seat played in bout `bout` (from 1): 0 for a player who
/// was stuck and played 0.
pub fn bout_numbers(view: &View, bout: usize) -> [u8; 2] {
    std::array::from_fn(|s| match (view.grids[s], view.paths[s].get(bout)) {
        (Some(g), Some(&c)) => g[c as usize],
        _ => 0,
    })
}

/// The number on the last cell of a seat's path.
fn head_number(view: &View, seat: Seat) -> u8 {
    match (view.grids[seat], view.paths[seat].last()) {
        (Some(g), Some(&c)) => g[c as usize],
        _ => 0,
    }
}

fn role(view: &View, seat: Seat) -> String {
    if seat == view.even {
        tr!("pb-role-even")
    } else {
        tr!("pb-role-odd")
    }
}

/// How the first leader was found, in words: the two bottom-right numbers
/// (or, in Sackson's variant, the sums around D). `None` before the reveal.
pub fn reveal_text(view: &View, table: &Table) -> Option<String> {
    let (Some(g0), Some(g1), Some(first)) = (view.grids[0], view.grids[1], view.first_leader)
    else {
        return None;
    };
    let name = |s: Seat| table.name(s).to_owned();
    let (a, b) = (g0[CORNER], g1[CORNER]);
    let sum = a as u32 + b as u32;
    let parity = if sum.is_multiple_of(2) { "even" } else { "odd" };
    let corners = || {
        tr!(
            "pb-reveal-corners",
            a = a,
            b = b,
            sum = sum,
            parity = parity,
            leader = name(first),
            role = role(view, first)
        )
    };
    Some(match view.config.first_lead {
        FirstLead::EvenOdd => corners(),
        FirstLead::Sackson => {
            let around = |g: &Grid| -> u32 {
                (1..16)
                    .filter(|&c| NEIGHBOURS[START as usize] & (1 << c) != 0)
                    .map(|c| g[c] as u32)
                    .sum()
            };
            let (s0, s1) = (around(&g0), around(&g1));
            if s0 == s1 {
                tr!(
                    "pb-reveal-sackson-tie",
                    sum = s0,
                    a = a,
                    b = b,
                    total = sum,
                    parity = parity,
                    leader = name(first),
                    role = role(view, first)
                )
            } else {
                tr!(
                    "pb-reveal-sackson",
                    name0 = name(0),
                    sum0 = s0,
                    name1 = name(1),
                    sum1 = s1,
                    leader = name(first)
                )
            }
        }
    })
}

/// Whether to tag a seat as leading the bout: only led bouts have a
/// leader who moves first.
fn leads(view: &View, seat: Seat) -> bool {
    view.config.bouts == Bouts::Led && view.leader == Some(seat) && !view.over
}

/// The winner of a finished match, from a view.
fn winner_of(view: &View) -> Option<Seat> {
    if !view.over {
        return None;
    }
    if let Some(ko) = view.ko {
        return Some(1 - ko);
    }
    Some(match view.wins[0].cmp(&view.wins[1]) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => view.first_leader.unwrap_or(0),
    })
}

/// The lines under the grids: what happened last, then what comes next —
/// all from the viewer's view, so nothing secret is told.
pub fn status_lines(view: &View, table: &Table) -> Vec<String> {
    let name = |s: Seat| table.name(s).to_owned();
    let mut lines = Vec::new();
    if view.phase == Phase::SetUp {
        let me = view.seat;
        if me < 2 && view.filled[me] {
            lines.push(tr!("pb-setup-waiting", name = name(1 - me)));
        } else {
            for s in view.awaiting.iter().copied().filter(|&s| s != me) {
                lines.push(tr!("pb-setup-other", name = name(s)));
            }
        }
        lines.push(tr!("pb-setup-hidden"));
        return lines;
    }
    // What happened last: the reveal, or the last bout (and a knock-out).
    if view.bouts == 0 {
        if view.ko.is_none() {
            lines.extend(reveal_text(view, table));
        }
    } else {
        let b = view.bouts as usize;
        let n = bout_numbers(view, b);
        let result = match n[0].cmp(&n[1]) {
            std::cmp::Ordering::Equal => tr!(
                "pb-bout-draw",
                n = b,
                number = n[0],
                leader = name(view.leader.unwrap_or(0))
            ),
            order => {
                let w = if order == std::cmp::Ordering::Greater {
                    0
                } else {
                    1
                };
                tr!(
                    "pb-bout-won",
                    n = b,
                    winner = name(w),
                    high = n[w],
                    low = n[1 - w]
                )
            }
        };
        let tally = tr!(
            "pb-tally",
            name0 = name(0),
            w0 = view.wins[0],
            w1 = view.wins[1],
            name1 = name(1)
        );
        lines.push(format!("{result}   {tally}"));
    }
    if let Some(ko) = view.ko {
        lines.push(tr!("pb-ko", name = name(ko)));
    }
    // What comes next.
    if view.over {
        if let Some(w) = winner_of(view) {
            let (ww, wl) = (view.wins[w], view.wins[1 - w]);
            lines.push(if view.ko.is_none() && ww == wl {
                tr!("pb-over-tie", w = ww, name = name(w))
            } else {
                tr!("pb-over-won", name = name(w), w = ww, l = wl)
            });
        }
        return lines;
    }
    let me = view.seat;
    let mine = me < 2 && table.is_human(me);
    match view.config.bouts {
        Bouts::Led => {
            let Some(&to) = view.awaiting.first() else {
                return lines;
            };
            let leader = view.leader.unwrap_or(to);
            let led = head_number(view, leader);
            lines.push(match (to == me && mine, to == leader) {
                (true, true) => tr!("pb-you-lead"),
                (true, false) => tr!("pb-you-follow", name = name(leader), number = led),
                (false, true) => tr!("pb-other-leads", name = name(to)),
                (false, false) => tr!(
                    "pb-other-follows",
                    leader = name(leader),
                    number = led,
                    name = name(to)
                ),
            });
        }
        Bouts::Simultaneous => {
            let position = Position::from_view(view);
            for s in 0..2 {
                if position.stuck(s) {
                    lines.push(tr!("pb-stuck", name = name(s)));
                }
            }
            if mine {
                let other = 1 - me;
                if let (Some(c), Some(g)) = (view.secret, view.grids[me]) {
                    lines.push(tr!(
                        "pb-secret-chosen",
                        number = g[c as usize],
                        name = name(other)
                    ));
                } else if view.awaiting.contains(&me) {
                    lines.push(if view.other_chosen {
                        tr!("pb-secret-other-chosen", name = name(other))
                    } else {
                        tr!("pb-secret-choose")
                    });
                }
            } else {
                lines.push(tr!("pb-secret-both"));
            }
        }
    }
    lines
}

/// The results sheet of a finished match: bouts won, even or odd, who led
/// first, how each finished; notes on the knock-out or the tie-break.
pub fn results_sheet(game: &Match<PaperBoxing>, table: &Table) -> ResultsSheet {
    let view = game.view(2);
    let name = |s: Seat| table.name(s).to_owned();
    let winner = winner_of(&view);
    let stuck_from = |s: Seat| -> Option<usize> {
        let steps = view.paths[s].len().saturating_sub(1);
        (view.config.bouts == Bouts::Simultaneous && steps < view.bouts as usize)
            .then_some(steps + 1)
    };
    let rows = (0..2)
        .map(|s| {
            let finish = if view.ko == Some(s) {
                tr!("pb-end-ko")
            } else if stuck_from(s).is_some() {
                tr!("pb-end-stuck")
            } else if view.ko.is_some() {
                tr!("pb-end-ko-other")
            } else {
                tr!("pb-end-full")
            };
            (
                name(s),
                vec![
                    view.wins[s].to_string(),
                    role(&view, s),
                    if view.first_leader == Some(s) {
                        tr!("pb-yes")
                    } else {
                        tr!("pb-no")
                    },
                    finish,
                ],
                winner == Some(s),
            )
        })
        .collect();
    let mut notes = Vec::new();
    notes.extend(reveal_text(&view, table));
    if let Some(ko) = view.ko {
        notes.push(tr!("pb-note-ko", name = name(ko), n = view.bouts + 1));
    } else if let Some(w) = winner {
        let (ww, wl) = (view.wins[w], view.wins[1 - w]);
        notes.push(if ww == wl {
            tr!("pb-note-tie", w = ww, name = name(w))
        } else {
            tr!("pb-note-won", name = name(w), w = ww, l = wl)
        });
    }
    let draws = view.bouts - view.wins[0] - view.wins[1];
    if draws > 0 {
        notes.push(tr!("pb-note-draws", n = draws));
    }
    for s in 0..2 {
        if let Some(from) = stuck_from(s) {
            notes.push(tr!("pb-note-stuck", name = name(s), n = from));
        }
    }
    ResultsSheet {
        columns: vec![
            tr!("pb-col-bouts"),
            tr!("pb-col-role"),
            tr!("pb-col-first"),
            tr!("pb-col-end"),
        ],
        rows,
        notes,
    }
}

fn in_paper_boxing(active: Option<Res<ActiveMatch<PaperBoxing>>>) -> bool {
    active.is_some()
}

/// What the screen does without drawing: the shared play flow, refusals
/// told, the results sheet. Headless tests drive a match through it.
pub fn logic_plugin(app: &mut App) {
    app.init_resource::<PlayHold>().add_systems(
        Update,
        drop_hold_on_refusal
            .in_set(TableSystems::Show)
            .run_if(in_paper_boxing),
    );
}

/// The Paper Boxing screen.
pub fn plugin(app: &mut App) {
    logic_plugin(app);
    app.init_resource::<Draft>()
        .init_resource::<Oracle>()
        .add_systems(Startup, make_ring)
        .add_systems(
            Update,
            (
                interact
                    .run_if(in_state(Screen::Play).and_then(in_paper_boxing))
                    .in_set(TableSystems::Input),
                (
                    start_table,
                    update_layout,
                    dress_cells,
                    (on_applied, follow_viewer),
                    (place_boards, place_tokens, draw_paths, paint_cells),
                    run_oracle,
                )
                    .chain()
                    .in_set(TableSystems::Show)
                    .run_if(in_paper_boxing),
            ),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (hud, table_words)
                .chain()
                .run_if(in_state(Screen::Play).and_then(in_paper_boxing))
                .in_set(UiSystems::Hud),
        );
}

// ---------------------------------------------------------------------------
// Drawing.

/// Cells and tokens are made at a fixed base size and scaled to the layout.
const BASE: f32 = 100.0;
/// A token's diameter at base size.
const TOKEN_BASE: f32 = 80.0;

/// Each seat's colour: its path, its ring, the cells it has used.
const SEAT: [Color; 2] = [
    Color::srgb(0.800, 0.255, 0.220),
    Color::srgb(0.180, 0.400, 0.760),
];
/// The same, for egui.
const ESEAT: [egui::Color32; 2] = [
    egui::Color32::from_rgb(204, 65, 56),
    egui::Color32::from_rgb(46, 102, 194),
];

/// D's cell: a darker card, apart from both seats' colours.
const START_CELL: Color = Color::srgb(0.780, 0.737, 0.659);

/// A lighter seat colour, for names on the felt.
const ELIGHT: [egui::Color32; 2] = [
    egui::Color32::from_rgb(255, 176, 166),
    egui::Color32::from_rgb(170, 200, 255),
];

/// `base` moved a share `t` of the way towards `to`.
fn mix(base: Color, to: Color, t: f32) -> Color {
    let (a, b) = (base.to_srgba(), to.to_srgba());
    Color::srgb(
        a.red + (b.red - a.red) * t,
        a.green + (b.green - a.green) * t,
        a.blue + (b.blue - a.blue) * t,
    )
}

/// The ring that marks the end of a path.
#[derive(Resource, Clone)]
struct Ring(Handle<Image>);

fn make_ring(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let n = 128u32;
    let mut data = Vec::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            let d = ((x as f32 + 0.5 - 64.0).powi(2) + (y as f32 + 0.5 - 64.0).powi(2)).sqrt();
            // A band from radius 51 to 63, anti-aliased at both edges.
            let a = (63.0 - d + 0.5).clamp(0.0, 1.0) * (d - 51.0 + 0.5).clamp(0.0, 1.0);
            data.extend_from_slice(&[255, 255, 255, (a * 255.0).round() as u8]);
        }
    }
    let image = Image::new(
        Extent3d {
            width: n,
            height: n,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    commands.insert_resource(Ring(images.add(image)));
}

/// A cell's face (on the rules plugin's cell entities).
#[derive(Component)]
struct CellFace;

/// The number printed on a cell.
#[derive(Component)]
struct CellNumber;

/// The table's decorations.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Decor {
    /// The wood under a seat's grid.
    Board(Seat),
    /// The tray of numbers during the set-up.
    Tray,
    /// The knock-out stamp over a seat's grid.
    Ko(Seat),
}

/// A number to place during the set-up.
#[derive(Component, Clone, Copy, Debug)]
struct Token(u8);

/// The ring at the end of a seat's path.
#[derive(Component, Clone, Copy, Debug)]
struct King(Seat);

/// A stroke of a path: step `index` of a seat's path, or the dragged ring's
/// line to the pointer.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Stroke {
    /// From cell `index` of the path to cell `index + 1`.
    Step(Seat, usize),
    /// From the path's end to the dragged ring.
    Preview,
}

fn text_bundle(font: &Handle<Font>, px: f32, colour: Color, label: &str, z: f32) -> impl Bundle {
    (
        Text2d::new(label),
        TextFont {
            font: font.clone().into(),
            font_size: FontSize::Px(px),
            ..default()
        },
        TextColor(colour),
        TextLayout::justify(Justify::Center),
        Transform::from_xyz(0.0, 0.0, z),
    )
}

/// Lays out the table for a new match: boards, tray, tokens, rings, strokes.
#[allow(clippy::too_many_arguments)]
fn start_table(
    mut commands: Commands,
    mut starts: MessageReader<StartMatch<PaperBoxing>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    look: Res<Look>,
    ring: Res<Ring>,
    windows: Query<&Window>,
    mut draft: ResMut<Draft>,
    mut hold: ResMut<PlayHold>,
    mut oracle: ResMut<Oracle>,
) {
    if starts.read().last().is_none() && !active.is_added() {
        return;
    }
    *draft = Draft::default();
    *hold = PlayHold::Empty;
    oracle.answer = None;
    oracle.solver = None;
    oracle.task = None;
    let hidden = Visibility::Hidden;
    for (seat, &ink) in SEAT.iter().enumerate() {
        commands.spawn((
            MatchEntity,
            Decor::Board(seat),
            look.rounded_sprite(colour::WOOD, Vec2::splat(BOARD * BASE), 18.0),
            Transform::default(),
            hidden,
        ));
        commands.spawn((
            MatchEntity,
            Decor::Ko(seat),
            look.rounded_sprite(
                Color::srgba(0.05, 0.05, 0.05, 0.55),
                Vec2::splat(BOARD * BASE),
                18.0,
            ),
            Transform::default(),
            hidden,
            children![text_bundle(
                &look.bold,
                BASE * 1.6,
                colour::WARN,
                &tr!("pb-ko-stamp"),
                0.1
            )],
        ));
        commands.spawn((
            MatchEntity,
            King(seat),
            Sprite {
                image: ring.0.clone(),
                color: ink,
                custom_size: Some(Vec2::splat(BASE * 0.86)),
                ..default()
            },
            Transform::default(),
            hidden,
        ));
        for index in 0..15 {
            commands.spawn((
                MatchEntity,
                Stroke::Step(seat, index),
                // Opaque, so joints and crossings do not darken.
                look.rounded_sprite(mix(colour::CELL, ink, 0.8), Vec2::ONE, 8.0),
                Transform::default(),
                hidden,
            ));
        }
    }
    commands.spawn((
        MatchEntity,
        Stroke::Preview,
        look.rounded_sprite(Color::srgba(1.0, 1.0, 1.0, 0.5), Vec2::ONE, 8.0),
        Transform::default(),
        hidden,
    ));
    commands.spawn((
        MatchEntity,
        Decor::Tray,
        look.rounded_sprite(colour::FELT_DARK, Vec2::splat(BASE), 24.0),
        Transform::default(),
        hidden,
    ));
    for number in 1..=15u8 {
        commands.spawn((
            MatchEntity,
            Token(number),
            look.disc_sprite(colour::IVORY, TOKEN_BASE),
            Transform::default(),
            hidden,
            children![
                (
                    Sprite {
                        image: look.soft_disc.clone(),
                        color: colour::SHADOW,
                        custom_size: Some(Vec2::splat(TOKEN_BASE * 1.2)),
                        ..default()
                    },
                    Transform::from_xyz(2.0, -5.0, -0.1),
                ),
                text_bundle(
                    &look.bold,
                    TOKEN_BASE * 0.5,
                    colour::INK,
                    &number.to_string(),
                    0.1
                ),
            ],
        ));
    }
    commands.insert_resource(PbLayout::new(window_size(&windows)));
}

/// Follows the window: a new size makes a new layout.
fn update_layout(windows: Query<&Window>, layout: Option<ResMut<PbLayout>>) {
    let Some(mut layout) = layout else { return };
    let size = window_size(&windows);
    if layout.window != size {
        *layout = PbLayout::new(size);
    }
}

/// Gives each cell of the rules plugin's mirror its face and its number.
fn dress_cells(
    mut commands: Commands,
    look: Res<Look>,
    cells: Query<(Entity, &CellOf), Added<CellOf>>,
) {
    for (entity, cell) in &cells {
        let d = cell.mark.as_deref() == Some("D");
        commands.entity(entity).insert((
            CellFace,
            look.rounded_sprite(colour::CELL, Vec2::splat(BASE * FACE), 10.0),
            Transform::default(),
            Visibility::Hidden,
            children![(
                CellNumber,
                text_bundle(
                    &look.bold,
                    BASE * 0.46,
                    colour::INK,
                    if d { "D" } else { "" },
                    0.1
                ),
            )],
        ));
    }
}

/// Keeps the set-up draft with the seat on screen: a new viewer starts with
/// an empty grid (and never sees the last one's).
fn follow_viewer(table: Res<Table>, mut draft: ResMut<Draft>) {
    if draft.seat != table.viewer {
        *draft = Draft {
            seat: table.viewer,
            ..default()
        };
    }
}

/// Where a seat's grid is drawn now: in play both grids; during the set-up
/// only the viewer's, beside the tray. `None` when it is not shown.
fn grid_place(layout: &PbLayout, view: &View, seat: Seat) -> Option<(Vec2, f32)> {
    match view.phase {
        Phase::SetUp => (seat == view.seat).then_some((layout.setup_grid, layout.setup_cell)),
        _ => Some((layout.grids[seat], layout.cell)),
    }
}

/// Moves the boards, the cells, the tray and the KO stamps to their places.
#[allow(clippy::type_complexity)]
fn place_boards(
    mut commands: Commands,
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    mut decor: Query<
        (
            Entity,
            &Decor,
            &mut Sprite,
            &mut Transform,
            &mut Visibility,
            Option<&Tween>,
        ),
        Without<CellFace>,
    >,
    mut cells: Query<
        (
            Entity,
            &CellOf,
            &mut Transform,
            &mut Visibility,
            Option<&Tween>,
        ),
        With<CellFace>,
    >,
) {
    let Some(layout) = layout else { return };
    let view = viewer_view(active.get(), table.viewer);
    let glide = Duration::from_millis(420);
    let place = |commands: &mut Commands,
                 entity: Entity,
                 transform: &mut Transform,
                 visibility: &mut Visibility,
                 tween: Option<&Tween>,
                 at: Option<(Vec3, f32)>| {
        let Some((to, scale)) = at else {
            if *visibility != Visibility::Hidden {
                *visibility = Visibility::Hidden;
            }
            return;
        };
        transform.scale = Vec3::new(scale, scale, 1.0);
        if *visibility == Visibility::Hidden {
            // Appearing: no glide from wherever it was last.
            commands.entity(entity).remove::<Tween>();
            transform.translation = to;
            *visibility = Visibility::Visible;
        } else {
            move_to(commands, entity, transform, tween, to, glide);
        }
    };
    for (entity, decor, mut sprite, mut transform, mut visibility, tween) in &mut decor {
        let at = match *decor {
            Decor::Board(seat) | Decor::Ko(seat) => {
                let shown = *decor == Decor::Board(seat) || view.ko == Some(seat);
                grid_place(&layout, &view, seat)
                    .filter(|_| shown)
                    .map(|(c, pitch)| {
                        let z = if *decor == Decor::Board(seat) {
                            0.0
                        } else {
                            2.0
                        };
                        (c.extend(z), pitch / BASE)
                    })
            }
            Decor::Tray => {
                sprite.custom_size = Some(layout.tray.size());
                arranging(&view, &table).then_some((layout.tray.center().extend(0.5), 1.0))
            }
        };
        place(
            &mut commands,
            entity,
            &mut transform,
            &mut visibility,
            tween,
            at,
        );
    }
    for (entity, cell, mut transform, mut visibility, tween) in &mut cells {
        let seat = cell.owner.unwrap_or(0);
        let index = (cell.index % 16) as u8;
        let at = grid_place(&layout, &view, seat).map(|(centre, pitch)| {
            (
                grid_cell_centre(centre, pitch, index).extend(1.0),
                pitch / BASE,
            )
        });
        place(
            &mut commands,
            entity,
            &mut transform,
            &mut visibility,
            tween,
            at,
        );
    }
}

/// Moves each set-up number to its cell or its tray slot (or under the
/// pointer while dragged); hidden unless the viewer is filling in a grid.
#[allow(clippy::type_complexity)]
fn place_tokens(
    mut commands: Commands,
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    draft: Res<Draft>,
    mut tokens: Query<(
        Entity,
        &Token,
        &mut Sprite,
        &mut Transform,
        &mut Visibility,
        Option<&Tween>,
    )>,
) {
    let Some(layout) = layout else { return };
    let view = viewer_view(active.get(), table.viewer);
    let shown = arranging(&view, &table) && draft.seat == Some(view.seat);
    let glide = Duration::from_millis(220);
    let scale = layout.token() / TOKEN_BASE;
    for (entity, token, mut sprite, mut transform, mut visibility, tween) in &mut tokens {
        if !shown {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        }
        let n = token.0;
        let home = match draft.arrangement.cell_of(n) {
            Some(c) => layout.setup_cell_centre(c),
            None => layout.tray_slot(n),
        };
        let selected = draft.hold.number() == Some(n);
        let colour = if selected {
            colour::POINTS
        } else {
            colour::IVORY
        };
        if sprite.color != colour {
            sprite.color = colour;
        }
        transform.scale = Vec3::new(scale, scale, 1.0);
        if *visibility == Visibility::Hidden {
            commands.entity(entity).remove::<Tween>();
            transform.translation = home.extend(5.0);
            *visibility = Visibility::Visible;
            continue;
        }
        match draft.hold.dragged() {
            Some((d, at)) if d == n => {
                commands.entity(entity).remove::<Tween>();
                transform.translation = at.extend(20.0);
            }
            _ => {
                let z = if selected { 8.0 } else { 5.0 };
                move_to(
                    &mut commands,
                    entity,
                    &transform,
                    tween,
                    home.extend(z),
                    glide,
                );
            }
        }
    }
}

/// Draws each path: a line through its cells, the newest stroke growing
/// behind the ring as it glides to its new cell; and, while the viewer
/// drags its ring, a faint line to the pointer.
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn draw_paths(
    mut commands: Commands,
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    hold: Res<PlayHold>,
    mut kings: Query<(
        Entity,
        &King,
        &mut Sprite,
        &mut Transform,
        &mut Visibility,
        Option<&Tween>,
    )>,
    mut strokes: Query<(&Stroke, &mut Sprite, &mut Transform, &mut Visibility), Without<King>>,
) {
    let Some(layout) = layout else { return };
    let view = viewer_view(active.get(), table.viewer);
    let shown = view.phase != Phase::SetUp;
    let glide = Duration::from_millis(520);
    let pitch = layout.cell;
    let head = |s: Seat| *view.paths[s].last().unwrap_or(&START);
    let dragged = (view.seat < 2 && shown)
        .then(|| hold.dragged_ring(head(view.seat)))
        .flatten();
    let mut ring_at = [Vec2::ZERO; 2];
    for (entity, king, mut sprite, mut transform, mut visibility, tween) in &mut kings {
        let s = king.0;
        if !shown {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        }
        let target = layout.cell_centre(s, head(s)).extend(1.3);
        sprite.custom_size = Some(Vec2::splat(pitch * 0.86));
        if *visibility == Visibility::Hidden {
            commands.entity(entity).remove::<Tween>();
            transform.translation = target;
            *visibility = Visibility::Visible;
        } else if let (Some(p), true) = (dragged, s == view.seat) {
            commands.entity(entity).remove::<Tween>();
            transform.translation = p.extend(1.3);
        } else {
            move_to(&mut commands, entity, &transform, tween, target, glide);
        }
        ring_at[s] = transform.translation.truncate();
    }
    let thick = pitch * 0.14;
    for (stroke, mut sprite, mut transform, mut visibility) in &mut strokes {
        let (a, b) = match *stroke {
            Stroke::Step(s, i) if shown && i + 1 < view.paths[s].len() => {
                let path = &view.paths[s];
                let a = layout.cell_centre(s, path[i]);
                let last = i + 2 == path.len();
                let b = if last && !(dragged.is_some() && s == view.seat) {
                    // The newest stroke ends where the ring is: it grows as the ring glides.
                    ring_at[s]
                } else {
                    layout.cell_centre(s, path[i + 1])
                };
                (a, b)
            }
            Stroke::Preview if dragged.is_some() => {
                let s = view.seat;
                (layout.cell_centre(s, head(s)), dragged.unwrap_or_default())
            }
            _ => {
                visibility.set_if_neq(Visibility::Hidden);
                continue;
            }
        };
        let d = b - a;
        let len = d.length();
        sprite.custom_size = Some(Vec2::new(len + thick, thick));
        transform.translation = ((a + b) / 2.0).extend(1.05);
        transform.rotation = Quat::from_rotation_z(d.y.atan2(d.x));
        visibility.set_if_neq(Visibility::Visible);
    }
}

/// Colours each cell and prints its number: D, the cells each path has
/// used, the cells of the bout in progress, the viewer's legal steps (or,
/// during the set-up, the cell under a dragged number).
#[allow(clippy::type_complexity)]
fn paint_cells(
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    draft: Res<Draft>,
    mut cells: Query<(&CellOf, &mut Sprite, &Children), With<CellFace>>,
    mut numbers: Query<&mut Text2d, With<CellNumber>>,
) {
    let Some(layout) = layout else { return };
    let view = viewer_view(active.get(), table.viewer);
    let me = view.seat;
    let legal = if table.is_human(me) && *phase.get() == TurnPhase::AwaitingMove {
        legal_cells(&view)
    } else {
        Vec::new()
    };
    let drop_on = draft
        .hold
        .dragged()
        .and_then(|(_, p)| layout.setup_cell_at(p))
        .filter(|&c| c != START);
    let editing = arranging(&view, &table);
    let in_progress = view.bouts as usize + 1;
    let shown_bout = if view.paths.iter().any(|p| p.len() > in_progress) {
        in_progress
    } else {
        view.bouts as usize
    };
    for (cell, mut sprite, children) in &mut cells {
        let s = cell.owner.unwrap_or(0);
        let c = (cell.index % 16) as u8;
        let path = &view.paths[s];
        let on_path = path.iter().position(|&p| p == c);
        // A step's index on the path is its bout: light up the bout in
        // progress, or between bouts the last one.
        let fresh = on_path.is_some_and(|k| k > 0 && k == shown_bout);
        let colour = if c == START {
            START_CELL
        } else if view.phase == Phase::SetUp {
            if editing && drop_on == Some(c) {
                colour::LEGAL
            } else {
                colour::CELL
            }
        } else if s == me && legal.contains(&c) {
            colour::LEGAL
        } else if fresh {
            mix(colour::CELL, SEAT[s], 0.55)
        } else if on_path.is_some() {
            mix(colour::CELL, SEAT[s], 0.25)
        } else if view.secret == Some(c) && s == me {
            mix(colour::CELL, SEAT[s], 0.55)
        } else {
            colour::CELL
        };
        if sprite.color != colour {
            sprite.color = colour;
        }
        let label = if c == START {
            "D".to_owned()
        } else if editing {
            // The numbers are tokens while the grid is being filled in.
            String::new()
        } else {
            view.grids[s]
                .map(|g| g[c as usize].to_string())
                .unwrap_or_default()
        };
        for child in children.iter() {
            if let Ok(mut text) = numbers.get_mut(child)
                && text.0 != label
            {
                text.0 = label.clone();
            }
        }
    }
}

/// Announces a finished bout over the winner's cell; and keeps the set-up
/// draft empty once the grid is in.
fn on_applied(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied<PaperBoxing>>,
    layout: Option<Res<PbLayout>>,
    look: Res<Look>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    mut draft: ResMut<Draft>,
) {
    let Some(layout) = layout else { return };
    let view = viewer_view(active.get(), table.viewer);
    for a in applied.read() {
        if matches!(a.mv, Move::Grid(_)) && draft.seat == Some(a.seat) {
            draft.arrangement = Arrangement::default();
            draft.hold = SetUpHold::Empty;
        }
        let Some(bout) = a.outcome.bout else { continue };
        let marks: Vec<(Seat, &str)> = match bout.winner {
            Some(w) => vec![(w, "+1")],
            None => vec![(0, "="), (1, "=")],
        };
        for (s, mark) in marks {
            let Some(&cell) = view.paths[s].last() else {
                continue;
            };
            let origin = layout.cell_centre(s, cell).extend(30.0);
            commands.spawn((
                MatchEntity,
                Text2d::new(mark),
                TextFont {
                    font: look.bold.clone().into(),
                    font_size: FontSize::Px(layout.cell * 0.55),
                    ..default()
                },
                TextColor(colour::POINTS),
                bevy::sprite::Text2dShadow {
                    offset: Vec2::new(2.0, -2.0),
                    color: Color::srgba(0.0, 0.0, 0.0, 0.6),
                },
                Transform::from_translation(origin),
                Rise {
                    elapsed: Duration::ZERO,
                    duration: Duration::from_millis(900),
                    height: layout.cell * 0.9,
                    origin,
                },
            ));
        }
    }
}

/// A refused move drops what was held (the shell says why).
fn drop_hold_on_refusal(
    mut rejected: MessageReader<MoveRejected<PaperBoxing>>,
    mut hold: ResMut<PlayHold>,
) {
    if rejected.read().count() > 0 {
        *hold = PlayHold::Empty;
    }
}

/// Whether the perfect-play line can be offered: led bouts against the
/// solver bot, with hints allowed.
fn oracle_offered(game: &Match<PaperBoxing>, table: &Table, settings: &Settings) -> bool {
    settings.hints
        && game.config().bouts == Bouts::Led
        && table
            .seats
            .iter()
            .any(|s| s.controller == Controller::Bot("solver".into()))
}

/// Works out who wins with perfect play, on a background task, for each
/// new position while the line is shown.
fn run_oracle(
    mut oracle: ResMut<Oracle>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    settings: Res<Settings>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let oracle = &mut *oracle;
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

// ---------------------------------------------------------------------------
// The HUD and the words on the table (egui).

/// Where a world point is on the screen (egui's points: origin top left, y down).
fn to_screen(layout: &PbLayout, p: Vec2) -> egui::Pos2 {
    egui::pos2(p.x + layout.window.x / 2.0, layout.window.y / 2.0 - p.y)
}

/// A world rectangle on the screen.
fn rect_to_screen(layout: &PbLayout, r: Rect) -> egui::Rect {
    egui::Rect::from_min_max(
        to_screen(layout, Vec2::new(r.min.x, r.max.y)),
        to_screen(layout, Vec2::new(r.max.x, r.min.y)),
    )
}

/// The top bar: each seat's name, bouts won and role, whose move it is, the
/// bout; the menu (with the perfect-play switch); the notice.
#[allow(clippy::too_many_arguments)]
fn hud(
    mut contexts: EguiContexts,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    notice: Res<Notice>,
    settings: Res<Settings>,
    mut oracle: ResMut<Oracle>,
    mut menu_open: Local<bool>,
    mut nav: crate::ui::match_menu::MenuNav,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = active.get();
    let view = viewer_view(game, table.viewer);
    let width = ctx.content_rect().width();
    egui::Area::new(egui::Id::new("pb-hud"))
        .fixed_pos(egui::pos2(0.0, 0.0))
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            ui.painter().rect_filled(
                egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(width, size::HUD)),
                0,
                ecolour::PANEL,
            );
            ui.set_min_size(egui::vec2(width, size::HUD));
            ui.set_max_size(egui::vec2(width, size::HUD));
            ui.horizontal_centered(|ui| {
                ui.add_space(8.0);
                let menu_w = size::TOUCH + 16.0;
                let bout_w = if view.phase == Phase::SetUp {
                    0.0
                } else {
                    (width * 0.16).clamp(110.0, 200.0)
                };
                let chip_w = ((width - menu_w - bout_w - 40.0) / 2.0 - 12.0).clamp(120.0, 320.0);
                for (seat, &edge) in ESEAT.iter().enumerate() {
                    let to_move = view.awaiting.contains(&seat);
                    let fill = if to_move {
                        ecolour::ACCENT
                    } else {
                        egui::Color32::from_rgb(32, 78, 61)
                    };
                    let ink = if to_move {
                        ecolour::ON_ACCENT
                    } else {
                        ecolour::TEXT
                    };
                    egui::Frame::new()
                        .fill(fill)
                        .corner_radius(12)
                        .inner_margin(egui::Margin::symmetric(12, 4))
                        .stroke(egui::Stroke::new(3.0, edge))
                        .show(ui, |ui| {
                            ui.set_width(chip_w - 24.0);
                            ui.vertical(|ui| {
                                ui.spacing_mut().item_spacing.y = 0.0;
                                let name = table.name(seat).to_owned();
                                ui.add(
                                    egui::Label::new(
                                        egui::RichText::new(name)
                                            .color(ink)
                                            .strong()
                                            .size(size::TEXT - 1.0),
                                    )
                                    .truncate(),
                                );
                                let mut line = tr!(
                                    "pb-chip-bouts",
                                    n = view.wins[seat],
                                    role = role(&view, seat)
                                );
                                if leads(&view, seat) {
                                    line = format!("{line} · {}", tr!("pb-leads"));
                                }
                                ui.add(
                                    egui::Label::new(
                                        egui::RichText::new(line).color(ink).size(size::TEXT - 4.0),
                                    )
                                    .truncate(),
                                );
                            });
                        });
                }
                if bout_w > 0.0 {
                    let bout = (view.bouts + 1).min(15);
                    ui.allocate_ui(egui::vec2(bout_w, size::HUD), |ui| {
                        ui.centered_and_justified(|ui| {
                            ui.label(
                                egui::RichText::new(tr!("pb-bout", n = bout))
                                    .size(size::TEXT)
                                    .color(ecolour::ACCENT)
                                    .strong(),
                            );
                        });
                    });
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.add_space(8.0);
                    if ui
                        .add(
                            egui::Button::new(egui::RichText::new("☰").size(28.0))
                                .min_size(egui::vec2(size::TOUCH, size::TOUCH)),
                        )
                        .clicked()
                    {
                        *menu_open = !*menu_open;
                    }
                });
            });
        });

    crate::ui::match_menu::match_menu(
        ctx,
        &mut menu_open,
        GameId::of::<PaperBoxing>(),
        &mut nav,
        |ui| {
            if oracle_offered(game, &table, &settings) {
                // Lit while it is on.
                let label = if oracle.enabled {
                    format!("✔ {}", tr!("pb-oracle-toggle"))
                } else {
                    tr!("pb-oracle-toggle")
                };
                if big_button(ui, &label, oracle.enabled).clicked() {
                    oracle.enabled = !oracle.enabled;
                }
            }
        },
    );

    if notice.remaining > 0.0 {
        crate::ui::widgets::notice_banner(ctx, "pb-notice", &notice, width * 0.8);
    }
    Ok(())
}

/// A line of text centred in a world rectangle, letting the pointer through.
fn words_in(
    ctx: &egui::Context,
    layout: &PbLayout,
    id: impl std::hash::Hash + std::fmt::Debug,
    rect: Rect,
    text: egui::RichText,
) {
    let r = rect_to_screen(layout, rect);
    egui::Area::new(egui::Id::new(id))
        .fixed_pos(r.min)
        .interactable(false)
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            ui.set_min_size(r.size());
            ui.set_max_size(r.size());
            ui.centered_and_justified(|ui| {
                ui.add(egui::Label::new(text).wrap());
            });
        });
}

/// The words on the table: a name over each grid, the news and prompt in
/// the band; during the set-up the instructions and the buttons.
#[allow(clippy::too_many_arguments)]
fn table_words(
    mut contexts: EguiContexts,
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    settings: Res<Settings>,
    oracle: Res<Oracle>,
    mut draft: ResMut<Draft>,
    mut rng: Local<Option<GameRng>>,
    mut requests: MessageWriter<MoveRequest<PaperBoxing>>,
) -> Result {
    let Some(layout) = layout else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let game = active.get();
    let view = viewer_view(game, table.viewer);
    let me = view.seat;
    let band = rect_to_screen(&layout, layout.band);
    let band_frame = egui::Frame::new()
        .fill(egui::Color32::from_rgba_unmultiplied(12, 40, 30, 220))
        .corner_radius(14)
        .inner_margin(10);

    if arranging(&view, &table) && draft.seat == Some(me) {
        let placed = draft.arrangement.placed();
        words_in(
            ctx,
            &layout,
            "pb-setup-label",
            layout.setup_label,
            egui::RichText::new(tr!("pb-setup-instructions"))
                .size(size::TEXT - 2.0)
                .color(ecolour::TEXT),
        );
        let rng = rng.get_or_insert_with(|| {
            GameRng::seeded(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(7),
            )
        });
        let may_submit = *phase.get() == TurnPhase::SetUp && view.awaiting.contains(&me);
        egui::Area::new(egui::Id::new("pb-setup-buttons"))
            .fixed_pos(band.min)
            .order(egui::Order::Middle)
            .show(ctx, |ui| {
                ui.set_min_size(band.size());
                ui.set_max_size(band.size());
                band_frame.show(ui, |ui| {
                    ui.set_min_size(band.size() - egui::vec2(20.0, 20.0));
                    ui.vertical_centered(|ui| {
                        ui.label(
                            egui::RichText::new(tr!("pb-setup-placed", n = placed))
                                .size(size::TEXT)
                                .color(ecolour::TEXT_DIM),
                        );
                        // egui lays a row from the left: centre it by last frame's width.
                        let width_id = egui::Id::new("pb-setup-row-width");
                        let last: f32 = ui.ctx().data(|d| d.get_temp(width_id)).unwrap_or(0.0);
                        ui.horizontal(|ui| {
                            ui.add_space(((ui.available_width() - last) / 2.0).max(0.0));
                            let start = ui.cursor().min.x;
                            if big_button(ui, &tr!("pb-shuffle"), false).clicked() {
                                draft.arrangement = Arrangement::from_grid(bots::random_grid(rng));
                                draft.hold = SetUpHold::Empty;
                            }
                            if big_button(ui, &tr!("pb-use-bot"), false).clicked()
                                && let Some(grid) = solver_set_up(&view, rng)
                            {
                                draft.arrangement = Arrangement::from_grid(grid);
                                draft.hold = SetUpHold::Empty;
                            }
                            let grid = draft.arrangement.grid();
                            let ready = ui.add_enabled_ui(grid.is_some() && may_submit, |ui| {
                                big_button(ui, &tr!("pb-ready"), true)
                            });
                            if ready.inner.clicked()
                                && let Some(grid) = grid
                            {
                                requests.write(MoveRequest {
                                    seat: me,
                                    mv: Move::Grid(grid),
                                });
                            }
                            let width = ui.min_rect().max.x - start;
                            if (width - last).abs() > 0.5 {
                                ui.ctx().data_mut(|d| d.insert_temp(width_id, width));
                                ui.ctx().request_repaint();
                            }
                        });
                    });
                });
            });
        return Ok(());
    }

    // The names over the grids.
    for (s, &ink) in ELIGHT.iter().enumerate() {
        let Some((centre, pitch)) = grid_place(&layout, &view, s) else {
            continue;
        };
        let top = centre.y + BOARD * pitch / 2.0;
        let rect = Rect::new(
            centre.x - BOARD * pitch / 2.0,
            top,
            centre.x + BOARD * pitch / 2.0,
            top + LABEL_H,
        );
        let mut words = table.name(s).to_owned();
        if leads(&view, s) {
            words = format!("{words} · {}", tr!("pb-leads"));
        }
        if view.ko == Some(s) {
            words = format!("{words} · {}", tr!("pb-ko-stamp"));
        }
        words_in(
            ctx,
            &layout,
            ("pb-name", s),
            rect,
            egui::RichText::new(words)
                .size(size::TEXT + 2.0)
                .strong()
                .color(ink),
        );
    }

    // The news, the prompt (lit) and, when asked for, perfect play (dim).
    let lines = status_lines(&view, &table);
    let offered = oracle_offered(game, &table, &settings);
    let perfect = (oracle.enabled && offered && view.phase == Phase::Play && !view.over).then(
        || match oracle.answer(game.moves().len()) {
            Some(w) => tr!("pb-oracle-wins", name = table.name(w).to_owned()),
            None => tr!("pb-oracle-thinking"),
        },
    );
    egui::Area::new(egui::Id::new("pb-band"))
        .fixed_pos(band.min)
        .interactable(false)
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            ui.set_min_size(band.size());
            ui.set_max_size(band.size());
            band_frame.show(ui, |ui| {
                ui.set_min_size(band.size() - egui::vec2(20.0, 20.0));
                ui.vertical_centered(|ui| {
                    ui.spacing_mut().item_spacing.y = 6.0;
                    for (i, line) in lines.iter().enumerate() {
                        let text = egui::RichText::new(line).size(size::TEXT);
                        let text = if i + 1 == lines.len() && lines.len() > 1 {
                            text.color(ecolour::ACCENT)
                        } else {
                            text.color(ecolour::TEXT)
                        };
                        ui.add(egui::Label::new(text).wrap());
                    }
                    if let Some(line) = &perfect {
                        ui.add(
                            egui::Label::new(
                                egui::RichText::new(line)
                                    .size(size::TEXT - 2.0)
                                    .italics()
                                    .color(ecolour::TEXT_DIM),
                            )
                            .wrap(),
                        );
                    }
                });
            });
        });
    Ok(())
}

// ---------------------------------------------------------------------------
// Pointer input.

#[allow(clippy::too_many_arguments)]
fn interact(
    mut pointer: MessageReader<PointerInput>,
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    mut draft: ResMut<Draft>,
    mut hold: ResMut<PlayHold>,
    mut requests: MessageWriter<MoveRequest<PaperBoxing>>,
) {
    let Some(layout) = layout else {
        pointer.clear();
        return;
    };
    let view = viewer_view(active.get(), table.viewer);
    let seat = view.seat;
    if seat > 1 || !table.is_human(seat) {
        pointer.clear();
        *hold = PlayHold::Empty;
        return;
    }
    if arranging(&view, &table) && draft.seat == Some(seat) {
        let Draft {
            arrangement,
            hold: setup_hold,
            ..
        } = &mut *draft;
        for event in pointer.read() {
            handle_setup_pointer(setup_hold, &layout, arrangement, *event);
        }
        return;
    }
    if view.phase != Phase::Play {
        pointer.clear();
        return;
    }
    let may_move = *phase.get() == TurnPhase::AwaitingMove && view.awaiting.contains(&seat);
    let head = *view.paths[seat].last().unwrap_or(&START);
    for event in pointer.read() {
        if let Some(mv) = handle_play_pointer(&mut hold, &layout, seat, head, may_move, *event) {
            requests.write(MoveRequest { seat, mv });
        }
    }
}
