//! The seeded random source every rules core and bot draws from.
//!
//! Records reproduce a match from its seed, so a seed must deal the same
//! tokens and cards for as long as the record format lives. Bounded draws and
//! shuffles are therefore done here, with fixed algorithms, rather than with
//! library helpers whose algorithms may change between versions.

use core::convert::Infallible;

use rand::{SeedableRng, TryRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

/// A small, fast, cloneable generator (PCG 64, 16 bytes of state).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng(Pcg64Mcg);

impl GameRng {
    /// A generator whose whole future follows from `seed`.
    pub fn seeded(seed: u64) -> Self {
        Self(Pcg64Mcg::seed_from_u64(seed))
    }

    /// A uniform number in `0..n` (`n > 0`), by Lemire's multiply-and-reject.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0) has no value");
        let n = n as u64;
        loop {
            let x = rand::Rng::next_u64(&mut self.0);
            let m = (x as u128) * (n as u128);
            let low = m as u64;
            if low >= n.wrapping_neg() % n {
                return (m >> 64) as usize;
            }
        }
    }

    /// Fisher–Yates, drawing with [`GameRng::below`].
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A uniform float in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (rand::Rng::next_u64(&mut self.0) >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// One item of a non-empty slice, uniformly.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A fresh generator for a sub-task (a bot, a later round), derived from this one.
    pub fn fork(&mut self) -> Self {
        Self::seeded(rand::Rng::next_u64(&mut self.0))
    }
}

impl TryRng for GameRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        self.0.try_next_u32()
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        self.0.try_next_u64()
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.0.try_fill_bytes(dst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_draws() {
        let mut a = GameRng::seeded(7);
        let mut b = GameRng::seeded(7);
        let xs: Vec<usize> = (0..50).map(|_| a.below(50)).collect();
        let ys: Vec<usize> = (0..50).map(|_| b.below(50)).collect();
        assert_eq!(xs, ys);
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = GameRng::seeded(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            seen[rng.below(7)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn shuffle_keeps_every_item() {
        let mut rng = GameRng::seeded(3);
        let mut v: Vec<u32> = (0..50).collect();
        rng.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
