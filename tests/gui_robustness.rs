//! The screens under rough hands: double taps, drops on an occupied cell,
//! End turn pressed twice, the turn clock running out mid-drag, the window
//! resized mid-drag. Whatever the order, the match stays whole: every move
//! still goes through the rules, which apply it once or refuse it with a
//! reason, and no card or token is lost or doubled. Headless: the screens'
//! logic with the rules plugin, no window drawn.

use std::collections::BTreeMap;
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::window::WindowResolution;
use parlour::catalog::GameId;
use parlour::engine::replay::Headless;
use parlour::engine::{
    BotExecution, Bots, Controller, FrameStepped, Match, MoveApplied, MoveRejected, MoveRequest,
    Pacing, Proceed, TurnPhase,
};
use parlour::games::neighbours::input::{Hold, handle_pointer};
use parlour::games::neighbours::layout::BoardLayout;
use parlour::games::rummy::draft::{Spot, Target};
use parlour::games::rummy::input::Grab;
use parlour::games::rummy::input::keys::Place;
use parlour::games::rummy::layout::RummyLayout;
use parlour::games::rummy::logic_plugin;
use parlour::games::rummy::turn::{TurnAction, TurnOnScreen};
use parlour::session::flow::DealSeed;
use parlour::session::{BeginMatch, Screen, SeatChoice, Table};
use parlour::ui::input::PointerInput;
use parlour::ui::keys::{Focus, KeyInput};
use parlour_core::engine::Game;
use parlour_core::games::neighbours::{Deal, Move as NMove, Neighbours, Placement};
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::cards::deck;
use parlour_core::games::rummy::{Action, Card, Move as RMove, Rummy};

mod rummy_turn;
use rummy_turn::{rummy_game, until_anna_plays};

/// A whole state, every hidden part included, to compare before and after.
fn whole(state: &impl std::fmt::Debug) -> String {
    format!("{state:?}")
}

// --- Neighbours -------------------------------------------------------------

/// A 4 in the centre, seat 0 to move with 5 3 0 9 1.
fn neighbours() -> Headless<Neighbours> {
    let deal = Deal {
        start: 4,
        hands: vec![vec![5, 3, 0, 9, 1], vec![6, 2, 7, 8, 4]],
        bag: vec![
            0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7,
            7, 7, 8, 8, 8, 8, 9, 9, 9, 9,
        ],
        first: 0,
    };
    let game = Match::<Neighbours>::new("standard", Default::default(), 2, 0, Some(deal)).unwrap();
    let mut h = Headless::<Neighbours>::new();
    h.start(game, vec![Controller::Human; 2]);
    h
}

/// Every token is somewhere, once: each of the 50 (five of each digit) is
/// counted where the state holds it — on the board, in a hand, in the bag —
/// so a token lost or doubled is named.
fn neighbours_tokens_accounted_for(h: &Headless<Neighbours>) {
    let state = h.game().unwrap().state();
    let board = (0..state.config().board.len()).filter_map(|cell| state.token_at(cell));
    let hands = (0..state.players()).flat_map(|seat| state.hand(seat).iter().copied());
    let mut seen = vec![0usize; state.config().tokens()];
    let mut strangers = Vec::new();
    for token in board.chain(hands).chain(state.bag_in_draw_order()) {
        match seen.get_mut(token.0 as usize) {
            Some(n) => *n += 1,
            None => strangers.push(token),
        }
    }
    let wrong: Vec<String> = seen
        .iter()
        .enumerate()
        .filter(|&(_, &n)| n != 1)
        .map(|(id, n)| format!("token {id} (a {}) is there {n} times", id % 10))
        .collect();
    assert!(
        wrong.is_empty() && strangers.is_empty(),
        "tokens lost or doubled: {wrong:?}, tokens of no set: {strangers:?}"
    );
    assert_eq!(seen.len(), 50);
}

#[test]
fn a_double_tap_asks_twice_and_the_rules_apply_the_move_once() {
    let mut h = neighbours();
    let mv = NMove::Place(Placement {
        digit: 5,
        row: 3,
        col: 6,
    });
    // Both taps land in the same frame, before the rules have answered.
    for _ in 0..2 {
        h.app()
            .world_mut()
            .write_message(MoveRequest::<Neighbours> { seat: 0, mv });
    }
    h.app().update();
    let world = h.app().world();
    let applied = world.resource::<Messages<MoveApplied<Neighbours>>>().len();
    let rejected = world.resource::<Messages<MoveRejected<Neighbours>>>();
    assert_eq!(applied, 1, "the move is played once");
    assert_eq!(rejected.len(), 1, "the second tap is refused");
    let reason = rejected.iter_current_update_messages().next().unwrap();
    assert!(!reason.reason.is_empty(), "with a reason");
    assert_eq!(h.game().unwrap().moves().len(), 1);
    neighbours_tokens_accounted_for(&h);
}

#[test]
fn a_token_dropped_on_an_occupied_cell_is_refused_and_nothing_changes() {
    let mut h = neighbours();
    let layout = BoardLayout::new(Vec2::new(1280.0, 800.0), 7, 11);
    let hand = [5, 3, 0, 9, 1];
    let mut hold = Hold::Empty;
    // Drag the 5 onto the centre, where the start token lies.
    let from = layout.hand_slot(0, hand.len());
    let onto = layout.cell_centre(3 * 11 + 5);
    let mut asked = None;
    for event in [
        PointerInput::Down(from),
        PointerInput::Move(from.lerp(onto, 0.5)),
        PointerInput::Move(onto),
        PointerInput::Up(onto),
    ] {
        asked = asked.or(handle_pointer(&mut hold, &layout, &hand, true, event));
    }
    let mv = asked.expect("the drop is asked of the rules");
    let before = whole(h.game().unwrap().state());
    let reason = h.request(0, mv).unwrap_err();
    assert!(!reason.is_empty());
    assert_eq!(whole(h.game().unwrap().state()), before, "nothing changed");
    assert_eq!(hold, Hold::Empty, "the token springs back to the hand");
    neighbours_tokens_accounted_for(&h);
}

// --- Rummy, through the screen's logic -------------------------------------

/// A Rummy table on screen, seat 0 a person, seat 1 a bot; a window entity
/// gives the layout its size (and can be resized).
fn rummy(variant: &str) -> (App, Entity) {
    let mut app = App::new();
    // English from its first frame, whatever the machine's language: the
    // language is the whole process's, read by the tests running beside.
    app.insert_resource(parlour::settings::Settings {
        language: parlour::i18n::Lang::En,
        ..Default::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin)
        .add_message::<PointerInput>();
    logic_plugin(&mut app);
    let window = app
        .world_mut()
        .spawn(Window {
            resolution: WindowResolution::new(1280, 800),
            ..default()
        })
        .id();
    app.insert_resource(Table {
        game: GameId("rummy"),
        variant: variant.into(),
        seats: vec![
            SeatChoice {
                name: "Anna".into(),
                controller: Controller::Human,
            },
            SeatChoice {
                name: "Ada".into(),
                controller: Controller::Bot("greedy".into()),
            },
        ],
        viewer: None,
        handing_to: None,
    })
    .insert_resource(DealSeed(Some(5)))
    // Stepped frame by frame: the bot answers within a frame.
    .insert_resource(FrameStepped::new(5))
    // A second a frame: the clock runs out in a couple of hundred frames.
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(1)));
    app.update();
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    (app, window)
}

/// Every card is somewhere, once: each face and copy of the deck is counted
/// where the state holds it — in the pile, in a hand, in a set on the table
/// — so a card lost or doubled is named.
fn rummy_cards_accounted_for(app: &App) {
    let state = rummy_game(app).state();
    let hands = (0..state.players()).flat_map(|seat| state.hand(seat).iter().copied());
    let table = state
        .table()
        .iter()
        .flat_map(|set| set.cards.iter().copied());
    let mut seen: BTreeMap<Card, usize> = BTreeMap::new();
    for card in state.pile_in_draw_order().chain(hands).chain(table) {
        *seen.entry(card).or_default() += 1;
    }
    let deck = deck(state.config().jokers);
    let wrong: Vec<String> = deck
        .iter()
        .map(|card| (card, seen.get(card).copied().unwrap_or(0)))
        .filter(|&(_, n)| n != 1)
        .map(|(card, n)| format!("{card} (card {}) is there {n} times", card.0))
        .chain(
            seen.keys()
                .filter(|card| !deck.contains(card))
                .map(|card| format!("{card} (card {}) is not in the deck", card.0)),
        )
        .collect();
    assert!(wrong.is_empty(), "cards lost or doubled: {wrong:?}");
    for face in deck.iter().map(|c| c.face()) {
        let copies = seen
            .iter()
            .filter(|(c, _)| c.face() == face)
            .map(|(_, n)| n);
        assert_eq!(copies.sum::<usize>(), state.config().copies(face), "{face}");
    }
}

fn layout(app: &App) -> RummyLayout {
    app.world().resource::<RummyLayout>().clone()
}

fn pointer(app: &mut App, event: PointerInput) {
    app.world_mut().write_message(event);
    app.update();
}

/// End turn pressed as a person presses it: the keys' focus on the action
/// bar's End turn (the button the HUD draws calls the same
/// `TurnOnScreen::act`), Enter twice in one frame, and once more the next.
#[test]
fn end_turn_pressed_twice_plays_the_turn_once() {
    let (mut app, _) = rummy("standard");
    until_anna_plays(&mut app);
    let moves = rummy_game(&app).moves().len();
    let hand = rummy_game(&app).state().hand(0).len();
    app.world_mut().resource_mut::<Focus<Place>>().on = Some(Place::Button(TurnAction::EndTurn));
    let mut requests = app
        .world()
        .resource::<Messages<MoveRequest<Rummy>>>()
        .get_cursor_current();
    let mut applied = app
        .world()
        .resource::<Messages<MoveApplied<Rummy>>>()
        .get_cursor_current();
    let (mut asked, mut played) = (0, 0);
    for presses in [2, 1] {
        for _ in 0..presses {
            app.world_mut().write_message(KeyInput::Enter);
        }
        app.update();
        let world = app.world();
        asked += requests
            .read(world.resource::<Messages<MoveRequest<Rummy>>>())
            .filter(|r| r.seat == 0)
            .count();
        played += applied
            .read(world.resource::<Messages<MoveApplied<Rummy>>>())
            .filter(|a| a.seat == 0)
            .count();
    }
    assert!(
        asked >= 2,
        "both presses of the first frame asked the rules ({asked})"
    );
    assert_eq!(played, 1, "Anna's turn is played once");
    let game = rummy_game(&app);
    assert_eq!(game.moves().len(), moves + 1, "one move, and no other yet");
    assert_eq!(
        game.moves()[moves],
        (0, RMove::Draw),
        "End turn on an untouched table draws"
    );
    assert_eq!(
        game.state().hand(0).len(),
        hand + 1,
        "one card drawn, not two"
    );
    rummy_cards_accounted_for(&app);
}

#[test]
fn the_clock_running_out_mid_drag_plays_the_time_out_and_lets_go_of_the_card() {
    let (mut app, _) = rummy("standard,turn-seconds=20");
    until_anna_plays(&mut app);
    let moves = rummy_game(&app).moves().len();
    let l = layout(&app);
    let card = l.hand[0];
    // Anna picks a card up and is still dragging it when the time is up.
    pointer(&mut app, PointerInput::Down(card));
    pointer(&mut app, PointerInput::Move(card + Vec2::new(0.0, 120.0)));
    assert!(matches!(
        *app.world().resource::<Grab>(),
        Grab::Pressed { dragging: true, .. }
    ));
    let mut timed_out = false;
    // Virtual time takes at most a quarter second a frame.
    for _ in 0..200 {
        app.update();
        let world = app.world();
        timed_out |= world
            .resource::<Messages<MoveApplied<Rummy>>>()
            .iter_current_update_messages()
            .any(|a| a.seat == 0 && a.outcome.action == Action::TimedOut);
        if rummy_game(&app).moves().len() > moves {
            break;
        }
    }
    let game = rummy_game(&app);
    assert!(game.moves().len() > moves, "the clock ran out");
    let (seat, mv) = &game.moves()[moves];
    assert_eq!(*seat, 0);
    assert!(
        timed_out || matches!(mv, RMove::Timeout(_)),
        "the time-out was played: {mv:?}"
    );
    assert_eq!(
        *app.world().resource::<Grab>(),
        Grab::Empty,
        "the card is let go"
    );
    // The finger lifts after the time-out: nothing is laid in Anna's name.
    // The bot may play its turn meanwhile, but no move after the time-out
    // is Anna's, and if none was played the match is as it was.
    let played = rummy_game(&app).moves().len();
    let after = whole(rummy_game(&app).state());
    pointer(&mut app, PointerInput::Up(l.new_set));
    app.update();
    let now = rummy_game(&app);
    let later: Vec<_> = now.moves()[moves + 1..].iter().collect();
    assert!(
        later.iter().all(|(seat, _)| *seat != 0),
        "a late drop plays nothing in Anna's name: {later:?}"
    );
    if now.moves().len() == played {
        assert_eq!(
            whole(now.state()),
            after,
            "a late drop changes nothing in the match"
        );
    }
    rummy_cards_accounted_for(&app);
}

#[test]
fn resizing_the_window_mid_drag_drops_the_card_where_it_is_let_go() {
    let (mut app, window) = rummy("standard,turn-seconds=off");
    until_anna_plays(&mut app);
    let before = app
        .world()
        .resource::<TurnOnScreen>()
        .draft
        .clone()
        .unwrap();
    let l = layout(&app);
    let card = before.hand[0];
    pointer(&mut app, PointerInput::Down(l.hand[0]));
    pointer(
        &mut app,
        PointerInput::Move(l.hand[0] + Vec2::new(0.0, 150.0)),
    );
    // The tablet turns: portrait, and the layout follows.
    app.world_mut()
        .get_mut::<Window>(window)
        .unwrap()
        .resolution
        .set(800.0, 1280.0);
    app.update();
    let portrait = layout(&app);
    assert_eq!(portrait.window, Vec2::new(800.0, 1280.0));
    assert_eq!(portrait.target_at(portrait.new_set), Some(Target::NewSet));
    pointer(&mut app, PointerInput::Move(portrait.new_set));
    pointer(&mut app, PointerInput::Up(portrait.new_set));
    let turn = app.world().resource::<TurnOnScreen>();
    let draft = turn.draft.as_ref().unwrap();
    assert_eq!(
        draft.sets.last(),
        Some(&vec![card]),
        "the card starts a new set where it was dropped"
    );
    assert_eq!(draft.hand.len() + 1, before.hand.len());
    assert_eq!(draft.card(Spot::Hand(0)), before.hand.get(1).copied());
    assert_eq!(*app.world().resource::<Grab>(), Grab::Empty);
    rummy_cards_accounted_for(&app);
}

// --- Bots thinking at once --------------------------------------------------

/// A Paper Boxing match between two solver bots, each move held on show
/// until the test lets play go on. The bots think a slice a frame (as in a
/// web page) and the solver answers within its first: both answers of the
/// set-up, which awaits both seats at once, are ready in the same frame,
/// whatever the machine — as two answers from the async pool may be.
fn paper_boxing_between_bots() -> Headless<PaperBoxing> {
    let config = PaperBoxing::variant("standard").unwrap();
    let game = Match::<PaperBoxing>::new("standard", config, 2, 0, None).unwrap();
    let mut h = Headless::<PaperBoxing>::new();
    h.app()
        .insert_resource(Pacing {
            hold_after_move: true,
            ..default()
        })
        .insert_resource(BotExecution::Sliced(Duration::from_secs(1)));
    h.start(
        game,
        vec![
            Controller::Bot("solver".into()),
            Controller::Bot("solver".into()),
        ],
    );
    h
}

#[test]
fn two_bots_answering_in_the_same_frame_are_taken_one_after_the_other_never_refused() {
    // Paper Boxing's set-up awaits both seats at once: both bots answer in
    // the same frame, while each move is shown before the next. The second
    // used to be sent at once, and refused as too early: now one is played
    // and the other held until the first has been shown.
    let mut h = paper_boxing_between_bots();
    let mut frames = 0;
    while h.game().is_some_and(|g| g.moves().is_empty()) {
        frames += 1;
        assert!(frames < 10, "the bots never answered");
        h.app().update();
    }
    let world = h.app().world();
    let played: Vec<usize> = world
        .resource::<Messages<MoveApplied<PaperBoxing>>>()
        .iter_current_update_messages()
        .map(|a| a.seat)
        .collect();
    let held = world.resource::<Bots<PaperBoxing>>().held();
    assert_eq!(played.len(), 1, "one answer played: {played:?}");
    assert_eq!(held.len(), 1, "the other held: {held:?}");
    assert_ne!(played, held, "one answer played, the other held");
    let mut refused = Vec::new();
    let mut cursor = h
        .app()
        .world()
        .resource::<Messages<MoveRejected<PaperBoxing>>>()
        .get_cursor_current();
    while h.game().is_some_and(|g| g.moves().len() < 4) {
        frames += 1;
        assert!(frames < 500, "the bots never moved");
        // The screen lets play go on once a move has been shown.
        if *h.app().world().resource::<State<TurnPhase>>().get() == TurnPhase::Animating {
            h.app().world_mut().write_message(Proceed);
        }
        h.app().update();
        let world = h.app().world();
        refused.extend(
            cursor
                .read(world.resource::<Messages<MoveRejected<PaperBoxing>>>())
                .map(|r| r.reason.clone()),
        );
    }
    let game = h.game().unwrap();
    assert!(game.moves().len() >= 4, "both grids in and the bouts begun");
    assert!(
        game.moves()[..2].iter().any(|(s, _)| *s == 0)
            && game.moves()[..2].iter().any(|(s, _)| *s == 1),
        "both grids were played"
    );
    assert!(refused.is_empty(), "bots' moves refused: {refused:?}");
}
