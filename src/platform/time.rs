//! The clock: `std::time`'s on the desktop, the page's (`performance.now()`
//! and `Date.now()`) in a browser, where `std::time::Instant::now()` and
//! `SystemTime::now()` panic. Everything that reads the time reads it here.

pub use web_time::{Instant, SystemTime, UNIX_EPOCH};
