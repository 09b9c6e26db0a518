//! An independent reading of the rules for checking the solver: a set
//! checker written straight from the rules page, a checker for whole
//! solutions, the swap rule, and a brute-force search over every way of
//! splitting the cards into sets.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use parlour_core::games::rummy::cards::{Card, Colour, Face};
use parlour_core::games::rummy::rules::{MovedJoker, SwappedJoker, TableSet};
use parlour_core::games::rummy::solver::{
    CARD_OVER_VALUE, Objective, Position, Solution, SolverRules,
};

/// What a card counts, and what each point of its number counts.
pub fn weights(objective: Objective) -> (i32, i32) {
    match objective {
        Objective::Cards => (1, 0),
        Objective::Value => (0, 1),
        Objective::CardsThenValue => (CARD_OVER_VALUE, 1),
    }
}

/// Whether `faces` (what each card stands for) form a run or a group. A set
/// of jokers only is valid (the rules read `j j j` as three thirteens).
pub fn is_valid_set(faces: &[(bool, Face)]) -> bool {
    let mut cards: Vec<(Colour, u8)> = Vec::new();
    for (_, f) in faces {
        match f {
            Face::Number { colour, number } => cards.push((*colour, *number)),
            Face::Joker => return false,
        }
    }
    if cards.len() < 3 {
        return false;
    }
    let same_number = cards.iter().all(|c| c.1 == cards[0].1);
    let mut colours: Vec<Colour> = cards.iter().map(|c| c.0).collect();
    colours.sort();
    colours.dedup();
    if same_number && colours.len() == cards.len() && cards.len() <= 4 {
        return true;
    }
    let same_colour = cards.iter().all(|c| c.0 == cards[0].0);
    let mut numbers: Vec<u8> = cards.iter().map(|c| c.1).collect();
    numbers.sort();
    same_colour && cards.len() <= 13 && numbers.windows(2).all(|w| w[1] == w[0] + 1)
}

/// The faces a table joker may be swapped for: the card it stands for in a
/// run; in a group, its number in any colour the group's number cards lack.
pub fn swap_faces(set: &TableSet, joker: Card) -> Vec<Face> {
    let at = set.cards.iter().position(|c| *c == joker).unwrap();
    let stands = set.reading.faces[at];
    let Face::Number { number, .. } = stands else {
        return vec![];
    };
    let same_number = set
        .reading
        .faces
        .iter()
        .all(|f| matches!(f, Face::Number { number: m, .. } if *m == number));
    if same_number {
        Colour::ALL
            .into_iter()
            .map(|c| Face::number(c, number))
            .filter(|f| !set.cards.iter().any(|card| card.face() == *f))
            .collect()
    } else {
        vec![stands]
    }
}

/// Whether swaps are a separate move in these rules (with free table
/// jokers played again the same turn, a swap is only rebuilding).
pub fn swaps_exist(rules: &SolverRules) -> bool {
    !(rules.moved_joker == MovedJoker::Free && rules.swapped_joker == SwappedJoker::PlaySameTurn)
}

fn number(face: Face) -> i32 {
    match face {
        Face::Number { number, .. } => number as i32,
        Face::Joker => 0,
    }
}

/// Checks that `s` is a legal play for `p` and that its `count` and `value`
/// say what it lays. Returns the objective's score.
pub fn check_solution(
    p: &Position,
    rules: &SolverRules,
    objective: Objective,
    s: &Solution,
) -> Result<i32, String> {
    let before: BTreeMap<Card, Face> = p
        .table
        .iter()
        .flat_map(|set| {
            set.cards
                .iter()
                .copied()
                .zip(set.reading.faces.iter().copied())
        })
        .collect();
    let hand: BTreeSet<Card> = p.hand.iter().copied().collect();
    let mut after: BTreeMap<Card, Face> = BTreeMap::new();
    for set in &s.table {
        if set.cards.len() != set.reading.faces.len() {
            return Err(format!("a set's reading does not fit its cards: {set:?}"));
        }
        let faces: Vec<(bool, Face)> = set
            .cards
            .iter()
            .map(|c| c.is_joker())
            .zip(set.reading.faces.iter().copied())
            .collect();
        if !is_valid_set(&faces) {
            return Err(format!("not a valid set: {faces:?}"));
        }
        for (card, face) in set.cards.iter().zip(&set.reading.faces) {
            if !card.is_joker() && *face != card.face() {
                return Err(format!("{card} shown as {face}"));
            }
            if after.insert(*card, *face).is_some() {
                return Err(format!("{card} twice on the table"));
            }
            if !before.contains_key(card) && !hand.contains(card) {
                return Err(format!("{card} came from nowhere"));
            }
        }
    }
    let laid: BTreeSet<Card> = hand
        .iter()
        .copied()
        .filter(|c| after.contains_key(c))
        .collect();
    if laid != s.laid.iter().copied().collect() {
        return Err(format!("laid {:?} but the table gained {laid:?}", s.laid));
    }
    let swapped: BTreeSet<Card> = s.swaps.iter().map(|w| w.joker).collect();
    if swapped.len() != s.swaps.len()
        || s.swaps
            .iter()
            .map(|w| w.card)
            .collect::<BTreeSet<_>>()
            .len()
            != s.swaps.len()
    {
        return Err("a joker or a card in two swaps".into());
    }
    if !s.swaps.is_empty() && !swaps_exist(rules) {
        return Err("swaps are only rebuilding under these rules".into());
    }
    let mut used: Vec<(usize, Face)> = Vec::new();
    for w in &s.swaps {
        if !p.melded {
            return Err("a swap before the first meld".into());
        }
        let at = p
            .table
            .iter()
            .position(|set| set.cards.contains(&w.joker))
            .ok_or("swapped a joker not on the table")?;
        if !w.joker.is_joker()
            || !laid.contains(&w.card)
            || !swap_faces(&p.table[at], w.joker).contains(&w.card.face())
        {
            return Err(format!("swap {w:?} is not allowed"));
        }
        if used.contains(&(at, w.card.face())) {
            return Err("two jokers of one set swapped for the same card".into());
        }
        used.push((at, w.card.face()));
        let stays = after.contains_key(&w.joker);
        match rules.swapped_joker {
            SwappedJoker::ToHand if stays => return Err("a swapped joker goes to the hand".into()),
            SwappedJoker::PlaySameTurn if !stays => {
                return Err("a swapped joker must be played the same turn".into());
            }
            _ => {}
        }
    }
    for (card, face) in &before {
        match after.get(card) {
            None if swapped.contains(card) => {}
            None => return Err(format!("{card} left the table")),
            Some(now) => {
                let pinned = card.is_joker()
                    && rules.moved_joker == MovedJoker::KeepsNumber
                    && !swapped.contains(card);
                if pinned && number(*now) != number(*face) {
                    return Err(format!("a table joker went from {face} to {now}"));
                }
            }
        }
    }
    let to_hand: BTreeSet<Card> = before
        .keys()
        .copied()
        .filter(|c| !after.contains_key(c))
        .collect();
    if to_hand != s.to_hand.iter().copied().collect() {
        return Err(format!("to_hand {:?}, expected {to_hand:?}", s.to_hand));
    }
    if !p.melded && !laid.is_empty() {
        // A first meld: the old sets untouched, the new ones from the hand.
        if s.table.len() < p.table.len() || s.table[..p.table.len()] != p.table[..] {
            return Err("a first meld touched the table".into());
        }
        if s.table[p.table.len()..]
            .iter()
            .flat_map(|set| &set.cards)
            .any(|c| !hand.contains(c))
        {
            return Err("a first meld used a table card".into());
        }
    }
    let count = laid.len() as i32 - to_hand.len() as i32;
    let value: i32 = laid.iter().map(|c| number(after[c])).sum::<i32>()
        - to_hand.iter().map(|c| number(before[c])).sum::<i32>();
    if !p.melded && !laid.is_empty() && value < rules.first_meld as i32 {
        return Err(format!("a first meld worth {value} < {}", rules.first_meld));
    }
    if (count, value) != (s.count, s.value) {
        return Err(format!(
            "says count {} value {}, lays count {count} value {value}",
            s.count, s.value
        ));
    }
    let (per_card, per_number) = weights(objective);
    Ok(per_card * count + per_number * value)
}

/// One card in the brute-force search.
#[derive(Clone, Copy, Debug)]
struct Item {
    /// `Some((colour, number))` for a number card.
    real: Option<(Colour, u8)>,
    /// A joker bound to a number.
    fixed: Option<u8>,
    /// May stay in the hand.
    optional: bool,
    /// Counts for the player.
    scoring: bool,
}

const NEG: i32 = i32::MIN / 4;

struct Search<'a> {
    items: &'a [Item],
    weights: (i32, i32),
    memo: HashMap<u64, i32>,
}

impl Search<'_> {
    /// The best score for a set of items, over the jokers' possible faces.
    fn set_score(&self, set: &[usize]) -> i32 {
        let reals: Vec<(Colour, u8, bool)> = set
            .iter()
            .filter_map(|&i| {
                self.items[i]
                    .real
                    .map(|(c, n)| (c, n, self.items[i].scoring))
            })
            .collect();
        let jokers: Vec<Item> = set
            .iter()
            .map(|&i| self.items[i])
            .filter(|it| it.real.is_none())
            .collect();
        if set.len() < 3 {
            return NEG;
        }
        let w = |n: u8| self.weights.0 + self.weights.1 * n as i32;
        let real_score: i32 = reals.iter().filter(|r| r.2).map(|r| w(r.1)).sum();
        let mut best = NEG;
        // Groups.
        if set.len() <= 4 {
            let numbers: Vec<u8> = if let Some(r) = reals.first() {
                vec![r.1]
            } else {
                (1..=13).collect()
            };
            for m in numbers {
                let mut cs: Vec<Colour> = reals.iter().map(|r| r.0).collect();
                cs.sort();
                cs.dedup();
                if reals.iter().all(|r| r.1 == m)
                    && cs.len() == reals.len()
                    && jokers.iter().all(|j| j.fixed.is_none_or(|f| f == m))
                {
                    let js: i32 = jokers.iter().filter(|j| j.scoring).map(|_| w(m)).sum();
                    best = best.max(real_score + js);
                }
            }
        }
        // Runs.
        let colour_ok = reals
            .iter()
            .all(|r| r.0 == reals.first().map_or(r.0, |f| f.0));
        if colour_ok && set.len() <= 13 {
            let len = set.len() as u8;
            for start in 1..=(14 - len) {
                let span: Vec<u8> = (start..start + len).collect();
                let mut open: Vec<u8> = span.clone();
                let mut ok = true;
                for r in &reals {
                    if let Some(at) = open.iter().position(|&n| n == r.1) {
                        open.remove(at);
                    } else {
                        ok = false;
                    }
                }
                for j in &jokers {
                    if let Some(f) = j.fixed {
                        if let Some(at) = open.iter().position(|&n| n == f) {
                            open.remove(at);
                        } else {
                            ok = false;
                        }
                    }
                }
                if !ok {
                    continue;
                }
                // Free jokers take the places left; scoring ones the highest.
                let scoring = jokers
                    .iter()
                    .filter(|j| j.fixed.is_none() && j.scoring)
                    .count();
                open.sort();
                let js: i32 = open.iter().rev().take(scoring).map(|&n| w(n)).sum();
                best = best.max(real_score + js);
            }
        }
        best
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        match (self.items[a].real, self.items[b].real) {
            (Some((c1, n1)), Some((c2, n2))) => (c1 == c2) != (n1 == n2),
            _ => true,
        }
    }

    fn best(&mut self, mask: u64) -> i32 {
        if mask == 0 {
            return 0;
        }
        if let Some(&v) = self.memo.get(&mask) {
            return v;
        }
        let first = mask.trailing_zeros() as usize;
        let mut best = NEG;
        if self.items[first].optional {
            best = self.best(mask & !(1 << first));
        }
        let others: Vec<usize> = (0..self.items.len())
            .filter(|&i| i != first && mask & (1 << i) != 0 && self.compatible(first, i))
            .collect();
        let mut chosen = vec![first];
        self.sets(&others, 0, &mut chosen, mask, &mut best);
        self.memo.insert(mask, best);
        best
    }

    fn sets(
        &mut self,
        others: &[usize],
        from: usize,
        chosen: &mut Vec<usize>,
        mask: u64,
        best: &mut i32,
    ) {
        if chosen.len() >= 3 {
            let s = self.set_score(chosen);
            if s > NEG {
                let rest = chosen.iter().fold(mask, |m, &i| m & !(1 << i));
                let r = self.best(rest);
                if r > NEG {
                    *best = (*best).max(s + r);
                }
            }
        }
        if chosen.len() == 13 {
            return;
        }
        for k in from..others.len() {
            let i = others[k];
            if chosen.iter().all(|&j| self.compatible(i, j)) {
                chosen.push(i);
                self.sets(others, k + 1, chosen, mask, best);
                chosen.pop();
            }
        }
    }
}

fn search(items: &[Item], weights: (i32, i32)) -> i32 {
    let mut s = Search {
        items,
        weights,
        memo: HashMap::new(),
    };
    s.best((1u64 << items.len()) - 1)
}

/// The best score by brute force, or `None` when a first meld is impossible
/// (or the table cannot be arranged at all).
pub fn brute_force(p: &Position, rules: &SolverRules, objective: Objective) -> Option<i32> {
    let (per_card, per_number) = weights(objective);
    let w = |n: u8| per_card + per_number * n as i32;
    if !p.melded {
        // Every subset of the hand, all of it laid, worth at least the threshold.
        let items: Vec<Item> = p
            .hand
            .iter()
            .map(|c| Item {
                real: match c.face() {
                    Face::Number { colour, number } => Some((colour, number)),
                    Face::Joker => None,
                },
                fixed: None,
                optional: false,
                scoring: true,
            })
            .collect();
        let mut best: Option<i32> = None;
        for subset in 1u32..(1 << items.len()) {
            let chosen: Vec<Item> = (0..items.len())
                .filter(|i| subset & (1 << i) != 0)
                .map(|i| items[i])
                .collect();
            if chosen.len() < 3 {
                continue;
            }
            let value = search(&chosen, (0, 1));
            if value >= rules.first_meld as i32 {
                let score = per_card * chosen.len() as i32 + per_number * value;
                best = best.max(Some(score));
            }
        }
        return best;
    }
    // Every combination of swaps.
    let jokers: Vec<(Card, usize, Face, Vec<Face>)> = p
        .table
        .iter()
        .enumerate()
        .flat_map(|(i, set)| {
            set.cards
                .iter()
                .zip(&set.reading.faces)
                .filter(|(c, _)| c.is_joker())
                .map(move |(c, f)| {
                    (
                        *c,
                        i,
                        *f,
                        if swaps_exist(rules) {
                            swap_faces(set, *c)
                        } else {
                            vec![]
                        },
                    )
                })
        })
        .collect();
    let mut all: Vec<Vec<Option<Face>>> = vec![vec![]];
    for (_, set, _, faces) in &jokers {
        let mut next = Vec::new();
        for plan in &all {
            let mut none = plan.clone();
            none.push(None);
            next.push(none);
            for f in faces {
                let twice = plan
                    .iter()
                    .zip(&jokers)
                    .any(|(g, j)| j.1 == *set && *g == Some(*f));
                if !twice {
                    let mut with = plan.clone();
                    with.push(Some(*f));
                    next.push(with);
                }
            }
        }
        all = next;
    }
    let mut best: Option<i32> = None;
    'plan: for plan in all {
        let mut hand: Vec<Card> = p.hand.clone();
        let mut items: Vec<Item> = Vec::new();
        let mut offset = 0;
        for ((_, _, stands, _), choice) in jokers.iter().zip(&plan) {
            let keeps = rules.moved_joker == MovedJoker::KeepsNumber;
            match choice {
                Some(face) => {
                    let Some(at) = hand.iter().position(|c| c.face() == *face) else {
                        continue 'plan;
                    };
                    hand.remove(at);
                    let Face::Number { colour, number: n } = *face else {
                        unreachable!()
                    };
                    // The card given counts as laid from the hand.
                    items.push(Item {
                        real: Some((colour, n)),
                        fixed: None,
                        optional: false,
                        scoring: false,
                    });
                    offset += w(n);
                    match rules.swapped_joker {
                        SwappedJoker::ToHand => offset -= w(number(*stands) as u8),
                        SwappedJoker::PlaySameTurn => items.push(Item {
                            real: None,
                            fixed: None,
                            optional: false,
                            scoring: false,
                        }),
                    }
                }
                None => items.push(Item {
                    real: None,
                    fixed: keeps.then_some(number(*stands) as u8),
                    optional: false,
                    scoring: false,
                }),
            }
        }
        for c in p.table.iter().flat_map(|set| &set.cards) {
            if let Face::Number { colour, number } = c.face() {
                items.push(Item {
                    real: Some((colour, number)),
                    fixed: None,
                    optional: false,
                    scoring: false,
                });
            }
        }
        for c in &hand {
            items.push(Item {
                real: match c.face() {
                    Face::Number { colour, number } => Some((colour, number)),
                    Face::Joker => None,
                },
                fixed: None,
                optional: true,
                scoring: true,
            });
        }
        assert!(items.len() <= 64);
        let s = search(&items, (per_card, per_number));
        if s > NEG {
            best = best.max(Some(s + offset));
        }
    }
    best
}
