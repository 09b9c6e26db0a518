//! The three games, each a rules core behind [`crate::engine::Game`], and
//! the one place that names them all: picking a game by its record name.

pub mod neighbours;
pub mod paper_boxing;
pub mod rummy;

use crate::engine::Game;
use crate::engine::analysis::Analyse;
use crate::engine::balance::{BalanceError, BalanceOptions, Card, Progress};
use crate::engine::lesson::Teach;
use crate::engine::options::HouseRules;
use crate::protocol::Share;
use neighbours::Neighbours;
use paper_boxing::PaperBoxing;
use rummy::Rummy;
use std::sync::atomic::AtomicBool;

/// The names of the games, as records and the command line write them.
pub const NAMES: &[&str] = &[Neighbours::NAME, PaperBoxing::NAME, Rummy::NAME];

/// Something to do with one game, whichever it is: lets a caller pick the
/// game by name and still call generic code.
pub trait ForGame {
    /// What it gives back.
    type Output;
    /// Does it with game `G`.
    fn run<G: Game>(self) -> Self::Output;
}

/// `f.run::<G>()` with `G` the game called `name`: the one list of the
/// games, for every kind of `f`.
macro_rules! with_game_named {
    ($name:expr, $f:expr) => {
        match $name {
            n if n == Neighbours::NAME => Ok($f.run::<Neighbours>()),
            n if n == PaperBoxing::NAME => Ok($f.run::<PaperBoxing>()),
            n if n == Rummy::NAME => Ok($f.run::<Rummy>()),
            n => Err(format!(
                "unknown game {n:?}; the games are: {}",
                NAMES.join(", ")
            )),
        }
    };
}

/// Runs `f` with the game called `name`.
pub fn for_game<F: ForGame>(name: &str, f: F) -> Result<F::Output, String> {
    with_game_named!(name, f)
}

/// Something to do with one game whose decisions can be weighed.
pub trait ForReview {
    /// What it gives back.
    type Output;
    /// Does it with game `G`.
    fn run<G: Analyse>(self) -> Self::Output;
}

/// Runs `f` with the game called `name`, for a review.
pub fn for_review<F: ForReview>(name: &str, f: F) -> Result<F::Output, String> {
    with_game_named!(name, f)
}

/// Something to do with one game's lessons.
pub trait ForLesson {
    /// What it gives back.
    type Output;
    /// Does it with game `G`.
    fn run<G: Teach>(self) -> Self::Output;
}

/// Runs `f` with the game called `name`, for a lesson.
pub fn for_lesson<F: ForLesson>(name: &str, f: F) -> Result<F::Output, String> {
    with_game_named!(name, f)
}

/// Something to do with one game played at a shared table.
pub trait ForTable {
    /// What it gives back.
    type Output;
    /// Does it with game `G`.
    fn run<G: Share>(self) -> Self::Output;
}

/// Runs `f` with the game called `name`, for a shared table.
pub fn for_table<F: ForTable>(name: &str, f: F) -> Result<F::Output, String> {
    with_game_named!(name, f)
}

/// Something to do with one game's options (a variant editor, a shared variant).
pub trait ForVariant {
    /// What it gives back.
    type Output;
    /// Does it with game `G`.
    fn run<G: HouseRules>(self) -> Self::Output;
}

/// Runs `f` with the game called `name`, for its options.
pub fn for_variant<F: ForVariant>(name: &str, f: F) -> Result<F::Output, String> {
    with_game_named!(name, f)
}

/// The balance card ([`run_card`](crate::engine::balance::run_card)) for the game called `game`, as the command line asks for it.
pub fn run_card_named(
    game: &str,
    options: &BalanceOptions,
    against: &str,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
    cancel: &AtomicBool,
) -> Result<Option<Card>, BalanceError> {
    struct Named<'a> {
        options: &'a BalanceOptions,
        against: &'a str,
        threads: usize,
        progress: &'a (dyn Fn(Progress) + Sync),
        cancel: &'a AtomicBool,
    }
    impl ForVariant for Named<'_> {
        type Output = Result<Option<Card>, BalanceError>;
        fn run<G: HouseRules>(self) -> Self::Output {
            crate::engine::balance::run_card::<G>(
                self.options,
                self.against,
                self.threads,
                self.progress,
                self.cancel,
            )
        }
    }
    for_variant(
        game,
        Named {
            options,
            against,
            threads,
            progress,
            cancel,
        },
    )
    .map_err(BalanceError::Options)?
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Name;
    impl ForGame for Name {
        type Output = &'static str;
        fn run<G: Game>(self) -> &'static str {
            G::NAME
        }
    }

    #[test]
    fn every_name_picks_its_own_game() {
        for name in NAMES {
            assert_eq!(for_game(name, Name).unwrap(), *name);
        }
    }

    #[test]
    fn an_unknown_name_is_refused_with_the_list() {
        let e = for_game("chess", Name).unwrap_err();
        assert!(e.contains("chess") && e.contains("paper-boxing"), "{e}");
    }
}
