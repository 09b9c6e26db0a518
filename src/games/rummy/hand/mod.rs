//! Rummy on a player's phone at a shared table: the table's sets above,
//! the hand below, sorted by colour or by number. Tap cards — from the hand
//! or the table — then tap a set to add them to it, or New set; Back
//! returns the hand's cards; Play hands the rebuilt table to the host,
//! Draw takes a card. A set the rules do not read is outlined in red with
//! their reason as it is built.

use bevy_egui::egui;
use parlour_core::engine::Game;
use parlour_core::games::rummy::cards::FACES;
use parlour_core::games::rummy::view::Seen;
use parlour_core::games::rummy::{CardName, Colour, Face, Move, Play, Rummy, sets};

mod rooms;

use super::draft::{arrange_by, colour_mark};
use crate::catalog::HandFrame;
use crate::tr;
use crate::ui::arrive::{Arrival, arrival};
use crate::ui::theme::{ecolour, size};
use rooms::{NEW_SET, PhoneRooms, fitted_card, set_gap};

/// A card in the draft: its name and whether it came from the hand.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Laid {
    name: CardName,
    from_hand: bool,
}

/// Where a picked card is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Pick {
    Hand(usize),
    Table(usize, usize),
}

/// The turn being built on the phone.
#[derive(Clone, Debug, Default, PartialEq)]
struct Draft {
    number: usize,
    begun: bool,
    table: Vec<Vec<Laid>>,
    hand: Vec<Face>,
    to_hand: Vec<CardName>,
    picked: Vec<Pick>,
    by_number: bool,
    /// The host's hint (or the coach's move) this turn laid out last: each
    /// is laid out once, then the player may change it, or undo it.
    hint_laid: Option<serde_json::Value>,
}

impl Draft {
    fn from_seen(seen: &Seen, number: usize, by_number: bool) -> Self {
        Self {
            number,
            begun: true,
            table: seen
                .table
                .iter()
                .map(|set| {
                    set.iter()
                        .map(|&name| Laid {
                            name,
                            from_hand: false,
                        })
                        .collect()
                })
                .collect(),
            hand: seen.hand.clone(),
            to_hand: Vec::new(),
            picked: Vec::new(),
            by_number,
            hint_laid: None,
        }
    }

    /// The hint's play laid out as if tapped: its sets on the table, the
    /// cards it lays from the hand marked as such and gone from the hand.
    fn lay_out(&mut self, seen: &Seen, play: &Play) {
        let mut on_table: Vec<Face> = seen.table.iter().flatten().map(|c| c.face).collect();
        let mut hand = seen.hand.clone();
        self.table = play
            .table
            .iter()
            .map(|set| {
                set.iter()
                    .map(|&name| {
                        let from_table = on_table.iter().position(|&f| f == name.face);
                        let from_hand = match from_table {
                            Some(i) => {
                                on_table.swap_remove(i);
                                false
                            }
                            None => {
                                if let Some(i) = hand.iter().position(|&f| f == name.face) {
                                    hand.remove(i);
                                }
                                true
                            }
                        };
                        Laid { name, from_hand }
                    })
                    .collect()
            })
            .collect();
        self.hand = hand;
        self.to_hand = play.to_hand.clone();
        self.picked.clear();
    }

    fn changed(&self) -> bool {
        !self.to_hand.is_empty() || self.table.iter().flatten().any(|l| l.from_hand)
    }

    /// Takes the picked cards out of where they lie.
    fn take_picked(&mut self) -> Vec<Laid> {
        let mut picked = std::mem::take(&mut self.picked);
        // Last first, so the places of the rest still hold.
        picked.sort_by_key(|p| std::cmp::Reverse(order(p)));
        let mut taken = Vec::new();
        for pick in picked {
            match pick {
                Pick::Hand(i) if i < self.hand.len() => taken.push(Laid {
                    name: CardName::plain(self.hand.remove(i)),
                    from_hand: true,
                }),
                Pick::Table(s, i) if s < self.table.len() && i < self.table[s].len() => {
                    taken.push(self.table[s].remove(i));
                }
                _ => {}
            }
        }
        taken
    }

    /// The picked cards added to set `to` (a new set when past the last).
    fn lay(&mut self, to: usize) {
        let mut cards = self.take_picked();
        // A joker that moves is read afresh where it lands.
        for laid in &mut cards {
            if laid.name.face.is_joker() {
                laid.name.stands_for = None;
            }
        }
        if to < self.table.len() {
            self.table[to].extend(cards);
            self.table[to] = arrange_by(&self.table[to], |l| l.name.face);
        } else if !cards.is_empty() {
            self.table.push(arrange_by(&cards, |l| l.name.face));
        }
        self.table.retain(|set| !set.is_empty());
    }

    /// The picked cards from the hand go back to it; a joker from the
    /// table goes to the hand as a swap.
    fn back(&mut self) {
        for laid in self.take_picked() {
            if laid.from_hand {
                self.hand.push(laid.name.face);
            } else if laid.name.face.is_joker() {
                self.to_hand.push(laid.name);
            } else {
                // A table card stays on the table: put it in a set of its own.
                self.table.push(vec![laid]);
            }
        }
        self.table.retain(|set| !set.is_empty());
    }

    fn play(&self) -> Move {
        Move::Play(Play {
            table: self
                .table
                .iter()
                .map(|set| set.iter().map(|l| l.name).collect())
                .collect(),
            to_hand: self.to_hand.clone(),
        })
    }
}

fn order(pick: &Pick) -> (usize, usize, usize) {
    match *pick {
        Pick::Hand(i) => (0, 0, i),
        Pick::Table(s, i) => (1, s, i),
    }
}

/// The hand screen (see the module's comment).
pub fn hand(ui: &mut egui::Ui, frame: &HandFrame) -> Option<serde_json::Value> {
    let (Ok(seen), Ok(config)) = (
        serde_json::from_value::<Seen>(frame.seen.clone()),
        Rummy::variant(frame.variant),
    ) else {
        ui.label(tr!("hand-unreadable"));
        return None;
    };
    let id = egui::Id::new("rummy-hand");
    let mut draft: Draft = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    if !draft.begun || draft.number != frame.number || (!frame.to_play && draft.changed()) {
        let laid = draft
            .hint_laid
            .take()
            .filter(|_| draft.number == frame.number);
        draft = Draft::from_seen(&seen, frame.number, draft.by_number);
        draft.hint_laid = laid;
    }
    // The host's hint, laid out once for the player to play, change or undo.
    let hint = frame
        .hint
        .and_then(|mv| serde_json::from_value::<Move>(mv.clone()).ok());
    if let Some(Move::Play(play)) = &hint
        && draft.hint_laid.as_ref() != frame.hint
    {
        draft.lay_out(&seen, play);
        draft.hint_laid = frame.hint.cloned();
    }
    let me = frame.seat;
    let others: Vec<String> = (0..seen.hand_sizes.len())
        .filter(|&s| Some(s) != me)
        .map(|s| {
            let name = frame.names.get(s).map_or("", String::as_str);
            tr!("hand-rummy-cards", name = name, cards = seen.hand_sizes[s])
        })
        .collect();
    let mut line = others.join(" · ");
    line.push_str(&format!(" · {}", tr!("hand-rummy-pile", cards = seen.pile)));
    if me.is_some_and(|me| !seen.melded.get(me).copied().unwrap_or(true)) {
        line.push_str(&format!(
            " · {}",
            tr!("hand-rummy-first-meld", points = config.first_meld)
        ));
    }
    ui.add(
        egui::Label::new(
            egui::RichText::new(line)
                .size(size::TEXT - 6.0)
                .color(ecolour::TEXT_DIM),
        )
        .wrap(),
    );

    if let Some(hint) = &hint {
        let key = match hint {
            Move::Play(_) => "rummy-hint-match-shown",
            _ => "rummy-hint-match-draw",
        };
        ui.add(
            egui::Label::new(
                egui::RichText::new(tr!(key))
                    .size(size::TEXT - 6.0)
                    .color(ecolour::ACCENT),
            )
            .wrap(),
        );
    }
    let room = ui.available_rect_before_wrap();
    if me.is_none() {
        // The table's screen: the sets alone, as large as the room lets
        // them all be seen at once.
        let lengths: Vec<usize> = draft.table.iter().map(Vec::len).collect();
        let card = fitted_card(&lengths, room.size(), 40..=120);
        ui.scope_builder(egui::UiBuilder::new().max_rect(room), |ui| {
            egui::ScrollArea::vertical()
                .id_salt("rummy-table")
                .show(ui, |ui| table(ui, &mut draft, card, false));
        });
        ui.allocate_rect(room, egui::Sense::hover());
        return None;
    }
    let lengths: Vec<usize> = draft.table.iter().map(Vec::len).collect();
    let play = frame.to_play;
    let at = PhoneRooms::new(room, &lengths, draft.hand.len(), play);
    // A touch screen has no hover to bring out a floating scroll bar: a
    // solid one says there is more below.
    let solid = |ui: &mut egui::Ui| ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    ui.scope_builder(egui::UiBuilder::new().max_rect(at.table), |ui| {
        solid(ui);
        egui::ScrollArea::vertical()
            .id_salt("rummy-table")
            .show(ui, |ui| table(ui, &mut draft, at.card, play));
    });
    ui.scope_builder(egui::UiBuilder::new().max_rect(at.hand), |ui| {
        solid(ui);
        egui::ScrollArea::vertical()
            .id_salt("rummy-hand")
            .show(ui, |ui| hand_cards(ui, &mut draft, at.hand_card, play));
    });
    let made = buttons(ui, &mut draft, at.buttons, play);
    ui.data_mut(|d| d.insert_temp(id, draft));
    ui.allocate_rect(room, egui::Sense::hover());
    made.and_then(|mv| serde_json::to_value(mv).ok())
}

/// The sets on the table side by side, as many to a row as fit (a set
/// wider than a row wraps on one of its own); New set under them.
fn table(ui: &mut egui::Ui, draft: &mut Draft, card: egui::Vec2, play: bool) {
    let mut lay_on = None;
    let mut pick = None;
    // Each card on the table by its face and which copy of that face it
    // is, every frame, so a card just laid (on this device or another)
    // grows in. Every place a card could take is asked after, there or
    // not: a place first seen with a card in it is one there all along.
    let mut copies = [0usize; FACES];
    let copy: Vec<Vec<usize>> = draft
        .table
        .iter()
        .map(|set| {
            set.iter()
                .map(|l| {
                    let n = &mut copies[l.name.face.index()];
                    *n += 1;
                    *n
                })
                .collect()
        })
        .collect();
    let mut come = [[Arrival::SETTLED; COPIES]; FACES];
    for (f, row) in come.iter_mut().enumerate() {
        for (k, at) in row.iter_mut().enumerate() {
            let id = egui::Id::new(("rummy-on-table", f, k + 1));
            *at = arrival(ui.ctx(), id, k < copies[f]);
        }
    }
    // One set, drawn; true when it is tapped to take the picked cards.
    let mut one = |ui: &mut egui::Ui, s: usize| -> bool {
        let set = &draft.table[s];
        let names: Vec<CardName> = set.iter().map(|l| l.name).collect();
        let valid = sets::read(&names);
        let stroke = match &valid {
            Ok(_) => egui::Stroke::new(1.0, ecolour::CHIP),
            Err(_) => egui::Stroke::new(2.0, ecolour::WARN),
        };
        let response = egui::Frame::new()
            .stroke(stroke)
            .corner_radius(8)
            .inner_margin(4)
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing = egui::vec2(3.0, 3.0);
                    for (i, laid) in set.iter().enumerate() {
                        let picked = draft.picked.contains(&Pick::Table(s, i));
                        let face = CardFace {
                            face: laid.name.face,
                            picked,
                            new: laid.from_hand,
                            come: come[laid.name.face.index()]
                                .get(copy[s][i] - 1)
                                .copied()
                                .unwrap_or(Arrival::SETTLED),
                        };
                        if card_button(ui, &face, card).clicked() && play {
                            pick = Some(Pick::Table(s, i));
                        }
                    }
                });
                if let Err(e) = &valid {
                    ui.label(
                        egui::RichText::new(e.to_string())
                            .size(size::TEXT - 8.0)
                            .color(ecolour::WARN),
                    );
                }
            })
            .response
            .interact(egui::Sense::click());
        response.clicked() && play && !draft.picked.is_empty()
    };
    // Rows of sets, as many to a row as fit whole: egui cannot wrap a
    // set's frame before it knows its width, so the rows are set here. In
    // play, New set's slot follows the last set, as wide as a set of
    // `NEW_SET` cards.
    let room = ui.available_width();
    let gap = set_gap(card.x);
    let slot = play.then_some(NEW_SET);
    let lengths = draft.table.iter().map(Vec::len).chain(slot);
    let mut rows: Vec<Vec<(usize, f32)>> = Vec::new();
    let mut x = room;
    for (s, len) in lengths.enumerate() {
        let width = len as f32 * (card.x + 3.0) + 8.0;
        if x + width > room {
            rows.push(Vec::new());
            x = 0.0;
        }
        rows.last_mut().expect("a row was begun").push((s, width));
        x += width + gap;
    }
    let sets = draft.table.len();
    for row in rows {
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = gap;
            for (s, width) in row {
                if s < sets {
                    if one(ui, s) {
                        lay_on = Some(s);
                    }
                } else if !draft.picked.is_empty() {
                    let new_set = egui::Button::new(
                        egui::RichText::new(tr!("hand-rummy-new-set")).size(size::TEXT - 8.0),
                    )
                    .wrap()
                    .stroke(egui::Stroke::new(2.0, ecolour::ACCENT))
                    .min_size(egui::vec2(width, (card.y + 8.0).max(size::TOUCH)));
                    if ui.add(new_set).clicked() {
                        lay_on = Some(usize::MAX);
                    }
                }
            }
        });
        ui.add_space(gap / 2.0);
    }
    if let Some(p) = pick {
        toggle(&mut draft.picked, p);
    } else if let Some(to) = lay_on {
        draft.lay(to);
    }
}

/// The hand, sorted as chosen, wrapped in rows.
fn hand_cards(ui: &mut egui::Ui, draft: &mut Draft, card: egui::Vec2, play: bool) {
    let mut shown: Vec<usize> = (0..draft.hand.len()).collect();
    let by_number = draft.by_number;
    shown.sort_by_key(|&i| sort_key(draft.hand[i], by_number));
    let mut pick = None;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = egui::vec2(4.0, 4.0);
        for i in shown {
            let picked = draft.picked.contains(&Pick::Hand(i));
            let face = CardFace {
                face: draft.hand[i],
                picked,
                new: false,
                come: Arrival::SETTLED,
            };
            if card_button(ui, &face, card).clicked() && play {
                pick = Some(Pick::Hand(i));
            }
        }
    });
    if let Some(p) = pick {
        toggle(&mut draft.picked, p);
    }
}

fn sort_key(face: Face, by_number: bool) -> (u8, u8) {
    match face {
        Face::Number { colour, number } if by_number => (number, colour.index() as u8),
        Face::Number { colour, number } => (colour.index() as u8, number),
        Face::Joker => (99, 99),
    }
}

fn toggle(picked: &mut Vec<Pick>, p: Pick) {
    if let Some(at) = picked.iter().position(|q| *q == p) {
        picked.remove(at);
    } else {
        picked.push(p);
    }
}

/// Sort, Back, Undo, and Play or Draw.
fn buttons(ui: &mut egui::Ui, draft: &mut Draft, row: egui::Rect, play: bool) -> Option<Move> {
    let mut made = None;
    ui.scope_builder(egui::UiBuilder::new().max_rect(row), |ui| {
        ui.horizontal(|ui| {
            // Four buttons across a phone held upright: kept within it, Play
            // never over Undo.
            let narrow = row.width() < 520.0;
            if narrow {
                ui.spacing_mut().item_spacing.x = 6.0;
                ui.spacing_mut().button_padding.x = 8.0;
            }
            let words = if narrow {
                size::TEXT - 7.0
            } else {
                size::TEXT - 4.0
            };
            let small = |text: String| {
                egui::Button::new(egui::RichText::new(text).size(words))
                    .min_size(egui::vec2(0.0, size::TOUCH))
            };
            let sort = if draft.by_number {
                tr!("hand-rummy-by-colour")
            } else {
                tr!("hand-rummy-by-number")
            };
            if ui.add(small(sort)).clicked() {
                draft.by_number = !draft.by_number;
            }
            if ui
                .add_enabled(
                    play && !draft.picked.is_empty(),
                    small(tr!("hand-rummy-back")),
                )
                .clicked()
            {
                draft.back();
            }
            if ui
                .add_enabled(play && draft.changed(), small(tr!("hand-rummy-undo")))
                .clicked()
            {
                draft.table.clear();
                draft.begun = false;
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let (text, mv) = if draft.changed() {
                    (tr!("hand-rummy-play"), draft.play())
                } else {
                    (tr!("hand-rummy-draw"), Move::Draw)
                };
                let button = egui::Button::new(
                    egui::RichText::new(text)
                        .size(size::TEXT)
                        .color(ecolour::ON_ACCENT),
                )
                .fill(ecolour::ACCENT)
                .min_size(egui::vec2(if narrow { 84.0 } else { 96.0 }, size::TOUCH));
                if ui.add_enabled(play, button).clicked() {
                    made = Some(mv);
                }
            });
        });
    });
    made
}

/// The copies of one face on the table whose arrival is shown (a variant
/// with more lays the rest without it).
const COPIES: usize = 4;

/// A card as drawn: its face, whether it is picked, laid from the hand
/// this turn, and how far it has arrived.
struct CardFace {
    face: Face,
    picked: bool,
    new: bool,
    come: Arrival,
}

/// One card, `size` large, lifted and ringed while picked; a card laid
/// from the hand this turn is edged in gold.
fn card_button(ui: &mut egui::Ui, card: &CardFace, size: egui::Vec2) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    // A card just laid drops onto the table and glows a while.
    let drop = (1.0 - card.come.grown) * size.y * 0.5;
    let rect = if card.picked {
        rect.translate(egui::vec2(0.0, -4.0))
    } else {
        rect.translate(egui::vec2(0.0, -drop))
    };
    let painter = ui.painter();
    if card.come.glow > 0.0 {
        painter.rect_stroke(
            rect.expand(2.0),
            6,
            egui::Stroke::new(4.0, ecolour::ACCENT.gamma_multiply(card.come.glow)),
            egui::StrokeKind::Outside,
        );
    }
    painter.rect_filled(rect, 5, ecolour::CARD);
    let edge = if card.picked {
        egui::Stroke::new(3.0, ecolour::ACCENT)
    } else if card.new {
        egui::Stroke::new(2.0, ecolour::CELL_X)
    } else {
        egui::Stroke::new(1.0, ecolour::INK.gamma_multiply(0.4))
    };
    painter.rect_stroke(rect, 5, edge, egui::StrokeKind::Inside);
    let (number, mark, ink) = match card.face {
        Face::Number { colour, number } => (number.to_string(), colour_mark(colour), ink(colour)),
        Face::Joker => ("J".to_owned(), "★", ink(Colour::Red)),
    };
    painter.text(
        rect.center() - egui::vec2(0.0, rect.height() * 0.12),
        egui::Align2::CENTER_CENTER,
        number,
        egui::FontId::proportional(rect.width() * 0.55),
        ink,
    );
    painter.text(
        rect.center() + egui::vec2(0.0, rect.height() * 0.27),
        egui::Align2::CENTER_CENTER,
        mark,
        egui::FontId::proportional(rect.width() * 0.32),
        ink,
    );
    response
}

/// A colour's ink, as the table's cards print it.
fn ink(colour: Colour) -> egui::Color32 {
    match colour {
        Colour::Black => egui::Color32::from_rgb(33, 33, 41),
        Colour::Blue => egui::Color32::from_rgb(28, 92, 199),
        Colour::Orange => egui::Color32::from_rgb(230, 120, 5),
        Colour::Red => egui::Color32::from_rgb(204, 26, 41),
    }
}
