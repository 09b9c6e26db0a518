//! The shared table's host, over real WebSockets on loopback: every byte a
//! device is sent holds its own seat's view and nothing more, and whatever a
//! device sends — garbage, a stranger's token, another seat's move, an old
//! move again, a flood — is refused or closed with a reason, the match
//! unchanged and the table still playing.

use std::net::{Ipv4Addr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use parlour::host::{self, Plan, Rules, Setup, Start};
use parlour_core::engine::analysis::{Analyse, coach_budget};
use parlour_core::engine::{Game, Match, Phase, Record, Seat};
use parlour_core::games::neighbours::{Move as NeighboursMove, Neighbours};
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;
use parlour_core::protocol::{MAX_MESSAGE, Share, ToDevice, VERSION};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// How long a test waits for the host's answer before it fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// A device at the table: a WebSocket and every frame it was sent.
struct Device {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    frames: Vec<String>,
}

impl Device {
    async fn connect(addr: SocketAddr) -> Self {
        let (ws, _) = connect_async(format!("ws://{addr}{}", host::TABLE_PATH))
            .await
            .expect("the host takes a WebSocket on loopback");
        Self {
            ws,
            frames: Vec::new(),
        }
    }

    async fn send_text(&mut self, text: String) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    async fn send(&mut self, message: Value) {
        self.send_text(message.to_string()).await;
    }

    async fn hello(&mut self, wants: Value) {
        self.send(json!({"kind": "hello", "version": VERSION, "wants": wants}))
            .await;
    }

    /// The next frame, as JSON; `None` once the host has closed.
    async fn next(&mut self) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("the host answers in time");
            match message {
                Some(Ok(Message::Text(text))) => {
                    self.frames.push(text.to_string());
                    return Some(serde_json::from_str(&text).expect("the host sends JSON"));
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// Frames up to the first of `kind`.
    async fn until(&mut self, kind: &str) -> Value {
        loop {
            let frame = self
                .next()
                .await
                .unwrap_or_else(|| panic!("closed before a {kind:?}; frames: {:?}", self.frames));
            if frame["kind"] == kind {
                return frame;
            }
        }
    }

    /// Frames up to the view after `number` moves.
    async fn seen_at(&mut self, number: usize) -> Value {
        loop {
            let seen = self.until("seen").await;
            if seen["number"] == number {
                return seen;
            }
        }
    }

    /// Frames until the host closes; the last `closed` reason, if any.
    async fn closed(&mut self) -> Option<String> {
        let mut reason = None;
        while let Some(frame) = self.next().await {
            if frame["kind"] == "closed" {
                reason = frame["reason"].as_str().map(str::to_owned);
            }
        }
        reason
    }
}

fn rules() -> Rules {
    Rules {
        away: None,
        bot_delay: Duration::ZERO,
        save: None,
        join: Vec::new(),
        screen: None,
    }
}

async fn host_of<G: Share>(game: Match<G>, plans: Vec<Plan>, rules: Rules) -> host::Host<G> {
    host_at_rate(game, plans, rules, host::Rate::default()).await
}

async fn host_at_rate<G: Share>(
    game: Match<G>,
    plans: Vec<Plan>,
    rules: Rules,
    rate: host::Rate,
) -> host::Host<G> {
    let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .await
        .unwrap();
    let setup = Setup {
        start: Start::New { game, plans },
        rules,
        bot_seed: 7,
        site: None,
        rate,
    };
    host::start(listener, setup).await.unwrap()
}

/// The match a record stands for, after its first `moves` moves.
fn replayed<G: Game>(record: &Record, moves: usize) -> Match<G> {
    let mut game = Match::<G>::start_of_record(record, |v| G::variant(v).ok()).unwrap();
    for index in 0..moves {
        let (seat, mv) = Match::<G>::move_of_record(record, index).unwrap();
        game.submit(seat, mv).unwrap();
    }
    game
}

/// A move for `seat`, chosen by the weakest bot from that seat's view.
fn a_move<G: Game>(game: &Match<G>, seat: Seat, seed: u64) -> G::Move {
    let mut bot = G::bot(G::bots()[0], seed).unwrap();
    bot.choose(&game.view(seat))
}

/// Every frame each seat's device and the table's screen were sent over one
/// whole match played through the protocol, and the match's record.
struct Played {
    /// One per seat, then the table's screen.
    frames: Vec<Vec<String>>,
    record: Record,
}

async fn play_whole_match<G: Share>(players: usize, seed: u64) -> Played {
    let game = Match::<G>::seeded("standard", players, seed).unwrap();
    // Moves at a machine's pace, far past a person's.
    let fast = host::Rate {
        burst: 1000.0,
        per_second: 1000.0,
    };
    let host = host_at_rate(game, vec![Plan::Device; players], rules(), fast).await;
    let mut devices = Vec::new();
    for seat in 0..players {
        let mut device = Device::connect(host.addr()).await;
        device
            .hello(json!({"seat": {"seat": seat, "name": format!("P{seat}")}}))
            .await;
        let welcome = device.until("welcome").await;
        assert_eq!(welcome["seat"], seat);
        devices.push(device);
    }
    let mut screen = Device::connect(host.addr()).await;
    screen.hello(json!("table")).await;
    assert_eq!(screen.until("welcome").await["seat"], Value::Null);

    let mut number = 0;
    loop {
        for device in devices.iter_mut().chain([&mut screen]) {
            device.seen_at(number).await;
        }
        let record = host.record().await.unwrap();
        let game = replayed::<G>(&record, number);
        if game.is_over() {
            // Once it is over, the whole record, for the review on each
            // device: nothing is hidden once the match has ended.
            for device in devices.iter_mut().chain([&mut screen]) {
                let sent = device.until("record").await;
                assert_eq!(sent["record"]["moves"], json!(record.moves));
            }
            break;
        }
        assert!(
            number < G::move_bound(game.config(), players),
            "the match did not end"
        );
        let seat = game.awaiting()[0];
        let mv = a_move(&game, seat, seed ^ number as u64);
        devices[seat]
            .send(json!({"kind": "move", "number": number, "mv": mv}))
            .await;
        number += 1;
    }
    let record = host.record().await.unwrap();
    host.stop().await;
    Played {
        frames: devices
            .into_iter()
            .chain([screen])
            .map(|d| d.frames)
            .collect(),
        record,
    }
}

/// Each `seen` frame sent to `seat` (none: the table's screen), read
/// strictly — a frame with anything more than the protocol's fields fails
/// here — with the match as it then stood.
fn each_seen<G: Share>(
    played: &Played,
    device: usize,
    mut check: impl FnMut(&Match<G>, Option<Seat>, &G::Seen),
) -> usize {
    let seat = (device < played.record.players).then_some(device);
    let mut count = 0;
    let mut over = false;
    for text in &played.frames[device] {
        let frame: ToDevice<G::Seen> = serde_json::from_str(text)
            .unwrap_or_else(|e| panic!("a frame that is not the protocol's: {e}: {text}"));
        assert_eq!(
            serde_json::to_value(&frame).unwrap(),
            serde_json::from_str::<Value>(text).unwrap(),
            "a frame with something the protocol does not name"
        );
        match frame {
            ToDevice::Seen { number, seen, .. } => {
                let game = replayed::<G>(&played.record, number);
                check(&game, seat, &seen);
                over = game.is_over();
                count += 1;
            }
            ToDevice::Record { .. } => {
                assert!(over, "the whole record was sent before the match ended")
            }
            _ => {}
        }
    }
    count
}

fn sorted<T: Ord + Clone>(items: &[T]) -> Vec<T> {
    let mut items = items.to_vec();
    items.sort();
    items
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_neighbours_device_is_sent_its_own_hand_and_no_other() {
    for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
        let played = play_whole_match::<Neighbours>(players, seed).await;
        for device in 0..=players {
            let seen = each_seen::<Neighbours>(&played, device, |game, seat, seen| {
                let state = game.state();
                let own: Vec<u8> = match seat {
                    Some(seat) => state.hand(seat).iter().map(|t| t.digit()).collect(),
                    None => Vec::new(),
                };
                assert_eq!(
                    sorted(&seen.hand),
                    sorted(&own),
                    "seat {seat:?} is sent a hand not its own"
                );
                let board: Vec<Option<u8>> = (0..seen.board.len())
                    .map(|cell| game.view(0).digit_at(cell))
                    .collect();
                assert_eq!(seen.board, board);
            });
            assert!(seen > players, "device {device} saw the match move on");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rummy_device_is_sent_its_own_cards_and_no_other() {
    for (players, seed) in [(2, 4), (3, 5), (4, 6)] {
        let played = play_whole_match::<Rummy>(players, seed).await;
        for device in 0..=players {
            let seen = each_seen::<Rummy>(&played, device, |game, seat, seen| {
                let state = game.state();
                let own: Vec<_> = match seat {
                    Some(seat) => state.hand(seat).iter().map(|c| c.face()).collect(),
                    None => Vec::new(),
                };
                assert_eq!(
                    sorted(&seen.hand),
                    sorted(&own),
                    "seat {seat:?} is sent cards not its own"
                );
                let table: usize = state.table().iter().map(|set| set.cards.len()).sum();
                assert_eq!(seen.table.iter().map(Vec::len).sum::<usize>(), table);
            });
            assert!(seen > players, "device {device} saw the match move on");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paper_boxing_device_sees_no_grid_but_its_own_before_the_reveal() {
    for seed in [1, 2, 3] {
        let played = play_whole_match::<PaperBoxing>(2, seed).await;
        let mut hidden = 0;
        for device in 0..=2 {
            each_seen::<PaperBoxing>(&played, device, |game, seat, seen| {
                let state = game.state();
                let revealed = PaperBoxing::phase(state) != Phase::SetUp;
                for other in (0..2).filter(|s| Some(*s) != seat) {
                    if !revealed {
                        assert_eq!(
                            seen.grids[other], None,
                            "seat {seat:?} is sent grid {other}"
                        );
                        hidden += state.filled(other) as usize;
                    }
                    // A secret bout cell is its own seat's only.
                    let theirs = <PaperBoxing as Share>::seen_by(&game.view(other)).secret;
                    let mine =
                        seat.and_then(|s| <PaperBoxing as Share>::seen_by(&game.view(s)).secret);
                    if theirs.is_some() && mine.is_none() {
                        assert_eq!(
                            seen.secret, None,
                            "seat {seat:?} is sent seat {other}'s secret"
                        );
                    }
                }
            });
        }
        assert!(
            hidden > 0,
            "a grid was written while the other was not yet: the check ran"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_is_refused_with_a_reason_and_closed_at_the_third() {
    let game = Match::<Neighbours>::seeded("standard", 2, 1).unwrap();
    let host = host_of(game, vec![Plan::Device; 2], rules()).await;
    let mut ana = Device::connect(host.addr()).await;
    ana.hello(json!({"seat": {"name": "Ana"}})).await;
    ana.seen_at(0).await;
    let before = host.record().await.unwrap();
    ana.send_text("{".into()).await;
    let refused = ana.until("refused").await;
    assert!(
        refused["reason"]
            .as_str()
            .unwrap()
            .starts_with("not a message of this table")
    );
    ana.send(json!({"kind": "move", "number": 0, "mv": "pass", "seat": 1}))
        .await;
    ana.until("refused").await;
    ana.send(json!({"kind": "teleport"})).await;
    let reason = ana.closed().await.expect("a reason for the close");
    assert!(reason.contains("cannot read"), "{reason}");
    assert_eq!(
        host.record().await.unwrap(),
        before,
        "the match is unchanged"
    );
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversize_message_closes_the_connection_and_changes_nothing() {
    let game = Match::<Neighbours>::seeded("standard", 2, 1).unwrap();
    let host = host_of(game, vec![Plan::Device; 2], rules()).await;
    let mut ana = Device::connect(host.addr()).await;
    ana.hello(json!({"seat": {"name": "Ana"}})).await;
    ana.seen_at(0).await;
    let before = host.record().await.unwrap();
    let big = format!(
        "{{\"kind\":\"move\",\"number\":0,\"mv\":\"{}\"}}",
        "x".repeat(MAX_MESSAGE)
    );
    // The host may close before the whole message is sent.
    let _ = ana.ws.send(Message::Text(big.into())).await;
    ana.closed().await;
    assert_eq!(host.record().await.unwrap(), before);
    // The table goes on: the seat's next device can still join another seat.
    let mut bram = Device::connect(host.addr()).await;
    bram.hello(json!({"seat": {"name": "Bram"}})).await;
    assert_eq!(bram.until("welcome").await["seat"], 1);
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_of_another_version_is_told_why_and_closed() {
    let game = Match::<Neighbours>::seeded("standard", 2, 1).unwrap();
    let host = host_of(game, vec![Plan::Device; 2], rules()).await;
    let mut old = Device::connect(host.addr()).await;
    old.send(json!({"kind": "hello", "version": VERSION + 1, "wants": "table"}))
        .await;
    let reason = old.closed().await.unwrap();
    assert!(reason.contains("version"), "{reason}");
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_token_gets_no_seat() {
    let game = Match::<Neighbours>::seeded("standard", 2, 1).unwrap();
    let host = host_of(game, vec![Plan::Device; 2], rules()).await;
    let mut ana = Device::connect(host.addr()).await;
    ana.hello(json!({"seat": {"name": "Ana"}})).await;
    let token = ana.until("welcome").await["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut stranger = Device::connect(host.addr()).await;
    let mut wrong = token.clone().into_bytes();
    wrong[0] = if wrong[0] == b'a' { b'b' } else { b'a' };
    stranger
        .hello(json!({"back": {"token": String::from_utf8(wrong).unwrap()}}))
        .await;
    let reason = stranger.closed().await.unwrap();
    assert!(reason.contains("not known"), "{reason}");
    assert!(
        stranger.frames.iter().all(|f| !f.contains("\"seen\"")),
        "a device with no seat was shown a seat's view"
    );
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_out_of_turn_or_from_the_table_screen_is_refused() {
    let game = Match::<Neighbours>::seeded("standard", 2, 1).unwrap();
    let mover = game.awaiting()[0];
    let host = host_of(game.clone(), vec![Plan::Device; 2], rules()).await;
    let mut waiting = Device::connect(host.addr()).await;
    waiting
        .hello(json!({"seat": {"seat": 1 - mover, "name": "Bram"}}))
        .await;
    waiting.seen_at(0).await;
    // The seat not to move sends the move the other could make.
    let mv = a_move(&game, mover, 1);
    waiting
        .send(json!({"kind": "move", "number": 0, "mv": mv}))
        .await;
    let refused = waiting.until("refused").await;
    assert!(!refused["reason"].as_str().unwrap().is_empty());
    let mut screen = Device::connect(host.addr()).await;
    screen.hello(json!("table")).await;
    screen.seen_at(0).await;
    screen
        .send(json!({"kind": "move", "number": 0, "mv": mv}))
        .await;
    let refused = screen.until("refused").await;
    assert!(refused["reason"].as_str().unwrap().contains("no moves"));
    assert_eq!(host.record().await.unwrap().moves.len(), 0);
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_sent_again_is_not_played_twice() {
    let game = Match::<PaperBoxing>::seeded("standard", 2, 1).unwrap();
    let host = host_of(game, vec![Plan::Device; 2], rules()).await;
    let mut ana = Device::connect(host.addr()).await;
    ana.hello(json!({"seat": {"seat": 0, "name": "Ana"}})).await;
    ana.seen_at(0).await;
    let record = host.record().await.unwrap();
    let mv = a_move(&replayed::<PaperBoxing>(&record, 0), 0, 1);
    let message = json!({"kind": "move", "number": 0, "mv": mv});
    ana.send(message.clone()).await;
    ana.seen_at(1).await;
    // As a phone whose first send's answer was lost would.
    ana.send(message).await;
    let refused = ana.until("refused").await;
    assert!(
        refused["reason"].as_str().unwrap().contains("not played"),
        "{refused}"
    );
    assert_eq!(host.record().await.unwrap().moves.len(), 1);
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_goes_to_the_seat_that_asked_alone_and_the_rules_accept_it() {
    let game = Match::<Rummy>::seeded("standard", 2, 5).unwrap();
    let mover = game.awaiting()[0];
    let host = host_of(game, vec![Plan::Device; 2], rules()).await;
    let mut asker = Device::connect(host.addr()).await;
    asker
        .hello(json!({"seat": {"seat": mover, "name": "Ana"}}))
        .await;
    asker.seen_at(0).await;
    let mut other = Device::connect(host.addr()).await;
    other
        .hello(json!({"seat": {"seat": 1 - mover, "name": "Bram"}}))
        .await;
    other.seen_at(0).await;
    // Not this seat's turn: no hint, and a reason.
    other.send(json!({"kind": "hint", "number": 0})).await;
    let refused = other.until("refused").await;
    assert!(
        refused["reason"]
            .as_str()
            .unwrap()
            .contains("your own turn"),
        "{refused}"
    );
    // The table's screen holds no hand to hint at.
    let mut screen = Device::connect(host.addr()).await;
    screen.hello(json!("table")).await;
    screen.seen_at(0).await;
    screen.send(json!({"kind": "hint", "number": 0})).await;
    let refused = screen.until("refused").await;
    assert!(
        refused["reason"].as_str().unwrap().contains("no seat"),
        "{refused}"
    );
    // Asked twice: one search, the answer sent for each ask.
    asker.send(json!({"kind": "hint", "number": 0})).await;
    asker.send(json!({"kind": "hint", "number": 0})).await;
    let hint = asker.until("hint").await;
    assert_eq!(hint["number"], 0);
    let mv = hint["mv"].clone();
    asker
        .send(json!({"kind": "move", "number": 0, "mv": mv}))
        .await;
    asker.seen_at(1).await;
    other.seen_at(1).await;
    screen.seen_at(1).await;
    assert!(
        !asker.frames.iter().any(|f| f.contains("\"refused\"")),
        "the hint was refused: {:?}",
        asker.frames
    );
    for (who, device) in [("the other seat", &other), ("the table's screen", &screen)] {
        assert!(
            !device
                .frames
                .iter()
                .any(|f| f.contains("\"kind\":\"hint\"")),
            "{who} was sent the hint: {:?}",
            device.frames
        );
    }
    let record = host.record().await.unwrap();
    assert_eq!(record.moves.len(), 1);
    let (seat, played) = Match::<Rummy>::move_of_record(&record, 0).unwrap();
    assert_eq!(seat, mover);
    assert_eq!(
        serde_json::to_value(played).unwrap(),
        mv,
        "the move played is the hint"
    );
    host.stop().await;
}

/// The coach's word on `mv` from `view`, as the host must give it: the
/// desktop coach's budget, its move and gain when the move is a mistake.
fn coach_word_on(view: &<Neighbours as Game>::View, mv: &NeighboursMove, number: usize) -> Value {
    let mut analyst =
        Neighbours::analyst(view, mv, None, coach_budget::<Neighbours>(number)).unwrap();
    let analysis = analyst.finish();
    if !analysis.worth_a_word() {
        return Value::Null;
    }
    let (chance, points) = analysis.gain();
    json!({
        "mv": serde_json::to_value(analysis.best().mv).unwrap(),
        "chance": chance.max(0.0) as i64,
        "points": points.max(0.0) as i64,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_coach_weighs_a_seats_move_for_its_device_alone_and_plays_nothing() {
    let game = Match::<Neighbours>::seeded("standard", 2, 11).unwrap();
    let mover = game.awaiting()[0];
    let view = game.view(mover);
    // The lowest-scoring placement the coach has a word on, and the best.
    let mut placements = view.placements();
    placements.sort_by_key(|s| s.points);
    let (poor, word) = placements
        .iter()
        .map(|s| view.state().placement(s))
        .map(|mv| {
            let word = coach_word_on(&view, &mv, 0);
            (mv, word)
        })
        .find(|(_, word)| !word.is_null())
        .expect("some placement at the start is a mistake to the coach");
    let best: NeighboursMove = serde_json::from_value(word["mv"].clone()).unwrap();
    assert_eq!(
        coach_word_on(&view, &best, 0),
        Value::Null,
        "the coach has no word on its own move"
    );

    let host = host_of(game, vec![Plan::Device; 2], rules()).await;
    let mut asker = Device::connect(host.addr()).await;
    asker
        .hello(json!({"seat": {"seat": mover, "name": "Ana"}}))
        .await;
    asker.seen_at(0).await;
    let mut other = Device::connect(host.addr()).await;
    other
        .hello(json!({"seat": {"seat": 1 - mover, "name": "Bram"}}))
        .await;
    other.seen_at(0).await;
    let mut screen = Device::connect(host.addr()).await;
    screen.hello(json!("table")).await;
    screen.seen_at(0).await;
    // Off-turn, and from the table's screen: refused, with a reason.
    let poor_json = serde_json::to_value(poor).unwrap();
    other
        .send(json!({"kind": "weigh", "number": 0, "mv": poor_json}))
        .await;
    let refused = other.until("refused").await;
    assert!(
        refused["reason"]
            .as_str()
            .unwrap()
            .contains("your own turn"),
        "{refused}"
    );
    screen
        .send(json!({"kind": "weigh", "number": 0, "mv": poor_json}))
        .await;
    let refused = screen.until("refused").await;
    assert!(
        refused["reason"].as_str().unwrap().contains("no seat"),
        "{refused}"
    );
    // The poor move: the coach's own, as the desktop coach would say it.
    asker
        .send(json!({"kind": "weigh", "number": 0, "mv": poor_json}))
        .await;
    let weighed = asker.until("weighed").await;
    assert_eq!(weighed["number"], 0);
    assert_eq!(weighed["mv"], poor_json);
    assert_eq!(weighed["better"], word, "the host's word is the coach's");
    // The coach's own move: no word.
    let best_json = serde_json::to_value(best).unwrap();
    asker
        .send(json!({"kind": "weigh", "number": 0, "mv": best_json}))
        .await;
    let weighed = asker.until("weighed").await;
    assert_eq!(weighed["mv"], best_json);
    assert!(weighed.get("better").is_none(), "{weighed}");
    // Weighing played nothing; the move sent after it is played.
    assert!(host.record().await.unwrap().moves.is_empty());
    asker
        .send(json!({"kind": "move", "number": 0, "mv": best_json}))
        .await;
    asker.seen_at(1).await;
    other.seen_at(1).await;
    screen.seen_at(1).await;
    for (who, device) in [("the other seat", &other), ("the table's screen", &screen)] {
        assert!(
            !device.frames.iter().any(|f| f.contains("\"weighed\"")),
            "{who} was sent the coach's word: {:?}",
            device.frames
        );
    }
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_closed_and_the_table_plays_on() {
    let game = Match::<Neighbours>::seeded("standard", 2, 1).unwrap();
    let mover = game.awaiting()[0];
    let host = host_of(game, vec![Plan::Device; 2], rules()).await;
    let mut flood = Device::connect(host.addr()).await;
    flood
        .hello(json!({"seat": {"seat": 1 - mover, "name": "Flood"}}))
        .await;
    flood.seen_at(0).await;
    let stale =
        json!({"kind": "move", "number": 9, "mv": {"place": {"digit": 1, "row": 0, "col": 0}}})
            .to_string();
    for _ in 0..200 {
        if flood
            .ws
            .send(Message::Text(stale.clone().into()))
            .await
            .is_err()
        {
            break;
        }
    }
    let reason = flood.closed().await.unwrap();
    assert!(reason.contains("too many messages"), "{reason}");
    let mut ana = Device::connect(host.addr()).await;
    ana.hello(json!({"seat": {"seat": mover, "name": "Ana"}}))
        .await;
    ana.seen_at(0).await;
    let record = host.record().await.unwrap();
    let mv = a_move(&replayed::<Neighbours>(&record, 0), mover, 1);
    ana.send(json!({"kind": "move", "number": 0, "mv": mv}))
        .await;
    ana.seen_at(1).await;
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_that_drops_comes_back_into_its_seat_with_its_token() {
    let game = Match::<Rummy>::seeded("standard", 2, 1).unwrap();
    let host = host_of(game, vec![Plan::Device; 2], rules()).await;
    let mut screen = Device::connect(host.addr()).await;
    screen.hello(json!("table")).await;
    screen.seen_at(0).await;
    let mut ana = Device::connect(host.addr()).await;
    ana.hello(json!({"seat": {"name": "Ana"}})).await;
    let token = ana.until("welcome").await["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let hand = ana.seen_at(0).await["seen"]["hand"].clone();
    assert!(!hand.as_array().unwrap().is_empty());
    drop(ana);
    // The table says the seat's device is away.
    loop {
        let seats = screen.until("seats").await;
        if seats["seats"][0]["holder"] == json!({"kind": "device", "here": false}) {
            assert_eq!(seats["seats"][0]["name"], "Ana");
            break;
        }
    }
    let mut again = Device::connect(host.addr()).await;
    again.hello(json!({"back": {"token": token}})).await;
    let welcome = again.until("welcome").await;
    assert_eq!(welcome["seat"], 0);
    assert_eq!(welcome.get("token"), None, "the token is sent once");
    assert_eq!(again.seen_at(0).await["seen"]["hand"], hand);
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_away_too_long_is_played_by_a_bot_and_the_table_says_so() {
    let game = Match::<Neighbours>::seeded("standard", 2, 1).unwrap();
    let away = Rules {
        away: Some((Duration::from_millis(200), "greedy".into())),
        ..rules()
    };
    let mover = game.awaiting()[0];
    let host = host_of(game, vec![Plan::Device; 2], away).await;
    let mut screen = Device::connect(host.addr()).await;
    screen.hello(json!("table")).await;
    let mut ana = Device::connect(host.addr()).await;
    ana.hello(json!({"seat": {"seat": mover, "name": "Ana"}}))
        .await;
    ana.seen_at(0).await;
    drop(ana);
    loop {
        let seats = screen.until("seats").await;
        if seats["seats"][mover]["holder"] == json!({"kind": "bot", "name": "greedy"}) {
            break;
        }
    }
    // Ana's seat was to move: the bot plays it.
    screen.seen_at(1).await;
    host.stop().await;
}

/// Frames of `device` until the seats say seat `seat` is as `holder` is.
async fn seats_until(device: &mut Device, seat: usize, holder: Value) -> Value {
    loop {
        let seats = device.until("seats").await;
        if seats["seats"][seat]["holder"] == holder {
            return seats;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_away_seat_goes_to_a_phone_that_asks_only_when_the_tables_screen_says_so() {
    let game = Match::<Rummy>::seeded("standard", 2, 3).unwrap();
    let host = host_of(game, vec![Plan::Device; 2], rules()).await;
    let mut screen = Device::connect(host.addr()).await;
    screen
        .hello(json!({"screen": {"key": host.screen_key()}}))
        .await;
    screen.seen_at(0).await;
    let mut ana = Device::connect(host.addr()).await;
    ana.hello(json!({"seat": {"seat": 0, "name": "Ana"}})).await;
    let ana_token = ana.until("welcome").await["token"].clone();
    drop(ana);
    seats_until(&mut screen, 0, json!({"kind": "device", "here": false})).await;

    // Bram asks for Ana's seat: he waits, sees no hand, and the table says so.
    let mut bram = Device::connect(host.addr()).await;
    bram.hello(json!({"seat": {"seat": 0, "name": "Bram"}}))
        .await;
    assert_eq!(bram.until("asking").await["seat"], 0);
    let seats = seats_until(&mut screen, 0, json!({"kind": "device", "here": false})).await;
    assert_eq!(seats["seats"][0]["asking"], "Bram");
    // A watcher that is not the table's screen may not give the seat.
    let mut watcher = Device::connect(host.addr()).await;
    watcher.hello(json!("table")).await;
    watcher
        .send(json!({"kind": "give", "seat": 0, "give": {"to": "asker"}}))
        .await;
    let refused = watcher.until("refused").await;
    assert!(
        refused["reason"]
            .as_str()
            .unwrap()
            .contains("only the table's own screen"),
        "{refused}"
    );
    // Kept for Ana: Bram is told why.
    screen
        .send(json!({"kind": "give", "seat": 0, "give": {"to": "keep"}}))
        .await;
    let reason = bram.closed().await.unwrap();
    assert_eq!(reason, "the table kept seat 1 for Ana");

    // He asks again and is let sit: his own key, Ana's hand, and Ana's
    // key no longer opens the seat.
    let mut bram = Device::connect(host.addr()).await;
    bram.hello(json!({"seat": {"seat": 0, "name": "Bram"}}))
        .await;
    bram.until("asking").await;
    seats_until(&mut screen, 0, json!({"kind": "device", "here": false})).await;
    screen
        .send(json!({"kind": "give", "seat": 0, "give": {"to": "asker"}}))
        .await;
    let welcome = bram.until("welcome").await;
    assert_eq!(welcome["seat"], 0);
    assert!(welcome["token"].is_string());
    assert_ne!(welcome["token"], ana_token);
    assert!(
        !bram.frames.iter().take(2).any(|f| f.contains("\"hand\"")),
        "no view before the seat was given: {:?}",
        &bram.frames[..2]
    );
    let seen = bram.seen_at(0).await;
    assert!(!seen["seen"]["hand"].as_array().unwrap().is_empty());
    let mut ana = Device::connect(host.addr()).await;
    ana.hello(json!({"back": {"token": ana_token}})).await;
    let reason = ana.closed().await.unwrap();
    assert!(reason.contains("not known at this table"), "{reason}");
    let record = host.record().await.unwrap();
    assert_eq!(record.seats[0].name, "Bram");
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tables_screen_gives_an_away_seat_to_a_bot_and_opens_a_bots_seat() {
    let game = Match::<Neighbours>::seeded("standard", 2, 1).unwrap();
    let mover = game.awaiting()[0];
    let host = host_of(game, vec![Plan::Device; 2], rules()).await;
    let mut screen = Device::connect(host.addr()).await;
    screen
        .hello(json!({"screen": {"key": host.screen_key()}}))
        .await;
    let mut ana = Device::connect(host.addr()).await;
    ana.hello(json!({"seat": {"seat": mover, "name": "Ana"}}))
        .await;
    ana.seen_at(0).await;
    // A seat whose phone is here is not given away.
    seats_until(&mut screen, mover, json!({"kind": "device", "here": true})).await;
    screen
        .send(json!({"kind": "give", "seat": mover, "give": {"to": "bot"}}))
        .await;
    let refused = screen.until("refused").await;
    assert!(
        refused["reason"].as_str().unwrap().contains("is here"),
        "{refused}"
    );
    drop(ana);
    seats_until(&mut screen, mover, json!({"kind": "device", "here": false})).await;
    screen
        .send(json!({"kind": "give", "seat": mover, "give": {"to": "bot"}}))
        .await;
    seats_until(&mut screen, mover, json!({"kind": "bot", "name": "expert"})).await;
    // Ana's seat was to move: the stand-in plays it.
    screen.seen_at(1).await;
    screen
        .send(json!({"kind": "give", "seat": mover, "give": {"to": "open"}}))
        .await;
    let seats = seats_until(&mut screen, mover, json!({"kind": "open"})).await;
    assert_eq!(
        seats["seats"][mover]["name"],
        format!("Player {}", mover + 1)
    );
    let mut bo = Device::connect(host.addr()).await;
    bo.hello(json!({"seat": {"seat": mover, "name": "Bo"}}))
        .await;
    assert_eq!(bo.until("welcome").await["seat"], mover);
    host.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_screen_key_gives_no_screen() {
    let game = Match::<Neighbours>::seeded("standard", 2, 1).unwrap();
    let host = host_of(game, vec![Plan::Device; 2], rules()).await;
    let mut screen = Device::connect(host.addr()).await;
    let mut wrong = host.screen_key().to_owned();
    wrong.replace_range(0..1, if wrong.starts_with('0') { "1" } else { "0" });
    screen.hello(json!({"screen": {"key": wrong}})).await;
    let reason = screen.closed().await.unwrap();
    assert!(reason.contains("not the key"), "{reason}");
    host.stop().await;
}

// --- The host program itself -----------------------------------------------

fn free_port() -> u16 {
    std::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A host program that is killed when the test ends, passed or failed.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn parlour_host(home: &std::path::Path, port: u16, extra: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["host", "--bind", "127.0.0.1", "--port", &port.to_string()])
        .args(extra)
        .env("PARLOUR_HOME", home)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

async fn connect_when_up(port: u16) -> Device {
    for _ in 0..200 {
        if let Ok((ws, _)) =
            connect_async(format!("ws://127.0.0.1:{port}{}", host::TABLE_PATH)).await
        {
            return Device {
                ws,
                frames: Vec::new(),
            };
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the host did not come up on port {port}");
}

#[test]
fn a_second_host_on_a_port_in_use_says_so_and_stops() {
    let taken = std::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    let port = taken.local_addr().unwrap().port();
    let home = tempdir();
    let out = parlour_host(&home, port, &["--game", "neighbours"])
        .wait_with_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("port {port} is in use")),
        "{stderr}"
    );
    assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
    let _ = std::fs::remove_dir_all(&home);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_killed_mid_match_takes_it_up_again_and_the_phones_their_seats() {
    let home = tempdir();
    let port = free_port();
    let args = ["--game", "neighbours", "--seed", "5", "--bot-delay", "0"];
    let mut first = Running(parlour_host(&home, port, &args));
    let game = Match::<Neighbours>::seeded("standard", 2, 5).unwrap();
    let mover = game.awaiting()[0];
    let mut ana = connect_when_up(port).await;
    ana.hello(json!({"seat": {"seat": mover, "name": "Ana"}}))
        .await;
    let token = ana.until("welcome").await["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let seen = ana.seen_at(0).await;
    let mv = a_move(&game, mover, 1);
    ana.send(json!({"kind": "move", "number": 0, "mv": mv}))
        .await;
    let after = ana.seen_at(1).await;
    assert_ne!(seen["seen"], after["seen"]);
    first.0.kill().unwrap(); // SIGKILL: nothing is written on the way out.
    first.0.wait().unwrap();
    drop(ana);

    let _second = Running(parlour_host(&home, port, &args));
    let mut back = connect_when_up(port).await;
    back.hello(json!({"back": {"token": token}})).await;
    assert_eq!(back.until("welcome").await["seat"], mover);
    assert_eq!(
        back.seen_at(1).await["seen"],
        after["seen"],
        "the same position, the same hand"
    );
    // The move sent before the kill is not played again.
    back.send(json!({"kind": "move", "number": 0, "mv": mv}))
        .await;
    assert!(
        back.until("refused").await["reason"]
            .as_str()
            .unwrap()
            .contains("not played")
    );
    drop(_second);
    let _ = std::fs::remove_dir_all(&home);
}

fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "parlour-host-test-{}-{}",
        std::process::id(),
        free_port()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One GET on loopback, HTTP/1.1: the status line, the headers (names in
/// lower case) and the body.
async fn http_get(
    addr: SocketAddr,
    path: &str,
    accept_encoding: Option<&str>,
) -> (String, Vec<(String, String)>, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let accept = accept_encoding
        .map(|a| format!("Accept-Encoding: {a}\r\n"))
        .unwrap_or_default();
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{accept}Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut answer))
        .await
        .expect("the host answered")
        .unwrap();
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head and a body");
    let head = String::from_utf8(answer[..split].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().to_owned();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    (status, headers, answer[split + 4..].to_vec())
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_site_is_sent_precompressed_to_a_browser_that_accepts_it() {
    let site = tempdir();
    std::fs::write(site.join("parlour_bg.wasm"), b"\0asm the raw module").unwrap();
    std::fs::write(site.join("parlour_bg.wasm.br"), b"the module, brotli").unwrap();
    std::fs::write(site.join("parlour_bg.wasm.gz"), b"the module, gzip").unwrap();
    std::fs::write(site.join("index.html"), b"<!doctype html>").unwrap();
    let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .await
        .unwrap();
    let setup = Setup {
        start: Start::New {
            game: Match::<Neighbours>::seeded("standard", 2, 1).unwrap(),
            plans: vec![Plan::Device; 2],
        },
        rules: rules(),
        bot_seed: 7,
        site: Some(site.clone()),
        rate: host::Rate::default(),
    };
    let host = host::start(listener, setup).await.unwrap();
    let addr = host.addr();

    // Chromium, Firefox and Safari all ask for brotli.
    let (status, headers, body) =
        http_get(addr, "/parlour_bg.wasm", Some("gzip, deflate, br, zstd")).await;
    assert!(status.contains(" 200 "), "{status}");
    assert_eq!(body, b"the module, brotli");
    assert_eq!(header(&headers, "content-encoding"), Some("br"));
    assert_eq!(header(&headers, "content-type"), Some("application/wasm"));
    assert_eq!(header(&headers, "vary"), Some("accept-encoding"));

    // Gzip where brotli is not offered.
    let (_, headers, body) = http_get(addr, "/parlour_bg.wasm", Some("gzip")).await;
    assert_eq!(body, b"the module, gzip");
    assert_eq!(header(&headers, "content-encoding"), Some("gzip"));
    assert_eq!(header(&headers, "content-type"), Some("application/wasm"));

    // Neither: the file itself.
    let (status, headers, body) = http_get(addr, "/parlour_bg.wasm", None).await;
    assert!(status.contains(" 200 "), "{status}");
    assert_eq!(body, b"\0asm the raw module");
    assert_eq!(header(&headers, "content-encoding"), None);
    assert_eq!(header(&headers, "content-type"), Some("application/wasm"));
    assert_eq!(header(&headers, "vary"), Some("accept-encoding"));

    // A file with no compressed copy is sent as it is, whatever is accepted.
    let (_, headers, body) = http_get(addr, "/", Some("br")).await;
    assert_eq!(body, b"<!doctype html>");
    assert_eq!(header(&headers, "content-encoding"), None);

    host.stop().await;
    let _ = std::fs::remove_dir_all(&site);
}
