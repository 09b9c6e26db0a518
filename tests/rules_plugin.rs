//! The headless rules plugin, driven by messages as the screen and the bots drive it.

use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use parlour::engine::replay::Headless;
use parlour::engine::{
    At, BotExecution, BotMaker, CellOf, Controller, EndMatch, Game, HandSize, Location, Match,
    MatchEntity, Pacing, PieceOf, Proceed, Score, SeatOf, TurnPhase, Zone,
};
use parlour_core::games::neighbours::{Deal, Move, Neighbours, Placement};

/// The short fixture's deal: a 4 in the centre, seat 0 to move.
fn deal() -> Deal {
    Deal {
        start: 4,
        hands: vec![vec![5, 3, 0, 9, 1], vec![6, 2, 7, 8, 4]],
        bag: vec![
            0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7,
            7, 7, 8, 8, 8, 8, 9, 9, 9, 9,
        ],
        first: 0,
    }
}

fn started(controllers: Vec<Controller>) -> Headless<Neighbours> {
    let game =
        Match::<Neighbours>::new("standard", Default::default(), 2, 0, Some(deal())).unwrap();
    let mut h = Headless::<Neighbours>::new();
    h.start(game, controllers);
    h
}

fn place(digit: u8, row: u8, col: u8) -> Move {
    Move::Place(Placement { digit, row, col })
}

fn phase(h: &mut Headless<Neighbours>) -> TurnPhase {
    *h.app().world().resource::<State<TurnPhase>>().get()
}

/// Every piece's location, by piece id.
fn pieces(h: &mut Headless<Neighbours>) -> Vec<(usize, Location)> {
    let world = h.app().world_mut();
    let mut v: Vec<(usize, Location)> = world
        .query::<(&PieceOf, &At)>()
        .iter(world)
        .map(|(p, at)| (p.id, at.0))
        .collect();
    v.sort_by_key(|(id, _)| *id);
    v
}

fn seat_entities(h: &mut Headless<Neighbours>) -> Vec<(usize, i64, usize)> {
    let world = h.app().world_mut();
    let mut v: Vec<(usize, i64, usize)> = world
        .query::<(&SeatOf, &Score, &HandSize)>()
        .iter(world)
        .map(|(s, score, hand)| (s.0, score.0, hand.0))
        .collect();
    v.sort();
    v
}

#[test]
fn the_match_is_mirrored_as_entities() {
    let mut h = started(vec![Controller::Human; 2]);
    assert_eq!(phase(&mut h), TurnPhase::AwaitingMove);
    let world = h.app().world_mut();
    assert_eq!(world.query::<&CellOf>().iter(world).count(), 77);
    assert_eq!(world.query::<&PieceOf>().iter(world).count(), 50);
    assert_eq!(seat_entities(&mut h), vec![(0, 0, 5), (1, 0, 5)]);
    let on_board: Vec<_> = pieces(&mut h)
        .into_iter()
        .filter(|(_, l)| l.zone == Zone::Board)
        .collect();
    assert_eq!(on_board.len(), 1, "only the start token is on the board");
    assert_eq!(on_board[0].1.slot, 3 * 11 + 5);
}

#[test]
fn a_legal_move_is_applied_and_mirrored() {
    let mut h = started(vec![Controller::Human; 2]);
    let outcome = h.request(0, place(5, 3, 6)).expect("legal");
    assert_eq!(outcome.placed.unwrap().points, 5);
    assert_eq!(seat_entities(&mut h), vec![(0, 5, 5), (1, 0, 5)]);
    let cell = Location::new(Zone::Board, 3 * 11 + 6);
    let world = h.app().world_mut();
    let placed: Vec<String> = world
        .query::<(&PieceOf, &At)>()
        .iter(world)
        .filter(|(_, at)| at.0 == cell)
        .map(|(p, _)| p.label.clone())
        .collect();
    assert_eq!(placed, vec!["5".to_owned()]);
    assert_eq!(h.game().unwrap().awaiting(), vec![1]);
}

#[test]
fn an_illegal_move_is_rejected_with_its_reason_and_nothing_changes() {
    let mut h = started(vec![Controller::Human; 2]);
    let before = pieces(&mut h);
    let record_before = h.game().unwrap().record();
    let reason = h.request(0, place(9, 3, 6)).unwrap_err();
    assert!(reason.contains("9 cannot go next to 4"), "{reason}");
    assert_eq!(pieces(&mut h), before);
    assert_eq!(h.game().unwrap().record(), record_before);
    assert_eq!(seat_entities(&mut h), vec![(0, 0, 5), (1, 0, 5)]);
}

#[test]
fn a_move_out_of_turn_is_rejected() {
    let mut h = started(vec![Controller::Human; 2]);
    let reason = h.request(1, place(5, 3, 6)).unwrap_err();
    assert!(reason.contains("seat 0's turn"), "{reason}");
}

#[test]
fn a_move_without_a_match_is_rejected() {
    let mut h = Headless::<Neighbours>::new();
    let reason = h.request(0, Move::Pass).unwrap_err();
    assert_eq!(reason, "no match is being played");
}

#[test]
fn bots_play_a_whole_match_through_messages() {
    let mut h = started(vec![
        Controller::Bot("greedy".into()),
        Controller::Bot("random".into()),
    ]);
    for _ in 0..500 {
        h.app().update();
        if phase(&mut h) == TurnPhase::MatchOver {
            break;
        }
    }
    assert_eq!(phase(&mut h), TurnPhase::MatchOver);
    let game = h.game().unwrap();
    assert!(game.is_over());
    assert!(!game.winners().is_empty());
    // The plugin's match replays from its own record: every move went through the rules.
    let again =
        Match::<Neighbours>::from_record(&game.record(), |_| Some(Default::default())).unwrap();
    assert_eq!(again.scores(), game.scores());
}

#[test]
fn bots_thinking_in_the_background_finish_the_match() {
    let mut h = started(vec![
        Controller::Bot("greedy".into()),
        Controller::Bot("greedy".into()),
    ]);
    h.app().insert_resource(BotExecution::Background);
    for _ in 0..20_000 {
        h.app().update();
        if phase(&mut h) == TurnPhase::MatchOver {
            break;
        }
    }
    assert_eq!(phase(&mut h), TurnPhase::MatchOver);
}

/// What the settings' bot strength does while a match runs: a new bot maker
/// makes each seat's bot again, by its name and seed, and the new bot plays on.
#[test]
fn a_new_bot_maker_remakes_the_bots_of_the_match_in_play() {
    let mut h = started(vec![Controller::Human, Controller::Bot("greedy".into())]);
    let made: Arc<Mutex<Vec<(String, u64)>>> = Arc::default();
    let log = made.clone();
    *h.app().world_mut().resource_mut::<BotMaker<Neighbours>>() =
        BotMaker::new(move |name, seed| {
            log.lock().unwrap().push((name.to_owned(), seed));
            Neighbours::bot(name, seed)
        });
    h.app().update();
    assert_eq!(
        *made.lock().unwrap(),
        vec![("greedy".to_owned(), 1)],
        "the bot's seat only, with its own seed"
    );
    h.request(0, place(5, 3, 6)).expect("legal");
    h.app().update();
    assert_eq!(h.game().unwrap().moves().len(), 2, "the remade bot moved");
    assert_eq!(made.lock().unwrap().len(), 1, "made once");
}

#[test]
fn a_held_move_waits_for_proceed() {
    let mut h = started(vec![Controller::Human; 2]);
    h.app().insert_resource(Pacing {
        hold_after_move: true,
        ..default()
    });
    h.request(0, place(5, 3, 6)).unwrap();
    h.app().update();
    assert_eq!(phase(&mut h), TurnPhase::Animating);
    let reason = h.request(1, place(6, 3, 7)).unwrap_err();
    assert!(reason.contains("still being shown"), "{reason}");
    h.app().world_mut().write_message(Proceed);
    h.app().update();
    h.app().update();
    assert_eq!(phase(&mut h), TurnPhase::AwaitingMove);
    h.request(1, place(6, 3, 7))
        .expect("legal once the move has been shown");
}

#[test]
fn ending_the_match_clears_its_entities() {
    let mut h = started(vec![Controller::Human; 2]);
    h.app().world_mut().write_message(EndMatch);
    h.app().update();
    h.app().update();
    assert_eq!(phase(&mut h), TurnPhase::NoMatch);
    let world = h.app().world_mut();
    assert_eq!(world.query::<&MatchEntity>().iter(world).count(), 0);
    assert!(h.game().is_none());
}

/// Two people play greedy Rummy moves through the plugin, on screen pacing,
/// until a move closes the first round: the move is shown first, then the
/// match waits on the round's scores, and only a second `Proceed` goes on.
#[test]
fn a_rounds_last_move_is_shown_then_the_match_waits_on_the_rounds_scores() {
    use parlour_core::engine::Game;
    use parlour_core::games::rummy::Rummy;
    let game = Match::<Rummy>::seeded("standard,rounds=2", 2, 4).unwrap();
    let mut bots = [
        Rummy::bot("greedy", 1).unwrap(),
        Rummy::bot("greedy", 2).unwrap(),
    ];
    let mut h = Headless::<Rummy>::new();
    h.start(game, vec![Controller::Human; 2]);
    h.app().insert_resource(Pacing {
        hold_after_move: true,
        hold_after_round: true,
        ..default()
    });
    let phase = |h: &mut Headless<Rummy>| *h.app().world().resource::<State<TurnPhase>>().get();
    let proceed = |h: &mut Headless<Rummy>| {
        h.app().world_mut().write_message(Proceed);
        h.app().update();
        h.app().update();
    };
    let bound = Rummy::move_bound(h.game().expect("a match").config(), 2);
    for _ in 0..bound {
        let game = h.game().expect("a match").clone();
        let seat = game.awaiting()[0];
        let outcome = h
            .request(seat, bots[seat].choose(&game.view(seat)))
            .expect("a greedy move is legal");
        h.app().update();
        assert_eq!(phase(&mut h), TurnPhase::Animating);
        proceed(&mut h);
        if Rummy::ends_round(&outcome) {
            assert_eq!(
                phase(&mut h),
                TurnPhase::RoundOver,
                "the round's scores wait"
            );
            proceed(&mut h);
            assert_eq!(
                phase(&mut h),
                TurnPhase::AwaitingMove,
                "the next round starts"
            );
            return;
        }
        assert_eq!(phase(&mut h), TurnPhase::AwaitingMove);
    }
    panic!("the first round never ended");
}
