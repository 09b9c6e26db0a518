//! The kiosk's PIN pad: big keys for a finger, the digits shown as dots.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiSystems;
use super::theme::{ecolour, size};
use crate::kiosk::{Kiosk, PinPad, PinPurpose, pin_matches};
use crate::settings::Settings;

/// The PIN pad, over every screen.
pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, pin_pad.in_set(UiSystems::Overlays));
}

/// The PIN pad: big keys for a finger, the digits shown as dots.
fn pin_pad(
    mut contexts: EguiContexts,
    mut pad: ResMut<PinPad>,
    mut kiosk: ResMut<Kiosk>,
    mut settings: ResMut<Settings>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let Some(purpose) = pad.open else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut close = false;
    let mut submit = false;
    egui::Modal::new(egui::Id::new("pin-pad"))
        .frame(
            egui::Frame::new()
                .fill(ecolour::PANEL)
                .corner_radius(18)
                .inner_margin(24),
        )
        .show(ctx, |ui| {
            ui.set_width(3.0 * 84.0 + 2.0 * 10.0);
            ui.vertical_centered(|ui| {
                let heading = match purpose {
                    PinPurpose::Leave => crate::tr!("pin-leave"),
                    PinPurpose::Unlock => crate::tr!("pin-unlock"),
                    PinPurpose::Choose => crate::tr!("pin-choose"),
                };
                ui.label(
                    egui::RichText::new(heading)
                        .size(size::HEADING * 0.8)
                        .color(ecolour::ACCENT)
                        .strong(),
                );
                ui.add_space(6.0);
                let hint = if pad.wrong {
                    egui::RichText::new(crate::tr!("pin-wrong")).color(ecolour::WARN)
                } else if purpose != PinPurpose::Choose && settings.kiosk_pin.is_empty() {
                    egui::RichText::new(crate::tr!("pin-none-set")).color(ecolour::TEXT_DIM)
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
            let key = egui::vec2(84.0, 64.0);
            egui::Grid::new("pin-keys")
                .spacing(egui::vec2(10.0, 10.0))
                .show(ui, |ui| {
                    for row in [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]] {
                        for digit in row {
                            if ui
                                .add_sized(
                                    key,
                                    egui::Button::new(egui::RichText::new(digit).size(30.0)),
                                )
                                .clicked()
                                && pad.typed.len() < 8
                            {
                                pad.typed.push_str(digit);
                                pad.wrong = false;
                            }
                        }
                        ui.end_row();
                    }
                    if ui
                        .add_sized(
                            key,
                            egui::Button::new(
                                egui::RichText::new(crate::tr!("pin-clear")).size(size::TEXT - 4.0),
                            ),
                        )
                        .clicked()
                    {
                        pad.typed.clear();
                    }
                    if ui
                        .add_sized(key, egui::Button::new(egui::RichText::new("0").size(30.0)))
                        .clicked()
                        && pad.typed.len() < 8
                    {
                        pad.typed.push('0');
                        pad.wrong = false;
                    }
                    if ui
                        .add_sized(
                            key,
                            egui::Button::new(
                                egui::RichText::new(crate::tr!("pin-ok"))
                                    .color(ecolour::ON_ACCENT)
                                    .strong(),
                            )
                            .fill(ecolour::ACCENT),
                        )
                        .clicked()
                    {
                        submit = true;
                    }
                    ui.end_row();
                });
            ui.add_space(10.0);
            ui.vertical_centered_justified(|ui| {
                if ui
                    .add(
                        egui::Button::new(crate::tr!("pin-cancel"))
                            .min_size(egui::vec2(0.0, size::TOUCH)),
                    )
                    .clicked()
                {
                    close = true;
                }
            });
        });
    if submit {
        match purpose {
            PinPurpose::Choose => {
                settings.kiosk_pin = pad.typed.clone();
                close = true;
            }
            PinPurpose::Leave | PinPurpose::Unlock
                if pin_matches(&settings.kiosk_pin, &pad.typed) =>
            {
                if purpose == PinPurpose::Leave {
                    exit.write(AppExit::Success);
                } else {
                    kiosk.unlocked = true;
                }
                close = true;
            }
            _ => {
                pad.wrong = true;
                pad.typed.clear();
            }
        }
    }
    if close {
        pad.open = None;
        pad.typed.clear();
        pad.wrong = false;
    }
    Ok(())
}
