//! Where the Neighbours table goes in a window: the board above, the hand
//! tray below, the HUD on top.

use bevy::prelude::*;

use crate::ui::theme::size;

/// Where everything goes, from the window's size: the board above, the
/// hand tray below, the HUD on top. World coordinates: origin at the
/// window's centre, y up, one unit a logical pixel.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct BoardLayout {
    /// Board rows.
    pub rows: u8,
    /// Board columns.
    pub cols: u8,
    /// Distance between cell centres.
    pub cell: f32,
    /// The board's centre.
    pub centre: Vec2,
    /// A token's diameter in the hand.
    pub token: f32,
    /// The hand tray's centre line.
    pub tray_y: f32,
    /// The tray's height.
    pub tray_h: f32,
    /// The bag's centre.
    pub bag: Vec2,
    /// The legend's centre.
    pub legend: Vec2,
    /// The window size it was made for.
    pub window: Vec2,
    /// The height left at the top for the HUD.
    pub hud: f32,
}

/// The tray's height for a window `height` logical pixels high, its cap
/// grown `grow` times with the HUD (the pass offer sits just above it).
pub fn tray_height(height: f32, grow: f32) -> f32 {
    (height * 0.16).clamp(96.0, 150.0 * grow)
}

impl BoardLayout {
    /// The layout for a window of `window` logical pixels and a `rows` × `cols`
    /// board, under a HUD of its usual height.
    pub fn new(window: Vec2, rows: u8, cols: u8) -> Self {
        Self::under_hud(window, rows, cols, size::HUD)
    }

    /// The layout under a HUD `hud` pixels high (the HUD grows with the
    /// window and the text size).
    pub fn under_hud(window: Vec2, rows: u8, cols: u8, hud: f32) -> Self {
        let margin = size::MARGIN;
        // The caps on sizes grow as the HUD does, so a 4K kiosk's board
        // fills its table rather than staying at full-HD size.
        let grow = (hud / size::HUD).max(1.0);
        let tray_h = tray_height(window.y, grow);
        let top = window.y / 2.0 - hud - margin;
        let bottom = -window.y / 2.0 + tray_h + margin;
        let area = Vec2::new(window.x - 2.0 * margin, (top - bottom).max(10.0));
        // The wood around the board takes a fifth of a cell on each side.
        let cell = (area.x / (cols as f32 + 0.4))
            .min(area.y / (rows as f32 + 0.4))
            .clamp(8.0, 110.0 * grow);
        // The tray holds the legend, five tokens and the bag side by side.
        let tray_fit = (window.x - 2.0 * margin) / (5.0 * 1.18 + 4.2);
        let token = (tray_h * 0.72)
            .min(cell * 1.3)
            .min(96.0 * grow)
            .min(tray_fit)
            .max(size::TOUCH);
        let tray_y = -window.y / 2.0 + tray_h / 2.0;
        Self {
            rows,
            cols,
            cell,
            centre: Vec2::new(0.0, (top + bottom) / 2.0),
            token,
            tray_y,
            tray_h,
            bag: Vec2::new(window.x / 2.0 - margin - token * 0.85, tray_y),
            legend: Vec2::new(-window.x / 2.0 + margin + token * 1.05, tray_y),
            window,
            hud,
        }
    }

    /// The centre of cell number `cell` (row-major).
    pub fn cell_centre(&self, cell: usize) -> Vec2 {
        let (r, c) = (cell / self.cols as usize, cell % self.cols as usize);
        let x = (c as f32 - (self.cols as f32 - 1.0) / 2.0) * self.cell;
        let y = ((self.rows as f32 - 1.0) / 2.0 - r as f32) * self.cell;
        self.centre + Vec2::new(x, y)
    }

    /// The cell under a point, if any.
    pub fn cell_at(&self, p: Vec2) -> Option<usize> {
        let local = p - self.centre;
        let c = (local.x / self.cell + self.cols as f32 / 2.0).floor();
        let r = (self.rows as f32 / 2.0 - local.y / self.cell).floor();
        (c >= 0.0 && r >= 0.0 && c < self.cols as f32 && r < self.rows as f32)
            .then(|| r as usize * self.cols as usize + c as usize)
    }

    /// The distance between hand slots.
    pub fn hand_pitch(&self) -> f32 {
        self.token * 1.18
    }

    /// The centre of slot `i` of a hand of `n`.
    pub fn hand_slot(&self, i: usize, n: usize) -> Vec2 {
        let x = (i as f32 - (n as f32 - 1.0) / 2.0) * self.hand_pitch();
        Vec2::new(x, self.tray_y)
    }

    /// The hand slot under a point, if any.
    pub fn hand_slot_at(&self, p: Vec2, n: usize) -> Option<usize> {
        (0..n).find(|&i| self.hand_slot(i, n).distance(p) <= self.hand_pitch() / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_and_hand_slot_is_found_again_under_its_centre() {
        for size in [
            Vec2::new(1280.0, 800.0),
            Vec2::new(1920.0, 1080.0),
            Vec2::new(800.0, 1280.0),
        ] {
            let l = BoardLayout::new(size, 7, 11);
            for c in 0..77 {
                assert_eq!(l.cell_at(l.cell_centre(c)), Some(c));
            }
            for i in 0..5 {
                assert_eq!(l.hand_slot_at(l.hand_slot(i, 5), 5), Some(i));
            }
        }
    }

    #[test]
    fn the_board_and_hand_fit_the_window_with_touch_sized_targets() {
        for size in [
            Vec2::new(1280.0, 800.0),
            Vec2::new(1920.0, 1080.0),
            Vec2::new(800.0, 1280.0),
        ] {
            let l = BoardLayout::new(size, 7, 11);
            let half = size / 2.0;
            for c in [0, 10, 66, 76] {
                let p = l.cell_centre(c);
                assert!(
                    p.x.abs() + l.cell / 2.0 <= half.x && p.y.abs() + l.cell / 2.0 <= half.y,
                    "{size}: cell {c} off screen"
                );
            }
            assert!(
                l.cell >= 48.0,
                "{size}: cells of {} px are too small to tap",
                l.cell
            );
            assert!(l.token >= 48.0);
            let right = l.hand_slot(4, 5).x + l.token / 2.0;
            let left = l.hand_slot(0, 5).x - l.token / 2.0;
            // The bag is 1.5 tokens wide, a legend chip 1.9 (scaled with the token).
            assert!(
                right < l.bag.x - 0.75 * l.token,
                "{size}: the hand runs into the bag"
            );
            assert!(
                left > l.legend.x + 0.95 * l.token,
                "{size}: the hand runs into the legend"
            );
        }
    }
}
