//! "Learn from your mistakes": the positions a person lost most in, set up
//! again for them to find a better move on the table; "Show me" draws the
//! better one, "Skip" goes on to the next.

use bevy_egui::egui;

use crate::review::{Lesson, ReviewBoard, Verdict};
use crate::tr;
use crate::ui::theme::{ecolour, size};
use crate::ui::widgets::big_button;

/// At most this many positions to learn from.
const MOST: usize = 5;

/// The button that starts a lesson, once the whole match is weighed.
pub fn learn_button(ui: &mut egui::Ui, board: &mut ReviewBoard) {
    let positions = board.mistakes(MOST);
    if board.finished() && positions.is_empty() {
        return;
    }
    ui.add_space(6.0);
    let text = if board.finished() {
        tr!("review-learn", n = positions.len())
    } else {
        tr!("review-learn-wait")
    };
    if big_button(ui, &text, true).clicked() && board.finished() {
        board.want = positions[0];
        board.lesson = Some(Lesson {
            positions,
            current: 0,
            verdict: None,
            shown: false,
            reached: false,
        });
    }
}

/// The lesson under way: the position to solve, the verdict on a try,
/// Show me, Skip and back to the review.
pub fn lesson_card(ui: &mut egui::Ui, board: &mut ReviewBoard) {
    let Some(lesson) = board.lesson.clone() else {
        return;
    };
    let Some(&index) = lesson.positions.get(lesson.current) else {
        board.lesson = None;
        return;
    };
    let line = &board.moves[index];
    let name = board.names.get(line.seat).cloned().unwrap_or_default();
    ui.add_space(8.0);
    egui::Frame::new()
        .fill(ecolour::CARD)
        .corner_radius(10)
        .inner_margin(12)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                egui::RichText::new(tr!(
                    "review-lesson-title",
                    n = lesson.current + 1,
                    total = lesson.positions.len()
                ))
                .color(ecolour::INK)
                .strong(),
            );
            let ask = tr!(
                "review-lesson-ask",
                name = name,
                played = line.words.clone()
            );
            ui.add(egui::Label::new(egui::RichText::new(ask).color(ecolour::INK)).wrap());
            let verdict = match &lesson.verdict {
                None => None,
                Some(Verdict::Weighing) => Some((tr!("review-lesson-weighing"), ecolour::INK)),
                Some(Verdict::Found { loss }) => Some((
                    tr!("review-lesson-found", loss = format!("{loss:.1}")),
                    egui::Color32::from_rgb(30, 120, 60),
                )),
                Some(Verdict::Missed { loss }) => Some((
                    tr!("review-lesson-missed", loss = format!("{loss:.1}")),
                    ecolour::WARN,
                )),
            };
            if let Some((text, colour)) = verdict {
                ui.add(egui::Label::new(egui::RichText::new(text).color(colour).strong()).wrap());
            }
            if lesson.shown
                && let Some(Ok(g)) = &line.graded
            {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(tr!(
                            "review-lesson-shown",
                            best = g.best_words.clone()
                        ))
                        .color(ecolour::INK),
                    )
                    .wrap(),
                );
                ui.add(
                    egui::Label::new(egui::RichText::new(&g.sentence).color(ecolour::INK)).wrap(),
                );
            }
        });
    ui.add_space(8.0);
    let mut next = lesson.clone();
    ui.horizontal_wrapped(|ui| {
        if big_button(ui, &tr!("review-show-me"), true).clicked() {
            next.shown = true;
        }
        let last = lesson.current + 1 >= lesson.positions.len();
        let skip = if last {
            tr!("review-lesson-done")
        } else {
            tr!("review-skip")
        };
        if big_button(ui, &skip, false).clicked() {
            next.current += 1;
            next.verdict = None;
            next.shown = false;
            next.reached = false;
        }
    });
    if big_button(ui, &tr!("review-lesson-back"), false).clicked() {
        board.lesson = None;
        return;
    }
    if next.current != lesson.current {
        match next.positions.get(next.current) {
            Some(&i) => board.want = i,
            None => {
                board.lesson = None;
                return;
            }
        }
    }
    ui.label(
        egui::RichText::new(tr!("review-lesson-how"))
            .size(size::TEXT - 6.0)
            .color(ecolour::TEXT_DIM),
    );
    board.lesson = Some(next);
}
