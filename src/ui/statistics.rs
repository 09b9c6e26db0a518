//! Matches played and won, by name and game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiSystems;
use super::theme::{ecolour, size};
use super::widgets::{big_button, full_screen};
use crate::catalog::GameCatalog;
use crate::session::Screen;
use crate::stats::Statistics;

/// The statistics screen.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        statistics
            .run_if(in_state(Screen::Statistics))
            .in_set(UiSystems::Screens),
    );
}

fn statistics(
    mut contexts: EguiContexts,
    catalog: Res<GameCatalog>,
    stats: Res<Statistics>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    full_screen(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.heading(crate::tr!("statistics"));
            ui.add_space(12.0);
        });
        let list_h = (ui.available_height() - size::TOUCH - 40.0).max(120.0);
        egui::ScrollArea::vertical()
            .max_height(list_h)
            .show(ui, |ui| {
                ui.vertical_centered(|ui| {
                    if stats.players.is_empty() {
                        ui.add_space(40.0);
                        ui.label(crate::tr!("statistics-empty"));
                        return;
                    }
                    let width = ui.available_width().min(820.0);
                    egui::Frame::new()
                        .fill(ecolour::CARD)
                        .corner_radius(14)
                        .inner_margin(20)
                        .show(ui, |ui| {
                            ui.set_width(width - 40.0);
                            egui::Grid::new("statistics")
                                .spacing(egui::vec2(32.0, 12.0))
                                .striped(false)
                                .show(ui, |ui| {
                                    let head = |ui: &mut egui::Ui, key: &str| {
                                        ui.label(
                                            egui::RichText::new(crate::tr!(key))
                                                .color(ecolour::INK)
                                                .strong(),
                                        );
                                    };
                                    head(ui, "statistics-name");
                                    head(ui, "statistics-game");
                                    head(ui, "statistics-played");
                                    head(ui, "statistics-won");
                                    head(ui, "statistics-best");
                                    ui.end_row();
                                    for (name, games) in &stats.players {
                                        for (i, (game, tally)) in games.iter().enumerate() {
                                            let cell = |ui: &mut egui::Ui, text: String| {
                                                ui.label(
                                                    egui::RichText::new(text).color(ecolour::INK),
                                                );
                                            };
                                            if i == 0 {
                                                ui.label(
                                                    egui::RichText::new(name)
                                                        .color(ecolour::INK)
                                                        .strong(),
                                                );
                                            } else {
                                                ui.label("");
                                            }
                                            cell(
                                                ui,
                                                catalog
                                                    .by_name(game)
                                                    .map_or(game.clone(), |g| g.id.title()),
                                            );
                                            cell(ui, tally.played.to_string());
                                            cell(ui, tally.won.to_string());
                                            cell(
                                                ui,
                                                tally.best.map_or("–".into(), |b| b.to_string()),
                                            );
                                            ui.end_row();
                                        }
                                    }
                                });
                        });
                });
            });
        ui.add_space(12.0);
        ui.vertical_centered(|ui| {
            if big_button(ui, &crate::tr!("home-back"), true).clicked() {
                next.set(Screen::Title);
            }
        });
    });
    Ok(())
}
