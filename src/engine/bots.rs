//! The seats' bots: made when a match starts (by the [`BotMaker`], which
//! the app may set — the bots' strength), each thinking on a background
//! task (at once, for tests; a slice a frame, in a web page) from its
//! seat's view only.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use parlour_core::engine::{Bot, BotError, Game, Match, Seat};

use super::model::*;

/// A bot thinking on a background task: it hands itself back with its move.
type Thinking<G> = Task<(Box<dyn Bot<G>>, <G as Game>::Move)>;

/// Makes a seat's bot from its name and seed: the game's own registry
/// ([`Game::bot`]) unless the app sets another — one that also reads how
/// long the bots may think. Set anew, it remakes the bots of the match in
/// play (a bot thinking keeps its move and is remade once it is back).
#[derive(Resource, Clone)]
pub struct BotMaker<G: Game>(Arc<MakeBot<G>>);

/// What a [`BotMaker`] calls.
type MakeBot<G> = dyn Fn(&str, u64) -> Result<Box<dyn Bot<G>>, BotError> + Send + Sync;

impl<G: Game> BotMaker<G> {
    /// A maker that calls `make` with a bot's name and seed.
    pub fn new(
        make: impl Fn(&str, u64) -> Result<Box<dyn Bot<G>>, BotError> + Send + Sync + 'static,
    ) -> Self {
        Self(Arc::new(make))
    }

    /// The bot called `name`, with its own seed.
    pub fn make(&self, name: &str, seed: u64) -> Result<Box<dyn Bot<G>>, BotError> {
        (self.0)(name, seed)
    }
}

impl<G: Game> Default for BotMaker<G> {
    fn default() -> Self {
        Self::new(G::bot)
    }
}

/// The seats' bots, each behind a lock so the resource can be shared; a
/// slot is empty while its bot thinks on a background task.
#[derive(Resource)]
pub struct Bots<G: Game> {
    seats: Vec<Option<Mutex<Box<dyn Bot<G>>>>>,
    thinking: Vec<Option<Thinking<G>>>,
    /// A background choice that came back while another move was being
    /// shown (Paper Boxing's set-up awaits both seats at once): held until
    /// moves are taken again, rather than sent to be refused.
    ready: Vec<Option<G::Move>>,
    /// Time each awaited seat has waited, for [`Pacing::bot_delay`].
    waited: Vec<Duration>,
    /// Each bot's name and seed, to make it again when the maker changes.
    made_as: Vec<Option<(String, u64)>>,
    /// Seats whose bot was thinking when the maker changed: remade once back.
    remake: Vec<bool>,
}

impl<G: Game> Bots<G> {
    /// The bots `controllers` seat at `game`, each with its own seed, made
    /// by `maker`.
    pub(super) fn seated(
        game: &Match<G>,
        controllers: &[Controller],
        bot_seed: u64,
        maker: &BotMaker<G>,
    ) -> Self {
        let players = game.players();
        let mut bots = Self {
            seats: Vec::new(),
            thinking: (0..players).map(|_| None).collect(),
            ready: (0..players).map(|_| None).collect(),
            waited: vec![Duration::ZERO; players],
            made_as: Vec::new(),
            remake: vec![false; players],
        };
        for seat in 0..players {
            let made_as = match controllers.get(seat) {
                Some(Controller::Bot(name)) => {
                    Some((name.clone(), bot_seed.wrapping_add(seat as u64)))
                }
                _ => None,
            };
            let bot = made_as
                .as_ref()
                .and_then(|(name, seed)| make(maker, name, *seed));
            bots.seats.push(bot);
            bots.made_as.push(made_as);
        }
        bots
    }

    /// Makes every bot again with `maker`: at once where it waits, when it
    /// comes back where it thinks.
    fn remade(&mut self, maker: &BotMaker<G>) {
        for seat in 0..self.seats.len() {
            let Some((name, seed)) = self.made_as[seat].clone() else {
                continue;
            };
            if self.thinking[seat].is_some() {
                self.remake[seat] = true;
            } else if self.seats[seat].is_some() {
                self.seats[seat] = make(maker, &name, seed);
            }
        }
    }

    /// The safety cap on each seat's bot's thinking a move
    /// ([`Bot::time_limit`]): `None` for a person's seat, a bot with no cap,
    /// or one thinking now.
    pub fn time_limits(&self) -> Vec<Option<Duration>> {
        self.seats
            .iter()
            .map(|slot| {
                slot.as_ref()
                    .and_then(|bot| bot.lock().ok().and_then(|bot| bot.time_limit()))
            })
            .collect()
    }

    /// The seats whose bot has answered and whose move waits to be sent,
    /// because another move is being shown (or was sent this frame).
    pub fn held(&self) -> Vec<Seat> {
        (0..self.ready.len())
            .filter(|&seat| self.ready[seat].is_some())
            .collect()
    }
}

/// A seat's bot, behind its lock; `None` for a name the maker does not
/// know, which leaves the seat to a person rather than stalling the match.
fn make<G: Game>(maker: &BotMaker<G>, name: &str, seed: u64) -> Option<Mutex<Box<dyn Bot<G>>>> {
    match maker.make(name, seed) {
        Ok(bot) => Some(Mutex::new(bot)),
        Err(e) => {
            warn!("{e}");
            None
        }
    }
}

/// Asks each awaited bot for its move, from its seat's view only.
#[allow(clippy::too_many_arguments)]
pub(super) fn drive_bots<G: Game>(
    time: Res<Time>,
    maker: Res<BotMaker<G>>,
    phase: Res<State<TurnPhase>>,
    active: Res<ActiveMatch<G>>,
    bots: Option<ResMut<Bots<G>>>,
    pacing: Res<Pacing>,
    execution: Res<BotExecution>,
    mut requests: MessageWriter<MoveRequest<G>>,
) {
    let Some(mut bots) = bots else { return };
    let bots = &mut *bots;
    if maker.is_changed() && !maker.is_added() {
        bots.remade(&maker);
    }
    // Collect finished background choices first, whatever the phase.
    for seat in 0..bots.thinking.len() {
        let Some(task) = bots.thinking[seat].as_mut() else {
            continue;
        };
        if !task.is_finished() {
            continue;
        }
        if let Some((bot, mv)) = block_on(poll_once(task)) {
            bots.thinking[seat] = None;
            bots.seats[seat] = match bots.made_as[seat].as_ref() {
                Some((name, seed)) if std::mem::take(&mut bots.remake[seat]) => {
                    make(&maker, name, *seed)
                }
                _ => Some(Mutex::new(bot)),
            };
            bots.ready[seat] = Some(mv);
        }
    }
    let taking_moves = matches!(phase.get(), TurnPhase::SetUp | TurnPhase::AwaitingMove);
    let mut answered = Vec::new();
    for seat in 0..bots.ready.len() {
        if !active.get().awaiting().contains(&seat) {
            // No longer this seat's move (the match moved on): forget it.
            bots.ready[seat] = None;
        } else if taking_moves
            // When each move is shown before the next, one at a time: a
            // second in the same frame would be refused as too early.
            && (answered.is_empty() || !pacing.hold_after_move)
            && let Some(mv) = bots.ready[seat].take()
        {
            requests.write(MoveRequest { seat, mv });
            answered.push(seat);
        }
    }
    if !taking_moves {
        return;
    }
    let awaiting: Vec<Seat> = active
        .get()
        .awaiting()
        .into_iter()
        .filter(|s| !answered.contains(s))
        .collect();
    for seat in 0..bots.waited.len() {
        if awaiting.contains(&seat) {
            bots.waited[seat] += time.delta();
        } else {
            bots.waited[seat] = Duration::ZERO;
        }
    }
    for seat in awaiting {
        if bots.thinking[seat].is_some()
            || bots.ready[seat].is_some()
            || bots.waited[seat] < pacing.bot_delay
        {
            continue;
        }
        let view = active.get().view(seat);
        match *execution {
            BotExecution::Inline => {
                let Some(slot) = bots.seats[seat].as_ref() else {
                    continue;
                };
                let mv = slot.lock().map(|mut bot| bot.choose(&view));
                if let Ok(mv) = mv {
                    bots.waited[seat] = Duration::ZERO;
                    requests.write(MoveRequest { seat, mv });
                }
            }
            BotExecution::Sliced(slice) => {
                let Some(slot) = bots.seats[seat].as_ref() else {
                    continue;
                };
                // The bot keeps its search between frames; the seat's wait
                // restarts once it answers.
                if let Ok(Some(mv)) = slot.lock().map(|mut bot| bot.think(&view, slice)) {
                    bots.waited[seat] = Duration::ZERO;
                    bots.ready[seat] = Some(mv);
                }
            }
            BotExecution::Background => {
                let Some(slot) = bots.seats[seat].take() else {
                    continue;
                };
                let Ok(mut bot) = slot.into_inner() else {
                    continue;
                };
                bots.waited[seat] = Duration::ZERO;
                bots.thinking[seat] = Some(AsyncComputeTaskPool::get().spawn(async move {
                    let mv = bot.choose(&view);
                    (bot, mv)
                }));
            }
        }
    }
}
