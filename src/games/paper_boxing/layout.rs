//! Where Paper Boxing's table puts everything, from the window's size: the
//! two grids in play, the grid being filled in and its tray of numbers
//! during the set-up, the band of news or buttons at the bottom. Plain
//! geometry, so it is tested without a window.

use bevy::prelude::*;
use bevy_egui::egui;
use parlour_core::engine::Seat;

use crate::game_kit::TableWindow;
use crate::session::TableSystems;
use crate::ui::theme::{Zoom, size};

use super::in_paper_boxing;

/// A board's rim of wood, in cells, on each side.
const WOOD: f32 = 0.2;
/// A board's side, in cells.
pub(super) const BOARD: f32 = 4.0 + 2.0 * WOOD;
/// A cell face's share of the distance between cell centres.
pub(super) const FACE: f32 = 0.92;
/// The line above each grid for its player's name (or the set-up's words).
const LABEL_H: f32 = 48.0;
/// The space between a name (or the set-up's words) and the grid under
/// it: were they to share an edge, rounding puts the name over the wood.
const LABEL_GAP: f32 = 4.0;
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
    /// egui's zoom it was made for: the HUD is this much taller, and a
    /// logical pixel is 1 / zoom of egui's points.
    pub zoom: f32,
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
pub(super) fn grid_cell_centre(centre: Vec2, pitch: f32, cell: u8) -> Vec2 {
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
    /// The height kept over each grid for its player's name, grown as the
    /// HUD is.
    pub fn label_h(&self) -> f32 {
        LABEL_H * self.zoom.max(1.0)
    }

    /// The space between a name and the grid under it.
    pub fn label_gap(&self) -> f32 {
        LABEL_GAP * self.zoom.max(1.0)
    }

    /// The layout for a window of `window` logical pixels, menus at their
    /// usual size.
    pub fn new(window: Vec2) -> Self {
        Self::zoomed(window, 1.0)
    }

    /// The layout for a window of `window` logical pixels, menus and HUD
    /// drawn `zoom` times their usual size.
    pub fn zoomed(window: Vec2, zoom: f32) -> Self {
        let m = size::MARGIN;
        // The caps on sizes grow as the HUD does, so a 4K kiosk's grids
        // fill its table rather than staying at full-HD size.
        let grow = zoom.max(1.0);
        let max_cell = MAX_CELL * grow;
        let label_h = LABEL_H * grow;
        // A name and the space under it.
        let head = label_h + LABEL_GAP * grow;
        let band_h = (window.y * 0.17).clamp(124.0, 170.0 * grow);
        let band = Rect::new(
            -window.x / 2.0 + m,
            -window.y / 2.0 + m,
            window.x / 2.0 - m,
            -window.y / 2.0 + m + band_h,
        );
        // The table: between the HUD and the band.
        let top = window.y / 2.0 - size::HUD * zoom - m;
        let floor = band.max.y + m;
        let width = window.x - 2.0 * m;
        let height = (top - floor).max(10.0);
        let middle = (top + floor) / 2.0;

        // Play: stacked or side by side, whichever gives larger cells.
        let stacked_cell = ((height - 2.0 * head - GAP) / (2.0 * BOARD)).min(width / BOARD);
        let side_cell = ((height - head) / BOARD).min((width - GAP) / (2.0 * BOARD));
        // A tall window keeps them stacked unless side by side is clearly
        // larger: else a hair's difference (a larger text size) leaves the
        // lower half of a portrait screen empty.
        let bias = if window.y > window.x { 1.05 } else { 1.0 };
        let stacked = stacked_cell * bias > side_cell;
        let (cell, grids, labels) = if stacked {
            let cell = stacked_cell.clamp(8.0, max_cell);
            let side = BOARD * cell;
            let block = 2.0 * (head + side) + GAP;
            let gap = GAP + (height - block).max(0.0) / 3.0;
            let block = 2.0 * (head + side) + gap;
            let block_top = middle + block / 2.0;
            let mut grids = [Vec2::ZERO; 2];
            let mut labels = [Rect::default(); 2];
            for (s, (grid, label)) in grids.iter_mut().zip(labels.iter_mut()).enumerate() {
                let label_top = block_top - s as f32 * (head + side + gap);
                *label = Rect::new(-side / 2.0, label_top - label_h, side / 2.0, label_top);
                *grid = Vec2::new(0.0, label_top - head - side / 2.0);
            }
            (cell, grids, labels)
        } else {
            let cell = side_cell.clamp(8.0, max_cell);
            let side = BOARD * cell;
            // Not `clamp`: in a room too small for the gap, the cell's size wins.
            let gap = ((width - 2.0 * side) / 3.0).max(GAP).min(cell * 1.5);
            let x = side / 2.0 + gap / 2.0;
            let y = middle - head / 2.0;
            let label = |cx: f32| {
                Rect::new(
                    cx - side / 2.0,
                    y + side / 2.0 + head - label_h,
                    cx + side / 2.0,
                    y + side / 2.0 + head,
                )
            };
            (
                cell,
                [Vec2::new(-x, y), Vec2::new(x, y)],
                [label(-x), label(x)],
            )
        };

        // Set-up: the tray under the grid or beside it, the same way.
        let under = ((height - head - GAP) / (BOARD + TRAY.y)).min(width / TRAY.x.max(BOARD));
        let beside = ((height - head) / BOARD.max(TRAY.y)).min((width - GAP) / (BOARD + TRAY.x));
        let (setup_cell, setup_grid, setup_label, tray) = if under > beside {
            let sc = under.clamp(8.0, max_cell);
            let block = head + BOARD * sc + GAP + TRAY.y * sc;
            let block_top = middle + block / 2.0;
            let label = Rect::new(-width / 2.0, block_top - label_h, width / 2.0, block_top);
            let grid = Vec2::new(0.0, block_top - head - BOARD * sc / 2.0);
            let tray_top = block_top - head - BOARD * sc - GAP;
            let tray =
                Rect::from_center_size(Vec2::new(0.0, tray_top - TRAY.y * sc / 2.0), TRAY * sc);
            (sc, grid, label, tray)
        } else {
            let sc = beside.clamp(8.0, max_cell);
            let gap = ((width - (BOARD + TRAY.x) * sc) / 3.0)
                .max(GAP)
                .min(sc * 1.2);
            let total = (BOARD + TRAY.x) * sc + gap;
            let left = -total / 2.0;
            let y = middle - head / 2.0;
            let grid = Vec2::new(left + BOARD * sc / 2.0, y);
            let tray = Rect::from_center_size(
                Vec2::new(left + BOARD * sc + gap + TRAY.x * sc / 2.0, y),
                TRAY * sc,
            );
            let label_y = y + BOARD * sc / 2.0 + head;
            let label = Rect::new(left, label_y - label_h, left + total, label_y);
            (sc, grid, label, tray)
        };

        Self {
            window,
            zoom,
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

    /// Where a notice (a refusal) goes: over the band's news at the
    /// bottom, never over a grid or the tray.
    pub fn notice_room(&self) -> Rect {
        self.band
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

/// Where a world point is on the screen (egui's points: origin top left, y down).
pub(super) fn to_screen(layout: &PbLayout, p: Vec2) -> egui::Pos2 {
    Zoom(layout.zoom).to_points(layout.window, p)
}

/// A world rectangle on the screen.
pub(super) fn rect_to_screen(layout: &PbLayout, r: Rect) -> egui::Rect {
    egui::Rect::from_min_max(
        to_screen(layout, Vec2::new(r.min.x, r.max.y)),
        to_screen(layout, Vec2::new(r.max.x, r.min.y)),
    )
}

/// Follows the window and egui's zoom: a new size makes a new layout.
fn update_layout(windows: TableWindow, zoom: Option<Res<Zoom>>, layout: Option<ResMut<PbLayout>>) {
    let Some(mut layout) = layout else { return };
    let size = windows.size();
    let zoom = zoom.map_or(1.0, |z| z.0);
    if layout.window != size || layout.zoom != zoom {
        *layout = PbLayout::zoomed(size, zoom);
    }
}

/// The layout follows the window; a new match makes its own (in `view`).
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        update_layout
            .in_set(TableSystems::Show)
            .run_if(in_paper_boxing),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chaos run's seed 1: a review's panel left the table a sliver of
    /// a small window (200 × 200 logical pixels at a 4K zoom), and the gap
    /// between the grids asked for more room than the cells had.
    #[test]
    fn a_table_left_a_sliver_of_the_window_still_lays_out() {
        for zoom in [0.85, 1.0, 1.6, 2.5] {
            let widths = (200..=1200).step_by(50).map(|w| w as f32);
            let windows =
                widths.flat_map(|w| (200..=700).step_by(50).map(move |h| Vec2::new(w, h as f32)));
            for window in windows {
                let layout = PbLayout::zoomed(window, zoom);
                assert!(layout.cell > 0.0 && layout.setup_cell > 0.0);
                let apart = (layout.grids[1] - layout.grids[0]).length();
                assert!(
                    apart >= 4.0 * layout.cell,
                    "{window} at {zoom}: grids overlap"
                );
            }
        }
    }
}
