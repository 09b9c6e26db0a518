//! The title screen: the games as cards, "Continue" when a match was left
//! unfinished, warnings about files that did not read, and the way to the
//! history, the statistics and the settings.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::theme::{ecolour, size};
use super::widgets::{big_button, button_width, full_screen};
use super::{GoTo, HowToGame, ReturnTo, UiSystems};
use crate::catalog::{GameCatalog, GameEntry};
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
pub struct TitleExtras<'w> {
    slot: Res<'w, SaveSlot>,
    catalog: Res<'w, GameCatalog>,
    warnings: ResMut<'w, FileWarnings>,
    resume: MessageWriter<'w, ResumeMatch>,
    goto: ResMut<'w, GoTo>,
    settings: Res<'w, Settings>,
}

impl TitleExtras<'_> {
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

    /// "History", "Statistics" and "Settings" in a row; returns whether
    /// "Settings" was pressed.
    pub fn more_buttons(&mut self, ui: &mut egui::Ui) -> bool {
        let mut settings = false;
        ui.horizontal(|ui| {
            let w = ui.available_width();
            let spacing = ui.spacing().item_spacing.x;
            ui.add_space(((w - 3.0 * 180.0 - 2.0 * spacing) / 2.0).max(0.0));
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
            ui.vertical_centered(|ui| {
                ui.add_space(12.0);
                extras.warnings_banner(ui);
                ui.label(
                    egui::RichText::new(tr!("app-title"))
                        .size(size::TITLE)
                        .color(ecolour::ACCENT)
                        .strong(),
                );
                ui.label(egui::RichText::new(tr!("app-subtitle")).color(ecolour::TEXT_DIM));
                ui.add_space(20.0);
            });
            extras.continue_card(ui);
            let width = ui.available_width();
            let narrow = width < 900.0;
            let games = catalog.entries();
            let across = games.len().max(1) as f32;
            let card_w = if narrow {
                (width - 40.0).min(520.0)
            } else {
                ((width - 80.0) / across).min(380.0)
            };
            // The longest name and line, as this language words them, set
            // every card's picture size, so the cards stay alike; side by
            // side, the cards give up height so the buttons under them stay
            // in view.
            let words_h = games
                .iter()
                .map(|game| card_words_height(ui, game, card_w - 32.0))
                .fold(0.0, f32::max);
            let card_h = if narrow {
                (words_h + CARD_FIXED + 84.0 + 32.0).max(250.0)
            } else {
                (ui.ctx().content_rect().bottom() - ui.cursor().top() - 170.0).clamp(270.0, 380.0)
            };
            let mut clicked = None;
            let mut how = None;
            let mut lesson = None;
            let mut layout = |ui: &mut egui::Ui| {
                for game in games {
                    let (play, rules, learns) =
                        game_card(ui, game, egui::vec2(card_w, card_h), words_h);
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
            if narrow {
                ui.vertical_centered(|ui| layout(ui));
            } else {
                let total = across * card_w + (across - 1.0) * 20.0;
                // Top-aligned: the cards in one straight row.
                ui.horizontal_top(|ui| {
                    ui.add_space(((width - total) / 2.0).max(0.0));
                    ui.spacing_mut().item_spacing.x = 20.0;
                    layout(ui);
                });
            }
            ui.add_space(20.0);
            // History, Statistics and Settings, in one row.
            if extras.more_buttons(ui) {
                return_to.0 = Some(Screen::Title);
                next.set(Screen::Settings);
            }
            if let Some(game) = lesson {
                learn.write(LearnGame(game));
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
    Ok(())
}

/// A game card's height besides its picture and words: the two button rows
/// and the gaps (6 under the picture, four item spacings of 12, and 2 to spare).
const CARD_FIXED: f32 = 2.0 * size::TOUCH + 56.0;

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

/// One game as a large card: a picture, the name, one line, the buttons at
/// its foot; `words_h` is the room kept for the name and line. Returns (play, rules, learn) clicks.
fn game_card(
    ui: &mut egui::Ui,
    game: &GameEntry,
    card: egui::Vec2,
    words_h: f32,
) -> (bool, bool, bool) {
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
            card_face(ui, game, card, words_h, &mut play, &mut rules, &mut learn)
        })
        .response
        .clicked();
    (play || card_clicked, rules, learn)
}

/// The card's face: picture, name, line, "Learn" and under it the two
/// buttons at the foot.
#[allow(clippy::too_many_arguments)]
fn card_face(
    ui: &mut egui::Ui,
    game: &GameEntry,
    card: egui::Vec2,
    words_h: f32,
    play: &mut bool,
    rules: &mut bool,
    learn: &mut bool,
) {
    let kind = game.id;
    egui::Frame::new()
        .fill(ecolour::CARD)
        .corner_radius(18)
        .inner_margin(16)
        .shadow(egui::Shadow {
            offset: [0, 6],
            blur: 18,
            spread: 0,
            color: egui::Color32::from_black_alpha(90),
        })
        .show(ui, |ui| {
            ui.set_width(card.x - 32.0);
            ui.set_height(card.y - 32.0);
            ui.vertical_centered(|ui| {
                let picture_h = (card.y - 32.0 - words_h - CARD_FIXED).max(60.0);
                let (rect, _) = ui.allocate_exact_size(
                    egui::vec2(card.x - 32.0, picture_h),
                    egui::Sense::hover(),
                );
                (game.picture)(ui.painter(), rect);
                ui.add_space(6.0);
                ui.label(
                    egui::RichText::new(kind.title())
                        .size(size::HEADING)
                        .color(ecolour::INK)
                        .strong(),
                );
                ui.label(egui::RichText::new(kind.tagline()).color(ecolour::INK));
                // The buttons at the card's foot, however many lines the words took.
                let room = ui.available_height() - 2.0 * size::TOUCH - 12.0;
                ui.add_space(room.max(4.0));
                // A guided first match: the way in for someone who has never played.
                let learn_button = egui::Button::new(
                    egui::RichText::new(format!("🎓 {}", tr!("button-learn"))).color(ecolour::INK),
                )
                .fill(ecolour::CELL_K)
                .min_size(egui::vec2((card.x - 32.0).min(312.0), size::TOUCH));
                *learn |= ui.add(learn_button).clicked();
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing.x = 12.0;
                    let font = egui::TextStyle::Button.resolve(ui.style());
                    let play_text = tr!("button-play");
                    let how_text = tr!("button-how-to-play");
                    let play_w = button_width(ui, &play_text, font.clone(), 150.0);
                    let how_w = button_width(ui, &how_text, font, 150.0);
                    let total = play_w + ui.spacing().item_spacing.x + how_w;
                    ui.add_space(((ui.available_width() - total) / 2.0).max(0.0));
                    {
                        let play_button = egui::Button::new(
                            egui::RichText::new(play_text).color(ecolour::ON_ACCENT),
                        )
                        .fill(ecolour::ACCENT)
                        .min_size(egui::vec2(play_w, size::TOUCH));
                        *play |= ui.add(play_button).clicked();
                    }
                    let how = egui::Button::new(egui::RichText::new(how_text).color(ecolour::INK))
                        .fill(egui::Color32::from_rgb(228, 220, 200))
                        .min_size(egui::vec2(how_w, size::TOUCH));
                    if ui.add(how).clicked() {
                        *rules = true;
                    }
                });
            });
        });
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
                answer = game_card(ui, &entry(), CARD, 60.0);
            });
        });
        // No painter here: the frame's textures are let go unused.
        output.drop_without_applying_deltas();
        answer
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
        let above = foot(0.0) - egui::vec2(0.0, size::TOUCH + 12.0);
        assert_eq!(tap(above), (false, false, true));
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
