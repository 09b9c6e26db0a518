//! Every round of a record can be read without Parlour's code: the deals
//! that follow from a record's `seed` are worked out here from
//! `docs/records.md` alone — its generator, its bounded draw, its shuffle
//! and Rummy's deal, written again in this file without the crate's
//! generator — and must be the hands the rules dealt, round after round.
//! The doc's test vectors are read from the doc itself, so the doc and the
//! code cannot drift apart.

use parlour_core::engine::{Game, Match, Record};
use parlour_core::games::rummy::{Face, Rummy};

// --- The generator, as docs/records.md specifies it -----------------------

/// The seed's expansion: PCG-32 steps, each giving four bytes.
fn expand(mut seed: u64) -> u128 {
    let mut bytes = [0u8; 16];
    for chunk in bytes.chunks_mut(4) {
        seed = seed
            .wrapping_mul(0x5851_F42D_4C95_7F2D)
            .wrapping_add(0xA176_54E4_6FBE_17F3);
        let xorshifted = (((seed >> 18) ^ seed) >> 27) as u32;
        let rot = (seed >> 59) as u32;
        chunk.copy_from_slice(&xorshifted.rotate_right(rot).to_le_bytes());
    }
    u128::from_le_bytes(bytes) | 1
}

/// PCG-64 MCG with the XSL-RR output.
struct Documented(u128);

impl Documented {
    fn seeded(seed: u64) -> Self {
        Self(expand(seed))
    }
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(0x2360_ED05_1FC6_5DA4_4385_DF64_9FCC_F645);
        let rot = (self.0 >> 122) as u32;
        (((self.0 >> 64) as u64) ^ (self.0 as u64)).rotate_right(rot)
    }
    /// Lemire's multiply-and-reject.
    fn below(&mut self, n: u64) -> u64 {
        loop {
            let m = u128::from(self.next()) * u128::from(n);
            if (m as u64) >= n.wrapping_neg() % n {
                return (m >> 64) as u64;
            }
        }
    }
    /// Fisher–Yates from the back.
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// The deck before a shuffle: each colour (k, b, o, r) 1 to 13, each card
/// twice in a row, then the jokers.
fn deck(jokers: usize) -> Vec<String> {
    let mut cards = Vec::new();
    for colour in ["k", "b", "o", "r"] {
        for number in 1..=13 {
            cards.push(format!("{colour}{number}"));
            cards.push(format!("{colour}{number}"));
        }
    }
    cards.extend(std::iter::repeat_n("j".to_owned(), jokers));
    cards
}

/// One round's deal: each seat's hand, the pile in draw order, the first seat.
#[derive(Debug, PartialEq)]
struct RoundDeal {
    hands: Vec<Vec<String>>,
    pile: Vec<String>,
    first: usize,
}

/// Every round's deal of a Rummy match dealt from `seed`, as the doc says:
/// round 1 shuffled and the first seat drawn; each later round shuffled
/// from a fresh deck, the first seat the next one round.
fn deals(seed: u64, players: usize, hand: usize, jokers: usize, rounds: usize) -> Vec<RoundDeal> {
    let mut rng = Documented::seeded(seed);
    let mut out: Vec<RoundDeal> = Vec::new();
    for _ in 0..rounds {
        let mut cards = deck(jokers);
        rng.shuffle(&mut cards);
        let hands = cards
            .chunks(hand)
            .take(players)
            .map(<[_]>::to_vec)
            .collect();
        let pile = cards[hand * players..].to_vec();
        let first = match out.last() {
            None => rng.below(players as u64) as usize,
            Some(last) => (last.first + 1) % players,
        };
        out.push(RoundDeal { hands, pile, first });
    }
    out
}

// --- The doc's test vectors -----------------------------------------------

/// docs/records.md.
fn doc() -> String {
    std::fs::read_to_string(format!("{}/../docs/records.md", env!("CARGO_MANIFEST_DIR")))
        .expect("docs/records.md")
}

/// What follows `label` on the doc's line that starts with it.
fn vector(doc: &str, label: &str) -> String {
    doc.lines()
        .find_map(|l| l.trim().strip_prefix(label))
        .unwrap_or_else(|| panic!("docs/records.md has no line {label:?}"))
        .trim()
        .to_owned()
}

fn words(text: &str) -> Vec<String> {
    text.split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_docs_test_vectors_are_what_the_documented_generator_gives() {
    let doc = doc();
    let seed: u64 = vector(&doc, "seed:").parse().unwrap();
    assert_eq!(
        vector(&doc, "state:"),
        format!("0x{:032x}", expand(seed)),
        "the expanded seed"
    );
    let mut rng = Documented::seeded(seed);
    let outputs: Vec<String> = (0..3).map(|_| format!("0x{:016x}", rng.next())).collect();
    assert_eq!(words(&vector(&doc, "next_u64:")), outputs);
    let mut rng = Documented::seeded(seed);
    let draws: Vec<String> = (0..8).map(|_| rng.below(108).to_string()).collect();
    assert_eq!(words(&vector(&doc, "below(108):")), draws);
    let dealt = deals(seed, 2, 14, 4, 2);
    for (round, deal) in dealt.iter().enumerate() {
        let n = round + 1;
        assert_eq!(
            words(&vector(&doc, &format!("round {n}, seat 0:"))),
            deal.hands[0],
            "round {n}, seat 0"
        );
        assert_eq!(
            words(&vector(&doc, &format!("round {n}, seat 1:"))),
            deal.hands[1],
            "round {n}, seat 1"
        );
        assert_eq!(
            words(&vector(&doc, &format!("round {n}, pile starts:"))),
            deal.pile[..5],
            "round {n}, the pile"
        );
        assert_eq!(
            vector(&doc, &format!("round {n}, first:")),
            deal.first.to_string()
        );
    }
}

#[test]
fn the_documented_generator_is_the_one_the_rules_deal_with() {
    for seed in [0, 1, 7, u64::MAX, 0x0123_4567_89ab_cdef] {
        let mut ours = parlour_core::engine::GameRng::seeded(seed);
        let mut documented = Documented::seeded(seed);
        for n in [1usize, 2, 3, 4, 7, 108, 1 << 40] {
            assert_eq!(
                ours.below(n) as u64,
                documented.below(n as u64),
                "seed {seed}, below({n})"
            );
        }
    }
}

/// The faces of a hand as a record writes them.
fn written(cards: impl IntoIterator<Item = Face>) -> Vec<String> {
    cards.into_iter().map(|f| f.to_string()).collect()
}

/// Reads `fixture`, a record of several rounds dealt from its seed, and
/// checks each round's deal worked out by the doc against the hands the
/// rules dealt when the round began.
fn every_round_reads(fixture: &str, least_rounds: usize) {
    let text = std::fs::read_to_string(format!(
        "{}/../tests/fixtures/{fixture}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let record = Record::from_json(&text).unwrap();
    let seed = record.seed.expect("a seeded record");
    let config = Rummy::variant(&record.variant).unwrap();
    let rounds = {
        let m = Match::<Rummy>::from_record(&record, |v| Rummy::variant(v).ok()).unwrap();
        m.state().rounds().len() + usize::from(!m.is_over())
    };
    assert!(rounds >= least_rounds, "{fixture} holds {rounds} rounds");
    let documented = deals(
        seed,
        record.players,
        config.hand_size,
        config.jokers as usize,
        rounds,
    );
    // The rules, as the referee: the hands when each round began.
    let mut m = Match::<Rummy>::start_of_record(&record, |v| Rummy::variant(v).ok()).unwrap();
    let mut seen = 0;
    for index in 0..=record.moves.len() {
        if m.state().rounds().len() == seen && !m.is_over() {
            let state = m.state();
            let deal = &documented[seen];
            for seat in 0..record.players {
                assert_eq!(
                    written(state.hand(seat).iter().map(|c| c.face())),
                    deal.hands[seat],
                    "{fixture}: round {}, seat {seat}",
                    seen + 1
                );
            }
            assert_eq!(
                written(state.pile_in_draw_order().map(|c| c.face())),
                deal.pile,
                "{fixture}: round {}, the pile",
                seen + 1
            );
            assert_eq!(state.first(), deal.first, "{fixture}: round {}", seen + 1);
            seen += 1;
        }
        if index < record.moves.len() {
            let (seat, mv) = Match::<Rummy>::move_of_record(&record, index).unwrap();
            m.submit(seat, mv).unwrap();
        }
    }
    assert_eq!(seen, rounds, "{fixture}: every round's deal was read");
}

#[test]
fn every_round_of_a_several_round_record_is_read_from_its_seed_by_the_doc() {
    every_round_reads("rummy-three-rounds.json", 3);
}

#[test]
fn every_round_of_a_match_played_for_a_time_is_read_from_its_seed_by_the_doc() {
    every_round_reads("rummy-fifteen-minutes.json", 3);
}
