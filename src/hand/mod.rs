//! A seat at a shared table, held from this device: the phone's (or a
//! laptop's) side of `parlour host`. It connects to the host's WebSocket,
//! watches the public table until its player picks a seat and a name, keeps
//! the seat's key in the data folder (the page's storage in a browser), and
//! comes back into its seat by itself when the connection drops — a phone
//! that slept, Wi-Fi that went. It keeps what the host last said; the
//! game's own hand screen reads that and makes moves. Names no game.

use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;
use ewebsock::{WsEvent, WsMessage};
use parlour_core::engine::Seat;
use parlour_core::protocol::{Give, SeatStatus, ToDevice, ToHost, VERSION, Wants, Worded};
use serde::{Deserialize, Serialize};

use crate::platform::time::Instant;

mod coach;
mod here;
mod socket;

pub use coach::CoachWord;
pub use here::HereSeats;
pub use socket::Socket;

/// How long to wait before trying again, after each failed try in a row:
/// quick at first (a phone waking), then every five seconds.
const RETRY: [Duration; 5] = [
    Duration::from_millis(250),
    Duration::from_millis(500),
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(5),
];

/// The table to join, from `--join` or the page's `?join`.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct JoinTable {
    /// The host's WebSocket address, `ws://host:port/table`.
    pub address: String,
    /// The seat a table's code offered, if one.
    pub seat: Option<Seat>,
    /// The table's own screen: the public table and the codes to join,
    /// never a seat.
    pub watch: bool,
    /// The key that lets this screen give seats, if the host gave one.
    pub key: Option<String>,
}

impl JoinTable {
    /// The table at `text`: `host:port`, `http://host:port/…` or
    /// `ws://host:port/table`, made the host's WebSocket address. One line
    /// a person can read when it names no host.
    pub fn at(text: &str, seat: Option<Seat>) -> Result<Self, String> {
        let text = text.trim();
        let (scheme, rest) = match text.split_once("://") {
            Some(("http" | "ws", rest)) => ("ws", rest),
            Some(("https" | "wss", rest)) => ("wss", rest),
            Some((other, _)) => {
                return Err(format!(
                    "{text:?} is not a table's address: it should start http:// or ws://, not {other}://"
                ));
            }
            None => ("ws", text),
        };
        let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
        let bad = host.is_empty()
            || host
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || c == '@');
        if bad {
            return Err(format!(
                "{text:?} is not a table's address: write it like 192.168.1.20:7878"
            ));
        }
        Ok(Self {
            address: format!("{scheme}://{host}/table"),
            seat,
            watch: false,
            key: None,
        })
    }

    /// The same table, watched from its own screen.
    pub fn watched(self) -> Self {
        Self {
            watch: true,
            seat: None,
            key: None,
            ..self
        }
    }

    /// The same table, from its own screen with the key that lets it give
    /// seats.
    pub fn screen(self, key: String) -> Self {
        Self {
            key: Some(key),
            ..self.watched()
        }
    }
}

/// Where the link stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkPhase {
    /// Opening a connection (the first, or again after one dropped).
    Connecting,
    /// Watching the public table, no seat yet: the player picks one.
    Watching,
    /// Holding a seat.
    Seated,
    /// Asking the table's screen for a seat whose device is away.
    Asking(Seat),
    /// The connection dropped; trying again at the moment given.
    Away,
    /// The host said no more (another version, the seat taken up on
    /// another device, too many messages): the reason, and a person may
    /// try again by hand.
    Closed(String),
}

/// What the host last said of the match, in the game's own words (`seen`
/// is the game's `Share::Seen`, read by its hand screen).
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    /// Moves played so far.
    pub number: usize,
    /// The seats whose move is awaited.
    pub awaiting: Vec<Seat>,
    /// Each seat's score.
    pub scores: Vec<i64>,
    /// The winners, once the match is over.
    pub winners: Vec<Seat>,
    /// The game's view for this device.
    pub seen: serde_json::Value,
}

/// This window is the table's screen of a host it runs beside itself
/// ("Play with phones"): it may close the table.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct TableHere;

/// The address a table hosted beside the window listens on: every one of
/// this machine's by default, so phones on the network reach it (a test
/// keeps it to loopback).
#[derive(Resource, Clone, Copy, Debug)]
pub struct PhonesBind(pub std::net::IpAddr);

/// The match this table plays, from the host's welcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Welcome {
    /// The game's record name.
    pub game: String,
    /// The variant's rules string.
    pub variant: String,
    /// How many seats.
    pub players: usize,
    /// This device's seat, if it holds one.
    pub seat: Option<Seat>,
    /// Where phones open the table's page (the table's screen is told).
    pub join: Vec<String>,
}

/// A seat's key as kept on this device, per table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeptSeat {
    /// The table's address.
    pub address: String,
    /// The seat.
    pub seat: Seat,
    /// The name it was taken under.
    pub name: String,
    /// Its secret key.
    pub token: String,
}

/// The link to the table, and what the host last said.
#[derive(Resource)]
pub struct Link {
    table: JoinTable,
    /// Whether a connection is open (the socket itself is [`Socket`]).
    open: bool,
    /// The socket to let go before the next try.
    drop_socket: bool,
    /// Text to send on the open connection.
    outbox: Vec<String>,
    wants: Wants,
    kept: Option<KeptSeat>,
    keep: Option<std::path::PathBuf>,
    /// Failed tries in a row, and when to try next.
    tries: usize,
    retry_at: Option<Instant>,
    /// Where the link stands.
    pub phase: LinkPhase,
    /// The match, once welcomed.
    pub welcome: Option<Welcome>,
    /// Who holds each seat.
    pub seats: Vec<SeatStatus>,
    /// The match as this device may see it.
    pub seen: Option<Seen>,
    /// The last refusal, in the host's (English) words.
    pub refused: Option<String>,
    /// The same refusal as a phrase this device words in its own language,
    /// when the host sent one.
    pub refused_phrase: Option<Worded>,
    /// Sent but not yet answered: the move number it was made at.
    pub sent_at: Option<usize>,
    /// The move number a hint was asked at, while it is awaited.
    hint_asked: Option<usize>,
    /// The last hint the host sent (or the coach's move, taken back to),
    /// and the move number it is good at.
    hint: Option<(usize, serde_json::Value)>,
    /// The coach's word on this seat's move, awaited or held for the player.
    coach: Option<CoachWord>,
    /// The match's whole record, once the host has said it is over.
    pub record: Option<parlour_core::engine::Record>,
}

impl Link {
    /// A link to `table`, keeping its seat's key in the file `keep` (none:
    /// kept for this run only). A key kept from an earlier visit to the same
    /// table takes the seat back at once.
    pub fn new(table: JoinTable, keep: Option<std::path::PathBuf>) -> Self {
        let kept = keep
            .as_deref()
            .and_then(|path| crate::platform::files::read_to_string(path).ok())
            .and_then(|text| serde_json::from_str::<KeptSeat>(&text).ok())
            .filter(|k| k.address == table.address && !table.watch);
        let wants = match (&kept, &table.key) {
            (Some(k), _) => Wants::Back {
                token: k.token.clone(),
            },
            (None, Some(key)) => Wants::Screen { key: key.clone() },
            (None, None) => Wants::Table,
        };
        Self {
            table,
            open: false,
            drop_socket: false,
            outbox: Vec::new(),
            wants,
            kept,
            keep,
            tries: 0,
            retry_at: None,
            phase: LinkPhase::Connecting,
            welcome: None,
            seats: Vec::new(),
            seen: None,
            refused: None,
            refused_phrase: None,
            sent_at: None,
            hint_asked: None,
            hint: None,
            coach: None,
            record: None,
        }
    }

    /// How long until the next try at the table, while the link is away
    /// from it (none while a connection is open).
    pub fn next_try_in(&self) -> Option<std::time::Duration> {
        let at = self.retry_at.filter(|_| !self.open)?;
        Some(at.saturating_duration_since(Instant::now()))
    }

    /// The table's address.
    pub fn table(&self) -> &JoinTable {
        &self.table
    }

    /// The name this device last played under here, if any.
    pub fn kept_name(&self) -> Option<&str> {
        self.kept.as_ref().map(|k| k.name.as_str())
    }

    /// This device's seat, once it holds one.
    pub fn seat(&self) -> Option<Seat> {
        (self.phase == LinkPhase::Seated)
            .then(|| self.welcome.as_ref()?.seat)
            .flatten()
    }

    /// Takes `seat` (the first free one if none) under `name`: the watching
    /// connection is closed and a new one asks for the seat.
    pub fn take_seat(&mut self, seat: Option<Seat>, name: &str) {
        self.wants = Wants::Seat {
            seat,
            name: name.to_owned(),
        };
        self.refused = None;
        self.refused_phrase = None;
        self.reconnect_now();
    }

    /// Tries again now, after the host closed the connection.
    pub fn try_again(&mut self) {
        self.refused = None;
        self.refused_phrase = None;
        self.reconnect_now();
    }

    /// Sends this seat's move, made when `number` moves had been played,
    /// in its record form. False when there is no connection to send on.
    pub fn send_move(&mut self, number: usize, mv: serde_json::Value) -> bool {
        if self.phase != LinkPhase::Seated {
            return false;
        }
        if !self.open {
            return false;
        }
        let message = ToHost::Move { number, mv };
        match serde_json::to_string(&message) {
            Ok(text) => {
                self.outbox.push(text);
                self.sent_at = Some(number);
                self.refused = None;
                self.refused_phrase = None;
                true
            }
            Err(_) => false,
        }
    }

    /// Asks the host for a hint for this seat's turn after `number` moves.
    /// False when there is no connection to ask on.
    pub fn ask_hint(&mut self, number: usize) -> bool {
        if self.phase != LinkPhase::Seated || !self.open {
            return false;
        }
        if self.hint_for(number).is_some() || self.hint_asked == Some(number) {
            return true;
        }
        match serde_json::to_string(&ToHost::<()>::Hint { number }) {
            Ok(text) => {
                self.outbox.push(text);
                self.hint_asked = Some(number);
                self.refused = None;
                self.refused_phrase = None;
                true
            }
            Err(_) => false,
        }
    }

    /// The hint the host sent for the turn after `number` moves, if any:
    /// a hint for another turn is no hint now.
    pub fn hint_for(&self, number: usize) -> Option<&serde_json::Value> {
        self.hint
            .as_ref()
            .filter(|(at, _)| *at == number)
            .map(|(_, mv)| mv)
    }

    /// Whether a hint asked for the turn after `number` moves is awaited.
    pub fn hint_awaited(&self, number: usize) -> bool {
        self.hint_asked == Some(number) && self.hint_for(number).is_none() && self.refused.is_none()
    }

    /// Whether this device is the table's own screen, which gives seats.
    pub fn gives_seats(&self) -> bool {
        matches!(self.wants, Wants::Screen { .. }) && self.phase == LinkPhase::Watching
    }

    /// From the table's own screen: seat `seat` goes to `give`.
    pub fn give(&mut self, seat: Seat, give: Give) -> bool {
        if !self.gives_seats() || !self.open {
            return false;
        }
        match serde_json::to_string(&ToHost::<()>::Give { seat, give }) {
            Ok(text) => {
                self.outbox.push(text);
                self.refused = None;
                self.refused_phrase = None;
                true
            }
            Err(_) => false,
        }
    }

    /// Asks no more for the away seat: back to watching, to pick again.
    pub fn stop_asking(&mut self) {
        self.wants = Wants::Table;
        self.welcome = None;
        self.reconnect_now();
    }

    /// Whether a move sent has not been answered yet.
    pub fn waiting_for_answer(&self) -> bool {
        match (&self.sent_at, &self.seen) {
            (Some(at), Some(seen)) => seen.number <= *at && self.refused.is_none(),
            _ => false,
        }
    }

    fn reconnect_now(&mut self) {
        self.let_go();
        self.tries = 0;
        self.retry_at = None;
        self.phase = LinkPhase::Connecting;
    }

    /// The connection is let go: the socket goes at the next frame.
    fn let_go(&mut self) {
        self.open = false;
        self.drop_socket = true;
        self.outbox.clear();
    }

    /// Whether a connection should be opened now.
    fn time_to_connect(&self, now: Instant) -> bool {
        !self.open
            && !matches!(self.phase, LinkPhase::Closed(_))
            && self.retry_at.is_none_or(|at| now >= at)
    }

    /// The connection dropped: try again after a pause that grows.
    fn lost(&mut self, now: Instant) {
        self.let_go();
        let pause = RETRY[self.tries.min(RETRY.len() - 1)];
        self.tries += 1;
        self.retry_at = Some(now + pause);
        if !matches!(self.phase, LinkPhase::Closed(_)) {
            self.phase = if self.welcome.as_ref().is_some_and(|w| w.seat.is_some()) {
                LinkPhase::Away
            } else {
                LinkPhase::Connecting
            };
        }
    }

    /// What the connection said: opened, a message, gone.
    fn event(&mut self, event: WsEvent, now: Instant) {
        match event {
            WsEvent::Opened => self.hello(),
            WsEvent::Message(WsMessage::Text(text)) => self.heard(&text),
            WsEvent::Message(_) => {}
            WsEvent::Error(_) | WsEvent::Closed => self.lost(now),
        }
    }

    fn hello(&mut self) {
        let hello = ToHost::<()>::Hello {
            version: VERSION,
            wants: self.wants.clone(),
        };
        if let Ok(text) = serde_json::to_string(&hello) {
            self.outbox.push(text);
        }
    }

    /// One message from the host. Anything this device cannot read is
    /// left unread: the host is trusted no further than its words.
    fn heard(&mut self, text: &str) {
        let Ok(message) = serde_json::from_str::<ToDevice<serde_json::Value>>(text) else {
            return;
        };
        match message {
            ToDevice::Welcome {
                game,
                variant,
                players,
                seat,
                token,
                join,
                ..
            } => {
                self.tries = 0;
                self.phase = if seat.is_some() {
                    LinkPhase::Seated
                } else {
                    LinkPhase::Watching
                };
                if let (Some(seat), Some(token)) = (seat, token) {
                    // Coming back with the key keeps the name it was taken under.
                    let name = match (&self.wants, &self.kept) {
                        (Wants::Seat { name, .. }, _) => name.clone(),
                        (_, Some(kept)) => kept.name.clone(),
                        _ => String::new(),
                    };
                    self.keep_seat(KeptSeat {
                        address: self.table.address.clone(),
                        seat,
                        name,
                        token: token.clone(),
                    });
                    self.wants = Wants::Back { token };
                }
                // What the last connection saw was another device's view
                // (the public table): the seat's own follows the welcome.
                self.seen = None;
                self.record = None;
                self.sent_at = None;
                self.hint_asked = None;
                // A move the coach was weighing is made again from the hand.
                self.coach = None;
                self.welcome = Some(Welcome {
                    game,
                    variant,
                    players,
                    seat,
                    join,
                });
            }
            ToDevice::Seen {
                number,
                awaiting,
                scores,
                winners,
                seen,
            } => {
                self.seen = Some(Seen {
                    number,
                    awaiting,
                    scores,
                    winners,
                    seen,
                });
            }
            ToDevice::Hint { number, mv } => self.hint = Some((number, mv)),
            ToDevice::Weighed { number, mv, better } => self.weighed(number, mv, better),
            ToDevice::Record { record } => self.record = Some(record),
            ToDevice::Asking { seat } => self.phase = LinkPhase::Asking(seat),
            ToDevice::Seats { seats } => self.seats = seats,
            ToDevice::Refused { reason, phrase } => {
                self.refused = Some(reason);
                self.refused_phrase = phrase;
            }
            ToDevice::Closed { back: true, .. } => self.lost(Instant::now()),
            ToDevice::Closed { reason, phrase, .. } => self.closed(reason, phrase),
        }
    }

    /// The host closed the connection. Before a welcome it refused what
    /// this device asked: a seat's key it no longer knows, a seat taken —
    /// so the device goes back to watching and its player picks again.
    /// After one, the host has said why and the device waits for a person.
    fn closed(&mut self, reason: String, phrase: Option<Worded>) {
        self.let_go();
        let welcomed = matches!(self.phase, LinkPhase::Seated | LinkPhase::Watching);
        if !welcomed && !matches!(self.wants, Wants::Table) {
            if matches!(self.wants, Wants::Back { .. }) {
                self.forget_seat();
            }
            self.wants = Wants::Table;
            self.welcome = None;
            self.refused = Some(reason);
            self.refused_phrase = phrase;
            self.reconnect_now();
        } else {
            self.refused_phrase = phrase;
            self.phase = LinkPhase::Closed(reason);
        }
    }

    fn keep_seat(&mut self, kept: KeptSeat) {
        if let (Some(path), Ok(text)) = (&self.keep, serde_json::to_string_pretty(&kept))
            && let Err(e) = crate::storage::write_atomic(path, &text)
        {
            warn!(
                "the seat's key could not be kept in {}: {e}",
                path.display()
            );
        }
        self.kept = Some(kept);
    }

    pub(super) fn forget_seat(&mut self) {
        if let Some(path) = &self.keep {
            let _ = crate::platform::files::remove(path);
        }
        self.kept = None;
    }
}

/// Where a seat's key at `table` is kept: one file per table in the data
/// folder's `seats/`.
pub fn kept_path(table: &JoinTable) -> Option<std::path::PathBuf> {
    let name: String = table
        .address
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    Some(
        crate::storage::home()?
            .join("seats")
            .join(format!("{name}.json")),
    )
}

/// The link, kept open and read every frame; the seats played at this
/// screen likewise.
pub fn plugin(app: &mut App) {
    app.init_non_send::<Socket>()
        .init_non_send::<here::HereSockets>()
        .init_resource::<HereSeats>()
        .add_systems(
            PreUpdate,
            (
                here::come_back_to_here_seats.run_if(resource_added::<Link>),
                follow_link.run_if(resource_exists::<Link>),
                here::follow_here_seats,
            )
                .chain(),
        )
        .add_systems(Startup, wake_on_messages);
}

/// What is called whenever a connection has something new: a window that
/// sleeps between events wakes, a test steps its app.
#[derive(Resource, Clone)]
pub struct Wake(pub Arc<dyn Fn() + Send + Sync>);

/// A window that sleeps until something happens wakes when the host says
/// something (unless it was given a waker of its own).
fn wake_on_messages(
    wake: Option<Res<Wake>>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut commands: Commands,
) {
    if let (None, Some(proxy)) = (wake, proxy) {
        let proxy = (**proxy).clone();
        commands.insert_resource(Wake(Arc::new(move || {
            let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
        })));
    }
}

/// The window's link: opened when it is time, read, and what it has to
/// say sent.
fn follow_link(
    mut link: ResMut<Link>,
    mut socket: NonSendMut<Socket>,
    wake: Option<Res<Wake>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let link = link.bypass_change_detection();
    if socket::pump(link, &mut socket, wake.as_deref(), Instant::now()) {
        redraw.write(bevy::window::RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_address_is_made_the_hosts_websocket() {
        let at = |t| JoinTable::at(t, None).map(|j| j.address);
        assert_eq!(
            at("192.168.1.20:7878"),
            Ok("ws://192.168.1.20:7878/table".into())
        );
        assert_eq!(
            at("http://table.local:7878/?join&seat=2"),
            Ok("ws://table.local:7878/table".into())
        );
        assert_eq!(
            at("https://parlour.example/"),
            Ok("wss://parlour.example/table".into())
        );
        assert_eq!(
            at("ws://[::1]:7878/table"),
            Ok("ws://[::1]:7878/table".into())
        );
    }

    #[test]
    fn an_address_with_no_host_is_refused_in_words() {
        for bad in ["", "http://", "ftp://x", "a b:7878", "user@host:1"] {
            let e = JoinTable::at(bad, None).unwrap_err();
            assert!(e.contains("not a table's address"), "{bad}: {e}");
        }
    }
}
