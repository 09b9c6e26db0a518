//! A game's card on the title: its picture with "Learn" over the corner,
//! its name and line, Play and How to play; and how the cards are laid out
//! — side by side, or one under another — to fit the screen.

use bevy_egui::egui;

use crate::catalog::GameEntry;
use crate::tr;
use crate::ui::theme::{ecolour, size};
use crate::ui::widgets::button_width;
/// Between cards side by side.
pub(super) const GAP: f32 = 20.0;
/// Between cards one under another.
pub(super) const ROW_GAP: f32 = 12.0;
/// The smallest picture a card shows: smaller, it is a thumbnail, and the
/// cards go one under another, their pictures beside the words.
pub(super) const MIN_PICTURE: f32 = 120.0;
/// The card's frame: its margin on each side.
const PADDING: f32 = 16.0;
/// A card laid as a row: a closer margin, so three rows fit a short screen.
const ROW_PADDING: f32 = 12.0;

/// How the game cards are laid out on the title.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum CardShape {
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
    pub(super) fn fitting(ui: &egui::Ui, games: &[GameEntry], width: f32, room: f32) -> Self {
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
    pub(super) fn height(&self, n: usize) -> f32 {
        let n = n.max(1) as f32;
        match *self {
            CardShape::Across { size, .. } => size.y,
            CardShape::Rows { size, .. } => n * size.y + (n - 1.0) * ROW_GAP + 16.0,
        }
    }

    /// The picture's height (for a row, the row's inside).
    pub(super) fn picture_h(&self) -> f32 {
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
pub(super) fn game_card(
    ui: &mut egui::Ui,
    game: &GameEntry,
    shape: &CardShape,
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
    let name = || {
        egui::RichText::new(kind.title())
            .size(size::HEADING)
            .color(ecolour::INK)
            .strong()
    };
    // The name, "Learn" at the end of its line where given, and the line.
    let words = |ui: &mut egui::Ui, learn: Option<&mut bool>| {
        match learn {
            Some(learn) => {
                ui.horizontal(|ui| {
                    ui.label(name());
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        *learn |= ui.add(learn_pill(size::TOUCH)).clicked();
                    });
                });
            }
            None => {
                ui.label(name());
            }
        }
        ui.label(egui::RichText::new(kind.tagline()).color(ecolour::INK));
    };
    // How wide the name and "Learn" beside it are, in one line.
    let name_and_learn = |ui: &egui::Ui| {
        let heading = egui::FontId::proportional(size::HEADING);
        let name_w = ui.fonts_mut(|f| {
            f.layout_no_wrap(kind.title().to_owned(), heading, ecolour::INK)
                .size()
                .x
        });
        name_w + 16.0 + learn_width(ui, egui::Rect::EVERYTHING)
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
                        (game.picture)(ui.painter(), beside_learn(ui, rect));
                        learn_button(ui, rect, learn);
                        ui.add_space(6.0);
                        words(ui, None);
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
                        let font = egui::TextStyle::Button.resolve(ui.style());
                        let column = ["button-play", "button-how-to-play"]
                            .map(|key| button_width(ui, &tr!(key), font.clone(), 150.0))
                            .into_iter()
                            .fold(0.0, f32::max);
                        let words_w = ui.available_width()
                            - picture_w
                            - 4.0
                            - if beside { column + 16.0 } else { 0.0 };
                        // A row is short: "Learn" over its picture would
                        // hide half of it. At the end of the name's line
                        // instead, where the line has room for both.
                        let by_name = name_and_learn(ui) <= words_w;
                        let (rect, _) = ui.allocate_exact_size(
                            egui::vec2(picture_w, inner.y),
                            egui::Sense::hover(),
                        );
                        if by_name {
                            (game.picture)(ui.painter(), rect);
                        } else {
                            (game.picture)(ui.painter(), beside_learn(ui, rect));
                            learn_button(ui, rect, learn);
                        }
                        ui.add_space(4.0);
                        let learn = by_name.then_some(learn);
                        if beside {
                            ui.vertical(|ui| {
                                ui.set_width(words_w);
                                ui.spacing_mut().item_spacing.y = 6.0;
                                words(ui, learn);
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
                                words(ui, learn);
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

/// The picture's room beside "Learn", so the pill covers none of it: under
/// the row the pill takes at the top, or left of its column, whichever
/// leaves the larger room (a wide, short picture gives up the column).
fn beside_learn(ui: &egui::Ui, picture: egui::Rect) -> egui::Rect {
    let gap = 6.0;
    let under = picture.with_min_y(picture.top() + size::TOUCH + gap);
    let left = picture.with_max_x(picture.right() - learn_width(ui, picture) - gap);
    let room = |r: egui::Rect| r.width().max(0.0) * r.height().max(0.0);
    let beside = if room(under) >= room(left) {
        under
    } else {
        left
    };
    // A picture too small to give up that much (large text in a small
    // window) keeps its whole room, the pill over its corner.
    if room(beside) >= 0.6 * room(picture) {
        beside
    } else {
        picture
    }
}

/// How wide "Learn" is over a picture.
fn learn_width(ui: &egui::Ui, picture: egui::Rect) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    button_width(ui, &learn_words(), font, 96.0).min(picture.width())
}

fn learn_words() -> String {
    format!("🎓 {}", tr!("button-learn"))
}

/// "Learn" over the picture's top corner, a guided first match: the way
/// in for someone who has never played, without taking the room the
/// picture and the buttons need.
fn learn_button(ui: &mut egui::Ui, picture: egui::Rect, learn: &mut bool) {
    let width = learn_width(ui, picture);
    let at = egui::Rect::from_min_size(
        egui::pos2(picture.right() - width, picture.top()),
        egui::vec2(width, size::TOUCH),
    );
    let button = learn_pill(width);
    // A child of its own: laid over the picture, it leaves the card's
    // layout where the picture ended (`ui.put` would move it back up).
    let mut over = ui.new_child(egui::UiBuilder::new().max_rect(at));
    *learn |= over.add(button).clicked();
}

/// "Learn", `width` wide.
fn learn_pill(width: f32) -> egui::Button<'static> {
    egui::Button::new(egui::RichText::new(learn_words()).color(ecolour::INK))
        .fill(ecolour::CELL_K)
        .wrap_mode(egui::TextWrapMode::Extend)
        .min_size(egui::vec2(width, size::TOUCH))
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
            hand: None,
            first_rules: "standard",
        }
    }

    const CARD: egui::Vec2 = egui::vec2(360.0, 380.0);
    const LEFT: f32 = 100.0;

    /// One frame of a title row holding the card: what it answered, and
    /// the frame's output.
    fn run(
        ctx: &egui::Context,
        events: Vec<egui::Event>,
    ) -> ((bool, bool, bool), egui::FullOutput) {
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
        (answer, output)
    }

    /// One frame of a title row holding the card; what it answered.
    fn frame(ctx: &egui::Context, events: Vec<egui::Event>) -> (bool, bool, bool) {
        let (answer, output) = run(ctx, events);
        // No painter here: the frame's textures are let go unused.
        output.drop_without_applying_deltas();
        answer
    }

    /// The card's words sit under its picture, whatever is laid over the
    /// picture's corner ("Learn").
    #[test]
    fn a_cards_name_sits_under_its_picture() {
        let ctx = crate::ui::theme::test_context();
        frame(&ctx, vec![]);
        let (_, output) = run(&ctx, vec![]);
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

    /// "Learn" lies over none of the picture: in a card of its own the
    /// picture is painted in the room under the pill's row; in a short row
    /// (a phone held sideways) the pill goes to the end of the name's line
    /// and the picture keeps its whole height.
    #[test]
    fn the_learn_pill_covers_none_of_the_picture() {
        let across = CardShape::Across {
            size: CARD,
            words_h: 60.0,
            stacked: false,
        };
        let row = CardShape::Rows {
            size: egui::vec2(760.0, 190.0),
            picture_w: 190.0,
            beside: true,
        };
        for (shape, screen, tall) in [
            (across, egui::vec2(1280.0, 800.0), 100.0),
            (row, egui::vec2(844.0, 390.0), 150.0),
        ] {
            let (art, pill) = art_and_pill(&shape, screen);
            assert!(art.height() > tall, "the picture keeps its room: {art:?}");
            assert!(
                !art.intersects(pill),
                "Learn {pill:?} over the picture {art:?}"
            );
        }
    }

    /// Where a card of `shape` paints its picture and its "Learn".
    fn art_and_pill(shape: &CardShape, screen: egui::Vec2) -> (egui::Rect, egui::Rect) {
        const ART: egui::Color32 = egui::Color32::from_rgb(1, 2, 3);
        let ctx = crate::ui::theme::test_context();
        let mut card = entry();
        card.picture = |painter, rect| {
            painter.rect_filled(rect, 0, ART);
        };
        let mut shapes = Vec::new();
        for _ in 0..2 {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, screen)),
                ..Default::default()
            };
            let output = ctx.run_ui(input, |ui| {
                game_card(ui, &card, shape);
            });
            shapes = output.shapes.clone();
            output.drop_without_applying_deltas();
        }
        let art = shapes
            .iter()
            .find_map(|c| match &c.shape {
                egui::Shape::Rect(r) if r.fill == ART => Some(r.rect),
                _ => None,
            })
            .expect("the picture is painted");
        let pill = shapes
            .iter()
            .find_map(|c| match &c.shape {
                egui::Shape::Text(t) if t.galley.text().contains(&tr!("button-learn")) => {
                    Some(t.galley.rect.translate(t.pos.to_vec2()))
                }
                _ => None,
            })
            .expect("Learn is drawn");
        (art, pill)
    }

    /// A tap at `at`: what the card answered over the frames it took.
    fn tap(at: egui::Pos2) -> (bool, bool, bool) {
        let ctx = crate::ui::theme::test_context();
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
