//! Solving the set-up game by double oracle.
//!
//! The set-up game (see [`super::setup`]) has 15! grids a side, far too
//! many for a matrix. Double oracle keeps a few: the restricted game over
//! the grids found so far is solved exactly as a matrix game
//! ([`super::matrix`]), giving a mix for each role and the restricted
//! value; then a best-response search looks, for each role, for a grid
//! that does better than that value against the other role's mix, and adds
//! it. When no search finds a grid that gains more than ε, neither mix can
//! be exploited by more than what the search can find.
//!
//! The payoff is exact: the result of the match under perfect play from the
//! reveal ([`super::duel::Duel`]), 1 for a win, 0 for a loss (a tied tally
//! goes to the first leader: there are no draws).

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::duel::Duel;
use super::matrix;
use super::rules::{CELLS, Config, Grid};
use super::setup::{Mix, Role};
use crate::engine::GameRng;

/// A grid packed in 60 bits (4 per number after D), for the payoff cache.
fn pack(g: &Grid) -> u64 {
    g[1..]
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &n)| acc | (n as u64) << (4 * i))
}

/// The set-up game of a variant: exact payoffs, cached.
pub struct SetupGame {
    config: Config,
    cache: Mutex<HashMap<(u64, u64), bool>>,
    evaluations: AtomicU64,
}

thread_local! {
    // One evaluator per thread: it holds a 4 MiB table.
    static DUEL: std::cell::RefCell<Duel> = std::cell::RefCell::new(Duel::new());
}

impl SetupGame {
    /// The set-up game of `config` (led bouts).
    pub fn new(config: Config) -> Self {
        Self {
            config,
            cache: Mutex::new(HashMap::new()),
            evaluations: AtomicU64::new(0),
        }
    }

    /// The variant.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Pairs of grids solved so far (not counting those found in the cache).
    pub fn evaluations(&self) -> u64 {
        self.evaluations.load(Ordering::Relaxed)
    }

    /// Whether the even seat wins with `even` against the odd seat's `odd`
    /// under perfect play from the reveal.
    pub fn even_wins(&self, even: &Grid, odd: &Grid) -> bool {
        let key = (pack(even), pack(odd));
        if let Some(&w) = self.cache.lock().expect("no panic holds it").get(&key) {
            return w;
        }
        let w = DUEL.with(|d| {
            d.borrow_mut()
                .seat0_wins_match(&self.config, &[*even, *odd], 0)
        });
        self.evaluations.fetch_add(1, Ordering::Relaxed);
        self.cache.lock().expect("no panic holds it").insert(key, w);
        w
    }

    /// 1 when `role`'s grid `mine` wins against `theirs`, else 0.
    pub fn payoff(&self, role: Role, mine: &Grid, theirs: &Grid) -> f64 {
        let even_wins = match role {
            Role::Even => self.even_wins(mine, theirs),
            Role::Odd => self.even_wins(theirs, mine),
        };
        (even_wins == (role == Role::Even)) as u8 as f64
    }

    /// `role`'s chance to win with `grid` against the mix `against`, if it
    /// is above `floor`; `None` as soon as the grids lost so far make that
    /// impossible. The mix's grids are tried in `order` (indices into it):
    /// a neighbour of a grid mostly wins and loses where that grid does, so
    /// trying first the grids it lost to finds a loser after about as many
    /// pairs as it lost, where the heaviest-first order needs nearly all.
    /// The answer does not depend on the order, only its cost.
    pub fn value_above_in(
        &self,
        role: Role,
        grid: &Grid,
        against: &Mix,
        floor: f64,
        order: &[usize],
    ) -> Option<f64> {
        let mut won = 0.0;
        let mut lost = 0.0;
        for &i in order {
            let w = against.weights[i];
            if self.payoff(role, grid, &against.grids[i]) > 0.5 {
                won += w;
            } else {
                lost += w;
                if 1.0 - lost <= floor + 1e-12 {
                    return None;
                }
            }
        }
        (won > floor + 1e-12).then_some(won)
    }

    /// [`Self::value_above_in`] trying the mix's likeliest grids first.
    pub fn value_above(&self, role: Role, grid: &Grid, against: &Mix, floor: f64) -> Option<f64> {
        let order: Vec<usize> = (0..against.grids.len()).collect();
        self.value_above_in(role, grid, against, floor, &order)
    }

    /// The order in which to try the grids of `against` for the neighbours
    /// of `grid`: those `grid` loses to first, each group heaviest first.
    pub fn losses_first(&self, role: Role, grid: &Grid, against: &Mix) -> Vec<usize> {
        let mut order: Vec<usize> = (0..against.grids.len()).collect();
        order.sort_by_key(|&i| self.payoff(role, grid, &against.grids[i]) > 0.5);
        order
    }

    /// `role`'s exact chance to win with `grid` against the mix `against`.
    pub fn value(&self, role: Role, grid: &Grid, against: &Mix) -> f64 {
        self.value_above(role, grid, against, -1.0).unwrap_or(0.0)
    }
}

/// The moves of a local search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moves {
    /// Every swap of two numbers (105), in random order, taking the first
    /// that improves: what builds the mix.
    Swaps,
    /// Random cycles of three numbers and random swaps, `tries` of them a
    /// step, taking the first that improves; a stalled climb is kicked by a
    /// random 3-cycle and goes on from the best grid met: what checks it.
    Cycles {
        /// Moves tried before a step is given up.
        tries: usize,
        /// Kicks after a stall.
        kicks: usize,
        /// Moves a climb may try in all.
        budget: usize,
    },
}

/// A best-response search's budget and kind.
#[derive(Clone, Copy, Debug)]
pub struct Search {
    /// Climbs, run in parallel.
    pub restarts: usize,
    /// Improving steps a climb may take.
    pub steps: usize,
    /// The moves.
    pub moves: Moves,
    /// Of every 4 climbs, how many start from a grid of the role's own mix
    /// (drawn by weight, shaken by two random swaps); the others start from
    /// a random grid.
    pub from_mix_of_4: usize,
}

/// The best grid a search found, and its chance against the mix.
#[derive(Clone, Copy, Debug)]
pub struct Response {
    /// The grid.
    pub grid: Grid,
    /// Its chance to win against the other role's mix.
    pub value: f64,
}

fn swap_cells(g: &mut Grid, a: usize, b: usize) {
    g.swap(a, b);
}

/// Every pair of cells holding numbers.
fn all_swaps() -> Vec<(usize, usize)> {
    (1..CELLS)
        .flat_map(|a| (a + 1..CELLS).map(move |b| (a, b)))
        .collect()
}

/// A random neighbour for [`Moves::Cycles`]: a 3-cycle two times in three,
/// else a swap.
fn random_move(g: &Grid, rng: &mut GameRng) -> Grid {
    let mut out = *g;
    let a = 1 + rng.below(15);
    let mut b = 1 + rng.below(14);
    if b >= a {
        b += 1;
    }
    if rng.below(3) < 2 {
        let mut c = 1 + rng.below(15);
        while c == a || c == b {
            c = 1 + rng.below(15);
        }
        let t = out[a];
        out[a] = out[b];
        out[b] = out[c];
        out[c] = t;
    } else {
        out.swap(a, b);
    }
    out
}

/// One climb from `start` against `against`, for `role`.
fn climb(
    game: &SetupGame,
    role: Role,
    against: &Mix,
    start: Grid,
    search: &Search,
    rng: &mut GameRng,
) -> Response {
    let mut cur = start;
    let mut cur_v = game.value(role, &cur, against);
    let mut order = game.losses_first(role, &cur, against);
    match search.moves {
        Moves::Swaps => {
            let mut swaps = all_swaps();
            for _ in 0..search.steps {
                rng.shuffle(&mut swaps);
                let mut improved = false;
                for &(a, b) in &swaps {
                    let mut g = cur;
                    swap_cells(&mut g, a, b);
                    if let Some(v) = game.value_above_in(role, &g, against, cur_v, &order) {
                        cur = g;
                        cur_v = v;
                        order = game.losses_first(role, &cur, against);
                        improved = true;
                        break;
                    }
                }
                if !improved {
                    break;
                }
            }
            Response {
                grid: cur,
                value: cur_v,
            }
        }
        Moves::Cycles {
            tries,
            kicks,
            budget,
        } => {
            let mut budget_left = budget;
            let mut best = Response {
                grid: cur,
                value: cur_v,
            };
            let mut kicks_left = kicks;
            let mut steps = 0;
            while steps < search.steps && budget_left > 0 {
                let mut improved = false;
                for _ in 0..tries.min(budget_left) {
                    budget_left -= 1;
                    let g = random_move(&cur, rng);
                    if let Some(v) = game.value_above_in(role, &g, against, cur_v, &order) {
                        cur = g;
                        cur_v = v;
                        order = game.losses_first(role, &cur, against);
                        improved = true;
                        steps += 1;
                        break;
                    }
                }
                if cur_v > best.value {
                    best = Response {
                        grid: cur,
                        value: cur_v,
                    };
                }
                if !improved {
                    if kicks_left == 0 {
                        break;
                    }
                    kicks_left -= 1;
                    cur = random_move(&best.grid, rng);
                    cur_v = game.value(role, &cur, against);
                    order = game.losses_first(role, &cur, against);
                    steps += 1;
                }
            }
            best
        }
    }
}

/// The best response `role` finds against `against` with `search`: climbs
/// from its own mix `own` (or random grids), each with its own RNG drawn
/// from `seed`, so that the answer does not depend on the threads.
pub fn best_response(
    game: &SetupGame,
    role: Role,
    own: &Mix,
    against: &Mix,
    search: &Search,
    seed: u64,
) -> Response {
    responses(game, role, own, against, search, seed)[0]
}

/// What every climb of [`best_response`] found, best first (ties in the
/// order of the climbs, whatever the threads).
pub fn responses(
    game: &SetupGame,
    role: Role,
    own: &Mix,
    against: &Mix,
    search: &Search,
    seed: u64,
) -> Vec<Response> {
    let mut results: Vec<Response> = (0..search.restarts.max(1))
        .into_par_iter()
        .map(|r| {
            let mut rng = GameRng::seeded(seed.wrapping_mul(1_000_003).wrapping_add(r as u64));
            let start = if r % 4 < search.from_mix_of_4 {
                let mut g = own.draw(&mut rng);
                for _ in 0..2 {
                    let a = 1 + rng.below(15);
                    let b = 1 + rng.below(15);
                    g.swap(a, b);
                }
                g
            } else {
                super::bots::random_grid(&mut rng)
            };
            climb(game, role, against, start, search, &mut rng)
        })
        .collect();
    // A stable sort keeps the climbs' order among equals.
    results.sort_by(|a, b| b.value.total_cmp(&a.value));
    results
}

/// The restricted game: every grid found so far for each role, the payoff
/// of each pair, and its solution.
pub struct Restricted {
    /// The grids of each role, in the order they were found.
    pub grids: [Vec<Grid>; 2],
    /// `even_wins[i][j]`: whether even grid `i` beats odd grid `j`.
    pub even_wins: Vec<Vec<bool>>,
}

impl Restricted {
    /// A restricted game over these grids, every pair solved.
    pub fn new(game: &SetupGame, even: Vec<Grid>, odd: Vec<Grid>) -> Self {
        let mut r = Restricted {
            grids: [Vec::new(), Vec::new()],
            even_wins: Vec::new(),
        };
        for g in even {
            r.add(game, Role::Even, g);
        }
        for g in odd {
            r.add(game, Role::Odd, g);
        }
        r
    }

    /// Adds a grid for `role` (nothing if it is there already), solving its
    /// pairs with every grid of the other role in parallel. Whether it was new.
    pub fn add(&mut self, game: &SetupGame, role: Role, grid: Grid) -> bool {
        if self.grids[role.index()].contains(&grid) {
            return false;
        }
        match role {
            Role::Even => {
                let row: Vec<bool> = self.grids[1]
                    .par_iter()
                    .map(|odd| game.even_wins(&grid, odd))
                    .collect();
                self.even_wins.push(row);
                self.grids[0].push(grid);
            }
            Role::Odd => {
                let col: Vec<bool> = self.grids[0]
                    .par_iter()
                    .map(|even| game.even_wins(even, &grid))
                    .collect();
                for (row, w) in self.even_wins.iter_mut().zip(col) {
                    row.push(w);
                }
                self.grids[1].push(grid);
            }
        }
        true
    }

    /// The equilibrium of the restricted game: each role's mix over its
    /// grids (those with weight), with each role's value.
    pub fn solve(&self) -> [Mix; 2] {
        self.solve_checked().0
    }

    /// [`Self::solve`], and how far the matrix solution is from exact:
    /// what the odd mix concedes at most less what the even mix guarantees.
    pub fn solve_checked(&self) -> ([Mix; 2], f64) {
        let payoff: Vec<Vec<f64>> = self
            .even_wins
            .iter()
            .map(|row| row.iter().map(|&w| w as u8 as f64).collect())
            .collect();
        let s = matrix::solve(&payoff).expect("a restricted game has grids on both sides");
        let gap = matrix::gap(&payoff, &s);
        let pick = |grids: &[Grid], odds: &[f64], value: f64| -> Mix {
            // Weights below a millionth are rounding left-overs of the simplex.
            let kept: Vec<(Grid, f64)> = grids
                .iter()
                .zip(odds)
                .filter(|(_, p)| **p > 1e-6)
                .map(|(g, p)| (*g, *p))
                .collect();
            let sum: f64 = kept.iter().map(|x| x.1).sum();
            let mut kept = kept;
            kept.sort_by(|a, b| b.1.total_cmp(&a.1));
            Mix {
                grids: kept.iter().map(|x| x.0).collect(),
                weights: kept.iter().map(|x| x.1 / sum).collect(),
                value,
            }
        };
        (
            [
                pick(&self.grids[0], &s.rows, s.value),
                pick(&self.grids[1], &s.cols, 1.0 - s.value),
            ],
            gap,
        )
    }
}
