//! One shared table: the match, its seats and the devices connected to it.
//! Plain and synchronous — the server hands it what devices say, and it
//! answers by putting frames on each device's queue.
//!
//! The match is held by the rules plugin ([`Headless`]): a device's move
//! enters it only as a `MoveRequest`, judged by the rules like a tap.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use crate::platform::time::Instant;

use parlour_core::engine::{Match, Phrase, Seat, SeatRecord};
use parlour_core::protocol::{Holder, SeatStatus, Share, ToDevice, VERSION, Wants, clean_name};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

mod coaching;
mod giving;
mod hints;
mod kept;

pub use kept::{Kept, read_kept};

use super::said::Said;
use super::token::Token;
use crate::engine::replay::Headless;
use crate::engine::{Controller, Pacing};

/// A connection, numbered by the server.
pub type ConnId = u64;

/// How many frames may wait for a device before it counts as gone: a
/// device that reads nothing must not hold the table's memory.
pub const QUEUE: usize = 64;

/// Who a seat is for when the table is set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// A player's device joins it.
    Device,
    /// A bot plays it.
    Bot(String),
}

/// How a table runs.
#[derive(Clone, Debug, Default)]
pub struct Rules {
    /// After this long away, a device's seat is played by this bot (none:
    /// the seat waits for its device).
    pub away: Option<(Duration, String)>,
    /// The least time a bot takes over a move, so people can follow.
    pub bot_delay: Duration,
    /// Where the match and its seats are saved after every change.
    pub save: Option<PathBuf>,
    /// Where phones on the network open the table's page
    /// (`http://192.168.1.20:7878`): what the table's screen shows them.
    pub join: Vec<String>,
    /// The key that makes a device the table's own screen, which gives
    /// seats (none: the table makes one, or keeps the one it had).
    pub screen: Option<Token>,
}

/// Who holds a seat now.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
enum Holding {
    Open,
    Device {
        token: Token,
        #[serde(skip)]
        conn: Option<ConnId>,
        #[serde(skip)]
        away_since: Option<Instant>,
        /// A device asking for the seat while its own is away.
        #[serde(skip)]
        asker: Option<Asker>,
    },
    Bot {
        name: String,
    },
}

/// A device that asked for an away seat: the table's screen decides.
#[derive(Clone, Debug)]
struct Asker {
    conn: ConnId,
    name: String,
}

/// One seat: the name the table shows and who holds it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatEntry {
    name: String,
    holding: Holding,
}

/// A connected device.
struct Device {
    out: mpsc::Sender<String>,
    seat: Option<Seat>,
    peer: String,
    /// The table's own screen, which may give seats.
    screen: bool,
    /// The away seat this device asks for, while the screen decides.
    asking: Option<Seat>,
}

/// A shared table.
pub struct Table<G: Share> {
    headless: Headless<G>,
    seats: Vec<SeatEntry>,
    devices: HashMap<ConnId, Device>,
    rules: Rules,
    bot_seed: u64,
    /// The moves every device has been shown.
    moves_seen: usize,
    /// What makes a device the table's own screen.
    screen_key: Token,
    /// Each seat's hint, thought over or kept for its turn.
    hints: HashMap<Seat, hints::Hint<G::Move>>,
    /// Each seat's move the coach weighs, or has weighed, for its device.
    weighings: HashMap<Seat, coaching::Weighing>,
}

fn log(line: &str) {
    eprintln!("parlour host: {line}");
}

impl<G: Share> Table<G> {
    /// A table for `game`, its seats as `plans` says, or why not.
    pub fn new(
        game: Match<G>,
        plans: &[Plan],
        rules: Rules,
        bot_seed: u64,
    ) -> Result<Self, String> {
        let seats = plans
            .iter()
            .enumerate()
            .map(|(seat, plan)| match plan {
                Plan::Device => SeatEntry {
                    name: format!("Player {}", seat + 1),
                    holding: Holding::Open,
                },
                Plan::Bot(name) => SeatEntry {
                    name: bot_title(name),
                    holding: Holding::Bot { name: name.clone() },
                },
            })
            .collect();
        let table = Self::seated(game, seats, rules, bot_seed, None)?;
        table.keep();
        Ok(table)
    }

    /// The table `kept` describes, its devices away until they come back.
    pub fn resumed(kept: Kept, rules: Rules, bot_seed: u64) -> Result<Self, String> {
        let record = kept.record;
        if kept.seats.len() != record.players {
            return Err(format!(
                "the saved table has {} seats for {} players",
                kept.seats.len(),
                record.players
            ));
        }
        let game = Match::<G>::from_record(&record, |name| G::variant(name).ok())
            .map_err(|e| e.to_string())?;
        let now = Instant::now();
        let seats = kept
            .seats
            .into_iter()
            .map(|mut entry| {
                if let Holding::Device { away_since, .. } = &mut entry.holding {
                    *away_since = Some(now);
                }
                entry
            })
            .collect();
        Self::seated(game, seats, rules, bot_seed, kept.screen)
    }

    fn seated(
        game: Match<G>,
        seats: Vec<SeatEntry>,
        rules: Rules,
        bot_seed: u64,
        kept_key: Option<Token>,
    ) -> Result<Self, String> {
        let screen_key = match kept_key.or_else(|| rules.screen.clone()) {
            Some(key) => key,
            None => Token::new().map_err(|e| format!("no key for the table's screen: {e}"))?,
        };
        let mut headless = Headless::<G>::new();
        headless.app().insert_resource(Pacing {
            bot_delay: rules.bot_delay,
            ..Pacing::default()
        });
        let moves_seen = game.moves().len();
        let controllers = controllers(&seats);
        headless.start_seeded(game, controllers, bot_seed);
        Ok(Self {
            headless,
            seats,
            devices: HashMap::new(),
            rules,
            bot_seed,
            moves_seen,
            screen_key,
            hints: HashMap::new(),
            weighings: HashMap::new(),
        })
    }

    /// The key that makes a device the table's own screen.
    pub fn screen_key(&self) -> String {
        self.screen_key.to_string()
    }

    /// The match in play.
    pub fn game(&self) -> &Match<G> {
        self.headless
            .game()
            .expect("a table always holds its match")
    }

    /// The match's record, with who sat where.
    pub fn record(&self) -> parlour_core::engine::Record {
        let mut record = self.game().record();
        record.seats = self
            .seats
            .iter()
            .map(|s| SeatRecord {
                name: s.name.clone(),
                bot: match &s.holding {
                    Holding::Bot { name } => Some(name.clone()),
                    _ => None,
                },
            })
            .collect();
        record
    }

    /// A device has said hello: it is seated, watches, asks the table's
    /// screen for a seat whose device is away, or is told why not.
    pub fn join(
        &mut self,
        conn: ConnId,
        peer: String,
        wants: Wants,
        out: mpsc::Sender<String>,
    ) -> Result<(), Said> {
        let mut screen = false;
        let (seat, token) = match wants {
            Wants::Table => (None, None),
            Wants::Screen { key } => {
                if !self.screen_key.is(&key) {
                    return Err(Said::new(
                        Phrase::new("host-refused-screen-key"),
                        "that is not the key of this table's screen",
                    ));
                }
                screen = true;
                (None, None)
            }
            Wants::Seat { seat, name } => {
                let name = clean_name(&name)
                    .map_err(|e| Said::new(Phrase::new("host-refused-no-name"), e))?;
                let free = |s: &usize| matches!(self.seats[*s].holding, Holding::Open);
                let seat = match seat {
                    Some(s) if s >= self.seats.len() => return Err(no_seat(s)),
                    Some(s) if self.is_away(s) => return self.ask(conn, peer, s, name, out),
                    Some(s) if !free(&s) => {
                        return Err(Said::new(
                            Phrase::new("host-refused-seat-taken").count("number", s + 1),
                            format!("seat {} is taken", s + 1),
                        ));
                    }
                    Some(s) => s,
                    None => (0..self.seats.len()).find(free).ok_or_else(|| {
                        Said::new(
                            Phrase::new("host-refused-every-seat-taken"),
                            "every seat at this table is taken",
                        )
                    })?,
                };
                let token = Token::new()
                    .map_err(|e| Said::english(format!("no token could be made: {e}")))?;
                self.seats[seat] = SeatEntry {
                    name,
                    holding: Holding::Device {
                        token: token.clone(),
                        conn: Some(conn),
                        away_since: None,
                        asker: None,
                    },
                };
                log(&format!("{peer} took seat {}", seat + 1));
                (Some(seat), Some(token))
            }
            Wants::Back { token } => {
                let seat = self
                    .seats
                    .iter()
                    .position(|s| matches!(&s.holding, Holding::Device { token: t, .. } if t.is(&token)))
                    .ok_or_else(|| {
                        Said::new(
                            Phrase::new("host-refused-unknown-key"),
                            "that seat's key is not known at this table: the match may be over, or the seat given to another",
                        )
                    })?;
                let name = self.seats[seat].name.clone();
                let Holding::Device {
                    conn: held,
                    away_since,
                    ..
                } = &mut self.seats[seat].holding
                else {
                    unreachable!("the seat was found holding a device");
                };
                // The newest device wins the seat: a phone that wakes up
                // before the host has seen its old connection drop.
                let old = held.replace(conn);
                *away_since = None;
                if let Some(old) = old
                    && let Some(device) = self.devices.remove(&old)
                {
                    send(
                        &device.out,
                        &ToDevice::<G::Seen>::Closed {
                            back: false,
                            reason: "this seat was taken up again on another connection".into(),
                            phrase: Some((&Phrase::new("host-closed-taken-again")).into()),
                        },
                    );
                }
                self.refuse_asker(
                    seat,
                    Said::new(
                        Phrase::new("host-closed-came-back")
                            .text("name", name.clone())
                            .count("number", seat + 1),
                        format!("{name}'s phone came back to seat {}", seat + 1),
                    ),
                );
                log(&format!("{peer} came back to seat {}", seat + 1));
                (Some(seat), None)
            }
        };
        self.welcome(&out, seat, token);
        self.devices.insert(
            conn,
            Device {
                out,
                seat,
                peer,
                screen,
                asking: None,
            },
        );
        self.keep();
        self.send_seats();
        Ok(())
    }

    /// A device is welcomed to the match: its seat (none for a screen),
    /// its key once, and what it may see.
    fn welcome(&self, out: &mpsc::Sender<String>, seat: Option<Seat>, token: Option<Token>) {
        let game = self.game();
        send(
            out,
            &ToDevice::<G::Seen>::Welcome {
                version: VERSION,
                game: G::NAME.to_owned(),
                variant: game.variant().to_owned(),
                players: game.players(),
                seat,
                token: token.map(|t| t.to_string()),
                join: if seat.is_none() {
                    self.rules.join.clone()
                } else {
                    Vec::new()
                },
            },
        );
        send(out, &self.seen(seat));
        if self.game().is_over() {
            send(out, &self.ended());
        }
    }

    /// The whole record, once the match is over: nothing is hidden then.
    fn ended(&self) -> ToDevice<G::Seen> {
        ToDevice::Record {
            record: self.record(),
        }
    }

    /// A device's connection is gone: its seat waits for it.
    pub fn left(&mut self, conn: ConnId) {
        let Some(device) = self.devices.remove(&conn) else {
            return;
        };
        if let Some(seat) = device.seat
            && let Holding::Device {
                conn: held,
                away_since,
                ..
            } = &mut self.seats[seat].holding
            && *held == Some(conn)
        {
            *held = None;
            *away_since = Some(Instant::now());
            log(&format!("{} left seat {}", device.peer, seat + 1));
            self.send_seats();
        }
        if let Some(seat) = device.asking
            && let Holding::Device { asker, .. } = &mut self.seats[seat].holding
            && asker.as_ref().is_some_and(|a| a.conn == conn)
        {
            *asker = None;
            log(&format!(
                "{} no longer asks for seat {}",
                device.peer,
                seat + 1
            ));
            self.send_seats();
        }
    }

    /// A move from a device, made at move `number`: played if the rules
    /// allow it, else refused with their reason.
    pub fn play(&mut self, conn: ConnId, number: usize, mv: G::Move) {
        let Some(device) = self.devices.get(&conn) else {
            return;
        };
        let at = self.game().moves().len();
        let refused = match device.seat {
            None => Some((
                "a device with no seat makes no moves".to_owned(),
                Phrase::new("host-refused-no-seat"),
            )),
            Some(_) if number != at => Some((
                format!(
                    "that move was made at move {}, and the match is at move {}: it was not played",
                    number + 1,
                    at + 1
                ),
                Phrase::new("host-refused-stale")
                    .count("made", number + 1)
                    .count("now", at + 1),
            )),
            Some(seat) => self.headless.request_worded(seat, mv).err(),
        };
        if let Some((reason, phrase)) = refused {
            self.refuse(conn, Said::new(phrase, reason));
            return;
        }
        self.moved();
    }

    /// The seat of device `conn` when the turn after `number` moves is its
    /// own and now: what a hint and the coach's word are for. A device with
    /// no seat is refused with `no_seat`, a seat not awaited with
    /// `not_yours`; a turn that has moved on is let go without a word (the
    /// device's next view says why).
    fn seat_on_its_turn(
        &self,
        conn: ConnId,
        number: usize,
        no_seat: Said,
        not_yours: Said,
    ) -> Option<Seat> {
        let device = self.devices.get(&conn)?;
        let refused = match device.seat {
            None => no_seat,
            Some(_) if number != self.game().moves().len() => return None,
            Some(seat) if self.game().is_over() || !self.game().awaiting().contains(&seat) => {
                not_yours
            }
            Some(seat) => return Some(seat),
        };
        self.refuse(conn, refused);
        None
    }

    /// Tells device `conn` what it asked for was refused, and why; logged.
    fn refuse(&self, conn: ConnId, said: Said) {
        if let Some(device) = self.devices.get(&conn) {
            log(&format!("refused from {}: {said}", device.peer));
            send(
                &device.out,
                &ToDevice::<G::Seen>::Refused {
                    phrase: said.worded(),
                    reason: said.reason,
                },
            );
        }
    }

    /// Time passes: a seat away too long goes to a bot, and bots play.
    pub fn tick(&mut self, now: Instant) {
        if let Some((after, bot)) = self.rules.away.clone() {
            let mut changed = false;
            for seat in 0..self.seats.len() {
                if let Holding::Device {
                    away_since: Some(since),
                    ..
                } = self.seats[seat].holding
                    && now.duration_since(since) >= after
                    && !self.game().is_over()
                {
                    log(&format!(
                        "seat {} was away {} s: {bot} plays it",
                        seat + 1,
                        after.as_secs()
                    ));
                    self.refuse_asker(seat, bot_plays_now(seat));
                    self.seats[seat].holding = Holding::Bot { name: bot.clone() };
                    changed = true;
                }
            }
            if changed {
                self.restart();
                self.keep();
                self.send_seats();
            }
        }
        self.headless.frame();
        if self.game().moves().len() != self.moves_seen {
            self.moved();
        }
        self.look_at_hints();
        self.look_at_weighings();
    }

    /// Whether a bot's move is awaited: the table should tick again soon.
    pub fn bots_to_move(&self) -> bool {
        let game = self.game();
        game.awaiting()
            .iter()
            .any(|s| matches!(self.seats[*s].holding, Holding::Bot { .. }))
    }

    /// What the table's devices are told when it closes: the host is
    /// stopping, and its devices come back by themselves if it starts again.
    pub fn close(&mut self, said: &Said) {
        for device in self.devices.values() {
            send(
                &device.out,
                &ToDevice::<G::Seen>::Closed {
                    reason: said.reason.clone(),
                    phrase: said.worded(),
                    back: true,
                },
            );
        }
        self.devices.clear();
    }

    fn restart(&mut self) {
        let game = self.game().clone();
        self.bot_seed = self.bot_seed.wrapping_add(1);
        self.headless
            .start_seeded(game, controllers(&self.seats), self.bot_seed);
    }

    /// The match moved on: kept, and every device shown its new view.
    fn moved(&mut self) {
        self.moves_seen = self.game().moves().len();
        self.keep();
        let mut frames: HashMap<Option<Seat>, String> = HashMap::new();
        let mut gone = Vec::new();
        let ended = self.game().is_over().then(|| frame(&self.ended()));
        for (conn, device) in self.devices.iter().filter(|(_, d)| d.asking.is_none()) {
            let frame = frames
                .entry(device.seat)
                .or_insert_with(|| frame(&self.seen(device.seat)));
            let sent = device.out.try_send(frame.clone()).is_ok()
                && ended
                    .as_ref()
                    .is_none_or(|e| device.out.try_send(e.clone()).is_ok());
            if !sent {
                gone.push(*conn);
            }
        }
        for conn in gone {
            log("a device fell too far behind: its connection is closed");
            self.left(conn);
        }
    }

    /// What a seat's device (or, for none, the table's screen) is shown now.
    fn seen(&self, seat: Option<Seat>) -> ToDevice<G::Seen> {
        let game = self.game();
        ToDevice::Seen {
            number: game.moves().len(),
            awaiting: game.awaiting(),
            scores: game.scores(),
            winners: game.winners(),
            seen: match seat {
                Some(seat) => G::seen_by(&game.view(seat)),
                None => G::seen_at_table(game.state()),
            },
        }
    }

    fn send_seats(&self) {
        let seats = self
            .seats
            .iter()
            .map(|s| SeatStatus {
                name: s.name.clone(),
                holder: match &s.holding {
                    Holding::Open => Holder::Open,
                    Holding::Device { conn, .. } => Holder::Device {
                        here: conn.is_some(),
                    },
                    Holding::Bot { name } => Holder::Bot { name: name.clone() },
                },
                asking: match &s.holding {
                    Holding::Device {
                        asker: Some(asker), ..
                    } => Some(asker.name.clone()),
                    _ => None,
                },
            })
            .collect();
        let text = frame(&ToDevice::<G::Seen>::Seats { seats });
        for device in self.devices.values() {
            let _ = device.out.try_send(text.clone());
        }
    }
}

fn controllers(seats: &[SeatEntry]) -> Vec<Controller> {
    seats
        .iter()
        .map(|s| match &s.holding {
            Holding::Bot { name } => Controller::Bot(name.clone()),
            _ => Controller::Human,
        })
        .collect()
}

/// "This table has no seat N".
fn no_seat(seat: Seat) -> Said {
    Said::new(
        Phrase::new("host-refused-no-such-seat").count("number", seat + 1),
        format!("this table has no seat {}", seat + 1),
    )
}

/// "A bot plays seat N now", to the phone that asked for it.
fn bot_plays_now(seat: Seat) -> Said {
    Said::new(
        Phrase::new("host-closed-bot-now").count("number", seat + 1),
        format!("a bot plays seat {} now", seat + 1),
    )
}

fn bot_title(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => format!("Bot: {}{}", first.to_uppercase(), chars.as_str()),
        None => "Bot".to_owned(),
    }
}

fn frame<S: Serialize>(message: &ToDevice<S>) -> String {
    serde_json::to_string(message).expect("a protocol message always serialises")
}

fn send<S: Serialize>(out: &mpsc::Sender<String>, message: &ToDevice<S>) {
    let _ = out.try_send(frame(message));
}
