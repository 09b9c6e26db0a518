//! The history of finished matches, each watched again from here, and the
//! bar shown while one is watched.

use crate::platform::time::SystemTime;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiSystems;
use super::theme::{ecolour, size};
use super::widgets::{big_button, full_screen, notice_banner};
use crate::catalog::GameCatalog;
use crate::engine::EndMatch;
use crate::review::OpenReview;
use crate::saves::{Replay, SaveSlot, WatchReplay, leave_replay, table_of};
use crate::session::Notice;
use crate::session::{Screen, Table};
use crate::storage::{HistoryEntry, read_history};

/// The history screen and the replay bar.
pub fn plugin(app: &mut App) {
    app.init_resource::<HistoryList>()
        .add_systems(OnEnter(Screen::History), read_history_list)
        .add_systems(
            EguiPrimaryContextPass,
            (
                history.run_if(in_state(Screen::History)),
                replay_bar.run_if(in_state(Screen::Play).and_then(resource_exists::<Replay>)),
            )
                .in_set(UiSystems::Screens),
        );
}

/// The finished matches, read when the history screen opens.
#[derive(Resource, Clone, Debug, Default)]
pub struct HistoryList {
    /// Newest first.
    pub entries: Vec<HistoryEntry>,
    /// Files that no longer read.
    pub unreadable: usize,
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
    catalog: Res<GameCatalog>,
    list: Res<HistoryList>,
    mut watch: MessageWriter<WatchReplay>,
    mut review: MessageWriter<OpenReview>,
    notice: Res<Notice>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if notice.remaining > 0.0 {
        notice_banner(ctx, "history-notice", &notice, 640.0);
    }
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
                        match history_row(ui, &catalog, i, entry, now, width) {
                            Some(Pick::Watch) => {
                                watch.write(WatchReplay(entry.checked.record.clone()));
                            }
                            Some(Pick::Review) => {
                                review.write(OpenReview::Filed(Box::new(
                                    entry.checked.record.clone(),
                                )));
                            }
                            None => {}
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

/// What a history row's buttons ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    /// Watch the match again.
    Watch,
    /// Review it.
    Review,
}

/// One finished match: the game, when, who scored what; returns the
/// button pressed.
fn history_row(
    ui: &mut egui::Ui,
    catalog: &GameCatalog,
    i: usize,
    entry: &HistoryEntry,
    now: SystemTime,
    width: f32,
) -> Option<Pick> {
    let record = &entry.checked.record;
    let game = catalog.by_name(&record.game).map(|g| g.id);
    let table = table_of(record, game.unwrap_or_default());
    let game_title = game.map_or_else(|| record.game.clone(), |g| g.title());
    let mut pick = None;
    ui.push_id(i, |ui| {
        egui::Frame::new()
            .fill(ecolour::CARD)
            .corner_radius(14)
            .inner_margin(14)
            .show(ui, |ui| {
                ui.set_width(width - 28.0);
                ui.horizontal(|ui| {
                    ui.vertical(|ui| {
                        ui.set_max_width(width - 28.0 - 320.0);
                        ui.horizontal_wrapped(|ui| {
                            ui.label(
                                egui::RichText::new(game_title)
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
                                        score = crate::i18n::score(score, false)
                                    )
                                } else {
                                    crate::tr!(
                                        "history-seat",
                                        name = s.name.clone(),
                                        score = crate::i18n::score(score, false)
                                    )
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
                        let playable = game.is_some();
                        let button = egui::Button::new(
                            egui::RichText::new(crate::tr!("history-watch"))
                                .size(size::TEXT)
                                .color(ecolour::ON_ACCENT),
                        )
                        .fill(ecolour::ACCENT)
                        .min_size(egui::vec2(150.0, size::TOUCH));
                        if ui.add_enabled(playable, button).clicked() {
                            pick = Some(Pick::Watch);
                        }
                        let review = egui::Button::new(
                            egui::RichText::new(crate::tr!("history-review"))
                                .size(size::TEXT)
                                .color(ecolour::INK),
                        )
                        .fill(ecolour::CELL)
                        .min_size(egui::vec2(150.0, size::TOUCH));
                        // A game this version does not know is refused
                        // with its reason, not greyed out.
                        if ui.add(review).clicked() {
                            pick = Some(Pick::Review);
                        }
                    });
                });
            });
    });
    pick
}

/// While a match is watched again: how far it has got, and the way out.
fn replay_bar(
    mut contexts: EguiContexts,
    mut commands: Commands,
    replay: Res<Replay>,
    mut table: ResMut<Table>,
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
        leave_replay(&mut commands, &replay, &mut table, &mut end, &mut next);
    }
    Ok(())
}
