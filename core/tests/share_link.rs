//! A variant shared as a link or a file: what goes out comes back the
//! same, and whatever arrives bad is refused in one line, nothing kept.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use proptest::prelude::*;

use parlour_core::share::{
    MOST_LINK_BYTES, ShareError, SharedVariant, Texts, decode, encode, from_file, plain, read_link,
    to_file,
};

fn none(_: &str, _: &str) -> bool {
    false
}

fn house() -> SharedVariant {
    SharedVariant {
        game: "neighbours".into(),
        id: "tiny-board".into(),
        title: Texts {
            en: "Tiny board".into(),
            fr: Some("Petit tableau".into()),
            da: Some("Lille bræt".into()),
        },
        description: Texts::english("A 5 × 5 board: quick matches."),
        rules: "standard,penalty=1,board=x...x/..K../.KSK./..K../x...x".into(),
    }
}

/// A code holding `json` as a link's code holds its variant.
fn code_of(json: &str) -> String {
    let deflated = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    format!("1.{}", URL_SAFE_NO_PAD.encode(deflated))
}

#[test]
fn a_variant_comes_back_from_its_link_the_same() {
    let code = encode(&house());
    assert!(code.starts_with("1."));
    assert!(
        code.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)),
        "fragment-safe: {code}"
    );
    assert_eq!(decode(&code, &none).unwrap(), house());
    assert_eq!(encode(&decode(&code, &none).unwrap()), code);
}

#[test]
fn a_link_is_read_from_the_fragment_of_a_whole_address() {
    let address = format!("https://example.org/parlour/#variant={}", encode(&house()));
    assert_eq!(decode(&address, &none).unwrap(), house());
}

#[test]
fn a_variant_comes_back_from_its_file_the_same() {
    let text = to_file(&house());
    assert!(
        text.contains("rules: \"standard,penalty=1,board="),
        "{text}"
    );
    assert_eq!(from_file(text.as_bytes(), &none).unwrap(), house());
}

#[test]
fn a_file_with_board_rows_is_read_into_its_rules() {
    let text = r#"(
        game: "neighbours",
        id: "tiny",
        title: (en: "Tiny"),
        description: (en: "Small."),
        rules: "standard,penalty=1",
        board: ["x . . . x", ". . K . .", ". K S K .", ". . K . .", "x . . . x"],
    )"#;
    let v = from_file(text.as_bytes(), &none).unwrap();
    assert_eq!(v.rules, house().rules);
}

#[test]
fn garbage_is_refused_as_garbage() {
    for bad in [
        "",
        "hello",
        "1.",
        "1.!!!!",
        "x.abc",
        "1.AAAA",
        &code_of("[1,2]"),
        &code_of("{\"g\":1}"),
    ] {
        assert!(
            matches!(decode(bad, &none), Err(ShareError::Garbage(_))),
            "{bad:?}: {:?}",
            decode(bad, &none)
        );
    }
    let e = from_file(b"(game: neighbours", &none).unwrap_err();
    assert!(matches!(e, ShareError::Garbage(_)), "{e}");
    let e = from_file(b"(game: \"rummy\", colour: 1)", &none).unwrap_err();
    assert!(matches!(e, ShareError::Garbage(_)), "{e}");
}

#[test]
fn a_link_from_a_newer_program_says_so() {
    let code = encode(&house()).replacen("1.", "2.", 1);
    let e = decode(&code, &none).unwrap_err();
    assert_eq!(e, ShareError::Newer(2));
    assert!(e.to_string().contains("newer Parlour"), "{e}");
}

#[test]
fn a_variant_for_an_unknown_game_is_refused() {
    let mut v = house();
    v.game = "chess".into();
    let e = decode(&encode(&v), &none).unwrap_err();
    assert!(matches!(e, ShareError::UnknownGame { .. }), "{e}");
    assert!(e.to_string().contains("chess") && e.to_string().contains("rummy"));
    let file = to_file(&v);
    assert!(matches!(
        from_file(file.as_bytes(), &none),
        Err(ShareError::UnknownGame { .. })
    ));
}

#[test]
fn a_link_too_long_or_inflating_too_far_is_refused() {
    let long = format!("1.{}", "A".repeat(MOST_LINK_BYTES));
    assert!(matches!(
        decode(&long, &none),
        Err(ShareError::TooLarge { .. })
    ));
    // Small when deflated, enormous when inflated.
    let bomb = code_of(&format!("{{\"g\":\"{}\"}}", "a".repeat(100_000)));
    assert!(bomb.len() < MOST_LINK_BYTES, "{}", bomb.len());
    assert!(matches!(
        decode(&bomb, &none),
        Err(ShareError::TooLarge { .. })
    ));
    let big_file = vec![b' '; 100_000];
    assert!(matches!(
        from_file(&big_file, &none),
        Err(ShareError::TooLarge { .. })
    ));
}

#[test]
fn a_variant_with_a_built_in_id_is_refused() {
    let mut v = house();
    v.id = "diamond".into();
    assert_eq!(
        decode(&encode(&v), &none).unwrap_err(),
        ShareError::BuiltIn("diamond".into()),
        "the game's own names"
    );
    v.id = "harsh-penalty".into();
    let shipped = |game: &str, id: &str| game == "neighbours" && id == "harsh-penalty";
    assert_eq!(
        decode(&encode(&v), &shipped).unwrap_err(),
        ShareError::BuiltIn("harsh-penalty".into()),
        "the caller's list of shipped files"
    );
    assert!(decode(&encode(&v), &none).is_ok());
    v.id = "diamond".into();
    assert_eq!(
        read_link(&encode(&v)).unwrap().id,
        "diamond",
        "to play or look at, not to keep"
    );
}

#[test]
fn a_bad_id_is_refused() {
    for id in ["", "Big Board", "a/b", &"x".repeat(41)] {
        let mut v = house();
        v.id = id.into();
        assert!(
            matches!(decode(&encode(&v), &none), Err(ShareError::Id(_))),
            "{id:?}"
        );
    }
}

#[test]
fn rules_the_game_refuses_are_refused_with_its_reason() {
    let mut v = house();
    v.game = "rummy".into();
    v.rules = "standard,rounds=3,minutes=30".into();
    let e = decode(&encode(&v), &none).unwrap_err();
    assert!(matches!(e, ShareError::Rules(_)), "{e}");
    assert!(
        e.to_string().contains("rounds or for a time, not both"),
        "{e}"
    );
    v.game = "neighbours".into();
    v.rules = "standard,board=S".into();
    let e = decode(&encode(&v), &none).unwrap_err();
    assert!(e.to_string().contains("no cell besides the start"), "{e}");
}

#[test]
fn control_characters_in_words_are_cleaned_and_markup_kept_as_text() {
    let mut v = house();
    v.title.en = "Tiny\u{0}\n\t board\u{202E}".into();
    v.title.fr = Some("<b>Petit</b> [color=red]tableau".into());
    v.description.en = "\u{1b}[31mred\u{1b}[0m".into();
    let back = decode(&encode(&v), &none).unwrap();
    assert_eq!(back.title.en, "Tiny board");
    assert_eq!(
        back.title.fr.as_deref(),
        Some("<b>Petit</b> [color=red]tableau")
    );
    assert_eq!(back.description.en, "[31mred [0m");
    assert_eq!(plain("  a \r\n b  "), "a b");
}

#[test]
fn a_title_that_is_empty_or_too_long_is_refused() {
    let mut v = house();
    v.title.en = "\u{7}\n".into();
    assert!(matches!(
        decode(&encode(&v), &none),
        Err(ShareError::Words(_))
    ));
    v.title.en = "a".repeat(81);
    assert!(matches!(
        decode(&encode(&v), &none),
        Err(ShareError::Words(_))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_decoder_never_panics_on_any_text(text in ".{0,300}") {
        let _ = decode(&text, &none);
    }

    #[test]
    fn the_decoder_never_panics_on_any_bytes_behind_the_version(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = decode(&format!("1.{}", URL_SAFE_NO_PAD.encode(&bytes)), &none);
    }

    #[test]
    fn the_decoder_never_panics_on_any_deflated_text(json in "\\{(\"[gitdr]\":(\"[a-z,=./-]{0,20}\"|\\{\"en\":\".{0,10}\"\\}|[0-9]+),?){0,6}\\}") {
        let _ = decode(&code_of(&json), &none);
    }

    #[test]
    fn the_file_reader_never_panics_on_any_text(text in ".{0,300}") {
        let _ = from_file(text.as_bytes(), &none);
    }

    #[test]
    fn any_clean_title_comes_back_from_its_link(title in "[^\\p{C}]{1,60}", penalty in 0i64..=10) {
        let mut v = house();
        v.title.en = title.clone();
        v.rules = format!("standard,penalty={penalty}");
        match decode(&encode(&v), &none) {
            Ok(back) => {
                prop_assert_eq!(back.title.en, plain(&title));
                prop_assert_eq!(back.rules, v.rules);
            }
            Err(e) => prop_assert!(plain(&title).is_empty(), "{}", e),
        }
    }
}
