//! Zero-sum matrix games: the value and optimal mixed strategies of one
//! simultaneous bout (at most 8 × 8: a king has 8 neighbours), and of the
//! restricted set-up games of the double oracle (a few hundred grids a side).
//!
//! A dense tableau simplex: Dantzig's rule (the most negative reduced cost)
//! for speed, falling back on Bland's rule, which cannot cycle, after a run
//! of degenerate pivots.

/// The solution of a matrix game: the row player maximises, the column
/// player minimises.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The value: the row player's expected payoff under optimal play.
    pub value: f64,
    /// The row player's optimal mixed strategy.
    pub rows: Vec<f64>,
    /// The column player's optimal mixed strategy.
    pub cols: Vec<f64>,
}

/// Solves the game whose payoffs to the row player are `payoff[i][j]`
/// (every row the same non-zero length). Returns `None` for an empty game.
pub fn solve(payoff: &[Vec<f64>]) -> Option<Solution> {
    let m = payoff.len();
    let n = payoff.first()?.len();
    if n == 0 || payoff.iter().any(|r| r.len() != n) {
        return None;
    }
    // A pure saddle point needs no linear programme (the common case).
    let maximin = (0..m)
        .map(|i| (i, payoff[i].iter().copied().fold(f64::INFINITY, f64::min)))
        .fold((0, f64::NEG_INFINITY), |b, x| if x.1 > b.1 { x } else { b });
    let minimax = (0..n)
        .map(|j| {
            (
                j,
                (0..m)
                    .map(|i| payoff[i][j])
                    .fold(f64::NEG_INFINITY, f64::max),
            )
        })
        .fold((0, f64::INFINITY), |b, x| if x.1 < b.1 { x } else { b });
    if maximin.1 >= minimax.1 - 1e-12 {
        let mut rows = vec![0.0; m];
        let mut cols = vec![0.0; n];
        rows[maximin.0] = 1.0;
        cols[minimax.0] = 1.0;
        return Some(Solution {
            value: maximin.1,
            rows,
            cols,
        });
    }
    // Dantzig's rule is fast but a long run of pivots on a degenerate 0/1
    // game can drift; each answer is checked by what its strategies
    // guarantee, and Bland's rule with a stricter pivot tolerance is the
    // fallback.
    let fast = simplex(payoff, m, n, false);
    if gap(payoff, &fast) < GAP {
        return Some(fast);
    }
    let careful = simplex(payoff, m, n, true);
    if gap(payoff, &careful) < GAP {
        return Some(careful);
    }
    // Large degenerate games: a revised simplex (microlp), each player's
    // programme solved on its own.
    let mut best = if gap(payoff, &careful) <= gap(payoff, &fast) {
        careful
    } else {
        fast
    };
    if let Some(lp) = revised(payoff, m, n)
        && gap(payoff, &lp) < gap(payoff, &best)
    {
        best = lp;
    }
    Some(best)
}

/// Both players' programmes by microlp's revised simplex: the column
/// player maximises Σy with A'y ≤ 1, the row player minimises Σx with
/// A'ᵀx ≥ 1, A' being the payoff shifted to be positive.
fn revised(payoff: &[Vec<f64>], m: usize, n: usize) -> Option<Solution> {
    use microlp::{ComparisonOp, OptimizationDirection, Problem};
    let low = payoff
        .iter()
        .flatten()
        .copied()
        .fold(f64::INFINITY, f64::min);
    let shift = 1.0 - low;
    let mut cols = Problem::new(OptimizationDirection::Maximize);
    let y: Vec<_> = (0..n)
        .map(|_| cols.add_var(1.0, (0.0, f64::INFINITY)))
        .collect();
    for row in payoff {
        let terms: Vec<_> = y.iter().zip(row).map(|(&v, &a)| (v, a + shift)).collect();
        cols.add_constraint(terms.as_slice(), ComparisonOp::Le, 1.0);
    }
    let mut rows = Problem::new(OptimizationDirection::Minimize);
    let x: Vec<_> = (0..m)
        .map(|_| rows.add_var(1.0, (0.0, f64::INFINITY)))
        .collect();
    for j in 0..n {
        let terms: Vec<_> = x
            .iter()
            .zip(payoff)
            .map(|(&v, row)| (v, row[j] + shift))
            .collect();
        rows.add_constraint(terms.as_slice(), ComparisonOp::Ge, 1.0);
    }
    let ys = cols.solve().ok()?.into_solution().ok()?;
    let xs = rows.solve().ok()?.into_solution().ok()?;
    let yv: Vec<f64> = y.iter().map(|&v| ys.var_value(v).max(0.0)).collect();
    let xv: Vec<f64> = x.iter().map(|&v| xs.var_value(v).max(0.0)).collect();
    let (sy, sx): (f64, f64) = (yv.iter().sum(), xv.iter().sum());
    if sy <= 0.0 || sx <= 0.0 {
        return None;
    }
    let mut s = Solution {
        value: 0.0,
        rows: xv.iter().map(|a| a / sx).collect(),
        cols: yv.iter().map(|a| a / sy).collect(),
    };
    // The value both strategies pin down (they agree within the solver's
    // tolerance): the midpoint of what they guarantee.
    let guarantee = (0..n)
        .map(|j| {
            s.rows
                .iter()
                .zip(payoff)
                .map(|(p, r)| p * r[j])
                .sum::<f64>()
        })
        .fold(f64::INFINITY, f64::min);
    let concede = payoff
        .iter()
        .map(|r| s.cols.iter().zip(r).map(|(q, a)| q * a).sum::<f64>())
        .fold(f64::NEG_INFINITY, f64::max);
    s.value = (guarantee + concede) / 2.0;
    Some(s)
}

/// The largest gap between what the two strategies guarantee that counts
/// as solved.
const GAP: f64 = 1e-9;

/// What the column strategy concedes at most, less what the row strategy
/// guarantees at least: 0 at an equilibrium, more when a strategy is off.
pub fn gap(payoff: &[Vec<f64>], s: &Solution) -> f64 {
    let n = s.cols.len();
    let row_guarantee = (0..n)
        .map(|j| {
            s.rows
                .iter()
                .zip(payoff)
                .map(|(p, r)| p * r[j])
                .sum::<f64>()
        })
        .fold(f64::INFINITY, f64::min);
    let col_concedes = payoff
        .iter()
        .map(|r| s.cols.iter().zip(r).map(|(q, x)| q * x).sum::<f64>())
        .fold(f64::NEG_INFINITY, f64::max);
    let bad = |v: &[f64]| v.iter().any(|p| !p.is_finite() || *p < -1e-9);
    if bad(&s.rows) || bad(&s.cols) || !s.value.is_finite() {
        return f64::INFINITY;
    }
    col_concedes - row_guarantee
}

/// The column player's programme: maximise Σy subject to A'y ≤ 1, y ≥ 0,
/// where A' is the payoff shifted to be positive. The game's value is
/// 1/Σy − shift; the row player's strategy is read from the dual prices.
fn simplex(payoff: &[Vec<f64>], m: usize, n: usize, bland: bool) -> Solution {
    let low = payoff
        .iter()
        .flatten()
        .copied()
        .fold(f64::INFINITY, f64::min);
    let shift = 1.0 - low;
    let width = n + m + 1;
    // Rows 0..m: constraints; row m: the objective (reduced costs).
    let mut t = vec![vec![0.0; width]; m + 1];
    for i in 0..m {
        for j in 0..n {
            t[i][j] = payoff[i][j] + shift;
        }
        t[i][n + i] = 1.0;
        t[i][width - 1] = 1.0;
    }
    for x in t[m].iter_mut().take(n) {
        *x = -1.0;
    }
    let mut basis: Vec<usize> = (n..n + m).collect();
    const EPS: f64 = 1e-12;
    // Pivots on tinier elements than this are refused in careful mode.
    let pivot_eps = if bland { 1e-9 } else { EPS };
    // Ties in the ratio test go to the lowest-numbered basic variable.
    let mut degenerate = 0;
    for _ in 0..100 * (m + n) + 1000 {
        let enter = if !bland && degenerate < 50 {
            (0..width - 1)
                .filter(|&j| t[m][j] < -EPS)
                .min_by(|&a, &b| t[m][a].total_cmp(&t[m][b]))
        } else {
            (0..width - 1).find(|&j| t[m][j] < -EPS)
        };
        let Some(enter) = enter else {
            break;
        };
        let mut leave: Option<usize> = None;
        for i in 0..m {
            if t[i][enter] > pivot_eps {
                let ratio = t[i][width - 1] / t[i][enter];
                let better = match leave {
                    None => true,
                    Some(l) => {
                        let best = t[l][width - 1] / t[l][enter];
                        ratio < best - EPS || (ratio <= best + EPS && basis[i] < basis[l])
                    }
                };
                if better {
                    leave = Some(i);
                }
            }
        }
        // Unbounded cannot happen with a positive matrix.
        let Some(l) = leave else { break };
        if t[l][width - 1] < EPS {
            degenerate += 1;
        } else {
            degenerate = 0;
        }
        let p = t[l][enter];
        for x in t[l].iter_mut() {
            *x /= p;
        }
        let pivot_row = t[l].clone();
        for (i, row) in t.iter_mut().enumerate() {
            if i != l && row[enter].abs() > 0.0 {
                let f = row[enter];
                for (x, y) in row.iter_mut().zip(&pivot_row) {
                    *x -= f * y;
                }
            }
        }
        basis[l] = enter;
    }
    let mut y = vec![0.0; n];
    for (i, &b) in basis.iter().enumerate() {
        if b < n {
            y[b] = t[i][width - 1];
        }
    }
    let x: Vec<f64> = (0..m).map(|i| t[m][n + i].max(0.0)).collect();
    let sum_y: f64 = y.iter().sum();
    let sum_x: f64 = x.iter().sum();
    let norm = |v: Vec<f64>, s: f64| -> Vec<f64> {
        if s > EPS {
            v.into_iter().map(|a| a / s).collect()
        } else {
            let k = v.len() as f64;
            vec![1.0 / k; v.len()]
        }
    };
    Solution {
        value: 1.0 / sum_y.max(EPS) - shift,
        rows: norm(x, sum_x),
        cols: norm(y, sum_y),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn matching_pennies_is_an_even_mix() {
        let s = solve(&[vec![1.0, 0.0], vec![0.0, 1.0]]).unwrap();
        assert!(close(s.value, 0.5));
        assert!(close(s.rows[0], 0.5) && close(s.cols[0], 0.5));
    }

    #[test]
    fn a_saddle_point_is_a_pure_strategy() {
        let s = solve(&[vec![0.2, 0.3], vec![0.6, 0.9]]).unwrap();
        assert!(close(s.value, 0.6));
        assert_eq!(s.rows, vec![0.0, 1.0]);
        assert_eq!(s.cols, vec![1.0, 0.0]);
    }

    #[test]
    fn rock_paper_scissors_mixes_evenly() {
        let s = solve(&[
            vec![0.5, 0.0, 1.0],
            vec![1.0, 0.5, 0.0],
            vec![0.0, 1.0, 0.5],
        ])
        .unwrap();
        assert!(close(s.value, 0.5));
        for p in s.rows.iter().chain(&s.cols) {
            assert!(close(*p, 1.0 / 3.0));
        }
    }

    #[test]
    fn a_dominated_strategy_gets_no_weight() {
        // The third row is beaten by the first in every column, the third
        // column beats (for the minimiser) the second in every row.
        let s = solve(&[
            vec![3.0, 1.0, 0.0],
            vec![0.0, 2.0, 1.0],
            vec![2.0, 0.0, -1.0],
        ])
        .unwrap();
        assert!(close(s.rows[2], 0.0));
        assert!(close(s.cols[1], 0.0));
        // What is left is [[3, 0], [0, 1]]: value 3/4, rows (1/4, 3/4).
        assert!(close(s.value, 0.75));
        assert!(close(s.rows[0], 0.25) && close(s.rows[1], 0.75));
        assert!(close(s.cols[0], 0.25) && close(s.cols[2], 0.75));
    }

    #[test]
    fn matching_pennies_with_a_bias_mixes_to_equalise() {
        // The row player wins 2 on heads-heads, 1 on tails-tails.
        let s = solve(&[vec![2.0, 0.0], vec![0.0, 1.0]]).unwrap();
        assert!(close(s.value, 2.0 / 3.0));
        assert!(close(s.rows[0], 1.0 / 3.0) && close(s.cols[0], 1.0 / 3.0));
    }

    #[test]
    fn large_win_loss_games_are_solved_with_no_gap() {
        // Random 0/1 games the size of the set-up's restricted games: each
        // side's strategy guarantees the value against every pure answer.
        let mut rng = crate::engine::GameRng::seeded(7);
        for (m, n) in [(40, 30), (120, 150)] {
            let a: Vec<Vec<f64>> = (0..m)
                .map(|_| (0..n).map(|_| rng.below(2) as f64).collect())
                .collect();
            let s = solve(&a).unwrap();
            assert!((s.rows.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!((s.cols.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            for j in 0..n {
                let got: f64 = s.rows.iter().zip(&a).map(|(p, row)| p * row[j]).sum();
                assert!(got >= s.value - 1e-9, "column {j} gets below the value");
            }
            for row in &a {
                let got: f64 = s.cols.iter().zip(row).map(|(q, x)| q * x).sum();
                assert!(got <= s.value + 1e-9);
            }
        }
    }

    #[test]
    fn degenerate_win_loss_games_are_solved_with_no_gap() {
        // Like the set-up's restricted games: 0/1 payoffs, many strategies
        // that win and lose against nearly the same ones (rows copied with
        // a few entries flipped), where a long run of pivots drifts.
        let mut rng = crate::engine::GameRng::seeded(17);
        for (m, n) in [(90, 100), (150, 140)] {
            let base: Vec<Vec<f64>> = (0..12)
                .map(|_| (0..n).map(|_| rng.below(2) as f64).collect())
                .collect();
            let a: Vec<Vec<f64>> = (0..m)
                .map(|_| {
                    let mut row = base[rng.below(base.len())].clone();
                    for _ in 0..3 {
                        let j = rng.below(n);
                        row[j] = 1.0 - row[j];
                    }
                    row
                })
                .collect();
            let s = solve(&a).unwrap();
            assert!(gap(&a, &s) < 1e-6, "{m} x {n}: gap {}", gap(&a, &s));
            assert!((s.rows.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!((s.cols.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
    }

    #[test]
    fn strategies_guarantee_the_value() {
        let a = vec![vec![3.0, -1.0, 2.0], vec![-2.0, 4.0, 0.5]];
        let s = solve(&a).unwrap();
        for j in 0..3 {
            let got: f64 = s.rows.iter().zip(&a).map(|(p, row)| p * row[j]).sum();
            assert!(got >= s.value - 1e-9);
        }
        for row in &a {
            let got: f64 = s.cols.iter().zip(row).map(|(q, x)| q * x).sum();
            assert!(got <= s.value + 1e-9);
        }
    }
}
