//! The hint "best for the match": the searching expert's choice for the
//! viewer's own view — never the match's state — thought over beside the
//! frames as a bot's move is (on a background task, or a slice a frame), for as long as the bots' strength
//! says. Meanwhile the frame goes on and the turn can still be played; the
//! answer is laid out as the "most cards now" hint is, but only on the turn
//! it was asked for, as it stood: a changed table or hand, or a turn that
//! has ended, drops it.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;
use parlour_core::engine::Seat;
use parlour_core::games::rummy::search::Expert;
use parlour_core::games::rummy::solver::Solution;
use parlour_core::games::rummy::{Card, Rummy, View};

use super::draft::Draft;
use super::strength;
use super::turn::{TurnOnScreen, follow_turn};
use crate::engine::{ActiveMatch, FrameStepped};
use crate::game_kit::viewer_view;
use crate::platform::THINKS_BESIDE_FRAMES;
use crate::session::flow::THINKING_SLICE;
use crate::session::{Notice, Table, TableSystems};
use crate::settings::Settings;
use crate::tr;

/// The search for a hint, while it runs.
#[derive(Resource, Default)]
pub struct SearchHint {
    /// The turn it was asked for, and the search.
    thinking: Option<(AskedOn, Thinking)>,
}

/// A search under way.
enum Thinking {
    /// On a background task, beside the frames (the desktop).
    Task(Task<Option<Solution>>),
    /// A slice a frame on the frame's own thread (a web page): the expert
    /// and the view it thinks about.
    Slices(Box<Expert>, Box<View>),
    /// Thought over within the frame it was asked in, by playouts (a run
    /// stepped frame by frame): the answer, laid out in the next frame.
    Done(Option<Option<Solution>>),
}

impl Thinking {
    /// The answer once the search is over.
    fn answer(&mut self) -> Option<Option<Solution>> {
        match self {
            Thinking::Task(task) if task.is_finished() => block_on(poll_once(task)),
            Thinking::Task(_) => None,
            Thinking::Slices(expert, view) => expert.ponder(view, Some(THINKING_SLICE)),
            Thinking::Done(answer) => answer.take(),
        }
    }
}

/// The seed of the hint's search for `seat` on turn `turn`: the same
/// question, the same search.
pub fn hint_seed(seat: Seat, turn: usize) -> u64 {
    ((turn as u64) << 8) | seat as u64
}

impl SearchHint {
    /// Whether a search is under way for the turn on screen (the hint's
    /// button says it is thinking).
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }
}

/// The turn as it stood when the hint was asked for: the answer is laid out
/// only on the same turn, its table and hand as they were (the hand's order
/// aside: sorting the hand meanwhile keeps the answer).
#[derive(Clone, Debug, PartialEq, Eq)]
struct AskedOn {
    seat: Seat,
    turn: usize,
    sets: Vec<Vec<Card>>,
    hand: Vec<Card>,
}

impl AskedOn {
    fn of(draft: &Draft) -> Self {
        let mut hand = draft.hand.clone();
        hand.sort();
        Self {
            seat: draft.seat,
            turn: draft.turn,
            sets: draft.sets.clone(),
            hand,
        }
    }
}

/// Takes up a hint asked for, and lays out its answer once it comes back.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SearchHint>().add_systems(
        Update,
        search_hint
            .after(follow_turn)
            .in_set(TableSystems::Show)
            .run_if(super::in_rummy),
    );
}

/// Starts a search when the person asks for one (unless one runs for the
/// same turn already), drops it when the turn on screen is no longer the
/// one it was asked for, and lays out its answer when it comes back.
fn search_hint(
    active: Res<ActiveMatch<Rummy>>,
    table: Res<Table>,
    settings: Res<Settings>,
    stepped: Option<Res<FrameStepped>>,
    mut search: ResMut<SearchHint>,
    mut turn: ResMut<TurnOnScreen>,
    mut notice: ResMut<Notice>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let asked_for = turn.search_asked;
    if search.thinking.is_none() && !asked_for {
        // Nothing asked for, nothing under way: the usual frame.
        return;
    }
    let now = turn.draft.as_ref().map(AskedOn::of);
    if search
        .thinking
        .as_ref()
        .is_some_and(|(asked, _)| Some(asked) != now.as_ref())
    {
        // The turn changed under the search: its answer would not fit.
        search.thinking = None;
    }
    if asked_for {
        // Taken up: nothing on the turn itself changes.
        turn.bypass_change_detection().search_asked = false;
    }
    if asked_for
        && search.thinking.is_none()
        && let (Some(asked), Some(view)) = (now, viewer_view(&active, &table))
        && view.seat == asked.seat
    {
        let mut expert = strength::expert(
            settings.bot_strength,
            stepped.is_some(),
            hint_seed(asked.seat, asked.turn),
        );
        let thinking = if stepped.is_some() {
            Thinking::Done(Some(expert.decide(&view)))
        } else if THINKS_BESIDE_FRAMES {
            Thinking::Task(AsyncComputeTaskPool::get().spawn(async move { expert.decide(&view) }))
        } else {
            Thinking::Slices(Box::new(expert), Box::new(view))
        };
        search.thinking = Some((asked, thinking));
        // Its answer is looked for from the next frame on, so a change
        // made in between is always seen first.
        redraw.write(RequestRedraw);
        return;
    }
    let Some((_, thinking)) = search.thinking.as_mut() else {
        return;
    };
    // Keep frames coming while it thinks, so the answer shows when it is ready.
    redraw.write(RequestRedraw);
    let Some(answer) = thinking.answer() else {
        return;
    };
    search.thinking = None;
    let Some(view) = viewer_view(&active, &table) else {
        return;
    };
    let Some(draft) = turn.draft.as_mut() else {
        return;
    };
    if draft.lay_out(&view, answer.as_ref()) {
        notice.show(tr!("rummy-hint-match-shown"), false);
    } else {
        notice.show(tr!("rummy-hint-match-draw"), false);
    }
}
