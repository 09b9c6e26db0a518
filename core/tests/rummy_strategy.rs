//! The solver's bots and the hint: every move legal, matches that end, the
//! heuristic's habits (jokers kept, jokers won, going out) as examples, and
//! the searching expert's budget and candidates.

use std::sync::Arc;

use parlour_core::engine::selfplay::{self, Options};
use parlour_core::engine::{Bot, Game, GameRng};
use parlour_core::games::rummy::rules::{Config, Move, State};
use parlour_core::games::rummy::search::{Budget, Expert, ExpertSettings};
use parlour_core::games::rummy::solver::{hint, parse_position};
use parlour_core::games::rummy::strategy::{Greedy, Heuristic, HeuristicSettings};
use parlour_core::games::rummy::{Rummy, View};

/// Seat 0's view of a table and hand (the next player holds `other` cards).
fn view(table: &str, hand: &str, melded: bool, other: usize) -> View {
    let p = parse_position(table, hand, melded).unwrap();
    View {
        seat: 0,
        config: Arc::new(Config::standard()),
        table: p.table,
        hand: p.hand,
        hand_sizes: vec![hand.split_whitespace().count(), other],
        pile_len: 30,
        melded: vec![melded, true],
        to_move: Some(0),
        first: 0,
        passes: 0,
        rounds: Vec::new(),
        totals: vec![0, 0],
        over: false,
    }
}

fn legal(v: &View, mv: &Move) {
    State::from_view(v).check(v.seat, mv).unwrap();
}

fn laid_names(v: &View, mv: &Move) -> Vec<String> {
    let Move::Play(play) = mv else {
        return Vec::new();
    };
    let mut before: Vec<String> = v
        .table
        .iter()
        .flat_map(|s| s.cards.iter().map(|c| c.face().to_string()))
        .collect();
    let mut laid = Vec::new();
    for name in play.table.iter().flatten() {
        let face = name.face.to_string();
        match before.iter().position(|f| *f == face) {
            Some(i) => {
                before.remove(i);
            }
            None => laid.push(face),
        }
    }
    laid.sort();
    laid
}

fn heuristic() -> Heuristic {
    Heuristic::new(HeuristicSettings::default(), GameRng::seeded(1))
}

#[test]
fn the_solver_bots_are_registered_weakest_first() {
    assert_eq!(Rummy::bots(), &["random", "greedy", "heuristic", "expert"]);
    for name in ["greedy", "heuristic", "expert"] {
        assert_eq!(Rummy::bot(name, 0).unwrap().name(), name);
    }
}

#[test]
fn the_experts_budget_is_written_after_its_name() {
    for name in ["expert:1", "expert:500", "expert:200ms"] {
        assert_eq!(Rummy::bot(name, 0).unwrap().name(), "expert", "{name}");
    }
    for name in [
        "expert:",
        "expert:0",
        "expert:0ms",
        "expert:ms",
        "expert:-3",
        "expert200",
        "greedy:5",
    ] {
        assert!(Rummy::bot(name, 0).is_err(), "{name}");
    }
}

#[test]
fn greedy_lays_the_most_value_jokers_and_all() {
    let v = view("r1 r2 r3", "r4 k9 o9 j b2", true, 14);
    let mv = Greedy.choose(&v);
    legal(&v, &mv);
    assert_eq!(laid_names(&v, &mv), ["j", "k9", "o9", "r4"]);
}

#[test]
fn greedy_melds_as_soon_as_it_can() {
    let v = view("", "k12 b12 o12 r12 r2 r5", false, 14);
    let mv = Greedy.choose(&v);
    legal(&v, &mv);
    assert_eq!(laid_names(&v, &mv), ["b12", "k12", "o12", "r12"]);
    let v = view("", "k13 b13 o13 r2 r5", false, 14);
    assert_eq!(Greedy.choose(&v), Move::Draw, "39 is short of 40");
}

#[test]
fn the_heuristic_keeps_its_jokers_for_going_out() {
    let v = view("r1 r2 r3", "r4 k9 o9 j b2", true, 14);
    let mv = heuristic().choose(&v);
    legal(&v, &mv);
    assert_eq!(laid_names(&v, &mv), ["r4"], "k9 o9 would need the joker");
    // With the joker, everything goes: the heuristic goes out.
    let v = view("r1 r2 r3", "r4 k9 o9 j", true, 14);
    let mv = heuristic().choose(&v);
    legal(&v, &mv);
    assert_eq!(laid_names(&v, &mv), ["j", "k9", "o9", "r4"]);
}

#[test]
fn the_heuristic_wins_jokers_by_swaps() {
    let v = view("r5 j:r6 r7 | b1 b2 b3", "r6 b4 k11", true, 14);
    let mv = heuristic().choose(&v);
    legal(&v, &mv);
    let Move::Play(play) = &mv else {
        panic!("{mv:?}")
    };
    assert_eq!(play.to_hand.len(), 1, "the joker comes home");
}

#[test]
fn a_hint_lays_the_most_cards_and_is_legal() {
    let v = view("r1 r2 r3 | k5 j:k6 k7", "r4 o9 b9 k9 j b12", true, 14);
    let h = hint(&v).unwrap();
    legal(&v, &h.to_move());
    assert_eq!(h.laid.len(), 5);
    let mut other = v.clone();
    other.to_move = Some(1);
    assert!(hint(&other).is_none(), "no hint out of turn");
    let v = view("r1 r2 r3", "k9 b12", true, 14);
    assert!(hint(&v).is_none(), "nothing to lay: draw");
}

fn tournament(bots: &[&str], variant: &str, players: usize, games: usize) {
    let options = Options {
        variant: variant.into(),
        bots: bots.iter().map(|b| b.to_string()).collect(),
        games,
        seed: 3,
        players: Some(players),
        threads: 0,
        records: None,
        ..Options::default()
    };
    let summary =
        selfplay::run::<Rummy>(&options).expect("every match ends and every move is legal");
    assert_eq!(summary.games, games);
}

#[test]
fn solver_bots_play_whole_matches_with_legal_moves() {
    tournament(&["heuristic", "greedy"], "standard", 2, 8);
    tournament(&["greedy", "random"], "standard", 2, 8);
    tournament(&["heuristic", "greedy", "random"], "classic", 3, 6);
    tournament(&["heuristic"], "standard", 4, 4);
}

/// The most zero-time slices a search of a few hundred playouts may take
/// before a test calls it stuck.
const SLICES: usize = 10_000;

/// An expert that searches with `playouts` playouts a move.
fn searching(playouts: usize) -> Expert {
    let settings = ExpertSettings {
        budget: Budget::playouts(playouts),
        ..ExpertSettings::default()
    };
    Expert::new(settings, GameRng::seeded(1))
}

#[test]
fn the_searching_expert_plays_whole_matches_with_legal_moves() {
    // A small budget: the moves are checked, not the strength.
    tournament(&["expert:24", "greedy"], "standard", 2, 6);
    tournament(&["expert:24", "heuristic"], "classic", 2, 6);
    tournament(&["expert:16", "greedy", "random"], "classic", 3, 3);
    tournament(&["expert:16"], "standard", 4, 2);
}

#[test]
fn the_searching_expert_goes_out_when_it_can() {
    // Whatever the guesses say, laying the last cards wins the round.
    let v = view("r1 r2 r3", "r4 k9 o9 j", true, 5);
    let mv = searching(40).choose(&v);
    legal(&v, &mv);
    assert_eq!(laid_names(&v, &mv), ["j", "k9", "o9", "r4"]);
}

#[test]
fn with_no_time_to_think_the_expert_plays_the_heuristics_move() {
    // A safety cap already reached: the search stops before its first
    // playout and the heuristic's choice, always its first candidate, stands.
    let v = view("r1 r2 r3", "r4 k9 o9 j b2", true, 14);
    let settings = ExpertSettings {
        budget: Budget {
            cap: Some(std::time::Duration::ZERO),
            ..Budget::default()
        },
        ..ExpertSettings::default()
    };
    let mv = Expert::new(settings, GameRng::seeded(1)).choose(&v);
    legal(&v, &mv);
    assert_eq!(mv, heuristic().choose(&v));
}

#[test]
fn the_same_seed_and_playout_budget_give_the_same_moves() {
    let v = view(
        "r1 r2 r3 | k5 j:k6 k7",
        "r4 o9 b9 k9 j b12 r12 k12",
        true,
        6,
    );
    let first = searching(60).choose(&v);
    legal(&v, &first);
    assert_eq!(searching(60).choose(&v), first);
}

#[test]
fn thinking_in_slices_gives_the_move_thinking_at_once_gives() {
    // A page thinks between frames: however the thinking is cut, a playout
    // budget gives the very move of one uninterrupted search. Every turn
    // of a seeded match, the searcher against greedy.
    let config = Rummy::variant("standard").unwrap();
    let mut game =
        parlour_core::engine::Match::<Rummy>::new("standard", config, 2, 5, None).unwrap();
    let mut greedy = Rummy::bot("greedy", 2).unwrap();
    let (mut searched, mut paused) = (0, 0);
    while !game.is_over() && searched < 12 {
        let seat = game.awaiting()[0];
        let v = game.view(seat);
        let mv = if seat == 0 {
            let whole = searching(200).choose(&v);
            let mut sliced = searching(200);
            let mut slices = 0;
            let mv = loop {
                slices += 1;
                if let Some(mv) = sliced.think(&v, std::time::Duration::ZERO) {
                    break mv;
                }
                // 200 playouts take about 100 zero slices; a search that
                // never answers is a fault to report, not a test to hang.
                assert!(
                    slices < SLICES,
                    "turn {}: no move after {slices} slices",
                    game.moves().len()
                );
            };
            assert_eq!(mv, whole, "turn {}", game.moves().len());
            searched += 1;
            paused += usize::from(slices > 1);
            mv
        } else {
            greedy.choose(&v)
        };
        game.submit(seat, mv).unwrap();
    }
    assert!(paused > 0, "a zero slice pauses after each guess");
    // Asked about another position, it starts afresh rather than finishing
    // the old search: here the one play that goes out.
    let v = game.view(game.awaiting()[0]);
    let other = view("r1 r2 r3", "r4 k9 o9 j", true, 5);
    let mut switched = searching(400);
    let _ = switched.think(&v, std::time::Duration::ZERO);
    let mut slices = 0;
    let mv = loop {
        slices += 1;
        if let Some(mv) = switched.think(&other, std::time::Duration::ZERO) {
            break mv;
        }
        assert!(
            slices < SLICES,
            "the other position: no move after {slices} slices"
        );
    };
    legal(&other, &mv);
    assert_eq!(laid_names(&other, &mv), ["j", "k9", "o9", "r4"]);
}
