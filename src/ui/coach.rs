//! The coach's question over the table: its move, what it gains, in
//! explain mode why, and the two answers. Esc and Enter take the move
//! back: Enter answers the lit button, and a person who pressed Enter to
//! commit a move should not play a mistake with a second press.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiSystems;
use super::theme::{ecolour, size};
use super::widgets::{self, big_button};
use crate::coach::{CoachAnswer, CoachQuestion};
use crate::session::Screen;
use crate::tr;

/// The coach's dialog, over the table.
pub fn plugin(app: &mut App) {
    app.add_message::<CoachAnswer>().add_systems(
        EguiPrimaryContextPass,
        dialog
            .run_if(in_state(Screen::Play))
            .in_set(UiSystems::Overlays),
    );
}

fn dialog(
    mut contexts: EguiContexts,
    question: Res<CoachQuestion>,
    mut answers: MessageWriter<CoachAnswer>,
) -> Result {
    let Some(question) = question.0.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let room = ctx.content_rect().width();
    // Wide enough for both buttons side by side on a laptop; on a narrow
    // portrait screen the buttons stack.
    let width = (room - 64.0).clamp(240.0, 560.0);
    let mut answer = None;
    let (escape, enter) = ctx.input(|i| {
        (
            i.key_pressed(egui::Key::Escape),
            i.key_pressed(egui::Key::Enter),
        )
    });
    if escape || enter {
        answer = Some(CoachAnswer::TakeBack);
    }
    widgets::dialog("coach").show(ctx, |ui| {
        ui.set_width(width);
        ui.vertical_centered(|ui| {
            ui.label(
                egui::RichText::new(tr!("coach-title"))
                    .size(size::HEADING * 0.8)
                    .color(ecolour::ACCENT)
                    .strong(),
            );
        });
        ui.add_space(10.0);
        let line = tr!(
            "coach-question",
            would = question.best.as_str(),
            gain = question.gain.as_str()
        );
        ui.add(egui::Label::new(egui::RichText::new(line).size(size::TEXT + 2.0)).wrap());
        if let Some(why) = &question.why {
            ui.add_space(6.0);
            ui.add(egui::Label::new(egui::RichText::new(why).color(ecolour::TEXT_DIM)).wrap());
        }
        ui.add_space(16.0);
        let anyway = tr!("coach-play-anyway");
        let back = tr!("coach-take-back");
        let side_by_side = width >= 2.0 * 200.0 + 12.0;
        let mut buttons = |ui: &mut egui::Ui| {
            if big_button(ui, &anyway, false).clicked() {
                answer = Some(CoachAnswer::PlayAnyway);
            }
            if big_button(ui, &back, true).clicked() {
                answer = Some(CoachAnswer::TakeBack);
            }
        };
        if side_by_side {
            ui.columns(2, |cols| {
                cols[0].vertical_centered_justified(|ui| {
                    if big_button(ui, &anyway, false).clicked() {
                        answer = Some(CoachAnswer::PlayAnyway);
                    }
                });
                cols[1].vertical_centered_justified(|ui| {
                    if big_button(ui, &back, true).clicked() {
                        answer = Some(CoachAnswer::TakeBack);
                    }
                });
            });
        } else {
            ui.vertical_centered_justified(|ui| buttons(ui));
        }
    });
    if let Some(answer) = answer {
        answers.write(answer);
    }
    Ok(())
}
