//! The Rummy screen's turn to the match: whatever the screen builds reaches
//! the match only through the rules plugin — a whole two-round match played
//! that way. (Tap-tap and drag and drop are tested with the pointer input,
//! in `src/games/rummy/input.rs`.)

use parlour::engine::Controller;
use parlour::engine::replay::Headless;
use parlour::games::rummy::draft::Draft;
use parlour_core::engine::{Game, Match};
use parlour_core::games::rummy::{Move, Rummy};

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
