//! Rummy under random, mostly wrong, moves: never a panic, and whatever the
//! rules accept keeps the deck whole, every set valid and, in the standard
//! rules, every table joker's number.

use parlour_core::engine::{Game, GameRng, Match};
use parlour_core::games::rummy::bots::{extensions, hand_sets};
use parlour_core::games::rummy::{
    CardName, Face, Kind, Move, MovedJoker, Play, Rummy, TableSet, sets,
};

/// A change that keeps a table valid when it applies: a run split or
/// joined, a run's end card moved onto another set, a set or a card laid
/// from the hand, a joker swapped for its card.
fn rebuild(
    rng: &mut GameRng,
    sets_now: &[TableSet],
    table: &mut Vec<Vec<CardName>>,
    hand: &[Face],
    to_hand: &mut Vec<CardName>,
) {
    let read: Vec<Option<sets::Reading>> = table.iter().map(|s| sets::read(s).ok()).collect();
    match rng.below(6) {
        0 => {
            // Split a long run.
            let long: Vec<usize> = (0..table.len())
                .filter(|&i| {
                    read[i]
                        .as_ref()
                        .is_some_and(|r| r.kind == Kind::Run && r.len() >= 6)
                })
                .collect();
            if !long.is_empty() {
                let s = *rng.pick(&long);
                let at = 3 + rng.below(table[s].len() - 5);
                let tail = table[s].split_off(at);
                table.push(tail);
            }
        }
        1 => {
            // Join two runs that meet.
            for a in 0..table.len() {
                for b in 0..table.len() {
                    let (Some(ra), Some(rb)) = (&read[a], &read[b]) else {
                        continue;
                    };
                    if a != b
                        && ra.kind == Kind::Run
                        && rb.kind == Kind::Run
                        && ra.colour(0) == rb.colour(0)
                        && ra.number(ra.len() - 1) + 1 == rb.number(0)
                        && ra.len() + rb.len() <= 13
                    {
                        let tail = table[b].clone();
                        table[a].extend(tail);
                        table.remove(b);
                        return;
                    }
                }
            }
        }
        2 => {
            // A run's end card onto another set, where it fits.
            for s in 0..table.len() {
                let Some(r) = &read[s] else { continue };
                if r.kind != Kind::Run || r.len() < 4 || table[s][r.len() - 1].face.is_joker() {
                    continue;
                }
                let card = table[s][r.len() - 1];
                let others: Vec<TableSet> = sets_now.to_vec();
                for (j, grown) in extensions(&others, &[card.face]) {
                    if j != s && j < table.len() && table[j] == others[j].written() {
                        table[s].pop();
                        table[j] = grown;
                        return;
                    }
                }
            }
        }
        3 => {
            let options = hand_sets(hand);
            if !options.is_empty() {
                table.push(rng.pick(&options).clone());
            }
        }
        4 => {
            let options = extensions(sets_now, hand);
            if !options.is_empty() {
                let (j, grown) = rng.pick(&options).clone();
                if j < table.len() && table[j] == sets_now[j].written() {
                    table[j] = grown;
                }
            }
        }
        _ => {
            // Swap a joker for the card it stands for.
            for set in table.iter_mut() {
                if let Some(i) = set.iter().position(|c| c.face.is_joker())
                    && let Some(real) = set[i].stands_for.filter(|f| hand.contains(f))
                {
                    set[i] = CardName::plain(real);
                    to_hand.push("j".parse().unwrap());
                    return;
                }
            }
        }
    }
}

/// A random change to a written table.
fn mutate(
    rng: &mut GameRng,
    table: &mut Vec<Vec<CardName>>,
    hand: &[Face],
    to_hand: &mut Vec<CardName>,
) {
    let pick_set = |rng: &mut GameRng, table: &Vec<Vec<CardName>>| {
        (!table.is_empty()).then(|| rng.below(table.len()))
    };
    match rng.below(9) {
        // A hand card into a set, or a new set of hand cards.
        0 | 1 if !hand.is_empty() => {
            let card = CardName::plain(*rng.pick(hand));
            match pick_set(rng, table) {
                Some(s) if rng.below(3) > 0 => {
                    let at = rng.below(table[s].len() + 1);
                    table[s].insert(at, card);
                }
                _ => table.push(vec![card]),
            }
        }
        // A card moved from one set to another.
        2 | 3 => {
            if let (Some(a), Some(b)) = (pick_set(rng, table), pick_set(rng, table))
                && !table[a].is_empty()
            {
                let i = rng.below(table[a].len());
                let card = table[a].remove(i);
                let at = rng.below(table[b].len() + 1);
                table[b].insert(at, card);
            }
        }
        // A set split in two.
        4 => {
            if let Some(s) = pick_set(rng, table)
                && table[s].len() > 1
            {
                let at = 1 + rng.below(table[s].len() - 1);
                let tail = table[s].split_off(at);
                table.push(tail);
            }
        }
        // A card dropped (taken into the hand).
        5 => {
            if let Some(s) = pick_set(rng, table)
                && !table[s].is_empty()
            {
                let i = rng.below(table[s].len());
                table[s].remove(i);
            }
        }
        // Any card of the deck, held or not.
        6 => {
            let face = Face::from_index(rng.below(53));
            match pick_set(rng, table) {
                Some(s) => table[s].push(CardName::plain(face)),
                None => table.push(vec![CardName::plain(face)]),
            }
        }
        // Annotations dropped, or a joker taken back.
        7 => {
            if rng.below(2) == 0 {
                for c in table.iter_mut().flatten() {
                    c.stands_for = None;
                }
            } else {
                to_hand.push("j".parse().unwrap());
                if let Some(s) = table
                    .iter()
                    .position(|set| set.iter().any(|c| c.face.is_joker()))
                {
                    let i = table[s].iter().position(|c| c.face.is_joker()).unwrap();
                    table[s].remove(i);
                }
            }
        }
        _ => {
            if let Some(s) = pick_set(rng, table) {
                rng.shuffle(&mut table[s]);
            }
        }
    }
    table.retain(|s| !s.is_empty());
}

fn check_whole(before: &Match<Rummy>, after: &Match<Rummy>) {
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
        assert!(
            !std::mem::replace(&mut seen[c.0 as usize], true),
            "{c} twice"
        );
    }
    assert!(seen.iter().all(|&s| s), "a card went missing");
    for set in state.table() {
        let written = set.written();
        assert!(
            sets::read(&written).is_ok(),
            "an invalid set {written:?} was accepted"
        );
    }
    // In the standard rules a table joker still on the table keeps its number.
    let keeps = after.config().moved_joker == MovedJoker::KeepsNumber;
    if keeps && after.state().rounds().len() == before.state().rounds().len() {
        for old in before.state().table() {
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
}

#[test]
fn random_tables_never_panic_and_accepted_ones_keep_the_deck_whole() {
    let mut accepted = 0;
    let mut plays = 0;
    for seed in 0..160u64 {
        let mut rng = GameRng::seeded(seed);
        let variant = if seed % 4 == 3 { "classic" } else { "standard" };
        let mut game = Match::<Rummy>::seeded(variant, 2 + (seed % 3) as usize, seed).unwrap();
        let mut bot = Rummy::bot("random", seed).unwrap();
        // Play into the middle of a round.
        for _ in 0..(10 + rng.below(40)) {
            if game.is_over() {
                break;
            }
            let seat = game.awaiting()[0];
            let mv = bot.choose(&game.view(seat));
            game.submit(seat, mv).unwrap();
        }
        if game.is_over() {
            continue;
        }
        let seat = game.awaiting()[0];
        let hand: Vec<Face> = game.state().hand(seat).iter().map(|c| c.face()).collect();
        for _ in 0..60 {
            let mut table = game.state().table_written();
            let mut to_hand = Vec::new();
            let sets_now = game.state().table().to_vec();
            for _ in 0..(1 + rng.below(4)) {
                if rng.below(4) == 0 {
                    mutate(&mut rng, &mut table, &hand, &mut to_hand);
                } else {
                    rebuild(&mut rng, &sets_now, &mut table, &hand, &mut to_hand);
                }
            }
            let play = Play { table, to_hand };
            for mv in [Move::Play(play.clone()), Move::Timeout(Some(play))] {
                let mut attempt = game.clone();
                let is_play = matches!(mv, Move::Play(_));
                if attempt.submit(seat, mv).is_ok() {
                    accepted += 1;
                    if is_play {
                        plays += 1;
                    }
                    check_whole(&game, &attempt);
                }
            }
        }
    }
    assert!(
        accepted > plays && plays > 100,
        "legal plays and time-outs among the random moves: {plays} of {accepted}"
    );
}
