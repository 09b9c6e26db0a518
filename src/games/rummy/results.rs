//! Rummy's scores: the round's summary over the table when a round ends,
//! and the results sheet when the match ends.

use bevy::prelude::*;
use bevy_egui::egui;
use parlour_core::engine::Match;
use parlour_core::games::rummy::{Ending, Rummy};

use crate::engine::{Proceed, TurnPhase};
use crate::session::{ResultsSheet, Table};
use crate::tr;
use crate::ui::theme::{ecolour, size};
use crate::ui::widgets::big_button;

/// A round is over: how it ended, each seat's hand, round score and total,
/// and on to the next (a person's tap; with only bots it goes on by itself).
/// Whether it is shown.
pub(super) fn round_summary(
    ctx: &egui::Context,
    game: &Match<Rummy>,
    phase: &TurnPhase,
    table: &Table,
    proceed: &mut MessageWriter<Proceed>,
) -> bool {
    let state = game.state();
    if *phase != TurnPhase::RoundOver {
        return false;
    }
    let Some(end) = state.rounds().last() else {
        return false;
    };
    egui::Window::new(tr!("rummy-round-over", round = end.round))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(match end.ending {
                    Ending::WentOut(s) => {
                        tr!("rummy-went-out", name = table.name(s).to_owned())
                    }
                    Ending::Blocked => tr!("rummy-blocked"),
                })
                .size(size::TEXT),
            );
            if state.time_is_up() {
                // The ruling at the end of the time, as it happens.
                ui.label(
                    egui::RichText::new(tr!("rummy-time-up-summary"))
                        .size(size::TEXT)
                        .strong()
                        .color(ecolour::WARN),
                );
            }
            ui.add_space(8.0);
            egui::Grid::new("round-scores")
                .num_columns(4)
                .spacing(egui::vec2(24.0, 8.0))
                .show(ui, |ui| {
                    for h in ["", "rummy-col-hand", "rummy-col-round", "rummy-col-total"] {
                        let text = if h.is_empty() { String::new() } else { tr!(h) };
                        ui.label(egui::RichText::new(text).strong().size(size::TEXT - 2.0));
                    }
                    ui.end_row();
                    for s in 0..game.players() {
                        let won = end.winners.contains(&s);
                        let name = if won {
                            format!("★ {}", table.name(s))
                        } else {
                            table.name(s).to_owned()
                        };
                        ui.label(egui::RichText::new(name).size(size::TEXT - 2.0));
                        ui.label(
                            egui::RichText::new(end.hand_totals[s].to_string())
                                .size(size::TEXT - 2.0),
                        );
                        ui.label(
                            egui::RichText::new(crate::i18n::score(end.scores[s], true))
                                .size(size::TEXT - 2.0),
                        );
                        ui.label(
                            egui::RichText::new(state.totals()[s].to_string())
                                .strong()
                                .size(size::TEXT - 2.0),
                        );
                        ui.end_row();
                    }
                });
            ui.add_space(12.0);
            let next = if game.is_over() {
                tr!("rummy-to-results")
            } else {
                tr!("rummy-next-round")
            };
            if !table.humans().is_empty() && big_button(ui, &next, true).clicked() {
                proceed.write(Proceed);
            }
        });
    true
}

/// Rounds shown one column each on the results sheet; a longer match (one
/// played for a time) shows the rounds each seat won instead.
const ROUND_COLUMNS: usize = 6;

/// The final scores, round by round, and how each round ended: the
/// results sheet filled when the match ends. A match played for a time
/// says how it ended.
pub fn results_sheet(game: &Match<Rummy>, table: &Table) -> ResultsSheet {
    let state = game.state();
    let winners = game.winners();
    let rounds = state.rounds();
    let by_round = rounds.len() <= ROUND_COLUMNS;
    let mut columns: Vec<String> = if by_round {
        rounds
            .iter()
            .map(|r| tr!("rummy-col-round-n", round = r.round))
            .collect()
    } else {
        vec![tr!("rummy-col-rounds-won")]
    };
    columns.push(tr!("rummy-col-total"));
    let rows = (0..game.players())
        .map(|s| {
            let mut cells: Vec<String> = if by_round {
                rounds
                    .iter()
                    .map(|r| crate::i18n::score(r.scores[s], true))
                    .collect()
            } else {
                let won = rounds.iter().filter(|r| r.winners.contains(&s)).count();
                vec![format!("{won} / {}", rounds.len())]
            };
            cells.push(state.totals()[s].to_string());
            (table.name(s).to_owned(), cells, winners.contains(&s))
        })
        .collect();
    let endings = rounds.iter().map(|r| match r.ending {
        Ending::WentOut(s) => tr!(
            "rummy-note-went-out",
            round = r.round,
            name = table.name(s).to_owned()
        ),
        Ending::Blocked => tr!("rummy-note-blocked", round = r.round),
    });
    let mut notes: Vec<String> = if by_round {
        endings.collect()
    } else {
        Vec::new()
    };
    if let (true, Some(minutes), Some(last)) =
        (state.time_is_up(), state.config().minutes, rounds.last())
    {
        notes.push(tr!(
            "rummy-note-time-up",
            minutes = minutes,
            rounds = last.round
        ));
    }
    notes.push(tr!(
        "rummy-note-scoring",
        joker = state.config().joker_penalty
    ));
    ResultsSheet {
        score: Some(columns.len() - 1),
        columns,
        rows,
        notes,
    }
}
