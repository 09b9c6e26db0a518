//! Where the Neighbours table goes in a window: the board above, the hand
//! tray below, the HUD on top.

use bevy::prelude::*;

use crate::ui::theme::size;

/// Where everything goes, from the window's size: the board above, the
/// hand tray below, the HUD on top — or, on a window too short for a
/// finger-sized board above a tray (a tall board on a small landscape
/// panel), the tray as a column at the right. World coordinates: origin
/// at the window's centre, y up, one unit a logical pixel.
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
    /// The hand tray.
    pub tray: Rect,
    /// The tray is a column at the right (the hand one above the other).
    pub side: bool,
    /// The bag's centre.
    pub bag: Vec2,
    /// The legend's centre.
    pub legend: Vec2,
    /// The height of the hand's row in a tray along the bottom: its middle,
    /// or — on a window too narrow for the legend, five tokens and the bag
    /// side by side (a phone held upright) — under the legend and the bag.
    pub hand_y: f32,
    /// The column tray holds the hand two tokens wide, the legend beside
    /// the bag under it: a window too short for one token over another (a
    /// phone held sideways).
    pub two_wide: bool,
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

/// The felt a notice needs beside the board to be read in, and the band
/// above it that does instead, in logical pixels at the usual HUD.
const NOTICE_BESIDE: f32 = 170.0;
const NOTICE_BAND: f32 = 64.0;

/// A stacked tray's height, in tokens: the bag's row over the hand's.
const STACKED: f32 = 1.25 + 1.3 + 0.2;

/// A column tray two tokens wide: the hand's three rows over the bag's.
const TWO_WIDE: f32 = 3.0 * 1.18 + 1.25 + 0.3;

/// A column tray's height, in tokens: the legend's two chips, five tokens
/// and the bag.
const COLUMN: f32 = 5.0 * 1.18 + 4.0;

/// The largest cell of a `rows` × `cols` board (a fifth of a cell of wood
/// each side) in `area`, capped at `cap`.
fn cell_in(area: Vec2, rows: u8, cols: u8, cap: f32) -> f32 {
    (area.x / (cols as f32 + 0.4))
        .min(area.y / (rows as f32 + 0.4))
        .clamp(8.0, cap)
}

/// The cell of a board in `area` (its foot at height `bottom`) and the
/// height of the board's centre: in the middle of the area — unless the
/// board leaves too little felt beside it for a notice (a lesson's or a
/// review's words take the window's right and leave the board its width);
/// then at least a band of felt is kept above it, the board lower than the
/// middle if need be.
fn fit_board(area: Vec2, bottom: f32, rows: u8, cols: u8, grow: f32) -> (f32, f32) {
    let mut cell = cell_in(area, rows, cols, 110.0 * grow);
    let beside = (area.x - (cols as f32 + 0.4) * cell) / 2.0 - size::MARGIN;
    if beside >= NOTICE_BESIDE * grow {
        return (cell, bottom + area.y / 2.0);
    }
    let band = NOTICE_BAND * grow;
    if area.y - (rows as f32 + 0.4) * cell < band {
        let short = Vec2::new(area.x, (area.y - band).max(10.0));
        // Never below a finger's size for it: a smaller band's notice
        // makes its words smaller instead.
        cell = cell_in(short, rows, cols, 110.0 * grow).max(cell.min(size::TOUCH));
    }
    // Centred in the felt, unless that leaves less than the band above it:
    // then as high as leaves the band.
    let board = (rows as f32 + 0.4) * cell;
    let free = area.y - board;
    let lift = (free / 2.0).min(free - band).max(0.0);
    (cell, bottom + lift + board / 2.0)
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
        let below = Self::tray_below(window, rows, cols, hud);
        if below.cell >= size::TOUCH || window.x <= window.y {
            return below;
        }
        let beside = Self::tray_beside(window, rows, cols, hud);
        if beside.cell > below.cell {
            beside
        } else {
            below
        }
    }

    /// The tray along the bottom, the board above it.
    fn tray_below(window: Vec2, rows: u8, cols: u8, hud: f32) -> Self {
        let margin = size::MARGIN;
        // The caps on sizes grow as the HUD does, so a 4K kiosk's board
        // fills its table rather than staying at full-HD size.
        let grow = (hud / size::HUD).max(1.0);
        let tray_h = tray_height(window.y, grow);
        let top = window.y / 2.0 - hud - margin;
        // The tray holds the legend, five tokens and the bag side by side;
        // where finger-sized tokens would not fit so, the legend and the bag
        // go on a row of their own above the tokens.
        let across = window.x - 2.0 * margin;
        let stacked = across / (5.0 * 1.18 + 4.2) < size::TOUCH;
        let tray_fit = if stacked {
            across / (5.0 * 1.18)
        } else {
            across / (5.0 * 1.18 + 4.2)
        };
        let tray_h = if stacked {
            tray_h.max(size::TOUCH * STACKED + 12.0)
        } else {
            tray_h
        };
        let bottom = -window.y / 2.0 + tray_h + margin;
        let area = Vec2::new(window.x - 2.0 * margin, (top - bottom).max(10.0));
        let (cell, centre_y) = fit_board(area, bottom, rows, cols, grow);
        // The bag, 1.25 tokens tall, stays inside the tray's felt.
        let token = (tray_h * 0.72)
            .min((tray_h - 12.0) / if stacked { STACKED } else { 1.3 })
            .min(cell * 1.3)
            .min(96.0 * grow)
            .min(tray_fit)
            .max(size::TOUCH);
        let tray_y = -window.y / 2.0 + tray_h / 2.0;
        let tray = Rect::from_center_size(
            Vec2::new(0.0, tray_y),
            Vec2::new(window.x - 2.0 * margin, tray_h - 12.0),
        );
        let (upper_y, hand_y) = if stacked {
            (
                tray.max.y - token * 0.7 - 4.0,
                tray.min.y + token * 0.65 + 4.0,
            )
        } else {
            (tray_y, tray_y)
        };
        Self {
            rows,
            cols,
            cell,
            centre: Vec2::new(0.0, centre_y),
            token,
            tray,
            side: false,
            bag: Vec2::new(window.x / 2.0 - margin - token * 0.85, upper_y),
            legend: Vec2::new(-window.x / 2.0 + margin + token * 1.05, upper_y),
            hand_y,
            two_wide: false,
            window,
            hud,
        }
    }

    /// The tray as a column at the right, the board beside it.
    fn tray_beside(window: Vec2, rows: u8, cols: u8, hud: f32) -> Self {
        let margin = size::MARGIN;
        let grow = (hud / size::HUD).max(1.0);
        let top = window.y / 2.0 - hud - margin;
        let bottom = -window.y / 2.0 + margin;
        let two_wide = (top - bottom) / COLUMN < size::TOUCH;
        let token = ((top - bottom) / if two_wide { TWO_WIDE } else { COLUMN })
            .min(96.0 * grow)
            .max(size::TOUCH);
        // The legend's chips are 1.9 tokens wide; two wide, the bag (1.5)
        // beside them.
        let column_w = token * if two_wide { 3.6 } else { 2.2 };
        let tray = Rect::new(
            window.x / 2.0 - margin - column_w,
            bottom,
            window.x / 2.0 - margin,
            top,
        );
        let area = Vec2::new(
            tray.min.x - margin - (-window.x / 2.0 + margin),
            top - bottom,
        );
        let (cell, centre_y) = fit_board(area, bottom, rows, cols, grow);
        let x = tray.center().x;
        Self {
            rows,
            cols,
            cell,
            centre: Vec2::new(
                (-window.x / 2.0 + margin + tray.min.x - margin) / 2.0,
                centre_y,
            ),
            token,
            tray,
            side: true,
            bag: if two_wide {
                Vec2::new(tray.min.x + token * 0.85, tray.min.y + token * 0.75)
            } else {
                Vec2::new(x, tray.min.y + token * 0.8)
            },
            legend: if two_wide {
                Vec2::new(tray.max.x - token * 1.05, tray.min.y + token * 0.75)
            } else {
                Vec2::new(x, tray.max.y - token * 0.65)
            },
            hand_y: tray.center().y,
            two_wide,
            window,
            hud,
        }
    }

    /// The board with its wood (a fifth of a cell each side).
    pub fn board(&self) -> Rect {
        Rect::from_center_size(
            self.centre,
            Vec2::new(self.cols as f32 + 0.4, self.rows as f32 + 0.4) * self.cell,
        )
    }

    /// Where a notice (a refusal, a bot's pass) goes so that it hides no
    /// cell, token or score: the felt left of the board when it is wide
    /// enough to read in, else the felt above the board, else the wider.
    pub fn notice_room(&self) -> Rect {
        let m = size::MARGIN;
        let board = self.board();
        let half = self.window / 2.0;
        let left = Rect::new(-half.x + m, board.min.y, board.min.x - m, board.max.y);
        let right_edge = if self.side {
            self.tray.min.x - m
        } else {
            half.x - m
        };
        let above = Rect::new(
            -half.x + m,
            board.max.y + m / 2.0,
            right_edge,
            half.y - self.hud - m / 2.0,
        );
        let grow = (self.hud / size::HUD).max(1.0);
        if left.width() >= NOTICE_BESIDE * grow || above.height() < left.width() * 0.4 {
            left
        } else {
            above
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

    /// The centre of slot `i` of a hand of `n`: left to right along the
    /// tray, or top to bottom down the column between the legend and the bag.
    pub fn hand_slot(&self, i: usize, n: usize) -> Vec2 {
        let along = (i as f32 - (n as f32 - 1.0) / 2.0) * self.hand_pitch();
        if self.two_wide {
            // Two to a row from the top, over the bag and the legend.
            let pitch = self.hand_pitch();
            let x = self.tray.center().x + ((i % 2) as f32 - 0.5) * pitch;
            let top = self.tray.max.y - self.token * 0.6;
            Vec2::new(x, top - (i / 2) as f32 * pitch)
        } else if self.side {
            let middle = (self.legend.y - 0.6 * self.token + self.bag.y + 0.7 * self.token) / 2.0;
            Vec2::new(self.tray.center().x, middle - along)
        } else {
            Vec2::new(along, self.hand_y)
        }
    }

    /// The hand slot under a point, if any.
    pub fn hand_slot_at(&self, p: Vec2, n: usize) -> Option<usize> {
        (0..n).find(|&i| self.hand_slot(i, n).distance(p) <= self.hand_pitch() / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::TextSize;
    use crate::ui::theme::Zoom;

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

    /// Every window the table is tested at (the usual three, the smallest
    /// panel and a 4K screen, portrait and landscape), each under the HUD
    /// of every zoom the app gives it: the window's own times each text size.
    fn windows_and_huds() -> Vec<(Vec2, f32, bool)> {
        let mut out = Vec::new();
        for window in [
            Vec2::new(1280.0, 800.0),
            Vec2::new(1920.0, 1080.0),
            Vec2::new(800.0, 1280.0),
            Vec2::new(1024.0, 600.0),
            Vec2::new(600.0, 1024.0),
            Vec2::new(1366.0, 768.0),
            Vec2::new(1080.0, 1920.0),
            Vec2::new(3840.0, 2160.0),
            Vec2::new(2160.0, 3840.0),
        ] {
            for text in TextSize::ALL {
                let zoom = Zoom::for_window(window, text.factor());
                out.push((window, zoom.hud(), false));
                // And the table's part of it beside a lesson's words, at
                // the text sizes up to large, on a
                // window of 800 pixels across at the least (below that the
                // board keeps its finger-sized cells beside the words, and
                // a notice's felt is thinner than a line).
                if text == TextSize::ExtraLarge || window.min_element() < 800.0 {
                    continue;
                }
                let points = bevy_egui::egui::vec2(window.x, window.y) / zoom.0;
                let (wide, extent) = crate::lessons::room_for_words(points);
                let table = if wide {
                    window - Vec2::new(extent * zoom.0, 0.0)
                } else {
                    window - Vec2::new(0.0, extent * zoom.0)
                };
                out.push((table, zoom.hud(), true));
            }
        }
        out
    }

    #[test]
    fn the_board_and_hand_fit_the_window_with_touch_sized_targets() {
        // The source's board and the diamond variant's.
        for (rows, cols) in [(7, 11), (9, 9)] {
            for (size, hud, beside_words) in windows_and_huds() {
                let at = format!("{size} under a HUD of {hud}, {rows} × {cols}");
                let l = BoardLayout::under_hud(size, rows, cols, hud);
                let half = size / 2.0;
                let n = rows as usize * cols as usize;
                // The board's wood, a fifth of a cell each side.
                let board = l.board();
                assert!(
                    board.min.x >= -half.x && board.max.x <= half.x,
                    "{at}: the board is wider than the window"
                );
                assert!(
                    board.max.y <= half.y - hud,
                    "{at}: the board is under the HUD"
                );
                assert!(
                    board.intersect(l.tray).is_empty(),
                    "{at}: the board is under the tray"
                );
                for i in 0..5 {
                    let token = Rect::from_center_size(l.hand_slot(i, 5), Vec2::splat(l.token));
                    assert!(
                        l.tray.contains(token.min) && l.tray.contains(token.max),
                        "{at}: token {i} off the tray"
                    );
                }
                for c in [0, cols as usize - 1, n - cols as usize, n - 1] {
                    let p = l.cell_centre(c);
                    assert!(board.contains(p), "{at}: cell {c} off the board");
                }
                assert!(
                    l.cell >= size::TOUCH,
                    "{at}: cells of {} px are too small to tap",
                    l.cell
                );
                assert!(l.token >= size::TOUCH);
                let (bag, legend) = bag_and_legend_on_the_tray(&l, &at);
                if !l.side {
                    // In the middle of its felt, or lower only by what
                    // keeps a notice's band above it.
                    let above = half.y - hud - board.max.y;
                    let below = board.min.y - l.tray.max.y;
                    let band = NOTICE_BAND * (hud / size::HUD).max(1.0) + size::MARGIN;
                    assert!(
                        above <= below + 10.0 || above <= band + 10.0,
                        "{at}: the board sits low, {above} px of felt above it and {below} below"
                    );
                }
                let room = l.notice_room();
                assert!(
                    room.intersect(board).is_empty(),
                    "{at}: a notice would hide the board"
                );
                assert!(
                    room.intersect(l.tray).is_empty(),
                    "{at}: a notice would hide the hand"
                );
                assert!(
                    room.max.y <= half.y - hud && room.min.x >= -half.x,
                    "{at}: {room:?}"
                );
                // Beside a lesson's words the table is
                // narrow: a line of the notice's smallest words at least.
                let tall = if beside_words { 40.0 } else { 60.0 };
                assert!(
                    room.width() >= 150.0 && room.height() >= tall,
                    "{at}: a notice of {room:?} is too small to read"
                );
                hand_clear_of(&l, bag, legend, &at);
            }
        }
    }

    /// The bag (1.5 × 1.25 tokens) and the legend's two chips (1.9 × 0.5,
    /// a token apart), scaled with the token, each wholly on the tray.
    fn bag_and_legend_on_the_tray(l: &BoardLayout, at: &str) -> (Rect, Rect) {
        let bag = Rect::from_center_size(l.bag, Vec2::new(1.5, 1.25) * l.token);
        let legend = Rect::from_center_size(l.legend, Vec2::new(1.9, 1.1) * l.token);
        for (what, r) in [("bag", bag), ("legend", legend)] {
            assert!(
                l.tray.contains(r.min) && l.tray.contains(r.max),
                "{at}: the {what} off the tray"
            );
        }
        (bag, legend)
    }

    /// No token of a hand of five on the bag or the legend.
    fn hand_clear_of(l: &BoardLayout, bag: Rect, legend: Rect, at: &str) {
        for i in 0..5 {
            let token = Rect::from_center_size(l.hand_slot(i, 5), Vec2::splat(l.token));
            assert!(
                token.intersect(bag).is_empty(),
                "{at}: token {i} on the bag"
            );
            assert!(
                token.intersect(legend).is_empty(),
                "{at}: token {i} on the legend"
            );
        }
    }

    #[test]
    fn on_a_phone_the_hand_keeps_clear_of_the_legend_and_the_bag() {
        for window in [
            Vec2::new(390.0, 844.0),
            Vec2::new(360.0, 780.0),
            Vec2::new(844.0, 390.0),
        ] {
            for text in TextSize::ALL {
                let hud = Zoom::for_window(window, text.factor()).hud();
                let at = format!("{window} under a HUD of {hud}");
                let l = BoardLayout::under_hud(window, 7, 11, hud);
                let half = window / 2.0;
                let board = l.board();
                assert!(board.min.x >= -half.x && board.max.x <= half.x, "{at}");
                assert!(
                    board.intersect(l.tray).is_empty(),
                    "{at}: the board is under the tray"
                );
                let (bag, legend) = bag_and_legend_on_the_tray(&l, &at);
                assert!(l.token >= size::TOUCH, "{at}");
                hand_clear_of(&l, bag, legend, &at);
                for i in 0..5 {
                    let token = Rect::from_center_size(l.hand_slot(i, 5), Vec2::splat(l.token));
                    assert!(
                        l.tray.contains(token.min) && l.tray.contains(token.max),
                        "{at}: token {i} off the tray"
                    );
                }
            }
        }
    }
}
