//! The variants on offer, checked against the games in the catalog: the
//! registry's order and refusals, what the set-up screen offers, and variant
//! files read, checked and expanded (boards included).

use parlour::catalog::{GameCatalog, GameEntry, GameId};
use parlour::variants::choices::choices;
use parlour::variants::file::{VariantFileError, expand, parse};
use parlour::variants::{Origin, VariantEntry, VariantProblem, VariantRegistry, Words};
use parlour_core::engine::Game;
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::neighbours::board::Board;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;

/// Every game's entry, as the app lists them.
fn catalog() -> GameCatalog {
    parlour::games::catalog()
}

/// A game's entry.
fn game(id: GameId) -> &'static GameEntry {
    Box::leak(Box::new(catalog().get(id).unwrap().clone()))
}

/// Adds an entry checked against the catalog.
trait AddChecked {
    fn add_checked(&mut self, entry: VariantEntry) -> Result<(), VariantProblem>;
}

impl AddChecked for VariantRegistry {
    fn add_checked(&mut self, entry: VariantEntry) -> Result<(), VariantProblem> {
        self.add(entry, &catalog())
    }
}

// --- The registry ---------------------------------------------------------

fn entry(game: GameId, id: &str, rules: &str, origin: Origin) -> VariantEntry {
    VariantEntry {
        game,
        id: id.into(),
        title: Words::new(id, id, id),
        description: Words::default(),
        rules: rules.into(),
        origin,
    }
}

#[test]
fn entries_keep_the_game_order_with_standard_first_then_by_id() {
    let mut registry = VariantRegistry::default();
    for (game, id) in [
        (GameId("rummy"), "classic"),
        (GameId("neighbours"), "diamond"),
        (GameId("rummy"), "standard"),
        (GameId("neighbours"), "any"),
        (GameId("neighbours"), "standard"),
    ] {
        let rules = if id == "classic" {
            "classic"
        } else {
            "standard"
        };
        registry
            .add_checked(entry(game, id, rules, Origin::Plugin("test")))
            .unwrap();
    }
    let order: Vec<(&str, &str)> = registry
        .entries()
        .iter()
        .map(|e| (e.game.name(), e.id.as_str()))
        .collect();
    assert_eq!(
        order,
        [
            ("neighbours", "standard"),
            ("neighbours", "any"),
            ("neighbours", "diamond"),
            ("rummy", "standard"),
            ("rummy", "classic"),
        ]
    );
}

#[test]
fn a_second_entry_with_the_same_id_is_refused_naming_the_first() {
    let mut registry = VariantRegistry::default();
    let first = Origin::File("variants/a.variant.ron".into());
    registry
        .add_checked(entry(GameId("rummy"), "quick", "standard", first))
        .unwrap();
    let problem = registry
        .add_checked(entry(
            GameId("rummy"),
            "quick",
            "classic",
            Origin::Plugin("quick"),
        ))
        .unwrap_err();
    assert_eq!(problem.origin, Origin::Plugin("quick"));
    assert_eq!(
        problem.reason,
        "rummy already has a variant \"quick\", from variants/a.variant.ron"
    );
    // Another game may use the id.
    registry
        .add_checked(entry(
            GameId("neighbours"),
            "quick",
            "standard",
            Origin::Plugin("quick"),
        ))
        .unwrap();
}

#[test]
fn a_plugin_entry_is_checked_like_a_file() {
    let mut registry = VariantRegistry::default();
    let problem = registry
        .add_checked(entry(
            GameId("paper-boxing"),
            "big",
            "five-by-five",
            Origin::Plugin("big"),
        ))
        .unwrap_err();
    assert!(
        problem.reason.starts_with("rules: unknown variant"),
        "{}",
        problem.reason
    );
    let problem = registry
        .add_checked(entry(
            GameId("rummy"),
            "Big",
            "standard",
            Origin::Plugin("big"),
        ))
        .unwrap_err();
    assert!(problem.reason.contains("lower-case"), "{}", problem.reason);
    assert!(registry.entries().is_empty());
}

// --- What the set-up screen offers -----------------------------------------

fn described(game: GameId, id: &str, rules: &str, origin: Origin) -> VariantEntry {
    VariantEntry {
        game,
        id: id.into(),
        title: Words::new(id, id, id),
        description: Words::new("about", "à propos", "om"),
        rules: rules.into(),
        origin,
    }
}

fn file(game: GameId, id: &str, rules: &str) -> VariantEntry {
    described(
        game,
        id,
        rules,
        Origin::File(format!("variants/{id}.variant.ron")),
    )
}

#[test]
fn before_the_files_are_read_the_built_in_names_are_offered_then_the_house_rules() {
    let mut registry = VariantRegistry::default();
    registry
        .add_checked(described(
            GameId("neighbours"),
            "gentle",
            "standard,penalty=1",
            Origin::Plugin("test"),
        ))
        .unwrap();
    let offered = choices(Some(&registry), game(GameId("neighbours")));
    let rules: Vec<&str> = offered.iter().map(|c| c.rules.as_str()).collect();
    assert_eq!(
        rules,
        [
            "standard",
            "any-neighbour",
            "diamond",
            "gentle-penalty",
            "standard,penalty=1"
        ]
    );
    assert_eq!(
        choices(None, game(GameId("rummy"))).len(),
        Rummy::variants().len()
    );
}

#[test]
fn once_ready_the_registry_is_offered_in_its_order() {
    let mut registry = VariantRegistry::default();
    registry
        .add_checked(file(GameId("rummy"), "two-jokers", "standard,jokers=2"))
        .unwrap();
    registry
        .add_checked(file(GameId("rummy"), "standard", "standard"))
        .unwrap();
    registry
        .add_checked(file(GameId("neighbours"), "standard", "standard"))
        .unwrap();
    registry.set_ready();
    let offered = choices(Some(&registry), game(GameId("rummy")));
    assert_eq!(offered.len(), 2);
    assert_eq!(offered[0].rules, "standard", "standard comes first");
    assert_eq!(offered[1].rules, "standard,jokers=2");
    assert_eq!(offered[1].description, "about");
    // A game without files of its own falls back to its built-in names.
    assert_eq!(
        choices(Some(&registry), game(GameId("paper-boxing"))).len(),
        PaperBoxing::variants().len()
    );
}

// --- Variant files --------------------------------------------------------

fn origin() -> Origin {
    Origin::File("variants/test.variant.ron".into())
}

fn read(text: &str) -> Result<VariantEntry, VariantFileError> {
    parse(text.as_bytes(), origin(), &catalog())
}

fn reason(text: &str) -> String {
    read(text).unwrap_err().to_string()
}

const GENTLE: &str = r#"(
    game: "neighbours",
    id: "gentle",
    title: (en: "Gentle penalty", fr: "Pénalité douce", da: "Mild straf"),
    description: (en: "Unplayed tokens cost their value once."),
    rules: "standard,penalty=1",
)"#;

#[test]
fn a_good_file_becomes_an_entry_with_its_words_and_rules() {
    let entry = read(GENTLE).unwrap();
    assert_eq!(entry.game, GameId("neighbours"));
    assert_eq!(entry.id, "gentle");
    assert_eq!(entry.rules, "standard,penalty=1");
    assert_eq!(entry.title.get(parlour::i18n::Lang::Fr), "Pénalité douce");
    // No Danish description: the English one stands in.
    assert_eq!(
        entry.description.get(parlour::i18n::Lang::Da),
        "Unplayed tokens cost their value once."
    );
    assert_eq!(entry.origin, origin());
}

#[test]
fn board_rows_are_written_into_the_rules() {
    let entry = read(
        r#"(game: "neighbours", id: "small", title: (en: "Small"), description: (en: "5 × 5"),
            rules: "standard",
            board: ["x . . . x", ". . K . .", ". K S K .", ". . K . .", "x . . . x"])"#,
    )
    .unwrap();
    assert_eq!(entry.rules, "standard,board=x...x/..K../.KSK./..K../x...x");
    Neighbours::variant(&entry.rules).unwrap();
}

#[test]
fn the_rules_own_board_written_out_keeps_the_short_name() {
    let rows: Vec<String> = Board::source()
        .inline()
        .split('/')
        .map(str::to_owned)
        .collect();
    assert_eq!(
        expand(game(GameId("neighbours")), "standard", &rows).unwrap(),
        "standard"
    );
}

#[test]
fn a_syntax_error_names_the_line() {
    let text = "(\n    game: \"rummy\",\n    id: \"x\"\n    title: (en: \"X\"),\n)";
    let why = reason(text);
    assert!(why.starts_with("line 4, column"), "{why}");
}

#[test]
fn a_missing_or_unknown_field_is_named() {
    let why = reason(r#"(game: "rummy", id: "x", title: (en: "X"), rules: "standard")"#);
    assert!(why.contains("description"), "{why}");
    let why = reason(
        r#"(game: "rummy", id: "x", title: (en: "X"), description: (en: ""), rules: "standard", colour: "red")"#,
    );
    assert!(why.contains("colour"), "{why}");
}

#[test]
fn an_unknown_game_is_refused_with_the_games() {
    let why = reason(
        r#"(game: "chess", id: "x", title: (en: "X"), description: (en: ""), rules: "standard")"#,
    );
    assert_eq!(
        why,
        "unknown game \"chess\"; the games are neighbours, paper-boxing, rummy"
    );
}

#[test]
fn a_bad_id_or_an_empty_title_is_refused() {
    let why = reason(
        r#"(game: "rummy", id: "My Rules", title: (en: "X"), description: (en: ""), rules: "standard")"#,
    );
    assert!(why.contains("lower-case"), "{why}");
    let why = reason(
        r#"(game: "rummy", id: "mine", title: (en: " "), description: (en: ""), rules: "standard")"#,
    );
    assert!(why.contains("English"), "{why}");
}

#[test]
fn rules_the_game_does_not_read_are_refused_with_its_reason() {
    let why = reason(
        r#"(game: "rummy", id: "many-jokers", title: (en: "X"), description: (en: ""), rules: "standard,jokers=9")"#,
    );
    assert!(
        why.starts_with("rules: ") && why.contains("jokers must be a whole number from 0 to 4"),
        "{why}"
    );
    let why = reason(
        r#"(game: "paper-boxing", id: "big", title: (en: "X"), description: (en: ""), rules: "five-by-five")"#,
    );
    assert!(why.contains("the variants are"), "{why}");
}

#[test]
fn a_bad_board_is_refused_with_what_is_wrong() {
    let file = |rows: &str, rules: &str| {
        format!(
            r#"(game: "neighbours", id: "b", title: (en: "B"), description: (en: ""), rules: "{rules}", board: [{rows}])"#
        )
    };
    let why = reason(&file(r#"". . .", ". K .""#, "standard"));
    assert_eq!(
        why,
        "board: the board needs exactly one start cell S, not 0"
    );
    let why = reason(&file(r#"". S .", ". K""#, "standard"));
    assert_eq!(why, "board: row 2 has 2 cells but the first row has 3");
    let why = reason(&file(r#"". S Q""#, "standard"));
    assert_eq!(why, "board: unknown cell symbol \"Q\" (use . S K x)");
    let why = reason(&file(r#"". S .""#, "standard,board=S."));
    assert_eq!(why, "the board is given twice: as rows and in the rules");
    // Rules that do not fit the tokens are refused whatever the board.
    let why = reason(&file(r#"". S .""#, "standard,copies=2,hand=12"));
    assert!(why.contains("cannot fill the start cell"), "{why}");
}

#[test]
fn the_worked_example_of_the_notes_reads() {
    let entry = read(
        r#"(
game: "neighbours",                 // neighbours, paper-boxing or rummy
id: "corners",                      // lower-case, unique within the game
title: (en: "Corner bonuses", fr: "Bonus aux coins", da: "Hjørnebonus"),
description: (
    en: "A 7 × 7 board with +10 in each corner; hands of six.",
    fr: "Un tableau de 7 × 7 avec +10 dans chaque coin ; des mains de six.",
    da: "Et bræt på 7 × 7 med +10 i hvert hjørne; hænder på seks.",
),
rules: "standard,hand=6",           // the game's own variant string
board: [                            // Neighbours only; spaces optional
    "x . . . . . x",
    ". . . K . . .",
    ". . . . . . .",
    ". K . S . K .",
    ". . . . . . .",
    ". . . K . . .",
    "x . . . . . x",
],
)"#,
    )
    .unwrap();
    assert_eq!(
        entry.rules,
        "standard,hand=6,board=x.....x/...K.../......./.K.S.K./......./...K.../x.....x"
    );
    assert_eq!(Neighbours::variant(&entry.rules).unwrap().hand_size, 6);
}

#[test]
fn only_a_game_with_a_board_reader_takes_board_rows() {
    let why = reason(
        r#"(game: "rummy", id: "b", title: (en: "B"), description: (en: ""), rules: "standard", board: ["S ."])"#,
    );
    assert_eq!(why, "rummy variants have no board");
}
