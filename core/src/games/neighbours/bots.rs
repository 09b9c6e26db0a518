//! Bots for Neighbours: `random`, `greedy` and `expert`.

use super::rules::{Move, Scored, State};
use super::{Neighbours, View};
use crate::engine::{Bot, Effort, GameRng, Seat};

/// The bots, weakest first.
pub const NAMES: &[&str] = &["random", "greedy", "expert"];

/// A bot by name.
pub fn make(name: &str, seed: u64) -> Option<Box<dyn Bot<Neighbours>>> {
    let rng = GameRng::seeded(seed);
    Some(match name {
        "random" => Box::new(Random { rng }),
        "greedy" => Box::new(Greedy { rng }),
        "expert" => Box::new(Expert::new(rng, ExpertSettings::default())),
        _ => return None,
    })
}

fn to_move(state: &State, s: Scored) -> Move {
    state.placement(&s)
}

/// Plays a legal placement chosen uniformly, or passes when it must.
pub struct Random {
    rng: GameRng,
}

impl Bot<Neighbours> for Random {
    fn name(&self) -> &'static str {
        "random"
    }
    fn choose(&mut self, view: &View) -> Move {
        let state = view.state();
        // Count, then walk to the chosen one: no list to allocate.
        let count = state.each_placement(view.seat()).count();
        if count == 0 {
            return Move::Pass;
        }
        let k = self.rng.below(count);
        match state.each_placement(view.seat()).nth(k) {
            Some(s) => to_move(state, s),
            None => Move::Pass,
        }
    }
}

/// Plays the placement worth the most points now (ties at random).
pub struct Greedy {
    rng: GameRng,
}

impl Bot<Neighbours> for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }
    fn choose(&mut self, view: &View) -> Move {
        let state = view.state();
        // Reservoir sampling among the best: ties are broken uniformly.
        let mut best: Option<Scored> = None;
        let mut ties = 0;
        for s in state.each_placement(view.seat()) {
            match best {
                Some(b) if s.points < b.points => {}
                Some(b) if s.points == b.points => {
                    ties += 1;
                    if self.rng.below(ties) == 0 {
                        best = Some(s);
                    }
                }
                _ => {
                    best = Some(s);
                    ties = 1;
                }
            }
        }
        best.map_or(Move::Pass, |s| to_move(state, s))
    }
}

/// How hard the expert thinks, and how it judges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpertSettings {
    /// Candidate placements examined: the best this many by immediate points…
    pub candidates: usize,
    /// …plus, when set, the best placement of each digit in the hand (so that
    /// shedding a costly token late is always considered).
    pub per_digit: bool,
    /// Guesses at the hidden tokens in all, shared out between the candidates.
    pub samples: usize,
    /// Successive halving: after each round of guesses, drop the worse half
    /// of the candidates, so the guesses go to the close contenders.
    pub halving: bool,
    /// Points a won playout is worth on top of its margin: the expert plays
    /// to win, not to win big.
    pub win_bonus: i64,
}

impl Default for ExpertSettings {
    fn default() -> Self {
        // Tuned by self-play against greedy (see the notes on the bots):
        // past about a thousand playouts a move the win rate no longer
        // rises, so the budget stays well inside 50 ms a move.
        Self {
            candidates: 20,
            per_digit: true,
            samples: 2000,
            halving: true,
            win_bonus: 20,
        }
    }
}

/// Looks ahead by determinised Monte-Carlo: it deals the unseen tokens into
/// the other hands and the bag at random, plays each candidate and then the
/// rest of the match greedily, and keeps the candidate with the best mean
/// margin over the strongest opponent — end penalties, what a placement
/// opens to the next players and going out first all count in that margin.
///
/// Its budget is a count of guesses, never the clock: the same seed and
/// position give the same move on any machine.
pub struct Expert {
    rng: GameRng,
    settings: ExpertSettings,
    effort: Effort,
}

impl Expert {
    /// An expert with its own random source.
    pub fn new(rng: GameRng, settings: ExpertSettings) -> Self {
        Self {
            rng,
            settings,
            effort: Effort::default(),
        }
    }

    /// The candidates worth a look, best immediate points first.
    fn candidates(&self, view: &View) -> Vec<Scored> {
        let mut options = view.placements();
        options.sort_by_key(|s| std::cmp::Reverse(s.points));
        let mut chosen: Vec<Scored> = options
            .iter()
            .take(self.settings.candidates)
            .copied()
            .collect();
        if self.settings.per_digit {
            for digit in 0..10u8 {
                if let Some(best) = options.iter().find(|s| s.digit == digit)
                    && !chosen.contains(best)
                {
                    chosen.push(*best);
                }
            }
        }
        chosen
    }

    /// One guess at the hidden tokens.
    fn guess(&mut self, view: &View, unseen: &mut [u8]) -> Option<State> {
        self.rng.shuffle(unseen);
        view.world(unseen)
    }
}

/// The best placement for the seat to move, or `None` to pass (ties go to
/// the first found: rollouts need speed, not variety).
pub(super) fn greedy_choice(state: &State) -> Option<Scored> {
    let seat = state.to_move();
    let hand = state.hand_mask(seat);
    let mut best: Option<Scored> = None;
    for cell in 0..state.config().board.len() {
        let fits = state.accepts(cell) & hand;
        if fits == 0 {
            continue;
        }
        // The highest-valued digit that fits scores most on this cell.
        let digit = if fits & 1 != 0 {
            0
        } else {
            15 - fits.leading_zeros() as u8
        };
        let s = state.score_of(cell, digit);
        if best.is_none_or(|b| s.points > b.points) {
            best = Some(s);
        }
    }
    best
}

/// Plays the match out greedily and returns how it ended for `seat`.
fn rollout(mut state: State, seat: Seat, win_bonus: i64) -> i64 {
    while !state.is_over() {
        let choice = greedy_choice(&state);
        state.play_unchecked(choice.as_ref());
    }
    let m = margin(&state, seat);
    m + win_bonus * m.signum()
}

/// `seat`'s score less the best other seat's.
fn margin(state: &State, seat: Seat) -> i64 {
    let best_other = (0..state.players())
        .filter(|&s| s != seat)
        .map(|s| state.score(s))
        .max()
        .unwrap_or(0);
    state.score(seat) - best_other
}

impl Bot<Neighbours> for Expert {
    fn name(&self) -> &'static str {
        "expert"
    }

    fn choose(&mut self, view: &View) -> Move {
        let state = view.state();
        let options = self.candidates(view);
        match options.len() {
            0 => return Move::Pass,
            1 => return to_move(state, options[0]),
            _ => {}
        }
        let seat = view.seat();
        let bonus = self.settings.win_bonus;
        let mut unseen = view.unseen_digits();
        // Sum of playout results and playouts per candidate.
        let mut totals = vec![(0i64, 0i64); options.len()];
        let mut alive: Vec<usize> = (0..options.len()).collect();
        let rounds = if self.settings.halving {
            (usize::BITS - (options.len() - 1).leading_zeros()) as usize
        } else {
            1
        };
        for round in 0..rounds {
            let per_candidate = (self.settings.samples / (rounds * alive.len())).max(1);
            for _ in 0..per_candidate {
                // One guess at the hidden tokens, shared by every candidate so
                // that they are compared on the same luck.
                let Some(world) = self.guess(view, &mut unseen) else {
                    break;
                };
                for &i in &alive {
                    let mut next = world.clone();
                    next.play_unchecked(Some(&options[i]));
                    totals[i].0 += rollout(next, seat, bonus);
                    totals[i].1 += 1;
                }
                self.effort.work += alive.len() as u64;
            }
            if round + 1 < rounds {
                // Keep the better half, by mean result so far.
                alive.sort_by(|&a, &b| mean(totals[b]).total_cmp(&mean(totals[a])));
                alive.truncate(alive.len().div_ceil(2));
            }
        }
        self.effort.searched += 1;
        let best = alive
            .into_iter()
            .max_by(|&a, &b| {
                mean(totals[a])
                    .total_cmp(&mean(totals[b]))
                    .then(options[a].points.cmp(&options[b].points))
            })
            .unwrap_or(0);
        to_move(state, options[best])
    }

    fn effort(&self) -> Effort {
        self.effort
    }
}

fn mean((sum, n): (i64, i64)) -> f64 {
    sum as f64 / n.max(1) as f64
}
