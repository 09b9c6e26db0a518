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

pub mod beside;
pub mod rate;
pub mod said;
pub mod server;
pub mod table;
pub mod token;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use parlour_core::protocol::Share;

pub use beside::{HostBeside, host_beside};
pub use rate::Rate;
pub use server::{HELLO_WITHIN, Host, MAX_DEVICES, MAX_UNREAD, Setup, Start, TABLE_PATH, start};
pub use table::{Kept, Plan, Rules, read_kept};

pub use parlour_core::protocol::PORT;

/// Where a host keeps its table: the data folder's `host/<game>.json`.
pub fn kept_path(game: &str) -> Option<PathBuf> {
    crate::storage::home().map(|h| h.join("host").join(format!("{game}.json")))
}

/// Where phones on the network open the table's page: one address per
/// network this machine is on when it listens on all of them (loopback
/// when it is on none), or the one address it listens on.
pub fn join_addresses(bind: IpAddr, port: u16) -> Vec<String> {
    let mut ips: Vec<IpAddr> = if bind.is_unspecified() {
        if_addrs::get_if_addrs()
            .unwrap_or_default()
            .into_iter()
            .filter(|i| !i.is_loopback() && i.ip().is_ipv4())
            .map(|i| i.ip())
            .collect()
    } else {
        vec![bind]
    };
    if ips.is_empty() {
        ips.push(IpAddr::from([127, 0, 0, 1]));
    }
    ips.sort();
    ips.dedup();
    ips.into_iter()
        .map(|ip| format!("http://{}", SocketAddr::new(ip, port)))
        .collect()
}

/// A code a phone's camera reads, drawn in the terminal with half-block
/// characters (two rows of modules a line), dark on light.
pub fn terminal_code(text: &str) -> Option<String> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<qrcode::render::unicode::Dense1x2>()
            .dark_color(qrcode::render::unicode::Dense1x2::Light)
            .light_color(qrcode::render::unicode::Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
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
        let join = setup.rules.join.clone();
        let host = start(listener, setup).await?;
        println!("Parlour is hosting {} on port {port}. Ctrl-C stops it.", G::TITLE);
        for address in &join {
            println!("  Phones join at {address}/?join");
            println!(
                "  The table's screen (it may give seats: keep this address to yourself): {address}/?table={}",
                host.screen_key()
            );
        }
        if let Some(first) = join.first()
            && let Some(code) = terminal_code(&format!("{first}/?join"))
        {
            println!("Scan to join:\n{code}");
        }
        let _ = tokio::signal::ctrl_c().await;
        host.stop().await;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_on_one_address_sends_phones_to_that_address() {
        let one = IpAddr::from([192, 168, 1, 20]);
        assert_eq!(
            join_addresses(one, 7878),
            vec!["http://192.168.1.20:7878".to_owned()]
        );
    }

    #[test]
    fn a_host_on_every_address_names_none_that_is_loopback_or_unspecified() {
        for address in join_addresses(IpAddr::from([0, 0, 0, 0]), 7878) {
            assert!(
                address.starts_with("http://") && address.ends_with(":7878"),
                "{address}"
            );
            assert!(!address.contains("0.0.0.0"), "{address}");
        }
    }

    #[test]
    fn the_terminal_code_is_square_and_reads_back_its_size() {
        let code = terminal_code("http://192.168.1.20:7878/?join").unwrap();
        let lines: Vec<&str> = code.lines().collect();
        let width = lines[0].chars().count();
        assert!(lines.iter().all(|l| l.chars().count() == width));
        // Two module rows a line: about half as many lines as columns.
        assert!(
            lines.len() * 2 >= width - 1 && lines.len() * 2 <= width + 1,
            "{width} × {}",
            lines.len()
        );
    }
}
