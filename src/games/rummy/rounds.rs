//! Rummy's rounds: the set-up screen's row for the number of rounds the
//! table agrees to play, and, with only bots at the table, rounds following
//! each other by themselves.

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

/// The next round after a pause when nobody at the table is a person.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        next_round_when_only_bots
            .in_set(TableSystems::Show)
            .run_if(super::in_rummy),
    );
}

/// The number of rounds as finger-sized buttons, 1 to 5; a tap writes the
/// choice into the rules the table will play.
pub fn row(ui: &mut egui::Ui, rules: &mut String) {
    ui.horizontal(|ui| {
        ui.label(tr!("setup-rounds"));
        let rounds = choices::rounds(rules);
        for n in 1..=MOST {
            // The chosen number dark on the accent, as every choice.
            let chosen = rounds == n;
            let mut text = egui::RichText::new(n.to_string()).size(size::TEXT);
            if chosen {
                text = text.color(ecolour::ON_ACCENT).strong();
            }
            if ui
                .add(
                    egui::Button::selectable(chosen, text)
                        .min_size(egui::vec2(size::TOUCH, size::TOUCH)),
                )
                .clicked()
            {
                *rules = choices::with_rounds(rules, n);
            }
        }
    });
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
