//! What a lesson of Neighbours can show, and how a step is seen to show it.

use super::Neighbours;
use super::board::Bonus;
use super::rules::{Move, Scored, State};
use crate::engine::Seat;
use crate::engine::lesson::{Moment, Teach};

/// The rules a lesson step may name, in the order a lesson meets them.
const TOPICS: &[&str] = &[
    "next-to-a-token",
    "consecutive",
    "drawing",
    "zero-between-nine-and-one",
    "touches-several",
    "k-bonus",
    "x-bonus",
    "empty-bag",
    "forced-pass",
    "end",
    "penalty",
];

impl Teach for Neighbours {
    fn topics() -> &'static [&'static str] {
        TOPICS
    }

    fn controls() -> &'static [&'static str] {
        &["pass"]
    }

    fn shows(topic: &str, moment: &Moment<'_, Self>) -> Result<(), String> {
        let placed = moment.played.and_then(|(_, o)| o.placed);
        let drew = moment.played.is_some_and(|(_, o)| o.drew);
        let need = |what: &str| -> Result<Scored, String> {
            placed.ok_or_else(|| format!("the step must place a token ({what})"))
        };
        match topic {
            "next-to-a-token" => {
                let s = need("next to one token")?;
                (s.touched == 1)
                    .then_some(())
                    .ok_or_else(|| format!("the token touches {}, not one", s.touched))
            }
            "consecutive" => {
                let s = need("consecutive to its neighbours")?;
                let refused = moment.before.placements(moment.seat);
                // The rule shows when the cell takes some digits of the hand
                // and not others.
                let hand = moment.before.hand_mask(moment.seat);
                let takes = moment.before.accepts(s.cell) & hand;
                (takes != hand && !refused.is_empty())
                    .then_some(())
                    .ok_or_else(|| "every digit of the hand would fit there".to_owned())
            }
            "drawing" => drew
                .then_some(())
                .ok_or_else(|| "no token was drawn".to_owned()),
            "zero-between-nine-and-one" => {
                let s = need("0 next to 9 or 1")?;
                let wraps = neighbours_of(moment.after, s.cell)
                    .into_iter()
                    .any(|n| s.digit.abs_diff(n) == 9);
                wraps
                    .then_some(())
                    .ok_or_else(|| "no 0 meets a 9 across the wrap".to_owned())
            }
            "touches-several" => {
                let s = need("touching several")?;
                (s.touched >= 2)
                    .then_some(())
                    .ok_or_else(|| format!("the token touches {}", s.touched))
            }
            "k-bonus" => bonus(moment, need("on a K cell")?, Bonus::K),
            "x-bonus" => bonus(moment, need("on an x cell")?, Bonus::X),
            "empty-bag" => {
                need("with the bag empty")?;
                (!drew && moment.before.bag_len() == 0)
                    .then_some(())
                    .ok_or_else(|| "the bag was not empty".to_owned())
            }
            "forced-pass" => match moment.played {
                Some((Move::Pass, _)) if !moment.before.hand(moment.seat).is_empty() => Ok(()),
                _ => Err("the step must be a pass with tokens in hand".to_owned()),
            },
            "end" => moment
                .after
                .is_over()
                .then_some(())
                .ok_or_else(|| "the match is not over".to_owned()),
            "penalty" => penalty(moment.after),
            other => Err(format!("Neighbours has no lesson topic {other:?}")),
        }
    }
}

fn bonus(moment: &Moment<'_, Neighbours>, s: Scored, want: Bonus) -> Result<(), String> {
    let got = moment.before.config().board.bonus(s.cell);
    (got == want)
        .then_some(())
        .ok_or_else(|| format!("the cell's bonus is {got:?}, not {want:?}"))
}

/// The match is over and some seat pays for tokens left in hand.
fn penalty(state: &State) -> Result<(), String> {
    let paid: Vec<Seat> = (0..state.players())
        .filter(|&s| state.penalties()[s] > 0)
        .collect();
    if state.is_over() && !paid.is_empty() {
        Ok(())
    } else {
        Err("nobody pays for tokens left in hand".to_owned())
    }
}

/// The digits on the cells next to `cell`.
fn neighbours_of(state: &State, cell: usize) -> Vec<u8> {
    state
        .config()
        .board
        .neighbours(cell)
        .iter()
        .filter_map(|&n| state.token_at(n))
        .map(|t| t.digit())
        .collect()
}
