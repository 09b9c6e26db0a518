//! How fast one device may talk: a bucket of messages, filled at a steady
//! rate. A person sends a move every second or so; a device that sends a
//! hundred a second is broken or hostile, and is closed before the table
//! spends its time on it.

use crate::platform::time::Instant;

/// How fast a device may send.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Messages a device may send at once, after a quiet spell.
    pub burst: f64,
    /// Messages a second a device may keep sending.
    pub per_second: f64,
}

impl Default for Rate {
    /// Twenty at once, then ten a second: far past a person's pace.
    fn default() -> Self {
        Self {
            burst: 20.0,
            per_second: 10.0,
        }
    }
}

impl Rate {
    /// The rate, as a person reads it.
    pub fn said(&self) -> String {
        format!(
            "more than {} messages at once or {} a second",
            self.burst, self.per_second
        )
    }
}

/// One device's bucket.
#[derive(Clone, Debug)]
pub struct Bucket {
    rate: Rate,
    level: f64,
    filled: Instant,
}

impl Bucket {
    /// A full bucket at `now`.
    pub fn new(rate: Rate, now: Instant) -> Self {
        Self {
            rate,
            level: rate.burst,
            filled: now,
        }
    }

    /// Takes one message's worth at `now`: false when the bucket is empty,
    /// and the device is sending too fast.
    pub fn take(&mut self, now: Instant) -> bool {
        let since = now.saturating_duration_since(self.filled);
        self.filled = now;
        self.level = (self.level + since.as_secs_f64() * self.rate.per_second).min(self.rate.burst);
        if self.level >= 1.0 {
            self.level -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::time::Duration;

    #[test]
    fn a_burst_is_allowed_and_a_flood_is_not() {
        let start = Instant::now();
        let mut bucket = Bucket::new(Rate::default(), start);
        for _ in 0..Rate::default().burst as usize {
            assert!(bucket.take(start));
        }
        assert!(!bucket.take(start), "a message past the burst, at once");
    }

    #[test]
    fn the_bucket_fills_again_at_the_steady_rate() {
        let start = Instant::now();
        let mut bucket = Bucket::new(Rate::default(), start);
        while bucket.take(start) {}
        let later = start + Duration::from_millis(1000);
        let mut taken = 0;
        while bucket.take(later) {
            taken += 1;
        }
        assert_eq!(taken, Rate::default().per_second as usize);
        // A person's pace never empties it.
        let mut bucket = Bucket::new(Rate::default(), start);
        for step in 0..1000u64 {
            assert!(bucket.take(start + Duration::from_millis(200 * step)));
        }
    }
}
