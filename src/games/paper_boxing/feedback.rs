//! What Paper Boxing's table shows of each move beyond the pieces: the
//! cells lit — D, the cells each path has used, the bout in progress, the
//! legal steps, the cell under a dragged number — a mark rising over a
//! finished bout, and a refused step letting go of what was held (the
//! shell says why).

use bevy::prelude::*;
use parlour_core::engine::{Phase, Seat};
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::paper_boxing::rules::START;

use crate::engine::{ActiveMatch, CellOf, MatchEntity, MoveApplied, MoveRejected, TurnPhase};
use crate::session::{Screen, Table, TableSystems};
use crate::ui::theme::{Look, colour};
use crate::ui::tween::rising_points;

use super::in_paper_boxing;
use super::input::PlayHold;
use super::layout::PbLayout;
use super::setup::{Draft, arranging};
use super::view::{CellFace, CellNumber, SEAT, mix};
use super::viewer::{drawn_for, legal_cells, viewer_view};

/// D's cell: a darker card, apart from both seats' colours.
const START_CELL: Color = Color::srgb(0.780, 0.737, 0.659);

/// Colours each cell and prints its number: D, the cells each path has
/// used, the cells of the bout in progress, the viewer's legal steps (or,
/// during the set-up, the cell under a dragged number).
fn paint_cells(
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    screen: Res<State<Screen>>,
    phase: Res<State<TurnPhase>>,
    draft: Res<Draft>,
    mut cells: Query<(&CellOf, &mut Sprite, &Children), With<CellFace>>,
    mut numbers: Query<&mut Text2d, With<CellNumber>>,
) {
    let Some(layout) = layout else { return };
    let view = viewer_view(active.get(), drawn_for(&table, *screen.get()));
    let me = view.seat;
    let legal = if table.is_human(me) && *phase.get() == TurnPhase::AwaitingMove {
        legal_cells(&view)
    } else {
        Vec::new()
    };
    let drop_on = draft
        .hold
        .dragged()
        .and_then(|(_, p)| layout.setup_cell_at(p))
        .filter(|&c| c != START);
    let editing = arranging(&view, &table);
    let in_progress = view.bouts as usize + 1;
    let shown_bout = if view.paths.iter().any(|p| p.len() > in_progress) {
        in_progress
    } else {
        view.bouts as usize
    };
    for (cell, mut sprite, children) in &mut cells {
        let s = cell.owner.unwrap_or(0);
        let c = (cell.index % 16) as u8;
        let path = &view.paths[s];
        let on_path = path.iter().position(|&p| p == c);
        // A step's index on the path is its bout: light up the bout in
        // progress, or between bouts the last one.
        let fresh = on_path.is_some_and(|k| k > 0 && k == shown_bout);
        let colour = if c == START {
            START_CELL
        } else if view.phase == Phase::SetUp {
            if editing && drop_on == Some(c) {
                colour::LEGAL
            } else {
                colour::CELL
            }
        } else if s == me && legal.contains(&c) {
            colour::LEGAL
        } else if fresh {
            mix(colour::CELL, SEAT[s], 0.55)
        } else if on_path.is_some() {
            mix(colour::CELL, SEAT[s], 0.25)
        } else if view.secret == Some(c) && s == me {
            mix(colour::CELL, SEAT[s], 0.55)
        } else {
            colour::CELL
        };
        if sprite.color != colour {
            sprite.color = colour;
        }
        let label = if c == START {
            "D".to_owned()
        } else if editing {
            // The numbers are tokens while the grid is being filled in.
            String::new()
        } else {
            view.grids[s]
                .map(|g| g[c as usize].to_string())
                .unwrap_or_default()
        };
        for child in children.iter() {
            if let Ok(mut text) = numbers.get_mut(child)
                && text.0 != label
            {
                text.0 = label.clone();
            }
        }
    }
}

/// Announces a finished bout over the winner's cell (a draw over both).
fn announce_bouts(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied<PaperBoxing>>,
    layout: Option<Res<PbLayout>>,
    look: Res<Look>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
) {
    let Some(layout) = layout else { return };
    let view = viewer_view(active.get(), table.viewer);
    for a in applied.read() {
        let Some(bout) = a.outcome.bout else { continue };
        let marks: Vec<(Seat, &str)> = match bout.winner {
            Some(w) => vec![(w, "+1")],
            None => vec![(0, "="), (1, "=")],
        };
        for (s, mark) in marks {
            let Some(&cell) = view.paths[s].last() else {
                continue;
            };
            let origin = layout.cell_centre(s, cell).extend(30.0);
            commands.spawn((
                MatchEntity,
                rising_points(&look.bold, mark.to_owned(), layout.cell, origin),
            ));
        }
    }
}

/// A refused move drops what was held (the shell says why).
fn drop_hold_on_refusal(
    mut rejected: MessageReader<MoveRejected<PaperBoxing>>,
    mut hold: ResMut<PlayHold>,
) {
    if rejected.read().count() > 0 {
        *hold = PlayHold::Empty;
    }
}

/// A refusal drops the hold, without a window too.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_systems(
        Update,
        drop_hold_on_refusal
            .in_set(TableSystems::Show)
            .run_if(in_paper_boxing),
    );
}

/// Bouts announced as the moves are shown; cells lit as they are drawn.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            announce_bouts
                .in_set(TableSystems::Show)
                .run_if(in_paper_boxing),
            paint_cells
                .in_set(TableSystems::Draw)
                .run_if(in_paper_boxing),
        ),
    );
}
