//! The coach at the table, headless: a person's mistake is held back
//! before the rules see it and the coach asks; a good move goes straight
//! through; "Take it back" sends nothing, "Play yours anyway" sends the
//! same move; off, everything goes through; a bot's seat is never
//! coached; a move not weighed in time goes through unasked; and the coach
//! judges from the person's view alone.

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::catalog::GameId;
use parlour::coach::{
    Coach, CoachAnswer, CoachLog, CoachPace, CoachQuestion, Coached, Question, budget,
};
use parlour::engine::{
    ActiveMatch, Controller, FrameStepped, MoveApplied, MoveRequest, StartMatch,
};
use parlour::i18n::Lang;
use parlour::session::{Asking, Screen, SeatChoice, Table};
use parlour::settings::{CoachMode, Settings};
use parlour_core::engine::analysis::{Analyse, Analysis};
use parlour_core::engine::{Game, GameRng, Match, Seat};
use parlour_core::games::neighbours::{self, Neighbours};
use parlour_core::games::paper_boxing::{self, PaperBoxing};

/// Thinking that ends within the frame it begins in.
/// Frames a test steps at the most while the coach's thread thinks (each
/// a fraction of a millisecond headless; the thread needs well under a
/// second): a bound on the steps, not a time.
const THREADS_FRAMES: usize = 1_000_000;

const THINK_TO_THE_END: CoachPace = CoachPace {
    slice: Duration::from_secs(3600),
    most: Duration::from_secs(3600),
    wait: Duration::from_secs(3600),
    beside: false,
};

/// Every move the rules played, in order.
#[derive(Resource)]
struct Played<G: Game>(Vec<(Seat, G::Move)>);

fn note_played<G: Game>(mut applied: MessageReader<MoveApplied<G>>, mut played: ResMut<Played<G>>) {
    played
        .0
        .extend(applied.read().map(|a| (a.seat, a.mv.clone())));
}

/// A table of `G` with these seats, the coach in `mode`, thinking to the
/// end within a frame (so a test does not depend on the machine's speed).
fn app<G: Game>(
    logic: fn(&mut App),
    seats: [Controller; 2],
    mode: CoachMode,
    game: Match<G>,
    pace: CoachPace,
) -> App {
    let mut app = App::new();
    app.insert_resource(Settings {
        language: Lang::En,
        coach: mode,
        ..Settings::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin);
    logic(&mut app);
    app.insert_resource(Table {
        game: GameId(G::NAME),
        variant: "standard".into(),
        seats: seats
            .iter()
            .zip(["Anna", "Ada"])
            .map(|(controller, name)| SeatChoice {
                name: name.into(),
                controller: controller.clone(),
            })
            .collect(),
        viewer: Some(0),
        handing_to: None,
    })
    .insert_resource(pace)
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )))
    .insert_resource(FrameStepped::new(5))
    .insert_resource(Played::<G>(Vec::new()))
    .add_systems(Last, note_played::<G>);
    app.update();
    app.world_mut().write_message(StartMatch {
        game,
        controllers: seats.to_vec(),
        bot_seed: 3,
    });
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().contains_resource::<ActiveMatch<G>>());
    app
}

fn game<G: Game>(app: &App) -> &Match<G> {
    app.world().resource::<ActiveMatch<G>>().get()
}

fn played<G: Game>(app: &App) -> Vec<(Seat, G::Move)> {
    app.world().resource::<Played<G>>().0.clone()
}

fn question(app: &App) -> Option<Question> {
    app.world().resource::<CoachQuestion>().0.clone()
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

fn request<G: Game>(app: &mut App, seat: Seat, mv: G::Move) {
    app.world_mut().write_message(MoveRequest::<G> { seat, mv });
}

// --- Paper Boxing: exact after the reveal -----------------------------------

fn bot(name: &str) -> Controller {
    Controller::Bot(name.into())
}

fn boxing() -> Match<PaperBoxing> {
    let grids = vec![
        vec![0, 9, 14, 3, 11, 7, 15, 1, 5, 12, 2, 13, 8, 4, 10, 6],
        vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    ];
    let config = PaperBoxing::variant("standard").unwrap();
    let deal = paper_boxing::Deal { grids, even: 1 };
    Match::new("standard", config, 2, 1, Some(deal)).unwrap()
}

fn boxing_app(mode: CoachMode) -> App {
    boxing_app_at(mode, THINK_TO_THE_END)
}

fn boxing_app_at(mode: CoachMode, pace: CoachPace) -> App {
    app(
        parlour::games::paper_boxing::logic_plugin,
        [Controller::Human, bot("greedy")],
        mode,
        boxing(),
        pace,
    )
}

/// The exact analysis of seat 0's step now, as the coach makes it.
fn weigh_step(app: &App) -> Analysis<paper_boxing::Move> {
    let game = game::<PaperBoxing>(app);
    let view = game.view(0);
    let first = PaperBoxing::first_guess(&view).expect("a step to take");
    PaperBoxing::analyst(
        &view,
        &first,
        None,
        budget::<PaperBoxing>(game.moves().len()),
    )
    .unwrap()
    .finish()
}

/// Plays seat 0's best steps (the bot answering) until a step loses what
/// the best one wins: then the best step and that losing one.
fn to_a_mistake(app: &mut App) -> (paper_boxing::Move, paper_boxing::Move) {
    for _ in 0..40 {
        frames(app, 2);
        if !game::<PaperBoxing>(app).awaiting().contains(&0) {
            continue;
        }
        let analysis = weigh_step(app);
        let best = analysis.best().clone();
        if let Some(losing) = analysis
            .candidates
            .iter()
            .find(|c| best.estimate.win - c.estimate.win >= 0.5)
        {
            return (best.mv, losing.mv);
        }
        // The best step goes to the rules once the coach has weighed it
        // (on a thread beside the frames, a few frames later): wait for it,
        // so it is never asked twice.
        let before = played::<PaperBoxing>(app).len();
        request::<PaperBoxing>(app, 0, best.mv);
        for _ in 0..THREADS_FRAMES {
            if played::<PaperBoxing>(app).len() > before {
                break;
            }
            frames(app, 1);
        }
    }
    panic!("no step that throws the match away in these grids");
}

#[test]
fn a_step_that_throws_a_won_match_away_is_held_back_and_the_coach_asks() {
    let mut app = boxing_app(CoachMode::Warn);
    let (best, losing) = to_a_mistake(&mut app);
    let before = played::<PaperBoxing>(&app).len();
    request::<PaperBoxing>(&mut app, 0, losing);
    frames(&mut app, 3);
    assert_eq!(
        played::<PaperBoxing>(&app).len(),
        before,
        "held back: the rules have not seen it"
    );
    let asked = question(&app).expect("the coach asks");
    let paper_boxing::Move::To { row, col } = best else {
        unreachable!()
    };
    assert!(
        asked
            .best
            .ends_with(&format!("at row {}, column {}", row + 1, col + 1)),
        "it names its own step: {asked:?}"
    );
    assert_eq!(asked.gain, "+100\u{a0}% chance to win");
    assert_eq!(asked.why, None, "warn says no more");
    assert!(app.world().resource::<Asking>().0, "the clock waits");
}

/// On the desktop the coach thinks on a thread beside the frames: the
/// move is held while it does, and the question is the one the frames
/// would have asked had they done the thinking themselves.
#[test]
fn the_coach_thinking_beside_the_frames_asks_what_it_would_ask_in_them() {
    let asked = |beside: bool| {
        let pace = CoachPace {
            slice: Duration::from_millis(6),
            most: Duration::from_millis(6),
            wait: Duration::from_secs(3600),
            beside,
        };
        let mut app = boxing_app_at(CoachMode::Explain, pace);
        let (_, losing) = to_a_mistake(&mut app);
        let before = played::<PaperBoxing>(&app).len();
        request::<PaperBoxing>(&mut app, 0, losing);
        for _ in 0..THREADS_FRAMES {
            frames(&mut app, 1);
            if question(&app).is_some() {
                break;
            }
            assert_eq!(played::<PaperBoxing>(&app).len(), before, "held");
        }
        let threads = app
            .world()
            .resource::<Coach<PaperBoxing>>()
            .weighed_beside();
        (question(&app).expect("the coach asks"), threads)
    };
    let ((beside, threads), (in_frames, none)) = (asked(true), asked(false));
    assert_eq!(beside, in_frames);
    // The same question either way would not show a thread was used: the
    // coach says how many of its weighings ran on one.
    assert!(threads > 0, "no weighing ran beside the frames");
    assert_eq!(
        none, 0,
        "asked to think in the frames, none ran beside them"
    );
}

/// The wait docs/review.md gives: a move the coach has not weighed 300 ms
/// after it was committed goes to the rules unasked. It is the pace the
/// app installs, thinking beside the frames.
#[test]
fn the_coach_keeps_a_move_waiting_300_ms_at_the_most() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin);
    parlour::games::paper_boxing::logic_plugin(&mut app);
    app.update();
    let pace = *app.world().resource::<CoachPace>();
    assert_eq!(pace.wait, Duration::from_millis(300));
    assert!(pace.beside);
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/review.md"),
    )
    .unwrap();
    assert!(docs.contains("300 ms after the commit"), "the docs say so");
}

#[test]
fn explain_adds_why_in_the_rules_words() {
    let mut app = boxing_app(CoachMode::Explain);
    let (_, losing) = to_a_mistake(&mut app);
    request::<PaperBoxing>(&mut app, 0, losing);
    frames(&mut app, 3);
    let why = question(&app).and_then(|q| q.why).expect("explained");
    assert!(
        why.starts_with("With perfect play by both from here, that step wins"),
        "{why}"
    );
    assert!(why.contains("yours loses"), "{why}");
}

#[test]
fn the_best_step_goes_straight_to_the_rules() {
    let mut app = boxing_app(CoachMode::Warn);
    let (best, _) = to_a_mistake(&mut app);
    let before = played::<PaperBoxing>(&app).len();
    request::<PaperBoxing>(&mut app, 0, best);
    app.update();
    let after = played::<PaperBoxing>(&app);
    assert_eq!(
        after.get(before),
        Some(&(0, best)),
        "played in the same frame"
    );
    assert_eq!(question(&app), None);
    let log = &app.world().resource::<CoachLog>().answers;
    assert_eq!(log.last().map(|&(_, asked)| asked), Some(false));
}

#[test]
fn take_it_back_sends_nothing_and_the_turn_is_the_persons_again() {
    let mut app = boxing_app(CoachMode::Warn);
    let (best, losing) = to_a_mistake(&mut app);
    let before = played::<PaperBoxing>(&app).len();
    request::<PaperBoxing>(&mut app, 0, losing);
    frames(&mut app, 3);
    assert!(question(&app).is_some());
    app.world_mut().write_message(CoachAnswer::TakeBack);
    frames(&mut app, 5);
    assert_eq!(played::<PaperBoxing>(&app).len(), before, "nothing sent");
    assert_eq!(question(&app), None, "the question is gone");
    assert!(!app.world().resource::<Asking>().0);
    assert!(game::<PaperBoxing>(&app).awaiting().contains(&0));
    // The person plays again, and the better step goes through.
    request::<PaperBoxing>(&mut app, 0, best);
    app.update();
    assert_eq!(played::<PaperBoxing>(&app).get(before), Some(&(0, best)));
}

#[test]
fn play_yours_anyway_sends_the_same_move() {
    let mut app = boxing_app(CoachMode::Warn);
    let (_, losing) = to_a_mistake(&mut app);
    let before = played::<PaperBoxing>(&app).len();
    request::<PaperBoxing>(&mut app, 0, losing);
    frames(&mut app, 3);
    assert!(question(&app).is_some());
    app.world_mut().write_message(CoachAnswer::PlayAnyway);
    frames(&mut app, 2);
    let after = played::<PaperBoxing>(&app);
    assert_eq!(
        after.get(before),
        Some(&(0, losing)),
        "the person's own step"
    );
    assert_eq!(question(&app), None);
    frames(&mut app, 3);
    assert_eq!(
        played::<PaperBoxing>(&app)
            .iter()
            .filter(|(seat, _)| *seat == 0)
            .count(),
        after.iter().filter(|(seat, _)| *seat == 0).count(),
        "sent once, not asked about again"
    );
}

#[test]
fn with_the_coach_off_a_mistake_goes_straight_to_the_rules() {
    let mut app = boxing_app(CoachMode::Warn);
    let (_, losing) = to_a_mistake(&mut app);
    app.world_mut().resource_mut::<Settings>().coach = CoachMode::Off;
    let before = played::<PaperBoxing>(&app).len();
    request::<PaperBoxing>(&mut app, 0, losing);
    app.update();
    assert_eq!(played::<PaperBoxing>(&app).get(before), Some(&(0, losing)));
    assert_eq!(question(&app), None);
}

#[test]
fn a_bots_seat_is_never_coached() {
    // Two random bots: many of their steps are mistakes, none is held.
    let mut app = app(
        parlour::games::paper_boxing::logic_plugin,
        [bot("random"), bot("random")],
        CoachMode::Explain,
        boxing(),
        THINK_TO_THE_END,
    );
    for _ in 0..200 {
        app.update();
        assert_eq!(question(&app), None);
        assert!(!app.world().resource::<Coach<PaperBoxing>>().holding());
        if game::<PaperBoxing>(&app).is_over() {
            break;
        }
    }
    assert!(
        game::<PaperBoxing>(&app).is_over(),
        "the bots played it out"
    );
    assert!(app.world().resource::<CoachLog>().answers.is_empty());
}

// --- Neighbours: rollouts over what the seat cannot see ---------------------

/// A two-seat deal: the start token, seat 0's hand as given, and the other
/// 44 tokens shuffled by `seed` into seat 1's hand and the bag.
fn neighbours_deal(seed: u64) -> neighbours::Deal {
    neighbours_deal_of(vec![4, 6, 0, 9, 9], seed)
}

/// Seat 0 holds `hand`; the rest follows `seed`.
fn neighbours_deal_of(hand: Vec<u8>, seed: u64) -> neighbours::Deal {
    let start = 5;
    let mut rest: Vec<u8> = (0..10u8).flat_map(|d| [d; 5]).collect();
    for d in std::iter::once(start).chain(hand.iter().copied()) {
        let at = rest.iter().position(|&t| t == d).unwrap();
        rest.remove(at);
    }
    GameRng::seeded(seed).shuffle(&mut rest);
    let other = rest.split_off(rest.len() - 5);
    neighbours::Deal {
        start,
        hands: vec![hand, other],
        bag: rest,
        first: 0,
    }
}

fn neighbours_app(seed: u64, pace: CoachPace) -> App {
    let config = Neighbours::variant("standard").unwrap();
    let deal = Some(neighbours_deal(seed));
    let game = Match::<Neighbours>::new("standard", config, 2, seed, deal).unwrap();
    let logic = parlour::games::neighbours::logic_plugin;
    let seats = [Controller::Human, bot("greedy")];
    app(logic, seats, CoachMode::Explain, game, pace)
}

/// The lowest-scoring placement of seat 0's view.
fn worst_placement(app: &App) -> neighbours::Move {
    let view = game::<Neighbours>(app).view(0);
    let worst = view
        .placements()
        .into_iter()
        .min_by_key(|s| s.points)
        .unwrap();
    view.state().placement(&worst)
}

#[test]
fn the_coach_judges_from_the_persons_view_alone() {
    // Two deals that differ only in what seat 0 cannot see: the other
    // hand, the order of the bag, and the match's seed.
    let answers: Vec<_> = [11, 12]
        .into_iter()
        .map(|seed| {
            let mut app = neighbours_app(seed, THINK_TO_THE_END);
            let hidden = game::<Neighbours>(&app).state().clone();
            let weighed = app
                .world()
                .resource::<Coach<Neighbours>>()
                .pondered()
                .cloned()
                .expect("weighed as the turn began");
            let mv = worst_placement(&app);
            request::<Neighbours>(&mut app, 0, mv);
            frames(&mut app, 3);
            let asked = app.world().resource::<CoachLog>().answers[0].1;
            (hidden, weighed, asked, question(&app))
        })
        .collect();
    let (a, b) = (&answers[0], &answers[1]);
    assert_ne!(
        format!("{:?}", a.0),
        format!("{:?}", b.0),
        "the hidden tokens differ"
    );
    assert!(a.1.candidates.len() > 1 && a.1.best().estimate.samples > 0);
    assert_eq!(
        a.1, b.1,
        "every candidate weighed the same, to the last bit"
    );
    assert_eq!((a.2, &a.3), (b.2, &b.3), "and the same answer to the move");
}

#[test]
fn a_new_match_is_weighed_afresh_though_its_turn_has_the_last_ones_number() {
    // A match pondered at its first move, then another dealt in its place
    // (a restart): the coach's thoughts are of the new hand, not the old.
    let mut app = neighbours_app(11, THINK_TO_THE_END);
    let config = Neighbours::variant("standard").unwrap();
    let other = neighbours_deal_of(vec![6, 1, 2, 7, 8], 11);
    let next = Match::<Neighbours>::new("standard", config, 2, 11, Some(other)).unwrap();
    let fresh = next.clone();
    app.world_mut().write_message(StartMatch {
        game: next,
        controllers: vec![Controller::Human, bot("greedy")],
        bot_seed: 3,
    });
    frames(&mut app, 3);
    let weighed = app
        .world()
        .resource::<Coach<Neighbours>>()
        .pondered()
        .cloned()
        .expect("weighed as the new match's turn began");
    let hand = &game::<Neighbours>(&app).view(0);
    assert_eq!(
        hand.hand_digits(),
        vec![6, 1, 2, 7, 8],
        "the new match is on"
    );
    let candidates: Vec<_> = weighed.candidates.iter().map(|c| c.mv).collect();
    let legal: Vec<_> = fresh
        .view(0)
        .placements()
        .iter()
        .map(|p| fresh.view(0).state().placement(p))
        .collect();
    assert!(
        candidates.iter().all(|mv| legal.contains(mv)),
        "every candidate is a move of the new hand: {candidates:?}"
    );
}

#[test]
fn a_move_not_weighed_in_time_goes_to_the_rules_unasked() {
    // One guess a frame and no time to wait: the worst placement goes
    // through as it was, and the coach says nothing.
    let pace = CoachPace {
        slice: Duration::ZERO,
        most: Duration::ZERO,
        wait: Duration::ZERO,
        beside: false,
    };
    let mut app = neighbours_app(11, pace);
    let mv = worst_placement(&app);
    request::<Neighbours>(&mut app, 0, mv);
    frames(&mut app, 2);
    assert_eq!(played::<Neighbours>(&app).first(), Some(&(0, mv)));
    assert_eq!(question(&app), None);
    let log = &app.world().resource::<CoachLog>().answers;
    assert_eq!(log.as_slice().len(), 1);
    assert!(!log[0].1, "not asked");
}

// --- Where the coach says nothing -------------------------------------------

/// A filed match watched again: its person's moves are the record's, not
/// a person's at the table, and the coach holds none back nor asks.
#[test]
fn the_coach_is_quiet_while_a_match_is_watched_again() {
    // Anna's steps at random: many throw the match away.
    let mut filed = Match::<PaperBoxing>::seeded("standard", 2, 5).unwrap();
    let mut seats = [
        PaperBoxing::bot("random", 1).unwrap(),
        PaperBoxing::bot("solver", 2).unwrap(),
    ];
    while !filed.is_over() {
        let seat = filed.awaiting()[0];
        let mv = seats[seat].choose(&filed.view(seat));
        filed.submit(seat, mv).unwrap();
    }
    let mut record = filed.record();
    record.seats = vec![
        parlour_core::engine::SeatRecord {
            name: "Anna".into(),
            bot: None,
        },
        parlour_core::engine::SeatRecord {
            name: "Ada".into(),
            bot: Some("solver".into()),
        },
    ];
    let moves = record.moves.len();
    let mut app = boxing_app(CoachMode::Explain);
    app.world_mut()
        .write_message(parlour::saves::WatchReplay(record));
    let mut watched = 0;
    for _ in 0..5_000 {
        app.update();
        assert_eq!(question(&app), None, "asked in a replay");
        assert!(!app.world().resource::<Coach<PaperBoxing>>().holding());
        watched = watched.max(game::<PaperBoxing>(&app).moves().len());
        if watched >= moves {
            break;
        }
    }
    assert_eq!(watched, moves, "every move of the record was played");
    assert!(
        app.world().resource::<CoachLog>().answers.is_empty(),
        "no move weighed"
    );
}

// --- Rummy: a first meld declined -------------------------------------------

use parlour_core::games::rummy::{self, Face, Rummy};

/// Seat 0 holds four runs that lay its whole hand (46 points in red
/// alone): it can go out on its first turn. What seat 0 cannot see — the
/// other hand and the pile's order — follows `seed`.
fn rummy_deal(seed: u64) -> rummy::Deal {
    let face = |code: &str| code.parse::<Face>().unwrap();
    let hand: Vec<Face> = [
        "r10", "r11", "r12", "r13", "k1", "k2", "k3", "k4", "b5", "b6", "b7", "o9", "o10", "o11",
    ]
    .iter()
    .map(|c| face(c))
    .collect();
    let mut rest: Vec<Face> = (0..rummy::cards::FACES)
        .filter(|&i| !Face::from_index(i).is_joker())
        .flat_map(|i| [Face::from_index(i); 2])
        .chain([Face::Joker; 4])
        .collect();
    for f in &hand {
        let at = rest.iter().position(|r| r == f).unwrap();
        rest.remove(at);
    }
    GameRng::seeded(seed).shuffle(&mut rest);
    let other = rest.split_off(rest.len() - 14);
    rummy::Deal {
        hands: vec![hand, other],
        pile: rest,
        first: 0,
    }
}

fn rummy_app(seed: u64, mode: CoachMode) -> App {
    let config = Rummy::variant("standard").unwrap();
    let game = Match::<Rummy>::new("standard", config, 2, seed, Some(rummy_deal(seed))).unwrap();
    let logic = parlour::games::rummy::logic_plugin;
    app(
        logic,
        [Controller::Human, bot("greedy")],
        mode,
        game,
        THINK_TO_THE_END,
    )
}

#[test]
fn a_rummy_draw_from_a_hand_that_could_go_out_is_held_and_taken_back_keeps_every_card() {
    let mut app = rummy_app(11, CoachMode::Warn);
    let hand_before = game::<Rummy>(&app).view(0).hand.clone();
    request::<Rummy>(&mut app, 0, rummy::Move::Draw);
    frames(&mut app, 3);
    assert!(
        question(&app).is_some(),
        "a draw from a hand that could go out is asked about"
    );
    assert!(played::<Rummy>(&app).is_empty(), "nothing sent yet");
    app.world_mut().write_message(CoachAnswer::TakeBack);
    frames(&mut app, 5);
    assert!(played::<Rummy>(&app).is_empty(), "nothing sent");
    assert_eq!(question(&app), None);
    assert!(game::<Rummy>(&app).awaiting().contains(&0));
    assert_eq!(
        game::<Rummy>(&app).view(0).hand,
        hand_before,
        "every card still in the hand"
    );
}

#[test]
fn the_rummy_coach_judges_from_the_persons_hand_and_table_alone() {
    let answers: Vec<_> = [11, 12]
        .into_iter()
        .map(|seed| {
            let mut app = rummy_app(seed, CoachMode::Warn);
            let hidden = format!("{:?}", game::<Rummy>(&app).state());
            let weighed = app
                .world()
                .resource::<Coach<Rummy>>()
                .pondered()
                .cloned()
                .expect("weighed as the turn began");
            request::<Rummy>(&mut app, 0, rummy::Move::Draw);
            frames(&mut app, 3);
            (hidden, weighed, question(&app))
        })
        .collect();
    let (a, b) = (&answers[0], &answers[1]);
    assert_ne!(a.0, b.0, "the hidden cards differ");
    assert!(a.1.candidates.len() > 1);
    assert_eq!(
        a.1, b.1,
        "every candidate weighed the same, to the last bit"
    );
    assert_eq!(a.2, b.2, "and the same question");
}

/// The coach speaks of a move's worth as Settings says it weighs it: the
/// chance to win and, where the game counts the final score, the points
/// too — a move that gains both names both, not the smaller alone.
#[test]
fn the_coachs_gain_names_the_chance_and_the_points_it_weighed() {
    parlour::i18n::set_language(Lang::En);
    let gain = parlour::coach::gain_words;
    assert_eq!(
        gain(3, 12),
        "+3\u{a0}% chance to win, +12 points at the end"
    );
    assert_eq!(gain(0, 12), "+12 points at the end");
    assert_eq!(gain(40, 0), "+40\u{a0}% chance to win");
    assert_eq!(gain(-1, 0), "+0\u{a0}% chance to win");
}
