//! The host of a shared table: one match, held by the rules, and the
//! devices around it — each player's phone with its own seat's view, and
//! the table's screen with the public table. `parlour host` runs it with
//! no screen; the protocol it speaks is `parlour_core::protocol`.
//!
//! ```text
//! device ──WebSocket──▶ server (size, shape, rate, hello, token)
//!                         │ ToTable
//!                         ▼
//!                       table thread ──MoveRequest──▶ rules plugin
//!                         │ ToDevice (each seat's view only)
//!                         ▼
//!                       each device's queue
//! ```
//!
//! The host names no game: the command line picks one and hands it over.

pub mod rate;
pub mod server;
pub mod table;
pub mod token;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use parlour_core::protocol::Share;

pub use rate::Rate;
pub use server::{HELLO_WITHIN, Host, MAX_DEVICES, MAX_UNREAD, Setup, Start, TABLE_PATH, start};
pub use table::{Kept, Plan, Rules, read_kept};

/// The port a host listens on unless told otherwise.
pub const PORT: u16 = 7878;

/// Where a host keeps its table: the data folder's `host/<game>.json`.
pub fn kept_path(game: &str) -> Option<PathBuf> {
    crate::storage::home().map(|h| h.join("host").join(format!("{game}.json")))
}

/// Runs a host on `bind`:`port` until it is stopped (Ctrl-C), and says
/// where devices join. Errors are one line a person can read.
pub fn run<G: Share>(bind: IpAddr, port: u16, setup: Setup<G>) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("the host could not start: {e}"))?;
    runtime.block_on(async move {
        let addr = SocketAddr::new(bind, port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::AddrInUse => format!(
                    "port {port} is in use: another host (or another program) is listening there; stop it, or choose another port with --port"
                ),
                std::io::ErrorKind::PermissionDenied => {
                    format!("port {port} needs privileges this user lacks: choose one above 1023 with --port")
                }
                _ => format!("the host could not listen on {addr}: {e}"),
            })?;
        let host = start(listener, setup).await?;
        println!(
            "Parlour is hosting {} on port {port}: devices open http://<this machine's address>:{port}/ and join; the table's WebSocket is {TABLE_PATH}. Ctrl-C stops it.",
            G::TITLE
        );
        let _ = tokio::signal::ctrl_c().await;
        host.stop().await;
        Ok(())
    })
}
