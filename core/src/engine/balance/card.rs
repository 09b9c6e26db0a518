//! A balance card: a variant's figures beside those of the variant it
//! started from, each figure weighed against chance, as data a screen
//! words in its own language.

use std::sync::atomic::AtomicBool;

use serde::Serialize;

use super::{Balance, BalanceError, BalanceOptions, Figures, Plan, Progress, run, wilson};
use crate::engine::options::HouseRules;

/// A figure a comparison weighs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "figure", content = "tag", rename_all = "kebab-case")]
pub enum Figure {
    /// The first mover's win share.
    FirstSeat,
    /// Moves a match.
    Moves,
    /// The winner's margin.
    Margin,
    /// The share of matches that ended with this tag.
    Ending(&'static str),
}

/// One figure of a variant beside the same figure of the variant it was
/// made from: the data of a sentence such as "the first player wins 61 %
/// (57–65) instead of 52 %", which a screen words in its language.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Change {
    /// Which figure.
    pub figure: Figure,
    /// Its value for the variant the new one started from.
    pub before: f64,
    /// Its value for the new variant.
    pub after: f64,
    /// The new value's 95 % interval, where there is one.
    pub interval: Option<(f64, f64)>,
    /// The difference in standard errors: beyond ±1.96 the bots can tell.
    pub z: f64,
}

impl Change {
    /// Whether the difference is larger than chance explains (95 %).
    pub fn significant(&self) -> bool {
        self.z.abs() >= 1.96
    }
}

/// Every figure of `after` beside `before`'s, the largest change (in
/// standard errors) first.
pub fn compare(before: &Figures, after: &Figures) -> Vec<Change> {
    let share_se = |p: f64, n: usize| (p * (1.0 - p) / n.max(1) as f64).sqrt();
    let z = |b: f64, a: f64, se_b: f64, se_a: f64| {
        let se = (se_a * se_a + se_b * se_b).sqrt();
        if se > 0.0 {
            (a - b) / se
        } else if a == b {
            0.0
        } else {
            f64::INFINITY.copysign(a - b)
        }
    };
    let (nb, na) = (before.games, after.games);
    let mut changes = vec![
        Change {
            figure: Figure::FirstSeat,
            before: before.first_seat.share,
            after: after.first_seat.share,
            interval: Some((after.first_seat.low, after.first_seat.high)),
            z: z(
                before.first_seat.share,
                after.first_seat.share,
                share_se(before.first_seat.share, nb),
                share_se(after.first_seat.share, na),
            ),
        },
        Change {
            figure: Figure::Moves,
            before: before.moves.mean,
            after: after.moves.mean,
            interval: None,
            z: z(
                before.moves.mean,
                after.moves.mean,
                before.moves.se(nb),
                after.moves.se(na),
            ),
        },
        Change {
            figure: Figure::Margin,
            before: before.margin.mean,
            after: after.margin.mean,
            interval: None,
            z: z(
                before.margin.mean,
                after.margin.mean,
                before.margin.se(nb),
                after.margin.se(na),
            ),
        },
    ];
    let tags: std::collections::BTreeSet<&'static str> = before
        .endings
        .keys()
        .chain(after.endings.keys())
        .copied()
        .collect();
    for tag in tags {
        let share =
            |f: &Figures| f.endings.get(tag).copied().unwrap_or(0) as f64 / f.games.max(1) as f64;
        let (b, a) = (share(before), share(after));
        let interval = wilson(a * na as f64, na);
        changes.push(Change {
            figure: Figure::Ending(tag),
            before: b,
            after: a,
            interval: Some((interval.low, interval.high)),
            z: z(b, a, share_se(b, nb), share_se(a, na)),
        });
    }
    changes.sort_by(|x, y| y.z.abs().total_cmp(&x.z.abs()));
    changes
}

/// The change that matters most, if the bots can tell any from chance.
pub fn most_changed(before: &Figures, after: &Figures) -> Option<Change> {
    compare(before, after)
        .into_iter()
        .next()
        .filter(Change::significant)
}

/// A balance card: a variant's figures beside those of the variant it
/// started from, and every change between them, largest first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Card {
    /// The new variant's figures.
    pub variant: Figures,
    /// The figures of the variant it started from.
    pub against: Figures,
    /// Every figure set beside the other, the largest change first.
    pub changes: Vec<Change>,
    /// The change that matters most, if the bots can tell any from chance.
    pub most_changed: Option<Change>,
}

impl Card {
    /// The card of two finished runs.
    pub fn of(variant: Figures, against: Figures) -> Self {
        Self {
            changes: compare(&against, &variant),
            most_changed: most_changed(&against, &variant),
            variant,
            against,
        }
    }
}

/// The options of the run that stands beside `options`: the same bots,
/// seats, seed, matches and pace, with the rules `against`.
pub fn against_options(options: &BalanceOptions, against: &str) -> BalanceOptions {
    BalanceOptions {
        rules: against.to_owned(),
        ..options.clone()
    }
}

/// A balance card played a slice at a time: the new variant's matches,
/// then those of the variant it started from. Cancelling is dropping it.
pub struct CardRun<G: HouseRules> {
    variant: Balance<G>,
    against: Balance<G>,
}

impl<G: HouseRules> CardRun<G> {
    /// A card of `options` beside the rules `against` (the variant the
    /// new one started from), nothing played yet.
    pub fn new(options: &BalanceOptions, against: &str) -> Result<Self, BalanceError> {
        Ok(Self {
            variant: Balance::new(options)?,
            against: Balance::new(&against_options(options, against))?,
        })
    }

    /// Plays about `work` moves; then how many matches of both runs are over.
    pub fn step(&mut self, work: usize) -> Result<Progress, BalanceError> {
        let mut progress = self.variant.step(work)?;
        if progress.finished() {
            let more = self.against.step(work)?;
            progress = Progress {
                done: progress.done + more.done,
                of: progress.of + more.of,
            };
        } else {
            progress.of += self.against.progress().of;
        }
        Ok(progress)
    }

    /// The card, once both runs are over.
    pub fn card(&self) -> Option<Card> {
        Some(Card::of(self.variant.figures()?, self.against.figures()?))
    }
}

/// Plays a whole card on `threads` worker threads, as [`run`] does, the
/// progress counting the matches of both runs; `None` once cancelled.
/// The card is the same as a [`CardRun`]'s for the same options.
pub fn run_card<G: HouseRules>(
    options: &BalanceOptions,
    against: &str,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
    cancel: &AtomicBool,
) -> Result<Option<Card>, BalanceError> {
    let of = 2 * options.games;
    // Both runs are checked before either is played.
    Plan::<G>::new(&against_options(options, against))?;
    let first = |p: Progress| progress(Progress { done: p.done, of });
    let Some(variant) = run::<G>(options, threads, &first, cancel)? else {
        return Ok(None);
    };
    let second = |p: Progress| {
        progress(Progress {
            done: options.games + p.done,
            of,
        })
    };
    let against_options = against_options(options, against);
    let Some(against) = run::<G>(&against_options, threads, &second, cancel)? else {
        return Ok(None);
    };
    Ok(Some(Card::of(variant, against)))
}
