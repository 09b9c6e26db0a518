//! The game-agnostic part: the [`Game`] contract, matches, records, bots and
//! headless self-play.

pub mod bot;
pub mod game;
pub mod matches;
pub mod phrase;
pub mod record;
pub mod rng;
pub mod selfplay;

pub use bot::{Bot, BotError};
pub use game::{CellSpec, Game, Location, Phase, PieceSpec, Seat, VariantError, Zone};
pub use matches::Match;
pub use phrase::{Explain, Phrase, PhraseArg};
pub use record::{Record, RecordError, SeatRecord};
pub use rng::GameRng;
