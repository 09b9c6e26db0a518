//! Paper Boxing in the app: its catalog entry, and its table cut by
//! concern — where things go (`layout`), the set-up's grid and buttons
//! (`setup`), the pointer (`input`), the pieces (`view`, `paths`), what the
//! player is shown of each move (`feedback`), the top bar (`hud`), the
//! words on the table (`words`), the perfect-play line (`oracle`), the
//! results sheet (`results`), the title's picture and the sounds.
//!
//! Everything shown comes from the viewer seat's [`View`](parlour_core::games::paper_boxing::View):
//! during the set-up the other grid is not in it, and in simultaneous bouts
//! neither is the other player's secret choice.

mod coach;
mod feedback;
mod hand;
mod hud;
pub mod input;
pub mod layout;
mod lesson;
mod oracle;
mod paths;
pub mod picture;
pub mod results;
mod review;
pub mod setup;
pub mod sounds;
mod view;
pub mod viewer;
pub mod words;

use bevy::prelude::*;
use parlour_core::engine::Match;
pub use parlour_core::games::paper_boxing::PaperBoxing;

use crate::catalog::GameEntry;
use crate::engine::{ActiveMatch, StartMatch};
use crate::game_kit::{AddGame, TableGame};
use crate::session::{ResultsSheet, Table};

/// Paper Boxing as the catalog lists it.
pub fn entry() -> GameEntry {
    GameEntry::new::<PaperBoxing>()
        .attract(2, "solver")
        .how_to(&["aim", "setup", "bout", "end"])
        .picture(picture::paint)
        .hand(hand::hand)
}

// A refusal is worded by the shell from the rules' phrase, in the language
// on screen, rows and columns counted from 1 as people count them.
impl TableGame for PaperBoxing {
    // The bots' strength setting is ignored (the default `bot_at`): the
    // solver plays perfectly at once, with no think time to choose.
    fn results_sheet(game: &Match<Self>, table: &Table) -> ResultsSheet {
        results::results_sheet(game, table)
    }
}

/// Whether a Paper Boxing match is on the table: the table's systems run only then.
fn in_paper_boxing(active: Option<Res<ActiveMatch<PaperBoxing>>>) -> bool {
    active.is_some()
}

/// Whether a match came to the table this frame — new, resumed or watched
/// again — so what was laid out for the last one must go.
fn match_arrived(
    starts: &mut MessageReader<StartMatch<PaperBoxing>>,
    active: &Res<ActiveMatch<PaperBoxing>>,
) -> bool {
    // Read every message, so none is left for the next frame.
    starts.read().last().is_some() || active.is_added()
}

/// Paper Boxing on the table without drawing it: the shared play flow, the
/// pointer and the keys, and what a refusal does to what they hold.
/// Headless tests drive a match through it.
pub fn logic_plugin(app: &mut App) {
    app.add_game::<PaperBoxing>(entry());
    app.add_plugins((input::plugin, feedback::logic_plugin));
}

/// Paper Boxing on screen.
pub fn plugin(app: &mut App) {
    logic_plugin(app);
    app.add_plugins((
        layout::plugin,
        setup::plugin,
        view::plugin,
        paths::plugin,
        feedback::plugin,
        oracle::plugin,
        hud::plugin,
        words::plugin,
        review::plugin,
        lesson::plugin,
    ));
}
