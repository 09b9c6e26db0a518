//! The glow a lesson puts on the piece, cell or card its step is about.
//! Each game finds where that is on its table ([`LessonPlay::pointing`]);
//! the glow is drawn here, the same in every game.

use bevy_egui::egui;

use crate::ui::theme::ecolour;

/// The painter the glow is drawn with: over the table, under the panels.
pub fn painter(ctx: &egui::Context) -> egui::Painter {
    ctx.layer_painter(egui::LayerId::new(
        egui::Order::Middle,
        egui::Id::new("lesson-pointer"),
    ))
}

/// A glow round a token or cell centred at `centre`, `radius` across.
pub fn ring(painter: &egui::Painter, centre: egui::Pos2, radius: f32) {
    // A soft halo, then the accent ring: seen on light and dark pieces alike.
    painter.circle_stroke(centre, radius + 6.0, egui::Stroke::new(10.0, halo()));
    painter.circle_stroke(centre, radius, egui::Stroke::new(5.0, ecolour::ACCENT));
}

/// A glow round a card, `rect` on the screen.
pub fn frame(painter: &egui::Painter, rect: egui::Rect) {
    painter.rect_stroke(
        rect.expand(6.0),
        12.0,
        egui::Stroke::new(10.0, halo()),
        egui::StrokeKind::Outside,
    );
    painter.rect_stroke(
        rect.expand(3.0),
        9.0,
        egui::Stroke::new(5.0, ecolour::ACCENT),
        egui::StrokeKind::Outside,
    );
}

fn halo() -> egui::Color32 {
    let [r, g, b, _] = ecolour::ACCENT.to_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, 70)
}
