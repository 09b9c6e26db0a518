//! The engine: the headless rules plugin, on top of the rules cores' engine
//! in `parlour_core`.

mod bots;
mod clock;
pub mod plugin;
pub mod replay;

pub use bots::{BotMaker, Bots};
pub use clock::{ClockSettings, TurnClock, TurnDraft};
pub use parlour_core::engine::*;
pub use plugin::{
    ActiveMatch, At, BotExecution, CellOf, Controller, EndMatch, HandSize, MatchEntity,
    MoveApplied, MoveRejected, MoveRequest, Pacing, PieceOf, Proceed, RulesPlugin, RulesSystems,
    Score, SeatOf, StartMatch, TurnPhase, plugin,
};
