//! The glow a lesson puts on the piece, cell, card or button its step is
//! about. Each game finds where a piece is on its table
//! ([`LessonPlay::pointing`]) and notes where it drew each control a lesson
//! may name ([`note_control`]); the glow is drawn here, the same in every
//! game.

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

/// The id under which a control's place is kept, by its name in the
/// lesson files (`pass`, `ready`, `draw`).
fn control_id(name: &str) -> egui::Id {
    egui::Id::new(("lesson-control", name))
}

/// Notes where the control `name` was drawn this frame.
pub fn note_control(ctx: &egui::Context, name: &str, rect: egui::Rect) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp(control_id(name), (rect, pass)));
}

/// A glow round the control `name`, if it was drawn this frame or the last
/// (a control no longer drawn has none).
pub fn glow_control(ctx: &egui::Context, name: &str) {
    let Some((rect, pass)) = ctx.data(|d| d.get_temp::<(egui::Rect, u64)>(control_id(name))) else {
        return;
    };
    if ctx.cumulative_pass_nr().saturating_sub(pass) > 1 {
        return;
    }
    // Over the bar the button sits in.
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("lesson-control-glow"),
    ));
    frame(&painter, rect);
}
