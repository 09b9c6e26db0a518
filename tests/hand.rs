//! A player's hand on their own phone, against a real host on loopback:
//! the app as a phone runs it (`--join`), its screens tapped as a person
//! taps them — a name on the on-screen keyboard, a free seat, then every
//! move of a whole match from the phone's own screen, each one checked by
//! the host's rules. And the phone that loses the table comes back to its
//! seat by itself, with its hand.

mod menus;

use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::egui;
use menus::Menus;
use parlour::hand::{CoachWord, HereSeats, JoinTable, Link, LinkPhase, Wake};
use parlour::host::{self, Plan, Rules, Setup, Start};
use parlour::session::Screen;
use parlour_core::engine::{Game, Match};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::{NEIGHBOURS, PaperBoxing};
use parlour_core::games::rummy::Rummy;
use parlour_core::protocol::Share;

/// How long a test waits for the table before it fails.
const PATIENCE: Duration = Duration::from_secs(30);

/// A phone held upright: 390 × 844 pixels at egui's zoom there (0.85).
const PHONE: egui::Vec2 = egui::vec2(459.0, 993.0);

/// A host on loopback with its own runtime, kept alive by the test.
struct Table<G: Share> {
    runtime: tokio::runtime::Runtime,
    host: Option<host::Host<G>>,
}

impl<G: Share> Table<G> {
    fn start(start: Start<G>, save: Option<std::path::PathBuf>, at: SocketAddr) -> Self {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let host = runtime.block_on(async {
            let listener = tokio::net::TcpListener::bind(at).await.unwrap();
            let setup = Setup {
                start,
                rules: Rules {
                    away: None,
                    bot_delay: Duration::ZERO,
                    save,
                    join: Vec::new(),
                    screen: None,
                },
                bot_seed: 3,
                site: None,
                rate: host::Rate::default(),
            };
            host::start(listener, setup).await.unwrap()
        });
        Self {
            runtime,
            host: Some(host),
        }
    }

    fn new(game: Match<G>, plans: Vec<Plan>) -> Self {
        Self::start(
            Start::New { game, plans },
            None,
            (Ipv4Addr::LOCALHOST, 0).into(),
        )
    }

    fn addr(&self) -> SocketAddr {
        self.host.as_ref().unwrap().addr()
    }

    fn screen_key(&self) -> String {
        self.host.as_ref().unwrap().screen_key().to_owned()
    }

    fn record(&self) -> parlour_core::engine::Record {
        let host = self.host.as_ref().unwrap();
        self.runtime.block_on(host.record()).unwrap()
    }

    fn stop(&mut self) {
        if let Some(host) = self.host.take() {
            self.runtime.block_on(host.stop());
        }
    }
}

impl<G: Share> Drop for Table<G> {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The app as a phone runs it, joined to the table at `addr`.
fn phone(addr: SocketAddr) -> Menus {
    phone_woken(addr, None)
}

/// A phone told of its table's news by the same waker as `beside`: one
/// wait serves both apps.
fn phone_beside(addr: SocketAddr, beside: &Menus) -> Menus {
    let world = beside.app.world();
    let wakes = (
        world.resource::<Wake>().clone(),
        world.resource::<Woken>().clone(),
    );
    phone_woken(addr, Some(wakes))
}

fn phone_woken(addr: SocketAddr, wakes: Option<(Wake, Woken)>) -> Menus {
    let table = JoinTable::at(&addr.to_string(), None).unwrap();
    let mut menus = Menus::new(|app| {
        match wakes {
            Some((wake, woken)) => {
                app.insert_resource(wake).insert_resource(woken);
            }
            None => woken(app),
        }
        // The window's text zoom, which the review's panel reads.
        app.init_resource::<parlour::ui::theme::Zoom>();
        app.insert_resource(Link::new(table, None));
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Hand);
    });
    menus.points = PHONE;
    menus
}

/// The most waits for the table a test makes before it fails: each wait
/// ends when the link has something new (or its next try at the table is
/// due), so a test steps its app as the table speaks and never sleeps.
const MOST_WAITS: usize = 2_000;

/// How long a loop that also draws waits for news before drawing again.
const STEP: Duration = Duration::from_millis(50);

/// Woken whenever one of this app's connections has something new.
#[derive(Resource, Clone)]
struct Woken(std::sync::Arc<std::sync::Mutex<std::sync::mpsc::Receiver<()>>>);

/// An app that is told when its link hears from the table.
fn woken(app: &mut App) {
    let (tell, told) = std::sync::mpsc::channel();
    app.insert_resource(Wake(std::sync::Arc::new(move || {
        let _ = tell.send(());
    })))
    .insert_resource(Woken(std::sync::Arc::new(std::sync::Mutex::new(told))));
}

/// Frames until `done` holds, waiting between them for the table to say
/// something.
fn until(menus: &mut Menus, what: &str, done: impl Fn(&Menus) -> bool) {
    for _ in 0..MOST_WAITS {
        // The link reads the network after the screens drew: two frames,
        // so what arrived is on screen too.
        menus.frames(2);
        if done(menus) {
            // What the link heard in the last frame is on screen in the next.
            menus.frames(1);
            return;
        }
        let world = menus.app.world();
        let next_try = world.get_resource::<Link>().and_then(Link::next_try_in);
        let woken = world.resource::<Woken>().0.lock().unwrap();
        // PATIENCE bounds a wait only when nothing at all comes: then the
        // table has nothing more to say, and what was awaited never comes.
        let silent = woken.recv_timeout(next_try.unwrap_or(PATIENCE)).is_err();
        drop(woken);
        if silent && next_try.is_none() {
            // News heard before the wait may take the screen a frame more
            // than the two drawn to show (a hand put away after the frame
            // that drew it): a few more frames before giving up.
            for _ in 0..6 {
                menus.frames(1);
                if done(menus) {
                    menus.frames(1);
                    return;
                }
            }
            break;
        }
    }
    panic!(
        "no {what}: the table fell silent, or {MOST_WAITS} waits passed; on screen: {:?}",
        words(menus)
    );
}

fn words(menus: &Menus) -> Vec<String> {
    menus.texts().into_iter().map(|(t, _)| t).collect()
}

fn link(menus: &Menus) -> &Link {
    menus.app.world().resource::<Link>()
}

/// Writes `name` on the on-screen keyboard and takes seat `seat`.
fn sit(menus: &mut Menus, name: &str, seat: usize) {
    until(menus, "seats", |m| {
        m.shows(&format!("Seat {} · free: sit here", seat + 1))
    });
    menus.tap("Tap to write your name");
    let mut first = true;
    for c in name.chars() {
        // The keys show capitals at a name's start, small letters after.
        let key: String = if first {
            c.to_uppercase().collect()
        } else {
            c.to_lowercase().collect()
        };
        menus.tap_top(&key);
        first = false;
    }
    menus.tap_top("OK");
    assert!(menus.shows(name), "the name is shown: {:?}", words(menus));
    menus.tap(&format!("Seat {} · free: sit here", seat + 1));
    until(menus, "the seat", |m| {
        m.shows("Your turn") || link(m).seat() == Some(seat) && link(m).seen.is_some()
    });
}

/// Taps the widget a hand screen made with id `id`, where the last pass
/// laid it out.
fn tap_id(menus: &mut Menus, id: egui::Id) {
    let rect = menus
        .ctx
        .read_response(id)
        .unwrap_or_else(|| panic!("no widget {id:?} on screen: {:?}", words(menus)))
        .rect;
    menus.tap_at(rect.center());
}

/// Whether this phone's move is awaited and none is on its way.
fn my_turn(menus: &Menus) -> bool {
    let link = link(menus);
    match (link.seat(), &link.seen) {
        (Some(seat), Some(seen)) => {
            seen.awaiting.contains(&seat) && !link.waiting_for_answer() && seen.winners.is_empty()
        }
        _ => false,
    }
}

fn over(menus: &Menus) -> bool {
    link(menus)
        .seen
        .as_ref()
        .is_some_and(|s| !s.winners.is_empty())
}

/// Plays the phone's moves with `tap_a_move` until the match is over;
/// every move it taps is applied (none refused). The moves the phone made.
fn play_out(menus: &mut Menus, mut tap_a_move: impl FnMut(&mut Menus)) -> usize {
    let mut made = 0;
    while !over(menus) {
        until(menus, "the phone's turn or the end", |m| {
            my_turn(m) || over(m)
        });
        if over(menus) {
            break;
        }
        let before = link(menus).seen.as_ref().unwrap().number;
        tap_a_move(menus);
        until(menus, "the move applied", |m| {
            link(m).refused.is_some() || link(m).seen.as_ref().unwrap().number > before
        });
        assert_eq!(link(menus).refused, None, "the host refused a tapped move");
        made += 1;
    }
    made
}

/// Neighbours: tap the first token that fits somewhere, then a cell lit for
/// it; pass when nothing fits.
fn tap_neighbours(menus: &mut Menus) {
    let (seen, variant) = seen_and_variant(link(menus));
    tap_neighbours_for(menus, seen, &variant);
}

/// What a seat's link last saw, and the match's variant.
fn seen_and_variant(link: &Link) -> (serde_json::Value, String) {
    let seen = link.seen.as_ref().unwrap().seen.clone();
    (seen, link.welcome.as_ref().unwrap().variant.clone())
}

/// Neighbours, for a seat that saw `seen` (on a phone, or played at the
/// table's screen).
fn tap_neighbours_for(menus: &mut Menus, seen: serde_json::Value, variant: &str) {
    let seen: parlour_core::games::neighbours::view::Seen = serde_json::from_value(seen).unwrap();
    let config = Neighbours::variant(variant).unwrap();
    let fit = seen.hand.iter().enumerate().find_map(|(i, &d)| {
        (0..config.board.len())
            .find(|&c| seen.accepts(&config, c) & (1 << d) != 0)
            .map(|c| (i, c))
    });
    match fit {
        Some((token, cell)) => {
            tap_id(menus, egui::Id::new(("nb-token", token)));
            tap_id(menus, egui::Id::new(("nb-cell", cell)));
        }
        None => menus.tap("No token fits: pass"),
    }
}

#[test]
fn a_whole_match_of_neighbours_is_played_from_the_phone_by_taps() {
    let _english = menus::language_held();
    let game = Match::<Neighbours>::seeded("standard", 2, 11).unwrap();
    let table = Table::new(game, vec![Plan::Device, Plan::Bot("greedy".into())]);
    let mut menus = phone(table.addr());
    sit(&mut menus, "Ana", 0);
    let made = play_out(&mut menus, tap_neighbours);
    let record = table.record();
    assert!(made > 10, "the phone played its share: {made}");
    assert_eq!(record.seats[0].name, "Ana");
    assert_eq!(
        record.moves.len(),
        link(&menus).seen.as_ref().unwrap().number
    );
    let whole = Match::<Neighbours>::from_record(&record, |v| Neighbours::variant(v).ok()).unwrap();
    assert!(
        whole.is_over(),
        "the match played from the phone ended by the rules"
    );

    // The review after the match, on the phone: the host's whole record,
    // reviewed here; leaving it goes back to the hand, not to a history.
    until(&mut menus, "the record", |m| link(m).record.is_some());
    assert_eq!(link(&menus).record.as_ref().unwrap().moves, record.moves);
    menus.tap("Review this match");
    menus.frames(3);
    assert_eq!(menus.screen(), Screen::Play, "{:?}", words(&menus));
    let board = menus
        .app
        .world()
        .get_resource::<parlour::review::ReviewBoard>()
        .expect("the review is open");
    assert_eq!(board.from, Screen::Hand);
    menus
        .app
        .world_mut()
        .write_message(parlour::review::LeaveReview);
    menus.frames(3);
    assert_eq!(menus.screen(), Screen::Hand);
    assert!(
        menus.shows("Review this match"),
        "back at the hand: {:?}",
        words(&menus)
    );
}

/// Paper Boxing: Ready with the grid as written, then a step to the first
/// lit cell, every bout.
fn tap_paper_boxing(menus: &mut Menus) {
    let link = link(menus);
    let seat = link.seat().unwrap();
    let seen: parlour_core::games::paper_boxing::view::Seen =
        serde_json::from_value(link.seen.as_ref().unwrap().seen.clone()).unwrap();
    if seen.grids[seat].is_none() {
        // Two numbers swapped first, as a person writing a grid would.
        tap_id(menus, egui::Id::new(("pb-write", 1usize)));
        tap_id(menus, egui::Id::new(("pb-write", 15usize)));
        menus.tap("Ready");
        return;
    }
    let path = &seen.paths[seat];
    let used: u16 = path.iter().fold(0, |m, &c| m | 1 << c);
    let free = NEIGHBOURS[*path.last().unwrap() as usize] & !used;
    let cell = free.trailing_zeros() as usize;
    tap_id(menus, egui::Id::new(("pb-mine", cell)));
}

#[test]
fn a_whole_match_of_paper_boxing_is_played_from_the_phone_by_taps() {
    let _english = menus::language_held();
    let game = Match::<PaperBoxing>::seeded("standard", 2, 5).unwrap();
    let table = Table::new(game, vec![Plan::Bot("greedy".into()), Plan::Device]);
    let mut menus = phone(table.addr());
    sit(&mut menus, "Bo", 1);
    let made = play_out(&mut menus, tap_paper_boxing);
    let record = table.record();
    let phones_grid = (0..record.moves.len()).find_map(|i| {
        match Match::<PaperBoxing>::move_of_record(&record, i).unwrap() {
            (1, parlour_core::games::paper_boxing::Move::Grid(grid)) => Some(grid),
            _ => None,
        }
    });
    let grid = phones_grid.expect("the phone's grid is in the record");
    assert_eq!(
        (grid[1], grid[15]),
        (15, 1),
        "the grid as written on the phone, 1 and 15 swapped"
    );
    assert!(made >= 2, "the grid and at least one step: {made}");
    let whole =
        Match::<PaperBoxing>::from_record(&record, |v| PaperBoxing::variant(v).ok()).unwrap();
    assert!(whole.is_over());
}

#[test]
fn a_rummy_set_the_rules_refuse_is_refused_with_the_reason_and_the_phone_draws_instead() {
    let _english = menus::language_held();
    let game = Match::<Rummy>::seeded("standard", 2, 9).unwrap();
    let table = Table::new(game, vec![Plan::Device, Plan::Bot("greedy".into())]);
    let mut menus = phone(table.addr());
    sit(&mut menus, "Cy", 0);
    until(&mut menus, "the phone's turn", my_turn);
    let before = table.record().moves.len();
    // One card of the hand, laid alone as a new set: no set at all.
    let hand_card = menus
        .texts()
        .into_iter()
        .filter(|(t, _)| t.parse::<u8>().is_ok())
        .max_by(|a, b| a.1.center().y.total_cmp(&b.1.center().y))
        .map(|(_, r)| r.center())
        .expect("the hand's cards are on screen");
    menus.tap_at(hand_card);
    menus.tap("New set");
    assert!(
        words(&menus)
            .iter()
            .any(|w| w.starts_with("a set needs at least 3 cards")),
        "the set's own reason shows as it is built: {:?}",
        words(&menus)
    );
    menus.tap("Play");
    until(&mut menus, "the refusal", |m| link(m).refused.is_some());
    let reason = link(&menus).refused.clone().unwrap();
    assert!(reason.contains("not valid"), "{reason}");
    assert_eq!(
        table.record().moves.len(),
        before,
        "a refused play changes nothing"
    );
    menus.tap("Undo");
    assert!(menus.shows("Draw"), "{:?}", words(&menus));
    menus.tap("Draw");
    until(&mut menus, "the draw applied", |m| {
        link(m).seen.as_ref().is_some_and(|s| s.number > before)
    });
    let record = table.record();
    assert_eq!(
        Match::<Rummy>::move_of_record(&record, before).unwrap(),
        (0, parlour_core::games::rummy::Move::Draw),
        "the phone's draw is the next move of the match"
    );
}

#[test]
fn the_hosts_refusal_is_worded_in_the_phones_own_language() {
    let _words = menus::language_alone();
    let game = Match::<Rummy>::seeded("standard", 2, 9).unwrap();
    let table = Table::new(game, vec![Plan::Device, Plan::Bot("greedy".into())]);
    let mut menus = phone(table.addr());
    sit(&mut menus, "Cy", 0);
    until(&mut menus, "the phone's turn", my_turn);
    let hand_card = menus
        .texts()
        .into_iter()
        .filter(|(t, _)| t.parse::<u8>().is_ok())
        .max_by(|a, b| a.1.center().y.total_cmp(&b.1.center().y))
        .map(|(_, r)| r.center())
        .expect("the hand's cards are on screen");
    menus.tap_at(hand_card);
    menus.tap("New set");
    menus.tap("Play");
    until(&mut menus, "the refusal", |m| link(m).refused.is_some());
    // The player reads French: the host's English reason is not what shows.
    menus
        .app
        .world_mut()
        .resource_mut::<parlour::settings::Settings>()
        .language = parlour::i18n::Lang::Fr;
    menus.frames(3);
    let english = link(&menus).refused.clone().unwrap();
    let shown = words(&menus);
    assert!(
        shown
            .iter()
            .any(|w| w.starts_with("La combinaison") && w.contains("n’est pas valable")),
        "the refusal in French: {shown:?}"
    );
    assert!(!shown.contains(&english), "{shown:?}");
}

#[test]
fn a_phone_that_loses_the_table_comes_back_to_its_seat_by_itself() {
    let _english = menus::language_held();
    let folder = std::env::temp_dir().join(format!("parlour-hand-{}", std::process::id()));
    let save = folder.join("neighbours.json");
    let game = Match::<Neighbours>::seeded("standard", 2, 4).unwrap();
    let plans = vec![Plan::Device, Plan::Bot("greedy".into())];
    let mut table = Table::start(
        Start::New { game, plans },
        Some(save.clone()),
        (Ipv4Addr::LOCALHOST, 0).into(),
    );
    let addr = table.addr();
    let mut menus = phone(addr);
    sit(&mut menus, "Ana", 0);
    until(&mut menus, "the phone's turn", my_turn);
    tap_neighbours(&mut menus);
    until(&mut menus, "the bot's answer", my_turn);
    let hand_before = link(&menus).seen.as_ref().unwrap().seen["hand"].clone();
    let number = link(&menus).seen.as_ref().unwrap().number;

    // The table goes: the host stops, as a machine that restarts would.
    table.stop();
    until(&mut menus, "the phone to see the table gone", |m| {
        link(m).phase == LinkPhase::Away
    });
    assert!(
        menus.shows("The connection dropped: coming back to your seat…"),
        "{:?}",
        words(&menus)
    );

    // The host comes back on the same address with the match it saved.
    let kept = host::read_kept(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let table = Table::<Neighbours>::start(Start::Kept(Box::new(kept)), Some(save.clone()), addr);
    until(&mut menus, "the phone back in its seat", |m| {
        link(m).seat() == Some(0) && link(m).seen.as_ref().is_some_and(|s| s.number == number)
    });
    assert_eq!(
        link(&menus).seen.as_ref().unwrap().seen["hand"],
        hand_before,
        "the same hand"
    );
    tap_neighbours(&mut menus);
    until(&mut menus, "a move after coming back", |m| {
        link(m).seen.as_ref().is_some_and(|s| s.number > number)
    });
    assert_eq!(link(&menus).refused, None);
    assert!(table.record().moves.len() > number);
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn the_tables_screen_shows_a_code_for_each_free_seat_and_takes_none() {
    let _english = menus::language_held();
    let game = Match::<Neighbours>::seeded("standard", 3, 2).unwrap();
    let plans = vec![Plan::Device, Plan::Device, Plan::Bot("greedy".into())];
    let table = Table::new(game, plans);
    let watched = JoinTable::at(&table.addr().to_string(), None)
        .unwrap()
        .watched();
    let mut screen = Menus::new(|app| {
        woken(app);
        app.insert_resource(Link::new(watched, None));
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Hand);
    });
    until(&mut screen, "the codes", |m| {
        m.shows("Scan with a phone to sit at seat 1")
            && m.shows("Scan with a phone to sit at seat 2")
    });
    assert_eq!(
        link(&screen).seat(),
        None,
        "the table's screen holds no seat"
    );
    assert!(
        !screen.shows("Your name"),
        "and offers none: {:?}",
        words(&screen)
    );

    let mut phone = phone(table.addr());
    sit(&mut phone, "Ana", 1);
    until(&mut screen, "the seat taken", |m| {
        m.shows("Ana") && !m.shows("Scan with a phone to sit at seat 2")
    });
    assert!(
        screen.shows("Scan with a phone to sit at seat 1"),
        "{:?}",
        words(&screen)
    );
}

/// The app as the table's own screen runs it, with the key that lets it
/// give seats.
fn tables_screen(addr: SocketAddr, key: String) -> Menus {
    tables_screen_keeping(addr, key, None)
}

/// The table's own screen, keeping the keys of the seats played there in
/// `folder` (as the window keeps them in its data folder).
fn tables_screen_keeping(
    addr: SocketAddr,
    key: String,
    folder: Option<std::path::PathBuf>,
) -> Menus {
    let screen = JoinTable::at(&addr.to_string(), None).unwrap().screen(key);
    let mut menus = Menus::new(|app| {
        woken(app);
        app.insert_resource(HereSeats::kept_in(folder));
        app.insert_resource(Link::new(screen, None));
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Hand);
    });
    menus.points = egui::vec2(1280.0, 800.0);
    menus
}

#[test]
fn a_new_phone_takes_an_away_seat_only_when_the_tables_screen_lets_it() {
    let _english = menus::language_held();
    let game = Match::<Neighbours>::seeded("standard", 2, 6).unwrap();
    let table = Table::new(game, vec![Plan::Device, Plan::Bot("greedy".into())]);
    let mut screen = tables_screen(table.addr(), table.screen_key());
    let mut ana = phone(table.addr());
    sit(&mut ana, "Ana", 0);
    drop(ana);
    until(&mut screen, "Ana away", |m| {
        m.shows("Waiting for Ana’s phone") && m.shows("A bot plays it")
    });

    // Bo asks for Ana's seat from his phone; the table's screen keeps it.
    let mut bo = phone(table.addr());
    until(&mut bo, "the away seat offered", |m| {
        m.shows("Seat 1 · Ana (away): ask to sit here")
    });
    bo.tap("Tap to write your name");
    for key in ["B", "o", "OK"] {
        bo.tap_top(key);
    }
    bo.tap("Seat 1 · Ana (away): ask to sit here");
    until(&mut bo, "the question put", |m| {
        link(m).phase == LinkPhase::Asking(0) && m.shows("Pick another seat")
    });
    until(&mut screen, "the question", |m| {
        m.shows("Bo asks to sit here")
    });
    screen.tap("Keep it for Ana");
    until(&mut bo, "the answer", |m| {
        link(m).phase == LinkPhase::Watching
    });
    assert_eq!(
        link(&bo).refused.as_deref(),
        Some("the table kept seat 1 for Ana")
    );
    // Worded from the host's phrase in the phone's catalogue, not the
    // host's English reason.
    assert!(
        bo.shows("The table kept seat 1 for Ana."),
        "{:?}",
        words(&bo)
    );
    assert_eq!(link(&bo).seat(), None);

    // Asked again, and let sit: Bo holds the seat and plays on from it.
    until(&mut bo, "the away seat offered again", |m| {
        m.shows("Seat 1 · Ana (away): ask to sit here")
    });
    bo.tap("Seat 1 · Ana (away): ask to sit here");
    until(&mut bo, "the question put again", |m| {
        link(m).phase == LinkPhase::Asking(0)
    });
    until(&mut screen, "the question again", |m| {
        m.shows("Bo asks to sit here")
    });
    screen.tap("Let Bo sit");
    until(&mut bo, "the seat given", |m| {
        link(m).seat() == Some(0) && link(m).seen.is_some()
    });
    let before = table.record().moves.len();
    until(&mut bo, "Bo's turn", my_turn);
    tap_neighbours(&mut bo);
    until(&mut bo, "Bo's move applied", |m| {
        link(m).seen.as_ref().is_some_and(|s| s.number > before)
    });
    assert_eq!(link(&bo).refused, None);
    assert_eq!(table.record().seats[0].name, "Bo");
}

#[test]
fn play_with_phones_makes_this_window_the_tables_screen_and_closing_it_stops_the_host() {
    let _english = menus::language_held();
    let mut menus = Menus::new(|app| {
        woken(app);
        app.insert_resource(parlour::hand::PhonesBind(Ipv4Addr::LOCALHOST.into()));
    });
    menus
        .app
        .world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Setup);
    menus.frames(3);
    menus.tap("Play with phones");
    until(&mut menus, "the table's screen", |m| {
        m.shows("Scan with a phone to sit at seat 1")
    });
    assert_eq!(menus.screen(), Screen::Hand);
    assert_eq!(link(&menus).seat(), None, "the window holds no seat");
    let address = link(&menus).table().address.clone();
    let port: u16 = address
        .trim_start_matches("ws://127.0.0.1:")
        .trim_end_matches("/table")
        .parse()
        .unwrap();

    let mut phone = phone((Ipv4Addr::LOCALHOST, port).into());
    sit(&mut phone, "Ana", 0);
    until(&mut menus, "Ana at the table", |m| m.shows("Ana"));

    menus.tap("Close the table");
    assert_eq!(menus.screen(), Screen::Title);
    assert!(
        !menus
            .app
            .world()
            .contains_resource::<parlour::host::HostBeside>()
    );
    until(&mut phone, "the phone to hear the table close", |m| {
        link(m).phase == LinkPhase::Away
    });
}

#[test]
fn a_kiosk_keeps_a_table_in_play_and_puts_away_one_nobody_plays_at() {
    let _english = menus::language_held();
    let mut screen = Menus::new(|app| {
        woken(app);
        app.insert_resource(parlour::hand::PhonesBind(Ipv4Addr::LOCALHOST.into()));
        app.insert_resource(parlour::kiosk::Kiosk {
            forced: true,
            active: true,
            unlocked: false,
        });
        app.world_mut()
            .resource_mut::<parlour::settings::Settings>()
            .idle_timeout_secs = 5;
    });
    screen
        .app
        .world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Setup);
    screen.frames(3);
    screen.tap("Play with phones");
    until(&mut screen, "the table's screen", |m| {
        m.shows("Scan with a phone to sit at seat 1")
    });
    let address = link(&screen).table().address.clone();
    let port: u16 = address
        .trim_start_matches("ws://127.0.0.1:")
        .trim_end_matches("/table")
        .parse()
        .unwrap();
    let mut phone = phone((Ipv4Addr::LOCALHOST, port).into());
    sit(&mut phone, "Ana", 0);

    // Ana plays on her phone for longer than the kiosk's idle timeout (a
    // frame is a tenth of a second), and nobody touches the kiosk.
    for _ in 0..4 {
        until(&mut phone, "Ana's turn", my_turn);
        let before = link(&phone).seen.as_ref().unwrap().number;
        tap_neighbours(&mut phone);
        until(&mut screen, "Ana's move on the table's screen", |m| {
            link(m).seen.as_ref().is_some_and(|s| s.number > before)
        });
        screen.frames(30);
        assert_eq!(
            screen.screen(),
            Screen::Hand,
            "a table in play is not put away"
        );
    }

    // Ana goes; nobody plays: the kiosk puts the table away like any quiet
    // match, and the host stops.
    drop(phone);
    // Watched a frame at a time: a kiosk left alone on its title goes on
    // to attract mode after a while more, which is not what is checked.
    for _ in 0..100 {
        screen.frames(1);
        if screen.screen() == Screen::Title {
            break;
        }
    }
    assert_eq!(screen.screen(), Screen::Title);
    let world = screen.app.world();
    assert!(!world.contains_resource::<parlour::host::HostBeside>());
    assert!(!world.contains_resource::<Link>());
}

#[test]
fn the_name_keyboard_on_a_phone_keeps_its_letters_inside_their_keys_and_sits_in_the_middle() {
    let _english = menus::language_held();
    let game = Match::<Neighbours>::seeded("standard", 2, 1).unwrap();
    let table = Table::new(game, vec![Plan::Device, Plan::Bot("greedy".into())]);
    let mut menus = phone(table.addr());
    until(&mut menus, "seats", |m| m.shows("Seat 1 · free: sit here"));
    menus.tap("Tap to write your name");
    // The keys show capitals at a name's start: one text a letter.
    let letters: Vec<egui::Rect> = menus
        .texts()
        .into_iter()
        .filter(|(t, _)| t.len() == 1 && t.chars().all(|c| c.is_ascii_uppercase()))
        .map(|(_, r)| r)
        .collect();
    assert!(letters.len() >= 26, "the letters: {:?}", words(&menus));
    let top = letters
        .iter()
        .map(|r| r.center().y)
        .fold(f32::INFINITY, f32::min);
    let mut row: Vec<&egui::Rect> = letters
        .iter()
        .filter(|r| (r.center().y - top).abs() < 2.0)
        .collect();
    row.sort_by(|a, b| a.center().x.total_cmp(&b.center().x));
    let pitch = row
        .windows(2)
        .map(|w| w[1].center().x - w[0].center().x)
        .fold(f32::INFINITY, f32::min);
    for letter in &letters {
        assert!(
            letter.width() <= 0.75 * pitch,
            "a letter {:.0} wide on keys {pitch:.0} apart is cut at its key's edge",
            letter.width()
        );
    }
    let left = row[0].center().x;
    let right = PHONE.x - row[row.len() - 1].center().x;
    assert!(
        (left - right).abs() <= pitch / 2.0,
        "the keyboard sits in the middle: {left:.0} to the left, {right:.0} to the right"
    );
    // Its panel is as tall as the name and the keys, no taller: a panel
    // grown below the keys pushed the name off a laptop's screen.
    let panel = menus
        .ctx
        .memory(|m| m.area_rect(egui::Id::new("name-keyboard")))
        .expect("the keyboard's panel");
    let keys = parlour::ui::keyboard::keyboard_size();
    assert!(
        panel.height() <= keys.y + 160.0,
        "a panel {:.0} tall for keys {:.0} tall",
        panel.height(),
        keys.y
    );
}

/// Taps Hint on the phone's turn and waits for the host's answer: the
/// hint, as the phone was sent it.
fn ask_for_a_hint(menus: &mut Menus) -> serde_json::Value {
    until(menus, "the phone's turn", my_turn);
    menus.tap("Hint");
    until(menus, "the hint", |m| {
        let number = link(m).seen.as_ref().unwrap().number;
        link(m).hint_for(number).is_some()
    });
    let number = link(menus).seen.as_ref().unwrap().number;
    link(menus).hint_for(number).unwrap().clone()
}

/// The move the match's record holds at `index`, in its record form.
fn recorded<G: Share>(record: &parlour_core::engine::Record, index: usize) -> serde_json::Value {
    let (_, mv) = Match::<G>::move_of_record(record, index).unwrap();
    serde_json::to_value(mv).unwrap()
}

#[test]
fn a_rummy_hint_on_the_phone_is_laid_out_and_played_with_one_tap_first_meld_included() {
    let _english = menus::language_held();
    let game = Match::<Rummy>::seeded("standard", 2, 9).unwrap();
    let table = Table::new(game, vec![Plan::Device, Plan::Bot("greedy".into())]);
    let mut menus = phone(table.addr());
    sit(&mut menus, "Cy", 0);
    let mut melded = false;
    for _ in 0..20 {
        let hint = ask_for_a_hint(&mut menus);
        let before = link(&menus).seen.as_ref().unwrap().number;
        // A play is laid out on the table for the player to see, a draw
        // leaves the table as it was: the one button says which.
        let play = hint.get("play").is_some();
        let button = if play { "Play" } else { "Draw" };
        assert!(
            menus.shows(button),
            "the hint {hint} laid out, {button} offered: {:?}",
            words(&menus)
        );
        menus.tap(button);
        until(&mut menus, "the hinted move applied", |m| {
            link(m).refused.is_some() || link(m).seen.as_ref().unwrap().number > before
        });
        assert_eq!(link(&menus).refused, None, "the host refused the hint");
        assert_eq!(
            recorded::<Rummy>(&table.record(), before),
            hint,
            "the move played is the hint"
        );
        if play {
            melded = true;
            break;
        }
    }
    assert!(melded, "the phone laid its first meld from a hint");
}

#[test]
fn a_neighbours_hint_on_the_phone_picks_its_token_and_its_cell_takes_it() {
    let _english = menus::language_held();
    let game = Match::<Neighbours>::seeded("standard", 2, 11).unwrap();
    let table = Table::new(game, vec![Plan::Device, Plan::Bot("greedy".into())]);
    let mut menus = phone(table.addr());
    sit(&mut menus, "Ana", 0);
    for _ in 0..3 {
        let hint = ask_for_a_hint(&mut menus);
        let before = link(&menus).seen.as_ref().unwrap().number;
        let config = Neighbours::variant(&link(&menus).welcome.as_ref().unwrap().variant).unwrap();
        let place = &hint["place"];
        let cell = config
            .board
            .cell(
                place["row"].as_u64().unwrap() as u8,
                place["col"].as_u64().unwrap() as u8,
            )
            .unwrap();
        // The hint picked its token: its cell takes it at one tap.
        tap_id(&mut menus, egui::Id::new(("nb-cell", cell)));
        until(&mut menus, "the hinted move applied", |m| {
            link(m).refused.is_some() || link(m).seen.as_ref().unwrap().number > before
        });
        assert_eq!(link(&menus).refused, None, "the host refused the hint");
        assert_eq!(recorded::<Neighbours>(&table.record(), before), hint);
    }
}

#[test]
fn a_paper_boxing_hint_writes_a_grid_on_the_phone_that_ready_hands_in() {
    let _english = menus::language_held();
    let game = Match::<PaperBoxing>::seeded("standard", 2, 5).unwrap();
    let table = Table::new(game, vec![Plan::Bot("greedy".into()), Plan::Device]);
    let mut menus = phone(table.addr());
    sit(&mut menus, "Bo", 1);
    let hint = ask_for_a_hint(&mut menus);
    assert!(
        hint.get("grid").is_some(),
        "the set-up's hint is a grid: {hint}"
    );
    menus.tap("Ready");
    until(&mut menus, "the grid handed in", |m| {
        let link = link(m);
        link.refused.is_some()
            || serde_json::from_value::<parlour_core::games::paper_boxing::view::Seen>(
                link.seen.as_ref().unwrap().seen.clone(),
            )
            .is_ok_and(|s| s.grids[1].is_some())
    });
    assert_eq!(link(&menus).refused, None);
    let record = table.record();
    let handed_in = (0..record.moves.len())
        .find(|&i| Match::<PaperBoxing>::move_of_record(&record, i).unwrap().0 == 1)
        .expect("the phone's grid is in the record");
    assert_eq!(recorded::<PaperBoxing>(&record, handed_in), hint);
}

/// The coach's word on `mv` from `view` after `number` moves, as the
/// desktop coach weighs it: its own move and its gain in chance and in
/// final points, if any.
fn coach_word_on(
    view: &<Neighbours as Game>::View,
    mv: &parlour_core::games::neighbours::Move,
    number: usize,
) -> Option<(parlour_core::games::neighbours::Move, (i64, i64))> {
    use parlour_core::engine::analysis::{Analyse, coach_budget};
    let mut analyst =
        Neighbours::analyst(view, mv, None, coach_budget::<Neighbours>(number)).unwrap();
    let analysis = analyst.finish();
    analysis.worth_a_word().then(|| {
        let (chance, points) = analysis.gain();
        (analysis.best().mv, (chance as i64, points as i64))
    })
}

#[test]
fn the_coach_on_the_phone_holds_a_mistake_and_taken_back_lays_out_its_own_move() {
    use parlour_core::games::neighbours::Move;
    let _english = menus::language_held();
    let game = Match::<Neighbours>::seeded("standard", 2, 11).unwrap();
    let table = Table::new(game, vec![Plan::Device, Plan::Bot("greedy".into())]);
    let mut menus = phone(table.addr());
    until(&mut menus, "seats", |m| m.shows("Seat 1 · free: sit here"));
    menus.tap("Coach: off");
    assert!(
        menus.shows("Coach: on — it speaks up before a mistake"),
        "{:?}",
        words(&menus)
    );
    sit(&mut menus, "Ana", 0);
    until(&mut menus, "the phone's turn", my_turn);
    let number = link(&menus).seen.as_ref().unwrap().number;
    let mut game =
        Match::<Neighbours>::start_of_record(&table.record(), |v| Neighbours::variant(v).ok())
            .unwrap();
    for index in 0..number {
        let (seat, mv) = Match::<Neighbours>::move_of_record(&table.record(), index).unwrap();
        game.submit(seat, mv).unwrap();
    }
    let view = game.view(0);
    let mut placements = view.placements();
    placements.sort_by_key(|s| s.points);
    let (poor, (best, gain)) = placements
        .iter()
        .map(|s| view.state().placement(s))
        .find_map(|mv| coach_word_on(&view, &mv, number).map(|word| (mv, word)))
        .expect("some placement here is a mistake to the coach");
    let config = Neighbours::variant("standard").unwrap();
    let seen: parlour_core::games::neighbours::view::Seen =
        serde_json::from_value(link(&menus).seen.as_ref().unwrap().seen.clone()).unwrap();
    let cell_of = |mv: &Move| match mv {
        Move::Place(p) => (p.digit, config.board.cell(p.row, p.col).unwrap()),
        Move::Pass => panic!("a placement"),
    };
    let (digit, cell) = cell_of(&poor);
    let token = seen.hand.iter().position(|&d| d == digit).unwrap();
    tap_id(&mut menus, egui::Id::new(("nb-token", token)));
    tap_id(&mut menus, egui::Id::new(("nb-cell", cell)));
    until(&mut menus, "the coach's word", |m| {
        matches!(link(m).coach_word(), Some(CoachWord::Better { .. }))
    });
    // The gain as the table's coach words it: chance, and points where both.
    let said = format!(
        "The coach would play another move ({}). Take yours back to see it laid out.",
        parlour::coach::gain_words(gain.0, gain.1)
    );
    assert!(menus.shows(&said), "{said:?} not in {:?}", words(&menus));
    assert_eq!(
        table.record().moves.len(),
        number,
        "the move the coach speaks up about is held, not played"
    );
    // Taken back: the coach's own token is picked and its cell takes it.
    menus.tap("Take it back");
    menus.frames(2);
    let (_, best_cell) = cell_of(&best);
    tap_id(&mut menus, egui::Id::new(("nb-cell", best_cell)));
    until(&mut menus, "the coach's move applied", |m| {
        link(m).refused.is_some() || link(m).seen.as_ref().unwrap().number > number
    });
    assert_eq!(
        link(&menus).refused,
        None,
        "the host refused the coach's move"
    );
    assert_eq!(
        recorded::<Neighbours>(&table.record(), number),
        serde_json::to_value(best).unwrap(),
        "the move played is the coach's"
    );
}

/// Frames, one at a time, until `done` holds (at most `most`): for what
/// comes with the kiosk's own clock, not the table's.
fn frames_until(menus: &mut Menus, most: usize, what: &str, done: impl Fn(&Menus) -> bool) {
    for _ in 0..most {
        menus.frames(1);
        if done(menus) {
            return;
        }
    }
    panic!("no {what} in {most} frames; on screen: {:?}", words(menus));
}

#[test]
fn a_kiosks_demo_shows_a_code_and_the_phone_that_sits_there_gets_the_table() {
    use parlour::ui::hand::attract::AttractTable;
    let _english = menus::language_held();
    let mut kiosk = Menus::new(|app| {
        woken(app);
        app.insert_resource(parlour::hand::PhonesBind(Ipv4Addr::LOCALHOST.into()));
        app.insert_resource(parlour::kiosk::Kiosk {
            forced: true,
            active: true,
            unlocked: false,
        });
        let mut settings = app
            .world_mut()
            .resource_mut::<parlour::settings::Settings>();
        settings.idle_timeout_secs = 5;
        settings.kiosk_phones = true;
    });
    let hosting = |m: &Menus| {
        m.app
            .world()
            .contains_resource::<parlour::host::HostBeside>()
    };
    // Quiet on the title: the demo, and a table hosted for phones.
    frames_until(&mut kiosk, 300, "a table hosted for the demo", |m| {
        m.app.world().contains_resource::<AttractTable>()
    });
    let title = kiosk
        .app
        .world()
        .resource::<parlour::session::Table>()
        .game
        .title();
    let scan = format!("Scan to play {title} on your phone");
    until(&mut kiosk, "the code over the demo", |m| m.shows(&scan));
    // A touch on the kiosk ends the demo as ever, and the host stops.
    kiosk
        .app
        .world_mut()
        .write_message(parlour::kiosk::Activity);
    kiosk.frames(2);
    assert!(!hosting(&kiosk), "the demo's table stops with the demo");
    assert!(!kiosk.shows(&scan));
    // Quiet again: the demo, the code, and a phone sits down.
    frames_until(&mut kiosk, 300, "the demo again", |m| {
        m.app.world().contains_resource::<AttractTable>()
    });
    until(&mut kiosk, "the code over the demo", |m| m.shows(&scan));
    let address = link(&kiosk).table().address.clone();
    let port: u16 = address
        .trim_start_matches("ws://127.0.0.1:")
        .trim_end_matches("/table")
        .parse()
        .unwrap();
    let mut phone = phone((Ipv4Addr::LOCALHOST, port).into());
    sit(&mut phone, "Ana", 0);
    until(&mut kiosk, "the table's screen", |m| {
        m.screen() == Screen::Hand
    });
    let world = kiosk.app.world();
    assert!(!world.contains_resource::<parlour::session::attract::Demo>());
    assert!(world.contains_resource::<parlour::hand::TableHere>());
    assert!(hosting(&kiosk), "the table plays on");
    until(&mut kiosk, "Ana at the table", |m| m.shows("Ana"));
    assert!(!kiosk.shows(&scan), "{:?}", words(&kiosk));
}

/// Bo, at the table's screen, takes its last free seat there: "Play this
/// seat at this screen", his name on the keyboard, OK.
fn sit_bo_here(screen: &mut Menus) {
    let lowest = screen
        .texts()
        .into_iter()
        .filter(|(t, _)| t == "Play this seat at this screen")
        .map(|(_, r)| r.center())
        .max_by(|a, b| a.y.total_cmp(&b.y))
        .expect("a free seat offers itself to the screen");
    screen.tap_at(lowest);
    for key in ["B", "o", "OK"] {
        screen.tap_top(key);
    }
    until(screen, "Bo's seat", |m| {
        m.shows("Played at this screen") || m.shows("Bo’s turn, at this screen")
    });
}

/// The link of the first seat played at the table's screen `screen`.
fn here_link(screen: &Menus) -> &Link {
    &screen.app.world().resource::<HereSeats>().links[0]
}

#[test]
fn a_seat_played_at_the_tables_screen_shows_its_hand_behind_a_curtain_on_its_turn_alone() {
    let _english = menus::language_held();
    let game = Match::<Neighbours>::seeded("standard", 2, 5).unwrap();
    let table = Table::new(game, vec![Plan::Device, Plan::Device]);
    let mut screen = tables_screen(table.addr(), table.screen_key());
    until(&mut screen, "the codes", |m| {
        m.shows("Scan with a phone to sit at seat 2")
    });
    // Bo, at the screen, takes seat 2 there: a name, then the seat.
    sit_bo_here(&mut screen);
    assert!(
        !screen.shows("Scan with a phone to sit at seat 2"),
        "{:?}",
        words(&screen)
    );
    // One waker for both: a move reaches the phone and the screen alike.
    let mut phone = phone_beside(table.addr(), &screen);
    sit(&mut phone, "Ana", 0);
    let told = screen.app.world().resource::<Woken>().clone();

    let hand_shown = "Bo’s hand — keep it to yourself";
    let (mut ana, mut bo) = (0, 0);
    // Short waits on the table's news in a row with nothing heard; as many
    // as make up PATIENCE end the loop.
    let mut quiet = 0;
    for _ in 0..MOST_WAITS * 40 {
        phone.frames(2);
        screen.frames(2);
        if over(&phone) {
            break;
        }
        if my_turn(&phone) {
            assert!(
                !screen.shows(hand_shown) && !screen.shows("Pass to Bo"),
                "Bo's hand stays hidden on Ana's turn: {:?}",
                words(&screen)
            );
            // What the link heard in the last frame is on screen in the next.
            phone.frames(1);
            let before = link(&phone).seen.as_ref().unwrap().number;
            tap_neighbours(&mut phone);
            until(&mut phone, "Ana's move applied", |m| {
                link(m).refused.is_some() || link(m).seen.as_ref().unwrap().number > before
            });
            assert_eq!(link(&phone).refused, None);
            ana += 1;
        } else if screen.shows("Pass to Bo") {
            assert!(
                !screen.shows(hand_shown),
                "behind the curtain, no hand: {:?}",
                words(&screen)
            );
            screen.tap("I am Bo");
            screen.frames(2);
            assert!(screen.shows(hand_shown), "{:?}", words(&screen));
            let before = here_link(&screen).seen.as_ref().unwrap().number;
            let (seen, variant) = seen_and_variant(here_link(&screen));
            tap_neighbours_for(&mut screen, seen, &variant);
            until(&mut screen, "Bo's move applied and the hand hidden", |m| {
                here_link(m).seen.as_ref().unwrap().number > before && !m.shows(hand_shown)
            });
            bo += 1;
        } else if told.0.lock().unwrap().recv_timeout(STEP).is_ok() {
            quiet = 0;
        } else if quiet * STEP >= PATIENCE {
            // Nothing from the table for as long as a test waits, and the
            // screens drawn all the while: the assertions below say what
            // never came. (A news already heard may take the screen a few
            // frames more to show: no single wait decides.)
            break;
        } else {
            quiet += 1;
        }
    }
    assert!(over(&phone), "the match ended: Ana {ana}, Bo {bo} moves");
    let record = table.record();
    assert_eq!(record.seats[1].name, "Bo");
    assert!(ana > 5 && bo > 5, "both played their share: {ana} and {bo}");
    assert_eq!(record.moves.len(), ana + bo);
    // The table's screen says who won, for everyone at the table.
    let winners: Vec<&str> = link(&phone)
        .seen
        .as_ref()
        .unwrap()
        .winners
        .iter()
        .map(|&s| ["Ana", "Bo"][s])
        .collect();
    let said = format!("{} wins", winners.join(" · "));
    until(&mut screen, "the winner on the table's screen", |m| {
        m.shows(&said)
    });
}

#[test]
fn a_seat_played_at_the_tables_screen_comes_back_to_a_window_started_again() {
    let _english = menus::language_held();
    let folder = std::env::temp_dir().join(format!("parlour-here-seats-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let game = Match::<Neighbours>::seeded("standard", 2, 5).unwrap();
    let table = Table::new(game, vec![Plan::Device, Plan::Device]);
    let (addr, key) = (table.addr(), table.screen_key());
    let mut screen = tables_screen_keeping(addr, key.clone(), Some(folder.clone()));
    until(&mut screen, "the codes", |m| {
        m.shows("Scan with a phone to sit at seat 2")
    });
    sit_bo_here(&mut screen);
    until(&mut screen, "Bo's hand dealt", |m| {
        here_link(m).seen.is_some()
    });
    let hand = seen_and_variant(here_link(&screen)).0["hand"].clone();

    // The window goes (a restart, a power cut) and is started again.
    drop(screen);
    let mut again = tables_screen_keeping(addr, key, Some(folder.clone()));
    until(&mut again, "Bo back in his seat", |m| {
        let here = m.app.world().resource::<HereSeats>();
        here.holding(1).is_some() && here_link(m).seen.is_some()
    });
    assert_eq!(
        seen_and_variant(here_link(&again)).0["hand"],
        hand,
        "the same hand"
    );
    // The table's own link hears who holds each seat on its own news.
    until(&mut again, "Bo's seat played at this screen", |m| {
        m.shows("Played at this screen") || m.shows("Bo’s turn, at this screen")
    });
    assert!(
        !again.shows("Scan with a phone to sit at seat 2"),
        "seat 2 is not offered to phones: {:?}",
        words(&again)
    );

    // Another table's screen takes none of this table's seats.
    let other = Table::new(
        Match::<Neighbours>::seeded("standard", 2, 6).unwrap(),
        vec![Plan::Device, Plan::Device],
    );
    let mut elsewhere =
        tables_screen_keeping(other.addr(), other.screen_key(), Some(folder.clone()));
    until(&mut elsewhere, "the other table's codes", |m| {
        m.shows("Scan with a phone to sit at seat 2")
    });
    assert!(
        elsewhere
            .app
            .world()
            .resource::<HereSeats>()
            .links
            .is_empty()
    );
    let _ = std::fs::remove_dir_all(&folder);
}
