//! The contract every game implements, and the contract of its bots (the
//! two name each other: a game makes its bots, a bot plays a game).

use std::fmt::Debug;
use std::ops::RangeInclusive;
use std::time::Duration;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::phrase::Explain;
pub use super::seat::Seat;

/// Where a match stands, as far as the engine needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Phase {
    /// Secret preparation before play (Paper Boxing's grids).
    SetUp,
    /// Moves are being played.
    Play,
    /// The match is over; [`Game::winners`] is final.
    Over,
}

/// The zone a piece is in, for the entity mirror the rules plugin keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Zone {
    /// The bag or the draw pile (its order is hidden).
    Supply,
    /// A seat's hand (hidden from the other seats).
    Hand(Seat),
    /// The board, the grids or the table (public).
    Board,
}

/// A piece's place: its zone and a slot within it (a cell index, a position
/// in a hand, a set and a position in it — each game documents its slots).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// The zone.
    pub zone: Zone,
    /// The slot within the zone.
    pub slot: u32,
}

impl Location {
    /// A location in `zone` at `slot`.
    pub const fn new(zone: Zone, slot: u32) -> Self {
        Self { zone, slot }
    }
}

/// One cell of a game's board, as the entity mirror describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellSpec {
    /// Row from the top, from 0.
    pub row: u8,
    /// Column from the left, from 0.
    pub col: u8,
    /// The seat whose grid this cell belongs to, for games with one grid per seat.
    pub owner: Option<Seat>,
    /// What is printed on the cell ("K", "x", "S", a number), if anything.
    pub mark: Option<String>,
}

/// One piece (token, number, card), as the entity mirror describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSpec {
    /// What is printed on the piece ("7", "r13", "j").
    pub label: String,
    /// Where it is now.
    pub location: Location,
}

/// A variant name the game does not know, or options it cannot take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", match .reason {
    Some(reason) => format!("variant {:?} of {}: {reason}", .name, .game),
    None => format!("unknown variant {:?} for {}; the variants are: {}", .name, .game, .known),
})]
pub struct VariantError {
    /// The game asked.
    pub game: &'static str,
    /// The name given.
    pub name: String,
    /// The names the game knows, comma-separated.
    pub known: String,
    /// Why a known variant's options were refused.
    pub reason: Option<String>,
}

impl VariantError {
    /// The error for `name`, listing `known`.
    pub fn new(game: &'static str, name: &str, known: &[&str]) -> Self {
        Self {
            game,
            name: name.to_owned(),
            known: known.join(", "),
            reason: None,
        }
    }

    /// The error for a known variant whose options are wrong.
    pub fn options(game: &'static str, name: &str, reason: impl Into<String>) -> Self {
        Self {
            game,
            name: name.to_owned(),
            known: String::new(),
            reason: Some(reason.into()),
        }
    }
}

/// A tabletop game: its rules as plain data and plain functions.
///
/// `apply` is the single gate through which moves change a match; it checks
/// the move in full and leaves the state untouched when it refuses it.
/// Every random draw comes from a seeded generator inside the state, so a
/// seed or an explicit deal plus the moves reproduce a match exactly.
pub trait Game: Sized + Send + Sync + 'static {
    /// The name in records and on the command line (`neighbours`).
    const NAME: &'static str;
    /// The name shown to people (`Neighbours`).
    const TITLE: &'static str;

    /// A variant: every rule a player could want read another way.
    type Config: Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// The whole state of a match, hidden information included.
    type State: Clone + Debug + Send + Sync + 'static;
    /// A move, in its record form (without the seat).
    type Move: Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// An explicit starting position, in its record form.
    type Deal: Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// What one seat may see.
    type View: Clone + Debug + Send + Sync + 'static;
    /// What a move did (points scored, a bout won, a round ended).
    type Outcome: Clone + Debug + PartialEq + Send + Sync + Serialize + 'static;
    /// Why a move or a deal was refused: in English words a person can read
    /// (`Display`), and as a phrase a screen words in its own language.
    type Error: std::error::Error + Explain + Clone + PartialEq + Send + Sync + 'static;

    /// The built-in variants' names, `standard` first.
    fn variants() -> &'static [&'static str];
    /// A built-in variant by name.
    fn variant(name: &str) -> Result<Self::Config, VariantError>;
    /// How many seats the variant allows.
    fn seats(config: &Self::Config) -> RangeInclusive<usize>;

    /// A new match: dealt from `seed`, or from `deal` when given (later random
    /// draws the deal does not fix still come from `seed`).
    fn new_match(
        config: &Self::Config,
        players: usize,
        seed: u64,
        deal: Option<&Self::Deal>,
    ) -> Result<Self::State, Self::Error>;

    /// The seats whose move is awaited now (several during secret set-up or
    /// simultaneous moves; none once the match is over).
    fn awaiting(state: &Self::State) -> Vec<Seat>;
    /// Set-up, play, or over.
    fn phase(state: &Self::State) -> Phase;
    /// Checks `mv` by `seat` against every rule and, if it is legal, plays it.
    /// A refused move leaves `state` exactly as it was.
    fn apply(
        state: &mut Self::State,
        seat: Seat,
        mv: &Self::Move,
    ) -> Result<Self::Outcome, Self::Error>;
    /// What `seat` may see: never another seat's hidden pieces, nor the order of the supply.
    fn view(state: &Self::State, seat: Seat) -> Self::View;
    /// Each seat's score as the records define it.
    fn scores(state: &Self::State) -> Vec<i64>;
    /// The winning seats once the match is over (several when they share the
    /// win); empty before.
    fn winners(state: &Self::State) -> Vec<Seat>;

    /// The board's cells, for the entity mirror (empty for a game without a board).
    fn cells(state: &Self::State) -> Vec<CellSpec>;
    /// Every piece and where it is, indexed by a stable piece number.
    fn pieces(state: &Self::State) -> Vec<PieceSpec>;
    /// Game-specific facts for `replay`'s output (the board, hands, round scores).
    fn report(state: &Self::State) -> serde_json::Value;

    /// The bots' names, weakest first.
    fn bots() -> &'static [&'static str];
    /// A bot by name, with its own random source.
    fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot<Self>>, BotError>;

    /// An upper bound on the number of moves in a match, so a driver can tell
    /// a match that cannot end from a slow one.
    fn move_bound(config: &Self::Config, players: usize) -> usize;

    /// Whether this outcome closed a round (the screen pauses on a round's scores).
    fn ends_round(_outcome: &Self::Outcome) -> bool {
        false
    }
    /// The time a match of this variant is played for, if it is played for
    /// an agreed time rather than to an end of its own.
    fn playing_time(_config: &Self::Config) -> Option<Duration> {
        None
    }
    /// [`Game::apply`], told the whole seconds of the agreed playing time
    /// used when the move is played. The rules never read a clock: a game
    /// played for a time is told the time, by the screen's clock or by a
    /// record, and reads it where its rules need it (Rummy, when a round
    /// ends). Any other game plays the move as [`Game::apply`] does.
    fn apply_at(
        state: &mut Self::State,
        seat: Seat,
        mv: &Self::Move,
        used: u64,
    ) -> Result<Self::Outcome, Self::Error> {
        let _ = used;
        Self::apply(state, seat, mv)
    }
    /// The time allowed for the current turn, if the variant has a clock.
    fn turn_limit(_state: &Self::State) -> Option<Duration> {
        None
    }
    /// The move to play for `seat` when its time has run out, given the
    /// unfinished move it was working on.
    fn timeout_move(
        _state: &Self::State,
        _seat: Seat,
        _draft: Option<&Self::Move>,
    ) -> Option<Self::Move> {
        None
    }
}

/// A player driven by code. It is handed its seat's view — never the full
/// state — so it knows exactly what a person in that seat would know.
pub trait Bot<G: Game>: Send {
    /// The bot's name (`random`, `greedy`, `expert`…).
    fn name(&self) -> &'static str;
    /// The move to play, chosen from `view`. It must be legal in the
    /// position the view describes.
    fn choose(&mut self, view: &G::View) -> G::Move;
    /// [`Bot::choose`] a slice at a time, for a host whose one thread
    /// draws the frames too (a web page): thinks about `view` for about
    /// `slice`, then the move, or `None` to be asked again with the same
    /// view next frame. A bot whose choice is quick chooses at once.
    fn think(&mut self, view: &G::View, slice: Duration) -> Option<G::Move> {
        let _ = slice;
        Some(self.choose(view))
    }
    /// The most time it thinks about a move, for a bot that has a safety
    /// cap on its thinking time (a search that counts its work and stops
    /// sooner only when a machine is far too slow for its budget); `None`
    /// for one that never looks at the clock.
    fn time_limit(&self) -> Option<Duration> {
        None
    }
    /// What its thinking has cost so far, for a bot that searches by a
    /// budget of work: how often the safety cap on time cut a search short
    /// shows whether the machine keeps up with the budget.
    fn effort(&self) -> Effort {
        Effort::default()
    }
}

/// A searching bot's running count of its thinking ([`Bot::effort`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Effort {
    /// Moves it searched (not those it answered at once, such as a forced
    /// move).
    pub searched: u64,
    /// Units of work in all: playouts, each a candidate played out in one
    /// guess at the hidden pieces.
    pub work: u64,
    /// Searches the safety cap on time cut short: each played the best move
    /// found by then, so on that move the bot was weaker than its budget
    /// and not the same on every machine.
    pub capped: u64,
}

impl Effort {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: Effort) {
        self.searched += other.searched;
        self.work += other.work;
        self.capped += other.capped;
    }
}

/// A bot name the game does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot {name:?} for {game}; the bots are: {known}")]
pub struct BotError {
    /// The game asked.
    pub game: &'static str,
    /// The name given.
    pub name: String,
    /// The names the game knows, comma-separated.
    pub known: String,
}

impl BotError {
    /// The error for `name`, listing the bots of `G`.
    pub fn unknown<G: Game>(name: &str) -> Self {
        Self {
            game: G::NAME,
            name: name.to_owned(),
            known: G::bots().join(", "),
        }
    }
}
