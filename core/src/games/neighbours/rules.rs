//! The rules of Neighbours, as `rules/neighbours.md` rules them.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::board::{Board, Bonus};
use crate::engine::{GameRng, Seat};

/// How a placed digit must relate to the tokens it touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Adjacency {
    /// Consecutive to every orthogonal neighbour (the ruling).
    Every,
    /// Consecutive to at least one orthogonal neighbour (a house rule).
    Any,
}

/// A variant of Neighbours.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The board layout.
    pub board: Board,
    /// Tokens per digit (5: 50 tokens in all).
    pub copies: u8,
    /// Tokens in a hand (5).
    pub hand_size: usize,
    /// The end-of-game penalty: this many times the value of unplayed tokens (3).
    pub penalty: i64,
    /// Every neighbour or any neighbour.
    pub adjacency: Adjacency,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            board: Board::source(),
            copies: 5,
            hand_size: 5,
            penalty: 3,
            adjacency: Adjacency::Every,
        }
    }
}

impl Config {
    /// How many tokens there are in all.
    pub fn tokens(&self) -> usize {
        10 * self.copies as usize
    }

    /// Checks that a match of this variant can be dealt to `players` seats.
    pub fn check(&self, players: usize) -> Result<(), RuleError> {
        if !(2..=MAX_SEATS).contains(&players) {
            return Err(RuleError::Players(players));
        }
        if !(1..=MAX_COPIES).contains(&self.copies) {
            return Err(RuleError::Config(format!(
                "a variant needs 1 to {MAX_COPIES} tokens of each digit, not {}",
                self.copies
            )));
        }
        if !(1..=MAX_HAND).contains(&self.hand_size) {
            return Err(RuleError::Config(format!(
                "a hand holds 1 to {MAX_HAND} tokens, not {}",
                self.hand_size
            )));
        }
        if 1 + players * self.hand_size > self.tokens() {
            return Err(RuleError::Config(format!(
                "{} tokens cannot fill the start cell and {players} hands of {}",
                self.tokens(),
                self.hand_size
            )));
        }
        if self.penalty < 0 {
            return Err(RuleError::Config(format!(
                "the end penalty multiplier cannot be negative ({})",
                self.penalty
            )));
        }
        Ok(())
    }
}

/// One physical token. Its digit is `id % 10`; `id / 10` tells the copies apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Token(pub u8);

impl Token {
    /// The digit printed on it.
    pub fn digit(self) -> u8 {
        self.0 % 10
    }
    /// What it scores: its digit, but 0 counts 10.
    pub fn value(self) -> i64 {
        value(self.digit())
    }
}

/// A digit's value: the digit itself, except 0, which counts 10.
pub fn value(digit: u8) -> i64 {
    if digit == 0 { 10 } else { digit as i64 }
}

/// Whether two digits are consecutive: they differ by 1 modulo 10.
pub fn consecutive(a: u8, b: u8) -> bool {
    (a + 1) % 10 == b || (b + 1) % 10 == a
}

/// The digits consecutive to `d`, as a bit mask over 0..=9.
pub(super) fn consecutive_mask(d: u8) -> u16 {
    (1 << ((d + 1) % 10)) | (1 << ((d + 9) % 10))
}

/// The most seats a match can have.
pub const MAX_SEATS: usize = 4;
/// The largest hand a variant may deal (hands live inline in the state, so
/// that copying a state for a view or a search costs no allocation per hand).
pub const MAX_HAND: usize = 12;
/// The most copies of each digit (token numbers must fit in a byte).
pub const MAX_COPIES: u8 = 25;

/// A placement: a digit from the hand onto a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// The digit placed.
    pub digit: u8,
    /// The cell's row, from 0 at the top.
    pub row: u8,
    /// The cell's column, from 0 at the left.
    pub col: u8,
}

/// A move of Neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "MoveForm", into = "MoveForm")]
pub enum Move {
    /// Place a token.
    Place(Placement),
    /// Pass: allowed only to a player who cannot place.
    Pass,
}

/// The record form of a move: `{"place": {...}}` or `{"pass": true}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveForm {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    place: Option<Placement>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pass: Option<bool>,
}

impl TryFrom<MoveForm> for Move {
    type Error = String;
    fn try_from(form: MoveForm) -> Result<Self, String> {
        match (form.place, form.pass) {
            (Some(p), None | Some(false)) => Ok(Move::Place(p)),
            (None, Some(true)) => Ok(Move::Pass),
            (Some(_), Some(true)) => Err("a move cannot both place and pass".into()),
            (None, _) => Err("a move needs \"place\" or \"pass\": true".into()),
        }
    }
}

impl From<Move> for MoveForm {
    fn from(mv: Move) -> Self {
        match mv {
            Move::Place(p) => MoveForm {
                place: Some(p),
                pass: None,
            },
            Move::Pass => MoveForm {
                place: None,
                pass: Some(true),
            },
        }
    }
}

/// An explicit deal, in record form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// The token on the start cell.
    pub start: u8,
    /// Each seat's hand.
    pub hands: Vec<Vec<u8>>,
    /// The rest of the tokens in draw order (front first).
    pub bag: Vec<u8>,
    /// The seat that moves first.
    #[serde(default)]
    pub first: Seat,
}

/// Why a move or a deal was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// Fewer than 2 or more than 4 players.
    #[error("Neighbours is played by 2 to 4 players, not {0}")]
    Players(usize),
    /// A variant that cannot be played (no tokens, hands too large).
    #[error("{0}")]
    Config(String),
    /// The deal does not hold the right tokens.
    #[error(
        "the deal must account for exactly {expected} of each digit, but has {found} of digit {digit}"
    )]
    DealCount {
        /// The digit.
        digit: u8,
        /// How many the deal holds.
        found: usize,
        /// How many there should be.
        expected: usize,
    },
    /// A deal with a digit that is not 0..=9.
    #[error("{0} is not a digit from 0 to 9")]
    NotADigit(u8),
    /// A deal whose hands do not match the seats or the hand size.
    #[error("the deal must give {players} hands of {size} tokens")]
    DealHands {
        /// Seats.
        players: usize,
        /// Tokens per hand.
        size: usize,
    },
    /// The deal's first seat does not exist.
    #[error("the first seat must be one of 0 to {0}")]
    DealFirst(usize),
    /// A move after the end.
    #[error("the match is over")]
    Over,
    /// A seat that does not exist.
    #[error("there is no seat {0}")]
    NoSeat(Seat),
    /// Not this seat's turn.
    #[error("it is seat {to_move}'s turn, not seat {seat}'s")]
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Whose turn it is.
        to_move: Seat,
    },
    /// A digit not in the player's hand.
    #[error("you have no {0} in your hand")]
    NotInHand(u8),
    /// A cell off the board.
    #[error("row {row}, column {col} is not on the board")]
    OffBoard {
        /// The row.
        row: u8,
        /// The column.
        col: u8,
    },
    /// A cell with a token on it.
    #[error("that cell already holds a token")]
    Occupied,
    /// A cell touching no token.
    #[error("a token must touch a token already on the board, up, down, left or right")]
    Isolated,
    /// A digit not consecutive to a neighbour.
    #[error(
        "{digit} cannot go next to {neighbour}: touching digits must be consecutive (0 sits between 9 and 1)"
    )]
    NotConsecutive {
        /// The digit placed.
        digit: u8,
        /// The neighbour it clashes with.
        neighbour: u8,
    },
    /// A digit consecutive to none of its neighbours (the `any` house rule).
    #[error("{0} is consecutive to none of the tokens it touches")]
    NoConsecutiveNeighbour(u8),
    /// A pass by a player who can place.
    #[error("you can place a token, so you must: passing is only for a player who cannot")]
    MustPlace,
}

/// A placement's points and what they are made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Scored {
    /// The cell.
    pub cell: usize,
    /// The digit.
    pub digit: u8,
    /// How many tokens it touches.
    pub touched: u8,
    /// The cell's bonus.
    pub bonus: i64,
    /// Value × touched + bonus.
    pub points: i64,
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Who moved.
    pub seat: Seat,
    /// The placement and its points, or `None` for a pass.
    pub placed: Option<Scored>,
    /// Whether a token was drawn from the bag.
    pub drew: bool,
    /// Whether the move ended the match.
    pub ended: bool,
}

/// One cell of the board as play goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cell {
    /// The token on it.
    token: Option<Token>,
    /// How many tokens touch it.
    touch: u8,
    /// The digits it accepts now: zero while it holds a token or touches
    /// none; otherwise those consecutive to every (or, in the house rule,
    /// any) token it touches.
    accepts: u16,
}

const EMPTY: Cell = Cell {
    token: None,
    touch: 0,
    accepts: 0,
};

/// A hand, kept inline (a state is copied for every view and every search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hand {
    tokens: [Token; MAX_HAND],
    len: u8,
}

impl Hand {
    const EMPTY: Hand = Hand {
        tokens: [Token(0); MAX_HAND],
        len: 0,
    };

    fn of(tokens: &[Token]) -> Self {
        let mut hand = Self::EMPTY;
        for &t in tokens {
            hand.push(t);
        }
        hand
    }
    fn as_slice(&self) -> &[Token] {
        &self.tokens[..self.len as usize]
    }
    fn push(&mut self, t: Token) {
        self.tokens[self.len as usize] = t;
        self.len += 1;
    }
    /// Takes out the first token with `digit`, keeping the others in order.
    fn take(&mut self, digit: u8) -> Option<Token> {
        let i = self.as_slice().iter().position(|t| t.digit() == digit)?;
        let t = self.tokens[i];
        self.tokens.copy_within(i + 1..self.len as usize, i);
        self.len -= 1;
        Some(t)
    }
    fn mask(&self) -> u16 {
        self.as_slice().iter().fold(0, |m, t| m | 1 << t.digit())
    }
    fn value(&self) -> i64 {
        self.as_slice().iter().map(|t| t.value()).sum()
    }
}

/// The whole state of a match of Neighbours.
///
/// Cheap to copy: two allocations (the cells and the bag), so that every
/// view and every line a bot searches gets its own.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) config: Arc<Config>,
    pub(crate) cells: Vec<Cell>,
    hands: [Hand; MAX_SEATS],
    /// The bag, next token to draw last.
    bag: Vec<Token>,
    /// Per digit, how many of its tokens lie on the board.
    played: [u8; 10],
    players: u8,
    points: [i64; MAX_SEATS],
    penalties: [i64; MAX_SEATS],
    to_move: Seat,
    first: Seat,
    passes: usize,
    over: bool,
}

impl State {
    /// A match dealt from `seed`, or from `deal`.
    pub fn new(
        config: &Config,
        players: usize,
        seed: u64,
        deal: Option<&Deal>,
    ) -> Result<Self, RuleError> {
        config.check(players)?;
        let (start, hands, bag, first) = match deal {
            Some(deal) => Self::read_deal(config, players, deal)?,
            None => {
                let mut rng = GameRng::seeded(seed);
                let mut tokens: Vec<Token> = (0..config.tokens() as u8).map(Token).collect();
                rng.shuffle(&mut tokens);
                let start = tokens[0];
                let mut rest = tokens[1..].iter().copied();
                let hands: Vec<Vec<Token>> = (0..players)
                    .map(|_| rest.by_ref().take(config.hand_size).collect())
                    .collect();
                let bag: Vec<Token> = rest.collect();
                (start, hands, bag, rng.below(players))
            }
        };
        let mut state = State {
            config: Arc::new(config.clone()),
            cells: vec![EMPTY; config.board.len()],
            hands: [Hand::EMPTY; MAX_SEATS],
            // Stored back to front, so a draw is a pop.
            bag: bag.into_iter().rev().collect(),
            played: [0; 10],
            players: players as u8,
            points: [0; MAX_SEATS],
            penalties: [0; MAX_SEATS],
            to_move: first,
            first,
            passes: 0,
            over: false,
        };
        for (seat, hand) in hands.iter().enumerate() {
            state.hands[seat] = Hand::of(hand);
        }
        state.put(config.board.start(), start);
        Ok(state)
    }

    /// Checks a deal and gives each digit its physical tokens.
    #[allow(clippy::type_complexity)]
    fn read_deal(
        config: &Config,
        players: usize,
        deal: &Deal,
    ) -> Result<(Token, Vec<Vec<Token>>, Vec<Token>, Seat), RuleError> {
        if deal.hands.len() != players || deal.hands.iter().any(|h| h.len() != config.hand_size) {
            return Err(RuleError::DealHands {
                players,
                size: config.hand_size,
            });
        }
        if deal.first >= players {
            return Err(RuleError::DealFirst(players - 1));
        }
        let all = std::iter::once(&deal.start)
            .chain(deal.hands.iter().flatten())
            .chain(deal.bag.iter());
        let mut counts = [0usize; 10];
        for &d in all {
            if d > 9 {
                return Err(RuleError::NotADigit(d));
            }
            counts[d as usize] += 1;
        }
        let expected = config.copies as usize;
        if let Some(digit) = (0..10).find(|&d| counts[d] != expected) {
            return Err(RuleError::DealCount {
                digit: digit as u8,
                found: counts[digit],
                expected,
            });
        }
        let mut next_copy = [0u8; 10];
        let mut token = |d: u8| {
            let t = Token(d + 10 * next_copy[d as usize]);
            next_copy[d as usize] += 1;
            t
        };
        let start = token(deal.start);
        let hands = deal
            .hands
            .iter()
            .map(|h| h.iter().map(|&d| token(d)).collect())
            .collect();
        let bag = deal.bag.iter().map(|&d| token(d)).collect();
        Ok((start, hands, bag, deal.first))
    }

    /// Lays a token on a cell and updates what its neighbours accept.
    fn put(&mut self, cell: usize, token: Token) {
        self.cells[cell].token = Some(token);
        self.cells[cell].accepts = 0;
        self.played[token.digit() as usize] += 1;
        let mask = consecutive_mask(token.digit());
        let every = self.config.adjacency == Adjacency::Every;
        for &n in self.config.board.neighbours(cell) {
            let c = &mut self.cells[n];
            if c.token.is_none() {
                c.accepts = match (every, c.touch) {
                    (true, 0) | (false, _) => c.accepts | mask,
                    (true, _) => c.accepts & mask,
                };
            }
            c.touch += 1;
        }
    }

    /// The variant's rules.
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// Number of seats.
    pub fn players(&self) -> usize {
        self.players as usize
    }
    /// The token on a cell.
    pub fn token_at(&self, cell: usize) -> Option<Token> {
        self.cells[cell].token
    }
    /// How many tokens touch a cell, up, down, left or right.
    pub fn touching(&self, cell: usize) -> u8 {
        self.cells[cell].touch
    }
    /// A seat's hand.
    pub fn hand(&self, seat: Seat) -> &[Token] {
        self.hands[seat].as_slice()
    }
    /// Tokens left in the bag.
    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }
    /// The bag in draw order (front first). Hidden information.
    pub fn bag_in_draw_order(&self) -> impl Iterator<Item = Token> + '_ {
        self.bag.iter().rev().copied()
    }
    /// Per digit, how many of its tokens lie on the board.
    pub fn played(&self) -> [u8; 10] {
        self.played
    }
    /// Whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }
    /// The seat that moved first.
    pub fn first(&self) -> Seat {
        self.first
    }
    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.over
    }
    /// Consecutive passes so far.
    pub fn passes(&self) -> usize {
        self.passes
    }
    /// Points from placements, per seat.
    pub fn points(&self) -> &[i64] {
        &self.points[..self.players()]
    }
    /// End penalties per seat (zero until the end).
    pub fn penalties(&self) -> &[i64] {
        &self.penalties[..self.players()]
    }
    /// Final scores: placement points less end penalties.
    pub fn scores(&self) -> Vec<i64> {
        (0..self.players()).map(|s| self.score(s)).collect()
    }
    /// One seat's score: placement points less its end penalty.
    pub fn score(&self, seat: Seat) -> i64 {
        self.points[seat] - self.penalties[seat]
    }

    /// The digits a cell accepts now, as a bit mask over 0..=9 (empty cells
    /// touching a token only).
    pub fn accepts(&self, cell: usize) -> u16 {
        self.cells[cell].accepts
    }

    /// The points a digit would score on a cell.
    pub fn score_of(&self, cell: usize, digit: u8) -> Scored {
        let touched = self.cells[cell].touch;
        let bonus = self.config.board.bonus(cell).points();
        Scored {
            cell,
            digit,
            touched,
            bonus,
            points: value(digit) * touched as i64 + bonus,
        }
    }

    /// Bit mask of the digits in a seat's hand.
    pub fn hand_mask(&self, seat: Seat) -> u16 {
        self.hands[seat].mask()
    }

    /// The total value of a seat's hand (0 counts 10): a third of what it
    /// would cost at the end, under the standard penalty.
    pub fn hand_value(&self, seat: Seat) -> i64 {
        self.hands[seat].value()
    }

    /// Whether `seat` can place any token.
    pub fn can_place(&self, seat: Seat) -> bool {
        let hand = self.hand_mask(seat);
        self.cells.iter().any(|c| c.accepts & hand != 0)
    }

    /// Every legal placement for `seat` (one per distinct digit and cell),
    /// with its points, without collecting them.
    pub fn each_placement(&self, seat: Seat) -> impl Iterator<Item = Scored> + '_ {
        let hand = self.hand_mask(seat);
        self.cells
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.accepts & hand != 0)
            .flat_map(move |(cell, c)| {
                // Walk the set bits: the digits of the hand this cell takes.
                let mut fits = c.accepts & hand;
                std::iter::from_fn(move || {
                    (fits != 0).then(|| {
                        let digit = fits.trailing_zeros() as u8;
                        fits &= fits - 1;
                        self.score_of(cell, digit)
                    })
                })
            })
    }

    /// Every legal placement for `seat` (one per distinct digit and cell),
    /// with its points.
    pub fn placements(&self, seat: Seat) -> Vec<Scored> {
        self.each_placement(seat).collect()
    }

    /// A placement in record form.
    pub fn placement(&self, s: &Scored) -> Move {
        let (row, col) = self.config.board.coords(s.cell);
        Move::Place(Placement {
            digit: s.digit,
            row,
            col,
        })
    }

    /// The legal moves of `seat` in record form: its placements, or a pass.
    pub fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if self.over || seat != self.to_move {
            return Vec::new();
        }
        let moves: Vec<Move> = self
            .each_placement(seat)
            .map(|s| self.placement(&s))
            .collect();
        if moves.is_empty() {
            vec![Move::Pass]
        } else {
            moves
        }
    }

    /// Why `mv` by `seat` is illegal, or the cell it places on.
    pub fn check(&self, seat: Seat, mv: &Move) -> Result<Option<usize>, RuleError> {
        if self.over {
            return Err(RuleError::Over);
        }
        if seat >= self.players() {
            return Err(RuleError::NoSeat(seat));
        }
        if seat != self.to_move {
            return Err(RuleError::NotYourTurn {
                seat,
                to_move: self.to_move,
            });
        }
        let p = match mv {
            Move::Pass => {
                return if self.can_place(seat) {
                    Err(RuleError::MustPlace)
                } else {
                    Ok(None)
                };
            }
            Move::Place(p) => p,
        };
        if p.digit > 9 || self.hand_mask(seat) & (1 << p.digit) == 0 {
            return Err(RuleError::NotInHand(p.digit));
        }
        let cell = self
            .config
            .board
            .cell(p.row, p.col)
            .ok_or(RuleError::OffBoard {
                row: p.row,
                col: p.col,
            })?;
        let c = self.cells[cell];
        if c.token.is_some() {
            return Err(RuleError::Occupied);
        }
        if c.touch == 0 {
            return Err(RuleError::Isolated);
        }
        if c.accepts & (1 << p.digit) == 0 {
            let neighbour = self
                .config
                .board
                .neighbours(cell)
                .iter()
                .filter_map(|&n| self.cells[n].token)
                .map(Token::digit)
                .find(|&n| !consecutive(n, p.digit));
            return Err(match (self.config.adjacency, neighbour) {
                (Adjacency::Every, Some(neighbour)) => RuleError::NotConsecutive {
                    digit: p.digit,
                    neighbour,
                },
                _ => RuleError::NoConsecutiveNeighbour(p.digit),
            });
        }
        Ok(Some(cell))
    }

    /// Checks and plays a move.
    pub fn apply(&mut self, seat: Seat, mv: &Move) -> Result<Outcome, RuleError> {
        let target = self.check(seat, mv)?;
        let placement = match (mv, target) {
            (Move::Place(p), Some(cell)) => Some((cell, p.digit)),
            _ => None,
        };
        Ok(self.play(seat, placement))
    }

    /// Plays a move [`State::check`] has passed: a digit onto a cell, or a pass.
    fn play(&mut self, seat: Seat, placement: Option<(usize, u8)>) -> Outcome {
        let mut outcome = Outcome {
            seat,
            placed: None,
            drew: false,
            ended: false,
        };
        match placement {
            Some((cell, digit)) => {
                let scored = self.score_of(cell, digit);
                let Some(token) = self.hands[seat].take(digit) else {
                    return outcome;
                };
                self.put(cell, token);
                self.points[seat] += scored.points;
                if let Some(t) = self.bag.pop() {
                    self.hands[seat].push(t);
                    outcome.drew = true;
                }
                self.passes = 0;
                outcome.placed = Some(scored);
                if self.hands[seat].len == 0 {
                    self.finish();
                }
            }
            None => {
                self.passes += 1;
                if self.passes >= self.players() {
                    self.finish();
                }
            }
        }
        if !self.over {
            self.to_move = (self.to_move + 1) % self.players();
        }
        outcome.ended = self.over;
        outcome
    }

    /// Plays a placement from [`State::each_placement`] for the seat to move
    /// (or a pass, when `None`), trusting the caller: for searches, which
    /// play millions of moves generated by the rules themselves.
    pub fn play_unchecked(&mut self, placement: Option<&Scored>) -> Outcome {
        self.play(self.to_move, placement.map(|s| (s.cell, s.digit)))
    }

    /// Ends the match: each unplayed token costs `penalty` times its value.
    fn finish(&mut self) {
        self.over = true;
        for seat in 0..self.players() {
            self.penalties[seat] = self.config.penalty * self.hands[seat].value();
        }
    }

    /// The winners once the match is over: every seat with the highest score.
    pub fn winners(&self) -> Vec<Seat> {
        if !self.over {
            return Vec::new();
        }
        let scores = self.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        (0..scores.len()).filter(|&s| scores[s] == best).collect()
    }

    /// The part of the state `seat` may see: the other hands and the bag are
    /// left empty (their sizes are public and kept by the view). Tokens are
    /// renumbered — board in cell order, then the hand — because in an
    /// explicit deal a token's copy number tells where it was dealt.
    pub(crate) fn public_copy(&self, seat: Seat) -> State {
        let mut next = [0u8; 10];
        let mut relabel = |t: Token| {
            let d = t.digit();
            let fresh = Token(d + 10 * next[d as usize]);
            next[d as usize] += 1;
            fresh
        };
        let mut cells = self.cells.clone();
        for c in cells.iter_mut() {
            c.token = c.token.map(&mut relabel);
        }
        let mut hands = [Hand::EMPTY; MAX_SEATS];
        hands[seat] = self.hands[seat];
        for t in hands[seat].tokens[..hands[seat].len as usize].iter_mut() {
            *t = relabel(*t);
        }
        State {
            config: Arc::clone(&self.config),
            cells,
            hands,
            bag: Vec::new(),
            played: self.played,
            players: self.players,
            points: self.points,
            penalties: self.penalties,
            to_move: self.to_move,
            first: self.first,
            passes: self.passes,
            over: self.over,
        }
    }

    /// Fills a public copy's hidden part with a guess: `unseen` digits give,
    /// in order, the other seats' hands (`hand_sizes[s]` tokens each, in
    /// seat order) and then the bag, next draw first. The guessed tokens get
    /// the copy numbers the public copy left free.
    pub(crate) fn fill_hidden(&mut self, seat: Seat, hand_sizes: &[usize], unseen: &[u8]) {
        let mut next = self.played;
        for t in self.hands[seat].as_slice() {
            next[t.digit() as usize] += 1;
        }
        let mut tokens = unseen.iter().map(|&d| {
            let t = Token(d + 10 * next[d as usize]);
            next[d as usize] += 1;
            t
        });
        for (s, &size) in hand_sizes.iter().enumerate() {
            if s != seat {
                let mut hand = Hand::EMPTY;
                for t in tokens.by_ref().take(size.min(MAX_HAND)) {
                    hand.push(t);
                }
                self.hands[s] = hand;
            }
        }
        self.bag.clear();
        self.bag.extend(tokens);
        self.bag.reverse();
    }
}

impl Bonus {
    /// Whether the cell is the start cell.
    pub fn is_start(self) -> bool {
        self == Bonus::Start
    }
}
