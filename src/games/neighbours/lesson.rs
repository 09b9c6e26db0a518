//! Neighbours in a lesson: the glow on the cell a step is about.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use parlour_core::games::neighbours::Neighbours;

use super::layout::BoardLayout;
use crate::lessons::{LessonPlay, Point, pointer};
use crate::session::Screen;
use crate::ui::UiSystems;
use crate::ui::theme::Zoom;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        glow.run_if(resource_exists::<LessonPlay<Neighbours>>)
            .run_if(in_state(Screen::Play))
            .in_set(UiSystems::Hud),
    );
}

fn glow(
    mut contexts: EguiContexts,
    play: Res<LessonPlay<Neighbours>>,
    layout: Option<Res<BoardLayout>>,
    zoom: Res<Zoom>,
) -> Result {
    let (Some(&Point::Cell(row, col)), Some(layout)) = (play.pointing(), layout) else {
        return Ok(());
    };
    if row >= layout.rows || col >= layout.cols {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let cell = row as usize * layout.cols as usize + col as usize;
    let centre = zoom.to_points(layout.window, layout.cell_centre(cell));
    pointer::ring(&pointer::painter(ctx), centre, layout.token * 0.55 / zoom.0);
    Ok(())
}
