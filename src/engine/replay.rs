//! Matches driven headless through the rules plugin: replays, and the
//! harness tests use to talk to the plugin.

use std::marker::PhantomData;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use parlour_core::engine::{Game, Match, Record, RecordError, Seat};
use serde_json::{Value, json};

use super::model::{ActiveMatch, Controller, MoveApplied, MoveRejected, MoveRequest, StartMatch};
use super::plugin::RulesPlugin;

/// An app with only the rules plugin of `G`: no window, no rendering.
pub struct Headless<G: Game> {
    app: App,
    _game: PhantomData<G>,
}

impl<G: Game> Default for Headless<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> Headless<G> {
    /// `MinimalPlugins`, `StatesPlugin`, the shared rules [`plugin`](super::plugin) and `RulesPlugin<G>`.
    pub fn new() -> Self {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            StatesPlugin,
            super::plugin,
            RulesPlugin::<G>::default(),
        ));
        Self {
            app,
            _game: PhantomData,
        }
    }

    /// Hands a match to the plugin, every seat played by `controllers`.
    pub fn start(&mut self, game: Match<G>, controllers: Vec<Controller>) {
        self.start_seeded(game, controllers, 0);
    }

    /// [`Headless::start`], the bots' random sources seeded from `bot_seed`.
    pub fn start_seeded(&mut self, game: Match<G>, controllers: Vec<Controller>, bot_seed: u64) {
        self.app.world_mut().write_message(StartMatch {
            game,
            controllers,
            bot_seed,
        });
        // One frame to take the match over, one for the phase to follow.
        self.app.update();
        self.app.update();
    }

    /// Sends one move request and runs a frame: the rules' answer.
    pub fn request(&mut self, seat: Seat, mv: G::Move) -> Result<G::Outcome, String> {
        self.request_worded(seat, mv).map_err(|(reason, _)| reason)
    }

    /// As [`Headless::request`], a refusal also as a phrase a screen words
    /// in its own language.
    pub fn request_worded(
        &mut self,
        seat: Seat,
        mv: G::Move,
    ) -> Result<G::Outcome, (String, parlour_core::engine::Phrase)> {
        // Cursors at the end of each message queue, so only this request's answer is read
        // (queues keep older messages for a frame or two).
        let world = self.app.world();
        let mut applied = world
            .resource::<Messages<MoveApplied<G>>>()
            .get_cursor_current();
        let mut rejected = world
            .resource::<Messages<MoveRejected<G>>>()
            .get_cursor_current();
        self.app
            .world_mut()
            .write_message(MoveRequest::<G> { seat, mv });
        self.app.update();
        let world = self.app.world();
        if let Some(r) = rejected
            .read(world.resource::<Messages<MoveRejected<G>>>())
            .last()
        {
            return Err((r.reason.clone(), r.phrase.clone()));
        }
        applied
            .read(world.resource::<Messages<MoveApplied<G>>>())
            .last()
            .map(|a| a.outcome.clone())
            .ok_or_else(|| {
                (
                    "the rules plugin did not answer".to_owned(),
                    parlour_core::engine::Phrase::new("host-refused-no-answer"),
                )
            })
    }

    /// Runs one frame: a bot whose move is awaited may play it.
    pub fn frame(&mut self) {
        self.app.update();
    }

    /// The match in play.
    pub fn game(&self) -> Option<&Match<G>> {
        self.app
            .world()
            .get_resource::<ActiveMatch<G>>()
            .map(ActiveMatch::get)
    }

    /// The app, for tests that look at entities, states and messages.
    pub fn app(&mut self) -> &mut App {
        &mut self.app
    }
}

/// Why a replay stopped.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The record itself is bad (a person's mistake in the file: exit status 2).
    #[error("{0}")]
    Record(#[from] RecordError),
    /// A move the rules refuse (exit status 1).
    #[error("move {index} by seat {seat} is illegal: {reason}")]
    Illegal {
        /// Its index, from 0.
        index: usize,
        /// The seat.
        seat: Seat,
        /// The rules' reason.
        reason: String,
    },
}

impl ReplayError {
    /// The JSON `replay` prints for an illegal move, if this is one.
    pub fn to_json(&self) -> Option<Value> {
        match self {
            ReplayError::Illegal {
                index,
                seat,
                reason,
            } => Some(json!({
                "ok": false, "index": index, "seat": seat, "error": reason,
            })),
            ReplayError::Record(_) => None,
        }
    }
}

/// Replays a record move by move through the rules plugin and reports where
/// it ends: the JSON of the records format's "Replay output".
pub fn replay<G: Game>(record: &Record) -> Result<Value, ReplayError> {
    let start = Match::<G>::start_of_record(record, |name| G::variant(name).ok())?;
    let mut headless = Headless::<G>::new();
    headless.start(start, vec![Controller::Human; record.players]);
    for index in 0..record.moves.len() {
        let (seat, mv) = Match::<G>::move_of_record(record, index)?;
        headless
            .request(seat, mv)
            .map_err(|reason| ReplayError::Illegal {
                index,
                seat,
                reason,
            })?;
    }
    let game = headless.game().expect("the match is in play");
    let mut out = json!({
        "ok": true,
        "game": G::NAME,
        "variant": game.variant(),
        "moves": game.moves().len(),
        "over": game.is_over(),
        "scores": game.scores(),
        "winners": game.winners(),
    });
    if let (Value::Object(out), Value::Object(extra)) = (&mut out, G::report(game.state())) {
        out.extend(extra);
    }
    Ok(out)
}
