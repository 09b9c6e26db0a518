//! `RulesPlugin<G>`: the one way a move enters a running match.
//!
//! The match is a resource ([`ActiveMatch`]); its seats, cells and pieces are
//! entities the plugin keeps in step with every applied move; the turn phase
//! is a Bevy state ([`TurnPhase`]). A move arrives as a [`MoveRequest`], is
//! checked by the game's rules core through [`Match::submit`], and is answered
//! by [`MoveApplied`] or [`MoveRejected`]. Bots are driven by the same
//! messages, from their seat's view.

use std::marker::PhantomData;

use super::bots::{BotMaker, Bots, drive_bots};
use super::clock::{
    ClockSettings, MatchClock, TurnClock, TurnDraft, new_turn_clock, tick_clock, tick_match_clock,
};
use super::model::*;
use bevy::prelude::*;
use parlour_core::engine::{Explain, Game, Match, Phase, Phrase, Seat};

/// Adds the rules of `G`: its messages, the entity mirror, its bots and its
/// turn clock. Needs [`plugin`], the part every game shares.
pub struct RulesPlugin<G: Game>(PhantomData<G>);

impl<G: Game> Default for RulesPlugin<G> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

/// What the rules plugins of every game share, added once: the turn phase,
/// pacing, bots' execution, the turn clock, the messages that name no game,
/// and the order of [`RulesSystems`]. Each game then adds its [`RulesPlugin`].
pub fn plugin(app: &mut App) {
    app.init_state::<TurnPhase>()
        .init_resource::<Pacing>()
        .init_resource::<BotExecution>()
        .init_resource::<ClockSettings>()
        .init_resource::<TurnClock>()
        .init_resource::<MatchClock>()
        .add_message::<EndMatch>()
        .add_message::<Proceed>()
        .configure_sets(
            Update,
            (
                RulesSystems::Lifecycle,
                RulesSystems::Clock,
                RulesSystems::Bots,
                RulesSystems::Apply,
            )
                .chain(),
        );
}

impl<G: Game> Plugin for RulesPlugin<G> {
    fn build(&self, app: &mut App) {
        app.init_resource::<TurnDraft<G>>()
            .init_resource::<BotMaker<G>>()
            .add_message::<StartMatch<G>>()
            .add_message::<MoveRequest<G>>()
            .add_message::<MoveApplied<G>>()
            .add_message::<MoveRejected<G>>()
            .add_systems(
                Update,
                (
                    (end_match::<G>, start_match::<G>, proceed::<G>)
                        .chain()
                        .in_set(RulesSystems::Lifecycle),
                    tick_clock::<G>.in_set(RulesSystems::Clock).run_if(
                        resource_exists::<ActiveMatch<G>>
                            .and_then(in_state(TurnPhase::AwaitingMove)),
                    ),
                    tick_match_clock::<G>.in_set(RulesSystems::Clock).run_if(
                        resource_exists::<ActiveMatch<G>>.and_then(
                            in_state(TurnPhase::AwaitingMove)
                                .or_else(in_state(TurnPhase::Animating)),
                        ),
                    ),
                    drive_bots::<G>
                        .in_set(RulesSystems::Bots)
                        .run_if(resource_exists::<ActiveMatch<G>>),
                    apply_moves::<G>.in_set(RulesSystems::Apply),
                ),
            );
    }
}

/// The phase the match itself calls for, once nothing is being shown.
fn phase_of<G: Game>(game: &Match<G>) -> TurnPhase {
    match game.phase() {
        Phase::SetUp => TurnPhase::SetUp,
        Phase::Play => TurnPhase::AwaitingMove,
        Phase::Over => TurnPhase::MatchOver,
    }
}

fn start_match<G: Game>(
    mut commands: Commands,
    mut starts: MessageReader<StartMatch<G>>,
    existing: Query<Entity, With<MatchEntity>>,
    mut next: ResMut<NextState<TurnPhase>>,
    mut clock: ResMut<TurnClock>,
    mut match_clock: ResMut<MatchClock>,
    clock_settings: Res<ClockSettings>,
    maker: Res<BotMaker<G>>,
    mut begun: Local<u64>,
) {
    // Only the last start of a frame counts: starting twice is starting once.
    let Some(start) = starts.read().last() else {
        return;
    };
    for entity in &existing {
        commands.entity(entity).despawn();
    }
    let game = start.game.clone();
    let state = game.state();
    let scores = game.scores();
    let pieces = G::pieces(state);
    let held = |seat: Seat| {
        pieces
            .iter()
            .filter(|p| p.location.zone == parlour_core::engine::Zone::Hand(seat))
            .count()
    };
    for (seat, &score) in scores.iter().enumerate().take(game.players()) {
        let controller = start
            .controllers
            .get(seat)
            .cloned()
            .unwrap_or(Controller::Human);
        commands.spawn((
            MatchEntity,
            SeatOf(seat),
            Score(score),
            HandSize(held(seat)),
            controller,
            Name::new(format!("seat {seat}")),
        ));
    }
    for (index, cell) in G::cells(state).into_iter().enumerate() {
        commands.spawn((
            MatchEntity,
            CellOf {
                index,
                row: cell.row,
                col: cell.col,
                owner: cell.owner,
                mark: cell.mark,
            },
        ));
    }
    for (id, piece) in pieces.into_iter().enumerate() {
        commands.spawn((
            MatchEntity,
            PieceOf {
                id,
                label: piece.label,
            },
            At(piece.location),
        ));
    }
    let bots = Bots::<G>::seated(&game, &start.controllers, start.bot_seed, &maker);
    *clock = new_turn_clock::<G>(&game, &clock, &clock_settings);
    *match_clock = MatchClock::of(&game);
    next.set(phase_of(&game));
    commands.insert_resource(bots);
    *begun += 1;
    commands.insert_resource(ActiveMatch {
        game,
        round_to_show: false,
        begun: *begun,
    });
    commands.insert_resource(TurnDraft::<G>::default());
}

fn end_match<G: Game>(
    mut commands: Commands,
    mut ends: MessageReader<EndMatch>,
    active: Option<Res<ActiveMatch<G>>>,
    existing: Query<Entity, With<MatchEntity>>,
    mut next: ResMut<NextState<TurnPhase>>,
) {
    if ends.read().last().is_none() || active.is_none() {
        return;
    }
    for entity in &existing {
        commands.entity(entity).despawn();
    }
    commands.remove_resource::<ActiveMatch<G>>();
    commands.remove_resource::<Bots<G>>();
    next.set(TurnPhase::NoMatch);
}

fn proceed<G: Game>(
    mut proceeds: MessageReader<Proceed>,
    active: Option<ResMut<ActiveMatch<G>>>,
    phase: Res<State<TurnPhase>>,
    mut next: ResMut<NextState<TurnPhase>>,
) {
    if proceeds.read().count() == 0 {
        return;
    }
    let Some(mut active) = active else { return };
    match phase.get() {
        // A round's last move has been shown: now its scores.
        TurnPhase::Animating if active.round_to_show => {
            active.bypass_change_detection().round_to_show = false;
            next.set(TurnPhase::RoundOver);
        }
        TurnPhase::Animating | TurnPhase::RoundOver => next.set(phase_of(&active.game)),
        _ => {}
    }
}

/// Checks each requested move with the rules and plays it, or refuses it
/// with their reason; then brings the entity mirror and the phase up to date.
#[allow(clippy::too_many_arguments)]
fn apply_moves<G: Game>(
    mut requests: MessageReader<MoveRequest<G>>,
    active: Option<ResMut<ActiveMatch<G>>>,
    phase: Res<State<TurnPhase>>,
    mut next: ResMut<NextState<TurnPhase>>,
    pacing: Res<Pacing>,
    clock_settings: Res<ClockSettings>,
    mut clock: ResMut<TurnClock>,
    mut match_clock: ResMut<MatchClock>,
    mut applied: MessageWriter<MoveApplied<G>>,
    mut rejected: MessageWriter<MoveRejected<G>>,
    mut seats: Query<(&SeatOf, &mut Score, &mut HandSize)>,
    mut pieces: Query<(&PieceOf, &mut At)>,
    gate: Option<Res<MoveGate<G>>>,
) {
    let Some(mut active) = active else {
        for request in requests.read() {
            rejected.write(MoveRejected {
                seat: request.seat,
                mv: request.mv.clone(),
                reason: "no match is being played".into(),
                phrase: Phrase::new("refused-no-match"),
            });
        }
        return;
    };
    // The phase as this frame leaves it: a held move closes the door for the
    // rest of the frame's requests too.
    let mut current = *phase.get();
    let mut changed = false;
    // Refused moves must not mark the match changed: readers rely on `is_changed`.
    let held = active.bypass_change_detection();
    let game = &mut held.game;
    for request in requests.read() {
        let refusal = match current {
            TurnPhase::SetUp | TurnPhase::AwaitingMove | TurnPhase::MatchOver => None,
            TurnPhase::Animating => Some((
                "wait: the last move is still being shown",
                "refused-animating",
            )),
            TurnPhase::RoundOver => Some((
                "the round is over: continue to the next round first",
                "refused-round-over",
            )),
            TurnPhase::NoMatch => Some(("no match is being played", "refused-no-match")),
        };
        if let Some((reason, key)) = refusal {
            rejected.write(MoveRejected {
                seat: request.seat,
                mv: request.mv.clone(),
                reason: reason.into(),
                phrase: Phrase::new(key),
            });
            continue;
        }
        // The rules speak first: only a move they accept is put to the gate.
        if let Some(gate) = &gate {
            let mut trial = game.state().clone();
            if G::apply(&mut trial, request.seat, &request.mv).is_ok()
                && let Err((reason, phrase)) = (gate.0)(game, request.seat, &request.mv)
            {
                rejected.write(MoveRejected {
                    seat: request.seat,
                    mv: request.mv.clone(),
                    reason,
                    phrase,
                });
                continue;
            }
        }
        // A match played for a time is told the time its clock has used;
        // with the clock off (a replay) the record's times are played.
        let submitted = if clock_settings.enabled && match_clock.limit.is_some() {
            game.submit_at(request.seat, request.mv.clone(), match_clock.seconds())
        } else {
            game.submit(request.seat, request.mv.clone())
        };
        match submitted {
            Ok(outcome) => {
                changed = true;
                let ends_round = G::ends_round(&outcome);
                applied.write(MoveApplied {
                    seat: request.seat,
                    mv: request.mv.clone(),
                    outcome,
                    index: game.moves().len() - 1,
                });
                current = if pacing.hold_after_move {
                    held.round_to_show = ends_round && pacing.hold_after_round;
                    TurnPhase::Animating
                } else if ends_round && pacing.hold_after_round {
                    TurnPhase::RoundOver
                } else {
                    phase_of(game)
                };
            }
            Err(e) => {
                rejected.write(MoveRejected {
                    seat: request.seat,
                    mv: request.mv.clone(),
                    reason: e.to_string(),
                    phrase: e.phrase(),
                });
            }
        }
    }
    if !changed {
        return;
    }
    *clock = new_turn_clock::<G>(game, &clock, &clock_settings);
    // A replay's clock stands at the time its record gives the last round's end.
    if let Some(&ended) = game.clock().last() {
        let ended = std::time::Duration::from_secs(ended);
        if match_clock.used < ended {
            match_clock.used = ended;
        }
    }
    if current != *phase.get() {
        next.set(current);
    }
    mirror::<G>(game, &mut seats, &mut pieces);
    active.set_changed();
}

/// Brings the seat and piece entities in step with the match, touching only
/// what moved so `Changed` filters mean "this moved".
fn mirror<G: Game>(
    game: &Match<G>,
    seats: &mut Query<(&SeatOf, &mut Score, &mut HandSize)>,
    pieces: &mut Query<(&PieceOf, &mut At)>,
) {
    let specs = G::pieces(game.state());
    let scores = game.scores();
    let mut held = vec![0usize; game.players()];
    for spec in &specs {
        if let parlour_core::engine::Zone::Hand(seat) = spec.location.zone {
            held[seat] += 1;
        }
    }
    for (seat, mut score, mut hand) in seats.iter_mut() {
        score.set_if_neq(Score(scores[seat.0]));
        hand.set_if_neq(HandSize(held[seat.0]));
    }
    for (piece, mut at) in pieces.iter_mut() {
        if let Some(spec) = specs.get(piece.id) {
            at.set_if_neq(At(spec.location));
        }
    }
}
