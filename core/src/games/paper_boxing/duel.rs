//! Who wins a pair of grids from the reveal on, as fast as it can be told:
//! the payoff of the set-up game (see [`super::setup`]), evaluated millions
//! of times when the set-up is solved.
//!
//! It is the same exact search as [`super::solver::Solver`] with what only
//! the opening allows:
//!
//! - **Only complete paths.** From the reveal both paths can still visit
//!   every cell. A step that shortens a player's longest path leaves it with
//!   fewer steps than its opponent, who keeps a complete path and so never
//!   runs out: the shortened player is KO'd whatever else happens. Both
//!   players therefore only ever take steps that keep their path complete,
//!   and there is no KO and no race left to search. The 7,469 complete
//!   `(cell, used)` states of a path form a small graph, built once, with
//!   each state's steps listed most-cornered first (Warnsdorff's order).
//! - **A small table that stays in cache.** The transposition table is a
//!   fixed array of 8,192 slots of 8 bytes (64 KiB) in buckets of two,
//!   reused and cleared from pair to pair: it is lossy (a position pushed
//!   out is searched again), but memory, not search, was the cost on a
//!   machine whose cache others share. Measured on the same 30 pairs:
//!   2^13 slots search 10 % more positions than 2^18 but take half the
//!   time; 2^20 slots (of 16 bytes) took four times as long.
//! - **Numbers left as masks**, kept step by step, and the counting bounds
//!   read from tables of four-number blocks rather than computed by a loop.
//!
//! One [`Duel`] per thread: it holds its table.

use std::sync::OnceLock;

use super::rules::{BOUTS, CELLS, Config, Grid, NEIGHBOURS, START, first_leader};
use super::solver::longest;
use crate::engine::Seat;

/// A state of one path that can still visit every cell.
#[derive(Clone, Copy, Debug)]
struct PathState {
    /// The cells of the steps that keep the path complete, most cornered
    /// first (fewest onward steps).
    cells: [u8; 8],
    /// The state after each of those steps.
    next: [u16; 8],
    /// How many steps.
    len: u8,
    /// Bouts played when a path is here (cells used after D).
    depth: u8,
}

/// The graph of complete path states; index 0 is the path standing on D.
fn paths() -> &'static [PathState] {
    static PATHS: OnceLock<Vec<PathState>> = OnceLock::new();
    PATHS.get_or_init(|| {
        let mut index = std::collections::HashMap::new();
        let mut found: Vec<(u8, u16)> = vec![(START, 1 << START)];
        index.insert((START, 1u16 << START), 0u16);
        let mut i = 0;
        while i < found.len() {
            let (cell, used) = found[i];
            for n in keeping(cell, used) {
                let key = (n, used | 1 << n);
                if let std::collections::hash_map::Entry::Vacant(e) = index.entry(key) {
                    e.insert(found.len() as u16);
                    found.push(key);
                }
            }
            i += 1;
        }
        found
            .iter()
            .map(|&(cell, used)| {
                let mut steps: Vec<u8> = keeping(cell, used).collect();
                steps.sort_by_key(|&n| keeping(n, used | 1 << n).count());
                let mut s = PathState {
                    cells: [0; 8],
                    next: [0; 8],
                    len: steps.len() as u8,
                    depth: (used.count_ones() - 1) as u8,
                };
                for (j, &n) in steps.iter().enumerate() {
                    s.cells[j] = n;
                    s.next[j] = index[&(n, used | 1 << n)];
                }
                s
            })
            .collect()
    })
}

/// The steps from `cell` having used `used` that keep the longest path.
fn keeping(cell: u8, used: u16) -> impl Iterator<Item = u8> {
    let l = longest(cell, used);
    (0..CELLS as u8).filter(move |&n| {
        NEIGHBOURS[cell as usize] & !used & (1 << n) != 0
            && l > 0
            && longest(n, used | 1 << n) == l - 1
    })
}

/// How many states a complete path can be in (D included).
pub fn complete_states() -> usize {
    paths().len()
}

/// A bout-start position: each path's state, the numbers each has left (a
/// mask over 1..=15) and the leader.
#[derive(Clone, Copy)]
struct Pos {
    state: [u16; 2],
    left: [u16; 2],
    leader: u8,
}

impl Pos {
    fn key(&self) -> u32 {
        self.state[0] as u32 | (self.state[1] as u32) << 13 | (self.leader as u32) << 26
    }
}

/// A table slot: the position's key (0 for an empty slot, so the key is
/// kept plus one) and the bounds on seat 0's gain known from it.
#[derive(Clone, Copy, Default)]
struct Slot {
    tag: u32,
    lo: i8,
    hi: i8,
    best: u8,
    depth: u8,
}

/// Slots in a table by default: 2^13 of 8 bytes, 64 KiB a thread. An
/// opening takes a few thousand to a hundred thousand positions.
const TABLE_BITS: u32 = 13;

/// The exact result of pairs of grids from the reveal on, for led bouts.
pub struct Duel {
    grids: [Grid; 2],
    table: Vec<Slot>,
    mask: usize,
    nodes: u64,
}

impl Default for Duel {
    fn default() -> Self {
        Self::new()
    }
}

impl Duel {
    /// An evaluator with its own table.
    pub fn new() -> Self {
        Self::with_table_bits(TABLE_BITS)
    }

    /// An evaluator with a table of 2^`bits` slots (8 bytes each).
    pub fn with_table_bits(bits: u32) -> Self {
        paths();
        let bits = bits.clamp(4, 24);
        Self {
            grids: [[0; CELLS]; 2],
            table: vec![Slot::default(); 1 << bits],
            mask: (1 << bits) - 2,
            nodes: 0,
        }
    }

    /// Bout-start positions searched so far, over every solve.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether seat 0 wins with perfect play by both from the reveal, when
    /// the two grids are `grids` and seat `first` leads the first bout.
    pub fn seat0_wins(&mut self, grids: &[Grid; 2], first: Seat) -> bool {
        self.grids = *grids;
        self.table.fill(Slot::default());
        let all = 0xFFFEu16;
        let root = Pos {
            state: [0, 0],
            left: [all, all],
            leader: first as u8,
        };
        // A tied tally goes to the first leader.
        let need = if first == 0 { 0 } else { 1 };
        self.test(root, need)
    }

    /// Whether seat 0 wins a match of `config` with these grids, seat
    /// `even` being called "even".
    pub fn seat0_wins_match(&mut self, config: &Config, grids: &[Grid; 2], even: Seat) -> bool {
        let first = first_leader(config, grids, even);
        self.seat0_wins(grids, first)
    }

    fn bucket(&self, key: u32) -> usize {
        ((key as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & self.mask
    }

    fn get(&self, key: u32) -> Option<Slot> {
        let i = self.bucket(key);
        let tag = key + 1;
        self.table[i..i + 2].iter().find(|s| s.tag == tag).copied()
    }

    /// Keeps an entry: over its own older entry, else in an empty slot,
    /// else over the slot nearer the end of the match (cheaper to search
    /// again).
    fn put(&mut self, key: u32, mut slot: Slot) {
        let i = self.bucket(key);
        slot.tag = key + 1;
        let (a, b) = (self.table[i], self.table[i + 1]);
        let j = if a.tag == slot.tag {
            i
        } else if b.tag == slot.tag {
            i + 1
        } else if a.tag == 0 {
            i
        } else if b.tag == 0 {
            i + 1
        } else if a.depth >= b.depth {
            i
        } else {
            i + 1
        };
        self.table[j] = slot;
    }

    /// Whether seat 0 can gain at least `k` more of the remaining bouts than
    /// seat 1 from the bout-start position `p`.
    fn test(&mut self, p: Pos, k: i32) -> bool {
        self.nodes += 1;
        let paths = paths();
        let depth = paths[p.state[0] as usize].depth;
        let r = (BOUTS - depth) as i32;
        if k <= -r {
            return true;
        }
        if k > r {
            return false;
        }
        // Each number left is played once: the gain lies between the worst
        // and the best matching of the two sets.
        let high = most(p.left[0], p.left[1], r);
        if k > high {
            return false;
        }
        let low = -most(p.left[1], p.left[0], r);
        if k <= low {
            return true;
        }
        let key = p.key();
        let mut entry = self.get(key).unwrap_or(Slot {
            tag: 0,
            lo: low as i8,
            hi: high as i8,
            best: 0xFF,
            depth,
        });
        if entry.lo as i32 >= k {
            return true;
        }
        if (entry.hi as i32) < k {
            return false;
        }
        let (won, best) = self.expand(p, k, entry.best);
        if won {
            entry.lo = entry.lo.max(k as i8);
        } else {
            entry.hi = entry.hi.min(k as i8 - 1);
        }
        entry.best = best;
        entry.depth = depth;
        self.put(key, entry);
        won
    }

    /// One bout from `p`: each step of the leader, answered by each of the
    /// follower's. Returns whether seat 0 reaches `k`, and the leader's step
    /// (its index) that decided it.
    fn expand(&mut self, p: Pos, k: i32, hint: u8) -> (bool, u8) {
        let paths = paths();
        let ld = p.leader as usize;
        let fw = 1 - ld;
        let leader_wants = ld == 0;
        let follower_wants = fw == 0;
        let lead_state = &paths[p.state[ld] as usize];
        let follow_state = &paths[p.state[fw] as usize];
        let mut order = [0u8, 1, 2, 3, 4, 5, 6, 7];
        let n = lead_state.len as usize;
        if (hint as usize) < n {
            order[..=hint as usize].rotate_right(1);
        }
        for &i in &order[..n] {
            let a = lead_state.cells[i as usize];
            let na = self.grids[ld][a as usize];
            let mut after = p;
            after.state[ld] = lead_state.next[i as usize];
            after.left[ld] &= !(1 << na);
            let replies = reply_order(follow_state, &self.grids[fw], na);
            let mut answered = !follower_wants;
            for &j in &replies.0[..replies.1] {
                let b = follow_state.cells[j as usize];
                let nb = self.grids[fw][b as usize];
                let mut next = after;
                next.state[fw] = follow_state.next[j as usize];
                next.left[fw] &= !(1 << nb);
                let (n0, n1) = if ld == 0 { (na, nb) } else { (nb, na) };
                let gain = (n0 > n1) as i32 - (n1 > n0) as i32;
                if gain != 0 {
                    next.leader = (gain < 0) as u8;
                }
                if self.test(next, k - gain) == follower_wants {
                    answered = follower_wants;
                    break;
                }
            }
            if answered == leader_wants {
                return (leader_wants, i);
            }
        }
        (!leader_wants, order[0])
    }
}

/// The follower's steps (indices into its state's list), the likeliest good
/// answers to the leader's `na` first: the cheapest win, then a draw, then
/// the cheapest loss.
fn reply_order(s: &PathState, grid: &Grid, na: u8) -> ([u8; 8], usize) {
    let n = s.len as usize;
    let mut keys = [(0u8, 0u8); 8];
    for (i, key) in keys.iter_mut().enumerate().take(n) {
        let nb = grid[s.cells[i] as usize];
        // Wins (nb > na) rank by nb, then the draw, then losses by nb.
        let rank = if nb > na {
            nb
        } else if nb == na {
            16
        } else {
            17 + nb
        };
        *key = (rank, i as u8);
    }
    keys[..n].sort_unstable();
    let mut out = [0u8; 8];
    for (o, k) in out.iter_mut().zip(&keys[..n]) {
        *o = k.1;
    }
    (out, n)
}

/// The most that `mine` can gain over `theirs` (bouts won minus bouts lost)
/// when each number of both sets is played once against one of the other's,
/// `r` numbers a side: the best matching for wins and the best for draws
/// (so an upper bound, the two need not be the same matching).
fn most(mine: u16, theirs: u16, r: i32) -> i32 {
    let wins = pairs(mine, theirs, &STRICT);
    let not_lost = pairs(mine, theirs, &OR_EQUAL);
    wins - (r - not_lost)
}

/// The most pairs `m > t` (with [`STRICT`]) or `m >= t` (with [`OR_EQUAL`])
/// over all matchings of the numbers of `mine` with those of `theirs`.
///
/// Read the numbers from 1 up, each of theirs opening a bracket that one of
/// mine may close: the most pairs is the count of mine less the most closers
/// ever left unmatched, the highest running total of (mine − theirs) over
/// the prefixes. Four blocks of four numbers, each looked up in a table of
/// 256 (its total and its highest prefix), give it without a loop over the
/// numbers (the counting bounds are computed at every position searched).
fn pairs(mine: u16, theirs: u16, table: &[(i8, i8); 256]) -> i32 {
    let mut run = 0i32;
    let mut peak = 0i32;
    for block in 0..4 {
        let i = ((mine >> (4 * block)) & 15) | ((theirs >> (4 * block)) & 15) << 4;
        let (total, high) = table[i as usize];
        peak = peak.max(run + high as i32);
        run += total as i32;
    }
    mine.count_ones() as i32 - peak
}

/// Blocks for `m > t`: at an equal number, mine comes first (it cannot
/// close theirs).
static STRICT: [(i8, i8); 256] = blocks(true);
/// Blocks for `m >= t`: at an equal number, theirs comes first.
static OR_EQUAL: [(i8, i8); 256] = blocks(false);

const fn blocks(mine_first: bool) -> [(i8, i8); 256] {
    let mut out = [(0i8, 0i8); 256];
    let mut i = 0;
    while i < 256 {
        let (mine, theirs) = (i & 15, i >> 4);
        let (mut run, mut peak) = (0i8, 0i8);
        let mut v = 0;
        while v < 4 {
            let (m, t) = ((mine >> v) & 1 == 1, (theirs >> v) & 1 == 1);
            if mine_first {
                if m {
                    run += 1;
                    if run > peak {
                        peak = run;
                    }
                }
                if t {
                    run -= 1;
                }
            } else {
                if t {
                    run -= 1;
                }
                if m {
                    run += 1;
                    if run > peak {
                        peak = run;
                    }
                }
            }
            v += 1;
        }
        out[i] = (run, peak);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The greedy the table replaces: each of mine, smallest first, takes
    /// the smallest of theirs it beats (or ties).
    fn greedy(mine: u16, theirs: u16, or_equal: bool) -> i32 {
        let mut left = theirs;
        let mut count = 0;
        let mut m = mine;
        while m != 0 {
            let v = m.trailing_zeros();
            m &= m - 1;
            let below = left & ((if or_equal { 2u32 << v } else { 1u32 << v }) - 1) as u16;
            if below != 0 {
                left &= !(below & below.wrapping_neg());
                count += 1;
            }
        }
        count
    }

    #[test]
    fn the_block_tables_count_the_same_pairs_as_the_greedy_matching() {
        let mut rng = crate::engine::GameRng::seeded(9);
        for _ in 0..20_000 {
            let mine = (rng.below(1 << 15) as u16) << 1;
            let theirs = (rng.below(1 << 15) as u16) << 1;
            assert_eq!(pairs(mine, theirs, &STRICT), greedy(mine, theirs, false));
            assert_eq!(pairs(mine, theirs, &OR_EQUAL), greedy(mine, theirs, true));
        }
    }

    #[test]
    fn the_complete_path_graph_has_the_documented_size() {
        assert_eq!(complete_states(), 7469);
    }
}
