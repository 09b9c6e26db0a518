//! Rummy: 108 cards, runs and groups, a 40-point first meld, a table anyone may rebuild.

pub mod cards;
pub mod solver;
