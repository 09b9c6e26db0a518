//! The coach on the phone: a switch before a seat is taken, and, once the
//! host's coach has a word on a move, that word and the player's choice —
//! play it anyway, or take it back and see the coach's move on the hand.

use bevy_egui::egui;

use crate::hand::{CoachWord, Link};
use crate::tr;
use crate::ui::theme::{ecolour, size};

/// The coach's switch, full width; true when tapped.
pub(super) fn coach_switch(ui: &mut egui::Ui, on: bool) -> bool {
    let key = if on {
        "hand-coach-on"
    } else {
        "hand-coach-off"
    };
    let mut text = egui::RichText::new(tr!(key)).size(size::TEXT - 2.0);
    if on {
        text = text.color(ecolour::ACCENT);
    }
    ui.add(
        egui::Button::new(text)
            .selected(on)
            .min_size(egui::vec2(ui.available_width(), size::TOUCH)),
    )
    .clicked()
}

/// The coach's word on the move held back, and the two ways on.
pub(super) fn coach_panel(ui: &mut egui::Ui, link: &mut Link) {
    let Some(CoachWord::Better { better, .. }) = link.coach_word().cloned() else {
        return;
    };
    let gain = crate::coach::gain_words(better.chance, better.points);
    egui::Frame::new()
        .fill(ecolour::CHIP)
        .stroke(egui::Stroke::new(2.0, ecolour::ACCENT))
        .corner_radius(10)
        .inner_margin(egui::Margin::same(10))
        .show(ui, |ui| {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(tr!("hand-coach-says", gain = gain.as_str()))
                        .size(size::TEXT - 2.0),
                )
                .wrap(),
            );
            ui.add_space(4.0);
            let half = ((ui.available_width() - 8.0) / 2.0).max(0.0);
            ui.horizontal(|ui| {
                let anyway = egui::Button::new(
                    egui::RichText::new(tr!("coach-play-anyway")).size(size::TEXT - 4.0),
                )
                .min_size(egui::vec2(half, size::TOUCH));
                if ui.add(anyway).clicked() {
                    link.play_anyway();
                }
                let back = egui::Button::new(
                    egui::RichText::new(tr!("coach-take-back"))
                        .size(size::TEXT - 4.0)
                        .color(ecolour::ON_ACCENT),
                )
                .fill(ecolour::ACCENT)
                .min_size(egui::vec2(half, size::TOUCH));
                if ui.add(back).clicked() {
                    link.take_back();
                }
            });
        });
    ui.add_space(4.0);
}
