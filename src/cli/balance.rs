//! `parlour balance`: how a variant plays between bots, beside the variant
//! it started from.

use std::process::ExitCode;

use clap::Args;
use parlour_core::engine::balance;
use parlour_core::share;

use parlour_core::games::NAMES;

use super::{Progress, bad_input, print_json};

/// `parlour balance`.
#[derive(Args, Debug)]
pub struct BalanceArgs {
    /// The variant: a variant file (*.variant.ron), a shared link or its
    /// code, or GAME:RULES (e.g. rummy:standard,jokers=2).
    pub variant: String,
    /// The rules it is set beside (default: its base name, e.g. standard).
    #[arg(long)]
    pub against: Option<String>,
    /// Matches of each.
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    /// Bots, one per seat (or one for all), comma-separated; bots that think
    /// by the clock are refused (give them a work budget).
    #[arg(long, value_delimiter = ',', default_value = "greedy")]
    pub bots: Vec<String>,
    /// Seats per match (default: the number of bots, two for one bot).
    #[arg(long)]
    pub players: Option<usize>,
    /// Seed of the deals.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The table's pace: seconds a move takes at a real table.
    #[arg(long, default_value_t = 10.0)]
    pub pace: f64,
    /// Worker threads (default: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

/// The variant `parlour balance` is given: a file, a link or its code, or
/// GAME:RULES.
fn balance_variant(arg: &str) -> Result<share::SharedVariant, String> {
    let path = std::path::Path::new(arg);
    if path.is_file() {
        let bytes = std::fs::read(path).map_err(|e| format!("{arg}: {e}"))?;
        return share::read_file(&bytes).map_err(|e| format!("{arg}: {e}"));
    }
    if let Some((game, rules)) = arg.split_once(':')
        && NAMES.contains(&game)
    {
        return share::check(share::SharedVariant {
            game: game.to_owned(),
            id: "command-line".to_owned(),
            title: share::Texts::english("From the command line"),
            description: share::Texts::default(),
            rules: rules.to_owned(),
        })
        .map_err(|e| e.to_string());
    }
    share::read_link(arg)
        .map_err(|e| format!("{e} (give a variant file, a shared link or its code, or GAME:RULES)"))
}

pub(super) fn run_balance(args: BalanceArgs) -> ExitCode {
    if args.games == 0 {
        return bad_input("--games must be 1 or more: a card of no matches is not a result");
    }
    if !(args.pace.is_finite() && args.pace > 0.0) {
        return bad_input("--pace must be a number of seconds above 0");
    }
    let variant = match balance_variant(&args.variant) {
        Ok(v) => v,
        Err(e) => return bad_input(e),
    };
    let against = args
        .against
        .unwrap_or_else(|| parlour_core::engine::options::base_of(&variant.rules).to_owned());
    let options = balance::BalanceOptions {
        rules: variant.rules.clone(),
        bots: args.bots,
        players: args.players,
        games: args.games,
        seed: args.seed,
        pace: std::time::Duration::from_secs_f64(args.pace),
    };
    let bar = Progress::new(2 * args.games, "matches");
    let never = std::sync::atomic::AtomicBool::new(false);
    let card = parlour_core::games::run_card_named(
        &variant.game,
        &options,
        &against,
        args.threads,
        &|p| bar.show(p.done),
        &never,
    );
    bar.clear();
    match card {
        Ok(Some(card)) => {
            let mut json = serde_json::to_value(&card).unwrap_or_default();
            json["id"] = serde_json::json!(variant.id);
            json["title"] = serde_json::json!(variant.title.en);
            print_json(&json);
            ExitCode::SUCCESS
        }
        Ok(None) => ExitCode::FAILURE,
        Err(e @ balance::BalanceError::Options(_)) => bad_input(e),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
