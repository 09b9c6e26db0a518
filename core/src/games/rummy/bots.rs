//! Bots for Rummy. The `random` bot lives here; stronger bots join the
//! registry in [`make`] and [`NAMES`].

use super::cards::{CardName, Colour, FACES, Face};
use super::rules::{Move, Play, State, TableSet};
use super::search::{Budget, ExpertSettings};
use super::sets::{self, Kind};
use super::{Rummy, View};
use crate::engine::{Bot, GameRng};
use std::time::Duration;

/// The bots, weakest first.
pub const NAMES: &[&str] = &["random", "greedy", "heuristic", "expert"];

/// A bot by name, with its own random source.
///
/// `expert` thinks for its default budget ([`Budget::default`]);
/// `expert:N` plays N playouts a move with no cap on the time; `expert:Nms`,
/// the old time spelling, plays the playouts a desktop plays in N
/// milliseconds ([`Budget::desktop_time`]). Each gives the same move for the
/// same seed on any machine (but where a slow machine reaches the safety
/// cap).
pub fn make(name: &str, seed: u64) -> Option<Box<dyn Bot<Rummy>>> {
    let rng = GameRng::seeded(seed);
    Some(match name {
        "random" => Box::new(Random { rng }),
        "greedy" => Box::new(super::strategy::Greedy),
        "heuristic" => Box::new(super::strategy::Heuristic::new(
            super::strategy::HeuristicSettings::default(),
            rng,
        )),
        _ => {
            let budget = match name.strip_prefix("expert") {
                Some("") => Budget::default(),
                Some(rest) => budget(rest.strip_prefix(':')?)?,
                None => return None,
            };
            let settings = ExpertSettings {
                budget,
                ..ExpertSettings::default()
            };
            Box::new(super::search::Expert::new(settings, rng))
        }
    })
}

/// A budget written `N` (playouts) or `Nms` (a desktop's milliseconds),
/// N at least 1.
fn budget(text: &str) -> Option<Budget> {
    let number = |t: &str| t.parse::<u64>().ok().filter(|&n| n > 0);
    Some(match text.strip_suffix("ms") {
        Some(ms) => Budget::desktop_time(Duration::from_millis(number(ms)?)),
        None => Budget::playouts(usize::try_from(number(text)?).ok()?),
    })
}

fn face_counts(faces: &[Face]) -> [usize; FACES] {
    let mut c = [0usize; FACES];
    for f in faces {
        c[f.index()] += 1;
    }
    c
}

/// Every set that can be laid from `hand` alone: runs and groups with at
/// least one number card, jokers filling gaps (each joker annotated with
/// the card it stands for).
pub fn hand_sets(hand: &[Face]) -> Vec<Vec<CardName>> {
    let have = face_counts(hand);
    let jokers = have[Face::Joker.index()];
    let mut out = Vec::new();
    for number in 1..=13u8 {
        let present: Vec<Colour> = Colour::ALL
            .into_iter()
            .filter(|&c| have[Face::number(c, number).index()] > 0)
            .collect();
        for mask in 1u32..(1 << present.len()) {
            let chosen: Vec<Colour> = (0..present.len())
                .filter(|&i| mask & (1 << i) != 0)
                .map(|i| present[i])
                .collect();
            let missing: Vec<Colour> = Colour::ALL
                .into_iter()
                .filter(|c| !chosen.contains(c))
                .collect();
            for size in 3..=4usize {
                let Some(need) = size.checked_sub(chosen.len()) else {
                    continue;
                };
                if need > jokers || need > missing.len() {
                    continue;
                }
                let mut set: Vec<CardName> = chosen
                    .iter()
                    .map(|&c| CardName::plain(Face::number(c, number)))
                    .collect();
                set.extend(
                    missing
                        .iter()
                        .take(need)
                        .map(|&c| CardName::joker_as(c, number)),
                );
                out.push(set);
            }
        }
    }
    for colour in Colour::ALL {
        for low in 1..=11u8 {
            let mut gaps = 0;
            let mut real = 0;
            for high in low..=13u8 {
                if have[Face::number(colour, high).index()] > 0 {
                    real += 1;
                } else {
                    gaps += 1;
                }
                if gaps > jokers {
                    break;
                }
                if high >= low + 2 && real > 0 {
                    out.push(
                        (low..=high)
                            .map(|n| {
                                let face = Face::number(colour, n);
                                if have[face.index()] > 0 {
                                    CardName::plain(face)
                                } else {
                                    CardName::joker_as(colour, n)
                                }
                            })
                            .collect(),
                    );
                }
            }
        }
    }
    out
}

/// Every way to add one card of `hand` to one set of `table`: at either end
/// of a run, or a missing colour to a group of three. Each entry is the
/// set's index and the set after the addition (jokers annotated).
pub fn extensions(table: &[TableSet], hand: &[Face]) -> Vec<(usize, Vec<CardName>)> {
    let have = face_counts(hand);
    let joker = have[Face::Joker.index()] > 0;
    let mut out = Vec::new();
    let mut add = |j: usize, base: &[CardName], face: Face, front: bool| {
        let card = if have[face.index()] > 0 {
            CardName::plain(face)
        } else if joker {
            CardName {
                face: Face::Joker,
                stands_for: Some(face),
            }
        } else {
            return;
        };
        let mut set = base.to_vec();
        if front {
            set.insert(0, card);
        } else {
            set.push(card);
        }
        out.push((j, set));
    };
    for (j, set) in table.iter().enumerate() {
        let written = set.written();
        let r = &set.reading;
        match r.kind {
            Kind::Run => {
                let (colour, low, high) = (r.colour(0), r.number(0), r.number(r.len() - 1));
                if low > 1 {
                    add(j, &written, Face::number(colour, low - 1), true);
                }
                if high < 13 {
                    add(j, &written, Face::number(colour, high + 1), false);
                }
            }
            Kind::Group if r.len() < 4 => {
                let number = r.number(0);
                for c in Colour::ALL {
                    if !r.faces.iter().any(|f| f.colour() == Some(c)) {
                        add(j, &written, Face::number(c, number), false);
                    }
                }
            }
            Kind::Group => {}
        }
    }
    out
}

/// Lays a random set from its hand, or adds a random card to a random set,
/// when it can; otherwise draws. Its first meld is a random collection of
/// sets from its hand that reaches the threshold, or a draw.
pub struct Random {
    rng: GameRng,
}

/// How many random collections the random bot tries for a first meld.
const FIRST_MELD_TRIES: usize = 16;

impl Random {
    fn first_meld(&mut self, state: &State, view: &View, hand: &[Face]) -> Option<Move> {
        let mut options = hand_sets(hand);
        if options.is_empty() {
            return None;
        }
        let threshold = view.config.first_meld;
        for _ in 0..FIRST_MELD_TRIES {
            self.rng.shuffle(&mut options);
            let mut left = face_counts(hand);
            let mut chosen: Vec<Vec<CardName>> = Vec::new();
            let mut value = 0;
            for set in &options {
                let mut need = [0usize; FACES];
                for c in set {
                    need[c.face.index()] += 1;
                }
                if (0..FACES).any(|i| need[i] > left[i]) {
                    continue;
                }
                let Ok(reading) = sets::read(set) else {
                    continue;
                };
                for i in 0..FACES {
                    left[i] -= need[i];
                }
                value += reading.value();
                chosen.push(set.clone());
                if value >= threshold {
                    break;
                }
            }
            if value >= threshold {
                let mut table = state.table_written();
                table.extend(chosen);
                let mv = Move::Play(Play {
                    table,
                    to_hand: Vec::new(),
                });
                if state.check(view.seat, &mv).is_ok() {
                    return Some(mv);
                }
            }
        }
        None
    }
}

impl Bot<Rummy> for Random {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, view: &View) -> Move {
        let state = State::from_view(view);
        let hand: Vec<Face> = view.hand.iter().map(|c| c.face()).collect();
        if !view.melded[view.seat] {
            return self.first_meld(&state, view, &hand).unwrap_or(Move::Draw);
        }
        let table = state.table_written();
        let mut options: Vec<Vec<Vec<CardName>>> = Vec::new();
        for set in hand_sets(&hand) {
            let mut t = table.clone();
            t.push(set);
            options.push(t);
        }
        for (j, set) in extensions(&view.table, &hand) {
            let mut t = table.clone();
            t[j] = set;
            options.push(t);
        }
        self.rng.shuffle(&mut options);
        for table in options {
            let mv = Move::Play(Play {
                table,
                to_hand: Vec::new(),
            });
            if state.check(view.seat, &mv).is_ok() {
                return mv;
            }
        }
        Move::Draw
    }
}
