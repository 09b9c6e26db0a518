//! Variants as data files, read through the asset server headless: the
//! shipped files all register; a broken file is reported with its path and
//! the reason while the others still load; a match is played on a board
//! that came from a file, and replays from its record without the files.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::asset::AssetPlugin;
use bevy::prelude::*;
use parlour::catalog::GameId;
use parlour::engine::Controller;
use parlour::engine::replay::Headless;
use parlour::storage::{FileWarning, FileWarnings};
use parlour::variants::{Origin, VariantRegistry};
use parlour_core::engine::{Bot, Game, Match};
use parlour_core::games::neighbours::Neighbours;

/// The assets shipped with the game.
fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// A fresh folder of assets for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parlour-variants-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("variants")).unwrap();
    dir
}

/// An app with the asset server reading `assets` and the variants plugin.
fn app_reading(assets: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: assets.to_string_lossy().into_owned(),
            ..default()
        },
    ))
    .init_resource::<FileWarnings>()
    .insert_resource(parlour::games::catalog())
    .add_plugins(parlour::variants::plugin)
    // The house rule comes with its game, as on screen.
    .add_plugins(parlour::games::neighbours::prime_spiral::plugin);
    app
}

/// Runs frames until the registry is ready. Files load on the I/O threads:
/// the bound is wall-clock time, generous for a busy machine.
fn loaded(app: &mut App) -> VariantRegistry {
    let start = Instant::now();
    while !app.world().resource::<VariantRegistry>().is_ready() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the variant files were not read within a minute"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    app.world().resource::<VariantRegistry>().clone()
}

/// The shipped variant files, as asset paths.
fn shipped_files() -> Vec<String> {
    let mut found = Vec::new();
    for game in fs::read_dir(shipped().join("variants")).unwrap() {
        let game = game.unwrap().path();
        for file in fs::read_dir(&game).unwrap() {
            let name = file.unwrap().file_name().to_string_lossy().into_owned();
            assert!(name.ends_with(".variant.ron"), "{name}");
            found.push(format!(
                "variants/{}/{name}",
                game.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    found.sort();
    found
}

#[test]
fn every_shipped_file_registers_and_each_game_offers_standard_first() {
    let mut app = app_reading(&shipped());
    let registry = loaded(&mut app);
    assert_eq!(registry.problems(), &[], "no shipped file is broken");
    let mut from_files: Vec<String> = registry
        .entries()
        .iter()
        .filter_map(|e| match &e.origin {
            Origin::File(path) => Some(path.clone()),
            Origin::Plugin(_) => None,
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
    for name in ["gentle-penalty", "diamond"] {
        fs::copy(
            shipped().join(format!("variants/neighbours/{name}.variant.ron")),
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

    let mut app = app_reading(&dir);
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
        Origin::File("variants/many-jokers.variant.ron".into())
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
        Origin::File("variants/torn.variant.ron".into())
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
    assert_eq!(file, "variants/many-jokers.variant.ron");
    assert_eq!(reason, &problems[0].reason);
    assert!(warnings[0].text().contains("many-jokers.variant.ron"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn without_a_variants_folder_the_registry_is_ready_with_the_house_rules_only() {
    let dir = scratch("none");
    fs::remove_dir_all(dir.join("variants")).unwrap();
    let mut app = app_reading(&dir);
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
    let mut app = app_reading(&shipped());
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
