//! Paper Boxing's results sheet: bouts won, even or odd, who led first and
//! how each player finished, with notes on the reveal, the knock-out or the
//! tie-break, the drawn bouts and a player stuck early.

use parlour_core::engine::{Match, Seat};
use parlour_core::games::paper_boxing::{Bouts, PaperBoxing};

use crate::session::{ResultsSheet, Table};
use crate::tr;

use super::viewer::{role, winner_of};
use super::words::reveal_text;

/// The results sheet of a finished match: bouts won, even or odd, who led
/// first, how each finished; notes on the knock-out or the tie-break.
pub fn results_sheet(game: &Match<PaperBoxing>, table: &Table) -> ResultsSheet {
    let view = game.view(2);
    let name = |s: Seat| table.name(s).to_owned();
    let winner = winner_of(&view);
    let stuck_from = |s: Seat| -> Option<usize> {
        let steps = view.paths[s].len().saturating_sub(1);
        (view.config.bouts == Bouts::Simultaneous && steps < view.bouts as usize)
            .then_some(steps + 1)
    };
    let rows = (0..2)
        .map(|s| {
            let finish = if view.ko == Some(s) {
                tr!("pb-end-ko")
            } else if stuck_from(s).is_some() {
                tr!("pb-end-stuck")
            } else if view.ko.is_some() {
                tr!("pb-end-ko-other")
            } else {
                tr!("pb-end-full")
            };
            (
                name(s),
                vec![
                    view.wins[s].to_string(),
                    role(&view, s),
                    if view.first_leader == Some(s) {
                        tr!("pb-yes")
                    } else {
                        tr!("pb-no")
                    },
                    finish,
                ],
                winner == Some(s),
            )
        })
        .collect();
    let mut notes = Vec::new();
    notes.extend(reveal_text(&view, table));
    if let Some(ko) = view.ko {
        notes.push(tr!("pb-note-ko", name = name(ko), n = view.bouts + 1));
    } else if let Some(w) = winner {
        let (ww, wl) = (view.wins[w], view.wins[1 - w]);
        notes.push(if ww == wl {
            tr!("pb-note-tie", w = ww, name = name(w))
        } else {
            tr!("pb-note-won", name = name(w), w = ww, l = wl)
        });
    }
    let draws = view.bouts - view.wins[0] - view.wins[1];
    if draws > 0 {
        notes.push(tr!("pb-note-draws", n = draws));
    }
    for s in 0..2 {
        if let Some(from) = stuck_from(s) {
            notes.push(tr!("pb-note-stuck", name = name(s), n = from));
        }
    }
    ResultsSheet {
        columns: vec![
            tr!("pb-col-bouts"),
            tr!("pb-col-role"),
            tr!("pb-col-first"),
            tr!("pb-col-end"),
        ],
        rows,
        notes,
        score: Some(0),
    }
}
