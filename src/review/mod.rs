//! A finished match reviewed on screen: its record replayed move by move
//! through the rules plugin, every decision weighed in the background a
//! slice per frame (the same on the desktop and in a page, where there are
//! no threads), and what the screen shows of it gathered in
//! [`ReviewBoard`], which names no game.
//!
//! [`plugin`] holds what every game shares; `game_kit` adds [`review`] for
//! each game, whose words come from its [`ReviewGame`].

mod run;

use std::time::Duration;

use bevy::prelude::*;
use parlour_core::engine::analysis::{Analyse, Analysis, Grade};
use parlour_core::engine::review::SeatSummary;
use parlour_core::engine::{Record, Seat};

use crate::catalog::{GameCatalog, GameId};
use crate::engine::{Controller, EndMatch};
use crate::session::{Notice, Reviewing, Screen, SeatChoice, Table, TableRoom};

pub use run::{ReviewOf, review, screen_budget};

/// What a game says of its moves in a review, in the language on screen.
pub trait ReviewGame: Analyse {
    /// A move in a few words, for the list ("7 on D4", "draws").
    fn move_words(mv: &Self::Move, before: &Self::View) -> String;

    /// One sentence in the rules' words on why the best candidate was
    /// better than the move played ("The 7 on D4 scored 21 …").
    fn better_words(analysis: &Analysis<Self::Move>, before: &Self::View) -> String;
}

/// Opens the review of a match.
#[derive(Message, Clone, Debug)]
pub enum OpenReview {
    /// A filed match, from the history.
    Filed(Box<Record>),
    /// The match just finished, from its results.
    Finished,
    /// A match played at a shared table, from a phone's hand screen once
    /// the host has sent its record: leaving goes back to the hand.
    AtTable(Box<Record>),
}

/// Leaves the review, back to where it was opened from.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct LeaveReview;

/// How long the analysis thinks in a frame at the least: a quarter of a
/// frame at 60 Hz, so the window keeps drawing while it works.
pub const THINKING_SLICE: Duration = Duration::from_millis(4);

/// The analysis's share of a frame in a page: a quarter of the last
/// frame, 4 to 40 ms ([`crate::platform::beside::frame_share`]).
pub fn thinking_slice(last_frame: Duration) -> Duration {
    crate::platform::beside::frame_share(last_frame, THINKING_SLICE, Duration::from_millis(40))
}

/// Whether the move played is the best, or as good as it — the same
/// chance and margin, as the exact values of a decided match often are:
/// "Better was" a move that does no better would say nothing true.
pub fn as_good_as_the_best<M>(analysis: &Analysis<M>) -> bool {
    let (played, best) = (&analysis.played().estimate, &analysis.best().estimate);
    analysis.played == 0
        || (played.win >= best.win && played.margin.unwrap_or(0.0) >= best.margin.unwrap_or(0.0))
}

/// A decision weighed, as the screen shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    /// Its class.
    pub grade: Grade,
    /// The seat's chance to win after the move played, 0 to 1.
    pub win: f64,
    /// After the best candidate.
    pub best_win: f64,
    /// Points of equity lost against the best.
    pub loss: f64,
    /// Whether the move played was the best candidate.
    pub best_played: bool,
    /// The best candidate in a few words.
    pub best_words: String,
    /// Why it was better, in one sentence (empty when the move was best).
    pub sentence: String,
}

/// One move of the record as the review lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveLine {
    /// Who moved.
    pub seat: Seat,
    /// The move in a few words.
    pub words: String,
    /// Its grade once weighed; `Err` says why it could not be.
    pub graded: Option<Result<Graded, String>>,
}

/// "Learn from your mistakes": the positions a person lost most in, one at
/// a time, for them to find a better move.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// The moves to find, worst first (indices into the record).
    pub positions: Vec<usize>,
    /// The one on the table.
    pub current: usize,
    /// What the last try was worth, once judged.
    pub verdict: Option<Verdict>,
    /// The better move is shown.
    pub shown: bool,
    /// The table has stood at the current position: only a move made from
    /// there is the learner's try (not the record's move, on a table still
    /// at the end when the lesson began).
    pub reached: bool,
}

/// A try in a lesson, judged.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Being weighed.
    Weighing,
    /// Within the small-loss threshold of the best: accepted.
    Found {
        /// Points of equity it lost.
        loss: f64,
    },
    /// Lost more than the threshold.
    Missed {
        /// Points of equity it lost.
        loss: f64,
    },
}

/// A review on screen: everything the review screen draws, in no game's
/// types. The screen sets [`ReviewBoard::want`]; the game's review plays
/// the table there through the rules.
#[derive(Resource, Clone, Debug)]
pub struct ReviewBoard {
    /// The game reviewed.
    pub game: GameId,
    /// The seats' names.
    pub names: Vec<String>,
    /// Which seats a person played (only theirs are graded on screen).
    pub people: Vec<bool>,
    /// Every move of the record.
    pub moves: Vec<MoveLine>,
    /// Decisions weighed so far.
    pub done: usize,
    /// Moves played on the table.
    pub at: usize,
    /// Moves the table is asked to show played.
    pub want: usize,
    /// Time the analysis took in the last frame it thought, in ms: none
    /// when it thinks on a thread beside the frames.
    pub thinking_ms: Option<f32>,
    /// When the review was opened, and the analysis's time in all: the
    /// log's line when every move is weighed (docs/review.md's figures).
    pub opened: crate::platform::time::Instant,
    /// The analysis's time so far in the frames, summed over its slices.
    pub thought: Duration,
    /// Each seat's figures over the decisions weighed so far.
    pub summaries: Vec<SeatSummary>,
    /// A lesson under way.
    pub lesson: Option<Lesson>,
    /// Where leaving goes back to.
    pub from: Screen,
    /// The person's own table, put back when the review ends.
    pub own_table: Table,
}

impl ReviewBoard {
    /// Whether every decision is weighed.
    pub fn finished(&self) -> bool {
        self.done >= self.moves.len()
    }

    /// Whether a seat's grades are shown: a person's, or every seat's
    /// where no person played.
    pub fn shows_grades(&self, seat: Seat) -> bool {
        !self.people.iter().any(|&p| p) || self.people.get(seat).copied().unwrap_or(false)
    }

    /// Whether the better move's ghost is on the table: always, but in a
    /// lesson only once "Show me" asked for it.
    pub fn ghost_shown(&self) -> bool {
        self.lesson.as_ref().is_none_or(|l| l.shown)
    }

    /// The positions a person lost most in, worst first: their moves
    /// graded an inaccuracy or worse, at most `most`.
    pub fn mistakes(&self, most: usize) -> Vec<usize> {
        let mut worst: Vec<(usize, f64)> = self
            .moves
            .iter()
            .enumerate()
            .filter(|(_, m)| self.people.get(m.seat).copied().unwrap_or(false))
            .filter_map(|(i, m)| match &m.graded {
                Some(Ok(g)) if g.grade.mark() != "" => Some((i, g.loss)),
                _ => None,
            })
            .collect();
        worst.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        worst.into_iter().take(most).map(|(i, _)| i).collect()
    }
}

/// The word rating of an accuracy: the scale docs/review.md gives.
pub fn rating(accuracy: f64) -> &'static str {
    match accuracy {
        a if a >= 98.0 => "rating-master",
        a if a >= 94.0 => "rating-expert",
        a if a >= 88.0 => "rating-strong",
        a if a >= 80.0 => "rating-club",
        a if a >= 72.0 => "rating-learner",
        _ => "rating-beginner",
    }
}

/// What every game's review shares: the messages, leaving, and a review
/// of a game this version does not know refused in one line.
pub fn plugin(app: &mut App) {
    app.add_message::<OpenReview>()
        .add_message::<LeaveReview>()
        .add_systems(Update, (refuse_unknown, leave))
        .add_systems(OnEnter(Screen::Title), close)
        .add_systems(OnEnter(Screen::Setup), close);
}

fn refuse_unknown(
    mut opens: MessageReader<OpenReview>,
    catalog: Res<GameCatalog>,
    mut notice: ResMut<Notice>,
) {
    for open in opens.read() {
        if let OpenReview::Filed(record) | OpenReview::AtTable(record) = open
            && catalog.by_name(&record.game).is_none()
        {
            notice.show(
                crate::tr!("review-unknown-game", game = record.game.clone()),
                true,
            );
        }
    }
}

/// The seats of a record as the review shows them: names, and every seat
/// followed as a bot's would be (no hand-over, no input on the table).
pub fn shown_table(record: &Record, game: GameId) -> (Table, Vec<bool>) {
    let mut people = Vec::new();
    let seats = (0..record.players)
        .map(|i| {
            let s = record.seats.get(i);
            people.push(s.is_none_or(|s| s.bot.is_none()));
            SeatChoice {
                name: s.map_or_else(
                    || crate::tr!("setup-default-name", number = i + 1),
                    |s| crate::i18n::shown_name(&s.name),
                ),
                controller: Controller::Bot(REVIEW.into()),
            }
        })
        .collect();
    let table = Table {
        game,
        variant: record.variant.clone(),
        seats,
        viewer: None,
        handing_to: None,
    };
    (table, people)
}

/// The name every seat shows under during a review.
pub(crate) const REVIEW: &str = "review";

fn leave(
    mut commands: Commands,
    mut leaves: MessageReader<LeaveReview>,
    board: Option<Res<ReviewBoard>>,
    mut table: ResMut<Table>,
    mut end: MessageWriter<EndMatch>,
    mut next: ResMut<NextState<Screen>>,
) {
    if leaves.read().last().is_none() {
        return;
    }
    let Some(board) = board else { return };
    *table = board.own_table.clone();
    end.write(EndMatch);
    next.set(match board.from {
        Screen::History => Screen::History,
        Screen::Hand => Screen::Hand,
        _ => Screen::Title,
    });
    drop_review(&mut commands);
}

/// A review left by another way (the match menu's Leave): its resources go.
fn close(mut commands: Commands, board: Option<Res<ReviewBoard>>, mut table: ResMut<Table>) {
    if let Some(board) = board {
        *table = board.own_table.clone();
        drop_review(&mut commands);
    }
}

fn drop_review(commands: &mut Commands) {
    commands.remove_resource::<ReviewBoard>();
    commands.remove_resource::<Reviewing>();
    commands.insert_resource(TableRoom::default());
}

#[cfg(test)]
mod tests {
    use parlour_core::engine::analysis::{Candidate, Estimate, Method};

    use super::*;

    /// A decision between two steps, named by letter, each with an exact
    /// chance and margin; the second played.
    fn second_played(best: (f64, f64), played: (f64, f64)) -> Analysis<&'static str> {
        let step = |mv, (win, margin)| Candidate {
            mv,
            estimate: Estimate::exact(win, Some(margin)),
            note: None,
        };
        Analysis {
            seat: 0,
            method: Method::Exact,
            candidates: vec![step("a", best), step("b", played)],
            played: 1,
            loss_se: 0.0,
            forced: false,
            luck: None,
            margin_points: None,
        }
    }

    #[test]
    fn a_move_as_good_as_the_best_is_not_told_a_better_one() {
        // A decided match: both steps lose by 3 bouts.
        let decided = second_played((0.0, -3.0), (0.0, -3.0));
        assert_eq!(decided.grade(), Grade::Decided);
        assert!(as_good_as_the_best(&decided));
        // Losing by 3 where losing by 1 was on offer is worth saying.
        assert!(!as_good_as_the_best(&second_played(
            (0.0, -1.0),
            (0.0, -3.0)
        )));
        assert!(!as_good_as_the_best(&second_played(
            (1.0, 1.0),
            (0.0, -3.0)
        )));
    }
}
