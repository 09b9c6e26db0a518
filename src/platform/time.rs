//! The clock: the standard library's on the desktop, the page's
//! (`performance.now()` and `Date.now()`) in a browser, where the standard
//! `Instant::now()` and `SystemTime::now()` panic. Everything that reads the
//! time reads it here.

pub use web_time::{Instant, SystemTime, UNIX_EPOCH};
