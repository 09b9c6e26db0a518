//! Physical cards for the places of the built sets, and the table in an
//! order a person recognises (unchanged sets where they were).

use std::collections::BTreeMap;

use super::build::{Built, Placed};
use crate::games::rummy::cards::{Card, Colour, Face};
use crate::games::rummy::rules::TableSet;
use crate::games::rummy::sets::Reading;

/// The cards available to fill the built sets.
pub(super) struct Pools {
    /// Per face: table copies first, then hand copies.
    cards: BTreeMap<Face, Vec<Card>>,
    /// Jokers that must stand at a number (table jokers keeping it), by number.
    pinned: BTreeMap<u8, Vec<Card>>,
    /// Table jokers free to stand for anything.
    loose: Vec<Card>,
    /// Jokers from the hand.
    hand_jokers: Vec<Card>,
}

impl Pools {
    /// `pinned` and `loose` are the table jokers that stay on the table;
    /// `hand` the number cards the player may lay (swap cards included).
    pub fn new(
        table: &[TableSet],
        hand: &[Card],
        pinned: &[(Card, u8)],
        loose: &[Card],
        hand_jokers: &[Card],
    ) -> Self {
        let mut cards: BTreeMap<Face, Vec<Card>> = BTreeMap::new();
        for card in table.iter().flat_map(|s| &s.cards).chain(hand) {
            if !card.is_joker() {
                cards.entry(card.face()).or_default().push(*card);
            }
        }
        let mut by_number: BTreeMap<u8, Vec<Card>> = BTreeMap::new();
        for &(card, n) in pinned {
            by_number.entry(n).or_default().push(card);
        }
        Self {
            cards,
            pinned: by_number,
            loose: loose.to_vec(),
            hand_jokers: hand_jokers.to_vec(),
        }
    }

    /// Fills the built sets with cards (`None` if the programme's counts and
    /// the pools disagree, which would be a bug).
    pub fn assign(mut self, built: &Built) -> Option<Vec<TableSet>> {
        // The jokers each number receives: pinned ones, then loose table
        // jokers and the hand's, as many as the programme laid there.
        let mut at: BTreeMap<u8, Vec<Card>> = std::mem::take(&mut self.pinned);
        self.loose.reverse();
        self.hand_jokers.reverse();
        for n in 1..=13u8 {
            let (loose, scoring) = built.free_jokers[n as usize];
            for _ in 0..loose {
                let card = self.loose.pop()?;
                at.entry(n).or_default().push(card);
            }
            for _ in 0..scoring {
                let card = self.hand_jokers.pop()?;
                at.entry(n).or_default().push(card);
            }
        }
        for cards in at.values_mut().chain(self.cards.values_mut()) {
            cards.reverse();
        }
        let mut sets = Vec::with_capacity(built.sets.len());
        for (kind, set) in &built.sets {
            let mut cards = Vec::with_capacity(set.len());
            let mut faces = Vec::with_capacity(set.len());
            for &Placed {
                colour,
                number,
                joker,
            } in set
            {
                let face = Face::number(Colour::ALL[colour as usize], number);
                let card = if joker {
                    at.get_mut(&number)?.pop()?
                } else {
                    self.cards.get_mut(&face)?.pop()?
                };
                cards.push(card);
                faces.push(face);
            }
            sets.push(TableSet {
                cards,
                reading: Reading { kind: *kind, faces },
            });
        }
        Some(sets)
    }
}

/// Orders the new table like the old one: each old set's place goes to the
/// same set if it is unchanged (with its own physical cards), else to the
/// new set that shares most cards with it; sets that are wholly new come last.
pub(super) fn keep_order(before: &[TableSet], after: Vec<TableSet>) -> Vec<TableSet> {
    // A set as what it stands for: its kind, its faces sorted (jokers
    // marked), and its physical jokers — which joker is the hand's decides
    // what the play is worth, so jokers are never swapped about.
    let key = |set: &TableSet| {
        let mut faces: Vec<(bool, Face)> = set
            .cards
            .iter()
            .zip(&set.reading.faces)
            .map(|(c, f)| (c.is_joker(), *f))
            .collect();
        faces.sort();
        let mut jokers: Vec<Card> = set.cards.iter().copied().filter(|c| c.is_joker()).collect();
        jokers.sort();
        (set.reading.kind, faces, jokers)
    };
    let mut on_table = [false; 256];
    for card in after.iter().flat_map(|s| &s.cards) {
        on_table[card.0 as usize] = true;
    }
    let mut keys: Vec<_> = after.iter().map(|s| Some(key(s))).collect();
    let mut rest: Vec<Option<TableSet>> = after.into_iter().map(Some).collect();
    // For each old place: the new set there, and whether it is the old set.
    let mut places: Vec<(TableSet, bool)> = Vec::new();
    let mut given_back: Vec<Card> = Vec::new();
    let mut kept_cards: Vec<Card> = Vec::new();
    for old in before {
        // A set whose joker went to the hand cannot come back as it was.
        if !old.cards.iter().all(|c| on_table[c.0 as usize]) {
            continue;
        }
        let k = Some(key(old));
        if let Some(i) = keys.iter().position(|s| *s == k) {
            keys[i] = None;
            if let Some(new) = rest[i].take() {
                // The old set keeps its own copies; the copies the new set
                // had go where the old set's copies were.
                given_back.extend(new.cards.iter().copied());
                kept_cards.extend(old.cards.iter().copied());
                places.push((old.clone(), true));
            }
        }
    }
    let mut spare: Vec<Card> = given_back
        .into_iter()
        .filter(|c| !kept_cards.contains(c))
        .collect();
    for set in rest.iter_mut().flatten() {
        for card in &mut set.cards {
            if kept_cards.contains(card)
                && let Some(i) = spare.iter().position(|s| s.face() == card.face())
            {
                *card = spare.remove(i);
            }
        }
    }
    // Now every old place, in order.
    let mut table = Vec::with_capacity(rest.len() + places.len());
    let mut kept = places.into_iter();
    let mut next_kept = kept.next();
    for old in before {
        if let Some((set, _)) = next_kept.as_ref().filter(|(set, _)| set == old) {
            table.push(set.clone());
            next_kept = kept.next();
            continue;
        }
        let shared = |s: &TableSet| s.cards.iter().filter(|c| old.cards.contains(c)).count();
        let best = rest
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|s| (shared(s), i)))
            .filter(|&(n, _)| n > 0)
            .max_by_key(|&(n, i)| (n, std::cmp::Reverse(i)));
        if let Some((_, i)) = best
            && let Some(set) = rest[i].take()
        {
            table.push(set);
        }
    }
    table.extend(rest.into_iter().flatten());
    table
}
