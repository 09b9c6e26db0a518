//! Variants as data files, read headless: the shipped files are built in
//! and all register; files in the system and data folders are read after
//! them and take the place of one with the same game and id; a broken file
//! is reported with its path and the reason while the others still load; a
//! match is played on a board that came from a file, and replays from its
//! record without the files.

use std::fs;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use parlour::catalog::GameId;
use parlour::engine::Controller;
use parlour::engine::replay::Headless;
use parlour::storage::{FileWarning, FileWarnings};
use parlour::variants::{Origin, VariantRegistry, VariantSources};
use parlour_core::engine::{Bot, Game, Match};
use parlour_core::games::neighbours::Neighbours;

/// The variant files in the source tree.
fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/variants")
}

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parlour-variants-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// An app with the variants plugin reading `sources`, after its first frame.
fn app_reading(sources: VariantSources) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .init_resource::<FileWarnings>()
        .insert_resource(parlour::games::catalog())
        .insert_resource(sources)
        .add_plugins(parlour::variants::plugin)
        // The house rule comes with its game, as on screen.
        .add_plugins(parlour::games::neighbours::prime_spiral::plugin);
    app.update();
    app
}

/// The registry, which the first frame has filled.
fn loaded(app: &mut App) -> VariantRegistry {
    let registry = app.world().resource::<VariantRegistry>().clone();
    assert!(registry.is_ready());
    registry
}

/// Only the files of `folders`, none built in.
fn folders(folders: &[&Path]) -> VariantSources {
    VariantSources {
        built_in: false,
        folders: folders.iter().map(|f| f.to_path_buf()).collect(),
    }
}

/// The shipped variant files, by their paths under `assets/variants`.
fn shipped_files() -> Vec<String> {
    let mut found = Vec::new();
    for game in fs::read_dir(shipped()).unwrap() {
        let game = game.unwrap().path();
        for file in fs::read_dir(&game).unwrap() {
            let name = file.unwrap().file_name().to_string_lossy().into_owned();
            assert!(name.ends_with(".variant.ron"), "{name}");
            found.push(format!(
                "{}/{name}",
                game.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    found.sort();
    found
}

/// Writes a variant file of `game` called `id` with `rules`.
fn write_variant(folder: &Path, game: &str, id: &str, rules: &str) {
    fs::create_dir_all(folder).unwrap();
    fs::write(
        folder.join(format!("{id}.variant.ron")),
        format!(
            r#"(game: "{game}", id: "{id}", title: (en: "{id} from {}"),
                description: (en: "A house rule."), rules: "{rules}")"#,
            folder.display()
        ),
    )
    .unwrap();
}

#[test]
fn every_shipped_file_registers_and_each_game_offers_standard_first() {
    let mut app = app_reading(VariantSources::default());
    let registry = loaded(&mut app);
    assert_eq!(registry.problems(), &[], "no shipped file is broken");
    let mut from_files: Vec<String> = registry
        .entries()
        .iter()
        .filter_map(|e| match &e.origin {
            Origin::BuiltIn(path) => Some(path.clone()),
            _ => None,
        })
        .collect();
    from_files.sort();
    assert_eq!(from_files, shipped_files());
    for game in parlour::games::catalog().ids() {
        let first = registry.of(game).next().expect("each game has variants");
        assert_eq!(
            (first.id.as_str(), first.rules.as_str()),
            ("standard", "standard")
        );
    }
    // The required ones.
    let rules = |game, id| registry.get(game, id).unwrap().rules.clone();
    assert!(rules(GameId("neighbours"), "diamond").starts_with("standard,board=x...K...x/"));
    assert_eq!(
        rules(GameId("neighbours"), "gentle-penalty"),
        "standard,penalty=1"
    );
    assert_eq!(rules(GameId("paper-boxing"), "sackson"), "sackson");
    assert_eq!(
        rules(GameId("paper-boxing"), "simultaneous"),
        "simultaneous"
    );
    assert_eq!(rules(GameId("rummy"), "classic"), "classic");
    assert_eq!(rules(GameId("rummy"), "no-jokers"), "standard,jokers=0");
    // The house rule written in code is there too.
    let spiral = registry.get(GameId("neighbours"), "prime-spiral").unwrap();
    assert_eq!(spiral.origin, Origin::Plugin("prime_spiral"));
    assert!(app.world().resource::<FileWarnings>().0.is_empty());
}

#[test]
fn a_broken_file_is_reported_with_its_path_and_reason_and_the_others_still_load() {
    let dir = scratch("broken");
    let variants = dir.join("variants");
    fs::create_dir_all(&variants).unwrap();
    for name in ["gentle-penalty", "diamond"] {
        fs::copy(
            shipped().join(format!("neighbours/{name}.variant.ron")),
            variants.join(format!("{name}.variant.ron")),
        )
        .unwrap();
    }
    fs::write(
        variants.join("many-jokers.variant.ron"),
        r#"(game: "rummy", id: "many-jokers", title: (en: "Many jokers"),
            description: (en: "Nine jokers."), rules: "standard,jokers=9")"#,
    )
    .unwrap();
    fs::write(
        variants.join("torn.variant.ron"),
        "(\n    game: \"rummy\",\n    id: \"torn\"\n",
    )
    .unwrap();
    // Not a variant file: not read at all.
    fs::write(variants.join("notes.txt"), "house rules to try").unwrap();

    let mut app = app_reading(folders(&[&variants]));
    let registry = loaded(&mut app);
    let ids: Vec<&str> = registry
        .of(GameId("neighbours"))
        .map(|e| e.id.as_str())
        .collect();
    assert_eq!(ids, ["diamond", "gentle-penalty", "prime-spiral"]);
    assert_eq!(registry.of(GameId("rummy")).count(), 0);

    let problems = registry.problems();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert_eq!(
        problems[0].origin,
        Origin::File(
            variants
                .join("many-jokers.variant.ron")
                .display()
                .to_string()
        )
    );
    assert!(
        problems[0]
            .reason
            .contains("jokers must be a whole number from 0 to 4"),
        "{}",
        problems[0].reason
    );
    assert_eq!(
        problems[1].origin,
        Origin::File(variants.join("torn.variant.ron").display().to_string())
    );
    assert!(
        problems[1].reason.starts_with("line "),
        "{}",
        problems[1].reason
    );

    // And on the title screen, in words.
    let warnings = app.world().resource::<FileWarnings>().0.clone();
    assert_eq!(warnings.len(), 2);
    let FileWarning::Variant { file, reason } = &warnings[0] else {
        panic!("{warnings:?}");
    };
    assert_eq!(file, &problems[0].origin.to_string());
    assert_eq!(reason, &problems[0].reason);
    assert!(warnings[0].text().contains("many-jokers.variant.ron"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn without_a_variants_folder_the_registry_is_ready_with_the_house_rules_only() {
    let dir = scratch("none");
    let mut app = app_reading(folders(&[&dir.join("variants")]));
    let registry = loaded(&mut app);
    assert_eq!(registry.problems(), &[]);
    assert!(
        registry
            .entries()
            .iter()
            .all(|e| matches!(e.origin, Origin::Plugin(_)))
    );
    // The set-up screen then offers the games' built-in names.
    let offered = parlour::variants::choices::choices(
        Some(&registry),
        parlour::games::catalog().get(GameId("rummy")).unwrap(),
    );
    assert_eq!(offered[0].rules, "standard");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_match_on_a_board_from_a_data_file_plays_through_the_rules_plugin_and_replays_from_its_record()
{
    let mut app = app_reading(VariantSources::default());
    let registry = loaded(&mut app);
    let rules = registry
        .get(GameId("neighbours"), "diamond")
        .unwrap()
        .rules
        .clone();
    let config = Neighbours::variant(&rules).unwrap();
    assert_eq!(config.board.rows(), 9);
    let game = Match::<Neighbours>::new(&rules, config, 2, 11, None).unwrap();
    let mut h = Headless::<Neighbours>::new();
    h.start(game, vec![Controller::Human; 2]);
    let mut bots: Vec<Box<dyn Bot<Neighbours>>> = (0..2)
        .map(|seat| Neighbours::bot("greedy", seat as u64).unwrap())
        .collect();
    let mut moves = 0;
    while let Some(seat) = h
        .game()
        .and_then(|m| Neighbours::awaiting(m.state()).first().copied())
    {
        let view = Neighbours::view(h.game().unwrap().state(), seat);
        let mv = bots[seat].choose(&view);
        h.request(seat, mv).unwrap();
        moves += 1;
        assert!(moves < 500, "the match ends");
    }
    let played = h.game().unwrap();
    assert!(played.is_over());
    // The record carries the board: it replays with no file in sight.
    let record = played.record();
    assert_eq!(record.variant, rules);
    let again = Match::<Neighbours>::from_record(&record, |v| Neighbours::variant(v).ok()).unwrap();
    assert_eq!(again.state().scores(), played.state().scores());
}

#[test]
fn the_shipped_files_are_built_into_the_program() {
    let built_in: Vec<String> = parlour::variants::sources::built_in_files()
        .into_iter()
        .map(|(path, _)| path)
        .collect();
    assert_eq!(built_in, shipped_files());
    let count = |game| {
        shipped_files()
            .iter()
            .filter(|p| p.starts_with(&format!("{game}/")))
            .count()
    };
    assert!(count("neighbours") >= 5 && count("paper-boxing") >= 4 && count("rummy") >= 7);
}

#[test]
fn a_file_in_a_later_folder_takes_the_place_of_an_earlier_one_with_the_same_game_and_id() {
    let dir = scratch("override");
    let (system, data) = (dir.join("system"), dir.join("data"));
    // The system folder changes a built-in variant and adds one; the data
    // folder changes the system's again.
    write_variant(
        &system,
        "neighbours",
        "gentle-penalty",
        "standard,penalty=3",
    );
    write_variant(&system, "rummy", "open-at-20", "standard,first-meld=20");
    write_variant(&data, "rummy", "open-at-20", "standard,first-meld=25");
    let mut app = app_reading(VariantSources {
        built_in: true,
        folders: vec![system.clone(), data.clone()],
    });
    let registry = loaded(&mut app);
    assert_eq!(registry.problems(), &[]);
    let gentle = registry
        .get(GameId("neighbours"), "gentle-penalty")
        .unwrap();
    assert_eq!(gentle.rules, "standard,penalty=3");
    assert_eq!(
        gentle.origin,
        Origin::File(
            system
                .join("gentle-penalty.variant.ron")
                .display()
                .to_string()
        )
    );
    let open = registry.get(GameId("rummy"), "open-at-20").unwrap();
    assert_eq!(open.rules, "standard,first-meld=25");
    // Once each: replaced, not listed twice.
    assert_eq!(
        registry
            .of(GameId("rummy"))
            .filter(|e| e.id == "open-at-20")
            .count(),
        1
    );
    assert_eq!(
        registry
            .of(GameId("neighbours"))
            .filter(|e| e.id == "gentle-penalty")
            .count(),
        1
    );
    // The others are still the built-in ones.
    assert!(matches!(
        registry.get(GameId("rummy"), "classic").unwrap().origin,
        Origin::BuiltIn(_)
    ));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn two_files_of_one_folder_with_the_same_id_and_a_file_naming_a_house_rule_are_refused() {
    let dir = scratch("twice");
    write_variant(&dir.join("a"), "rummy", "quick", "standard,turn-seconds=30");
    write_variant(&dir.join("b"), "rummy", "quick", "standard,turn-seconds=20");
    write_variant(&dir, "neighbours", "prime-spiral", "standard,penalty=1");
    fs::write(dir.join("garbage.variant.ron"), [0xff, 0xfe, 0x00, 0x42]).unwrap();
    write_variant(&dir, "chess", "blitz", "standard");
    let mut app = app_reading(folders(&[&dir]));
    let registry = loaded(&mut app);
    // The first in path order is taken; nothing of the others is.
    assert_eq!(
        registry.get(GameId("rummy"), "quick").unwrap().rules,
        "standard,turn-seconds=30"
    );
    assert_eq!(
        registry
            .get(GameId("neighbours"), "prime-spiral")
            .unwrap()
            .origin,
        Origin::Plugin("prime_spiral")
    );
    let problems: Vec<String> = registry
        .problems()
        .iter()
        .map(|p| format!("{}: {}", p.origin, p.reason))
        .collect();
    assert_eq!(problems.len(), 4, "{problems:#?}");
    assert!(
        problems
            .iter()
            .any(|p| p.contains("b/quick.variant.ron")
                && p.contains("already has a variant \"quick\"")),
        "{problems:#?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("prime-spiral.variant.ron")
                && p.contains("from plugin prime_spiral")),
        "{problems:#?}"
    );
    assert!(
        problems.iter().any(|p| p.contains("garbage.variant.ron")),
        "{problems:#?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("blitz.variant.ron") && p.contains("unknown game \"chess\"")),
        "{problems:#?}"
    );
    // Nothing deleted.
    assert!(dir.join("garbage.variant.ron").exists());
    let _ = fs::remove_dir_all(&dir);
}
