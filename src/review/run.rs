//! One game's review: the record checked and set on the table, its
//! decisions weighed a slice per frame, and the table played to the move
//! the screen asks for — only ever by move requests to the rules plugin.

use std::time::Duration;

use crate::platform::beside::Beside;
use crate::platform::time::Instant;
use bevy::prelude::*;
use parlour_core::engine::analysis::{Analyst, Budget, THRESHOLDS, Weighing};
use parlour_core::engine::review::{Decision, Review, Reviewed, Stepper, budget_of, decisions};
use parlour_core::engine::{Match, Record, Seat};

use super::{
    Graded, MoveLine, OpenReview, REVIEW, ReviewBoard, ReviewGame, Verdict, as_good_as_the_best,
    shown_table, thinking_slice,
};
use crate::catalog::GameId;
use crate::engine::{
    ActiveMatch, ClockSettings, Controller, MoveRejected, MoveRequest, Pacing, StartMatch,
    TurnPhase,
};
use crate::session::{Notice, Reviewing, Screen, Table, TableSystems};

/// A review of a match of `G` under way.
#[derive(Resource)]
pub struct ReviewOf<G: ReviewGame> {
    /// The match reviewed.
    pub record: Record,
    /// What each seat saw before each move, for the words of its review.
    befores: Vec<G::View>,
    /// The decisions being weighed, beside the frames or a slice a frame.
    stepper: Beside<Stepper<G>>,
    /// The decisions weighed so far, as the frames last read them.
    weighed: Vec<Reviewed<G>>,
    /// A fresh match was asked of the rules; moves wait for it.
    restarting: bool,
    /// A lesson's try being weighed.
    trying: Option<Beside<Weighing<G>>>,
}

impl<G: ReviewGame> ReviewOf<G> {
    /// The best candidate of move `index` and its seat, once weighed,
    /// where it was better than the move played: what a ghost shows, as
    /// the words say "Better was" it.
    pub fn better_at(&self, index: usize) -> Option<(Seat, G::Move)> {
        let reviewed = self.weighed.get(index)?;
        let analysis = reviewed.analysis.as_ref().ok()?;
        (!as_good_as_the_best(analysis)).then(|| (reviewed.seat, analysis.best().mv.clone()))
    }

    /// What the seat to move at `index` saw.
    pub fn before(&self, index: usize) -> Option<&G::View> {
        self.befores.get(index)
    }

    /// The decisions weighed so far.
    pub fn weighed(&self) -> &[Reviewed<G>] {
        &self.weighed
    }
}

/// The budget a review on screen weighs with: the game's own, seed 0 —
/// what `parlour review` uses unless told otherwise.
pub fn screen_budget<G: ReviewGame>() -> Budget {
    Budget {
        guesses: G::GUESSES,
        seed: 0,
    }
}

/// The review of `G`'s matches on screen.
pub fn review<G: ReviewGame>(app: &mut App) {
    app.add_systems(
        Update,
        (
            open::<G>.in_set(TableSystems::Input),
            (think::<G>, drive::<G>)
                .chain()
                .in_set(TableSystems::Input)
                .after(open::<G>),
        ),
    );
}

/// The record of the match just finished, with its table's names.
fn finished_record<G: ReviewGame>(active: &ActiveMatch<G>, table: &Table) -> Record {
    let mut record = active.get().record();
    if table.seats.len() == record.players {
        record.seats = table.seat_records();
    }
    record
}

/// Opens a review of a match of `G`: the record is replayed by the rules
/// first, and a record they refuse opens nothing (one line says why).
#[allow(clippy::too_many_arguments)]
fn open<G: ReviewGame>(
    mut commands: Commands,
    mut opens: MessageReader<OpenReview>,
    active: Option<Res<ActiveMatch<G>>>,
    mut table: ResMut<Table>,
    mut notice: ResMut<Notice>,
    mut pacing: ResMut<Pacing>,
    mut clock: ResMut<ClockSettings>,
    mut starts: MessageWriter<StartMatch<G>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some((record, from)) = opens.read().last().and_then(|open| match open {
        OpenReview::Filed(r) if r.game == G::NAME => Some(((**r).clone(), Screen::History)),
        // Only an ended match has a results sheet: every hand may be shown.
        OpenReview::Finished => active
            .as_deref()
            .filter(|a| a.get().is_over())
            .map(|a| (finished_record(a, &table), Screen::Results)),
        OpenReview::AtTable(r) if r.game == G::NAME => Some(((**r).clone(), Screen::Hand)),
        OpenReview::Filed(_) | OpenReview::AtTable(_) => None,
    }) else {
        return;
    };
    let variants = |v: &str| G::variant(v).ok();
    let (weighed, shown) = match (
        decisions::<G>(&record, variants),
        decisions::<G>(&record, variants),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            notice.show(crate::tr!("review-refused", reason = e.to_string()), true);
            return;
        }
    };
    let Ok(start) = Match::<G>::start_of_record(&record, variants) else {
        return;
    };
    let moves = shown
        .iter()
        .map(|d| MoveLine {
            seat: d.seat,
            words: G::move_words(&d.played, &d.before),
            graded: None,
        })
        .collect();
    let game = GameId::of::<G>();
    let (shown_seats, people) = shown_table(&record, game);
    commands.insert_resource(ReviewBoard {
        game,
        names: shown_seats.seats.iter().map(|s| s.name.clone()).collect(),
        people,
        moves,
        done: 0,
        at: 0,
        want: 0,
        thinking_ms: None,
        opened: Instant::now(),
        thought: Duration::ZERO,
        summaries: Vec::new(),
        lesson: None,
        from,
        own_table: table.clone(),
    });
    commands.insert_resource(ReviewOf::<G> {
        record: record.clone(),
        befores: shown.into_iter().map(|d: Decision<G>| d.before).collect(),
        stepper: Beside::start(
            Stepper::new(record.players, weighed, screen_budget::<G>()),
            true,
        ),
        weighed: Vec::new(),
        restarting: false,
        trying: None,
    });
    commands.insert_resource(Reviewing);
    *table = shown_seats;
    // Moves asked together are played together: a jump is one frame.
    *pacing = Pacing {
        hold_after_move: false,
        hold_after_round: false,
        ..*pacing
    };
    clock.enabled = false;
    starts.write(StartMatch {
        controllers: vec![Controller::Human; record.players],
        game: start,
        bot_seed: 0,
    });
    next.set(Screen::Play);
}

/// Weighs decisions for a slice of the frame and posts the new grades.
fn think<G: ReviewGame>(
    mut commands: Commands,
    time: Res<Time>,
    review: Option<ResMut<ReviewOf<G>>>,
    board: Option<ResMut<ReviewBoard>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let Some(mut review) = review else { return };
    let Some(mut board) = board.filter(|b| b.game == GameId::of::<G>()) else {
        commands.remove_resource::<ReviewOf<G>>();
        return;
    };
    let verdict = review.trying.as_ref().and_then(|trying| {
        redraw.write(bevy::window::RequestRedraw);
        trying.tick(thinking_slice(time.delta()));
        let loss = trying.seen()?.as_ref()?.loss();
        Some(if loss < THRESHOLDS[0] {
            Verdict::Found { loss }
        } else {
            Verdict::Missed { loss }
        })
    });
    if let Some(verdict) = verdict {
        review.trying = None;
        if let Some(lesson) = board.lesson.as_mut() {
            lesson.verdict = Some(verdict);
        }
    }
    if board.finished() {
        return;
    }
    let started = Instant::now();
    review.stepper.tick(thinking_slice(time.delta()));
    let slice = started.elapsed();
    board.thinking_ms = (!review.stepper.on_a_thread()).then_some(slice.as_secs_f32() * 1000.0);
    board.thought += slice;
    redraw.write(bevy::window::RequestRedraw);
    // Whatever has been weighed since the last look, unless the thread is
    // just then showing it (then at the next frame).
    let review = &mut *review;
    if let Some(seen) = review.stepper.seen() {
        let fresh = seen.get(review.weighed.len()..).unwrap_or_default();
        review.weighed.extend_from_slice(fresh);
    }
    let done = review.weighed.len();
    if done == board.done {
        return;
    }
    if done >= board.moves.len() {
        let frames = board
            .thinking_ms
            .map(|_| {
                format!(
                    " ({:.2} s of the frames' time)",
                    board.thought.as_secs_f64()
                )
            })
            .unwrap_or_default();
        info!(
            "review of {}: {} moves weighed in {:.2} s{frames}",
            board.game.name(),
            board.moves.len(),
            board.opened.elapsed().as_secs_f64(),
        );
    }
    let weighed = &review.weighed;
    for reviewed in &weighed[board.done..done] {
        let before = &review.befores[reviewed.index];
        board.moves[reviewed.index].graded = Some(graded::<G>(reviewed, before));
    }
    board.done = done;
    board.summaries = Review::<G> {
        players: review.record.players,
        budget: screen_budget::<G>(),
        decisions: weighed.to_vec(),
    }
    .summaries();
}

/// A decision weighed, in the screen's terms.
fn graded<G: ReviewGame>(reviewed: &Reviewed<G>, before: &G::View) -> Result<Graded, String> {
    let analysis = reviewed.analysis.as_ref().map_err(|e| e.to_string())?;
    let best_played = as_good_as_the_best(analysis);
    Ok(Graded {
        grade: analysis.grade(),
        win: analysis.played().estimate.win,
        best_win: analysis.best().estimate.win,
        loss: analysis.loss(),
        best_played,
        best_words: G::move_words(&analysis.best().mv, before),
        sentence: if best_played {
            String::new()
        } else {
            G::better_words(analysis, before)
        },
    })
}

/// Plays the table to the move the screen asks for: forward by move
/// requests, back by a fresh start and the requests up to there.
#[allow(clippy::too_many_arguments)]
fn drive<G: ReviewGame>(
    review: Option<ResMut<ReviewOf<G>>>,
    board: Option<ResMut<ReviewBoard>>,
    active: Option<Res<ActiveMatch<G>>>,
    phase: Res<State<TurnPhase>>,
    mut table: ResMut<Table>,
    mut rejected: MessageReader<MoveRejected<G>>,
    mut starts: MessageWriter<StartMatch<G>>,
    mut requests: MessageWriter<MoveRequest<G>>,
    mut notice: ResMut<Notice>,
) {
    let refusal = rejected.read().last().map(|r| r.reason.clone());
    let (Some(mut review), Some(mut board), Some(active)) = (review, board, active) else {
        return;
    };
    let game = active.get();
    let played = game.moves().len();
    if let Some(reason) = refusal {
        notice.show(crate::tr!("review-refused", reason = reason), true);
        board.want = played;
    }
    if review.restarting {
        if played != 0 {
            return;
        }
        review.restarting = false;
    }
    board.want = board.want.min(board.moves.len());
    if board.at != played {
        board.at = played;
    }
    // Whoever is to move is shown: the match is over, every hand may be seen.
    if let Some(&seat) = game.awaiting().first()
        && table.viewer != Some(seat)
    {
        table.viewer = Some(seat);
    }
    if let Some(tried) = lesson_try(&mut review, &mut board, &mut table, game) {
        review.trying = Some(Beside::start(Weighing::new(tried), true));
    }
    if played > board.want {
        let Ok(start) = Match::<G>::start_of_record(&review.record, |v| G::variant(v).ok()) else {
            return;
        };
        starts.write(StartMatch {
            controllers: vec![Controller::Human; review.record.players],
            game: start,
            bot_seed: 0,
        });
        review.restarting = true;
        return;
    }
    if played < board.want && matches!(phase.get(), TurnPhase::SetUp | TurnPhase::AwaitingMove) {
        for index in played..board.want {
            match Match::<G>::move_of_record(&review.record, index) {
                Ok((seat, mv)) => {
                    requests.write(MoveRequest { seat, mv });
                }
                Err(e) => {
                    notice.show(crate::tr!("review-refused", reason = e.to_string()), true);
                    board.want = index;
                    break;
                }
            }
        }
    }
}

/// In a lesson, the seat to find a better move sits at the table as a
/// person; once it has moved, its try is taken back (the table goes back
/// to the position) and an analyst weighs it from that seat's view.
fn lesson_try<G: ReviewGame>(
    review: &mut ReviewOf<G>,
    board: &mut ReviewBoard,
    table: &mut Table,
    game: &Match<G>,
) -> Option<Box<dyn Analyst<G>>> {
    let position = board
        .lesson
        .as_ref()
        .and_then(|l| l.positions.get(l.current).copied())
        .filter(|&p| p == board.want);
    let learner = position.map(|p| board.moves[p].seat);
    for (seat, choice) in table.seats.iter_mut().enumerate() {
        let controller = if Some(seat) == learner {
            Controller::Human
        } else {
            Controller::Bot(REVIEW.into())
        };
        if choice.controller != controller {
            choice.controller = controller;
        }
    }
    let position = position?;
    if game.moves().len() == position
        && !review.restarting
        && let Some(lesson) = board.lesson.as_mut()
    {
        lesson.reached = true;
    }
    let reached = board.lesson.as_ref().is_some_and(|l| l.reached);
    let (seat, tried) = game.moves().get(position).cloned()?;
    if game.moves().len() != position + 1 || review.restarting || !reached {
        return None;
    }
    if let Some(lesson) = board.lesson.as_mut() {
        lesson.verdict = Some(Verdict::Weighing);
    }
    let before = review.befores.get(position)?;
    debug_assert_eq!(seat, board.moves[position].seat);
    G::analyst(
        before,
        &tried,
        None,
        budget_of(screen_budget::<G>(), position),
    )
    .ok()
}
