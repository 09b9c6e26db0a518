//! The host's server: the web build over HTTP and the table over a
//! WebSocket, on one port. Everything a device sends is a stranger's: its
//! size, its shape, its rate and its token are checked here and at the
//! table before anything reaches the match.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use crate::platform::time::Instant;

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use parlour_core::engine::{Game, Match, Phrase, Record};
use parlour_core::protocol::{
    Give, MAX_MESSAGE, Share, ToDevice, ToHost, VERSION, Wants, read_to_host,
};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot};
use tower_http::services::ServeDir;

use super::rate::{Bucket, Rate};
use super::said::Said;
use super::table::{ConnId, Kept, Plan, QUEUE, Rules, Table};

/// The path of the table's WebSocket.
pub const TABLE_PATH: &str = "/table";

/// How long a device has to say hello.
pub const HELLO_WITHIN: Duration = Duration::from_secs(10);

/// Devices at one table at once: seats, table screens and a margin for
/// phones coming back before their old connection is seen to drop.
pub const MAX_DEVICES: usize = 64;

/// Messages a device may send that this table cannot read before it is closed.
pub const MAX_UNREAD: usize = 3;

/// How often the table looks at the time when nothing else happens: bots'
/// pacing and seats away too long.
const TICK: Duration = Duration::from_millis(100);
/// How often while a bot's move is awaited.
const BOT_TICK: Duration = Duration::from_millis(10);

/// How a host's table starts.
pub enum Start<G: Game> {
    /// A new match, its seats as planned.
    New {
        /// The match.
        game: Match<G>,
        /// One per seat.
        plans: Vec<Plan>,
    },
    /// The table saved by a host that stopped.
    Kept(Box<Kept>),
}

/// Everything a host needs.
pub struct Setup<G: Game> {
    /// The match.
    pub start: Start<G>,
    /// How the table runs.
    pub rules: Rules,
    /// Seeds the bots.
    pub bot_seed: u64,
    /// The web build to serve, if any.
    pub site: Option<PathBuf>,
    /// How fast each device may send.
    pub rate: Rate,
}

enum ToTable<G: Game> {
    Join {
        conn: ConnId,
        peer: String,
        wants: Wants,
        out: mpsc::Sender<String>,
        reply: oneshot::Sender<Result<(), Said>>,
    },
    Move {
        conn: ConnId,
        number: usize,
        mv: G::Move,
    },
    Give {
        conn: ConnId,
        seat: parlour_core::engine::Seat,
        give: Give,
    },
    Hint {
        conn: ConnId,
        number: usize,
    },
    Weigh {
        conn: ConnId,
        number: usize,
        mv: G::Move,
    },
    Left {
        conn: ConnId,
    },
    Record {
        reply: oneshot::Sender<Record>,
    },
    Stop,
}

/// What every connection holds: the way to its table.
struct Link<G: Game> {
    table: mpsc::Sender<ToTable<G>>,
    rate: Rate,
    next: AtomicU64,
    devices: AtomicUsize,
}

/// A running host.
pub struct Host<G: Game> {
    addr: SocketAddr,
    screen_key: String,
    table: mpsc::Sender<ToTable<G>>,
    stop: Option<oneshot::Sender<()>>,
    served: Option<tokio::task::JoinHandle<()>>,
}

fn log(line: &str) {
    eprintln!("parlour host: {line}");
}

/// Starts a host on `listener`: the table on its own thread, the server on
/// the runtime this is called from.
pub async fn start<G: Share>(listener: TcpListener, setup: Setup<G>) -> Result<Host<G>, String> {
    let addr = listener
        .local_addr()
        .map_err(|e| format!("the host's address is unknown: {e}"))?;
    let (to_table, inbox) = mpsc::channel::<ToTable<G>>(1024);
    let (ready, is_ready) = oneshot::channel();
    let runtime = tokio::runtime::Handle::current();
    let Setup {
        start,
        rules,
        bot_seed,
        site,
        rate,
    } = setup;
    std::thread::Builder::new()
        .name("parlour-table".into())
        .spawn(move || run_table(start, rules, bot_seed, inbox, ready, runtime))
        .map_err(|e| format!("the table's thread did not start: {e}"))?;
    let screen_key = is_ready
        .await
        .map_err(|_| "the table stopped as it started".to_owned())??;

    let link = Arc::new(Link {
        table: to_table.clone(),
        rate,
        next: AtomicU64::new(1),
        devices: AtomicUsize::new(0),
    });
    let mut router = Router::new()
        .route(TABLE_PATH, get(upgrade::<G>))
        .with_state(link);
    router = match site {
        Some(dir) => router.fallback_service(site_files(dir)),
        None => router.fallback(no_site),
    };
    let (stop, stopped) = oneshot::channel::<()>();
    let served = tokio::spawn(async move {
        let serving = axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async {
            let _ = stopped.await;
        });
        if let Err(e) = serving.await {
            log(&format!("the server stopped: {e}"));
        }
    });
    Ok(Host {
        addr,
        screen_key,
        table: to_table,
        stop: Some(stop),
        served: Some(served),
    })
}

impl<G: Game> Host<G> {
    /// Where the host listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The key that makes a device the table's own screen (`?table=KEY`).
    pub fn screen_key(&self) -> &str {
        &self.screen_key
    }

    /// The match's record as it stands, with who sat where.
    pub async fn record(&self) -> Option<Record> {
        let (reply, answer) = oneshot::channel();
        self.table.send(ToTable::Record { reply }).await.ok()?;
        answer.await.ok()
    }

    /// Closes every connection, saying why, and stops serving.
    pub async fn stop(mut self) {
        let _ = self.table.send(ToTable::Stop).await;
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(served) = self.served.take() {
            let _ = served.await;
        }
    }
}

/// The table's thread: owns the match (a Bevy app is not shared between
/// threads) and answers the connections in turn.
fn run_table<G: Share>(
    start: Start<G>,
    rules: Rules,
    bot_seed: u64,
    mut inbox: mpsc::Receiver<ToTable<G>>,
    ready: oneshot::Sender<Result<String, String>>,
    runtime: tokio::runtime::Handle,
) {
    let made = match start {
        Start::New { game, plans } => Table::new(game, &plans, rules, bot_seed),
        Start::Kept(kept) => Table::<G>::resumed(*kept, rules, bot_seed),
    };
    let mut table = match made {
        Ok(table) => {
            let _ = ready.send(Ok(table.screen_key()));
            table
        }
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    loop {
        let wait = if table.bots_to_move() || table.hints_thinking() || table.coach_thinking() {
            BOT_TICK
        } else {
            TICK
        };
        let next = runtime.block_on(async { tokio::time::timeout(wait, inbox.recv()).await });
        match next {
            Ok(Some(ToTable::Join {
                conn,
                peer,
                wants,
                out,
                reply,
            })) => {
                let _ = reply.send(table.join(conn, peer, wants, out));
            }
            Ok(Some(ToTable::Move { conn, number, mv })) => table.play(conn, number, mv),
            Ok(Some(ToTable::Give { conn, seat, give })) => table.give(conn, seat, give),
            Ok(Some(ToTable::Hint { conn, number })) => table.hint(conn, number),
            Ok(Some(ToTable::Weigh { conn, number, mv })) => table.weigh(conn, number, mv),
            Ok(Some(ToTable::Left { conn })) => table.left(conn),
            Ok(Some(ToTable::Record { reply })) => {
                let _ = reply.send(table.record());
            }
            Ok(Some(ToTable::Stop)) | Ok(None) => {
                table.close(&Said::new(
                    Phrase::new("host-closed-stopped"),
                    "the host has stopped",
                ));
                return;
            }
            Err(_) => {}
        }
        table.tick(Instant::now());
    }
}

/// The web build's folder over HTTP. scripts/web-build.sh writes a `.br`
/// and a `.gz` beside each large file: a browser that accepts brotli (or
/// gzip) is sent that, with the original's type and `Content-Encoding`, and
/// one that accepts neither the file itself. Every answer says it varies
/// with `Accept-Encoding`, so no cache in between hands brotli to a browser
/// that did not ask for it.
pub fn site_files(dir: PathBuf) -> Router {
    let files = ServeDir::new(dir).precompressed_br().precompressed_gzip();
    Router::new()
        .fallback_service(files)
        .layer(axum::middleware::map_response(varies_by_encoding))
}

async fn varies_by_encoding(mut response: Response) -> Response {
    response.headers_mut().insert(
        axum::http::header::VARY,
        axum::http::HeaderValue::from_static("accept-encoding"),
    );
    response
}

async fn no_site() -> impl IntoResponse {
    (
        StatusCode::NOT_FOUND,
        "This Parlour host serves no web build: start it with --site and the folder \
         scripts/web-build.sh makes (target/web).\n",
    )
}

async fn upgrade<G: Share>(
    ws: WebSocketUpgrade,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    State(link): State<Arc<Link<G>>>,
) -> Response {
    if link.devices.load(Ordering::Relaxed) >= MAX_DEVICES {
        log(&format!(
            "{peer}: refused, the table has {MAX_DEVICES} devices already"
        ));
        return (StatusCode::SERVICE_UNAVAILABLE, "this table is full\n").into_response();
    }
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| async move {
            link.devices.fetch_add(1, Ordering::Relaxed);
            device::<G>(socket, peer.to_string(), &link).await;
            link.devices.fetch_sub(1, Ordering::Relaxed);
        })
}

/// "The table has closed".
fn table_closed() -> Said {
    Said::new(Phrase::new("host-closed-table"), "the table has closed")
}

/// "Too many messages", with the rate allowed.
fn too_many(rate: Rate) -> Said {
    Said::new(
        Phrase::new("host-closed-too-many"),
        format!("too many messages: {}", rate.said()),
    )
}

/// Tells the device why it is closed, logs it in one line, and closes.
async fn close_with<S: serde::Serialize>(socket: &mut WebSocket, peer: &str, said: Said) {
    log(&format!("{peer}: closed: {said}"));
    let text = serde_json::to_string(&ToDevice::<S>::Closed {
        phrase: said.worded(),
        reason: said.reason,
        back: false,
    })
    .expect("a protocol message always serialises");
    let _ = socket.send(Message::Text(text.into())).await;
    let _ = socket.send(Message::Close(None)).await;
}

async fn refuse<S: serde::Serialize>(socket: &mut WebSocket, peer: &str, reason: String) -> bool {
    log(&format!("{peer}: refused: {reason}"));
    let text = serde_json::to_string(&ToDevice::<S>::Refused {
        reason,
        phrase: None,
    })
    .expect("a protocol message always serialises");
    socket.send(Message::Text(text.into())).await.is_ok()
}

/// One device's connection, from its hello to its close.
async fn device<G: Share>(mut socket: WebSocket, peer: String, link: &Link<G>) {
    let hello = match tokio::time::timeout(HELLO_WITHIN, socket.recv()).await {
        Ok(Some(Ok(Message::Text(text)))) => read_to_host::<G::Move>(text.as_str()),
        Ok(Some(Ok(_))) => Err("the first message must be a hello, in text".to_owned()),
        Ok(Some(Err(e))) => Err(format!("the connection failed: {e}")),
        Ok(None) => return,
        Err(_) => Err(format!(
            "no hello within {} seconds",
            HELLO_WITHIN.as_secs()
        )),
    };
    let wants = match hello {
        Ok(ToHost::Hello { version, wants }) if version == VERSION => wants,
        Ok(ToHost::Hello { version, .. }) => {
            let said = Said::new(
                Phrase::new("host-closed-version")
                    .count("host", VERSION as usize)
                    .count("device", version as usize),
                format!(
                    "this table speaks version {VERSION} of Parlour's protocol and the device version {version}: load the page again"
                ),
            );
            return close_with::<G::Seen>(&mut socket, &peer, said).await;
        }
        Ok(
            ToHost::Move { .. } | ToHost::Give { .. } | ToHost::Hint { .. } | ToHost::Weigh { .. },
        ) => {
            let said = Said::english("the first message must be a hello");
            return close_with::<G::Seen>(&mut socket, &peer, said).await;
        }
        Err(reason) => {
            return close_with::<G::Seen>(&mut socket, &peer, Said::english(reason)).await;
        }
    };

    let conn = link.next.fetch_add(1, Ordering::Relaxed);
    let (out, mut outbox) = mpsc::channel(QUEUE);
    let (reply, answer) = oneshot::channel();
    let join = ToTable::Join {
        conn,
        peer: peer.clone(),
        wants,
        out,
        reply,
    };
    if link.table.send(join).await.is_err() {
        return close_with::<G::Seen>(&mut socket, &peer, table_closed()).await;
    }
    match answer.await {
        Ok(Ok(())) => {}
        Ok(Err(said)) => return close_with::<G::Seen>(&mut socket, &peer, said).await,
        Err(_) => {
            return close_with::<G::Seen>(&mut socket, &peer, table_closed()).await;
        }
    }

    let mut bucket = Bucket::new(link.rate, Instant::now());
    let mut unread = 0;
    loop {
        tokio::select! {
            frame = outbox.recv() => match frame {
                Some(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                // The table let this device go (its seat taken up elsewhere,
                // or the host stopping): what it had to say is sent.
                None => {
                    let _ = socket.send(Message::Close(None)).await;
                    break;
                }
            },
            message = socket.recv() => {
                let text = match message {
                    Some(Ok(Message::Text(text))) => Ok(text),
                    Some(Ok(Message::Binary(_))) => Err("this table reads text, not binary messages".to_owned()),
                    // Pings are answered by the WebSocket itself, but count.
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => {
                        if !bucket.take(Instant::now()) {
                            close_with::<G::Seen>(&mut socket, &peer, too_many(link.rate)).await;
                            break;
                        }
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Err(e)) => {
                        close_with::<G::Seen>(&mut socket, &peer, Said::english(format!("the connection failed: {e}"))).await;
                        break;
                    }
                };
                if !bucket.take(Instant::now()) {
                    close_with::<G::Seen>(&mut socket, &peer, too_many(link.rate)).await;
                    break;
                }
                let read = text.and_then(|text| read_to_host::<G::Move>(text.as_str()));
                let refused = match read {
                    Ok(ToHost::Move { number, mv }) => {
                        if link.table.send(ToTable::Move { conn, number, mv }).await.is_err() {
                            break;
                        }
                        continue;
                    }
                    Ok(ToHost::Give { seat, give }) => {
                        if link.table.send(ToTable::Give { conn, seat, give }).await.is_err() {
                            break;
                        }
                        continue;
                    }
                    Ok(ToHost::Hint { number }) => {
                        if link.table.send(ToTable::Hint { conn, number }).await.is_err() {
                            break;
                        }
                        continue;
                    }
                    Ok(ToHost::Weigh { number, mv }) => {
                        if link.table.send(ToTable::Weigh { conn, number, mv }).await.is_err() {
                            break;
                        }
                        continue;
                    }
                    Ok(ToHost::Hello { .. }) => "this device has said hello already".to_owned(),
                    Err(reason) => reason,
                };
                unread += 1;
                if unread >= MAX_UNREAD {
                    close_with::<G::Seen>(&mut socket, &peer, Said::english(format!("{MAX_UNREAD} messages this table cannot read; the last: {refused}"))).await;
                    break;
                }
                if !refuse::<G::Seen>(&mut socket, &peer, refused).await {
                    break;
                }
            }
        }
    }
    let _ = link.table.send(ToTable::Left { conn }).await;
}
