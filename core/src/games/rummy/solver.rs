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
//! laid at that number; free jokers are counted, and free table jokers
//! (which score nothing) may be left over and put in at the end. Each
//! number is decided a colour at a time with the states memoised, and the
//! search is branch and bound: a state that cannot beat the best play found
//! so far is cut, its bound the least of its remaining hand cards and
//! jokers and a *suffix bound* — the optimum from its number on, from the
//! most open state there, for the jokers it has left (see `dp`). By value,
//! the numbers are taken from 13 down, so the valuable decisions come first
//! and the bound falls fast. [`effort`] says how many states a position
//! takes.
//!
//! Sets follow the rules' own reading ([`crate::games::rummy::sets`]): a
//! set may be jokers only, a run is written low to high, and every joker in
//! a solution is written with the card it stands for (`j:r6`), so the rules
//! read the table exactly as the solver meant it.
//!
//! # Jokers won by a swap
//! After the first meld a player may swap a table joker for the card it
//! stands for (in a group, any colour the group lacks). Under the `standard`
//! ruling the joker goes to the hand ([`Solution::to_hand`]); where a
//! swapped joker must be played the same turn and table jokers keep their
//! number, the swap frees it to stand for anything. The solver tries every
//! combination of swaps the hand allows (few: there are at most four
//! jokers): the card given goes to the table for good, and the joker leaves
//! or is freed. Where table jokers are free anyway (`classic`), a swap is
//! just one more way of rebuilding and needs no special case. A swap whose
//! joker goes to the hand never scores more than the best play without it
//! (the joker could stand where the card goes), so [`solve`] looks for
//! swaps only where they can score more; [`candidates`] gives the best play
//! for each combination, so that a bot can weigh a joker won against cards
//! laid.
//!
//! # What is counted
//! `count` is the number of cards the table gained from the hand, less the
//! jokers it gave back; `value` the sum of their numbers, a joker counting
//! the number it stands for — laid from the hand where it now stands, taken
//! back where it stood. A swap whose joker goes to the hand therefore
//! counts 0: a card laid, a joker of the same number taken.

mod assign;
mod build;
mod dp;
mod groups;
pub mod sample;
mod text;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::cards::{Card, CardName, Face, MAX_JOKERS};
use super::rules::{Config, Move, MovedJoker, Play, State, SwappedJoker, TableSet};
use super::view::View;
use assign::{Pools, keep_order};
use dp::{Counts, Dp, NEG};
pub use text::{parse_position, solution_json, solve_command};

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
    /// The most cards, and among those the most value.
    #[serde(rename = "cards-then-value")]
    CardsThenValue,
}

/// What one card counts against value under [`Objective::CardsThenValue`]:
/// more than any hand's worth of numbers, so cards always come first.
pub const CARD_OVER_VALUE: i32 = 1024;

impl Objective {
    /// What a card counts, and what each point of its number counts.
    fn weights(self) -> (i32, i32) {
        match self {
            Objective::Cards => (1, 0),
            Objective::Value => (0, 1),
            Objective::CardsThenValue => (CARD_OVER_VALUE, 1),
        }
    }
}

/// The rules of the variant that the solver needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverRules {
    /// The least value of a first meld.
    pub first_meld: u32,
    /// Whether a moved table joker keeps its number.
    pub moved_joker: MovedJoker,
    /// Where a swapped joker goes.
    pub swapped_joker: SwappedJoker,
}

impl SolverRules {
    /// The solver's rules for a variant.
    pub fn of(config: &Config) -> Self {
        Self {
            first_meld: config.first_meld,
            moved_joker: config.moved_joker,
            swapped_joker: config.swapped_joker,
        }
    }

    /// The `standard` ruling: 40 to meld, table jokers keep their number, a
    /// swapped joker goes to the hand.
    pub fn standard() -> Self {
        Self::of(&Config::standard())
    }

    /// Official Rummikub: 30 to meld, table jokers are free, a swapped joker
    /// is played the same turn.
    pub fn classic() -> Self {
        Self::of(&Config::classic())
    }

    /// Whether a swap is a move of its own: it is unless table jokers are
    /// free and a swapped joker stays on the table anyway.
    fn swaps_exist(&self) -> bool {
        self.swapped_joker == SwappedJoker::ToHand || self.moved_joker == MovedJoker::KeepsNumber
    }

    /// Whether a swap can ever score more than the best play without one:
    /// only when it frees a joker that keeps its number to stand anywhere
    /// this turn. Where the joker goes to the hand, the joker could as well
    /// stand where the card would go (same number; its colour may change),
    /// so a swap scores at most what laying the rest without it scores.
    fn swaps_may_score(&self) -> bool {
        self.swapped_joker == SwappedJoker::PlaySameTurn
            && self.moved_joker == MovedJoker::KeepsNumber
    }
}

impl Default for SolverRules {
    fn default() -> Self {
        Self::standard()
    }
}

/// One seat's problem: the table, its hand, and whether it has melded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// The sets on the table, as the rules read them.
    pub table: Vec<TableSet>,
    /// The player's hand.
    pub hand: Vec<Card>,
    /// Whether the player has made their first meld.
    pub melded: bool,
}

impl Position {
    /// The position of the seat `view` belongs to.
    pub fn of(view: &View) -> Self {
        Self {
            table: view.table.clone(),
            hand: view.hand.clone(),
            melded: view.melded.get(view.seat).copied().unwrap_or(false),
        }
    }
}

/// A table joker swapped for a card from the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swap {
    /// The joker.
    pub joker: Card,
    /// The card from the hand that took its place.
    pub card: Card,
}

/// The solver's answer: a whole table and what it costs the hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The whole table afterwards: the sets that are unchanged first, in
    /// their old places, then the new ones.
    pub table: Vec<TableSet>,
    /// Cards that went from the hand to the table (swap cards included).
    pub laid: Vec<Card>,
    /// Jokers won by swaps that go to the hand.
    pub to_hand: Vec<Card>,
    /// The swaps made.
    pub swaps: Vec<Swap>,
    /// Cards laid less jokers taken back.
    pub count: i32,
    /// Value laid less value taken back (see the module text).
    pub value: i32,
    /// Whether this is a first meld (the old sets untouched).
    pub first_meld: bool,
}

impl Solution {
    /// Whether the solution lays nothing (the player draws).
    pub fn is_pass(&self) -> bool {
        self.laid.is_empty()
    }

    /// The play as a move's record writes it: the whole table, every joker
    /// written with the card it stands for.
    pub fn play(&self) -> Play {
        Play {
            table: self.table.iter().map(TableSet::written).collect(),
            to_hand: self
                .to_hand
                .iter()
                .map(|_| CardName::plain(Face::Joker))
                .collect(),
        }
    }

    /// The move: this play, or a draw when it lays nothing.
    pub fn to_move(&self) -> Move {
        if self.is_pass() {
            Move::Draw
        } else {
            Move::Play(self.play())
        }
    }

    /// What the objective scores.
    pub fn score(&self, objective: Objective) -> i32 {
        let (per_card, per_number) = objective.weights();
        per_card * self.count + per_number * self.value
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
    /// A set whose reading does not fit its cards.
    #[error("a set on the table is not read card for card")]
    BadReading,
    /// The table cannot be arranged into valid sets at all.
    #[error("the table cannot be arranged into valid sets")]
    TableNotValid,
}

/// The best play for `position` under `rules`, by `objective`.
///
/// `Ok(None)`: a player who has not melded cannot reach the threshold with
/// hand-only sets. Otherwise the solution may lay nothing (the player draws).
/// Swaps are tried only where they can score more (see
/// [`candidates`] for the plays that win jokers).
pub fn solve(
    position: &Position,
    rules: &SolverRules,
    objective: Objective,
) -> Result<Option<Solution>, SolveError> {
    solve_counting(position, rules, objective, &mut 0)
}

/// How hard `position` is to solve: the states the search expands (tracing
/// the answer included). A measure that, unlike time, does not depend on
/// the machine or its load — for finding hard positions and comparing
/// versions of the search.
pub fn effort(position: &Position, rules: &SolverRules, objective: Objective) -> u64 {
    let mut expanded = 0;
    let _ = solve_counting(position, rules, objective, &mut expanded);
    expanded
}

/// [`solve`], adding the states expanded to `expanded`.
fn solve_counting(
    position: &Position,
    rules: &SolverRules,
    objective: Objective,
    expanded: &mut u64,
) -> Result<Option<Solution>, SolveError> {
    check(position)?;
    if !position.melded {
        return Ok(solve_first_meld(position, rules, objective, expanded));
    }
    Ok(search(position, rules, objective, false, expanded)?
        .into_iter()
        .next())
}

/// For a player who has melded: the best play for each combination of
/// joker swaps the hand allows (none first), best first, more jokers won
/// first among equals. Its first scores what [`solve`]'s answer scores.
/// A combination is left out when its best play puts another joker where
/// the swapped one was, leaving that set as it stood: the rules do not
/// count that as a swap.
pub fn candidates(
    position: &Position,
    rules: &SolverRules,
    objective: Objective,
) -> Result<Vec<Solution>, SolveError> {
    check(position)?;
    search(position, rules, objective, true, &mut 0)
}

/// The best play per swap plan (`all`), or only the plans that tie for the
/// best (each plan's search is then cut off below the best so far).
fn search(
    position: &Position,
    rules: &SolverRules,
    objective: Objective,
    all: bool,
    expanded: &mut u64,
) -> Result<Vec<Solution>, SolveError> {
    let jokers = table_jokers(position);
    let plans = if rules.swaps_exist() && (all || rules.swaps_may_score()) {
        swap_plans(&jokers, &position.hand)
    } else {
        vec![vec![None; jokers.len()]]
    };
    let mut out: Vec<(i32, usize, Solution)> = Vec::new();
    let mut top = NEG;
    for (i, plan) in plans.iter().enumerate() {
        let (counts, offset) = counts_for(position, rules, objective, &jokers, plan);
        let mut program = Dp::new(&counts);
        let floor = if all || i == 0 {
            NEG - 1
        } else {
            top - offset - 1
        };
        let optimum = program.optimum_above(floor).filter(|&v| v > NEG);
        *expanded += program.expanded();
        let Some(score) = optimum else {
            if i == 0 {
                return Err(SolveError::TableNotValid);
            }
            continue;
        };
        let solution = realise(position, rules, &jokers, plan, &mut program);
        *expanded += program.expanded();
        let solution = solution.ok_or(SolveError::TableNotValid)?;
        // A swap whose joker's set comes back unchanged (another joker in its
        // place) is no swap to the rules: such a plan is left out.
        if !solution.swaps.is_empty() && !legal(position, rules, &solution) {
            continue;
        }
        debug_assert_eq!(solution.score(objective), score + offset);
        top = top.max(score + offset);
        out.push((score + offset, solution.to_hand.len(), solution));
    }
    out.sort_by_key(|(score, won, _)| std::cmp::Reverse((*score, *won)));
    if !all {
        out.retain(|(score, _, _)| *score == top);
    }
    Ok(out.into_iter().map(|(_, _, s)| s).collect())
}

/// A hint for the seat of `view`: the play that lays the most cards (and,
/// among those, the most value), found by [`solve`]. `None` when it is not
/// this seat's turn, or when nothing can be laid (the player should draw).
/// The hint's [`Solution::to_move`] is the move; [`Solution::laid`] the hand
/// cards to show.
pub fn hint(view: &View) -> Option<Solution> {
    if !view.my_turn() {
        return None;
    }
    let position = Position::of(view);
    let solution = solve(
        &position,
        &SolverRules::of(&view.config),
        Objective::CardsThenValue,
    )
    .ok()??;
    (!solution.is_pass()).then_some(solution)
}

/// What the most valuable first meld the seat of `view` could lay from its
/// hand is worth, when that falls short of the variant's threshold — why
/// the hint has nothing to lay ("worth 36; it needs 40"). `None` when it is
/// not this seat's turn, the seat has melded, no set can be made from the
/// hand, or the meld reaches the threshold.
pub fn short_first_meld(view: &View) -> Option<u32> {
    if !view.my_turn() {
        return None;
    }
    let position = Position::of(view);
    if position.melded {
        return None;
    }
    // Any hand-only meld, the most valuable: what the threshold is measured on.
    let rules = SolverRules {
        first_meld: 0,
        ..SolverRules::of(&view.config)
    };
    let best = solve(&position, &rules, Objective::Value).ok()??;
    let worth = u32::try_from(best.value).ok()?;
    (!best.is_pass() && worth < view.config.first_meld).then_some(worth)
}

/// Whether the rules accept `solution` as the move of a player in `position`.
fn legal(position: &Position, rules: &SolverRules, solution: &Solution) -> bool {
    let config = Config {
        jokers: MAX_JOKERS,
        first_meld: rules.first_meld,
        moved_joker: rules.moved_joker,
        swapped_joker: rules.swapped_joker,
        ..Config::standard()
    };
    let view = View {
        seat: 0,
        config: std::sync::Arc::new(config),
        table: position.table.clone(),
        hand: position.hand.clone(),
        hand_sizes: vec![position.hand.len(), 0],
        pile_len: 0,
        melded: vec![position.melded, true],
        to_move: Some(0),
        first: 0,
        passes: 0,
        rounds: Vec::new(),
        totals: vec![0, 0],
        over: false,
    };
    State::from_view(&view)
        .check(0, &solution.to_move())
        .is_ok()
}

fn check(position: &Position) -> Result<(), SolveError> {
    let mut seen = [false; 256];
    let mut copies: BTreeMap<Face, usize> = BTreeMap::new();
    let mut jokers = 0;
    for set in &position.table {
        if set.cards.len() != set.reading.faces.len()
            || set.cards.iter().zip(&set.reading.faces).any(|(c, f)| {
                !matches!(f, Face::Number { number: 1..=13, .. })
                    || (!c.is_joker() && c.face() != *f)
            })
        {
            return Err(SolveError::BadReading);
        }
    }
    let table = position.table.iter().flat_map(|s| s.cards.iter().copied());
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
    if jokers > MAX_JOKERS as usize {
        return Err(SolveError::TooManyJokers(jokers));
    }
    Ok(())
}

fn number_of(face: Face) -> Option<(usize, usize)> {
    match face {
        Face::Number { colour, number } => Some((number as usize, colour.index())),
        Face::Joker => None,
    }
}

fn weight(objective: Objective, number: u8) -> i32 {
    let (per_card, per_number) = objective.weights();
    per_card + per_number * number as i32
}

/// A table joker: where it is, the number it stands for, and the cards a
/// swap may give for it (the rules' [`TableSet::swap_options`]).
#[derive(Clone, Debug)]
struct TableJoker {
    card: Card,
    set: usize,
    number: u8,
    swap_for: Vec<Face>,
}

fn table_jokers(position: &Position) -> Vec<TableJoker> {
    let mut out = Vec::new();
    for (s, set) in position.table.iter().enumerate() {
        for (i, card) in set.cards.iter().enumerate() {
            if card.is_joker() {
                out.push(TableJoker {
                    card: *card,
                    set: s,
                    number: set.reading.number(i),
                    swap_for: set.swap_options(i),
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
    expanded: &mut u64,
) -> Option<Solution> {
    let mut counts = Counts {
        per_card: objective.weights().0,
        per_number: objective.weights().1,
        threshold: (rules.first_meld.max(1) as u16).min(dp::MAX_THRESHOLD),
        ..Counts::default()
    };
    if rules.first_meld > dp::MAX_THRESHOLD as u32 {
        return None;
    }
    let mut hand_jokers = Vec::new();
    for &card in &position.hand {
        match number_of(card.face()) {
            Some((n, c)) => counts.hand[n][c] += 1,
            None => hand_jokers.push(card),
        }
    }
    counts.hand_free = hand_jokers.len() as u8;
    prune_hand(&mut counts);
    let counts = oriented(counts);
    let mut program = Dp::new(&counts);
    let best = program.optimum();
    let path = (best > NEG).then(|| program.path()).flatten();
    *expanded += program.expanded();
    let built = build::build(&path?, counts.mirrored, counts.table_free)?;
    let new_sets = Pools::new(&[], &position.hand, &[], &[], &hand_jokers).assign(&built)?;
    let value: i32 = new_sets.iter().map(|s| s.value() as i32).sum();
    if value < rules.first_meld as i32 {
        return None;
    }
    let laid: Vec<Card> = new_sets
        .iter()
        .flat_map(|s| s.cards.iter().copied())
        .collect();
    let mut table = position.table.clone();
    table.extend(new_sets);
    Some(Solution {
        count: laid.len() as i32,
        laid,
        table,
        to_hand: Vec::new(),
        swaps: Vec::new(),
        value,
        first_meld: true,
    })
}

/// One way of swapping: for each table joker, the card face given for it.
type SwapPlan = Vec<Option<Face>>;

/// Every combination of swaps the hand allows (no swap first). Two jokers
/// of one group cannot both be swapped for the same colour.
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
            let twice = (0..i).any(|k| jokers[k].set == jokers[i].set && current[k] == Some(face));
            if left > 0 && !twice {
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

/// The counting problem after the swaps of `plan`, and the score the swaps
/// themselves make (the card laid, the joker taken back).
fn counts_for(
    position: &Position,
    rules: &SolverRules,
    objective: Objective,
    jokers: &[TableJoker],
    plan: &SwapPlan,
) -> (Counts, i32) {
    let mut counts = Counts {
        per_card: objective.weights().0,
        per_number: objective.weights().1,
        ..Counts::default()
    };
    let mut offset = 0;
    for card in position.table.iter().flat_map(|s| &s.cards) {
        if let Some((n, c)) = number_of(card.face()) {
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
        match swap.and_then(number_of) {
            Some((n, c)) => {
                counts.hand[n][c] -= 1;
                counts.table[n][c] += 1;
                offset += weight(objective, n as u8);
                match rules.swapped_joker {
                    SwappedJoker::ToHand => offset -= weight(objective, joker.number),
                    SwappedJoker::PlaySameTurn => counts.table_free += 1,
                }
            }
            None => match rules.moved_joker {
                MovedJoker::KeepsNumber => counts.fixed[joker.number as usize] += 1,
                MovedJoker::Free => counts.table_free += 1,
            },
        }
    }
    prune_hand(&mut counts);
    (oriented(counts), offset)
}

/// The numbers in the order the search should take them: by value, the
/// valuable high cards first, so that the bound on what is left falls fast.
fn oriented(counts: Counts) -> Counts {
    if counts.per_number > 0 {
        counts.mirror()
    } else {
        counts
    }
}

/// Drops hand cards that no set could hold, whatever else is laid: a card
/// needs two more colours at its number, or a window of three numbers in its
/// colour, the gaps filled by jokers (a joker that keeps its number only at
/// that number). Repeated until nothing changes, since dropping one card can
/// strand another. Fewer hand cards make the search's bound tighter.
fn prune_hand(counts: &mut Counts) {
    let free = counts.table_free + counts.hand_free;
    loop {
        let mut changed = false;
        for n in 1..=13usize {
            for c in 0..4 {
                if counts.hand[n][c] == 0 {
                    continue;
                }
                let present = |n: usize, c: usize| counts.table[n][c] + counts.hand[n][c] > 0;
                let colours = (0..4).filter(|&d| present(n, d)).count() as u8;
                let group = colours + free + counts.fixed[n] >= 3;
                let run = (n.saturating_sub(2).max(1)..=n.min(11)).any(|s| {
                    let gaps = (s..s + 3)
                        .filter(|&m| !present(m, c) && counts.fixed[m] == 0)
                        .count() as u8;
                    gaps <= free
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
    jokers: &[TableJoker],
    plan: &SwapPlan,
    program: &mut Dp,
) -> Option<Solution> {
    let path = program.path()?;
    let built = build::build(&path, program.mirrored(), program.table_free())?;
    // The swap cards (laid first among their copies), the jokers that stay
    // pinned or loose, and those that go to the hand.
    let mut hand: Vec<Card> = position.hand.clone();
    let mut swaps = Vec::new();
    let mut pinned = Vec::new();
    let mut loose = Vec::new();
    let mut to_hand = Vec::new();
    let mut swap_cards = Vec::new();
    for (joker, swap) in jokers.iter().zip(plan) {
        match swap {
            Some(face) => {
                let at = hand.iter().position(|c| c.face() == *face)?;
                let card = hand.remove(at);
                swap_cards.push(card);
                swaps.push(Swap {
                    joker: joker.card,
                    card,
                });
                match rules.swapped_joker {
                    SwappedJoker::ToHand => to_hand.push(joker.card),
                    SwappedJoker::PlaySameTurn => loose.push(joker.card),
                }
            }
            None => match rules.moved_joker {
                MovedJoker::KeepsNumber => pinned.push((joker.card, joker.number)),
                MovedJoker::Free => loose.push(joker.card),
            },
        }
    }
    let hand_jokers: Vec<Card> = hand.iter().copied().filter(|c| c.is_joker()).collect();
    swap_cards.extend(hand.iter().copied().filter(|c| !c.is_joker()));
    let sets =
        Pools::new(&position.table, &swap_cards, &pinned, &loose, &hand_jokers).assign(&built)?;
    let table = keep_order(&position.table, sets);
    let after: BTreeMap<Card, u8> = table
        .iter()
        .flat_map(|s| {
            s.cards
                .iter()
                .copied()
                .zip(s.reading.faces.iter().map(|f| f.value().unwrap_or(0)))
        })
        .collect();
    let laid: Vec<Card> = position
        .hand
        .iter()
        .copied()
        .filter(|c| after.contains_key(c))
        .collect();
    let value = laid.iter().map(|c| after[c] as i32).sum::<i32>()
        - jokers
            .iter()
            .filter(|j| to_hand.contains(&j.card))
            .map(|j| j.number as i32)
            .sum::<i32>();
    Some(Solution {
        count: laid.len() as i32 - to_hand.len() as i32,
        table,
        laid,
        to_hand,
        swaps,
        value,
        first_meld: false,
    })
}
