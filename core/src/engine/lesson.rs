//! Lessons: a guided first match, written as data (`*.lesson.ron`).
//!
//! A lesson is a record's header (game, variant, seats, deal), a list of
//! steps — whose move it is, the move or moves it accepts in the record's
//! notation, the rule it shows, the piece it points at and its words in
//! every language — and three lines to sum it up. [`Lesson::check`] replays
//! every step through the rules, so a rules change that breaks a lesson is
//! found by a test, not by a newcomer. [`Lesson::typed`] gives the script a
//! screen follows one step at a time.
//!
//! ```ron
//! (
//!     game: "neighbours",
//!     variant: "standard",
//!     players: 2,
//!     deal: {"start": 4, "hands": [[5, 3], [6, 2]], "bag": [/* … */]},
//!     you: 0,
//!     bot: "Bram",
//!     title: {"en": "Learn Neighbours", "fr": "…", "da": "…"},
//!     steps: [
//!         (
//!             seat: 0,
//!             moves: [{"place": {"digit": 5, "row": 3, "col": 6}}],
//!             topics: ["next-to-a-token"],
//!             point: Cell(3, 6),
//!             scores: [5, 0],
//!             say: {"en": "Put your 5 next to the 4.", "fr": "…", "da": "…"},
//!         ),
//!     ],
//!     summary: [{"en": "…"}, {"en": "…"}, {"en": "…"}],
//! )
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use super::game::{Game, Seat, Zone};
use super::matches::Match;
use super::record::{FORMAT, Record};

/// The ending of a lesson file's name.
pub const EXTENSION: &str = "lesson.ron";

/// The most lines of play the alternatives of a lesson may open, so a file
/// with many alternatives is refused rather than checked for ever.
const MOST_LINES: usize = 4096;

/// Words in every language, by language code (`en`, `fr`, `da`).
pub type Words = BTreeMap<String, String>;

/// A lesson as written in its file.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// The game, by its record name.
    pub game: String,
    /// The variant's rules string, as a record names it.
    #[serde(default = "standard")]
    pub variant: String,
    /// The number of seats.
    pub players: usize,
    /// The seed of any random draw the deal leaves open.
    #[serde(default)]
    pub seed: u64,
    /// The starting position, in the record's notation.
    #[serde(default)]
    pub deal: Option<Value>,
    /// The learner's seat; every other seat is the bot's.
    pub you: Seat,
    /// The name the bot is called by in the words (`{bot}`).
    pub bot: String,
    /// The lesson's title.
    pub title: Words,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// What was learnt, in three lines.
    pub summary: Vec<Words>,
}

/// One step: a move to make (the learner's or the bot's), or words to read.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// Whose step it is.
    pub seat: Seat,
    /// The moves the step accepts, in the record's notation without the
    /// seat; the first is the one "Show me" plays. None: words to read.
    #[serde(default)]
    pub moves: Vec<Value>,
    /// The rules the step shows, each one of the game's [`Teach::topics`].
    #[serde(default)]
    pub topics: Vec<String>,
    /// The piece, cell or control the words are about.
    #[serde(default)]
    pub point: Option<Point>,
    /// Every seat's score once the step is played, as the words quote them.
    #[serde(default)]
    pub scores: Option<Vec<i64>>,
    /// What to do, or what the bot did and why (`{bot}` is its name).
    pub say: Words,
}

/// What a step points at.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Point {
    /// A cell of the board, by row and column from 0.
    Cell(u8, u8),
    /// A cell of one seat's grid, by seat, row and column from 0.
    Grid(Seat, u8, u8),
    /// A piece in the step's seat's hand or on the board, by its label
    /// (`5`, `r7`, `j`).
    Piece(String),
    /// A control of the game's screen, one of [`Teach::controls`].
    Control(String),
}

fn standard() -> String {
    "standard".to_owned()
}

/// What a lesson shows of a game: the rules a step may name, and how to
/// tell that a step really shows its rule.
pub trait Teach: Game {
    /// The rules a step may name as its topic.
    fn topics() -> &'static [&'static str] {
        &[]
    }
    /// The controls of the game's screen a step may point at.
    fn controls() -> &'static [&'static str] {
        &[]
    }
    /// Whether the step at `moment` shows `topic`; if not, why.
    fn shows(topic: &str, moment: &Moment<'_, Self>) -> Result<(), String> {
        let _ = moment;
        Err(format!("{} has no lesson topic {topic:?}", Self::TITLE))
    }
    /// Whether two moves are the same step (a game whose moves can be
    /// written in several orders says so).
    fn same_move(a: &Self::Move, b: &Self::Move) -> bool {
        a == b
    }
}

/// A step as it is played: the position before, the move and what it did,
/// the position after (the same as before for words to read).
pub struct Moment<'a, G: Game> {
    /// The position before the step.
    pub before: &'a G::State,
    /// Whose step it is.
    pub seat: Seat,
    /// The move and its outcome; `None` for words to read.
    pub played: Option<(&'a G::Move, &'a G::Outcome)>,
    /// The position after the step.
    pub after: &'a G::State,
}

/// Why a lesson is not right: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{reason}", match .step { Some(s) => format!("step {}: ", s + 1), None => String::new() })]
pub struct LessonError {
    /// The step at fault (from 0), if one is.
    pub step: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

impl LessonError {
    fn at(step: usize, reason: impl Into<String>) -> Self {
        Self {
            step: Some(step),
            reason: reason.into(),
        }
    }
    fn whole(reason: impl Into<String>) -> Self {
        Self {
            step: None,
            reason: reason.into(),
        }
    }
}

impl Lesson {
    /// Reads a lesson file's text.
    pub fn from_ron(text: &str) -> Result<Self, LessonError> {
        // Optional fields are written plainly (`point: Cell(3, 5)`), not in `Some(…)`.
        let options = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        options.from_str(text).map_err(|e| {
            LessonError::whole(format!(
                "line {}, column {}: {}",
                e.span.start.line, e.span.start.col, e.code
            ))
        })
    }

    /// The lesson's match as a record with no moves yet.
    pub fn record(&self) -> Record {
        Record {
            format: FORMAT.to_owned(),
            game: self.game.clone(),
            variant: self.variant.clone(),
            players: self.players,
            seed: Some(self.seed),
            deal: self.deal.clone(),
            moves: Vec::new(),
            seats: Vec::new(),
            clock: Vec::new(),
            time_used: None,
            screen: None,
        }
    }

    /// The seat the lesson's bot plays: the first seat that is not the learner's.
    pub fn bot_seat(&self) -> Seat {
        usize::from(self.you == 0)
    }

    /// Every line of words with its place, for the checks on languages.
    fn words(&self) -> Vec<(String, &Words)> {
        let mut all = vec![("the title".to_owned(), &self.title)];
        for (i, step) in self.steps.iter().enumerate() {
            all.push((format!("step {}", i + 1), &step.say));
        }
        for (i, line) in self.summary.iter().enumerate() {
            all.push((format!("summary line {}", i + 1), line));
        }
        all
    }

    /// Checks that every line has its words in each of `languages` (none
    /// empty), and no words in a language not asked for.
    pub fn check_words(&self, languages: &[&str]) -> Result<(), LessonError> {
        if self.summary.len() != 3 {
            return Err(LessonError::whole(format!(
                "the summary has {} lines; it is three",
                self.summary.len()
            )));
        }
        for (place, words) in self.words() {
            for lang in languages {
                match words.get(*lang) {
                    Some(text) if !text.trim().is_empty() => {}
                    Some(_) => {
                        return Err(LessonError::whole(format!(
                            "{place}: the {lang} words are empty"
                        )));
                    }
                    None => {
                        return Err(LessonError::whole(format!("{place}: no words in {lang}")));
                    }
                }
            }
            if let Some(other) = words.keys().find(|k| !languages.contains(&k.as_str())) {
                return Err(LessonError::whole(format!(
                    "{place}: words in {other:?}, which is not one of {}",
                    languages.join(", ")
                )));
            }
        }
        Ok(())
    }

    /// The lesson with its moves read as moves of `G`, ready to be played.
    pub fn typed<G: Teach>(&self) -> Result<Script<G>, LessonError> {
        if self.game != G::NAME {
            return Err(LessonError::whole(format!(
                "this lesson is for {:?}, not {:?}",
                self.game,
                G::NAME
            )));
        }
        if self.you >= self.players {
            return Err(LessonError::whole(format!(
                "the learner's seat {} is not one of the {} seats",
                self.you, self.players
            )));
        }
        let start = Match::<G>::start_of_record(&self.record(), |v| G::variant(v).ok())
            .map_err(|e| LessonError::whole(e.to_string()))?;
        let mut steps = Vec::with_capacity(self.steps.len());
        for (i, step) in self.steps.iter().enumerate() {
            if step.seat >= self.players {
                return Err(LessonError::at(
                    i,
                    format!("there is no seat {}", step.seat),
                ));
            }
            let moves = step
                .moves
                .iter()
                .map(|value| {
                    serde_json::from_value::<G::Move>(value.clone()).map_err(|e| {
                        LessonError::at(i, format!("{value} is not a move of {}: {e}", G::TITLE))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            if let Some(topic) = step
                .topics
                .iter()
                .find(|t| !G::topics().contains(&t.as_str()))
            {
                return Err(LessonError::at(
                    i,
                    format!(
                        "{topic:?} is not a topic of {}; the topics are: {}",
                        G::TITLE,
                        G::topics().join(", ")
                    ),
                ));
            }
            if let Some(Point::Control(name)) = &step.point
                && !G::controls().contains(&name.as_str())
            {
                return Err(LessonError::at(
                    i,
                    format!(
                        "{name:?} is not a control of {}; the controls are: {}",
                        G::TITLE,
                        G::controls().join(", ")
                    ),
                ));
            }
            steps.push(ScriptStep {
                seat: step.seat,
                moves,
                topics: step.topics.clone(),
                point: step.point.clone(),
                scores: step.scores.clone(),
            });
        }
        Ok(Script {
            start,
            you: self.you,
            steps,
        })
    }

    /// Checks the whole lesson: its words in every one of `languages`, and
    /// its deal and every step replayed through the rules of `G` — each
    /// move legal when its turn comes, each topic really shown, each
    /// pointed piece there, each quoted score right, along every line the
    /// alternatives open — and the match over at the end.
    pub fn check<G: Teach>(&self, languages: &[&str]) -> Result<(), LessonError> {
        self.check_words(languages)?;
        let script = self.typed::<G>()?;
        let mut lines = 0;
        script.replay_from(script.start.clone(), 0, &mut lines)
    }
}

/// A lesson's steps with their moves read as moves of `G`.
#[derive(Clone, Debug)]
pub struct Script<G: Game> {
    /// The match before the first step.
    pub start: Match<G>,
    /// The learner's seat.
    pub you: Seat,
    /// The steps, in order.
    pub steps: Vec<ScriptStep<G>>,
}

/// One step, its moves read.
#[derive(Clone, Debug)]
pub struct ScriptStep<G: Game> {
    /// Whose step it is.
    pub seat: Seat,
    /// The moves it accepts; the first is the one "Show me" plays.
    pub moves: Vec<G::Move>,
    /// The rules it shows.
    pub topics: Vec<String>,
    /// What it points at.
    pub point: Option<Point>,
    /// Every seat's score after it.
    pub scores: Option<Vec<i64>>,
}

/// Why a try at a lesson step is not taken.
#[derive(Clone, Debug)]
pub enum Refusal<G: Game> {
    /// The rules refuse the move: their reason.
    Rules(G::Error),
    /// The rules allow it, but the step asks for another move.
    NotThisStep,
    /// Not the learner's step (the bot's, or words to read).
    NotYours,
}

// Written out because a derive would ask for `G: PartialEq`, which the marker types need not be.
impl<G: Game> PartialEq for Refusal<G> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Refusal::Rules(a), Refusal::Rules(b)) => a == b,
            (Refusal::NotThisStep, Refusal::NotThisStep)
            | (Refusal::NotYours, Refusal::NotYours) => true,
            _ => false,
        }
    }
}

impl<G: Teach> ScriptStep<G> {
    /// Whether the step is words to read, with no move.
    pub fn is_words(&self) -> bool {
        self.moves.is_empty()
    }

    /// Whether `mv` is one of the moves the step accepts.
    pub fn accepts(&self, mv: &G::Move) -> bool {
        self.moves.iter().any(|m| G::same_move(m, mv))
    }

    /// Judges a try at this step by `seat` in `game`: the rules first (their
    /// reason for a move they refuse), then the step. Changes nothing.
    pub fn judge(&self, game: &Match<G>, seat: Seat, mv: &G::Move) -> Result<(), Refusal<G>> {
        if self.is_words() || seat != self.seat {
            return Err(Refusal::NotYours);
        }
        let mut trial = game.state().clone();
        G::apply(&mut trial, seat, mv).map_err(Refusal::Rules)?;
        if self.accepts(mv) {
            Ok(())
        } else {
            Err(Refusal::NotThisStep)
        }
    }
}

impl<G: Teach> Script<G> {
    /// Plays step `index` from `game` with `mv` (words to read: no move) and
    /// checks all the step says: the move legal, its topic shown, its
    /// pointed piece there, its scores right.
    fn check_step(
        &self,
        index: usize,
        game: &mut Match<G>,
        mv: Option<&G::Move>,
    ) -> Result<(), LessonError> {
        let step = &self.steps[index];
        let fail = |reason: String| LessonError::at(index, reason);
        if game.is_over() {
            return Err(fail("the match is already over".into()));
        }
        self.check_point(index, game)?;
        let before = game.state().clone();
        let outcome = match mv {
            None => None,
            Some(mv) => {
                if !game.awaiting().contains(&step.seat) {
                    return Err(fail(format!(
                        "it is not seat {}'s turn (waiting for {:?})",
                        step.seat,
                        game.awaiting()
                    )));
                }
                let outcome = game
                    .submit(step.seat, mv.clone())
                    .map_err(|e| fail(format!("the rules refuse {mv:?}: {e}")))?;
                Some(outcome)
            }
        };
        for topic in &step.topics {
            let moment = Moment {
                before: &before,
                seat: step.seat,
                played: mv.zip(outcome.as_ref()),
                after: game.state(),
            };
            G::shows(topic, &moment)
                .map_err(|why| fail(format!("it does not show {topic}: {why}")))?;
        }
        if let Some(scores) = &step.scores
            && *scores != game.scores()
        {
            return Err(fail(format!(
                "the words quote scores {scores:?}, the rules give {:?}",
                game.scores()
            )));
        }
        Ok(())
    }

    /// Checks that the piece, cell or set a step points at is there.
    fn check_point(&self, index: usize, game: &Match<G>) -> Result<(), LessonError> {
        let step = &self.steps[index];
        let fail = |reason: String| Err(LessonError::at(index, reason));
        match &step.point {
            None | Some(Point::Control(_)) => Ok(()),
            Some(Point::Cell(row, col)) => {
                let there = G::cells(game.state())
                    .iter()
                    .any(|c| c.row == *row && c.col == *col && c.owner.is_none());
                if there {
                    Ok(())
                } else {
                    fail(format!("there is no cell ({row}, {col})"))
                }
            }
            Some(Point::Grid(seat, row, col)) => {
                let there = G::cells(game.state())
                    .iter()
                    .any(|c| c.row == *row && c.col == *col && c.owner == Some(*seat));
                if there {
                    Ok(())
                } else {
                    fail(format!("seat {seat}'s grid has no cell ({row}, {col})"))
                }
            }
            Some(Point::Piece(label)) => {
                let there = G::pieces(game.state()).iter().any(|p| {
                    p.label == *label
                        && (p.location.zone == Zone::Board
                            || p.location.zone == Zone::Hand(step.seat))
                });
                if there {
                    Ok(())
                } else {
                    fail(format!(
                        "no {label:?} in seat {}'s hand or on the board",
                        step.seat
                    ))
                }
            }
        }
    }

    /// Replays the steps from `index` on `game`, along every alternative.
    fn replay_from(
        &self,
        game: Match<G>,
        index: usize,
        lines: &mut usize,
    ) -> Result<(), LessonError> {
        let mut game = game;
        for i in index..self.steps.len() {
            let step = &self.steps[i];
            if step.is_words() {
                self.check_step(i, &mut game, None)?;
                continue;
            }
            // Every alternative but the first opens a line of its own.
            for mv in &step.moves[1..] {
                *lines += 1;
                if *lines > MOST_LINES {
                    return Err(LessonError::at(
                        i,
                        format!("the alternatives open more than {MOST_LINES} lines of play"),
                    ));
                }
                let mut other = game.clone();
                self.check_step(i, &mut other, Some(mv))?;
                self.replay_from(other, i + 1, lines)?;
            }
            self.check_step(i, &mut game, Some(&step.moves[0]))?;
        }
        if !game.is_over() {
            return Err(LessonError::whole(
                "the steps end before the match does: a lesson plays its match to the end",
            ));
        }
        Ok(())
    }
}
