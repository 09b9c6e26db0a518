//! The pointer on Paper Boxing's table. Pure functions turn one pointer
//! event into what the pointer holds and, at its end, a change to the grid
//! being filled in or the step to ask the rules for; one system feeds them
//! the frame's events and sends the steps as move requests. The keys
//! ([`keys`]) go through the same functions.

pub mod keys;

use bevy::prelude::*;
use parlour_core::engine::{Phase, Seat};
use parlour_core::games::paper_boxing::rules::START;
use parlour_core::games::paper_boxing::{Move, PaperBoxing, View};

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

/// The seat on screen and what it sees, when a person plays it.
fn person_on_screen(active: &ActiveMatch<PaperBoxing>, table: &Table) -> Option<(Seat, View)> {
    let view = viewer_view(active.get(), table.viewer);
    let seat = view.seat;
    (seat <= 1 && table.is_human(seat)).then_some((seat, view))
}

/// Whether the seat on screen may step now.
fn may_step(view: &View, seat: Seat, phase: &State<TurnPhase>) -> bool {
    *phase.get() == TurnPhase::AwaitingMove && view.awaiting.contains(&seat)
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
    let Some((seat, view)) = person_on_screen(&active, &table) else {
        pointer.clear();
        *hold = PlayHold::Empty;
        return;
    };
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
    let may_move = may_step(&view, seat, &phase);
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

/// The pointer and the keys on the table, before the rules take the moves.
/// Needs no window: headless tests write the pointer's and the keys'
/// messages themselves, and a refusal drops the hold there too.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<PointerInput>()
        .init_resource::<PlayHold>()
        .init_resource::<Draft>()
        .add_systems(
            Update,
            (
                interact
                    .run_if(in_state(Screen::Play).and_then(in_paper_boxing))
                    .in_set(TableSystems::Input),
                drop_hold_on_new_match
                    .in_set(TableSystems::Show)
                    .run_if(in_paper_boxing),
            ),
        )
        .add_plugins(keys::plugin);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of a 1280 × 800 window.
    fn layout() -> PbLayout {
        PbLayout::new(Vec2::new(1280.0, 800.0))
    }

    // --- Set-up: drag, swap, tap ------------------------------------------

    /// Drags from `from` to `to` in a few steps; whether the arrangement changed.
    fn drag(l: &PbLayout, hold: &mut SetUpHold, a: &mut Arrangement, from: Vec2, to: Vec2) -> bool {
        let mut changed = handle_setup_pointer(hold, l, a, PointerInput::Down(from));
        for i in 1..=4 {
            let p = from.lerp(to, i as f32 / 4.0);
            changed |= handle_setup_pointer(hold, l, a, PointerInput::Move(p));
        }
        changed | handle_setup_pointer(hold, l, a, PointerInput::Up(to))
    }

    fn tap(l: &PbLayout, hold: &mut SetUpHold, a: &mut Arrangement, at: Vec2) -> bool {
        handle_setup_pointer(hold, l, a, PointerInput::Down(at))
            | handle_setup_pointer(hold, l, a, PointerInput::Up(at))
    }

    #[test]
    fn dragging_a_number_from_the_tray_onto_a_cell_places_it() {
        let l = layout();
        let (mut hold, mut a) = (SetUpHold::Empty, Arrangement::default());
        assert!(drag(
            &l,
            &mut hold,
            &mut a,
            l.tray_slot(15),
            l.setup_cell_centre(15)
        ));
        assert_eq!(a.cell_of(15), Some(15));
        assert_eq!(a.placed(), 1);
        assert_eq!(hold, SetUpHold::Empty);
    }

    #[test]
    fn dropping_a_placed_number_on_another_swaps_them() {
        let l = layout();
        let (mut hold, mut a) = (SetUpHold::Empty, Arrangement::default());
        a.put(7, 1);
        a.put(9, 6);
        assert!(drag(
            &l,
            &mut hold,
            &mut a,
            l.setup_cell_centre(1),
            l.setup_cell_centre(6)
        ));
        assert_eq!((a.cell_of(7), a.cell_of(9)), (Some(6), Some(1)));
    }

    #[test]
    fn dropping_a_tray_number_on_a_placed_one_sends_that_one_back() {
        let l = layout();
        let (mut hold, mut a) = (SetUpHold::Empty, Arrangement::default());
        a.put(7, 1);
        drag(
            &l,
            &mut hold,
            &mut a,
            l.tray_slot(3),
            l.setup_cell_centre(1),
        );
        assert_eq!(a.cell_of(3), Some(1));
        assert_eq!(a.cell_of(7), None, "7 is back in the tray");
    }

    #[test]
    fn d_takes_no_number() {
        let l = layout();
        let (mut hold, mut a) = (SetUpHold::Empty, Arrangement::default());
        assert!(!drag(
            &l,
            &mut hold,
            &mut a,
            l.tray_slot(4),
            l.setup_cell_centre(0)
        ));
        assert_eq!(a.placed(), 0);
    }

    #[test]
    fn dragging_a_placed_number_to_the_tray_takes_it_off() {
        let l = layout();
        let (mut hold, mut a) = (SetUpHold::Empty, Arrangement::default());
        a.put(5, 10);
        assert!(drag(
            &l,
            &mut hold,
            &mut a,
            l.setup_cell_centre(10),
            l.tray.center()
        ));
        assert_eq!(a.cell_of(5), None);
    }

    #[test]
    fn a_drop_off_the_grid_and_tray_changes_nothing() {
        let l = layout();
        let (mut hold, mut a) = (SetUpHold::Empty, Arrangement::default());
        a.put(5, 10);
        let off = Vec2::new(0.0, l.band.center().y);
        assert!(!drag(&l, &mut hold, &mut a, l.setup_cell_centre(10), off));
        assert_eq!(a.cell_of(5), Some(10));
    }

    #[test]
    fn tap_a_number_then_a_cell_places_it() {
        let l = layout();
        let (mut hold, mut a) = (SetUpHold::Empty, Arrangement::default());
        assert!(!tap(&l, &mut hold, &mut a, l.tray_slot(12)));
        assert_eq!(hold, SetUpHold::Selected(12));
        assert!(tap(&l, &mut hold, &mut a, l.setup_cell_centre(5)));
        assert_eq!(a.cell_of(12), Some(5));
        assert_eq!(hold, SetUpHold::Empty);
    }

    #[test]
    fn tap_a_placed_number_then_another_swaps_them() {
        let l = layout();
        let (mut hold, mut a) = (SetUpHold::Empty, Arrangement::default());
        a.put(1, 2);
        a.put(2, 3);
        tap(&l, &mut hold, &mut a, l.setup_cell_centre(2));
        assert!(tap(&l, &mut hold, &mut a, l.setup_cell_centre(3)));
        assert_eq!((a.cell_of(1), a.cell_of(2)), (Some(3), Some(2)));
    }

    #[test]
    fn a_second_tap_on_the_selected_number_lets_go() {
        let l = layout();
        let (mut hold, mut a) = (SetUpHold::Empty, Arrangement::default());
        tap(&l, &mut hold, &mut a, l.tray_slot(8));
        tap(&l, &mut hold, &mut a, l.tray_slot(8));
        assert_eq!(hold, SetUpHold::Empty);
        assert_eq!(a.placed(), 0);
    }

    #[test]
    fn a_cancelled_touch_drops_the_number() {
        let l = layout();
        let (mut hold, mut a) = (SetUpHold::Empty, Arrangement::default());
        handle_setup_pointer(&mut hold, &l, &mut a, PointerInput::Down(l.tray_slot(2)));
        handle_setup_pointer(&mut hold, &l, &mut a, PointerInput::Cancel);
        assert_eq!(hold, SetUpHold::Empty);
        assert_eq!(a.placed(), 0);
    }

    // --- Play: tap a cell, drag the ring -----------------------------------

    /// Seat 0 at D (cell 0): its legal steps are cells 1, 4 and 5.
    fn play(hold: &mut PlayHold, l: &PbLayout, may: bool, events: &[PointerInput]) -> Option<Move> {
        let mut out = None;
        for e in events {
            if let Some(mv) = handle_play_pointer(hold, l, 0, 0, may, *e) {
                out = Some(mv);
            }
        }
        out
    }

    #[test]
    fn tapping_a_legal_cell_steps_there() {
        let l = layout();
        let p = l.cell_centre(0, 5);
        let mut hold = PlayHold::Empty;
        assert_eq!(
            play(
                &mut hold,
                &l,
                true,
                &[PointerInput::Down(p), PointerInput::Up(p)]
            ),
            Some(Move::To { row: 1, col: 1 })
        );
        assert_eq!(hold, PlayHold::Empty);
    }

    #[test]
    fn tapping_the_other_grid_or_outside_asks_nothing() {
        let l = layout();
        let mut hold = PlayHold::Empty;
        for p in [l.cell_centre(1, 5), Vec2::ZERO] {
            assert_eq!(
                play(
                    &mut hold,
                    &l,
                    true,
                    &[PointerInput::Down(p), PointerInput::Up(p)]
                ),
                None
            );
        }
    }

    #[test]
    fn tapping_a_cell_out_of_reach_asks_the_rules_which_say_why() {
        // Cell 10 is two steps from D: the step is asked, for the rules to refuse.
        let l = layout();
        let p = l.cell_centre(0, 10);
        let mut hold = PlayHold::Empty;
        assert_eq!(
            play(
                &mut hold,
                &l,
                true,
                &[PointerInput::Down(p), PointerInput::Up(p)]
            ),
            Some(Move::To { row: 2, col: 2 })
        );
    }

    #[test]
    fn tapping_the_ring_itself_asks_nothing() {
        let l = layout();
        let p = l.cell_centre(0, 0);
        let mut hold = PlayHold::Empty;
        assert_eq!(
            play(
                &mut hold,
                &l,
                true,
                &[PointerInput::Down(p), PointerInput::Up(p)]
            ),
            None
        );
    }

    #[test]
    fn dragging_the_ring_to_a_legal_cell_steps_there() {
        let l = layout();
        let (from, to) = (l.cell_centre(0, 0), l.cell_centre(0, 4));
        let mut hold = PlayHold::Empty;
        handle_play_pointer(&mut hold, &l, 0, 0, true, PointerInput::Down(from));
        handle_play_pointer(&mut hold, &l, 0, 0, true, PointerInput::Move(to));
        assert_eq!(
            hold.dragged_ring(0),
            Some(to),
            "the ring follows the pointer"
        );
        assert_eq!(
            handle_play_pointer(&mut hold, &l, 0, 0, true, PointerInput::Up(to)),
            Some(Move::To { row: 1, col: 0 })
        );
    }

    #[test]
    fn dragging_the_ring_out_of_reach_asks_the_rules_which_say_why() {
        let l = layout();
        let (from, to) = (l.cell_centre(0, 0), l.cell_centre(0, 2));
        let mut hold = PlayHold::Empty;
        let events = [
            PointerInput::Down(from),
            PointerInput::Move(to),
            PointerInput::Up(to),
        ];
        assert_eq!(
            play(&mut hold, &l, true, &events),
            Some(Move::To { row: 0, col: 2 })
        );
    }

    #[test]
    fn a_drag_that_starts_away_from_the_ring_moves_nothing() {
        let l = layout();
        let (from, to) = (l.cell_centre(0, 10), l.cell_centre(0, 5));
        let mut hold = PlayHold::Empty;
        let events = [
            PointerInput::Down(from),
            PointerInput::Move(to),
            PointerInput::Up(to),
        ];
        assert_eq!(play(&mut hold, &l, true, &events), None);
    }

    #[test]
    fn nothing_is_asked_out_of_turn() {
        let l = layout();
        let p = l.cell_centre(0, 5);
        let mut hold = PlayHold::Empty;
        assert_eq!(
            play(
                &mut hold,
                &l,
                false,
                &[PointerInput::Down(p), PointerInput::Up(p)]
            ),
            None
        );
    }
}
