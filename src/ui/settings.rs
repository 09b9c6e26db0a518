//! The settings screen: animation speed, hints and what they show, the
//! bots' strength, the coach, language, text size, reduced motion, sound, card faces, and the kiosk's settings (behind the PIN while the kiosk runs).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::theme::{ecolour, size};
use super::widgets::{big_button, full_screen, on_off};
use super::{ReturnTo, UiSystems};
use crate::i18n::Lang;
use crate::kiosk::{Kiosk, PinPad, PinPurpose};
use crate::session::Screen;
use crate::settings::{BotStrength, CoachMode, HintKind, Settings, TextSize};
use crate::tr;

/// The settings screen.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        settings
            .run_if(in_state(Screen::Settings))
            .in_set(UiSystems::Screens),
    );
}

fn settings(
    mut contexts: EguiContexts,
    mut extras: SettingsExtras,
    mut settings: ResMut<Settings>,
    return_to: Res<ReturnTo>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    full_screen(ctx, |ui| {
        // The rows outgrow a laptop's height (and more so with larger
        // text): they scroll, by finger too, and Done stays in sight
        // under them.
        let done_room = size::TOUCH + 8.0 + 24.0 + 8.0;
        egui::ScrollArea::vertical()
            .max_height((ui.available_height() - done_room).max(size::TOUCH))
            .show(ui, |ui| {
                ui.vertical_centered(|ui| {
                    // Wide enough for a row of four choices beside the longest
                    // label (French); never wider than the window.
                    ui.set_max_width(ui.available_width().min(880.0));
                    ui.heading(tr!("settings-title"));
                    ui.add_space(16.0);
                    // Two columns named, so the choices' column reaches the
                    // right edge: a row of choices wraps only where the screen
                    // ends, not at last frame's widest row.
                    egui::Grid::new("settings")
                        .num_columns(2)
                        .spacing(egui::vec2(24.0, 18.0))
                        .show(ui, |ui| {
                            row_label(ui, tr!("settings-animation-speed"));
                            ui.add(
                                egui::Slider::new(&mut settings.animation_speed, 0.5..=2.0)
                                    .step_by(0.25)
                                    .custom_formatter(|n, _| crate::i18n::decimal(n, 2))
                                    .custom_parser(crate::i18n::parse_decimal)
                                    .suffix("×"),
                            );
                            ui.end_row();
                            row_label(ui, tr!("settings-hints"));
                            // Finger-sized on and off, like every other setting.
                            let mut hints = settings.hints;
                            on_off(ui, &mut hints, true);
                            if hints != settings.hints {
                                settings.hints = hints;
                            }
                            ui.end_row();
                            row_label(ui, tr!("settings-hint-kind"));
                            hint_kind_choice(ui, &mut settings);
                            ui.end_row();
                            row_label(ui, tr!("settings-bot-strength"));
                            bot_strength_choice(ui, &mut settings);
                            ui.end_row();
                            row_label(ui, tr!("settings-coach"));
                            coach_choice(ui, &mut settings);
                            ui.end_row();
                            row_label(ui, tr!("settings-language"));
                            language_choice(ui, &mut settings);
                            ui.end_row();
                            row_label(ui, tr!("settings-text-size"));
                            text_size_choice(ui, &mut settings);
                            ui.end_row();
                            row_label(ui, tr!("settings-reduce-motion"));
                            let mut reduce = settings.reduce_motion;
                            on_off(ui, &mut reduce, true);
                            if reduce != settings.reduce_motion {
                                settings.reduce_motion = reduce;
                            }
                            ui.end_row();
                            extras.rows(ui, &mut settings);
                        });
                });
            });
        ui.vertical_centered(|ui| {
            ui.add_space(24.0);
            if big_button(ui, &tr!("button-done"), true).clicked() {
                next.set(return_to.0.unwrap_or(Screen::Title));
            }
        });
    });
    Ok(())
}

/// The language row of the settings: each language in its own name, the
/// chosen one lit; a tap switches every screen at once.
fn language_choice(ui: &mut egui::Ui, settings: &mut Settings) {
    ui.horizontal(|ui| {
        for lang in Lang::ALL {
            let chosen = settings.language == lang;
            let text = egui::RichText::new(lang.own_name());
            let button = if chosen {
                egui::Button::new(text.color(ecolour::ON_ACCENT)).fill(ecolour::ACCENT)
            } else {
                egui::Button::new(text)
            };
            if ui
                .add(button.min_size(egui::vec2(110.0, size::TOUCH)))
                .clicked()
                && !chosen
            {
                settings.language = lang;
            }
        }
    });
}

/// The text size row: the four sizes, the chosen one lit; the screens
/// follow at once.
fn text_size_choice(ui: &mut egui::Ui, settings: &mut Settings) {
    let choices = TextSize::ALL.map(|text_size| {
        let words = match text_size {
            TextSize::Small => tr!("text-size-small"),
            TextSize::Normal => tr!("text-size-normal"),
            TextSize::Large => tr!("text-size-large"),
            TextSize::ExtraLarge => tr!("text-size-extra-large"),
        };
        (text_size, words)
    });
    if let Some(text_size) = lit_choices(ui, settings.text_size, &choices, 90.0) {
        settings.text_size = text_size;
    }
}

/// A row of choices, the chosen one lit; returns the one tapped, if it is
/// not the chosen one already.
fn lit_choices<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    chosen: T,
    choices: &[(T, String)],
    min_width: f32,
) -> Option<T> {
    let mut tapped = None;
    // In a column of its own, so a row that wraps is as tall as it is
    // drawn, not as the grid's last frame had it.
    ui.vertical(|ui| {
        ui.horizontal_wrapped(|ui| {
            for (choice, words) in choices {
                let lit = *choice == chosen;
                let text = egui::RichText::new(words);
                let button = if lit {
                    egui::Button::new(text.color(ecolour::ON_ACCENT)).fill(ecolour::ACCENT)
                } else {
                    egui::Button::new(text)
                };
                if ui
                    .add(button.min_size(egui::vec2(min_width, size::TOUCH)))
                    .clicked()
                    && !lit
                {
                    tapped = Some(*choice);
                }
            }
        })
    });
    tapped
}

/// A setting's row with its On/Off switch, showing `value`; `set` is
/// called only when it is tapped (a setting left alone is no change).
fn switch_row(ui: &mut egui::Ui, words: String, value: bool, set: impl FnOnce(bool)) {
    row_label(ui, words);
    let mut on = value;
    on_off(ui, &mut on, true);
    if on != value {
        set(on);
    }
    ui.end_row();
}

/// A setting's name in the grid's first column, level with the first line
/// of its choices: the grid would centre it on the whole row, below the
/// choices when a line of explanation hangs under them.
fn row_label(ui: &mut egui::Ui, words: String) {
    ui.vertical(|ui| {
        ui.allocate_ui_with_layout(
            egui::vec2(0.0, size::TOUCH),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| ui.label(words),
        );
    });
}

/// A line under a setting saying what it does, small and dim.
fn explanation(ui: &mut egui::Ui, words: String) {
    ui.add(egui::Label::new(egui::RichText::new(words).small().weak()).wrap());
}

/// What a hint shows: the most now, or the best for the match (greyed
/// while hints are off), and what that means underneath.
fn hint_kind_choice(ui: &mut egui::Ui, settings: &mut Settings) {
    ui.vertical(|ui| {
        let choices = HintKind::ALL.map(|kind| {
            let words = match kind {
                HintKind::BestNow => tr!("settings-hint-kind-now"),
                HintKind::BestForMatch => tr!("settings-hint-kind-match"),
            };
            (kind, words)
        });
        let tapped = ui
            .add_enabled_ui(settings.hints, |ui| {
                lit_choices(ui, settings.hint_kind, &choices, 110.0)
            })
            .inner;
        if let Some(kind) = tapped {
            settings.hint_kind = kind;
        }
        explanation(ui, tr!("settings-hint-kind-about"));
    });
}

/// How long the searching bots think: quick or strong, and what that means
/// underneath.
fn bot_strength_choice(ui: &mut egui::Ui, settings: &mut Settings) {
    ui.vertical(|ui| {
        let choices = BotStrength::ALL.map(|strength| {
            let words = match strength {
                BotStrength::Quick => tr!("settings-bot-strength-quick"),
                BotStrength::Strong => tr!("settings-bot-strength-strong"),
            };
            (strength, words)
        });
        if let Some(strength) = lit_choices(ui, settings.bot_strength, &choices, 110.0) {
            settings.bot_strength = strength;
        }
        explanation(ui, tr!("settings-bot-strength-about"));
    });
}

/// What the coach does: off, warn or explain, and what that means
/// underneath.
fn coach_choice(ui: &mut egui::Ui, settings: &mut Settings) {
    ui.vertical(|ui| {
        let choices = CoachMode::ALL.map(|mode| {
            let words = match mode {
                CoachMode::Off => tr!("settings-coach-off"),
                CoachMode::Warn => tr!("settings-coach-warn"),
                CoachMode::Explain => tr!("settings-coach-explain"),
            };
            (mode, words)
        });
        if let Some(mode) = lit_choices(ui, settings.coach, &choices, 110.0) {
            settings.coach = mode;
        }
        explanation(ui, tr!("settings-coach-about"));
    });
}

/// What the settings screen adds: sound, colour-blind faces and
/// the kiosk's settings (behind the PIN while the kiosk runs).
#[derive(SystemParam)]
pub struct SettingsExtras<'w> {
    kiosk: Res<'w, Kiosk>,
    pad: ResMut<'w, PinPad>,
}

impl SettingsExtras<'_> {
    /// The extra rows of the settings grid.
    pub fn rows(&mut self, ui: &mut egui::Ui, settings: &mut Settings) {
        row_label(ui, crate::tr!("settings-sound"));
        // A build without sound keeps the choice (the settings file is
        // shared) but greys it, and says why underneath (beside it, the
        // French and Danish words would not fit a portrait screen).
        ui.vertical(|ui| {
            // Without sound in the build it is off, whatever the file keeps:
            // "On" lit over a silent game would say otherwise.
            let mut sound = settings.sound && crate::sound::BUILT_IN;
            on_off(ui, &mut sound, crate::sound::BUILT_IN);
            if crate::sound::BUILT_IN && sound != settings.sound {
                settings.sound = sound;
            }
            if !crate::sound::BUILT_IN {
                ui.label(
                    egui::RichText::new(crate::tr!("settings-sound-not-built"))
                        .small()
                        .weak(),
                );
            }
        });
        ui.end_row();
        let faces = settings.colour_blind;
        switch_row(ui, crate::tr!("settings-colour-blind"), faces, |on| {
            settings.colour_blind = on;
        });

        let locked = self.kiosk.active && !self.kiosk.unlocked;
        if locked {
            row_label(ui, crate::tr!("settings-kiosk"));
            if ui
                .add(
                    egui::Button::new(crate::tr!("settings-kiosk-unlock"))
                        .min_size(egui::vec2(200.0, size::TOUCH)),
                )
                .clicked()
            {
                self.pad.ask(PinPurpose::Unlock);
            }
            ui.end_row();
            return;
        }
        row_label(ui, crate::tr!("settings-kiosk"));
        let mut kiosk = settings.kiosk || self.kiosk.forced;
        on_off(ui, &mut kiosk, !self.kiosk.forced);
        if !self.kiosk.forced && kiosk != settings.kiosk {
            settings.kiosk = kiosk;
        }
        ui.end_row();
        row_label(ui, crate::tr!("settings-idle"));
        let mut minutes = settings.idle_timeout_secs as f32 / 60.0;
        let slider = egui::Slider::new(&mut minutes, 0.5..=30.0)
            .step_by(0.5)
            .custom_formatter(|n, _| crate::i18n::decimal(n, 1))
            .custom_parser(crate::i18n::parse_decimal)
            .suffix(crate::tr!("settings-idle-unit"));
        if ui.add(slider).changed() {
            let secs = (minutes * 60.0).round() as u32;
            settings.idle_timeout_secs =
                secs.clamp(*Settings::IDLE_RANGE.start(), *Settings::IDLE_RANGE.end());
        }
        ui.end_row();
        let lessons = settings.kiosk_lessons;
        switch_row(ui, crate::tr!("settings-kiosk-lessons"), lessons, |on| {
            settings.kiosk_lessons = on;
        });
        // A page cannot listen for phones: only the desktop program hosts.
        if cfg!(not(target_arch = "wasm32")) {
            let phones = settings.kiosk_phones;
            switch_row(ui, crate::tr!("settings-kiosk-phones"), phones, |on| {
                settings.kiosk_phones = on;
            });
        }
        row_label(ui, crate::tr!("settings-pin"));
        ui.horizontal(|ui| {
            let label = if settings.kiosk_pin.is_empty() {
                crate::tr!("settings-pin-set")
            } else {
                crate::tr!("settings-pin-change")
            };
            if ui
                .add(egui::Button::new(label).min_size(egui::vec2(160.0, size::TOUCH)))
                .clicked()
            {
                self.pad.ask(PinPurpose::Choose);
            }
            if !settings.kiosk_pin.is_empty()
                && ui
                    .add(
                        egui::Button::new(crate::tr!("settings-pin-remove"))
                            .min_size(egui::vec2(120.0, size::TOUCH)),
                    )
                    .clicked()
            {
                settings.kiosk_pin.clear();
            }
        });
        ui.end_row();
    }
}
