//! Paper Boxing on a player's phone at a shared table. First the grid,
//! written in private: 1 to 15 in the cells, two numbers swapped by
//! tapping one and then the other, Shuffle for a fresh start, Ready to hand
//! it in. Then the bouts: this seat's grid large with its path and the
//! cells it may step to lit, the other's grid small beside or under it.

use bevy_egui::egui;
use parlour_core::engine::rng::GameRng;
use parlour_core::games::paper_boxing::rules::{START, cell_at};
use parlour_core::games::paper_boxing::view::Seen;
use parlour_core::games::paper_boxing::{CELLS, Grid, Move, NEIGHBOURS, coords};

use crate::catalog::HandFrame;
use crate::tr;
use crate::ui::arrive::arrival;
use crate::ui::theme::{ecolour, size};

/// The grid being written, the cell tapped first for a swap, whether the
/// host's hint has been written in (once: the player may change it), the
/// grid as it was last dealt (in order, shuffled or hinted: anything else
/// is the player's own swaps), and whether Shuffle waits for a yes.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Writing {
    grid: Grid,
    picked: Option<usize>,
    hint_taken: bool,
    dealt: Grid,
    asking: bool,
}

impl Default for Writing {
    fn default() -> Self {
        let mut grid = [0; CELLS];
        for (cell, n) in grid.iter_mut().enumerate() {
            *n = cell as u8;
        }
        Self {
            grid,
            picked: None,
            hint_taken: false,
            dealt: grid,
            asking: false,
        }
    }
}

impl Writing {
    /// A grid put in whole (shuffled or hinted): nothing of the player's
    /// own left to lose.
    fn deal(&mut self, grid: Grid) {
        self.grid = grid;
        self.dealt = grid;
        self.picked = None;
        self.asking = false;
    }

    /// Shuffle pressed: a grid with swaps of the player's own is asked
    /// about first; otherwise it is shuffled at once.
    fn press_shuffle(&mut self, seed: u64) {
        if self.grid != self.dealt {
            self.asking = true;
            self.picked = None;
        } else {
            self.shuffle(seed);
        }
    }

    /// The numbers 1 to 15 on the cells at random, D where it stays.
    fn shuffle(&mut self, seed: u64) {
        let mut numbers: Vec<u8> = (1..CELLS as u8).collect();
        GameRng::seeded(seed).shuffle(&mut numbers);
        let mut grid = self.grid;
        grid[1..].copy_from_slice(&numbers);
        self.deal(grid);
    }
}

/// The hand screen (see the module's comment).
pub fn hand(ui: &mut egui::Ui, frame: &HandFrame) -> Option<serde_json::Value> {
    let Ok(seen) = serde_json::from_value::<Seen>(frame.seen.clone()) else {
        ui.label(tr!("hand-unreadable"));
        return None;
    };
    let Some(me) = frame.seat.map(|s| s.min(1)) else {
        at_table(ui, frame, &seen);
        return None;
    };
    let other = 1 - me;
    let made = match &seen.grids[me] {
        None => write_grid(ui, frame),
        Some(grid) => bouts(ui, frame, &seen, me, other, grid),
    };
    made.and_then(|mv| serde_json::to_value(mv).ok())
}

/// The table's screen: both grids side by side once shown, each with its
/// path; before that, who has written theirs.
fn at_table(ui: &mut egui::Ui, frame: &HandFrame, seen: &Seen) {
    let name = |s: usize| frame.names.get(s).map_or("", String::as_str);
    let [Some(first), Some(second)] = &seen.grids else {
        for s in 0..2 {
            let key = if seen.filled[s] {
                "hand-pb-grid-in"
            } else {
                "hand-pb-grid-writing"
            };
            ui.label(egui::RichText::new(tr!(key, name = name(s))).size(size::TEXT));
        }
        return;
    };
    let room = ui.available_rect_before_wrap();
    let wide = room.width() >= room.height();
    let side = if wide {
        ((room.width() - 32.0) / 2.0).min(room.height() - 32.0)
    } else {
        ((room.height() - 64.0) / 2.0).min(room.width() - 8.0)
    };
    for (s, grid) in [first, second].into_iter().enumerate() {
        let offset = s as f32 * (side + 32.0);
        let min = if wide {
            room.min + egui::vec2(offset, 28.0)
        } else {
            room.min + egui::vec2(0.0, offset + 28.0)
        };
        let rect = egui::Rect::from_min_size(min, egui::vec2(side, side));
        let wins = seen.wins[s];
        ui.painter().text(
            rect.left_top() - egui::vec2(0.0, 4.0),
            egui::Align2::LEFT_BOTTOM,
            tr!("hand-pb-at-table", name = name(s), wins = wins),
            egui::FontId::proportional(size::TEXT - 2.0),
            if seen.leader == Some(s) {
                ecolour::ACCENT
            } else {
                ecolour::TEXT
            },
        );
        draw_grid(
            ui,
            &format!("pb-table-{s}"),
            grid,
            rect,
            &seen.paths[s],
            |_| None,
        );
    }
    ui.allocate_rect(room, egui::Sense::hover());
}

/// Writing the grid, in private.
fn write_grid(ui: &mut egui::Ui, frame: &HandFrame) -> Option<Move> {
    let id = egui::Id::new("paper-boxing-writing");
    let mut writing: Writing = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    // The host's hint is a whole grid: written in for the player to change
    // or hand in.
    if let Some(Move::Grid(grid)) = hinted(frame)
        && !writing.hint_taken
    {
        writing.deal(grid);
        writing.hint_taken = true;
    }
    let line = if writing.asking {
        tr!("hand-pb-shuffle-ask")
    } else {
        tr!("hand-pb-write")
    };
    ui.label(egui::RichText::new(line).size(size::TEXT - 2.0));
    let room = ui.available_rect_before_wrap();
    let buttons = size::TOUCH + 16.0;
    let side = (room.width() - 8.0).min(room.height() - buttons - 8.0);
    let grid_rect = egui::Rect::from_center_size(
        egui::pos2(room.center().x, room.min.y + side / 2.0 + 4.0),
        egui::vec2(side, side),
    );
    let tapped = draw_grid(ui, "pb-write", &writing.grid, grid_rect, &[], |c| {
        (writing.picked == Some(c)).then_some(ecolour::ACCENT)
    });
    if let Some(cell) = tapped.filter(|&c| c != START as usize && !writing.asking) {
        match writing.picked.take() {
            Some(first) if first != cell => writing.grid.swap(first, cell),
            Some(_) => {}
            None => writing.picked = Some(cell),
        }
    }
    let row = egui::Rect::from_min_size(
        egui::pos2(room.min.x, grid_rect.max.y + 8.0),
        egui::vec2(room.width(), size::TOUCH + 8.0),
    );
    let (left, right) = (
        egui::Rect::from_min_max(row.min, egui::pos2(row.center().x - 4.0, row.max.y)),
        egui::Rect::from_min_max(egui::pos2(row.center().x + 4.0, row.min.y), row.max),
    );
    // Any seed will do: the grid is the player's to change.
    let seed = (ui.input(|i| i.time) * 1e6) as u64;
    let shuffle = if writing.asking {
        tr!("pb-replace")
    } else {
        tr!("hand-pb-shuffle")
    };
    if ui
        .put(
            left,
            egui::Button::new(egui::RichText::new(shuffle).size(size::TEXT)),
        )
        .clicked()
    {
        if writing.asking {
            writing.shuffle(seed);
        } else {
            writing.press_shuffle(seed);
        }
    }
    if writing.asking {
        let keep = egui::Button::new(
            egui::RichText::new(tr!("pb-keep-mine"))
                .size(size::TEXT)
                .color(ecolour::ON_ACCENT),
        )
        .fill(ecolour::ACCENT);
        if ui.put(right, keep).clicked() {
            writing.asking = false;
        }
        ui.data_mut(|d| d.insert_temp(id, writing));
        ui.allocate_rect(room, egui::Sense::hover());
        return None;
    }
    let ready = egui::Button::new(
        egui::RichText::new(tr!("hand-pb-ready"))
            .size(size::TEXT)
            .color(ecolour::ON_ACCENT),
    )
    .fill(ecolour::ACCENT);
    let made = ui
        .add_enabled_ui(frame.to_play, |ui| ui.put(right, ready).clicked())
        .inner
        .then_some(Move::Grid(writing.grid));
    ui.data_mut(|d| d.insert_temp(id, writing));
    ui.allocate_rect(room, egui::Sense::hover());
    made
}

/// The bouts: this seat's grid to step on, the other's to watch.
fn bouts(
    ui: &mut egui::Ui,
    frame: &HandFrame,
    seen: &Seen,
    me: usize,
    other: usize,
    grid: &Grid,
) -> Option<Move> {
    let other_name = frame.names.get(other).map_or("", String::as_str);
    let line = if seen.grids[other].is_none() {
        tr!("hand-pb-waiting-grid", name = other_name)
    } else if let Some(cell) = seen.secret {
        tr!("hand-pb-chosen", number = grid[cell as usize])
    } else {
        tr!(
            "hand-pb-bout",
            bout = u32::from(seen.bouts) + 1,
            wins = seen.wins[me],
            losses = seen.wins[other]
        )
    };
    ui.label(egui::RichText::new(line).size(size::TEXT - 2.0));
    let room = ui.available_rect_before_wrap();
    let upright = room.height() >= room.width();
    let (mine, theirs) = if upright {
        let big = (room.width() - 8.0).min(room.height() * 0.6);
        let small = (room.height() - big - 32.0).clamp(60.0, big * 0.6);
        (
            egui::Rect::from_min_size(
                egui::pos2(room.center().x - big / 2.0, room.min.y),
                egui::vec2(big, big),
            ),
            egui::Rect::from_min_size(
                egui::pos2(room.center().x - small / 2.0, room.min.y + big + 28.0),
                egui::vec2(small, small),
            ),
        )
    } else {
        let big = (room.height() - 8.0).min(room.width() * 0.55);
        let small = (room.width() - big - 24.0).min(big * 0.75);
        (
            egui::Rect::from_min_size(room.min, egui::vec2(big, big)),
            egui::Rect::from_min_size(
                egui::pos2(room.min.x + big + 24.0, room.min.y + 20.0),
                egui::vec2(small, small),
            ),
        )
    };
    let path = &seen.paths[me];
    let used: u16 = path.iter().fold(0, |m, &c| m | 1 << c);
    let last = path.last().copied().unwrap_or(START);
    let free = if frame.to_play && seen.grids[other].is_some() {
        NEIGHBOURS[last as usize] & !used
    } else {
        0
    };
    let hint = match hinted(frame) {
        Some(Move::To { row, col }) => cell_at(row, col).map(usize::from),
        _ => None,
    };
    let tapped = draw_grid(ui, "pb-mine", grid, mine, path, |c| {
        if seen.secret == Some(c as u8) || hint == Some(c) && free & (1 << c) != 0 {
            Some(ecolour::ACCENT)
        } else {
            (free & (1 << c) != 0).then_some(ecolour::GOOD)
        }
    });
    if let Some(other_grid) = &seen.grids[other] {
        ui.painter().text(
            theirs.left_top() - egui::vec2(0.0, 2.0),
            egui::Align2::LEFT_BOTTOM,
            tr!("hand-pb-their-grid", name = other_name),
            egui::FontId::proportional(size::TEXT - 8.0),
            ecolour::TEXT_DIM,
        );
        draw_grid(
            ui,
            "pb-theirs",
            other_grid,
            theirs,
            &seen.paths[other],
            |_| None,
        );
    }
    ui.allocate_rect(room, egui::Sense::hover());
    tapped.filter(|&c| free & (1 << c) != 0).map(|c| {
        let (row, col) = coords(c as u8);
        Move::To { row, col }
    })
}

/// The host's hint for this turn, read as a move.
fn hinted(frame: &HandFrame) -> Option<Move> {
    frame
        .hint
        .and_then(|mv| serde_json::from_value(mv.clone()).ok())
}

/// A grid in `rect`: its numbers, D, its path (cells used dimmed, the
/// last ringed), each cell lit as `lit` says. The cell tapped.
fn draw_grid(
    ui: &mut egui::Ui,
    id: &str,
    grid: &Grid,
    rect: egui::Rect,
    path: &[u8],
    lit: impl Fn(usize) -> Option<egui::Color32>,
) -> Option<usize> {
    let cell = rect.width() / 4.0;
    let mut tapped = None;
    for (c, &number) in grid.iter().enumerate() {
        let (row, col) = coords(c as u8);
        let r = egui::Rect::from_min_size(
            rect.min + egui::vec2(f32::from(col) * cell, f32::from(row) * cell),
            egui::vec2(cell, cell),
        )
        .shrink(2.0);
        let response = ui.interact(r, egui::Id::new((id, c)), egui::Sense::click());
        let used = path.contains(&(c as u8));
        // A step just taken (on this device or the other) fills its cell
        // in and glows a while.
        let come = arrival(ui.ctx(), egui::Id::new((id, c, "stepped")), used);
        let fill = lit(c).unwrap_or(if used {
            ecolour::CELL.lerp_to_gamma(ecolour::CELL_K, come.grown.clamp(0.0, 1.0))
        } else {
            ecolour::CELL
        });
        let painter = ui.painter();
        painter.rect_filled(r, cell * 0.1, fill);
        if come.glow > 0.0 {
            painter.rect_stroke(
                r.expand(2.0),
                cell * 0.1,
                egui::Stroke::new(5.0, ecolour::ACCENT.gamma_multiply(come.glow)),
                egui::StrokeKind::Outside,
            );
        }
        let last = path.last() == Some(&(c as u8)) && path.len() > 1;
        if last {
            painter.rect_stroke(
                r,
                cell * 0.1,
                egui::Stroke::new(4.0, ecolour::LAST),
                egui::StrokeKind::Inside,
            );
        }
        let text = if c == START as usize {
            "D".to_owned()
        } else {
            number.to_string()
        };
        painter.text(
            r.center(),
            egui::Align2::CENTER_CENTER,
            text,
            egui::FontId::proportional(cell * 0.42),
            if used && !last && c != START as usize {
                ecolour::INK.gamma_multiply(0.55)
            } else {
                ecolour::INK
            },
        );
        if response.clicked() {
            tapped = Some(c);
        }
    }
    tapped
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shuffle on the phone never throws away the player's own swaps
    /// without asking; a grid as dealt is shuffled at once.
    #[test]
    fn shuffle_on_the_phone_asks_before_throwing_away_the_players_swaps() {
        let mut writing = Writing::default();
        writing.press_shuffle(1);
        assert!(!writing.asking, "the grid in order is nobody's work");
        let dealt = writing.grid;
        assert_ne!(dealt, Writing::default().grid);

        writing.grid.swap(3, 7);
        let theirs = writing.grid;
        writing.press_shuffle(2);
        assert!(writing.asking);
        assert_eq!(writing.grid, theirs, "nothing changed while asking");

        writing.shuffle(2);
        assert!(!writing.asking);
        assert_ne!(writing.grid, theirs, "replaced once the player said so");
        writing.press_shuffle(3);
        assert!(!writing.asking, "a grid as dealt shuffles at once");
    }
}
