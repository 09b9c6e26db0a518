//! Rummy in the app: its catalog entry and its plugins. The turn a player
//! builds on screen ([`draft`]) is kept in step with the match ([`turn`]),
//! changed by the pointer ([`input`]) and by the HUD's buttons ([`hud`]),
//! and laid out by a hint — the one that searches thinks apart ([`hint`]);
//! the table is laid out ([`layout`]) and drawn ([`view`]); the player is
//! told what happens ([`feedback`]) and the scores ([`results`]); the title's
//! picture, the set-up's rounds row, the sounds and how long the searching
//! bots think at each strength ([`strength`]) are Rummy's too.

mod coach;
pub mod draft;
mod feedback;
mod grab;
mod hand;
pub mod hint;
mod hud;
pub mod input;
pub mod layout;
mod lesson;
pub mod picture;
mod results;
pub mod review;
pub mod rounds;
pub mod sounds;
pub mod strength;
pub mod turn;
mod view;

use bevy::prelude::*;
use parlour_core::engine::{Bot, BotError, Match, Seat};
pub use parlour_core::games::rummy::Rummy;

use crate::catalog::GameEntry;
use crate::engine::{ActiveMatch, MoveRejected};
use crate::game_kit::{AddGame, TableGame};
use crate::session::{ResultsSheet, Table};
use crate::settings::BotStrength;

/// Rummy as the catalog lists it.
pub fn entry() -> GameEntry {
    GameEntry::new::<Rummy>()
        .attract(3, "expert")
        .how_to(&["aim", "cards", "sets", "turn", "first-meld", "scoring"])
        .picture(picture::paint)
        .setup_row(rounds::row)
        // A newcomer's first match: no turn clock while they learn the cards.
        .first_rules("standard,turn-seconds=off")
        .hand(hand::hand)
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

    /// The searching `expert` thinks as long as the strength says.
    fn bot_at(
        name: &str,
        strength: BotStrength,
        stepped: bool,
        seed: u64,
    ) -> Result<Box<dyn Bot<Self>>, BotError> {
        strength::bot_at(name, strength, stepped, seed)
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
        hint::plugin,
        input::plugin,
        feedback::plugin,
        rounds::plugin,
        coach::plugin,
    ));
}

/// Rummy on screen: the logic, the table drawn and the HUD.
pub fn plugin(app: &mut App) {
    logic_plugin(app);
    app.add_plugins((view::plugin, hud::plugin, review::plugin, lesson::plugin));
}
