//! The pieces every screen is made of: finger-sized buttons, choices, a
//! full-window panel, the notice banner, a table's top bar and its chips.

use bevy_egui::egui;

use super::theme::{ecolour, size};
use crate::session::Notice;

/// A code a phone's camera reads (a QR code) for `text`, `side` points
/// square with its quiet zone, dark on white whatever the theme.
pub fn join_code(ui: &mut egui::Ui, text: &str, side: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let Ok(code) = qrcode::QrCode::new(text.as_bytes()) else {
        return response;
    };
    let width = code.width();
    // Four modules of quiet zone each side, as readers expect.
    let module = side / (width + 8) as f32;
    let painter = ui.painter();
    painter.rect_filled(rect, 6, egui::Color32::WHITE);
    for (i, colour) in code.to_colors().iter().enumerate() {
        if *colour == qrcode::Color::Dark {
            let (x, y) = ((i % width) as f32, (i / width) as f32);
            let min = rect.min + egui::vec2((x + 4.0) * module, (y + 4.0) * module);
            painter.rect_filled(
                egui::Rect::from_min_size(min, egui::vec2(module, module)).expand(0.3),
                0,
                egui::Color32::BLACK,
            );
        }
    }
    response
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

/// The width [`big_button`] gives `text`.
pub fn big_button_width(ui: &egui::Ui, text: &str) -> f32 {
    let family = egui::TextStyle::Button.resolve(ui.style()).family;
    button_width(ui, text, egui::FontId::new(size::TEXT + 2.0, family), 180.0)
}

/// The width a button needs for `text` in `font` (at least `min`), so a
/// row of buttons can be centred whatever length the language gives them.
pub fn button_width(ui: &egui::Ui, text: &str, font: egui::FontId, min: f32) -> f32 {
    let galley = ui
        .painter()
        .layout_no_wrap(text.to_owned(), font, ecolour::INK);
    (galley.size().x + 2.0 * ui.spacing().button_padding.x).max(min)
}

/// A card in the window's bottom-right corner, over the screen but off its
/// middle (a table's board stays in sight): outlined, at most `width`
/// points wide, its contents centred. `taps`: whether it takes taps, or
/// lets them through to the screen under it.
pub fn corner_card(
    ctx: &egui::Context,
    id: &str,
    width: f32,
    taps: bool,
    add_contents: impl FnOnce(&mut egui::Ui),
) {
    egui::Area::new(egui::Id::new(id))
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-24.0, -24.0))
        .order(egui::Order::Foreground)
        .interactable(taps)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(ecolour::PANEL)
                .stroke(egui::Stroke::new(2.0, ecolour::ACCENT))
                .corner_radius(16)
                .inner_margin(20)
                .show(ui, |ui| {
                    ui.set_max_width(width);
                    ui.vertical_centered(add_contents);
                });
        });
}

/// A question over the screen (a dialog): the screen dims behind it and
/// takes no taps until it is answered.
pub fn dialog(id: &str) -> egui::Modal {
    egui::Modal::new(egui::Id::new(id)).frame(
        egui::Frame::new()
            .fill(ecolour::PANEL)
            .corner_radius(18)
            .inner_margin(24),
    )
}

/// A [`dialog`]'s width: `most`, or less on a narrow screen (a phone), so
/// the card and its margin stay on it — a card wider than the screen is
/// centred with both its sides cut off.
pub fn dialog_width(ctx: &egui::Context, most: f32) -> f32 {
    most.min(ctx.content_rect().width() - 2.0 * (24.0 + size::MARGIN))
        .max(120.0)
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

/// A screen over the table, which shows through dimmed: the results over
/// the final position.
pub fn full_screen_over_table(ctx: &egui::Context, add_contents: impl FnOnce(&mut egui::Ui)) {
    let mut root = egui::Ui::new(
        ctx.clone(),
        egui::Id::new("screen"),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.content_rect()),
    );
    egui::CentralPanel::default_margins()
        .frame(
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(15, 45, 34, 225))
                .inner_margin(24),
        )
        .show(&mut root, add_contents);
}

/// The notice under the HUD (a refusal in red, news on a card), at most
/// `max_width` wide; it lets the pointer through.
pub fn notice_banner(ctx: &egui::Context, id: &str, notice: &Notice, max_width: f32) {
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
    notice: &Notice,
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

/// [`notice_banner`] in the middle of `room` (egui's points), wrapped to
/// its width, its words made smaller (down to 14 points) until it keeps
/// inside the room's height: where a table keeps felt free for it.
pub fn notice_banner_in(ctx: &egui::Context, id: &str, notice: &Notice, room: egui::Rect) {
    let margin = 8.0;
    let wrap = (room.width() - 2.0 * margin - 24.0).max(40.0);
    let text_size = notice_fit(ctx, &notice.text, wrap, room.height() - 2.0 * margin);
    egui::Area::new(egui::Id::new(id))
        .pivot(egui::Align2::CENTER_CENTER)
        .fixed_pos(room.center())
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
                .inner_margin(egui::Margin::symmetric(12, margin as i8))
                .show(ui, |ui| {
                    // As wide as the room, so nothing under it peeks out.
                    ui.set_min_width(wrap);
                    ui.set_max_width(wrap);
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(&notice.text).color(ink).size(text_size),
                        )
                        .wrap(),
                    );
                });
        });
}

/// The largest text size, from the notices' own down to 14 points, at
/// which `text` wrapped to `width` is no taller than `height`.
pub fn notice_fit(ctx: &egui::Context, text: &str, width: f32, height: f32) -> f32 {
    let mut text_size = size::TEXT;
    while text_size > 14.0 {
        let font = egui::FontId::proportional(text_size);
        let tall = ctx.fonts_mut(|f| {
            f.layout(text.to_owned(), font, egui::Color32::WHITE, width)
                .size()
                .y
        });
        if tall <= height {
            break;
        }
        text_size -= 2.0;
    }
    text_size
}

/// A finger-sized choice button: filled with the accent when chosen.
pub fn choice(ui: &mut egui::Ui, chosen: bool, label: &str, width: f32) -> bool {
    let text = if chosen {
        egui::RichText::new(label)
            .color(ecolour::ON_ACCENT)
            .strong()
    } else {
        egui::RichText::new(label)
    };
    let mut button = egui::Button::new(text).min_size(egui::vec2(width, size::TOUCH));
    if chosen {
        button = button.fill(ecolour::ACCENT);
    }
    ui.add(button).clicked()
}

/// Two big buttons, on and off.
pub fn on_off(ui: &mut egui::Ui, value: &mut bool, enabled: bool) {
    ui.add_enabled_ui(enabled, |ui| {
        ui.horizontal(|ui| {
            for (label, on) in [
                (crate::tr!("home-on"), true),
                (crate::tr!("home-off"), false),
            ] {
                if choice(ui, *value == on, &label, 96.0) {
                    *value = on;
                }
            }
        });
    });
}

/// The bar along the top of a table: the panel colour across the window,
/// `size::HUD` high, with `add_contents` laid out left to right in it.
pub fn top_bar(ctx: &egui::Context, id: &str, add_contents: impl FnOnce(&mut egui::Ui)) {
    let width = ctx.content_rect().width();
    egui::Area::new(egui::Id::new(id))
        .fixed_pos(egui::pos2(0.0, 0.0))
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            ui.painter().rect_filled(
                egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(width, size::HUD)),
                0,
                ecolour::PANEL,
            );
            ui.set_min_size(egui::vec2(width, size::HUD));
            ui.set_max_size(egui::vec2(width, size::HUD));
            ui.horizontal_centered(add_contents);
        });
}

/// The least width a seat's chip keeps in the top bar: a short name and
/// its line, truncated beyond.
pub const CHIP_LEAST: f32 = 64.0;

/// Each of `seats` chips' width in `room` points of the top bar: an equal
/// share, from `CHIP_LEAST` to 260 points.
pub fn chip_width(room: f32, seats: usize) -> f32 {
    (room / seats.max(1) as f32 - 10.0).clamp(CHIP_LEAST, 260.0)
}

/// How wide `text` is on one line at `text_size`.
pub fn line_width(ui: &egui::Ui, text: &str, text_size: f32) -> f32 {
    ui.fonts_mut(|f| {
        f.layout_no_wrap(
            text.to_owned(),
            egui::FontId::proportional(text_size),
            egui::Color32::WHITE,
        )
        .size()
        .x
    })
}

/// What a seat's chip in the top bar says.
pub struct SeatChip<'a> {
    /// The seat's name.
    pub name: &'a str,
    /// One line under it: its points, cards, bouts…
    pub line: &'a str,
    /// Lit while the seat is to move.
    pub to_move: bool,
    /// The seat's own colour, where the game gives seats one.
    pub edge: Option<egui::Color32>,
}

/// A seat's chip, `width` wide: its name over one line about it, lit while
/// the seat is to move. Both truncate rather than push the bar apart.
pub fn seat_chip(ui: &mut egui::Ui, width: f32, chip: SeatChip) {
    let (fill, ink) = if chip.to_move {
        (ecolour::ACCENT, ecolour::ON_ACCENT)
    } else {
        (ecolour::CHIP, ecolour::TEXT)
    };
    let mut frame = egui::Frame::new()
        .fill(fill)
        .corner_radius(12)
        .inner_margin(egui::Margin::symmetric(12, 4));
    if let Some(edge) = chip.edge {
        frame = frame.stroke(egui::Stroke::new(3.0, edge));
    }
    frame.show(ui, |ui| {
        ui.set_width(width - 24.0);
        ui.vertical(|ui| {
            ui.spacing_mut().item_spacing.y = 0.0;
            let name = egui::RichText::new(chip.name)
                .color(ink)
                .strong()
                .size(size::TEXT - 2.0);
            ui.add(egui::Label::new(name).truncate());
            let line = egui::RichText::new(chip.line)
                .color(ink)
                .size(size::TEXT - 4.0);
            ui.add(egui::Label::new(line).truncate());
        });
    });
}

/// The right end of the top bar: the button that opens and closes the
/// match menu, with `beside` laid out right to left before it (a clock, the
/// round). Whether the button was pressed.
pub fn menu_button(ui: &mut egui::Ui, beside: impl FnOnce(&mut egui::Ui)) -> bool {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        ui.add_space(8.0);
        let pressed = ui
            .add(
                egui::Button::new(egui::RichText::new("☰").size(28.0))
                    .min_size(egui::vec2(size::TOUCH, size::TOUCH)),
            )
            .clicked();
        beside(ui);
        pressed
    })
    .inner
}

#[cfg(test)]
mod tests {
    use super::*;

    const UNSAVED: &str = "This match could not be saved (No space left on device (os error 28)): play on, but if Parlour closes, its latest moves are lost.";

    /// `notice_fit` inside a frame (egui lays text out only then).
    fn fitted(text: &str, width: f32, height: f32) -> (f32, f32) {
        let ctx = crate::ui::theme::test_context();
        let mut answer = (0.0, 0.0);
        let output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let ctx = ui.ctx();
            let text_size = notice_fit(ctx, text, width, height);
            let tall = ctx.fonts_mut(|f| {
                f.layout(
                    text.to_owned(),
                    egui::FontId::proportional(text_size),
                    egui::Color32::WHITE,
                    width,
                )
                .size()
                .y
            });
            answer = (text_size, tall);
        });
        output.drop_without_applying_deltas();
        answer
    }

    #[test]
    fn a_long_notice_gets_smaller_words_to_keep_inside_its_line() {
        let (text_size, tall) = fitted(UNSAVED, 700.0, 40.0);
        assert!(text_size < size::TEXT, "{text_size}");
        assert!(tall <= 40.0, "{tall} points tall");
    }

    #[test]
    fn four_seats_chips_and_the_menu_fit_a_phones_top_bar() {
        let menu = size::TOUCH + 16.0;
        for (width, seats) in [(390.0, 4), (390.0, 2), (360.0, 4), (1280.0, 4)] {
            let chip = chip_width(width - menu, seats);
            assert!(
                chip * seats as f32 + 10.0 * seats as f32 + menu <= width,
                "{width}: {chip}"
            );
        }
        assert_eq!(
            chip_width(2000.0, 2),
            260.0,
            "never wider than a name needs"
        );
    }

    #[test]
    fn a_notice_that_fits_keeps_the_notices_own_size() {
        assert_eq!(fitted("Not your turn.", 1200.0, 40.0).0, size::TEXT);
        // No room at all: the smallest size, never smaller.
        assert_eq!(fitted(UNSAVED, 200.0, 10.0).0, 14.0);
    }
}
