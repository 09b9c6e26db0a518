//! What every game's play screen shares: starting a match from the set-up,
//! following whose turn it is (with a hand-over between two people), pacing
//! moves for the eye, and moving on to the results.

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use parlour_core::engine::{Game, Match};

use super::{BeginMatch, Motion, Reviewing, Screen, Table, TableSystems};
use crate::catalog::GameId;
use crate::engine::{
    ActiveMatch, BotExecution, ClockSettings, Controller, FrameStepped, MoveApplied, Pacing,
    Proceed, StartMatch, TurnPhase,
};
use crate::platform::THINKS_BESIDE_FRAMES;
use crate::settings::Settings;

/// Time left before the move on show lets play go on.
#[derive(Resource, Default, Debug)]
pub struct ShowTimer(pub Option<Timer>);

/// Time left before the results screen, once the match is over.
#[derive(Resource, Default, Debug)]
pub struct ResultsTimer(pub Option<Timer>);

/// The seed the next deal is drawn from; `None` (the default) draws a new
/// one from the clock. Fixed by tests, and by anyone who wants a deal again.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct DealSeed(pub Option<u64>);

/// The timers every match on screen shares.
pub fn plugin(app: &mut App) {
    app.init_resource::<ShowTimer>()
        .init_resource::<ResultsTimer>()
        .init_resource::<DealSeed>();
}

/// The match flow of game `G`: started from the set-up, paced for the eye,
/// the screen following whose turn it is, the results at the end.
pub fn match_flow<G: Game>(app: &mut App) {
    let id = GameId::of::<G>();
    app.add_systems(
        Update,
        (
            begin::<G>
                .run_if(move |table: Res<Table>| table.game == id)
                .in_set(TableSystems::Input),
            (
                pace::<G>,
                follow_turns::<G>.run_if(not(resource_exists::<Reviewing>)),
            )
                .chain()
                .run_if(in_state(Screen::Play).and_then(resource_exists::<ActiveMatch<G>>))
                .in_set(TableSystems::Show),
        ),
    );
}

/// Starts a new match of `G` for the table.
fn begin<G: Game>(
    mut begins: MessageReader<BeginMatch>,
    mut table: ResMut<Table>,
    deal_seed: Res<DealSeed>,
    mut screen: OnScreen,
    mut starts: MessageWriter<StartMatch<G>>,
) {
    if begins.read().last().is_none() {
        return;
    }
    let seed = deal_seed.0.unwrap_or_else(|| screen.fresh_seed());
    let config = match G::variant(&table.variant) {
        Ok(c) => c,
        Err(e) => {
            warn!("{e}");
            return;
        }
    };
    let game = match Match::<G>::new(&table.variant, config, table.seats.len(), seed, None) {
        Ok(g) => g,
        Err(e) => {
            warn!("{e}");
            return;
        }
    };
    screen.prepare(true);
    table.viewer = None;
    table.handing_to = None;
    starts.write(StartMatch {
        game,
        controllers: table.seats.iter().map(|s| s.controller.clone()).collect(),
        bot_seed: seed,
    });
}

/// A seed from the clock, for a deal nobody fixed (see [`fresh_seed`]).
pub fn seed_now() -> u64 {
    crate::platform::time::SystemTime::now()
        .duration_since(crate::platform::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// A bot's thinking a frame where it shares the frame's one thread (a web
/// page): half a frame at 60 Hz, so the page keeps drawing while it thinks.
pub const THINKING_SLICE: Duration = Duration::from_millis(8);

/// What a match on screen starts with — new, continued or watched again:
/// paced for the eye, bots thinking beside the frames, no results pending.
#[derive(bevy::ecs::system::SystemParam)]
pub struct OnScreen<'w> {
    settings: Res<'w, Settings>,
    pacing: ResMut<'w, Pacing>,
    execution: ResMut<'w, BotExecution>,
    clock: ResMut<'w, ClockSettings>,
    results: ResMut<'w, ResultsTimer>,
    stepped: Option<ResMut<'w, FrameStepped>>,
}

impl OnScreen<'_> {
    /// Sets the table up for a match on screen, its turn clock on or off
    /// (a replay's time-outs are among its moves).
    pub fn prepare(&mut self, clock_on: bool) {
        *self.pacing = pacing_for(&self.settings);
        *self.execution = if self.stepped.is_some() {
            BotExecution::Inline
        } else if THINKS_BESIDE_FRAMES {
            BotExecution::Background
        } else {
            BotExecution::Sliced(THINKING_SLICE)
        };
        self.clock.enabled = clock_on;
        self.results.0 = None;
    }

    /// A seed nobody fixed: the clock's, or the next of a run stepped
    /// frame by frame.
    pub fn fresh_seed(&mut self) -> u64 {
        fresh_seed(self.stepped.as_deref_mut())
    }
}

/// A seed nobody fixed: from the clock, or, in a run stepped frame by
/// frame ([`FrameStepped`]), the run's next.
pub fn fresh_seed(stepped: Option<&mut FrameStepped>) -> u64 {
    stepped.map_or_else(seed_now, FrameStepped::seed)
}

/// On screen, each move is shown before the next, and bots take a moment.
pub fn pacing_for(settings: &Settings) -> Pacing {
    Pacing {
        hold_after_move: true,
        hold_after_round: true,
        bot_delay: Duration::from_secs_f32(0.55 / settings.animation_speed.max(0.1)),
    }
}

/// Holds each applied move on screen until its motion is over, then lets play go on.
fn pace<G: Game>(
    time: Res<Time>,
    active: Res<ActiveMatch<G>>,
    table: Res<Table>,
    settings: Res<Settings>,
    phase: Res<State<TurnPhase>>,
    motion: Res<Motion>,
    mut applied: MessageReader<MoveApplied<G>>,
    mut timer: ResMut<ShowTimer>,
    mut proceed: MessageWriter<Proceed>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut told: Local<bool>,
) {
    if applied.read().last().is_some() {
        let secs = 0.45 / settings.animation_speed.max(0.1);
        timer.0 = Some(Timer::from_seconds(secs, TimerMode::Once));
        *told = false;
    }
    // A bot to move, or a clock running: keep frames coming so it happens on time.
    let bot_to_move = active.get().awaiting().iter().any(|&s| {
        table
            .seats
            .get(s)
            .is_some_and(|c| c.controller != Controller::Human)
    });
    let clocked = G::turn_limit(active.get().state()).is_some()
        || (G::playing_time(active.get().config()).is_some() && !active.get().is_over());
    if bot_to_move || clocked {
        redraw.write(RequestRedraw);
    }
    if *phase.get() != TurnPhase::Animating {
        *told = false;
        return;
    }
    redraw.write(RequestRedraw);
    let done = match timer.0.as_mut() {
        Some(t) => t.tick(time.delta()).is_finished(),
        None => true,
    };
    // Once a move: the phase the rules go on to comes a frame later, and a
    // second Proceed meanwhile would end a round's end as soon as it shows.
    if done && motion.running == 0 && !*told {
        timer.0 = None;
        *told = true;
        proceed.write(Proceed);
    }
}

/// Keeps the screen on the right person's hand: the only person at the
/// table, or — with several — a hand-over screen before each person's turn.
/// With bots only, the seat to move is shown.
fn follow_turns<G: Game>(
    time: Res<Time>,
    active: Res<ActiveMatch<G>>,
    phase: Res<State<TurnPhase>>,
    motion: Res<Motion>,
    mut table: ResMut<Table>,
    mut results: ResMut<ResultsTimer>,
    mut next: ResMut<NextState<Screen>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let game = active.get();
    match phase.get() {
        TurnPhase::MatchOver => {
            redraw.write(RequestRedraw);
            let timer = results
                .0
                .get_or_insert_with(|| Timer::from_seconds(1.6, TimerMode::Once));
            if timer.tick(time.delta()).is_finished() && motion.running == 0 {
                next.set(Screen::Results);
            }
            return;
        }
        TurnPhase::SetUp | TurnPhase::AwaitingMove => {}
        _ => return,
    }
    if let Some(to) = next_viewer(&table, &game.awaiting()) {
        match to {
            Viewer::Show(seat) => table.viewer = Some(seat),
            Viewer::HandOver(seat) => {
                table.handing_to = Some(seat);
                next.set(Screen::HandOver);
            }
        }
    }
}

/// What the screen should do about whose pieces it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// Show this seat's hidden pieces now.
    Show(usize),
    /// Hide everything and ask for the device to be passed to this seat.
    HandOver(usize),
}

/// The viewer rule: the hand-over screen comes between two different
/// people's turns whenever more than one person plays.
pub fn next_viewer(table: &Table, awaiting: &[usize]) -> Option<Viewer> {
    let humans: Vec<usize> = (0..table.seats.len())
        .filter(|&s| table.seats[s].controller == Controller::Human)
        .collect();
    match humans.as_slice() {
        [] => awaiting
            .first()
            .copied()
            .filter(|&s| table.viewer != Some(s))
            .map(Viewer::Show),
        [only] => (table.viewer != Some(*only)).then_some(Viewer::Show(*only)),
        _ => {
            let seat = awaiting.iter().copied().find(|s| humans.contains(s))?;
            (table.viewer != Some(seat)).then_some(Viewer::HandOver(seat))
        }
    }
}
