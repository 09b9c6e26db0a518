//! The rules of Rummy, as `rules/rummy.md` rules them.
//!
//! A turn is recorded as the whole table after it (see [`Play`]); the rules
//! work out which cards came from the hand, check the turn, and give every
//! card on the table its physical identity again, so that the pile, the
//! hands and the table always hold exactly the variant's deck.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::cards::{self, COPIES, Card, CardName, Colour, FACES, Face, MAX_JOKERS};
use super::sets::{self, Kind, Reading, SetError};
use crate::engine::{GameRng, Seat};

const JOKER: usize = 52;

/// What a joker already on the table may stand for when it is moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MovedJoker {
    /// It keeps its number; only its colour may change (the ruling).
    KeepsNumber,
    /// It may stand for anything in its new set (official Rummikub).
    Free,
}

/// Where a joker swapped off the table goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SwappedJoker {
    /// Into the player's hand, for a later turn (the ruling).
    ToHand,
    /// Back onto the table in the same turn (official Rummikub).
    PlaySameTurn,
}

/// What happens when a turn's time runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TimeoutRule {
    /// Hand cards outside valid sets go back to the hand; if the table is
    /// still not right, the whole turn is undone (the ruling).
    KeepValidSets,
    /// The whole turn is undone (official Rummikub).
    UndoTurn,
}

/// A variant of Rummy: every rule a table might agree on differently.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Jokers in the deck, 0 to 4 (4).
    pub jokers: u8,
    /// Cards dealt to each player (14).
    pub hand_size: usize,
    /// The least value of a first meld (40).
    pub first_meld: u32,
    /// Seconds per turn, or `None` for no clock (120).
    pub turn_seconds: Option<u32>,
    /// What a joker left in a hand costs at the end of a round (25).
    pub joker_penalty: i64,
    /// Rounds in a match (1); not read when the match is played for a time.
    pub rounds: usize,
    /// Minutes of playing time agreed for the match, or `None` for a match
    /// of `rounds` rounds. When a round ends with the time used, no new
    /// round begins (the ruling in `docs/rummy.md`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes: Option<u32>,
    /// Whether a moved table joker keeps its number.
    pub moved_joker: MovedJoker,
    /// Where a swapped joker goes.
    pub swapped_joker: SwappedJoker,
    /// The time-out rule.
    pub timeout: TimeoutRule,
    /// Cards drawn when a timed-out turn ends with nothing played (1).
    pub timeout_draw: usize,
}

impl Default for Config {
    fn default() -> Self {
        Self::standard()
    }
}

impl Config {
    /// The ruling of `rules/rummy.md`.
    pub fn standard() -> Self {
        Self {
            jokers: 4,
            hand_size: 14,
            first_meld: 40,
            turn_seconds: Some(120),
            joker_penalty: 25,
            rounds: 1,
            minutes: None,
            moved_joker: MovedJoker::KeepsNumber,
            swapped_joker: SwappedJoker::ToHand,
            timeout: TimeoutRule::KeepValidSets,
            timeout_draw: 1,
        }
    }

    /// Official Rummikub: 2 jokers, a 30-point first meld, 1-minute turns,
    /// freed jokers, a swapped joker played the same turn, joker penalty 30,
    /// a time-out undoes the turn and draws 3.
    pub fn classic() -> Self {
        Self {
            jokers: 2,
            first_meld: 30,
            turn_seconds: Some(60),
            joker_penalty: 30,
            moved_joker: MovedJoker::Free,
            swapped_joker: SwappedJoker::PlaySameTurn,
            timeout: TimeoutRule::UndoTurn,
            timeout_draw: 3,
            ..Self::standard()
        }
    }

    /// Cards in the deck.
    pub fn deck_size(&self) -> usize {
        cards::NUMBER_CARDS + self.jokers as usize
    }

    /// How many cards of `face` the deck holds.
    pub fn copies(&self, face: Face) -> usize {
        if face.is_joker() {
            self.jokers as usize
        } else {
            COPIES
        }
    }

    /// Why this configuration cannot be played by `players`, if it cannot.
    fn check(&self, players: usize) -> Result<(), RuleError> {
        let bad = |why: String| Err(RuleError::Config(why));
        if self.jokers > MAX_JOKERS {
            return bad(format!(
                "a deck has at most {MAX_JOKERS} jokers, not {}",
                self.jokers
            ));
        }
        if self.hand_size == 0 || self.hand_size * players > self.deck_size() {
            return bad(format!(
                "{players} hands of {} cards do not fit in a deck of {}",
                self.hand_size,
                self.deck_size()
            ));
        }
        if self.rounds == 0 {
            return bad("a match has at least one round".into());
        }
        if self.minutes == Some(0) {
            return bad("a match played for a time lasts at least a minute".into());
        }
        Ok(())
    }

    /// The agreed playing time in seconds, for a match played for a time.
    pub fn seconds(&self) -> Option<u64> {
        self.minutes.map(|m| u64::from(m) * 60)
    }
}

/// A turn in which cards are played: the whole table after it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Play {
    /// Every set on the table after the turn, in any order; within a run,
    /// the cards from low to high.
    pub table: Vec<Vec<CardName>>,
    /// Jokers taken from the table into the hand by a swap.
    pub to_hand: Vec<CardName>,
}

/// A move of Rummy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "MoveForm", into = "MoveForm")]
pub enum Move {
    /// Play nothing and draw one card (a pass when the pile is empty).
    Draw,
    /// Lay cards and rebuild the table.
    Play(Play),
    /// The turn's time ran out; the draft is the table as it then stood
    /// (none: the table as the turn found it).
    Timeout(Option<Play>),
}

/// The record form of a move.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveForm {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    draw: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    timeout: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    play: Option<Vec<Vec<CardName>>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    to_hand: Vec<CardName>,
}

impl TryFrom<MoveForm> for Move {
    type Error = String;
    fn try_from(form: MoveForm) -> Result<Self, String> {
        let shape = "a move is {\"draw\": true}, {\"play\": [sets]} (with \"to_hand\" for swapped jokers) or {\"timeout\": true, \"play\": [sets]}";
        let draw = form.draw == Some(true);
        let timeout = form.timeout == Some(true);
        match (draw, timeout, form.play) {
            (true, false, None) if form.to_hand.is_empty() => Ok(Move::Draw),
            (false, false, Some(table)) => Ok(Move::Play(Play {
                table,
                to_hand: form.to_hand,
            })),
            (false, true, Some(table)) => Ok(Move::Timeout(Some(Play {
                table,
                to_hand: form.to_hand,
            }))),
            (false, true, None) if form.to_hand.is_empty() => Ok(Move::Timeout(None)),
            _ => Err(shape.into()),
        }
    }
}

impl From<Move> for MoveForm {
    fn from(mv: Move) -> Self {
        let mut form = MoveForm {
            draw: None,
            timeout: None,
            play: None,
            to_hand: Vec::new(),
        };
        match mv {
            Move::Draw => form.draw = Some(true),
            Move::Play(p) => {
                form.play = Some(p.table);
                form.to_hand = p.to_hand;
            }
            Move::Timeout(draft) => {
                form.timeout = Some(true);
                if let Some(p) = draft {
                    form.play = Some(p.table);
                    form.to_hand = p.to_hand;
                }
            }
        }
        form
    }
}

/// An explicit deal, in record form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    /// Each seat's hand.
    pub hands: Vec<Vec<Face>>,
    /// The rest of the deck in draw order (front first).
    pub pile: Vec<Face>,
    /// The seat that plays first.
    #[serde(default)]
    pub first: Seat,
}

/// A set on the table: its physical cards in table order and how it is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSet {
    /// The cards, in table order.
    pub cards: Vec<Card>,
    /// Run or group, and what each joker stands for.
    pub reading: Reading,
}

impl TableSet {
    /// The faces printed on the cards.
    pub fn faces(&self) -> Vec<Face> {
        self.cards.iter().map(|c| c.face()).collect()
    }
    /// The set as a record writes it, each joker annotated with the card it
    /// stands for (`j:r4`), so that reading it back gives the same set.
    pub fn written(&self) -> Vec<CardName> {
        self.cards
            .iter()
            .zip(&self.reading.faces)
            .map(|(card, &stands)| {
                if card.is_joker() {
                    CardName {
                        face: Face::Joker,
                        stands_for: Some(stands),
                    }
                } else {
                    CardName::plain(card.face())
                }
            })
            .collect()
    }
    /// The set's value.
    pub fn value(&self) -> u32 {
        self.reading.value()
    }
    /// The real cards that may replace the joker at position `i` in a swap:
    /// the card it stands for in a run; in a group, its number in any colour
    /// the group's number cards lack.
    pub fn swap_options(&self, i: usize) -> Vec<Face> {
        match self.reading.kind {
            Kind::Run => vec![self.reading.faces[i]],
            Kind::Group => {
                let number = self.reading.number(i);
                Colour::ALL
                    .into_iter()
                    .filter(|&c| {
                        !self
                            .cards
                            .iter()
                            .any(|card| card.face().colour() == Some(c))
                    })
                    .map(|c| Face::number(c, number))
                    .collect()
            }
        }
    }
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// This seat laid down its last card.
    WentOut(Seat),
    /// Every player passed in a row with the draw pile empty.
    Blocked,
}

/// A finished round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundEnd {
    /// The round's number, from 1.
    pub round: usize,
    /// How it ended.
    pub ending: Ending,
    /// Who won it (several when the lowest hands tie in a blocked round).
    pub winners: Vec<Seat>,
    /// What each hand held at the end (numbers, jokers at the penalty).
    pub hand_totals: Vec<i64>,
    /// Each seat's score for the round.
    pub scores: Vec<i64>,
    /// In a match played for a time: the whole seconds of the agreed time
    /// used when the round ended (the time the next round began with).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<u64>,
}

/// What kind of turn a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Played nothing, drew a card.
    Drew,
    /// Played nothing with the pile empty.
    Passed,
    /// Laid cards.
    Played,
    /// Ran out of time (see [`Outcome::undone`]).
    TimedOut,
}

/// What a move did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Who moved.
    pub seat: Seat,
    /// The kind of turn.
    pub action: Action,
    /// Cards that went from the hand onto the table.
    pub laid: Vec<Face>,
    /// Jokers that went from the table into the hand.
    pub took: Vec<Face>,
    /// Cards drawn from the pile.
    pub drew: usize,
    /// The value of the first meld, if this turn made it.
    pub first_meld: Option<u32>,
    /// Whether a time-out threw its draft table away (undid the turn).
    pub undone: bool,
    /// The round this move ended, if it ended one.
    pub round_end: Option<RoundEnd>,
    /// Whether the match is over.
    pub match_over: bool,
}

/// Why a move, a deal or a variant was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// Fewer than 2 or more than 4 players.
    #[error("Rummy is played by 2 to 4 players, not {0}")]
    Players(usize),
    /// A variant that cannot be played.
    #[error("this variant cannot be played: {0}")]
    Config(String),
    /// Hands that do not match the seats or the hand size.
    #[error("the deal must give {players} hands of {size} cards")]
    DealHands {
        /// Seats.
        players: usize,
        /// Cards per hand.
        size: usize,
    },
    /// The deal's first seat does not exist.
    #[error("the first seat must be one of 0 to {0}")]
    DealFirst(usize),
    /// The deal does not hold exactly the variant's deck.
    #[error(
        "the deal must account for exactly the variant's deck, {expected} × {face}, but has {found}"
    )]
    DealCount {
        /// The face miscounted.
        face: Face,
        /// How many the deal holds.
        found: usize,
        /// How many the deck holds.
        expected: usize,
    },
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
    /// A set on the table that is not valid.
    #[error("set {index} [{cards}] is not valid: {reason}")]
    Set {
        /// The set's position in the move, from 0.
        index: usize,
        /// The set as written.
        cards: String,
        /// Why.
        reason: SetError,
    },
    /// More copies of a card than the deck has.
    #[error("{face} is on the table {count} times, but the deck has only {copies}")]
    CardTwice {
        /// The card.
        face: Face,
        /// How many times the move has it.
        count: usize,
        /// How many the deck has.
        copies: usize,
    },
    /// Cards the hand does not hold.
    #[error("the move lays {needed} × {face} from your hand, but you hold {held}")]
    NotInHand {
        /// The card.
        face: Face,
        /// How many the move lays.
        needed: usize,
        /// How many the hand holds.
        held: usize,
    },
    /// A table card missing from the table.
    #[error(
        "{0} was on the table and is missing: cards taken from a set must go into other sets, never into a hand"
    )]
    TableCardTaken(Face),
    /// A play with no card from the hand.
    #[error("a turn must lay at least one card from your hand; to play nothing, draw")]
    NothingFromHand,
    /// A first meld that changes the sets already on the table.
    #[error(
        "your first meld may not touch the sets already on the table: lay new sets from your hand only"
    )]
    FirstMeldTouchesTable,
    /// A first meld worth too little.
    #[error(
        "a first meld must be worth at least {threshold}, and these new sets are worth {value}"
    )]
    FirstMeldTooSmall {
        /// What the new sets are worth.
        value: u32,
        /// The variant's threshold.
        threshold: u32,
    },
    /// A swap before the first meld.
    #[error("only a player who has made their first meld may swap a joker")]
    SwapBeforeFirstMeld,
    /// Something other than a joker taken into the hand.
    #[error(
        "only a joker, swapped for the card it stands for, may go from the table to a hand, not {0}"
    )]
    ToHandNotJoker(CardName),
    /// More jokers taken than the table holds.
    #[error("{asked} jokers taken back, but the table holds {on_table}")]
    TooManyToHand {
        /// Jokers named in `to_hand`.
        asked: usize,
        /// Jokers on the table.
        on_table: usize,
    },
    /// A swapped joker that goes to the hand where it must be played again.
    #[error(
        "in this variant a joker freed by a swap must be played again this turn: it cannot go to the hand"
    )]
    SwapMustPlay,
    /// A joker taken without laying the card it stands for; holds what each
    /// joker that could be swapped now stands for (empty: none can).
    #[error(
        "a joker can only be taken from the table by laying, from your hand, the card it stands for{}",
        swap_hint(.0)
    )]
    SwapWithoutCard(Vec<Vec<Face>>),
    /// A moved table joker that changed its number.
    #[error(
        "a joker on the table that stood for a {0} must still stand for a {0} (a moved joker keeps its number; write it j:<card> to say which)"
    )]
    JokerChangedNumber(u8),
    /// A time-out in a variant without a clock.
    #[error("this variant has no turn clock, so a turn cannot time out")]
    NoClock,
    /// A move that ends a round of a match played for a time, without the
    /// time used when it was played.
    #[error(
        "this match is played for {minutes} minutes: when round {round} ends, the rules must be told how much of the time has been used (a record's \"clock\")"
    )]
    ClockMissing {
        /// The agreed time.
        minutes: u32,
        /// The round the move ends.
        round: usize,
    },
    /// A time used that is less than when the last round ended.
    #[error(
        "the match's clock cannot go back: round {round} ended with {ended} seconds used, and this move says {used}"
    )]
    ClockBack {
        /// The last round that ended.
        round: usize,
        /// Seconds used when it ended.
        ended: u64,
        /// Seconds this move says.
        used: u64,
    },
}

/// A checked play, ready to be applied.
#[derive(Clone, Debug)]
struct Turn {
    table: Vec<TableSet>,
    laid: Vec<Card>,
    took: Vec<Card>,
    first_meld: Option<u32>,
}

/// What a play would do ([`State::planned`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Planned {
    /// The table after it.
    pub table: Vec<TableSet>,
    /// The cards laid from the hand.
    pub laid: Vec<Card>,
    /// The jokers taken into the hand.
    pub took: Vec<Card>,
}

/// A joker on the table at the start of the turn.
#[derive(Clone, Debug)]
struct TableJoker {
    card: Card,
    set: usize,
    number: u8,
    options: Vec<Face>,
}

/// The whole state of a match of Rummy.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) config: Arc<Config>,
    pub(crate) rng: GameRng,
    pub(crate) hands: Vec<Vec<Card>>,
    /// The draw pile, next card last.
    pub(crate) pile: Vec<Card>,
    pub(crate) table: Vec<TableSet>,
    pub(crate) melded: Vec<bool>,
    pub(crate) to_move: Seat,
    /// Who played first this round.
    pub(crate) first: Seat,
    /// Passes in a row with the pile empty.
    pub(crate) passes: usize,
    /// The finished rounds.
    pub(crate) rounds: Vec<RoundEnd>,
    pub(crate) totals: Vec<i64>,
    pub(crate) over: bool,
}

fn counts(faces: impl Iterator<Item = Face>) -> [usize; FACES] {
    let mut c = [0usize; FACES];
    for f in faces {
        c[f.index()] += 1;
    }
    c
}

fn written(set: &[CardName]) -> String {
    set.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl State {
    /// A match dealt from `seed`, or from `deal` (later rounds are still
    /// dealt from `seed`).
    pub fn new(
        config: &Config,
        players: usize,
        seed: u64,
        deal: Option<&Deal>,
    ) -> Result<Self, RuleError> {
        if !(2..=4).contains(&players) {
            return Err(RuleError::Players(players));
        }
        config.check(players)?;
        let mut state = State {
            config: Arc::new(config.clone()),
            rng: GameRng::seeded(seed),
            hands: vec![Vec::new(); players],
            pile: Vec::new(),
            table: Vec::new(),
            melded: vec![false; players],
            to_move: 0,
            first: 0,
            passes: 0,
            rounds: Vec::new(),
            totals: vec![0; players],
            over: false,
        };
        match deal {
            Some(deal) => {
                let (hands, pile) = Self::read_deal(config, players, deal)?;
                state.hands = hands;
                state.pile = pile.into_iter().rev().collect();
                state.first = deal.first;
                state.to_move = deal.first;
            }
            None => {
                state.shuffle_and_deal();
                let first = state.rng.below(players);
                state.first = first;
                state.to_move = first;
            }
        }
        Ok(state)
    }

    /// Checks a deal and gives each card its physical identity.
    #[allow(clippy::type_complexity)]
    fn read_deal(
        config: &Config,
        players: usize,
        deal: &Deal,
    ) -> Result<(Vec<Vec<Card>>, Vec<Card>), RuleError> {
        if deal.hands.len() != players || deal.hands.iter().any(|h| h.len() != config.hand_size) {
            return Err(RuleError::DealHands {
                players,
                size: config.hand_size,
            });
        }
        if deal.first >= players {
            return Err(RuleError::DealFirst(players - 1));
        }
        let found = counts(deal.hands.iter().flatten().chain(&deal.pile).copied());
        for (i, &n) in found.iter().enumerate() {
            let face = Face::from_index(i);
            let expected = config.copies(face);
            if n != expected {
                return Err(RuleError::DealCount {
                    face,
                    found: n,
                    expected,
                });
            }
        }
        let mut next = [0u8; FACES];
        let mut card = |face: Face| {
            let copy = next[face.index()];
            next[face.index()] += 1;
            match face {
                Face::Number { colour, number } => Card::numbered(colour, number, copy),
                Face::Joker => Card::joker(copy),
            }
        };
        let hands = deal
            .hands
            .iter()
            .map(|h| h.iter().map(|&f| card(f)).collect())
            .collect();
        let pile = deal.pile.iter().map(|&f| card(f)).collect();
        Ok((hands, pile))
    }

    /// Shuffles the whole deck and deals the hands and the pile.
    fn shuffle_and_deal(&mut self) {
        let mut deck = cards::deck(self.config.jokers);
        self.rng.shuffle(&mut deck);
        let size = self.config.hand_size;
        let players = self.hands.len();
        self.hands = deck
            .chunks(size)
            .take(players)
            .map(<[Card]>::to_vec)
            .collect();
        // The rest, in draw order, stored back to front so a draw is a pop.
        self.pile = deck[size * players..].iter().rev().copied().collect();
        self.table.clear();
        self.melded = vec![false; players];
        self.passes = 0;
    }

    /// The variant's rules.
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// Number of seats.
    pub fn players(&self) -> usize {
        self.hands.len()
    }
    /// A seat's hand, in the order the cards came.
    pub fn hand(&self, seat: Seat) -> &[Card] {
        &self.hands[seat]
    }
    /// The sets on the table.
    pub fn table(&self) -> &[TableSet] {
        &self.table
    }
    /// The table as a record writes it (jokers annotated).
    pub fn table_written(&self) -> Vec<Vec<CardName>> {
        self.table.iter().map(TableSet::written).collect()
    }
    /// Cards left in the draw pile.
    pub fn pile_len(&self) -> usize {
        self.pile.len()
    }
    /// The draw pile in draw order (next first). Hidden information.
    pub fn pile_in_draw_order(&self) -> impl Iterator<Item = Card> + '_ {
        self.pile.iter().rev().copied()
    }
    /// Whether each seat has made its first meld this round.
    pub fn melded(&self) -> &[bool] {
        &self.melded
    }
    /// Whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }
    /// Who played first this round.
    pub fn first(&self) -> Seat {
        self.first
    }
    /// Passes in a row with the pile empty.
    pub fn passes(&self) -> usize {
        self.passes
    }
    /// The finished rounds, first first.
    pub fn rounds(&self) -> &[RoundEnd] {
        &self.rounds
    }
    /// The current round's number, from 1 (the last round's once over).
    pub fn round(&self) -> usize {
        if self.over {
            self.rounds.len()
        } else {
            self.rounds.len() + 1
        }
    }
    /// Match totals: the sum of the round scores so far.
    pub fn totals(&self) -> &[i64] {
        &self.totals
    }
    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.over
    }
    /// In a match played for a time: the seconds of the agreed time used
    /// when the round in play began (0 in the first round).
    pub fn clock_at_round_start(&self) -> u64 {
        self.rounds.last().and_then(|r| r.clock).unwrap_or(0)
    }
    /// Whether the match ended because its agreed time was used up.
    pub fn time_is_up(&self) -> bool {
        self.over && self.config.minutes.is_some()
    }
    /// The hand's total at the end of a round (joker at the penalty).
    pub fn hand_total(&self, seat: Seat) -> i64 {
        self.hands[seat]
            .iter()
            .map(|c| c.face().penalty(self.config.joker_penalty))
            .sum()
    }

    /// The winners once the match is over: every seat with the highest total.
    pub fn winners(&self) -> Vec<Seat> {
        if !self.over {
            return Vec::new();
        }
        let best = self.totals.iter().copied().max().unwrap_or(0);
        (0..self.totals.len())
            .filter(|&s| self.totals[s] == best)
            .collect()
    }

    fn check_turn(&self, seat: Seat) -> Result<(), RuleError> {
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
        Ok(())
    }

    /// Why `mv` by `seat` is illegal, if it is.
    pub fn check(&self, seat: Seat, mv: &Move) -> Result<(), RuleError> {
        self.check_turn(seat)?;
        match mv {
            Move::Draw => Ok(()),
            Move::Play(play) => self.plan(seat, play).map(|_| ()),
            Move::Timeout(draft) => self.timeout_plan(seat, draft.as_ref()).map(|_| ()),
        }
    }

    /// The checked turn `play` describes, or the first rule it breaks.
    fn plan(&self, seat: Seat, play: &Play) -> Result<Turn, RuleError> {
        let melded = self.melded[seat];
        let config = &*self.config;
        check_names(play)?;
        // Jokers taken back by a swap.
        if let Some(c) = play.to_hand.iter().find(|c| !c.face.is_joker()) {
            return Err(RuleError::ToHandNotJoker(*c));
        }
        let taken = play.to_hand.len();
        if taken > 0 {
            if !melded {
                return Err(RuleError::SwapBeforeFirstMeld);
            }
            if config.swapped_joker == SwappedJoker::PlaySameTurn {
                return Err(RuleError::SwapMustPlay);
            }
        }

        // Account for every card: the table after the turn is the table
        // before it, less the jokers taken, plus cards from the hand.
        let old = counts(
            self.table
                .iter()
                .flat_map(|s| s.cards.iter().map(|c| c.face())),
        );
        let held = counts(self.hands[seat].iter().map(|c| c.face()));
        let new = counts(play.table.iter().flatten().map(|c| c.face));
        if taken > old[JOKER] {
            return Err(RuleError::TooManyToHand {
                asked: taken,
                on_table: old[JOKER],
            });
        }
        let mut stays = old;
        stays[JOKER] -= taken;
        for (i, &count) in new.iter().enumerate() {
            let face = Face::from_index(i);
            if count > config.copies(face) {
                return Err(RuleError::CardTwice {
                    face,
                    count,
                    copies: config.copies(face),
                });
            }
        }
        if let Some(i) = (0..FACES).find(|&i| new[i] < stays[i]) {
            return Err(RuleError::TableCardTaken(Face::from_index(i)));
        }
        let mut laid = [0usize; FACES];
        for i in 0..FACES {
            laid[i] = new[i] - stays[i];
            if laid[i] > held[i] {
                return Err(RuleError::NotInHand {
                    face: Face::from_index(i),
                    needed: laid[i],
                    held: held[i],
                });
            }
        }
        if laid.iter().sum::<usize>() == 0 {
            return Err(RuleError::NothingFromHand);
        }

        // Every set must have a reading.
        let mut options: Vec<Vec<Reading>> = Vec::with_capacity(play.table.len());
        for (index, set) in play.table.iter().enumerate() {
            let all = sets::readings(set);
            if all.is_empty() {
                let reason = sets::read(set).err().unwrap_or(SetError::Neither);
                return Err(RuleError::Set {
                    index,
                    cards: written(set),
                    reason,
                });
            }
            options.push(all);
        }

        // Sets left as they were: same cards, and they may keep their reading.
        let mut matched: Vec<Option<usize>> = vec![None; play.table.len()];
        let mut old_used = vec![false; self.table.len()];
        for (j, set) in play.table.iter().enumerate() {
            let mut key: Vec<Face> = set.iter().map(|c| c.face).collect();
            key.sort();
            let found = self.table.iter().enumerate().find(|(i, old)| {
                !old_used[*i] && {
                    let mut k = old.faces();
                    k.sort();
                    k == key && options[j].iter().any(|r| r.shape() == old.reading.shape())
                }
            });
            if let Some((i, old)) = found {
                old_used[i] = true;
                matched[j] = Some(i);
                // Its old reading comes first.
                let shape = old.reading.shape();
                if let Some(p) = options[j].iter().position(|r| r.shape() == shape) {
                    let r = options[j].remove(p);
                    options[j].insert(0, r);
                }
            }
        }

        if !melded {
            // The first meld: the table untouched, new sets from the hand
            // (the accounting above makes every unmatched set hand cards).
            if old_used.iter().any(|u| !u) {
                return Err(RuleError::FirstMeldTouchesTable);
            }
            let value: u32 = (0..play.table.len())
                .filter(|&j| matched[j].is_none())
                .map(|j| options[j][0].value())
                .sum();
            if value < config.first_meld {
                return Err(RuleError::FirstMeldTooSmall {
                    value,
                    threshold: config.first_meld,
                });
            }
            let choice = vec![0; play.table.len()];
            let jokers = self.table_jokers();
            let mut turn =
                self.build(seat, play, &options, &choice, &matched, &jokers, &[], false)?;
            turn.first_meld = Some(value);
            return Ok(turn);
        }

        // Jokers on the table: which are freed by a swap, and which must keep
        // their number.
        let jokers = self.table_jokers();
        let movable: Vec<usize> = (0..jokers.len())
            .filter(|&k| !matched.contains(&Some(jokers[k].set)))
            .collect();
        let keeps = config.moved_joker == MovedJoker::KeepsNumber;
        let mut frees: Vec<Vec<usize>> = Vec::new();
        match config.swapped_joker {
            SwappedJoker::ToHand => subsets(&movable, taken, &mut frees),
            SwappedJoker::PlaySameTurn if keeps => {
                for size in 0..=movable.len() {
                    subsets(&movable, size, &mut frees);
                }
            }
            SwappedJoker::PlaySameTurn => frees.push(Vec::new()),
        }
        let annotations: Vec<Option<Face>> = play.to_hand.iter().map(|c| c.stands_for).collect();
        let numbers = joker_numbers(play, &options);
        let mut swap_ok = false;
        let mut first_missing = None;
        for freed in &frees {
            let mut avail = laid;
            if !swap_cards(&jokers, freed, &mut avail, annotations.clone()) {
                continue;
            }
            swap_ok = true;
            let mut pins = [0usize; 14];
            if keeps {
                for (k, j) in jokers.iter().enumerate() {
                    if !freed.contains(&k) {
                        pins[j.number as usize] += 1;
                    }
                }
            }
            match choose_readings(&numbers, &pins) {
                Ok(choice) => {
                    let leave = config.swapped_joker == SwappedJoker::ToHand;
                    return self.build(
                        seat, play, &options, &choice, &matched, &jokers, freed, leave,
                    );
                }
                Err(number) => {
                    first_missing.get_or_insert(number);
                }
            }
        }
        if !swap_ok {
            let wanted = movable.iter().map(|&k| jokers[k].options.clone()).collect();
            return Err(RuleError::SwapWithoutCard(wanted));
        }
        Err(RuleError::JokerChangedNumber(first_missing.unwrap_or(0)))
    }

    /// Every joker on the table, with what it stands for.
    fn table_jokers(&self) -> Vec<TableJoker> {
        let mut out = Vec::new();
        for (s, set) in self.table.iter().enumerate() {
            for (i, card) in set.cards.iter().enumerate() {
                if card.is_joker() {
                    out.push(TableJoker {
                        card: *card,
                        set: s,
                        number: set.reading.number(i),
                        options: set.swap_options(i),
                    });
                }
            }
        }
        out
    }

    /// The new table with every card's identity: sets left as they were
    /// keep their cards, other table cards stay on the table, pinned jokers
    /// go where their number is, and the rest comes from the hand. `freed`
    /// jokers were swapped: they `leave` for the hand, or stay unpinned.
    #[allow(clippy::too_many_arguments)]
    fn build(
        &self,
        seat: Seat,
        play: &Play,
        options: &[Vec<Reading>],
        choice: &[usize],
        matched: &[Option<usize>],
        jokers: &[TableJoker],
        freed: &[usize],
        leave: bool,
    ) -> Result<Turn, RuleError> {
        let keeps = self.config.moved_joker == MovedJoker::KeepsNumber;
        let n = play.table.len();
        let mut readings: Vec<Reading> = (0..n).map(|j| options[j][choice[j]].clone()).collect();
        let mut ids: Vec<Vec<Option<Card>>> =
            play.table.iter().map(|s| vec![None; s.len()]).collect();
        let mut used_old: Vec<Vec<bool>> = self
            .table
            .iter()
            .map(|s| vec![false; s.cards.len()])
            .collect();
        let freed_cards: Vec<Card> = freed.iter().map(|&k| jokers[k].card).collect();
        let took: Vec<Card> = if leave {
            freed_cards.clone()
        } else {
            Vec::new()
        };
        for (i, set) in self.table.iter().enumerate() {
            for (q, card) in set.cards.iter().enumerate() {
                if took.contains(card) {
                    used_old[i][q] = true;
                }
            }
        }
        // Unchanged sets keep their physical cards (and, written the same
        // way, their jokers' colours).
        for j in 0..n {
            let Some(i) = matched[j] else { continue };
            let old = &self.table[i];
            if readings[j].shape() != old.reading.shape() {
                continue;
            }
            for (p, name) in play.table[j].iter().enumerate() {
                if let Some(q) = (0..old.cards.len())
                    .find(|&q| !used_old[i][q] && old.cards[q].face() == name.face)
                {
                    used_old[i][q] = true;
                    ids[j][p] = Some(old.cards[q]);
                }
            }
            let plain = play.table[j].iter().all(|c| c.stands_for.is_none());
            if plain && old.faces() == play.table[j].iter().map(|c| c.face).collect::<Vec<_>>() {
                readings[j] = old.reading.clone();
            }
        }
        // Remaining table cards by face, in table order, then the hand's.
        let mut pool: Vec<Vec<Card>> = vec![Vec::new(); FACES];
        let mut pinned: Vec<(Card, u8)> = Vec::new();
        let mut loose_jokers: Vec<Card> = Vec::new();
        for (i, set) in self.table.iter().enumerate() {
            for (q, &card) in set.cards.iter().enumerate() {
                if used_old[i][q] {
                    continue;
                }
                if card.is_joker() {
                    if keeps && !freed_cards.contains(&card) {
                        pinned.push((card, set.reading.number(q)));
                    } else {
                        loose_jokers.push(card);
                    }
                } else {
                    pool[card.face().index()].push(card);
                }
            }
        }
        let table_count: Vec<usize> = pool.iter().map(Vec::len).collect();
        let mut hand_jokers: Vec<Card> = Vec::new();
        for &card in &self.hands[seat] {
            if card.is_joker() {
                hand_jokers.push(card);
            } else {
                pool[card.face().index()].push(card);
            }
        }
        let mut taken_from_pool = [0usize; FACES];
        let mut laid: Vec<Card> = Vec::new();
        // Number cards.
        for (set, names) in ids.iter_mut().zip(&play.table) {
            for (id, name) in set.iter_mut().zip(names) {
                if id.is_some() || name.face.is_joker() {
                    continue;
                }
                let f = name.face.index();
                let k = taken_from_pool[f];
                let card = *pool[f].get(k).ok_or(RuleError::NotInHand {
                    face: name.face,
                    needed: k + 1,
                    held: pool[f].len(),
                })?;
                taken_from_pool[f] += 1;
                if k >= table_count[f] {
                    laid.push(card);
                }
                *id = Some(card);
            }
        }
        // Pinned jokers where their number is.
        for (set, reading) in ids.iter_mut().zip(&readings) {
            for (p, id) in set.iter_mut().enumerate() {
                if id.is_some() {
                    continue;
                }
                let number = reading.number(p);
                if let Some(k) = pinned.iter().position(|&(_, m)| m == number) {
                    *id = Some(pinned.remove(k).0);
                }
            }
        }
        if let Some(&(_, number)) = pinned.first() {
            return Err(RuleError::JokerChangedNumber(number));
        }
        // Other table jokers, then the hand's.
        let mut loose = loose_jokers.into_iter();
        let mut from_hand = hand_jokers.into_iter();
        for id in ids.iter_mut().flatten() {
            if id.is_some() {
                continue;
            }
            let card = match loose.next() {
                Some(c) => c,
                None => {
                    let c = from_hand.next().ok_or(RuleError::NotInHand {
                        face: Face::Joker,
                        needed: 1,
                        held: 0,
                    })?;
                    laid.push(c);
                    c
                }
            };
            *id = Some(card);
        }
        if loose.next().is_some() {
            return Err(RuleError::TableCardTaken(Face::Joker));
        }
        let table = ids
            .into_iter()
            .zip(readings)
            .map(|(cards, reading)| TableSet {
                cards: cards.into_iter().flatten().collect(),
                reading,
            })
            .collect();
        Ok(Turn {
            table,
            laid,
            took,
            first_meld: None,
        })
    }

    /// What a time-out leaves: the turn it keeps, or `None` to undo it.
    fn timeout_plan(&self, seat: Seat, draft: Option<&Play>) -> Result<Option<Turn>, RuleError> {
        if self.config.turn_seconds.is_none() {
            return Err(RuleError::NoClock);
        }
        let Some(draft) = draft else { return Ok(None) };
        check_names(draft)?;
        // A draft may be broken, but it is made of real cards: the table's
        // and the hand's.
        let old = counts(
            self.table
                .iter()
                .flat_map(|s| s.cards.iter().map(|c| c.face())),
        );
        let held = counts(self.hands[seat].iter().map(|c| c.face()));
        let new = counts(draft.table.iter().flatten().map(|c| c.face));
        let taken = draft.to_hand.len().min(old[JOKER]);
        let mut back = [0usize; FACES];
        for i in 0..FACES {
            let face = Face::from_index(i);
            if new[i] > self.config.copies(face) {
                return Err(RuleError::CardTwice {
                    face,
                    count: new[i],
                    copies: self.config.copies(face),
                });
            }
            let stays = if i == JOKER { old[i] - taken } else { old[i] };
            back[i] = new[i].saturating_sub(stays);
            if back[i] > held[i] {
                return Err(RuleError::NotInHand {
                    face,
                    needed: back[i],
                    held: held[i],
                });
            }
        }
        if self.config.timeout == TimeoutRule::UndoTurn {
            return Ok(None);
        }
        // Hand cards in broken sets go back to the hand (when two copies are
        // out, the one in a broken set is taken to be the hand's).
        let mut table: Vec<Vec<CardName>> = Vec::with_capacity(draft.table.len());
        for set in &draft.table {
            if sets::readings(set).is_empty() {
                let kept: Vec<CardName> = set
                    .iter()
                    .filter(|c| {
                        let f = c.face.index();
                        if back[f] > 0 {
                            back[f] -= 1;
                            false
                        } else {
                            true
                        }
                    })
                    .copied()
                    .collect();
                if !kept.is_empty() {
                    table.push(kept);
                }
            } else {
                table.push(set.clone());
            }
        }
        let reduced = Play {
            table,
            to_hand: draft.to_hand.clone(),
        };
        // Whatever is still wrong (table cards in broken sets, a first meld
        // short of the threshold, nothing laid) undoes the whole turn.
        Ok(self.plan(seat, &reduced).ok())
    }

    /// Checks and plays a move. A refused move changes nothing. In a match
    /// played for a time, a move that ends a round needs the time used: see
    /// [`State::apply_at`].
    pub fn apply(&mut self, seat: Seat, mv: &Move) -> Result<Outcome, RuleError> {
        self.apply_at(seat, mv, None)
    }

    /// [`State::apply`], told the whole seconds of the agreed playing time
    /// used when the move is played (the rules never read a clock: the
    /// screen's clock, or a record, says it). Only a match played for a
    /// time reads it, when the move ends a round: with the time used, no
    /// new round begins and the match is over.
    pub fn apply_at(
        &mut self,
        seat: Seat,
        mv: &Move,
        used: Option<u64>,
    ) -> Result<Outcome, RuleError> {
        let Some(minutes) = self.config.minutes else {
            return self.play_move(seat, mv, None);
        };
        self.check_turn(seat)?;
        let last = self
            .rounds
            .last()
            .and_then(|r| r.clock.map(|t| (r.round, t)));
        match (used, last) {
            (Some(used), Some((round, ended))) if used < ended => {
                Err(RuleError::ClockBack { round, ended, used })
            }
            (Some(used), _) => self.play_move(seat, mv, Some(used)),
            (None, _) => {
                // Played on a copy: whether the move ends the round is known
                // only once it is played, and a refusal must change nothing.
                let mut trial = self.clone();
                let outcome = trial.play_move(seat, mv, None)?;
                if outcome.round_end.is_some() {
                    return Err(RuleError::ClockMissing {
                        minutes,
                        round: self.rounds.len() + 1,
                    });
                }
                *self = trial;
                Ok(outcome)
            }
        }
    }

    /// Checks and plays a move, `used` seconds into the agreed time.
    fn play_move(
        &mut self,
        seat: Seat,
        mv: &Move,
        used: Option<u64>,
    ) -> Result<Outcome, RuleError> {
        self.check_turn(seat)?;
        let mut outcome = Outcome {
            seat,
            action: Action::Drew,
            laid: Vec::new(),
            took: Vec::new(),
            drew: 0,
            first_meld: None,
            undone: false,
            round_end: None,
            match_over: false,
        };
        match mv {
            Move::Draw => {
                outcome.drew = self.draw(seat, 1);
                if outcome.drew == 0 {
                    outcome.action = Action::Passed;
                }
            }
            Move::Play(play) => {
                let turn = self.plan(seat, play)?;
                outcome.action = Action::Played;
                self.play(seat, turn, used, &mut outcome);
            }
            Move::Timeout(draft) => {
                let kept = self.timeout_plan(seat, draft.as_ref())?;
                outcome.action = Action::TimedOut;
                match kept {
                    Some(turn) => self.play(seat, turn, used, &mut outcome),
                    None => {
                        // Undone: the draft changed something that is now taken back.
                        let faces = |t: &[Vec<CardName>]| -> Vec<Vec<Face>> {
                            t.iter()
                                .map(|s| s.iter().map(|c| c.face).collect())
                                .collect()
                        };
                        outcome.undone = draft.as_ref().is_some_and(|p| {
                            !p.to_hand.is_empty() || faces(&p.table) != faces(&self.table_written())
                        });
                        outcome.drew = self.draw(seat, self.config.timeout_draw);
                    }
                }
            }
        }
        if outcome.round_end.is_none() {
            if outcome.laid.is_empty() && outcome.drew == 0 {
                self.passes += 1;
                if self.passes >= self.players() {
                    outcome.round_end = Some(self.end_round(Ending::Blocked, used));
                }
            } else {
                self.passes = 0;
            }
        }
        if outcome.round_end.is_none() {
            self.to_move = (self.to_move + 1) % self.players();
        }
        outcome.match_over = self.over;
        Ok(outcome)
    }

    /// What `play` by `seat` would do, checked but not played.
    pub fn planned(&self, seat: Seat, play: &Play) -> Result<Planned, RuleError> {
        self.check_turn(seat)?;
        let turn = self.plan(seat, play)?;
        Ok(Planned {
            table: turn.table,
            laid: turn.laid,
            took: turn.took,
        })
    }

    /// Draws up to `n` cards; returns how many there were.
    fn draw(&mut self, seat: Seat, n: usize) -> usize {
        let mut drawn = 0;
        while drawn < n {
            let Some(card) = self.pile.pop() else { break };
            self.hands[seat].push(card);
            drawn += 1;
        }
        drawn
    }

    /// Plays a checked turn.
    fn play(&mut self, seat: Seat, turn: Turn, used: Option<u64>, outcome: &mut Outcome) {
        let hand = &mut self.hands[seat];
        for card in &turn.laid {
            if let Some(p) = hand.iter().position(|c| c == card) {
                hand.remove(p);
            }
        }
        hand.extend(turn.took.iter().copied());
        outcome.laid = turn.laid.iter().map(|c| c.face()).collect();
        outcome.took = turn.took.iter().map(|c| c.face()).collect();
        outcome.first_meld = turn.first_meld;
        self.table = turn.table;
        self.melded[seat] = true;
        if self.hands[seat].is_empty() {
            outcome.round_end = Some(self.end_round(Ending::WentOut(seat), used));
        }
    }

    /// Scores the round, adds it to the totals, and deals the next one or
    /// ends the match: after the agreed rounds, or — played for a time —
    /// once the time `used` has reached the agreed time.
    fn end_round(&mut self, ending: Ending, used: Option<u64>) -> RoundEnd {
        let players = self.players();
        let hand_totals: Vec<i64> = (0..players).map(|s| self.hand_total(s)).collect();
        let (winners, scores) = match ending {
            Ending::WentOut(w) => {
                let mut scores: Vec<i64> = hand_totals.iter().map(|t| -t).collect();
                scores[w] = hand_totals
                    .iter()
                    .enumerate()
                    .filter(|&(s, _)| s != w)
                    .map(|(_, t)| t)
                    .sum();
                (vec![w], scores)
            }
            Ending::Blocked => {
                let low = hand_totals.iter().copied().min().unwrap_or(0);
                let winners: Vec<Seat> = (0..players).filter(|&s| hand_totals[s] == low).collect();
                let mut scores: Vec<i64> = hand_totals.iter().map(|t| low - t).collect();
                let pot: i64 = -scores.iter().sum::<i64>();
                // Tied winners share the pot, rounded down.
                for &w in &winners {
                    scores[w] = pot / winners.len() as i64;
                }
                (winners, scores)
            }
        };
        for (total, score) in self.totals.iter_mut().zip(&scores) {
            *total += score;
        }
        let end = RoundEnd {
            round: self.rounds.len() + 1,
            ending,
            winners,
            hand_totals,
            scores,
            clock: used.filter(|_| self.config.minutes.is_some()),
        };
        self.rounds.push(end.clone());
        let done = match (self.config.seconds(), end.clock) {
            (Some(agreed), Some(used)) => used >= agreed,
            _ => self.rounds.len() >= self.config.rounds,
        };
        if done {
            self.over = true;
        } else {
            self.shuffle_and_deal();
            self.first = (self.first + 1) % players;
            self.to_move = self.first;
        }
        end
    }

    /// A state for a bot's search, built from what `view`'s seat knows: the
    /// other hands and the pile are left empty (their sizes are in the view).
    pub fn from_view(view: &super::View) -> Self {
        let players = view.hand_sizes.len();
        let mut hands = vec![Vec::new(); players];
        hands[view.seat] = view.hand.clone();
        State {
            config: Arc::clone(&view.config),
            rng: GameRng::seeded(0),
            hands,
            pile: Vec::new(),
            table: view.table.clone(),
            melded: view.melded.clone(),
            to_move: view.to_move.unwrap_or(view.seat),
            first: view.first,
            passes: view.passes,
            rounds: view.rounds.clone(),
            totals: view.totals.clone(),
            over: view.over,
        }
    }
}

/// Refuses a card name a record could not write and read back as it was
/// played (a number card or a joker "standing for" a joker): the move and
/// its record must be the same move.
fn check_names(play: &Play) -> Result<(), RuleError> {
    for (index, set) in play.table.iter().enumerate() {
        if let Some(card) = set.iter().find(|c| !c.is_well_formed()) {
            return Err(RuleError::Set {
                index,
                cards: written(set),
                reason: SetError::Annotation(*card),
            });
        }
    }
    match play.to_hand.iter().find(|c| !c.is_well_formed()) {
        Some(card) => Err(RuleError::ToHandNotJoker(*card)),
        None => Ok(()),
    }
}

/// Every subset of `items` of `size` elements, appended to `out`.
fn subsets(items: &[usize], size: usize, out: &mut Vec<Vec<usize>>) {
    fn go(
        items: &[usize],
        size: usize,
        start: usize,
        current: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if current.len() == size {
            out.push(current.clone());
            return;
        }
        for i in start..items.len() {
            current.push(items[i]);
            go(items, size, i + 1, current, out);
            current.pop();
        }
    }
    go(items, size, 0, &mut Vec::new(), out);
}

/// Whether each freed joker can be matched to a distinct card laid from the
/// hand that it stood for (two jokers of one group to two colours), using
/// the `to_hand` annotations where they name the card.
fn swap_cards(
    jokers: &[TableJoker],
    freed: &[usize],
    avail: &mut [usize; FACES],
    mut annotations: Vec<Option<Face>>,
) -> bool {
    fn go(
        jokers: &[TableJoker],
        freed: &[usize],
        at: usize,
        avail: &mut [usize; FACES],
        annotations: &mut Vec<Option<Face>>,
        chosen: &mut Vec<(usize, Face)>,
    ) -> bool {
        let Some(&k) = freed.get(at) else { return true };
        let joker = &jokers[k];
        for &face in &joker.options {
            let f = face.index();
            if avail[f] == 0 || chosen.iter().any(|&(s, g)| s == joker.set && g == face) {
                continue;
            }
            // A matching annotation is used first: plain ones fit anything.
            let slot = annotations
                .iter()
                .position(|a| *a == Some(face))
                .or_else(|| annotations.iter().position(Option::is_none));
            let Some(slot) = slot else { continue };
            let note = annotations.remove(slot);
            avail[f] -= 1;
            chosen.push((joker.set, face));
            if go(jokers, freed, at + 1, avail, annotations, chosen) {
                return true;
            }
            chosen.pop();
            avail[f] += 1;
            annotations.insert(slot, note);
        }
        false
    }
    // With the same-turn rule no annotations are given: any freed joker is
    // matched to any card it stood for.
    let free_form = annotations.is_empty();
    if free_form {
        annotations = vec![None; freed.len()];
    }
    go(jokers, freed, 0, avail, &mut annotations, &mut Vec::new())
}

/// Per set and per reading, how many of the set's jokers stand for each number.
fn joker_numbers(play: &Play, options: &[Vec<Reading>]) -> Vec<Vec<[usize; 14]>> {
    options
        .iter()
        .zip(&play.table)
        .map(|(readings, set)| {
            readings
                .iter()
                .map(|r| {
                    let mut have = [0usize; 14];
                    for (p, card) in set.iter().enumerate() {
                        if card.face.is_joker() {
                            have[r.number(p) as usize] += 1;
                        }
                    }
                    have
                })
                .collect()
        })
        .collect()
}

/// The first choice of readings, in order of preference, whose jokers stand
/// for at least the pinned numbers; or a pinned number the preferred
/// readings leave out.
fn choose_readings(numbers: &[Vec<[usize; 14]>], pins: &[usize; 14]) -> Result<Vec<usize>, u8> {
    let mut choice = vec![0usize; numbers.len()];
    let mut first_missing: Option<u8> = None;
    loop {
        let mut have = [0usize; 14];
        for (j, &c) in choice.iter().enumerate() {
            for n in 0..14 {
                have[n] += numbers[j][c][n];
            }
        }
        match (1..14).find(|&n| have[n] < pins[n]) {
            None => return Ok(choice),
            Some(n) => {
                first_missing.get_or_insert(n as u8);
            }
        }
        // The next combination (an odometer; sets without jokers have one
        // reading, so only the few ambiguous sets turn).
        let mut j = 0;
        loop {
            if j == numbers.len() {
                return Err(first_missing.unwrap_or(0));
            }
            choice[j] += 1;
            if choice[j] < numbers[j].len() {
                break;
            }
            choice[j] = 0;
            j += 1;
        }
    }
}

/// The end of [`RuleError::SwapWithoutCard`]'s reason: what the jokers
/// that could be swapped stand for.
fn swap_hint(wanted: &[Vec<Face>]) -> String {
    if wanted.is_empty() {
        " (and no joker on the table can be swapped now)".to_owned()
    } else {
        let wanted: Vec<String> = wanted.iter().map(|options| names(options)).collect();
        format!(
            " (the jokers that can be swapped stand for {})",
            wanted.join("; ")
        )
    }
}

fn names(faces: &[Face]) -> String {
    faces
        .iter()
        .map(|f| f.to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}
