//! A whole match reviewed: every decision of every seat weighed by the
//! game's [`Analyse`], and per seat its accuracy, its grades and its luck.
//!
//! Each decision is weighed from its seat's views only, with guesses drawn
//! from the review's seed and the move's index, so the review is the same
//! whichever thread — or frame, for [`Stepper`] — weighs which decision.

use std::collections::BTreeMap;
use std::time::Duration;

use rayon::prelude::*;
use serde_json::{Value, json};

use super::analysis::{
    Analyse, Analysis, AnalysisError, Analyst, Budget, Grade, SliceClock, accuracy_of_loss,
};
use super::game::{Game, Seat};
use super::matches::Match;
use super::record::{Record, RecordError};
use super::selfplay::deal_seed;

/// One decision of a match: the seat's view before it, the move, and the
/// seat's view just after (with what it drew).
#[derive(Clone, Debug)]
pub struct Decision<G: Game> {
    /// The move's index in the record.
    pub index: usize,
    /// The seat that moved.
    pub seat: Seat,
    /// What the seat saw.
    pub before: G::View,
    /// The move.
    pub played: G::Move,
    /// What the seat saw once the move was played.
    pub after: G::View,
}

/// Every decision of a record, each move checked by the rules as it is
/// replayed. `variants` finds a variant's rules by name.
pub fn decisions<G: Game>(
    record: &Record,
    variants: impl Fn(&str) -> Option<G::Config>,
) -> Result<Vec<Decision<G>>, RecordError> {
    let mut game = Match::<G>::start_of_record(record, variants)?;
    let mut out = Vec::with_capacity(record.moves.len());
    for index in 0..record.moves.len() {
        let (seat, mv) = Match::<G>::move_of_record(record, index)?;
        let before = game.view(seat);
        game.submit(seat, mv.clone())
            .map_err(|e| RecordError::Illegal {
                index,
                seat,
                reason: e.to_string(),
            })?;
        out.push(Decision {
            index,
            seat,
            before,
            played: mv,
            after: game.view(seat),
        });
    }
    Ok(out)
}

/// The budget of decision `index`: the review's, with a seed of its own.
pub fn budget_of(budget: Budget, index: usize) -> Budget {
    Budget {
        seed: deal_seed(budget.seed, index as u64),
        ..budget
    }
}

/// An analyst for one decision of a review.
pub fn analyst_of<G: Analyse>(
    decision: &Decision<G>,
    budget: Budget,
) -> Result<Box<dyn Analyst<G>>, AnalysisError> {
    G::analyst(
        &decision.before,
        &decision.played,
        Some(&decision.after),
        budget_of(budget, decision.index),
    )
}

/// One decision weighed, or why it could not be.
#[derive(Debug)]
pub struct Reviewed<G: Game> {
    /// The move's index in the record.
    pub index: usize,
    /// The seat.
    pub seat: Seat,
    /// The move played.
    pub played: G::Move,
    /// The analysis, or why there is none.
    pub analysis: Result<Analysis<G::Move>, AnalysisError>,
}

// Written out because a derive would ask for `G: Clone`.
impl<G: Game> Clone for Reviewed<G> {
    fn clone(&self) -> Self {
        Self {
            index: self.index,
            seat: self.seat,
            played: self.played.clone(),
            analysis: self.analysis.clone(),
        }
    }
}

/// A seat's figures over the match.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatSummary {
    /// The seat.
    pub seat: Seat,
    /// The mean of its graded decisions' accuracies (forced and decided
    /// ones left out), or `None` with none graded.
    pub accuracy: Option<f64>,
    /// Its decisions in each grade.
    pub grades: BTreeMap<Grade, usize>,
    /// Its decisions that could not be weighed.
    pub unanalysed: usize,
    /// The luck of its draws, summed, in points of winning chance.
    pub luck: f64,
    /// The standard error of that sum.
    pub luck_se: f64,
    /// How many draws it made.
    pub draws: usize,
}

/// A reviewed match.
#[derive(Debug)]
pub struct Review<G: Game> {
    /// The seats.
    pub players: usize,
    /// What it was reviewed with.
    pub budget: Budget,
    /// Every decision in order.
    pub decisions: Vec<Reviewed<G>>,
}

impl<G: Game> Review<G> {
    /// Each seat's figures.
    pub fn summaries(&self) -> Vec<SeatSummary> {
        (0..self.players)
            .map(|seat| {
                let mut grades: BTreeMap<Grade, usize> =
                    Grade::ALL.iter().map(|&g| (g, 0)).collect();
                let (mut accuracy, mut graded, mut unanalysed) = (0.0, 0usize, 0usize);
                let (mut luck, mut luck_var, mut draws) = (0.0, 0.0, 0usize);
                for d in self.decisions.iter().filter(|d| d.seat == seat) {
                    let Ok(a) = &d.analysis else {
                        unanalysed += 1;
                        continue;
                    };
                    let grade = a.grade();
                    *grades.entry(grade).or_default() += 1;
                    if !matches!(grade, Grade::Forced | Grade::Decided) {
                        accuracy += accuracy_of_loss(a.loss());
                        graded += 1;
                    }
                    if let Some(l) = a.luck {
                        luck += l.points;
                        luck_var += l.se * l.se;
                        draws += 1;
                    }
                }
                SeatSummary {
                    seat,
                    accuracy: (graded > 0).then(|| accuracy / graded as f64),
                    grades,
                    unanalysed,
                    luck,
                    luck_se: luck_var.sqrt(),
                    draws,
                }
            })
            .collect()
    }

    /// The review as `parlour review` prints it.
    pub fn to_json(&self) -> Value {
        let round = |x: f64, places: i32| {
            let f = 10f64.powi(places);
            (x * f).round() / f
        };
        let estimate = |e: &super::analysis::Estimate| {
            let mut v = json!({
                "win": round(e.win, 4),
                "win_se": round(e.win_se, 4),
            });
            if let (Some(m), Some(se)) = (e.margin, e.margin_se) {
                v["margin"] = json!(round(m, 2));
                v["margin_se"] = json!(round(se, 2));
            }
            v["samples"] = json!(e.samples);
            v
        };
        let decisions: Vec<Value> = self
            .decisions
            .iter()
            .map(|d| {
                let played = serde_json::to_value(&d.played).unwrap_or(Value::Null);
                match &d.analysis {
                    Err(e) => json!({
                        "index": d.index,
                        "seat": d.seat,
                        "played": played,
                        "grade": Value::Null,
                        "unanalysed": e.to_string(),
                    }),
                    Ok(a) => {
                        let mut v = json!({
                            "index": d.index,
                            "seat": d.seat,
                            "played": played,
                            "best": serde_json::to_value(&a.best().mv).unwrap_or(Value::Null),
                            "played_estimate": estimate(&a.played().estimate),
                            "best_estimate": estimate(&a.best().estimate),
                            "loss": round(a.loss(), 2),
                            "loss_se": round(a.loss_se, 2),
                            "grade": a.grade().name(),
                            "mark": a.grade().mark(),
                            "method": a.method,
                            "candidates": a.candidates.len(),
                        });
                        if let Some(note) = &a.played().note {
                            v["played_note"] = json!(note);
                        }
                        if let Some(note) = &a.best().note {
                            v["best_note"] = json!(note);
                        }
                        if let Some(l) = a.luck {
                            v["luck"] = json!({"points": round(l.points, 2), "se": round(l.se, 2)});
                        }
                        v
                    }
                }
            })
            .collect();
        let seats: Vec<Value> = self
            .summaries()
            .into_iter()
            .map(|s| {
                let grades: serde_json::Map<String, Value> = s
                    .grades
                    .iter()
                    .map(|(g, n)| (g.name().to_owned(), json!(n)))
                    .collect();
                json!({
                    "seat": s.seat,
                    "accuracy": s.accuracy.map(|a| round(a, 1)),
                    "grades": grades,
                    "unanalysed": s.unanalysed,
                    "luck": round(s.luck, 2),
                    "luck_se": round(s.luck_se, 2),
                    "draws": s.draws,
                })
            })
            .collect();
        json!({
            "game": G::NAME,
            "players": self.players,
            "budget": self.budget.guesses,
            "seed": self.budget.seed,
            "seats": seats,
            "decisions": decisions,
        })
    }
}

/// Weighs one decision to the end.
pub fn weigh<G: Analyse>(decision: &Decision<G>, budget: Budget) -> Reviewed<G> {
    Reviewed {
        index: decision.index,
        seat: decision.seat,
        played: decision.played.clone(),
        analysis: analyst_of(decision, budget).map(|mut a| a.finish()),
    }
}

/// Reviews `decisions` on `threads` worker threads (0: one per core, 1:
/// this thread only), calling `progress` with the number done after each.
/// The result does not depend on `threads`.
pub fn review<G: Analyse>(
    players: usize,
    decisions: &[Decision<G>],
    budget: Budget,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Review<G>, String> {
    let done = std::sync::atomic::AtomicUsize::new(0);
    let one = |d: &Decision<G>| {
        let r = weigh(d, budget);
        progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
        r
    };
    let reviewed: Vec<Reviewed<G>> = if threads == 1 {
        decisions.iter().map(one).collect()
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| e.to_string())?;
        // One decision a task: their costs differ a hundredfold.
        pool.install(|| decisions.par_iter().with_max_len(1).map(one).collect())
    };
    Ok(Review {
        players,
        budget,
        decisions: reviewed,
    })
}

/// A review weighed a slice at a time, for a host whose one thread draws
/// the frames too: each call thinks for about its slice and says how far
/// it has come; finished decisions can be read as they come.
pub struct Stepper<G: Analyse> {
    players: usize,
    budget: Budget,
    decisions: Vec<Decision<G>>,
    done: Vec<Reviewed<G>>,
    current: Option<Box<dyn Analyst<G>>>,
}

impl<G: Analyse> Stepper<G> {
    /// A review of `decisions`, nothing weighed yet.
    pub fn new(players: usize, decisions: Vec<Decision<G>>, budget: Budget) -> Self {
        Self {
            players,
            budget,
            decisions,
            done: Vec::new(),
            current: None,
        }
    }

    /// Thinks for about `slice`; then how many decisions are done, of how many.
    pub fn step(&mut self, slice: Duration) -> (usize, usize) {
        let clock = SliceClock::start(slice);
        while self.done.len() < self.decisions.len() {
            let d = &self.decisions[self.done.len()];
            let analyst = match self.current.as_mut() {
                Some(a) => a,
                None => match analyst_of(d, self.budget) {
                    Ok(a) => self.current.insert(a),
                    Err(e) => {
                        self.done.push(Reviewed {
                            index: d.index,
                            seat: d.seat,
                            played: d.played.clone(),
                            analysis: Err(e),
                        });
                        continue;
                    }
                },
            };
            if let Some(analysis) = analyst.think(clock.left()) {
                self.done.push(Reviewed {
                    index: d.index,
                    seat: d.seat,
                    played: d.played.clone(),
                    analysis: Ok(analysis),
                });
                self.current = None;
            }
            if clock.over() {
                break;
            }
        }
        (self.done.len(), self.decisions.len())
    }

    /// The decisions weighed so far, in order.
    pub fn done(&self) -> &[Reviewed<G>] {
        &self.done
    }

    /// The review, once every decision is weighed.
    pub fn review(&self) -> Option<Review<G>> {
        (self.done.len() == self.decisions.len()).then(|| Review {
            players: self.players,
            budget: self.budget,
            decisions: self.done.clone(),
        })
    }
}

/// How long one match took to review.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewTime {
    /// The review's time, on this thread alone.
    pub seconds: f64,
    /// The match's moves.
    pub moves: usize,
    /// Each step's time in seconds: what a frame of a page spends on it.
    pub steps: Vec<f64>,
}

/// Plays `games` seeded matches of `bots` (as `parlour selfplay --seed
/// SEED` plays them) and times the review of each on this thread, with the
/// budget a review on screen uses (the game's own, seed 0), stepped as a
/// page steps it, `slice` a frame: what a page, which has no threads,
/// spends on a whole match across its frames, and on its longest frame.
/// The desktop and the page run this same code on the same moves.
pub fn time_reviews<G: Analyse>(
    bots: &[String],
    games: usize,
    seed: u64,
    slice: Duration,
) -> Result<Vec<ReviewTime>, String> {
    let config = G::variant("standard").map_err(|e| e.to_string())?;
    let budget = Budget {
        guesses: G::GUESSES,
        seed: 0,
    };
    (0..games)
        .map(|index| {
            let played = super::selfplay::play_one::<G>(&config, "standard", bots, seed, index)
                .map_err(|e| e.to_string())?;
            let record = played.game.record();
            let decisions =
                decisions::<G>(&record, |v| G::variant(v).ok()).map_err(|e| e.to_string())?;
            let mut stepper = Stepper::new(bots.len(), decisions, budget);
            let mut steps = Vec::new();
            let started = web_time::Instant::now();
            loop {
                let step = web_time::Instant::now();
                let (done, of) = stepper.step(slice);
                steps.push(step.elapsed().as_secs_f64());
                if done == of {
                    break;
                }
            }
            Ok(ReviewTime {
                seconds: started.elapsed().as_secs_f64(),
                moves: record.moves.len(),
                steps,
            })
        })
        .collect()
}

/// The figures of [`time_reviews`]: matches, the median and slowest
/// review in seconds, the mean moves a match, and the steps' time in
/// milliseconds (median, 99th percentile, slowest): a page's frame spends
/// a step.
pub fn review_time_figures(times: &[ReviewTime]) -> Value {
    let mut seconds: Vec<f64> = times.iter().map(|t| t.seconds).collect();
    seconds.sort_by(f64::total_cmp);
    let mut steps: Vec<f64> = times.iter().flat_map(|t| t.steps.iter().copied()).collect();
    steps.sort_by(f64::total_cmp);
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    let ms = |q: f64| {
        let at = ((steps.len() as f64 - 1.0) * q).round() as usize;
        steps.get(at).map(|s| round(s * 1000.0))
    };
    let moves = times.iter().map(|t| t.moves).sum::<usize>() as f64 / times.len().max(1) as f64;
    json!({
        "matches": times.len(),
        "median_seconds": seconds.get(seconds.len() / 2).copied().map(round),
        "slowest_seconds": seconds.last().copied().map(round),
        "mean_moves": round(moves),
        "steps": steps.len(),
        "step_ms": { "median": ms(0.5), "p99": ms(0.99), "slowest": ms(1.0) },
    })
}
