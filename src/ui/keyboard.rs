//! The on-screen keyboard for names, for a touch screen or a kiosk with no
//! keyboard: letters (with æ ø å é è à ç for French and Danish names), a
//! space, backspace, shift and OK, in the PIN pad's look; and the names
//! people have played under, as big buttons, so a returning player taps
//! their name.
//!
//! The keys are laid out by a plain function ([`keys`]) that both draws
//! them and tells a test where to tap.

use bevy_egui::egui;

use super::theme::{ecolour, size};
use crate::tr;

/// One key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A letter or a space (lower case; shift or a name's first letter
    /// makes it a capital).
    Char(char),
    /// Rubs out the last letter.
    Backspace,
    /// The next letter a capital (or small, at a name's start).
    Shift,
    /// Done.
    Ok,
}

/// The letter rows: a QWERTY keyboard, then the accented letters French
/// and Danish names use.
const ROWS: [&str; 4] = ["qwertyuiop", "asdfghjkl-", "zxcvbnm'", "æøåéèàç"];

/// A key's size: a fingertip, a little narrower than the PIN pad's.
pub const KEY: egui::Vec2 = egui::vec2(64.0, 58.0);
/// The gap between keys.
const GAP: f32 = 8.0;

/// What a key press does to `text` (at most `limit` letters). Returns true
/// for OK.
pub fn press(text: &mut String, shift: &mut bool, key: Key, limit: usize) -> bool {
    match key {
        Key::Char(c) => {
            if text.chars().count() < limit && !(c == ' ' && text.ends_with(' ')) {
                // A name's first letter is a capital unless shift says otherwise.
                let capital = text.is_empty() || text.ends_with(' ') || text.ends_with('-');
                if capital != *shift {
                    text.extend(c.to_uppercase());
                } else {
                    text.push(c);
                }
                *shift = false;
            }
        }
        Key::Backspace => {
            text.pop();
        }
        Key::Shift => *shift = !*shift,
        Key::Ok => return true,
    }
    false
}

/// Every key and where it goes in a keyboard whose top-left is `origin`:
/// four rows of letters, then shift, space, backspace and OK.
pub fn keys(origin: egui::Pos2) -> Vec<(Key, egui::Rect)> {
    keys_within(origin, keyboard_size().x)
}

/// [`keys`] in a keyboard at most `width` wide: on a phone held upright
/// the keys narrow (as a phone's own keyboard's do) and keep their height.
pub fn keys_within(origin: egui::Pos2, width: f32) -> Vec<(Key, egui::Rect)> {
    let mut out = Vec::new();
    let widest = ROWS.iter().map(|r| r.chars().count()).max().unwrap_or(10) as f32;
    let across = ((width + GAP) / widest).min(KEY.x + GAP);
    let pitch = egui::vec2(across, KEY.y + GAP);
    let key_size = egui::vec2(across - GAP, KEY.y);
    for (r, row) in ROWS.iter().enumerate() {
        let n = row.chars().count() as f32;
        // Each row centred under the widest.
        let left = origin.x + (widest - n) * pitch.x / 2.0;
        for (i, c) in row.chars().enumerate() {
            let min = egui::pos2(left + i as f32 * pitch.x, origin.y + r as f32 * pitch.y);
            out.push((Key::Char(c), egui::Rect::from_min_size(min, key_size)));
        }
    }
    // The bottom row: shift 1½ keys wide, space 4, backspace 1½, OK 3
    // (its word in every language on one line, on a phone's narrow keys too).
    let y = origin.y + ROWS.len() as f32 * pitch.y;
    let mut x = origin.x;
    for (key, span) in [
        (Key::Shift, 1.5),
        (Key::Char(' '), 4.0),
        (Key::Backspace, 1.5),
        (Key::Ok, 3.0),
    ] {
        let width = span * pitch.x - GAP;
        out.push((
            key,
            egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(width, key_size.y)),
        ));
        x += span * pitch.x;
    }
    out
}

/// The keyboard's size.
pub fn keyboard_size() -> egui::Vec2 {
    let widest = ROWS.iter().map(|r| r.chars().count()).max().unwrap_or(10) as f32;
    egui::vec2(
        widest * (KEY.x + GAP) - GAP,
        (ROWS.len() + 1) as f32 * (KEY.y + GAP) - GAP,
    )
}

/// The keyboard over the screen, editing `text`: the name so far, the
/// names played under (tap one to take it), the keys. Returns true when
/// the person is done (OK, or a name tapped).
pub fn name_keyboard(
    ctx: &egui::Context,
    text: &mut String,
    shift: &mut bool,
    limit: usize,
    names: &[String],
) -> bool {
    let mut done = false;
    egui::Modal::new(egui::Id::new("name-keyboard"))
        .frame(
            egui::Frame::new()
                .fill(ecolour::PANEL)
                .corner_radius(18)
                .inner_margin(20),
        )
        .show(ctx, |ui| {
            // The modal's margins and the window's edge left either side.
            let room = ctx.content_rect().width() - 2.0 * 20.0 - 60.0;
            let size = keyboard_size();
            let size = egui::vec2(size.x.min(room), size.y);
            ui.set_width(size.x);
            ui.vertical_centered(|ui| {
                let shown = if text.is_empty() {
                    "–"
                } else {
                    text.as_str()
                };
                ui.label(egui::RichText::new(shown).size(size::HEADING).strong());
            });
            ui.add_space(8.0);
            if !names.is_empty() {
                ui.label(egui::RichText::new(tr!("keyboard-names")).color(ecolour::TEXT_DIM));
                ui.horizontal_wrapped(|ui| {
                    for name in names {
                        let button = egui::Button::new(egui::RichText::new(name).size(size::TEXT))
                            .min_size(egui::vec2(0.0, size::TOUCH));
                        if ui.add(button).clicked() {
                            text.clone_from(name);
                            done = true;
                        }
                    }
                });
                ui.add_space(8.0);
            }
            let (area, _) = ui.allocate_exact_size(size, egui::Sense::hover());
            // Where the keys are, for whoever needs to find one (the tests).
            ui.ctx()
                .data_mut(|d| d.insert_temp(egui::Id::new("kb-origin"), area.min));
            // The keys are placed within the room just taken, on a child
            // that takes none: placed one by one on the panel itself, each
            // would push the panel's foot a little lower.
            let mut keys = ui.new_child(egui::UiBuilder::new().max_rect(area));
            keys.spacing_mut().button_padding = egui::vec2(2.0, 2.0);
            for (key, rect) in keys_within(area.min, size.x) {
                if key_button(&mut keys, key, rect, *shift, text.is_empty()).clicked() {
                    done |= press(text, shift, key, limit);
                }
            }
        });
    done
}

/// One key, drawn in `rect`.
fn key_button(
    ui: &mut egui::Ui,
    key: Key,
    rect: egui::Rect,
    shift: bool,
    at_start: bool,
) -> egui::Response {
    // A letter fills a key a phone narrowed as it fills a wide one: its
    // widest capitals (W, M, Q) inside the key, never cut at its edge.
    let glyph = (rect.width() * 0.62).min(28.0);
    let label = match key {
        Key::Char(' ') => egui::RichText::new(tr!("keyboard-space")).size(size::TEXT - 2.0),
        Key::Char(c) => {
            let capital = at_start != shift;
            let shown: String = if capital {
                c.to_uppercase().collect()
            } else {
                c.to_string()
            };
            egui::RichText::new(shown).size(glyph)
        }
        Key::Backspace => egui::RichText::new("⌫").size(glyph),
        Key::Shift => egui::RichText::new("⇧").size(glyph),
        Key::Ok => egui::RichText::new(tr!("pin-ok"))
            .color(ecolour::ON_ACCENT)
            .strong(),
    };
    let mut button = egui::Button::new(label);
    if key == Key::Ok || (key == Key::Shift && shift) {
        button = button.fill(ecolour::ACCENT);
    }
    ui.put(rect, button)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_starts_with_a_capital_and_shift_makes_one_more() {
        let (mut text, mut shift) = (String::new(), false);
        for key in "åse".chars().map(Key::Char) {
            press(&mut text, &mut shift, key, 16);
        }
        assert_eq!(text, "Åse");
        press(&mut text, &mut shift, Key::Char('-'), 16);
        press(&mut text, &mut shift, Key::Char('m'), 16);
        assert_eq!(text, "Åse-M");
        press(&mut text, &mut shift, Key::Shift, 16);
        press(&mut text, &mut shift, Key::Char('c'), 16);
        assert_eq!(text, "Åse-MC", "shift once, a capital once");
        assert!(!shift);
        press(&mut text, &mut shift, Key::Backspace, 16);
        assert_eq!(text, "Åse-M");
    }

    #[test]
    fn a_name_keeps_to_its_length_and_to_single_spaces() {
        let (mut text, mut shift) = ("Ab".to_owned(), false);
        press(&mut text, &mut shift, Key::Char(' '), 4);
        press(&mut text, &mut shift, Key::Char(' '), 4);
        press(&mut text, &mut shift, Key::Char('c'), 4);
        press(&mut text, &mut shift, Key::Char('d'), 4);
        assert_eq!(text, "Ab C");
        assert!(press(&mut text, &mut shift, Key::Ok, 4));
    }

    #[test]
    fn no_two_keys_overlap_and_every_key_is_finger_sized() {
        let keys = keys(egui::pos2(10.0, 20.0));
        let area = egui::Rect::from_min_size(egui::pos2(10.0, 20.0), keyboard_size());
        for (i, (a, ra)) in keys.iter().enumerate() {
            assert!(area.contains_rect(*ra), "{a:?} outside");
            assert!(
                ra.height() >= size::TOUCH && ra.width() >= size::TOUCH,
                "{a:?}"
            );
            for (b, rb) in &keys[i + 1..] {
                assert!(!ra.intersects(*rb), "{a:?} and {b:?} overlap");
            }
        }
        for c in "æøåéèàç".chars() {
            assert!(keys.iter().any(|(k, _)| *k == Key::Char(c)), "{c}");
        }
    }

    /// Runs one egui frame of the keyboard with `events`, on a 1280 × 800 screen.
    fn frame(
        ctx: &egui::Context,
        text: &mut String,
        shift: &mut bool,
        events: Vec<egui::Event>,
    ) -> bool {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 800.0),
            )),
            events,
            ..Default::default()
        };
        let mut done = false;
        let output = ctx.run_ui(input, |ui| {
            done = name_keyboard(ui.ctx(), text, shift, 16, &["Bram".to_owned()]);
        });
        // No painter here: the frame's textures are let go unused.
        output.drop_without_applying_deltas();
        done
    }

    /// Where key `key` was drawn last frame.
    fn rect_of(ctx: &egui::Context, key: Key) -> egui::Rect {
        let q = ctx
            .memory(|m| m.data.get_temp::<egui::Pos2>(egui::Id::new("kb-origin")))
            .expect("the keyboard was drawn");
        keys(q).into_iter().find(|(k, _)| *k == key).unwrap().1
    }

    fn tap(at: egui::Pos2) -> Vec<Vec<egui::Event>> {
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        };
        vec![
            vec![egui::Event::PointerMoved(at)],
            vec![button(true)],
            vec![button(false)],
            vec![],
        ]
    }

    #[test]
    fn tapping_the_keys_types_a_name_and_ok_closes_the_keyboard() {
        let ctx = crate::ui::theme::test_context();
        let (mut text, mut shift) = (String::new(), false);
        // A first frame to lay the keyboard out (a modal appears in its second).
        frame(&ctx, &mut text, &mut shift, vec![]);
        frame(&ctx, &mut text, &mut shift, vec![]);
        for key in [Key::Char('z'), Key::Char('o'), Key::Char('é'), Key::Ok] {
            let at = rect_of(&ctx, key).center();
            let mut done = false;
            for events in tap(at) {
                done |= frame(&ctx, &mut text, &mut shift, events);
            }
            assert_eq!(done, key == Key::Ok, "{key:?}");
        }
        assert_eq!(text, "Zoé");
    }
}
