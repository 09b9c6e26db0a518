//! Rummy in a lesson: the glow on the card a step is about, in the hand or
//! on the table as the turn on screen has them.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::games::rummy::Rummy;

use super::layout::RummyLayout;
use super::turn::TurnOnScreen;
use crate::lessons::{LessonPlay, Point, pointer};
use crate::session::Screen;
use crate::ui::UiSystems;
use crate::ui::theme::Zoom;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        glow.run_if(resource_exists::<LessonPlay<Rummy>>)
            .run_if(in_state(Screen::Play))
            .in_set(UiSystems::Hud),
    );
}

fn glow(
    mut contexts: EguiContexts,
    play: Res<LessonPlay<Rummy>>,
    turn: Res<TurnOnScreen>,
    layout: Option<Res<RummyLayout>>,
    zoom: Res<Zoom>,
) -> Result {
    let (Some(Point::Piece(label)), Some(layout), Some(draft)) =
        (play.pointing(), layout, turn.draft.as_ref())
    else {
        return Ok(());
    };
    let in_hand = draft
        .hand
        .iter()
        .zip(&layout.hand)
        .map(|(card, at)| (card, *at, layout.hand_card));
    let on_table = draft
        .sets
        .iter()
        .zip(&layout.sets)
        .flat_map(|(set, places)| set.iter().zip(places))
        .map(|(card, at)| (card, *at, layout.table_card));
    // The hand first: the card to play is the learner's own.
    let Some((_, at, size)) = in_hand
        .chain(on_table)
        .find(|(card, ..)| card.to_string() == *label)
    else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let rect = egui::Rect::from_center_size(
        zoom.to_points(layout.window, at),
        egui::vec2(size.x, size.y) / zoom.0,
    );
    pointer::frame(&pointer::painter(ctx), rect);
    Ok(())
}
