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
//! What keeps it fast:
//! - a number is decided one colour at a time, with the states memoised
//!   halfway, so the colours' choices add up instead of multiplying;
//! - choices that can never beat another are not made (see [`Dp::colour`]),
//!   and open runs of 3+ that could not all go on are not told apart;
//! - branch and bound: a state that cannot beat the best play found so far
//!   is not searched. Its bound is the lesser of what is left in the hand
//!   and a *suffix bound*: the best score from number `n` on, with the free
//!   jokers still unused, from the most open state there is (every run of
//!   3+ that could go on is open). That state can do all any real state can
//!   at `n`, so its optimum bounds them all; it is computed once per problem,
//!   from 13 down, each number's search bounded by the next one's. It sees
//!   what the hand's count cannot: cards that cannot all be laid together,
//!   and jokers that cannot all be worth the most. The bounds are only
//!   computed when a first search without them takes long, which most
//!   positions do not;
//! - layers with nothing to decide are stepped over, and the state is a
//!   packed integer, changed by adding to its fields;
//! - the search remembers which choice was best, so that tracing the
//!   optimal play afterwards asks few states again.

use rustc_hash::FxHashMap;

use super::groups;

/// Worse than any real score.
pub(super) const NEG: i32 = i32::MIN / 4;

/// No bound known yet.
const OPEN: i32 = i32::MAX / 4;

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

/// A state inside number `n`, after the colours before `c` are decided,
/// packed into an integer. Fields, from the low bits:
/// - per colour, open runs of length 1, 2, 3+ (3 bits each; new runs for
///   decided colours);
/// - joker-only runs of length 1, 2, 3+ open before this number that no
///   number card of a decided colour has joined;
/// - decided colours giving one card, and two cards, to groups;
/// - jokers that continue coloured runs here;
/// - free table jokers, and scoring jokers, used before this number;
/// - value still missing (a first meld counted in cards), 9 bits.
type Key = u128;

const RUN_BITS: u32 = 3;
const COLOUR_BITS: u32 = 9;
const JOKER_RUNS: u32 = 36;
const ONES: u32 = 45;
const TWOS: u32 = 48;
const RUN_JOKERS: u32 = 51;
const TABLE_FREE: u32 = 55;
const SCORING: u32 = 58;
const NEED: u32 = 61;
/// Everything that only lives within a number (groups, run jokers).
const WITHIN: Key = ((1 << (TABLE_FREE - ONES)) - 1) << ONES;

fn field(key: Key, shift: u32, bits: u32) -> u8 {
    ((key >> shift) & ((1 << bits) - 1)) as u8
}

fn runs_of(key: Key, c: usize) -> [u8; 3] {
    let at = c as u32 * COLOUR_BITS;
    [
        field(key, at, RUN_BITS),
        field(key, at + RUN_BITS, RUN_BITS),
        field(key, at + 2 * RUN_BITS, RUN_BITS),
    ]
}

fn pack_runs(runs: [u8; 3]) -> Key {
    runs[0] as Key | (runs[1] as Key) << RUN_BITS | (runs[2] as Key) << (2 * RUN_BITS)
}

fn need_of(key: Key) -> u16 {
    (key >> NEED) as u16 & 0x1ff
}

/// Most value a threshold may ask for (it must fit the state's 9 bits).
pub(super) const MAX_THRESHOLD: u16 = 511;

/// One choice at a layer: where it leads and what it scores.
#[derive(Clone, Copy, Debug)]
struct Choice {
    child: Key,
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
    /// Which choice scores `value` (when exact), in the order of
    /// [`Dp::choices`].
    best: u16,
}

/// Layers per number: one per colour, then the jokers.
const LAYERS: usize = 5;
/// The layers whose states are memoised: each number's start, and halfway
/// through its colours. Memoising every layer saves nothing measurable: its
/// hash-table look-ups cost what they save (measured on the benchmark's
/// positions).
const MEMO_LAYERS: u32 = 0b00101;

/// Most free jokers (scoring or table) a problem has, plus one.
const JOKER_COUNTS: usize = 5;

/// The programme. Each number is decided in five layers — the four colours
/// one at a time, then the jokers — and states are memoised halfway through
/// the colours as well as between numbers, so the choices of the first two
/// colours and of the last two add up instead of multiplying.
/// The search is branch and bound (see [`Dp::best`]).
pub(super) struct Dp<'a> {
    p: &'a Counts,
    memo: Vec<FxHashMap<Key, Known>>,
    bufs: Vec<Vec<Choice>>,
    /// Whether the threshold is tracked in the state (cards objective).
    track_need: bool,
    /// `hand_bound[n][c]`: the score of every hand card from number `n`,
    /// colour `c` on (in layer order).
    hand_bound: [[i32; LAYERS]; 15],
    /// `joker_bound[n]`: what a scoring joker laid at place `n` or later
    /// can add at most.
    joker_bound: [i32; 15],
    /// `suffix[n][s][t]`: the most that can be scored from the start of
    /// number `n` with `s` scoring and `t` free table jokers still to lay
    /// ([`OPEN`] until known).
    suffix: [[[i32; JOKER_COUNTS]; JOKER_COUNTS]; 15],
    /// `inside[n][s][t]`: the same from inside number `n`, before its
    /// jokers are decided: the best of laying some jokers at `n` and the
    /// suffix bound of `n + 1` with the rest (hand cards at `n` not counted).
    inside: [[[i32; JOKER_COUNTS]; JOKER_COUNTS]; 15],
    /// Whether the suffix bounds have been computed.
    bounded: bool,
    /// `cards[n][c]`: copies of colour `c`, number `n`, table and hand.
    cards: [[u8; 4]; 15],
    /// `weight[n]`, `number[n]`: what a card at place `n` scores, its number.
    weight: [i32; 15],
    number: [u16; 15],
    /// States expanded so far, and the most the current search may expand
    /// before it gives up (see [`Dp::search`]).
    nodes: u64,
    /// States already reported by [`Dp::expanded`].
    counted: u64,
    limit: u64,
    aborted: bool,
    /// While an optimal path is traced, every layer is memoised: the trace
    /// asks about the same states again and again.
    tracing: bool,
}

/// States the search expands before it stops to compute the suffix bounds.
/// Most positions are solved within this without them, and the bounds cost
/// more than such a search; the rest need them (measured on the benchmark's
/// positions: 300 to 3,000 change the median and the 99th percentile by a
/// few per cent, computing the bounds at once costs the median half as much
/// again, never computing them triples the slowest).
const FIRST_TRY: u64 = 700;

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
            suffix: [[[OPEN; JOKER_COUNTS]; JOKER_COUNTS]; 15],
            inside: [[[OPEN; JOKER_COUNTS]; JOKER_COUNTS]; 15],
            bounded: false,
            cards: std::array::from_fn(|n| {
                std::array::from_fn(|c| {
                    if n <= 13 {
                        p.table[n][c] + p.hand[n][c]
                    } else {
                        0
                    }
                })
            }),
            weight: std::array::from_fn(|n| if (1..=13).contains(&n) { w(n) } else { 0 }),
            number: std::array::from_fn(|n| {
                if (1..=13).contains(&n) {
                    p.number(n)
                } else {
                    0
                }
            }),
            nodes: 0,
            counted: 0,
            limit: u64::MAX,
            aborted: false,
            tracing: false,
        }
    }

    /// Whether the places are numbers mirrored.
    pub fn mirrored(&self) -> bool {
        self.p.mirrored
    }

    /// States expanded since the last call.
    pub fn expanded(&mut self) -> u64 {
        let new = self.nodes - self.counted;
        self.counted = self.nodes;
        new
    }

    fn start(&self) -> Key {
        let need = if self.track_need { self.p.threshold } else { 0 };
        (need as Key) << NEED
    }

    /// The most the player can score, or [`NEG`] when the cards that must
    /// be laid cannot all be.
    pub fn optimum(&mut self) -> i32 {
        self.search(NEG - 1).0
    }

    /// The most the player can score, if it is more than `floor`.
    pub fn optimum_above(&mut self, floor: i32) -> Option<i32> {
        match self.search(floor) {
            (v, true) if v > floor => Some(v),
            _ => None,
        }
    }

    /// The search from the start, in two goes: first without the suffix
    /// bounds, for at most [`FIRST_TRY`] states; if that is not enough,
    /// with them. What the first go learnt stays in the memo.
    fn search(&mut self, floor: i32) -> (i32, bool) {
        let start = self.start();
        if !self.bounded {
            self.limit = self.nodes + FIRST_TRY;
            let first = self.best(1, 0, start, floor);
            self.limit = u64::MAX;
            if !self.aborted {
                return first;
            }
            self.aborted = false;
            self.suffix_bounds();
        }
        self.best(1, 0, start, floor)
    }

    /// Jokers still to lay before layer `c` of a number in state `key`:
    /// scoring ones and free table ones.
    fn spare(&self, key: Key) -> (usize, usize) {
        (
            (self.p.hand_free - field(key, SCORING, 3)) as usize,
            (self.p.table_free - field(key, TABLE_FREE, 3)) as usize,
        )
    }

    /// The most that can still be scored from layer `c` of number `n`.
    fn bound(&self, n: usize, c: usize, key: Key) -> i32 {
        let (s, t) = self.spare(key);
        let plain = self.hand_bound[n][c] + s as i32 * self.joker_bound[n];
        let suffix = if c == 0 {
            self.suffix[n][s][t]
        } else {
            self.hand_bound[n][c] - self.hand_bound[n + 1][0] + self.inside[n][s][t]
        };
        plain.min(suffix)
    }

    /// Computes the suffix bounds, from number 13 down: for each number and
    /// each count of jokers left, the optimum from the most open state.
    /// Each search is cut by the bounds of the numbers after it.
    fn suffix_bounds(&mut self) {
        if self.bounded {
            return;
        }
        self.bounded = true;
        let (most_s, most_t) = (self.p.hand_free as usize, self.p.table_free as usize);
        for s in 0..=most_s {
            for t in 0..=most_t {
                // Past 13, every free table joker must have been laid.
                self.suffix[14][s][t] = if t == 0 { 0 } else { NEG };
            }
        }
        for n in (2..=14).rev() {
            if n < 14 {
                for s in 0..=most_s {
                    for t in 0..=most_t {
                        let open = self.most_open(n, s, t);
                        self.suffix[n][s][t] = self.best(n, 0, open, NEG - 1).0;
                    }
                }
            }
            // Inside number n - 1: some jokers laid there, the rest later.
            let w = self.p.weight(n - 1);
            for s in 0..=most_s {
                for t in 0..=most_t {
                    let mut best = NEG;
                    for ls in 0..=s {
                        for lt in 0..=t {
                            let later = self.suffix[n][s - ls][t - lt];
                            if later > NEG {
                                best = best.max(later + ls as i32 * w);
                            }
                        }
                    }
                    self.inside[n - 1][s][t] = best;
                }
            }
        }
    }

    /// The most open state at the start of number `n` with `s` scoring and
    /// `t` free table jokers left: every colour has as many runs of 3+ as
    /// could go on there, and so have the joker-only runs. Whatever a real
    /// state can do from `n`, this one can too (a run of 3+ may do all a
    /// shorter one may, and may also stop), so its optimum bounds theirs.
    fn most_open(&self, n: usize, s: usize, t: usize) -> Key {
        let jokers = self.p.fixed[n] + (s + t) as u8;
        let mut key = ((self.p.table_free as usize - t) as Key) << TABLE_FREE
            | ((self.p.hand_free as usize - s) as Key) << SCORING;
        for c in 0..4 {
            let could = (self.p.table[n][c] + self.p.hand[n][c] + jokers).min(7);
            key |= pack_runs([0, 0, could]) << (c as u32 * COLOUR_BITS);
        }
        key | pack_runs([0, 0, jokers.min(7)]) << JOKER_RUNS
    }

    /// The most the player can score from layer `c` of number `n` in state
    /// `key` ([`NEG`] when the cards that must be laid cannot all be) —
    /// provided it is more than `floor`. Returns the score and `true`; or,
    /// when the best is at most `floor`, an upper bound and `false`.
    ///
    /// This is the branch and bound: a state whose bound cannot beat the
    /// floor is not searched, and choices are tried best gain first so that
    /// good plays raise the floor early.
    fn best(&mut self, n: usize, c: usize, key: Key, floor: i32) -> (i32, bool) {
        let (mut n, mut c, mut key) = (n, c, key);
        // Layers with one choice that changes nothing are stepped over:
        // colours with no copy and no run, numbers without jokers.
        loop {
            if n == 14 {
                return (self.finish(key), true);
            }
            if c < 4 && self.idle_colour(n, c, key) {
                c += 1;
            } else if c == 4 && self.idle_jokers(n, key) {
                if !groups::feasible_profile(field(key, ONES, 3), field(key, TWOS, 3), 0) {
                    return (NEG, true);
                }
                (n, c, key) = (n + 1, 0, key & !WITHIN);
            } else {
                break;
            }
        }
        let bound = self.bound(n, c, key);
        if bound <= floor {
            return (bound, false);
        }
        let slot = n * LAYERS + c;
        let memoised = self.tracing || MEMO_LAYERS & (1 << c) != 0;
        if memoised
            && let Some(k) = self.memo[slot].get(&key)
            && (k.exact || k.value <= floor)
        {
            return (k.value, k.exact);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return (OPEN, false);
        }
        let mut buf = std::mem::take(&mut self.bufs[slot]);
        self.choices(n, c, key, &mut buf);
        let (cn, cc) = if c == 4 { (n + 1, 0) } else { (n, c + 1) };
        let mut best = NEG;
        let mut best_at = 0;
        // The most any choice could score, for a memo entry that is only a bound.
        let mut most = NEG;
        for (i, s) in buf.iter().enumerate() {
            let (v, exact) = self.best(cn, cc, s.child, best.max(floor) - s.gain);
            if self.aborted {
                self.bufs[slot] = buf;
                return (OPEN, false);
            }
            if exact && v > NEG && v + s.gain > best {
                best = v + s.gain;
                best_at = i as u16;
            }
            most = most.max(v + s.gain);
        }
        self.bufs[slot] = buf;
        let known = if best > floor {
            Known {
                value: best,
                exact: true,
                best: best_at,
            }
        } else {
            Known {
                value: most.min(floor),
                exact: false,
                best: 0,
            }
        };
        if memoised {
            self.memo[slot].insert(key, known);
        }
        (known.value, known.exact)
    }

    /// Whether colour `c` has nothing to decide at number `n`: no copy (so
    /// nothing to join a joker-only run either) and no open run of its own.
    fn idle_colour(&self, n: usize, c: usize, key: Key) -> bool {
        self.cards[n][c] == 0 && (key >> (c as u32 * COLOUR_BITS)) & pack_runs([7, 7, 7]) == 0
    }

    /// Whether the jokers have nothing to decide at number `n`: none bound
    /// here, none free, none continuing a run, no joker-only run open.
    fn idle_jokers(&self, n: usize, key: Key) -> bool {
        self.p.fixed[n] == 0
            && self.spare(key) == (0, 0)
            && (key >> JOKER_RUNS) & pack_runs([7, 7, 7]) == 0
            && field(key, RUN_JOKERS, 3) == 0
    }

    /// The decisions of an optimal play, one step per number 1..=13
    /// (`None` when there is none).
    pub fn path(&mut self) -> Option<Vec<Step>> {
        let key = self.start();
        let total = self.optimum();
        if total <= NEG {
            return None;
        }
        self.tracing = true;
        let path = self.trace(key, total);
        self.tracing = false;
        path
    }

    fn trace(&mut self, mut key: Key, mut total: i32) -> Option<Vec<Step>> {
        let mut path = Vec::with_capacity(13);
        let mut options = Vec::new();
        for n in 1..=13 {
            let mut step = Step::default();
            for c in 0..LAYERS {
                self.choices(n, c, key, &mut options);
                let (cn, cc) = if c == 4 { (n + 1, 0) } else { (n, c + 1) };
                // The search remembers its best choice; where it did not
                // keep the state, the choices are asked one by one.
                let known = self.memo[n * LAYERS + c]
                    .get(&key)
                    .filter(|k| k.exact && k.value == total)
                    .map(|k| k.best as usize);
                let at = match known {
                    Some(at) => at,
                    None => options.iter().position(|o| {
                        let (v, exact) = self.best(cn, cc, o.child, total - o.gain - 1);
                        exact && v > NEG && v + o.gain == total
                    })?,
                };
                let choice = *options.get(at)?;
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
    fn finish(&self, key: Key) -> i32 {
        let short = (0..4).any(|c| {
            let [a1, a2, _] = runs_of(key, c);
            a1 > 0 || a2 > 0
        });
        let [r1, r2, _] = runs_of(key, 4);
        if short
            || r1 > 0
            || r2 > 0
            || field(key, TABLE_FREE, 3) != self.p.table_free
            || need_of(key) > 0
        {
            NEG
        } else {
            0
        }
    }

    /// How many runs of colour `c` (`None`: joker-only runs) could go on at
    /// number `n`, with `spare` free jokers left: a copy or a joker each.
    fn could_go_on(&self, n: usize, c: Option<usize>, spare: u8) -> u8 {
        if n > 13 {
            return 0;
        }
        let cards = match c {
            Some(c) => self.cards[n][c],
            None => self.cards[n].iter().sum(),
        };
        cards + self.p.fixed[n] + spare
    }

    /// The choices at layer `c` of number `n` in state `key`, best gain
    /// first (the search and the trace see them in the same order).
    fn choices(&self, n: usize, c: usize, key: Key, out: &mut Vec<Choice>) {
        out.clear();
        let (s, t) = self.spare(key);
        let spare = (s + t) as u8;
        let cap = self.p.fixed[n] + spare;
        let mut emit = |child, gain, colour, jokers| {
            out.push(Choice {
                child,
                gain,
                colour,
                jokers,
            })
        };
        if c == 4 {
            self.jokers(n, key, cap, spare, &mut emit);
            // Colours come best first already; jokers' gains vary.
            if out.len() > 1 {
                out.sort_by_key(|s| std::cmp::Reverse(s.gain));
            }
        } else {
            self.colour(n, c, key, cap, spare, &mut emit);
        }
    }

    /// Colour `c`'s choices at number `n`: copies laid, into groups, runs
    /// that go on (by a copy or a joker), joker-only runs joined, runs
    /// started; most copies laid first.
    ///
    /// Choices that another always matches are left out:
    /// - a joker never continues a run of this colour while a copy of this
    ///   card goes into a group, joins a joker-only run or starts a run: the
    ///   two can change places (a joker-only run is as good as a coloured
    ///   one, and a joker in a group may stand for this colour);
    /// - a run never starts beside a run of 3+ that stops: the card could
    ///   continue that run instead;
    /// - runs that must go on at the next number but could not are dropped
    ///   at once, and runs of 3+ beyond what could go on there are let stop.
    fn colour(
        &self,
        n: usize,
        c: usize,
        key: Key,
        cap: u8,
        spare: u8,
        emit: &mut impl FnMut(Key, i32, ColourChoice, JokerChoice),
    ) {
        let [a1, a2, a3] = runs_of(key, c);
        let t = self.p.table[n][c];
        let h = self.p.hand[n][c];
        let w = self.weight[n];
        let [f1, f2, f3] = runs_of(key, 4);
        let run_jokers = field(key, RUN_JOKERS, 3);
        let next_could = self.could_go_on(n + 1, Some(c), spare);
        let at = c as u32 * COLOUR_BITS;
        // A run must have 3 cards by number 13: nothing new starts at 12 or 13.
        let may_start = n <= 11;
        let base = key & !(pack_runs([7, 7, 7]) << at);
        let no_joins = f1 + f2 + f3 == 0;
        // Exclusive ranges throughout: inclusive ones cost more per step.
        for from_hand in (0..h + 1).rev() {
            let laid = t + from_hand;
            let mut base = base;
            if self.track_need {
                let need = need_of(key).saturating_sub(from_hand as u16 * self.number[n]);
                base = base & !((0x1ff as Key) << NEED) | (need as Key) << NEED;
            }
            let gain = from_hand as i32 * w;
            for grouped in 0..laid + 1 {
                let to_runs = laid - grouped;
                let base = match grouped {
                    1 => base + (1 << ONES),
                    2 => base + (1 << TWOS),
                    _ => base,
                };
                for long_go_on in 0..a3 + 1 {
                    let go_on = a1 + a2 + long_go_on;
                    let by_card = to_runs.min(go_on);
                    let jokers = run_jokers + go_on - by_card;
                    if jokers > cap {
                        break;
                    }
                    if by_card < go_on && grouped > 0 {
                        continue;
                    }
                    let base = base & !((7 as Key) << RUN_JOKERS) | (jokers as Key) << RUN_JOKERS;
                    let rest = to_runs - by_card;
                    let mut push = |j1: u8, j2: u8, j3: u8| {
                        let started = rest - j1 - j2 - j3;
                        if started > 0 && (long_go_on < a3 || !may_start) {
                            return;
                        }
                        let must = started + a1 + j1;
                        if must > next_could {
                            return;
                        }
                        let long = (a2 + long_go_on + j2 + j3).min(next_could - must);
                        // Colour c's runs were cleared from `base`; the
                        // joined runs leave the joker-only ones.
                        let child = (base | (pack_runs([started, a1 + j1, long]) << at))
                            - (pack_runs([j1, j2, j3]) << JOKER_RUNS);
                        emit(
                            child,
                            gain,
                            ColourChoice {
                                laid,
                                grouped,
                                long_go_on,
                                by_card,
                                joins: [j1, j2, j3],
                            },
                            JokerChoice::default(),
                        );
                    };
                    if no_joins {
                        push(0, 0, 0);
                        continue;
                    }
                    for j1 in 0..rest.min(f1) + 1 {
                        for j2 in 0..(rest - j1).min(f2) + 1 {
                            for j3 in 0..(rest - j1 - j2).min(f3) + 1 {
                                push(j1, j2, j3);
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
    fn jokers(
        &self,
        n: usize,
        key: Key,
        cap: u8,
        spare: u8,
        emit: &mut impl FnMut(Key, i32, ColourChoice, JokerChoice),
    ) {
        let [r1, r2, r3] = runs_of(key, 4);
        let base = field(key, RUN_JOKERS, 3) + r1 + r2;
        if base > cap {
            return;
        }
        let (ones, twos) = (field(key, ONES, 3), field(key, TWOS, 3));
        let fixed = self.p.fixed[n];
        let (spare_scoring, spare_table) = self.spare(key);
        let (spare_scoring, spare_table) = (spare_scoring as u8, spare_table as u8);
        let w = self.weight[n];
        let next_could = self.could_go_on(n + 1, None, spare);
        // The coloured runs stay; what lived within the number goes.
        let kept = key & !(WITHIN | pack_runs([7, 7, 7]) << JOKER_RUNS);
        for long_go_on in 0..r3 + 1 {
            if base + long_go_on > cap {
                break;
            }
            let max_start = if n <= 11 { cap - base - long_go_on } else { 0 };
            for started in 0..max_start + 1 {
                if started > 0 && long_go_on < r3 {
                    continue;
                }
                let must = started + r1;
                if must > next_could {
                    break;
                }
                let long = (r2 + long_go_on).min(next_could - must);
                let runs = pack_runs([started, r1, long]) << JOKER_RUNS;
                for grouped in 0..cap - base - long_go_on - started + 1 {
                    let total = base + long_go_on + started + grouped;
                    if total < fixed || !groups::feasible_profile(ones, twos, grouped) {
                        continue;
                    }
                    let free = total - fixed;
                    let lo = free.saturating_sub(spare_scoring);
                    let hi = free.min(spare_table);
                    for table_free in lo..hi + 1 {
                        let scoring = free - table_free;
                        let mut child = (kept | runs)
                            + ((table_free as Key) << TABLE_FREE)
                            + ((scoring as Key) << SCORING);
                        if self.track_need {
                            let need = need_of(key).saturating_sub(scoring as u16 * self.number[n]);
                            child = child & !((0x1ff as Key) << NEED) | (need as Key) << NEED;
                        }
                        emit(
                            child,
                            scoring as i32 * w,
                            ColourChoice::default(),
                            JokerChoice {
                                long_go_on,
                                started,
                                grouped,
                                table_free,
                                scoring,
                            },
                        );
                    }
                }
            }
        }
    }
}
