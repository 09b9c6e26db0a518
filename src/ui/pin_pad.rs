//! The kiosk's PIN pad: big keys for a finger, the digits shown as dots.
//! What the keys do is the kiosk's ([`PinPad`]); this is how it looks.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiSystems;
use super::theme::{ecolour, size};
use super::widgets::dialog;
use crate::kiosk::{Kiosk, PinAnswer, PinPad, PinPurpose, PinRequired};
use crate::settings::Settings;
use crate::tr;

/// The PIN pad, over every screen.
pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, pin_pad.in_set(UiSystems::Overlays));
}

/// A key's size: a fingertip with room to spare.
const KEY: egui::Vec2 = egui::vec2(84.0, 64.0);

/// The PIN pad: the heading and dots, the keys, and Cancel.
fn pin_pad(
    mut contexts: EguiContexts,
    mut pad: ResMut<PinPad>,
    mut kiosk: ResMut<Kiosk>,
    mut settings: ResMut<Settings>,
    required: Option<Res<PinRequired>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let Some(purpose) = pad.open else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let pin_set = !settings.kiosk_pin.is_empty();
    // A kiosk that must have a PIN has no way round choosing one.
    let may_cancel = pin_set || required.is_none();
    let mut cancel = false;
    let mut submit = false;
    dialog("pin-pad").show(ctx, |ui| {
        ui.set_width(3.0 * KEY.x + 2.0 * 10.0);
        heading(ui, purpose, &pad, pin_set);
        submit = keys(ui, &mut pad);
        if may_cancel {
            ui.add_space(10.0);
            ui.vertical_centered_justified(|ui| {
                cancel = ui
                    .add(
                        egui::Button::new(tr!("pin-cancel")).min_size(egui::vec2(0.0, size::TOUCH)),
                    )
                    .clicked();
            });
        }
    });
    if submit {
        match pad.submit(&mut settings.kiosk_pin) {
            PinAnswer::Leave => {
                exit.write(AppExit::Success);
            }
            PinAnswer::Unlock => kiosk.unlocked = true,
            PinAnswer::Chosen | PinAnswer::Wrong => {}
        }
    }
    if cancel {
        pad.close();
    }
    Ok(())
}

/// What the PIN is for, a warning or a hint, and a dot per digit typed.
fn heading(ui: &mut egui::Ui, purpose: PinPurpose, pad: &PinPad, pin_set: bool) {
    ui.vertical_centered(|ui| {
        let heading = match purpose {
            PinPurpose::Leave => tr!("pin-leave"),
            PinPurpose::Unlock => tr!("pin-unlock"),
            PinPurpose::Choose => tr!("pin-choose"),
        };
        ui.label(
            egui::RichText::new(heading)
                .size(size::HEADING * 0.8)
                .color(ecolour::ACCENT)
                .strong(),
        );
        ui.add_space(6.0);
        let hint = if pad.wrong {
            egui::RichText::new(tr!("pin-wrong")).color(ecolour::WARN)
        } else if purpose != PinPurpose::Choose && !pin_set {
            egui::RichText::new(tr!("pin-none-set")).color(ecolour::TEXT_DIM)
        } else if purpose == PinPurpose::Choose && !pin_set {
            egui::RichText::new(tr!("pin-kiosk-needs-one")).color(ecolour::TEXT_DIM)
        } else {
            egui::RichText::new(" ")
        };
        ui.label(hint);
        let dots = if pad.typed.is_empty() {
            "–".to_owned()
        } else {
            "•".repeat(pad.typed.len())
        };
        ui.label(egui::RichText::new(dots).size(size::HEADING).strong());
        ui.add_space(8.0);
    });
}

/// The keys, as on a phone: 1–9, then Clear, 0 and OK. True when OK is pressed.
fn keys(ui: &mut egui::Ui, pad: &mut PinPad) -> bool {
    let mut submit = false;
    let digit_key = |ui: &mut egui::Ui, pad: &mut PinPad, digit: char| {
        let label = egui::RichText::new(digit.to_string()).size(30.0);
        if ui.add_sized(KEY, egui::Button::new(label)).clicked() {
            pad.press(digit);
        }
    };
    egui::Grid::new("pin-keys")
        .spacing(egui::vec2(10.0, 10.0))
        .show(ui, |ui| {
            for row in [['1', '2', '3'], ['4', '5', '6'], ['7', '8', '9']] {
                for digit in row {
                    digit_key(ui, pad, digit);
                }
                ui.end_row();
            }
            let clear = egui::RichText::new(tr!("pin-clear")).size(size::TEXT - 4.0);
            if ui.add_sized(KEY, egui::Button::new(clear)).clicked() {
                pad.typed.clear();
            }
            digit_key(ui, pad, '0');
            let ok = egui::RichText::new(tr!("pin-ok"))
                .color(ecolour::ON_ACCENT)
                .strong();
            submit = ui
                .add_sized(KEY, egui::Button::new(ok).fill(ecolour::ACCENT))
                .clicked();
            ui.end_row();
        });
    submit
}
