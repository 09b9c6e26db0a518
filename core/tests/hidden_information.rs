//! Hidden information: a seat's view is the same in every match that differs
//! from the real one only in what that seat cannot see, at random positions
//! of random matches of each game; and the self-play driver hands each bot
//! its own seat's view and nothing else.
//!
//! What is hidden: in Paper Boxing the other grid during the set-up and, in
//! simultaneous bouts, the other seat's step chosen but not yet revealed; in
//! Neighbours the other hands and the bag; in Rummy the other hands, the
//! pile and the seed of later rounds' deals.

use parlour_core::engine::selfplay::{deal_seed, play_one, seating};
use parlour_core::engine::{Bot, Game, GameRng, Match, Phase, Seat, Zone};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::{self, PaperBoxing, bots::random_grid};
use parlour_core::games::rummy::{self, Colour, Face, Rummy};
use proptest::prelude::*;

/// Positions per property.
const CASES: u32 = 256;

/// Plays up to `moves` moves from `m` with `random` bots (the first awaited
/// seat moves), stopping early when `stop` says so.
fn advance<G: Game>(
    m: &mut Match<G>,
    moves: usize,
    bot_seed: u64,
    stop: impl Fn(&Match<G>) -> bool,
) {
    advance_with(m, "random", moves, bot_seed, stop);
}

/// [`advance`] with the bot `name` in every seat.
fn advance_with<G: Game>(
    m: &mut Match<G>,
    name: &str,
    moves: usize,
    bot_seed: u64,
    stop: impl Fn(&Match<G>) -> bool,
) {
    let mut bots: Vec<_> = (0..m.players())
        .map(|s| G::bot(name, bot_seed ^ s as u64).unwrap())
        .collect();
    for _ in 0..moves {
        if m.is_over() || stop(m) {
            break;
        }
        let seat = m.awaiting()[0];
        let mv = bots[seat].choose(&m.view(seat));
        // A minute a move, for a match played for a time (the rest pay it no heed).
        let used = 60 * m.moves().len() as u64;
        m.submit_at(seat, mv, used).unwrap();
    }
}

// --- Paper Boxing ----------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// While one seat has filled in its grid and the other has not, the
    /// other's view — and a spectator's, and the public board — is the same
    /// whatever the grid says, and the bots of the waiting seat write the
    /// same grid.
    #[test]
    fn during_the_set_up_a_view_holds_nothing_of_the_other_grid(
        variant in prop::sample::select(PaperBoxing::variants()),
        first in 0..2usize,
        grids in any::<(u64, u64)>(),
        bot_seed in any::<u64>(),
    ) {
        let other = 1 - first;
        let written = |seed: u64| {
            let mut m = Match::<PaperBoxing>::seeded(variant, 2, 0).unwrap();
            let grid = random_grid(&mut GameRng::seeded(seed));
            m.submit(first, paper_boxing::Move::Grid(grid)).unwrap();
            (m, grid)
        };
        let (a, grid_a) = written(grids.0);
        let (b, grid_b) = written(grids.1 ^ 1);
        prop_assume!(grid_a != grid_b);
        prop_assert_eq!(a.phase(), Phase::SetUp);
        prop_assert_eq!(a.state().grid(first), Some(&grid_a), "the grids differ in the state");
        for seat in [other, 2] {
            let view = a.view(seat);
            prop_assert_eq!(&view, &b.view(seat));
            prop_assert_eq!(view.grids[first], None);
            prop_assert!(view.filled[first], "that the grid is in is public");
        }
        prop_assert_eq!(PaperBoxing::cells(a.state()), PaperBoxing::cells(b.state()));
        for (p, q) in PaperBoxing::pieces(a.state()).into_iter().zip(PaperBoxing::pieces(b.state())) {
            if p != q {
                prop_assert_eq!(p.location.zone, Zone::Hand(first), "only the writer's hand differs");
            }
        }
        for name in PaperBoxing::bots() {
            let choose = |m: &Match<PaperBoxing>| {
                PaperBoxing::bot(name, bot_seed).unwrap().choose(&m.view(other))
            };
            prop_assert_eq!(choose(&a), choose(&b), "the {} bot", name);
        }
    }

    /// In simultaneous bouts, once one seat has chosen its step in secret,
    /// the other seat's view (and the public board and report) is the same
    /// whichever step it chose, and the other seat's bots choose the same.
    #[test]
    fn in_simultaneous_bouts_a_view_holds_nothing_of_the_others_pending_step(
        seed in any::<u64>(),
        moves in 3..32usize,
        chooser in 0..2usize,
        bot_seed in any::<u64>(),
    ) {
        // The last position within `moves` moves where both seats are to
        // choose (there is one: the first bout after the set-up).
        let mut m = Match::<PaperBoxing>::seeded("simultaneous", 2, seed).unwrap();
        let mut both = None;
        for _ in 0..moves {
            if m.phase() == Phase::Play && m.awaiting() == vec![0, 1] {
                both = Some(m.clone());
            }
            let played = m.moves().len() as u64;
            advance(&mut m, 1, seed ^ played, |_| false);
        }
        let m = both.expect("both seats choose in the first bout");
        let watcher = 1 - chooser;
        let options = m.state().legal_moves(chooser);
        prop_assert!(!options.is_empty());
        let after: Vec<Match<PaperBoxing>> = options
            .iter()
            .map(|&mv| {
                let mut n = m.clone();
                n.submit(chooser, mv).unwrap();
                n
            })
            .collect();
        let view = after[0].view(watcher);
        prop_assert!(view.other_chosen, "that the other has chosen is public");
        prop_assert_eq!(view.secret, None);
        for n in &after {
            prop_assert_eq!(&n.view(watcher), &view);
            prop_assert_eq!(&n.view(2), &after[0].view(2));
            prop_assert_eq!(PaperBoxing::report(n.state()), PaperBoxing::report(after[0].state()));
            prop_assert_eq!(PaperBoxing::cells(n.state()), PaperBoxing::cells(after[0].state()));
        }
        for name in ["random", "greedy"] {
            let choices: Vec<paper_boxing::Move> = after
                .iter()
                .map(|n| PaperBoxing::bot(name, bot_seed).unwrap().choose(&n.view(watcher)))
                .collect();
            prop_assert!(choices.windows(2).all(|w| w[0] == w[1]), "the {} bot chose {:?}", name, choices);
        }
    }
}

/// The `solver` bot too chooses its step without the other's pending one,
/// late in a simultaneous match (where it solves the rest exactly).
#[test]
fn the_solver_bot_steps_the_same_whatever_the_other_chose_in_secret() {
    for seed in 0..4u64 {
        let mut m = Match::<PaperBoxing>::seeded("simultaneous", 2, seed).unwrap();
        let mut greedy: Vec<_> = (0..2)
            .map(|s| PaperBoxing::bot("greedy", seed + s).unwrap())
            .collect();
        // Set-up and eight bouts of greedy play: both paths still go on.
        while m.state().bouts() < 8 || m.awaiting().len() < 2 {
            let seat = m.awaiting()[0];
            let mv = greedy[seat].choose(&m.view(seat));
            m.submit(seat, mv).unwrap();
        }
        let choices: Vec<paper_boxing::Move> = m
            .state()
            .legal_moves(0)
            .into_iter()
            .map(|mv| {
                let mut n = m.clone();
                n.submit(0, mv).unwrap();
                PaperBoxing::bot("solver", seed).unwrap().choose(&n.view(1))
            })
            .collect();
        assert!(choices.len() > 1);
        assert!(
            choices.windows(2).all(|w| w[0] == w[1]),
            "match {seed}: {choices:?}"
        );
    }
}

// --- Neighbours ----------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// A seat's view is the same in every world it could be the view of:
    /// the unseen tokens dealt to the other hands and the bag in any order.
    #[test]
    fn a_neighbours_view_is_the_same_whatever_the_unseen_tokens_are(
        variant in prop::sample::select(Neighbours::variants()),
        players in 2..=4usize,
        seed in any::<u64>(),
        moves in 0..60usize,
        shuffle in any::<u64>(),
    ) {
        let mut m = Match::<Neighbours>::seeded(variant, players, seed).unwrap();
        advance(&mut m, moves, seed, |_| false);
        let mut rng = GameRng::seeded(shuffle);
        for seat in 0..players {
            let view = m.view(seat);
            let mut unseen = view.unseen_digits();
            rng.shuffle(&mut unseen);
            let world = view.world(&unseen).expect("the unseen tokens make a world");
            prop_assert_eq!(
                format!("{:?}", Neighbours::view(&world, seat)),
                format!("{:?}", view),
                "seat {}'s view tells this world from the real one", seat
            );
        }
    }
}

// --- Rummy -----------------------------------------------------------------------

/// The built-in variants, and matches of several rounds and for a time.
const RUMMY_VARIANTS: &[&str] = &[
    "standard",
    "classic",
    "relaxed",
    "standard,rounds=3",
    "standard,minutes=15",
    "classic,minutes=60",
];

/// The faces of a dealt Rummy match as an explicit deal.
fn deal_of(state: &rummy::State) -> rummy::Deal {
    rummy::Deal {
        hands: (0..state.players())
            .map(|s| state.hand(s).iter().map(|c| c.face()).collect())
            .collect(),
        pile: state.pile_in_draw_order().map(|c| c.face()).collect(),
        first: state.first(),
    }
}

/// `deal` with the cards `watcher` cannot see changed: the part of the pile
/// not drawn after `drawn` draws reversed, and (where the moves still
/// replay) a card of another seat's hand that it still holds swapped with
/// one of those pile cards. Returns the match replayed on it with another
/// seed, and whether a hand card was swapped.
fn twin(
    m: &Match<Rummy>,
    deal: &rummy::Deal,
    watcher: Seat,
    pick: &mut GameRng,
) -> (Match<Rummy>, bool) {
    let state = m.state();
    let drawn = deal.pile.len() - state.pile_len();
    let replay = |d: &rummy::Deal| -> Option<Match<Rummy>> {
        let mut t = Match::<Rummy>::new(
            m.variant(),
            m.config().clone(),
            m.players(),
            !m.seed(),
            Some(d.clone()),
        )
        .ok()?;
        for (seat, mv) in m.moves() {
            t.submit(*seat, mv.clone()).ok()?;
        }
        Some(t)
    };
    let mut base = deal.clone();
    base.pile[drawn..].reverse();
    let others: Vec<Seat> = (0..m.players()).filter(|&s| s != watcher).collect();
    for _ in 0..8 {
        let other = others[pick.below(others.len())];
        let held: Vec<Face> = state.hand(other).iter().map(|c| c.face()).collect();
        let kept: Vec<usize> = (0..base.hands[other].len())
            .filter(|&i| held.contains(&base.hands[other][i]))
            .collect();
        if kept.is_empty() || drawn == base.pile.len() {
            break;
        }
        let i = kept[pick.below(kept.len())];
        let j = drawn + pick.below(base.pile.len() - drawn);
        if base.hands[other][i] == base.pile[j] {
            continue;
        }
        let mut d = base.clone();
        std::mem::swap(&mut d.hands[other][i], &mut d.pile[j]);
        if let Some(t) = replay(&d) {
            return (t, true);
        }
    }
    (
        replay(&base).expect("reversing the undrawn pile changes no move"),
        false,
    )
}

/// What `watcher` cannot see: the other seats' hands (sorted faces) and
/// the pile's faces in draw order.
fn unseen(state: &rummy::State, watcher: Seat) -> (Vec<Vec<Face>>, Vec<Face>) {
    let hands = (0..state.players())
        .filter(|&s| s != watcher)
        .map(|s| {
            let mut faces: Vec<Face> = state.hand(s).iter().map(|c| c.face()).collect();
            faces.sort();
            faces
        })
        .collect();
    (
        hands,
        state.pile_in_draw_order().map(|c| c.face()).collect(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// At a random position of a round dealt explicitly, a seat's view is
    /// the same when another seat's hand, the order of the undrawn pile and
    /// the seed of later deals are changed.
    #[test]
    fn a_rummy_view_is_the_same_whatever_the_other_hands_and_the_pile_hold(
        variant in prop::sample::select(RUMMY_VARIANTS),
        players in 2..=4usize,
        seed in any::<u64>(),
        moves in 0..120usize,
        pick in any::<u64>(),
    ) {
        let dealt = Match::<Rummy>::seeded(variant, players, seed).unwrap();
        let deal = deal_of(dealt.state());
        let config = Rummy::variant(variant).unwrap();
        let mut m = Match::<Rummy>::new(variant, config, players, seed, Some(deal.clone())).unwrap();
        advance(&mut m, moves, seed, |m| m.state().round() > 1);
        prop_assume!(m.state().round() == 1 && !m.is_over());
        let mut rng = GameRng::seeded(pick);
        let watcher = rng.below(players);
        // Reversing the undrawn pile hides something else only when it does
        // not read the same backwards (it nearly always has many cards).
        let pile: Vec<Face> = m.state().pile_in_draw_order().map(|c| c.face()).collect();
        prop_assume!(pile.iter().ne(pile.iter().rev()));
        let (t, swapped) = twin(&m, &deal, watcher, &mut rng);
        // The twin really holds other hidden cards, or equal views prove nothing.
        prop_assert_ne!(unseen(m.state(), watcher), unseen(t.state(), watcher));
        if swapped {
            prop_assert_ne!(Rummy::pieces(m.state()), Rummy::pieces(t.state()));
            let other_hands = |s: &rummy::State| unseen(s, watcher).0;
            prop_assert_ne!(other_hands(m.state()), other_hands(t.state()), "a hand card was swapped");
        }
        prop_assert_eq!(m.view(watcher), t.view(watcher));
    }
}

/// A match played for a time whose round ends with the time used up deals
/// no next round: with the same deal and moves but another seed (the seed
/// of later deals), every seat's view is the same, the time used in it too.
/// Had the next round been dealt, the seeds would deal it differently.
#[test]
fn a_match_whose_time_is_up_shows_nothing_of_a_deal_that_never_came() {
    let dealt = Match::<Rummy>::seeded("standard,minutes=15", 3, 21).unwrap();
    let deal = deal_of(dealt.state());
    let played = |seed: u64| {
        let config = Rummy::variant("standard,minutes=15").unwrap();
        let mut m = Match::<Rummy>::new("standard,minutes=15", config, 3, seed, Some(deal.clone()))
            .unwrap();
        let mut bots: Vec<_> = (0..3).map(|s| Rummy::bot("greedy", s).unwrap()).collect();
        while !m.is_over() {
            let seat = m.awaiting()[0];
            let mv = bots[seat].choose(&m.view(seat));
            m.submit_at(seat, mv, 15 * 60).unwrap();
        }
        m
    };
    let (a, b) = (played(1), played(2));
    assert_eq!(a.state().rounds().len(), 1, "the first round was the last");
    for seat in 0..3 {
        let view = a.view(seat);
        assert_eq!(
            view.rounds[0].clock,
            Some(15 * 60),
            "the time used is public"
        );
        assert!(view.over);
        assert_eq!(view, b.view(seat), "seat {seat}");
    }
}

/// Which copy of a card a seat holds tells nothing of where the other copy
/// is. (A dealt hand's cards were numbered copy 0, copy 1 in the order of
/// the deal, so a lone red 5 numbered copy 1 in seat 1's view told that
/// seat 0 held the other.)
#[test]
fn which_copy_of_a_card_a_seat_holds_tells_nothing_of_the_other_hands() {
    let dealt = Match::<Rummy>::seeded("standard", 2, 3).unwrap();
    let r5 = Face::number(Colour::Red, 5);
    let d = deal_of(dealt.state());
    let rest: Vec<Face> = d
        .hands
        .iter()
        .flatten()
        .chain(&d.pile)
        .copied()
        .filter(|&f| f != r5)
        .collect();
    let hand = |first: Face, from: usize| -> Vec<Face> {
        std::iter::once(first)
            .chain(rest[from..from + 13].iter().copied())
            .collect()
    };
    // Seat 1 holds a red 5; the other red 5 is in seat 0's hand, or in the pile.
    let in_hand = rummy::Deal {
        hands: vec![hand(r5, 0), hand(r5, 13)],
        pile: rest[26..].to_vec(),
        first: 0,
    };
    let in_pile = rummy::Deal {
        hands: vec![hand(rest[26], 0), hand(r5, 13)],
        pile: std::iter::once(r5)
            .chain(rest[27..].iter().copied())
            .collect(),
        first: 0,
    };
    let config = Rummy::variant("standard").unwrap();
    let a = Match::<Rummy>::new("standard", config.clone(), 2, 3, Some(in_hand)).unwrap();
    let b = Match::<Rummy>::new("standard", config, 2, 3, Some(in_pile)).unwrap();
    assert_eq!(a.view(1), b.view(1));
}

// The searching expert cannot read what its view leaves out (it is handed
// the view alone); what it deals in its place is checked beside it, in
// `games::rummy::search`'s `a_guess_deals_exactly_the_cards_the_seat_cannot_see`.

// --- Every game: the driver gives bots views --------------------------------------

/// Plays match `index` with [`play_one`], then plays it again handing each
/// seat's bot (made with the same seeds) exactly that seat's view: every
/// move must come out the same, so the driver gave each bot its own view.
fn bots_see_their_seats_view<G: Game>(variant: &str, bots: &[&str], index: usize) {
    let names: Vec<String> = bots.iter().map(|b| b.to_string()).collect();
    let config = G::variant(variant).unwrap();
    let played = play_one::<G>(&config, variant, &names, 11, index).unwrap();
    let players = bots.len();
    let (deal, seat_of) = seating(index, players);
    let seed = deal_seed(11, deal);
    let mut seated: Vec<Option<Box<dyn Bot<G>>>> = (0..players).map(|_| None).collect();
    for (entry, name) in bots.iter().enumerate() {
        let seat = seat_of[entry];
        seated[seat] = Some(G::bot(name, deal_seed(seed, 1000 + seat as u64)).unwrap());
    }
    let mut m = Match::<G>::new(variant, config, players, seed, None).unwrap();
    for (i, (seat, mv)) in played.game.moves().iter().enumerate() {
        let view: G::View = m.view(*seat);
        let again = seated[*seat].as_mut().unwrap().choose(&view);
        assert_eq!(
            &again,
            mv,
            "{} match {index}, move {i}: the bot in seat {seat} chose otherwise from its view",
            G::NAME
        );
        m.submit(*seat, again).unwrap();
    }
    assert!(m.is_over());
}

#[test]
fn the_driver_gives_each_bot_its_own_seats_view() {
    for index in 0..2 {
        for variant in PaperBoxing::variants() {
            bots_see_their_seats_view::<PaperBoxing>(variant, &["solver", "greedy"], index);
        }
        bots_see_their_seats_view::<Neighbours>("standard", &["greedy", "random", "greedy"], index);
        bots_see_their_seats_view::<Rummy>("standard", &["heuristic", "greedy"], index);
        bots_see_their_seats_view::<Rummy>("classic", &["expert:24", "greedy"], index);
    }
}
