//! Paper Boxing in a lesson: the glow on the grid cell a step is about.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use parlour_core::games::paper_boxing::{Move, PaperBoxing};

use super::layout::{PbLayout, grid_cell_centre, to_screen};
use super::setup::Draft;
use super::view::grid_place;
use crate::engine::ActiveMatch;
use crate::game_kit::viewer_view;
use crate::lessons::{LessonPlay, Point, pointer};
use crate::session::{Screen, Table, TableSystems};
use crate::ui::UiSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        lay_the_lessons_grid
            .in_set(TableSystems::Show)
            .run_if(resource_exists::<LessonPlay<PaperBoxing>>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        glow.run_if(
            resource_exists::<LessonPlay<PaperBoxing>>
                .and_then(resource_exists::<ActiveMatch<PaperBoxing>>),
        )
        .run_if(in_state(Screen::Play))
        .in_set(UiSystems::Hud),
    );
}

fn glow(
    mut contexts: EguiContexts,
    play: Res<LessonPlay<PaperBoxing>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    layout: Option<Res<PbLayout>>,
) -> Result {
    let (Some(&Point::Grid(seat, row, col)), Some(layout)) = (play.pointing(), layout) else {
        return Ok(());
    };
    let Some(view) = viewer_view(&active, &table) else {
        return Ok(());
    };
    // A grid not on the table (the other's, during the set-up) has no glow.
    let Some((centre, pitch)) = (seat < 2 && row < 4 && col < 4)
        .then(|| grid_place(&layout, &view, seat))
        .flatten()
    else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let at = to_screen(&layout, grid_cell_centre(centre, pitch, row * 4 + col));
    pointer::ring(&pointer::painter(ctx), at, pitch * 0.5 / layout.zoom);
    Ok(())
}

/// A step that asks for the learner's grid shows it laid out, ready for
/// "Ready": the words say "here is a good grid", and a newcomer could not
/// guess the one the lesson's deal was chosen with.
fn lay_the_lessons_grid(
    play: Res<LessonPlay<PaperBoxing>>,
    mut draft: ResMut<Draft>,
    mut laid_at: Local<Option<usize>>,
) {
    if !play.learner_to_move() || *laid_at == Some(play.step) {
        return;
    }
    let Some(Move::Grid(grid)) = play.script.steps[play.step].moves.first() else {
        return;
    };
    if draft.seat == Some(play.script.you) {
        draft.fill(*grid);
        *laid_at = Some(play.step);
    }
}
