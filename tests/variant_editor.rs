//! The variant editor as a person uses it, headless: the set-up's variant
//! buttons, the options drawn from the game's own description, the rules'
//! refusals beside the options, a board painted by touch, a variant kept as
//! a file and listed at once, its link, each bad import, the balance card,
//! and the kiosk's PIN in front of it all.

mod menus;

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::egui;
use menus::{Menus, language_held};
use parlour::kiosk::{Kiosk, PinPad, PinPurpose};
use parlour::session::{Screen, Table};
use parlour::ui::variant_editor::card;
use parlour::variants::made::MadeFolder;
use parlour::variants::trial::TrialBudget;
use parlour::variants::{Origin, VariantRegistry, VariantSources};
use parlour_core::engine::balance::BalanceOptions;
use parlour_core::share::{self, SharedVariant, Texts};

/// The title's Play buttons, by game.
const NEIGHBOURS: usize = 0;
const RUMMY: usize = 2;

/// An empty folder of the player's own variants for one test.
fn own_folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "parlour-variant-editor-{test}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The app with the shipped variants and `folder` as the own folder, on
/// the set-up of the title's `nth` game.
fn setup_of(nth: usize, folder: &Path, more: impl FnOnce(&mut App)) -> Menus {
    let folder = folder.to_path_buf();
    let mut m = Menus::new(|app| {
        app.add_plugins(parlour::variants::plugin);
        app.insert_resource(VariantSources {
            built_in: true,
            folders: vec![folder.clone()],
        })
        .insert_resource(MadeFolder(Some(folder)))
        .insert_resource(TrialBudget(BalanceOptions {
            games: 4,
            seed: 7,
            ..BalanceOptions::default()
        }));
        more(app);
    });
    m.tap_nth("Play", nth);
    assert_eq!(m.screen(), Screen::Setup);
    m
}

fn registry(m: &Menus) -> &VariantRegistry {
    m.app.world().resource::<VariantRegistry>()
}

/// The files in the own folder.
fn files_in(folder: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(folder)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    found.sort();
    found
}

/// Types `text` into the field whose hint or words read `at`.
fn type_into(m: &mut Menus, at: &str, text: &str) {
    m.tap_top(at);
    m.frame(vec![egui::Event::Paste(text.to_owned())]);
    m.frames(2);
}

fn variant(game: &str, id: &str, title: &str, rules: &str) -> SharedVariant {
    SharedVariant {
        game: game.into(),
        id: id.into(),
        title: Texts::english(title),
        description: Texts::english("House rules."),
        rules: rules.into(),
    }
}

/// Pastes `text` in the import box and taps Add.
fn import(m: &mut Menus, text: &str) {
    m.tap("Import");
    type_into(m, "https://…/#variant=1.…", text);
    m.tap_top("Add");
}

#[test]
fn rounds_and_minutes_together_are_refused_beside_both_at_once() {
    let _words = language_held();
    let folder = own_folder("rounds-minutes");
    let mut m = setup_of(RUMMY, &folder, |_| {});
    m.tap("New variant");
    m.scroll_to("Rounds in a match.");
    let refusal = "Refused: a match is played for a number of rounds or for a time, not both";
    assert!(!m.shows(refusal));
    // Two rounds, then a time as well.
    m.tap_nth("+", 0);
    m.tap_nth("+", 1);
    let beside = m
        .texts()
        .iter()
        .filter(|(t, _)| t.starts_with(refusal))
        .count();
    assert_eq!(beside, 2, "the refusal beside rounds and minutes");
    // Refused rules are not kept: Save does nothing.
    m.scroll_to("Save");
    m.tap("Save");
    assert!(m.shows("Rounds in a match."), "still in the editor");
    assert!(files_in(&folder).is_empty());
    // Back to no time: the refusal goes at once.
    m.scroll_to("Rounds in a match.");
    m.tap_nth("Off", 0);
    assert!(!m.texts().iter().any(|(t, _)| t.starts_with(refusal)));
}

#[test]
fn a_board_of_only_its_start_cell_is_refused_beside_the_board() {
    let _words = language_held();
    let folder = own_folder("board");
    let mut m = setup_of(NEIGHBOURS, &folder, |_| {});
    m.tap("New variant");
    m.scroll_to("Paint:");
    let refused = |m: &Menus| {
        m.texts()
            .iter()
            .any(|(t, _)| t.starts_with("Refused: board"))
    };
    assert!(!refused(&m));
    // The rows' and the columns' − down to a single cell.
    for _ in 0..12 {
        m.tap_nth("−", 3);
    }
    for _ in 0..12 {
        m.tap_nth("−", 4);
    }
    assert!(
        m.shows("Rows: 1") && m.shows("Columns: 1"),
        "{:?}",
        m.texts()
    );
    assert!(refused(&m), "{:?}", m.texts());
    m.tap_nth("+", 3);
    m.tap_nth("+", 4);
    assert!(!refused(&m), "{:?}", m.texts());
}

#[test]
fn a_variant_made_on_screen_is_kept_as_a_file_and_listed_at_once() {
    let _words = language_held();
    let folder = own_folder("made");
    let mut m = setup_of(NEIGHBOURS, &folder, |_| {});
    m.tap("New variant");
    type_into(&mut m, "A name for your house rules", "Six in hand");
    m.scroll_to("Tokens in each hand.");
    // Hands of six, one more than the standard five: the hand's + is the
    // second (penalty, hand, copies).
    m.tap_nth("+", 1);
    m.scroll_to("Save");
    m.tap("Save");
    assert!(
        m.shows("Play with phones") || m.shows("Start"),
        "back on the set-up"
    );
    let entry = registry(&m)
        .get(parlour::catalog::GameId("neighbours"), "six-in-hand")
        .expect("listed")
        .clone();
    assert_eq!(entry.rules, "standard,hand=6");
    assert_eq!(m.app.world().resource::<Table>().variant, "standard,hand=6");
    let files = files_in(&folder);
    assert_eq!(files.len(), 1);
    let read = share::read_file(&std::fs::read(&files[0]).unwrap()).unwrap();
    assert_eq!(read.rules, "standard,hand=6");
    assert_eq!(read.title.en, "Six in hand");
}

#[test]
fn a_file_through_the_editor_comes_back_the_same_file() {
    let _words = language_held();
    let folder = own_folder("round-trip");
    let nine = variant(
        "rummy",
        "one-joker",
        "One joker",
        "standard,first-meld=30,jokers=1",
    );
    let text = share::to_file(&nine);
    let path = folder.join("rummy-one-joker.variant.ron");
    std::fs::write(&path, &text).unwrap();
    let mut m = setup_of(RUMMY, &folder, |_| {});
    m.app.world_mut().resource_mut::<Table>().variant = nine.rules.clone();
    m.frames(2);
    m.tap("Edit");
    assert!(m.shows("Your Rummy variant"), "{:?}", m.texts());
    m.scroll_to("Save");
    m.tap("Save");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    assert_eq!(files_in(&folder), vec![path]);
}

#[test]
fn a_link_becomes_a_variant_whose_link_is_the_same() {
    let _words = language_held();
    let folder = own_folder("link");
    let mut m = setup_of(RUMMY, &folder, |_| {});
    let shared = variant(
        "rummy",
        "thirty",
        "First meld thirty",
        "standard,first-meld=30,jokers=1",
    );
    let link = format!("https://example.org/#variant={}", share::encode(&shared));
    import(&mut m, &link);
    assert!(
        m.shows("Added “First meld thirty” to Rummy."),
        "{:?}",
        m.texts()
    );
    assert_eq!(
        m.app.world().resource::<Table>().variant,
        "standard,first-meld=30,jokers=1"
    );
    assert_eq!(files_in(&folder).len(), 1);
    m.tap("Share");
    assert!(
        m.shows(&format!("#variant={}", share::encode(&shared))),
        "{:?}",
        m.texts()
    );
}

#[test]
fn each_bad_import_says_which_and_why_and_keeps_nothing() {
    let _words = language_held();
    let folder = own_folder("bad");
    let mut m = setup_of(RUMMY, &folder, |_| {});
    let before = registry(&m).entries().to_vec();
    let good = variant("rummy", "mine", "Mine", "standard,jokers=1");
    let code = |v: &SharedVariant| share::encode(v);
    let cases: Vec<(&str, String)> = vec![
        ("garbage", "not a variant at all".into()),
        ("newer", format!("2.{}", &code(&good)[2..])),
        (
            "unknown game",
            code(&variant("chess", "mine", "Mine", "standard")),
        ),
        ("too large", format!("1.{}", "A".repeat(3000))),
        (
            "built-in id",
            code(&variant("rummy", "standard", "Mine", "standard")),
        ),
        (
            "shipped file's id",
            code(&SharedVariant {
                id: before
                    .iter()
                    .find(|e| {
                        e.game.name() == "rummy"
                            && matches!(e.origin, Origin::BuiltIn(_))
                            && e.id != "standard"
                    })
                    .expect("a shipped Rummy variant")
                    .id
                    .clone(),
                ..good.clone()
            }),
        ),
        (
            "rules refused",
            code(&variant(
                "rummy",
                "mine",
                "Mine",
                "standard,rounds=2,minutes=30",
            )),
        ),
    ];
    for (what, text) in cases {
        let expected = match share::decode(&text, &|g, i| {
            before.iter().any(|e| e.game.name() == g && e.id == i)
        }) {
            Err(e) => format!("Not added: {e}"),
            Ok(v) => panic!("{what}: taken: {v:?}"),
        };
        import(&mut m, &text);
        assert!(
            m.shows(&expected),
            "{what}: {expected:?} not in {:?}",
            m.texts()
        );
        m.tap_top("Close");
        assert_eq!(registry(&m).entries(), &before[..], "{what}: nothing added");
        assert!(files_in(&folder).is_empty(), "{what}: nothing written");
    }
}

#[test]
fn a_title_with_markup_and_control_characters_is_listed_as_plain_text() {
    let _words = language_held();
    let folder = own_folder("markup");
    let mut m = setup_of(RUMMY, &folder, |_| {});
    let shared = variant(
        "rummy",
        "bold",
        "<b>Bold</b>\u{202E}\nrules",
        "standard,jokers=3",
    );
    import(&mut m, &share::encode(&shared));
    assert!(m.shows("<b>Bold</b> rules"), "{:?}", m.texts());
}

#[test]
fn a_title_with_control_characters_in_a_file_is_listed_as_plain_text() {
    let _words = language_held();
    let folder = own_folder("markup-file");
    // Written by hand into the folder, not through the import's checks.
    let raw = variant(
        "rummy",
        "raw",
        "<i>Raw</i>\u{202E}\u{7}\ttitle",
        "standard,jokers=3",
    );
    std::fs::write(folder.join("rummy-raw.variant.ron"), share::to_file(&raw)).unwrap();
    let mut m = setup_of(RUMMY, &folder, |_| {});
    m.app.world_mut().resource_mut::<Table>().variant = raw.rules.clone();
    m.frames(2);
    assert!(m.shows("<i>Raw</i> title"), "{:?}", m.texts());
}

#[test]
fn the_card_on_screen_is_the_cores_card_for_the_same_seed_and_budget() {
    let _words = language_held();
    let folder = own_folder("card");
    let mut m = setup_of(NEIGHBOURS, &folder, |_| {});
    m.tap("New variant");
    m.scroll_to("Tokens in each hand.");
    m.tap_nth("+", 1);
    m.scroll_to("Try it");
    m.tap("Try it");
    for _ in 0..600 {
        if m.shows("This variant") {
            break;
        }
        m.frames(1);
    }
    // The card's last line, under every figure.
    m.scroll_to("4 matches of each variant, bots: greedy.");
    let budget = m.app.world().resource::<TrialBudget>().0.clone();
    let options = BalanceOptions {
        rules: "standard,hand=6".into(),
        ..budget
    };
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let core = parlour_core::games::run_card_named(
        "neighbours",
        &options,
        "standard",
        2,
        &|_| {},
        &cancel,
    )
    .unwrap()
    .unwrap();
    assert!(
        m.shows(&card::sentence("neighbours", &core)),
        "{:?}",
        m.texts()
    );
    for line in card::lines("neighbours", &core) {
        for words in line {
            assert!(m.shows(&words), "{words:?} not in {:?}", m.texts());
        }
    }
}

#[test]
fn a_locked_kiosk_keeps_the_editor_behind_the_pin() {
    let _words = language_held();
    let folder = own_folder("kiosk");
    let mut m = setup_of(RUMMY, &folder, |app| {
        app.insert_resource(Kiosk {
            forced: true,
            active: true,
            unlocked: false,
        });
    });
    assert!(!m.shows("New variant"));
    assert!(!m.shows("Import"));
    m.tap("Unlock to make variants");
    assert_eq!(
        m.app.world().resource::<PinPad>().open,
        Some(PinPurpose::Unlock)
    );
    m.app.world_mut().resource_mut::<PinPad>().close();
    m.app.world_mut().resource_mut::<Kiosk>().unlocked = true;
    m.frames(2);
    assert!(m.shows("New variant"));
}

#[test]
fn a_kiosk_offers_only_the_variants_its_operator_pinned() {
    let _words = language_held();
    let folder = own_folder("pins");
    let mut m = setup_of(RUMMY, &folder, |app| {
        app.insert_resource(Kiosk {
            forced: true,
            active: true,
            unlocked: true,
        });
    });
    let thirty = variant(
        "rummy",
        "thirty",
        "Thirty to open",
        "standard,first-meld=30",
    );
    import(&mut m, &share::encode(&thirty));
    m.tap("Pin for the kiosk");
    assert!(m.shows("Unpin from the kiosk"));
    assert_eq!(
        std::fs::read_to_string(folder.join("kiosk-pins.txt")).unwrap(),
        "rummy/thirty\n"
    );
    // The operator leaves; a visitor opens the list: the pinned one alone.
    m.app.world_mut().resource_mut::<Table>().variant = "standard".into();
    m.app.world_mut().resource_mut::<Kiosk>().unlocked = false;
    m.frames(2);
    assert_eq!(
        m.app.world().resource::<Table>().variant,
        "standard,first-meld=30"
    );
    m.tap("Thirty to open");
    let listed: Vec<String> = m
        .texts()
        .into_iter()
        .map(|(t, _)| t)
        .filter(|t| t.starts_with("Standard") || t.starts_with("Thirty to open"))
        .collect();
    assert!(
        listed.iter().all(|t| !t.starts_with("Standard")),
        "{listed:?}"
    );
}
