//! Bots that plan with the solver by rules of thumb: `greedy` and
//! `heuristic`. (The searching `expert` is in [`super::search`]; it starts
//! from the heuristic's choice.)
//!
//! Both see only their seat's [`View`]. Every move they make is checked
//! with the rules before it is played; should the rules ever refuse it,
//! the bot draws instead.

use super::cards::{self, Card};
use super::rules::{Move, State, TableSet};
use super::solver::{Objective, Position, Solution, SolverRules, candidates, solve};
use super::{Rummy, View};
use crate::engine::{Bot, GameRng, Seat};

/// The move if the rules accept it for the view's seat.
fn checked(view: &View, mv: Move) -> Option<Move> {
    State::from_view(view)
        .check(view.seat, &mv)
        .ok()
        .map(|()| mv)
}

/// The solution's move if it lays something and the rules accept it.
fn play_of(view: &View, solution: &Solution) -> Option<Move> {
    if solution.is_pass() {
        return None;
    }
    checked(view, solution.to_move())
}

/// Lays, each turn, the play the solver finds worth the most (its first
/// meld as soon as it can); draws when there is none.
pub struct Greedy;

impl Bot<Rummy> for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(&mut self, view: &View) -> Move {
        let position = Position::of(view);
        let rules = SolverRules::of(&view.config);
        match solve(&position, &rules, Objective::Value) {
            Ok(Some(s)) => play_of(view, &s).unwrap_or(Move::Draw),
            _ => Move::Draw,
        }
    }
}

/// How the heuristic plays.
#[derive(Clone, Copy, Debug)]
pub struct HeuristicSettings {
    /// Lay the hand's jokers when they lay this many more cards than the
    /// best play without them; `None`: only when they let the bot go out.
    pub joker_gain: Option<i32>,
    /// Take a joker by a swap when that lays at most this many fewer cards.
    pub swap_cost: i32,
    /// Look at what a play feeds the next player once that player holds
    /// this many cards or fewer (0: never).
    pub endgame: usize,
    /// Guesses at the next player's hand, drawn from the unseen cards.
    pub samples: usize,
    /// What the next player going out costs, in cards laid.
    pub feed_cost: f64,
}

impl Default for HeuristicSettings {
    fn default() -> Self {
        Self {
            joker_gain: None,
            swap_cost: 2,
            endgame: 3,
            samples: 8,
            feed_cost: 6.0,
        }
    }
}

/// Plays to win the match, not the turn.
///
/// - It lays the most cards it can each turn (then the most value), so it
///   goes out in as few turns as it can.
/// - It keeps its jokers until they let it go out: a joker on the table can
///   be swapped into the next player's hand, and in the hand it is the card
///   that completes the last set.
/// - It takes jokers from the table by swaps, even at the cost of laying a
///   card or two fewer.
/// - Near the end it guesses the next player's hand from the cards it has
///   not seen, many times, and holds its play back (draws) when the play
///   would let that player go out much more often than a draw would.
///
/// The settings were chosen by self-play against `greedy` (see the notes).
/// It was the `expert` until the searching one took that name.
pub struct Heuristic {
    settings: HeuristicSettings,
    rng: GameRng,
}

/// The cards `view`'s seat has not seen (the pile and the other hands).
pub(super) fn unseen_cards(view: &View) -> Vec<Card> {
    let mut seen = [false; 256];
    for card in view.table.iter().flat_map(|s| &s.cards).chain(&view.hand) {
        seen[card.0 as usize] = true;
    }
    cards::deck(view.config.jokers)
        .into_iter()
        .filter(|c| !seen[c.0 as usize])
        .collect()
}

impl Heuristic {
    /// A heuristic player with these settings and its own random source.
    pub fn new(settings: HeuristicSettings, rng: GameRng) -> Self {
        Self { settings, rng }
    }

    /// The play it makes, checked by the rules; `None`: it draws.
    pub fn decide(&mut self, view: &View) -> Option<Solution> {
        let rules = SolverRules::of(&view.config);
        let position = Position::of(view);
        let without_jokers = Position {
            hand: view
                .hand
                .iter()
                .copied()
                .filter(|c| !c.is_joker())
                .collect(),
            ..position.clone()
        };
        let objective = Objective::CardsThenValue;
        if !position.melded {
            // Meld at once, with jokers only if it cannot be done without.
            for p in [&without_jokers, &position] {
                if let Ok(Some(s)) = solve(p, &rules, objective)
                    && play_of(view, &s).is_some()
                {
                    return Some(s);
                }
            }
            return None;
        }
        let all = solve(&position, &rules, objective).ok()??;
        let goes_out = all.laid.len() == view.hand.len() && all.to_hand.is_empty();
        if goes_out {
            return play_of(view, &all).map(|_| all);
        }
        let plain = solve(&without_jokers, &rules, objective).ok()??;
        let jokers_pay = self
            .settings
            .joker_gain
            .is_some_and(|gain| all.count >= plain.count + gain);
        let mut best = if jokers_pay { all } else { plain };
        // A joker won by a swap is worth a card or two laid.
        if let Ok(options) = candidates(&without_jokers, &rules, objective)
            && let Some(swap) = options
                .into_iter()
                .filter(|s| !s.to_hand.is_empty())
                .max_by_key(|s| s.score(objective))
            && swap.count + self.settings.swap_cost >= best.count
        {
            best = swap;
        }
        let next = (view.seat + 1) % view.hand_sizes.len();
        let next_holds = view.hand_sizes.get(next).copied().unwrap_or(usize::MAX);
        if self.settings.endgame > 0 && next_holds <= self.settings.endgame {
            return self.least_feeding(view, &rules, next, best);
        }
        play_of(view, &best).map(|_| best)
    }

    /// Near the end: the play, or the draw, that least often lets the next
    /// player go out at once, by the cards it lays less the risk of that.
    /// The next player's hand is guessed from the unseen cards, many times.
    fn least_feeding(
        &mut self,
        view: &View,
        rules: &SolverRules,
        next: Seat,
        best: Solution,
    ) -> Option<Solution> {
        let unseen = unseen_cards(view);
        let size = view.hand_sizes.get(next).copied().unwrap_or(0);
        let melded = view.melded.get(next).copied().unwrap_or(false);
        let guesses: Vec<Vec<Card>> = (0..self.settings.samples)
            .map(|_| {
                let mut cards = unseen.clone();
                self.rng.shuffle(&mut cards);
                cards.truncate(size);
                cards
            })
            .collect();
        let risk = |table: &[TableSet]| {
            let out = guesses
                .iter()
                .filter(|hand| {
                    let p = Position {
                        table: table.to_vec(),
                        hand: hand.to_vec(),
                        melded,
                    };
                    matches!(solve(&p, rules, Objective::Cards), Ok(Some(s)) if s.laid.len() == hand.len() && s.to_hand.is_empty())
                })
                .count();
            out as f64 / guesses.len().max(1) as f64
        };
        let play_risk = risk(&best.table);
        let draw_risk = risk(&view.table);
        let play_worth = best.count as f64 - self.settings.feed_cost * play_risk;
        let draw_worth = -1.0 - self.settings.feed_cost * draw_risk;
        if best.is_pass() || draw_worth > play_worth {
            return None;
        }
        play_of(view, &best).map(|_| best)
    }
}

impl Bot<Rummy> for Heuristic {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&mut self, view: &View) -> Move {
        self.decide(view).map_or(Move::Draw, |s| s.to_move())
    }
}
