//! Bots: players that choose a move from one seat's view.

use std::time::Duration;

use super::game::Game;

/// A player driven by code. It is handed its seat's view — never the full
/// state — so it knows exactly what a person in that seat would know.
pub trait Bot<G: Game>: Send {
    /// The bot's name (`random`, `greedy`, `expert`…).
    fn name(&self) -> &'static str;
    /// The move to play, chosen from `view`. It must be legal in the
    /// position the view describes.
    fn choose(&mut self, view: &G::View) -> G::Move;
    /// [`Bot::choose`] a slice at a time, for a host whose one thread
    /// draws the frames too (a web page): thinks about `view` for about
    /// `slice`, then the move, or `None` to be asked again with the same
    /// view next frame. A bot whose choice is quick chooses at once.
    fn think(&mut self, view: &G::View, slice: Duration) -> Option<G::Move> {
        let _ = slice;
        Some(self.choose(view))
    }
}

/// A bot name the game does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot {name:?} for {game}; the bots are: {known}")]
pub struct BotError {
    /// The game asked.
    pub game: &'static str,
    /// The name given.
    pub name: String,
    /// The names the game knows, comma-separated.
    pub known: String,
}

impl BotError {
    /// The error for `name`, listing the bots of `G`.
    pub fn unknown<G: Game>(name: &str) -> Self {
        Self {
            game: G::NAME,
            name: name.to_owned(),
            known: G::bots().join(", "),
        }
    }
}
