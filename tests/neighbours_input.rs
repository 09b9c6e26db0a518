//! From pointer to move request on the Neighbours screen: tap-tap, drag and
//! drop, and the layout at the window sizes people use.

use bevy::math::Vec2;
use parlour::games::neighbours::screen::{BoardLayout, Hold, handle_pointer};
use parlour::ui::input::{PointerInput, screen_to_world};
use parlour_core::games::neighbours::{Move, Placement};

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

#[test]
fn every_cell_and_hand_slot_is_found_again_under_its_centre() {
    for size in [
        Vec2::new(1280.0, 800.0),
        Vec2::new(1920.0, 1080.0),
        Vec2::new(800.0, 1280.0),
    ] {
        let l = BoardLayout::new(size, 7, 11);
        for c in 0..77 {
            assert_eq!(l.cell_at(l.cell_centre(c)), Some(c));
        }
        for i in 0..5 {
            assert_eq!(l.hand_slot_at(l.hand_slot(i, 5), 5), Some(i));
        }
    }
}

#[test]
fn the_board_and_hand_fit_the_window_with_touch_sized_targets() {
    for size in [
        Vec2::new(1280.0, 800.0),
        Vec2::new(1920.0, 1080.0),
        Vec2::new(800.0, 1280.0),
    ] {
        let l = BoardLayout::new(size, 7, 11);
        let half = size / 2.0;
        for c in [0, 10, 66, 76] {
            let p = l.cell_centre(c);
            assert!(
                p.x.abs() + l.cell / 2.0 <= half.x && p.y.abs() + l.cell / 2.0 <= half.y,
                "{size}: cell {c} off screen"
            );
        }
        assert!(
            l.cell >= 48.0,
            "{size}: cells of {} px are too small to tap",
            l.cell
        );
        assert!(l.token >= 48.0);
        let right = l.hand_slot(4, 5).x + l.token / 2.0;
        let left = l.hand_slot(0, 5).x - l.token / 2.0;
        // The bag is 1.5 tokens wide, a legend chip 1.9 (scaled with the token).
        assert!(
            right < l.bag.x - 0.75 * l.token,
            "{size}: the hand runs into the bag"
        );
        assert!(
            left > l.legend.x + 0.95 * l.token,
            "{size}: the hand runs into the legend"
        );
    }
}

#[test]
fn screen_points_map_to_world_points_with_y_up() {
    let w = Vec2::new(1280.0, 800.0);
    assert_eq!(screen_to_world(w, Vec2::new(640.0, 400.0)), Vec2::ZERO);
    assert_eq!(
        screen_to_world(w, Vec2::new(0.0, 0.0)),
        Vec2::new(-640.0, 400.0)
    );
}
