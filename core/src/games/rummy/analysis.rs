//! Rummy's decisions weighed by playouts over guesses at the hidden cards.
//!
//! The candidates are the searching expert's own list (the heuristic's
//! choice, the draw, the solver's plays, the best joker swap, the plays
//! holding back a card), the exact solver's most-cards and most-value plays
//! with the hand's jokers, and the move played. Each guess deals the cards
//! the seat has not seen into the other hands and the pile; every
//! candidate is played in the same guesses, then the round is played out
//! to its end by the expert's playout policies. A candidate's chance is its
//! share of match wins over the guesses (the match's totals after this
//! round: the built-in variants play one round). All candidates are
//! screened on the first quarter of the guesses; the best few, and the move
//! played, go on to the whole budget.
//!
//! The luck of a drawn card is weighed in the same guesses: each is dealt
//! again with a card of the drawn face put on top of the pile.

use std::time::Duration;

use super::cards::Card;
use super::rules::{Move, State};
use super::search::{ExpertSettings, Hidden, World, candidate_plays, key, play_round};
use super::solver::{Objective, Position, Solution, SolverRules, solve};
use super::strategy::{Heuristic, HeuristicSettings};
use super::{Rummy, View};
use crate::engine::analysis::{
    Analyse, Analysis, AnalysisError, Analyst, Budget, Candidate, Luck, Method, Samples,
    SliceClock, equity, mean_se,
};
use crate::engine::selfplay::deal_seed;
use crate::engine::{GameRng, Seat};

/// Points of score that count as one point of winning chance in the
/// equity the grades measure: none, the chance alone (docs/review.md says
/// why: a playout cut short has no final margin worth the name).
pub const MARGIN_POINTS: Option<f64> = None;
/// Candidates besides the move played that go on past the screening.
const SHORT_LIST: usize = 4;
/// Holding back one card of the best play: how many such candidates.
const HOLDBACKS: usize = 6;
/// Turns a playout plays after the candidate before an unfinished round
/// is judged by the expert's estimate (its lead in cards).
const PLAYOUT_TURNS: usize = 10;

impl Analyse for Rummy {
    // What a review of a whole match affords on two cores.
    const GUESSES: usize = 40;
    // A review's 40 guesses take seconds of playouts: the coach makes do
    // with 12 (docs/review.md, "Coach").
    const COACH_GUESSES: usize = 12;

    // A time-out is the clock's move, not the person's.
    fn coached(_view: &View, mv: &Move) -> bool {
        !matches!(mv, Move::Timeout(_))
    }

    fn analyst(
        before: &View,
        played: &Move,
        after: Option<&View>,
        budget: Budget,
    ) -> Result<Box<dyn Analyst<Self>>, AnalysisError> {
        let seat = before.seat;
        if !before.my_turn() {
            return Err(AnalysisError::NoDecision(seat));
        }
        let state = State::from_view(before);
        let played_option: Option<Solution> = match played {
            Move::Draw => None,
            Move::Play(play) => {
                let planned = state
                    .planned(seat, play)
                    .map_err(|e| AnalysisError::Illegal(e.to_string()))?;
                Some(Solution {
                    count: planned.laid.len() as i32 - planned.took.len() as i32,
                    value: 0,
                    first_meld: !before.melded.get(seat).copied().unwrap_or(false),
                    table: planned.table,
                    laid: planned.laid,
                    to_hand: planned.took,
                    swaps: Vec::new(),
                })
            }
            Move::Timeout(_) => {
                return Err(AnalysisError::Unsupported(
                    "a move made by the clock, not by the player, is not weighed".into(),
                ));
            }
        };
        let hidden = Hidden::of(before).ok_or_else(|| {
            AnalysisError::Unsupported("the view does not add up to the deck".into())
        })?;
        let drawn = match (played, after) {
            (Move::Draw, Some(after)) if before.pile_len > 0 => {
                let mut faces: Vec<usize> = after.hand.iter().map(|c| c.face().index()).collect();
                for c in &before.hand {
                    if let Some(at) = faces.iter().position(|&f| f == c.face().index()) {
                        faces.remove(at);
                    }
                }
                (faces.len() == 1).then(|| faces[0])
            }
            _ => None,
        };
        // The candidates are gathered in the first steps of the thinking,
        // not here: a search and two solves are too long for one frame.
        Ok(Box::new(Playouts {
            seat,
            view: before.clone(),
            played: played.clone(),
            hidden,
            rules: SolverRules::of(&before.config),
            settings: ExpertSettings {
                depth: Some(PLAYOUT_TURNS),
                ..ExpertSettings::default()
            },
            gathering: Some(Gathering {
                played: played_option,
                found: Vec::new(),
                stage: 0,
            }),
            samples: Vec::new(),
            alive: Vec::new(),
            options: Vec::new(),
            screen: 0,
            guesses: budget.guesses.max(2),
            done: 0,
            seed: budget.seed,
            drawn,
            luck: Vec::new(),
            guessing: None,
        }))
    }
}

/// The candidates being gathered, one long step at a time: the expert's
/// list (its search), then the exact solver's two plays.
struct Gathering {
    /// The move played, laid out (none for a draw).
    played: Option<Solution>,
    /// The plays found so far.
    found: Vec<Option<Solution>>,
    /// The next step: 0 the expert's list, 1 and 2 the solver's plays.
    stage: usize,
}

impl Playouts {
    /// One step of the gathering; the candidates are set out after the last.
    fn gather(&mut self) {
        let Some(gathering) = self.gathering.as_mut() else {
            return;
        };
        let before = &self.view;
        let state = State::from_view(before);
        match gathering.stage {
            0 => {
                let mut heuristic = Heuristic::new(
                    HeuristicSettings::default(),
                    GameRng::seeded(deal_seed(self.seed, u64::MAX)),
                );
                let first = heuristic.decide(before);
                gathering.found = candidate_plays(before, first, HOLDBACKS);
            }
            stage => {
                let objective = [Objective::CardsThenValue, Objective::Value][(stage - 1).min(1)];
                if let Ok(Some(s)) = solve(&Position::of(before), &self.rules, objective)
                    && !s.is_pass()
                    && state.check(self.seat, &s.to_move()).is_ok()
                {
                    gathering.found.push(Some(s));
                }
            }
        }
        gathering.stage += 1;
        if gathering.stage <= 2 {
            return;
        }
        let Some(gathering) = self.gathering.take() else {
            return;
        };
        // The move played first; no two candidates lay the same cards.
        let mut options = vec![gathering.played];
        let mut keys = vec![key(&options[0])];
        for option in gathering.found {
            let k = key(&option);
            if !keys.contains(&k) {
                keys.push(k);
                options.push(option);
            }
        }
        let forced = options.len() == 1;
        self.samples = vec![Samples::default(); options.len()];
        self.alive = (0..options.len()).collect();
        self.options = options;
        self.screen = if forced { 0 } else { (self.guesses / 4).max(2) };
        if forced && self.drawn.is_none() {
            self.guesses = 1;
        }
    }
}

/// A decision being weighed guess by guess. The move played is option 0.
struct Playouts {
    seat: Seat,
    view: View,
    /// The move played, as the record has it.
    played: Move,
    hidden: Hidden,
    rules: SolverRules,
    settings: ExpertSettings,
    /// Some until the candidates are known.
    gathering: Option<Gathering>,
    options: Vec<Option<Solution>>,
    samples: Vec<Samples>,
    alive: Vec<usize>,
    screen: usize,
    guesses: usize,
    done: usize,
    seed: u64,
    /// The face drawn after a draw (its index), for its luck.
    drawn: Option<usize>,
    /// Per guess: the draw's result with the drawn face forced on top.
    luck: Vec<f64>,
    /// The guess being played out, one candidate a step.
    guessing: Option<Guessing>,
}

/// A guess part played out: its deal, its generator (the luck's card is
/// drawn from it after the deal), and how many candidates have played it.
struct Guessing {
    world: World,
    rng: GameRng,
    played: usize,
}

impl Playouts {
    fn outcome(&self, world: World, option: Option<&Solution>) -> (f64, f64) {
        let (end, over) = play_round(world, &self.view, option, &self.rules, &self.settings);
        let (win, margin) = end.outcome(&self.view, self.seat);
        if over {
            (win, margin as f64)
        } else {
            // Unfinished: the expert's chance from the lead in cards, and
            // the margin if the round were blocked now.
            let s = &self.settings;
            (
                end.estimate(self.seat, s.lead_slope, s.joker_worth),
                margin as f64,
            )
        }
    }

    /// Plays one part of the guess under way, dealing it first if none
    /// is: one candidate's playout, or the luck's; whether the guess is
    /// done. A playout is the longest thing the analyst does without a
    /// look at the clock.
    fn guess_part(&mut self) -> bool {
        let mut g = match self.guessing.take() {
            Some(g) => g,
            None => {
                let mut rng = GameRng::seeded(deal_seed(self.seed, self.done as u64));
                let world = self.hidden.deal(&self.view, &mut rng);
                Guessing {
                    world,
                    rng,
                    played: 0,
                }
            }
        };
        if let Some(&c) = self.alive.get(g.played) {
            let (win, margin) = self.outcome(g.world.clone(), self.options[c].as_ref());
            self.samples[c].push(win, margin);
            g.played += 1;
            if g.played < self.alive.len() || self.drawn.is_some() {
                self.guessing = Some(g);
                return false;
            }
            return true;
        }
        if let Some(face) = self.drawn {
            self.luck_of(face, g.world, &mut g.rng);
        }
        true
    }

    /// The draw's result in this guess with a card of the drawn face put
    /// on top of the pile.
    fn luck_of(&mut self, face: usize, mut forced: World, rng: &mut GameRng) {
        // Every unseen card of the face, wherever the guess dealt it.
        let mut places: Vec<(usize, usize)> = Vec::new();
        for (s, hand) in forced.hands.iter().enumerate() {
            if s != self.seat {
                for (j, c) in hand.iter().enumerate() {
                    if c.face().index() == face {
                        places.push((s, j));
                    }
                }
            }
        }
        let hands = forced.hands.len();
        for (j, c) in forced.pile.iter().enumerate() {
            if c.face().index() == face {
                places.push((hands, j));
            }
        }
        if places.is_empty() || forced.pile.is_empty() {
            return;
        }
        let (s, j) = places[rng.below(places.len())];
        let top = forced.pile.len() - 1;
        let card: Card = if s == hands {
            forced.pile[j]
        } else {
            forced.hands[s][j]
        };
        let displaced = forced.pile[top];
        forced.pile[top] = card;
        if s == hands {
            forced.pile[j] = displaced;
        } else {
            forced.hands[s][j] = displaced;
        }
        let (win, _) = self.outcome(forced, self.options[0].as_ref());
        self.luck.push(win);
    }

    fn shorten(&mut self) {
        let est: Vec<_> = self.samples.iter().map(Samples::estimate).collect();
        let mut order = self.alive.clone();
        let e = |i: usize| equity(&est[i], MARGIN_POINTS);
        order.sort_by(|&a, &b| e(b).total_cmp(&e(a)).then(a.cmp(&b)));
        order.truncate(SHORT_LIST);
        if !order.contains(&0) {
            order.push(0);
        }
        order.sort_unstable();
        self.alive = order;
    }

    fn analysis(&self) -> Analysis<Move> {
        let candidates: Vec<Candidate<Move>> = self
            .options
            .iter()
            .zip(&self.samples)
            .enumerate()
            .map(|(i, (o, s))| Candidate {
                mv: match (i, o) {
                    (0, _) => self.played.clone(),
                    (_, None) => Move::Draw,
                    (_, Some(s)) => s.to_move(),
                },
                estimate: s.estimate(),
                note: Some(match o {
                    None if self.view.pile_len == 0 => "passes".to_owned(),
                    None => "draws".to_owned(),
                    Some(s) => {
                        let mut cards: Vec<String> =
                            s.laid.iter().map(|c| c.face().to_string()).collect();
                        cards.sort();
                        format!("lays {}", cards.join(" "))
                    }
                }),
            })
            .collect();
        let key = |i: usize| {
            let e = &candidates[i].estimate;
            (self.alive.contains(&i), equity(e, MARGIN_POINTS))
        };
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        order.sort_by(|&a, &b| {
            let (ka, kb) = (key(a), key(b));
            kb.0.cmp(&ka.0).then(kb.1.total_cmp(&ka.1)).then(a.cmp(&b))
        });
        let loss_se = self.samples[order[0]].paired_se(&self.samples[0], MARGIN_POINTS);
        let luck = (!self.luck.is_empty()).then(|| {
            let diffs: Vec<f64> = self
                .luck
                .iter()
                .zip(&self.samples[0].wins)
                .map(|(l, b)| 100.0 * (l - b))
                .collect();
            let (points, se) = mean_se(&diffs);
            Luck { points, se }
        });
        let played = order.iter().position(|&i| i == 0).unwrap_or(0);
        let mut taken: Vec<Option<Candidate<Move>>> = candidates.into_iter().map(Some).collect();
        let candidates: Vec<Candidate<Move>> =
            order.iter().filter_map(|&i| taken[i].take()).collect();
        Analysis {
            seat: self.seat,
            method: Method::Playouts,
            forced: candidates.len() == 1,
            candidates,
            played,
            loss_se,
            luck,
            margin_points: MARGIN_POINTS,
        }
    }
}

impl Analyst<Rummy> for Playouts {
    fn think(&mut self, slice: Duration) -> Option<Analysis<Move>> {
        let clock = SliceClock::start(slice);
        while self.gathering.is_some() {
            self.gather();
            if clock.over() {
                return None;
            }
        }
        while self.done < self.guesses {
            let starting = self.guessing.is_none();
            if starting && self.done == self.screen && self.alive.len() > SHORT_LIST + 1 {
                self.shorten();
            }
            if self.guess_part() {
                self.done += 1;
            }
            if clock.over() && self.done < self.guesses {
                return None;
            }
        }
        Some(self.analysis())
    }
}
