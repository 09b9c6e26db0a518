//! What the rules plugin, the seats' bots and the turn clock share: the
//! match in play, the turn phase, the messages a move travels by, the
//! pacing, and the components of the match's entities. The systems that
//! change them are in `plugin`, `bots` and `clock`.

use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;
use parlour_core::engine::{Game, Location, Match, Phrase, Seat};

/// Where the match in play stands, for screens and systems to run under.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnPhase {
    /// No match is being played.
    #[default]
    NoMatch,
    /// Secret set-up (Paper Boxing's grids).
    SetUp,
    /// Waiting for the seat(s) to move.
    AwaitingMove,
    /// A move is being shown; moves wait for [`Proceed`].
    Animating,
    /// A round has ended; the next waits for [`Proceed`].
    RoundOver,
    /// The match is over.
    MatchOver,
}

/// The systems of the rules plugins, in the order they run each frame.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum RulesSystems {
    /// Start and end matches.
    Lifecycle,
    /// Tick the turn clock.
    Clock,
    /// Let bots choose.
    Bots,
    /// Check and apply move requests.
    Apply,
}

/// The match being played. Only the rules plugin changes it: everything else
/// reads it, and asks for moves with [`MoveRequest`].
#[derive(Resource)]
pub struct ActiveMatch<G: Game> {
    pub(super) game: Match<G>,
    /// The move being shown closed a round: once it has been shown, the
    /// match waits in [`TurnPhase::RoundOver`] for the players.
    pub(super) round_to_show: bool,
    /// Which match of this run it is (1 for the first): a match started in
    /// its place is another, whatever its position.
    pub(super) begun: u64,
}

impl<G: Game> ActiveMatch<G> {
    /// Which match of this run it is: another match started in its place
    /// has another number, though its turn may have the same.
    pub fn begun(&self) -> u64 {
        self.begun
    }

    /// The match.
    pub fn get(&self) -> &Match<G> {
        &self.game
    }
}

/// Who plays a seat.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A person at the screen.
    Human,
    /// A bot, by name.
    Bot(String),
}

/// Starts a match: the rules plugin takes it over, spawns its entities and
/// seats a bot wherever `controllers` names one.
#[derive(Message)]
pub struct StartMatch<G: Game> {
    /// The match, fresh or resumed.
    pub game: Match<G>,
    /// One per seat.
    pub controllers: Vec<Controller>,
    /// Seeds the bots' own random sources.
    pub bot_seed: u64,
}

/// Ends the match in play: its entities are despawned and the phase returns to [`TurnPhase::NoMatch`].
#[derive(Message, Default)]
pub struct EndMatch;

/// Asks for a move. Every move enters a match this way: a person's, a bot's, a replay's.
#[derive(Message, Clone, Debug)]
pub struct MoveRequest<G: Game> {
    /// The seat moving.
    pub seat: Seat,
    /// The move.
    pub mv: G::Move,
}

/// A move the rules accepted and played.
#[derive(Message, Clone, Debug)]
pub struct MoveApplied<G: Game> {
    /// The seat that moved.
    pub seat: Seat,
    /// The move.
    pub mv: G::Move,
    /// What it did.
    pub outcome: G::Outcome,
    /// Its index in the match's moves.
    pub index: usize,
}

/// A move the rules refused, with their reason; the match is unchanged.
#[derive(Message, Clone, Debug)]
pub struct MoveRejected<G: Game> {
    /// The seat that asked.
    pub seat: Seat,
    /// The move.
    pub mv: G::Move,
    /// Why, in English words for a person (what the command line prints).
    pub reason: String,
    /// Why, as a key and values a screen words in its own language.
    pub phrase: Phrase,
}

/// A guard on the moves the rules accept: a lesson's step, which takes only
/// the move it teaches. The rules judge a request first (their refusal is
/// theirs, as always); a move they would accept is then put to the gate,
/// and played only if it lets it through. No gate, no guard.
#[derive(Resource, Clone)]
pub struct MoveGate<G: Game>(pub Arc<GateCheck<G>>);

/// What a [`MoveGate`] asks: `Ok` to let the move by `seat` through, or why
/// not, in English and as a phrase.
pub type GateCheck<G> =
    dyn Fn(&Match<G>, Seat, &<G as Game>::Move) -> Result<(), (String, Phrase)> + Send + Sync;

/// The screen has finished showing a move or a round: play goes on.
#[derive(Message, Default)]
pub struct Proceed;

/// How the plugin paces a match: headless matches run flat out; on screen,
/// each move waits for its animation and a round's end for the players.
#[derive(Resource, Clone, Debug, Default)]
pub struct Pacing {
    /// After each move, wait in [`TurnPhase::Animating`] for [`Proceed`].
    pub hold_after_move: bool,
    /// After a round ends, wait in [`TurnPhase::RoundOver`] for [`Proceed`].
    pub hold_after_round: bool,
    /// The least time a bot takes over a move, so people can follow.
    pub bot_delay: Duration,
}

/// Set by a test or the chaos run that steps the app frame by frame: bots
/// on screen think within the frame, a search stops at a count of playouts
/// rather than at a time, and a seed nobody fixed (a deal, the bots of a
/// continued match, a shuffle) is drawn from here rather than from the
/// clock — so one seed decides the whole run, on any machine.
#[derive(Resource, Clone, Debug)]
pub struct FrameStepped {
    seeds: u64,
}

impl FrameStepped {
    /// Seeds drawn in turn from `seed`.
    pub fn new(seed: u64) -> Self {
        Self { seeds: seed }
    }

    /// The next seed (splitmix64: every seed differs from the last).
    pub fn seed(&mut self) -> u64 {
        self.seeds = self.seeds.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.seeds;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// Whether bots think on the frame's thread or on the async compute pool.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BotExecution {
    /// Choose within the frame (tests, replays).
    #[default]
    Inline,
    /// Choose on a background task, so the screen stays smooth.
    Background,
    /// Think a slice of about this long a frame ([`Bot::think`]), on a
    /// host whose one thread also draws the frames (a web page).
    ///
    /// [`Bot::think`]: parlour_core::engine::Bot::think
    Sliced(Duration),
}

/// Marks every entity of the match in play.
#[derive(Component, Clone, Copy, Debug)]
pub struct MatchEntity;

/// A seat entity.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatOf(pub Seat);

/// A seat's score, as the records define it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Score(pub i64);

/// How many pieces a seat holds (public in every game).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct HandSize(pub usize);

/// A board cell entity.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct CellOf {
    /// Its index in the game's cell list.
    pub index: usize,
    /// Row, from 0 at the top.
    pub row: u8,
    /// Column, from 0 at the left.
    pub col: u8,
    /// The seat whose grid it is on, if any.
    pub owner: Option<Seat>,
    /// What is printed on it.
    pub mark: Option<String>,
}

/// A piece entity: a token, a number, a card.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct PieceOf {
    /// Its stable number.
    pub id: usize,
    /// What is printed on it.
    pub label: String,
}

/// Where a piece is; changes exactly when the piece moves.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Deref)]
pub struct At(pub Location);
