//! The results: who won, the score sheet the game filled, play again — on a
//! sheet over the dimmed final table, which "See the table" folds away.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiSystems;
use super::theme::{ecolour, size};
use super::widgets::{big_button, big_button_width, full_screen_over_table, notice_banner_at};
use crate::engine::EndMatch;
use crate::review::OpenReview;
use crate::session::{BeginMatch, InLesson, Notice, ResultsSheet, Screen};
use crate::tr;

/// The results screen.
pub fn plugin(app: &mut App) {
    app.init_resource::<SheetFolded>().add_systems(
        OnEnter(Screen::Results),
        |mut f: ResMut<SheetFolded>, mut notice: ResMut<Notice>| {
            f.0 = false;
            // What the table said in play goes with it: over the
            // results it would hide their heading.
            notice.remaining = 0.0;
        },
    );
    app.add_systems(
        EguiPrimaryContextPass,
        results
            // A lesson ends in its own panel: who won, what was learnt,
            // and "Play a real match".
            .run_if(in_state(Screen::Results).and_then(not(resource_exists::<InLesson>)))
            .in_set(UiSystems::Screens),
    );
}

/// The results sheet is folded away: the final table shows, with a button
/// to bring the sheet back.
#[derive(Resource, Default, Debug)]
pub struct SheetFolded(pub bool);

/// The folded sheet: a bar at the bottom with the headline, each seat's
/// score (the game's top bar is gone with the match) and the way back to
/// the sheet; the final table, undimmed, above it.
fn folded_bar(ctx: &egui::Context, sheet: &ResultsSheet, folded: &mut SheetFolded) {
    let headline = sheet.headline();
    let scores = sheet.scores_line();
    egui::Area::new(egui::Id::new("results-folded"))
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -16.0))
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(ecolour::PANEL)
                .corner_radius(16)
                .inner_margin(12)
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.vertical(|ui| {
                            ui.label(
                                egui::RichText::new(headline)
                                    .size(size::TEXT + 2.0)
                                    .color(ecolour::ACCENT)
                                    .strong(),
                            );
                            if !scores.is_empty() {
                                ui.label(
                                    egui::RichText::new(scores)
                                        .size(size::TEXT)
                                        .color(ecolour::TEXT),
                                );
                            }
                        });
                        ui.add_space(12.0);
                        if big_button(ui, &tr!("results-show-sheet"), true).clicked() {
                            folded.0 = false;
                        }
                    });
                });
        });
}

fn results(
    mut contexts: EguiContexts,
    sheet: Res<ResultsSheet>,
    mut folded: ResMut<SheetFolded>,
    mut next: ResMut<NextState<Screen>>,
    mut begin: MessageWriter<BeginMatch>,
    mut end: MessageWriter<EndMatch>,
    mut review: MessageWriter<OpenReview>,
    notice: Res<Notice>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Said on this screen (a match that could not be saved…): at the
    // bottom, clear of the heading and the sheet.
    if notice.remaining > 0.0 {
        notice_banner_at(
            ctx,
            "results-notice",
            &notice,
            640.0,
            egui::Align2::CENTER_BOTTOM,
            egui::vec2(0.0, -16.0),
        );
    }
    if folded.0 {
        folded_bar(ctx, &sheet, &mut folded);
        return Ok(());
    }
    let headline = sheet.headline();
    full_screen_over_table(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(24.0);
            ui.label(
                egui::RichText::new(headline)
                    .size(size::TITLE * 0.8)
                    .color(ecolour::ACCENT)
                    .strong(),
            );
            ui.add_space(16.0);
            // egui lays a frame from the left: centre the score sheet by hand,
            // by its width as last drawn; narrow windows close up the columns.
            let avail = ui.available_width();
            let width_id = egui::Id::new("results-sheet-width");
            let sheet_w: f32 = ui
                .ctx()
                .data(|d| d.get_temp(width_id))
                .unwrap_or(130.0 * (sheet.columns.len() + 1) as f32);
            let inset = ((avail - sheet_w) / 2.0).max(0.0);
            let column_gap = if avail < 900.0 { 16.0 } else { 36.0 };
            ui.horizontal(|ui| {
                ui.add_space(inset);
                let drawn = egui::Frame::new()
                    .fill(ecolour::CARD)
                    .corner_radius(14)
                    .inner_margin(20)
                    .show(ui, |ui| {
                        ui.vertical(|ui| {
                            sheet_grid(ui, &sheet, "results", egui::vec2(column_gap, 14.0), None);
                            sheet_notes(ui, &sheet.notes, avail - 40.0);
                        });
                    })
                    .response
                    .rect
                    .width();
                if (drawn - sheet_w).abs() > 0.5 {
                    ui.ctx().data_mut(|d| d.insert_temp(width_id, drawn));
                    ui.ctx().request_repaint();
                }
            });
            ui.add_space(24.0);
            ui.horizontal(|ui| {
                let again = tr!("results-play-again");
                let see = tr!("results-see-table");
                let back = tr!("results-back-to-title");
                let total = big_button_width(ui, &again)
                    + big_button_width(ui, &see)
                    + 2.0 * ui.spacing().item_spacing.x
                    + big_button_width(ui, &back);
                ui.add_space(((ui.available_width() - total) / 2.0).max(0.0));
                if big_button(ui, &again, true).clicked() {
                    begin.write(BeginMatch);
                    next.set(Screen::Play);
                }
                if big_button(ui, &see, false).clicked() {
                    folded.0 = true;
                }
                if big_button(ui, &back, false).clicked() {
                    end.write(EndMatch);
                    next.set(Screen::Title);
                }
            });
            ui.add_space(12.0);
            ui.vertical_centered(|ui| {
                if big_button(ui, &tr!("results-review"), false).clicked() {
                    review.write(OpenReview::Finished);
                }
            });
        });
    });
    Ok(())
}

/// The sheet's notes (the reveal, a knock-out, a tie-break), under its
/// table on the same card, in ink: never printed over the dimmed table,
/// where the pieces showed through the words. They wrap to the table's
/// width (a phone's at most `room`), so the card keeps its shape.
fn sheet_notes(ui: &mut egui::Ui, notes: &[String], room: f32) {
    if notes.is_empty() {
        return;
    }
    let width = ui.min_rect().width().max(320.0).min(room.max(160.0));
    ui.add_space(12.0);
    ui.set_max_width(width);
    for note in notes {
        ui.add(egui::Label::new(egui::RichText::new(note).color(ecolour::INK)).wrap());
    }
}

/// The sheet's table: a row a seat under the column headings, the winners
/// marked, in ink on a card; `text` its size where not the body's. The
/// results sheet and a lesson's end show it alike.
pub fn sheet_grid(
    ui: &mut egui::Ui,
    sheet: &ResultsSheet,
    id: &str,
    spacing: egui::Vec2,
    text: Option<f32>,
) {
    let ink = |words: &str| {
        let words = egui::RichText::new(words).color(ecolour::INK);
        match text {
            Some(size) => words.size(size),
            None => words,
        }
    };
    egui::Grid::new(id).spacing(spacing).show(ui, |ui| {
        ui.label(ink(""));
        for c in &sheet.columns {
            ui.label(ink(c).strong());
        }
        ui.end_row();
        for (name, cells, won) in &sheet.rows {
            let name = if *won {
                format!("🏆 {name}")
            } else {
                name.clone()
            };
            ui.label(ink(&name).strong());
            for c in cells {
                ui.label(ink(c));
            }
            ui.end_row();
        }
    });
}
