//! The keys on the Neighbours table: the focus rests on the hand's tokens
//! and the board's cells; Enter is a tap there and Esc a cancelled drag,
//! both fed to [`handle_pointer`], so a key asks for nothing a finger could
//! not, and its placement reaches the match as a move request.

use bevy::prelude::*;
use parlour_core::games::neighbours::{Move, Neighbours};

use super::{BoardLayout, Hold, handle_pointer, person_on_screen};
use crate::engine::{ActiveMatch, MoveRequest, TurnPhase};
use crate::game_kit::on_table;
use crate::session::{Screen, Table, TableSystems};
use crate::ui::input::PointerInput;
use crate::ui::keys::{self, Focus, Focusable, KeyAct, KeyFocus, KeyInput, tap};

/// What may take the keys' focus on the Neighbours table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// A token of the hand, by its slot.
    Token(usize),
    /// A cell of the board (row-major).
    Cell(usize),
}

/// The keys on the table, and the ring around the spot they rest on.
pub(super) fn plugin(app: &mut App) {
    // Shared by every table: a call, not a plugin, so each game may make it.
    keys::logic_plugin(app);
    app.init_resource::<Focus<Spot>>().add_systems(
        Update,
        (
            // Each its own check: the match may end between the two sets.
            follow_keys
                .in_set(TableSystems::Input)
                .run_if(in_state(Screen::Play).and_then(on_table::<Neighbours>)),
            ring.in_set(TableSystems::Draw)
                .run_if(in_state(Screen::Play).and_then(on_table::<Neighbours>)),
        ),
    );
}

/// The hand's `hand` tokens (first, so the focus starts on the hand), then
/// every cell of the board.
pub fn focusables(layout: &BoardLayout, hand: usize) -> Vec<Focusable<Spot>> {
    let tokens =
        (0..hand).map(|i| Focusable::disc(Spot::Token(i), layout.hand_slot(i, hand), layout.token));
    let cells = (0..layout.rows as usize * layout.cols as usize).map(|c| {
        Focusable::square(
            Spot::Cell(c),
            layout.cell_centre(c),
            Vec2::splat(layout.cell * 0.92),
        )
    });
    tokens.chain(cells).collect()
}

/// Follows one key: the focus moves, or what it rests on is tapped, or the
/// held token is let go — by the pointer's own function. Returns the
/// placement to ask the rules for, when Enter puts a token on a cell.
pub fn handle_key(
    focus: &mut Focus<Spot>,
    hold: &mut Hold,
    layout: &BoardLayout,
    hand: &[u8],
    may_move: bool,
    key: KeyInput,
) -> Option<Move> {
    let events = match focus.follow(&focusables(layout, hand.len()), key)? {
        KeyAct::Tap(_, at) => tap(at).to_vec(),
        KeyAct::LetGo => vec![PointerInput::Cancel],
    };
    let mut asked = None;
    for event in events {
        asked = asked.or(handle_pointer(hold, layout, hand, may_move, event));
    }
    asked
}

fn follow_keys(
    mut keys: MessageReader<KeyInput>,
    mut focus: ResMut<Focus<Spot>>,
    mut hold: ResMut<Hold>,
    layout: Option<Res<BoardLayout>>,
    active: Res<ActiveMatch<Neighbours>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    mut requests: MessageWriter<MoveRequest<Neighbours>>,
) {
    let (Some(layout), Some((seat, may_move, hand))) =
        (layout, person_on_screen(&active, &table, &phase))
    else {
        keys.clear();
        return;
    };
    for key in keys.read() {
        if let Some(mv) = handle_key(&mut focus, &mut hold, &layout, &hand, may_move, *key) {
            requests.write(MoveRequest { seat, mv });
        }
    }
}

/// The ring goes around the focused spot while a person plays the seat on screen.
fn ring(
    mut focus: ResMut<Focus<Spot>>,
    mut key_focus: ResMut<KeyFocus>,
    layout: Option<Res<BoardLayout>>,
    active: Res<ActiveMatch<Neighbours>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
) {
    let ring = match (layout, person_on_screen(&active, &table, &phase)) {
        (Some(layout), Some((_, _, hand))) if key_focus.shown => {
            focus.ring(&focusables(&layout, hand.len()))
        }
        _ => None,
    };
    if key_focus.ring != ring {
        key_focus.ring = ring;
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::games::neighbours::Placement;

    use super::*;
    use crate::ui::keys::Arrow;

    const HAND: [u8; 5] = [5, 3, 0, 9, 1];

    fn layout() -> BoardLayout {
        BoardLayout::new(Vec2::new(1280.0, 800.0), 7, 11)
    }

    /// Presses `keys` in turn; the placements asked for.
    fn press(focus: &mut Focus<Spot>, hold: &mut Hold, keys: &[KeyInput]) -> Vec<Move> {
        let l = layout();
        keys.iter()
            .filter_map(|&k| handle_key(focus, hold, &l, &HAND, true, k))
            .collect()
    }

    const RIGHT: KeyInput = KeyInput::Arrow(Arrow::Right);
    const UP: KeyInput = KeyInput::Arrow(Arrow::Up);
    const DOWN: KeyInput = KeyInput::Arrow(Arrow::Down);

    #[test]
    fn the_focus_starts_on_the_first_token_and_walks_along_the_hand() {
        let (mut focus, mut hold) = (Focus::default(), Hold::Empty);
        press(&mut focus, &mut hold, &[KeyInput::Show]);
        assert_eq!(focus.on, Some(Spot::Token(0)));
        press(&mut focus, &mut hold, &[RIGHT, RIGHT]);
        assert_eq!(focus.on, Some(Spot::Token(2)));
    }

    #[test]
    fn right_stops_at_the_last_token_and_up_climbs_to_the_board() {
        let (mut focus, mut hold) = (Focus::default(), Hold::Empty);
        press(&mut focus, &mut hold, &[KeyInput::Show]);
        press(&mut focus, &mut hold, &[RIGHT; 8]);
        assert_eq!(focus.on, Some(Spot::Token(4)), "the hand's end stops it");
        press(&mut focus, &mut hold, &[UP]);
        assert!(
            matches!(focus.on, Some(Spot::Cell(c)) if c / 11 == 6),
            "onto the board's bottom row: {:?}",
            focus.on
        );
        press(&mut focus, &mut hold, &[UP; 10]);
        assert!(
            matches!(focus.on, Some(Spot::Cell(c)) if c / 11 == 0),
            "the top row stops it"
        );
        press(&mut focus, &mut hold, &[DOWN; 10]);
        assert!(
            matches!(focus.on, Some(Spot::Token(_))),
            "back down to the hand"
        );
    }

    #[test]
    fn enter_on_a_token_then_on_a_cell_asks_what_two_taps_ask() {
        let (mut focus, mut hold) = (Focus::default(), Hold::Empty);
        // Show, then pick up the second token (the 3).
        press(
            &mut focus,
            &mut hold,
            &[KeyInput::Show, RIGHT, KeyInput::Enter],
        );
        assert_eq!(
            hold,
            Hold::Selected { slot: 1, digit: 3 },
            "what a tap selects"
        );
        // Up onto the board, right along its bottom row, then drop.
        focus.on = Some(Spot::Cell(6 * 11 + 4));
        let asked = press(&mut focus, &mut hold, &[RIGHT, KeyInput::Enter]);
        assert_eq!(
            asked,
            vec![Move::Place(Placement {
                digit: 3,
                row: 6,
                col: 5
            })]
        );
        assert_eq!(hold, Hold::Empty);
    }

    #[test]
    fn esc_lets_go_of_the_token_as_a_cancelled_drag_does() {
        let (mut focus, mut hold) = (Focus::default(), Hold::Empty);
        press(&mut focus, &mut hold, &[KeyInput::Show, KeyInput::Enter]);
        assert_eq!(hold, Hold::Selected { slot: 0, digit: 5 });
        assert!(press(&mut focus, &mut hold, &[KeyInput::Escape]).is_empty());
        assert_eq!(hold, Hold::Empty);
    }

    #[test]
    fn enter_twice_on_a_token_lets_it_go_as_a_second_tap_does() {
        let (mut focus, mut hold) = (Focus::default(), Hold::Empty);
        press(
            &mut focus,
            &mut hold,
            &[KeyInput::Show, KeyInput::Enter, KeyInput::Enter],
        );
        assert_eq!(hold, Hold::Empty);
    }

    #[test]
    fn nothing_is_asked_out_of_turn() {
        let l = layout();
        let mut focus = Focus {
            on: Some(Spot::Cell(3 * 11 + 6)),
            at: None,
        };
        let mut hold = Hold::Selected { slot: 0, digit: 5 };
        assert_eq!(
            handle_key(&mut focus, &mut hold, &l, &HAND, false, KeyInput::Enter),
            None
        );
    }
}
