//! The review of whole matches: what it sees, what it finds, and that it
//! finds the same whatever the threads or the slices.

use std::time::Duration;

use parlour_core::engine::analysis::{Analyse, Budget};
use parlour_core::engine::review::{self, Decision, Stepper};
use parlour_core::engine::{Game, GameRng, Match, selfplay};
use parlour_core::games::neighbours::{self, Neighbours};
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::{self, Face, Rummy};

fn budget(guesses: usize) -> Budget {
    Budget { guesses, seed: 7 }
}

/// A finished match between `bots` (seats rotated by `index`), its
/// decisions, and the bot in each seat.
fn match_of<G: Game>(bots: &[&str], index: usize) -> (Vec<Decision<G>>, Vec<String>) {
    let config = G::variant("standard").unwrap();
    let names: Vec<String> = bots.iter().map(|b| b.to_string()).collect();
    let played = selfplay::play_one::<G>(&config, "standard", &names, 11, index).unwrap();
    let mut by_seat = vec![String::new(); names.len()];
    for (entry, &seat) in played.seat_of.iter().enumerate() {
        by_seat[seat] = names[entry].clone();
    }
    let decisions = review::decisions::<G>(&played.game.record(), |v| G::variant(v).ok()).unwrap();
    (decisions, by_seat)
}

/// Each bot's accuracy over `matches` matches, in the order of `bots`.
fn accuracies<G: Analyse>(bots: &[&str], matches: usize, guesses: usize) -> Vec<f64> {
    let mut sums = vec![(0.0, 0usize); bots.len()];
    for index in 0..matches {
        let (decisions, by_seat) = match_of::<G>(bots, index);
        let r = review::review(by_seat.len(), &decisions, budget(guesses), 0, &|_| {}).unwrap();
        for s in r.summaries() {
            let entry = bots.iter().position(|b| *b == by_seat[s.seat]).unwrap();
            sums[entry].0 += s.accuracy.unwrap_or(0.0);
            sums[entry].1 += 1;
        }
    }
    sums.iter().map(|(a, n)| a / *n as f64).collect()
}

fn assert_rising(game: &str, bots: &[&str], acc: &[f64]) {
    for w in acc.windows(2) {
        assert!(w[0] < w[1], "{game}: {bots:?} scored {acc:?}");
    }
}

#[test]
fn the_stronger_bot_is_the_more_accurate_in_neighbours() {
    let bots = ["random", "greedy", "expert"];
    assert_rising("neighbours", &bots, &accuracies::<Neighbours>(&bots, 3, 30));
}

#[test]
fn the_stronger_bot_is_the_more_accurate_in_rummy() {
    let bots = ["random", "greedy", "expert:40"];
    assert_rising("rummy", &bots, &accuracies::<Rummy>(&bots, 1, 6));
}

#[test]
fn the_stronger_bot_is_the_more_accurate_in_paper_boxing() {
    // Two seats: random against greedy, then greedy against the solver.
    let low = accuracies::<PaperBoxing>(&["random", "greedy"], 2, 1);
    let high = accuracies::<PaperBoxing>(&["greedy", "solver"], 2, 1);
    assert_rising("paper-boxing", &["random", "greedy"], &low);
    assert_rising("paper-boxing", &["greedy", "solver"], &high);
}

#[test]
fn a_review_is_the_same_on_one_thread_on_two_and_a_slice_at_a_time() {
    let (decisions, _) = match_of::<Neighbours>(&["greedy", "expert"], 0);
    let decisions: Vec<_> = decisions.into_iter().take(12).collect();
    let one = review::review(2, &decisions, budget(24), 1, &|_| {}).unwrap();
    let two = review::review(2, &decisions, budget(24), 2, &|_| {}).unwrap();
    assert_eq!(one.to_json(), two.to_json());
    // Slices of nothing, each the least the analyst can do: how many there
    // are follows from the work alone, not from how fast the machine is.
    let mut stepper = Stepper::new(2, decisions.clone(), budget(24));
    let mut steps = 0;
    while stepper.step(Duration::ZERO).0 < decisions.len() {
        steps += 1;
    }
    assert!(
        steps > decisions.len(),
        "the thinking was sliced: {steps} steps"
    );
    assert_eq!(stepper.review().unwrap().to_json(), one.to_json());
    // Another seed guesses otherwise.
    let other = review::review(
        2,
        &decisions,
        Budget {
            guesses: 24,
            seed: 8,
        },
        1,
        &|_| {},
    );
    assert_ne!(other.unwrap().to_json(), one.to_json());
}

#[test]
fn a_rummy_review_is_the_same_on_one_thread_on_two_and_in_the_shortest_slices() {
    let (decisions, _) = match_of::<Rummy>(&["greedy", "heuristic"], 0);
    let decisions: Vec<_> = decisions.into_iter().take(6).collect();
    let one = review::review(2, &decisions, budget(4), 1, &|_| {}).unwrap();
    let two = review::review(2, &decisions, budget(4), 2, &|_| {}).unwrap();
    assert_eq!(one.to_json(), two.to_json());
    // A slice of nothing: each step is the least the analyst can do (a
    // stage of gathering, one candidate's playout of one guess).
    let mut stepper = Stepper::new(2, decisions.clone(), budget(4));
    let mut steps = 0;
    while stepper.step(Duration::ZERO).0 < decisions.len() {
        steps += 1;
    }
    let playouts: usize = one
        .decisions
        .iter()
        .filter_map(|d| d.analysis.as_ref().ok())
        .map(|a| {
            a.candidates
                .iter()
                .map(|c| c.estimate.samples)
                .sum::<usize>()
        })
        .sum();
    assert!(steps >= playouts, "{steps} steps for {playouts} playouts");
    assert_eq!(stepper.review().unwrap().to_json(), one.to_json());
}

/// Neighbours: the same hand for seat 0, the other hand and the bag dealt
/// anew (the same tokens, another order and split).
#[test]
fn a_neighbours_analysis_reads_nothing_the_seat_cannot_see() {
    let config = Neighbours::variant("standard").unwrap();
    let first = Match::<Neighbours>::new("standard", config.clone(), 2, 5, None).unwrap();
    let state = first.state();
    let hidden: Vec<u8> = state
        .hand(1 - state.to_move())
        .iter()
        .map(|t| t.digit())
        .chain(state.bag_in_draw_order().map(|t| t.digit()))
        .collect();
    let start = state
        .token_at(config.board.start())
        .map(|t| t.digit())
        .unwrap();
    let seat = state.to_move();
    let mut other = hidden.clone();
    GameRng::seeded(99).shuffle(&mut other);
    assert_ne!(other, hidden);
    let mut hands = vec![Vec::new(), Vec::new()];
    hands[seat] = state.hand(seat).iter().map(|t| t.digit()).collect();
    hands[1 - seat] = other[..5].to_vec();
    let deal = neighbours::Deal {
        start,
        hands,
        bag: other[5..].to_vec(),
        first: seat,
    };
    let second = Match::<Neighbours>::new("standard", config, 2, 5, Some(deal)).unwrap();
    let view = |m: &Match<Neighbours>| m.view(seat);
    let mv = view(&first).legal_moves()[0];
    let analyse = |m: &Match<Neighbours>| {
        Neighbours::analyst(&view(m), &mv, None, budget(16))
            .unwrap()
            .finish()
    };
    assert_eq!(analyse(&first), analyse(&second));
    assert_ne!(first.state().hand(1 - seat), second.state().hand(1 - seat));
}

/// Rummy: the same hand for seat 0, the other hand and the pile dealt anew.
#[test]
fn a_rummy_analysis_reads_nothing_the_seat_cannot_see() {
    let config = Rummy::variant("standard").unwrap();
    let first = Match::<Rummy>::new("standard", config.clone(), 2, 5, None).unwrap();
    let state = first.state();
    let faces = |cards: &[rummy::Card]| -> Vec<Face> { cards.iter().map(|c| c.face()).collect() };
    let seat = state.to_move();
    let other = 1 - seat;
    let mut hidden: Vec<Face> = faces(state.hand(other));
    hidden.extend(state.pile_in_draw_order().map(|c| c.face()));
    GameRng::seeded(99).shuffle(&mut hidden);
    let size = state.hand(other).len();
    let mut hands = vec![Vec::new(), Vec::new()];
    hands[seat] = faces(state.hand(seat));
    hands[other] = hidden[..size].to_vec();
    let deal = rummy::Deal {
        hands,
        pile: hidden[size..].to_vec(),
        first: seat,
    };
    let second = Match::<Rummy>::new("standard", config, 2, 5, Some(deal)).unwrap();
    assert_ne!(
        faces(first.state().hand(other)),
        faces(second.state().hand(other))
    );
    let analyse = |m: &Match<Rummy>| {
        Rummy::analyst(&m.view(seat), &rummy::Move::Draw, None, budget(4))
            .unwrap()
            .finish()
    };
    assert_eq!(analyse(&first), analyse(&second));
}

#[test]
fn the_luck_of_a_draw_is_weighed_and_summed_per_seat() {
    let (decisions, _) = match_of::<Neighbours>(&["greedy", "greedy"], 0);
    let decisions: Vec<_> = decisions.into_iter().take(8).collect();
    let r = review::review(2, &decisions, budget(24), 1, &|_| {}).unwrap();
    let summaries = r.summaries();
    let mut draws = 0;
    for (d, decision) in r.decisions.iter().zip(&decisions) {
        let a = d.analysis.as_ref().unwrap();
        if decision.played == neighbours::Move::Pass {
            assert!(a.luck.is_none(), "a pass draws nothing");
            continue;
        }
        let luck = a.luck.expect("every early placement draws");
        assert!(luck.points.abs() <= 100.0 && luck.se >= 0.0);
        draws += 1;
    }
    assert!(draws >= 4, "draws weighed: {draws}");
    assert_eq!(summaries.iter().map(|s| s.draws).sum::<usize>(), draws);
    let total: f64 = r
        .decisions
        .iter()
        .filter(|d| d.seat == 0)
        .filter_map(|d| d.analysis.as_ref().unwrap().luck)
        .map(|l| l.points)
        .sum();
    assert!((summaries[0].luck - total).abs() < 1e-9);
}
