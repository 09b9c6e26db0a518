//! The title screen: the games as cards, "Continue" when a match was left
//! unfinished, warnings about files that did not read, and the way to the
//! history, the statistics and the settings.

mod card;
mod offer;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::theme::{ecolour, size};
use super::widgets::{big_button, big_button_width, full_screen};
use super::{GoTo, HowToGame, ReturnTo, UiSystems};
use crate::catalog::{GameCatalog, GameEntry, GameId};
use crate::saves::{ResumeMatch, SaveSlot, table_of};
use crate::session::{LearnGame, Screen, Table};
use crate::settings::Settings;
use crate::storage::FileWarnings;
use crate::tr;
use card::{CardShape, GAP, MIN_PICTURE, ROW_GAP, game_card};
use offer::{Offer, lesson_offer};

/// The title screen.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        title
            .run_if(in_state(Screen::Title))
            .in_set(UiSystems::Screens),
    );
}

/// What the title screen adds for saved matches, the history and the statistics.
#[derive(SystemParam)]
pub struct TitleExtras<'w, 's> {
    slot: Res<'w, SaveSlot>,
    catalog: Res<'w, GameCatalog>,
    warnings: ResMut<'w, FileWarnings>,
    resume: MessageWriter<'w, ResumeMatch>,
    goto: ResMut<'w, GoTo>,
    settings: ResMut<'w, Settings>,
    /// The game whose lesson is offered before its first set-up.
    offer: Local<'s, Option<GameId>>,
}

impl TitleExtras<'_, '_> {
    /// Files that did not read, said once at the top of the title screen
    /// (in the flow, so nothing under it is hidden) until dismissed.
    pub fn warnings_banner(&mut self, ui: &mut egui::Ui) {
        if self.warnings.0.is_empty() {
            return;
        }
        let width = (ui.available_width() - 32.0).min(900.0);
        let mut dismissed = false;
        egui::Frame::new()
            .fill(ecolour::WARN)
            .corner_radius(14)
            .inner_margin(14)
            .show(ui, |ui| {
                ui.set_width(width - 28.0);
                ui.horizontal(|ui| {
                    ui.vertical(|ui| {
                        ui.set_max_width(width - 28.0 - 140.0);
                        for warning in &self.warnings.0 {
                            ui.label(
                                egui::RichText::new(warning.text())
                                    .color(egui::Color32::WHITE)
                                    .size(size::TEXT - 2.0),
                            );
                        }
                    });
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if ui
                            .add(
                                egui::Button::new(crate::tr!("warning-dismiss"))
                                    .min_size(egui::vec2(110.0, size::TOUCH)),
                            )
                            .clicked()
                        {
                            dismissed = true;
                        }
                    });
                });
            });
        ui.add_space(8.0);
        if dismissed {
            self.warnings.0.clear();
        }
    }

    /// "Continue" with what it would take up, when a match was left unfinished.
    pub fn continue_card(&mut self, ui: &mut egui::Ui) {
        let Some(record) = self.slot.unfinished.clone() else {
            return;
        };
        let Some(game) = self.catalog.by_name(&record.game) else {
            return;
        };
        let table = table_of(&record, game.id);
        let names: Vec<&str> = table.seats.iter().map(|s| s.name.as_str()).collect();
        let width = ui.available_width().min(640.0);
        let button_w = 190.0;
        ui.vertical_centered(|ui| {
            egui::Frame::new()
                .fill(ecolour::CARD)
                .corner_radius(16)
                .inner_margin(10)
                .show(ui, |ui| {
                    ui.set_width(width - 20.0);
                    ui.horizontal(|ui| {
                        ui.add_space(6.0);
                        ui.vertical(|ui| {
                            ui.set_width(width - 20.0 - button_w - 24.0);
                            ui.spacing_mut().item_spacing.y = 2.0;
                            ui.label(
                                egui::RichText::new(crate::tr!(
                                    "continue-heading",
                                    game = table.game.title()
                                ))
                                .color(ecolour::INK)
                                .strong(),
                            );
                            ui.label(
                                egui::RichText::new(crate::tr!(
                                    "continue-detail",
                                    names = names.join(", "),
                                    moves = record.moves.len()
                                ))
                                .size(size::TEXT - 4.0)
                                .color(egui::Color32::from_gray(90)),
                            );
                        });
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            let button = egui::Button::new(
                                egui::RichText::new(crate::tr!("continue"))
                                    .size(size::TEXT + 2.0)
                                    .color(ecolour::ON_ACCENT),
                            )
                            .fill(ecolour::ACCENT)
                            .min_size(egui::vec2(button_w, size::TOUCH + 8.0));
                            if ui.add(button).clicked() {
                                self.resume.write(ResumeMatch(record.clone()));
                            }
                        });
                    });
                });
        });
        ui.add_space(14.0);
    }

    /// "History", "Statistics" and "Settings" in a row, `indent` in from
    /// the left; returns whether "Settings" was pressed.
    pub fn more_buttons(&mut self, ui: &mut egui::Ui, indent: f32) -> bool {
        let mut settings = false;
        ui.horizontal(|ui| {
            ui.add_space(indent.max(0.0));
            if big_button(ui, &crate::tr!("history"), false).clicked() {
                self.goto.0 = Some(Screen::History);
            }
            if big_button(ui, &crate::tr!("statistics"), false).clicked() {
                self.goto.0 = Some(Screen::Statistics);
            }
            if big_button(ui, &crate::tr!("home-settings"), false).clicked() {
                settings = true;
            }
        });
        settings
    }
}

/// The width of the row of History, Statistics and Settings.
fn more_width(ui: &egui::Ui) -> f32 {
    ["history", "statistics", "home-settings"]
        .map(|key| big_button_width(ui, &tr!(key)))
        .iter()
        .sum::<f32>()
        + 2.0 * ui.spacing().item_spacing.x
}

/// What a tap on the title chose this frame.
#[derive(Default)]
struct Chosen {
    /// A game's Play.
    play: Option<GameId>,
    /// A game's rules (the how-to page).
    rules: Option<GameId>,
    /// A game's Learn.
    learn: Option<GameId>,
    /// Settings.
    settings: bool,
}

fn title(
    mut contexts: EguiContexts,
    mut extras: TitleExtras,
    catalog: Res<GameCatalog>,
    mut table: ResMut<Table>,
    mut how_to: ResMut<HowToGame>,
    mut return_to: ResMut<ReturnTo>,
    mut next: ResMut<NextState<Screen>>,
    mut learn: MessageWriter<LearnGame>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut chosen = Chosen::default();
    full_screen(ctx, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.add_space(12.0);
            ui.vertical_centered(|ui| extras.warnings_banner(ui));
            let games = catalog.entries();
            let beside = heading(ui, &mut extras, games, &mut chosen);
            extras.continue_card(ui);
            let below = if beside { 24.0 + 8.0 } else { BELOW_CARDS };
            game_cards(ui, games, below, &mut chosen);
            if !beside {
                ui.add_space(20.0);
                // History, Statistics and Settings, in one row under the games.
                let indent = (ui.available_width() - more_width(ui)) / 2.0;
                chosen.settings = extras.more_buttons(ui, indent);
            }
        });
    });
    if chosen.settings {
        return_to.0 = Some(Screen::Title);
        next.set(Screen::Settings);
    }
    if let Some(game) = chosen.learn {
        extras.offered(game);
        learn.write(LearnGame(game));
    } else if let Some(game) = chosen.play
        && extras.first_play(game)
    {
        // Never played here: the lesson is offered, once.
        *extras.offer = Some(game);
        extras.offered(game);
    } else if let Some(game) = chosen.play.and_then(|id| catalog.get(id)) {
        // The last table a person set for this game: never the one
        // attract mode or a replay left.
        *table = Table::for_setup(game, &extras.settings);
        next.set(Screen::Setup);
    } else if let Some(game) = chosen.rules {
        how_to.0 = game;
        return_to.0 = Some(Screen::Title);
        next.set(Screen::HowTo);
    }
    if let Some(id) = *extras.offer {
        match lesson_offer(ctx, id) {
            Some(Offer::Learn) => {
                *extras.offer = None;
                learn.write(LearnGame(id));
            }
            Some(Offer::SetUp) => {
                *extras.offer = None;
                if let Some(game) = catalog.get(id) {
                    *table = Table::for_setup(game, &extras.settings);
                    next.set(Screen::Setup);
                }
            }
            Some(Offer::Back) => *extras.offer = None,
            None => {}
        }
    }
    Ok(())
}

/// Parlour's name, and under it a line, or — when the games would not fit
/// under the full title (large text, a warning above) — the name smaller,
/// sharing its row with History, Statistics and Settings where the row is
/// wide enough, so the games keep their room. Whether they are beside it.
fn heading(
    ui: &mut egui::Ui,
    extras: &mut TitleExtras,
    games: &[GameEntry],
    chosen: &mut Chosen,
) -> bool {
    let continue_h = if extras.slot.unfinished.is_some() {
        CONTINUE_H
    } else {
        0.0
    };
    let room = ui.ctx().content_rect().bottom()
        - ui.cursor().top()
        - continue_h
        - FULL_HEADER
        - BELOW_CARDS;
    let full = CardShape::fitting(ui, games, ui.available_width(), room);
    let short = full.height(games.len()) > room || full.picture_h() < MIN_PICTURE;
    let beside = short && ui.available_width() >= 260.0 + GAP + more_width(ui);
    if beside {
        ui.horizontal(|ui| {
            ui.label(
                egui::RichText::new(tr!("app-title"))
                    .size(size::TITLE * 0.7)
                    .color(ecolour::ACCENT)
                    .strong(),
            );
            let indent = ui.available_width() - more_width(ui) - 8.0;
            chosen.settings = extras.more_buttons(ui, indent);
        });
        ui.add_space(8.0);
    } else {
        ui.vertical_centered(|ui| {
            ui.label(
                egui::RichText::new(tr!("app-title"))
                    .size(if short {
                        size::TITLE * 0.7
                    } else {
                        size::TITLE
                    })
                    .color(ecolour::ACCENT)
                    .strong(),
            );
            if !short {
                ui.label(egui::RichText::new(tr!("app-subtitle")).color(ecolour::TEXT_DIM));
            }
            ui.add_space(if short { 8.0 } else { 20.0 });
        });
    }
    beside
}

/// The games' cards, in one row or in rows as the room left (less `below`)
/// allows; what was tapped on them.
fn game_cards(ui: &mut egui::Ui, games: &[GameEntry], below: f32, chosen: &mut Chosen) {
    let room = ui.ctx().content_rect().bottom() - ui.cursor().top() - below;
    let shape = CardShape::fitting(ui, games, ui.available_width(), room);
    let mut layout = |ui: &mut egui::Ui| {
        for game in games {
            let (play, rules, learns) = game_card(ui, game, &shape);
            if play {
                chosen.play = Some(game.id);
            }
            if rules {
                chosen.rules = Some(game.id);
            }
            if learns {
                chosen.learn = Some(game.id);
            }
        }
    };
    match shape {
        CardShape::Across { size: card, .. } => {
            let across = games.len().max(1) as f32;
            let total = across * card.x + (across - 1.0) * GAP;
            // Top-aligned: the cards in one straight row.
            ui.horizontal_top(|ui| {
                ui.add_space(((ui.available_width() - total) / 2.0).max(0.0));
                ui.spacing_mut().item_spacing.x = GAP;
                layout(ui);
            });
        }
        CardShape::Rows { .. } => {
            ui.vertical_centered(|ui| {
                ui.spacing_mut().item_spacing.y = ROW_GAP;
                layout(ui)
            });
        }
    }
}

impl TitleExtras<'_, '_> {
    /// Whether Play on `game` is its first on this device: its lesson not
    /// yet offered nor taken, and no match of it waiting to be continued.
    fn first_play(&self, game: GameId) -> bool {
        let unfinished = self
            .slot
            .unfinished
            .as_ref()
            .is_some_and(|r| r.game == game.name());
        !unfinished && !self.settings.lessons_offered.contains(game.name())
    }

    /// Notes that `game`'s lesson was offered or taken (the settings file
    /// keeps it).
    fn offered(&mut self, game: GameId) {
        if !self.settings.lessons_offered.contains(game.name()) {
            self.settings.lessons_offered.insert(game.name().to_owned());
        }
    }
}

/// The full title's height: the name, the line under it and the gaps.
const FULL_HEADER: f32 = 150.0;
/// The Continue card's height, with its gap.
const CONTINUE_H: f32 = size::TOUCH + 8.0 + 20.0 + 14.0 + 12.0;
/// The room kept under the cards: a gap, History, Statistics and Settings,
/// and the screen's margin.
const BELOW_CARDS: f32 = 20.0 + 12.0 + size::TOUCH + 8.0 + 24.0 + 8.0;
