//! The same bots on every device: a bot's move follows from its seed, its
//! budget of work and the position, never from how fast the machine is.
//!
//! A slow machine is played two ways, neither waiting on the wall clock:
//! thinking in many zero-length slices (a page thinks a slice a frame, and
//! a zero slice stops after each guess) against one uninterrupted search,
//! and, for Rummy's expert, a stand-in clock on which every reading comes
//! a millisecond after the one before, so that a search of a few hundred
//! guesses seems to take far longer than its former 200 ms of thinking.

use std::time::Duration;

use parlour_core::engine::{Bot, Game, GameRng, Match};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;
use parlour_core::games::rummy::search::{
    Budget, DEFAULT_CAP, DEFAULT_PLAYOUTS, Expert, ExpertSettings,
};

/// The most zero-length slices a search may take before a test calls it
/// stuck (a search of a few hundred playouts takes a few hundred).
const SLICES: usize = 100_000;

/// `bot`'s move for `view`, thought in zero-length slices.
fn in_slices<G: Game>(bot: &mut dyn Bot<G>, view: &G::View) -> G::Move {
    for _ in 0..SLICES {
        if let Some(mv) = bot.think(view, Duration::ZERO) {
            return mv;
        }
    }
    panic!("no move after {SLICES} slices");
}

/// The positions a seeded match of `variant` reaches, the seat to move and
/// its view, every seat playing as `others`, `from` moves in, every
/// `every` moves, `count` of them.
fn positions<G: Game>(
    variant: &str,
    players: usize,
    seed: u64,
    others: &str,
    (from, every, count): (usize, usize, usize),
) -> Vec<(usize, G::View)> {
    let mut game = Match::<G>::seeded(variant, players, seed).expect("a seeded match");
    let mut bots: Vec<_> = (0..players)
        .map(|s| G::bot(others, seed + s as u64).expect("a bot"))
        .collect();
    let mut found = Vec::new();
    let mut played = 0;
    while !game.is_over() && found.len() < count {
        for seat in game.awaiting() {
            let view = game.view(seat);
            if played >= from && (played - from) % every == 0 && found.len() < count {
                found.push((played, view.clone()));
            }
            let mv = bots[seat].choose(&view);
            game.submit(seat, mv).expect("a bot's move is legal");
            played += 1;
        }
    }
    assert_eq!(found.len(), count, "the match ended too soon");
    found
}

/// The registered `expert`'s settings, on a clock that `step` advances at
/// every reading.
fn expert_on_clock(step: Duration, seed: u64) -> Expert {
    Expert::new(ExpertSettings::default(), GameRng::seeded(seed)).with_ticking_clock(step)
}

/// The registered `expert` chooses by its count of playouts: on a machine
/// whose every reading of the clock is a millisecond later (its search
/// seeming to take far longer than the 200 ms it once stopped at), thinking
/// in a slice a frame, it plays the very move it plays at once on a machine
/// whose clock stands still, and again on a second run; the safety cap is
/// never reached.
#[test]
fn rummy_expert_move_depends_on_budget_not_clock() {
    let registered = Rummy::bot("expert", 1).expect("the expert");
    assert_eq!(registered.time_limit(), Some(DEFAULT_CAP));
    assert_eq!(ExpertSettings::default().budget, Budget::default());
    let mut searched = 0;
    for (turn, view) in positions::<Rummy>("standard", 2, 5, "heuristic", (14, 2, 8)) {
        if !view.my_turn() {
            continue;
        }
        let seed = 40 + turn as u64;
        let mut fast = expert_on_clock(Duration::ZERO, seed);
        let at_once = fast.choose(&view);
        let mut slow = expert_on_clock(Duration::from_micros(1500), seed);
        let sliced = in_slices(&mut slow, &view);
        assert_eq!(sliced, at_once, "turn {turn}: slow and sliced");
        let again = expert_on_clock(Duration::from_micros(1500), seed).choose(&view);
        assert_eq!(again, at_once, "turn {turn}: a second run");
        let (fast, slow) = (fast.effort(), slow.effort());
        assert_eq!(slow.capped, 0, "turn {turn}: the cap cut the search");
        assert_eq!(slow.work, fast.work, "turn {turn}: the same playouts");
        if fast.searched > 0 {
            searched += 1;
            assert!(
                fast.work as usize <= DEFAULT_PLAYOUTS,
                "turn {turn}: {} playouts",
                fast.work
            );
        }
    }
    assert!(searched >= 2, "only {searched} positions searched");
}

/// A named playout budget (`expert:N`) has no cap at all: the same move
/// from the same seed however slow the machine, however the thinking is
/// cut, run after run.
#[test]
fn rummy_named_playout_budget_ignores_the_clock() {
    let bot = Rummy::bot("expert:120", 1).expect("the expert");
    assert_eq!(bot.time_limit(), None);
    let mut searched = 0;
    for (turn, view) in positions::<Rummy>("standard", 2, 9, "heuristic", (14, 2, 6)) {
        let seed = 7 + turn as u64;
        let mut whole = Rummy::bot("expert:120", seed).unwrap();
        let at_once = whole.choose(&view);
        let settings = ExpertSettings {
            budget: Budget::playouts(120),
            ..ExpertSettings::default()
        };
        // A clock an hour a reading: only a cap could see it.
        let mut slow = Expert::new(settings, GameRng::seeded(seed))
            .with_ticking_clock(Duration::from_secs(3600));
        assert_eq!(in_slices(&mut slow, &view), at_once, "turn {turn}");
        let mut sliced = Rummy::bot("expert:120", seed).unwrap();
        assert_eq!(in_slices(sliced.as_mut(), &view), at_once, "turn {turn}");
        let (whole, slow) = (whole.effort(), slow.effort());
        assert_eq!(slow, whole, "turn {turn}: the same work, never capped");
        assert_eq!(slow.capped, 0, "turn {turn}");
        searched += usize::from(slow.searched > 0);
    }
    assert!(searched >= 2, "only {searched} positions searched");
}

/// On a machine far too slow for the budget the safety cap stops the
/// search: the bot still answers (the best candidate found by then, a legal
/// move) and counts the search as cut short, so a caller can tell how often
/// its machine did not keep up.
#[test]
fn the_safety_cap_is_counted_when_a_machine_is_too_slow() {
    let mut searched = 0;
    for (turn, view) in positions::<Rummy>("standard", 2, 5, "heuristic", (14, 2, 8)) {
        // Every reading of the clock a whole cap later.
        let mut crawling = expert_on_clock(DEFAULT_CAP, 3);
        let mv = in_slices(&mut crawling, &view);
        let state = parlour_core::games::rummy::rules::State::from_view(&view);
        assert!(state.check(view.seat, &mv).is_ok(), "turn {turn}: {mv:?}");
        let effort = crawling.effort();
        assert_eq!(effort.capped, effort.searched, "turn {turn}");
        assert!(effort.work < DEFAULT_PLAYOUTS as u64, "turn {turn}");
        searched += usize::from(effort.searched > 0);
    }
    assert!(searched >= 2, "only {searched} positions searched");
}

/// The old time spellings still parse, as the work a desktop did in that
/// time: `expert:200ms` is the registered expert's budget, `expert:50ms` a
/// quarter of it; a bad spelling is refused with the bots' names.
#[test]
fn old_time_spellings_name_a_count_of_playouts() {
    assert_eq!(
        Budget::desktop_time(Duration::from_millis(200)),
        Budget::default()
    );
    let quick = Budget::desktop_time(Duration::from_millis(50));
    assert_eq!(quick.playouts, DEFAULT_PLAYOUTS / 4);
    assert_eq!(quick.cap, Some(DEFAULT_CAP / 4));
    for name in ["expert", "expert:300", "expert:50ms", "expert:200ms"] {
        let bot = Rummy::bot(name, 3).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(bot.name(), "expert");
    }
    assert_eq!(
        Rummy::bot("expert:50ms", 3).unwrap().time_limit(),
        Some(DEFAULT_CAP / 4)
    );
    for bad in [
        "expert:",
        "expert:0",
        "expert:-5",
        "expert:ms",
        "expert:5s",
        "expert:1e3",
    ] {
        let error = Rummy::bot(bad, 3).err().expect("refused");
        let text = error.to_string();
        assert!(text.contains(bad) && text.contains("expert"), "{text}");
    }
}

/// Neighbours' expert counts guesses (2,000 a move), never the clock:
/// thinking in zero-length slices gives the move it gives at once, and a
/// second run the same.
#[test]
fn neighbours_expert_move_depends_on_budget_not_clock() {
    for (turn, view) in positions::<Neighbours>("standard", 2, 3, "greedy", (0, 2, 4)) {
        let seed = 11 + turn as u64;
        let mut bot = Neighbours::bot("expert", seed).unwrap();
        assert_eq!(bot.time_limit(), None);
        let at_once = bot.choose(&view);
        let mut sliced = Neighbours::bot("expert", seed).unwrap();
        assert_eq!(in_slices(sliced.as_mut(), &view), at_once, "turn {turn}");
        let again = Neighbours::bot("expert", seed).unwrap().choose(&view);
        assert_eq!(again, at_once, "turn {turn}: a second run");
        assert_eq!(sliced.effort(), bot.effort(), "turn {turn}");
    }
}

/// Paper Boxing's `solver` solves exactly (drawing from its mixes by its
/// seed): its grid and its steps are the same thought in slices or at
/// once, run after run.
#[test]
fn paper_boxing_solver_move_depends_on_seed_not_clock() {
    for variant in ["standard", "simultaneous"] {
        for (turn, view) in positions::<PaperBoxing>(variant, 2, 4, "solver", (0, 3, 4)) {
            let seed = 21 + turn as u64;
            let mut bot = PaperBoxing::bot("solver", seed).unwrap();
            assert_eq!(bot.time_limit(), None);
            let at_once = bot.choose(&view);
            let mut sliced = PaperBoxing::bot("solver", seed).unwrap();
            assert_eq!(
                in_slices(sliced.as_mut(), &view),
                at_once,
                "{variant}, move {turn}"
            );
            let again = PaperBoxing::bot("solver", seed).unwrap().choose(&view);
            assert_eq!(again, at_once, "{variant}, move {turn}: a second run");
        }
    }
}
