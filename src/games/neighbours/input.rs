//! From pointer to move request on the Neighbours screen: tap a token then
//! a cell, or drag it there. [`handle_pointer`] is pure, so each gesture is
//! tested here without a window. The keys ([`keys`]) go through it too.

pub mod keys;

use bevy::prelude::*;
use parlour_core::engine::Seat;
use parlour_core::games::neighbours::{Move, Neighbours, Placement};

use super::layout::BoardLayout;
use crate::engine::{ActiveMatch, Controller, MoveRequest, TurnPhase};
use crate::game_kit::{DRAG_START, on_table, viewer_view};
use crate::session::{Screen, Table, TableSystems};
use crate::ui::input::PointerInput;

/// Pointer and keys on the Neighbours table. Needs no window: headless
/// tests write the pointer's and the keys' messages themselves.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<PointerInput>()
        .init_resource::<Hold>()
        .add_systems(
            Update,
            interact
                .run_if(in_state(Screen::Play).and_then(on_table::<Neighbours>))
                .in_set(TableSystems::Input),
        )
        .add_plugins(keys::plugin);
}

/// What the pointer holds.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub enum Hold {
    /// Nothing.
    #[default]
    Empty,
    /// A hand token under a pressed pointer (a tap, or the start of a drag).
    Pressed {
        /// Its hand slot.
        slot: usize,
        /// Its digit.
        digit: u8,
        /// Where the press began.
        from: Vec2,
        /// Where the pointer is now.
        at: Vec2,
        /// Whether it has moved far enough to be a drag.
        dragging: bool,
        /// Whether it was already selected when pressed (a second tap lets go).
        was_selected: bool,
    },
    /// A token chosen by a tap, waiting for a tap on a cell.
    Selected {
        /// Its hand slot.
        slot: usize,
        /// Its digit.
        digit: u8,
    },
}

impl Hold {
    /// The digit held or selected.
    pub fn digit(&self) -> Option<u8> {
        match *self {
            Hold::Empty => None,
            Hold::Pressed { digit, .. } | Hold::Selected { digit, .. } => Some(digit),
        }
    }

    /// The hand slot held or selected.
    pub fn slot(&self) -> Option<usize> {
        match *self {
            Hold::Empty => None,
            Hold::Pressed { slot, .. } | Hold::Selected { slot, .. } => Some(slot),
        }
    }
}

/// Turns one pointer event into the new hold and, when a token is let go
/// on a cell, the placement to ask the rules for. `hand` is the viewer's
/// digits in slot order; `may_move` whether it is the viewer's turn.
pub fn handle_pointer(
    hold: &mut Hold,
    layout: &BoardLayout,
    hand: &[u8],
    may_move: bool,
    event: PointerInput,
) -> Option<Move> {
    let place_on = |cell: usize, digit: u8| {
        let (row, col) = (
            (cell / layout.cols as usize) as u8,
            (cell % layout.cols as usize) as u8,
        );
        Move::Place(Placement { digit, row, col })
    };
    match (event, *hold) {
        (PointerInput::Down(p), current) => {
            if let Some(slot) = layout.hand_slot_at(p, hand.len()) {
                *hold = Hold::Pressed {
                    slot,
                    digit: hand[slot],
                    from: p,
                    at: p,
                    dragging: false,
                    was_selected: current
                        == Hold::Selected {
                            slot,
                            digit: hand[slot],
                        },
                };
                return None;
            }
            if let (Hold::Selected { digit, .. }, Some(cell), true) =
                (current, layout.cell_at(p), may_move)
            {
                *hold = Hold::Empty;
                return Some(place_on(cell, digit));
            }
            *hold = Hold::Empty;
            None
        }
        (
            PointerInput::Move(p),
            Hold::Pressed {
                slot,
                digit,
                from,
                dragging,
                was_selected,
                ..
            },
        ) => {
            *hold = Hold::Pressed {
                slot,
                digit,
                from,
                at: p,
                dragging: dragging || p.distance(from) > DRAG_START,
                was_selected,
            };
            None
        }
        (
            PointerInput::Up(p),
            Hold::Pressed {
                slot,
                digit,
                dragging,
                was_selected,
                ..
            },
        ) => {
            if dragging {
                *hold = Hold::Empty;
                match (layout.cell_at(p), may_move) {
                    (Some(cell), true) => Some(place_on(cell, digit)),
                    _ => None,
                }
            } else {
                *hold = if was_selected {
                    Hold::Empty
                } else {
                    Hold::Selected { slot, digit }
                };
                None
            }
        }
        (PointerInput::Cancel, _) => {
            *hold = Hold::Empty;
            None
        }
        _ => None,
    }
}

/// The seat on screen when a person plays it: the seat, whether it may
/// place now, and its hand's digits in slot order.
fn person_on_screen(
    active: &ActiveMatch<Neighbours>,
    table: &Table,
    phase: &State<TurnPhase>,
) -> Option<(Seat, bool, Vec<u8>)> {
    let view = viewer_view(active, table)?;
    let seat = view.seat();
    let human = table
        .seats
        .get(seat)
        .is_some_and(|s| s.controller == Controller::Human);
    let may_move = view.to_move() == Some(seat) && *phase.get() == TurnPhase::AwaitingMove;
    human.then(|| (seat, may_move, view.hand_digits()))
}

fn interact(
    mut pointer: MessageReader<PointerInput>,
    mut hold: ResMut<Hold>,
    layout: Option<Res<BoardLayout>>,
    active: Res<ActiveMatch<Neighbours>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    mut requests: MessageWriter<MoveRequest<Neighbours>>,
) {
    let Some(layout) = layout else { return };
    let Some((seat, may_move, hand)) = person_on_screen(&active, &table, &phase) else {
        pointer.clear();
        *hold = Hold::Empty;
        return;
    };
    for event in pointer.read() {
        if let Some(mv) = handle_pointer(&mut hold, &layout, &hand, may_move, *event) {
            requests.write(MoveRequest { seat, mv });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HAND: [u8; 5] = [5, 3, 0, 9, 1];

    fn layout() -> BoardLayout {
        BoardLayout::new(Vec2::new(1280.0, 800.0), 7, 11)
    }

    fn cell(l: &BoardLayout, row: usize, col: usize) -> Vec2 {
        l.cell_centre(row * 11 + col)
    }

    fn place(digit: u8, row: u8, col: u8) -> Option<Move> {
        Some(Move::Place(Placement { digit, row, col }))
    }

    #[test]
    fn tap_a_token_then_a_cell_asks_to_place_it_there() {
        let l = layout();
        let mut hold = Hold::Empty;
        let token = l.hand_slot(0, HAND.len());
        assert_eq!(
            handle_pointer(&mut hold, &l, &HAND, true, PointerInput::Down(token)),
            None
        );
        assert_eq!(
            handle_pointer(&mut hold, &l, &HAND, true, PointerInput::Up(token)),
            None
        );
        assert_eq!(hold, Hold::Selected { slot: 0, digit: 5 });
        let target = cell(&l, 3, 6);
        assert_eq!(
            handle_pointer(&mut hold, &l, &HAND, true, PointerInput::Down(target)),
            place(5, 3, 6)
        );
        assert_eq!(hold, Hold::Empty);
    }

    #[test]
    fn drag_and_drop_asks_to_place_where_it_is_dropped() {
        let l = layout();
        let mut hold = Hold::Empty;
        let token = l.hand_slot(1, HAND.len());
        let target = cell(&l, 3, 4);
        handle_pointer(&mut hold, &l, &HAND, true, PointerInput::Down(token));
        handle_pointer(
            &mut hold,
            &l,
            &HAND,
            true,
            PointerInput::Move((token + target) / 2.0),
        );
        handle_pointer(&mut hold, &l, &HAND, true, PointerInput::Move(target));
        assert!(matches!(
            hold,
            Hold::Pressed {
                dragging: true,
                digit: 3,
                ..
            }
        ));
        assert_eq!(
            handle_pointer(&mut hold, &l, &HAND, true, PointerInput::Up(target)),
            place(3, 3, 4)
        );
    }

    #[test]
    fn a_drop_off_the_board_asks_for_nothing() {
        let l = layout();
        let mut hold = Hold::Empty;
        let token = l.hand_slot(2, HAND.len());
        handle_pointer(&mut hold, &l, &HAND, true, PointerInput::Down(token));
        handle_pointer(
            &mut hold,
            &l,
            &HAND,
            true,
            PointerInput::Move(token + Vec2::new(0.0, 30.0)),
        );
        let off = Vec2::new(630.0, 390.0);
        assert_eq!(
            handle_pointer(&mut hold, &l, &HAND, true, PointerInput::Up(off)),
            None
        );
        assert_eq!(hold, Hold::Empty);
    }

    #[test]
    fn nothing_is_asked_out_of_turn() {
        let l = layout();
        let mut hold = Hold::Selected { slot: 0, digit: 5 };
        assert_eq!(
            handle_pointer(
                &mut hold,
                &l,
                &HAND,
                false,
                PointerInput::Down(cell(&l, 3, 6))
            ),
            None
        );
    }

    #[test]
    fn a_second_tap_on_the_selected_token_lets_go() {
        let l = layout();
        let mut hold = Hold::Selected { slot: 0, digit: 5 };
        let token = l.hand_slot(0, HAND.len());
        handle_pointer(&mut hold, &l, &HAND, true, PointerInput::Down(token));
        handle_pointer(&mut hold, &l, &HAND, true, PointerInput::Up(token));
        assert_eq!(hold, Hold::Empty);
    }

    #[test]
    fn a_cancelled_touch_drops_the_token() {
        let l = layout();
        let mut hold = Hold::Empty;
        handle_pointer(
            &mut hold,
            &l,
            &HAND,
            true,
            PointerInput::Down(l.hand_slot(0, 5)),
        );
        assert_eq!(
            handle_pointer(&mut hold, &l, &HAND, true, PointerInput::Cancel),
            None
        );
        assert_eq!(hold, Hold::Empty);
    }
}
