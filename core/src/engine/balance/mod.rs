//! How does a variant play? Bots play it against each other, seats rotated
//! as in self-play, and the figures of a balance card come out: the first
//! player's win share with its 95 % interval, the match's length, the
//! score spread and how matches end.
//!
//! A [`Balance`] is played a slice at a time ([`Balance::step`], for a
//! host whose one thread draws the frames too) or all at once on worker
//! threads ([`run`]); for a seed and a number of matches the figures are
//! the same however the work is sliced or shared, as each match is dealt
//! and seated from its own index, and the figures are made from whole
//! sums. A bot that thinks by the clock would make them depend on the
//! machine, so such bots are refused: name a work budget instead.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use rayon::prelude::*;
use serde::Serialize;

use super::game::{Bot, Game, Phase, Seat};
use super::matches::Match;
use super::options::HouseRules;
use super::selfplay::{deal_seed, seating};

mod card;

pub use card::{Card, CardRun, Change, Figure, compare, most_changed, run_card};

/// What to play.
#[derive(Clone, Debug, PartialEq)]
pub struct BalanceOptions {
    /// The variant's rules string (`standard,penalty=1`).
    pub rules: String,
    /// One bot name per seat, or one name for every seat.
    pub bots: Vec<String>,
    /// The number of seats (the number of bot names when not given, two
    /// for a single name).
    pub players: Option<usize>,
    /// How many matches.
    pub games: usize,
    /// The seed the deals are drawn from.
    pub seed: u64,
    /// The table's pace: the time a move takes at a real table. A match's
    /// minutes are its moves at this pace, and a match played for an
    /// agreed time is told this much time per move.
    pub pace: Duration,
}

impl Default for BalanceOptions {
    /// 200 matches of `standard` between `greedy` bots, two seats, seed 0,
    /// 10 seconds a move.
    fn default() -> Self {
        Self {
            rules: "standard".into(),
            bots: vec!["greedy".into()],
            players: None,
            games: 200,
            seed: 0,
            pace: Duration::from_secs(10),
        }
    }
}

/// Why a balance run could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BalanceError {
    /// A bad option: rules the game refuses, an unknown bot, a wrong number of seats.
    #[error("{0}")]
    Options(String),
    /// A bot chose a move the rules refused: a bug in the bot.
    #[error("bot {bot:?} in seat {seat} played an illegal move in match {game}: {reason}")]
    IllegalBotMove {
        /// The match number.
        game: usize,
        /// The seat.
        seat: Seat,
        /// The bot's name.
        bot: String,
        /// The rules' reason.
        reason: String,
    },
    /// A match that did not end within the game's bound.
    #[error("match {0} did not end within the game's move bound")]
    Endless(usize),
}

/// How far a run has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Progress {
    /// Matches over.
    pub done: usize,
    /// Matches in all.
    pub of: usize,
}

impl Progress {
    /// Whether every match is over.
    pub fn finished(self) -> bool {
        self.done >= self.of
    }

    /// The share done, from 0 to 1.
    pub fn fraction(self) -> f64 {
        if self.of == 0 {
            1.0
        } else {
            self.done as f64 / self.of as f64
        }
    }
}

/// A mean with its spread.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Spread {
    /// The mean.
    pub mean: f64,
    /// The standard deviation of one match's value.
    pub sd: f64,
    /// The least.
    pub min: i64,
    /// The greatest.
    pub max: i64,
}

impl Spread {
    /// The standard error of the mean over `n` matches.
    pub fn se(&self, n: usize) -> f64 {
        self.sd / (n.max(1) as f64).sqrt()
    }
}

/// A share of the matches with its 95 % interval (Wilson's, right near 0
/// and 1 as well).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Share {
    /// The share, from 0 to 1.
    pub share: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}

/// Wilson's 95 % interval for `successes` out of `n` (a shared win counts
/// as its part).
pub fn wilson(successes: f64, n: usize) -> Share {
    if n == 0 {
        return Share {
            share: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let n = n as f64;
    let p = successes / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    Share {
        share: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The figures of a balance card, printed as JSON by `parlour balance`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figures {
    /// The game.
    pub game: &'static str,
    /// The variant's rules string.
    pub rules: String,
    /// Seats per match.
    pub players: usize,
    /// Matches played.
    pub games: usize,
    /// The base seed.
    pub seed: u64,
    /// The bots, by entry (seats rotate).
    pub bots: Vec<String>,
    /// The table's pace, in seconds a move.
    pub pace_seconds: f64,
    /// The win share of the seat that moved first in play (its part of a
    /// shared win counted; seats that move at once in seat order), with
    /// its 95 % interval.
    pub first_seat: Share,
    /// The win share of each place in the order of play, first mover first.
    pub win_share_by_order: Vec<f64>,
    /// Matches whose win was shared.
    pub shared_wins: usize,
    /// Moves a match.
    pub moves: Spread,
    /// Minutes a match at the table's pace.
    pub minutes: f64,
    /// The score spread: the winner's score less the runner-up's, a match.
    pub margin: Spread,
    /// Each seat's mean final score.
    pub mean_score_per_seat: Vec<f64>,
    /// How many matches ended each way ([`HouseRules::endings`]), by tag.
    pub endings: BTreeMap<&'static str, usize>,
}

/// A won match's share, in whole units: 1/1, 1/2, 1/3 and 1/4 of it are
/// whole multiples of 1/12, so the shares add up exactly in any order.
const SHARE: u64 = 12;

/// The running sums of a run: whole numbers, so that the order in which
/// matches are added changes nothing.
#[derive(Clone, Debug, Default, PartialEq)]
struct Totals {
    games: usize,
    /// Win shares (in 1/[`SHARE`]s) by place in the order of play.
    by_order: Vec<u64>,
    shared_wins: usize,
    moves: Sums,
    margin: Sums,
    score_per_seat: Vec<i64>,
    endings: BTreeMap<&'static str, usize>,
}

/// A (sum, sum of squares, least, greatest) of one figure over matches.
type Sums = (i128, i128, i64, i64);

/// Adds `x` to `sums`; `first` for the first match.
fn add_to(sums: &mut Sums, first: bool, x: i64) {
    sums.0 += i128::from(x);
    sums.1 += i128::from(x) * i128::from(x);
    if first {
        (sums.2, sums.3) = (x, x);
    } else {
        sums.2 = sums.2.min(x);
        sums.3 = sums.3.max(x);
    }
}

/// `a` and `b` together.
fn merge_sums(a: &mut Sums, b: &Sums) {
    a.0 += b.0;
    a.1 += b.1;
    a.2 = a.2.min(b.2);
    a.3 = a.3.max(b.3);
}

/// What one finished match adds.
struct Finished {
    /// The seats in the order they first moved in play.
    order: Vec<Seat>,
    winners: Vec<Seat>,
    scores: Vec<i64>,
    moves: usize,
    endings: Vec<&'static str>,
}

impl Totals {
    fn new(players: usize) -> Self {
        Self {
            by_order: vec![0; players],
            score_per_seat: vec![0; players],
            ..Self::default()
        }
    }

    fn add(&mut self, m: &Finished) {
        let first = self.games == 0;
        self.games += 1;
        if m.winners.len() > 1 {
            self.shared_wins += 1;
        }
        for (place, seat) in m.order.iter().enumerate() {
            if m.winners.contains(seat) {
                self.by_order[place] += SHARE / m.winners.len() as u64;
            }
        }
        add_to(&mut self.moves, first, m.moves as i64);
        let mut sorted = m.scores.clone();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let margin = sorted.first().copied().unwrap_or(0) - sorted.get(1).copied().unwrap_or(0);
        add_to(&mut self.margin, first, margin);
        for (sum, score) in self.score_per_seat.iter_mut().zip(&m.scores) {
            *sum += score;
        }
        for &tag in &m.endings {
            *self.endings.entry(tag).or_default() += 1;
        }
    }

    fn merge(mut self, other: Self) -> Self {
        if other.games == 0 {
            return self;
        }
        if self.games == 0 {
            return other;
        }
        self.games += other.games;
        for (a, b) in self.by_order.iter_mut().zip(&other.by_order) {
            *a += b;
        }
        self.shared_wins += other.shared_wins;
        merge_sums(&mut self.moves, &other.moves);
        merge_sums(&mut self.margin, &other.margin);
        for (a, b) in self.score_per_seat.iter_mut().zip(&other.score_per_seat) {
            *a += b;
        }
        for (tag, n) in other.endings {
            *self.endings.entry(tag).or_default() += n;
        }
        self
    }
}

fn spread(sum: f64, squares: f64, min: i64, max: i64, n: usize) -> Spread {
    let n = n.max(1) as f64;
    let mean = sum / n;
    Spread {
        mean,
        sd: (squares / n - mean * mean).max(0.0).sqrt(),
        min,
        max,
    }
}

/// A run's settings, checked.
pub(crate) struct Plan<G: Game> {
    options: BalanceOptions,
    config: G::Config,
    bots: Vec<String>,
}

impl<G: HouseRules> Plan<G> {
    pub(crate) fn new(options: &BalanceOptions) -> Result<Self, BalanceError> {
        let refuse = |e: String| BalanceError::Options(e);
        let config = G::variant(&options.rules).map_err(|e| refuse(e.to_string()))?;
        let players = options.players.unwrap_or(options.bots.len().max(2)).max(1);
        let seats = G::seats(&config);
        if !seats.contains(&players) {
            return Err(refuse(format!(
                "{} is played by {} to {} players, not {players}",
                G::TITLE,
                seats.start(),
                seats.end()
            )));
        }
        let bots: Vec<String> = match options.bots.len() {
            1 => vec![options.bots[0].clone(); players],
            n if n == players => options.bots.clone(),
            n => {
                return Err(refuse(format!(
                    "{n} bots for {players} seats: name one bot per seat, or one bot for all"
                )));
            }
        };
        for name in &bots {
            let bot = G::bot(name, 0).map_err(|e| refuse(e.to_string()))?;
            if bot.time_limit().is_some() {
                return Err(refuse(format!(
                    "bot {name:?} thinks by the clock, so the figures would depend on the machine: give it a work budget"
                )));
            }
        }
        Ok(Self {
            options: options.clone(),
            config,
            bots,
        })
    }

    fn players(&self) -> usize {
        self.bots.len()
    }

    /// Match `index`, dealt and seated as self-play deals and seats it.
    fn start(&self, index: usize) -> Result<Running<G>, BalanceError> {
        let players = self.players();
        let (deal, seat_of) = seating(index, players);
        let seed = deal_seed(self.options.seed, deal);
        let game = Match::<G>::new(
            &self.options.rules,
            self.config.clone(),
            players,
            seed,
            None,
        )
        .map_err(|e| BalanceError::Options(e.to_string()))?;
        let mut seated: Vec<Option<Box<dyn Bot<G>>>> = (0..players).map(|_| None).collect();
        for (entry, name) in self.bots.iter().enumerate() {
            let seat = seat_of[entry];
            let bot = G::bot(name, deal_seed(seed, 1000 + seat as u64))
                .map_err(|e| BalanceError::Options(e.to_string()))?;
            seated[seat] = Some(bot);
        }
        Ok(Running {
            index,
            game,
            seated,
            order: Vec::new(),
        })
    }

    /// Plays up to `work` moves of `running`; the match's figures once it is over.
    fn play(
        &self,
        running: &mut Running<G>,
        work: &mut usize,
    ) -> Result<Option<Finished>, BalanceError> {
        let bound = G::move_bound(&self.config, self.players());
        let pace = self.options.pace.as_secs_f64();
        let timed = running.game.is_timed();
        while !running.game.is_over() {
            if *work == 0 {
                return Ok(None);
            }
            if running.game.moves().len() >= bound {
                return Err(BalanceError::Endless(running.index));
            }
            let awaiting = running.game.awaiting();
            if running.game.phase() == Phase::Play {
                for &seat in &awaiting {
                    if !running.order.contains(&seat) {
                        running.order.push(seat);
                    }
                }
            }
            for seat in awaiting {
                let Some(bot) = running.seated[seat].as_mut() else {
                    continue;
                };
                let mv = bot.choose(&running.game.view(seat));
                let name = bot.name();
                let submitted = if timed {
                    let used = (running.game.moves().len() as f64 * pace) as u64;
                    running.game.submit_at(seat, mv, used)
                } else {
                    running.game.submit(seat, mv)
                };
                submitted.map_err(|e| BalanceError::IllegalBotMove {
                    game: running.index,
                    seat,
                    bot: name.to_owned(),
                    reason: e.to_string(),
                })?;
                *work -= 1;
            }
        }
        let mut order = running.order.clone();
        for seat in 0..self.players() {
            if !order.contains(&seat) {
                order.push(seat);
            }
        }
        Ok(Some(Finished {
            order,
            winners: running.game.winners(),
            scores: running.game.scores(),
            moves: running.game.moves().len(),
            endings: G::endings(running.game.state()),
        }))
    }

    fn figures(&self, totals: &Totals) -> Figures {
        let n = totals.games;
        let shares: Vec<f64> = totals
            .by_order
            .iter()
            .map(|&s| s as f64 / SHARE as f64 / n.max(1) as f64)
            .collect();
        let first = totals.by_order.first().copied().unwrap_or(0) as f64 / SHARE as f64;
        let moves = spread(
            totals.moves.0 as f64,
            totals.moves.1 as f64,
            totals.moves.2,
            totals.moves.3,
            n,
        );
        let pace = self.options.pace.as_secs_f64();
        Figures {
            game: G::NAME,
            rules: self.options.rules.clone(),
            players: self.players(),
            games: n,
            seed: self.options.seed,
            bots: self.bots.clone(),
            pace_seconds: pace,
            first_seat: wilson(first, n),
            win_share_by_order: shares,
            shared_wins: totals.shared_wins,
            minutes: moves.mean * pace / 60.0,
            moves,
            margin: spread(
                totals.margin.0 as f64,
                totals.margin.1 as f64,
                totals.margin.2,
                totals.margin.3,
                n,
            ),
            mean_score_per_seat: totals
                .score_per_seat
                .iter()
                .map(|&s| s as f64 / n.max(1) as f64)
                .collect(),
            endings: totals.endings.clone(),
        }
    }
}

/// A match being played.
struct Running<G: Game> {
    index: usize,
    game: Match<G>,
    seated: Vec<Option<Box<dyn Bot<G>>>>,
    order: Vec<Seat>,
}

/// A balance run played a slice at a time. Cancelling is dropping it.
pub struct Balance<G: HouseRules> {
    plan: Plan<G>,
    next: usize,
    running: Option<Running<G>>,
    totals: Totals,
}

impl<G: HouseRules> Balance<G> {
    /// A run of `options`, nothing played yet; refused for rules the game
    /// does not read, unknown bots, bots that think by the clock or a
    /// wrong number of seats.
    pub fn new(options: &BalanceOptions) -> Result<Self, BalanceError> {
        let plan = Plan::<G>::new(options)?;
        let totals = Totals::new(plan.players());
        Ok(Self {
            plan,
            next: 0,
            running: None,
            totals,
        })
    }

    /// Plays about `work` moves (a bot's move is the unit of work; a match
    /// once over is counted at once), then says how far the run has come.
    pub fn step(&mut self, work: usize) -> Result<Progress, BalanceError> {
        let mut work = work;
        while work > 0 && self.totals.games < self.plan.options.games {
            let running = match self.running.as_mut() {
                Some(r) => r,
                None => {
                    let r = self.plan.start(self.next)?;
                    self.next += 1;
                    self.running.insert(r)
                }
            };
            if let Some(finished) = self.plan.play(running, &mut work)? {
                self.totals.add(&finished);
                self.running = None;
            }
        }
        Ok(self.progress())
    }

    /// How far the run has come.
    pub fn progress(&self) -> Progress {
        Progress {
            done: self.totals.games,
            of: self.plan.options.games,
        }
    }

    /// The figures of the matches over so far.
    pub fn figures_so_far(&self) -> Figures {
        self.plan.figures(&self.totals)
    }

    /// The figures, once every match is over.
    pub fn figures(&self) -> Option<Figures> {
        self.progress()
            .finished()
            .then(|| self.plan.figures(&self.totals))
    }
}

/// Plays a whole run on `threads` worker threads (0: one per core, 1: this
/// thread only), calling `progress` as matches end; stops early, with
/// `None`, once `cancel` is set. The figures do not depend on `threads`.
pub fn run<G: HouseRules>(
    options: &BalanceOptions,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
    cancel: &AtomicBool,
) -> Result<Option<Figures>, BalanceError> {
    let plan = Plan::<G>::new(options)?;
    let players = plan.players();
    let games = options.games;
    let done = AtomicUsize::new(0);
    let one = |index: usize| -> Result<Option<Finished>, BalanceError> {
        if cancel.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let mut running = plan.start(index)?;
        let mut work = usize::MAX;
        let finished = plan.play(&mut running, &mut work)?;
        let done = done.fetch_add(1, Ordering::Relaxed) + 1;
        progress(Progress { done, of: games });
        Ok(finished)
    };
    let fold =
        |totals: Result<Totals, BalanceError>, index: usize| -> Result<Totals, BalanceError> {
            let mut totals = totals?;
            if let Some(finished) = one(index)? {
                totals.add(&finished);
            }
            Ok(totals)
        };
    let merge = |a: Result<Totals, BalanceError>,
                 b: Result<Totals, BalanceError>|
     -> Result<Totals, BalanceError> { Ok(a?.merge(b?)) };
    let totals = if threads == 1 {
        (0..games).fold(Ok(Totals::new(players)), fold)
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| BalanceError::Options(e.to_string()))?;
        pool.install(|| {
            (0..games)
                .into_par_iter()
                .with_max_len(1)
                .fold(|| Ok(Totals::new(players)), fold)
                .reduce(|| Ok(Totals::new(players)), merge)
        })
    }?;
    if cancel.load(Ordering::Relaxed) || totals.games < games {
        return Ok(None);
    }
    Ok(Some(plan.figures(&totals)))
}
