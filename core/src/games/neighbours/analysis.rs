//! Neighbours' decisions weighed by rollouts over the tokens the seat
//! cannot see.
//!
//! Each guess deals the unseen tokens (the bag and the other hands, as
//! [`View::world`] does for the expert) at random; every candidate is
//! played in the same guesses (common random numbers), then the match is
//! played out by every seat placing greedily. A candidate's chance is its
//! share of wins over the guesses. All candidates are screened on the
//! first quarter of the guesses; the best few, and the move played, go on
//! to the whole budget.
//!
//! The luck of the token drawn after the move is weighed in the same
//! guesses: each is dealt again with the drawn digit forced on top of the
//! bag, so the difference is the luck of that digit against the mean of
//! every digit the seat could have drawn.

use std::time::Duration;

use super::bots::greedy_choice;
use super::rules::{Move, Scored, State};
use super::{Neighbours, View};
use crate::engine::analysis::{
    Analyse, Analysis, AnalysisError, Analyst, Budget, Candidate, Luck, Method, Samples,
    SliceClock, equity,
};
use crate::engine::selfplay::deal_seed;
use crate::engine::{GameRng, Seat};

/// Candidates by immediate points that are weighed (and the best placement
/// of each digit in the hand, and the move played).
const BY_POINTS: usize = 20;
/// Points of score that count as one point of winning chance in the
/// equity the grades measure (docs/review.md): ten points thrown away is
/// an inaccuracy, as ten points of winning chance are.
pub const MARGIN_POINTS: f64 = 1.0;
/// Candidates besides the move played that go on past the screening.
const SHORT_LIST: usize = 4;

impl Analyse for Neighbours {
    // A standard error under 1.6 points for the best candidate, far less for a loss.
    const GUESSES: usize = 1000;
    // A fifth of a review's guesses: done in about a second, and the loss,
    // measured on shared guesses, still well inside the 10-point mark
    // (docs/review.md, "Coach").
    const COACH_GUESSES: usize = 200;

    fn analyst(
        before: &View,
        played: &Move,
        after: Option<&View>,
        budget: Budget,
    ) -> Result<Box<dyn Analyst<Self>>, AnalysisError> {
        let seat = before.seat();
        if before.to_move() != Some(seat) {
            return Err(AnalysisError::NoDecision(seat));
        }
        let state = before.state();
        state
            .check(seat, played)
            .map_err(|e| AnalysisError::Illegal(e.to_string()))?;
        let placements = before.placements();
        let options: Vec<Option<Scored>> = if placements.is_empty() {
            vec![None]
        } else {
            let mut by_points = placements.clone();
            by_points.sort_by_key(|s| std::cmp::Reverse(s.points));
            let mut chosen: Vec<Scored> = by_points.iter().take(BY_POINTS).copied().collect();
            for digit in 0..10u8 {
                if let Some(best) = by_points.iter().find(|s| s.digit == digit)
                    && !chosen.contains(best)
                {
                    chosen.push(*best);
                }
            }
            if let Some(p) = placements.iter().find(|s| state.placement(s) == *played)
                && !chosen.contains(p)
            {
                chosen.push(*p);
            }
            chosen.into_iter().map(Some).collect()
        };
        let played_at = options
            .iter()
            .position(|o| o.map_or(Move::Pass, |s| state.placement(&s)) == *played)
            .unwrap_or(0);
        // The digit drawn after a placement, as the seat saw it once drawn.
        let drawn = match (played, after) {
            (Move::Place(p), Some(after)) if before.bag_len() > 0 => {
                let mut counts = [0i32; 10];
                for d in after.hand_digits() {
                    counts[d as usize] += 1;
                }
                for d in before.hand_digits() {
                    counts[d as usize] -= 1;
                }
                counts[p.digit as usize] += 1;
                (0..10u8).find(|&d| counts[d as usize] == 1)
            }
            _ => None,
        };
        let forced = options.len() == 1;
        let guesses = budget.guesses.max(2);
        Ok(Box::new(Rollouts {
            seat,
            view: before.clone(),
            samples: vec![Samples::default(); options.len()],
            alive: (0..options.len()).collect(),
            options,
            played: played_at,
            screen: if forced { 0 } else { (guesses / 4).max(2) },
            guesses: if forced && drawn.is_none() {
                1
            } else {
                guesses
            },
            done: 0,
            seed: budget.seed,
            drawn,
            luck: Vec::new(),
        }))
    }
}

/// A decision being weighed guess by guess.
struct Rollouts {
    seat: Seat,
    view: View,
    options: Vec<Option<Scored>>,
    samples: Vec<Samples>,
    /// The candidates still played out.
    alive: Vec<usize>,
    /// The candidate played.
    played: usize,
    /// Guesses every candidate is played in.
    screen: usize,
    /// Guesses in all.
    guesses: usize,
    /// Guesses done.
    done: usize,
    seed: u64,
    /// The digit drawn after the move, for its luck.
    drawn: Option<u8>,
    /// Per guess: the played move's result with the drawn digit forced.
    luck: Vec<f64>,
}

impl Rollouts {
    /// Plays guess number `i` for every candidate still in the running.
    fn guess(&mut self, i: usize) {
        let mut rng = GameRng::seeded(deal_seed(self.seed, i as u64));
        let mut unseen = self.view.unseen_digits();
        rng.shuffle(&mut unseen);
        let Some(world) = self.view.world(&unseen) else {
            return;
        };
        for &c in &self.alive {
            let (win, margin) = play_out(&world, self.options[c].as_ref(), self.seat);
            self.samples[c].push(win, margin);
        }
        if let Some(d) = self.drawn {
            // The seat's draw is the first token after the other hands.
            let top: usize = (0..self.view.players())
                .filter(|&s| s != self.seat)
                .map(|s| self.view.hand_sizes()[s])
                .sum();
            let at: Vec<usize> = (0..unseen.len()).filter(|&j| unseen[j] == d).collect();
            if top < unseen.len() && !at.is_empty() {
                unseen.swap(top, at[rng.below(at.len())]);
                if let Some(world) = self.view.world(&unseen) {
                    let (win, _) = play_out(&world, self.options[self.played].as_ref(), self.seat);
                    self.luck.push(win);
                }
            }
        }
    }

    fn analysis(&self) -> Analysis<Move> {
        let state = self.view.state();
        let candidates: Vec<Candidate<Move>> = self
            .options
            .iter()
            .zip(&self.samples)
            .map(|(o, s)| Candidate {
                mv: o.map_or(Move::Pass, |s| state.placement(&s)),
                estimate: s.estimate(),
                note: o.map(|s| format!("scores {} now", s.points)),
            })
            .collect();
        // Only the candidates played in every guess compete for the best:
        // the others were dropped after the screening, on fewer guesses.
        let key = |i: usize| {
            let e = &candidates[i].estimate;
            (self.alive.contains(&i), equity(e, Some(MARGIN_POINTS)))
        };
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        order.sort_by(|&a, &b| {
            let (ka, kb) = (key(a), key(b));
            kb.0.cmp(&ka.0).then(kb.1.total_cmp(&ka.1)).then(a.cmp(&b))
        });
        let best_index = order[0];
        let loss_se =
            self.samples[best_index].paired_se(&self.samples[self.played], Some(MARGIN_POINTS));
        let luck = (self.drawn.is_some() && !self.luck.is_empty()).then(|| {
            let base = &self.samples[self.played].wins;
            let diffs: Vec<f64> = self
                .luck
                .iter()
                .zip(base)
                .map(|(l, b)| 100.0 * (l - b))
                .collect();
            let (points, se) = crate::engine::analysis::mean_se(&diffs);
            Luck { points, se }
        });
        let played = order.iter().position(|&i| i == self.played).unwrap_or(0);
        let mut taken: Vec<Option<Candidate<Move>>> = candidates.into_iter().map(Some).collect();
        let candidates: Vec<Candidate<Move>> =
            order.iter().filter_map(|&i| taken[i].take()).collect();
        Analysis {
            seat: self.seat,
            method: Method::Rollouts,
            forced: candidates.len() == 1,
            candidates,
            played,
            loss_se,
            luck,
            margin_points: Some(MARGIN_POINTS),
        }
    }
}

impl crate::engine::analysis::Analyst<Neighbours> for Rollouts {
    fn think(&mut self, slice: Duration) -> Option<Analysis<Move>> {
        let clock = SliceClock::start(slice);
        while self.done < self.guesses {
            if self.done == self.screen && self.alive.len() > SHORT_LIST + 1 {
                self.shorten();
            }
            self.guess(self.done);
            self.done += 1;
            if clock.over() && self.done < self.guesses {
                return None;
            }
        }
        Some(self.analysis())
    }
}

impl Rollouts {
    /// Keeps the best [`SHORT_LIST`] candidates of the screening, and the
    /// move played.
    fn shorten(&mut self) {
        let est: Vec<_> = self.samples.iter().map(Samples::estimate).collect();
        let mut order = self.alive.clone();
        let e = |i: usize| equity(&est[i], Some(MARGIN_POINTS));
        order.sort_by(|&a, &b| e(b).total_cmp(&e(a)).then(a.cmp(&b)));
        order.truncate(SHORT_LIST);
        if !order.contains(&self.played) {
            order.push(self.played);
        }
        order.sort_unstable();
        self.alive = order;
    }
}

/// Plays `option` for the seat to move in `world`, then the rest of the
/// match greedily: the seat's share of the win and its margin over the
/// best other seat.
fn play_out(world: &State, option: Option<&Scored>, seat: Seat) -> (f64, f64) {
    let mut state = world.clone();
    state.play_unchecked(option);
    while !state.is_over() {
        let choice = greedy_choice(&state);
        state.play_unchecked(choice.as_ref());
    }
    let winners = state.winners();
    let win = if winners.contains(&seat) {
        1.0 / winners.len() as f64
    } else {
        0.0
    };
    let best_other = (0..state.players())
        .filter(|&s| s != seat)
        .map(|s| state.score(s))
        .max()
        .unwrap_or(0);
    (win, (state.score(seat) - best_other) as f64)
}
