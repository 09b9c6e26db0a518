//! Rummy in the app: its catalog entry and its plugins. The turn a player
//! builds on screen ([`draft`]) is kept in step with the match ([`turn`]),
//! changed by the pointer ([`input`]) and by the HUD's buttons ([`hud`]);
//! the table is laid out ([`layout`]) and drawn ([`view`]); the player is
//! told what happens ([`feedback`]) and the scores ([`results`]); the title's
//! picture, the set-up's rounds row and the sounds are Rummy's too.

pub mod draft;
mod feedback;
mod hud;
pub mod input;
pub mod layout;
pub mod picture;
mod results;
pub mod rounds;
pub mod sounds;
pub mod turn;
mod view;

use bevy::prelude::*;
use parlour_core::engine::{Match, Seat};
pub use parlour_core::games::rummy::Rummy;

use crate::catalog::GameEntry;
use crate::engine::{ActiveMatch, MoveRejected};
use crate::game_kit::{AddGame, TableGame};
use crate::session::{ResultsSheet, Table};

/// Rummy as the catalog lists it.
pub fn entry() -> GameEntry {
    GameEntry::new::<Rummy>()
        .attract(3, "expert")
        .how_to(&["aim", "cards", "sets", "turn", "first-meld", "scoring"])
        .picture(picture::paint)
        .setup_row(rounds::row)
}

impl TableGame for Rummy {
    fn results_sheet(game: &Match<Self>, table: &Table) -> ResultsSheet {
        results::results_sheet(game, table)
    }

    fn refusal_text(refusal: &MoveRejected<Self>, table: &Table) -> String {
        let names = |seat: Seat| table.name(seat).to_owned();
        feedback::capitalise(&crate::i18n::refusal(
            &refusal.phrase,
            &refusal.reason,
            &names,
        ))
    }
}

/// Whether the match on the table is Rummy.
fn in_rummy(active: Option<Res<ActiveMatch<Rummy>>>) -> bool {
    active.is_some()
}

/// Rummy on the table without drawing it — the turn on screen and the
/// pointer's grab, the drops, the layout, notices, the rounds' pace, the
/// results sheet: what headless tests add and drive a match through.
pub fn logic_plugin(app: &mut App) {
    app.add_game::<Rummy>(entry());
    app.add_plugins((
        turn::plugin,
        input::plugin,
        feedback::plugin,
        rounds::plugin,
    ));
}

/// Rummy on screen: the logic, the table drawn and the HUD.
pub fn plugin(app: &mut App) {
    logic_plugin(app);
    app.add_plugins((view::plugin, hud::plugin));
}
