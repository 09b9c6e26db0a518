//! What the Neighbours table shows when the rules answer: the points a
//! placement scored rising from its cell, a pass said in words, and a
//! refused move letting go of the held token.

use bevy::prelude::*;
use parlour_core::games::neighbours::Neighbours;

use super::input::Hold;
use super::layout::BoardLayout;
use crate::engine::{MatchEntity, MoveApplied, MoveRejected};
use crate::game_kit::on_table;
use crate::session::{Notice, Table, TableSystems};
use crate::tr;
use crate::ui::theme::Look;
use crate::ui::tween::rising_points;

/// Answers from the rules, shown.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (on_applied, drop_hold_on_refusal)
            .in_set(TableSystems::Show)
            .run_if(on_table::<Neighbours>),
    );
}

fn on_applied(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied<Neighbours>>,
    layout: Option<Res<BoardLayout>>,
    look: Res<Look>,
    table: Res<Table>,
    mut notice: ResMut<Notice>,
) {
    let Some(layout) = layout else { return };
    for a in applied.read() {
        match a.outcome.placed {
            Some(scored) => {
                let origin = layout.cell_centre(scored.cell).extend(30.0);
                commands.spawn((
                    MatchEntity,
                    rising_points(
                        &look.bold,
                        format!("+{}", scored.points),
                        layout.cell,
                        origin,
                    ),
                ));
            }
            None => notice.show(tr!("neighbours-passed", name = table.name(a.seat)), false),
        }
    }
}

/// A refused move drops what was held (the shell says why).
fn drop_hold_on_refusal(
    mut rejected: MessageReader<MoveRejected<Neighbours>>,
    mut hold: ResMut<Hold>,
) {
    if rejected.read().count() > 0 {
        *hold = Hold::Empty;
    }
}
