//! "Try it": the variant played bot against bot in the background, with a
//! progress bar and Cancel, then its balance card beside the variant it
//! started from — the core's card, worded here.

use std::time::Duration;

use bevy_egui::egui;
use parlour_core::engine::balance::{Card, Change, Figure, Figures};

use super::Editing;
use crate::i18n::decimal;
use crate::platform::beside::{Beside, frame_share};
use crate::tr;
use crate::ui::theme::{ecolour, size};
use crate::ui::widgets::big_button;
use crate::variants::trial::{Trial, TrialBudget};

/// A frame's share of the run where the frames play it (a page).
pub(super) fn tick(editing: &mut Editing, last_frame: Duration) -> bool {
    let Some(trial) = &editing.trial else {
        return false;
    };
    trial.tick(frame_share(
        last_frame,
        Duration::from_millis(4),
        Duration::from_millis(30),
    ));
    if trial.broken() {
        editing.trial = None;
        editing.trial_failed = Some(tr!("variants-trial-broken"));
        return false;
    }
    let finished = trial
        .seen()
        .map(|seen| (seen.card.clone(), seen.failed.clone()));
    match finished {
        Some((Some(card), _)) => {
            editing.card = Some((editing.draft.rules(), card));
            editing.trial = None;
            false
        }
        Some((None, Some(failed))) => {
            editing.trial_failed = Some(failed);
            editing.trial = None;
            false
        }
        _ => true,
    }
}

/// How far the run is, as a share.
fn progress(editing: &Editing) -> f32 {
    editing
        .trial
        .as_ref()
        .and_then(|t| t.seen().and_then(|s| s.progress))
        .map_or(0.0, |p| p.fraction() as f32)
}

/// Try it (or the progress bar and Cancel), then the card.
pub(super) fn card(ui: &mut egui::Ui, editing: &mut Editing, budget: &TrialBudget) {
    ui.label(egui::RichText::new(tr!("variants-try-heading")).strong());
    let refused = editing.draft.refusal().is_some();
    if editing.trial.is_some() {
        ui.horizontal(|ui| {
            ui.add(
                egui::ProgressBar::new(progress(editing))
                    .desired_width((ui.available_width() - 220.0).max(200.0))
                    .show_percentage(),
            );
            if big_button(ui, &tr!("variants-try-cancel"), false).clicked() {
                // Dropping the run cancels it at its next slice.
                editing.trial = None;
            }
        });
        ui.label(
            egui::RichText::new(tr!("variants-try-playing", games = budget.0.games))
                .color(ecolour::TEXT_DIM),
        );
    } else {
        let pressed = ui
            .add_enabled_ui(!refused, |ui| {
                big_button(ui, &tr!("variants-try"), false).clicked()
            })
            .inner;
        if pressed {
            let rules = editing.draft.rules();
            match Trial::new(editing.game.name(), &rules, &editing.from_rules, budget) {
                Ok(trial) => {
                    editing.trial = Some(Beside::start(trial, true));
                    editing.trial_failed = None;
                    editing.card = None;
                }
                Err(why) => editing.trial_failed = Some(why),
            }
        }
    }
    if let Some(why) = &editing.trial_failed {
        ui.label(egui::RichText::new(why).color(ecolour::WARN));
    }
    let Some((rules, card)) = &editing.card else {
        return;
    };
    if *rules != editing.draft.rules() {
        ui.label(egui::RichText::new(tr!("variants-card-stale")).color(ecolour::TEXT_DIM));
    }
    shown(ui, editing.game.name(), &editing.from_title, card);
}

/// A share as a percentage, no decimals.
fn percent(x: f64) -> String {
    decimal(100.0 * x, 0)
}

/// The card's sentence of what changed most, or that the bots could tell
/// no change from chance.
pub fn sentence(game: &str, card: &Card) -> String {
    let Some(change) = &card.most_changed else {
        return tr!("variants-change-none");
    };
    worded(game, change)
}

fn worded(game: &str, change: &Change) -> String {
    let (low, high) = change.interval.unwrap_or((change.after, change.after));
    match &change.figure {
        Figure::FirstSeat => tr!(
            "variants-change-first-seat",
            after = percent(change.after),
            low = percent(low),
            high = percent(high),
            before = percent(change.before)
        ),
        Figure::Moves => tr!(
            "variants-change-moves",
            after = decimal(change.after, 0),
            before = decimal(change.before, 0)
        ),
        Figure::Margin => tr!(
            "variants-change-margin",
            after = decimal(change.after, 1),
            before = decimal(change.before, 1)
        ),
        Figure::Ending(tag) => tr!(
            "variants-change-ending",
            ending = tr!(&format!("{game}-end-{tag}")),
            after = percent(change.after),
            before = percent(change.before)
        ),
    }
}

/// The figures side by side: this variant, the one it started from.
fn shown(ui: &mut egui::Ui, game: &str, from_title: &str, card: &Card) {
    egui::Frame::new()
        .fill(ecolour::CARD)
        .corner_radius(12)
        .inner_margin(16)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            let ink = |s: String| egui::RichText::new(s).color(ecolour::INK);
            ui.label(ink(sentence(game, card)).strong().size(size::TEXT));
            ui.add_space(8.0);
            egui::Grid::new("balance-card")
                .spacing(egui::vec2(24.0, 6.0))
                .show(ui, |ui| {
                    ui.label("");
                    ui.label(ink(tr!("variants-card-this")).strong());
                    ui.label(ink(from_title.to_owned()).strong());
                    ui.end_row();
                    for [what, this, other] in lines(game, card) {
                        ui.label(ink(what));
                        ui.label(ink(this));
                        ui.label(ink(other));
                        ui.end_row();
                    }
                });
            ui.label(
                egui::RichText::new(tr!(
                    "variants-card-how",
                    games = card.variant.games,
                    bots = {
                        let mut bots = card.variant.bots.clone();
                        bots.dedup();
                        bots.join(", ")
                    }
                ))
                .size(size::TEXT - 6.0)
                .color(ecolour::INK),
            );
        });
}

/// The card's rows as the screen words them: each figure's name, its
/// value for the new variant and for the one it started from.
pub fn lines(game: &str, card: &Card) -> Vec<[String; 3]> {
    let share = |f: &Figures| {
        tr!(
            "variants-card-share",
            share = percent(f.first_seat.share),
            low = percent(f.first_seat.low),
            high = percent(f.first_seat.high)
        )
    };
    let row = |what: String, value: &dyn Fn(&Figures) -> String| {
        [what, value(&card.variant), value(&card.against)]
    };
    let mut rows = vec![
        row(tr!("variants-card-first-seat"), &share),
        row(tr!("variants-card-moves"), &|f| decimal(f.moves.mean, 0)),
        row(tr!("variants-card-minutes"), &|f| decimal(f.minutes, 0)),
        row(tr!("variants-card-margin"), &|f| decimal(f.margin.mean, 1)),
    ];
    for tag in crate::variants::draft::end_tags(game) {
        let ending = tr!(&format!("{game}-end-{tag}"));
        rows.push(row(
            tr!("variants-card-ending", ending = ending),
            &|f: &Figures| {
                let n = f.endings.get(tag).copied().unwrap_or(0);
                format!("{} %", percent(n as f64 / f.games.max(1) as f64))
            },
        ));
    }
    rows
}
