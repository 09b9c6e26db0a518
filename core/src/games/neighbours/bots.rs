//! Bots for Neighbours: `random`, `greedy` and `expert`.

use super::rules::{Move, Placement, Scored, State};
use super::{Neighbours, View};
use crate::engine::{Bot, GameRng, Seat};

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
    let (row, col) = state.config().board.coords(s.cell);
    Move::Place(Placement {
        digit: s.digit,
        row,
        col,
    })
}

/// The view as a state for the rules' move generator (other hands empty:
/// a seat's own legal moves depend only on the board and its own hand).
fn own_state(view: &View) -> State {
    State::from_view(view, &[], &[])
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
        let state = own_state(view);
        let options = state.placements(view.seat);
        if options.is_empty() {
            return Move::Pass;
        }
        to_move(&state, *self.rng.pick(&options))
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
        let state = own_state(view);
        let options = state.placements(view.seat);
        let Some(best) = options.iter().map(|s| s.points).max() else {
            return Move::Pass;
        };
        let top: Vec<Scored> = options.into_iter().filter(|s| s.points == best).collect();
        to_move(&state, *self.rng.pick(&top))
    }
}

/// How hard the expert thinks.
#[derive(Clone, Copy, Debug)]
pub struct ExpertSettings {
    /// Candidate placements examined (the best by immediate points).
    pub candidates: usize,
    /// Guesses at the hidden tokens, each played out for every candidate.
    pub samples: usize,
}

impl Default for ExpertSettings {
    fn default() -> Self {
        Self {
            candidates: 10,
            samples: 24,
        }
    }
}

/// Looks ahead by determinised Monte-Carlo: it deals the unseen tokens into
/// the other hands and the bag at random, plays each candidate and then the
/// rest of the match greedily, and keeps the candidate with the best mean
/// margin over the strongest opponent — end penalties, what a placement
/// opens to the next players and going out first all count in that margin.
pub struct Expert {
    rng: GameRng,
    settings: ExpertSettings,
}

impl Expert {
    /// An expert with its own random source.
    pub fn new(rng: GameRng, settings: ExpertSettings) -> Self {
        Self { rng, settings }
    }
}

/// The best placement for the seat to move, or `None` to pass (ties go to
/// the first found: rollouts need speed, not variety).
fn greedy_choice(state: &State) -> Option<Scored> {
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

/// Plays the match out greedily and returns `seat`'s margin over the best other seat.
fn rollout(mut state: State, seat: Seat) -> i64 {
    while !state.is_over() {
        let mv = match greedy_choice(&state) {
            Some(s) => to_move(&state, s),
            None => Move::Pass,
        };
        state
            .apply(state.to_move(), &mv)
            .expect("greedy rollouts play legal moves");
    }
    margin(&state, seat)
}

fn margin(state: &State, seat: Seat) -> i64 {
    let scores = state.scores();
    let best_other = (0..scores.len())
        .filter(|&s| s != seat)
        .map(|s| scores[s])
        .max()
        .unwrap_or(0);
    scores[seat] - best_other
}

impl Bot<Neighbours> for Expert {
    fn name(&self) -> &'static str {
        "expert"
    }

    fn choose(&mut self, view: &View) -> Move {
        let state = own_state(view);
        let mut options = state.placements(view.seat);
        if options.is_empty() {
            return Move::Pass;
        }
        if options.len() == 1 {
            return to_move(&state, options[0]);
        }
        options.sort_by_key(|s| std::cmp::Reverse(s.points));
        options.truncate(self.settings.candidates);

        let mut totals = vec![0i64; options.len()];
        let unseen = view.unseen_tokens();
        for _ in 0..self.settings.samples {
            // One guess at the hidden tokens, shared by every candidate so that
            // they are compared on the same luck.
            let mut hidden = unseen.clone();
            self.rng.shuffle(&mut hidden);
            let mut rest = hidden.iter().copied();
            let others: Vec<Vec<u8>> = (0..view.hand_sizes.len())
                .filter(|&s| s != view.seat)
                .map(|s| rest.by_ref().take(view.hand_sizes[s]).collect())
                .collect();
            let bag: Vec<u8> = rest.collect();
            let world = State::from_view(view, &others, &bag);
            for (i, option) in options.iter().enumerate() {
                let mut next = world.clone();
                next.apply(view.seat, &to_move(&world, *option))
                    .expect("a legal candidate");
                totals[i] += rollout(next, view.seat);
            }
        }
        let best = (0..options.len())
            .max_by_key(|&i| (totals[i], options[i].points))
            .expect("candidates");
        to_move(&state, options[best])
    }
}
