//! What a lesson of Paper Boxing can show, and how a step is seen to show it.

use super::PaperBoxing;
use super::rules::{Move, coords};
use crate::engine::lesson::{Moment, Teach};

/// The rules a lesson step may name, in the order a lesson meets them.
const TOPICS: &[&str] = &[
    "fill-grid",
    "reveal",
    "king-step",
    "leader-in-the-open",
    "follower-answers",
    "win-bout",
    "draw-bout",
    "tie-break",
    "ko",
];

impl Teach for PaperBoxing {
    fn topics() -> &'static [&'static str] {
        TOPICS
    }

    fn controls() -> &'static [&'static str] {
        &["ready"]
    }

    fn shows(topic: &str, moment: &Moment<'_, Self>) -> Result<(), String> {
        let (before, after, seat) = (moment.before, moment.after, moment.seat);
        let outcome = moment.played.map(|(_, o)| o);
        let step = match moment.played {
            Some((Move::To { row, col }, _)) => Some((*row, *col)),
            _ => None,
        };
        let check = |holds: bool, why: &str| holds.then_some(()).ok_or_else(|| why.to_owned());
        match topic {
            "fill-grid" => check(
                matches!(moment.played, Some((Move::Grid(_), _))) && after.filled(seat),
                "the step must fill the seat's grid",
            ),
            "reveal" => check(
                outcome.is_some_and(|o| o.first_leader.is_some()),
                "the grids are not revealed by this step",
            ),
            "king-step" => {
                // A diagonal step shows what a rook's step would not.
                let (row, col) = step.ok_or("the step must be a step of the path")?;
                let (from_row, from_col) = coords(before.at(seat));
                check(
                    row != from_row && col != from_col,
                    "the step is not diagonal",
                )
            }
            "leader-in-the-open" => check(
                step.is_some() && before.leader() == Some(seat) && after.to_move() != seat,
                "the step is not the leader's first move of a bout",
            ),
            "follower-answers" => check(
                step.is_some()
                    && before.leader() != Some(seat)
                    && outcome.is_some_and(|o| o.bout.is_some()),
                "the step is not the follower's answer",
            ),
            "win-bout" => check(
                outcome
                    .and_then(|o| o.bout)
                    .is_some_and(|b| b.winner.is_some()),
                "nobody wins a bout with this step",
            ),
            "draw-bout" => check(
                outcome
                    .and_then(|o| o.bout)
                    .is_some_and(|b| b.winner.is_none() && after.leader() == before.leader()),
                "the bout is not drawn, or the lead changed",
            ),
            "tie-break" => {
                let [a, b] = after.wins();
                check(
                    after.bouts() > 0 && a == b && after.first_leader().is_some(),
                    "the bouts won are not level",
                )
            }
            "ko" => check(
                after.ko().is_some() && after.is_over(),
                "nobody is out by KO",
            ),
            other => Err(format!("Paper Boxing has no lesson topic {other:?}")),
        }
    }
}
