//! The menu screens, drawn with egui: title, set-up, hand-over, results, how
//! to play, settings.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::Game;
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;

use super::theme::{ecolour, size};
use super::{BeginMatch, GameKind, ResultsSheet, Screen, SeatChoice, Settings, Table};
use crate::engine::{Controller, EndMatch};
use crate::i18n::{Lang, bot_name};
use crate::tr;
use crate::variants::VariantRegistry;
use crate::variants::choices::{self, Choice};

/// The game whose how-to-play page is open.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct HowToGame(pub GameKind);

/// Where the how-to-play and settings screens return to.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct ReturnTo(pub Option<Screen>);

/// The menu screens' systems.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct MenuSystems;

/// The menu screens.
pub fn plugin(app: &mut App) {
    app.init_resource::<HowToGame>()
        .init_resource::<ReturnTo>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                title.run_if(in_state(Screen::Title)),
                setup.run_if(in_state(Screen::Setup)),
                hand_over.run_if(in_state(Screen::HandOver)),
                results.run_if(in_state(Screen::Results)),
                how_to.run_if(in_state(Screen::HowTo)),
                settings.run_if(in_state(Screen::Settings)),
            )
                .in_set(MenuSystems),
        );
}

/// A big, finger-sized button.
pub fn big_button(ui: &mut egui::Ui, text: &str, primary: bool) -> egui::Response {
    let text = egui::RichText::new(text).size(size::TEXT + 2.0);
    let button = if primary {
        egui::Button::new(text.color(ecolour::ON_ACCENT)).fill(ecolour::ACCENT)
    } else {
        egui::Button::new(text)
    };
    ui.add(button.min_size(egui::vec2(180.0, size::TOUCH + 8.0)))
}

fn panel_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(egui::Color32::from_rgba_unmultiplied(15, 45, 34, 255))
        .inner_margin(24)
}

/// The notice under the HUD (a refusal in red, news on a card), at most
/// `max_width` wide; it lets the pointer through.
pub fn notice_banner(ctx: &egui::Context, id: &str, notice: &super::Notice, max_width: f32) {
    notice_banner_at(
        ctx,
        id,
        notice,
        max_width,
        egui::Align2::CENTER_TOP,
        egui::vec2(0.0, size::HUD + 10.0),
    );
}

/// [`notice_banner`] anchored where the screen has room for it.
pub fn notice_banner_at(
    ctx: &egui::Context,
    id: &str,
    notice: &super::Notice,
    max_width: f32,
    anchor: egui::Align2,
    offset: egui::Vec2,
) {
    egui::Area::new(egui::Id::new(id))
        .anchor(anchor, offset)
        .interactable(false)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            let (fill, ink) = if notice.warning {
                (ecolour::WARN, egui::Color32::WHITE)
            } else {
                (ecolour::CARD, ecolour::INK)
            };
            egui::Frame::new()
                .fill(fill)
                .corner_radius(12)
                .inner_margin(12)
                .show(ui, |ui| {
                    ui.set_max_width(max_width);
                    ui.label(
                        egui::RichText::new(&notice.text)
                            .color(ink)
                            .size(size::TEXT),
                    );
                });
        });
}

/// The in-match menu, under the HUD's menu button: resume, how to play,
/// settings, leave; `extra` adds a game's own lines after Resume.
pub fn match_menu(
    ctx: &egui::Context,
    open: &mut bool,
    game: GameKind,
    nav: &mut MenuNav,
    extra: impl FnOnce(&mut egui::Ui),
) {
    if !*open {
        return;
    }
    egui::Window::new(tr!("menu-title"))
        .id(egui::Id::new("match-menu"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-12.0, size::HUD + 8.0))
        .show(ctx, |ui| {
            ui.vertical_centered_justified(|ui| {
                if big_button(ui, &tr!("menu-resume"), true).clicked() {
                    *open = false;
                }
                extra(ui);
                if big_button(ui, &tr!("button-how-to-play"), false).clicked() {
                    *open = false;
                    nav.how_to.0 = game;
                    nav.return_to.0 = Some(Screen::Play);
                    nav.next.set(Screen::HowTo);
                }
                if big_button(ui, &tr!("button-settings"), false).clicked() {
                    *open = false;
                    nav.return_to.0 = Some(Screen::Play);
                    nav.next.set(Screen::Settings);
                }
                if big_button(ui, &tr!("menu-leave"), false).clicked() {
                    *open = false;
                    nav.end.write(EndMatch);
                    nav.next.set(Screen::Title);
                }
            });
        });
}

/// Where the in-match menu can send the player.
#[derive(bevy::ecs::system::SystemParam)]
pub struct MenuNav<'w> {
    how_to: ResMut<'w, HowToGame>,
    return_to: ResMut<'w, ReturnTo>,
    next: ResMut<'w, NextState<Screen>>,
    end: MessageWriter<'w, EndMatch>,
}

/// A screen that covers the whole window.
pub fn full_screen(ctx: &egui::Context, add_contents: impl FnOnce(&mut egui::Ui)) {
    let mut root = egui::Ui::new(
        ctx.clone(),
        egui::Id::new("screen"),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.content_rect()),
    );
    egui::CentralPanel::default_margins()
        .frame(panel_frame())
        .show(&mut root, add_contents);
}

fn title(
    mut contexts: EguiContexts,
    mut extras: super::home::TitleExtras,
    mut table: ResMut<Table>,
    mut how_to: ResMut<HowToGame>,
    mut return_to: ResMut<ReturnTo>,
    mut next: ResMut<NextState<Screen>>,
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
            let card_w = if narrow {
                (width - 40.0).min(520.0)
            } else {
                ((width - 80.0) / 3.0).min(380.0)
            };
            // The longest name and line, as this language words them, set
            // every card's picture size, so the cards stay alike; side by
            // side, the cards give up height so the buttons under them stay
            // in view.
            let words_h = GameKind::ALL
                .into_iter()
                .map(|kind| card_words_height(ui, kind, card_w - 32.0))
                .fold(0.0, f32::max);
            let card_h = if narrow {
                (words_h + CARD_FIXED + 84.0 + 32.0).max(250.0)
            } else {
                (ui.ctx().content_rect().bottom() - ui.cursor().top() - 170.0).clamp(270.0, 380.0)
            };
            let mut clicked = None;
            let mut how = None;
            let mut layout = |ui: &mut egui::Ui| {
                for kind in GameKind::ALL {
                    let (play, rules) = game_card(ui, kind, egui::vec2(card_w, card_h), words_h);
                    if play {
                        clicked = Some(kind);
                    }
                    if rules {
                        how = Some(kind);
                    }
                }
            };
            if narrow {
                ui.vertical_centered(|ui| layout(ui));
            } else {
                let total = 3.0 * card_w + 2.0 * 20.0;
                // Top-aligned: the three cards in one straight row.
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
            if let Some(kind) = clicked {
                if kind.playable() {
                    if table.game != kind {
                        table.game = kind;
                        table.variant = "standard".into();
                        let max = *kind.seats().end();
                        table.seats.truncate(max);
                    }
                    next.set(Screen::Setup);
                } else {
                    how_to.0 = kind;
                    return_to.0 = Some(Screen::Title);
                    next.set(Screen::HowTo);
                }
            } else if let Some(kind) = how {
                how_to.0 = kind;
                return_to.0 = Some(Screen::Title);
                next.set(Screen::HowTo);
            }
        });
    });
    Ok(())
}

/// A game card's height besides its picture and words: the button row and
/// the gaps (6 under the picture, three item spacings of 12, and 2 to spare).
const CARD_FIXED: f32 = size::TOUCH + 44.0;

/// The height a game card's name and line take at `width`, in the language on screen.
fn card_words_height(ui: &egui::Ui, kind: GameKind, width: f32) -> f32 {
    let body = egui::TextStyle::Body.resolve(ui.style());
    let heading = egui::FontId::new(size::HEADING, body.family.clone());
    let height = |text: String, font: egui::FontId| {
        ui.painter()
            .layout(text, font, ecolour::INK, width)
            .size()
            .y
    };
    height(kind.title(), heading) + height(kind.tagline(), body)
}

/// The width a button needs for `text` in `font` (at least `min`), so a
/// row of buttons can be centred whatever length the language gives them.
fn button_width(ui: &egui::Ui, text: &str, font: egui::FontId, min: f32) -> f32 {
    let galley = ui
        .painter()
        .layout_no_wrap(text.to_owned(), font, ecolour::INK);
    (galley.size().x + 2.0 * ui.spacing().button_padding.x).max(min)
}

/// The width [`big_button`] gives `text`.
pub fn big_button_width(ui: &egui::Ui, text: &str) -> f32 {
    let family = egui::TextStyle::Button.resolve(ui.style()).family;
    button_width(ui, text, egui::FontId::new(size::TEXT + 2.0, family), 180.0)
}

/// One game as a large card: a picture, the name, one line, the buttons at
/// its foot; `words_h` is the room kept for the name and line. Returns (play, rules) clicks.
fn game_card(ui: &mut egui::Ui, kind: GameKind, card: egui::Vec2, words_h: f32) -> (bool, bool) {
    let mut rules = false;
    let response = egui::Frame::new()
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
                paint_picture(ui.painter(), rect, kind);
                ui.add_space(6.0);
                ui.label(
                    egui::RichText::new(kind.title())
                        .size(size::HEADING)
                        .color(ecolour::INK)
                        .strong(),
                );
                ui.label(egui::RichText::new(kind.tagline()).color(ecolour::INK));
                // The buttons at the card's foot, however many lines the words took.
                let room = ui.available_height() - size::TOUCH;
                ui.add_space(room.max(4.0));
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing.x = 12.0;
                    let font = egui::TextStyle::Button.resolve(ui.style());
                    let play_text = tr!("button-play");
                    let how_text = tr!("button-how-to-play");
                    let play_w = button_width(ui, &play_text, font.clone(), 150.0);
                    let how_w = button_width(ui, &how_text, font, 150.0);
                    let total = if kind.playable() {
                        play_w + ui.spacing().item_spacing.x + how_w
                    } else {
                        how_w
                    };
                    ui.add_space(((ui.available_width() - total) / 2.0).max(0.0));
                    if kind.playable() {
                        let play = egui::Button::new(
                            egui::RichText::new(play_text).color(ecolour::ON_ACCENT),
                        )
                        .fill(ecolour::ACCENT)
                        .min_size(egui::vec2(play_w, size::TOUCH));
                        if ui.add(play).clicked() {
                            // Handled through the card's own click below.
                            ui.ctx().data_mut(|d| {
                                d.insert_temp(egui::Id::new(("play", kind.name())), true)
                            });
                        }
                    }
                    let how = egui::Button::new(egui::RichText::new(how_text).color(ecolour::INK))
                        .fill(egui::Color32::from_rgb(228, 220, 200))
                        .min_size(egui::vec2(how_w, size::TOUCH));
                    if ui.add(how).clicked() {
                        rules = true;
                    }
                });
            });
        })
        .response;
    let play_clicked = ui
        .ctx()
        .data_mut(|d| d.remove_temp::<bool>(egui::Id::new(("play", kind.name()))))
        .unwrap_or(false);
    let card_clicked = response.interact(egui::Sense::click()).clicked();
    (play_clicked || (card_clicked && !rules), rules)
}

/// A small picture of each game.
pub fn paint_picture(painter: &egui::Painter, rect: egui::Rect, kind: GameKind) {
    let ink = ecolour::INK;
    match kind {
        GameKind::Neighbours => {
            // A corner of the board: 4 and 6 with the 5 that fits between them.
            let cell = (rect.height() / 3.2).min(rect.width() / 5.2);
            let origin = rect.center() - egui::vec2(2.5 * cell, 1.5 * cell);
            let marks = [
                [' ', ' ', 'x', ' ', ' '],
                [' ', '3', '4', '5', '6'],
                ['K', ' ', '3', ' ', ' '],
            ];
            for (r, row) in marks.iter().enumerate() {
                for (c, &ch) in row.iter().enumerate() {
                    let min = origin + egui::vec2(c as f32 * cell, r as f32 * cell);
                    let cr = egui::Rect::from_min_size(min, egui::vec2(cell, cell)).shrink(3.0);
                    let fill = match ch {
                        'x' => ecolour::CELL_X,
                        'K' => ecolour::CELL_K,
                        _ => ecolour::CELL,
                    };
                    painter.rect_filled(cr, 6, fill);
                    if ch.is_ascii_digit() {
                        let highlight = r == 1 && c == 3;
                        painter.circle_filled(
                            cr.center() + egui::vec2(0.0, 2.0),
                            cell * 0.4,
                            egui::Color32::from_black_alpha(60),
                        );
                        painter.circle_filled(
                            cr.center(),
                            cell * 0.4,
                            if highlight {
                                egui::Color32::from_rgb(255, 244, 200)
                            } else {
                                egui::Color32::WHITE
                            },
                        );
                        painter.text(
                            cr.center(),
                            egui::Align2::CENTER_CENTER,
                            ch,
                            egui::FontId::proportional(cell * 0.5),
                            ink,
                        );
                    } else if ch != ' ' {
                        painter.text(
                            cr.center(),
                            egui::Align2::CENTER_CENTER,
                            ch,
                            egui::FontId::proportional(cell * 0.4),
                            ink,
                        );
                    }
                }
            }
        }
        GameKind::PaperBoxing => {
            let cell = (rect.height() / 4.2).min(rect.width() / 9.0);
            let numbers = [[0, 7, 12, 3], [9, 15, 1, 10], [4, 11, 14, 6], [13, 2, 8, 5]];
            for (g, dx) in [(0, -4.5f32), (1, 0.5)] {
                let origin = rect.center() + egui::vec2(dx * cell, -2.0 * cell);
                let grid = egui::Rect::from_min_size(origin, egui::vec2(4.0 * cell, 4.0 * cell));
                painter.rect_filled(grid, 4, egui::Color32::WHITE);
                for i in 0..=4 {
                    let t = i as f32 * cell;
                    let line = egui::Stroke::new(1.0, egui::Color32::from_rgb(150, 180, 210));
                    painter.line_segment(
                        [
                            origin + egui::vec2(t, 0.0),
                            origin + egui::vec2(t, 4.0 * cell),
                        ],
                        line,
                    );
                    painter.line_segment(
                        [
                            origin + egui::vec2(0.0, t),
                            origin + egui::vec2(4.0 * cell, t),
                        ],
                        line,
                    );
                }
                for (r, row) in numbers.iter().enumerate() {
                    for (c, &n) in row.iter().enumerate() {
                        let n = if g == 1 && n != 0 { 16 - n } else { n };
                        let text = if n == 0 {
                            "D".to_owned()
                        } else {
                            n.to_string()
                        };
                        let p =
                            origin + egui::vec2((c as f32 + 0.5) * cell, (r as f32 + 0.5) * cell);
                        painter.text(
                            p,
                            egui::Align2::CENTER_CENTER,
                            text,
                            egui::FontId::proportional(cell * 0.42),
                            ink,
                        );
                    }
                }
                let path: &[(usize, usize)] = if g == 0 {
                    &[(0, 0), (1, 1), (2, 2), (2, 1)]
                } else {
                    &[(0, 0), (0, 1), (1, 2), (2, 3)]
                };
                let colour = if g == 0 {
                    egui::Color32::from_rgb(200, 60, 60)
                } else {
                    egui::Color32::from_rgb(40, 90, 200)
                };
                let points: Vec<egui::Pos2> = path
                    .iter()
                    .map(|&(r, c)| {
                        origin + egui::vec2((c as f32 + 0.5) * cell, (r as f32 + 0.5) * cell)
                    })
                    .collect();
                painter.add(egui::Shape::line(points, egui::Stroke::new(3.0, colour)));
            }
        }
        GameKind::Rummy => {
            let h = rect.height() * 0.8;
            let w = h * 0.68;
            let cards = [
                ("7", egui::Color32::from_rgb(30, 30, 30), "♠"),
                ("7", egui::Color32::from_rgb(30, 80, 190), "♦"),
                ("7", egui::Color32::from_rgb(220, 120, 20), "●"),
                ("7", egui::Color32::from_rgb(200, 30, 40), "♥"),
            ];
            for (i, (n, colour, symbol)) in cards.iter().enumerate() {
                let x = rect.center().x + (i as f32 - 1.5) * w * 0.62;
                let r = egui::Rect::from_center_size(
                    egui::pos2(x, rect.center().y + (i as f32 - 1.5).abs() * 6.0),
                    egui::vec2(w, h),
                );
                painter.rect_filled(
                    r.translate(egui::vec2(2.0, 4.0)),
                    10,
                    egui::Color32::from_black_alpha(60),
                );
                painter.rect_filled(r, 10, egui::Color32::WHITE);
                painter.rect_stroke(
                    r,
                    10,
                    egui::Stroke::new(1.0, egui::Color32::from_gray(200)),
                    egui::StrokeKind::Inside,
                );
                painter.text(
                    r.center() - egui::vec2(0.0, h * 0.1),
                    egui::Align2::CENTER_CENTER,
                    *n,
                    egui::FontId::proportional(h * 0.42),
                    *colour,
                );
                painter.text(
                    r.center() + egui::vec2(0.0, h * 0.26),
                    egui::Align2::CENTER_CENTER,
                    *symbol,
                    egui::FontId::proportional(h * 0.2),
                    *colour,
                );
            }
        }
    }
}

fn setup(
    mut contexts: EguiContexts,
    mut table: ResMut<Table>,
    registry: Option<Res<VariantRegistry>>,
    mut next: ResMut<NextState<Screen>>,
    mut begin: MessageWriter<BeginMatch>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let kind = table.game;
    let bots: &[&str] = match kind {
        GameKind::Neighbours => Neighbours::bots(),
        GameKind::PaperBoxing => PaperBoxing::bots(),
        GameKind::Rummy => Rummy::bots(),
    };
    let offered = choices::choices(registry.as_deref(), kind);
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
                let seats = kind.seats();
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
                if kind == GameKind::Rummy {
                    ui.horizontal(|ui| {
                        ui.label(tr!("setup-rounds"));
                        let rounds = choices::rounds(&table.variant);
                        for n in 1..=5 {
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
                                table.variant = choices::with_rounds(&table.variant, n);
                            }
                        }
                    });
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

fn hand_over(
    mut contexts: EguiContexts,
    mut table: ResMut<Table>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let to = table.handing_to.unwrap_or(0);
    let name = table.name(to).to_owned();
    let mut ready = false;
    full_screen(ctx, |ui| {
        let response = ui.interact(
            ui.max_rect(),
            egui::Id::new("hand-over"),
            egui::Sense::click(),
        );
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() * 0.3);
            ui.label(
                egui::RichText::new(tr!("hand-over-title", name = name.as_str()))
                    .size(size::TITLE * 0.8)
                    .color(ecolour::ACCENT)
                    .strong(),
            );
            ui.add_space(12.0);
            ui.label(egui::RichText::new(tr!("hand-over-hint")).size(size::TEXT));
            ui.add_space(24.0);
            if big_button(ui, &tr!("hand-over-ready", name = name.as_str()), true).clicked() {
                ready = true;
            }
        });
        if response.clicked() {
            ready = true;
        }
    });
    if ready {
        table.viewer = Some(to);
        table.handing_to = None;
        next.set(Screen::Play);
    }
    Ok(())
}

fn results(
    mut contexts: EguiContexts,
    sheet: Res<ResultsSheet>,
    mut next: ResMut<NextState<Screen>>,
    mut begin: MessageWriter<BeginMatch>,
    mut end: MessageWriter<EndMatch>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    full_screen(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(24.0);
            let winners: Vec<&str> = sheet
                .rows
                .iter()
                .filter(|r| r.2)
                .map(|r| r.0.as_str())
                .collect();
            let headline = match winners.as_slice() {
                [] => tr!("results-over"),
                [one] => tr!("results-wins", name = *one),
                [many @ .., last] => tr!(
                    "results-share",
                    names = tr!("list-and", first = many.join(", "), last = *last)
                ),
            };
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
                        egui::Grid::new("results")
                            .spacing(egui::vec2(column_gap, 14.0))
                            .show(ui, |ui| {
                                ui.label(egui::RichText::new("").color(ecolour::INK));
                                for c in &sheet.columns {
                                    ui.label(egui::RichText::new(c).color(ecolour::INK).strong());
                                }
                                ui.end_row();
                                for (name, cells, won) in &sheet.rows {
                                    let name = if *won {
                                        format!("🏆 {name}")
                                    } else {
                                        name.clone()
                                    };
                                    ui.label(
                                        egui::RichText::new(name).color(ecolour::INK).strong(),
                                    );
                                    for c in cells {
                                        ui.label(egui::RichText::new(c).color(ecolour::INK));
                                    }
                                    ui.end_row();
                                }
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
            for note in &sheet.notes {
                ui.add(egui::Label::new(egui::RichText::new(note).color(ecolour::TEXT_DIM)).wrap());
            }
            ui.add_space(24.0);
            ui.horizontal(|ui| {
                let again = tr!("results-play-again");
                let back = tr!("results-back-to-title");
                let total = big_button_width(ui, &again)
                    + ui.spacing().item_spacing.x
                    + big_button_width(ui, &back);
                ui.add_space(((ui.available_width() - total) / 2.0).max(0.0));
                if big_button(ui, &again, true).clicked() {
                    begin.write(BeginMatch);
                    next.set(Screen::Play);
                }
                if big_button(ui, &back, false).clicked() {
                    end.write(EndMatch);
                    next.set(Screen::Title);
                }
            });
        });
    });
    Ok(())
}

/// The sections of each game's how-to-play page, by key: each has a
/// heading (`how-<game>-<section>-heading`) and a text (`how-<game>-<section>`).
fn rules_sections(kind: GameKind) -> &'static [&'static str] {
    match kind {
        GameKind::Neighbours => &["aim", "setup", "turn", "points", "passing", "end"],
        GameKind::PaperBoxing => &["aim", "setup", "bout", "end"],
        GameKind::Rummy => &["aim", "cards", "sets", "turn", "first-meld", "scoring"],
    }
}

/// The rules of a game in plain words, in the language on screen: (heading, text) pairs.
pub fn rules_text(kind: GameKind) -> Vec<(String, String)> {
    rules_sections(kind)
        .iter()
        .map(|section| {
            let key = format!("how-{}-{section}", kind.name());
            (tr!(&format!("{key}-heading")), tr!(&key))
        })
        .collect()
}

fn how_to(
    mut contexts: EguiContexts,
    game: Res<HowToGame>,
    return_to: Res<ReturnTo>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    full_screen(ctx, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                // Never wider than the window: a narrow screen would push the text off its left edge.
                ui.set_max_width(ui.available_width().min(820.0));
                ui.heading(tr!("how-to-title", game = game.0.title()));
                ui.add_space(8.0);
                let (rect, _) = ui.allocate_exact_size(
                    egui::vec2(ui.available_width().min(420.0), 170.0),
                    egui::Sense::hover(),
                );
                ui.painter()
                    .rect_filled(rect.expand(8.0), 12, ecolour::CARD);
                paint_picture(ui.painter(), rect, game.0);
                ui.add_space(12.0);
                for (heading, text) in rules_text(game.0) {
                    ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                        ui.label(
                            egui::RichText::new(heading)
                                .size(size::TEXT + 4.0)
                                .color(ecolour::ACCENT)
                                .strong(),
                        );
                        ui.label(text);
                        ui.add_space(6.0);
                    });
                }
                ui.add_space(12.0);
                if big_button(ui, &tr!("button-back"), true).clicked() {
                    next.set(return_to.0.unwrap_or(Screen::Title));
                }
            });
        });
    });
    Ok(())
}

fn settings(
    mut contexts: EguiContexts,
    mut extras: super::home::SettingsExtras,
    mut settings: ResMut<Settings>,
    return_to: Res<ReturnTo>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    full_screen(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.set_max_width(640.0);
            ui.heading(tr!("settings-title"));
            ui.add_space(16.0);
            egui::Grid::new("settings")
                .spacing(egui::vec2(24.0, 18.0))
                .show(ui, |ui| {
                    ui.label(tr!("settings-animation-speed"));
                    ui.add(
                        egui::Slider::new(&mut settings.animation_speed, 0.5..=2.0)
                            .step_by(0.25)
                            .custom_formatter(|n, _| crate::i18n::decimal(n, 2))
                            .custom_parser(crate::i18n::parse_decimal)
                            .suffix("×"),
                    );
                    ui.end_row();
                    ui.label(tr!("settings-hints"));
                    // Finger-sized on and off, like every other setting.
                    let mut hints = settings.hints;
                    super::home::on_off(ui, &mut hints, true);
                    if hints != settings.hints {
                        settings.hints = hints;
                    }
                    ui.end_row();
                    ui.label(tr!("settings-language"));
                    language_choice(ui, &mut settings);
                    ui.end_row();
                    extras.rows(ui, &mut settings);
                });
            ui.add_space(24.0);
            if big_button(ui, &tr!("button-done"), true).clicked() {
                next.set(return_to.0.unwrap_or(Screen::Title));
            }
        });
    });
    Ok(())
}

/// The language row of the settings: each language in its own name, the
/// chosen one lit; a tap switches every screen at once.
fn language_choice(ui: &mut egui::Ui, settings: &mut Settings) {
    ui.horizontal(|ui| {
        for lang in Lang::ALL {
            let chosen = settings.language == lang;
            let text = egui::RichText::new(lang.own_name());
            let button = if chosen {
                egui::Button::new(text.color(ecolour::ON_ACCENT)).fill(ecolour::ACCENT)
            } else {
                egui::Button::new(text)
            };
            if ui
                .add(button.min_size(egui::vec2(110.0, size::TOUCH)))
                .clicked()
                && !chosen
            {
                settings.language = lang;
            }
        }
    });
}
