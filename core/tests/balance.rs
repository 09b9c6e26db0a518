//! The balance card's figures: bots play a variant against each other,
//! seats rotated; the figures are the same however the work is sliced.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use parlour_core::engine::balance::{
    Balance, BalanceError, BalanceOptions, Figure, Figures, compare, most_changed, run, wilson,
};
use parlour_core::engine::selfplay;
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;

fn options(rules: &str, games: usize) -> BalanceOptions {
    BalanceOptions {
        rules: rules.into(),
        bots: vec!["greedy".into()],
        players: Some(2),
        games,
        seed: 7,
        pace: Duration::from_secs(10),
    }
}

fn stepped<G: parlour_core::engine::options::HouseRules>(
    options: &BalanceOptions,
    work: usize,
) -> Figures {
    let mut balance = Balance::<G>::new(options).unwrap();
    let mut steps = 0;
    while !balance.step(work).unwrap().finished() {
        steps += 1;
        assert!(steps < 1_000_000, "a run that does not end");
    }
    let figures = balance.figures().unwrap();
    for tag in figures.endings.keys() {
        assert!(
            G::end_tags().contains(tag),
            "{tag} is not among the end tags"
        );
    }
    figures
}

#[test]
fn one_big_step_and_many_small_steps_give_the_same_figures() {
    let o = options("standard", 6);
    let whole = stepped::<Neighbours>(&o, usize::MAX);
    assert_eq!(whole.games, 6);
    assert_eq!(stepped::<Neighbours>(&o, 1), whole);
    assert_eq!(stepped::<Neighbours>(&o, 37), whole);
    let never = AtomicBool::new(false);
    for threads in [1, 2] {
        let threaded = run::<Neighbours>(&o, threads, &|_| {}, &never)
            .unwrap()
            .unwrap();
        assert_eq!(threaded, whole, "{threads} threads");
    }
}

#[test]
fn a_step_plays_no_more_moves_than_its_work() {
    let o = options("standard", 2);
    let mut balance = Balance::<Neighbours>::new(&o).unwrap();
    let p = balance.step(3).unwrap();
    assert_eq!((p.done, p.of), (0, 2), "three moves end no match");
    assert_eq!(balance.figures(), None);
    assert_eq!(balance.figures_so_far().games, 0);
}

#[test]
fn the_balance_run_plays_the_matches_self_play_plays() {
    let o = options("standard", 4);
    let figures = stepped::<Neighbours>(&o, 50);
    let summary = selfplay::run::<Neighbours>(&selfplay::Options {
        variant: "standard".into(),
        bots: vec!["greedy".into(), "greedy".into()],
        games: 4,
        seed: 7,
        threads: 1,
        ..selfplay::Options::default()
    })
    .unwrap();
    assert_eq!(figures.moves.mean, summary.mean_moves);
    assert_eq!(figures.mean_score_per_seat, summary.mean_score_per_seat);
    assert_eq!(figures.shared_wins, summary.shared_wins);
}

#[test]
fn every_match_is_won_by_some_place_in_the_order_of_play() {
    let figures = stepped::<Neighbours>(&options("standard", 6), 1000);
    let total: f64 = figures.win_share_by_order.iter().sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    assert_eq!(figures.first_seat.share, figures.win_share_by_order[0]);
    assert!(figures.first_seat.low <= figures.first_seat.share);
    assert!(figures.first_seat.share <= figures.first_seat.high);
    assert_eq!(figures.minutes, figures.moves.mean * 10.0 / 60.0);
    assert!(figures.moves.min as f64 <= figures.moves.mean);
    assert!(figures.margin.min >= 0);
}

#[test]
fn each_paper_boxing_match_ends_by_knock_out_shared_bouts_or_bouts_won() {
    let figures = stepped::<PaperBoxing>(&options("standard", 8), usize::MAX);
    let ends: usize = ["ko", "tie", "bouts"]
        .iter()
        .map(|t| figures.endings.get(t).copied().unwrap_or(0))
        .sum();
    assert_eq!(ends, 8, "{:?}", figures.endings);
}

#[test]
fn each_neighbours_match_ends_with_a_hand_emptied_or_blocked() {
    let figures = stepped::<Neighbours>(&options("standard,hand=3", 4), usize::MAX);
    let ends = figures.endings.get("went-out").copied().unwrap_or(0)
        + figures.endings.get("blocked").copied().unwrap_or(0);
    assert_eq!(ends, 4, "{:?}", figures.endings);
}

#[test]
fn a_match_played_for_a_time_ends_at_the_tables_pace() {
    let mut o = options("standard,minutes=1", 2);
    o.bots = vec!["greedy".into()];
    o.pace = Duration::from_secs(30);
    let figures = stepped::<Rummy>(&o, usize::MAX);
    assert_eq!(figures.games, 2);
    assert!(figures.minutes >= 1.0, "{}", figures.minutes);
}

#[test]
fn a_bot_that_thinks_by_the_clock_is_refused() {
    let mut o = options("standard", 1);
    o.bots = vec!["expert:5ms".into()];
    let Err(BalanceError::Options(why)) = Balance::<Rummy>::new(&o) else {
        panic!("taken");
    };
    assert!(why.contains("clock"), "{why}");
}

#[test]
fn rules_bots_or_seats_the_game_refuses_are_refused() {
    assert!(Balance::<Neighbours>::new(&options("standard,penalty=99", 1)).is_err());
    let mut o = options("standard", 1);
    o.bots = vec!["nobody".into()];
    assert!(Balance::<Neighbours>::new(&o).is_err());
    o = options("standard", 1);
    o.players = Some(3);
    assert!(Balance::<PaperBoxing>::new(&o).is_err());
}

#[test]
fn a_cancelled_run_gives_no_figures() {
    let cancel = AtomicBool::new(true);
    let figures = run::<Neighbours>(&options("standard", 4), 1, &|_| {}, &cancel).unwrap();
    assert_eq!(figures, None);
}

#[test]
fn wilsons_interval_stays_inside_zero_and_one() {
    let all = wilson(20.0, 20);
    assert_eq!(all.share, 1.0);
    assert!(all.high <= 1.0 && all.low > 0.8 && all.low < 1.0);
    let half = wilson(50.0, 100);
    assert!((half.low - 0.404).abs() < 0.002 && (half.high - 0.596).abs() < 0.002);
}

#[test]
fn the_change_that_matters_most_is_the_one_chance_cannot_explain() {
    let o = options("standard", 6);
    let before = stepped::<Neighbours>(&o, usize::MAX);
    assert_eq!(most_changed(&before, &before), None, "nothing changed");
    let mut after = before.clone();
    after.games = 400;
    after.first_seat = wilson(244.0, 400);
    let mut before = before;
    before.games = 400;
    before.first_seat = wilson(208.0, 400);
    let change = most_changed(&before, &after).unwrap();
    assert_eq!(change.figure, Figure::FirstSeat);
    assert_eq!((change.before, change.after), (0.52, 0.61));
    let (low, high) = change.interval.unwrap();
    assert!(low < 0.61 && high > 0.61);
    assert!(change.z > 1.96);
    assert_eq!(compare(&before, &after)[0], change);
}

#[test]
fn the_balance_card_agrees_with_the_command_for_the_same_seed_and_budget() {
    use parlour_core::engine::balance::CardRun;
    use parlour_core::games::run_card_named;
    let o = options("standard,penalty=0", 4);
    // The screen: a slice a frame.
    let mut screen = CardRun::<Neighbours>::new(&o, "standard").unwrap();
    let mut last = 0;
    loop {
        let p = screen.step(25).unwrap();
        assert!(p.done >= last && p.of == 8, "{p:?}");
        last = p.done;
        if p.finished() {
            break;
        }
    }
    let card = screen.card().unwrap();
    assert_eq!(card.variant.rules, "standard,penalty=0");
    assert_eq!(card.against.rules, "standard");
    // The command: the game by name, on worker threads.
    let never = AtomicBool::new(false);
    let seen = std::sync::Mutex::new(Vec::new());
    let command = run_card_named(
        "neighbours",
        &o,
        "standard",
        2,
        &|p| seen.lock().unwrap().push(p.done),
        &never,
    )
    .unwrap()
    .unwrap();
    assert_eq!(command, card);
    let mut seen = seen.into_inner().unwrap();
    seen.sort_unstable();
    assert_eq!(seen, (1..=8).collect::<Vec<_>>());
}
