//! The menu screens, drawn with egui: title, set-up, hand-over, results, how
//! to play, settings.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::Game;
use parlour_core::games::neighbours::Neighbours;

use super::theme::{ecolour, size};
use super::{BeginMatch, GameKind, ResultsSheet, Screen, SeatChoice, Settings, Table};
use crate::engine::{Controller, EndMatch};

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
                ui.label(
                    egui::RichText::new("Parlour")
                        .size(size::TITLE)
                        .color(ecolour::ACCENT)
                        .strong(),
                );
                ui.label(
                    egui::RichText::new("Three tabletop games for one screen")
                        .color(ecolour::TEXT_DIM),
                );
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
            // Side by side, the cards give up height so the buttons under them stay in view.
            let card_h = if narrow {
                250.0
            } else {
                (ui.ctx().content_rect().bottom() - ui.cursor().top() - 170.0).clamp(270.0, 380.0)
            };
            let mut clicked = None;
            let mut how = None;
            let mut layout = |ui: &mut egui::Ui| {
                for kind in GameKind::ALL {
                    let (play, rules) = game_card(ui, kind, egui::vec2(card_w, card_h));
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
                ui.horizontal(|ui| {
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

/// One game as a large card: a picture, the name, one line. Returns (play, rules) clicks.
fn game_card(ui: &mut egui::Ui, kind: GameKind, card: egui::Vec2) -> (bool, bool) {
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
                let picture_h = (card.y - 200.0).max(90.0);
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
                ui.add_space(4.0);
                ui.horizontal(|ui| {
                    let w = ui.available_width();
                    ui.add_space((w - 2.0 * 150.0 - 12.0).max(0.0) / 2.0);
                    if kind.playable() {
                        let play = egui::Button::new(
                            egui::RichText::new("Play").color(ecolour::ON_ACCENT),
                        )
                        .fill(ecolour::ACCENT)
                        .min_size(egui::vec2(150.0, size::TOUCH));
                        if ui.add(play).clicked() {
                            // Handled through the card's own click below.
                            ui.ctx().data_mut(|d| {
                                d.insert_temp(egui::Id::new(("play", kind.name())), true)
                            });
                        }
                    }
                    let how =
                        egui::Button::new(egui::RichText::new("How to play").color(ecolour::INK))
                            .fill(egui::Color32::from_rgb(228, 220, 200))
                            .min_size(egui::vec2(150.0, size::TOUCH));
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
    mut next: ResMut<NextState<Screen>>,
    mut begin: MessageWriter<BeginMatch>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let kind = table.game;
    let (bots, variants): (&[&str], &[&str]) = match kind {
        GameKind::Neighbours => (Neighbours::bots(), Neighbours::variants()),
        _ => (&[], &["standard"]),
    };
    full_screen(ctx, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.heading(format!("New match of {}", kind.title()));
            });
            ui.add_space(16.0);
            let width = ui.available_width().min(720.0);
            ui.vertical_centered(|ui| {
                ui.set_max_width(width);
                let seats = kind.seats();
                let mut remove = None;
                for (i, seat) in table.seats.iter_mut().enumerate() {
                    ui.horizontal(|ui| {
                        ui.label(
                            egui::RichText::new(format!("Seat {}", i + 1)).color(ecolour::TEXT_DIM),
                        );
                        ui.add(
                            egui::TextEdit::singleline(&mut seat.name)
                                .desired_width(220.0)
                                .char_limit(16)
                                .min_size(egui::vec2(0.0, size::TOUCH)),
                        );
                        let label = match &seat.controller {
                            Controller::Human => "Person".to_owned(),
                            Controller::Bot(b) => format!("Bot: {b}"),
                        };
                        egui::ComboBox::from_id_salt(("controller", i))
                            .selected_text(label)
                            .width(190.0)
                            .show_ui(ui, |ui| {
                                ui.selectable_value(
                                    &mut seat.controller,
                                    Controller::Human,
                                    "Person",
                                );
                                for b in bots {
                                    ui.selectable_value(
                                        &mut seat.controller,
                                        Controller::Bot((*b).to_owned()),
                                        format!("Bot: {b}"),
                                    );
                                }
                            });
                        if ui
                            .add_enabled(
                                i >= *seats.start(),
                                egui::Button::new("✕")
                                    .min_size(egui::vec2(size::TOUCH, size::TOUCH)),
                            )
                            .clicked()
                        {
                            remove = Some(i);
                        }
                    });
                }
                if let Some(i) = remove {
                    if table.seats.len() > *seats.start() {
                        table.seats.remove(i);
                    }
                }
                if table.seats.len() < *seats.end()
                    && big_button(ui, "+ Add a seat", false).clicked()
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
                ui.horizontal(|ui| {
                    ui.label("Variant");
                    let mut variant = table.variant.clone();
                    egui::ComboBox::from_id_salt("variant")
                        .selected_text(&variant)
                        .width(240.0)
                        .show_ui(ui, |ui| {
                            for v in variants {
                                ui.selectable_value(&mut variant, (*v).to_owned(), *v);
                            }
                        });
                    table.variant = variant;
                });
                ui.add_space(20.0);
                ui.horizontal(|ui| {
                    if big_button(ui, "Back", false).clicked() {
                        next.set(Screen::Title);
                    }
                    if big_button(ui, "Start", true).clicked() {
                        for (i, seat) in table.seats.iter_mut().enumerate() {
                            if seat.name.trim().is_empty() {
                                seat.name = format!("Player {}", i + 1);
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
                egui::RichText::new(format!("Pass to {name}"))
                    .size(size::TITLE * 0.8)
                    .color(ecolour::ACCENT)
                    .strong(),
            );
            ui.add_space(12.0);
            ui.label(
                egui::RichText::new("Tap when ready — your hand stays hidden until then.")
                    .size(size::TEXT),
            );
            ui.add_space(24.0);
            if big_button(ui, &format!("I am {name}"), true).clicked() {
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
                [] => "The match is over".to_owned(),
                [one] => format!("{one} wins!"),
                many => format!("{} share the win!", many.join(" and ")),
            };
            ui.label(
                egui::RichText::new(headline)
                    .size(size::TITLE * 0.8)
                    .color(ecolour::ACCENT)
                    .strong(),
            );
            ui.add_space(16.0);
            // egui lays a frame from the left: centre the score sheet by hand.
            let sheet_w = (130.0 * (sheet.columns.len() + 1) as f32).min(ui.available_width());
            let inset = ((ui.available_width() - sheet_w) / 2.0).max(0.0);
            ui.horizontal(|ui| {
                ui.add_space(inset);
                egui::Frame::new()
                    .fill(ecolour::CARD)
                    .corner_radius(14)
                    .inner_margin(20)
                    .show(ui, |ui| {
                        ui.set_width(sheet_w - 40.0);
                        egui::Grid::new("results")
                            .spacing(egui::vec2(36.0, 14.0))
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
                    });
            });
            for note in &sheet.notes {
                ui.label(egui::RichText::new(note).color(ecolour::TEXT_DIM));
            }
            ui.add_space(24.0);
            ui.horizontal(|ui| {
                let w = ui.available_width();
                ui.add_space((w - 2.0 * 190.0 - 12.0).max(0.0) / 2.0);
                if big_button(ui, "Play again", true).clicked() {
                    begin.write(BeginMatch);
                    next.set(Screen::Play);
                }
                if big_button(ui, "Back to title", false).clicked() {
                    end.write(EndMatch);
                    next.set(Screen::Title);
                }
            });
        });
    });
    Ok(())
}

/// The rules of a game in plain words.
pub fn rules_text(kind: GameKind) -> &'static [(&'static str, &'static str)] {
    match kind {
        GameKind::Neighbours => &[
            (
                "The aim",
                "Score the most points by laying digit tokens next to their neighbours.",
            ),
            (
                "Setting up",
                "50 tokens, five of each digit 0–9, are drawn blind. One goes on the centre cell. Everyone draws five and keeps them hidden.",
            ),
            (
                "Your turn",
                "Lay one token on an empty cell beside a token on the board — up, down, left or right, never diagonally. Its digit must be one more or one less than EVERY token it touches: a 5 fits between a 4 and a 6. 0 sits between 9 and 1. Then draw a new token.",
            ),
            (
                "Points",
                "The token's digit (0 counts 10) times the number of tokens it touches, plus 5 on a K cell or 10 on an x cell. A 0 between a 9 and a 1 on an x cell: 10 × 2 + 10 = 30.",
            ),
            (
                "Passing",
                "If you cannot lay any token you pass. If you can, you must.",
            ),
            (
                "The end",
                "The game ends when someone has laid all their tokens, or when nobody can lay one. Tokens still in a hand cost three times their value. Highest score wins; a tie shares the win.",
            ),
        ],
        GameKind::PaperBoxing => &[
            ("The aim", "Win more of the 15 bouts than your opponent."),
            (
                "Setting up",
                "Each player writes the numbers 1 to 15 in secret in a 4 × 4 grid whose top-left corner is the start, D. Then the grids are shown. Add the two bottom-right numbers: if the sum is even, the player called Even leads first; if odd, Odd does.",
            ),
            (
                "A bout",
                "The leader draws a line from their last cell to a neighbouring unused cell — across, up, down or diagonally. Then the other player does the same on their own grid. The higher number wins the bout and leads the next; a draw keeps the lead.",
            ),
            (
                "The end",
                "After 15 bouts the player with more bouts wins; a tie goes to the first leader. A player who has to move but has no unused neighbour loses at once by knock-out.",
            ),
        ],
        GameKind::Rummy => &[
            ("The aim", "Be the first to lay down all your cards."),
            (
                "Cards",
                "108 cards: 1 to 13 in black, blue, orange and red, two of each, and 4 jokers. Each colour also has its own symbol.",
            ),
            (
                "Sets",
                "A run is three or more consecutive cards of one colour (1 is always low). A group is three or four cards of one number in different colours. A joker stands in for any card.",
            ),
            (
                "Your turn",
                "Lay down sets from your hand, and rebuild the table as you like — split, join, move cards — as long as every set is valid at the end and every table card stays on the table. Lay nothing and you draw a card. Each turn has 2 minutes.",
            ),
            (
                "First meld",
                "Your first cards down must come from your hand alone, in new sets worth 40 points or more.",
            ),
            (
                "Scoring",
                "When someone lays their last card, the others count their hands (a joker costs 25) as minus points; the winner scores their sum.",
            ),
        ],
    }
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
                ui.set_max_width(820.0);
                ui.heading(format!("How to play {}", game.0.title()));
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
                            egui::RichText::new(*heading)
                                .size(size::TEXT + 4.0)
                                .color(ecolour::ACCENT)
                                .strong(),
                        );
                        ui.label(*text);
                        ui.add_space(6.0);
                    });
                }
                ui.add_space(12.0);
                if big_button(ui, "Back", true).clicked() {
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
            ui.heading("Settings");
            ui.add_space(16.0);
            egui::Grid::new("settings")
                .spacing(egui::vec2(24.0, 18.0))
                .show(ui, |ui| {
                    ui.label("Animation speed");
                    ui.add(
                        egui::Slider::new(&mut settings.animation_speed, 0.5..=2.0)
                            .step_by(0.25)
                            .suffix("×"),
                    );
                    ui.end_row();
                    ui.label("Hints");
                    ui.checkbox(&mut settings.hints, "allowed");
                    ui.end_row();
                    extras.rows(ui, &mut settings);
                });
            ui.add_space(24.0);
            if big_button(ui, "Done", true).clicked() {
                next.set(return_to.0.unwrap_or(Screen::Title));
            }
        });
    });
    Ok(())
}
