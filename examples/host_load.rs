//! The host under load, on loopback: many tables, each with its phones
//! played by one simulated device apiece through the protocol, for a
//! bounded time. Prints, as JSON: moves a second, each move's round trip
//! (sent → the mover's new view) median / p99 / max, the host's resident
//! memory before the tables, once they play (a tenth of the way in, at
//! most 30 s) and at the end, and every move accounted for — moves
//! sent = moves played + moves refused with a reason. One move in twenty is
//! sent again on purpose (an old move number), and must be refused.
//!
//! ```text
//! cargo run --release --example host_load -- [TABLES] [PHONES] [SECONDS] [PACE_MS]
//! ```
//!
//! 100 tables of 4 phones for 300 seconds by default (Neighbours, the
//! weakest bot choosing each phone's move from its seat's view). A table
//! whose match ends starts a new one. The run stops by itself. With a pace,
//! each phone waits that long before each move, as a person thinks: the
//! round trip a player feels at a table in use, rather than the host
//! saturated (no pace: each move the moment the last is seen).

use std::net::Ipv4Addr;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use parlour::host::{self, Plan, Rules, Setup, Start};
use parlour_core::engine::{Game, Match};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::protocol::VERSION;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

type Sink = SplitSink<WebSocketStream<MaybeTlsStream<TcpStream>>, Message>;

/// What one table's driver counted.
#[derive(Default)]
struct Count {
    sent: u64,
    played: u64,
    refused: u64,
    matches: u64,
    round_trips: Vec<Duration>,
    failures: Vec<String>,
}

/// A frame a phone was sent: which phone, and its kind and move number.
struct Heard {
    phone: usize,
    kind: String,
    number: Option<u64>,
}

fn resident_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn main() -> ExitCode {
    let numbers: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let tables = numbers.first().copied().unwrap_or(100) as usize;
    let phones = numbers.get(1).copied().unwrap_or(4) as usize;
    let seconds = numbers.get(2).copied().unwrap_or(300);
    let pace = Duration::from_millis(numbers.get(3).copied().unwrap_or(0));
    if !(2..=4).contains(&phones) || tables == 0 {
        eprintln!("usage: host_load [TABLES ≥ 1] [PHONES 2–4] [SECONDS] [PACE_MS]");
        return ExitCode::from(2);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let save = std::env::temp_dir().join(format!("parlour-host-load-{}", std::process::id()));
    let counts = runtime.block_on(async {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        let rss_start = resident_mib();
        // Once every table is up and playing: the figure the end is held to.
        let warm = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs((seconds / 10).clamp(1, 30))).await;
            resident_mib()
        });
        let mut drivers = Vec::new();
        for table in 0..tables {
            let save = save.join(format!("table-{table}.json"));
            drivers.push(tokio::spawn(drive(
                table as u64,
                phones,
                save,
                deadline,
                pace,
            )));
        }
        let mut all = Vec::new();
        for driver in drivers {
            all.push(driver.await.expect("a driver runs to its end"));
        }
        let rss_warm = warm.await.ok().flatten();
        (all, [rss_start, rss_warm, resident_mib()])
    });
    let _ = std::fs::remove_dir_all(&save);
    let (counts, [rss_start, rss_warm, rss_end]) = counts;
    let mut trips: Vec<Duration> = counts.iter().flat_map(|c| c.round_trips.clone()).collect();
    trips.sort();
    let at = |q: f64| {
        trips
            .get(((trips.len() as f64 - 1.0) * q).round() as usize)
            .map(|d| d.as_secs_f64() * 1000.0)
    };
    let sum = |f: fn(&Count) -> u64| counts.iter().map(f).sum::<u64>();
    let (sent, played, refused) = (sum(|c| c.sent), sum(|c| c.played), sum(|c| c.refused));
    let failures: Vec<&String> = counts.iter().flat_map(|c| &c.failures).collect();
    let report = json!({
        "tables": tables,
        "phones": phones,
        "seconds": seconds,
        "pace_ms": pace.as_millis() as u64,
        "matches_finished": sum(|c| c.matches),
        "moves_sent": sent,
        "moves_played": played,
        "moves_refused": refused,
        "unaccounted": sent as i64 - played as i64 - refused as i64,
        "moves_per_second": played as f64 / seconds as f64,
        "round_trip_ms": {"median": at(0.5), "p90": at(0.9), "p99": at(0.99), "max": at(1.0), "count": trips.len()},
        "resident_mib": {"before": rss_start, "playing": rss_warm, "end": rss_end},
        "failures": failures,
    });
    println!(
        "{}",
        serde_json::to_string_pretty(&report).unwrap_or_default()
    );
    if sent == played + refused && failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// One table until the deadline: matches one after another.
async fn drive(
    table: u64,
    phones: usize,
    save: std::path::PathBuf,
    deadline: Instant,
    pace: Duration,
) -> Count {
    let mut count = Count::default();
    let mut seed = table * 1000;
    while Instant::now() < deadline {
        seed += 1;
        if let Err(e) = one_match(seed, phones, &save, deadline, pace, &mut count).await {
            count
                .failures
                .push(format!("table {table}, seed {seed}: {e}"));
            break;
        }
    }
    count
}

async fn one_match(
    seed: u64,
    phones: usize,
    save: &std::path::Path,
    deadline: Instant,
    pace: Duration,
    count: &mut Count,
) -> Result<(), String> {
    let mut game =
        Match::<Neighbours>::seeded("standard", phones, seed).map_err(|e| e.to_string())?;
    let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .await
        .map_err(|e| e.to_string())?;
    let setup = Setup {
        start: Start::New {
            game: game.clone(),
            plans: vec![Plan::Device; phones],
        },
        rules: Rules {
            away: None,
            bot_delay: Duration::ZERO,
            save: Some(save.to_owned()),
            join: Vec::new(),
            screen: None,
        },
        bot_seed: seed,
        site: None,
        rate: host::Rate::default(),
    };
    let host = host::start(listener, setup).await?;
    let (heard, mut hearing) = mpsc::unbounded_channel();
    let mut sinks: Vec<Sink> = Vec::new();
    for phone in 0..phones {
        let url = format!("ws://{}{}", host.addr(), host::TABLE_PATH);
        let (ws, _) = connect_async(url).await.map_err(|e| e.to_string())?;
        let (mut sink, mut stream) = ws.split();
        let hello = json!({"kind": "hello", "version": VERSION, "wants": {"seat": {"seat": phone, "name": format!("Phone {phone}")}}});
        sink.send(Message::Text(hello.to_string().into()))
            .await
            .map_err(|e| e.to_string())?;
        sinks.push(sink);
        let heard = heard.clone();
        tokio::spawn(async move {
            while let Some(Ok(message)) = stream.next().await {
                let Message::Text(text) = message else {
                    continue;
                };
                let Ok(frame) = serde_json::from_str::<Value>(&text) else {
                    continue;
                };
                let kind = frame["kind"].as_str().unwrap_or_default().to_owned();
                let number = frame["number"].as_u64();
                if heard
                    .send(Heard {
                        phone,
                        kind,
                        number,
                    })
                    .is_err()
                {
                    break;
                }
            }
        });
    }
    let mut bots: Vec<_> = (0..phones)
        .map(|seat| Neighbours::bot(Neighbours::bots()[0], seed ^ seat as u64))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let patience = Duration::from_secs(30);
    let mut number = 0u64;
    while !game.is_over() && Instant::now() < deadline {
        tokio::time::sleep(pace).await;
        let seat = game.awaiting()[0];
        let mv = bots[seat].choose(&game.view(seat));
        let message = json!({"kind": "move", "number": number, "mv": mv}).to_string();
        let sent_at = Instant::now();
        sinks[seat]
            .send(Message::Text(message.clone().into()))
            .await
            .map_err(|e| e.to_string())?;
        count.sent += 1;
        // Wait for the mover's new view: the round trip.
        loop {
            let heard = tokio::time::timeout(patience, hearing.recv())
                .await
                .map_err(|_| format!("no answer to move {number} in {patience:?}"))?
                .ok_or("the phones' connections closed")?;
            if heard.phone == seat && heard.kind == "seen" && heard.number == Some(number + 1) {
                count.round_trips.push(sent_at.elapsed());
                count.played += 1;
                break;
            }
            if heard.phone == seat && heard.kind == "refused" {
                return Err(format!("a legal move {number} was refused"));
            }
        }
        game.submit(seat, mv).map_err(|e| e.to_string())?;
        number += 1;
        // Now and then the same move again, as a phone whose answer was lost.
        if number.is_multiple_of(20) {
            sinks[seat]
                .send(Message::Text(message.into()))
                .await
                .map_err(|e| e.to_string())?;
            count.sent += 1;
            loop {
                let heard = tokio::time::timeout(patience, hearing.recv())
                    .await
                    .map_err(|_| "no answer to a move sent again".to_owned())?
                    .ok_or("the phones' connections closed")?;
                if heard.phone == seat && heard.kind == "refused" {
                    count.refused += 1;
                    break;
                }
                if heard.phone == seat && heard.kind == "seen" && heard.number == Some(number + 1) {
                    return Err("a move sent again was played twice".into());
                }
            }
        }
    }
    if game.is_over() {
        count.matches += 1;
    }
    drop(sinks);
    host.stop().await;
    Ok(())
}
