//! The pointer on Paper Boxing's table. Pure functions turn one pointer
//! event into what the pointer holds and, at its end, a change to the grid
//! being filled in or the step to ask the rules for; one system feeds them
//! the frame's events and sends the steps as move requests.

use bevy::prelude::*;
use parlour_core::engine::{Phase, Seat};
use parlour_core::games::paper_boxing::rules::START;
use parlour_core::games::paper_boxing::{Move, PaperBoxing};

use crate::engine::{ActiveMatch, MoveRequest, StartMatch, TurnPhase};
use crate::game_kit::DRAG_START;
use crate::session::{Screen, Table, TableSystems};
use crate::ui::input::PointerInput;

use super::layout::PbLayout;
use super::setup::{Arrangement, Draft, SetUpHold, arranging};
use super::viewer::{head, viewer_view};
use super::{in_paper_boxing, match_arrived};

/// Turns one pointer event during the set-up into the new hold, changing
/// the arrangement when a number is dropped or a cell tapped: drag a number
/// from the tray onto a cell, drag a placed number onto another to swap
/// them or back to the tray to take it off; or tap a number, then a cell.
/// Returns whether the arrangement changed.
pub fn handle_setup_pointer(
    hold: &mut SetUpHold,
    layout: &PbLayout,
    arrangement: &mut Arrangement,
    event: PointerInput,
) -> bool {
    let before = *arrangement;
    let cell_under = |p: Vec2| layout.setup_cell_at(p).filter(|&c| c != START);
    match (event, *hold) {
        (PointerInput::Down(p), current) => {
            let selected = match current {
                SetUpHold::Selected(n) => Some(n),
                _ => None,
            };
            let on_cell = cell_under(p)
                .map(|c| arrangement.cells[c as usize])
                .filter(|&n| n != 0);
            let in_tray = layout
                .tray_slot_at(p)
                .filter(|&n| arrangement.cell_of(n).is_none());
            if let Some(number) = on_cell.or(in_tray) {
                *hold = SetUpHold::Pressed {
                    number,
                    from: p,
                    at: p,
                    dragging: false,
                    selected,
                };
                return false;
            }
            *hold = SetUpHold::Empty;
            if let Some(s) = selected {
                if let Some(c) = cell_under(p) {
                    arrangement.put(s, c);
                } else if layout.tray.contains(p) {
                    arrangement.take_back(s);
                }
            }
        }
        (
            PointerInput::Move(p),
            SetUpHold::Pressed {
                number,
                from,
                dragging,
                selected,
                ..
            },
        ) => {
            *hold = SetUpHold::Pressed {
                number,
                from,
                at: p,
                dragging: dragging || p.distance(from) > DRAG_START,
                selected,
            };
        }
        (
            PointerInput::Up(p),
            SetUpHold::Pressed {
                number,
                dragging,
                selected,
                ..
            },
        ) => {
            *hold = SetUpHold::Empty;
            if dragging {
                if let Some(c) = cell_under(p) {
                    arrangement.put(number, c);
                } else if layout.tray.contains(p) {
                    arrangement.take_back(number);
                }
            } else {
                match selected {
                    // A second tap on the selected number lets it go.
                    Some(s) if s == number => {}
                    // A tap on a placed number with another selected: the
                    // selected one goes there (a swap, or the placed one back
                    // to the tray).
                    Some(s) if arrangement.cell_of(number).is_some() => {
                        if let Some(c) = arrangement.cell_of(number) {
                            arrangement.put(s, c);
                        }
                    }
                    _ => *hold = SetUpHold::Selected(number),
                }
            }
        }
        (PointerInput::Cancel, _) => *hold = SetUpHold::Empty,
        _ => {}
    }
    *arrangement != before
}

/// What the pointer holds during the bouts.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub enum PlayHold {
    /// Nothing.
    #[default]
    Empty,
    /// A press on a cell of the viewer's grid (a tap, or a drag of the ring
    /// when it began on the path's end).
    Pressed {
        /// The cell pressed.
        cell: u8,
        /// Where the press began.
        from: Vec2,
        /// Where the pointer is now.
        at: Vec2,
        /// Whether it has moved far enough to be a drag.
        dragging: bool,
    },
}

impl PlayHold {
    /// Where the ring is being dragged to, when it is: a drag that began on
    /// the path's end, `head`.
    pub fn dragged_ring(&self, head: u8) -> Option<Vec2> {
        match *self {
            PlayHold::Pressed {
                cell,
                at,
                dragging: true,
                ..
            } if cell == head => Some(at),
            _ => None,
        }
    }
}

/// Turns one pointer event during the bouts into the new hold and, when
/// the viewer taps a cell of its own grid or drops its ring (the path's
/// end, `head`) on one, the step to ask the rules for. Steps the rules will
/// refuse are asked too: the refusal comes back with the rules' reason,
/// which the screen shows, rather than a tap that silently does nothing.
pub fn handle_play_pointer(
    hold: &mut PlayHold,
    layout: &PbLayout,
    seat: Seat,
    head: u8,
    may_move: bool,
    event: PointerInput,
) -> Option<Move> {
    let own_cell = |p: Vec2| {
        layout
            .cell_at(p)
            .filter(|&(s, _)| s == seat)
            .map(|(_, c)| c)
    };
    match (event, *hold) {
        (PointerInput::Down(p), _) => {
            *hold = match own_cell(p) {
                Some(cell) => PlayHold::Pressed {
                    cell,
                    from: p,
                    at: p,
                    dragging: false,
                },
                None => PlayHold::Empty,
            };
            None
        }
        (
            PointerInput::Move(p),
            PlayHold::Pressed {
                cell,
                from,
                dragging,
                ..
            },
        ) => {
            *hold = PlayHold::Pressed {
                cell,
                from,
                at: p,
                dragging: dragging || p.distance(from) > DRAG_START,
            };
            None
        }
        (PointerInput::Up(p), PlayHold::Pressed { cell, dragging, .. }) => {
            *hold = PlayHold::Empty;
            if !may_move {
                return None;
            }
            let target = own_cell(p);
            let to = if dragging && cell == head {
                // The ring dropped on a cell.
                target
            } else if !dragging || target == Some(cell) {
                // A tap (or a press that slid within its cell).
                Some(cell)
            } else {
                None
            };
            // The ring put back where it was is no step at all.
            to.filter(|&c| c != head).map(Move::to_cell)
        }
        (PointerInput::Cancel, _) => {
            *hold = PlayHold::Empty;
            None
        }
        _ => None,
    }
}

/// Feeds the frame's pointer events to the set-up or to the bouts, for the
/// seat on screen when a person holds it.
fn interact(
    mut pointer: MessageReader<PointerInput>,
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    mut draft: ResMut<Draft>,
    mut hold: ResMut<PlayHold>,
    mut requests: MessageWriter<MoveRequest<PaperBoxing>>,
) {
    let Some(layout) = layout else {
        pointer.clear();
        return;
    };
    let view = viewer_view(active.get(), table.viewer);
    let seat = view.seat;
    if seat > 1 || !table.is_human(seat) {
        pointer.clear();
        *hold = PlayHold::Empty;
        return;
    }
    if arranging(&view, &table) && draft.seat == Some(seat) {
        let Draft {
            arrangement,
            hold: setup_hold,
            ..
        } = &mut *draft;
        for event in pointer.read() {
            handle_setup_pointer(setup_hold, &layout, arrangement, *event);
        }
        return;
    }
    if view.phase != Phase::Play {
        pointer.clear();
        return;
    }
    let may_move = *phase.get() == TurnPhase::AwaitingMove && view.awaiting.contains(&seat);
    let ring = head(&view, seat);
    for event in pointer.read() {
        if let Some(mv) = handle_play_pointer(&mut hold, &layout, seat, ring, may_move, *event) {
            requests.write(MoveRequest { seat, mv });
        }
    }
}

/// A new match starts with nothing held.
fn drop_hold_on_new_match(
    mut starts: MessageReader<StartMatch<PaperBoxing>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    mut hold: ResMut<PlayHold>,
) {
    if match_arrived(&mut starts, &active) {
        *hold = PlayHold::Empty;
    }
}

/// The hold, kept without a window too: headless matches drop it on a refusal.
pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<PlayHold>();
}

/// The pointer on the table, before the rules take the moves.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            interact
                .run_if(in_state(Screen::Play).and_then(in_paper_boxing))
                .in_set(TableSystems::Input),
            drop_hold_on_new_match
                .in_set(TableSystems::Show)
                .run_if(in_paper_boxing),
        ),
    );
}
