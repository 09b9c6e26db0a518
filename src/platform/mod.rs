//! What differs between the desktop and the browser, behind one small seam
//! each, so that the rest of the crate never asks which target it is built
//! for:
//!
//! - [`time`]: the clock (`std::time` panics in a browser);
//! - [`files`]: the data folder — files on disk, or keys of the page's
//!   local storage — each written whole or not at all;
//! - [`page`]: what only a web page has (the loading line, the wake lock,
//!   a reload after a crash, the closed screen of a kiosk).
//!
//! Threads are the fourth difference: the bots think on a background task
//! on the desktop and in slices between frames in a page
//! ([`THINKS_BESIDE_FRAMES`]); [`beside`] runs the long thinking of a
//! review or the coach the same way.

pub mod beside;
pub mod files;
pub mod page;
pub mod time;

/// Whether a background task runs beside the frames (the desktop's thread
/// pool) or only between them, on the page's one thread (the browser).
pub const THINKS_BESIDE_FRAMES: bool = !cfg!(target_arch = "wasm32");

/// Whether Parlour sizes and places its own window (the desktop, where
/// kiosk mode covers the monitor) or the page does (the browser, where
/// full screen is the browser's kiosk mode or the home-screen app's).
pub const HAS_OWN_WINDOW: bool = !cfg!(target_arch = "wasm32");
