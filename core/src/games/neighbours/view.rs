//! What one seat of Neighbours may see.

use std::sync::Arc;

use super::rules::{Config, State};
use crate::engine::Seat;

/// One seat's view: the board, its own hand, and the public counts. The bag's
/// order and the other hands are not in it; the multiset of unseen tokens is,
/// since every played token is public.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The variant.
    pub config: Arc<Config>,
    /// The digit on each cell.
    pub board: Vec<Option<u8>>,
    /// This seat's digits.
    pub hand: Vec<u8>,
    /// How many tokens each seat holds.
    pub hand_sizes: Vec<usize>,
    /// Tokens left in the bag.
    pub bag_len: usize,
    /// Placement points per seat.
    pub points: Vec<i64>,
    /// End penalties per seat (zero until the end).
    pub penalties: Vec<i64>,
    /// Whose turn it is (none once over).
    pub to_move: Option<Seat>,
    /// The seat that moved first.
    pub first: Seat,
    /// Consecutive passes so far.
    pub passes: usize,
    /// Whether the match is over.
    pub over: bool,
    /// Per digit, the tokens this seat has not seen: in the bag or in other hands.
    pub unseen: [u8; 10],
}

impl View {
    /// `seat`'s view of `state`.
    pub fn of(state: &State, seat: Seat) -> Self {
        let config = Arc::clone(&state.config);
        let board: Vec<Option<u8>> = state.board.iter().map(|t| t.map(|t| t.digit())).collect();
        let hand: Vec<u8> = state.hands[seat].iter().map(|t| t.digit()).collect();
        let mut unseen = [config.copies; 10];
        for d in board.iter().flatten().chain(&hand) {
            unseen[*d as usize] -= 1;
        }
        Self {
            seat,
            board,
            hand,
            hand_sizes: state.hands.iter().map(Vec::len).collect(),
            bag_len: state.bag.len(),
            points: state.points.clone(),
            penalties: state.penalties.clone(),
            to_move: (!state.over).then_some(state.to_move),
            first: state.first,
            passes: state.passes,
            over: state.over,
            unseen,
            config,
        }
    }

    /// The unseen tokens as a list of digits.
    pub fn unseen_tokens(&self) -> Vec<u8> {
        (0..10u8)
            .flat_map(|d| std::iter::repeat_n(d, self.unseen[d as usize] as usize))
            .collect()
    }
}
