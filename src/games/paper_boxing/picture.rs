//! Paper Boxing: two grids side by side, a path drawn on each. The title's card and the how-to page show it.

use bevy_egui::egui;

use crate::ui::theme::ecolour;

/// The path's stations: a dot under each cell's number (it still reads
/// through the tint), the last with a ring, like the game's.
const DOT: f32 = 0.36;

/// Paints the game's picture into `rect`.
pub fn paint(painter: &egui::Painter, rect: egui::Rect) {
    let ink = ecolour::INK;
    let cell = (rect.height() / 4.2).min(rect.width() / 9.0);
    let numbers = [[0, 7, 12, 3], [9, 15, 1, 10], [4, 11, 14, 6], [13, 2, 8, 5]];
    for (g, dx) in [(0, -4.5f32), (1, 0.5)] {
        let origin = rect.center() + egui::vec2(dx * cell, -2.0 * cell);
        let grid = egui::Rect::from_min_size(origin, egui::vec2(4.0 * cell, 4.0 * cell));
        painter.rect_filled(grid, 4, egui::Color32::WHITE);
        for i in 0..=4 {
            let t = i as f32 * cell;
            let line = egui::Stroke::new(1.0, egui::Color32::from_rgb(150, 180, 210));
            painter.line_segment(
                [
                    origin + egui::vec2(t, 0.0),
                    origin + egui::vec2(t, 4.0 * cell),
                ],
                line,
            );
            painter.line_segment(
                [
                    origin + egui::vec2(0.0, t),
                    origin + egui::vec2(4.0 * cell, t),
                ],
                line,
            );
        }
        let path: &[(usize, usize)] = if g == 0 {
            &[(0, 0), (1, 1), (2, 2), (2, 1)]
        } else {
            &[(0, 0), (0, 1), (1, 2), (2, 3)]
        };
        let colour = if g == 0 {
            egui::Color32::from_rgb(200, 60, 60)
        } else {
            egui::Color32::from_rgb(40, 90, 200)
        };
        let centre = |(r, c): (usize, usize)| {
            origin + egui::vec2((c as f32 + 0.5) * cell, (r as f32 + 0.5) * cell)
        };
        // Under the numbers: a pale dot on each cell of the path, and the
        // steps from dot to dot, so no line crosses a number.
        for &at in path {
            painter.circle_filled(centre(at), DOT * cell, colour.gamma_multiply(0.18));
        }
        for [a, b] in steps(path, cell) {
            let (a, b) = (origin + a, origin + b);
            painter.line_segment([a, b], egui::Stroke::new(3.0, colour));
        }
        if let Some(&last) = path.last() {
            painter.circle_stroke(centre(last), DOT * cell, egui::Stroke::new(2.5, colour));
        }
        for (r, row) in numbers.iter().enumerate() {
            for (c, &n) in row.iter().enumerate() {
                let n = if g == 1 && n != 0 { 16 - n } else { n };
                let text = if n == 0 {
                    "D".to_owned()
                } else {
                    n.to_string()
                };
                painter.text(
                    centre((r, c)),
                    egui::Align2::CENTER_CENTER,
                    text,
                    egui::FontId::proportional(cell * 0.42),
                    ink,
                );
            }
        }
    }
}

/// The path's steps as lines from the edge of one cell's dot to the edge
/// of the next, in a grid of `cell`-sized cells whose corner is the origin.
fn steps(path: &[(usize, usize)], cell: f32) -> Vec<[egui::Vec2; 2]> {
    let centre =
        |(r, c): (usize, usize)| egui::vec2((c as f32 + 0.5) * cell, (r as f32 + 0.5) * cell);
    path.windows(2)
        .map(|pair| {
            let (a, b) = (centre(pair[0]), centre(pair[1]));
            let along = (b - a).normalized() * DOT * cell;
            [a + along, b - along]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A king's move, straight or diagonal, and where a number of up to
    /// two digits sits in a cell: its middle, about half the cell wide and
    /// as tall as the font (0.42 of the cell).
    #[test]
    fn a_path_step_never_crosses_a_number() {
        let cell = 100.0;
        let path = [(0, 0), (1, 1), (2, 2), (2, 1), (1, 1), (1, 2), (0, 2)];
        for [a, b] in steps(&path, cell) {
            for r in 0..4 {
                for c in 0..4 {
                    let number = egui::Rect::from_center_size(
                        egui::pos2((c as f32 + 0.5) * cell, (r as f32 + 0.5) * cell),
                        egui::vec2(0.5 * cell, 0.42 * cell),
                    );
                    for i in 0..=50 {
                        let p = a + (b - a) * (i as f32 / 50.0);
                        assert!(
                            !number.contains(p.to_pos2()),
                            "the step {a:?} → {b:?} crosses the number in ({r}, {c})"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn each_step_joins_the_cells_it_leaves_and_reaches() {
        let cell = 100.0;
        let [a, b] = steps(&[(0, 0), (1, 1)], cell)[0];
        // From the first cell's dot to the second's, no further.
        assert!(
            a.x > 50.0 && a.x < 100.0 && a.y > 50.0 && a.y < 100.0,
            "{a:?}"
        );
        assert!(
            b.x > 100.0 && b.x < 150.0 && b.y > 100.0 && b.y < 150.0,
            "{b:?}"
        );
    }
}
