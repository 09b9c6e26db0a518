//! Looks for the positions the Rummy solver finds hardest, and writes them
//! out one a line, hardest first, in the form `rummy_solver_times` and the
//! tests read: `TABLE ; HAND ; melded|first ; standard|classic ; OBJECTIVE`.
//!
//! ```text
//! cargo run --release -p parlour-core --example rummy_solver_hard -- \
//!     [--seed 1] [--random 3000] [--climbs 24] [--steps 300] [--keep 40]
//! ```
//!
//! How hard a position is: the states the search expands to solve it
//! ([`effort`]), which does not depend on the machine's load as time does.
//! First `--random` positions are drawn (tables of 15–60 cards, hands of
//! 5–20, 0–4 jokers, either ruling, any objective, some first melds); the
//! hardest `--climbs` of them are then made harder by hill-climbing: a small
//! change to the hand or the table (a card added, taken away or swapped, a
//! set added or removed, a run made longer or shorter, a card turned into
//! the joker that stands for it or back), kept when the position is at
//! least as hard, for `--steps` changes each. The table stays a valid
//! arrangement, and the position stays in the ranges above.
//!
//! A summary of what the hardest positions have in common goes to standard
//! error.
//!
//! `--effort FILE [--rules standard|classic] [--objective OBJECTIVE]`
//! instead prints the states the search expands for each position of a file
//! in that form (the rules and objective may be left off a line; then the
//! options give them, `standard` and `cards` by default).

use parlour_core::engine::GameRng;
use parlour_core::games::rummy::cards::{Card, Colour, Face};
use parlour_core::games::rummy::rules::{Config, TableSet};
use parlour_core::games::rummy::sets::{Kind, Reading};
use parlour_core::games::rummy::solver::sample::{self, Spec};
use parlour_core::games::rummy::solver::{
    Objective, Position, SolverRules, effort, parse_position,
};

const TABLE: std::ops::RangeInclusive<usize> = 15..=60;
const HAND: std::ops::RangeInclusive<usize> = 5..=20;
const JOKERS: usize = 4;

/// A place in a table set: the card it holds (colour index, number) and
/// whether a joker stands there for it.
type Slot = (usize, u8, bool);

/// A position in a form that is easy to change and keep valid.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Draft {
    sets: Vec<(Kind, Vec<Slot>)>,
    hand: Vec<(usize, u8)>,
    hand_jokers: usize,
    melded: bool,
    classic: bool,
    objective: Objective,
}

impl Draft {
    fn of(p: &Position, classic: bool, objective: Objective) -> Self {
        let colour_number = |f: Face| match f {
            Face::Number { colour, number } => (colour.index(), number),
            Face::Joker => (0, 1),
        };
        let sets = p
            .table
            .iter()
            .map(|s| {
                let slots = s
                    .cards
                    .iter()
                    .zip(&s.reading.faces)
                    .map(|(card, &face)| {
                        let (c, n) = colour_number(face);
                        (c, n, card.is_joker())
                    })
                    .collect();
                (s.reading.kind, slots)
            })
            .collect();
        Self {
            sets,
            hand: p
                .hand
                .iter()
                .filter(|c| !c.is_joker())
                .map(|c| colour_number(c.face()))
                .collect(),
            hand_jokers: p.hand.iter().filter(|c| c.is_joker()).count(),
            melded: p.melded,
            classic,
            objective,
        }
    }

    fn copies(&self) -> [[u8; 14]; 4] {
        let mut k = [[0u8; 14]; 4];
        for (_, slots) in &self.sets {
            for &(c, n, joker) in slots {
                if !joker {
                    k[c][n as usize] += 1;
                }
            }
        }
        for &(c, n) in &self.hand {
            k[c][n as usize] += 1;
        }
        k
    }

    fn jokers(&self) -> usize {
        let on_table: usize = self
            .sets
            .iter()
            .map(|(_, s)| s.iter().filter(|x| x.2).count())
            .sum();
        on_table + self.hand_jokers
    }

    fn table_len(&self) -> usize {
        self.sets.iter().map(|(_, s)| s.len()).sum()
    }

    /// Whether the draft is a position of the kind searched.
    fn fits(&self) -> bool {
        let sets_valid = self.sets.iter().all(|(kind, s)| match kind {
            Kind::Run => {
                (3..=13).contains(&s.len())
                    && s.windows(2)
                        .all(|w| w[0].0 == w[1].0 && w[1].1 == w[0].1 + 1)
            }
            Kind::Group => {
                (3..=4).contains(&s.len())
                    && s.iter().all(|x| x.1 == s[0].1)
                    && (0..4).all(|c| s.iter().filter(|x| x.0 == c).count() <= 1)
            }
        });
        let hand = self.hand.len() + self.hand_jokers;
        // A first meld leaves the table alone: any table will do.
        sets_valid
            && self.copies().iter().flatten().all(|&k| k <= 2)
            && self.jokers() <= JOKERS
            && TABLE.contains(&self.table_len())
            && HAND.contains(&hand)
    }

    fn position(&self) -> Position {
        let mut copy = [[0u8; 14]; 4];
        let mut jokers = 0u8;
        let mut card = |c: usize, n: u8, joker: bool| {
            if joker {
                jokers += 1;
                Card::joker(jokers - 1)
            } else {
                copy[c][n as usize] += 1;
                Card::numbered(Colour::ALL[c], n, copy[c][n as usize] - 1)
            }
        };
        let table = self
            .sets
            .iter()
            .map(|(kind, slots)| TableSet {
                cards: slots.iter().map(|&(c, n, j)| card(c, n, j)).collect(),
                reading: Reading {
                    kind: *kind,
                    faces: slots
                        .iter()
                        .map(|&(c, n, _)| Face::number(Colour::ALL[c], n))
                        .collect(),
                },
            })
            .collect();
        let mut hand: Vec<Card> = self.hand.iter().map(|&(c, n)| card(c, n, false)).collect();
        hand.extend((0..self.hand_jokers).map(|_| card(0, 1, true)));
        Position {
            table,
            hand,
            melded: self.melded,
        }
    }

    fn rules(&self) -> SolverRules {
        SolverRules::of(&if self.classic {
            Config::classic()
        } else {
            Config::standard()
        })
    }

    fn effort(&self) -> u64 {
        effort(&self.position(), &self.rules(), self.objective)
    }

    fn line(&self) -> String {
        let face = |c: usize, n: u8| Face::number(Colour::ALL[c], n).to_string();
        let table: Vec<String> = self
            .sets
            .iter()
            .map(|(_, slots)| {
                slots
                    .iter()
                    .map(|&(c, n, j)| {
                        if j {
                            format!("j:{}", face(c, n))
                        } else {
                            face(c, n)
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let mut hand: Vec<String> = self.hand.iter().map(|&(c, n)| face(c, n)).collect();
        hand.extend((0..self.hand_jokers).map(|_| "j".to_owned()));
        format!(
            "{} ; {} ; {} ; {} ; {}",
            table.join(" | "),
            hand.join(" "),
            if self.melded { "melded" } else { "first" },
            if self.classic { "classic" } else { "standard" },
            match self.objective {
                Objective::Cards => "cards",
                Objective::Value => "value",
                Objective::CardsThenValue => "cards-then-value",
            }
        )
    }

    /// One small change, which may leave the draft outside the ranges (the
    /// caller checks).
    fn change(&mut self, rng: &mut GameRng) {
        let any_face = |rng: &mut GameRng| (rng.below(4), 1 + rng.below(13) as u8);
        match rng.below(10) {
            0 => self.hand.push(any_face(rng)),
            1 if !self.hand.is_empty() => {
                let i = rng.below(self.hand.len());
                self.hand.swap_remove(i);
            }
            2 if !self.hand.is_empty() => {
                let i = rng.below(self.hand.len());
                self.hand[i] = any_face(rng);
            }
            3 => {
                if rng.below(2) == 0 {
                    self.hand_jokers += 1;
                } else {
                    self.hand_jokers = self.hand_jokers.saturating_sub(1);
                }
            }
            4 => {
                let joker_at = (rng.below(3) == 0).then(|| rng.below(3));
                let set: Vec<Slot> = if rng.below(2) == 0 {
                    let (c, len) = (rng.below(4), 3 + rng.below(4));
                    let start = 1 + rng.below(14 - len) as u8;
                    (0..len as u8).map(|i| (c, start + i, false)).collect()
                } else {
                    let n = 1 + rng.below(13) as u8;
                    let mut colours = [0, 1, 2, 3];
                    rng.shuffle(&mut colours);
                    let k = 3 + rng.below(2);
                    colours[..k].iter().map(|&c| (c, n, false)).collect()
                };
                let kind = if set[0].1 == set[1].1 {
                    Kind::Group
                } else {
                    Kind::Run
                };
                let mut set = set;
                if let Some(i) = joker_at {
                    set[i].2 = true;
                }
                self.sets.push((kind, set));
            }
            5 if !self.sets.is_empty() => {
                let i = rng.below(self.sets.len());
                self.sets.swap_remove(i);
            }
            6 | 7 if !self.sets.is_empty() => {
                let i = rng.below(self.sets.len());
                let (kind, set) = &mut self.sets[i];
                if *kind == Kind::Run {
                    let (c, lo, hi) = (set[0].0, set[0].1, set[set.len() - 1].1);
                    match (rng.below(4), lo > 1, hi < 13) {
                        (0, true, _) => set.insert(0, (c, lo - 1, false)),
                        (1, _, true) => set.push((c, hi + 1, false)),
                        (2, _, _) => {
                            set.remove(0);
                        }
                        _ => {
                            set.pop();
                        }
                    }
                }
            }
            _ if !self.sets.is_empty() => {
                let i = rng.below(self.sets.len());
                let set = &mut self.sets[i].1;
                let k = rng.below(set.len());
                set[k].2 = !set[k].2;
            }
            _ => {}
        }
    }
}

/// A random starting position: mid-game, or with more jokers, longer hands
/// or a first meld; either ruling; any objective.
fn random_draft(rng: &mut GameRng) -> Draft {
    let mut spec = Spec::mid_game();
    match rng.below(4) {
        0 => spec.jokers = 3..=4,
        1 => spec.hand = 14..=20,
        2 => spec.first_meld = 0.5,
        _ => {}
    }
    let p = sample::position(rng, &spec);
    let objective = [
        Objective::Cards,
        Objective::Value,
        Objective::CardsThenValue,
    ][rng.below(3)];
    Draft::of(&p, rng.below(3) == 0, objective)
}

fn climb(start: (u64, Draft), steps: usize, rng: &mut GameRng) -> (u64, Draft) {
    let (mut cost, mut draft) = start;
    for _ in 0..steps {
        let mut next = draft.clone();
        for _ in 0..1 + rng.below(2) {
            next.change(rng);
        }
        if !next.fits() {
            continue;
        }
        let c = next.effort();
        if c >= cost {
            (cost, draft) = (c, next);
        }
    }
    (cost, draft)
}

fn objective_named(name: &str) -> Objective {
    match name {
        "cards" => Objective::Cards,
        "value" => Objective::Value,
        "cards-then-value" => Objective::CardsThenValue,
        other => {
            eprintln!("error: unknown objective {other}");
            std::process::exit(2)
        }
    }
}

fn rules_named(name: &str) -> SolverRules {
    match name {
        "standard" => SolverRules::of(&Config::standard()),
        "classic" => SolverRules::of(&Config::classic()),
        other => {
            eprintln!("error: unknown rules {other}");
            std::process::exit(2)
        }
    }
}

/// Prints the states the search expands for each position of `path`.
fn print_effort(path: &str, rules: SolverRules, objective: Objective) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("error: {path}: {e}");
        std::process::exit(2)
    });
    let lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    for (i, l) in lines.enumerate() {
        let parts: Vec<&str> = l.split(';').map(str::trim).collect();
        if parts.len() < 3 {
            eprintln!("error: not TABLE ; HAND ; melded [; RULES ; OBJECTIVE]: {l}");
            std::process::exit(2)
        }
        let p = parse_position(parts[0], parts[1], parts[2] == "melded").unwrap_or_else(|e| {
            eprintln!("error: {e}: {l}");
            std::process::exit(2)
        });
        let rules = parts.get(3).map_or(rules, |r| rules_named(r));
        let objective = parts.get(4).map_or(objective, |o| objective_named(o));
        println!("{i}\t{}", effort(&p, &rules, objective));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    if let Some(path) = value("--effort") {
        let rules = rules_named(value("--rules").as_deref().unwrap_or("standard"));
        let objective = objective_named(value("--objective").as_deref().unwrap_or("cards"));
        print_effort(&path, rules, objective);
        return;
    }
    let number = |name: &str, default: usize| -> usize {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map_or(default, |v| {
                v.parse().unwrap_or_else(|_| {
                    eprintln!("error: {name} takes a number, not {v:?}");
                    std::process::exit(2)
                })
            })
    };
    let mut rng = GameRng::seeded(number("--seed", 1) as u64);
    let mut found: Vec<(u64, Draft)> = (0..number("--random", 3000))
        .map(|_| random_draft(&mut rng))
        .filter(Draft::fits)
        .map(|d| (d.effort(), d))
        .collect();
    found.sort_by_key(|(cost, _)| std::cmp::Reverse(*cost));
    let seeds: Vec<(u64, Draft)> = found.iter().take(number("--climbs", 24)).cloned().collect();
    let steps = number("--steps", 300);
    for seed in seeds {
        let before = seed.0;
        let climbed = climb(seed, steps, &mut rng);
        eprintln!("climbed {before} -> {} states", climbed.0);
        found.push(climbed);
    }
    found.sort_by_key(|(cost, _)| std::cmp::Reverse(*cost));
    found.dedup_by(|a, b| a.1 == b.1);
    let keep: Vec<&(u64, Draft)> = found.iter().take(number("--keep", 40)).collect();
    for (_, d) in &keep {
        println!("{}", d.line());
    }
    summary(&keep);
}

/// What the hardest positions have in common.
fn summary(hard: &[&(u64, Draft)]) {
    let count = |f: &dyn Fn(&Draft) -> bool| hard.iter().filter(|(_, d)| f(d)).count();
    let n = hard.len().max(1) as f64;
    let mean =
        |f: &dyn Fn(&Draft) -> usize| hard.iter().map(|(_, d)| f(d)).sum::<usize>() as f64 / n;
    eprintln!("{} hardest positions:", hard.len());
    eprintln!(
        "  states: {} to {}",
        hard.last().map_or(0, |h| h.0),
        hard.first().map_or(0, |h| h.0)
    );
    eprintln!("  classic: {}", count(&|d| d.classic));
    eprintln!("  first melds: {}", count(&|d| !d.melded));
    for (name, o) in [
        ("cards", Objective::Cards),
        ("value", Objective::Value),
        ("cards-then-value", Objective::CardsThenValue),
    ] {
        eprintln!("  objective {name}: {}", count(&|d| d.objective == o));
    }
    eprintln!("  mean hand jokers: {:.2}", mean(&|d| d.hand_jokers));
    eprintln!(
        "  mean table jokers: {:.2}",
        mean(&|d| d.jokers() - d.hand_jokers)
    );
    eprintln!(
        "  mean hand: {:.1}",
        mean(&|d| d.hand.len() + d.hand_jokers)
    );
    eprintln!("  mean table: {:.1}", mean(&|d| d.table_len()));
    eprintln!(
        "  mean groups on the table: {:.1}",
        mean(&|d| d.sets.iter().filter(|s| s.0 == Kind::Group).count())
    );
    eprintln!(
        "  mean longest run: {:.1}",
        mean(&|d| {
            d.sets
                .iter()
                .filter(|s| s.0 == Kind::Run)
                .map(|s| s.1.len())
                .max()
                .unwrap_or(0)
        })
    );
}
