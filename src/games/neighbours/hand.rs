//! Neighbours on a player's phone at a shared table: the board as the
//! table shows it, and the hand in big tokens. Tap a token, the cells the
//! rules accept it on light up, tap one to place it. Upright, the board is
//! above the hand; sideways, the hand stands beside the board.

use bevy_egui::egui;
use parlour_core::engine::Game;
use parlour_core::games::neighbours::view::Seen;
use parlour_core::games::neighbours::{Bonus, Config, Move, Neighbours, Placement};

use crate::catalog::HandFrame;
use crate::tr;
use crate::ui::arrive::arrival;
use crate::ui::theme::{ecolour, size};

/// The token picked from the hand, by place in the hand, at a move number;
/// whether the hint for that move has picked its token already (once: the
/// player may put it back).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Picked {
    number: usize,
    at: Option<usize>,
    hint_taken: bool,
}

/// The hand screen (see the module's comment).
pub fn hand(ui: &mut egui::Ui, frame: &HandFrame) -> Option<serde_json::Value> {
    let (Ok(seen), Ok(config)) = (
        serde_json::from_value::<Seen>(frame.seen.clone()),
        Neighbours::variant(frame.variant),
    ) else {
        ui.label(tr!("hand-unreadable"));
        return None;
    };
    let id = egui::Id::new("neighbours-hand");
    let mut picked: Picked = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    if picked.number != frame.number || !frame.to_play {
        picked = Picked {
            number: frame.number,
            ..Picked::default()
        };
    }
    // The host's hint: its token picked from the hand, its cell ringed.
    let hinted = frame
        .hint
        .and_then(|mv| serde_json::from_value::<Move>(mv.clone()).ok())
        .and_then(|mv| match mv {
            Move::Place(p) => Some((p.digit, config.board.cell(p.row, p.col)?)),
            Move::Pass => None,
        });
    if let Some((digit, _)) = hinted
        && !picked.hint_taken
    {
        picked.hint_taken = true;
        picked.at = seen.hand.iter().position(|&d| d == digit);
    }
    let digit = picked.at.and_then(|i| seen.hand.get(i).copied());
    let fits = |digit: u8| {
        (0..config.board.len()).any(|cell| seen.accepts(&config, cell) & (1 << digit) != 0)
    };
    let stuck = frame.to_play && !seen.hand.iter().any(|&d| fits(d));

    let room = ui.available_rect_before_wrap();
    let upright = room.height() >= room.width();
    if frame.seat.is_none() {
        // The table's screen: the board alone, as large as it goes.
        board(ui, &seen, &config, room, None, None, false);
        ui.allocate_rect(room, egui::Sense::hover());
        return None;
    }
    let (board_room, hand_room) = if upright {
        let hand_h = (room.height() * 0.22).clamp(96.0, 150.0);
        let (b, h) = split_y(room, room.height() - hand_h);
        (b, h)
    } else {
        let hand_w = (room.width() * 0.28).clamp(150.0, 260.0);
        split_x(room, room.width() - hand_w)
    };
    let mut made = None;
    // A wide board on an upright phone is turned a quarter, so its cells
    // are half as large again.
    let turned = upright && config.board.cols() > config.board.rows();
    if let Some(cell) = board(
        ui,
        &seen,
        &config,
        board_room,
        digit.filter(|_| frame.to_play),
        hinted.map(|(_, cell)| cell),
        turned,
    ) && let Some(digit) = digit
    {
        let (row, col) = config.board.coords(cell);
        made = Some(Move::Place(Placement { digit, row, col }));
    }
    let tapped = tokens(
        ui,
        &seen.hand,
        hand_room,
        picked.at,
        frame.to_play,
        upright,
        stuck,
    );
    if let Some(i) = tapped {
        picked.at = (picked.at != Some(i)).then_some(i);
    }
    if stuck {
        made = made.or(pass_button(ui, hand_room).then_some(Move::Pass));
    }
    ui.data_mut(|d| d.insert_temp(id, picked));
    ui.allocate_rect(room, egui::Sense::hover());
    made.and_then(|mv| serde_json::to_value(mv).ok())
}

fn split_y(r: egui::Rect, at: f32) -> (egui::Rect, egui::Rect) {
    let y = r.min.y + at;
    (
        egui::Rect::from_min_max(r.min, egui::pos2(r.max.x, y)),
        egui::Rect::from_min_max(egui::pos2(r.min.x, y), r.max),
    )
}

fn split_x(r: egui::Rect, at: f32) -> (egui::Rect, egui::Rect) {
    let x = r.min.x + at;
    (
        egui::Rect::from_min_max(r.min, egui::pos2(x, r.max.y)),
        egui::Rect::from_min_max(egui::pos2(x, r.min.y), r.max),
    )
}

/// The board, fitted to `room` (turned a quarter clockwise if `turned`);
/// with a digit picked, the cells that take it lit; the hint's cell ringed.
/// The cell tapped, if it takes the digit.
fn board(
    ui: &mut egui::Ui,
    seen: &Seen,
    config: &Config,
    room: egui::Rect,
    digit: Option<u8>,
    hinted: Option<usize>,
    turned: bool,
) -> Option<usize> {
    let (mut rows, mut cols) = (config.board.rows() as f32, config.board.cols() as f32);
    if turned {
        std::mem::swap(&mut rows, &mut cols);
    }
    let cell = ((room.width() - 8.0) / cols)
        .min((room.height() - 8.0) / rows)
        .max(8.0);
    let size = egui::vec2(cell * cols, cell * rows);
    let origin = room.center() - size / 2.0;
    let mut tapped = None;
    for c in 0..config.board.len() {
        let (row, col) = config.board.coords(c);
        let (row, col) = if turned {
            (col, config.board.rows() - 1 - row)
        } else {
            (row, col)
        };
        let rect = egui::Rect::from_min_size(
            origin + egui::vec2(col as f32 * cell, row as f32 * cell),
            egui::vec2(cell, cell),
        )
        .shrink(1.5);
        let takes = digit.is_some_and(|d| seen.accepts(config, c) & (1 << d) != 0);
        let fill = if takes {
            ecolour::GOOD
        } else {
            match config.board.bonus(c) {
                Bonus::K => ecolour::CELL_K,
                Bonus::X => ecolour::CELL_X,
                _ => ecolour::CELL,
            }
        };
        let response = ui.interact(rect, egui::Id::new(("nb-cell", c)), egui::Sense::click());
        let painter = ui.painter();
        painter.rect_filled(rect, cell * 0.12, fill);
        if hinted == Some(c) {
            painter.rect_stroke(
                rect.expand(1.0),
                cell * 0.12,
                egui::Stroke::new(4.0, ecolour::ACCENT),
                egui::StrokeKind::Inside,
            );
        } else if c == config.board.start() {
            painter.rect_stroke(
                rect.shrink(2.0),
                cell * 0.12,
                egui::Stroke::new(2.0, ecolour::INK),
                egui::StrokeKind::Inside,
            );
        }
        let placed = seen.board.get(c).copied().flatten();
        let come = arrival(ui.ctx(), egui::Id::new(("nb-placed", c)), placed.is_some());
        match placed {
            Some(d) => {
                // A token just placed (here or on another device) grows
                // onto its cell and glows a while.
                let radius = cell * 0.42 * come.grown.max(0.0);
                if come.glow > 0.0 {
                    painter.circle_stroke(
                        rect.center(),
                        cell * 0.42 + 3.0,
                        egui::Stroke::new(5.0, ecolour::ACCENT.gamma_multiply(come.glow)),
                    );
                }
                painter.circle_filled(rect.center(), radius, ecolour::CARD);
                painter.circle_stroke(rect.center(), radius, egui::Stroke::new(1.0, ecolour::INK));
                painter.text(
                    rect.center(),
                    egui::Align2::CENTER_CENTER,
                    d.to_string(),
                    // Faded in, not scaled: each text size is a font of its own.
                    egui::FontId::proportional(cell * 0.55),
                    ecolour::INK.gamma_multiply(come.grown.clamp(0.0, 1.0)),
                );
            }
            None => {
                if let Some(mark) = config.board.bonus(c).mark() {
                    painter.text(
                        rect.center(),
                        egui::Align2::CENTER_CENTER,
                        mark,
                        egui::FontId::proportional(cell * 0.4),
                        ecolour::INK.gamma_multiply(0.5),
                    );
                }
            }
        }
        if takes && response.clicked() {
            tapped = Some(c);
        }
    }
    tapped
}

/// The hand as big tokens across (upright) or in two columns (sideways);
/// the token tapped, by place in the hand.
fn tokens(
    ui: &mut egui::Ui,
    hand: &[u8],
    room: egui::Rect,
    picked: Option<usize>,
    to_play: bool,
    upright: bool,
    stuck: bool,
) -> Option<usize> {
    // Room left under (or beside) the tokens for the pass button.
    let room = if stuck {
        split_y(room, room.height() - size::TOUCH - 12.0).0
    } else {
        room
    };
    let n = hand.len().max(1) as f32;
    let (per_row, rows) = if upright {
        (n, 1.0)
    } else {
        (2.0, (n / 2.0).ceil())
    };
    let side = ((room.width() - 8.0) / per_row)
        .min((room.height() - 8.0) / rows)
        .clamp(size::TOUCH, 96.0);
    let block = egui::vec2(side * per_row, side * rows);
    let origin = room.center() - block / 2.0;
    let mut tapped = None;
    for (i, &d) in hand.iter().enumerate() {
        let (r, c) = ((i as f32 / per_row).floor(), i as f32 % per_row);
        let rect = egui::Rect::from_min_size(
            origin + egui::vec2(c * side, r * side),
            egui::vec2(side, side),
        )
        .shrink(4.0);
        let response = ui.interact(rect, egui::Id::new(("nb-token", i)), egui::Sense::click());
        let lit = picked == Some(i);
        let painter = ui.painter();
        let radius = rect.width() / 2.0;
        painter.circle_filled(rect.center(), radius, ecolour::CARD);
        let ring = if lit {
            egui::Stroke::new(5.0, ecolour::ACCENT)
        } else {
            egui::Stroke::new(1.5, ecolour::INK)
        };
        painter.circle_stroke(rect.center(), radius - 2.0, ring);
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            d.to_string(),
            egui::FontId::proportional(radius * 1.1),
            if to_play {
                ecolour::INK
            } else {
                ecolour::INK.gamma_multiply(0.6)
            },
        );
        if to_play && response.clicked() {
            tapped = Some(i);
        }
    }
    tapped
}

/// "No token fits: pass", under the hand.
fn pass_button(ui: &mut egui::Ui, room: egui::Rect) -> bool {
    let rect = egui::Rect::from_min_max(
        egui::pos2(room.min.x + 8.0, room.max.y - size::TOUCH - 4.0),
        egui::pos2(room.max.x - 8.0, room.max.y - 4.0),
    );
    let text = egui::RichText::new(tr!("hand-pass"))
        .color(ecolour::ON_ACCENT)
        .size(size::TEXT);
    ui.put(rect, egui::Button::new(text).fill(ecolour::ACCENT))
        .clicked()
}
