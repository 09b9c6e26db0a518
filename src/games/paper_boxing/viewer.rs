//! What the seat on screen sees of a match, and the readings of it that the
//! pieces, the words and the results share: the legal steps, the ring's
//! cell, the numbers of a bout, who leads, who won, a seat's role. All from
//! a [`View`], so nothing secret leaks into them.

use parlour_core::engine::{Match, Phase, Seat};
use parlour_core::games::paper_boxing::rules::START;
use parlour_core::games::paper_boxing::{Bouts, PaperBoxing, State as Position, View};

use crate::session::{Screen, Table};
use crate::tr;

/// The viewer's view: the seat on screen, or a spectator's (what is public)
/// when no seat is.
pub fn viewer_view(game: &Match<PaperBoxing>, viewer: Option<Seat>) -> View {
    game.view(viewer.filter(|&s| s < 2).unwrap_or(2))
}

/// The seat whose secrets the table may draw: the viewer's on the play
/// screen, nobody's on any other — the hand-over screen above all, where
/// the seat that has just played must not leave its grid under the cover.
pub fn drawn_for(table: &Table, screen: Screen) -> Option<Seat> {
    table.viewer.filter(|_| screen == Screen::Play)
}

/// The legal steps of the view's seat, from its view alone.
pub fn legal_cells(view: &View) -> Vec<u8> {
    if view.phase != Phase::Play || view.seat > 1 {
        return Vec::new();
    }
    Position::from_view(view).legal_cells(view.seat)
}

/// The cell at the end of a seat's path, where its ring stands: D before
/// the first step.
pub(super) fn head(view: &View, seat: Seat) -> u8 {
    *view.paths[seat].last().unwrap_or(&START)
}

/// The number each seat played in bout `bout` (from 1): 0 for a player who
/// was stuck and played 0.
pub fn bout_numbers(view: &View, bout: usize) -> [u8; 2] {
    std::array::from_fn(|s| match (view.grids[s], view.paths[s].get(bout)) {
        (Some(g), Some(&c)) => g[c as usize],
        _ => 0,
    })
}

/// The number on the last cell of a seat's path.
pub(super) fn head_number(view: &View, seat: Seat) -> u8 {
    match (view.grids[seat], view.paths[seat].last()) {
        (Some(g), Some(&c)) => g[c as usize],
        _ => 0,
    }
}

/// Whether to tag a seat as leading the bout: only led bouts have a
/// leader who moves first.
pub(super) fn leads(view: &View, seat: Seat) -> bool {
    view.config.bouts == Bouts::Led && view.leader == Some(seat) && !view.over
}

/// The winner of a finished match, from a view.
pub(super) fn winner_of(view: &View) -> Option<Seat> {
    if !view.over {
        return None;
    }
    if let Some(ko) = view.ko {
        return Some(1 - ko);
    }
    Some(match view.wins[0].cmp(&view.wins[1]) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => view.first_leader.unwrap_or(0),
    })
}

/// A seat's role in words: even or odd, by whose sum of corners leads.
pub(super) fn role(view: &View, seat: Seat) -> String {
    if seat == view.even {
        tr!("pb-role-even")
    } else {
        tr!("pb-role-odd")
    }
}
