//! The command line: the game window by default, or a headless command.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use parlour_core::engine::Game;
use parlour_core::engine::record::{self, Record};
use parlour_core::engine::selfplay;

use parlour_core::games::{ForGame, ForReview, NAMES, for_game, for_review};

mod balance;
mod host;

pub use balance::BalanceArgs;
use balance::run_balance;
pub use host::HostArgs;
#[cfg(not(target_arch = "wasm32"))]
use host::run_host;

use crate::app::WindowOptions;
use crate::engine::replay::{ReplayError, replay};

/// Parlour: Neighbours, Paper Boxing and Rummy on one screen, with bots that play well.
///
/// Without a command, opens the game window.
#[derive(Parser, Debug)]
#[command(name = "parlour", version, about, long_about = None)]
pub struct Cli {
    /// A headless command; without one, the game window opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options of the game window.
    #[command(flatten)]
    pub display: WindowOptions,
}

/// The headless commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check every move of a match record with the rules and print the result as JSON.
    ///
    /// Exit status: 0 when every move is legal, 1 at the first illegal move
    /// (its index, seat and reason are printed), 2 when the file is not a
    /// valid record.
    Replay {
        /// The record (JSON, format parlour-record/1).
        file: PathBuf,
    },
    /// Play matches between bots, headless, and print a JSON summary.
    Selfplay(SelfplayArgs),
    /// Weigh every decision of a match record and print the review as JSON.
    ///
    /// Each decision is judged from its seat's view alone, beside the moves
    /// it could have made: Paper Boxing exactly by the solver, Neighbours
    /// and Rummy by guesses at the hidden tokens or cards played out. Per
    /// decision: the move played, the best candidate, both estimates with
    /// their standard errors, the loss and the grade (?! ? ??); per seat:
    /// the accuracy %, the grades and the luck of its draws
    /// (docs/review.md). The same seed and budget give the same review on
    /// any number of threads. A progress bar is drawn on stderr when it is
    /// a terminal.
    ///
    /// Exit status: 0 with the review; 2 when the file is not a valid
    /// record, its moves are refused by the rules, or its game or variant
    /// is unknown.
    Review(ReviewArgs),
    /// Solve a position exactly and print the answer as JSON.
    #[command(subcommand)]
    Solve(SolveCommand),
    /// List every variant on offer as JSON: the built-in ones, the files in
    /// /etc/parlour/variants and in the data folder's variants/ (a file
    /// there replaces one with the same game and id), and the house rules.
    ///
    /// Each file that was not taken is named on stderr with the reason.
    /// Exit status 0; 2 for an unknown game.
    Variants {
        /// Only this game's: neighbours, paper-boxing or rummy.
        #[arg(long)]
        game: Option<String>,
    },
    /// How does a variant play? Bots play it against each other, and the
    /// variant it started from alike; prints the balance card as JSON.
    ///
    /// The card holds, for both: the win share of the seat that moves first
    /// with its 95 % interval, moves and minutes a match at the table's
    /// pace, the score spread, how matches ended; then every figure beside
    /// the other, the largest change first (docs/variants.md). Seats rotate
    /// as in selfplay; the same seed and matches give the same card on any
    /// number of threads, and the same as the variant editor's. A progress
    /// bar is drawn on stderr when it is a terminal.
    ///
    /// Exit status: 0 with the card; 2 for a variant that does not read or
    /// check, or a bad option; 1 when a bot plays an illegal move.
    Balance(BalanceArgs),
    /// Host a table that players join from their phones' browsers.
    ///
    /// Serves the web build over HTTP and the table over a WebSocket on one
    /// port. Each seat is a player's device (`phone`) or a bot; a device
    /// sees its own seat's view and nothing more. The match is saved after
    /// every move in the data folder's host/ and taken up again when the
    /// host starts again, the phones coming back into their seats.
    ///
    /// Exit status: 0 when stopped with Ctrl-C; 2 for a bad option, or a
    /// port already in use.
    Host(HostArgs),
}

/// `parlour solve`.
#[derive(Subcommand, Debug)]
pub enum SolveCommand {
    /// Who wins a Paper Boxing position with perfect play, and a best move.
    ///
    /// Reads a match record (after both grids are revealed) and prints, as
    /// JSON, the value for the player to move, the winner under perfect
    /// play, a best move and the time taken.
    PaperBoxing {
        /// The record (JSON, format parlour-record/1).
        file: PathBuf,
    },
    /// The best a Rummy player can lay down, rebuilding the table as they like.
    ///
    /// Prints the cards laid from the hand, the new table, the count, the
    /// value and the time taken. Cards: a colour letter (k black, b blue,
    /// o orange, r red) and a number, j a joker (j:b5 on the table: a joker
    /// standing for b5); sets on the table separated by "|".
    Rummy {
        /// The table, e.g. "r1 r2 r3 | k5 j k7".
        #[arg(long, default_value = "")]
        table: String,
        /// The hand, e.g. "r4 o9 b9 k9 j".
        #[arg(long)]
        hand: String,
        /// The player has not made the first meld yet: hand cards only, in new
        /// sets worth the variant's threshold or more.
        #[arg(long)]
        first_meld: bool,
        /// What to lay the most of.
        #[arg(long, value_enum, default_value_t = ObjectiveArg::Cards)]
        objective: ObjectiveArg,
        /// The variant (its joker rules and first-meld threshold).
        #[arg(long, default_value = "standard")]
        variant: String,
    },
}

/// What a Rummy solve maximises.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum ObjectiveArg {
    /// The most cards from the hand.
    Cards,
    /// The most value from the hand.
    Value,
    /// The most cards, then the most value.
    CardsThenValue,
}

/// `parlour selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// The game: neighbours, paper-boxing or rummy.
    #[arg(long)]
    pub game: String,
    /// The variant.
    #[arg(long, default_value = "standard")]
    pub variant: String,
    /// Bots, one per seat (or one for all), comma-separated: e.g. expert,greedy.
    #[arg(long, value_delimiter = ',', required = true)]
    pub bots: Vec<String>,
    /// Number of matches.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Seed of the deals.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Seats per match (default: the number of bots).
    #[arg(long)]
    pub players: Option<usize>,
    /// Worker threads (default: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Write each match's record into this directory.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// Report the peak resident memory once this many matches are over, as
    /// well as at the end (Linux; 0: at the end only).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub memory_after: usize,
}

/// `parlour review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The record (JSON, format parlour-record/1).
    pub file: PathBuf,
    /// Seed of the guesses at hidden tokens and cards.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Guesses each candidate is played out in (default: the game's own,
    /// 1000 for Neighbours, 40 for Rummy; Paper Boxing is exact).
    #[arg(long)]
    pub budget: Option<usize>,
    /// Worker threads (default: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

/// A person's mistake on the command line or in a file: one line on stderr, exit status 2.
fn bad_input(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

fn print_json(value: &serde_json::Value) {
    println!(
        "{}",
        serde_json::to_string_pretty(value).unwrap_or_default()
    );
}

/// Runs what the command line asks for.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None => crate::app::run(cli.display),
        Some(Command::Replay { file }) => run_replay(&file),
        Some(Command::Selfplay(args)) => run_selfplay(args),
        Some(Command::Review(args)) => run_review(args),
        Some(Command::Balance(args)) => run_balance(args),
        Some(Command::Solve(command)) => run_solve(command),
        Some(Command::Variants { game }) => run_variants(game.as_deref()),
        #[cfg(not(target_arch = "wasm32"))]
        Some(Command::Host(args)) => run_host(args),
        #[cfg(target_arch = "wasm32")]
        Some(Command::Host(_)) => bad_input("a page cannot host a table"),
    }
}

fn run_variants(game: Option<&str>) -> ExitCode {
    use crate::variants::{Origin, VariantSources};
    let only = match game {
        None => None,
        Some(name) => match crate::games::catalog().by_name(name) {
            Some(entry) => Some(entry.id),
            None => {
                return bad_input(format!(
                    "unknown game {name:?}; the games are: {}",
                    NAMES.join(", ")
                ));
            }
        },
    };
    let sources = VariantSources::installed(crate::storage::home().as_deref());
    let registry = crate::app::variants_on_offer(sources);
    let listed: Vec<serde_json::Value> = registry
        .entries()
        .iter()
        .filter(|e| only.is_none_or(|g| e.game == g))
        .map(|e| {
            let origin = match &e.origin {
                Origin::BuiltIn(_) => "built-in".to_owned(),
                Origin::File(path) => path.clone(),
                Origin::Plugin(name) => format!("plugin {name}"),
            };
            serde_json::json!({
                "game": e.game.name(),
                "id": e.id,
                "title": e.title.en,
                "rules": e.rules,
                "origin": origin,
            })
        })
        .collect();
    for problem in registry.problems() {
        eprintln!("not loaded: {}: {}", problem.origin, problem.reason);
    }
    print_json(&serde_json::Value::Array(listed));
    ExitCode::SUCCESS
}

fn read_record(file: &PathBuf) -> Result<Record, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    // Name the game before reading the rest, so an unknown game is named as such.
    let game = record::game_of(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    if !NAMES.contains(&game.as_str()) {
        return Err(format!(
            "{}: unknown game {game:?}; the games are: {}",
            file.display(),
            NAMES.join(", ")
        ));
    }
    Record::from_json(&text).map_err(|e| format!("{}: {e}", file.display()))
}

struct ReplayRecord<'a>(&'a Record);

impl ForGame for ReplayRecord<'_> {
    type Output = Result<serde_json::Value, ReplayError>;
    fn run<G: Game>(self) -> Self::Output {
        replay::<G>(self.0)
    }
}

fn run_replay(file: &PathBuf) -> ExitCode {
    let record = match read_record(file) {
        Ok(r) => r,
        Err(e) => return bad_input(e),
    };
    match for_game(&record.game.clone(), ReplayRecord(&record)) {
        Err(e) => bad_input(e),
        Ok(Ok(result)) => {
            print_json(&result);
            ExitCode::SUCCESS
        }
        Ok(Err(e)) => match e.to_json() {
            Some(json) => {
                print_json(&json);
                ExitCode::from(1)
            }
            None => bad_input(format!("{}: {e}", file.display())),
        },
    }
}

/// A review of one record: the JSON, or the line saying why there is none.
struct ReviewRecord<'a> {
    record: &'a Record,
    args: &'a ReviewArgs,
}

impl ForReview for ReviewRecord<'_> {
    type Output = Result<serde_json::Value, String>;
    fn run<G: parlour_core::engine::analysis::Analyse>(self) -> Self::Output {
        use parlour_core::engine::analysis::Budget;
        use parlour_core::engine::review;
        let file = self.args.file.display();
        let decisions = review::decisions::<G>(self.record, |v| G::variant(v).ok())
            .map_err(|e| format!("{file}: {e}"))?;
        let budget = Budget {
            guesses: self.args.budget.unwrap_or(G::GUESSES),
            seed: self.args.seed,
        };
        let bar = Progress::new(decisions.len(), "decisions");
        let done = review::review(
            self.record.players,
            &decisions,
            budget,
            self.args.threads,
            &|n| bar.show(n),
        );
        bar.clear();
        Ok(done?.to_json())
    }
}

/// A progress bar on stderr, drawn only when stderr is a terminal.
struct Progress {
    total: usize,
    unit: &'static str,
    terminal: bool,
}

impl Progress {
    fn new(total: usize, unit: &'static str) -> Self {
        use std::io::IsTerminal;
        Self {
            total,
            unit,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn show(&self, done: usize) {
        if !self.terminal {
            return;
        }
        let width = 30;
        let filled = (done * width).checked_div(self.total).unwrap_or(width);
        eprint!(
            "\r[{}{}] {done}/{} {}",
            "#".repeat(filled),
            " ".repeat(width - filled.min(width)),
            self.total,
            self.unit
        );
    }

    fn clear(&self) {
        if self.terminal {
            eprint!("\r{}\r", " ".repeat(60));
        }
    }
}

fn run_review(args: ReviewArgs) -> ExitCode {
    let record = match read_record(&args.file) {
        Ok(r) => r,
        Err(e) => return bad_input(e),
    };
    if args.budget == Some(0) {
        return bad_input("--budget must be 1 or more: no guess weighs nothing");
    }
    let game = record.game.clone();
    match for_review(
        &game,
        ReviewRecord {
            record: &record,
            args: &args,
        },
    ) {
        Err(e) | Ok(Err(e)) => bad_input(e),
        Ok(Ok(review)) => {
            print_json(&review);
            ExitCode::SUCCESS
        }
    }
}

struct Tournament(selfplay::Options);

impl ForGame for Tournament {
    type Output = Result<selfplay::Summary, selfplay::SelfplayError>;
    fn run<G: Game>(self) -> Self::Output {
        selfplay::run::<G>(&self.0)
    }
}

fn run_selfplay(args: SelfplayArgs) -> ExitCode {
    if args.games == 0 {
        return bad_input("--games must be 1 or more: a summary of no matches is not a result");
    }
    // A records folder that cannot be written is said before any match is played.
    if let Some(dir) = &args.records {
        let probe = dir.join(format!(".write-test-{}", std::process::id()));
        let writable = std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&probe, b""))
            .and_then(|()| std::fs::remove_file(&probe));
        if let Err(e) = writable {
            return bad_input(format!("cannot write records in {}: {e}", dir.display()));
        }
    }
    let options = selfplay::Options {
        variant: args.variant,
        bots: args.bots,
        games: args.games,
        seed: args.seed,
        players: args.players,
        threads: args.threads,
        records: args.records,
        memory_after: args.memory_after,
    };
    match for_game(&args.game, Tournament(options)) {
        Err(e) => bad_input(e),
        Ok(Err(e @ selfplay::SelfplayError::Options(_))) => bad_input(e),
        Ok(Err(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
        Ok(Ok(summary)) => {
            print_json(&serde_json::to_value(&summary).unwrap_or_default());
            ExitCode::SUCCESS
        }
    }
}

fn run_solve(command: SolveCommand) -> ExitCode {
    use parlour_core::games::paper_boxing::PaperBoxing;
    use parlour_core::games::rummy::{Rummy, solver};
    match command {
        SolveCommand::PaperBoxing { file } => {
            let record = match read_record(&file) {
                Ok(r) => r,
                Err(e) => return bad_input(e),
            };
            let game = match parlour_core::engine::Match::<PaperBoxing>::from_record(&record, |v| {
                PaperBoxing::variant(v).ok()
            }) {
                Ok(g) => g,
                Err(e) => return bad_input(format!("{}: {e}", file.display())),
            };
            let started = crate::platform::time::Instant::now();
            let mut answer = parlour_core::games::paper_boxing::solver::solve_report(game.state());
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            if answer.get("ok") == Some(&serde_json::Value::Bool(false)) {
                let reason = answer["error"]
                    .as_str()
                    .unwrap_or("cannot solve this position");
                return bad_input(format!("{}: {reason}", file.display()));
            }
            if let serde_json::Value::Object(fields) = &mut answer {
                fields.insert("milliseconds".into(), serde_json::json!(ms));
            }
            print_json(&answer);
            ExitCode::SUCCESS
        }
        SolveCommand::Rummy {
            table,
            hand,
            first_meld,
            objective,
            variant,
        } => {
            let config = match Rummy::variant(&variant) {
                Ok(c) => c,
                Err(e) => return bad_input(e),
            };
            let objective = match objective {
                ObjectiveArg::Cards => solver::Objective::Cards,
                ObjectiveArg::Value => solver::Objective::Value,
                ObjectiveArg::CardsThenValue => solver::Objective::CardsThenValue,
            };
            let started = crate::platform::time::Instant::now();
            match solver::solve_command(&table, &hand, first_meld, objective, &config) {
                Err(e) => bad_input(e),
                Ok(mut answer) => {
                    let ms = started.elapsed().as_secs_f64() * 1000.0;
                    if let serde_json::Value::Object(fields) = &mut answer {
                        fields.insert("milliseconds".into(), serde_json::json!(ms));
                    }
                    print_json(&answer);
                    ExitCode::SUCCESS
                }
            }
        }
    }
}
