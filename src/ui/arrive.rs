//! Pieces arriving on the screens drawn with egui — a phone's hand and the
//! table's own screen: a token, a card or a step that was not there a
//! moment ago grows in and glows for a while, so a move made on another
//! device is seen arriving, as the desktop table's pieces glide. A piece
//! there from the first frame simply is there; with Reduce motion on,
//! every piece is.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiSystems;
use crate::settings::Settings;

/// How long a piece takes to grow in, in seconds.
const GROW: f32 = 0.35;
/// How long its glow lasts after, in seconds.
const GLOW: f32 = 1.6;

/// Where egui keeps whether motion is reduced, for the screens to read.
fn still_id() -> egui::Id {
    egui::Id::new("arrive-still")
}

/// Tells the screens whether motion is reduced.
pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, keep_still.before(UiSystems::Hud));
}

fn keep_still(mut contexts: EguiContexts, settings: Option<Res<Settings>>) -> Result {
    let still = settings.is_some_and(|s| s.reduce_motion);
    contexts
        .ctx_mut()?
        .data_mut(|d| d.insert_temp(still_id(), still));
    Ok(())
}

/// How a piece named `id` stands as it arrives: `grown` from 0 as it
/// appears to 1 once in place, `glow` from 1 as it lands to 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arrival {
    /// How far it has grown in.
    pub grown: f32,
    /// How much of its glow is left.
    pub glow: f32,
}

impl Arrival {
    /// A piece in place and long settled.
    pub const SETTLED: Self = Self {
        grown: 1.0,
        glow: 0.0,
    };
}

/// How the piece `id` stands, `here` being whether it is on the table
/// now. Call it every frame the piece's place is drawn, there or not.
pub fn arrival(ctx: &egui::Context, id: egui::Id, here: bool) -> Arrival {
    if ctx
        .data(|d| d.get_temp::<bool>(still_id()))
        .unwrap_or(false)
    {
        return if here {
            Arrival::SETTLED
        } else {
            Arrival {
                grown: 0.0,
                glow: 0.0,
            }
        };
    }
    let grown = ctx.animate_bool_with_time_and_easing(
        id.with("grow"),
        here,
        GROW,
        egui::emath::easing::cubic_out,
    );
    let glow = 1.0 - ctx.animate_bool_with_time(id.with("glow"), here, GLOW);
    Arrival {
        grown,
        glow: if here { glow } else { 0.0 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_there_from_the_first_frame_is_settled_and_a_new_one_grows_in() {
        let ctx = egui::Context::default();
        let mut seen = Vec::new();
        // Frames at these times; the new piece comes at the second.
        for time in [0.0, 0.02, 5.0] {
            let input = egui::RawInput {
                time: Some(time),
                ..Default::default()
            };
            let mut output = ctx.run_ui(input, |ui| {
                let old = arrival(ui.ctx(), egui::Id::new("old"), true);
                let new = arrival(ui.ctx(), egui::Id::new("new"), time > 0.0);
                seen.push((old, new));
            });
            // The font atlas it made is not drawn anywhere.
            output.textures_delta.clear();
        }
        assert_eq!(
            seen[0].0,
            Arrival::SETTLED,
            "no piece grows in at first sight"
        );
        let (_, come) = seen[1];
        assert!(
            come.grown < 0.5 && come.glow > 0.5,
            "a piece that has just come is small and glowing: {come:?}"
        );
        assert_eq!(seen[2].1, Arrival::SETTLED, "and later simply there");
    }

    #[test]
    fn with_reduce_motion_a_new_piece_is_simply_there() {
        let ctx = egui::Context::default();
        ctx.data_mut(|d| d.insert_temp(still_id(), true));
        let mut come = None;
        for time in [0.0, 0.02] {
            let input = egui::RawInput {
                time: Some(time),
                ..Default::default()
            };
            let mut output = ctx.run_ui(input, |ui| {
                come = Some(arrival(ui.ctx(), egui::Id::new("new"), time > 0.0));
            });
            output.textures_delta.clear();
        }
        assert_eq!(come, Some(Arrival::SETTLED));
    }
}
