//! A variant travelling: its link (the variant in the address's fragment)
//! and a QR code of it for a phone beside you, its file to export; the
//! box a link or a file's text is pasted into; and the offer to add a
//! variant a page was opened with.

use bevy_egui::egui;
use parlour_core::share::{self, SharedVariant};

use crate::platform::files;
use crate::tr;
use crate::ui::theme::{ecolour, size};
use crate::ui::widgets::{big_button, dialog, dialog_width, join_code};

/// The variant's link: the page's address with the code in its fragment,
/// or where there is no page (the desktop) the fragment alone, which the
/// import box and the page both read.
pub fn link(variant: &SharedVariant) -> String {
    let code = share::encode(variant);
    let origin = crate::platform::page::origin();
    if origin.is_empty() {
        format!("#variant={code}")
    } else {
        format!("{origin}/#variant={code}")
    }
}

/// Where an exported file is written on the desktop: the data folder's
/// `exports/`.
fn export_path(variant: &SharedVariant) -> Option<std::path::PathBuf> {
    let home = crate::storage::home()?;
    Some(home.join("exports").join(format!(
        "{}-{}.{}",
        variant.game,
        variant.id,
        crate::variants::file::EXTENSION
    )))
}

/// The share card; whether it was closed.
pub(super) fn card(ctx: &egui::Context, variant: &SharedVariant) -> bool {
    let id = egui::Id::new("variant-exported");
    let mut closed = false;
    let link = link(variant);
    dialog("variant-share").show(ctx, |ui| {
        ui.set_max_width(dialog_width(ui.ctx(), 640.0));
        ui.label(
            egui::RichText::new(tr!(
                "variants-share-heading",
                title = variant.title.en.clone()
            ))
            .size(size::HEADING * 0.7)
            .color(ecolour::ACCENT),
        );
        ui.label(tr!("variants-share-how"));
        ui.add_space(8.0);
        ui.horizontal_top(|ui| {
            join_code(ui, &link, 260.0);
            ui.vertical(|ui| {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(&link)
                            .monospace()
                            .size(size::TEXT - 8.0),
                    )
                    .wrap(),
                );
                if ui
                    .add(
                        egui::Button::new(tr!("variants-copy-link"))
                            .min_size(egui::vec2(0.0, size::TOUCH)),
                    )
                    .clicked()
                {
                    ui.ctx().copy_text(link.clone());
                }
                if ui
                    .add(
                        egui::Button::new(tr!("variants-copy-file"))
                            .min_size(egui::vec2(0.0, size::TOUCH)),
                    )
                    .clicked()
                {
                    ui.ctx().copy_text(share::to_file(variant));
                }
                if !files::in_page()
                    && let Some(path) = export_path(variant)
                    && ui
                        .add(
                            egui::Button::new(tr!("variants-export"))
                                .min_size(egui::vec2(0.0, size::TOUCH)),
                        )
                        .clicked()
                {
                    let text = share::to_file(variant);
                    let said = match files::write_whole(&path, |w| w.write_all(text.as_bytes())) {
                        Ok(()) => tr!("variants-exported", path = path.display().to_string()),
                        Err(e) => tr!("variants-not-exported", reason = e.to_string()),
                    };
                    ui.ctx().data_mut(|d| d.insert_temp(id, said));
                }
                if let Some(said) = ui.ctx().data(|d| d.get_temp::<String>(id)) {
                    ui.label(egui::RichText::new(said).color(ecolour::TEXT_DIM));
                }
            });
        });
        ui.add_space(12.0);
        if big_button(ui, &tr!("variants-close"), true).clicked() {
            closed = true;
            ui.ctx().data_mut(|d| d.remove::<String>(id));
        }
    });
    closed
}

/// The import box: a link or a variant file's text pasted in. Whether Add
/// and whether Close were pressed.
pub(super) fn import_box(
    ctx: &egui::Context,
    text: &mut String,
    said: Option<&(String, bool)>,
) -> (bool, bool) {
    let (mut add, mut close) = (false, false);
    dialog("variant-import").show(ctx, |ui| {
        ui.set_max_width(dialog_width(ui.ctx(), 640.0));
        ui.label(
            egui::RichText::new(tr!("variants-import-heading"))
                .size(size::HEADING * 0.7)
                .color(ecolour::ACCENT),
        );
        ui.label(tr!("variants-import-how"));
        // A long paste scrolls inside the box: the buttons stay on screen.
        egui::ScrollArea::vertical()
            .id_salt("variant-import-text")
            .max_height(160.0)
            .show(ui, |ui| {
                ui.add_sized(
                    egui::vec2(600.0, 120.0),
                    egui::TextEdit::multiline(text).hint_text(tr!("variants-import-hint")),
                );
            });
        if let Some((line, true)) = said {
            ui.label(egui::RichText::new(line).color(ecolour::WARN));
        }
        ui.horizontal(|ui| {
            add = big_button(ui, &tr!("variants-import-add"), true).clicked();
            close = big_button(ui, &tr!("variants-close"), false).clicked();
        });
    });
    (add, close)
}

/// The offer to add the variant a page was opened with: what it is, or
/// why it cannot be added. `Some(true)` to add, `Some(false)` for no.
pub(super) fn offer(ctx: &egui::Context, link: &str) -> Option<bool> {
    let mut answer = None;
    let read = share::read_link(link);
    dialog("variant-offer").show(ctx, |ui| {
        ui.set_max_width(dialog_width(ui.ctx(), 640.0));
        match &read {
            Ok(variant) => {
                ui.label(
                    egui::RichText::new(tr!(
                        "variants-offer",
                        title = variant.title.en.clone(),
                        game = variant.game.clone()
                    ))
                    .size(size::HEADING * 0.7)
                    .color(ecolour::ACCENT),
                );
                ui.horizontal(|ui| {
                    if big_button(ui, &tr!("variants-import-add"), true).clicked() {
                        answer = Some(true);
                    }
                    if big_button(ui, &tr!("variants-offer-no"), false).clicked() {
                        answer = Some(false);
                    }
                });
            }
            Err(why) => {
                ui.label(
                    egui::RichText::new(tr!("variants-not-added", reason = why.to_string()))
                        .color(ecolour::WARN),
                );
                if big_button(ui, &tr!("variants-close"), true).clicked() {
                    answer = Some(false);
                }
            }
        }
    });
    answer
}
