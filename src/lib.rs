//! Parlour: three tabletop games — Neighbours, Paper Boxing and Rummy — on
//! one screen, with bots that play well.
//!
//! The rules cores, bots, records and self-play live in `parlour_core`
//! (plain Rust); this crate adds the Bevy rules plugin, the screens and the
//! command line.

pub mod app;
pub mod cli;
pub mod engine;
pub mod games;
pub mod i18n;
pub mod kiosk;
pub mod persist;
pub mod saves;
pub mod settings;
pub mod sound;
pub mod stats;
pub mod ui;
pub mod variants;

pub use parlour_core;
