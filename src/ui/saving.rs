//! While the match on the table cannot be saved: one line along the
//! bottom of the window, kept for as long as saves fail — not a notice
//! that a game's narrow room wraps into a column, or the next move's
//! news replaces.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiSystems;
use super::theme::ecolour;
use crate::saves::SavingFails;
use crate::session::Screen;

/// The line's text size: small enough for a phone held upright.
const TEXT: f32 = 16.0;

/// The line, over the table's screens.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        saving_fails_line
            .run_if(
                in_state(Screen::Play)
                    .or_else(in_state(Screen::HandOver))
                    .or_else(in_state(Screen::Results)),
            )
            .run_if(resource_exists::<SavingFails>)
            .in_set(UiSystems::Overlays),
    );
}

fn saving_fails_line(mut contexts: EguiContexts, fails: Res<SavingFails>) -> Result {
    let Some(text) = fails.line() else {
        return Ok(());
    };
    line(contexts.ctx_mut()?, &text);
    Ok(())
}

/// `text` in one row across the bottom of the window, cut short with an
/// ellipsis where the window is too narrow for it; it lets the pointer
/// through. Returns how many rows it took (one).
pub fn line(ctx: &egui::Context, text: &str) -> usize {
    let width = ctx.content_rect().width();
    let mut rows = 0;
    egui::Area::new(egui::Id::new("saving-fails"))
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, 0.0))
        .interactable(false)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(ecolour::WARN)
                .inner_margin(egui::Margin::symmetric(12, 4))
                .show(ui, |ui| {
                    ui.set_width(width - 24.0);
                    let (pos, galley, _) = egui::Label::new(
                        egui::RichText::new(text)
                            .color(egui::Color32::WHITE)
                            .size(TEXT),
                    )
                    .truncate()
                    .layout_in_ui(ui);
                    rows = galley.rows.len();
                    ui.painter().galley(pos, galley, egui::Color32::WHITE);
                });
        });
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_reason_stays_on_one_row_on_a_narrow_screen() {
        let text = "This match is not being saved: No space left on device (os error 28), \
                    and a great many more words than a phone's width holds. Play on.";
        let ctx = crate::ui::theme::test_context();
        let mut rows = 0;
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(360.0, 640.0),
            )),
            ..Default::default()
        };
        let output = ctx.run_ui(input, |ui| rows = line(ui.ctx(), text));
        output.drop_without_applying_deltas();
        assert_eq!(rows, 1);
    }
}
