//! Rummy under move sequences decoded from bytes. The bytes choose a
//! variant, the seats and the seed, then move after move: draws, time-outs,
//! the random bot's move, sets laid from the hand, cards added to table
//! sets, tables rebuilt or broken in every way, cards of the whole deck,
//! jokers taken back, a seat out of turn. Every move goes through the rules
//! core. Whatever it accepts keeps the deck whole (each card once: nothing
//! lost, nothing doubled), every table set valid and, where the rules say
//! so, each table joker's number; whatever it refuses changes nothing and
//! comes with a reason. At the end the record replays to the same state.

#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use parlour_core::engine::{Bot, Game, Match};
use parlour_core::games::rummy::bots::{extensions, hand_sets};
use parlour_core::games::rummy::cards::FACES;
use parlour_core::games::rummy::{
    CardName, Face, Move, MovedJoker, Outcome, Play, Rummy, State, View, sets,
};

/// Variants, with options that change the deck, the threshold and the rounds.
const VARIANTS: &[&str] = &[
    "standard",
    "classic",
    "relaxed",
    "standard,jokers=0",
    "standard,jokers=1,first-meld=0",
    "classic,jokers=4,rounds=2",
    "standard,rounds=3,first-meld=10",
];

fuzz_target!(|data: &[u8]| {
    // Running out of bytes only ends the match early.
    let _ = run(&mut Unstructured::new(data));
});

fn run(u: &mut Unstructured) -> Result<()> {
    let variant = *u.choose(VARIANTS)?;
    let players = u.int_in_range(2..=4usize)?;
    let seed: u64 = u.arbitrary()?;
    let mut m = Match::<Rummy>::seeded(variant, players, seed).expect("a built-in variant deals");
    let mut bot = Rummy::bot("random", seed).expect("the random bot");
    let bound = Rummy::move_bound(m.config(), players);
    // Until the bytes run out or the match is over, and one move after that.
    let mut after_end = 0;
    while !u.is_empty() && m.moves().len() < bound && after_end < 2 {
        after_end += usize::from(m.is_over());
        let to_move = m.awaiting().first().copied().unwrap_or(0);
        // Now and then a seat out of turn, or one that does not exist.
        let seat = if u.ratio(1, 16)? {
            u.int_in_range(0..=players)?
        } else {
            to_move
        };
        let mv = decode(u, &m, seat, bot.as_mut())?;
        submit(&mut m, seat, mv);
    }
    let record = m.record();
    let again = Match::<Rummy>::from_record(&record, |v| Rummy::variant(v).ok())
        .unwrap_or_else(|e| panic!("the match does not replay ({e}): {}", record.to_json()));
    assert_eq!(format!("{:?}", again.state()), format!("{:?}", m.state()));
    Ok(())
}

/// Plays `mv` and checks what the rules did with it.
fn submit(m: &mut Match<Rummy>, seat: usize, mv: Move) {
    let before = m.state().clone();
    let played = m.moves().len();
    let checked = m.state().check(seat, &mv);
    match m.submit(seat, mv.clone()) {
        Ok(outcome) => {
            assert_eq!(checked, Ok(()), "check refused what apply accepted: {mv:?}");
            check_whole(&before, m, &outcome);
        }
        Err(e) => {
            assert_eq!(checked, Err(e.clone()), "check and apply disagree: {mv:?}");
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
/// cheaper than formatting the whole state). The generator is left out: it
/// draws only to deal a round, and the replay at the end compares it.
#[derive(PartialEq)]
struct Snapshot {
    hands: Vec<Vec<u8>>,
    pile: Vec<u8>,
    table: Vec<Vec<CardName>>,
    table_cards: Vec<u8>,
    numbers: Vec<i64>,
}

fn snapshot(s: &State) -> Snapshot {
    let mut numbers: Vec<i64> = s.totals().to_vec();
    numbers.extend(s.melded().iter().map(|&m| i64::from(m)));
    numbers.extend(
        [
            s.to_move(),
            s.first(),
            s.passes(),
            s.rounds().len(),
            usize::from(s.is_over()),
        ]
        .map(|n| n as i64),
    );
    Snapshot {
        hands: (0..s.players())
            .map(|seat| s.hand(seat).iter().map(|c| c.0).collect())
            .collect(),
        pile: s.pile_in_draw_order().map(|c| c.0).collect(),
        table: s.table_written(),
        table_cards: s
            .table()
            .iter()
            .flat_map(|set| set.cards.iter().map(|c| c.0))
            .collect(),
        numbers,
    }
}

/// The checks after an accepted move.
fn check_whole(before: &State, after: &Match<Rummy>, outcome: &Outcome) {
    let state = after.state();
    let deck = after.config().deck_size();
    let mut seen = vec![false; deck];
    let table = state.table().iter().flat_map(|s| s.cards.iter());
    let hands = (0..after.players()).flat_map(|s| state.hand(s).iter());
    for c in table
        .chain(hands)
        .copied()
        .chain(state.pile_in_draw_order())
    {
        let slot = seen
            .get_mut(c.0 as usize)
            .unwrap_or_else(|| panic!("{c} is not in a deck of {deck}"));
        assert!(!std::mem::replace(slot, true), "{c} twice");
    }
    assert!(seen.iter().all(|&s| s), "a card went missing");
    for set in state.table() {
        let written = set.written();
        assert!(
            sets::read(&written).is_ok(),
            "an invalid set {written:?} was accepted"
        );
    }
    let same_round = state.rounds().len() == before.rounds().len();
    // A table card never goes into a hand, except a joker taken by a swap.
    if same_round {
        let old: Vec<_> = before
            .table()
            .iter()
            .flat_map(|s| s.cards.clone())
            .collect();
        for c in &old {
            let still = state.table().iter().any(|s| s.cards.contains(c));
            assert!(still || c.is_joker(), "{c} left the table");
        }
        assert_eq!(
            outcome.laid.len() + before.table().iter().map(|s| s.cards.len()).sum::<usize>(),
            state.table().iter().map(|s| s.cards.len()).sum::<usize>() + outcome.took.len(),
            "laid and taken cards do not add up"
        );
    }
    // In the standard rules a table joker still on the table keeps its number.
    if after.config().moved_joker == MovedJoker::KeepsNumber && same_round {
        for old in before.table() {
            for (i, c) in old.cards.iter().enumerate().filter(|(_, c)| c.is_joker()) {
                for new in state.table() {
                    if let Some(j) = new.cards.iter().position(|d| d == c) {
                        assert_eq!(
                            new.reading.number(j),
                            old.reading.number(i),
                            "joker {c:?} changed number"
                        );
                    }
                }
            }
        }
    }
    // The totals are the rounds' scores added up.
    for seat in 0..after.players() {
        let sum: i64 = state.rounds().iter().map(|r| r.scores[seat]).sum();
        assert_eq!(state.totals()[seat], sum);
    }
    // Each seat's view shows its own hand and only the sizes of the others.
    for seat in 0..after.players() {
        let view = View::of(state, seat);
        let mut mine: Vec<Face> = view.hand.iter().map(|c| c.face()).collect();
        let mut held: Vec<Face> = state.hand(seat).iter().map(|c| c.face()).collect();
        mine.sort();
        held.sort();
        assert_eq!(mine, held);
        let sizes: Vec<usize> = (0..after.players()).map(|s| state.hand(s).len()).collect();
        assert_eq!(view.hand_sizes, sizes);
        assert_eq!(view.pile_len, state.pile_len());
    }
}

/// The next move, decoded from the bytes: mostly plausible, often wrong.
fn decode(
    u: &mut Unstructured,
    m: &Match<Rummy>,
    seat: usize,
    bot: &mut dyn Bot<Rummy>,
) -> Result<Move> {
    let state = m.state();
    let hand: Vec<Face> = if seat < m.players() {
        state.hand(seat).iter().map(|c| c.face()).collect()
    } else {
        Vec::new()
    };
    let mut table = state.table_written();
    let mut to_hand = Vec::new();
    match u.int_in_range(0..=9u8)? {
        0 => return Ok(Move::Draw),
        1 if seat < m.players() && !m.is_over() => return Ok(bot.choose(&m.view(seat))),
        2 => return Ok(Move::Timeout(None)),
        _ => {}
    }
    // A play: one to four changes to the table as it stands.
    for _ in 0..u.int_in_range(1..=4u8)? {
        change(u, state.table(), &mut table, &hand, &mut to_hand)?;
    }
    table.retain(|s| !s.is_empty());
    let play = Play { table, to_hand };
    Ok(if u.ratio(1, 5)? {
        Move::Timeout(Some(play))
    } else {
        Move::Play(play)
    })
}

/// One change to a written table.
fn change(
    u: &mut Unstructured,
    sets_now: &[parlour_core::games::rummy::TableSet],
    table: &mut Vec<Vec<CardName>>,
    hand: &[Face],
    to_hand: &mut Vec<CardName>,
) -> Result<()> {
    let pick = |u: &mut Unstructured, n: usize| -> Result<Option<usize>> {
        if n == 0 {
            Ok(None)
        } else {
            u.choose_index(n).map(Some)
        }
    };
    match u.int_in_range(0..=11u8)? {
        // A set laid from the hand.
        0 | 1 => {
            let options = hand_sets(hand);
            if let Some(i) = pick(u, options.len())? {
                table.push(options[i].clone());
            }
        }
        // A hand card added to a table set.
        2 | 3 => {
            let options = extensions(sets_now, hand);
            if let Some(i) = pick(u, options.len())? {
                let (j, grown) = &options[i];
                if *j < table.len() {
                    table[*j] = grown.clone();
                }
            }
        }
        // A hand card put anywhere.
        4 => {
            if let Some(h) = pick(u, hand.len())? {
                let card = CardName::plain(hand[h]);
                match pick(u, table.len())? {
                    Some(s) => {
                        let at = u.choose_index(table[s].len() + 1)?;
                        table[s].insert(at, card);
                    }
                    None => table.push(vec![card]),
                }
            }
        }
        // A card moved from one set to another.
        5 => {
            if let (Some(a), Some(b)) = (pick(u, table.len())?, pick(u, table.len())?)
                && !table[a].is_empty()
            {
                let i = u.choose_index(table[a].len())?;
                let card = table[a].remove(i);
                let at = u.choose_index(table[b].len() + 1)?;
                table[b].insert(at, card);
            }
        }
        // A set split in two, or two sets joined.
        6 => {
            if let Some(s) = pick(u, table.len())?
                && table[s].len() > 1
            {
                let at = 1 + u.choose_index(table[s].len() - 1)?;
                let tail = table[s].split_off(at);
                table.push(tail);
            }
        }
        7 => {
            if let (Some(a), Some(b)) = (pick(u, table.len())?, pick(u, table.len())?)
                && a != b
            {
                let tail = std::mem::take(&mut table[b]);
                table[a].extend(tail);
            }
        }
        // A card taken off the table.
        8 => {
            if let Some(s) = pick(u, table.len())?
                && !table[s].is_empty()
            {
                let i = u.choose_index(table[s].len())?;
                table[s].remove(i);
            }
        }
        // Any card of the deck, held or not, annotated or not.
        9 => {
            let face = Face::from_index(u.choose_index(FACES)?);
            let stands_for = if u.arbitrary()? {
                Some(Face::from_index(u.choose_index(FACES)?))
            } else {
                None
            };
            let card = CardName { face, stands_for };
            match pick(u, table.len())? {
                Some(s) => table[s].push(card),
                None => table.push(vec![card]),
            }
        }
        // A joker swapped for the card it stands for, or just taken back.
        10 => {
            let jokers: Vec<(usize, usize)> = table
                .iter()
                .enumerate()
                .flat_map(|(s, set)| {
                    set.iter()
                        .enumerate()
                        .filter(|(_, c)| c.face.is_joker())
                        .map(move |(i, _)| (s, i))
                })
                .collect();
            if let Some(k) = pick(u, jokers.len())? {
                let (s, i) = jokers[k];
                let joker = table[s][i];
                match joker.stands_for {
                    Some(real) if u.arbitrary()? => table[s][i] = CardName::plain(real),
                    _ => {
                        table[s].remove(i);
                    }
                }
                to_hand.push(CardName {
                    face: Face::Joker,
                    stands_for: if u.arbitrary()? {
                        joker.stands_for
                    } else {
                        None
                    },
                });
            } else if u.arbitrary()? {
                to_hand.push(CardName::plain(Face::from_index(u.choose_index(FACES)?)));
            }
        }
        // A set's cards in another order, or its annotations dropped.
        _ => {
            if let Some(s) = pick(u, table.len())? {
                if u.arbitrary()? {
                    let n = table[s].len();
                    for i in (1..n).rev() {
                        let j = u.choose_index(i + 1)?;
                        table[s].swap(i, j);
                    }
                } else {
                    for c in &mut table[s] {
                        c.stands_for = None;
                    }
                }
            }
        }
    }
    Ok(())
}
