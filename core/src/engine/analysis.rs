//! The engines as teachers: what one seat's decision was worth, judged from
//! that seat's view alone, beside the moves it could have made instead.
//!
//! A game offers it by implementing [`Analyse`]: for a view, the move the
//! seat played and (for the luck of a draw) the seat's view just after,
//! an [`Analyst`] that weighs candidate moves. An analyst thinks a slice at
//! a time, as [`super::Bot::think`] does, so a screen can run it between
//! frames; its answer does not depend on how the thinking was sliced.
//! [`super::review`] walks a whole record with it.

use std::time::Duration;

use serde::Serialize;
use web_time::Instant;

use super::game::{Game, Seat};

/// How an estimate was made: what "winning chance" means for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Perfect play by every seat from here: the chance is 0 or 1, exactly.
    Exact,
    /// Against the bots' mix of set-ups: the exact result with perfect play
    /// afterwards, averaged over the grids the bots write. The mix is not
    /// an equilibrium, so this is a result against the bots, not a value.
    AgainstBotsMix,
    /// Both seats playing the equilibrium of each simultaneous bout (exact
    /// with few bouts left, bracketed by games of perfect information before).
    Equilibrium,
    /// Guesses at the hidden tokens, each played out by every seat placing
    /// greedily; the same guesses for every candidate.
    Rollouts,
    /// Guesses at the hidden cards, each played out by the searching bot's
    /// playout policies to the end of the round; the same guesses for every
    /// candidate.
    Playouts,
}

/// What a move is worth to the seat that makes it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The seat's chance to win the match, 0 to 1 (a shared win counts as
    /// an equal share).
    pub win: f64,
    /// The standard error of `win` (0 for an exact value).
    pub win_se: f64,
    /// The expected final margin: the seat's score less the best other's
    /// (bouts in Paper Boxing, points in Neighbours and Rummy), where the
    /// game has one that the method tells.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin: Option<f64>,
    /// The standard error of `margin`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin_se: Option<f64>,
    /// Guesses the estimate rests on (0 for an exact value).
    pub samples: usize,
}

impl Estimate {
    /// An exact chance (and margin, if known).
    pub fn exact(win: f64, margin: Option<f64>) -> Self {
        Self {
            win,
            win_se: 0.0,
            margin,
            margin_se: margin.map(|_| 0.0),
            samples: 0,
        }
    }
}

/// One move the seat could have made, and its worth.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate<M> {
    /// The move, in record form.
    pub mv: M,
    /// Its worth.
    pub estimate: Estimate,
    /// What the value means in the game's words, where an estimate's
    /// numbers do not say it ("wins by KO", "loses by 2 bouts").
    pub note: Option<String>,
}

/// The luck of the draw that followed a move: the seat's chance with the
/// token or card it drew, less its mean over every draw it could have made
/// (as far as its view told).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Luck {
    /// In points of winning chance (−100 to 100).
    pub points: f64,
    /// Its standard error, in the same points.
    pub se: f64,
}

/// A decision weighed: the candidates, best first, the played one among them.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M> {
    /// The seat that decided.
    pub seat: Seat,
    /// How the estimates were made.
    pub method: Method,
    /// The candidates, best first (by equity, then chance, then margin).
    pub candidates: Vec<Candidate<M>>,
    /// The index in `candidates` of the move played.
    pub played: usize,
    /// The standard error of the loss, in points of equity, from the
    /// guesses the best and the played candidates share (0 when exact).
    pub loss_se: f64,
    /// Whether the seat had no choice (a single legal move).
    pub forced: bool,
    /// The luck of the draw the move was followed by, if it drew.
    pub luck: Option<Luck>,
    /// Points of final margin that count as one point of winning chance in
    /// the equity the grades are measured in (none: the chance alone).
    pub margin_points: Option<f64>,
}

/// A move's equity, in points: 100 times its winning chance, plus its
/// expected margin at one point per `margin_points` points of score.
pub fn equity(estimate: &Estimate, margin_points: Option<f64>) -> f64 {
    let margin = match (estimate.margin, margin_points) {
        (Some(m), Some(p)) if p > 0.0 => m / p,
        _ => 0.0,
    };
    100.0 * estimate.win + margin
}

impl<M> Analysis<M> {
    /// The best candidate.
    pub fn best(&self) -> &Candidate<M> {
        &self.candidates[0]
    }

    /// The move played.
    pub fn played(&self) -> &Candidate<M> {
        &self.candidates[self.played]
    }

    /// A candidate's equity, in points ([`equity`]).
    pub fn equity(&self, candidate: &Candidate<M>) -> f64 {
        equity(&candidate.estimate, self.margin_points)
    }

    /// What the move played lost against the best, in points of equity.
    pub fn loss(&self) -> f64 {
        (self.equity(self.best()) - self.equity(self.played())).max(0.0)
    }

    /// What the best candidate gains over the move played, as the coach
    /// says it: its chance to win in whole percentage points, and its final
    /// margin in whole points where the equity weighs one (0 where it does
    /// not: Paper Boxing's bouts are not what its grades measure).
    pub fn gain(&self) -> (f64, f64) {
        let (best, played) = (&self.best().estimate, &self.played().estimate);
        let chance = (100.0 * (best.win - played.win)).round();
        let points = match (best.margin, played.margin, self.margin_points) {
            (Some(b), Some(p), Some(_)) => (b - p).round(),
            _ => 0.0,
        };
        (chance, points)
    }

    /// Whether the coach has a word for the move played: a mistake or a
    /// blunder (a loss of 10 points of equity or more, docs/review.md).
    pub fn worth_a_word(&self) -> bool {
        matches!(self.grade(), Grade::Mistake | Grade::Blunder)
    }

    /// Whether nothing the seat could do changed its chance: every
    /// candidate within [`DECIDED_SPREAD`] of the others and the match as
    /// good as won or lost ([`DECIDED`] from certainty).
    pub fn decided(&self) -> bool {
        let equities = self.candidates.iter().map(|c| self.equity(c));
        let spread = self.equity(self.best()) - equities.fold(f64::INFINITY, f64::min);
        let best = self.best().estimate.win;
        spread < DECIDED_SPREAD && (best <= DECIDED || best >= 1.0 - DECIDED)
    }

    /// The grade of the move played.
    pub fn grade(&self) -> Grade {
        if self.forced {
            Grade::Forced
        } else if self.decided() {
            Grade::Decided
        } else {
            // Equal to the best in winning chance is the best, whatever
            // the margin.
            let loss = self.loss();
            let grade = Grade::of_loss(loss, self.played == 0 || loss <= 0.0);
            if self.sure_win_let_go() {
                grade.max(Grade::Mistake)
            } else {
                grade
            }
        }
    }

    /// Whether the move played lets a sure win go: the best candidate won
    /// on every guess (a Rummy hand that goes out now), the move played
    /// leaves a real chance of not winning. However small the loss in
    /// points, a player always hears of that.
    pub fn sure_win_let_go(&self) -> bool {
        self.played != 0
            && self.best().estimate.win >= 1.0
            && self.played().estimate.win < 1.0 - DECIDED
    }
}

/// Orders `candidates` best first (chance, then margin; ties keep their
/// order) and returns where the candidate that was at `played` went.
pub fn best_first<M>(candidates: &mut Vec<Candidate<M>>, played: usize) -> usize {
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    let key = |c: &Candidate<M>| (c.estimate.win, c.estimate.margin.unwrap_or(0.0));
    order.sort_by(|&a, &b| {
        let (ka, kb) = (key(&candidates[a]), key(&candidates[b]));
        kb.0.total_cmp(&ka.0)
            .then(kb.1.total_cmp(&ka.1))
            .then(a.cmp(&b))
    });
    let at = order.iter().position(|&i| i == played).unwrap_or(0);
    let mut taken: Vec<Option<Candidate<M>>> = candidates.drain(..).map(Some).collect();
    candidates.extend(order.into_iter().filter_map(|i| taken[i].take()));
    at
}

/// How near certainty (0 or 1) a chance is for the match to be decided.
pub const DECIDED: f64 = 0.02;
/// How close together every candidate's equity is for a decided match,
/// in points.
pub const DECIDED_SPREAD: f64 = 1.0;

/// Points of winning chance lost from which a move is an inaccuracy, a
/// mistake and a blunder (Lichess's scale; docs/review.md says why).
pub const THRESHOLDS: [f64; 3] = [5.0, 10.0, 15.0];

/// A decision's class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Grade {
    /// The best candidate, or as likely to win as the best.
    Best,
    /// Not the best, but within the first threshold of it.
    Good,
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
    /// A single legal move: no choice to grade.
    Forced,
    /// The match was won or lost whatever the seat did: no choice to grade.
    Decided,
}

impl Grade {
    /// Every grade, best first.
    pub const ALL: [Grade; 7] = [
        Grade::Best,
        Grade::Good,
        Grade::Inaccuracy,
        Grade::Mistake,
        Grade::Blunder,
        Grade::Forced,
        Grade::Decided,
    ];

    /// The grade of a move that lost `loss` points of winning chance
    /// (`best`: it was the best candidate).
    pub fn of_loss(loss: f64, best: bool) -> Self {
        if loss >= THRESHOLDS[2] {
            Grade::Blunder
        } else if loss >= THRESHOLDS[1] {
            Grade::Mistake
        } else if loss >= THRESHOLDS[0] {
            Grade::Inaccuracy
        } else if best {
            Grade::Best
        } else {
            Grade::Good
        }
    }

    /// The mark written after the move (`?!`, `?`, `??`), if any.
    pub fn mark(self) -> &'static str {
        match self {
            Grade::Inaccuracy => "?!",
            Grade::Mistake => "?",
            Grade::Blunder => "??",
            _ => "",
        }
    }

    /// The name in the JSON (`best`, `inaccuracy`…).
    pub fn name(self) -> &'static str {
        match self {
            Grade::Best => "best",
            Grade::Good => "good",
            Grade::Inaccuracy => "inaccuracy",
            Grade::Mistake => "mistake",
            Grade::Blunder => "blunder",
            Grade::Forced => "forced",
            Grade::Decided => "decided",
        }
    }
}

/// A move's accuracy, 0 to 100, from the points of winning chance it lost:
/// Lichess's curve, 103.1668 e^(−0.04354 loss) − 3.1669, so that a loss of
/// 0 is 100 and each further point costs less than the one before.
pub fn accuracy_of_loss(loss: f64) -> f64 {
    (103.1668 * (-0.04354 * loss.max(0.0)).exp() - 3.1669).clamp(0.0, 100.0)
}

/// How much an analysis may think: guesses per candidate, not time, so
/// that a seed gives the same answer on any machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Budget {
    /// Guesses at the hidden part on which each candidate of the short list
    /// is played out (the first quarter of them screens every candidate).
    pub guesses: usize,
    /// The seed the guesses are drawn from.
    pub seed: u64,
}

/// The seed the coach's guesses are drawn from, with the move's index: the
/// same view gets the same answer, whatever else the match holds.
const COACH_SEED: u64 = 0xC0AC;

/// The coach's budget for the decision at move `index`: the same on the
/// desktop's screen and at a shared table's host, so both say the same.
pub fn coach_budget<G: Analyse>(index: usize) -> Budget {
    Budget {
        guesses: G::COACH_GUESSES,
        seed: crate::engine::selfplay::deal_seed(COACH_SEED, index as u64),
    }
}

/// A decision being weighed, a slice of thinking at a time.
pub trait Analyst<G: Game>: Send {
    /// Thinks for about `slice` (at least one step), then the analysis, or
    /// `None` to be asked again. The answer is the same however the
    /// thinking was sliced.
    fn think(&mut self, slice: Duration) -> Option<Analysis<G::Move>>;

    /// Thinks until the analysis is done.
    fn finish(&mut self) -> Analysis<G::Move> {
        loop {
            if let Some(analysis) = self.think(Duration::from_secs(3600)) {
                return analysis;
            }
        }
    }
}

/// An analyst and its answer once given: thinking that can be handed to
/// another thread, stepped there, and read when done.
pub struct Weighing<G: Game> {
    analyst: Box<dyn Analyst<G>>,
    answer: Option<Analysis<G::Move>>,
}

impl<G: Game> Weighing<G> {
    /// The decision `analyst` weighs, not yet thought about.
    pub fn new(analyst: Box<dyn Analyst<G>>) -> Self {
        Self {
            analyst,
            answer: None,
        }
    }

    /// Thinks for about `slice` unless the answer is in; whether it is.
    pub fn think(&mut self, slice: Duration) -> bool {
        if self.answer.is_none() {
            self.answer = self.analyst.think(slice);
        }
        self.answer.is_some()
    }

    /// The analysis, once done.
    pub fn answer(&self) -> Option<&Analysis<G::Move>> {
        self.answer.as_ref()
    }
}

/// Why a decision cannot be weighed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The view's seat is not to move, or the match is over.
    #[error("seat {0} has no decision to make in this position")]
    NoDecision(Seat),
    /// The move is not one the seat could make here.
    #[error("the move is not legal here: {0}")]
    Illegal(String),
    /// The variant's rules are beyond what the analysis knows.
    #[error("{0}")]
    Unsupported(String),
}

/// A game whose decisions can be weighed.
pub trait Analyse: Game {
    /// The guesses per candidate a review makes unless told otherwise:
    /// enough for standard errors small next to the grades' thresholds
    /// (docs/review.md); ignored where the analysis is exact.
    const GUESSES: usize;

    /// Guesses per candidate the coach makes while a person waits for its
    /// word (at the screen, or on a phone at a shared table): few enough to
    /// answer in about a second, enough that a mistake stands out.
    const COACH_GUESSES: usize;

    /// Whether the coach weighs this decision at all (a set-up it has no
    /// fair measure for, a clock's move, are let through unasked).
    fn coached(_view: &Self::View, _mv: &Self::Move) -> bool {
        true
    }

    /// An analyst for the decision of `before`'s seat, who played `played`.
    /// `after` is the same seat's view once the move was played, for the
    /// luck of a draw the move was followed by (none: luck is not asked).
    /// Only these views are read: never another seat's hidden pieces.
    fn analyst(
        before: &Self::View,
        played: &Self::Move,
        after: Option<&Self::View>,
        budget: Budget,
    ) -> Result<Box<dyn Analyst<Self>>, AnalysisError>;
}

/// Running sums of one candidate's results over guesses, kept per guess so
/// that two candidates played on the same guesses can be compared pair by pair.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Samples {
    /// Each guess's share of the win (0 to 1).
    pub wins: Vec<f64>,
    /// Each guess's final margin.
    pub margins: Vec<f64>,
}

impl Samples {
    /// Adds one guess's result.
    pub fn push(&mut self, win: f64, margin: f64) {
        self.wins.push(win);
        self.margins.push(margin);
    }

    /// Guesses so far.
    pub fn len(&self) -> usize {
        self.wins.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.wins.is_empty()
    }

    /// The estimate these guesses make.
    pub fn estimate(&self) -> Estimate {
        let (win, win_se) = mean_se(&self.wins);
        let (margin, margin_se) = mean_se(&self.margins);
        Estimate {
            win,
            win_se,
            margin: Some(margin),
            margin_se: Some(margin_se),
            samples: self.len(),
        }
    }

    /// The standard error, in points of equity ([`equity`]), of the
    /// difference of the mean equities of `self` and `other`, over the
    /// guesses both were played on (the first ones).
    pub fn paired_se(&self, other: &Samples, margin_points: Option<f64>) -> f64 {
        let n = self.len().min(other.len());
        let per_margin = margin_points.filter(|&p| p > 0.0).map_or(0.0, |p| 1.0 / p);
        let diffs: Vec<f64> = (0..n)
            .map(|i| {
                100.0 * (self.wins[i] - other.wins[i])
                    + per_margin * (self.margins[i] - other.margins[i])
            })
            .collect();
        mean_se(&diffs).1
    }
}

/// The mean of `xs` and its standard error (0 for fewer than two).
pub fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len();
    if n == 0 {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    (mean, (var / n as f64).sqrt())
}

/// A clock for one slice of thinking: it has run out once `slice` has
/// passed since it was started.
#[derive(Clone, Copy, Debug)]
pub struct SliceClock {
    until: Option<Instant>,
}

impl SliceClock {
    /// A clock started now.
    pub fn start(slice: Duration) -> Self {
        Self {
            until: Instant::now().checked_add(slice),
        }
    }

    /// Whether the slice is over.
    pub fn over(&self) -> bool {
        self.until.is_some_and(|u| Instant::now() >= u)
    }

    /// The time left in the slice.
    pub fn left(&self) -> Duration {
        self.until.map_or(Duration::MAX, |u| {
            u.saturating_duration_since(Instant::now())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grades_follow_the_thresholds() {
        assert_eq!(Grade::of_loss(0.0, true), Grade::Best);
        assert_eq!(Grade::of_loss(4.9, false), Grade::Good);
        assert_eq!(Grade::of_loss(5.0, false), Grade::Inaccuracy);
        assert_eq!(Grade::of_loss(10.0, false), Grade::Mistake);
        assert_eq!(Grade::of_loss(15.0, false), Grade::Blunder);
        assert_eq!(Grade::of_loss(100.0, false).mark(), "??");
    }

    #[test]
    fn a_sure_win_let_go_is_a_mistake_however_small_the_loss() {
        let c = |win: f64| Candidate {
            mv: win,
            estimate: Estimate::exact(win, None),
            note: None,
        };
        let analysis = |played_win: f64| Analysis {
            seat: 0,
            method: Method::Exact,
            candidates: vec![c(1.0), c(played_win)],
            played: 1,
            loss_se: 0.0,
            forced: false,
            luck: None,
            margin_points: None,
        };
        assert_eq!(analysis(0.92).grade(), Grade::Mistake, "a sure win let go");
        assert!(analysis(0.92).worth_a_word());
        assert_eq!(analysis(0.7).grade(), Grade::Blunder, "no softer for it");
        assert!(
            !analysis(0.99).worth_a_word(),
            "a win as good as sure is not let go"
        );
    }

    #[test]
    fn accuracy_is_100_for_no_loss_and_falls_with_it() {
        assert!((accuracy_of_loss(0.0) - 100.0).abs() < 1e-3);
        assert!(accuracy_of_loss(5.0) < accuracy_of_loss(1.0));
        assert_eq!(accuracy_of_loss(100.0), 0.0);
    }

    #[test]
    fn paired_guesses_cancel_the_luck_they_share() {
        let mut a = Samples::default();
        let mut b = Samples::default();
        for i in 0..100 {
            let luck = (i % 2) as f64;
            a.push(luck, 0.0);
            b.push(luck, 0.0);
        }
        assert!(a.estimate().win_se > 0.04);
        assert_eq!(a.paired_se(&b, Some(2.0)), 0.0);
    }

    #[test]
    fn best_first_keeps_track_of_the_played_move() {
        let c = |win: f64| Candidate {
            mv: win,
            estimate: Estimate::exact(win, None),
            note: None,
        };
        let mut list = vec![c(0.2), c(0.9), c(0.5)];
        let played = best_first(&mut list, 0);
        assert_eq!(
            list.iter().map(|c| c.mv).collect::<Vec<_>>(),
            [0.9, 0.5, 0.2]
        );
        assert_eq!(played, 2);
    }
}
