//! The table solver: given the table and a hand, the best that can be laid,
//! rebuilding the table at will — proven optimal.
//!
//! # The question
//! Every card on the table must stay on the table; any subset of the hand may
//! join it; at the end every card is in a valid set. Among all such tables,
//! find one that lays the most cards, or the most value, from the hand. For a
//! first meld the table may not be touched: the answer is the best hand-only
//! sets worth at least the variant's threshold, or none.
//!
//! # Method
//! An exact dynamic programme over the numbers 1..=13 (module `dp`), after
//! van Rijn, Takes and Vis, "The complexity of Rummikub problems" (2015):
//! walking up the numbers, the state is how many runs of each colour are
//! open and how long (1, 2 or 3+), so the choices at one number only depend
//! on that state; what is not put in runs at a number must split into
//! groups. Jokers are cards of their own in the programme: a joker may go on
//! any run, stand for a third copy of a card, start a run, or fill a group;
//! a table joker that keeps its number (the `standard` ruling) may only be
//! laid at that number; free jokers are counted. The programme is memoised
//! per number and state, so it visits each reachable state once.
//!
//! # Jokers won by a swap
//! After the first meld a player may swap a table joker for the card it
//! stands for. The solver tries every combination of swaps the hand allows
//! (at most a few: there are at most four jokers): the card goes to the
//! table and must stay there, the joker becomes the player's. Whether the
//! won joker must be laid again the same turn (`classic`) or may be kept is
//! the variant's; a kept joker is listed in [`Solution::to_hand`].
//!
//! # What "value" means
//! `count` is the number of cards that left the hand, less the jokers taken
//! back. `value` is the sum of their numbers, a joker counting the number it
//! stands for where it is laid, less the number a joker taken back stood
//! for. So swapping a joker and keeping it scores 0 in both; laying it again
//! at 9 scores 9 more.

mod build;
mod dp;
mod groups;
pub mod sample;
mod text;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::cards::{Card, Colour, Face};
use build::Placed;
use dp::{Counts, Dp, NEG};
pub use text::{laid_name, parse_position, solution_json, solve_command};

/// What the solver maximises.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Objective {
    /// The most cards laid from the hand.
    #[default]
    Cards,
    /// The most value laid from the hand (a card's number; a joker's is the
    /// number it stands for).
    Value,
}

/// The rules of the variant that the solver needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverRules {
    /// The least value of a first meld (40; 30 in `classic`).
    pub first_meld: u16,
    /// A table joker may move but keeps the number it stands for (`standard`);
    /// otherwise it is free to stand for anything.
    pub jokers_keep_number: bool,
    /// A joker won by a swap must be laid again in the same turn (`classic`).
    pub swapped_joker_must_be_played: bool,
    /// A joker won by a swap may be laid again in the same turn.
    pub swapped_joker_may_be_played: bool,
    /// A set may consist of jokers only.
    pub all_joker_sets: bool,
}

impl SolverRules {
    /// The `standard` ruling: 40 to meld, table jokers keep their number, a
    /// joker won by a swap may be kept or laid again.
    pub const STANDARD: SolverRules = SolverRules {
        first_meld: 40,
        jokers_keep_number: true,
        swapped_joker_must_be_played: false,
        swapped_joker_may_be_played: true,
        all_joker_sets: false,
    };
    /// Official Rummikub: 30 to meld, jokers are free, a joker won by a swap
    /// must be laid again in the same turn.
    pub const CLASSIC: SolverRules = SolverRules {
        first_meld: 30,
        jokers_keep_number: false,
        swapped_joker_must_be_played: true,
        swapped_joker_may_be_played: true,
        all_joker_sets: false,
    };
}

/// A card on the table and what it stands for (a number card stands for
/// itself; a joker for the card its set needs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Laid {
    /// The physical card.
    pub card: Card,
    /// What it stands for.
    pub face: Face,
}

impl Laid {
    /// A number card standing for itself.
    pub fn card(card: Card) -> Self {
        Self {
            card,
            face: card.face(),
        }
    }
}

/// One seat's problem: the table, its hand, and whether it has melded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// The sets on the table, each in order, jokers with what they stand for.
    pub table: Vec<Vec<Laid>>,
    /// The player's hand.
    pub hand: Vec<Card>,
    /// Whether the player has made their first meld.
    pub melded: bool,
}

/// A table joker swapped for the card it stood for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swap {
    /// The joker won.
    pub joker: Card,
    /// The card from the hand that took its place.
    pub card: Card,
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The whole table afterwards. Sets that are unchanged keep their place
    /// and come first.
    pub table: Vec<Vec<Laid>>,
    /// Cards that went from the hand to the table (swap cards included).
    pub laid: Vec<Card>,
    /// Jokers won by swaps and kept in the hand.
    pub to_hand: Vec<Card>,
    /// The swaps made.
    pub swaps: Vec<Swap>,
    /// Cards laid less jokers taken back.
    pub count: i32,
    /// Value laid less value taken back (see the module text).
    pub value: i32,
}

impl Solution {
    /// Whether the solution lays nothing and takes nothing (the player draws).
    pub fn is_pass(&self) -> bool {
        self.laid.is_empty() && self.to_hand.is_empty()
    }
}

/// Why a position cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// More than two copies of a number card among the table and the hand.
    #[error("there are only two copies of {0}, but the table and the hand hold more")]
    TooManyCopies(Face),
    /// More jokers than a deck has.
    #[error("{0} jokers: a deck has at most 4")]
    TooManyJokers(usize),
    /// The same physical card twice.
    #[error("card {0} appears twice")]
    Duplicate(Card),
    /// A table joker that does not say what it stands for.
    #[error("a joker on the table must stand for a number card")]
    JokerStandsForNothing,
    /// A number card on the table that claims to stand for another card.
    #[error("{card} on the table cannot stand for {face}")]
    WrongFace {
        /// The card.
        card: Card,
        /// What it claimed.
        face: Face,
    },
    /// The table cannot be arranged into valid sets at all.
    #[error("the table cannot be arranged into valid sets")]
    TableNotValid,
}

const MAX_JOKERS: usize = 4;

/// A table joker and what the swap rule lets a player give for it.
#[derive(Clone, Debug)]
struct TableJoker {
    card: Card,
    number: u8,
    swap_for: Vec<Face>,
}

/// The best play for `position` under `rules`, by `objective`.
///
/// `Ok(None)`: a player who has not melded cannot reach the threshold with
/// hand-only sets. Otherwise the solution may lay nothing (the player draws).
pub fn solve(
    position: &Position,
    rules: &SolverRules,
    objective: Objective,
) -> Result<Option<Solution>, SolveError> {
    check(position)?;
    if position.melded {
        solve_melded(position, rules, objective).map(Some)
    } else {
        Ok(solve_first_meld(position, rules, objective))
    }
}

fn check(position: &Position) -> Result<(), SolveError> {
    let mut seen = [false; 256];
    let mut copies: BTreeMap<Face, usize> = BTreeMap::new();
    let mut jokers = 0;
    let table = position.table.iter().flatten().map(|l| l.card);
    for card in table.chain(position.hand.iter().copied()) {
        if std::mem::replace(&mut seen[card.0 as usize], true) {
            return Err(SolveError::Duplicate(card));
        }
        match card.face() {
            Face::Joker => jokers += 1,
            face => {
                let k = copies.entry(face).or_default();
                *k += 1;
                if *k > 2 {
                    return Err(SolveError::TooManyCopies(face));
                }
            }
        }
    }
    if jokers > MAX_JOKERS {
        return Err(SolveError::TooManyJokers(jokers));
    }
    for laid in position.table.iter().flatten() {
        if laid.card.is_joker() {
            if laid.face == Face::Joker {
                return Err(SolveError::JokerStandsForNothing);
            }
        } else if laid.face != laid.card.face() {
            return Err(SolveError::WrongFace {
                card: laid.card,
                face: laid.face,
            });
        }
    }
    Ok(())
}

fn number_of(face: Face) -> Option<(usize, usize)> {
    match face {
        Face::Number { colour, number } => Some((number as usize, colour.index())),
        Face::Joker => None,
    }
}

/// The cards a table joker may be swapped for: in a group, any colour the
/// group lacks; in a run, exactly the card it stands for.
fn swap_faces(set: &[Laid], joker: &Laid) -> Vec<Face> {
    let Face::Number { number, .. } = joker.face else {
        return Vec::new();
    };
    let reals: Vec<Face> = set
        .iter()
        .filter(|l| !l.card.is_joker())
        .map(|l| l.face)
        .collect();
    let is_group = set
        .iter()
        .all(|l| matches!(l.face, Face::Number { number: m, .. } if m == number))
        && set.len() > 1
        && reals.len() < set.len();
    let distinct_colours = {
        let mut cs: Vec<Colour> = set
            .iter()
            .filter_map(|l| match l.face {
                Face::Number { colour, .. } => Some(colour),
                Face::Joker => None,
            })
            .collect();
        cs.sort();
        cs.dedup();
        cs.len() == set.len()
    };
    if is_group && distinct_colours {
        Colour::ALL
            .into_iter()
            .filter(|c| {
                !reals
                    .iter()
                    .any(|f| matches!(f, Face::Number { colour, .. } if colour == c))
            })
            .map(|colour| Face::number(colour, number))
            .collect()
    } else {
        vec![joker.face]
    }
}

fn table_jokers(position: &Position) -> Vec<TableJoker> {
    let mut out = Vec::new();
    for set in &position.table {
        for laid in set {
            if let (true, Face::Number { number, .. }) = (laid.card.is_joker(), laid.face) {
                out.push(TableJoker {
                    card: laid.card,
                    number,
                    swap_for: swap_faces(set, laid),
                });
            }
        }
    }
    out
}

fn solve_first_meld(
    position: &Position,
    rules: &SolverRules,
    objective: Objective,
) -> Option<Solution> {
    let mut counts = Counts {
        by_value: objective == Objective::Value,
        threshold: rules.first_meld.clamp(1, dp::MAX_THRESHOLD),
        all_joker_sets: rules.all_joker_sets,
        ..Counts::default()
    };
    let mut hand_jokers = Vec::new();
    for &card in &position.hand {
        match number_of(card.face()) {
            Some((n, c)) => counts.hand[n][c] += 1,
            None => hand_jokers.push(card),
        }
    }
    counts.hand_free = hand_jokers.len() as u8;
    prune_hand(&mut counts);
    let mut program = Dp::new(&counts);
    let start = program.start();
    let best = program.best(1, start);
    if best <= NEG || (objective == Objective::Value && best < rules.first_meld as i32) {
        return None;
    }
    let path = program.path()?;
    let built = build::build(&path, rules.all_joker_sets)?;
    let pools = Pools::new(&[], &position.hand, &[], &hand_jokers);
    let new_sets = pools.assign(&built, &[])?;
    let mut table = position.table.clone();
    table.extend(new_sets);
    let laid: Vec<Card> = table[position.table.len()..]
        .iter()
        .flatten()
        .map(|l| l.card)
        .collect();
    let value = table[position.table.len()..]
        .iter()
        .flatten()
        .map(|l| face_number(l.face))
        .sum();
    Some(Solution {
        count: laid.len() as i32,
        laid,
        table,
        to_hand: Vec::new(),
        swaps: Vec::new(),
        value,
    })
}

fn face_number(face: Face) -> i32 {
    match face {
        Face::Number { number, .. } => number as i32,
        Face::Joker => 0,
    }
}

/// One way of swapping: for each table joker, the face given for it, if any.
type SwapPlan = Vec<Option<Face>>;

fn swap_plans(jokers: &[TableJoker], hand: &[Card]) -> Vec<SwapPlan> {
    let mut have: BTreeMap<Face, usize> = BTreeMap::new();
    for card in hand {
        if !card.is_joker() {
            *have.entry(card.face()).or_default() += 1;
        }
    }
    let mut plans = Vec::new();
    let mut current = Vec::new();
    fn go(
        i: usize,
        jokers: &[TableJoker],
        have: &mut BTreeMap<Face, usize>,
        current: &mut SwapPlan,
        plans: &mut Vec<SwapPlan>,
    ) {
        if i == jokers.len() {
            plans.push(current.clone());
            return;
        }
        current.push(None);
        go(i + 1, jokers, have, current, plans);
        current.pop();
        for &face in &jokers[i].swap_for {
            let left = have.get(&face).copied().unwrap_or(0);
            if left > 0 {
                have.insert(face, left - 1);
                current.push(Some(face));
                go(i + 1, jokers, have, current, plans);
                current.pop();
                have.insert(face, left);
            }
        }
    }
    go(0, jokers, &mut have, &mut current, &mut plans);
    plans
}

fn solve_melded(
    position: &Position,
    rules: &SolverRules,
    objective: Objective,
) -> Result<Solution, SolveError> {
    let jokers = table_jokers(position);
    let plans = swap_plans(&jokers, &position.hand);
    // (score, jokers kept) of the best plan so far, and the plan.
    let mut best: Option<((i32, usize), SwapPlan)> = None;
    for plan in plans {
        let counts = counts_for(position, rules, objective, &jokers, &plan);
        let mut program = Dp::new(&counts);
        let start = program.start();
        let score = program.best(1, start);
        if score <= NEG {
            if plan.iter().all(Option::is_none) {
                return Err(SolveError::TableNotValid);
            }
            continue;
        }
        // Among equal scores, prefer the plan that keeps more jokers in hand
        // (decided after building: only a kept joker is listed), then fewer swaps.
        let swaps = plan.iter().filter(|p| p.is_some()).count();
        let key = (score, usize::MAX - swaps);
        if best.as_ref().is_none_or(|(k, _)| key > *k) {
            best = Some((key, plan));
        }
    }
    let (_, plan) = best.ok_or(SolveError::TableNotValid)?;
    realise(position, rules, objective, &jokers, &plan).ok_or(SolveError::TableNotValid)
}

/// The counting problem for `position` after the swaps of `plan`.
fn counts_for(
    position: &Position,
    rules: &SolverRules,
    objective: Objective,
    jokers: &[TableJoker],
    plan: &SwapPlan,
) -> Counts {
    let mut counts = Counts {
        by_value: objective == Objective::Value,
        all_joker_sets: rules.all_joker_sets,
        ..Counts::default()
    };
    for laid in position.table.iter().flatten() {
        if let Some((n, c)) = number_of(laid.card.face()) {
            counts.table[n][c] += 1;
        }
    }
    for &card in &position.hand {
        match number_of(card.face()) {
            Some((n, c)) => counts.hand[n][c] += 1,
            None => counts.hand_free += 1,
        }
    }
    for (joker, swap) in jokers.iter().zip(plan) {
        match swap {
            Some(face) => {
                let (n, c) = number_of(*face).unwrap_or_default();
                counts.hand[n][c] -= 1;
                counts.table[n][c] += 1;
                if rules.swapped_joker_must_be_played {
                    counts.forced_free += 1;
                } else if rules.swapped_joker_may_be_played {
                    counts.hand_free += 1;
                }
            }
            None if rules.jokers_keep_number => counts.fixed[joker.number as usize] += 1,
            None => counts.table_free += 1,
        }
    }
    prune_hand(&mut counts);
    counts
}

/// Drops hand cards that no set could hold, whatever else is laid: a card
/// needs two more colours at its number, or a window of three numbers in its
/// colour, the gaps filled by jokers. Repeated until nothing changes, since
/// dropping one card can strand another.
fn prune_hand(counts: &mut Counts) {
    let jokers: u8 =
        counts.fixed.iter().sum::<u8>() + counts.table_free + counts.forced_free + counts.hand_free;
    loop {
        let mut changed = false;
        for n in 1..=13usize {
            for c in 0..4 {
                if counts.hand[n][c] == 0 {
                    continue;
                }
                let present = |n: usize, c: usize| counts.table[n][c] + counts.hand[n][c] > 0;
                let colours = (0..4).filter(|&d| present(n, d)).count() as u8;
                let group = colours + jokers >= 3;
                let run = (n.saturating_sub(2).max(1)..=n.min(11)).any(|s| {
                    let gaps = (s..s + 3).filter(|&m| !present(m, c)).count() as u8;
                    gaps <= jokers
                });
                if !group && !run {
                    counts.hand[n][c] = 0;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}

fn realise(
    position: &Position,
    rules: &SolverRules,
    objective: Objective,
    jokers: &[TableJoker],
    plan: &SwapPlan,
) -> Option<Solution> {
    let counts = counts_for(position, rules, objective, jokers, plan);
    let mut program = Dp::new(&counts);
    let path = program.path()?;
    let built = build::build(&path, rules.all_joker_sets)?;
    // Which hand cards the swaps use, and which jokers they free.
    let mut hand: Vec<Card> = position.hand.clone();
    let mut swaps = Vec::new();
    let mut swapped_cards = Vec::new();
    let mut freed = Vec::new();
    for (joker, swap) in jokers.iter().zip(plan) {
        if let Some(face) = swap {
            let at = hand.iter().position(|c| c.face() == *face)?;
            let card = hand.remove(at);
            swaps.push(Swap {
                joker: joker.card,
                card,
            });
            swapped_cards.push(card);
            freed.push(joker.card);
        }
    }
    let hand_jokers: Vec<Card> = hand.iter().copied().filter(|c| c.is_joker()).collect();
    let mut pools = Pools::new(
        &position.table,
        &position.hand,
        &swapped_cards,
        &hand_jokers,
    );
    if rules.swapped_joker_may_be_played || rules.swapped_joker_must_be_played {
        pools.freed = freed.clone();
    }
    pools.keep_number = rules.jokers_keep_number;
    let sets = pools.assign(&built, &freed)?;
    let table = keep_order(&position.table, sets);
    let before: BTreeMap<Card, Face> = position
        .table
        .iter()
        .flatten()
        .map(|l| (l.card, l.face))
        .collect();
    let after: BTreeMap<Card, Face> = table.iter().flatten().map(|l| (l.card, l.face)).collect();
    let laid: Vec<Card> = position
        .hand
        .iter()
        .copied()
        .filter(|c| after.contains_key(c))
        .collect();
    let to_hand: Vec<Card> = freed
        .iter()
        .copied()
        .filter(|c| !after.contains_key(c))
        .collect();
    let mut value: i32 = laid.iter().map(|c| face_number(after[c])).sum();
    for joker in &freed {
        value -= face_number(before[joker]);
        value += after.get(joker).map_or(0, |f| face_number(*f));
    }
    Some(Solution {
        count: laid.len() as i32 - to_hand.len() as i32,
        table,
        laid,
        to_hand,
        swaps,
        value,
    })
}

/// The physical cards to put in each place of the built sets.
struct Pools {
    /// Per face: table copies first, then hand copies.
    cards: BTreeMap<Face, Vec<Card>>,
    /// Table jokers keeping their number, by number.
    fixed: BTreeMap<u8, Vec<Card>>,
    /// Table jokers free to stand for anything.
    table_free: Vec<Card>,
    /// Jokers won by swaps (scoring, laid first).
    freed: Vec<Card>,
    /// Jokers from the hand.
    hand_jokers: Vec<Card>,
    keep_number: bool,
}

impl Pools {
    fn new(table: &[Vec<Laid>], hand: &[Card], swapped: &[Card], hand_jokers: &[Card]) -> Self {
        let mut cards: BTreeMap<Face, Vec<Card>> = BTreeMap::new();
        let mut fixed: BTreeMap<u8, Vec<Card>> = BTreeMap::new();
        let mut table_free = Vec::new();
        for laid in table.iter().flatten() {
            if laid.card.is_joker() {
                if let Face::Number { number, .. } = laid.face {
                    fixed.entry(number).or_default().push(laid.card);
                }
                table_free.push(laid.card);
            } else {
                cards.entry(laid.face).or_default().push(laid.card);
            }
        }
        for &card in swapped
            .iter()
            .chain(hand.iter().filter(|c| !swapped.contains(c)))
        {
            if !card.is_joker() {
                cards.entry(card.face()).or_default().push(card);
            }
        }
        Self {
            cards,
            fixed,
            table_free,
            freed: Vec::new(),
            hand_jokers: hand_jokers.to_vec(),
            keep_number: true,
        }
    }

    /// Fills the built sets with cards. `freed` jokers left the table by a swap.
    fn assign(mut self, built: &build::Built, freed: &[Card]) -> Option<Vec<Vec<Laid>>> {
        // The jokers each number receives, in the order the programme counted them.
        let mut at: BTreeMap<u8, Vec<Card>> = BTreeMap::new();
        if self.keep_number {
            for (n, cards) in &self.fixed {
                let kept: Vec<Card> = cards
                    .iter()
                    .copied()
                    .filter(|c| !freed.contains(c))
                    .collect();
                at.entry(*n).or_default().extend(kept);
            }
            self.table_free.clear();
        } else {
            self.table_free.retain(|c| !freed.contains(c));
        }
        let mut scoring: Vec<Card> = self
            .freed
            .iter()
            .chain(self.hand_jokers.iter())
            .copied()
            .collect();
        scoring.reverse();
        self.table_free.reverse();
        for n in 1..=13u8 {
            let (table_free, score) = built.free_jokers[n as usize];
            for _ in 0..table_free {
                let card = self.table_free.pop()?;
                at.entry(n).or_default().push(card);
            }
            for _ in 0..score {
                let card = scoring.pop()?;
                at.entry(n).or_default().push(card);
            }
        }
        for cards in at.values_mut() {
            cards.reverse();
        }
        for cards in self.cards.values_mut() {
            cards.reverse();
        }
        let mut sets = Vec::with_capacity(built.sets.len());
        for set in &built.sets {
            let mut out = Vec::with_capacity(set.len());
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
                out.push(Laid { card, face });
            }
            sets.push(out);
        }
        Some(sets)
    }
}

/// Puts sets that are unchanged from `before` first, in their old place and
/// card order, then the new ones.
fn keep_order(before: &[Vec<Laid>], after: Vec<Vec<Laid>>) -> Vec<Vec<Laid>> {
    let faces = |set: &[Laid]| {
        let mut f: Vec<(bool, Face)> = set.iter().map(|l| (l.card.is_joker(), l.face)).collect();
        f.sort();
        f
    };
    let mut rest: Vec<Option<Vec<Laid>>> = after.into_iter().map(Some).collect();
    let mut out = Vec::new();
    for old in before {
        let key = faces(old);
        if let Some(slot) = rest
            .iter_mut()
            .find(|s| s.as_ref().is_some_and(|s| faces(s) == key))
        {
            let mut new = slot.take().unwrap_or_default();
            // The same faces in the old order (copies of a card are alike).
            let mut ordered = Vec::with_capacity(new.len());
            for l in old {
                if let Some(i) = new
                    .iter()
                    .position(|m| m.face == l.face && m.card.is_joker() == l.card.is_joker())
                {
                    ordered.push(new.remove(i));
                }
            }
            out.push(ordered);
        }
    }
    out.extend(rest.into_iter().flatten());
    out
}
