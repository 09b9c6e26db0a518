//! Seats, the one word the contract and its reasons share.

/// A seat at the table, numbered from 0.
pub type Seat = usize;
