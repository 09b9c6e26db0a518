//! The set-up screen's row for the number of rounds the table agrees to play.

use bevy_egui::egui;

use crate::tr;
use crate::ui::theme::{ecolour, size};
use crate::variants::choices;

/// The most rounds a table can agree on.
const MOST: usize = 5;

/// The number of rounds as finger-sized buttons, 1 to 5; a tap writes the
/// choice into the rules the table will play.
pub fn row(ui: &mut egui::Ui, rules: &mut String) {
    ui.horizontal(|ui| {
        ui.label(tr!("setup-rounds"));
        let rounds = choices::rounds(rules);
        for n in 1..=MOST {
            // The chosen number dark on the accent, as every choice.
            let chosen = rounds == n;
            let mut text = egui::RichText::new(n.to_string()).size(size::TEXT);
            if chosen {
                text = text.color(ecolour::ON_ACCENT).strong();
            }
            if ui
                .add(
                    egui::Button::selectable(chosen, text)
                        .min_size(egui::vec2(size::TOUCH, size::TOUCH)),
                )
                .clicked()
            {
                *rules = choices::with_rounds(rules, n);
            }
        }
    });
}
