//! `parlour host`: a shared table on this machine, for phones and a
//! table's screen on the network.

use std::path::PathBuf;
#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

use clap::Args;
#[cfg(not(target_arch = "wasm32"))]
use parlour_core::games::{ForTable, for_table};

#[cfg(not(target_arch = "wasm32"))]
use super::bad_input;

/// `parlour host`.
#[derive(Args, Debug)]
pub struct HostArgs {
    /// The game: neighbours, paper-boxing or rummy.
    #[arg(long)]
    pub game: String,
    /// The variant.
    #[arg(long, default_value = "standard")]
    pub variant: String,
    /// Who plays each seat, comma-separated: `phone` for a player's device,
    /// or a bot's name (e.g. phone,phone,expert).
    #[arg(long, value_delimiter = ',', default_value = "phone,phone")]
    pub seats: Vec<String>,
    /// The port for both the web build and the table.
    #[arg(long, default_value_t = parlour_core::protocol::PORT)]
    pub port: u16,
    /// The address to listen on (all of this machine's, by default, so
    /// phones on the same network can reach it).
    #[arg(long, default_value = "0.0.0.0")]
    pub bind: std::net::IpAddr,
    /// The web build to serve (the folder scripts/web-build.sh makes).
    #[arg(long, value_name = "DIR")]
    pub site: Option<PathBuf>,
    /// Seconds a device may be away before a bot plays its seat (0: the
    /// seat waits for its device).
    #[arg(long, default_value_t = 120)]
    pub away: u64,
    /// The bot that plays a seat whose device is away (default: the game's strongest).
    #[arg(long)]
    pub away_bot: Option<String>,
    /// The least time a bot takes over a move, in milliseconds, so the
    /// table can follow.
    #[arg(long, default_value_t = 700)]
    pub bot_delay: u64,
    /// Seed of the deal (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start a new match even if one was left unfinished (it is set aside, not deleted).
    #[arg(long)]
    pub new: bool,
}

/// `parlour host` for one game.
#[cfg(not(target_arch = "wasm32"))]
struct Hosting(HostArgs);

#[cfg(not(target_arch = "wasm32"))]
impl ForTable for Hosting {
    type Output = Result<(), String>;
    fn run<G: parlour_core::protocol::Share>(self) -> Self::Output {
        use crate::host::{Plan, Rules, Setup, Start};
        use parlour_core::engine::Match;
        use std::time::Duration;

        let args = self.0;
        let bots = G::bots();
        let known = |name: &str| -> Result<String, String> {
            bots.iter()
                .find(|b| **b == name)
                .map(|b| (*b).to_owned())
                .ok_or_else(|| {
                    format!("{name:?} is not a bot of {}: {}", G::TITLE, bots.join(", "))
                })
        };
        let plans = args
            .seats
            .iter()
            .map(|seat| match seat.trim() {
                "phone" => Ok(Plan::Device),
                name => known(name).map(Plan::Bot),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let away_bot = match &args.away_bot {
            Some(name) => known(name)?,
            None => bots.last().map(|b| (*b).to_owned()).unwrap_or_default(),
        };
        let config = G::variant(&args.variant).map_err(|e| e.to_string())?;
        let seats = G::seats(&config);
        if !seats.contains(&plans.len()) {
            return Err(format!(
                "{} has {} to {} seats; --seats names {}",
                G::TITLE,
                seats.start(),
                seats.end(),
                plans.len()
            ));
        }
        let kept_path = crate::host::kept_path(G::NAME);
        let rules = Rules {
            away: (args.away > 0).then(|| (Duration::from_secs(args.away), away_bot)),
            bot_delay: Duration::from_millis(args.bot_delay),
            save: kept_path.clone(),
            join: crate::host::join_addresses(args.bind, args.port),
            screen: None,
        };
        let kept = kept_path
            .as_deref()
            .and_then(|path| take_up_kept(path, args.new))
            .filter(|kept| !kept.is_over::<G>());
        let start = match kept {
            Some(kept) => {
                println!("Taking up the match left at move {}.", kept.moves() + 1);
                Start::Kept(Box::new(kept))
            }
            None => {
                let seed = args.seed.unwrap_or_else(|| {
                    crate::platform::time::SystemTime::now()
                        .duration_since(crate::platform::time::UNIX_EPOCH)
                        .map(|d| d.as_nanos() as u64)
                        .unwrap_or(0)
                });
                let game = Match::<G>::new(&args.variant, config, plans.len(), seed, None)
                    .map_err(|e| e.to_string())?;
                Start::New { game, plans }
            }
        };
        let site = args.site.or_else(|| {
            ["/usr/share/parlour/web", "target/web"]
                .into_iter()
                .map(PathBuf::from)
                .find(|dir| dir.join("index.html").is_file())
        });
        if let Some(dir) = &site
            && !dir.join("index.html").is_file()
        {
            return Err(format!(
                "{} holds no web build (no index.html)",
                dir.display()
            ));
        }
        let setup = Setup {
            start,
            rules,
            bot_seed: args.seed.unwrap_or(0),
            site,
            rate: crate::host::Rate::default(),
        };
        crate::host::run::<G>(args.bind, args.port, setup)
    }
}

/// The table a host left unfinished, if it is to be taken up: one that
/// does not read, or one set aside for `--new`, is kept under another name.
#[cfg(not(target_arch = "wasm32"))]
fn take_up_kept(path: &std::path::Path, new: bool) -> Option<crate::host::Kept> {
    let text = std::fs::read_to_string(path).ok()?;
    let set_aside =
        |why: &str| match crate::storage::set_aside(path, crate::platform::time::SystemTime::now())
        {
            Ok(to) => eprintln!("{why}: it is kept as {}", to.display()),
            Err(e) => eprintln!("{why}, and could not be set aside: {e}"),
        };
    match crate::host::read_kept(&text) {
        Err(e) => {
            set_aside(&format!("{}: {e}", path.display()));
            None
        }
        Ok(_) if new => {
            set_aside("The unfinished match is not taken up (--new)");
            None
        }
        Ok(kept) => Some(kept),
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub(super) fn run_host(args: HostArgs) -> ExitCode {
    match for_table(&args.game.clone(), Hosting(args)) {
        Err(e) | Ok(Err(e)) => bad_input(e),
        Ok(Ok(())) => ExitCode::SUCCESS,
    }
}
