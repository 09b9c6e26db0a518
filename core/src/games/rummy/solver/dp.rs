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
//! - a number is decided one colour at a time, with the states after each
//!   colour memoised, so the colours' choices add up instead of
//!   multiplying (memoising only halfway through the colours costs about
//!   the same on typical positions and twice as much on the hardest);
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
//!   positions do not; and from number 7 down the search is tried again
//!   after each number, the earlier bounds derived, as the first numbers'
//!   bounds often cost more than the search they would cut (once a try
//!   has failed, a number's bounds and the search take turns, each for
//!   as many states as all before, until one finishes);
//! - layers with nothing to decide are stepped over, and the state is a
//!   packed integer, changed by adding to its fields; a layer's choices
//!   are worked out once for each value of the few fields they read, and
//!   applied to a state as changes;
//! - the search waits on memory more than it computes: a state's memo
//!   entry is found once and written in place, keyed by 64 bits; states
//!   with no choice or one are not kept at all, and a layer's choices are
//!   kept in 32 bytes each;
//! - the search remembers which choice was best, so that tracing the
//!   optimal play afterwards asks few states again.

use std::collections::hash_map::Entry;

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
/// - free jokers used before this number (the hand's are counted first,
///   see [`Dp::jokers`]);
/// - how many free table jokers the table laid so far could still take in,
///   were they left over (see [`Dp::finish`]): bit 0 one, bit 1 two;
/// - value still missing (a first meld counted in cards), 9 bits.
type Key = u128;

const RUN_BITS: u32 = 3;
const COLOUR_BITS: u32 = 9;
const JOKER_RUNS: u32 = 36;
const ONES: u32 = 45;
const TWOS: u32 = 48;
const RUN_JOKERS: u32 = 51;
const FREE_USED: u32 = 55;
const ROOM: u32 = 58;
const NEED: u32 = 61;
/// Bits of a state that are always clear (see [`Dp::memo_key`]).
const SPARE_AT: [u32; 6] = [
    60,
    RUN_JOKERS + 3,
    RUN_BITS - 1,
    COLOUR_BITS + RUN_BITS - 1,
    2 * COLOUR_BITS + RUN_BITS - 1,
    3 * COLOUR_BITS + RUN_BITS - 1,
];
const SPARE_BITS: u64 = {
    let mut bits = 0;
    let mut i = 0;
    while i < SPARE_AT.len() {
        bits |= 1 << SPARE_AT[i];
        i += 1;
    }
    bits
};

/// Everything that only lives within a number (groups, run jokers).
const WITHIN: Key = ((1 << (FREE_USED - ONES)) - 1) << ONES;
/// Room for one and for two left-over jokers.
const ALL_ROOM: Key = 0b11 << ROOM;

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

/// The runs of length 1 of the four colours, each in its lane of
/// [`COLOUR_BITS`] bits.
const LANE_LOW: u64 = 0b111 | 0b111 << 9 | 0b111 << 18 | 0b111 << 27;
/// The top bit of each colour's lane.
const LANE_TOP: u64 = 1 << 8 | 1 << 17 | 1 << 26 | 1 << 35;
/// `DECIDED[c]`: the lanes of the colours before `c`.
const DECIDED: [u64; 5] = [0, 0x1ff, 0x3ffff, 0x7ffffff, 0xf_ffff_ffff];

/// Per lane, what `have` lacks of `need` (`need - have`, or 0), both
/// holding at most 127 a lane: the top bit of each lane keeps the lanes'
/// subtractions apart.
fn lanes_short(need: u64, have: u64) -> u64 {
    let t = (need | LANE_TOP) - have;
    let kept = (t & LANE_TOP) >> 8;
    t & (kept * 0xff)
}

/// The sum of the four lanes (each at most 127).
fn lane_sum(lanes: u64) -> u8 {
    (lanes.wrapping_mul(1 | 1 << 9 | 1 << 18 | 1 << 27) >> 27 & 0x1ff) as u8
}

/// `GROUP_JOKERS[ones][twos][u1][u2]`: the fewest jokers that make whole
/// groups of what `ones` colours giving one card and `twos` giving two
/// already put in, when the colours still to decide may add one card (`u1`
/// colours with a copy) or two (`u2` of them with two copies); 16, more
/// than a problem has, when no number of jokers does.
const GROUP_JOKERS: [[[[u8; 5]; 5]; 5]; 5] = {
    let mut table = [[[[16u8; 5]; 5]; 5]; 5];
    let mut ones = 0;
    while ones < 5 {
        let mut twos = 0;
        while twos < 5 {
            let mut u1 = 0;
            while u1 < 5 {
                let mut u2 = 0;
                while u2 <= u1 {
                    let mut least = 16;
                    // a colours add one card, b add two.
                    let mut b = 0;
                    while b <= u2 {
                        let mut a = 0;
                        while a + b <= u1 {
                            let mut j = 0;
                            while j < least {
                                if groups::feasible_profile(ones + a, twos + b, j) {
                                    least = j;
                                }
                                j += 1;
                            }
                            a += 1;
                        }
                        b += 1;
                    }
                    table[ones as usize][twos as usize][u1 as usize][u2 as usize] = least;
                    u2 += 1;
                }
                u1 += 1;
            }
            twos += 1;
        }
        ones += 1;
    }
    table
};

/// The value still missing.
const NEED_MASK: Key = (0x1ff as Key) << NEED;

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

/// A choice worked out once for a layer (see [`Dp::choices`]): the change
/// to the state for a child, what it scores and decides, the room it gains
/// and the cards or jokers it lays from the hand. Kept small (32 bytes
/// rather than 80): the hard positions keep tens of thousands of these,
/// read as the search goes, and the search waits on memory. The change
/// lies in the low 64 bits (the value still missing, the one field past
/// them, is applied afterwards), and the room is two bits.
#[derive(Clone, Copy, Debug)]
struct Cached {
    change: u64,
    gain: i32,
    colour: ColourChoice,
    jokers: JokerChoice,
    room: u8,
    laid: u8,
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

/// Most free jokers (from the hand or the table) a problem has, plus one.
const JOKER_COUNTS: usize = 5;

/// The programme. Each number is decided in five layers — the four colours
/// one at a time, then the jokers — with every layer's states memoised, so
/// the colours' choices add up instead of multiplying.
/// The search is branch and bound (see [`Dp::best`]).
pub(super) struct Dp<'a> {
    p: &'a Counts,
    /// Per layer, what is known of each state (by [`Dp::memo_key`]).
    memo: Vec<FxHashMap<u64, Known>>,
    /// Each layer's choices by the fields they depend on (a range of
    /// `cached`).
    layer_cache: Vec<FxHashMap<u32, (u32, u32)>>,
    cached: Vec<Cached>,
    /// Room to work out a layer's choices in.
    scratch: Vec<Choice>,
    /// Whether the threshold is tracked in the state (cards objective).
    track_need: bool,
    /// `hand_bound[n][c]`: the score of every hand card from number `n`,
    /// colour `c` on (in layer order).
    hand_bound: [[i32; LAYERS]; 15],
    /// `joker_bound[n]`: what a scoring joker laid at place `n` or later
    /// can add at most.
    joker_bound: [i32; 15],
    /// `suffix[n][k]`: the most that can be scored from the start of
    /// number `n` with `k` free jokers unused ([`OPEN`] until known).
    suffix: [[i32; JOKER_COUNTS]; 15],
    /// `inside[n][k][m]`: the same from inside number `n`, before its
    /// jokers are decided, when at least `m` free jokers must be laid at
    /// `n`: the best of laying some there and the suffix bound of `n + 1`
    /// with the rest (hand cards at `n` not counted).
    inside: [[[i32; JOKER_COUNTS]; JOKER_COUNTS]; 15],
    /// `ahead[n][k][m][m2]`: the same when also at least `m2` free jokers
    /// must be laid at `n + 1` (the lesser of the suffix bound of `n + 1`
    /// and its `inside` bound with `m2`).
    ahead: Box<[[[[i32; JOKER_COUNTS]; JOKER_COUNTS]; JOKER_COUNTS]; 15]>,
    /// Free jokers in all: the hand's and the free table ones.
    free: u8,
    /// Whether the suffix bounds have been computed (or as many of them
    /// as the search needed).
    bounded: bool,
    /// `cards[n][c]`: copies of colour `c`, number `n`, table and hand.
    cards: [[u8; 4]; 15],
    /// `lanes[n]`: the same, colour `c` at bit `9 c` (as the state keeps
    /// its runs), to count the jokers runs need four colours at once.
    lanes: [u64; 15],
    /// `group_room[n][c]`: the colours from `c` on with a copy at `n`, and
    /// with two (what they could still add to the groups there).
    group_room: [[[u8; 2]; LAYERS]; 15],
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
}

/// States the search expands before it stops to compute the suffix bounds.
/// Most positions are solved within this without them, and the bounds cost
/// more than such a search; the rest need them (measured on the benchmark's
/// positions: 300 to 3,000 change the median and the 99th percentile by a
/// few per cent, computing the bounds at once costs the median half as much
/// again, never computing them triples the slowest).
const FIRST_TRY: u64 = 700;

/// The number from which, once its suffix bounds are known, the search is
/// tried again after each number with the bounds before it derived. On the
/// hard positions whether the first numbers' bounds pay for themselves
/// varies: trying from 7 down cuts the most states taken by a third and
/// the median by a third (5, 6, 8, 9 and 11 do less well, as does a budget
/// of half or twice the bounds' states).
const RETRY_FROM: usize = 7;

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
            layer_cache: (0..15 * LAYERS).map(|_| FxHashMap::default()).collect(),
            cached: Vec::new(),
            scratch: Vec::new(),
            track_need: p.threshold > 0 && p.per_card > 0,
            hand_bound,
            joker_bound: std::array::from_fn(|n| (n.max(1)..=13).map(w).max().unwrap_or(0)),
            suffix: [[OPEN; JOKER_COUNTS]; 15],
            inside: [[[OPEN; JOKER_COUNTS]; JOKER_COUNTS]; 15],
            ahead: Box::new([[[[OPEN; JOKER_COUNTS]; JOKER_COUNTS]; JOKER_COUNTS]; 15]),
            free: p.hand_free + p.table_free,
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
            lanes: std::array::from_fn(|n| {
                (0..4)
                    .filter(|_| (1..=13).contains(&n))
                    .map(|c| ((p.table[n][c] + p.hand[n][c]) as u64) << (c as u32 * COLOUR_BITS))
                    .sum()
            }),
            group_room: std::array::from_fn(|n| {
                std::array::from_fn(|c| {
                    let copies = |d: usize| {
                        if (1..=13).contains(&n) {
                            p.table[n][d] + p.hand[n][d]
                        } else {
                            0
                        }
                    };
                    let one = (c..4).filter(|&d| copies(d) >= 1).count() as u8;
                    let two = (c..4).filter(|&d| copies(d) >= 2).count() as u8;
                    [one, two]
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
        }
    }

    /// Whether the places are numbers mirrored.
    pub fn mirrored(&self) -> bool {
        self.p.mirrored
    }

    /// Free table jokers: those the play leaves over are put in by
    /// [`super::build::build`].
    pub fn table_free(&self) -> u8 {
        self.p.table_free
    }

    /// States expanded since the last call.
    pub fn expanded(&mut self) -> u64 {
        let new = self.nodes - self.counted;
        self.counted = self.nodes;
        new
    }

    fn start(&self) -> Key {
        let need = if self.track_need { self.p.threshold } else { 0 };
        // Without free table jokers nothing is ever left over.
        let room = if self.p.table_free == 0 { ALL_ROOM } else { 0 };
        (need as Key) << NEED | room
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

    /// The search from the start, in goes: first without the suffix
    /// bounds, for at most [`FIRST_TRY`] states; if that is not enough, the
    /// suffix bounds are searched for from 13 down, and from
    /// [`RETRY_FROM`] on, after each number, the search is tried again with
    /// the bounds before it derived (see [`Dp::derive_suffix`]), for at
    /// most as many states as the bounds and the tries have taken so far.
    /// Once a try has failed, a number's bounds are searched for in the
    /// same measure: when they take as many states as all before them, the
    /// search is tried again for as many, and so on in turn until one of
    /// the two finishes (on the hard positions a number's bounds could take
    /// more states than the search they served; this bounds the waste).
    /// What each go learnt stays in the memo: exact values are exact, and
    /// bounds found with derived suffix bounds are still bounds, so a go
    /// cut short is taken up again where it stopped, not from nothing.
    fn search(&mut self, floor: i32) -> (i32, bool) {
        let start = self.start();
        if !self.bounded {
            self.bounded = true;
            if let Some(found) = self.try_search(start, floor, FIRST_TRY) {
                return found;
            }
            let spent = self.nodes;
            self.suffix[14] = [0; JOKER_COUNTS];
            self.inside_bounds(14);
            let mut tried = false;
            for n in (2..=13).rev() {
                if tried {
                    while !self.try_suffix_bound(n, self.nodes - spent) {
                        if let Some(found) = self.try_search(start, floor, self.nodes - spent) {
                            return found;
                        }
                    }
                } else {
                    self.suffix_bound(n);
                }
                if (3..=RETRY_FROM).contains(&n) {
                    for m in (2..n).rev() {
                        self.derive_suffix(m);
                    }
                    if let Some(found) = self.try_search(start, floor, self.nodes - spent) {
                        return found;
                    }
                    tried = true;
                }
            }
        }
        self.best(1, 0, start, floor)
    }

    /// [`Dp::suffix_bound`] for at most `limit` states; `false`, the
    /// bounds of `n` left as they were (derived), when that was not enough.
    fn try_suffix_bound(&mut self, n: usize, limit: u64) -> bool {
        let derived = self.suffix[n];
        self.limit = self.nodes + limit;
        self.suffix_bound(n);
        self.limit = u64::MAX;
        if self.aborted {
            self.aborted = false;
            self.suffix[n] = derived;
            false
        } else {
            true
        }
    }

    /// The search from the start for at most `limit` states; `None` when
    /// that was not enough.
    fn try_search(&mut self, start: Key, floor: i32, limit: u64) -> Option<(i32, bool)> {
        self.limit = self.nodes + limit;
        let found = self.best(1, 0, start, floor);
        self.limit = u64::MAX;
        if self.aborted {
            self.aborted = false;
            None
        } else {
            Some(found)
        }
    }

    /// Free jokers not yet laid before layer `c` of a number in state `key`.
    fn spare(&self, key: Key) -> u8 {
        self.free - field(key, FREE_USED, 3)
    }

    /// How many of `k` free jokers not yet laid are the hand's: the hand's
    /// are laid first (see [`Dp::jokers`]).
    fn scoring_of(&self, k: u8) -> u8 {
        k.saturating_sub(self.p.table_free)
    }

    /// The most that can still be scored from layer `c` of number `n`.
    // Inlined: it is asked for every state the search reaches.
    #[inline(always)]
    fn bound(&self, n: usize, c: usize, key: Key) -> i32 {
        let k = self.spare(key);
        let plain = self.hand_bound[n][c] + self.scoring_of(k) as i32 * self.joker_bound[n];
        // Free jokers that must be laid at n whatever else happens (runs
        // that must go on without a copy, groups short of cards).
        let must = self.jokers_needed(n, c, key);
        if must > k {
            return NEG;
        }
        let here = self.hand_bound[n][c] - self.hand_bound[n + 1][0];
        let next = self.jokers_next(n, c, key) as usize;
        let inside = here + self.ahead[n][k as usize][must as usize][next.min(JOKER_COUNTS - 1)];
        let suffix = if c == 0 {
            inside.min(self.suffix[n][k as usize])
        } else {
            inside
        };
        plain.min(suffix)
    }

    /// At layer `c` of number `n` in state `key`: the free jokers that must
    /// be laid at `n + 1` at least. A run of length 1 or 2 after `n` goes on
    /// at `n + 1` with a copy or a joker: the decided colours' new runs, and
    /// the runs of length 1 of the colours still to decide. (More than
    /// there can be jokers reads as none possible.)
    fn jokers_next(&self, n: usize, c: usize, key: Key) -> u8 {
        if n >= 13 {
            return 0;
        }
        // Per colour at once (see [`lanes_short`]): runs of length 1, and
        // of length 2 for the colours decided.
        let runs = key as u64;
        let going = (runs & LANE_LOW) + (runs >> RUN_BITS & LANE_LOW & DECIDED[c]);
        lane_sum(lanes_short(going, self.lanes[n + 1])).saturating_sub(self.p.fixed[n + 1])
    }

    /// At layer `c` of number `n` in state `key`: the free jokers that must
    /// be laid there at least. Those already going on coloured runs; a run
    /// of length 1 or 2 of a colour still to decide goes on with a copy of
    /// its colour or a joker, a joker-only one that no copy joined yet with
    /// a copy of such a colour not needed so, or a joker; and the groups
    /// take the fewest jokers that make them whole with what the colours
    /// still to decide could add (see [`GROUP_JOKERS`]; none possible: more
    /// than there can be). The jokers bound to `n` count first.
    fn jokers_needed(&self, n: usize, c: usize, key: Key) -> u8 {
        let runs = key as u64;
        // Per colour at once (see [`lanes_short`]), the colours still to
        // decide only.
        let open = !DECIDED[c] & DECIDED[4];
        let going = ((runs & LANE_LOW) + (runs >> RUN_BITS & LANE_LOW)) & open;
        let cards = self.lanes[n] & open;
        let short = lane_sum(lanes_short(going, cards));
        let copies_over = lane_sum(lanes_short(cards, going));
        let [r1, r2, _] = runs_of(key, 4);
        let [u1, u2] = self.group_room[n][c];
        let groups = GROUP_JOKERS[field(key, ONES, 3).min(4) as usize]
            [field(key, TWOS, 3).min(4) as usize][u1 as usize][u2 as usize];
        let must = field(key, RUN_JOKERS, 3) + short + (r1 + r2).saturating_sub(copies_over);
        let must = must + groups;
        must.saturating_sub(self.p.fixed[n])
    }

    /// The suffix bounds of number `n`, searched for: for each count of
    /// free jokers left, the optimum from the most open state (see
    /// [`Dp::most_open`]). Each search is cut by the bounds of the numbers
    /// after it, which must be known. (Searching only the later numbers'
    /// and deriving the first few from them saves a tenth to a third on
    /// most hard positions, but the hill-climb then finds positions, by
    /// value with four jokers in hand, that take five times as long: there
    /// the jokers are decided at the first numbers. Hence [`Dp::search`]
    /// tries both as it goes.)
    fn suffix_bound(&mut self, n: usize) {
        for k in 0..=self.free {
            let open = self.most_open(n, k);
            // With a joker more the most open state does at least as well
            // (it may leave it over): search only above.
            let fewer = if k > 0 {
                self.suffix[n][k as usize - 1]
            } else {
                NEG
            };
            // Nor when no more than that can be scored from it anyway.
            if fewer > NEG && self.bound(n, 0, open) <= fewer {
                self.suffix[n][k as usize] = fewer;
                continue;
            }
            let (v, exact) = self.best(n, 0, open, fewer.max(NEG) - 1);
            // Cut short by [`Dp::try_suffix_bound`]'s limit: nothing learnt.
            if self.aborted {
                return;
            }
            self.suffix[n][k as usize] = if exact { v } else { fewer };
        }
        self.inside_bounds(n);
    }

    /// The suffix bounds of number `n` derived from those of `n + 1`: its
    /// hand cards, and the best share of jokers between it and what
    /// follows. Looser than searched ones, but free.
    fn derive_suffix(&mut self, n: usize) {
        let here = self.hand_bound[n][0] - self.hand_bound[n + 1][0];
        for k in 0..=self.free as usize {
            self.suffix[n][k] = here + self.ahead[n][k][0][0];
        }
        self.inside_bounds(n);
    }

    /// The bounds inside number `n - 1` from the suffix bounds of `n`: some
    /// jokers laid at `n - 1` (at least m), the rest later (with at least
    /// m2 at `n`).
    fn inside_bounds(&mut self, n: usize) {
        let w = self.weight[n - 1];
        let here = self.hand_bound[n][0] - self.hand_bound[(n + 1).min(14)][0];
        for k in 0..=self.free as usize {
            let mut best = NEG;
            let mut ahead = [NEG; JOKER_COUNTS];
            for laid in (0..=k).rev() {
                let left = k - laid;
                let scoring = laid.min(self.scoring_of(k as u8) as usize) as i32 * w;
                let later = self.suffix[n][left];
                if later > NEG {
                    best = best.max(later + scoring);
                }
                self.inside[n - 1][k][laid] = best;
                for (m2, most) in ahead.iter_mut().enumerate() {
                    let later = if m2 > left {
                        NEG
                    } else if n == 14 {
                        if m2 == 0 { later } else { NEG }
                    } else {
                        later.min(here + self.inside[n][left][m2])
                    };
                    if later > NEG {
                        *most = (*most).max(later + scoring);
                    }
                }
                self.ahead[n - 1][k][laid] = ahead;
            }
        }
    }

    /// The most open state at the start of number `n` with `k` free jokers
    /// left: every colour has a run of 3+ for each copy at `n`, there is a
    /// joker-only run of 3+ for each joker that could be laid at `n`, and
    /// room for any jokers left over. Whatever a real state can do from `n`,
    /// this one can too: a run of 3+ may do all a shorter one may, and may
    /// also stop; a run a real state goes on with a copy, this one goes on
    /// with the same copy; a run a real state goes on with a joker, this one
    /// goes on as a joker-only run, which any colour may later join. So its
    /// optimum bounds theirs.
    fn most_open(&self, n: usize, k: u8) -> Key {
        let jokers = self.p.fixed[n] + k;
        let mut key = ((self.free - k) as Key) << FREE_USED | ALL_ROOM;
        for c in 0..4 {
            key |= pack_runs([0, 0, self.cards[n][c]]) << (c as u32 * COLOUR_BITS);
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
        let (mut n, mut c, mut key, mut floor) = (n, c, key, floor);
        // What the forced choices stepped over below have scored.
        let mut forced = 0;
        let (value, exact) = loop {
            // Layers with one choice that changes nothing are stepped over:
            // colours with no copy and no run, numbers without jokers.
            if n == 14 {
                break (self.finish(key), true);
            }
            if c < 4 && self.idle_colour(n, c, key) {
                c += 1;
                continue;
            } else if c == 4 && self.idle_jokers(n, key) {
                if !groups::feasible_profile(field(key, ONES, 3), field(key, TWOS, 3), 0) {
                    break (NEG, true);
                }
                (n, c, key) = (n + 1, 0, key & !WITHIN);
                continue;
            }
            let bound = self.bound(n, c, key);
            if bound <= floor {
                break (bound, false);
            }
            let mut scratch = std::mem::take(&mut self.scratch);
            let range = self.layer_choices(n, c, key, &mut scratch);
            self.scratch = scratch;
            // A state with no choice, or one, is not kept: half the states
            // of the hard positions are such, and keeping them cost more
            // than asking again (a dead end is known from its layer's
            // choices, a forced choice's score from the state it leads to).
            // Nor is it looked for in the memo (its choices, which depend
            // on the state alone, are read first): such a state is never
            // there, and looking cost a hash probe for each of them.
            if range.len() <= 1 {
                let Some(i) = range.clone().next() else {
                    break (NEG, true);
                };
                self.nodes += 1;
                if self.nodes > self.limit {
                    self.aborted = true;
                    return (OPEN, false);
                }
                let s = self.choice(n, c, key, i);
                forced += s.gain;
                floor -= s.gain;
                (n, c, key) = if c == 4 {
                    (n + 1, 0, s.child)
                } else {
                    (n, c + 1, s.child)
                };
                continue;
            }
            let slot = n * LAYERS + c;
            // The layer's memo is taken out while its state is searched: the
            // search below only reaches later layers, so one look-up both
            // reads the state's entry and keeps its place to write the
            // result in.
            let mut memo = std::mem::take(&mut self.memo[slot]);
            let entry = match memo.entry(self.memo_key(key)) {
                Entry::Occupied(e) => {
                    let k = *e.get();
                    if k.exact || k.value <= floor {
                        self.memo[slot] = memo;
                        break (k.value, k.exact);
                    }
                    Entry::Occupied(e)
                }
                e => e,
            };
            let known = entry.or_insert(Known {
                // Until the search below finishes, nothing is known (a
                // search cut short leaves it so).
                value: OPEN,
                exact: false,
                best: 0,
            });
            let found = self.expand(n, c, key, floor, range, known);
            self.memo[slot] = memo;
            break found;
        };
        if value > NEG && value < OPEN {
            (value + forced, exact)
        } else {
            (value, exact)
        }
    }

    /// A state as 64 bits, for the memo (half the memory of 128, and the
    /// search waits on memory): the value still missing, tracked only for
    /// a first meld counted in cards, has bits past 64, which go in six
    /// bits that are always clear — bit 60, the top bit of the jokers
    /// continuing runs (at most four), and the top bit of each colour's
    /// runs of length 1 (at most two: one per copy).
    fn memo_key(&self, key: Key) -> u64 {
        let low = key as u64;
        debug_assert_eq!(low & SPARE_BITS, 0, "a spare bit is set");
        if !self.track_need {
            return low;
        }
        let high = (key >> 64) as u64;
        let mut out = low;
        for (i, at) in SPARE_AT.iter().enumerate() {
            out |= (high >> i & 1) << at;
        }
        out
    }

    /// The search of [`Dp::best`] below a state that is not known well
    /// enough, its layer's choices kept at `range` of `cached`, writing
    /// what it learns in `known`.
    fn expand(
        &mut self,
        n: usize,
        c: usize,
        key: Key,
        floor: i32,
        range: std::ops::Range<usize>,
        known: &mut Known,
    ) -> (i32, bool) {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return (OPEN, false);
        }
        let first = range.start;
        let (cn, cc) = if c == 4 { (n + 1, 0) } else { (n, c + 1) };
        let mut best = NEG;
        let mut best_at = 0;
        // The most any choice could score, for a memo entry that is only a bound.
        let mut most = NEG;
        for i in range {
            let s = self.choice(n, c, key, i);
            let (v, exact) = self.best(cn, cc, s.child, best.max(floor) - s.gain);
            if self.aborted {
                return (OPEN, false);
            }
            if exact && v > NEG && v + s.gain > best {
                best = v + s.gain;
                best_at = (i - first) as u16;
            }
            most = most.max(v + s.gain);
        }
        *known = if best > floor {
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
            && self.spare(key) == 0
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
        self.trace(key, total)
    }

    fn trace(&mut self, mut key: Key, mut total: i32) -> Option<Vec<Step>> {
        let mut path = Vec::with_capacity(13);
        let mut options = Vec::new();
        for n in 1..=13 {
            let mut step = Step::default();
            for c in 0..LAYERS {
                self.choices(n, c, key, &mut options);
                let (cn, cc) = if c == 4 { (n + 1, 0) } else { (n, c + 1) };
                // The search remembers its best choice; where it only
                // learnt a bound, or stepped over the layer, the choices
                // are asked one by one.
                let known = self.memo[n * LAYERS + c]
                    .get(&self.memo_key(key))
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
    /// too short, the threshold reached, and room for the free table jokers
    /// the programme left over.
    ///
    /// A free table joker must stay on the table, but it scores nothing, so
    /// the programme need not decide where each goes: it may leave some
    /// over, and they are put in at the end. Three or more make a set of
    /// their own; one or two fit if the table has a run (at an end, or, for
    /// a run of all 13, in the gap where it is cut in two), or if they join
    /// the groups of their numbers. Deciding their places along the way
    /// would multiply the states for nothing.
    fn finish(&self, key: Key) -> i32 {
        let short = (0..4).any(|c| {
            let [a1, a2, _] = runs_of(key, c);
            a1 > 0 || a2 > 0
        });
        let [r1, r2, _] = runs_of(key, 4);
        let table_used = field(key, FREE_USED, 3).saturating_sub(self.p.hand_free);
        let room = match self.p.table_free - table_used {
            1 => key & (1 << ROOM) != 0,
            2 => key & (2 << ROOM) != 0,
            _ => true,
        };
        if short || r1 > 0 || r2 > 0 || need_of(key) > 0 || !room {
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
    ///
    /// A layer's choices depend on few of the state's fields (see
    /// [`Dp::own_fields`]): they are worked out once for each value of
    /// those, as changes to the state, and applied to the rest.
    fn choices(&mut self, n: usize, c: usize, key: Key, out: &mut Vec<Choice>) {
        out.clear();
        let range = self.layer_choices(n, c, key, out);
        out.extend(range.map(|i| self.choice(n, c, key, i)));
    }

    /// Where the choices at layer `c` of number `n` in state `key` are
    /// kept in `cached`, worked out first if they are not yet (`scratch`
    /// is room to do it in).
    fn layer_choices(
        &mut self,
        n: usize,
        c: usize,
        key: Key,
        scratch: &mut Vec<Choice>,
    ) -> std::ops::Range<usize> {
        let slot = n * LAYERS + c;
        let sig = Self::signature(c, key);
        if let Some(&(from, to)) = self.layer_cache[slot].get(&sig) {
            return from as usize..to as usize;
        }
        let from = self.cached.len();
        scratch.clear();
        self.generate(n, c, key & Self::own_fields(c), scratch);
        for o in scratch.drain(..) {
            let room = o.child & ALL_ROOM;
            let laid = if c == 4 {
                o.jokers.scoring
            } else {
                o.colour.laid - self.p.table[n][c]
            };
            debug_assert_eq!(o.child >> 64, 0, "a change past the low 64 bits");
            self.cached.push(Cached {
                change: (o.child & !ALL_ROOM) as u64,
                gain: o.gain,
                colour: o.colour,
                jokers: o.jokers,
                room: (room >> ROOM) as u8,
                laid,
            });
        }
        let to = self.cached.len();
        self.layer_cache[slot].insert(sig, (from as u32, to as u32));
        from..to
    }

    /// The choice kept at `i` of `cached`, made at layer `c` of number `n`
    /// in state `key`.
    fn choice(&self, n: usize, c: usize, key: Key, i: usize) -> Choice {
        let cached = &self.cached[i];
        // The fields the layer does not touch, and those it adds to (the
        // groups' counts), are kept; room is only ever gained.
        let rest = key & !(Self::own_fields(c) | NEED_MASK);
        let mut child = (rest + cached.change as Key) | (cached.room as Key) << ROOM;
        if self.track_need {
            let need = need_of(key).saturating_sub(cached.laid as u16 * self.number[n]);
            child |= (need as Key) << NEED;
        }
        Choice {
            child,
            gain: cached.gain,
            colour: cached.colour,
            jokers: cached.jokers,
        }
    }

    /// The fields of the state that layer `c` reads or sets: a colour's
    /// own runs, the joker-only runs, the jokers continuing runs and the
    /// free jokers used; the jokers' layer also reads the groups' counts
    /// and the room for left-over jokers. (The groups' counts a colour
    /// only adds to, and the value still missing is applied afterwards.)
    fn own_fields(c: usize) -> Key {
        let common = pack_runs([7, 7, 7]) << JOKER_RUNS | (7 as Key) << FREE_USED;
        if c == 4 {
            common | WITHIN | ALL_ROOM
        } else {
            common | pack_runs([7, 7, 7]) << (c as u32 * COLOUR_BITS) | (7 as Key) << RUN_JOKERS
        }
    }

    /// The fields of [`Dp::own_fields`] packed small, to look a layer's
    /// choices up by.
    fn signature(c: usize, key: Key) -> u32 {
        let above = key >> JOKER_RUNS;
        if c == 4 {
            (above & ((1 << (ROOM + 2 - JOKER_RUNS)) - 1)) as u32
        } else {
            let runs = key >> (c as u32 * COLOUR_BITS) & 0x1ff;
            let jokers = key >> RUN_JOKERS & ((1 << (ROOM - RUN_JOKERS)) - 1);
            (runs | (above & 0x1ff) << 9 | jokers << 18) as u32
        }
    }

    /// The choices at layer `c` of number `n` in state `key`, worked out.
    fn generate(&self, n: usize, c: usize, key: Key, out: &mut Vec<Choice>) {
        let spare = self.spare(key);
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
    /// - a run never starts beside a run of 3+ that stops, and no copy joins
    ///   a joker-only run of 3+ there: the card could continue that run
    ///   instead;
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
                // Runs going on first: among equal gains, the more open
                // state tends to be the better one, and finding it first
                // raises the floor sooner.
                for long_go_on in (0..a3 + 1).rev() {
                    let go_on = a1 + a2 + long_go_on;
                    let by_card = to_runs.min(go_on);
                    let jokers = run_jokers + go_on - by_card;
                    if jokers > cap {
                        continue;
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
                        let long = a2 + long_go_on + j2 + j3;
                        // A run of 3 or more is on the table for good: room
                        // for left-over jokers.
                        let room = if long > 0 { ALL_ROOM } else { 0 };
                        let long = long.min(next_could - must);
                        // Colour c's runs were cleared from `base`; the
                        // joined runs leave the joker-only ones.
                        let child = (base | room | (pack_runs([started, a1 + j1, long]) << at))
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
                    // Where no run may start, every card left joins one.
                    let join_all = long_go_on < a3 || !may_start;
                    for j1 in 0..rest.min(f1) + 1 {
                        for j2 in 0..(rest - j1).min(f2) + 1 {
                            let left = rest - j1 - j2;
                            if join_all {
                                // Beside a run of 3+ that stops, a copy never
                                // joins a joker-only run of 3+: it could go
                                // on with the run that stops, and the
                                // joker-only run stop instead.
                                if left <= f3 && (left == 0 || long_go_on == a3) {
                                    push(j1, j2, left);
                                }
                                continue;
                            }
                            for j3 in 0..left.min(f3) + 1 {
                                push(j1, j2, j3);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The jokers' choices at number `n`, once the colours are decided: the
    /// joker-only runs that go on, new ones, jokers in groups, and how many
    /// jokers are laid (those bound to this number, then free ones).
    ///
    /// Which free jokers are the hand's (scoring) and which the table's
    /// (scoring nothing) is not a choice: the hand's are laid first. The
    /// numbers are taken best first (from 13 down when value counts), so
    /// this puts the hand's jokers where they score most; and a table
    /// joker laid where a hand joker could have been, with a hand joker
    /// left in the hand, is matched by the swap of the two with the table
    /// joker left over (see [`Dp::finish`]).
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
        // Bit j: the groups here take j jokers.
        let fit = groups::feasible_jokers(ones, twos);
        let fixed = self.p.fixed[n];
        let scoring_left = self.scoring_of(spare);
        let w = self.weight[n];
        let next_could = self.could_go_on(n + 1, None, spare);
        // The coloured runs stay; what lived within the number goes.
        let kept = key & !(WITHIN | pack_runs([7, 7, 7]) << JOKER_RUNS);
        let room_known = key & ALL_ROOM == ALL_ROOM;
        let had_one = key & (1 << ROOM) != 0;
        for long_go_on in 0..r3 + 1 {
            if base + long_go_on > cap {
                break;
            }
            // A joker-only run starts only if none of 3+ stops.
            let max_start = if n <= 11 && long_go_on == r3 {
                cap - base - long_go_on
            } else {
                0
            };
            for started in 0..max_start + 1 {
                let must = started + r1;
                if must > next_could {
                    break;
                }
                let long = r2 + long_go_on;
                let mut runs = pack_runs([started, r1, long.min(next_could - must)]) << JOKER_RUNS;
                if long > 0 {
                    runs |= ALL_ROOM;
                }
                let in_runs = base + long_go_on + started;
                // Jokers in groups: enough to lay the bound ones, no more
                // than there are, and a count the groups take.
                let most = cap - in_runs;
                let least = fixed.saturating_sub(in_runs);
                let mut counts = fit & ((2u32 << most) - 1) as u16 & !((1u32 << least) - 1) as u16;
                while counts != 0 {
                    let grouped = counts.trailing_zeros() as u8;
                    counts &= counts - 1;
                    let free = in_runs + grouped - fixed;
                    let scoring = free.min(scoring_left);
                    let mut child = (kept | runs) + ((free as Key) << FREE_USED);
                    if !room_known {
                        // Could the groups here take one or two jokers more?
                        let one = fit >> (grouped + 1) & 1 != 0;
                        let two = fit >> (grouped + 2) & 1 != 0;
                        child |=
                            (one as Key) << ROOM | ((two || (had_one && one)) as Key) << (ROOM + 1);
                    }
                    if free == spare {
                        // Nothing can be left over any more.
                        child |= ALL_ROOM;
                    }
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
                            table_free: free - scoring,
                            scoring,
                        },
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_runs_lack_in_copies_is_counted_for_four_colours_at_once_as_one_at_a_time() {
        // Every count of runs a colour can need (two lengths of up to 7)
        // against every count of copies, in each lane, the other lanes
        // holding other values.
        for need in 0..=14u64 {
            for have in 0..=7u64 {
                for lane in 0..4 {
                    let other = |l: u64| (need + l) % 15;
                    let other_have = |l: u64| (have * 3 + l) % 8;
                    let mut needs = 0;
                    let mut haves = 0;
                    let mut want = 0;
                    for l in 0..4u64 {
                        let (n, h) = if l == lane {
                            (need, have)
                        } else {
                            (other(l), other_have(l))
                        };
                        needs |= n << (l * COLOUR_BITS as u64);
                        haves |= h << (l * COLOUR_BITS as u64);
                        want += n.saturating_sub(h);
                    }
                    assert_eq!(lane_sum(lanes_short(needs, haves)) as u64, want);
                }
            }
        }
    }

    #[test]
    fn groups_left_short_need_the_jokers_the_colours_still_to_decide_cannot_give() {
        // One card in the groups and nothing left to add: two jokers.
        assert_eq!(GROUP_JOKERS[1][0][0][0], 2);
        // Two colours still to decide with a copy each make it a group.
        assert_eq!(GROUP_JOKERS[1][0][2][0], 0);
        // One of them: one joker with the card it adds.
        assert_eq!(GROUP_JOKERS[1][0][1][0], 1);
        // Two copies of one colour go in two groups: four jokers alone.
        assert_eq!(GROUP_JOKERS[0][1][0][0], 4);
        // Nothing in the groups needs nothing.
        assert_eq!(GROUP_JOKERS[0][0][0][0], 0);
        // Four colours giving two: two groups of four, no joker.
        assert_eq!(GROUP_JOKERS[0][4][0][0], 0);
    }
}
