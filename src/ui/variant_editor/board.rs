//! A grid option painted by touch (Neighbours' board): its rows and
//! columns, a brush for each of its symbols, and a tap on a cell paints
//! it. A symbol that stands on one cell only (the start) moves there. The
//! board reader's refusals come through the rules' check, as any other.

use bevy_egui::egui;
use parlour_core::engine::options::{self, OptionKind, OptionSpec, OptionValue};

use super::Editing;
use crate::i18n::tr_opt;
use crate::tr;
use crate::ui::theme::{ecolour, size};
use crate::ui::widgets::choice;

/// The cells' colours, by the symbol's place in the game's list (the plain
/// cell first): paper, then blue-grey, sea green and amber as the table's.
const FILLS: [egui::Color32; 4] = [
    ecolour::CELL,
    egui::Color32::from_rgb(199, 204, 219),
    ecolour::CELL_K,
    ecolour::CELL_X,
];

/// The words for a symbol: `{message}-plain` for the first,
/// `{message}-{symbol}` for the others, else the symbol itself.
fn symbol_words(message: &str, at: usize, symbol: &str) -> String {
    let key = if at == 0 {
        format!("{message}-plain")
    } else {
        format!("{message}-{symbol}")
    };
    tr_opt(&key).unwrap_or_else(|| symbol.to_owned())
}

/// The size steppers, the brushes and the grid; the new value, if changed.
pub(super) fn board(
    ui: &mut egui::Ui,
    editing: &mut Editing,
    spec: &OptionSpec,
    value: &OptionValue,
) -> Option<OptionValue> {
    let OptionKind::Grid { symbols, .. } = &spec.kind else {
        return None;
    };
    let OptionValue::Grid(rows) = value else {
        return None;
    };
    let (height, width) = (
        rows.len(),
        rows.iter().map(|r| r.chars().count()).max().unwrap_or(0),
    );
    let mut changed = None;
    ui.horizontal_wrapped(|ui| {
        for (what, now, tall) in [
            ("variants-rows", height, true),
            ("variants-columns", width, false),
        ] {
            ui.label(tr!(what, count = now));
            for (label, by) in [("−", -1i64), ("+", 1)] {
                let button = egui::Button::new(egui::RichText::new(label).size(size::TEXT))
                    .min_size(egui::vec2(size::TOUCH, size::TOUCH));
                if ui.add(button).clicked() {
                    let to = (now as i64 + by).max(1) as usize;
                    let (h, w) = if tall { (to, width) } else { (height, to) };
                    changed = Some(OptionValue::Grid(options::resize(&spec.kind, rows, h, w)));
                }
            }
            ui.add_space(16.0);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!("variants-brush"));
        for (at, symbol) in symbols.iter().enumerate() {
            let Some(c) = symbol.chars().next() else {
                continue;
            };
            let words = symbol_words(spec.message, at, symbol);
            if choice(ui, editing.brush == c, &words, 110.0) {
                editing.brush = c;
            }
        }
    });
    // The brush must be one of this grid's symbols.
    if !symbols.iter().any(|s| s.starts_with(editing.brush)) {
        editing.brush = symbols.last().and_then(|s| s.chars().next()).unwrap_or('.');
    }
    ui.add_space(6.0);
    let room = ui.available_width().min(720.0);
    let cell = (room / width.max(1) as f32).clamp(14.0, size::TOUCH);
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(cell * width as f32, cell * height as f32),
        egui::Sense::click(),
    );
    let painter = ui.painter_at(rect);
    let font = egui::FontId::proportional(cell * 0.5);
    for (r, line) in rows.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let at = symbols.iter().position(|s| s.starts_with(ch)).unwrap_or(0);
            let min = rect.min + egui::vec2(c as f32 * cell, r as f32 * cell);
            let square = egui::Rect::from_min_size(min, egui::vec2(cell, cell)).shrink(1.0);
            painter.rect_filled(square, 3, FILLS[at.min(FILLS.len() - 1)]);
            if at > 0 {
                painter.text(
                    square.center(),
                    egui::Align2::CENTER_CENTER,
                    ch,
                    font.clone(),
                    ecolour::INK,
                );
            }
        }
    }
    if response.clicked()
        && let Some(at) = response.interact_pointer_pos()
    {
        let c = ((at.x - rect.min.x) / cell) as usize;
        let r = ((at.y - rect.min.y) / cell) as usize;
        let mut painted = rows.clone();
        options::paint(&spec.kind, &mut painted, r, c, editing.brush);
        if &painted != rows {
            changed = Some(OptionValue::Grid(painted));
        }
    }
    changed
}
