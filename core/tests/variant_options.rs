//! Each game says what its options are; a variant editor works over those
//! descriptions alone: chosen values come down to the rules string the
//! program already reads, and the rules' own refusal is shown beside the
//! options that cause it.

use std::path::{Path, PathBuf};

use parlour_core::engine::options::{Draft, HouseRules, OptionKind, OptionValue, paint, resize};
use parlour_core::games::neighbours::{Board, Bonus, Neighbours};
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;
use parlour_core::games::{ForVariant, NAMES, for_variant};
use parlour_core::share::{from_file, read_file, to_file};

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets")
}

fn number(n: i64) -> OptionValue {
    OptionValue::Number(n)
}

fn choice(c: &str) -> OptionValue {
    OptionValue::Choice(c.to_owned())
}

#[test]
fn a_draft_of_a_built_in_variant_writes_back_its_own_name() {
    struct Same;
    impl ForVariant for Same {
        type Output = ();
        fn run<G: HouseRules>(self) {
            for name in G::variants() {
                let draft = Draft::<G>::from_rules(name).unwrap();
                assert_eq!(draft.rules(), *name, "{}", G::NAME);
                assert_eq!(draft.check().unwrap(), G::variant(name).unwrap());
                assert_eq!(draft.values().len(), G::options().len());
            }
        }
    }
    for name in NAMES {
        for_variant(name, Same).unwrap();
    }
}

#[test]
fn a_changed_option_is_written_after_the_base_name_as_the_files_write_it() {
    let mut draft = Draft::<Neighbours>::from_rules("standard").unwrap();
    draft.set("penalty", number(1)).unwrap();
    assert_eq!(
        draft.rules(),
        "standard,penalty=1",
        "as gentle-penalty's file"
    );
    draft.set("adjacency", choice("any")).unwrap();
    assert_eq!(draft.rules(), "standard,penalty=1,adjacency=any");
    draft.set("penalty", number(3)).unwrap();
    assert_eq!(
        draft.rules(),
        "standard,adjacency=any",
        "a value back at the base's is not written"
    );

    let mut rummy = Draft::<Rummy>::from_rules("classic").unwrap();
    rummy.set("turn-seconds", OptionValue::Off).unwrap();
    rummy.set("jokers", number(0)).unwrap();
    assert_eq!(rummy.rules(), "classic,turn-seconds=off,jokers=0");
    let config = rummy.check().unwrap();
    assert_eq!((config.turn_seconds, config.jokers), (None, 0));
    assert_eq!(config.joker_penalty, 30, "the rest of classic stands");
}

#[test]
fn paper_boxing_options_are_written_as_the_names_that_combine() {
    let mut draft = Draft::<PaperBoxing>::from_rules("standard").unwrap();
    draft.set("first-lead", choice("sackson")).unwrap();
    assert_eq!(draft.rules(), "sackson");
    draft.set("bouts", choice("simultaneous")).unwrap();
    assert_eq!(draft.rules(), "sackson,simultaneous");
    draft.set("first-lead", choice("even-odd")).unwrap();
    assert_eq!(draft.rules(), "simultaneous");
    assert!(draft.check().is_ok());
}

#[test]
fn rounds_and_a_time_together_are_refused_beside_both() {
    let mut draft = Draft::<Rummy>::from_rules("standard").unwrap();
    draft.set("rounds", number(3)).unwrap();
    assert!(draft.check().is_ok());
    draft.set("minutes", number(30)).unwrap();
    let refusal = draft.check().unwrap_err();
    assert!(
        refusal
            .reason
            .contains("a match is played for a number of rounds or for a time, not both"),
        "{}",
        refusal.reason
    );
    assert_eq!(refusal.keys, vec!["rounds", "minutes"]);
    draft.set("rounds", number(1)).unwrap();
    assert!(draft.check().is_ok(), "one length alone is taken");
}

#[test]
fn hands_that_the_tokens_cannot_fill_are_refused_beside_hand_and_copies() {
    let mut draft = Draft::<Neighbours>::from_rules("standard").unwrap();
    draft.set("penalty", number(0)).unwrap();
    draft.set("hand", number(12)).unwrap();
    draft.set("copies", number(2)).unwrap();
    let refusal = draft.check().unwrap_err();
    assert!(refusal.reason.contains("cannot fill"), "{}", refusal.reason);
    assert_eq!(
        refusal.keys,
        vec!["hand", "copies"],
        "the penalty has nothing to do with it"
    );
}

#[test]
fn a_value_outside_an_options_range_is_refused_at_once_and_nothing_changes() {
    let mut draft = Draft::<Neighbours>::from_rules("standard").unwrap();
    let e = draft.set("penalty", number(11)).unwrap_err();
    assert!(e.contains("from 0 to 10"), "{e}");
    assert!(draft.set("adjacency", choice("diagonal")).is_err());
    assert!(draft.set("penalty", OptionValue::Off).is_err(), "no off");
    assert!(draft.set("colour", number(1)).is_err());
    assert_eq!(draft.rules(), "standard");
    let mut rummy = Draft::<Rummy>::from_rules("standard").unwrap();
    assert!(rummy.set("turn-seconds", number(5)).is_err());
}

#[test]
fn painting_a_second_start_cell_moves_the_start() {
    let spec = Neighbours::options()
        .into_iter()
        .find(|o| o.key == "board")
        .unwrap();
    let mut rows: Vec<String> = ["x...x", "..K..", ".KSK.", "..K..", "x...x"]
        .map(String::from)
        .to_vec();
    paint(&spec.kind, &mut rows, 0, 1, 'S');
    assert_eq!(rows[0], "xS..x");
    assert_eq!(rows[2], ".K.K.", "the old start became plain");
    paint(&spec.kind, &mut rows, 4, 2, 'x');
    paint(&spec.kind, &mut rows, 9, 9, 'K');
    assert_eq!(rows[4], "x.x.x", "outside the board nothing changes");

    let mut draft = Draft::<Neighbours>::from_rules("standard").unwrap();
    draft.set("board", OptionValue::Grid(rows)).unwrap();
    let config = draft.check().unwrap();
    let board = &config.board;
    assert_eq!(board.coords(board.start()), (0, 1));
    assert_eq!(board.bonus(board.cell(4, 2).unwrap()), Bonus::X);
    assert!(draft.rules().starts_with("standard,board=xS..x/"));
}

#[test]
fn a_board_resized_to_one_cell_is_refused_beside_the_board() {
    let mut draft = Draft::<Neighbours>::from_rules("standard").unwrap();
    let spec = Neighbours::options()
        .into_iter()
        .find(|o| o.key == "board")
        .unwrap();
    let Some(OptionValue::Grid(rows)) = draft.value("board").cloned() else {
        panic!("the board is a grid");
    };
    let small = resize(&spec.kind, &rows, 1, 1);
    assert_eq!(small, vec!["S"], "the start is kept on the nearest cell");
    draft.set("board", OptionValue::Grid(small)).unwrap();
    let refusal = draft.check().unwrap_err();
    assert!(
        refusal.reason.contains("no cell besides the start cell"),
        "{}",
        refusal.reason
    );
    assert_eq!(refusal.keys, vec!["board"]);
}

#[test]
fn a_board_grown_keeps_its_cells_and_plays() {
    let spec = Neighbours::options()
        .into_iter()
        .find(|o| o.key == "board")
        .unwrap();
    let OptionKind::Grid { max_rows, .. } = spec.kind else {
        panic!("a grid");
    };
    let source: Vec<String> = Board::source()
        .inline()
        .split('/')
        .map(String::from)
        .collect();
    let grown = resize(&spec.kind, &source, 9, 13);
    assert_eq!(grown.len(), 9);
    assert!(grown[0].starts_with(&source[0]) && grown[0].len() == 13);
    assert_eq!(resize(&spec.kind, &source, 99, 99).len(), max_rows);
    let mut draft = Draft::<Neighbours>::from_rules("standard").unwrap();
    draft.set("board", OptionValue::Grid(grown)).unwrap();
    assert_eq!(draft.check().unwrap().board.rows(), 9);
}

#[test]
fn every_shipped_variant_file_round_trips_through_the_editor() {
    let dir = assets().join("variants");
    let mut seen = 0;
    for game in std::fs::read_dir(&dir).unwrap() {
        for file in std::fs::read_dir(game.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            let variant = read_file(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            struct Edit(String);
            impl ForVariant for Edit {
                type Output = String;
                fn run<G: HouseRules>(self) -> String {
                    let draft = Draft::<G>::from_rules(&self.0).unwrap();
                    assert_eq!(draft.check().unwrap(), G::variant(&self.0).unwrap());
                    draft.rules()
                }
            }
            let edited = for_variant(&variant.game, Edit(variant.rules.clone())).unwrap();
            assert_eq!(edited, variant.rules, "{}", path.display());
            let again = read_file(to_file(&variant).as_bytes()).unwrap();
            assert_eq!(again, variant, "{}", path.display());
            seen += 1;
        }
    }
    assert!(seen >= 16, "{seen} files");
    let shipped = std::fs::read(dir.join("neighbours/diamond.variant.ron")).unwrap();
    assert!(
        from_file(&shipped, &|_, _| false).is_err(),
        "a shipped file is not imported over itself"
    );
}

#[test]
fn every_option_and_every_ending_has_its_words_in_the_three_languages() {
    struct Keys;
    impl ForVariant for Keys {
        type Output = (&'static str, Vec<String>);
        fn run<G: HouseRules>(self) -> Self::Output {
            let mut keys = Vec::new();
            for option in G::options() {
                keys.push(option.message.to_owned());
                if let OptionKind::Choice { values } = option.kind {
                    keys.extend(values.iter().map(|v| format!("{}-{v}", option.message)));
                }
            }
            keys.extend(G::end_tags().iter().map(|t| format!("{}-end-{t}", G::NAME)));
            (G::NAME, keys)
        }
    }
    for name in NAMES {
        let (game, keys) = for_variant(name, Keys).unwrap();
        for lang in ["en", "fr", "da"] {
            let text = std::fs::read_to_string(assets().join(format!("locales/{lang}/{game}.ftl")))
                .unwrap();
            for key in &keys {
                assert!(
                    text.lines().any(|l| l.starts_with(&format!("{key} = "))),
                    "{lang}/{game}.ftl has no {key}"
                );
            }
        }
    }
}
