//! The Rummy screen's turn to the match: whatever the screen builds reaches
//! the match only through the rules plugin — a whole two-round match played
//! that way, and a turn played with the keys alone. (Tap-tap and drag and
//! drop are tested with the pointer input, in `src/games/rummy/input.rs`.)

use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::window::WindowResolution;
use parlour::catalog::GameId;
use parlour::engine::replay::Headless;
use parlour::engine::{Controller, MoveApplied};
use parlour::games::rummy::draft::{Draft, Spot};
use parlour::games::rummy::input::Grab;
use parlour::games::rummy::input::keys::{ActionPlaces, Place, focusables};
use parlour::games::rummy::layout::RummyLayout;
use parlour::games::rummy::turn::{TurnAction, TurnOnScreen, actions};
use parlour::session::flow::DealSeed;
use parlour::session::{BeginMatch, Screen, SeatChoice, Table};
use parlour::settings::Settings;
use parlour::ui::keys::{Arrow, Focus, step};
use parlour_core::engine::{Game, Match};
use parlour_core::games::rummy::{Move, Rummy};

mod rummy_turn;
use rummy_turn::{rummy_game, until_anna_plays};
mod keys;
use keys::key;

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

// --- A turn played with the keys alone --------------------------------------

/// A Rummy table on screen without a window: Anna (a person, on screen)
/// against a bot, the app's keyboard reading, a window entity for the
/// layout's size.
fn rummy_by_keys() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .add_plugins((parlour::app::headless_plugin, parlour::ui::keys::plugin));
    parlour::games::rummy::logic_plugin(&mut app);
    app.world_mut().spawn(Window {
        resolution: WindowResolution::new(1280, 800),
        ..default()
    });
    app.insert_resource(Table {
        game: GameId("rummy"),
        variant: "standard,turn-seconds=off".into(),
        seats: [Controller::Human, Controller::Bot("greedy".into())]
            .into_iter()
            .zip(["Anna", "Ada"])
            .map(|(controller, name)| SeatChoice {
                name: name.into(),
                controller,
            })
            .collect(),
        viewer: None,
        handing_to: None,
    })
    .insert_resource(DealSeed(Some(5)))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    app.update();
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    app
}

fn focus(app: &App) -> Focus<Place> {
    *app.world().resource::<Focus<Place>>()
}

/// Walks the focus to `target` with the arrows, as a player looking at the
/// table would: each time the first arrow of the shortest way there.
fn walk_to(app: &mut App, target: Place) {
    const ARROWS: [(Arrow, KeyCode); 4] = [
        (Arrow::Left, KeyCode::ArrowLeft),
        (Arrow::Right, KeyCode::ArrowRight),
        (Arrow::Up, KeyCode::ArrowUp),
        (Arrow::Down, KeyCode::ArrowDown),
    ];
    for _ in 0..60 {
        let here = focus(app).on.expect("the focus is shown");
        if here == target {
            return;
        }
        let world = app.world();
        let layout = world.resource::<RummyLayout>();
        let draft = world.resource::<TurnOnScreen>().draft.clone().unwrap();
        let buttons = actions(
            true,
            true,
            world.resource::<Settings>().hints,
            draft.changed(),
        );
        let spots = focusables(layout, &buttons, world.resource::<ActionPlaces>());
        let index = |p: Place| spots.iter().position(|f| f.spot == p).expect("offered");
        // Breadth first from the target backwards is the same as forwards
        // from here: each spot's first arrow on a shortest way from here.
        let mut first: Vec<Option<KeyCode>> = vec![None; spots.len()];
        let mut queue = std::collections::VecDeque::from([index(here)]);
        let mut seen = vec![false; spots.len()];
        seen[index(here)] = true;
        while let Some(i) = queue.pop_front() {
            for (arrow, code) in ARROWS {
                let j = step(&spots, i, arrow);
                if !seen[j] {
                    seen[j] = true;
                    first[j] = first[i].or(Some(code));
                    queue.push_back(j);
                }
            }
        }
        let code = first[index(target)].expect("a way there");
        key(app, code);
    }
    panic!("the focus never reached {target:?}: {:?}", focus(app));
}

fn applied_to_anna(app: &App) -> Vec<Move> {
    app.world()
        .resource::<Messages<MoveApplied<Rummy>>>()
        .iter_current_update_messages()
        .filter(|a| a.seat == 0)
        .map(|a| a.mv.clone())
        .collect()
}

/// A card picked up and let go (Esc), picked up again and laid as a new
/// set, the turn undone, and a card drawn — every step a key, the draw
/// accepted by the rules plugin.
#[test]
fn a_turn_played_with_the_keys_alone_reaches_the_rules_and_is_accepted() {
    let mut app = rummy_by_keys();
    until_anna_plays(&mut app);
    let moves = rummy_game(&app).moves().len();
    let draft = |app: &App| {
        app.world()
            .resource::<TurnOnScreen>()
            .draft
            .clone()
            .unwrap()
    };
    let hand = draft(&app).hand;

    // The first key shows the focus: on the hand's first card.
    key(&mut app, KeyCode::ArrowRight);
    assert_eq!(focus(&app).on, Some(Place::Card(Spot::Hand(0))));
    key(&mut app, KeyCode::Enter);
    assert!(
        matches!(*app.world().resource::<Grab>(), Grab::Selected { card, .. } if card == hand[0])
    );
    key(&mut app, KeyCode::Escape);
    assert_eq!(*app.world().resource::<Grab>(), Grab::Empty, "Esc lets go");

    // Picked up again and laid on the felt as a new set.
    key(&mut app, KeyCode::Enter);
    walk_to(&mut app, Place::NewSet);
    key(&mut app, KeyCode::Enter);
    let laid = draft(&app);
    assert!(laid.changed(), "the card is on the table");
    assert!(laid.sets.iter().any(|s| s == &vec![hand[0]]));

    // Undo, then Draw: the turn as it began, then a card from the pile.
    walk_to(&mut app, Place::Button(TurnAction::Undo));
    key(&mut app, KeyCode::Enter);
    assert!(!draft(&app).changed(), "undone");
    walk_to(&mut app, Place::Button(TurnAction::EndTurn));
    app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::Enter,
        logical_key: Key::Enter,
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    app.update();
    assert_eq!(
        applied_to_anna(&app),
        vec![Move::Draw],
        "the rules drew Anna a card"
    );
    assert_eq!(rummy_game(&app).moves().len(), moves + 1);
}
