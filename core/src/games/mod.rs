//! The three games, each a rules core behind [`crate::engine::Game`].

pub mod neighbours;
pub mod paper_boxing;
pub mod rummy;
