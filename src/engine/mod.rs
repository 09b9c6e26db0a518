//! The engine: the headless rules plugin, on top of the rules cores' engine
//! in `parlour_core`.

mod bots;
mod clock;
mod model;
pub mod plugin;
pub mod replay;

pub use bots::{BotMaker, Bots};
pub use clock::{ClockSettings, MatchClock, TurnClock, TurnDraft};
pub use model::{
    ActiveMatch, At, BotExecution, CellOf, Controller, EndMatch, FrameStepped, GateCheck, HandSize,
    MatchEntity, MoveApplied, MoveGate, MoveRejected, MoveRequest, Pacing, PieceOf, Proceed,
    RulesSystems, Score, SeatOf, StartMatch, TurnPhase,
};
pub use parlour_core::engine::*;
pub use plugin::{RulesPlugin, plugin};
