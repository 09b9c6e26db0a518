//! Neighbours: a corner of the board, 4 and 6 with the 5 that fits between them. The title's card and the how-to page show it.

use bevy_egui::egui;

use crate::ui::theme::ecolour;

/// Paints the game's picture into `rect`.
pub fn paint(painter: &egui::Painter, rect: egui::Rect) {
    let ink = ecolour::INK;
    // A corner of the board: 4 and 6 with the 5 that fits between them.
    let cell = (rect.height() / 3.2).min(rect.width() / 5.2);
    let origin = rect.center() - egui::vec2(2.5 * cell, 1.5 * cell);
    let marks = [
        [' ', ' ', 'x', ' ', ' '],
        [' ', '3', '4', '5', '6'],
        ['K', ' ', '3', ' ', ' '],
    ];
    for (r, row) in marks.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let min = origin + egui::vec2(c as f32 * cell, r as f32 * cell);
            let cr = egui::Rect::from_min_size(min, egui::vec2(cell, cell)).shrink(3.0);
            let fill = match ch {
                'x' => ecolour::CELL_X,
                'K' => ecolour::CELL_K,
                _ => ecolour::CELL,
            };
            painter.rect_filled(cr, 6, fill);
            if ch.is_ascii_digit() {
                let highlight = r == 1 && c == 3;
                painter.circle_filled(
                    cr.center() + egui::vec2(0.0, 2.0),
                    cell * 0.4,
                    egui::Color32::from_black_alpha(60),
                );
                painter.circle_filled(
                    cr.center(),
                    cell * 0.4,
                    if highlight {
                        egui::Color32::from_rgb(255, 244, 200)
                    } else {
                        egui::Color32::WHITE
                    },
                );
                painter.text(
                    cr.center(),
                    egui::Align2::CENTER_CENTER,
                    ch,
                    egui::FontId::proportional(cell * 0.5),
                    ink,
                );
            } else if ch != ' ' {
                painter.text(
                    cr.center(),
                    egui::Align2::CENTER_CENTER,
                    ch,
                    egui::FontId::proportional(cell * 0.4),
                    ink,
                );
            }
        }
    }
}
