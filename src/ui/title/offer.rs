//! The lesson offered once, on a game's first Play: "New to Neighbours?"

use bevy_egui::egui;

use crate::catalog::GameId;
use crate::tr;
use crate::ui::theme::{ecolour, size};
use crate::ui::widgets::{big_button, dialog, dialog_width};

/// The answers to the lesson offered on a game's first Play.
pub(super) enum Offer {
    /// Start the lesson.
    Learn,
    /// On to the set-up, as Play does.
    SetUp,
    /// Back to the title.
    Back,
}

/// "New to Neighbours?": the lesson, or the set-up. `None` while unanswered.
pub(super) fn lesson_offer(ctx: &egui::Context, game: GameId) -> Option<Offer> {
    let mut answer = None;
    let modal = dialog("lesson-offer").show(ctx, |ui| {
        ui.set_max_width(dialog_width(ui.ctx(), 560.0));
        ui.label(
            egui::RichText::new(tr!("offer-heading", game = game.title()))
                .size(size::HEADING * 0.7)
                .color(ecolour::ACCENT)
                .strong(),
        );
        ui.label(tr!("offer-detail", game = game.title()));
        ui.add_space(12.0);
        ui.horizontal_wrapped(|ui| {
            if big_button(ui, &tr!("offer-learn"), true).clicked() {
                answer = Some(Offer::Learn);
            }
            if big_button(ui, &tr!("offer-set-up"), false).clicked() {
                answer = Some(Offer::SetUp);
            }
        });
    });
    if modal.should_close() && answer.is_none() {
        // Escape or a tap beside the card: back to the title.
        answer = Some(Offer::Back);
    }
    answer
}
