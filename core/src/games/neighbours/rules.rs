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
fn consecutive_mask(d: u8) -> u16 {
    (1 << ((d + 1) % 10)) | (1 << ((d + 9) % 10))
}

const ALL_DIGITS: u16 = (1 << 10) - 1;

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
        "a {digit} cannot go next to the {neighbour}: touching digits must be consecutive (0 sits between 9 and 1)"
    )]
    NotConsecutive {
        /// The digit placed.
        digit: u8,
        /// The neighbour it clashes with.
        neighbour: u8,
    },
    /// A digit consecutive to none of its neighbours (the `any` house rule).
    #[error("a {0} is consecutive to none of the tokens it touches")]
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

/// The whole state of a match of Neighbours.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) config: Arc<Config>,
    pub(crate) board: Vec<Option<Token>>,
    /// Per cell, how many tokens touch it.
    pub(crate) touch: Vec<u8>,
    /// Per cell, the digits consecutive to every token it touches.
    pub(crate) every: Vec<u16>,
    /// Per cell, the digits consecutive to at least one token it touches.
    pub(crate) any: Vec<u16>,
    pub(crate) hands: Vec<Vec<Token>>,
    /// The bag, next token to draw last.
    pub(crate) bag: Vec<Token>,
    pub(crate) points: Vec<i64>,
    pub(crate) penalties: Vec<i64>,
    pub(crate) to_move: Seat,
    pub(crate) first: Seat,
    pub(crate) passes: usize,
    pub(crate) over: bool,
}

impl State {
    /// A match dealt from `seed`, or from `deal`.
    pub fn new(
        config: &Config,
        players: usize,
        seed: u64,
        deal: Option<&Deal>,
    ) -> Result<Self, RuleError> {
        if !(2..=4).contains(&players) {
            return Err(RuleError::Players(players));
        }
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
        let cells = config.board.len();
        let mut state = State {
            config: Arc::new(config.clone()),
            board: vec![None; cells],
            touch: vec![0; cells],
            every: vec![ALL_DIGITS; cells],
            any: vec![0; cells],
            hands,
            // Stored back to front, so a draw is a pop.
            bag: bag.into_iter().rev().collect(),
            points: vec![0; players],
            penalties: vec![0; players],
            to_move: first,
            first,
            passes: 0,
            over: false,
        };
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
        self.board[cell] = Some(token);
        let mask = consecutive_mask(token.digit());
        for i in 0..4 {
            let Some(&n) = self.config.board.neighbours(cell).get(i) else {
                break;
            };
            self.touch[n] += 1;
            self.every[n] &= mask;
            self.any[n] |= mask;
        }
    }

    /// The variant's rules.
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// Number of seats.
    pub fn players(&self) -> usize {
        self.hands.len()
    }
    /// The token on a cell.
    pub fn token_at(&self, cell: usize) -> Option<Token> {
        self.board[cell]
    }
    /// A seat's hand.
    pub fn hand(&self, seat: Seat) -> &[Token] {
        &self.hands[seat]
    }
    /// Tokens left in the bag.
    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }
    /// The bag in draw order (front first). Hidden information.
    pub fn bag_in_draw_order(&self) -> impl Iterator<Item = Token> + '_ {
        self.bag.iter().rev().copied()
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
        &self.points
    }
    /// End penalties per seat (zero until the end).
    pub fn penalties(&self) -> &[i64] {
        &self.penalties
    }
    /// Final scores: placement points less end penalties.
    pub fn scores(&self) -> Vec<i64> {
        self.points
            .iter()
            .zip(&self.penalties)
            .map(|(p, q)| p - q)
            .collect()
    }

    /// The digits a cell accepts now (empty cells touching a token only).
    pub fn accepts(&self, cell: usize) -> u16 {
        if self.board[cell].is_some() || self.touch[cell] == 0 {
            return 0;
        }
        match self.config.adjacency {
            Adjacency::Every => self.every[cell],
            Adjacency::Any => self.any[cell],
        }
    }

    /// The points a digit would score on a cell.
    pub fn score_of(&self, cell: usize, digit: u8) -> Scored {
        let touched = self.touch[cell];
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
        self.hands[seat].iter().fold(0, |m, t| m | 1 << t.digit())
    }

    /// Whether `seat` can place any token.
    pub fn can_place(&self, seat: Seat) -> bool {
        let hand = self.hand_mask(seat);
        (0..self.board.len()).any(|c| self.accepts(c) & hand != 0)
    }

    /// Every legal placement for `seat` (one per distinct digit and cell),
    /// with its points.
    pub fn placements(&self, seat: Seat) -> Vec<Scored> {
        let hand = self.hand_mask(seat);
        let mut out = Vec::new();
        for cell in 0..self.board.len() {
            let fits = self.accepts(cell) & hand;
            if fits == 0 {
                continue;
            }
            for digit in 0..10u8 {
                if fits & (1 << digit) != 0 {
                    out.push(self.score_of(cell, digit));
                }
            }
        }
        out
    }

    /// The legal moves of `seat` in record form: its placements, or a pass.
    pub fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if self.over || seat != self.to_move {
            return Vec::new();
        }
        let moves: Vec<Move> = self
            .placements(seat)
            .into_iter()
            .map(|s| {
                let (row, col) = self.config.board.coords(s.cell);
                Move::Place(Placement {
                    digit: s.digit,
                    row,
                    col,
                })
            })
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
        if p.digit > 9 || !self.hands[seat].iter().any(|t| t.digit() == p.digit) {
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
        if self.board[cell].is_some() {
            return Err(RuleError::Occupied);
        }
        if self.touch[cell] == 0 {
            return Err(RuleError::Isolated);
        }
        if self.accepts(cell) & (1 << p.digit) == 0 {
            let neighbour = self
                .config
                .board
                .neighbours(cell)
                .iter()
                .filter_map(|&n| self.board[n])
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
        let mut outcome = Outcome {
            seat,
            placed: None,
            drew: false,
            ended: false,
        };
        match (mv, target) {
            (Move::Place(p), Some(cell)) => {
                let scored = self.score_of(cell, p.digit);
                let hand = &mut self.hands[seat];
                let i = hand
                    .iter()
                    .position(|t| t.digit() == p.digit)
                    .expect("checked above");
                let token = hand.remove(i);
                self.put(cell, token);
                self.points[seat] += scored.points;
                if let Some(t) = self.bag.pop() {
                    self.hands[seat].push(t);
                    outcome.drew = true;
                }
                self.passes = 0;
                outcome.placed = Some(scored);
                if self.hands[seat].is_empty() {
                    self.finish();
                }
            }
            _ => {
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
        Ok(outcome)
    }

    /// Ends the match: each unplayed token costs `penalty` times its value.
    fn finish(&mut self) {
        self.over = true;
        for (seat, hand) in self.hands.iter().enumerate() {
            self.penalties[seat] =
                self.config.penalty * hand.iter().map(|t| t.value()).sum::<i64>();
        }
    }

    /// The winners once the match is over: every seat with the highest score.
    pub fn winners(&self) -> Vec<Seat> {
        if !self.over {
            return Vec::new();
        }
        let scores = self.scores();
        let best = *scores.iter().max().expect("at least two seats");
        (0..scores.len()).filter(|&s| scores[s] == best).collect()
    }

    /// A state for search, built from what `view`'s seat knows plus a guess
    /// at what it does not: the other hands and the bag (next draw first).
    pub fn from_view(view: &super::View, other_hands: &[Vec<u8>], bag: &[u8]) -> Self {
        let config = Arc::clone(&view.config);
        let cells = config.board.len();
        let mut next_copy = [0u8; 10];
        let mut token = |d: u8| {
            let t = Token(d + 10 * (next_copy[d as usize] % config.copies.max(1)));
            next_copy[d as usize] += 1;
            t
        };
        let mut state = State {
            config: Arc::clone(&config),
            board: vec![None; cells],
            touch: vec![0; cells],
            every: vec![ALL_DIGITS; cells],
            any: vec![0; cells],
            hands: Vec::new(),
            bag: Vec::new(),
            points: view.points.clone(),
            penalties: vec![0; view.hand_sizes.len()],
            to_move: view.to_move.unwrap_or(view.seat),
            first: view.first,
            passes: view.passes,
            over: view.over,
        };
        for (cell, d) in view.board.iter().enumerate() {
            if let Some(d) = *d {
                let t = token(d);
                state.put(cell, t);
            }
        }
        let mut others = other_hands.iter();
        state.hands = (0..view.hand_sizes.len())
            .map(|s| {
                let digits: &[u8] = if s == view.seat {
                    &view.hand
                } else {
                    others.next().map(Vec::as_slice).unwrap_or(&[])
                };
                digits.iter().map(|&d| token(d)).collect()
            })
            .collect();
        state.bag = bag.iter().rev().map(|&d| token(d)).collect();
        state
    }
}

impl Bonus {
    /// Whether the cell is the start cell.
    pub fn is_start(self) -> bool {
        self == Bonus::Start
    }
}
