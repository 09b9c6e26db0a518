//! How to play: a game's rules in plain words, with its picture.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::theme::{ecolour, size};
use super::widgets::{big_button, full_screen};
use super::{HowToGame, ReturnTo, UiSystems};
use crate::catalog::GameCatalog;
use crate::session::Screen;
use crate::tr;

/// The how-to-play screen.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        how_to
            .run_if(in_state(Screen::HowTo))
            .in_set(UiSystems::Screens),
    );
}

fn how_to(
    mut contexts: EguiContexts,
    catalog: Res<GameCatalog>,
    game: Res<HowToGame>,
    return_to: Res<ReturnTo>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Esc leaves the rules as Back does: reading them is never a trap.
    let escape = ctx.input(|i| i.key_pressed(egui::Key::Escape));
    full_screen(ctx, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                // Never wider than the window: a narrow screen would push the text off its left edge.
                ui.set_max_width(ui.available_width().min(820.0));
                ui.heading(tr!("how-to-title", game = game.0.title()));
                ui.add_space(8.0);
                let (rect, _) = ui.allocate_exact_size(
                    egui::vec2(ui.available_width().min(420.0), 170.0),
                    egui::Sense::hover(),
                );
                ui.painter()
                    .rect_filled(rect.expand(8.0), 12, ecolour::CARD);
                let entry = catalog.get(game.0);
                if let Some(entry) = entry {
                    (entry.picture)(ui.painter(), rect);
                }
                ui.add_space(12.0);
                for (heading, text) in entry.map(|e| e.rules_text()).unwrap_or_default() {
                    ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                        ui.label(
                            egui::RichText::new(heading)
                                .size(size::TEXT + 4.0)
                                .color(ecolour::ACCENT)
                                .strong(),
                        );
                        ui.label(text);
                        ui.add_space(6.0);
                    });
                }
                ui.add_space(12.0);
                if big_button(ui, &tr!("button-back"), true).clicked() || escape {
                    next.set(return_to.0.unwrap_or(Screen::Title));
                }
            });
        });
    });
    Ok(())
}
