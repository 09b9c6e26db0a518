//! The match set-up: seats, people or bots, names, the variant, and any row
//! of the game's own.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiSystems;
use super::theme::{ecolour, size};
use super::widgets::{big_button, full_screen};
use crate::catalog::GameCatalog;
use crate::engine::Controller;
use crate::i18n::bot_name;
use crate::session::{BeginMatch, Screen, SeatChoice, Table};
use crate::tr;
use crate::variants::VariantRegistry;
use crate::variants::choices::{self, Choice};

/// The set-up screen.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        setup
            .run_if(in_state(Screen::Setup))
            .in_set(UiSystems::Screens),
    );
}

fn setup(
    mut contexts: EguiContexts,
    catalog: Res<GameCatalog>,
    mut table: ResMut<Table>,
    registry: Option<Res<VariantRegistry>>,
    mut next: ResMut<NextState<Screen>>,
    mut begin: MessageWriter<BeginMatch>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(game) = catalog.get(table.game) else {
        // No game chosen (nothing on offer): the title is the way in.
        next.set(Screen::Title);
        return Ok(());
    };
    let kind = game.id;
    let bots = game.bots;
    let offered = choices::choices(registry.as_deref(), game);
    // A bot this game does not have (the seats came from another game) becomes its strongest.
    for seat in table.seats.iter_mut() {
        if let Controller::Bot(b) = &seat.controller
            && !bots.contains(&b.as_str())
            && let Some(strongest) = bots.last()
        {
            seat.controller = Controller::Bot((*strongest).to_owned());
        }
    }
    full_screen(ctx, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.heading(tr!("setup-title", game = kind.title()));
            });
            ui.add_space(16.0);
            let width = ui.available_width().min(720.0);
            ui.vertical_centered(|ui| {
                ui.set_max_width(width);
                let seats = game.seats.clone();
                let mut remove = None;
                // A grid keeps the rows in columns whatever the words' lengths.
                egui::Grid::new("seats")
                    .spacing(egui::vec2(12.0, 10.0))
                    .show(ui, |ui| {
                        for (i, seat) in table.seats.iter_mut().enumerate() {
                            ui.label(
                                egui::RichText::new(tr!("setup-seat", number = i + 1))
                                    .color(ecolour::TEXT_DIM),
                            );
                            // Sized outright: a grid cell would shrink it to last frame's width.
                            ui.add_sized(
                                egui::vec2(220.0, size::TOUCH),
                                egui::TextEdit::singleline(&mut seat.name)
                                    .char_limit(16)
                                    .vertical_align(egui::Align::Center),
                            );
                            let label = match &seat.controller {
                                Controller::Human => tr!("setup-person"),
                                Controller::Bot(b) => tr!("setup-bot", level = bot_name(b)),
                            };
                            egui::ComboBox::from_id_salt(("controller", i))
                                .selected_text(label)
                                .width(210.0)
                                // Room for a person and three bots without scrolling.
                                .height(5.0 * (size::TOUCH + 12.0))
                                .show_ui(ui, |ui| {
                                    ui.selectable_value(
                                        &mut seat.controller,
                                        Controller::Human,
                                        tr!("setup-person"),
                                    );
                                    for b in bots {
                                        ui.selectable_value(
                                            &mut seat.controller,
                                            Controller::Bot((*b).to_owned()),
                                            tr!("setup-bot", level = bot_name(b)),
                                        );
                                    }
                                });
                            // Inter has the multiplication sign, not a heavy ✕.
                            if ui
                                .add_enabled(
                                    i >= *seats.start(),
                                    egui::Button::new("×")
                                        .min_size(egui::vec2(size::TOUCH, size::TOUCH)),
                                )
                                .clicked()
                            {
                                remove = Some(i);
                            }
                            ui.end_row();
                        }
                    });
                if let Some(i) = remove
                    && table.seats.len() > *seats.start()
                {
                    table.seats.remove(i);
                }
                if table.seats.len() < *seats.end()
                    && big_button(ui, &tr!("setup-add-seat"), false).clicked()
                {
                    let n = table.seats.len();
                    let names = ["Ada", "Bram", "Cleo", "Dag"];
                    table.seats.push(SeatChoice {
                        name: names[n % names.len()].to_owned(),
                        controller: Controller::Bot(
                            bots.last().copied().unwrap_or("random").to_owned(),
                        ),
                    });
                }
                ui.add_space(12.0);
                variant_row(ui, &mut table, &offered, width);
                if let Some(row) = game.setup_row {
                    row(ui, &mut table.variant);
                }
                ui.add_space(20.0);
                ui.horizontal(|ui| {
                    if big_button(ui, &tr!("button-back"), false).clicked() {
                        next.set(Screen::Title);
                    }
                    if big_button(ui, &tr!("button-start"), true).clicked() {
                        for (i, seat) in table.seats.iter_mut().enumerate() {
                            if seat.name.trim().is_empty() {
                                seat.name = tr!("setup-default-name", number = i + 1);
                            }
                        }
                        table.viewer = None;
                        begin.write(BeginMatch);
                        next.set(Screen::Play);
                    }
                });
            });
        });
    });
    Ok(())
}

/// The variant: a list of the registry's entries for the game, each with
/// its line of description, and the chosen one's description under it.
fn variant_row(ui: &mut egui::Ui, table: &mut Table, offered: &[Choice], width: f32) {
    let chosen = choices::chosen(offered, &table.variant);
    let selected = match chosen {
        Some(i) => offered[i].title.clone(),
        None => choices::unlisted_title(table.game, &table.variant),
    };
    let mut picked = None;
    ui.horizontal_top(|ui| {
        // As tall as the list's button, so the word sits level with it.
        ui.allocate_ui_with_layout(
            egui::vec2(0.0, size::TOUCH),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| ui.label(tr!("setup-variant")),
        );
        ui.vertical(|ui| {
            let list_width = ui.available_width().min(width).clamp(240.0, 640.0);
            // The list opens downwards and stays inside the window, scrolling if it must.
            let room = ui.ctx().content_rect().bottom() - ui.cursor().top() - size::TOUCH - 24.0;
            egui::ComboBox::from_id_salt("variant")
                .selected_text(selected)
                .width(list_width)
                .height(room.max(3.0 * size::TOUCH))
                .show_ui(ui, |ui| {
                    // Closer than the screen's buttons: each entry is two lines
                    // tall already, and more of the list fits.
                    ui.spacing_mut().button_padding = egui::vec2(16.0, 6.0);
                    ui.spacing_mut().item_spacing.y = 4.0;
                    for (i, choice) in offered.iter().enumerate() {
                        let text = choice_text(ui, choice, chosen == Some(i), list_width - 24.0);
                        if ui
                            .add(
                                egui::Button::selectable(chosen == Some(i), text)
                                    .min_size(egui::vec2(list_width - 12.0, size::TOUCH)),
                            )
                            .clicked()
                        {
                            picked = Some(i);
                        }
                    }
                });
            if let Some(i) = picked {
                table.variant = choices::pick(&offered[i], &table.variant);
            }
            // What the variant changes, under its name.
            if let Some(i) = choices::chosen(offered, &table.variant)
                && !offered[i].description.is_empty()
            {
                ui.add_space(4.0);
                ui.label(
                    egui::RichText::new(&offered[i].description)
                        .size(size::TEXT - 2.0)
                        .color(ecolour::TEXT_DIM),
                );
            }
        });
    });
    ui.add_space(8.0);
}

/// A variant in the list: its name, and under it its description, smaller,
/// laid out `width` wide (a galley, so the button keeps that width).
fn choice_text(
    ui: &egui::Ui,
    choice: &Choice,
    selected: bool,
    width: f32,
) -> std::sync::Arc<egui::Galley> {
    let mut job = egui::text::LayoutJob::default();
    job.append(
        &choice.title,
        0.0,
        egui::TextFormat {
            font_id: egui::FontId::proportional(size::TEXT),
            // The button's own text colour, which follows the selection.
            color: egui::Color32::PLACEHOLDER,
            ..Default::default()
        },
    );
    if !choice.description.is_empty() {
        job.append(
            &format!("\n{}", choice.description),
            0.0,
            egui::TextFormat {
                font_id: egui::FontId::proportional(size::TEXT - 4.0),
                color: if selected {
                    ecolour::ON_ACCENT
                } else {
                    ecolour::TEXT_DIM
                },
                ..Default::default()
            },
        );
    }
    job.wrap.max_width = width;
    ui.fonts_mut(|fonts| fonts.layout_job(job))
}
