//! The table's own screen (`--watch`, the page's `?table`): the public
//! table, each seat's player and score, a code to scan beside each free
//! seat, and — on the screen with the table's key — who an away seat or a
//! bot's seat goes to.

use bevy::prelude::*;
use bevy_egui::egui;
use parlour_core::engine::Seat;
use parlour_core::protocol::{Give, Holder};

use super::{heading, refusal, said};
use crate::catalog::{GameCatalog, HandFrame};
use crate::hand::Link;
use crate::session::Screen;
use crate::tr;
use crate::ui::theme::{ecolour, size};

/// The table's own screen: the public table, each seat's player and
/// score, and a code to scan beside each free seat. On the screen that
/// gives seats, a free seat may be played at the screen itself: the seat
/// asked for (`held_here`: the seats already played here).
pub(super) fn table_screen(
    ui: &mut egui::Ui,
    link: &mut Link,
    catalog: &GameCatalog,
    held_here: &[Seat],
) -> Option<Seat> {
    let welcome = link.welcome.clone()?;
    let seen = link.seen.clone();
    let names: Vec<String> = (0..welcome.players)
        .map(
            |s| match link.seats.get(s).map(|st| (&st.holder, &st.name)) {
                Some((Holder::Bot { name }, _)) => crate::i18n::bot_name(name),
                Some((Holder::Open, _)) | None => tr!("hand-seat-free", number = s + 1),
                Some((_, name)) => name.clone(),
            },
        )
        .collect();
    let room = ui.available_rect_before_wrap();
    let wide = room.width() >= room.height();
    let side_w = if wide {
        (room.width() * 0.3).clamp(260.0, 420.0)
    } else {
        room.width()
    };
    let (board, side) = if wide {
        let x = room.max.x - side_w;
        (
            egui::Rect::from_min_max(room.min, egui::pos2(x - 16.0, room.max.y)),
            egui::Rect::from_min_max(egui::pos2(x, room.min.y), room.max),
        )
    } else {
        let y = room.min.y + room.height() * 0.6;
        (
            egui::Rect::from_min_max(room.min, egui::pos2(room.max.x, y)),
            egui::Rect::from_min_max(egui::pos2(room.min.x, y + 8.0), room.max),
        )
    };
    ui.scope_builder(egui::UiBuilder::new().max_rect(board), |ui| {
        heading(ui, link, catalog);
        let Some(seen) = &seen else {
            return;
        };
        if !seen.winners.is_empty() {
            // The match is over: who won, for the whole table to read.
            let winners: Vec<&str> = seen
                .winners
                .iter()
                .filter_map(|&s| names.get(s).map(String::as_str))
                .collect();
            let names = winners.join(" · ");
            ui.label(
                egui::RichText::new(tr!("hand-wins", names = names.as_str()))
                    .size(size::HEADING)
                    .color(ecolour::ACCENT)
                    .strong(),
            );
        }
        if let Some(hand_screen) = catalog.by_name(&welcome.game).and_then(|e| e.hand) {
            let frame = HandFrame {
                variant: &welcome.variant,
                seat: None,
                number: seen.number,
                to_play: false,
                seen: &seen.seen,
                names: &names,
                hint: None,
            };
            hand_screen(ui, &frame);
        }
    });
    let base = join_base(link, &welcome.join);
    let mut given = None;
    let mut play_here = None;
    ui.scope_builder(egui::UiBuilder::new().max_rect(side), |ui| {
        egui::ScrollArea::vertical()
            .id_salt("table-seats")
            .show(ui, |ui| {
                for (s, name) in names.iter().enumerate() {
                    let card = SeatCard {
                        seat: s,
                        name,
                        base: &base,
                        here: held_here.contains(&s),
                    };
                    match seat_card(ui, link, seen.as_ref(), &card) {
                        Some(SeatTap::Give(give)) => given = Some((s, give)),
                        Some(SeatTap::PlayHere) => play_here = Some(s),
                        None => {}
                    }
                }
                ui.label(
                    egui::RichText::new(tr!("hand-table-join", address = base.as_str()))
                        .color(ecolour::TEXT_DIM)
                        .size(size::TEXT - 6.0),
                );
                said(ui, refusal(link).as_deref());
            });
    });
    if let Some((seat, give)) = given {
        link.give(seat, give);
    }
    play_here
}

/// Where phones open the table's page: the host's word, or this page's
/// own origin, or the table's address itself.
fn join_base(link: &Link, join: &[String]) -> String {
    if let Some(first) = join.first() {
        return first.clone();
    }
    let origin = crate::platform::page::origin();
    if !origin.is_empty() {
        return origin;
    }
    link.table()
        .address
        .trim_end_matches("/table")
        .replacen("ws://", "http://", 1)
        .replacen("wss://", "https://", 1)
}

/// One seat as the table's screen shows it.
struct SeatCard<'a> {
    seat: Seat,
    name: &'a str,
    /// Where phones open the table's page.
    base: &'a str,
    /// Whether it is played at this screen.
    here: bool,
}

/// What was tapped on a seat's card.
enum SeatTap {
    /// The seat goes to someone else.
    Give(Give),
    /// A person at this screen plays the free seat here.
    PlayHere,
}

/// One seat on the table's screen: who holds it, its score, and for a
/// free seat the code that sits a phone there. On a screen that gives
/// seats, what it may do with a seat whose phone is away or a bot's, and
/// a free seat played at the screen itself: what was tapped.
fn seat_card(
    ui: &mut egui::Ui,
    link: &Link,
    seen: Option<&crate::hand::Seen>,
    card: &SeatCard,
) -> Option<SeatTap> {
    let SeatCard {
        seat,
        name,
        base,
        here,
    } = *card;
    let holder = link.seats.get(seat).map(|s| s.holder.clone());
    let asking = link.seats.get(seat).and_then(|s| s.asking.clone());
    let gives = link.gives_seats() && seen.is_some_and(|s| s.winners.is_empty());
    let mut given = None;
    let awaited = seen.is_some_and(|s| s.awaiting.contains(&seat));
    let score = seen
        .and_then(|s| s.scores.get(seat))
        .copied()
        .unwrap_or_default();
    let mut frame = egui::Frame::new()
        .fill(ecolour::CHIP)
        .corner_radius(12)
        .inner_margin(10);
    if awaited {
        frame = frame.stroke(egui::Stroke::new(3.0, ecolour::ACCENT));
    }
    frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(name).size(size::TEXT).strong());
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(egui::RichText::new(crate::i18n::score(score, false)).size(size::TEXT));
            });
        });
        let state = match &holder {
            Some(Holder::Device { .. }) if here && awaited => {
                tr!("hand-here-turn", name = name)
            }
            Some(Holder::Device { .. }) if here => tr!("hand-here-seat"),
            Some(Holder::Device { here: false }) => tr!("hand-waiting-phone", name = name),
            Some(Holder::Device { here: true } | Holder::Bot { .. }) if awaited => {
                tr!("hand-table-thinking")
            }
            _ => String::new(),
        };
        if !state.is_empty() {
            ui.label(
                egui::RichText::new(state)
                    .color(ecolour::TEXT_DIM)
                    .size(size::TEXT - 4.0),
            );
        }
        if gives && !here {
            given = seat_choices(ui, holder.as_ref(), asking.as_deref(), name).map(SeatTap::Give);
        }
        if holder == Some(Holder::Open) {
            let link = format!("{base}/?join&seat={}", seat + 1);
            ui.horizontal(|ui| {
                let side = (ui.available_width() * 0.5).clamp(120.0, 220.0);
                crate::ui::widgets::join_code(ui, &link, side);
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(tr!("hand-table-scan", number = seat + 1))
                            .size(size::TEXT - 2.0),
                    )
                    .wrap(),
                );
            });
            if gives {
                let text = egui::RichText::new(tr!("hand-table-play-here")).size(size::TEXT - 2.0);
                if ui
                    .add(egui::Button::new(text).min_size(egui::vec2(0.0, size::TOUCH)))
                    .clicked()
                {
                    given = Some(SeatTap::PlayHere);
                }
            }
        }
    });
    ui.add_space(8.0);
    given
}

/// What the table's screen may do with a seat: let a phone that asks sit
/// or keep the seat for its player, give an away seat to a bot, open a
/// bot's seat for a phone.
fn seat_choices(
    ui: &mut egui::Ui,
    holder: Option<&Holder>,
    asking: Option<&str>,
    name: &str,
) -> Option<Give> {
    let mut given = None;
    let mut choice = |ui: &mut egui::Ui, text: String, give: Give, lit: bool| {
        let rich = egui::RichText::new(text).size(size::TEXT - 2.0);
        let button = if lit {
            egui::Button::new(rich.color(ecolour::ON_ACCENT)).fill(ecolour::ACCENT)
        } else {
            egui::Button::new(rich)
        };
        if ui
            .add(button.min_size(egui::vec2(0.0, size::TOUCH)))
            .clicked()
        {
            given = Some(give);
        }
    };
    match holder {
        Some(Holder::Device { here: false }) => {
            if let Some(asker) = asking {
                ui.label(
                    egui::RichText::new(tr!("hand-table-asks", name = asker))
                        .size(size::TEXT - 2.0)
                        .strong()
                        .color(ecolour::ACCENT),
                );
                ui.horizontal_wrapped(|ui| {
                    choice(
                        ui,
                        tr!("hand-table-let-sit", name = asker),
                        Give::Asker,
                        true,
                    );
                    choice(ui, tr!("hand-table-keep", name = name), Give::Keep, false);
                });
            }
            choice(ui, tr!("hand-table-bot-plays"), Give::Bot, false);
        }
        Some(Holder::Bot { .. }) => choice(ui, tr!("hand-table-open"), Give::Open, false),
        _ => {}
    }
    given
}

/// "Close the table", at the foot of a table this window hosts.
pub(super) fn close_button(ui: &mut egui::Ui) -> bool {
    let rect = ui.max_rect();
    let at = egui::Rect::from_min_size(
        egui::pos2(rect.max.x - 260.0, rect.max.y - size::TOUCH - 8.0),
        egui::vec2(260.0, size::TOUCH + 8.0),
    );
    ui.put(
        at,
        egui::Button::new(egui::RichText::new(tr!("hand-close-table")).size(size::TEXT)),
    )
    .clicked()
}

/// The table this window hosts is closed: the window goes back to the
/// title, and leaving the screen stops the host.
pub(super) fn close_table(next: &mut NextState<Screen>) {
    next.set(Screen::Title);
}
