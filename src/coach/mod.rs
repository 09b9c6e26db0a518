//! The coach at the table (Settings → Coach): when a person commits a move
//! that the analysis grades a mistake or worse, the move is held back
//! before the rules see it, and the person is asked — "The coach would
//! play … (+N % chance to win). Play yours anyway / Take it back".
//!
//! It judges from that person's view alone, the seat's view the bots get.
//! It thinks a slice a frame, from the moment the person's turn begins, so
//! the answer is mostly ready when they commit; a move it cannot weigh
//! within [`CoachPace::wait`] goes to the rules unasked. A game takes part
//! by implementing [`Coached`]: how many guesses, and its moves in words.

mod weigh;

use std::time::Duration;

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use parlour_core::engine::Seat;
use parlour_core::engine::analysis::{Analyse, Analysis};

use crate::engine::{ActiveMatch, Controller, MoveRequest, RulesSystems, TurnPhase};
use crate::platform::beside::frame_share;
use crate::platform::time::Instant;
use crate::session::{Asking, InLesson, Reviewing, Screen, Table};
use crate::settings::{CoachMode, Settings};
pub use weigh::{Pondering, Thinking, Verdict, budget, from_ponder, verdict};

/// A game the coach can sit beside: its guesses and which decisions it
/// weighs are the rules core's ([`Analyse::COACH_GUESSES`],
/// [`Analyse::coached`]), the same at a shared table's host.
pub trait Coached: Analyse {
    /// A move the seat might make, to begin weighing with as its turn
    /// begins (the analysis weighs the other candidates beside it).
    fn first_guess(view: &Self::View) -> Option<Self::Move>;

    /// Whether two moves are the same decision to the analysis.
    fn same_move(_view: &Self::View, a: &Self::Move, b: &Self::Move) -> bool {
        a == b
    }

    /// The coach's move as a clause in the language on screen ("The coach
    /// would play the 7 on row 4, column 6", "The coach would draw a card").
    fn would(view: &Self::View, mv: &Self::Move) -> String;

    /// Why the coach's move is better, in one sentence of the rules' words.
    fn why(view: &Self::View, analysis: &Analysis<Self::Move>) -> String;
}

/// How the coach thinks on screen: a slice a frame, and how long after a
/// move is committed it may keep the person waiting.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoachPace {
    /// Thinking per frame where the frames think, at the least: a quarter
    /// of the last frame is taken, up to `most`
    /// ([`crate::platform::beside::frame_share`]).
    pub slice: Duration,
    /// Thinking per frame at the most.
    pub most: Duration,
    /// From a committed move to the question or the move sent, at most.
    pub wait: Duration,
    /// Whether it thinks on a thread beside the frames (where there are
    /// threads) rather than a slice a frame: no frame waits on a long step.
    pub beside: bool,
}

impl Default for CoachPace {
    fn default() -> Self {
        Self {
            slice: Duration::from_millis(6),
            most: Duration::from_millis(40),
            wait: Duration::from_millis(300),
            beside: true,
        }
    }
}

/// The coach's question on screen, in words, for the dialog to show.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct CoachQuestion(pub Option<Question>);

/// What the coach says.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// The coach's move, as a clause ("The coach would play …").
    pub best: String,
    /// What it gains ("+23 % chance to win").
    pub gain: String,
    /// Why, in explain mode.
    pub why: Option<String>,
}

/// The person's answer to the coach's question.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoachAnswer {
    /// Send the move as it was.
    PlayAnyway,
    /// Send nothing: the pieces go back to where they were.
    TakeBack,
}

/// A move held back and taken back: nothing was sent, and a screen that
/// had laid it out (Rummy's table) puts the pieces back.
#[derive(Message, Clone, Debug)]
pub struct TakenBack<G: Coached> {
    /// The seat.
    pub seat: Seat,
    /// The move taken back.
    pub mv: G::Move,
}

/// How long each committed move waited for the coach, and whether it was
/// asked about: the figures of docs/review.md. The latest [`Self::KEPT`].
#[derive(Resource, Clone, Debug, Default)]
pub struct CoachLog {
    /// Oldest first.
    pub answers: Vec<(Duration, bool)>,
}

impl CoachLog {
    /// Answers kept.
    pub const KEPT: usize = 256;

    fn note(&mut self, took: Duration, asked: bool) {
        if self.answers.len() >= Self::KEPT {
            self.answers.remove(0);
        }
        self.answers.push((took, asked));
    }
}

/// A person's move held back from the rules.
struct Held<G: Coached> {
    request: MoveRequest<G>,
    view: G::View,
    index: usize,
    since: Instant,
    /// Weighing it afresh (none: the turn's pondering answers it).
    thinking: Option<Thinking<G>>,
    /// The question is on screen.
    asked: bool,
}

/// The coach of game `G`: the turn it is pondering and the move it holds.
#[derive(Resource)]
pub struct Coach<G: Coached> {
    ponder: Option<Pondering<G>>,
    held: Option<Held<G>>,
    /// Requests seen so far.
    cursor: MessageCursor<MoveRequest<G>>,
    /// Weighings begun on a thread beside the frames.
    beside: usize,
    /// The match its thoughts are of ([`ActiveMatch::begun`]).
    match_begun: u64,
}

impl<G: Coached> Default for Coach<G> {
    fn default() -> Self {
        Self {
            ponder: None,
            held: None,
            cursor: MessageCursor::default(),
            beside: 0,
            match_begun: 0,
        }
    }
}

impl<G: Coached> Coach<G> {
    /// Whether a move is held back (weighed, or asked about).
    pub fn holding(&self) -> bool {
        self.held.is_some()
    }

    /// How many weighings it began on a thread beside the frames (none
    /// where the frames think): what shows the desktop's frames never
    /// waited on it.
    pub fn weighed_beside(&self) -> usize {
        self.beside
    }

    /// The analysis of the turn in play, once pondered: every candidate
    /// the coach weighed, and its worth.
    pub fn pondered(&self) -> Option<&Analysis<G::Move>> {
        self.ponder.as_ref().and_then(|p| p.thinking.analysis())
    }
}

/// The coach beside game `G`, added by `AddGame::add_game`. It looks at
/// every request between the bots and the rules (nothing writes requests
/// there), so it sees each before the rules do.
pub fn coach<G: Coached>(app: &mut App) {
    app.init_resource::<Coach<G>>()
        .init_resource::<CoachPace>()
        .init_resource::<CoachQuestion>()
        .init_resource::<CoachLog>()
        .init_resource::<Asking>()
        .add_message::<CoachAnswer>()
        .add_message::<TakenBack<G>>()
        .add_message::<MoveRequest<G>>()
        .add_systems(
            Update,
            (answer::<G>, hold::<G>, think::<G>)
                .chain()
                .after(RulesSystems::Bots)
                .before(RulesSystems::Apply),
        );
}

/// Whether `seat` is a person's in a match played on the table (not a bot,
/// not a replay, whose seats are shown as bots').
fn person(table: &Table, seat: Seat) -> bool {
    table
        .seats
        .get(seat)
        .is_some_and(|s| s.controller == Controller::Human)
}

/// The person's answer: the held move sent as it was, or nothing sent.
fn answer<G: Coached>(
    mut answers: MessageReader<CoachAnswer>,
    mut coach: ResMut<Coach<G>>,
    mut requests: ResMut<Messages<MoveRequest<G>>>,
    mut taken_back: MessageWriter<TakenBack<G>>,
    mut question: ResMut<CoachQuestion>,
    mut asking: ResMut<Asking>,
) {
    let Some(&answer) = answers.read().last() else {
        return;
    };
    let coach = &mut *coach;
    if !coach.held.as_ref().is_some_and(|h| h.asked) {
        return;
    }
    let Some(held) = coach.held.take() else {
        return;
    };
    match answer {
        CoachAnswer::PlayAnyway => {
            requests.write(held.request);
            // The coach's own request is not looked at again.
            coach.cursor.clear(&requests);
        }
        CoachAnswer::TakeBack => {
            taken_back.write(TakenBack {
                seat: held.request.seat,
                mv: held.request.mv,
            });
        }
    }
    question.0 = None;
    asking.0 = false;
}

/// Holds back a person's move the coach should weigh; lets every other
/// request through untouched, in its order.
fn hold<G: Coached>(
    mut coach: ResMut<Coach<G>>,
    mut requests: ResMut<Messages<MoveRequest<G>>>,
    settings: Res<Settings>,
    table: Res<Table>,
    screen: Res<State<Screen>>,
    phase: Res<State<TurnPhase>>,
    active: Option<Res<ActiveMatch<G>>>,
    (lesson, reviewing): (Option<Res<InLesson>>, Option<Res<Reviewing>>),
) {
    let coach = &mut *coach;
    let fresh: Vec<MoveRequest<G>> = coach
        .cursor
        .read(&requests)
        .map(|r| MoveRequest {
            seat: r.seat,
            mv: r.mv.clone(),
        })
        .collect();
    let Some(active) = active else {
        return;
    };
    // A lesson, and a review's "Learn from your mistakes", ask for their
    // own moves: the coach would only get in the way (or give the answer).
    let quiet = lesson.is_some() || reviewing.is_some();
    if fresh.is_empty() || settings.coach == CoachMode::Off || quiet {
        return;
    }
    let game = active.get();
    let open = *screen.get() == Screen::Play && *phase.get() == TurnPhase::AwaitingMove;
    let mut keep = Vec::with_capacity(fresh.len());
    let mut held_now = false;
    for request in fresh {
        let seat = request.seat;
        if coach.held.as_ref().is_some_and(|h| h.request.seat == seat) {
            // Asked about its last move already: a second tap waits for the answer.
            held_now = true;
            continue;
        }
        let weighed = open
            && coach.held.is_none()
            && person(&table, seat)
            && game.awaiting().contains(&seat)
            && G::coached(&game.view(seat), &request.mv);
        if !weighed {
            keep.push(request);
            continue;
        }
        let view = game.view(seat);
        let index = game.moves().len();
        coach.held = Some(Held {
            request,
            view,
            index,
            since: Instant::now(),
            thinking: None,
            asked: false,
        });
        held_now = true;
    }
    if held_now {
        // The rules have read every request before the fresh ones (this
        // runs just before them each frame): only the fresh go back.
        requests.drain().for_each(drop);
        for request in keep {
            requests.write(request);
        }
        coach.cursor.clear(&requests);
    }
}

/// Thinks a slice: first on a held move, else on the turn in play; turns a
/// held move into a question or sends it on.
#[allow(clippy::too_many_arguments)]
fn think<G: Coached>(
    mut coach: ResMut<Coach<G>>,
    mut requests: ResMut<Messages<MoveRequest<G>>>,
    settings: Res<Settings>,
    pace: Res<CoachPace>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    active: Option<Res<ActiveMatch<G>>>,
    mut question: ResMut<CoachQuestion>,
    mut asking: ResMut<Asking>,
    mut log: ResMut<CoachLog>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    (lesson, reviewing): (Option<Res<InLesson>>, Option<Res<Reviewing>>),
    time: Res<Time>,
) {
    let coach = &mut *coach;
    let on = settings.coach != CoachMode::Off && lesson.is_none() && reviewing.is_none();
    let (Some(active), true) = (active, on) else {
        // No match of this game, or the coach turned off: nothing held of
        // this game's, nothing asked (the question may be another game's).
        if let Some(held) = coach.held.take() {
            if !on {
                requests.write(held.request);
                coach.cursor.clear(&requests);
            }
            question.0 = None;
            asking.0 = false;
        }
        coach.ponder = None;
        return;
    };
    if coach.match_begun != active.begun() {
        // A new match (another deal, a restart): nothing pondered or held
        // of the last one carries over — its turn may have the same number.
        coach.match_begun = active.begun();
        coach.ponder = None;
        if coach.held.take().is_some() {
            question.0 = None;
            asking.0 = false;
        }
    }
    follow_turn(coach, active.get(), &table, *phase.get(), pace.beside);
    let slice = frame_share(time.delta(), pace.slice, pace.most);
    let busy = if coach.held.as_ref().is_some_and(|h| !h.asked) {
        weigh_held(coach, &pace, slice, settings.coach, &mut question, &mut log)
    } else if let Some(ponder) = coach.ponder.as_mut() {
        !ponder.thinking.think(slice)
    } else {
        false
    };
    if let Some(held) = coach.held.as_ref()
        && held.asked
        && !asking.0
    {
        asking.0 = true;
    }
    if coach
        .held
        .as_ref()
        .is_some_and(|h| h.thinking.is_none() && !h.asked)
    {
        // Passed: on to the rules.
        if let Some(held) = coach.held.take() {
            requests.write(held.request);
            coach.cursor.clear(&requests);
        }
    }
    if busy || coach.held.is_some() {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// Begins pondering a person's turn as it begins, from their view.
fn follow_turn<G: Coached>(
    coach: &mut Coach<G>,
    game: &parlour_core::engine::Match<G>,
    table: &Table,
    phase: TurnPhase,
    beside: bool,
) {
    let index = game.moves().len();
    let awaiting = game.awaiting();
    let seat = table
        .viewer
        .filter(|s| awaiting.contains(s))
        .into_iter()
        .chain(awaiting.iter().copied())
        .find(|&s| person(table, s));
    let Some(seat) = seat.filter(|_| phase == TurnPhase::AwaitingMove) else {
        return;
    };
    if coach
        .ponder
        .as_ref()
        .is_some_and(|p| p.seat == seat && p.index == index)
    {
        return;
    }
    let view = game.view(seat);
    let thinking = match G::first_guess(&view) {
        Some(guess) if G::coached(&view, &guess) => Thinking::start(&view, &guess, index, beside),
        _ => Thinking::Failed,
    };
    coach.beside += usize::from(thinking.on_a_thread());
    coach.ponder = Some(Pondering {
        seat,
        index,
        view,
        thinking,
    });
}

/// A slice on the held move: from the turn's pondering if it weighed the
/// move fully, else afresh; the question, or the move passed on (its
/// thinking cleared), or — past the wait — passed on unweighed. Whether it
/// is still thinking.
fn weigh_held<G: Coached>(
    coach: &mut Coach<G>,
    pace: &CoachPace,
    slice: Duration,
    mode: CoachMode,
    question: &mut CoachQuestion,
    log: &mut CoachLog,
) -> bool {
    let Some(held) = coach.held.as_mut() else {
        return false;
    };
    let pondered = coach
        .ponder
        .as_ref()
        .filter(|p| p.seat == held.request.seat && p.index == held.index)
        .and_then(|p| p.thinking.analysis())
        .and_then(|a| from_ponder::<G>(a, &held.view, &held.request.mv));
    let analysis = match pondered {
        Some(analysis) => Some(analysis),
        None => {
            if held.thinking.is_none() {
                let thinking =
                    Thinking::start(&held.view, &held.request.mv, held.index, pace.beside);
                coach.beside += usize::from(thinking.on_a_thread());
                held.thinking = Some(thinking);
            }
            let Some(thinking) = held.thinking.as_mut() else {
                return false;
            };
            thinking.think(slice);
            match thinking {
                Thinking::Busy(_) if held.since.elapsed() < pace.wait => return true,
                Thinking::Done(analysis) => Some(analysis.clone()),
                _ => None,
            }
        }
    };
    let took = held.since.elapsed();
    match analysis.as_ref().map(verdict) {
        Some(Verdict::Better { analysis }) => {
            question.0 = Some(ask::<G>(&held.view, &analysis, mode));
            held.asked = true;
            held.thinking = None;
            log.note(took, true);
        }
        _ => {
            held.thinking = None;
            log.note(took, false);
        }
    }
    false
}

/// What the coach's move gains over the one played, as the coach says it,
/// on the table and on a phone alike: its chance to win in whole
/// percentage points and, where the game counts a final margin and it
/// gains some, those points too — the two parts of the worth that Settings
/// says the coach weighs.
pub fn gain_words(chance: i64, points: i64) -> String {
    match (chance >= 1, points >= 1) {
        (true, true) => crate::tr!("coach-gain-both", chance = chance, points = points),
        (false, true) => crate::tr!("coach-gain-points", points = points),
        _ => crate::tr!("coach-gain-chance", points = chance.max(0)),
    }
}

/// The question about `analysis`'s move played, in words.
fn ask<G: Coached>(view: &G::View, analysis: &Analysis<G::Move>, mode: CoachMode) -> Question {
    let best = analysis.best();
    let (chance, margin) = analysis.gain();
    let gain = gain_words(chance as i64, margin as i64);
    Question {
        best: G::would(view, &best.mv),
        gain,
        why: (mode == CoachMode::Explain).then(|| G::why(view, analysis)),
    }
}
