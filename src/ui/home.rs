//! The screens of living with Parlour: "Continue" on the title, the history
//! of finished matches (watched again from there), the statistics, the
//! settings beyond the game ones, warnings about files that did not read,
//! and the bar shown while a match is watched again.

use std::time::SystemTime;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::screens::{MenuSystems, big_button, full_screen};
use super::theme::{ecolour, size};
use super::{GameKind, Screen, Settings};
use crate::engine::EndMatch;
use crate::kiosk::{Kiosk, PinPad, PinPurpose};
use crate::persist::{HistoryEntry, read_history};
use crate::saves::{Replay, ResumeMatch, SaveSlot, WatchReplay, leave_replay, table_of};
use crate::settings::FileWarnings;
use crate::stats::Statistics;

/// A screen to go to, asked for from inside another screen's drawing.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct GoTo(pub Option<Screen>);

/// The finished matches, read when the history screen opens.
#[derive(Resource, Clone, Debug, Default)]
pub struct HistoryList {
    /// Newest first.
    pub entries: Vec<HistoryEntry>,
    /// Files that no longer read.
    pub unreadable: usize,
}

/// The screens and bars of this module.
pub fn plugin(app: &mut App) {
    app.init_resource::<GoTo>()
        .init_resource::<HistoryList>()
        .add_systems(Update, follow_goto)
        .add_systems(OnEnter(Screen::History), read_history_list)
        .add_systems(
            EguiPrimaryContextPass,
            ((
                history.run_if(in_state(Screen::History)),
                statistics.run_if(in_state(Screen::Statistics)),
                replay_bar.run_if(in_state(Screen::Play).and_then(resource_exists::<Replay>)),
            )
                .in_set(MenuSystems),),
        );
}

fn follow_goto(mut goto: ResMut<GoTo>, mut next: ResMut<NextState<Screen>>) {
    if let Some(screen) = goto.0.take() {
        next.set(screen);
    }
}

fn read_history_list(slot: Res<SaveSlot>, mut list: ResMut<HistoryList>) {
    let (entries, unreadable) = match &slot.history {
        Some(dir) => read_history(dir),
        None => (Vec::new(), 0),
    };
    *list = HistoryList {
        entries,
        unreadable,
    };
}

/// What the title screen adds for saved matches, the history and the statistics.
#[derive(SystemParam)]
pub struct TitleExtras<'w> {
    slot: Res<'w, SaveSlot>,
    warnings: ResMut<'w, FileWarnings>,
    resume: MessageWriter<'w, ResumeMatch>,
    goto: ResMut<'w, GoTo>,
}

impl TitleExtras<'_> {
    /// Files that did not read, said once at the top of the title screen
    /// (in the flow, so nothing under it is hidden) until dismissed.
    pub fn warnings_banner(&mut self, ui: &mut egui::Ui) {
        if self.warnings.0.is_empty() {
            return;
        }
        let width = (ui.available_width() - 32.0).min(900.0);
        let mut dismissed = false;
        egui::Frame::new()
            .fill(ecolour::WARN)
            .corner_radius(14)
            .inner_margin(14)
            .show(ui, |ui| {
                ui.set_width(width - 28.0);
                ui.horizontal(|ui| {
                    ui.vertical(|ui| {
                        ui.set_max_width(width - 28.0 - 140.0);
                        for warning in &self.warnings.0 {
                            ui.label(
                                egui::RichText::new(warning.text())
                                    .color(egui::Color32::WHITE)
                                    .size(size::TEXT - 2.0),
                            );
                        }
                    });
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if ui
                            .add(
                                egui::Button::new(crate::tr!("warning-dismiss"))
                                    .min_size(egui::vec2(110.0, size::TOUCH)),
                            )
                            .clicked()
                        {
                            dismissed = true;
                        }
                    });
                });
            });
        ui.add_space(8.0);
        if dismissed {
            self.warnings.0.clear();
        }
    }

    /// "Continue" with what it would take up, when a match was left unfinished.
    pub fn continue_card(&mut self, ui: &mut egui::Ui) {
        if !self.slot.can_continue() {
            return;
        }
        let Some(record) = self.slot.unfinished.clone() else {
            return;
        };
        let table = table_of(&record);
        let names: Vec<&str> = table.seats.iter().map(|s| s.name.as_str()).collect();
        let width = ui.available_width().min(640.0);
        let button_w = 190.0;
        ui.vertical_centered(|ui| {
            egui::Frame::new()
                .fill(ecolour::CARD)
                .corner_radius(16)
                .inner_margin(10)
                .show(ui, |ui| {
                    ui.set_width(width - 20.0);
                    ui.horizontal(|ui| {
                        ui.add_space(6.0);
                        ui.vertical(|ui| {
                            ui.set_width(width - 20.0 - button_w - 24.0);
                            ui.spacing_mut().item_spacing.y = 2.0;
                            ui.label(
                                egui::RichText::new(crate::tr!(
                                    "continue-heading",
                                    game = table.game.title()
                                ))
                                .color(ecolour::INK)
                                .strong(),
                            );
                            ui.label(
                                egui::RichText::new(crate::tr!(
                                    "continue-detail",
                                    names = names.join(", "),
                                    moves = record.moves.len()
                                ))
                                .size(size::TEXT - 4.0)
                                .color(egui::Color32::from_gray(90)),
                            );
                        });
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            let button = egui::Button::new(
                                egui::RichText::new(crate::tr!("continue"))
                                    .size(size::TEXT + 2.0)
                                    .color(ecolour::ON_ACCENT),
                            )
                            .fill(ecolour::ACCENT)
                            .min_size(egui::vec2(button_w, size::TOUCH + 8.0));
                            if ui.add(button).clicked() {
                                self.resume.write(ResumeMatch(record.clone()));
                            }
                        });
                    });
                });
        });
        ui.add_space(14.0);
    }

    /// "History", "Statistics" and "Settings" in a row; returns whether
    /// "Settings" was pressed.
    pub fn more_buttons(&mut self, ui: &mut egui::Ui) -> bool {
        let mut settings = false;
        ui.horizontal(|ui| {
            let w = ui.available_width();
            let spacing = ui.spacing().item_spacing.x;
            ui.add_space(((w - 3.0 * 180.0 - 2.0 * spacing) / 2.0).max(0.0));
            if big_button(ui, &crate::tr!("history"), false).clicked() {
                self.goto.0 = Some(Screen::History);
            }
            if big_button(ui, &crate::tr!("statistics"), false).clicked() {
                self.goto.0 = Some(Screen::Statistics);
            }
            if big_button(ui, &crate::tr!("home-settings"), false).clicked() {
                settings = true;
            }
        });
        settings
    }
}

/// "3 minutes ago", in the language on screen.
pub fn ago(now: SystemTime, then: SystemTime) -> String {
    let secs = now.duration_since(then).unwrap_or_default().as_secs();
    match secs {
        0..60 => crate::tr!("ago-now"),
        60..3600 => crate::tr!("ago-minutes", n = secs / 60),
        3600..86_400 => crate::tr!("ago-hours", n = secs / 3600),
        _ => crate::tr!("ago-days", n = secs / 86_400),
    }
}

fn history(
    mut contexts: EguiContexts,
    list: Res<HistoryList>,
    mut watch: MessageWriter<WatchReplay>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let now = SystemTime::now();
    full_screen(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.heading(crate::tr!("history"));
            ui.add_space(4.0);
            ui.label(egui::RichText::new(crate::tr!("history-about")).color(ecolour::TEXT_DIM));
            ui.add_space(12.0);
        });
        let width = ui.available_width().min(820.0);
        let list_h = (ui.available_height() - size::TOUCH - 40.0).max(120.0);
        egui::ScrollArea::vertical()
            .max_height(list_h)
            .show(ui, |ui| {
                ui.vertical_centered(|ui| {
                    if list.entries.is_empty() {
                        ui.add_space(40.0);
                        ui.label(crate::tr!("history-empty"));
                    }
                    for (i, entry) in list.entries.iter().enumerate() {
                        if history_row(ui, i, entry, now, width) {
                            watch.write(WatchReplay(entry.checked.record.clone()));
                        }
                        ui.add_space(10.0);
                    }
                    if list.unreadable > 0 {
                        ui.label(
                            egui::RichText::new(crate::tr!(
                                "history-unreadable",
                                n = list.unreadable
                            ))
                            .color(ecolour::TEXT_DIM),
                        );
                    }
                });
            });
        ui.add_space(12.0);
        ui.vertical_centered(|ui| {
            if big_button(ui, &crate::tr!("home-back"), true).clicked() {
                next.set(Screen::Title);
            }
        });
    });
    Ok(())
}

/// One finished match: the game, when, who scored what; returns "Watch" clicks.
fn history_row(
    ui: &mut egui::Ui,
    i: usize,
    entry: &HistoryEntry,
    now: SystemTime,
    width: f32,
) -> bool {
    let record = &entry.checked.record;
    let table = table_of(record);
    let mut watch = false;
    ui.push_id(i, |ui| {
        egui::Frame::new()
            .fill(ecolour::CARD)
            .corner_radius(14)
            .inner_margin(14)
            .show(ui, |ui| {
                ui.set_width(width - 28.0);
                ui.horizontal(|ui| {
                    ui.vertical(|ui| {
                        ui.set_max_width(width - 28.0 - 170.0);
                        ui.horizontal_wrapped(|ui| {
                            ui.label(
                                egui::RichText::new(table.game.title())
                                    .size(size::TEXT + 2.0)
                                    .color(ecolour::INK)
                                    .strong(),
                            );
                            ui.label(
                                egui::RichText::new(ago(now, entry.finished))
                                    .color(egui::Color32::from_gray(110)),
                            );
                        });
                        ui.horizontal_wrapped(|ui| {
                            for (seat, s) in table.seats.iter().enumerate() {
                                let score = entry.checked.scores.get(seat).copied().unwrap_or(0);
                                let won = entry.checked.winners.contains(&seat);
                                let text = if won {
                                    crate::tr!(
                                        "history-winner",
                                        name = s.name.clone(),
                                        score = score
                                    )
                                } else {
                                    crate::tr!("history-seat", name = s.name.clone(), score = score)
                                };
                                let mut rich = egui::RichText::new(text).color(ecolour::INK);
                                if won {
                                    rich = rich.strong();
                                }
                                ui.label(rich);
                                if seat + 1 < table.seats.len() {
                                    ui.label(egui::RichText::new("·").color(ecolour::INK));
                                }
                            }
                        });
                    });
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        let playable =
                            GameKind::from_name(&record.game).is_some_and(GameKind::playable);
                        let button = egui::Button::new(
                            egui::RichText::new(crate::tr!("history-watch"))
                                .size(size::TEXT)
                                .color(ecolour::ON_ACCENT),
                        )
                        .fill(ecolour::ACCENT)
                        .min_size(egui::vec2(150.0, size::TOUCH));
                        if ui.add_enabled(playable, button).clicked() {
                            watch = true;
                        }
                    });
                });
            });
    });
    watch
}

fn statistics(
    mut contexts: EguiContexts,
    stats: Res<Statistics>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    full_screen(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.heading(crate::tr!("statistics"));
            ui.add_space(12.0);
        });
        let list_h = (ui.available_height() - size::TOUCH - 40.0).max(120.0);
        egui::ScrollArea::vertical()
            .max_height(list_h)
            .show(ui, |ui| {
                ui.vertical_centered(|ui| {
                    if stats.players.is_empty() {
                        ui.add_space(40.0);
                        ui.label(crate::tr!("statistics-empty"));
                        return;
                    }
                    let width = ui.available_width().min(820.0);
                    egui::Frame::new()
                        .fill(ecolour::CARD)
                        .corner_radius(14)
                        .inner_margin(20)
                        .show(ui, |ui| {
                            ui.set_width(width - 40.0);
                            egui::Grid::new("statistics")
                                .spacing(egui::vec2(32.0, 12.0))
                                .striped(false)
                                .show(ui, |ui| {
                                    let head = |ui: &mut egui::Ui, key: &str| {
                                        ui.label(
                                            egui::RichText::new(crate::tr!(key))
                                                .color(ecolour::INK)
                                                .strong(),
                                        );
                                    };
                                    head(ui, "statistics-name");
                                    head(ui, "statistics-game");
                                    head(ui, "statistics-played");
                                    head(ui, "statistics-won");
                                    head(ui, "statistics-best");
                                    ui.end_row();
                                    for (name, games) in &stats.players {
                                        for (i, (game, tally)) in games.iter().enumerate() {
                                            let cell = |ui: &mut egui::Ui, text: String| {
                                                ui.label(
                                                    egui::RichText::new(text).color(ecolour::INK),
                                                );
                                            };
                                            if i == 0 {
                                                ui.label(
                                                    egui::RichText::new(name)
                                                        .color(ecolour::INK)
                                                        .strong(),
                                                );
                                            } else {
                                                ui.label("");
                                            }
                                            cell(
                                                ui,
                                                GameKind::from_name(game)
                                                    .map_or(game.clone(), |g| g.title().to_owned()),
                                            );
                                            cell(ui, tally.played.to_string());
                                            cell(ui, tally.won.to_string());
                                            cell(
                                                ui,
                                                tally.best.map_or("–".into(), |b| b.to_string()),
                                            );
                                            ui.end_row();
                                        }
                                    }
                                });
                        });
                });
            });
        ui.add_space(12.0);
        ui.vertical_centered(|ui| {
            if big_button(ui, &crate::tr!("home-back"), true).clicked() {
                next.set(Screen::Title);
            }
        });
    });
    Ok(())
}

/// While a match is watched again: how far it has got, and the way out.
fn replay_bar(
    mut contexts: EguiContexts,
    mut commands: Commands,
    replay: Res<Replay>,
    mut end: MessageWriter<EndMatch>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    // Beside the board in a wide window; above the hand's tray in a tall one.
    let wide = screen.width() > screen.height();
    let tray = (screen.height() * 0.16).clamp(96.0, 150.0);
    let (anchor, offset) = if wide {
        (egui::Align2::LEFT_CENTER, egui::vec2(10.0, 0.0))
    } else {
        (egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -tray - 16.0))
    };
    let mut stop = false;
    egui::Area::new(egui::Id::new("replay-bar"))
        .order(egui::Order::Foreground)
        .anchor(anchor, offset)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(ecolour::PANEL)
                .corner_radius(14)
                .inner_margin(10)
                .show(ui, |ui| {
                    let progress = |ui: &mut egui::Ui| {
                        ui.label(
                            egui::RichText::new(crate::tr!("replay-title"))
                                .color(ecolour::ACCENT)
                                .strong(),
                        );
                        ui.label(
                            egui::RichText::new(crate::tr!(
                                "replay-progress",
                                n = replay.next,
                                total = replay.record.moves.len()
                            ))
                            .size(size::TEXT - 4.0),
                        );
                    };
                    let button = |ui: &mut egui::Ui| {
                        let b = egui::Button::new(
                            egui::RichText::new(crate::tr!("replay-stop"))
                                .size(size::TEXT - 2.0)
                                .color(ecolour::ON_ACCENT),
                        )
                        .fill(ecolour::ACCENT)
                        .min_size(egui::vec2(150.0, size::TOUCH));
                        ui.add(b).clicked()
                    };
                    if wide {
                        ui.set_max_width(170.0);
                        ui.vertical_centered(|ui| {
                            progress(ui);
                            ui.add_space(6.0);
                            stop = button(ui);
                        });
                    } else {
                        ui.horizontal(|ui| {
                            ui.vertical(|ui| progress(ui));
                            ui.add_space(12.0);
                            stop = button(ui);
                        });
                    }
                });
        });
    if stop {
        leave_replay(&mut commands, &mut end, &mut next);
    }
    Ok(())
}

/// What the settings screen adds: sound, colour-blind faces and
/// the kiosk's settings (behind the PIN while the kiosk runs).
#[derive(SystemParam)]
pub struct SettingsExtras<'w> {
    kiosk: Res<'w, Kiosk>,
    pad: ResMut<'w, PinPad>,
}

/// A finger-sized choice button: filled with the accent when chosen.
fn choice(ui: &mut egui::Ui, chosen: bool, label: &str, width: f32) -> bool {
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

impl SettingsExtras<'_> {
    /// The extra rows of the settings grid.
    pub fn rows(&mut self, ui: &mut egui::Ui, settings: &mut Settings) {
        ui.label(crate::tr!("settings-sound"));
        // A build without sound keeps the choice (the settings file is
        // shared) but greys it, and says why underneath (beside it, the
        // French and Danish words would not fit a portrait screen).
        ui.vertical(|ui| {
            let mut sound = settings.sound;
            on_off(ui, &mut sound, crate::sound::BUILT_IN);
            if sound != settings.sound {
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
        ui.label(crate::tr!("settings-colour-blind"));
        let mut faces = settings.colour_blind;
        on_off(ui, &mut faces, true);
        if faces != settings.colour_blind {
            settings.colour_blind = faces;
        }
        ui.end_row();

        let locked = self.kiosk.active && !self.kiosk.unlocked;
        if locked {
            ui.label(crate::tr!("settings-kiosk"));
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
        ui.label(crate::tr!("settings-kiosk"));
        let mut kiosk = settings.kiosk || self.kiosk.forced;
        on_off(ui, &mut kiosk, !self.kiosk.forced);
        if !self.kiosk.forced && kiosk != settings.kiosk {
            settings.kiosk = kiosk;
        }
        ui.end_row();
        ui.label(crate::tr!("settings-idle"));
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
        ui.label(crate::tr!("settings-pin"));
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
