//! The review screen: beside the table replayed, the chance chart, the
//! move list with its marks, the move in hand with the better one in a
//! sentence, a summary card per person and "Learn from your mistakes".
//! It names no game: everything comes from [`ReviewBoard`].

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::analysis::Grade;
use parlour_core::engine::review::SeatSummary;

use super::UiSystems;
use super::theme::{Zoom, ecolour, size};
use super::widgets::big_button;
use crate::review::{LeaveReview, ReviewBoard, rating};
use crate::session::{Screen, TableRoom};
use crate::tr;

mod chart;
mod learn;

pub use chart::seat_colour;

/// The review screen.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        review_panel
            .run_if(in_state(Screen::Play).and_then(resource_exists::<ReviewBoard>))
            .in_set(UiSystems::Screens),
    );
}

/// How much of the window the panel takes, in egui's points: a column at
/// the right of a wide window, a band at the bottom of a tall one.
pub fn panel_size(screen: egui::Vec2) -> (bool, f32) {
    let wide = screen.x > screen.y;
    if wide {
        (true, (screen.x * 0.36).clamp(330.0, 560.0))
    } else {
        (false, (screen.y * 0.45).clamp(300.0, 720.0))
    }
}

fn review_panel(
    mut contexts: EguiContexts,
    mut board: ResMut<ReviewBoard>,
    mut room: ResMut<TableRoom>,
    zoom: Res<Zoom>,
    mut leave: MessageWriter<LeaveReview>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect().size();
    let (wide, extent) = panel_size(screen);
    let wanted = if wide {
        TableRoom {
            right: extent * zoom.0,
            bottom: 0.0,
        }
    } else {
        TableRoom {
            right: 0.0,
            bottom: extent * zoom.0,
        }
    };
    if *room != wanted {
        *room = wanted;
    }
    keys(ctx, &mut board, &mut leave);
    let full = ctx.content_rect();
    let rect = if wide {
        egui::Rect::from_min_max(
            egui::pos2(full.right() - extent, full.top() + size::HUD),
            full.max,
        )
    } else {
        egui::Rect::from_min_max(egui::pos2(full.left(), full.bottom() - extent), full.max)
    };
    egui::Area::new(egui::Id::new("review-panel"))
        .fixed_pos(rect.min)
        // The panel is its own size; egui must not push it up to fit.
        .constrain(false)
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            ui.painter().rect_filled(rect, 0, ecolour::PANEL);
            egui::Frame::new().inner_margin(12).show(ui, |ui| {
                let inner = rect.size() - egui::vec2(24.0, 24.0);
                ui.set_min_size(inner);
                ui.set_max_size(inner);
                panel_contents(ui, &mut board, &mut leave);
            });
        });
    Ok(())
}

/// Arrows step through the moves (Home and End to either end), Esc leaves.
fn keys(ctx: &egui::Context, board: &mut ReviewBoard, leave: &mut MessageWriter<LeaveReview>) {
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    let last = board.moves.len();
    ctx.input(|i| {
        if i.key_pressed(egui::Key::ArrowLeft) || i.key_pressed(egui::Key::ArrowUp) {
            board.want = board.at.saturating_sub(1);
        }
        if i.key_pressed(egui::Key::ArrowRight) || i.key_pressed(egui::Key::ArrowDown) {
            board.want = (board.at + 1).min(last);
        }
        if i.key_pressed(egui::Key::Home) {
            board.want = 0;
        }
        if i.key_pressed(egui::Key::End) {
            board.want = last;
        }
        if i.key_pressed(egui::Key::Escape) {
            if board.lesson.is_some() {
                board.lesson = None;
            } else {
                leave.write(LeaveReview);
            }
        }
    });
}

fn panel_contents(
    ui: &mut egui::Ui,
    board: &mut ReviewBoard,
    leave: &mut MessageWriter<LeaveReview>,
) {
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(tr!("review-title", game = board.game.title()))
                .size(size::TEXT + 2.0)
                .color(ecolour::ACCENT)
                .strong(),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if big_button(ui, &tr!("review-leave"), false).clicked() {
                leave.write(LeaveReview);
            }
        });
    });
    if !board.finished() {
        progress(ui, board);
    }
    if board.lesson.is_some() {
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| learn::lesson_card(ui, board));
        return;
    }
    if let Some(at) = chart::chance_chart(ui, board) {
        board.want = at;
    }
    steps(ui, board);
    current_move(ui, board);
    // The rest scrolls under the move in hand, which stays in view.
    ui.add_space(6.0);
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            summaries(ui, board);
            learn::learn_button(ui, board);
            move_list(ui, board);
        });
}

/// The analysis at work: how far, and what a frame of it costs.
fn progress(ui: &mut egui::Ui, board: &ReviewBoard) {
    let total = board.moves.len().max(1);
    ui.add(
        egui::ProgressBar::new(board.done as f32 / total as f32)
            .desired_height(18.0)
            .fill(ecolour::ACCENT),
    );
    ui.label(
        egui::RichText::new(match board.thinking_ms {
            Some(ms) => tr!(
                "review-weighing-frames",
                n = board.done,
                total = board.moves.len(),
                ms = format!("{ms:.1}")
            ),
            None => tr!("review-weighing", n = board.done, total = board.moves.len()),
        })
        .size(size::TEXT - 6.0)
        .color(ecolour::TEXT_DIM),
    );
}

/// First, back, the move number, forward, last: big enough for a finger.
fn steps(ui: &mut egui::Ui, board: &mut ReviewBoard) {
    let last = board.moves.len();
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        let step = |ui: &mut egui::Ui, text: &str, enabled: bool| {
            ui.add_enabled(
                enabled,
                egui::Button::new(egui::RichText::new(text).size(size::TEXT))
                    .min_size(egui::vec2(size::TOUCH, size::TOUCH)),
            )
            .clicked()
        };
        if step(ui, "⏮", board.at > 0) {
            board.want = 0;
        }
        if step(ui, "◀", board.at > 0) {
            board.want = board.at - 1;
        }
        if step(ui, "▶", board.at < last) {
            board.want = board.at + 1;
        }
        if step(ui, "⏭", board.at < last) {
            board.want = last;
        }
        ui.label(
            egui::RichText::new(tr!("review-at", n = board.at, total = last))
                .size(size::TEXT - 4.0)
                .color(ecolour::TEXT),
        );
    });
}

/// The move about to be played on the table, its grade, and the better one.
fn current_move(ui: &mut egui::Ui, board: &ReviewBoard) {
    ui.add_space(6.0);
    let Some(line) = board.moves.get(board.at) else {
        ui.label(egui::RichText::new(tr!("review-end")).color(ecolour::TEXT));
        return;
    };
    egui::Frame::new()
        .fill(ecolour::CARD)
        .corner_radius(10)
        .inner_margin(10)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            let mark = match &line.graded {
                Some(Ok(g)) => g.grade.mark(),
                _ => "",
            };
            ui.label(
                egui::RichText::new(format!(
                    "{}. {} — {} {}",
                    board.at + 1,
                    board.names.get(line.seat).cloned().unwrap_or_default(),
                    line.words,
                    mark
                ))
                .color(ecolour::INK)
                .strong(),
            );
            let text = match &line.graded {
                None => tr!("review-not-yet"),
                Some(Err(why)) => tr!("review-unweighed", reason = why.clone()),
                Some(Ok(g)) => {
                    let grade = tr!(grade_key(g.grade));
                    if g.grade == Grade::Forced {
                        tr!("review-forced")
                    } else if g.best_played && g.grade == Grade::Decided {
                        tr!("review-decided")
                    } else if g.best_played {
                        tr!("review-was-best", grade = grade)
                    } else {
                        // The grade's name ends in its mark ("Inaccuracy ?!"):
                        // a dash, not a full stop, before the sentence.
                        format!("{grade} — {}", g.sentence)
                    }
                }
            };
            ui.add(egui::Label::new(egui::RichText::new(text).color(ecolour::INK)).wrap());
        });
}

/// The words for a grade.
pub fn grade_key(grade: Grade) -> &'static str {
    match grade {
        Grade::Best => "grade-best",
        Grade::Good => "grade-good",
        Grade::Inaccuracy => "grade-inaccuracy",
        Grade::Mistake => "grade-mistake",
        Grade::Blunder => "grade-blunder",
        Grade::Forced => "grade-forced",
        Grade::Decided => "grade-decided",
    }
}

/// The marks' colours: yellow, orange, red.
pub fn mark_colour(grade: Grade) -> egui::Color32 {
    match grade {
        Grade::Inaccuracy => egui::Color32::from_rgb(240, 214, 90),
        Grade::Mistake => egui::Color32::from_rgb(240, 150, 60),
        Grade::Blunder => egui::Color32::from_rgb(232, 80, 64),
        _ => ecolour::TEXT_DIM,
    }
}

/// A card per person (per seat where no person played): accuracy, a word
/// for it, the grades counted, luck.
fn summaries(ui: &mut egui::Ui, board: &ReviewBoard) {
    let any_person = board.people.iter().any(|&p| p);
    ui.add_space(8.0);
    for s in &board.summaries {
        if any_person && !board.people.get(s.seat).copied().unwrap_or(false) {
            continue;
        }
        summary_card(ui, board, s);
        ui.add_space(6.0);
    }
}

fn summary_card(ui: &mut egui::Ui, board: &ReviewBoard, s: &SeatSummary) {
    egui::Frame::new()
        .fill(ecolour::CHIP)
        .corner_radius(10)
        .inner_margin(10)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            let name = board.names.get(s.seat).cloned().unwrap_or_default();
            let head = match s.accuracy {
                Some(a) => tr!(
                    "review-accuracy",
                    name = name,
                    accuracy = format!("{a:.0}"),
                    rating = tr!(rating(a.round()))
                ),
                None => name,
            };
            ui.label(
                egui::RichText::new(head)
                    .color(seat_colour(s.seat))
                    .strong(),
            );
            let count = |g: Grade| s.grades.get(&g).copied().unwrap_or(0);
            ui.horizontal_wrapped(|ui| {
                for g in [
                    Grade::Best,
                    Grade::Good,
                    Grade::Inaccuracy,
                    Grade::Mistake,
                    Grade::Blunder,
                ] {
                    // One grade's name, mark and count never part at a
                    // line's end ("Blunder" above "?? 2").
                    let text = format!("{} {}", tr!(grade_key(g)), count(g)).replace(' ', "\u{a0}");
                    let colour = if g.mark().is_empty() {
                        ecolour::TEXT
                    } else {
                        mark_colour(g)
                    };
                    ui.label(
                        egui::RichText::new(text)
                            .color(colour)
                            .size(size::TEXT - 6.0),
                    );
                }
            });
            if s.draws > 0 {
                ui.label(
                    egui::RichText::new(tr!(
                        "review-luck",
                        luck = format!("{:+.0}", s.luck),
                        se = format!("{:.0}", s.luck_se)
                    ))
                    .color(ecolour::TEXT_DIM)
                    .size(size::TEXT - 6.0),
                );
            }
        });
}

/// Every move, its seat and its mark; a tap sets the table there.
fn move_list(ui: &mut egui::Ui, board: &mut ReviewBoard) {
    ui.add_space(8.0);
    ui.label(
        egui::RichText::new(tr!("review-moves"))
            .color(ecolour::ACCENT)
            .strong(),
    );
    let mut go = None;
    ui.spacing_mut().item_spacing.y = 2.0;
    for (i, line) in board.moves.iter().enumerate() {
        let name = board.names.get(line.seat).cloned().unwrap_or_default();
        let (mark, colour) = match &line.graded {
            Some(Ok(g)) => (g.grade.mark(), mark_colour(g.grade)),
            _ => ("", ecolour::TEXT_DIM),
        };
        let selected = i == board.at;
        let row = ui.horizontal(|ui| {
            let text = egui::RichText::new(tr!(
                "review-move-line",
                n = i + 1,
                name = name.clone(),
                words = line.words.clone()
            ))
            .size(size::TEXT - 6.0)
            .color(if selected {
                ecolour::ON_ACCENT
            } else {
                ecolour::TEXT
            });
            let r = ui.add(
                egui::Button::selectable(selected, text)
                    .wrap_mode(egui::TextWrapMode::Truncate)
                    .min_size(egui::vec2(0.0, 30.0)),
            );
            if !mark.is_empty() {
                ui.label(egui::RichText::new(mark).color(colour).strong());
            }
            r
        });
        if row.inner.clicked() {
            go = Some(i);
        }
        if selected && board.want != board.at {
            row.inner.scroll_to_me(Some(egui::Align::Center));
        }
    }
    if let Some(i) = go {
        board.want = i;
    }
}
