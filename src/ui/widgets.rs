//! The pieces every screen is made of: finger-sized buttons, choices, a
//! full-window panel, the notice banner.

use bevy_egui::egui;

use super::theme::{ecolour, size};
use crate::session::Notice;

/// A big, finger-sized button.
pub fn big_button(ui: &mut egui::Ui, text: &str, primary: bool) -> egui::Response {
    let text = egui::RichText::new(text).size(size::TEXT + 2.0);
    let button = if primary {
        egui::Button::new(text.color(ecolour::ON_ACCENT)).fill(ecolour::ACCENT)
    } else {
        egui::Button::new(text)
    };
    ui.add(button.min_size(egui::vec2(180.0, size::TOUCH + 8.0)))
}

/// The width [`big_button`] gives `text`.
pub fn big_button_width(ui: &egui::Ui, text: &str) -> f32 {
    let family = egui::TextStyle::Button.resolve(ui.style()).family;
    button_width(ui, text, egui::FontId::new(size::TEXT + 2.0, family), 180.0)
}

/// The width a button needs for `text` in `font` (at least `min`), so a
/// row of buttons can be centred whatever length the language gives them.
pub fn button_width(ui: &egui::Ui, text: &str, font: egui::FontId, min: f32) -> f32 {
    let galley = ui
        .painter()
        .layout_no_wrap(text.to_owned(), font, ecolour::INK);
    (galley.size().x + 2.0 * ui.spacing().button_padding.x).max(min)
}

fn panel_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(egui::Color32::from_rgba_unmultiplied(15, 45, 34, 255))
        .inner_margin(24)
}

/// A screen that covers the whole window.
pub fn full_screen(ctx: &egui::Context, add_contents: impl FnOnce(&mut egui::Ui)) {
    let mut root = egui::Ui::new(
        ctx.clone(),
        egui::Id::new("screen"),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.content_rect()),
    );
    egui::CentralPanel::default_margins()
        .frame(panel_frame())
        .show(&mut root, add_contents);
}

/// The notice under the HUD (a refusal in red, news on a card), at most
/// `max_width` wide; it lets the pointer through.
pub fn notice_banner(ctx: &egui::Context, id: &str, notice: &Notice, max_width: f32) {
    notice_banner_at(
        ctx,
        id,
        notice,
        max_width,
        egui::Align2::CENTER_TOP,
        egui::vec2(0.0, size::HUD + 10.0),
    );
}

/// [`notice_banner`] anchored where the screen has room for it.
pub fn notice_banner_at(
    ctx: &egui::Context,
    id: &str,
    notice: &Notice,
    max_width: f32,
    anchor: egui::Align2,
    offset: egui::Vec2,
) {
    egui::Area::new(egui::Id::new(id))
        .anchor(anchor, offset)
        .interactable(false)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            let (fill, ink) = if notice.warning {
                (ecolour::WARN, egui::Color32::WHITE)
            } else {
                (ecolour::CARD, ecolour::INK)
            };
            egui::Frame::new()
                .fill(fill)
                .corner_radius(12)
                .inner_margin(12)
                .show(ui, |ui| {
                    ui.set_max_width(max_width);
                    ui.label(
                        egui::RichText::new(&notice.text)
                            .color(ink)
                            .size(size::TEXT),
                    );
                });
        });
}

/// A finger-sized choice button: filled with the accent when chosen.
pub fn choice(ui: &mut egui::Ui, chosen: bool, label: &str, width: f32) -> bool {
    let text = if chosen {
        egui::RichText::new(label)
            .color(ecolour::ON_ACCENT)
            .strong()
    } else {
        egui::RichText::new(label)
    };
    let mut button = egui::Button::new(text).min_size(egui::vec2(width, size::TOUCH));
    if chosen {
        button = button.fill(ecolour::ACCENT);
    }
    ui.add(button).clicked()
}

/// Two big buttons, on and off.
pub fn on_off(ui: &mut egui::Ui, value: &mut bool, enabled: bool) {
    ui.add_enabled_ui(enabled, |ui| {
        ui.horizontal(|ui| {
            for (label, on) in [
                (crate::tr!("home-on"), true),
                (crate::tr!("home-off"), false),
            ] {
                if choice(ui, *value == on, &label, 96.0) {
                    *value = on;
                }
            }
        });
    });
}
