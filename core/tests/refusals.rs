//! Malformed and illegal moves, at random positions of random matches: each
//! is refused with a reason a person can read, and the match is exactly as
//! it was — its pieces, scores, awaited seats, report, moves and full state.

mod properties;

use parlour_core::engine::{Game, GameRng, Match, Seat};
use parlour_core::games::neighbours::{self, Neighbours, Placement};
use parlour_core::games::paper_boxing::{self, PaperBoxing, bots::random_grid};
use parlour_core::games::rummy::{self, CardName, Colour, Face, Play, Rummy};
use properties::observe;
use proptest::prelude::*;

/// Positions per game and property.
const CASES: u32 = 512;

/// Plays up to `moves` moves of random bots from a seeded deal.
fn position<G: Game>(variant: &str, players: usize, seed: u64, moves: usize) -> Match<G> {
    let mut m = Match::<G>::seeded(variant, players, seed).unwrap();
    let mut bots: Vec<_> = (0..players)
        .map(|s| G::bot("random", seed ^ s as u64).unwrap())
        .collect();
    while !m.is_over() && m.moves().len() < moves {
        let seat = m.awaiting()[0];
        let mv = bots[seat].choose(&m.view(seat));
        m.submit(seat, mv).unwrap();
    }
    m
}

/// Submits `mv` for `seat` and checks that it is refused with a reason and
/// that nothing observable changed.
fn refused<G: Game>(m: &mut Match<G>, seat: Seat, mv: G::Move) -> Result<(), TestCaseError> {
    let before = observe(m);
    let reason = match m.submit(seat, mv.clone()) {
        Ok(outcome) => {
            return Err(TestCaseError::fail(format!(
                "{mv:?} by seat {seat} was accepted: {outcome:?}"
            )));
        }
        Err(e) => e.to_string(),
    };
    prop_assert!(
        !reason.trim().is_empty(),
        "{:?} was refused without a reason",
        mv
    );
    prop_assert_eq!(
        observe(m),
        before,
        "the refused move {:?} ({}) changed the match",
        mv,
        reason
    );
    Ok(())
}

/// A seat that is not `to_move`: another real seat, or one past the table.
fn wrong_seat(rng: &mut GameRng, players: usize, to_move: Option<Seat>) -> Seat {
    match rng.below(4) {
        0 => players + rng.below(1000),
        1 => usize::MAX,
        _ => to_move.map_or(0, |t| (t + 1 + rng.below(players - 1)) % players),
    }
}

/// The kinds of bad Neighbours move.
const NEIGHBOURS_BAD: usize = 8;

/// A Neighbours move the rules must refuse, of kind `kind` where the
/// position allows one (otherwise a move by the wrong seat).
fn bad_neighbours_move(
    m: &Match<Neighbours>,
    kind: usize,
    rng: &mut GameRng,
) -> (Seat, neighbours::Move) {
    use neighbours::Move;
    let state = m.state();
    let board = &state.config().board;
    let players = m.players();
    let Some(&seat) = m.awaiting().first() else {
        // Over: any move at all, by anyone.
        let mv = if rng.below(2) == 0 {
            Move::Pass
        } else {
            Move::Place(Placement {
                digit: rng.below(10) as u8,
                row: 0,
                col: 0,
            })
        };
        return (rng.below(players), mv);
    };
    let hand = state.hand_mask(seat);
    let legal = state.legal_moves(seat);
    let place = |digit: u8, cell: usize| {
        let (row, col) = board.coords(cell);
        Move::Place(Placement { digit, row, col })
    };
    let pick_cell = |rng: &mut GameRng, keep: &dyn Fn(usize) -> bool| {
        let cells: Vec<usize> = (0..board.len()).filter(|&c| keep(c)).collect();
        (!cells.is_empty()).then(|| cells[rng.below(cells.len())])
    };
    let hand_digits: Vec<u8> = (0..10).filter(|d| hand & (1 << d) != 0).collect();
    let chosen = match kind {
        // A digit the hand lacks (or no digit at all) where a token could go.
        1 => {
            let missing: Vec<u8> = (0..=255u8)
                .filter(|&d| d > 9 || hand & (1 << d) == 0)
                .collect();
            let digit = missing[rng.below(missing.len())];
            let cell = pick_cell(rng, &|c| state.accepts(c) != 0).unwrap_or(board.start());
            Some(place(digit, cell))
        }
        // A cell off the board.
        2 => {
            let digit = hand_digits[rng.below(hand_digits.len())];
            let (row, col) = if rng.below(2) == 0 {
                (
                    board.rows() + rng.below(256 - board.rows() as usize) as u8,
                    rng.below(256) as u8,
                )
            } else {
                (
                    rng.below(256) as u8,
                    board.cols() + rng.below(256 - board.cols() as usize) as u8,
                )
            };
            Some(Move::Place(Placement { digit, row, col }))
        }
        // A cell that holds a token.
        3 => pick_cell(rng, &|c| state.token_at(c).is_some())
            .map(|c| place(hand_digits[rng.below(hand_digits.len())], c)),
        // An empty cell touching nothing.
        4 => pick_cell(rng, &|c| {
            state.token_at(c).is_none() && state.touching(c) == 0
        })
        .map(|c| place(hand_digits[rng.below(hand_digits.len())], c)),
        // A digit of the hand that does not fit the tokens it would touch.
        5 => {
            let fits: Vec<(usize, u8)> = (0..board.len())
                .filter(|&c| state.token_at(c).is_none() && state.touching(c) > 0)
                .flat_map(|c| hand_digits.iter().map(move |&d| (c, d)))
                .filter(|&(c, d)| state.accepts(c) & (1 << d) == 0)
                .collect();
            (!fits.is_empty()).then(|| {
                let (c, d) = fits[rng.below(fits.len())];
                place(d, c)
            })
        }
        // A pass by a seat that can place.
        6 => state.can_place(seat).then_some(Move::Pass),
        // A placement when the seat must pass.
        7 => (legal == [Move::Pass]).then(|| place(hand_digits[0], board.start())),
        _ => None,
    };
    match chosen {
        Some(mv) => (seat, mv),
        None => {
            let mv = legal[rng.below(legal.len())];
            (wrong_seat(rng, players, Some(seat)), mv)
        }
    }
}

/// The kinds of bad Rummy move.
const RUMMY_BAD: usize = 10;

/// Three consecutive cards of `face`'s colour with `face` among them.
fn run_through(face: Face) -> Vec<CardName> {
    let (colour, number) = match face {
        Face::Number { colour, number } => (colour, number),
        Face::Joker => (Colour::Red, 5),
    };
    let low = number.clamp(1, 11);
    (low..low + 3)
        .map(|n| CardName::plain(Face::number(colour, n)))
        .collect()
}

/// A Rummy move the rules must refuse, of kind `kind` where the position
/// allows one (otherwise a move by the wrong seat).
fn bad_rummy_move(m: &Match<Rummy>, kind: usize, rng: &mut GameRng) -> (Seat, rummy::Move) {
    use rummy::Move;
    let state = m.state();
    let players = m.players();
    let Some(&seat) = m.awaiting().first() else {
        let mv = if rng.below(2) == 0 {
            Move::Draw
        } else {
            Move::Timeout(None)
        };
        return (rng.below(players), mv);
    };
    let table = state.table_written();
    let held: Vec<Face> = state.hand(seat).iter().map(|c| c.face()).collect();
    let with = |extra: Vec<Vec<CardName>>, to_hand: Vec<CardName>| {
        let mut t = table.clone();
        t.extend(extra);
        Play { table: t, to_hand }
    };
    let chosen = match kind {
        // A set with a card the hand does not hold.
        1 => {
            let missing: Vec<Face> = (0..52)
                .map(Face::from_index)
                .filter(|f| !held.contains(f))
                .collect();
            (!missing.is_empty()).then(|| {
                Move::Play(with(
                    vec![run_through(missing[rng.below(missing.len())])],
                    vec![],
                ))
            })
        }
        // A held card used twice: in two new sets, or three times in one.
        2 => {
            let once: Vec<Face> = held
                .iter()
                .copied()
                .filter(|f| !f.is_joker() && held.iter().filter(|g| *g == f).count() == 1)
                .collect();
            (!once.is_empty()).then(|| {
                let f = once[rng.below(once.len())];
                let sets = if rng.below(2) == 0 {
                    vec![run_through(f), run_through(f)]
                } else {
                    vec![vec![CardName::plain(f); 3]]
                };
                Move::Play(with(sets, vec![]))
            })
        }
        // A joker misused: a number card taken "back" as a joker, a joker
        // taken without laying its card, a joker said to stand for a card
        // its place cannot need.
        3 => Some(match rng.below(3) {
            0 => Move::Play(with(
                vec![],
                vec![CardName::plain(Face::number(Colour::Blue, 7))],
            )),
            1 => Move::Play(with(vec![], vec![CardName::plain(Face::Joker)])),
            _ => Move::Play(with(
                vec![vec![
                    "r7".parse().unwrap(),
                    "r8".parse().unwrap(),
                    CardName::joker_as(Colour::Blue, 1 + rng.below(13) as u8),
                ]],
                vec![],
            )),
        }),
        // A set of 14 cards: a whole colour and a joker.
        4 => {
            let colour = Colour::ALL[rng.below(4)];
            let mut set: Vec<CardName> = (1..=13)
                .map(|n| CardName::plain(Face::number(colour, n)))
                .collect();
            set.insert(rng.below(14), CardName::plain(Face::Joker));
            Some(Move::Play(with(vec![set], vec![])))
        }
        // A table card taken off the table.
        5 => (!table.is_empty()).then(|| {
            let mut t = table.clone();
            let s = rng.below(t.len());
            let i = rng.below(t[s].len());
            t[s].remove(i);
            t.retain(|set| !set.is_empty());
            Move::Play(Play {
                table: t,
                to_hand: vec![],
            })
        }),
        // Nothing laid from the hand.
        6 => Some(Move::Play(with(vec![], vec![]))),
        // A hand card alone: no set.
        7 => Some(Move::Play(with(
            vec![vec![CardName::plain(held[rng.below(held.len())])]],
            vec![],
        ))),
        // A time-out without a clock, or whose draft holds cards the hand lacks.
        8 => {
            if m.config().turn_seconds.is_none() {
                Some(Move::Timeout(None))
            } else {
                let missing: Vec<Face> = (0..52)
                    .map(Face::from_index)
                    .filter(|f| !held.contains(f))
                    .collect();
                (!missing.is_empty()).then(|| {
                    let f = missing[rng.below(missing.len())];
                    // Three of one card: one more than the deck has, or one not held.
                    Move::Timeout(Some(with(vec![vec![CardName::plain(f); 3]], vec![])))
                })
            }
        }
        _ => None,
    };
    match chosen {
        Some(mv) => (seat, mv),
        None => {
            let mv = if rng.below(2) == 0 {
                Move::Draw
            } else {
                Move::Play(with(vec![], vec![]))
            };
            (wrong_seat(rng, players, Some(seat)), mv)
        }
    }
}

/// The kinds of bad Paper Boxing move.
const PAPER_BOXING_BAD: usize = 8;

/// A Paper Boxing grid that is not D in the top-left corner and 1..=15 once
/// each, and the words its refusal must use.
fn bad_grid(rng: &mut GameRng) -> (paper_boxing::Grid, &'static str) {
    let mut grid = random_grid(rng);
    let cell = 1 + rng.below(15);
    match rng.below(5) {
        // A number written twice, so another is missing.
        0 => {
            let other = 1 + (cell - 1 + 1 + rng.below(14)) % 15;
            grid[cell] = grid[other];
            (grid, "twice")
        }
        // A number past 15.
        1 => {
            grid[cell] = 16 + rng.below(240) as u8;
            (grid, "not a number from 1 to 15")
        }
        // D elsewhere than the corner, as well as in it.
        2 => {
            grid[cell] = 0;
            (grid, "top-left corner only")
        }
        // D moved away: a number in the corner.
        3 => {
            grid.swap(0, cell);
            (grid, "top-left cell holds D")
        }
        // A number in the corner and D nowhere.
        _ => {
            grid[0] = 1 + rng.below(255) as u8;
            (grid, "top-left cell holds D")
        }
    }
}

/// A Paper Boxing move the rules must refuse, of kind `kind` where the
/// position allows one (otherwise a move by a seat whose move is not awaited).
fn bad_paper_boxing_move(
    m: &Match<PaperBoxing>,
    kind: usize,
    rng: &mut GameRng,
) -> (Seat, paper_boxing::Move) {
    use paper_boxing::Move;
    let state = m.state();
    let awaiting = m.awaiting();
    let step = |cell: u8| Move::to_cell(cell);
    let any_step = |rng: &mut GameRng| Move::To {
        row: rng.below(256) as u8,
        col: rng.below(256) as u8,
    };
    if awaiting.is_empty() {
        // Over: any move at all, by anyone.
        let mv = match rng.below(3) {
            0 => Move::Grid(random_grid(rng)),
            1 => any_step(rng),
            _ => step(rng.below(16) as u8),
        };
        return (rng.below(2), mv);
    }
    let seat = awaiting[rng.below(awaiting.len())];
    let cells = |keep: &dyn Fn(u8) -> bool| -> Vec<u8> { (0..16u8).filter(|&c| keep(c)).collect() };
    let free = |s: Seat| cells(&|c| state.free_neighbours(s) & (1 << c) != 0);
    // Seats whose move is not awaited: the other one in led bouts, one that
    // has filled in its grid, chosen its cell or is stuck.
    let idle: Vec<Seat> = (0..2).filter(|s| !awaiting.contains(s)).collect();
    let chosen: Option<(Seat, Move)> = match kind {
        // The wrong phase: a step during the set-up, a grid after it.
        1 => Some(if state.revealed() {
            (seat, Move::Grid(random_grid(rng)))
        } else {
            (seat, step(1 + rng.below(15) as u8))
        }),
        // A grid that is not 1..=15 once each behind D.
        2 => Some((seat, Move::Grid(bad_grid(rng).0))),
        // A cell off the grid.
        3 => Some((
            seat,
            if rng.below(2) == 0 {
                Move::To {
                    row: 4 + rng.below(252) as u8,
                    col: rng.below(256) as u8,
                }
            } else {
                Move::To {
                    row: rng.below(256) as u8,
                    col: 4 + rng.below(252) as u8,
                }
            },
        )),
        // A cell the path has used (D included).
        4 => state.revealed().then(|| {
            let path = state.path(seat);
            (seat, step(path[rng.below(path.len())]))
        }),
        // An unused cell that is not next to the end of the path.
        5 => state.revealed().then_some(()).and_then(|()| {
            let end = state.at(seat);
            let far = cells(&|c| {
                state.used(seat) & (1 << c) == 0
                    && paper_boxing::NEIGHBOURS[end as usize] & (1 << c) == 0
            });
            (!far.is_empty()).then(|| (seat, step(far[rng.below(far.len())])))
        }),
        // Simultaneous bouts: a second choice in the same bout, or a choice
        // by a stuck seat; in led bouts a step by the seat not to move.
        6 => (state.revealed() && !idle.is_empty()).then(|| {
            let other = idle[rng.below(idle.len())];
            let options = free(other);
            let mv = if options.is_empty() {
                any_step(rng)
            } else {
                step(options[rng.below(options.len())])
            };
            (other, mv)
        }),
        // A second grid from a seat that has filled its grid in.
        7 => (!state.revealed())
            .then(|| (0..2).find(|&s| state.filled(s)))
            .flatten()
            .map(|done| (done, Move::Grid(random_grid(rng)))),
        _ => None,
    };
    chosen.unwrap_or_else(|| {
        // A seat whose move is not awaited, or one past the table, with a
        // move that would be legal for the awaited seat.
        let who = if !idle.is_empty() && rng.below(2) == 0 {
            idle[rng.below(idle.len())]
        } else {
            wrong_seat(rng, 2, None).max(2)
        };
        let mv = if state.revealed() {
            let options = free(seat);
            step(options[rng.below(options.len())])
        } else {
            Move::Grid(random_grid(rng))
        };
        (who, mv)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn a_bad_neighbours_move_is_refused_and_changes_nothing(
        variant in prop::sample::select(Neighbours::variants()),
        players in 2..=4usize,
        seed in any::<u64>(),
        moves in 0..80usize,
        kind in 0..NEIGHBOURS_BAD,
        pick in any::<u64>(),
    ) {
        let mut m = position::<Neighbours>(variant, players, seed, moves);
        let mut rng = GameRng::seeded(pick);
        let (seat, mv) = bad_neighbours_move(&m, kind, &mut rng);
        refused(&mut m, seat, mv)?;
    }

    #[test]
    fn a_bad_rummy_move_is_refused_and_changes_nothing(
        variant in prop::sample::select(Rummy::variants()),
        players in 2..=4usize,
        seed in any::<u64>(),
        moves in 0..400usize,
        kind in 0..RUMMY_BAD,
        pick in any::<u64>(),
    ) {
        let mut m = position::<Rummy>(variant, players, seed, moves);
        let mut rng = GameRng::seeded(pick);
        let (seat, mv) = bad_rummy_move(&m, kind, &mut rng);
        refused(&mut m, seat, mv)?;
    }

    #[test]
    fn a_bad_paper_boxing_move_is_refused_and_changes_nothing(
        variant in prop::sample::select(PaperBoxing::variants()),
        seed in any::<u64>(),
        // The set-up (0 or 1 grid in) one time in six, else a bout; the
        // matches that are over by then are as many again as the
        // finished-match test below.
        moves in prop_oneof![1 => 0..2usize, 5 => 2..28usize],
        kind in 0..PAPER_BOXING_BAD,
        pick in any::<u64>(),
    ) {
        let mut m = position::<PaperBoxing>(variant, 2, seed, moves);
        let mut rng = GameRng::seeded(pick);
        let (seat, mv) = bad_paper_boxing_move(&m, kind, &mut rng);
        refused(&mut m, seat, mv)?;
    }

    #[test]
    fn a_paper_boxing_grid_that_is_not_1_to_15_behind_d_is_refused_with_its_reason(
        variant in prop::sample::select(PaperBoxing::variants()),
        filled in 0..2usize,
        seed in any::<u64>(),
    ) {
        let mut m = position::<PaperBoxing>(variant, 2, seed, filled);
        let mut rng = GameRng::seeded(seed);
        let awaiting = m.awaiting();
        let seat = awaiting[rng.below(awaiting.len())];
        let (grid, about) = bad_grid(&mut rng);
        let before = *m.state();
        let reason = m
            .submit(seat, paper_boxing::Move::Grid(grid))
            .expect_err("a bad grid is refused")
            .to_string();
        prop_assert!(reason.contains(about), "{:?} refused with {:?}, not about {:?}", grid, reason, about);
        prop_assert_eq!(m.state(), &before);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn a_move_after_the_match_is_over_is_refused(
        players in 2..=4usize,
        seed in any::<u64>(),
        pick in any::<u64>(),
    ) {
        let mut rng = GameRng::seeded(pick);
        let mut n = position::<Neighbours>("standard", players, seed, usize::MAX);
        prop_assert!(n.is_over());
        let (seat, mv) = bad_neighbours_move(&n, rng.below(NEIGHBOURS_BAD), &mut rng);
        refused(&mut n, seat, mv)?;
        let mut r = position::<Rummy>("standard", players, seed, usize::MAX);
        prop_assert!(r.is_over());
        let (seat, mv) = bad_rummy_move(&r, rng.below(RUMMY_BAD), &mut rng);
        refused(&mut r, seat, mv)?;
        for variant in PaperBoxing::variants() {
            let mut p = position::<PaperBoxing>(variant, 2, seed, usize::MAX);
            prop_assert!(p.is_over());
            let (seat, mv) = bad_paper_boxing_move(&p, rng.below(PAPER_BOXING_BAD), &mut rng);
            refused(&mut p, seat, mv)?;
        }
    }
}
