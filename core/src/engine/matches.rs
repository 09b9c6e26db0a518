//! A match in progress: the rules state plus the record of how it got there.

use serde_json::Value;

use super::game::{Game, Phase, Seat};
use super::record::{FORMAT, Record, RecordError};

/// A match: its variant, its deal, its moves and the state they lead to.
///
/// [`Match::submit`] is the only way to change it, and it asks the game's
/// rules ([`Game::apply`]) about every move; the Bevy rules plugin holds one
/// of these and calls nothing else.
#[derive(Debug)]
pub struct Match<G: Game> {
    variant: String,
    config: G::Config,
    players: usize,
    seed: u64,
    seeded: bool,
    deal: Option<G::Deal>,
    state: G::State,
    moves: Vec<(Seat, G::Move)>,
    /// Played for a time: the seconds used when each round ended.
    clock: Vec<u64>,
    /// Played for a time: the seconds used, as last told.
    time_used: u64,
    /// The round ends' times a record gave, for [`Match::submit`] to play
    /// them at.
    script: Vec<u64>,
}

// Written out because a derive would ask for `G: Clone`, which the marker types need not be.
impl<G: Game> Clone for Match<G> {
    fn clone(&self) -> Self {
        Self {
            variant: self.variant.clone(),
            config: self.config.clone(),
            players: self.players,
            seed: self.seed,
            seeded: self.seeded,
            deal: self.deal.clone(),
            state: self.state.clone(),
            moves: self.moves.clone(),
            clock: self.clock.clone(),
            time_used: self.time_used,
            script: self.script.clone(),
        }
    }
}

impl<G: Game> Match<G> {
    /// A new match of the named variant, dealt from `seed` or from `deal`.
    pub fn new(
        variant: &str,
        config: G::Config,
        players: usize,
        seed: u64,
        deal: Option<G::Deal>,
    ) -> Result<Self, G::Error> {
        let state = G::new_match(&config, players, seed, deal.as_ref())?;
        Ok(Self {
            variant: variant.to_owned(),
            config,
            players,
            seed,
            seeded: true,
            deal,
            state,
            moves: Vec::new(),
            clock: Vec::new(),
            time_used: 0,
            script: Vec::new(),
        })
    }

    /// A new match of a built-in variant, dealt from `seed`.
    pub fn seeded(variant: &str, players: usize, seed: u64) -> Result<Self, RecordError> {
        let config = G::variant(variant).map_err(|e| RecordError::Setup(e.to_string()))?;
        Self::new(variant, config, players, seed, None)
            .map_err(|e| RecordError::Setup(e.to_string()))
    }

    /// Plays `mv` for `seat` if the rules allow it; otherwise returns their
    /// reason and changes nothing. In a match played for a time and set up
    /// from a record, a round ends at the time the record gives for it;
    /// otherwise a round's end needs [`Match::submit_at`].
    pub fn submit(&mut self, seat: Seat, mv: G::Move) -> Result<G::Outcome, G::Error> {
        match self.script.get(self.clock.len()) {
            Some(&used) => self.submit_at(seat, mv, used),
            None => {
                let outcome = G::apply(&mut self.state, seat, &mv)?;
                self.moves.push((seat, mv));
                Ok(outcome)
            }
        }
    }

    /// [`Match::submit`], `used` whole seconds into the agreed playing time
    /// of a match played for a time (see [`Game::apply_at`]); the time of
    /// each round's end is kept for the record.
    pub fn submit_at(
        &mut self,
        seat: Seat,
        mv: G::Move,
        used: u64,
    ) -> Result<G::Outcome, G::Error> {
        let outcome = G::apply_at(&mut self.state, seat, &mv, used)?;
        self.moves.push((seat, mv));
        if self.is_timed() {
            self.time_used = self.time_used.max(used);
            if G::ends_round(&outcome) {
                self.clock.push(used);
            }
        }
        Ok(outcome)
    }

    /// The rules state (hidden information included: not for bots or screens
    /// that show one seat — use [`Match::view`]).
    pub fn state(&self) -> &G::State {
        &self.state
    }
    /// What `seat` may see.
    pub fn view(&self, seat: Seat) -> G::View {
        G::view(&self.state, seat)
    }
    /// The variant's rules.
    pub fn config(&self) -> &G::Config {
        &self.config
    }
    /// The variant's name.
    pub fn variant(&self) -> &str {
        &self.variant
    }
    /// The number of seats.
    pub fn players(&self) -> usize {
        self.players
    }
    /// The seed of the match's random draws.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The explicit deal, if the match started from one.
    pub fn deal(&self) -> Option<&G::Deal> {
        self.deal.as_ref()
    }
    /// Whether the match is played for an agreed time.
    pub fn is_timed(&self) -> bool {
        G::playing_time(&self.config).is_some()
    }
    /// Played for a time: the whole seconds used when each round ended.
    pub fn clock(&self) -> &[u64] {
        &self.clock
    }
    /// Played for a time: the whole seconds used, as last told (by a move
    /// or by the record it was read from).
    pub fn time_used(&self) -> u64 {
        self.time_used
    }
    /// Every move played so far, in order.
    pub fn moves(&self) -> &[(Seat, G::Move)] {
        &self.moves
    }
    /// The seats whose move is awaited.
    pub fn awaiting(&self) -> Vec<Seat> {
        G::awaiting(&self.state)
    }
    /// Set-up, play or over.
    pub fn phase(&self) -> Phase {
        G::phase(&self.state)
    }
    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.phase() == Phase::Over
    }
    /// Each seat's score.
    pub fn scores(&self) -> Vec<i64> {
        G::scores(&self.state)
    }
    /// The winners once the match is over.
    pub fn winners(&self) -> Vec<Seat> {
        G::winners(&self.state)
    }

    /// The match as a record: enough to reproduce it exactly.
    pub fn record(&self) -> Record {
        Record {
            format: FORMAT.to_owned(),
            game: G::NAME.to_owned(),
            variant: self.variant.clone(),
            players: self.players,
            seed: self.seeded.then_some(self.seed),
            deal: self
                .deal
                .as_ref()
                .map(|d| serde_json::to_value(d).unwrap_or(Value::Null)),
            moves: self
                .moves
                .iter()
                .map(|(seat, mv)| {
                    let mut object = serde_json::Map::new();
                    object.insert("seat".into(), Value::from(*seat));
                    if let Ok(Value::Object(fields)) = serde_json::to_value(mv) {
                        object.extend(fields);
                    }
                    Value::Object(object)
                })
                .collect(),
            seats: Vec::new(),
            clock: self.clock.clone(),
            time_used: (self.is_timed() && !self.is_over()).then_some(self.time_used),
            screen: None,
        }
    }

    /// The match a record describes: its deal set up and every move checked
    /// and played in order. `variants` finds a variant's rules by name.
    pub fn from_record(
        record: &Record,
        variants: impl Fn(&str) -> Option<G::Config>,
    ) -> Result<Self, RecordError> {
        let mut m = Self::dealt(record, variants)?;
        m.play_record(record)?;
        m.every_time_ends_a_round()?;
        if let Some(used) = record.time_used {
            m.time_used = used;
        }
        Ok(m)
    }

    /// The match a record starts from, before any of its moves.
    ///
    /// A record is refused here for anything that makes it wrong as a
    /// whole, not at one move: for a match played for a time, that includes
    /// giving more times than its moves end rounds. Replays that show the
    /// moves one at a time start here and would otherwise reach the end of
    /// such a record without a word.
    pub fn start_of_record(
        record: &Record,
        variants: impl Fn(&str) -> Option<G::Config>,
    ) -> Result<Self, RecordError> {
        let m = Self::dealt(record, variants)?;
        if !m.script.is_empty() {
            // The moves are played on a copy; a move the rules refuse is
            // left for the caller to report with its index and seat.
            let mut whole = m.clone();
            if whole.play_record(record).is_ok() {
                whole.every_time_ends_a_round()?;
            }
        }
        Ok(m)
    }

    /// The match a record starts from, with every check that needs none of
    /// its moves.
    fn dealt(
        record: &Record,
        variants: impl Fn(&str) -> Option<G::Config>,
    ) -> Result<Self, RecordError> {
        if record.game != G::NAME {
            return Err(RecordError::WrongGame {
                expected: G::NAME.to_owned(),
                found: record.game.clone(),
            });
        }
        let config = variants(&record.variant).ok_or_else(|| {
            // The game's own reason when it has one (an option it cannot take).
            let why = match G::variant(&record.variant) {
                Err(e) => e,
                Ok(_) => crate::engine::VariantError::new(G::NAME, &record.variant, G::variants()),
            };
            RecordError::Setup(why.to_string())
        })?;
        let deal = match &record.deal {
            None => None,
            Some(value) => Some(
                read_at::<G::Deal>("deal", value.clone())
                    .map_err(|e| RecordError::Setup(format!("the deal is not valid: {e}")))?,
            ),
        };
        if record.seed.is_none() && deal.is_none() {
            return Err(RecordError::NoDeal);
        }
        let seed = record.seed.unwrap_or(0);
        let mut m = Self::new(&record.variant, config, record.players, seed, deal)
            .map_err(|e| RecordError::Setup(e.to_string()))?;
        m.seeded = record.seed.is_some();
        if !m.is_timed() && (!record.clock.is_empty() || record.time_used.is_some()) {
            return Err(RecordError::Clock(
                "\"clock\" and \"time_used\" belong to a match played for a time (minutes=N)"
                    .into(),
            ));
        }
        if let Some(w) = record.clock.windows(2).find(|w| w[1] < w[0]) {
            return Err(RecordError::Clock(format!(
                "its times go back, from {} to {} seconds",
                w[0], w[1]
            )));
        }
        // The time used is never less than when the last round ended: a
        // match resumed from it would start its clock in the past.
        if let (Some(used), Some(&ended)) = (record.time_used, record.clock.last())
            && used < ended
        {
            return Err(RecordError::Clock(format!(
                "\"time_used\" is {used} seconds, less than the {ended} seconds used when the last round ended"
            )));
        }
        m.script = record.clock.clone();
        Ok(m)
    }

    /// Plays every move of `record`, in order, checked by the rules.
    fn play_record(&mut self, record: &Record) -> Result<(), RecordError> {
        for index in 0..record.moves.len() {
            let (seat, mv) = Self::move_of_record(record, index)?;
            self.submit(seat, mv).map_err(|e| RecordError::Illegal {
                index,
                seat,
                reason: e.to_string(),
            })?;
        }
        Ok(())
    }

    /// Once every move of `record` is played: each of its times is a
    /// round's end. A spare time was never this match's, so the record is
    /// not the match it claims to be.
    fn every_time_ends_a_round(&self) -> Result<(), RecordError> {
        if self.script.len() > self.clock.len() {
            let (times, ended) = (self.script.len(), self.clock.len());
            return Err(RecordError::Clock(format!(
                "it gives {times} {}, but {ended} {} ended",
                if times == 1 { "time" } else { "times" },
                if ended == 1 { "round" } else { "rounds" },
            )));
        }
        Ok(())
    }

    /// Move `index` of a record, read with this game's move type.
    pub fn move_of_record(record: &Record, index: usize) -> Result<(Seat, G::Move), RecordError> {
        let (seat, value) = record.split_move(index)?;
        let mv = read_at::<G::Move>(&format!("moves[{index}]"), value)
            .map_err(|reason| RecordError::MoveSyntax { index, reason })?;
        Ok((seat, mv))
    }
}

/// Reads `value`, found at `at` in the record; a mistake is named by its
/// place in the record (`deal.hands[0][3]: …`), so a person can find it.
fn read_at<T: serde::de::DeserializeOwned>(
    at: &str,
    value: serde_json::Value,
) -> Result<T, String> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let inside = e.path().to_string();
        let place = match inside.as_str() {
            "." => at.to_owned(),
            _ if inside.starts_with('[') => format!("{at}{inside}"),
            _ => format!("{at}.{inside}"),
        };
        format!("{place}: {}", e.inner())
    })
}
