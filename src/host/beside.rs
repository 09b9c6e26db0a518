//! A host run by the desktop program beside its own window: "Play with
//! phones" on the set-up screen. The window becomes the table's screen (a
//! link to this host on loopback, like any other table's screen) and the
//! phones join over the network; stopping it is dropping it.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use bevy::prelude::*;
use parlour_core::engine::Match;
use parlour_core::games::{ForTable, for_table};
use parlour_core::protocol::{PORT, Share};

use super::{Plan, Rate, Rules, Setup, Start, join_addresses, kept_path, start};
use crate::platform::time::{SystemTime, UNIX_EPOCH};

/// A host running beside the window, until it is dropped.
#[derive(Resource)]
pub struct HostBeside {
    runtime: Option<tokio::runtime::Runtime>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    stopped: Option<tokio::sync::oneshot::Receiver<()>>,
    /// Where it listens.
    pub addr: SocketAddr,
    /// The key that makes the window the table's own screen.
    pub screen_key: String,
}

impl Drop for HostBeside {
    /// The host stops on a thread of its own: dropped inside a frame, the
    /// window must not wait on a table whose own frames share its task
    /// pool (they would wait on each other).
    fn drop(&mut self) {
        let (Some(stop), Some(stopped), Some(runtime)) =
            (self.stop.take(), self.stopped.take(), self.runtime.take())
        else {
            return;
        };
        let _ = stop.send(());
        let stopping = std::thread::Builder::new()
            .name("parlour-table-stop".into())
            .spawn(move || {
                let _ = runtime.block_on(stopped);
                drop(runtime);
            });
        if let Err(e) = stopping {
            warn!("the table could not be stopped: {e}");
        }
    }
}

/// Starts a host of `game` under `variant` with a new match for `plans`,
/// on port 7878 (or one the system picks, when another program holds
/// it), listening on `bind` (every address, so phones reach it). One line a person
/// can read when it cannot.
pub fn host_beside(
    game: &str,
    variant: &str,
    plans: Vec<Plan>,
    bind: IpAddr,
) -> Result<HostBeside, String> {
    for_table(
        game,
        Beside {
            variant: variant.to_owned(),
            plans,
            bind,
        },
    )?
}

struct Beside {
    variant: String,
    plans: Vec<Plan>,
    bind: IpAddr,
}

impl ForTable for Beside {
    type Output = Result<HostBeside, String>;

    fn run<G: Share>(self) -> Self::Output {
        let config = G::variant(&self.variant).map_err(|e| e.to_string())?;
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let game = Match::<G>::new(&self.variant, config, self.plans.len(), seed, None)
            .map_err(|e| e.to_string())?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| format!("the table could not start: {e}"))?;
        // Bound here, at once: a frame never waits on the host, whose
        // table runs frames of its own on the same task pool.
        let listener = std::net::TcpListener::bind((self.bind, PORT))
            .or_else(|_| std::net::TcpListener::bind((self.bind, 0)))
            .and_then(|l| l.set_nonblocking(true).map(|()| l))
            .map_err(|e| format!("the table could not listen for phones: {e}"))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("the table could not listen for phones: {e}"))?;
        let away_bot = G::bots().last().copied().unwrap_or("random").to_owned();
        let screen = super::token::Token::new()
            .map_err(|e| format!("no key for the table's screen: {e}"))?;
        let screen_key = screen.to_string();
        let setup = Setup {
            start: Start::New {
                game,
                plans: self.plans,
            },
            rules: Rules {
                away: Some((Duration::from_secs(120), away_bot)),
                bot_delay: Duration::from_millis(700),
                save: kept_path(G::NAME),
                join: join_addresses(self.bind, addr.port()),
                screen: Some(screen),
            },
            bot_seed: seed,
            site: ["/usr/share/parlour/web", "target/web"]
                .into_iter()
                .map(std::path::PathBuf::from)
                .find(|dir| dir.join("index.html").is_file()),
            rate: Rate::default(),
        };
        let (stop, stop_asked) = tokio::sync::oneshot::channel();
        let (stopped_tx, stopped) = tokio::sync::oneshot::channel();
        runtime.spawn(async move {
            let host = match tokio::net::TcpListener::from_std(listener) {
                Ok(listener) => start(listener, setup).await,
                Err(e) => Err(e.to_string()),
            };
            match host {
                Ok(host) => {
                    let _ = stop_asked.await;
                    host.stop().await;
                }
                Err(e) => error!("the table could not start: {e}"),
            }
            let _ = stopped_tx.send(());
        });
        Ok(HostBeside {
            runtime: Some(runtime),
            stop: Some(stop),
            stopped: Some(stopped),
            addr,
            screen_key,
        })
    }
}
