//! Rummy: four 7s fanned out, one of each colour. The title's card and the how-to page show it.

use bevy_egui::egui;
use parlour_core::games::rummy::Colour;

use super::draft::colour_mark;

/// Paints the game's picture into `rect`.
pub fn paint(painter: &egui::Painter, rect: egui::Rect) {
    // The fan is about 1.95 cards' heights wide: it keeps inside a tall,
    // narrow picture too.
    let h = (rect.height() * 0.8).min(rect.width() * 0.48);
    let w = h * 0.68;
    let cards = [
        // The marks the cards in play wear, so the picture teaches the same ones.
        (
            "7",
            egui::Color32::from_rgb(30, 30, 30),
            colour_mark(Colour::Black),
        ),
        (
            "7",
            egui::Color32::from_rgb(30, 80, 190),
            colour_mark(Colour::Blue),
        ),
        (
            "7",
            egui::Color32::from_rgb(220, 120, 20),
            colour_mark(Colour::Orange),
        ),
        (
            "7",
            egui::Color32::from_rgb(200, 30, 40),
            colour_mark(Colour::Red),
        ),
    ];
    for (i, (n, colour, symbol)) in cards.iter().enumerate() {
        let x = rect.center().x + (i as f32 - 1.5) * w * 0.62;
        let r = egui::Rect::from_center_size(
            egui::pos2(x, rect.center().y + (i as f32 - 1.5).abs() * 6.0),
            egui::vec2(w, h),
        );
        painter.rect_filled(
            r.translate(egui::vec2(2.0, 4.0)),
            10,
            egui::Color32::from_black_alpha(60),
        );
        painter.rect_filled(r, 10, egui::Color32::WHITE);
        painter.rect_stroke(
            r,
            10,
            egui::Stroke::new(1.0, egui::Color32::from_gray(200)),
            egui::StrokeKind::Inside,
        );
        painter.text(
            r.center() - egui::vec2(0.0, h * 0.1),
            egui::Align2::CENTER_CENTER,
            *n,
            egui::FontId::proportional(h * 0.42),
            *colour,
        );
        painter.text(
            r.center() + egui::vec2(0.0, h * 0.26),
            egui::Align2::CENTER_CENTER,
            *symbol,
            egui::FontId::proportional(h * 0.2),
            *colour,
        );
    }
}
