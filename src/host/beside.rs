//! A host run by the desktop program beside its own window: "Play with
//! phones" on the set-up screen. The window becomes the table's screen (a
//! link to this host on loopback, like any other table's screen) and the
//! phones join over the network; stopping it is dropping it.

use std::net::{Ipv4Addr, SocketAddr};
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
    runtime: tokio::runtime::Runtime,
    stop: Option<Box<dyn FnOnce(&tokio::runtime::Runtime) + Send + Sync>>,
    /// Where it listens.
    pub addr: SocketAddr,
}

impl Drop for HostBeside {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            stop(&self.runtime);
        }
    }
}

/// Starts a host of `game` under `variant` with a new match for `plans`,
/// on port 7878 (or one the system picks, when another program holds
/// it), listening on every address so phones reach it. One line a person
/// can read when it cannot.
pub fn host_beside(game: &str, variant: &str, plans: Vec<Plan>) -> Result<HostBeside, String> {
    for_table(
        game,
        Beside {
            variant: variant.to_owned(),
            plans,
        },
    )?
}

struct Beside {
    variant: String,
    plans: Vec<Plan>,
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
        let host = runtime.block_on(async {
            let listener = match tokio::net::TcpListener::bind((Ipv4Addr::UNSPECIFIED, PORT)).await
            {
                Ok(listener) => listener,
                Err(_) => tokio::net::TcpListener::bind((Ipv4Addr::UNSPECIFIED, 0))
                    .await
                    .map_err(|e| format!("the table could not listen for phones: {e}"))?,
            };
            let port = listener
                .local_addr()
                .map_err(|e| format!("the table could not listen for phones: {e}"))?
                .port();
            let away_bot = G::bots().last().copied().unwrap_or("random").to_owned();
            let setup = Setup {
                start: Start::New {
                    game,
                    plans: self.plans,
                },
                rules: Rules {
                    away: Some((Duration::from_secs(120), away_bot)),
                    bot_delay: Duration::from_millis(700),
                    save: kept_path(G::NAME),
                    join: join_addresses(Ipv4Addr::UNSPECIFIED.into(), port),
                },
                bot_seed: seed,
                site: ["/usr/share/parlour/web", "target/web"]
                    .into_iter()
                    .map(std::path::PathBuf::from)
                    .find(|dir| dir.join("index.html").is_file()),
                rate: Rate::default(),
            };
            start(listener, setup).await
        })?;
        let addr = host.addr();
        Ok(HostBeside {
            runtime,
            stop: Some(Box::new(move |runtime| runtime.block_on(host.stop()))),
            addr,
        })
    }
}
