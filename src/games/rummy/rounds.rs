//! Rummy's rounds: the set-up screen's row for how long the table agrees
//! to play — a number of rounds or a time — and, with only bots at the
//! table, rounds following each other by themselves.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::egui;

use crate::engine::{Proceed, TurnPhase};
use crate::session::{Table, TableSystems};
use crate::tr;
use crate::ui::theme::{ecolour, size};
use crate::variants::choices;

/// The most rounds a table can agree on.
const MOST: usize = 5;

/// The playing times on offer, in minutes (the box says 30 and more).
const TIMES: [u32; 5] = [15, 20, 30, 45, 60];

/// The next round after a pause when nobody at the table is a person.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        next_round_when_only_bots
            .in_set(TableSystems::Show)
            .run_if(super::in_rummy),
    );
}

/// Play for: the number of rounds as finger-sized buttons, 1 to 5, or a
/// time, 15 to 60 minutes; a tap writes the choice into the rules the
/// table will play (`rounds=N` or `minutes=N`, never both).
pub fn row(ui: &mut egui::Ui, rules: &mut String) {
    let time = choices::minutes(rules);
    let rounds = choices::rounds(rules);
    egui::Grid::new("play-for")
        .spacing(egui::vec2(8.0, 6.0))
        .show(ui, |ui| {
            ui.label(tr!("setup-play-for"));
            ui.horizontal(|ui| {
                for n in 1..=MOST {
                    if choice(ui, &n.to_string(), time.is_none() && rounds == n) {
                        *rules = choices::with_rounds(rules, n);
                    }
                }
                ui.label(tr!("setup-rounds-unit"));
            });
            ui.end_row();
            ui.label(tr!("setup-play-for-or"));
            ui.horizontal(|ui| {
                for m in TIMES {
                    if choice(ui, &m.to_string(), time == Some(m)) {
                        *rules = choices::with_minutes(rules, m);
                    }
                }
                ui.label(tr!("setup-minutes-unit"));
            });
            ui.end_row();
        });
}

/// One finger-sized choice, the chosen one dark on the accent; whether it
/// was tapped.
fn choice(ui: &mut egui::Ui, label: &str, chosen: bool) -> bool {
    let mut text = egui::RichText::new(label).size(size::TEXT);
    if chosen {
        text = text.color(ecolour::ON_ACCENT).strong();
    }
    ui.add(egui::Button::selectable(chosen, text).min_size(egui::vec2(size::TOUCH, size::TOUCH)))
        .clicked()
}

/// With only bots at the table (the attract mode), rounds follow each other by themselves.
fn next_round_when_only_bots(
    time: Res<Time>,
    phase: Res<State<TurnPhase>>,
    table: Res<Table>,
    mut wait: Local<Option<Timer>>,
    mut proceed: MessageWriter<Proceed>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if *phase.get() != TurnPhase::RoundOver || !table.humans().is_empty() {
        *wait = None;
        return;
    }
    redraw.write(RequestRedraw);
    let timer = wait.get_or_insert_with(|| Timer::from_seconds(4.0, TimerMode::Once));
    if timer.tick(time.delta()).is_finished() {
        *wait = None;
        proceed.write(Proceed);
    }
}
