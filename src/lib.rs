//! Parlour: three tabletop games — Neighbours, Paper Boxing and Rummy — on
//! one screen, with bots that play well.
//!
//! The rules cores, bots, records and self-play live in `parlour_core`
//! (plain Rust); this crate adds the Bevy rules plugin, the screens and the
//! command line. Its modules form layers, each using only the ones below
//! it (docs/how-it-is-built.md; `tests/architecture.rs` keeps it so):
//!
//! ```text
//! 10  cli
//!  9  app                           the composition root
//!  8  games                         one folder per game
//!  7  game_kit                      AddGame::add_game, what every table shares
//!  6  lessons                       the lesson player: a lesson file as a guided match
//!  5  ui                            egui screens, theme, input, tweens
//!  4  saves  variants  kiosk  sound  coach  review  host  hand
//!  3  session                       the table, the screen state, the match flow
//!  2  settings  stats
//!  1  catalog  storage
//!  0  engine  i18n  platform       platform: time, files, the page
//! ```

pub mod engine;
pub mod i18n;
pub mod platform;

pub mod catalog;
pub mod storage;

pub mod settings;
pub mod stats;

pub mod session;

pub mod coach;
// A seat at a shared table, held from this device.
pub mod hand;
// A shared table's server: not in a page, which cannot accept connections.
#[cfg(not(target_arch = "wasm32"))]
pub mod host;
pub mod kiosk;
pub mod review;
pub mod saves;
pub mod sound;
pub mod variants;

pub mod ui;

pub mod lessons;

pub mod game_kit;

pub mod games;

pub mod app;

pub mod cli;

pub use parlour_core;
