//! Neighbours under move sequences decoded from bytes. The bytes choose a
//! variant (a built-in one, one with options, or a board drawn from the
//! bytes), the seats and the seed, then move after move: a legal
//! placement, a bot's move, a pass, a digit from the hand or any digit on
//! any cell (on the board or off it), a seat out of turn. Every move goes
//! through the rules core. The rules accept exactly the moves they list as
//! legal; an accepted move keeps every token somewhere exactly once
//! (nothing lost, nothing doubled) and scores what it says; a refused move
//! changes nothing and comes with a reason. At the end the record replays
//! to the same state.

#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use parlour_core::engine::{Game, Match};
use parlour_core::games::neighbours::{Move, Neighbours, Outcome, Placement, State, rules};

/// Variants, with options that change the tokens, the hands and the board.
const VARIANTS: &[&str] = &[
    "standard",
    "any-neighbour",
    "diamond",
    "gentle-penalty",
    "standard,hand=12,copies=7",
    "any-neighbour,copies=1,hand=2,penalty=0",
    "standard,board=x...x/..K../.KSK./..K../x...x",
];

fuzz_target!(|data: &[u8]| {
    // Running out of bytes only ends the match early.
    let _ = run(&mut Unstructured::new(data));
});

/// A board of up to 8 × 8 drawn from the bytes (often refused: no start,
/// two starts, rows of different lengths).
fn board(u: &mut Unstructured) -> Result<String> {
    let rows = u.int_in_range(1..=8usize)?;
    let cols = u.int_in_range(1..=8usize)?;
    let mut out = Vec::new();
    for _ in 0..rows {
        let mut row = String::new();
        for _ in 0..cols {
            row.push(*u.choose(&['.', '.', '.', 'x', 'K', 'S', ' '])?);
        }
        out.push(row);
    }
    Ok(format!("standard,board={}", out.join("/")))
}

fn run(u: &mut Unstructured) -> Result<()> {
    let variant = if u.ratio(1, 4)? {
        board(u)?
    } else {
        u.choose(VARIANTS)?.to_string()
    };
    let Ok(config) = Neighbours::variant(&variant) else {
        return Ok(());
    };
    let players = u.int_in_range(2..=4usize)?;
    let seed: u64 = u.arbitrary()?;
    let Ok(mut m) = Match::<Neighbours>::new(&variant, config, players, seed, None) else {
        // Tokens too few for this many hands: refused with a reason.
        return Ok(());
    };
    check_tokens(&m);
    let mut bots: Vec<_> = ["random", "greedy"]
        .iter()
        .map(|name| Neighbours::bot(name, seed).expect("a bot"))
        .collect();
    let bound = Neighbours::move_bound(m.config(), players);
    // Until the bytes run out or the match is over, and one move after that.
    let mut after_end = 0;
    while !u.is_empty() && m.moves().len() < bound && after_end < 2 {
        after_end += usize::from(m.is_over());
        let to_move = m.state().to_move();
        let seat = if u.ratio(1, 16)? {
            u.int_in_range(0..=players)?
        } else {
            to_move
        };
        let state = m.state();
        let legal = if seat < players {
            state.legal_moves(seat)
        } else {
            Vec::new()
        };
        let mv = match u.int_in_range(0..=9u8)? {
            0..=4 if !legal.is_empty() => *u.choose(&legal)?,
            5 if seat < players && !m.is_over() => {
                let bot = u.choose_index(bots.len())?;
                bots[bot].choose(&m.view(seat))
            }
            6 => Move::Pass,
            7 if seat < players && !state.hand(seat).is_empty() => {
                // A digit from the hand on a random cell of the board.
                let digit = u.choose(state.hand(seat))?.digit();
                let cell = u.choose_index(state.config().board.len())?;
                let (row, col) = state.config().board.coords(cell);
                Move::Place(Placement { digit, row, col })
            }
            _ => Move::Place(Placement {
                digit: u.int_in_range(0..=11)?,
                row: u.arbitrary()?,
                col: u.arbitrary()?,
            }),
        };
        submit(&mut m, seat, mv, &legal);
    }
    let record = m.record();
    let again = Match::<Neighbours>::from_record(&record, |v| Neighbours::variant(v).ok())
        .unwrap_or_else(|e| panic!("the match does not replay ({e}): {}", record.to_json()));
    assert_eq!(format!("{:?}", again.state()), format!("{:?}", m.state()));
    Ok(())
}

/// Plays `mv` and checks what the rules did with it; `legal` is what the
/// rules listed for the seat before it.
fn submit(m: &mut Match<Neighbours>, seat: usize, mv: Move, legal: &[Move]) {
    let before = m.state().clone();
    let played = m.moves().len();
    let mine = !m.is_over() && seat == m.state().to_move();
    match m.submit(seat, mv) {
        Ok(outcome) => {
            assert!(mine, "a move out of turn or after the end was accepted");
            assert!(
                legal.contains(&mv),
                "{mv:?} was accepted but not listed: {legal:?}"
            );
            check_tokens(m);
            check_outcome(&before, m, seat, &outcome);
        }
        Err(e) => {
            assert!(
                !(mine && legal.contains(&mv)),
                "the listed move {mv:?} was refused: {e}"
            );
            assert!(!e.to_string().is_empty(), "a refusal without a reason");
            assert!(
                snapshot(m.state()) == snapshot(&before),
                "a refused move ({e}) changed the state"
            );
            assert_eq!(m.moves().len(), played);
        }
    }
}

/// Everything a move can change, read through the state's accessors (far
/// cheaper than formatting the whole state, which the fuzzer would spend
/// most of its time on).
fn snapshot(s: &State) -> Vec<i64> {
    let mut v = Vec::with_capacity(4 * s.config().board.len() + 80);
    for c in 0..s.config().board.len() {
        v.push(s.token_at(c).map_or(-1, |t| i64::from(t.0)));
        v.push(i64::from(s.accepts(c)));
        v.push(i64::from(s.touching(c)));
    }
    for seat in 0..s.players() {
        v.push(-2);
        v.extend(s.hand(seat).iter().map(|t| i64::from(t.0)));
    }
    v.push(-3);
    v.extend(s.bag_in_draw_order().map(|t| i64::from(t.0)));
    v.extend(s.points());
    v.extend(s.penalties());
    v.extend(s.played().map(i64::from));
    v.extend([s.to_move(), s.first(), s.passes(), usize::from(s.is_over())].map(|n| n as i64));
    v
}

/// Every token is on the board, in a hand or in the bag, exactly once.
fn check_tokens(m: &Match<Neighbours>) {
    let state = m.state();
    let tokens = m.config().tokens();
    let mut seen = vec![false; tokens];
    let board = (0..m.config().board.len()).filter_map(|c| state.token_at(c));
    let hands = (0..m.players()).flat_map(|s| state.hand(s).iter().copied());
    for t in board.chain(hands).chain(state.bag_in_draw_order()) {
        let slot = seen
            .get_mut(t.0 as usize)
            .unwrap_or_else(|| panic!("token {} is not among {tokens}", t.0));
        assert!(!std::mem::replace(slot, true), "token {} twice", t.0);
    }
    assert!(seen.iter().all(|&s| s), "a token went missing");
    assert!((0..m.players()).all(|s| state.hand(s).len() <= m.config().hand_size));
    // The board's count per digit agrees with the tokens on it.
    let mut played = [0u8; 10];
    for c in 0..m.config().board.len() {
        if let Some(t) = state.token_at(c) {
            played[t.digit() as usize] += 1;
        }
    }
    assert_eq!(played, state.played());
}

/// An accepted move scored what its placement was worth, drew when it could,
/// and the end, if it came, charged each hand its penalty.
fn check_outcome(b: &State, after: &Match<Neighbours>, seat: usize, o: &Outcome) {
    let a = after.state();
    let gained = a.points()[seat] - b.points()[seat];
    match &o.placed {
        Some(scored) => {
            assert_eq!(gained, scored.points);
            assert_eq!(
                scored.points,
                rules::value(scored.digit) * scored.touched as i64 + scored.bonus
            );
            assert_eq!(
                o.drew,
                b.bag_len() > 0,
                "a placement draws while the bag lasts"
            );
            assert_eq!(a.passes(), 0);
        }
        None => {
            assert_eq!(gained, 0);
            assert!(!b.can_place(seat), "a seat that could place passed");
        }
    }
    if a.is_over() {
        for s in 0..after.players() {
            assert_eq!(a.penalties()[s], after.config().penalty * a.hand_value(s));
        }
    } else {
        assert_eq!(a.to_move(), (seat + 1) % after.players());
    }
}
