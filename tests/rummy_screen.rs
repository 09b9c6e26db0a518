//! The Rummy screen's turn to the match: whatever the screen builds reaches
//! the match only through the rules plugin — a whole two-round match played
//! that way, a turn played with the keys alone, and the hint that searches
//! ("best for the match") laid out and accepted, or dropped when stale. (Tap-tap and drag and
//! drop are tested with the pointer input, in `src/games/rummy/input.rs`.)

use std::time::Duration;

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::window::WindowResolution;
use parlour::catalog::GameId;
use parlour::engine::replay::Headless;
use parlour::engine::{Controller, FrameStepped, MoveApplied};
use parlour::games::rummy::draft::{Draft, Spot, Target};
use parlour::games::rummy::hint::{SearchHint, hint_seed};
use parlour::games::rummy::input::Grab;
use parlour::games::rummy::input::keys::{ActionPlaces, Place, focusables};
use parlour::games::rummy::layout::RummyLayout;
use parlour::games::rummy::strength;
use parlour::games::rummy::turn::{TurnAction, TurnOnScreen, actions};
use parlour::i18n::Lang;
use parlour::session::flow::DealSeed;
use parlour::session::{BeginMatch, Notice, Screen, SeatChoice, Table};
use parlour::settings::{BotStrength, HintKind, Settings};
use parlour::ui::keys::{Arrow, Focus, step};
use parlour_core::engine::{Game, Match};
use parlour_core::games::rummy::{Move, Rummy, SwappedJoker};

mod rummy_turn;
use rummy_turn::{rummy_game, until_anna_plays, until_anna_plays_or_the_end};
mod keys;
use keys::{key, press_enter};

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
    // English from its first frame, whatever the machine's language: the
    // language is the whole process's, read by the tests running beside.
    app.insert_resource(parlour::settings::Settings {
        language: parlour::i18n::Lang::En,
        ..Default::default()
    });
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
    // Stepped frame by frame: the bot answers within the frame and the
    // hint's search counts playouts, so the seed decides every move.
    .insert_resource(FrameStepped::new(5))
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
    press_enter(&mut app);
    assert_eq!(
        applied_to_anna(&app),
        vec![Move::Draw],
        "the rules drew Anna a card"
    );
    assert_eq!(rummy_game(&app).moves().len(), moves + 1);
}

// --- The hint that searches ---------------------------------------------------

/// The table of the keys' tests, its hints "best for the match" and its
/// bots quick (so each search takes about 50 ms).
fn rummy_with_search_hints() -> App {
    let mut app = rummy_by_keys();
    let mut settings = app.world_mut().resource_mut::<Settings>();
    settings.hint_kind = HintKind::BestForMatch;
    settings.bot_strength = BotStrength::Quick;
    settings.language = Lang::En;
    app
}

fn turn_draft(app: &App) -> Draft {
    app.world()
        .resource::<TurnOnScreen>()
        .draft
        .clone()
        .expect("a turn on screen")
}

/// Runs the frame that lays out the search's answer: stepped frame by
/// frame, the search thinks within the frame it was asked in.
fn until_the_search_answers(app: &mut App) {
    for _ in 0..2 {
        if !app.world().resource::<SearchHint>().thinking() {
            return;
        }
        app.update();
    }
    panic!("the search never answered");
}

/// What the search itself answers for Anna's view on her turn, laid out
/// on a turn as the screen starts it: the table the hint must show.
fn the_searchs_own_answer(app: &App, order: &[parlour_core::games::rummy::Face]) -> Move {
    let game = rummy_game(app);
    let (view, turn) = (game.view(0), game.moves().len());
    let strength = app.world().resource::<Settings>().bot_strength;
    let mut expert = strength::expert(strength, true, hint_seed(0, turn));
    let answer = expert.decide(&view);
    let mut draft = Draft::new(&view, turn, order);
    draft.lay_out(&view, answer.as_ref());
    draft.to_move()
}

/// Anna asks for the hint with the keys, waits for the search, and ends
/// her turn with the keys: turn after turn, each laid out play (or draw)
/// goes through the rules plugin and is accepted — until the search has
/// laid out at least one play.
#[test]
fn the_best_for_the_match_hint_is_laid_out_and_the_rules_accept_it() {
    let mut app = rummy_with_search_hints();
    let mut plays = 0;
    for _ in 0..30 {
        if !until_anna_plays_or_the_end(&mut app) {
            break;
        }
        let moves = rummy_game(&app).moves().len();
        if focus(&app).on.is_none() {
            key(&mut app, KeyCode::ArrowRight);
        }
        walk_to(&mut app, Place::Button(TurnAction::Hint));
        app.world_mut().resource_mut::<Notice>().text.clear();
        let order: Vec<_> = turn_draft(&app).hand.iter().map(|c| c.face()).collect();
        let expected = the_searchs_own_answer(&app, &order);
        key(&mut app, KeyCode::Enter);
        until_the_search_answers(&mut app);
        // A frame for the rules' verdict on the laid out turn.
        app.update();
        let laid = turn_draft(&app);
        let words = app.world().resource::<Notice>().text.clone();
        let mv = laid.to_move();
        assert_eq!(mv, expected, "the hint lays out the search's own answer");
        if laid.changed() {
            assert!(matches!(mv, Move::Play(_)));
            assert!(words.contains("best for the match"), "{words}");
            assert!(words.contains("keep cards back"), "{words}");
            plays += 1;
        } else {
            assert_eq!(mv, Move::Draw);
            assert!(words.contains("drawing a card best"), "{words}");
        }
        walk_to(&mut app, Place::Button(TurnAction::EndTurn));
        press_enter(&mut app);
        assert_eq!(
            applied_to_anna(&app),
            vec![mv],
            "the rules accepted what the search laid out"
        );
        assert_eq!(rummy_game(&app).moves().len(), moves + 1);
        if plays > 0 {
            break;
        }
    }
    assert!(
        plays > 0,
        "the search laid out a play before the match ended"
    );
}

/// The person moves a card while the search thinks: its answer no longer
/// fits the turn and is dropped — the table stays as the person left it.
#[test]
fn a_search_hint_answer_that_arrives_after_the_turn_changed_is_dropped() {
    let mut app = rummy_with_search_hints();
    until_anna_plays(&mut app);
    app.world_mut().resource_mut::<TurnOnScreen>().search_asked = true;
    app.update();
    assert!(
        app.world().resource::<SearchHint>().thinking(),
        "asked: the search is under way"
    );
    let mut turn = app.world_mut().resource_mut::<TurnOnScreen>();
    let draft = turn.draft.as_mut().unwrap();
    let card = draft.hand[0];
    draft
        .drop(
            Spot::Hand(0),
            Target::NewSet,
            true,
            false,
            SwappedJoker::ToHand,
        )
        .expect("a card may go on the felt");
    let changed = draft.clone();
    assert!(changed.sets.iter().any(|s| s == &vec![card]));
    app.world_mut().resource_mut::<Notice>().text.clear();
    app.update();
    assert!(
        !app.world().resource::<SearchHint>().thinking(),
        "the search for a turn that is gone is dropped"
    );
    // Stepped, the search answered in the frame it was asked in: these
    // frames would have laid that answer out, had it been kept.
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        turn_draft(&app),
        changed,
        "the turn is as the person left it"
    );
    assert!(
        app.world().resource::<Notice>().text.is_empty(),
        "no hint was said"
    );
}

// --- The bots' strength -------------------------------------------------------

/// The settings' bot strength reaches the bots at the table: the expert
/// seated at the quick strength has the quick budget's safety cap, and a
/// change of the setting mid-match remakes it with the strong one's.
#[test]
fn the_bot_strength_setting_reaches_the_bots_in_play() {
    use parlour::engine::Bots;
    use parlour::games::rummy::strength::QUICK;
    use parlour_core::games::rummy::search::{CAP_FACTOR, DEFAULT_CAP};
    let mut app = App::new();
    // English from its first frame, whatever the machine's language: the
    // language is the whole process's, read by the tests running beside.
    app.insert_resource(parlour::settings::Settings {
        language: parlour::i18n::Lang::En,
        ..Default::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin);
    parlour::games::rummy::logic_plugin(&mut app);
    app.world_mut().resource_mut::<Settings>().bot_strength = BotStrength::Quick;
    app.insert_resource(Table {
        game: GameId("rummy"),
        variant: "standard".into(),
        seats: [Controller::Human, Controller::Bot("expert".into())]
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
    .insert_resource(DealSeed(Some(5)));
    app.update();
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    app.update();
    app.update();
    let limits = |app: &App| app.world().resource::<Bots<Rummy>>().time_limits();
    assert_eq!(limits(&app), vec![None, Some(QUICK * CAP_FACTOR)]);
    app.world_mut().resource_mut::<Settings>().bot_strength = BotStrength::Strong;
    app.update();
    assert_eq!(limits(&app), vec![None, Some(DEFAULT_CAP)]);
}

// --- Keys that are not the table's ----------------------------------------------

/// While the match menu is open the keys are the menu's: arrows, Enter and
/// Space reach nothing on the table (no focus shown, no card picked up);
/// once it closes, the first key shows the focus again.
#[test]
fn the_table_ignores_the_keys_while_the_match_menu_is_open() {
    use parlour::session::MenuOpen;
    use parlour::ui::keys::{KeyFocus, KeyInput};
    let mut app = rummy_by_keys();
    until_anna_plays(&mut app);
    let mut cursor = app
        .world()
        .resource::<Messages<KeyInput>>()
        .get_cursor_current();
    app.world_mut().resource_mut::<MenuOpen>().0 = true;
    for code in [
        KeyCode::ArrowRight,
        KeyCode::Enter,
        KeyCode::ArrowDown,
        KeyCode::Space,
    ] {
        key(&mut app, code);
    }
    let reached = cursor
        .read(app.world().resource::<Messages<KeyInput>>())
        .count();
    assert_eq!(reached, 0, "no key reached the table");
    assert!(!app.world().resource::<KeyFocus>().shown);
    assert_eq!(*app.world().resource::<Grab>(), Grab::Empty);
    app.world_mut().resource_mut::<MenuOpen>().0 = false;
    key(&mut app, KeyCode::ArrowRight);
    let reached: Vec<KeyInput> = cursor
        .read(app.world().resource::<Messages<KeyInput>>())
        .copied()
        .collect();
    assert_eq!(reached, [KeyInput::Show], "the table's again");
    assert!(app.world().resource::<KeyFocus>().shown);
}
