//! The variant's words: its title (English needed, French and Danish
//! optional, English standing in for them) and one line on what changes.

use bevy_egui::egui;

use super::Editing;
use crate::tr;
use crate::ui::theme::{ecolour, size};
use parlour_core::share::{MOST_DESCRIPTION_CHARS, MOST_TITLE_CHARS};

/// The languages' names, as the rows say them.
const LANGUAGES: [&str; 3] = ["variants-lang-en", "variants-lang-fr", "variants-lang-da"];

/// The title and description rows, one per language.
pub(super) fn words(ui: &mut egui::Ui, editing: &mut Editing) {
    let before = (editing.title.clone(), editing.description.clone());
    let field = (ui.available_width() - 260.0).clamp(240.0, 560.0);
    egui::Grid::new("variant-words")
        .spacing(egui::vec2(12.0, 8.0))
        .show(ui, |ui| {
            for (i, lang) in LANGUAGES.iter().enumerate() {
                ui.label(tr!("variants-title", language = tr!(lang)));
                let hint = if i == 0 {
                    tr!("variants-title-hint")
                } else {
                    tr!("variants-title-other-hint")
                };
                ui.add_sized(
                    egui::vec2(field, size::TOUCH),
                    egui::TextEdit::singleline(&mut editing.title[i])
                        .hint_text(hint)
                        .char_limit(MOST_TITLE_CHARS)
                        .vertical_align(egui::Align::Center),
                );
                ui.end_row();
            }
            for (i, lang) in LANGUAGES.iter().enumerate() {
                ui.label(tr!("variants-description", language = tr!(lang)));
                ui.add_sized(
                    egui::vec2(field, size::TOUCH),
                    egui::TextEdit::singleline(&mut editing.description[i])
                        .char_limit(MOST_DESCRIPTION_CHARS)
                        .vertical_align(egui::Align::Center),
                );
                ui.end_row();
            }
        });
    // Why it was not kept (no title) goes once the words change.
    if (&editing.title, &editing.description) != (&before.0, &before.1) {
        editing.not_kept = None;
    }
    ui.label(
        egui::RichText::new(tr!("variants-words-hint"))
            .size(size::TEXT - 4.0)
            .color(ecolour::TEXT_DIM),
    );
}
