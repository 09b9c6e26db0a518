//! The set-up remembers the table a person set — per game, in the settings
//! file, across a restart — and nothing that plays by itself (attract
//! mode) ever writes it; a default name ("Player 1") is not a name: it
//! follows the language and is never counted as a person's.

mod menus;

use bevy::prelude::*;
use menus::{Menus, language_alone, language_held};
use parlour::catalog::GameId;
use parlour::engine::{Controller, EndMatch};
use parlour::i18n::{Lang, set_language, shown_name};
use parlour::saves::{SaveSlot, table_of};
use parlour::session::attract::Demo;
use parlour::session::{Screen, SeatChoice, Table};
use parlour::settings::{self, Settings};
use parlour::stats::{Finisher, Statistics};
use parlour_core::engine::{Game, Match, SeatRecord};
use parlour_core::games::neighbours::Neighbours;

fn in_language(lang: Lang) -> impl FnOnce(&mut App) {
    move |app: &mut App| app.world_mut().resource_mut::<Settings>().language = lang
}

fn seats(m: &Menus) -> Vec<(String, Controller)> {
    m.app
        .world()
        .resource::<Table>()
        .seats
        .iter()
        .map(|s| (s.name.clone(), s.controller.clone()))
        .collect()
}

fn person(name: &str) -> SeatChoice {
    SeatChoice {
        name: name.into(),
        controller: Controller::Human,
    }
}

fn bot(name: &str) -> SeatChoice {
    SeatChoice {
        name: name.into(),
        controller: Controller::Bot("expert".into()),
    }
}

/// On the nth game's set-up, the seats set to `seats` (as typed and
/// chosen), then Start.
fn start_with(m: &mut Menus, words: [&str; 2], nth: usize, seats: Vec<SeatChoice>) {
    let [play, start] = words;
    m.tap_nth(play, nth);
    assert_eq!(m.screen(), Screen::Setup);
    m.app.world_mut().resource_mut::<Table>().seats = seats;
    m.frames(1);
    m.tap(start);
    assert!(matches!(m.screen(), Screen::Play | Screen::HandOver));
}

/// Back to the title, as the kiosk's idle timer or a person leaving does:
/// the match ended.
fn to_title(m: &mut Menus) {
    m.app.world_mut().write_message(EndMatch);
    m.app
        .world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    m.frames(2);
    assert_eq!(m.screen(), Screen::Title);
}

/// Søren against two bots at Neighbours; attract mode then plays bots at
/// every game on the same table; after it, each set-up offers a person's
/// seat — Neighbours Søren's own table, Paper Boxing its first one.
#[test]
fn attract_mode_never_writes_the_table_a_person_set() {
    let _words = language_held();
    let mut m = Menus::new(in_language(Lang::En));
    start_with(
        &mut m,
        ["Play", "Start"],
        0,
        vec![person("Søren"), bot("Ada"), bot("Bram")],
    );
    to_title(&mut m);
    // Attract mode: a match of each game played to its end, bots only,
    // and the next one begun after the last results (where a demo match
    // ends is where it might write what it played).
    m.app.insert_resource(Demo::new(Vec::new()));
    let mut ended: Vec<GameId> = Vec::new();
    let mut after_the_third = false;
    for _ in 0..40_000 {
        m.frames(1);
        let watched = m.app.world().resource::<Table>().clone();
        assert!(watched.humans().is_empty(), "attract mode plays bots only");
        match m.screen() {
            Screen::Results if ended.last() != Some(&watched.game) => ended.push(watched.game),
            Screen::Play if ended.len() >= 3 => {
                after_the_third = true;
                break;
            }
            _ => {}
        }
    }
    assert!(
        after_the_third,
        "attract mode played each game to its end: {ended:?}"
    );
    let mut games = ended.clone();
    games.sort_by_key(|g| g.name());
    games.dedup();
    assert_eq!(games.len(), 3, "every game: {ended:?}");
    m.app.world_mut().remove_resource::<Demo>();
    to_title(&mut m);

    m.tap_nth("Play", 0);
    assert_eq!(
        seats(&m),
        [
            ("Søren".to_owned(), Controller::Human),
            ("Ada".to_owned(), Controller::Bot("expert".into())),
            ("Bram".to_owned(), Controller::Bot("expert".into())),
        ]
    );
    m.tap("Back");
    m.tap_nth("Play", 1);
    assert_eq!(
        m.app.world().resource::<Table>().game,
        GameId("paper-boxing")
    );
    assert_eq!(
        seats(&m)[0],
        ("Player 1".to_owned(), Controller::Human),
        "a person's seat first"
    );
}

/// Tess and Ada, both people, at Rummy: after a restart (the settings file
/// read again) Rummy's set-up offers them; Neighbours' its first table.
#[test]
fn the_set_up_offers_the_last_table_a_person_set_after_a_restart() {
    // It speaks Danish: no other test reads meanwhile.
    let _words = language_alone();
    let mut m = Menus::new(in_language(Lang::Da));
    start_with(
        &mut m,
        ["Spil", "Start"],
        2,
        vec![person("Tess"), person("Ada")],
    );
    let written = settings::to_text(m.app.world().resource::<Settings>());

    let dir = std::env::temp_dir().join(format!("parlour-setup-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("settings.json");
    std::fs::write(&path, written).unwrap();
    let (read, warning) = settings::load(&path, std::time::SystemTime::now());
    assert!(warning.is_none());
    let _ = std::fs::remove_dir_all(&dir);

    let mut m = Menus::new(move |app| {
        app.insert_resource(read);
    });
    m.tap_nth("Spil", 2);
    assert_eq!(
        seats(&m),
        [
            ("Tess".to_owned(), Controller::Human),
            ("Ada".to_owned(), Controller::Human),
        ]
    );
    m.tap("Tilbage");
    m.tap_nth("Spil", 0);
    assert_eq!(seats(&m)[0], ("Spiller 1".to_owned(), Controller::Human));
    assert_eq!(seats(&m).len(), 3, "Neighbours' first table");
}

/// A game's remembered table that does not read is left out; the other
/// games' tables and every other setting are kept, and no warning is given.
#[test]
fn a_remembered_table_that_does_not_read_is_left_out_and_the_rest_kept() {
    let dir = std::env::temp_dir().join(format!("parlour-setup-lenient-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("settings.json");
    std::fs::write(
        &path,
        r#"{"text_size": "large", "tables": {
            "neighbours": 5,
            "paper-boxing": {"seats": "Tess"},
            "rummy": {"variant": "classic", "seats": [{"name": "Tess"}, {"name": "Ada", "bot": "expert"}], "later": true}
        }}"#,
    )
    .unwrap();
    let (read, warning) = settings::load(&path, std::time::SystemTime::now());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(warning.is_none(), "{warning:?}");
    assert_eq!(read.text_size, settings::TextSize::Large);
    assert_eq!(read.tables.keys().collect::<Vec<_>>(), ["rummy"]);
    assert_eq!(read.tables["rummy"].variant, "classic");
    assert_eq!(read.tables["rummy"].seats[1].bot.as_deref(), Some("expert"));
}

/// A match started in French with the default "Joueur 1", the language
/// switched to Danish: the Continue card and the table say "Spiller 1".
#[test]
fn a_default_name_follows_the_language_on_the_continue_card() {
    // It speaks Danish: no other test reads meanwhile.
    let _words = language_alone();
    let mut game = Match::<Neighbours>::seeded("standard", 2, 3).unwrap();
    let mut bots: Vec<_> = (0..2)
        .map(|s| Neighbours::bot("greedy", s).unwrap())
        .collect();
    for _ in 0..3 {
        let seat = game.awaiting()[0];
        let mv = bots[seat].choose(&game.view(seat));
        game.submit(seat, mv).unwrap();
    }
    let mut record = game.record();
    record.seats = vec![
        SeatRecord {
            name: "Joueur 1".into(),
            bot: None,
        },
        SeatRecord {
            name: "Ada".into(),
            bot: Some("greedy".into()),
        },
    ];
    let m = Menus::new(move |app| {
        in_language(Lang::Da)(app);
        app.insert_resource(SaveSlot {
            current: None,
            history: None,
            unfinished: Some(record),
        });
    });
    let texts: Vec<String> = m.texts().into_iter().map(|(t, _)| t).collect();
    assert!(
        texts.iter().any(|t| t.starts_with("Spiller 1, Ada")),
        "the Continue card in Danish: {texts:?}"
    );
    assert!(!texts.iter().any(|t| t.contains("Joueur")));
}

/// A default name is shown in the language on screen wherever a record's
/// names are read (Continue, History, Watch), and never counted in the
/// statistics as somebody's name; a name a person typed stays as it is.
#[test]
fn a_default_name_is_not_a_name() {
    // It speaks Danish: no other test reads meanwhile.
    let _words = language_alone();
    set_language(Lang::Da);
    assert_eq!(shown_name("Joueur 1"), "Spiller 1");
    assert_eq!(shown_name("Player 3"), "Spiller 3");
    assert_eq!(shown_name("Søren"), "Søren");
    let mut record = Match::<Neighbours>::seeded("standard", 2, 3)
        .unwrap()
        .record();
    record.seats = vec![
        SeatRecord {
            name: "Joueur 2".into(),
            bot: None,
        },
        SeatRecord {
            name: "Joueur".into(),
            bot: None,
        },
    ];
    let table = table_of(&record, GameId("neighbours"));
    assert_eq!(table.seats[0].name, "Spiller 2");
    assert_eq!(table.seats[1].name, "Joueur", "a typed name is kept");
    set_language(Lang::En);

    let mut stats = Statistics::default();
    let finisher = |name: &str| Finisher {
        name: name.into(),
        person: true,
        score: 10,
        won: true,
    };
    stats.count_match(
        "neighbours",
        &[finisher("Player 1"), finisher("Joueur 2"), finisher("Tess")],
    );
    assert_eq!(stats.players.keys().collect::<Vec<_>>(), ["Tess"]);
}

/// Someone who has never set a table for a game meets bots that play to
/// win without crushing (not the strongest), and Rummy without its turn
/// clock while the cards are new.
#[test]
fn a_newcomers_first_table_seats_gentle_bots_and_rummy_without_a_clock() {
    let _english = language_held();
    let mut m = Menus::new(|_| {});
    let mut games = Vec::new();
    for nth in 0..3 {
        m.tap_nth("Play", nth);
        assert_eq!(m.screen(), Screen::Setup);
        let table = m.app.world().resource::<Table>().clone();
        let bots: Vec<&str> = table
            .seats
            .iter()
            .filter_map(|s| match &s.controller {
                Controller::Bot(b) => Some(b.as_str()),
                Controller::Human => None,
            })
            .collect();
        assert!(!bots.is_empty(), "{:?}", table.seats);
        assert!(
            bots.iter().all(|&b| b == "greedy"),
            "{}: {bots:?}",
            table.game.name()
        );
        let clockless = table.variant.contains("turn-seconds=off");
        assert_eq!(
            clockless,
            table.game.name() == "rummy",
            "{}: {}",
            table.game.name(),
            table.variant
        );
        games.push(table.game.name());
        m.tap("Back");
    }
    games.sort_unstable();
    assert_eq!(games, ["neighbours", "paper-boxing", "rummy"]);
}
