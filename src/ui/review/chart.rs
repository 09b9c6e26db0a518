//! The chance chart: each seat's chance to win as it judged it at each of
//! its decisions, a line per seat, the marks on it, the move on the table
//! as a bar; a tap on the chart sets the table at that move.

use bevy_egui::egui;

use super::mark_colour;
use crate::review::ReviewBoard;
use crate::tr;
use crate::ui::theme::{ecolour, size};

/// A seat's colour on the chart and its summary card.
pub fn seat_colour(seat: usize) -> egui::Color32 {
    const COLOURS: [egui::Color32; 4] = [
        egui::Color32::from_rgb(250, 236, 200),
        egui::Color32::from_rgb(120, 200, 250),
        egui::Color32::from_rgb(200, 160, 250),
        egui::Color32::from_rgb(150, 230, 160),
    ];
    COLOURS[seat % COLOURS.len()]
}

/// Draws the chart; the move tapped, if any.
pub fn chance_chart(ui: &mut egui::Ui, board: &ReviewBoard) -> Option<usize> {
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        ui.label(
            egui::RichText::new(tr!("review-chart"))
                .color(ecolour::TEXT_DIM)
                .size(size::TEXT - 6.0),
        );
        for (seat, name) in board.names.iter().enumerate() {
            ui.label(
                egui::RichText::new(format!("— {name}"))
                    .color(seat_colour(seat))
                    .size(size::TEXT - 6.0)
                    .strong(),
            );
        }
    });
    // A third of the panel at most, so the move in hand stays in view.
    let height = (ui.available_width() * 0.42)
        .min(ui.available_height() * 0.33)
        .clamp(100.0, 220.0);
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), height),
        egui::Sense::click_and_drag(),
    );
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 8.0, ecolour::CHIP);
    // The levels' labels in a gutter of their own, left of the lines, so
    // that no move's mark covers them.
    let level_font = egui::FontId::proportional(size::TEXT - 8.0);
    let level_labels = ["100\u{a0}%", "50\u{a0}%", "0\u{a0}%"]
        .map(|t| painter.layout_no_wrap(t.to_owned(), level_font.clone(), ecolour::TEXT_DIM));
    let gutter = level_labels.iter().map(|g| g.size().x).fold(0.0, f32::max) + 8.0;
    let padded = rect.shrink2(egui::vec2(12.0, 12.0));
    let inner =
        egui::Rect::from_min_max(egui::pos2(padded.left() + gutter, padded.top()), padded.max);
    let n = board.moves.len().max(1) as f32;
    let x = |i: usize| inner.left() + inner.width() * i as f32 / n;
    let y = |win: f64| inner.bottom() - inner.height() * win.clamp(0.0, 1.0) as f32;
    for (level, label) in [1.0, 0.5, 0.0].into_iter().zip(level_labels) {
        painter.line_segment(
            [
                egui::pos2(inner.left(), y(level)),
                egui::pos2(inner.right(), y(level)),
            ],
            egui::Stroke::new(1.0, ecolour::TEXT_DIM.gamma_multiply(0.4)),
        );
        let at = egui::Align2::RIGHT_CENTER
            .anchor_size(egui::pos2(inner.left() - 6.0, y(level)), label.size());
        painter.galley(at.min, label, ecolour::TEXT_DIM);
    }
    // The move on the table.
    painter.line_segment(
        [
            egui::pos2(x(board.at), rect.top()),
            egui::pos2(x(board.at), rect.bottom()),
        ],
        egui::Stroke::new(2.0, ecolour::ACCENT),
    );
    // A blunder's label goes where it does not cover another's: a run of
    // blunders keeps its dots and names the first.
    let mut labelled: Vec<(egui::Rect, std::sync::Arc<egui::Galley>)> = Vec::new();
    let label_font = egui::FontId::proportional(size::TEXT - 7.0);
    for seat in 0..board.names.len() {
        let points: Vec<(usize, egui::Pos2)> = board
            .moves
            .iter()
            .enumerate()
            .filter(|(_, m)| m.seat == seat)
            .filter_map(|(i, m)| match &m.graded {
                Some(Ok(g)) => Some((i, egui::pos2(x(i), y(g.win)))),
                _ => None,
            })
            .collect();
        let line: Vec<egui::Pos2> = points.iter().map(|(_, p)| *p).collect();
        painter.add(egui::Shape::line(
            line,
            egui::Stroke::new(2.5, seat_colour(seat)),
        ));
        if !board.shows_grades(seat) {
            continue;
        }
        for (i, p) in points {
            let Some(Ok(g)) = &board.moves[i].graded else {
                continue;
            };
            if g.grade.mark().is_empty() {
                continue;
            }
            painter.circle(
                p,
                6.0,
                mark_colour(g.grade),
                egui::Stroke::new(1.5, ecolour::INK),
            );
            if g.grade.mark() == "??" {
                let galley = painter.layout_no_wrap(
                    "??".to_owned(),
                    label_font.clone(),
                    mark_colour(g.grade),
                );
                let at = egui::Align2::CENTER_BOTTOM
                    .anchor_size(p - egui::vec2(0.0, 8.0), galley.size())
                    .expand(2.0);
                if labelled.iter().all(|(r, _)| !r.intersects(at)) {
                    labelled.push((at, galley));
                }
            }
        }
    }
    // The labels last, each on a patch of the chart's own colour, so that
    // no line or dot drawn after crosses them.
    for (at, galley) in labelled {
        painter.rect_filled(at, 4.0, ecolour::CHIP.gamma_multiply(0.85));
        painter.galley(at.shrink(2.0).min, galley, ecolour::TEXT);
    }
    let pointer = response.interact_pointer_pos();
    (response.clicked() || response.dragged())
        .then_some(pointer)
        .flatten()
        .map(|p| {
            let t = ((p.x - inner.left()) / inner.width()).clamp(0.0, 1.0);
            ((t * n).round() as usize).min(board.moves.len())
        })
}
