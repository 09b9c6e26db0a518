//! The Rummy screen from pointer to move request: tap-tap and drag and drop
//! build the turn, and whatever the screen builds reaches the match only
//! through the rules plugin — a whole two-round match played that way.

use bevy::math::Vec2;
use parlour::engine::Controller;
use parlour::engine::replay::Headless;
use parlour::games::rummy::draft::{Draft, Spot, Target};
use parlour::games::rummy::layout::RummyLayout;
use parlour::games::rummy::screen::{Grab, handle_pointer};
use parlour::ui::input::PointerInput;
use parlour_core::engine::{Game, Match};
use parlour_core::games::rummy::{Move, Rummy, SwappedJoker};

fn opening(seed: u64) -> (Match<Rummy>, Draft) {
    let config = Rummy::variant("standard").unwrap();
    let game = Match::<Rummy>::new("standard", config, 2, seed, None).unwrap();
    let view = game.view(game.state().to_move());
    let draft = Draft::new(&view, 0, &[]);
    (game, draft)
}

fn layout(draft: &Draft) -> RummyLayout {
    let lens: Vec<usize> = draft.sets.iter().map(Vec::len).collect();
    RummyLayout::new(Vec2::new(1280.0, 800.0), &lens, draft.hand.len())
}

#[test]
fn tap_a_card_then_the_felt_starts_a_new_set_with_it() {
    let (_, draft) = opening(3);
    let l = layout(&draft);
    let mut grab = Grab::Empty;
    let card = l.hand[2];
    assert_eq!(
        handle_pointer(&mut grab, &l, &draft, PointerInput::Down(card)),
        None
    );
    assert_eq!(
        handle_pointer(&mut grab, &l, &draft, PointerInput::Up(card)),
        None
    );
    assert_eq!(
        grab,
        Grab::Selected {
            from: Spot::Hand(2),
            card: draft.hand[2]
        }
    );
    assert_eq!(
        handle_pointer(&mut grab, &l, &draft, PointerInput::Down(l.new_set)),
        Some((Spot::Hand(2), Target::NewSet))
    );
    assert_eq!(grab, Grab::Empty);
}

#[test]
fn a_second_tap_on_the_selected_card_lets_it_go() {
    let (_, draft) = opening(3);
    let l = layout(&draft);
    let mut grab = Grab::Empty;
    let card = l.hand[0];
    for _ in 0..2 {
        handle_pointer(&mut grab, &l, &draft, PointerInput::Down(card));
        handle_pointer(&mut grab, &l, &draft, PointerInput::Up(card));
    }
    assert_eq!(grab, Grab::Empty);
}

#[test]
fn dragging_a_card_within_the_hand_reorders_it() {
    let (_, mut draft) = opening(5);
    let l = layout(&draft);
    let mut grab = Grab::Empty;
    let (from, to) = (l.hand[0], l.hand[4] - Vec2::X * 10.0);
    handle_pointer(&mut grab, &l, &draft, PointerInput::Down(from));
    handle_pointer(&mut grab, &l, &draft, PointerInput::Move((from + to) / 2.0));
    let drop = handle_pointer(&mut grab, &l, &draft, PointerInput::Up(to));
    assert_eq!(drop, Some((Spot::Hand(0), Target::Hand(4))));
    let moved = draft.hand[0];
    let (from, to) = drop.unwrap();
    draft
        .drop(from, to, false, false, SwappedJoker::ToHand)
        .unwrap();
    assert_eq!(
        draft.hand[3], moved,
        "it sits before the card it was dropped on"
    );
}

#[test]
fn a_drag_that_does_not_travel_is_a_tap() {
    let (_, draft) = opening(5);
    let l = layout(&draft);
    let mut grab = Grab::Empty;
    let p = l.hand[1];
    handle_pointer(&mut grab, &l, &draft, PointerInput::Down(p));
    handle_pointer(
        &mut grab,
        &l,
        &draft,
        PointerInput::Move(p + Vec2::new(4.0, 3.0)),
    );
    assert_eq!(
        handle_pointer(
            &mut grab,
            &l,
            &draft,
            PointerInput::Up(p + Vec2::new(4.0, 3.0))
        ),
        None
    );
    assert!(matches!(
        grab,
        Grab::Selected {
            from: Spot::Hand(1),
            ..
        }
    ));
}

/// Both seats play as the screen lets a person play: the hint laid out in
/// the turn on screen, then End turn (or Draw) — every move through the
/// rules plugin, which must accept each one.
#[test]
fn a_two_round_match_played_through_the_screen_turn_is_accepted_move_by_move() {
    let config = Rummy::variant("standard,rounds=2").unwrap();
    let game = Match::<Rummy>::new("standard,rounds=2", config, 2, 11, None).unwrap();
    let mut headless = Headless::<Rummy>::new();
    headless.start(game, vec![Controller::Human, Controller::Human]);
    let mut turns = 0;
    loop {
        let game = headless.game().expect("a match in play");
        if game.is_over() {
            break;
        }
        let seat = game.state().to_move();
        let view = game.view(seat);
        let mut draft = Draft::new(&view, game.moves().len(), &[]);
        let laid = draft.take_hint(&view);
        let mv = draft.to_move();
        assert_eq!(laid, matches!(mv, Move::Play(_)));
        if let Err(reason) = headless.request(seat, mv) {
            panic!("turn {turns}: the rules refused what the screen built: {reason}");
        }
        // Between rounds the screen's "Next round" lets play go on.
        headless
            .app()
            .world_mut()
            .write_message(parlour::engine::Proceed);
        headless.app().update();
        turns += 1;
        assert!(turns < 2_000, "the match must end");
    }
    let game = headless.game().unwrap();
    let rounds = game.state().rounds();
    assert_eq!(rounds.len(), 2, "two rounds were played");
    for seat in 0..2 {
        let sum: i64 = rounds.iter().map(|r| r.scores[seat]).sum();
        assert_eq!(game.state().totals()[seat], sum, "totals add up the rounds");
    }
}
