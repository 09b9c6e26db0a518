//! The language setting, headless: switching it changes the words at once,
//! a refused move included.

use bevy::prelude::*;
use parlour::catalog::GameId;
use parlour::engine::replay::Headless;
use parlour::engine::{Controller, Match, MoveRejected, MoveRequest};
use parlour::i18n::{Catalogue, Lang};
use parlour::session::Table;
use parlour::settings::Settings;
use parlour::tr;
use parlour_core::engine::{Phrase, Seat};
use parlour_core::games::neighbours::{Deal, Move, Neighbours, Placement};

/// A 4 in the centre, seat 0 to move with a 9 in hand.
fn deal() -> Deal {
    Deal {
        start: 4,
        hands: vec![vec![5, 3, 0, 9, 1], vec![6, 2, 7, 8, 4]],
        bag: vec![
            0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7,
            7, 7, 8, 8, 8, 8, 9, 9, 9, 9,
        ],
        first: 0,
    }
}

fn switch_to(h: &mut Headless<Neighbours>, lang: Lang) {
    h.app().world_mut().resource_mut::<Settings>().language = lang;
    h.app().update();
}

/// Asks for a 9 next to the 4 and words the refusal in the language on screen.
fn refused_nine(h: &mut Headless<Neighbours>) -> String {
    let world = h.app().world();
    let mut cursor = world
        .resource::<Messages<MoveRejected<Neighbours>>>()
        .get_cursor_current();
    let mv = Move::Place(Placement {
        digit: 9,
        row: 3,
        col: 6,
    });
    h.app()
        .world_mut()
        .write_message(MoveRequest::<Neighbours> { seat: 0, mv });
    h.app().update();
    let world = h.app().world();
    let r = cursor
        .read(world.resource::<Messages<MoveRejected<Neighbours>>>())
        .last()
        .expect("the 9 is refused")
        .clone();
    // The command line's English reason is still there beside the phrase.
    assert!(r.reason.contains("9 cannot go next to 4"), "{}", r.reason);
    parlour::i18n::refusal(&r.phrase, &r.reason, &|seat| format!("P{seat}"))
}

#[test]
fn switching_the_language_setting_changes_the_words_at_once() {
    let mut h = Headless::<Neighbours>::new();
    h.app().add_plugins(parlour::session::plugin);
    let game =
        Match::<Neighbours>::new("standard", Default::default(), 2, 0, Some(deal())).unwrap();
    h.start(game, vec![Controller::Human; 2]);

    switch_to(&mut h, Lang::En);
    assert_eq!(tr!("settings-title"), "Settings");
    assert_eq!(GameId("neighbours").title(), "Neighbours");
    assert!(refused_nine(&mut h).starts_with("9 cannot go next to 4:"));

    switch_to(&mut h, Lang::Fr);
    assert_eq!(tr!("settings-title"), "Réglages");
    assert_eq!(GameId("neighbours").title(), "Voisins");
    assert_eq!(tr!("hand-over-title", name = "Ada"), "Passez à Ada");
    assert!(
        refused_nine(&mut h).starts_with("Le 9 ne peut pas aller à côté du 4"),
        "{}",
        refused_nine(&mut h)
    );

    switch_to(&mut h, Lang::Da);
    assert_eq!(tr!("settings-title"), "Indstillinger");
    assert_eq!(GameId("rummy").tagline(), tr!("game-rummy-tagline"));
    assert!(refused_nine(&mut h).starts_with("9 kan ikke ligge ved siden af 4"));

    switch_to(&mut h, Lang::En);
    assert_eq!(tr!("settings-title"), "Settings");

    // A table laid before the settings file was read keeps no stale default
    // name: "Joueur 1" in an English table becomes "Player 1"; a name a
    // person chose stays.
    {
        let world = h.app().world_mut();
        let mut table = world.resource_mut::<Table>();
        table.seats[0].name = "Joueur 1".into();
        table.seats[1].name = "Anna".into();
    }
    switch_to(&mut h, Lang::En);
    let table = h.app().world().resource::<Table>();
    assert_eq!(table.seats[0].name, "Player 1");
    assert_eq!(table.seats[1].name, "Anna");
}

// --- Every game's words in every language ----------------------------------

/// Every kind of refusal `G`'s rules can give, worded in `lang`.
fn refusals<G: parlour_core::engine::Game>(
    catalogue: &Catalogue,
    lang: Lang,
) -> Vec<Result<String, String>> {
    use parlour_core::engine::Explain;
    let seat_name = |seat: Seat| format!("Player{seat}");
    G::Error::kinds()
        .iter()
        .map(|kind| catalogue.phrase(lang, &kind.phrase(), &seat_name))
        .collect()
}

#[test]
fn every_refusal_of_every_game_has_its_words_in_all_three_languages() {
    use parlour_core::games::{neighbours::Neighbours, paper_boxing::PaperBoxing, rummy::Rummy};
    let catalogue = Catalogue::load().unwrap();
    // The table's own refusals, whatever the game.
    let table = [
        "refused-animating",
        "refused-round-over",
        "refused-no-match",
    ];
    for lang in Lang::ALL {
        let mut worded: Vec<Result<String, String>> = table
            .iter()
            .map(|key| catalogue.phrase(lang, &Phrase::new(key), &|_| String::new()))
            .collect();
        worded.extend(refusals::<Neighbours>(&catalogue, lang));
        worded.extend(refusals::<PaperBoxing>(&catalogue, lang));
        worded.extend(refusals::<Rummy>(&catalogue, lang));
        assert!(worded.len() > 60, "{} refusals only", worded.len());
        for text in worded {
            let text = text.unwrap();
            assert!(!text.contains('{') && !text.contains('$'), "{text}");
            assert!(!text.trim().is_empty());
        }
    }
}

#[test]
fn a_refusal_names_the_players_and_words_the_cards() {
    use parlour_core::engine::Explain;
    use parlour_core::games::neighbours;
    use parlour_core::games::rummy::{self, Colour, Face};
    let catalogue = Catalogue::load().unwrap();
    let names = |seat: Seat| ["Ada", "Bram"][seat].to_owned();
    let turn = neighbours::RuleError::NotYourTurn {
        seat: 1,
        to_move: 0,
    }
    .phrase();
    assert_eq!(
        catalogue.phrase(Lang::Fr, &turn, &names).unwrap(),
        "C’est à Ada de jouer, pas à Bram."
    );
    let set = rummy::RuleError::Set {
        index: 0,
        cards: "r4 b5 r6".into(),
        reason: rummy::SetError::MixedColours(
            Face::number(Colour::Red, 4),
            Face::number(Colour::Blue, 5),
        ),
    }
    .phrase();
    assert_eq!(
        catalogue.phrase(Lang::Da, &set, &names).unwrap(),
        "Kombination 1 er ikke gyldig: en serie har kun én farve, men rød 4 og blå 5 er forskellige."
    );
    // The set by its number on the table, its cards in words, never the
    // record's codes.
    for lang in [Lang::En, Lang::Fr, Lang::Da] {
        let text = catalogue.phrase(lang, &set, &names).unwrap();
        assert!(!text.contains("r4"), "{lang:?}: {text}");
    }
}

#[test]
fn every_bot_has_a_name_in_every_language() {
    use parlour_core::engine::Game;
    use parlour_core::games::{neighbours::Neighbours, paper_boxing::PaperBoxing, rummy::Rummy};
    let catalogue = Catalogue::load().unwrap();
    let bots = [Neighbours::bots(), PaperBoxing::bots(), Rummy::bots()].concat();
    for lang in Lang::ALL {
        for bot in &bots {
            assert!(
                catalogue
                    .message(lang, &format!("bot-{bot}"), None)
                    .is_some(),
                "{}: no word for the {bot} bot",
                lang.own_name()
            );
        }
    }
}

#[test]
fn every_neighbours_variant_has_a_name_in_every_language() {
    use parlour_core::engine::Game;
    use parlour_core::games::neighbours::Neighbours;
    let catalogue = Catalogue::load().unwrap();
    for lang in Lang::ALL {
        for variant in Neighbours::variants() {
            let key = format!("neighbours-variant-{variant}");
            assert!(
                catalogue.message(lang, &key, None).is_some(),
                "{}: no {key}",
                lang.own_name()
            );
        }
    }
}

/// One thing, one word: French calls Paper Boxing's leader "meneur" in
/// every text (the rules page, the game, the coach, the review), never
/// "leader" beside it.
#[test]
fn french_names_the_leader_one_way() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/locales/fr");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            // A message's name and `{ $leader }` (a name put in) are not
            // words shown.
            let shown = line.split_once(" = ").map_or(line, |(_, text)| text);
            let shown = shown.replace("$leader", "");
            let words = shown
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| w.eq_ignore_ascii_case("leader"))
                .count();
            assert_eq!(words, 0, "{}:{}: {line}", path.display(), n + 1);
        }
    }
}

/// The phrase keys a source folder's code says (`Phrase::new("key")`).
fn phrase_keys(folder: &std::path::Path, keys: &mut Vec<String>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            phrase_keys(&path, keys);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            let mut at = 0;
            while let Some(found) = text[at..].find("Phrase::new(\"") {
                let start = at + found + "Phrase::new(\"".len();
                let end = start + text[start..].find('"').unwrap();
                keys.push(text[start..end].to_owned());
                at = end;
            }
        }
    }
}

#[test]
fn every_reason_the_host_gives_a_phone_has_its_words_in_all_three_languages() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut keys = Vec::new();
    phrase_keys(&root.join("src/host"), &mut keys);
    keys.sort();
    keys.dedup();
    assert!(keys.len() >= 20, "the host's phrases: {keys:?}");
    for lang in ["en", "fr", "da"] {
        let mut catalogue = String::new();
        for entry in std::fs::read_dir(root.join("assets/locales").join(lang)).unwrap() {
            catalogue += &std::fs::read_to_string(entry.unwrap().path()).unwrap();
        }
        let missing: Vec<&String> = keys
            .iter()
            .filter(|k| !catalogue.lines().any(|l| l.starts_with(&format!("{k} ="))))
            .collect();
        assert!(missing.is_empty(), "{lang} has no words for {missing:?}");
    }
}
