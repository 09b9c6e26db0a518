//! Headless matches between bots, and the summary of a tournament.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use web_time::Instant;

use rayon::prelude::*;
use serde::Serialize;

use super::game::{Game, Seat};
use super::matches::Match;
use super::record::Record;

/// What to play.
#[derive(Clone, Debug)]
pub struct Options {
    /// The variant's name.
    pub variant: String,
    /// One bot name per seat, or one name for every seat.
    pub bots: Vec<String>,
    /// How many matches.
    pub games: usize,
    /// The seed the deals are drawn from.
    pub seed: u64,
    /// The number of seats (the number of bot names when not given).
    pub players: Option<usize>,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// Where to write each match's record, if anywhere.
    pub records: Option<PathBuf>,
    /// Read the peak memory once this many matches are over, as well as at
    /// the end, so that growth over a long run shows (0: at the end only).
    pub memory_after: usize,
}

impl Default for Options {
    /// One match of `standard` between `random` bots, two seats, seed 0, one
    /// thread per core, no records, memory read after 100 matches.
    fn default() -> Self {
        Self {
            variant: "standard".into(),
            bots: vec!["random".into(), "random".into()],
            games: 1,
            seed: 0,
            players: None,
            threads: 0,
            records: None,
            memory_after: 100,
        }
    }
}

/// Why a tournament could not be played.
#[derive(Debug, thiserror::Error)]
pub enum SelfplayError {
    /// A bad option: unknown variant or bot, wrong number of bots or seats.
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
    /// A record could not be written.
    #[error("could not write a record: {0}")]
    Io(String),
}

/// One bot's results over the tournament (all its seats together).
#[derive(Clone, Debug, Serialize)]
pub struct BotSummary {
    /// The bot's name.
    pub bot: String,
    /// The seat it sat in before rotation (its position in `--bots`).
    pub entry: usize,
    /// Matches it won alone.
    pub wins: usize,
    /// Matches whose win it shared.
    pub shared_wins: usize,
    /// (wins + shared wins split between the sharers) / games.
    pub win_rate: f64,
    /// Its mean final score.
    pub mean_score: f64,
    /// Its mean thinking time per move, in milliseconds.
    pub mean_ms_per_move: f64,
    /// What its thinking cost in all, for a bot that searches by a budget
    /// of work: moves searched, playouts, and searches the safety cap on
    /// time cut short (0 where the machine kept up with the budget).
    pub effort: super::Effort,
}

/// A tournament's summary, printed as JSON by `parlour selfplay`.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The game.
    pub game: &'static str,
    /// The variant.
    pub variant: String,
    /// Seats per match.
    pub players: usize,
    /// Matches played.
    pub games: usize,
    /// The base seed.
    pub seed: u64,
    /// Per bot entry.
    pub bots: Vec<BotSummary>,
    /// Matches won alone by whoever sat in each seat.
    pub wins_per_seat: Vec<usize>,
    /// Mean final score of each seat.
    pub mean_score_per_seat: Vec<f64>,
    /// Matches whose win was shared.
    pub shared_wins: usize,
    /// Mean number of moves per match.
    pub mean_moves: f64,
    /// Wall-clock seconds for the whole tournament.
    pub seconds: f64,
    /// Matches per second.
    pub games_per_second: f64,
    /// Worker threads used.
    pub threads: usize,
    /// The process's peak resident memory, early and at the end (where the
    /// system tells it: Linux).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_memory: Option<PeakMemory>,
}

/// The process's peak resident memory (its high-water mark) early in a
/// tournament and at its end: if matches left memory behind, the end figure
/// would grow with the number of matches.
#[derive(Clone, Debug, Serialize)]
pub struct PeakMemory {
    /// How many matches were over when `early_mib` was read.
    pub after_matches: usize,
    /// The peak, in MiB, once `after_matches` matches were over.
    pub early_mib: f64,
    /// The peak, in MiB, at the end.
    pub end_mib: f64,
}

/// The process's peak resident memory so far, in MiB: `VmHWM` of
/// `/proc/self/status` on Linux; `None` elsewhere or if it cannot be read.
pub fn peak_resident_mib() -> Option<f64> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// The result of one match, seen from the bots' entries.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The finished match.
    pub game: Match<G>,
    /// `seat_of[entry]`: the seat each bot entry sat in.
    pub seat_of: Vec<Seat>,
    /// Thinking time per seat, in seconds, and moves per seat.
    pub think: Vec<(f64, usize)>,
    /// What each seat's bot counted of its thinking ([`super::Bot::effort`]).
    pub effort: Vec<super::Effort>,
}

/// The seat of bot entry `entry` in match `game`: seats rotate from one match
/// to the next, and each deal is played once per rotation, so neither the
/// deal nor the seat favours a bot.
pub fn seating(game: usize, players: usize) -> (u64, Vec<Seat>) {
    let deal = (game / players) as u64;
    let turn = game % players;
    (
        deal,
        (0..players).map(|entry| (entry + turn) % players).collect(),
    )
}

/// A deal's seed from the tournament's seed (SplitMix64, so neighbouring
/// numbers give unrelated deals).
pub fn deal_seed(seed: u64, deal: u64) -> u64 {
    let mut z = seed
        .wrapping_add(deal.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays one match between bots, one per entry, seated by [`seating`].
pub fn play_one<G: Game>(
    config: &G::Config,
    variant: &str,
    bots: &[String],
    base_seed: u64,
    index: usize,
) -> Result<Played<G>, SelfplayError> {
    let players = bots.len();
    let (deal, seat_of) = seating(index, players);
    let seed = deal_seed(base_seed, deal);
    let mut game = Match::<G>::new(variant, config.clone(), players, seed, None)
        .map_err(|e| SelfplayError::Options(e.to_string()))?;
    let mut seated: Vec<Option<Box<dyn super::Bot<G>>>> = (0..players).map(|_| None).collect();
    for (entry, name) in bots.iter().enumerate() {
        let seat = seat_of[entry];
        let bot = G::bot(name, deal_seed(seed, 1000 + seat as u64))
            .map_err(|e| SelfplayError::Options(e.to_string()))?;
        seated[seat] = Some(bot);
    }
    let mut think = vec![(0.0, 0usize); players];
    let bound = G::move_bound(config, players);
    while !game.is_over() {
        if game.moves().len() >= bound {
            return Err(SelfplayError::Endless(index));
        }
        for seat in game.awaiting() {
            let Some(bot) = seated[seat].as_mut() else {
                continue;
            };
            let view = game.view(seat);
            let started = Instant::now();
            let mv = bot.choose(&view);
            think[seat].0 += started.elapsed().as_secs_f64();
            think[seat].1 += 1;
            let name = bot.name();
            game.submit(seat, mv)
                .map_err(|e| SelfplayError::IllegalBotMove {
                    game: index,
                    seat,
                    bot: name.to_owned(),
                    reason: e.to_string(),
                })?;
        }
    }
    let effort = seated
        .iter()
        .map(|bot| bot.as_ref().map(|b| b.effort()).unwrap_or_default())
        .collect();
    Ok(Played {
        game,
        seat_of,
        think,
        effort,
    })
}

/// The first bot's mean thinking time per move, in milliseconds, over
/// matches `0..games` of `bots` under `variant` as [`run`] plays them from
/// `seed`, one after the other on this thread: the same moves on any build,
/// so a web page and the desktop can be compared move for move.
pub fn mean_think_ms<G: Game>(
    variant: &str,
    bots: &[String],
    games: usize,
    seed: u64,
) -> Result<f64, SelfplayError> {
    let config = G::variant(variant).map_err(|e| SelfplayError::Options(e.to_string()))?;
    let (mut seconds, mut moves) = (0.0, 0);
    for index in 0..games {
        let played = play_one::<G>(&config, variant, bots, seed, index)?;
        let (s, n) = played.think[played.seat_of[0]];
        seconds += s;
        moves += n;
    }
    Ok(seconds * 1000.0 / moves.max(1) as f64)
}

/// Plays a tournament and sums it up.
pub fn run<G: Game>(options: &Options) -> Result<Summary, SelfplayError> {
    let config = G::variant(&options.variant).map_err(|e| SelfplayError::Options(e.to_string()))?;
    if let Some(time) = G::playing_time(&config) {
        return Err(SelfplayError::Options(format!(
            "variant {:?} is played for {} minutes, and self-play has no clock to end it: agree on a number of rounds instead",
            options.variant,
            time.as_secs() / 60
        )));
    }
    let players = options.players.unwrap_or(options.bots.len());
    let seats = G::seats(&config);
    if !seats.contains(&players) {
        return Err(SelfplayError::Options(format!(
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
            return Err(SelfplayError::Options(format!(
                "{n} bots for {players} seats: name one bot per seat, or one bot for all"
            )));
        }
    };
    for name in &bots {
        G::bot(name, 0).map_err(|e| SelfplayError::Options(e.to_string()))?;
    }
    if let Some(dir) = &options.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| SelfplayError::Io(format!("{}: {e}", dir.display())))?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| SelfplayError::Options(e.to_string()))?;
    let started = Instant::now();
    // The early memory reading, taken by whichever worker finishes match
    // number `memory_after`.
    let early_after = if options.memory_after == 0 {
        options.games
    } else {
        options.memory_after.min(options.games)
    };
    let finished = AtomicUsize::new(0);
    let early_mib: Mutex<Option<f64>> = Mutex::new(None);
    // Each match is added to running totals as soon as it is over and then
    // dropped, so a long tournament holds no finished match. Matches past a
    // failed one are skipped: only the first failure (by index) is reported.
    let first_failure = AtomicUsize::new(usize::MAX);
    let totals = pool.install(|| {
        (0..options.games)
            .into_par_iter()
            .fold(
                || Totals::new(players),
                |mut totals, index| {
                    if index > first_failure.load(Ordering::Relaxed) {
                        return totals;
                    }
                    let played =
                        play_one::<G>(&config, &options.variant, &bots, options.seed, index)
                            .and_then(|played| match &options.records {
                                Some(dir) => {
                                    write_record(dir, index, &played.game.record()).map(|()| played)
                                }
                                None => Ok(played),
                            });
                    match played {
                        Ok(played) => totals.add(&played),
                        Err(e) => {
                            first_failure.fetch_min(index, Ordering::Relaxed);
                            totals.fail(index, e);
                        }
                    }
                    if finished.fetch_add(1, Ordering::Relaxed) + 1 == early_after
                        && let Ok(mut early) = early_mib.lock()
                    {
                        *early = peak_resident_mib();
                    }
                    totals
                },
            )
            .reduce(|| Totals::new(players), Totals::merge)
    });
    let seconds = started.elapsed().as_secs_f64();
    let early_mib = early_mib.into_inner().ok().flatten();
    if let Some((_, e)) = totals.failure {
        return Err(e);
    }

    let n = options.games.max(1) as f64;
    let mut summary = Summary {
        game: G::NAME,
        variant: options.variant.clone(),
        players,
        games: options.games,
        seed: options.seed,
        bots: bots
            .iter()
            .enumerate()
            .map(|(entry, bot)| {
                let t = &totals.entries[entry];
                BotSummary {
                    bot: bot.clone(),
                    entry,
                    wins: t.wins,
                    shared_wins: t.shared_wins,
                    win_rate: t.win_shares as f64 / SHARE as f64 / n,
                    mean_score: t.score as f64 / n,
                    mean_ms_per_move: 1000.0 * t.think_seconds / t.moves.max(1) as f64,
                    effort: t.effort,
                }
            })
            .collect(),
        wins_per_seat: totals.wins_per_seat,
        mean_score_per_seat: totals
            .score_per_seat
            .iter()
            .map(|&s| s as f64 / n)
            .collect(),
        shared_wins: totals.shared_wins,
        mean_moves: totals.moves as f64 / n,
        seconds,
        games_per_second: options.games as f64 / seconds.max(1e-9),
        threads: pool.current_num_threads(),
        peak_memory: None,
    };
    summary.peak_memory = early_mib
        .zip(peak_resident_mib())
        .map(|(early_mib, end_mib)| PeakMemory {
            after_matches: early_after,
            early_mib,
            end_mib,
        });
    Ok(summary)
}

/// A won match's share, in whole units: 1/1, 1/2, 1/3 and 1/4 of it are
/// whole multiples of 1/12, so the shares add up exactly in any order.
const SHARE: u64 = 12;

/// One bot entry's running totals.
#[derive(Clone, Debug, Default)]
struct EntryTotals {
    wins: usize,
    shared_wins: usize,
    /// Wins in 1/[`SHARE`]s of a match (a shared win split between the sharers).
    win_shares: u64,
    score: i64,
    think_seconds: f64,
    moves: usize,
    effort: super::Effort,
}

/// A tournament's running totals: what the summary needs of every match,
/// added up as the matches end. Integer sums, so that the order in which
/// the workers add them up does not change the summary.
#[derive(Debug)]
struct Totals {
    wins_per_seat: Vec<usize>,
    score_per_seat: Vec<i64>,
    shared_wins: usize,
    moves: usize,
    entries: Vec<EntryTotals>,
    /// The failed match with the lowest index, and why.
    failure: Option<(usize, SelfplayError)>,
}

impl Totals {
    fn new(players: usize) -> Self {
        Self {
            wins_per_seat: vec![0; players],
            score_per_seat: vec![0; players],
            shared_wins: 0,
            moves: 0,
            entries: vec![EntryTotals::default(); players],
            failure: None,
        }
    }

    fn add<G: Game>(&mut self, played: &Played<G>) {
        let winners = played.game.winners();
        let scores = played.game.scores();
        self.moves += played.game.moves().len();
        if winners.len() > 1 {
            self.shared_wins += 1;
        } else if let Some(&w) = winners.first() {
            self.wins_per_seat[w] += 1;
        }
        for (sum, score) in self.score_per_seat.iter_mut().zip(&scores) {
            *sum += score;
        }
        for (entry, &seat) in played.seat_of.iter().enumerate() {
            let t = &mut self.entries[entry];
            if winners.contains(&seat) {
                if winners.len() == 1 {
                    t.wins += 1;
                } else {
                    t.shared_wins += 1;
                }
                t.win_shares += SHARE / winners.len() as u64;
            }
            t.score += scores[seat];
            t.think_seconds += played.think[seat].0;
            t.moves += played.think[seat].1;
            t.effort.add(played.effort[seat]);
        }
    }

    fn fail(&mut self, index: usize, error: SelfplayError) {
        if self.failure.as_ref().is_none_or(|(i, _)| index < *i) {
            self.failure = Some((index, error));
        }
    }

    fn merge(mut self, other: Self) -> Self {
        for (a, b) in self.wins_per_seat.iter_mut().zip(&other.wins_per_seat) {
            *a += b;
        }
        for (a, b) in self.score_per_seat.iter_mut().zip(&other.score_per_seat) {
            *a += b;
        }
        self.shared_wins += other.shared_wins;
        self.moves += other.moves;
        for (a, b) in self.entries.iter_mut().zip(&other.entries) {
            a.wins += b.wins;
            a.shared_wins += b.shared_wins;
            a.win_shares += b.win_shares;
            a.score += b.score;
            a.think_seconds += b.think_seconds;
            a.moves += b.moves;
            a.effort.add(b.effort);
        }
        if let Some((index, error)) = other.failure {
            self.fail(index, error);
        }
        self
    }
}

fn write_record(dir: &std::path::Path, index: usize, record: &Record) -> Result<(), SelfplayError> {
    let path = dir.join(format!("{}-{index:06}.json", record.game));
    std::fs::write(&path, record.to_json())
        .map_err(|e| SelfplayError::Io(format!("{}: {e}", path.display())))
}
