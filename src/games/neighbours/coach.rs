//! The coach beside Neighbours: a placement in words ("the 7 on row 4,
//! column 6") and why it is better (what it scores now, and the points it
//! is worth by the end of the match, on the rollouts' average).

use parlour_core::engine::analysis::Analysis;
use parlour_core::games::neighbours::{Move, Neighbours, View};

use crate::coach::Coached;
use crate::tr;

impl Coached for Neighbours {
    fn first_guess(view: &View) -> Option<Move> {
        let best = view.placements().into_iter().max_by_key(|s| s.points);
        Some(best.map_or(Move::Pass, |s| view.state().placement(&s)))
    }

    fn would(_view: &View, mv: &Move) -> String {
        match mv {
            Move::Place(p) => tr!(
                "coach-would-play",
                best = tr!(
                    "neighbours-coach-move",
                    digit = p.digit,
                    row = p.row as u32 + 1,
                    col = p.col as u32 + 1
                )
            ),
            Move::Pass => tr!("neighbours-coach-pass"),
        }
    }

    fn why(view: &View, analysis: &Analysis<Move>) -> String {
        let now = |mv: &Move| {
            view.placements()
                .into_iter()
                .find(|s| view.state().placement(s) == *mv)
                .map_or(0, |s| s.points)
        };
        let (best, played) = (analysis.best(), analysis.played());
        let later = match (best.estimate.margin, played.estimate.margin) {
            (Some(b), Some(p)) => (b - p).round().max(0.0),
            _ => 0.0,
        };
        tr!(
            "neighbours-coach-why",
            best = now(&best.mv),
            played = now(&played.mv),
            later = later
        )
    }
}
