//! The coach beside Rummy: a play in words (the cards it lays from the
//! hand, or the draw) and why it is better (the cards it leaves in the
//! hand). Taken back, the turn on screen is put back as the turn found it.

use bevy::prelude::*;
use parlour_core::engine::analysis::Analysis;
use parlour_core::games::rummy::{Card, Move, Rummy, State, View};

use super::draft::faces_in_words;
use super::grab::Grab;
use super::turn::TurnOnScreen;
use crate::coach::{Coached, TakenBack};
use crate::session::TableSystems;
use crate::tr;

/// A move taken back puts the table and the hand back as the turn found
/// them, before the turn on screen is followed.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        take_back
            .before(super::turn::follow_turn)
            .in_set(TableSystems::Show)
            .run_if(super::in_rummy),
    );
}

fn take_back(
    mut taken: MessageReader<TakenBack<Rummy>>,
    mut turn: ResMut<TurnOnScreen>,
    mut grab: ResMut<Grab>,
) {
    if taken.read().last().is_none() {
        return;
    }
    if let Some(draft) = turn.draft.as_mut() {
        draft.undo();
    }
    *grab = Grab::Empty;
}

impl Coached for Rummy {
    fn first_guess(_view: &View) -> Option<Move> {
        // The draw is always a candidate; the analysis adds the plays.
        Some(Move::Draw)
    }

    fn same_move(view: &View, a: &Move, b: &Move) -> bool {
        // The analysis knows a play by the cards it lays and takes, not by
        // how the table is arranged.
        a == b || laid(view, a).is_some_and(|la| laid(view, b) == Some(la))
    }

    fn would(view: &View, mv: &Move) -> String {
        match (mv, laid(view, mv)) {
            (Move::Draw, _) if view.pile_len == 0 => tr!("rummy-coach-pass"),
            (Move::Draw, _) => tr!("rummy-coach-draw"),
            (_, Some((laid, 0))) => tr!(
                "rummy-coach-lay",
                count = laid.len(),
                cards = faces_in_words(laid.iter().map(|c| c.face()))
            ),
            // A swap: the joker it takes back is what sets it apart.
            (_, Some((laid, took))) => tr!(
                "rummy-coach-lay-take",
                count = laid.len(),
                cards = faces_in_words(laid.iter().map(|c| c.face())),
                jokers = took
            ),
            _ => String::new(),
        }
    }

    fn why(view: &View, analysis: &Analysis<Move>) -> String {
        tr!(
            "rummy-coach-why",
            best = hand_after(view, &analysis.best().mv),
            played = hand_after(view, &analysis.played().mv)
        )
    }
}

/// The cards in the hand after `mv`, as the rules would play it: a draw
/// adds the card drawn (none from an empty pile), a play loses what it
/// lays and gains the jokers it takes back.
pub(super) fn hand_after(view: &View, mv: &Move) -> usize {
    match (mv, laid(view, mv)) {
        (Move::Draw, _) => view.hand.len() + usize::from(view.pile_len > 0),
        (_, Some((laid, took))) => view.hand.len() + took - laid.len(),
        _ => view.hand.len(),
    }
}

/// The cards a play lays from the hand (sorted) and how many jokers it
/// takes into it; none for a draw or a play the rules refuse.
fn laid(view: &View, mv: &Move) -> Option<(Vec<Card>, usize)> {
    let Move::Play(play) = mv else {
        return None;
    };
    let planned = State::from_view(view).planned(view.seat, play).ok()?;
    let mut laid = planned.laid;
    laid.sort();
    Some((laid, planned.took.len()))
}
