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
//!
//! Two things keep it fast. A number is decided one colour at a time, with
//! the states memoised halfway, so the colours' choices do not multiply.
//! And the search is branch and bound: what is left in the hand bounds what
//! a state can still score, and a state that cannot beat the best play found
//! so far is not searched further.

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
    /// What a laid card scores: `per_card`, plus `per_number` times its
    /// number (a joker's: the number it stands for).
    pub per_card: i32,
    pub per_number: i32,
    /// The numbers are mirrored (13 is read at place 1, 1 at place 13), so
    /// that a search by value decides the valuable cards first: a card at
    /// place `n` is worth `14 - n`.
    pub mirrored: bool,
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

/// The decisions at one number.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Step {
    pub colours: [ColourChoice; 4],
    pub jokers: JokerChoice,
}

/// A state inside number `n`, after the colours before `c` are decided:
/// the runs of those colours are already the new ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Mid {
    /// Per colour, open runs of length 1, 2, 3+ (new for decided colours).
    runs: [[u8; 3]; 4],
    /// Joker-only runs open before this number that no number card of a
    /// decided colour has joined.
    joker_runs: [u8; 3],
    /// Decided colours giving one card, and two cards, to groups.
    ones: u8,
    twos: u8,
    /// Jokers that continue coloured runs here.
    run_jokers: u8,
    /// Free table jokers and scoring jokers used before this number.
    table_free: u8,
    scoring: u8,
    /// Value still missing before this number (first meld counted in cards).
    need: u16,
    /// Value laid from the hand at this number so far (idem).
    value: u16,
}

impl Mid {
    fn pack(&self) -> u128 {
        let mut k = 0u128;
        for c in 0..4 {
            for l in 0..3 {
                k |= (self.runs[c][l] as u128) << (c * 9 + l * 3);
            }
        }
        for l in 0..3 {
            k |= (self.joker_runs[l] as u128) << (36 + l * 3);
        }
        k |= (self.ones as u128) << 54;
        k |= (self.twos as u128) << 57;
        k |= (self.run_jokers as u128) << 60;
        k |= (self.table_free as u128) << 64;
        k |= (self.scoring as u128) << 67;
        k |= (self.need as u128) << 70;
        k |= (self.value as u128) << 79;
        k
    }

    fn unpack(k: u128) -> Self {
        let mut m = Mid::default();
        for c in 0..4 {
            for l in 0..3 {
                m.runs[c][l] = ((k >> (c * 9 + l * 3)) & 7) as u8;
            }
        }
        for l in 0..3 {
            m.joker_runs[l] = ((k >> (36 + l * 3)) & 7) as u8;
        }
        m.ones = ((k >> 54) & 7) as u8;
        m.twos = ((k >> 57) & 7) as u8;
        m.run_jokers = ((k >> 60) & 15) as u8;
        m.table_free = ((k >> 64) & 7) as u8;
        m.scoring = ((k >> 67) & 7) as u8;
        m.need = ((k >> 70) & 0x1ff) as u16;
        m.value = ((k >> 79) & 0x1ff) as u16;
        m
    }
}

/// Most value a threshold may ask for (it must fit the state's 9 bits).
pub(super) const MAX_THRESHOLD: u16 = 511;

/// One choice at a layer: where it leads and what it scores.
#[derive(Clone, Copy, Debug)]
struct Choice {
    child: u128,
    gain: i32,
    colour: ColourChoice,
    jokers: JokerChoice,
}

/// A memoised result: the best score from a state, or, when the search was
/// cut short, an upper bound on it.
#[derive(Clone, Copy, Debug)]
struct Known {
    value: i32,
    exact: bool,
}

/// Layers per number: one per colour, then the jokers.
const LAYERS: usize = 5;
/// The layers whose states are memoised: each number's start, and halfway
/// through its colours. Memoising every layer costs more in hash-table
/// look-ups than it saves (measured on the benchmark's positions).
const MEMO_LAYERS: u32 = 0b00101;

/// The programme. Each number is decided in five layers — the four colours
/// one at a time, then the jokers — and states are memoised halfway through
/// the colours as well as between numbers, so the choices of the first two
/// colours and of the last two add up instead of multiplying.
/// The search is branch and bound (see [`Dp::best`]).
pub(super) struct Dp<'a> {
    p: &'a Counts,
    memo: Vec<FxHashMap<u128, Known>>,
    bufs: Vec<Vec<Choice>>,
    /// Whether the threshold is tracked in the state (cards objective).
    track_need: bool,
    /// `hand_bound[n][c]`: the score of every hand card from number `n`,
    /// colour `c` on (in layer order).
    hand_bound: [[i32; LAYERS]; 15],
    /// `joker_bound[n]`: what a scoring joker laid at place `n` or later
    /// can add at most.
    joker_bound: [i32; 15],
}

impl Counts {
    /// The number printed on the cards at place `n`.
    pub fn number(&self, n: usize) -> u16 {
        if self.mirrored {
            14 - n as u16
        } else {
            n as u16
        }
    }

    /// What a card laid at place `n` scores.
    pub fn weight(&self, n: usize) -> i32 {
        self.per_card + self.per_number * self.number(n) as i32
    }

    /// The same problem with the numbers mirrored.
    pub fn mirror(&self) -> Counts {
        let mut m = self.clone();
        m.mirrored = !self.mirrored;
        for n in 1..=13 {
            m.table[n] = self.table[14 - n];
            m.hand[n] = self.hand[14 - n];
            m.fixed[n] = self.fixed[14 - n];
        }
        m
    }
}

impl<'a> Dp<'a> {
    pub fn new(p: &'a Counts) -> Self {
        let w = |n: usize| p.weight(n);
        let mut hand_bound = [[0i32; LAYERS]; 15];
        for n in (1..=13).rev() {
            hand_bound[n][4] = hand_bound[n + 1][0];
            for c in (0..4).rev() {
                hand_bound[n][c] = hand_bound[n][c + 1] + p.hand[n][c] as i32 * w(n);
            }
        }
        Self {
            p,
            memo: (0..15 * LAYERS).map(|_| FxHashMap::default()).collect(),
            bufs: (0..15 * LAYERS).map(|_| Vec::new()).collect(),
            track_need: p.threshold > 0 && p.per_card > 0,
            hand_bound,
            joker_bound: std::array::from_fn(|n| (n.max(1)..=13).map(w).max().unwrap_or(0)),
        }
    }

    /// Whether the places are numbers mirrored.
    pub fn mirrored(&self) -> bool {
        self.p.mirrored
    }

    fn start(&self) -> u128 {
        Mid {
            need: if self.track_need { self.p.threshold } else { 0 },
            ..Mid::default()
        }
        .pack()
    }

    /// The most the player can score, or [`NEG`] when the cards that must
    /// be laid cannot all be.
    pub fn optimum(&mut self) -> i32 {
        let start = self.start();
        self.best(1, 0, start, NEG - 1).0
    }

    /// The most the player can score, if it is more than `floor`.
    pub fn optimum_above(&mut self, floor: i32) -> Option<i32> {
        let start = self.start();
        match self.best(1, 0, start, floor) {
            (v, true) if v > floor => Some(v),
            _ => None,
        }
    }

    /// The most that can still be scored from layer `c` of number `n`.
    fn bound(&self, n: usize, c: usize, key: u128) -> i32 {
        let scoring = ((key >> 67) & 7) as u8;
        self.hand_bound[n][c] + (self.p.hand_free - scoring) as i32 * self.joker_bound[n]
    }

    /// The most the player can score from layer `c` of number `n` in state
    /// `key` ([`NEG`] when the cards that must be laid cannot all be) —
    /// provided it is more than `floor`. Returns the score and `true`; or,
    /// when the best is at most `floor`, an upper bound and `false`.
    ///
    /// This is the branch and bound: a state whose every remaining hand card
    /// and joker could not beat the floor is not searched, and choices are
    /// tried best gain first so that good plays raise the floor early.
    fn best(&mut self, n: usize, c: usize, key: u128, floor: i32) -> (i32, bool) {
        if n == 14 {
            return (self.finish(key), true);
        }
        let bound = self.bound(n, c, key);
        if bound <= floor {
            return (bound, false);
        }
        let slot = n * LAYERS + c;
        let memoised = MEMO_LAYERS & (1 << c) != 0;
        if memoised
            && let Some(k) = self.memo[slot].get(&key)
            && (k.exact || k.value <= floor)
        {
            return (k.value, k.exact);
        }
        let mut buf = std::mem::take(&mut self.bufs[slot]);
        buf.clear();
        self.choices(n, c, key, &mut buf);
        buf.sort_unstable_by_key(|s| std::cmp::Reverse(s.gain));
        let (cn, cc) = if c == 4 { (n + 1, 0) } else { (n, c + 1) };
        let mut best = NEG;
        for s in &buf {
            let (v, exact) = self.best(cn, cc, s.child, best.max(floor) - s.gain);
            if exact && v > NEG && v + s.gain > best {
                best = v + s.gain;
            }
        }
        self.bufs[slot] = buf;
        let known = if best > floor {
            Known {
                value: best,
                exact: true,
            }
        } else {
            Known {
                value: floor,
                exact: false,
            }
        };
        if memoised {
            self.memo[slot].insert(key, known);
        }
        (known.value, known.exact)
    }

    /// The decisions of an optimal play, one step per number 1..=13
    /// (`None` when there is none).
    pub fn path(&mut self) -> Option<Vec<Step>> {
        let mut key = self.start();
        let mut total = self.optimum();
        if total <= NEG {
            return None;
        }
        let mut path = Vec::with_capacity(13);
        let mut buf = Vec::new();
        for n in 1..=13 {
            let mut step = Step::default();
            for c in 0..LAYERS {
                buf.clear();
                self.choices(n, c, key, &mut buf);
                let (cn, cc) = if c == 4 { (n + 1, 0) } else { (n, c + 1) };
                let choice = *buf.iter().find(|s| {
                    let (v, exact) = self.best(cn, cc, s.child, total - s.gain - 1);
                    exact && v > NEG && v + s.gain == total
                })?;
                total -= choice.gain;
                key = choice.child;
                if c < 4 {
                    step.colours[c] = choice.colour;
                } else {
                    step.jokers = choice.jokers;
                }
            }
            path.push(step);
        }
        Some(path)
    }

    /// Whether the state after number 13 is a finished table: no run left
    /// too short, every table joker laid, the threshold reached.
    fn finish(&self, key: u128) -> i32 {
        let m = Mid::unpack(key);
        let short = m.runs.iter().any(|r| r[0] > 0 || r[1] > 0)
            || m.joker_runs[0] > 0
            || m.joker_runs[1] > 0;
        if short || m.table_free != self.p.table_free || m.need > 0 {
            NEG
        } else {
            0
        }
    }

    fn choices(&self, n: usize, c: usize, key: u128, out: &mut Vec<Choice>) {
        let m = Mid::unpack(key);
        let spare = (self.p.table_free - m.table_free) + (self.p.hand_free - m.scoring);
        let cap = self.p.fixed[n] + spare;
        if c == 4 {
            self.jokers(n, &m, cap, out);
        } else {
            self.colour(n, c, &m, cap, out);
        }
    }

    /// Colour `c`'s choices at number `n`: copies laid, into groups, runs
    /// that go on (by a copy or a joker), joker-only runs joined, runs started.
    fn colour(&self, n: usize, c: usize, m: &Mid, cap: u8, out: &mut Vec<Choice>) {
        let [a1, a2, a3] = m.runs[c];
        let t = self.p.table[n][c];
        let h = self.p.hand[n][c];
        let w = self.p.weight(n);
        // A run must have 3 cards by number 13: nothing new starts at 12 or 13.
        let may_start = n <= 11;
        let free_joins = m.joker_runs;
        for laid in t..=t + h {
            let from_hand = laid - t;
            for grouped in 0..=laid {
                let to_runs = laid - grouped;
                for long_go_on in 0..=a3 {
                    let go_on = a1 + a2 + long_go_on;
                    for by_card in 0..=to_runs.min(go_on) {
                        let run_jokers = m.run_jokers + (go_on - by_card);
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
                                    let mut next = *m;
                                    next.runs[c] = [started, a1 + j1, a2 + long_go_on + j2 + j3];
                                    match grouped {
                                        1 => next.ones += 1,
                                        2 => next.twos += 1,
                                        _ => {}
                                    }
                                    next.run_jokers = run_jokers;
                                    next.joker_runs[0] -= j1;
                                    next.joker_runs[1] -= j2;
                                    next.joker_runs[2] -= j3;
                                    if self.track_need {
                                        next.value += from_hand as u16 * self.p.number(n);
                                    }
                                    out.push(Choice {
                                        child: next.pack(),
                                        gain: from_hand as i32 * w,
                                        colour: ColourChoice {
                                            laid,
                                            grouped,
                                            long_go_on,
                                            by_card,
                                            joins: [j1, j2, j3],
                                        },
                                        jokers: JokerChoice::default(),
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The jokers' choices at number `n`, once the colours are decided: the
    /// joker-only runs that go on, new ones, jokers in groups, and which
    /// jokers (bound to this number, free table ones, scoring ones) are laid.
    fn jokers(&self, n: usize, m: &Mid, cap: u8, out: &mut Vec<Choice>) {
        let [r1, r2, r3] = m.joker_runs;
        let base = m.run_jokers + r1 + r2;
        if base > cap {
            return;
        }
        let fixed = self.p.fixed[n];
        let spare_table = self.p.table_free - m.table_free;
        let spare_scoring = self.p.hand_free - m.scoring;
        let w = self.p.weight(n);
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
                    if total < fixed || !groups::feasible_profile(m.ones, m.twos, grouped) {
                        continue;
                    }
                    let free = total - fixed;
                    let lo = free.saturating_sub(spare_scoring);
                    let hi = free.min(spare_table);
                    for table_free in lo..=hi {
                        let scoring = free - table_free;
                        let value = m.value + scoring as u16 * self.p.number(n);
                        let next = Mid {
                            runs: m.runs,
                            joker_runs: [started, r1, r2 + long_go_on],
                            table_free: m.table_free + table_free,
                            scoring: m.scoring + scoring,
                            need: if self.track_need {
                                m.need.saturating_sub(value)
                            } else {
                                0
                            },
                            ..Mid::default()
                        };
                        out.push(Choice {
                            child: next.pack(),
                            gain: scoring as i32 * w,
                            colour: ColourChoice::default(),
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
