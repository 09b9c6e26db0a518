//! Rummy: 108 cards, runs and groups, a 40-point first meld, and a table
//! every player may rebuild.

pub mod cards;
pub mod sets;
