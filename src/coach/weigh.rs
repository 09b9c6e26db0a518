//! The coach's thinking, a slice at a time: what a person's turn is worth
//! from their view, begun when the turn begins, and the verdict on the move
//! they commit.

use std::time::Duration;

use parlour_core::engine::analysis::{Analysis, AnalysisError, Budget, Weighing, coach_budget};
use parlour_core::engine::{Game, Seat};

use super::Coached;
use crate::platform::beside::Beside;

/// The coach's budget for the decision at move `index` (the rules core's,
/// the same at a shared table's host).
pub fn budget<G: Coached>(index: usize) -> Budget {
    coach_budget::<G>(index)
}

/// A decision being weighed, or weighed.
pub enum Thinking<G: Game> {
    /// Still thinking, beside the frames or a slice a frame.
    Busy(Beside<Weighing<G>>),
    /// Done.
    Done(Analysis<G::Move>),
    /// The analysis cannot weigh it (the coach says nothing).
    Failed,
}

impl<G: Coached> Thinking<G> {
    /// Starts weighing the decision of `view`'s seat, who plays `mv`, on a
    /// thread beside the frames if `beside`.
    pub fn start(view: &G::View, mv: &G::Move, index: usize, beside: bool) -> Self {
        match G::analyst(view, mv, None, budget::<G>(index)) {
            Ok(analyst) => Thinking::Busy(Beside::start(Weighing::new(analyst), beside)),
            // Not a decision it can weigh (an illegal move is the rules' to refuse).
            Err(AnalysisError::NoDecision(_))
            | Err(AnalysisError::Illegal(_))
            | Err(AnalysisError::Unsupported(_)) => Thinking::Failed,
        }
    }

    /// Thinks for about `slice` (nothing, when a thread does the thinking)
    /// and looks whether it is done (or failed), never waiting for it.
    pub fn think(&mut self, slice: Duration) -> bool {
        if let Thinking::Busy(work) = self {
            work.tick(slice);
            let answer = work.seen().and_then(|seen| seen.clone());
            if let Some(analysis) = answer {
                *self = Thinking::Done(analysis);
            } else if work.broken() {
                *self = Thinking::Failed;
            }
        }
        !matches!(self, Thinking::Busy(_))
    }

    /// Whether it is thinking on a thread beside the frames.
    pub fn on_a_thread(&self) -> bool {
        matches!(self, Thinking::Busy(work) if work.on_a_thread())
    }

    /// The analysis, once done.
    pub fn analysis(&self) -> Option<&Analysis<G::Move>> {
        match self {
            Thinking::Done(a) => Some(a),
            _ => None,
        }
    }
}

/// The thinking begun when a person's turn began, before their move was
/// known: a first guess at it weighed beside the other candidates.
pub struct Pondering<G: Game> {
    /// The seat whose turn it is.
    pub seat: Seat,
    /// The move's index in the match.
    pub index: usize,
    /// What that seat saw.
    pub view: G::View,
    /// The thinking.
    pub thinking: Thinking<G>,
}

/// What the coach makes of a committed move.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict<M> {
    /// Let it through: no mistake, or nothing the analysis can weigh.
    Pass,
    /// A mistake or a blunder: the better move, and what it gains.
    Better {
        /// The analysis, the move played at `played`.
        analysis: Analysis<M>,
    },
}

/// The verdict of `analysis` on its move played: a mistake or worse (a
/// loss of 10 points of equity or more) is worth a word.
pub fn verdict<M: Clone>(analysis: &Analysis<M>) -> Verdict<M> {
    if analysis.worth_a_word() {
        Verdict::Better {
            analysis: analysis.clone(),
        }
    } else {
        Verdict::Pass
    }
}

/// The analysis of `ponder` re-pointed at `played`, when `played` was
/// weighed there as fully as the best candidate (on every guess); none when
/// it must be weighed afresh.
pub fn from_ponder<G: Coached>(
    ponder: &Analysis<G::Move>,
    view: &G::View,
    played: &G::Move,
) -> Option<Analysis<G::Move>> {
    let at = ponder
        .candidates
        .iter()
        .position(|c| G::same_move(view, &c.mv, played))?;
    let full = ponder.best().estimate.samples;
    if ponder.candidates[at].estimate.samples != full {
        return None;
    }
    let mut analysis = ponder.clone();
    analysis.played = at;
    // The played candidate in the move's own form, as the rules will get it.
    analysis.candidates[at].mv = played.clone();
    Some(analysis)
}
