//! What one seat of Rummy may see.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::cards::{Card, CardName, FACES, Face};
use super::rules::{Config, RoundEnd, State, TableSet};
use crate::engine::Seat;

/// One seat's view: the table, its own hand, and the public counts. The
/// other hands and the order of the draw pile are not in it.
///
/// The cards in it are numbered afresh, in the order the seat sees them (the
/// table set by set, then the hand): which physical copy of a card a hand
/// holds was fixed by the order of the deal, and would tell where the other
/// copy is. Identify a view's cards by their faces, not by their numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The variant.
    pub config: Arc<Config>,
    /// The sets on the table (public).
    pub table: Vec<TableSet>,
    /// This seat's cards.
    pub hand: Vec<Card>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<usize>,
    /// Cards left in the draw pile.
    pub pile_len: usize,
    /// Whether each seat has made its first meld this round.
    pub melded: Vec<bool>,
    /// Whose turn it is (none once over).
    pub to_move: Option<Seat>,
    /// Who played first this round.
    pub first: Seat,
    /// Passes in a row with the pile empty.
    pub passes: usize,
    /// The finished rounds.
    pub rounds: Vec<RoundEnd>,
    /// Match totals.
    pub totals: Vec<i64>,
    /// Whether the match is over.
    pub over: bool,
}

impl View {
    /// `seat`'s view of `state`.
    pub fn of(state: &State, seat: Seat) -> Self {
        let mut next = [0u8; FACES];
        let mut renumber = |card: &Card| {
            let face = card.face();
            let copy = next[face.index()];
            next[face.index()] += 1;
            match face {
                Face::Number { colour, number } => Card::numbered(colour, number, copy),
                Face::Joker => Card::joker(copy),
            }
        };
        let table = state
            .table
            .iter()
            .map(|set| TableSet {
                cards: set.cards.iter().map(&mut renumber).collect(),
                reading: set.reading.clone(),
            })
            .collect();
        let hand = state.hands[seat].iter().map(&mut renumber).collect();
        Self {
            seat,
            config: Arc::clone(&state.config),
            table,
            hand,
            hand_sizes: state.hands.iter().map(Vec::len).collect(),
            pile_len: state.pile.len(),
            melded: state.melded.clone(),
            to_move: (!state.over).then_some(state.to_move),
            first: state.first,
            passes: state.passes,
            rounds: state.rounds.clone(),
            totals: state.totals.clone(),
            over: state.over,
        }
    }

    /// Whether this seat is to move.
    pub fn my_turn(&self) -> bool {
        self.to_move == Some(self.seat)
    }

    /// Per face (see [`Face::index`]), the cards this seat has not seen: in
    /// the pile or in other hands.
    pub fn unseen(&self) -> [usize; FACES] {
        let mut left = [0usize; FACES];
        for (i, n) in left.iter_mut().enumerate() {
            *n = self.config.copies(Face::from_index(i));
        }
        for card in self.table.iter().flat_map(|s| &s.cards).chain(&self.hand) {
            left[card.face().index()] -= 1;
        }
        left
    }
}

/// What a device at a shared table is shown of a match of Rummy: the table
/// (a joker named with what it stands for), its own hand by face (none at
/// the table's screen), and the public counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seen {
    /// The seat shown (none: the table's screen).
    pub seat: Option<Seat>,
    /// The sets on the table, in table order, as a move names them.
    pub table: Vec<Vec<CardName>>,
    /// This seat's cards, in hand order (empty at the table's screen).
    pub hand: Vec<Face>,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<usize>,
    /// Cards left in the draw pile.
    pub pile: usize,
    /// Whether each seat has made its first meld this round.
    pub melded: Vec<bool>,
    /// Whose turn it is (none once over).
    pub to_move: Option<Seat>,
    /// Each finished round's scores, per seat.
    pub rounds: Vec<Vec<i64>>,
    /// Match totals.
    pub totals: Vec<i64>,
    /// Whether the match is over.
    pub over: bool,
}

impl Seen {
    /// What `view`'s seat is shown.
    pub fn of(view: &View) -> Self {
        let name = |(card, stands): (&Card, &Face)| CardName {
            face: card.face(),
            stands_for: card.is_joker().then_some(*stands),
        };
        Self {
            seat: Some(view.seat),
            table: view
                .table
                .iter()
                .map(|set| set.cards.iter().zip(&set.reading.faces).map(name).collect())
                .collect(),
            hand: view.hand.iter().map(|c| c.face()).collect(),
            hand_sizes: view.hand_sizes.clone(),
            pile: view.pile_len,
            melded: view.melded.clone(),
            to_move: view.to_move,
            rounds: view.rounds.iter().map(|r| r.scores.clone()).collect(),
            totals: view.totals.clone(),
            over: view.over,
        }
    }

    /// What the table's screen is shown: any seat's view less its hand.
    pub fn at_table(state: &State) -> Self {
        Self {
            seat: None,
            hand: Vec::new(),
            ..Self::of(&View::of(state, 0))
        }
    }
}
