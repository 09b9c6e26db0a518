//! What one seat of Neighbours may see.

use serde::{Deserialize, Serialize};

use super::rules::{Adjacency, Config, MAX_SEATS, Move, Scored, State, Token, consecutive_mask};
use crate::engine::Seat;

/// One seat's view: a public copy of the state — the board, the scores, whose
/// turn it is and this seat's own hand — with the other hands and the bag
/// left empty, plus their public sizes. The multiset of unseen tokens is in
/// it too, since every played token is public.
///
/// Bots run the rules' own move generator on [`View::state`], and search
/// guesses at the hidden part made with [`View::world`].
#[derive(Clone, Debug)]
pub struct View {
    seat: Seat,
    public: State,
    hand_sizes: [usize; MAX_SEATS],
    bag_len: usize,
    unseen: [u8; 10],
}

impl View {
    /// `seat`'s view of `state`.
    pub fn of(state: &State, seat: Seat) -> Self {
        let public = state.public_copy(seat);
        let copies = state.config().copies;
        let played = state.played();
        let mut unseen = [0u8; 10];
        for d in 0..10 {
            unseen[d] = copies - played[d];
        }
        for t in state.hand(seat) {
            unseen[t.digit() as usize] -= 1;
        }
        let mut hand_sizes = [0; MAX_SEATS];
        for (s, size) in hand_sizes.iter_mut().enumerate().take(state.players()) {
            *size = state.hand(s).len();
        }
        Self {
            seat,
            public,
            hand_sizes,
            bag_len: state.bag_len(),
            unseen,
        }
    }

    /// The seat this view belongs to.
    pub fn seat(&self) -> Seat {
        self.seat
    }
    /// The public copy of the state: other hands and the bag are empty in it.
    pub fn state(&self) -> &State {
        &self.public
    }
    /// The variant.
    pub fn config(&self) -> &Config {
        self.public.config()
    }
    /// Number of seats.
    pub fn players(&self) -> usize {
        self.public.players()
    }
    /// The digit on a cell, if any.
    pub fn digit_at(&self, cell: usize) -> Option<u8> {
        self.public.token_at(cell).map(Token::digit)
    }
    /// This seat's tokens.
    pub fn hand(&self) -> &[Token] {
        self.public.hand(self.seat)
    }
    /// This seat's digits, in hand order.
    pub fn hand_digits(&self) -> Vec<u8> {
        self.hand().iter().map(|t| t.digit()).collect()
    }
    /// How many tokens each seat holds.
    pub fn hand_sizes(&self) -> &[usize] {
        &self.hand_sizes[..self.players()]
    }
    /// Tokens left in the bag.
    pub fn bag_len(&self) -> usize {
        self.bag_len
    }
    /// Placement points per seat.
    pub fn points(&self) -> &[i64] {
        self.public.points()
    }
    /// End penalties per seat (zero until the end).
    pub fn penalties(&self) -> &[i64] {
        self.public.penalties()
    }
    /// Whose turn it is (none once over).
    pub fn to_move(&self) -> Option<Seat> {
        (!self.public.is_over()).then(|| self.public.to_move())
    }
    /// The seat that moved first.
    pub fn first(&self) -> Seat {
        self.public.first()
    }
    /// Consecutive passes so far.
    pub fn passes(&self) -> usize {
        self.public.passes()
    }
    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.public.is_over()
    }
    /// Per digit, the tokens this seat has not seen: in the bag or in other hands.
    pub fn unseen(&self) -> [u8; 10] {
        self.unseen
    }
    /// This seat's legal placements (empty when it must pass or it is not its turn).
    pub fn placements(&self) -> Vec<Scored> {
        if self.to_move() != Some(self.seat) {
            return Vec::new();
        }
        self.public.placements(self.seat)
    }
    /// This seat's legal moves in record form (empty when it is not its turn).
    pub fn legal_moves(&self) -> Vec<Move> {
        self.public.legal_moves(self.seat)
    }

    /// The unseen tokens, one per token, as digits in increasing order.
    pub fn unseen_digits(&self) -> Vec<u8> {
        (0..10u8)
            .flat_map(|d| std::iter::repeat_n(d, self.unseen[d as usize] as usize))
            .collect()
    }

    /// A complete state this view could be the view of: `unseen` — a
    /// reordering of [`View::unseen_digits`] — deals the other hands in seat
    /// order, then fills the bag, next draw first. Search plays out such
    /// guesses; a guess with the wrong tokens is refused with `None`.
    pub fn world(&self, unseen: &[u8]) -> Option<State> {
        let mut counts = [0u8; 10];
        for &d in unseen {
            if d > 9 {
                return None;
            }
            counts[d as usize] += 1;
        }
        if counts != self.unseen {
            return None;
        }
        let mut state = self.public.clone();
        state.fill_hidden(self.seat, self.hand_sizes(), unseen);
        Some(state)
    }
}

/// What a device at a shared table is shown of a match of Neighbours: the
/// board's digits, its own hand (none at the table's screen), and the
/// public counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seen {
    /// The seat shown (none: the table's screen).
    pub seat: Option<Seat>,
    /// The digit on each of the board's cells, in the board's cell order.
    pub board: Vec<Option<u8>>,
    /// This seat's digits, in hand order (empty at the table's screen).
    pub hand: Vec<u8>,
    /// How many tokens each seat holds.
    pub hand_sizes: Vec<usize>,
    /// Tokens left in the bag.
    pub bag: usize,
    /// Placement points per seat.
    pub points: Vec<i64>,
    /// End penalties per seat.
    pub penalties: Vec<i64>,
    /// Whose turn it is (none once over).
    pub to_move: Option<Seat>,
    /// Whether the match is over.
    pub over: bool,
}

impl Seen {
    /// What `view`'s seat is shown.
    pub fn of(view: &View) -> Self {
        Self {
            seat: Some(view.seat),
            board: (0..view.config().board.len())
                .map(|cell| view.digit_at(cell))
                .collect(),
            hand: view.hand_digits(),
            hand_sizes: view.hand_sizes().to_vec(),
            bag: view.bag_len(),
            points: view.points().to_vec(),
            penalties: view.penalties().to_vec(),
            to_move: view.to_move(),
            over: view.is_over(),
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

impl Seen {
    /// The digits `cell` accepts now under `config`'s rules, as a bit mask
    /// over 0..=9, from the board as seen (what a phone lights for a
    /// digit): none on a cell that holds a token or touches none, as the
    /// rules' own [`State::accepts`].
    pub fn accepts(&self, config: &Config, cell: usize) -> u16 {
        if self.board.get(cell).is_none_or(Option::is_some) {
            return 0;
        }
        let mut masks = config
            .board
            .neighbours(cell)
            .iter()
            .filter_map(|&n| self.board.get(n).copied().flatten())
            .map(consecutive_mask);
        let Some(first) = masks.next() else {
            return 0;
        };
        match config.adjacency {
            Adjacency::Every => masks.fold(first, |all, m| all & m),
            Adjacency::Any => masks.fold(first, |any, m| any | m),
        }
    }
}
