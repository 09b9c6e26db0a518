//! A second, independent method for larger positions: the integer linear
//! programme of den Hertog and Hulshof (2006), extended with jokers, solved
//! by a general MILP solver.
//!
//! Variables: how many times each possible set is laid (runs of 3 to 7 cards
//! — a longer run splits into two shorter ones, each keeping a number card
//! when at most four jokers are in play — and groups, with every placement
//! of jokers), how many copies of each hand card are laid, and how many free
//! jokers stand at each number. Constraints: each card is laid exactly as
//! often as the table holds it plus what the hand gives; the jokers at each
//! number are those bound to it plus free ones.

use std::collections::BTreeMap;

use microlp::{ComparisonOp, LinearExpr, OptimizationDirection, Problem, Variable};
use parlour_core::games::rummy::cards::{Card, Face};
use parlour_core::games::rummy::rules::{MovedJoker, SwappedJoker};
use parlour_core::games::rummy::solver::{Objective, Position};

use super::reference::{swap_faces, swaps_exist, weights};
use parlour_core::games::rummy::solver::SolverRules;

/// The counting problem after a choice of swaps.
#[derive(Default, Clone)]
struct Counts {
    table: BTreeMap<(usize, u8), i32>,
    hand: BTreeMap<(usize, u8), i32>,
    fixed: [i32; 14],
    table_free: i32,
    optional: i32,
    offset: f64,
}

fn optimum(c: &Counts, weights: (i32, i32), threshold: Option<i32>) -> Option<f64> {
    let jokers = c.fixed.iter().sum::<i32>() + c.table_free + c.optional;
    let have = |col: usize, n: u8| {
        c.table.get(&(col, n)).copied().unwrap_or(0) + c.hand.get(&(col, n)).copied().unwrap_or(0)
    };
    let w = |n: u8| (weights.0 + weights.1 * n as i32) as f64;
    let mut pb = Problem::new(OptimizationDirection::Maximize);
    // (faces used, jokers per number) of every candidate set, with its variable.
    let mut card_terms: BTreeMap<(usize, u8), Vec<Variable>> = BTreeMap::new();
    let mut joker_terms: BTreeMap<u8, Vec<(Variable, f64)>> = BTreeMap::new();
    let mut add_set = |pb: &mut Problem, faces: &[(usize, u8)], jokers_at: &[u8]| {
        let most = if faces.is_empty() { 1 } else { 2 };
        let v = pb.add_integer_var(0.0, (0, most));
        for f in faces {
            card_terms.entry(*f).or_default().push(v);
        }
        let mut per: BTreeMap<u8, f64> = BTreeMap::new();
        for &n in jokers_at {
            *per.entry(n).or_default() += 1.0;
        }
        for (n, k) in per {
            joker_terms.entry(n).or_default().push((v, k));
        }
    };
    // Runs.
    for len in 3u8..=7 {
        for start in 1..=(14 - len) {
            for col in 0..4 {
                for mask in 0u32..(1 << len) {
                    let js = mask.count_ones() as i32;
                    if js > jokers || (js == len as i32 && col > 0) {
                        continue;
                    }
                    let mut faces = Vec::new();
                    let mut at = Vec::new();
                    for i in 0..len {
                        if mask & (1 << i) != 0 {
                            at.push(start + i);
                        } else {
                            faces.push((col, start + i));
                        }
                    }
                    if faces.iter().all(|&(c, n)| have(c, n) > 0) {
                        add_set(&mut pb, &faces, &at);
                    }
                }
            }
        }
    }
    // Groups.
    for n in 1..=13u8 {
        for colours in 0u32..16 {
            let reals = colours.count_ones() as i32;
            for js in 0..=(4 - reals) {
                if reals + js < 3 || js > jokers {
                    continue;
                }
                let faces: Vec<(usize, u8)> = (0..4)
                    .filter(|c| colours & (1 << c) != 0)
                    .map(|c| (c, n))
                    .collect();
                if faces.iter().all(|&(c, m)| have(c, m) > 0) {
                    add_set(&mut pb, &faces, &vec![n; js as usize]);
                }
            }
        }
    }
    // Each card: laid as often as the table holds it plus what the hand gives.
    // `value_terms` collects what the laid cards are worth, for a threshold.
    let mut value_terms: Vec<(Variable, f64)> = Vec::new();
    for col in 0..4 {
        for n in 1..=13u8 {
            let t = c.table.get(&(col, n)).copied().unwrap_or(0);
            let h = c.hand.get(&(col, n)).copied().unwrap_or(0);
            let mut e = LinearExpr::empty();
            for v in card_terms
                .get(&(col, n))
                .map(|v| v.as_slice())
                .unwrap_or(&[])
            {
                e.add(*v, 1.0);
            }
            if h > 0 {
                let y = pb.add_integer_var(w(n), (0, h));
                e.add(y, -1.0);
                value_terms.push((y, n as f64));
            }
            pb.add_constraint(e, ComparisonOp::Eq, t as f64);
        }
    }
    // Jokers per number: bound ones plus free ones (from the table, or scoring).
    let mut table_free = LinearExpr::empty();
    let mut scoring_lo = LinearExpr::empty();
    let mut scoring_hi = LinearExpr::empty();
    for n in 1..=13u8 {
        let zt = pb.add_integer_var(0.0, (0, c.table_free));
        let zs = pb.add_integer_var(w(n), (0, c.optional));
        value_terms.push((zs, n as f64));
        table_free.add(zt, 1.0);
        scoring_lo.add(zs, 1.0);
        scoring_hi.add(zs, 1.0);
        let mut e = LinearExpr::empty();
        for &(v, k) in joker_terms.get(&n).map(|v| v.as_slice()).unwrap_or(&[]) {
            e.add(v, k);
        }
        e.add(zt, -1.0);
        e.add(zs, -1.0);
        pb.add_constraint(e, ComparisonOp::Eq, c.fixed[n as usize] as f64);
    }
    pb.add_constraint(table_free, ComparisonOp::Eq, c.table_free as f64);
    pb.add_constraint(scoring_lo, ComparisonOp::Ge, 0.0);
    pb.add_constraint(scoring_hi, ComparisonOp::Le, c.optional as f64);
    if let Some(t) = threshold {
        let mut e = LinearExpr::empty();
        for (v, k) in &value_terms {
            e.add(*v, *k);
        }
        pb.add_constraint(e, ComparisonOp::Ge, t as f64);
    }
    match pb.solve() {
        Ok(outcome) => outcome.solution().map(|s| s.objective() + c.offset),
        Err(microlp::Error::Infeasible) => None,
        Err(e) => panic!("the MILP solver failed: {e}"),
    }
}

fn key(face: Face) -> (usize, u8) {
    match face {
        Face::Number { colour, number } => (colour.index(), number),
        Face::Joker => unreachable!(),
    }
}

/// The best score by integer programming (`None`: no first meld possible).
pub fn ilp_optimum(p: &Position, rules: &SolverRules, objective: Objective) -> Option<i32> {
    let weights = weights(objective);
    let w = |n: u8| (weights.0 + weights.1 * n as i32) as f64;
    let mut base = Counts::default();
    for card in &p.hand {
        match card.face() {
            Face::Joker => base.optional += 1,
            f => *base.hand.entry(key(f)).or_default() += 1,
        }
    }
    if !p.melded {
        let v = optimum(&base, weights, Some(rules.first_meld as i32))?;
        return Some(v.round() as i32);
    }
    let jokers: Vec<(Card, usize, Face, Vec<Face>)> = p
        .table
        .iter()
        .enumerate()
        .flat_map(|(i, set)| {
            set.cards
                .iter()
                .zip(&set.reading.faces)
                .filter(|(c, _)| c.is_joker())
                .map(move |(c, f)| (*c, i, *f, swap_faces(set, *c)))
        })
        .collect();
    for card in p.table.iter().flat_map(|set| &set.cards) {
        if !card.is_joker() {
            *base.table.entry(key(card.face())).or_default() += 1;
        }
    }
    // Every combination of swaps the hand allows (two jokers of one set not
    // for the same card).
    let mut plans: Vec<(Counts, Vec<(usize, Face)>)> = vec![(base, vec![])];
    for (_, set, stands, faces) in &jokers {
        let mut next = Vec::new();
        for (c, used) in plans {
            let mut keep = c.clone();
            if rules.moved_joker == MovedJoker::KeepsNumber {
                keep.fixed[key(*stands).1 as usize] += 1;
            } else {
                keep.table_free += 1;
            }
            next.push((keep, used.clone()));
            if !swaps_exist(rules) {
                continue;
            }
            for f in faces {
                let k = key(*f);
                if c.hand.get(&k).copied().unwrap_or(0) > 0 && !used.contains(&(*set, *f)) {
                    let mut s = c.clone();
                    *s.hand.get_mut(&k).unwrap() -= 1;
                    *s.table.entry(k).or_default() += 1;
                    s.offset += w(k.1);
                    match rules.swapped_joker {
                        SwappedJoker::ToHand => s.offset -= w(key(*stands).1),
                        SwappedJoker::PlaySameTurn => s.table_free += 1,
                    }
                    let mut u = used.clone();
                    u.push((*set, *f));
                    next.push((s, u));
                }
            }
        }
        plans = next;
    }
    let plans: Vec<Counts> = plans.into_iter().map(|(c, _)| c).collect();
    let mut best: Option<f64> = None;
    for c in &plans {
        if let Some(v) = optimum(c, weights, None) {
            best = Some(best.map_or(v, |b: f64| b.max(v)));
        }
    }
    best.map(|v| v.round() as i32)
}
