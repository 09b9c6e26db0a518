//! "Try it": a variant's balance card played by the bots in the
//! background — on a thread beside the frames on the desktop, a slice a
//! frame in a page — through the core's [`CardRun`], so the card on screen
//! is the one `parlour balance` prints for the same seed and budget.

use std::time::Duration;

use parlour_core::engine::balance::{BalanceOptions, Card, CardRun, Progress};
use parlour_core::engine::options::HouseRules;
use parlour_core::games::{ForVariant, for_variant};

use crate::platform::beside::Think;
use crate::platform::time::Instant;

/// Bot moves played between two looks at the clock: a few milliseconds.
const WORK: usize = 200;

/// How a screen's balance run is played: its matches, bots and seed.
#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq)]
pub struct TrialBudget(pub BalanceOptions);

impl Default for TrialBudget {
    /// 100 matches of each variant between `greedy` bots, seed 1.
    fn default() -> Self {
        Self(BalanceOptions {
            games: 100,
            seed: 1,
            ..BalanceOptions::default()
        })
    }
}

/// One game's card run, whichever game.
trait Step: Send {
    fn step(&mut self, work: usize) -> Result<Progress, String>;
    fn card(&self) -> Option<Card>;
}

impl<G: HouseRules> Step for CardRun<G> {
    fn step(&mut self, work: usize) -> Result<Progress, String> {
        CardRun::step(self, work).map_err(|e| e.to_string())
    }
    fn card(&self) -> Option<Card> {
        CardRun::card(self)
    }
}

/// A balance card being played.
pub struct Trial {
    run: Box<dyn Step>,
    progress: Progress,
    failed: Option<String>,
}

/// What the screen reads of a trial.
#[derive(Clone, Debug, Default)]
pub struct TrialSeen {
    /// Matches over, of both variants.
    pub progress: Option<Progress>,
    /// The card, once every match is over.
    pub card: Option<Card>,
    /// Why the run stopped short (a bot's illegal move: a bug).
    pub failed: Option<String>,
}

impl Trial {
    /// The card of `rules` in `game` beside `against`, with the budget's
    /// bots, seed and matches; refused (in words) when a variant is.
    pub fn new(
        game: &str,
        rules: &str,
        against: &str,
        budget: &TrialBudget,
    ) -> Result<Self, String> {
        struct Start<'a>(BalanceOptions, &'a str);
        impl ForVariant for Start<'_> {
            type Output = Result<Box<dyn Step>, String>;
            fn run<G: HouseRules>(self) -> Self::Output {
                CardRun::<G>::new(&self.0, self.1)
                    .map(|r| Box::new(r) as Box<dyn Step>)
                    .map_err(|e| e.to_string())
            }
        }
        let options = BalanceOptions {
            rules: rules.to_owned(),
            ..budget.0.clone()
        };
        let run = for_variant(game, Start(options, against))??;
        Ok(Self {
            run,
            progress: Progress {
                done: 0,
                of: 2 * budget.0.games,
            },
            failed: None,
        })
    }
}

impl Think for Trial {
    type Seen = TrialSeen;

    fn think(&mut self, slice: Duration) -> bool {
        let start = Instant::now();
        loop {
            match self.run.step(WORK) {
                Ok(progress) => self.progress = progress,
                Err(e) => {
                    self.failed = Some(e);
                    return true;
                }
            }
            if self.progress.finished() {
                return true;
            }
            if start.elapsed() >= slice {
                return false;
            }
        }
    }

    fn show(&self, seen: &mut TrialSeen) {
        seen.progress = Some(self.progress);
        seen.failed.clone_from(&self.failed);
        if seen.card.is_none() && self.progress.finished() {
            seen.card = self.run.card();
        }
    }
}
