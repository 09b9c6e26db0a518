//! The seats' bots: made when a match starts, each thinking on a
//! background task (or at once, for tests) from its seat's view only.

use std::sync::Mutex;
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use parlour_core::engine::{Bot, Game, Match, Seat};

use super::plugin::*;

/// A bot thinking on a background task: it hands itself back with its move.
type Thinking<G> = Task<(Box<dyn Bot<G>>, <G as Game>::Move)>;

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
}

impl<G: Game> Bots<G> {
    /// The bots `controllers` seat at `game`, each with its own seed.
    pub(super) fn seated(game: &Match<G>, controllers: &[Controller], bot_seed: u64) -> Self {
        let mut bots = Self {
            seats: Vec::new(),
            thinking: (0..game.players()).map(|_| None).collect(),
            ready: (0..game.players()).map(|_| None).collect(),
            waited: vec![Duration::ZERO; game.players()],
        };
        for seat in 0..game.players() {
            let bot = match controllers.get(seat) {
                Some(Controller::Bot(name)) => {
                    match G::bot(name, bot_seed.wrapping_add(seat as u64)) {
                        Ok(bot) => Some(Mutex::new(bot)),
                        Err(e) => {
                            // An unknown bot name leaves the seat to a person rather than stalling the match.
                            warn!("{e}");
                            None
                        }
                    }
                }
                _ => None,
            };
            bots.seats.push(bot);
        }
        bots
    }

    /// The seats whose bot has answered and whose move waits to be sent,
    /// because another move is being shown (or was sent this frame).
    pub fn held(&self) -> Vec<Seat> {
        (0..self.ready.len())
            .filter(|&seat| self.ready[seat].is_some())
            .collect()
    }
}

/// Asks each awaited bot for its move, from its seat's view only.
pub(super) fn drive_bots<G: Game>(
    time: Res<Time>,
    phase: Res<State<TurnPhase>>,
    active: Res<ActiveMatch<G>>,
    bots: Option<ResMut<Bots<G>>>,
    pacing: Res<Pacing>,
    execution: Res<BotExecution>,
    mut requests: MessageWriter<MoveRequest<G>>,
) {
    let Some(mut bots) = bots else { return };
    let bots = &mut *bots;
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
            bots.seats[seat] = Some(Mutex::new(bot));
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
