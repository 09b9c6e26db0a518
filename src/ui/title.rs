//! The title screen: the games as cards, "Continue" when a match was left
//! unfinished, warnings about files that did not read, and the way to the
//! history, the statistics and the settings.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::theme::{ecolour, size};
use super::widgets::{big_button, big_button_width, button_width, full_screen};
use super::{GoTo, HowToGame, ReturnTo, UiSystems};
use crate::catalog::{GameCatalog, GameEntry, GameId};
use crate::saves::{ResumeMatch, SaveSlot, table_of};
use crate::session::{LearnGame, Screen, Table};
use crate::settings::Settings;
use crate::storage::FileWarnings;
use crate::tr;

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
    full_screen(ctx, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.add_space(12.0);
            ui.vertical_centered(|ui| extras.warnings_banner(ui));
            let games = catalog.entries();
            // When the games would not fit under the full title (large text,
            // a warning above), the name shrinks and shares its row with the
            // other buttons, so the games keep their room.
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
            // The other buttons beside the name, where the row is wide enough.
            let beside = short && ui.available_width() >= 260.0 + GAP + more_width(ui);
            let mut settings = false;
            if beside {
                ui.horizontal(|ui| {
                    ui.label(
                        egui::RichText::new(tr!("app-title"))
                            .size(size::TITLE * 0.7)
                            .color(ecolour::ACCENT)
                            .strong(),
                    );
                    let indent = ui.available_width() - more_width(ui) - 8.0;
                    settings = extras.more_buttons(ui, indent);
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
            extras.continue_card(ui);
            let below = if beside { 24.0 + 8.0 } else { BELOW_CARDS };
            let room = ui.ctx().content_rect().bottom() - ui.cursor().top() - below;
            let shape = CardShape::fitting(ui, games, ui.available_width(), room);
            let mut clicked = None;
            let mut how = None;
            let mut lesson = None;
            let mut layout = |ui: &mut egui::Ui| {
                for game in games {
                    let (play, rules, learns) = game_card(ui, game, &shape);
                    if play {
                        clicked = Some(game);
                    }
                    if rules {
                        how = Some(game.id);
                    }
                    if learns {
                        lesson = Some(game.id);
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
            if !beside {
                ui.add_space(20.0);
                // History, Statistics and Settings, in one row under the games.
                let indent = (ui.available_width() - more_width(ui)) / 2.0;
                settings = extras.more_buttons(ui, indent);
            }
            if settings {
                return_to.0 = Some(Screen::Title);
                next.set(Screen::Settings);
            }
            if let Some(game) = lesson {
                extras.offered(game);
                learn.write(LearnGame(game));
            } else if let Some(game) = clicked
                && extras.first_play(game.id)
            {
                // Never played here: the lesson is offered, once.
                *extras.offer = Some(game.id);
                extras.offered(game.id);
            } else if let Some(game) = clicked {
                // The last table a person set for this game: never the one
                // attract mode or a replay left.
                *table = Table::for_setup(game, &extras.settings);
                next.set(Screen::Setup);
            } else if let Some(game) = how {
                how_to.0 = game;
                return_to.0 = Some(Screen::Title);
                next.set(Screen::HowTo);
            }
        });
    });
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

/// The answers to the lesson offered on a game's first Play.
enum Offer {
    /// Start the lesson.
    Learn,
    /// On to the set-up, as Play does.
    SetUp,
    /// Back to the title.
    Back,
}

/// "New to Neighbours?": the lesson, or the set-up. `None` while unanswered.
fn lesson_offer(ctx: &egui::Context, game: GameId) -> Option<Offer> {
    let mut answer = None;
    let modal = egui::Modal::new(egui::Id::new("lesson-offer"))
        .frame(
            egui::Frame::new()
                .fill(ecolour::PANEL)
                .corner_radius(18)
                .inner_margin(24),
        )
        .show(ctx, |ui| {
            ui.set_max_width(560.0);
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

/// The full title's height: the name, the line under it and the gaps.
const FULL_HEADER: f32 = 150.0;
/// The Continue card's height, with its gap.
const CONTINUE_H: f32 = size::TOUCH + 8.0 + 20.0 + 14.0 + 12.0;
/// The room kept under the cards: a gap, History, Statistics and Settings,
/// and the screen's margin.
const BELOW_CARDS: f32 = 20.0 + 12.0 + size::TOUCH + 8.0 + 24.0 + 8.0;
/// Between cards side by side.
const GAP: f32 = 20.0;
/// Between cards one under another.
const ROW_GAP: f32 = 12.0;
/// The smallest picture a card shows: smaller, it is a thumbnail, and the
/// cards go one under another, their pictures beside the words.
const MIN_PICTURE: f32 = 120.0;
/// The card's frame: its margin on each side.
const PADDING: f32 = 16.0;
/// A card laid as a row: a closer margin, so three rows fit a short screen.
const ROW_PADDING: f32 = 12.0;

/// How the game cards are laid out on the title.
#[derive(Clone, Copy, Debug, PartialEq)]
enum CardShape {
    /// Side by side, each `size` big: the picture on top, the words under
    /// it (`words_h` kept for them, the longest card's), the buttons at
    /// the foot, side by side or (`stacked`) one above the other.
    Across {
        /// The card's size.
        size: egui::Vec2,
        /// The room for the name and line.
        words_h: f32,
        /// The buttons one above the other (a narrow card).
        stacked: bool,
    },
    /// One under another, each `size` big: the picture at the left,
    /// `picture_w` wide, the words beside it, and the buttons one above
    /// the other at the right (`beside`) or under the words.
    Rows {
        /// The card's size.
        size: egui::Vec2,
        /// The picture's width.
        picture_w: f32,
        /// The buttons in a column of their own at the right.
        beside: bool,
    },
}

impl CardShape {
    /// Side by side when the cards fit the window's width and height with
    /// a picture of at least [`MIN_PICTURE`]; else one under another,
    /// sharing the height `room` (scrolling only when even that cannot fit).
    fn fitting(ui: &egui::Ui, games: &[GameEntry], width: f32, room: f32) -> Self {
        let across = games.len().max(1) as f32;
        let card_w = ((width - (across - 1.0) * GAP - 16.0) / across).min(380.0);
        let inner = card_w - 2.0 * PADDING;
        let stacked = buttons_width(ui) > inner;
        let words_h = words_height(ui, games, inner);
        let fixed = 2.0 * PADDING + words_h + card_fixed(stacked);
        let card_h = room.min(380.0);
        if card_w >= 240.0 && card_h - fixed >= MIN_PICTURE {
            return CardShape::Across {
                size: egui::vec2(card_w, card_h),
                words_h,
                stacked,
            };
        }
        let row_w = (width - 16.0).min(900.0);
        let picture_w = (row_w * 0.3).clamp(120.0, 280.0);
        let font = egui::TextStyle::Button.resolve(ui.style());
        let column = ["button-play", "button-how-to-play"]
            .map(|key| button_width(ui, &tr!(key), font.clone(), 150.0))
            .into_iter()
            .fold(0.0, f32::max);
        let words_beside = row_w - 2.0 * ROW_PADDING - picture_w - 16.0 - column - 16.0;
        let beside = words_beside >= 240.0;
        // Under the words, the buttons side by side if a narrower picture
        // (not under 120) makes room for them.
        let picture_w = if beside {
            picture_w
        } else {
            picture_w
                .min(row_w - 2.0 * ROW_PADDING - 16.0 - buttons_width(ui))
                .max(120.0)
        };
        let words_w = if beside {
            words_beside
        } else {
            row_w - 2.0 * ROW_PADDING - picture_w - 16.0
        };
        let words_h = words_height(ui, games, words_w) + 6.0;
        let content = if beside {
            words_h.max(buttons_height(true))
        } else {
            let stacked = buttons_width(ui) > words_w;
            words_h + card_fixed(stacked) - 34.0
        };
        let needed = 2.0 * ROW_PADDING + content;
        // A little kept back: the rows' shadows and rounding.
        let share = (room - 16.0 - (across - 1.0) * ROW_GAP) / across;
        CardShape::Rows {
            size: egui::vec2(row_w, share.clamp(needed, needed.max(240.0))),
            picture_w,
            beside,
        }
    }
}

impl CardShape {
    /// The height of `n` cards laid out this way, gaps included.
    fn height(&self, n: usize) -> f32 {
        let n = n.max(1) as f32;
        match *self {
            CardShape::Across { size, .. } => size.y,
            CardShape::Rows { size, .. } => n * size.y + (n - 1.0) * ROW_GAP + 16.0,
        }
    }

    /// The picture's height (for a row, the row's inside).
    fn picture_h(&self) -> f32 {
        match *self {
            CardShape::Across {
                size,
                words_h,
                stacked,
            } => size.y - 2.0 * PADDING - words_h - card_fixed(stacked),
            CardShape::Rows { size, .. } => size.y - 2.0 * ROW_PADDING,
        }
    }
}

/// A game card's height besides its picture and words: the buttons (one
/// row, or two when `stacked`) and the gaps (6 under the picture, three
/// item spacings of 12, and 2 to spare).
fn card_fixed(stacked: bool) -> f32 {
    buttons_height(stacked) + 44.0
}

/// Play and How to play side by side, in the language on show.
fn buttons_width(ui: &egui::Ui) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    button_width(ui, &tr!("button-play"), font.clone(), 150.0)
        + 12.0
        + button_width(ui, &tr!("button-how-to-play"), font, 150.0)
}

/// The room the longest name and line take at `width`, as this language
/// words them: every card keeps that much, so the cards stay alike.
fn words_height(ui: &egui::Ui, games: &[GameEntry], width: f32) -> f32 {
    games
        .iter()
        .map(|game| card_words_height(ui, game, width))
        .fold(0.0, f32::max)
}

/// The height a game card's name and line take at `width`, in the language on screen.
fn card_words_height(ui: &egui::Ui, game: &GameEntry, width: f32) -> f32 {
    let body = egui::TextStyle::Body.resolve(ui.style());
    let heading = egui::FontId::new(size::HEADING, body.family.clone());
    let height = |text: String, font: egui::FontId| {
        ui.painter()
            .layout(text, font, ecolour::INK, width)
            .size()
            .y
    };
    height(game.id.title(), heading) + height(game.id.tagline(), body)
}

/// One game as a large card: a picture, the name, one line, the buttons;
/// laid out as `shape` says. Returns (play, rules, learn) clicks.
fn game_card(ui: &mut egui::Ui, game: &GameEntry, shape: &CardShape) -> (bool, bool, bool) {
    let mut rules = false;
    let mut play = false;
    let mut learn = false;
    // The card takes a click of its own: a scope that senses clicks
    // registers before what is drawn in it, so the buttons drawn over it
    // take the presses on them (egui gives a press to the last widget
    // registered under it).
    let card_click = egui::UiBuilder::new().sense(egui::Sense::click());
    let card_clicked = ui
        .scope_builder(card_click, |ui| {
            card_face(ui, game, shape, &mut play, &mut rules, &mut learn)
        })
        .response
        .clicked();
    (play || card_clicked, rules, learn)
}

/// The card's face: picture, name, line, its two buttons, and "Learn" in
/// the picture's corner.
fn card_face(
    ui: &mut egui::Ui,
    game: &GameEntry,
    shape: &CardShape,
    play: &mut bool,
    rules: &mut bool,
    learn: &mut bool,
) {
    let kind = game.id;
    let (card, padding) = match *shape {
        CardShape::Across { size, .. } => (size, PADDING),
        CardShape::Rows { size, .. } => (size, ROW_PADDING),
    };
    let words = |ui: &mut egui::Ui| {
        ui.label(
            egui::RichText::new(kind.title())
                .size(size::HEADING)
                .color(ecolour::INK)
                .strong(),
        );
        ui.label(egui::RichText::new(kind.tagline()).color(ecolour::INK));
    };
    egui::Frame::new()
        .fill(ecolour::CARD)
        .corner_radius(18)
        .inner_margin(padding)
        .shadow(egui::Shadow {
            offset: [0, 6],
            blur: 18,
            spread: 0,
            color: egui::Color32::from_black_alpha(90),
        })
        .show(ui, |ui| {
            let inner = card - egui::Vec2::splat(2.0 * padding);
            ui.set_width(inner.x);
            ui.set_height(inner.y);
            match *shape {
                CardShape::Across {
                    words_h, stacked, ..
                } => {
                    ui.vertical_centered(|ui| {
                        let picture_h = (inner.y - words_h - card_fixed(stacked)).max(60.0);
                        let (rect, _) = ui.allocate_exact_size(
                            egui::vec2(inner.x, picture_h),
                            egui::Sense::hover(),
                        );
                        (game.picture)(ui.painter(), rect);
                        learn_button(ui, rect, learn);
                        ui.add_space(6.0);
                        words(ui);
                        // The buttons at the card's foot, however many lines the words took.
                        let room = ui.available_height() - buttons_height(stacked);
                        ui.add_space(room.max(4.0));
                        card_buttons(ui, stacked, play, rules);
                    });
                }
                CardShape::Rows {
                    picture_w, beside, ..
                } => {
                    ui.horizontal_top(|ui| {
                        let (rect, _) = ui.allocate_exact_size(
                            egui::vec2(picture_w, inner.y),
                            egui::Sense::hover(),
                        );
                        (game.picture)(ui.painter(), rect);
                        learn_button(ui, rect, learn);
                        ui.add_space(4.0);
                        if beside {
                            let font = egui::TextStyle::Button.resolve(ui.style());
                            let column = ["button-play", "button-how-to-play"]
                                .map(|key| button_width(ui, &tr!(key), font.clone(), 150.0))
                                .into_iter()
                                .fold(0.0, f32::max);
                            let words_w = ui.available_width() - column - 16.0;
                            ui.vertical(|ui| {
                                ui.set_width(words_w);
                                ui.spacing_mut().item_spacing.y = 6.0;
                                words(ui);
                            });
                            // The two buttons one above the other, in the row's middle.
                            ui.vertical(|ui| {
                                ui.set_width(column);
                                ui.add_space(((inner.y - buttons_height(true)) / 2.0).max(0.0));
                                card_buttons(ui, true, play, rules);
                            });
                        } else {
                            ui.vertical(|ui| {
                                ui.spacing_mut().item_spacing.y = 6.0;
                                words(ui);
                                let stacked = buttons_width(ui) > ui.available_width();
                                let room = ui.available_height() - buttons_height(stacked);
                                ui.add_space(room.max(4.0));
                                card_buttons(ui, stacked, play, rules);
                            });
                        }
                    });
                }
            }
        });
}

/// "Learn" over the picture's top corner, a guided first match: the way
/// in for someone who has never played, without taking the room the
/// picture and the buttons need.
fn learn_button(ui: &mut egui::Ui, picture: egui::Rect, learn: &mut bool) {
    let text = format!("🎓 {}", tr!("button-learn"));
    let font = egui::TextStyle::Button.resolve(ui.style());
    let width = button_width(ui, &text, font, 96.0).min(picture.width());
    let at = egui::Rect::from_min_size(
        egui::pos2(picture.right() - width, picture.top()),
        egui::vec2(width, size::TOUCH),
    );
    let button = egui::Button::new(egui::RichText::new(text).color(ecolour::INK))
        .fill(ecolour::CELL_K)
        .wrap_mode(egui::TextWrapMode::Extend)
        .min_size(at.size());
    // A child of its own: laid over the picture, it leaves the card's
    // layout where the picture ended (`ui.put` would move it back up).
    let mut over = ui.new_child(egui::UiBuilder::new().max_rect(at));
    *learn |= over.add(button).clicked();
}

/// The height of Play and How to play, side by side or one above the other.
fn buttons_height(stacked: bool) -> f32 {
    if stacked {
        2.0 * size::TOUCH + 12.0
    } else {
        size::TOUCH
    }
}

/// Play and How to play, side by side and centred, or one above the other
/// (`stacked`) as wide as the card.
fn card_buttons(ui: &mut egui::Ui, stacked: bool, play: &mut bool, rules: &mut bool) {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let play_text = tr!("button-play");
    let how_text = tr!("button-how-to-play");
    let (play_w, how_w) = if stacked {
        (ui.available_width(), ui.available_width())
    } else {
        (
            button_width(ui, &play_text, font.clone(), 150.0),
            button_width(ui, &how_text, font, 150.0),
        )
    };
    let play_button = egui::Button::new(egui::RichText::new(play_text).color(ecolour::ON_ACCENT))
        .fill(ecolour::ACCENT)
        .min_size(egui::vec2(play_w, size::TOUCH));
    let how = egui::Button::new(egui::RichText::new(how_text).color(ecolour::INK))
        .fill(egui::Color32::from_rgb(228, 220, 200))
        .min_size(egui::vec2(how_w, size::TOUCH));
    let add = |ui: &mut egui::Ui| {
        *play |= ui.add(play_button).clicked();
        *rules |= ui.add(how).clicked();
    };
    if stacked {
        // Centred, so each button's word sits in its middle.
        ui.vertical_centered(|ui| {
            ui.spacing_mut().item_spacing.y = 12.0;
            add(ui)
        });
    } else {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 12.0;
            let total = play_w + 12.0 + how_w;
            ui.add_space(((ui.available_width() - total) / 2.0).max(0.0));
            add(ui)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{Attract, GameId};

    /// A game entry for the card alone (no game's rules are needed to draw it).
    fn entry() -> GameEntry {
        GameEntry {
            id: GameId("card-test"),
            seats: 2..=2,
            bots: &["random"],
            variants: &["standard"],
            check_rules: |_| Ok(()),
            attract: Attract {
                seats: 2,
                bot: "random",
            },
            how_to: &[],
            picture: |_, _| {},
            setup_row: None,
            board: None,
        }
    }

    const CARD: egui::Vec2 = egui::vec2(360.0, 380.0);
    const LEFT: f32 = 100.0;

    /// One frame of a title row holding the card; what it answered.
    fn frame(ctx: &egui::Context, events: Vec<egui::Event>) -> (bool, bool, bool) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 800.0),
            )),
            events,
            ..Default::default()
        };
        let mut answer = (false, false, false);
        let output = ctx.run_ui(input, |ui| {
            ui.spacing_mut().item_spacing = egui::Vec2::ZERO;
            ui.horizontal_top(|ui| {
                ui.add_space(LEFT);
                answer = game_card(
                    ui,
                    &entry(),
                    &CardShape::Across {
                        size: CARD,
                        words_h: 60.0,
                        stacked: false,
                    },
                );
            });
        });
        // No painter here: the frame's textures are let go unused.
        output.drop_without_applying_deltas();
        answer
    }

    /// The card's words sit under its picture, whatever is laid over the
    /// picture's corner ("Learn").
    #[test]
    fn a_cards_name_sits_under_its_picture() {
        let ctx = egui::Context::default();
        frame(&ctx, vec![]);
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 800.0),
            )),
            ..Default::default()
        };
        let output = ctx.run_ui(input, |ui| {
            ui.spacing_mut().item_spacing = egui::Vec2::ZERO;
            ui.horizontal_top(|ui| {
                ui.add_space(LEFT);
                game_card(
                    ui,
                    &entry(),
                    &CardShape::Across {
                        size: CARD,
                        words_h: 60.0,
                        stacked: false,
                    },
                );
            });
        });
        let name = entry().id.title();
        let top = output
            .shapes
            .iter()
            .find_map(|clipped| match &clipped.shape {
                egui::Shape::Text(text) if text.galley.text() == name => Some(text.pos.y),
                _ => None,
            })
            .expect("the card's name is drawn");
        output.drop_without_applying_deltas();
        let picture_bottom = PADDING + (CARD.y - 2.0 * PADDING - 60.0 - card_fixed(false));
        assert!(
            top >= picture_bottom,
            "the name starts at y = {top}, inside the picture (to y = {picture_bottom})"
        );
    }

    /// A tap at `at`: what the card answered over the frames it took.
    fn tap(at: egui::Pos2) -> (bool, bool, bool) {
        let ctx = egui::Context::default();
        frame(&ctx, vec![]);
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        };
        let mut answer = (false, false, false);
        for events in [
            vec![egui::Event::PointerMoved(at)],
            vec![button(true)],
            vec![button(false)],
        ] {
            let (play, rules, learn) = frame(&ctx, events);
            answer = (answer.0 | play, answer.1 | rules, answer.2 | learn);
        }
        answer
    }

    /// The foot of the card, where its two buttons sit side by side and
    /// centred: Play left of the centre line, How to play right of it.
    fn foot(dx: f32) -> egui::Pos2 {
        egui::pos2(LEFT + CARD.x / 2.0 + dx, CARD.y - 16.0 - size::TOUCH / 2.0)
    }

    #[test]
    fn how_to_play_on_a_game_card_opens_the_rules_not_the_set_up() {
        assert_eq!(tap(foot(40.0)), (false, true, false));
    }

    #[test]
    fn learn_on_a_game_card_starts_the_lesson_not_the_set_up() {
        // The picture's top-right corner, inside the card's margin.
        let corner = egui::pos2(LEFT + CARD.x - 16.0 - 20.0, 16.0 + size::TOUCH / 2.0);
        assert_eq!(tap(corner), (false, false, true));
    }

    #[test]
    fn play_on_a_game_card_and_the_card_itself_open_the_set_up() {
        assert_eq!(tap(foot(-40.0)), (true, false, false));
        // The picture, at the card's top.
        assert_eq!(
            tap(egui::pos2(LEFT + CARD.x / 2.0, 60.0)),
            (true, false, false)
        );
    }
}
