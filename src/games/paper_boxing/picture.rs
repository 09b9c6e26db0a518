//! Paper Boxing: two grids side by side, a path drawn on each. The title's card and the how-to page show it.

use bevy_egui::egui;

use crate::ui::theme::ecolour;

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
        for (r, row) in numbers.iter().enumerate() {
            for (c, &n) in row.iter().enumerate() {
                let n = if g == 1 && n != 0 { 16 - n } else { n };
                let text = if n == 0 {
                    "D".to_owned()
                } else {
                    n.to_string()
                };
                let p = origin + egui::vec2((c as f32 + 0.5) * cell, (r as f32 + 0.5) * cell);
                painter.text(
                    p,
                    egui::Align2::CENTER_CENTER,
                    text,
                    egui::FontId::proportional(cell * 0.42),
                    ink,
                );
            }
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
        let points: Vec<egui::Pos2> = path
            .iter()
            .map(|&(r, c)| origin + egui::vec2((c as f32 + 0.5) * cell, (r as f32 + 0.5) * cell))
            .collect();
        painter.add(egui::Shape::line(points, egui::Stroke::new(3.0, colour)));
    }
}
