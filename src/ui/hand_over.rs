//! "Pass to Anna — tap when ready": between two people's turns, nothing
//! of anyone's hand on screen.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiSystems;
use super::theme::{ecolour, size};
use super::widgets::{big_button, full_screen};
use crate::session::{Screen, Table};
use crate::tr;

/// The hand-over screen.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        hand_over
            .run_if(in_state(Screen::HandOver))
            .in_set(UiSystems::Screens),
    );
}

fn hand_over(
    mut contexts: EguiContexts,
    mut table: ResMut<Table>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let to = table.handing_to.unwrap_or(0);
    let name = table.name(to).to_owned();
    let mut ready = false;
    full_screen(ctx, |ui| {
        let response = ui.interact(
            ui.max_rect(),
            egui::Id::new("hand-over"),
            egui::Sense::click(),
        );
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() * 0.3);
            ui.label(
                egui::RichText::new(tr!("hand-over-title", name = name.as_str()))
                    .size(size::TITLE * 0.8)
                    .color(ecolour::ACCENT)
                    .strong(),
            );
            ui.add_space(12.0);
            ui.label(egui::RichText::new(tr!("hand-over-hint")).size(size::TEXT));
            ui.add_space(24.0);
            if big_button(ui, &tr!("hand-over-ready", name = name.as_str()), true).clicked() {
                ready = true;
            }
        });
        if response.clicked() {
            ready = true;
        }
    });
    if ready {
        table.viewer = Some(to);
        table.handing_to = None;
        next.set(Screen::Play);
    }
    Ok(())
}
