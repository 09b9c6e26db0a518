//! Random positions for tests and benchmarks: a table that is a valid
//! arrangement of random runs and groups (jokers standing in for some of
//! their cards), and a hand drawn from the cards left.

use std::ops::RangeInclusive;

use super::Position;
use crate::engine::GameRng;
use crate::games::rummy::cards::{Card, Colour, Face};
use crate::games::rummy::rules::TableSet;
use crate::games::rummy::sets::{Kind, Reading};

/// The shape of the positions to draw.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The numbers cards are drawn from.
    pub numbers: RangeInclusive<u8>,
    /// How many colours are used (the first ones of k, b, o, r).
    pub colours: usize,
    /// Cards on the table (the table may fall short when the numbers are few).
    pub table: RangeInclusive<usize>,
    /// Cards in the hand, jokers included.
    pub hand: RangeInclusive<usize>,
    /// Jokers in all, shared at random between the table and the hand.
    pub jokers: RangeInclusive<usize>,
    /// Chance that a position is a first meld (the player has not melded).
    pub first_meld: f64,
}

impl Spec {
    /// Mid-game positions: a table of 15–60 cards, a hand of 5–20, 0–4
    /// jokers, every number and colour, the player melded.
    pub fn mid_game() -> Self {
        Self {
            numbers: 1..=13,
            colours: 4,
            table: 15..=60,
            hand: 5..=20,
            jokers: 0..=4,
            first_meld: 0.0,
        }
    }
}

fn draw(rng: &mut GameRng, range: &RangeInclusive<usize>) -> usize {
    let (lo, hi) = (*range.start(), *range.end());
    if hi <= lo {
        lo
    } else {
        lo + rng.below(hi - lo + 1)
    }
}

/// Draws one position.
#[allow(clippy::needless_range_loop)] // colours and numbers index the copies
pub fn position(rng: &mut GameRng, spec: &Spec) -> Position {
    let (lo, hi) = (*spec.numbers.start(), *spec.numbers.end());
    let colours = spec.colours.clamp(1, 4);
    // copies[colour][number]: copies still in the deck.
    let mut copies = [[2u8; 14]; 4];
    let jokers = draw(rng, &spec.jokers).min(4);
    let table_jokers = if jokers == 0 {
        0
    } else {
        rng.below(jokers + 1)
    };
    let mut spare_jokers: Vec<Card> = (0..table_jokers as u8).map(Card::joker).collect();
    let mut taken = [[0u8; 14]; 4];
    let take = |colour: usize, number: u8, taken: &mut [[u8; 14]; 4]| {
        let copy = taken[colour][number as usize];
        taken[colour][number as usize] += 1;
        Card::numbered(Colour::ALL[colour], number, copy)
    };
    let target = draw(rng, &spec.table);
    let mut table: Vec<TableSet> = Vec::new();
    let mut size = 0;
    let mut tries = 0;
    while size < target && tries < 400 {
        tries += 1;
        let run = rng.below(2) == 0 && hi >= lo + 2;
        let faces: Vec<(usize, u8)> = if run {
            let colour = rng.below(colours);
            let len = 3 + rng.below(3).min(rng.below(4)) + rng.below(2) * rng.below(3);
            let len = len.min((hi - lo + 1) as usize);
            let start = lo + rng.below((hi - lo + 2) as usize - len) as u8;
            (0..len as u8).map(|i| (colour, start + i)).collect()
        } else {
            if colours < 3 {
                continue;
            }
            let number = lo + rng.below((hi - lo + 1) as usize) as u8;
            let mut cs: Vec<usize> = (0..colours).collect();
            rng.shuffle(&mut cs);
            let k = if colours == 4 && rng.below(3) == 0 {
                4
            } else {
                3
            };
            cs.into_iter().take(k).map(|c| (c, number)).collect()
        };
        if size + faces.len() > target + 2 && size > 0 {
            continue;
        }
        // One joker at most per set, so that sets keep a real card or two.
        let joker_at = if !spare_jokers.is_empty() && rng.below(3) == 0 {
            Some(rng.below(faces.len()))
        } else {
            None
        };
        let fits = faces
            .iter()
            .enumerate()
            .all(|(i, &(c, n))| Some(i) == joker_at || copies[c][n as usize] > 0);
        if !fits {
            continue;
        }
        let mut cards = Vec::new();
        let mut stands = Vec::new();
        for (i, &(c, n)) in faces.iter().enumerate() {
            stands.push(Face::number(Colour::ALL[c], n));
            if Some(i) == joker_at {
                cards.push(spare_jokers.pop().unwrap_or(Card::joker(0)));
            } else {
                copies[c][n as usize] -= 1;
                cards.push(take(c, n, &mut taken));
            }
        }
        size += cards.len();
        let kind = if run { Kind::Run } else { Kind::Group };
        table.push(TableSet {
            cards,
            reading: Reading {
                kind,
                faces: stands,
            },
        });
    }
    // Jokers meant for the table that found no set go to the hand.
    let mut hand: Vec<Card> = spare_jokers;
    hand.extend((table_jokers as u8..jokers as u8).map(Card::joker));
    let mut deck: Vec<(usize, u8)> = Vec::new();
    for c in 0..colours {
        for n in lo..=hi {
            for _ in 0..copies[c][n as usize] {
                deck.push((c, n));
            }
        }
    }
    rng.shuffle(&mut deck);
    let want = draw(rng, &spec.hand).saturating_sub(hand.len());
    for &(c, n) in deck.iter().take(want) {
        hand.push(take(c, n, &mut taken));
    }
    rng.shuffle(&mut hand);
    let melded = rng.unit() >= spec.first_meld;
    Position {
        table,
        hand,
        melded,
    }
}
