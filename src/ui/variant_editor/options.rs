//! Each option as what it is — a number with its range (and off, where it
//! may be), a choice, a switch, a board — with its one line of what it
//! does, and beside it the rules' refusal when the combination is refused.

use bevy_egui::egui;
use parlour_core::engine::options::{OptionKind, OptionSpec, OptionValue};

use super::{Editing, board};
use crate::tr;
use crate::ui::theme::{ecolour, size};
use crate::ui::widgets::choice;

/// Every option, in the game's order.
pub(super) fn options(ui: &mut egui::Ui, editing: &mut Editing) {
    let refusal = editing.draft.refusal();
    let specs = editing.draft.options();
    for (spec, value) in specs.iter().zip(editing.draft.values().to_vec()) {
        egui::Frame::new()
            .fill(ecolour::CHIP)
            .corner_radius(12)
            .inner_margin(12)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                // Read from the left, as the controls under it are laid out.
                ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                    ui.label(egui::RichText::new(tr!(spec.message)).strong());
                    if let Some(change) = option(ui, editing, spec, &value) {
                        editing.set(spec.key, change);
                    }
                    if let Some((key, why)) = &editing.misfit
                        && key == spec.key
                    {
                        ui.label(egui::RichText::new(why).color(ecolour::WARN));
                    }
                    if let Some(refusal) = &refusal
                        && refusal.keys.contains(&spec.key)
                    {
                        ui.label(
                            egui::RichText::new(tr!(
                                "variants-refused",
                                reason = refusal.reason.clone()
                            ))
                            .color(ecolour::WARN),
                        );
                    }
                });
            });
        ui.add_space(6.0);
    }
    // A refusal no option stands beside (none changed): under them all.
    if let Some(refusal) = refusal
        && refusal.keys.is_empty()
    {
        ui.label(
            egui::RichText::new(tr!("variants-refused", reason = refusal.reason))
                .color(ecolour::WARN),
        );
    }
}

/// One option's control; the value chosen, if one was.
fn option(
    ui: &mut egui::Ui,
    editing: &mut Editing,
    spec: &OptionSpec,
    value: &OptionValue,
) -> Option<OptionValue> {
    match &spec.kind {
        OptionKind::Number { min, max, off } => number(ui, spec.key, *min, *max, *off, value),
        OptionKind::Choice { values } => {
            let mut picked = None;
            ui.horizontal_wrapped(|ui| {
                for v in values.iter() {
                    let words = tr!(&format!("{}-{v}", spec.message));
                    let chosen = matches!(value, OptionValue::Choice(c) if c == v);
                    if choice(ui, chosen, &words, 160.0) {
                        picked = Some(OptionValue::Choice((*v).to_owned()));
                    }
                }
            });
            picked
        }
        OptionKind::Switch => {
            let mut on = matches!(value, OptionValue::Switch(true));
            let was = on;
            crate::ui::widgets::on_off(ui, &mut on, true);
            (on != was).then_some(OptionValue::Switch(on))
        }
        OptionKind::Grid { .. } => board::board(ui, editing, spec, value),
    }
}

/// A number: − and + (steps of one, and of ten for a wide range), the
/// value, its range, and Off where the option may be off.
fn number(
    ui: &mut egui::Ui,
    key: &str,
    min: i64,
    max: i64,
    off: bool,
    value: &OptionValue,
) -> Option<OptionValue> {
    let mut picked = None;
    let now = match value {
        OptionValue::Number(n) => Some(*n),
        _ => None,
    };
    let big = if max - min >= 50 { 10 } else { 0 };
    ui.horizontal(|ui| {
        let picked = &mut picked;
        let step = |ui: &mut egui::Ui, label: &str, by: i64| {
            let n = now.unwrap_or(min);
            let to = (n + by).clamp(min, max);
            let enabled = now.is_none() || to != n;
            ui.add_enabled(
                enabled,
                egui::Button::new(egui::RichText::new(label).size(size::TEXT))
                    .min_size(egui::vec2(size::TOUCH + 8.0, size::TOUCH)),
            )
            .clicked()
            .then_some(OptionValue::Number(if now.is_none() { n } else { to }))
        };
        if big > 0 {
            *picked = picked.take().or(step(ui, "−10", -big));
        }
        *picked = picked.take().or(step(ui, "−", -1));
        let shown = match now {
            Some(n) => n.to_string(),
            None => tr!("variants-off"),
        };
        ui.add_sized(
            egui::vec2(90.0, size::TOUCH),
            egui::Label::new(egui::RichText::new(shown).size(size::TEXT + 4.0).strong()),
        );
        *picked = picked.take().or(step(ui, "+", 1));
        if big > 0 {
            *picked = picked.take().or(step(ui, "+10", big));
        }
        ui.label(
            egui::RichText::new(tr!("variants-range", min = min, max = max))
                .color(ecolour::TEXT_DIM),
        );
        if off
            && ui
                .add_enabled(
                    now.is_some(),
                    egui::Button::new(tr!("variants-off")).min_size(egui::vec2(96.0, size::TOUCH)),
                )
                .clicked()
        {
            *picked = Some(OptionValue::Off);
        }
    })
    .response
    .on_hover_text(key);
    picked
}
