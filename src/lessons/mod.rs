//! Lessons on screen: "Learn" on a game's card plays its lesson file
//! (`assets/lessons/<game>.lesson.ron`, read by `parlour_core`'s lesson
//! reader) as a guided match against the lesson's bot.
//!
//! One player serves every game: it lays the lesson's table, hands the
//! match to the rules plugin, and puts a [`MoveGate`] before it so that a
//! move the rules accept is played only if it is the step's. The learner's
//! moves come from the game's own screen as [`MoveRequest`]s like any
//! other; "Show me" and the bot's scripted moves are `MoveRequest`s too.
//! The words of each step, a wrong try's reason, and the summary at the
//! end are drawn over the table ([`panel`]).

mod panel;
mod play;
pub mod pointer;

use std::collections::BTreeMap;

use bevy::prelude::*;
use include_dir::{Dir, include_dir};
pub use parlour_core::engine::lesson::Point;
use parlour_core::engine::lesson::{EXTENSION, Lesson, Teach};

pub use panel::room_for_words;
pub use play::{LessonAction, LessonPlay};

use crate::engine::Game;

/// The shipped lessons, as they are in the source tree's `assets/lessons`.
static BUILT_IN: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets/lessons");

/// Every lesson, by its game's record name.
#[derive(Resource, Clone, Debug)]
pub struct Lessons(pub BTreeMap<String, Lesson>);

impl Default for Lessons {
    fn default() -> Self {
        Self::built_in()
    }
}

impl Lessons {
    /// The shipped lessons; a file that does not read is left out, with a
    /// warning (the tests keep the shipped ones right).
    pub fn built_in() -> Self {
        let mut lessons = BTreeMap::new();
        for file in BUILT_IN.files() {
            let name = file.path().to_string_lossy();
            if !name.ends_with(EXTENSION) {
                continue;
            }
            match file.contents_utf8().map(Lesson::from_ron) {
                Some(Ok(lesson)) => {
                    lessons.insert(lesson.game.clone(), lesson);
                }
                Some(Err(e)) => warn!("lesson {name}: {e}"),
                None => warn!("lesson {name}: not UTF-8 text"),
            }
        }
        Self(lessons)
    }

    /// Whether game `name` has a lesson.
    pub fn has(&self, name: &str) -> bool {
        self.0.contains_key(name)
    }
}

/// The lesson player of game `G` (the lessons are read once, by the first game's).
pub fn lesson_player<G: Game + Teach>(app: &mut App) {
    app.init_resource::<Lessons>();
    play::plugin::<G>(app);
    panel::plugin::<G>(app);
}
