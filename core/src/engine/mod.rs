//! The game-agnostic part: the [`Game`] contract, matches, records, bots and
//! headless self-play.

pub mod analysis;
pub mod balance;
pub mod game;
pub mod lesson;
pub mod matches;
pub mod options;
pub mod phrase;
pub mod record;
pub mod review;
pub mod rng;
pub mod seat;
pub mod selfplay;

pub use game::{
    Bot, BotError, CellSpec, Effort, Game, Location, Phase, PieceSpec, Seat, VariantError, Zone,
};
pub use matches::Match;
pub use phrase::{Explain, Phrase, PhraseArg};
pub use record::{Record, RecordError, SeatRecord};
pub use rng::GameRng;
