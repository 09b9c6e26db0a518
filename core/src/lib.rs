//! Parlour's rules cores: plain data and plain functions, no engine, no I/O.
//!
//! Every game implements [`engine::Game`]. A running match is an
//! [`engine::Match`], which checks every move with the game's rules; the Bevy
//! rules plugin in the `parlour` crate wraps exactly this type, so a move from
//! the screen, a bot, a replay or a test is checked by the same code.

pub mod engine;
pub mod games;
pub mod protocol;
pub mod share;
