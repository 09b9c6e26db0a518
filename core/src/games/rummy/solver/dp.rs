//! The dynamic programme over the numbers 1..=13.
//!
//! Walking up the numbers, the state is what is still *open*: for each
//! colour, how many runs reached the previous number with length 1, 2 or 3+
//! (copies are interchangeable, so counts suffice); how many runs made of
//! jokers only are open (they have no colour yet: the first number card to
//! join one gives it its colour); how many free jokers have been used; and,
//! for a first meld counted in cards, how much value is still missing. At
//! each number the programme decides, per colour, how many copies to lay and
//! whether each continues a run, starts one or goes into a group; open runs of
//! length 1 or 2 must be continued (by a card or a joker), runs of 3+ may
//! stop. What goes into groups must split into whole groups (see `groups`).
//! This is the programme of van Rijn, Takes and Vis (2015), with jokers
//! as first-class cards: a joker may continue any run, stand for a third
//! copy of a card, or start a run of its own.

use rustc_hash::FxHashMap;

use super::groups;

/// Worse than any real score.
pub(super) const NEG: i32 = i32::MIN / 4;

/// The counting problem: how many of each card must, or may, be laid.
#[derive(Clone, Debug, Default)]
pub(super) struct Counts {
    /// `table[n][c]`: copies of colour `c`, number `n` that must be laid.
    pub table: [[u8; 4]; 14],
    /// `hand[n][c]`: copies that may be laid, scoring for the player.
    pub hand: [[u8; 4]; 14],
    /// Jokers that must be laid at number `n` (table jokers keeping their number).
    pub fixed: [u8; 14],
    /// Jokers that must be laid anywhere, scoring nothing (free table jokers).
    pub table_free: u8,
    /// Jokers that may be laid anywhere, scoring for the player.
    pub hand_free: u8,
    /// Score by value (a card's number) rather than by card.
    pub by_value: bool,
    /// Least value the laid cards must reach (a first meld), 0 for none.
    pub threshold: u16,
}

/// One colour's decision at one number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct ColourChoice {
    /// Copies laid (table copies first).
    pub laid: u8,
    /// Copies going into groups.
    pub grouped: u8,
    /// Open runs of length 3+ that go on (the others stop before this number).
    pub long_go_on: u8,
    /// Open runs continued by a copy of this card (the rest of the runs that
    /// go on take a joker).
    pub by_card: u8,
    /// Joker-only runs of length 1, 2, 3+ that this card joins.
    pub joins: [u8; 3],
}

/// The jokers' decision at one number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct JokerChoice {
    /// Joker-only runs of length 3+ that go on.
    pub long_go_on: u8,
    /// New joker-only runs started here.
    pub started: u8,
    /// Jokers in groups.
    pub grouped: u8,
    /// Free table jokers laid here.
    pub table_free: u8,
    /// Scoring jokers laid here.
    pub scoring: u8,
}

/// A transition: the decisions at one number and where they lead.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub next: u64,
    pub gain: i32,
    pub colours: [ColourChoice; 4],
    pub jokers: JokerChoice,
}

/// The open state between two numbers (see the module text).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Open {
    /// Per colour, open runs of length 1, 2 and 3+.
    pub runs: [[u8; 3]; 4],
    /// Joker-only runs of length 1, 2 and 3+.
    pub joker_runs: [u8; 3],
    /// Free table jokers used so far.
    pub table_free: u8,
    /// Scoring jokers used so far.
    pub scoring: u8,
    /// Value still missing for the threshold (first meld counted in cards).
    pub need: u16,
}

impl Open {
    pub fn pack(&self) -> u64 {
        let mut k = 0u64;
        for c in 0..4 {
            for l in 0..3 {
                k |= (self.runs[c][l] as u64) << (c * 9 + l * 3);
            }
        }
        for l in 0..3 {
            k |= (self.joker_runs[l] as u64) << (36 + l * 3);
        }
        k |= (self.table_free as u64) << 45;
        k |= (self.scoring as u64) << 48;
        k |= (self.need as u64) << 51;
        k
    }

    pub fn unpack(k: u64) -> Self {
        let mut o = Open::default();
        for c in 0..4 {
            for l in 0..3 {
                o.runs[c][l] = ((k >> (c * 9 + l * 3)) & 7) as u8;
            }
        }
        for l in 0..3 {
            o.joker_runs[l] = ((k >> (36 + l * 3)) & 7) as u8;
        }
        o.table_free = ((k >> 45) & 7) as u8;
        o.scoring = ((k >> 48) & 7) as u8;
        o.need = ((k >> 51) & 0x1ff) as u16;
        o
    }
}

/// Most value a threshold may ask for (it must fit the state's 9 bits).
pub(super) const MAX_THRESHOLD: u16 = 511;

/// Partial decisions while the colours of one number are being chosen.
struct Acc {
    runs: [[u8; 3]; 4],
    grouped: [u8; 4],
    run_jokers: u8,
    joined: [u8; 3],
    gain: i32,
    value: i32,
    colours: [ColourChoice; 4],
}

/// The programme: memoised best scores per number and open state.
pub(super) struct Dp<'a> {
    p: &'a Counts,
    memo: Vec<FxHashMap<u64, i32>>,
    bufs: Vec<Vec<Step>>,
    /// Whether the threshold is tracked in the state (cards objective).
    track_need: bool,
}

impl<'a> Dp<'a> {
    pub fn new(p: &'a Counts) -> Self {
        Self {
            p,
            memo: (0..15).map(|_| FxHashMap::default()).collect(),
            bufs: (0..15).map(|_| Vec::new()).collect(),
            track_need: p.threshold > 0 && !p.by_value,
        }
    }

    /// The state before number 1.
    pub fn start(&self) -> u64 {
        Open {
            need: if self.track_need { self.p.threshold } else { 0 },
            ..Open::default()
        }
        .pack()
    }

    /// The most the player can score from number `n` on, from open state
    /// `key`, or [`NEG`] when the cards that must be laid cannot all be.
    pub fn best(&mut self, n: usize, key: u64) -> i32 {
        if n == 14 {
            return self.finish(key);
        }
        if let Some(&v) = self.memo[n].get(&key) {
            return v;
        }
        let mut buf = std::mem::take(&mut self.bufs[n]);
        buf.clear();
        self.steps(n, key, &mut buf);
        let mut best = NEG;
        for s in &buf {
            let v = self.best(n + 1, s.next);
            if v > NEG && v + s.gain > best {
                best = v + s.gain;
            }
        }
        self.bufs[n] = buf;
        self.memo[n].insert(key, best);
        best
    }

    /// The steps of an optimal path from the start, one per number 1..=13
    /// (`None` when there is none).
    pub fn path(&mut self) -> Option<Vec<Step>> {
        let mut key = self.start();
        let mut total = self.best(1, key);
        if total <= NEG {
            return None;
        }
        let mut path = Vec::with_capacity(13);
        let mut buf = Vec::new();
        for n in 1..=13 {
            buf.clear();
            self.steps(n, key, &mut buf);
            let step = *buf.iter().find(|s| {
                let v = self.best(n + 1, s.next);
                v > NEG && v + s.gain == total
            })?;
            total -= step.gain;
            key = step.next;
            path.push(step);
        }
        Some(path)
    }

    /// Whether the state after number 13 is a finished table: no run left
    /// too short, every joker that must be laid laid, the threshold reached.
    fn finish(&self, key: u64) -> i32 {
        let o = Open::unpack(key);
        let short = o.runs.iter().any(|r| r[0] > 0 || r[1] > 0)
            || o.joker_runs[0] > 0
            || o.joker_runs[1] > 0;
        if short || o.table_free != self.p.table_free || o.need > 0 {
            NEG
        } else {
            0
        }
    }

    /// Every step from `key` at number `n`.
    fn steps(&self, n: usize, key: u64, out: &mut Vec<Step>) {
        let o = Open::unpack(key);
        let spare = (self.p.table_free - o.table_free) + (self.p.hand_free - o.scoring);
        let cap = self.p.fixed[n] + spare;
        let mut acc = Acc {
            runs: [[0; 3]; 4],
            grouped: [0; 4],
            run_jokers: 0,
            joined: [0; 3],
            gain: 0,
            value: 0,
            colours: [ColourChoice::default(); 4],
        };
        self.colour(n, 0, &o, cap, &mut acc, out);
    }

    fn colour(&self, n: usize, c: usize, o: &Open, cap: u8, acc: &mut Acc, out: &mut Vec<Step>) {
        if c == 4 {
            self.jokers(n, o, cap, acc, out);
            return;
        }
        let [a1, a2, a3] = o.runs[c];
        let t = self.p.table[n][c];
        let h = self.p.hand[n][c];
        let w = if self.p.by_value { n as i32 } else { 1 };
        // A run must have 3 cards by number 13: nothing new starts at 12 or 13.
        let may_start = n <= 11;
        let free_joins = [
            o.joker_runs[0] - acc.joined[0],
            o.joker_runs[1] - acc.joined[1],
            o.joker_runs[2] - acc.joined[2],
        ];
        for laid in t..=t + h {
            let from_hand = (laid - t) as i32;
            for grouped in 0..=laid {
                let to_runs = laid - grouped;
                for long_go_on in 0..=a3 {
                    let go_on = a1 + a2 + long_go_on;
                    for by_card in 0..=to_runs.min(go_on) {
                        let run_jokers = acc.run_jokers + (go_on - by_card);
                        if run_jokers > cap {
                            continue;
                        }
                        let rest = to_runs - by_card;
                        for j1 in 0..=rest.min(free_joins[0]) {
                            for j2 in 0..=(rest - j1).min(free_joins[1]) {
                                for j3 in 0..=(rest - j1 - j2).min(free_joins[2]) {
                                    let started = rest - j1 - j2 - j3;
                                    // Starting a run beside one that could go on
                                    // is never better than letting it go on.
                                    if started > 0 && (long_go_on < a3 || !may_start) {
                                        continue;
                                    }
                                    let saved_runs = acc.runs[c];
                                    let saved = (acc.run_jokers, acc.joined, acc.gain, acc.value);
                                    acc.runs[c] = [started, a1 + j1, a2 + long_go_on + j2 + j3];
                                    acc.grouped[c] = grouped;
                                    acc.run_jokers = run_jokers;
                                    acc.joined[0] += j1;
                                    acc.joined[1] += j2;
                                    acc.joined[2] += j3;
                                    acc.gain += from_hand * w;
                                    acc.value += from_hand * n as i32;
                                    acc.colours[c] = ColourChoice {
                                        laid,
                                        grouped,
                                        long_go_on,
                                        by_card,
                                        joins: [j1, j2, j3],
                                    };
                                    self.colour(n, c + 1, o, cap, acc, out);
                                    acc.runs[c] = saved_runs;
                                    (acc.run_jokers, acc.joined, acc.gain, acc.value) = saved;
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    fn jokers(&self, n: usize, o: &Open, cap: u8, acc: &Acc, out: &mut Vec<Step>) {
        let r1 = o.joker_runs[0] - acc.joined[0];
        let r2 = o.joker_runs[1] - acc.joined[1];
        let r3 = o.joker_runs[2] - acc.joined[2];
        let base = acc.run_jokers + r1 + r2;
        if base > cap {
            return;
        }
        let fixed = self.p.fixed[n];
        let spare_table = self.p.table_free - o.table_free;
        let spare_scoring = self.p.hand_free - o.scoring;
        let w = if self.p.by_value { n as i32 } else { 1 };
        for long_go_on in 0..=r3 {
            if base + long_go_on > cap {
                break;
            }
            let max_start = if n <= 11 { cap - base - long_go_on } else { 0 };
            for started in 0..=max_start {
                if started > 0 && long_go_on < r3 {
                    continue;
                }
                for grouped in 0..=(cap - base - long_go_on - started) {
                    let total = base + long_go_on + started + grouped;
                    if total < fixed {
                        continue;
                    }
                    if !groups::feasible(acc.grouped, grouped) {
                        continue;
                    }
                    let free = total - fixed;
                    let lo = free.saturating_sub(spare_scoring);
                    let hi = free.min(spare_table);
                    for table_free in lo..=hi {
                        let scoring = free - table_free;
                        let value = acc.value + scoring as i32 * n as i32;
                        let next = Open {
                            runs: acc.runs,
                            joker_runs: [started, r1, r2 + long_go_on],
                            table_free: o.table_free + table_free,
                            scoring: o.scoring + scoring,
                            need: if self.track_need {
                                o.need.saturating_sub(value.max(0) as u16)
                            } else {
                                0
                            },
                        };
                        out.push(Step {
                            next: next.pack(),
                            gain: acc.gain + scoring as i32 * w,
                            colours: acc.colours,
                            jokers: JokerChoice {
                                long_go_on,
                                started,
                                grouped,
                                table_free,
                                scoring,
                            },
                        });
                    }
                }
            }
        }
    }
}
