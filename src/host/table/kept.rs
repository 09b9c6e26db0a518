//! The table on disk: the match's record and its seats, tokens included,
//! saved after every change, whole or not at all.

use parlour_core::engine::{Game, Match};
use parlour_core::protocol::Share;
use serde::{Deserialize, Serialize};

use super::{SeatEntry, Table, log};
use crate::host::token::Token;

/// What the host keeps on disk: the match's record and its seats, tokens
/// included, so a host started again takes up the match and its phones
/// come back into their seats.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kept {
    pub(super) record: parlour_core::engine::Record,
    pub(super) seats: Vec<SeatEntry>,
    /// The table's screen key, so its screen comes back too.
    #[serde(default)]
    pub(super) screen: Option<Token>,
}

impl Kept {
    /// The number of moves in the kept match.
    pub fn moves(&self) -> usize {
        self.record.moves.len()
    }

    /// Whether the kept match had ended (a finished match is not taken up).
    pub fn is_over<G: Game>(&self) -> bool {
        Match::<G>::from_record(&self.record, |name| G::variant(name).ok())
            .is_ok_and(|game| game.is_over())
    }
}

impl<G: Share> Table<G> {
    /// Saves the match and its seats, whole or not at all; a save that
    /// fails is said once in the log and play goes on.
    pub(super) fn keep(&self) {
        let Some(path) = &self.rules.save else {
            return;
        };
        let kept = Kept {
            record: self.game().record(),
            seats: self.seats.clone(),
            screen: Some(self.screen_key.clone()),
        };
        let text = match serde_json::to_string_pretty(&kept) {
            Ok(text) => text,
            Err(e) => return log(&format!("the table could not be saved: {e}")),
        };
        if let Some(dir) = path.parent()
            && let Err(e) = std::fs::create_dir_all(dir)
        {
            return log(&format!(
                "the table could not be saved in {}: {e}",
                dir.display()
            ));
        }
        if let Err(e) = crate::storage::write_atomic(path, &text) {
            log(&format!(
                "the table could not be saved to {}: {e}",
                path.display()
            ));
        }
    }
}

/// Reads a kept table, with one line a person can read if it does not.
pub fn read_kept(text: &str) -> Result<Kept, String> {
    serde_json::from_str(text).map_err(|e| format!("the saved table does not read: {e}"))
}
