//! Records with bad input — cut short, of the wrong types, with huge
//! numbers, unknown fields, a newer format, deals that do not add up — are
//! refused with a reason a person can read, and nothing panics, whatever the
//! text.

use std::sync::OnceLock;

use parlour_core::engine::record::game_of;
use parlour_core::engine::{Game, Match, Record, RecordError};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;
use proptest::prelude::*;
use serde_json::{Value, json};

/// Reads `text` as a record and replays it as the game it names (or as
/// every game when it names none of them); the first refusal, if any.
fn read(text: &str) -> Result<(), RecordError> {
    let record = Record::from_json(text)?;
    let _ = game_of(text)?;
    match record.game.as_str() {
        "neighbours" => replay::<Neighbours>(&record),
        "rummy" => replay::<Rummy>(&record),
        "paper-boxing" => replay::<PaperBoxing>(&record),
        _ => {
            // Every game refuses a record for another game; none panics.
            let a = replay::<Neighbours>(&record);
            let b = replay::<Rummy>(&record);
            let c = replay::<PaperBoxing>(&record);
            a.and(b).and(c)
        }
    }
}

fn replay<G: Game>(record: &Record) -> Result<(), RecordError> {
    Match::<G>::from_record(record, |name| G::variant(name).ok()).map(|_| ())
}

/// A short played match of `G` with random bots, as a record value.
fn played<G: Game>(players: usize, seed: u64, moves: usize) -> Value {
    let mut m = Match::<G>::seeded("standard", players, seed).unwrap();
    let mut bot = G::bot("random", seed).unwrap();
    while !m.is_over() && m.moves().len() < moves {
        let seat = m.awaiting()[0];
        let mv = bot.choose(&m.view(seat));
        m.submit(seat, mv).unwrap();
    }
    serde_json::from_str(&m.record().to_json()).unwrap()
}

/// A Neighbours record with an explicit deal and a few moves.
fn neighbours_with_deal() -> Value {
    let mut r = played::<Neighbours>(2, 5, 0);
    r["deal"] = json!({
        "start": 4,
        "hands": [[1, 2, 3, 4, 5], [0, 9, 8, 7, 6]],
        "bag": [0,0,0,0, 1,1,1,1, 2,2,2,2, 3,3,3,3, 4,4,4, 5,5,5,5, 6,6,6,6, 7,7,7,7, 8,8,8,8, 9,9,9,9],
        "first": 0
    });
    r.as_object_mut().unwrap().shift_remove("seed");
    r
}

/// A Rummy record with an explicit deal: each seat holds 14 cards, the rest is the pile.
fn rummy_with_deal() -> Value {
    let mut faces: Vec<String> = Vec::new();
    for colour in ["k", "b", "o", "r"] {
        for n in 1..=13 {
            faces.push(format!("{colour}{n}"));
            faces.push(format!("{colour}{n}"));
        }
    }
    faces.extend(std::iter::repeat_n("j".to_owned(), 4));
    let pile = faces.split_off(28);
    let mut r = played::<Rummy>(2, 5, 0);
    r["deal"] = json!({"hands": [faces[..14], faces[14..]], "pile": pile, "first": 1});
    r.as_object_mut().unwrap().shift_remove("seed");
    r
}

/// The grids of the Paper Boxing deal below: numbers rising row by row,
/// and falling.
const RISING: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
const FALLING: [u8; 16] = [0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

/// A Paper Boxing record with an explicit deal and two bouts: 15 + 1 is
/// even and seat 0 is "even", so seat 0 leads.
fn paper_boxing_with_deal() -> Value {
    let mut r = played::<PaperBoxing>(2, 5, 0);
    r["deal"] = json!({"grids": [RISING, FALLING], "even": 0});
    r["moves"] = json!([
        {"seat": 0, "to": [1, 1]},
        {"seat": 1, "to": [0, 1]},
        {"seat": 1, "to": [1, 1]},
        {"seat": 0, "to": [2, 2]},
    ]);
    r.as_object_mut().unwrap().shift_remove("seed");
    r
}

fn text(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap()
}

/// Checks that `text` is refused with a readable reason mentioning `about`.
fn refused(text: &str, about: &str) {
    match read(text) {
        Ok(()) => panic!("accepted a bad record:\n{text}"),
        Err(e) => {
            let reason = e.to_string();
            assert!(
                reason.to_lowercase().contains(&about.to_lowercase()),
                "the reason {reason:?} does not speak of {about:?}"
            );
        }
    }
}

/// `base` with the field at `path` (object keys, or array indices as numbers) set to `value`.
fn with(base: &Value, path: &[&str], value: Value) -> String {
    let mut v = base.clone();
    let mut at = &mut v;
    for key in path {
        at = match key.parse::<usize>() {
            Ok(i) => &mut at[i],
            Err(_) => &mut at[*key],
        };
    }
    *at = value;
    text(&v)
}

#[test]
fn the_valid_records_used_below_are_accepted() {
    for r in [
        played::<Neighbours>(3, 1, 20),
        played::<Rummy>(4, 1, 20),
        neighbours_with_deal(),
        rummy_with_deal(),
        played::<PaperBoxing>(2, 1, 12),
        paper_boxing_with_deal(),
    ] {
        read(&text(&r)).unwrap();
    }
}

#[test]
fn a_truncated_record_is_refused() {
    for full in [
        played::<Neighbours>(2, 2, 30),
        played::<Rummy>(3, 2, 40),
        played::<PaperBoxing>(2, 2, 20),
        paper_boxing_with_deal(),
    ] {
        let full = full.to_string();
        // Every cut that loses at least the closing brace, at ~400 places.
        let step = (full.len() / 400).max(1);
        for cut in (0..full.len() - 1).step_by(step) {
            if full.is_char_boundary(cut) {
                refused(&full[..cut], "not a valid match record");
            }
        }
    }
}

#[test]
fn wrong_json_types_are_refused() {
    let n = played::<Neighbours>(2, 3, 10);
    let r = played::<Rummy>(2, 3, 10);
    refused(&with(&n, &["players"], json!("two")), "players");
    refused(&with(&n, &["players"], json!(2.5)), "players");
    refused(&with(&n, &["players"], json!(-1)), "players");
    refused(&with(&n, &["seed"], json!("7")), "seed");
    refused(&with(&n, &["seed"], json!(-7)), "seed");
    refused(&with(&n, &["game"], json!(3)), "game");
    refused(&with(&n, &["format"], Value::Null), "format");
    refused(&with(&n, &["moves"], json!({})), "moves");
    refused(&with(&n, &["moves"], json!([1])), "move 0");
    refused(&with(&n, &["moves", "0", "seat"], json!("0")), "seat");
    refused(&with(&n, &["moves", "0", "seat"], json!(-1)), "seat");
    refused(&with(&n, &["moves", "0", "seat"], json!(1.0)), "seat");
    refused(
        &with(&n, &["moves", "0", "place"], json!([3, 4, 5])),
        "move 0",
    );
    refused(&with(&n, &["moves", "0", "pass"], json!("yes")), "move 0");
    refused(&with(&n, &["deal"], json!(5)), "deal");
    refused(
        &with(&r, &["moves", "0"], json!({"seat": 0, "draw": 1})),
        "move 0",
    );
    refused(
        &with(&r, &["moves", "0"], json!({"seat": 0, "play": "r1 r2 r3"})),
        "move 0",
    );
    refused(
        &with(
            &r,
            &["moves", "0"],
            json!({"seat": 0, "play": [["r1", 2, "r3"]]}),
        ),
        "move 0",
    );
    refused(
        &with(&r, &["deal"], json!({"hands": "all", "pile": []})),
        "deal",
    );
    refused("[]", "not a valid match record");
    refused("null", "not a valid match record");
    refused("\"parlour-record/1\"", "not a valid match record");
}

#[test]
fn huge_numbers_are_refused() {
    let n = played::<Neighbours>(2, 4, 10);
    let r = played::<Rummy>(2, 4, 10);
    let big = "18446744073709551616"; // 2^64
    let raw = |v: &Value, path: &[&str]| with(v, path, json!("@BIG@")).replace("\"@BIG@\"", big);
    refused(&raw(&n, &["moves", "0", "seat"]), "seat");
    refused(&raw(&n, &["players"]), "players");
    refused(&raw(&n, &["seed"]), "seed");
    refused(&with(&n, &["players"], json!(u64::MAX)), "2 to 4 players");
    refused(&with(&n, &["players"], json!(0)), "2 to 4 players");
    refused(&with(&n, &["players"], json!(5)), "2 to 4 players");
    refused(&with(&r, &["players"], json!(1u64 << 63)), "2 to 4 players");
    refused(&with(&n, &["moves", "0", "seat"], json!(u64::MAX)), "seat");
    refused(&with(&n, &["moves", "0", "seat"], json!(7)), "seat");
    refused(
        &with(
            &n,
            &["moves", "0", "place"],
            json!({"digit": 300, "row": 3, "col": 5}),
        ),
        "move 0",
    );
    refused(
        &with(
            &n,
            &["moves", "0", "place"],
            json!({"digit": 3, "row": 300, "col": 5}),
        ),
        "move 0",
    );
    refused(
        &with(
            &n,
            &["moves", "0", "place"],
            json!({"digit": 12, "row": 3, "col": 5}),
        ),
        "move 0",
    );
    refused(&raw(&n, &["moves", "0", "place", "col"]), "move 0");
    refused(
        &with(
            &r,
            &["moves", "0"],
            json!({"seat": 0, "play": [["r300", "r301", "r302"]]}),
        ),
        "move 0",
    );
    refused(
        &with(
            &r,
            &["moves", "0"],
            json!({"seat": 0, "play": [["j:r14", "r12", "r13"]]}),
        ),
        "move 0",
    );
    let nd = neighbours_with_deal();
    refused(&with(&nd, &["deal", "start"], json!(300)), "deal");
    refused(
        &with(&nd, &["deal", "first"], json!(u64::MAX)),
        "first seat",
    );
    refused(&raw(&nd, &["deal", "first"]), "deal");
}

#[test]
fn unknown_fields_are_refused() {
    let n = played::<Neighbours>(2, 6, 10);
    let r = played::<Rummy>(2, 6, 10);
    refused(&with(&n, &["colour"], json!("blue")), "unknown field");
    refused(
        &with(&n, &["moves", "0", "colour"], json!("blue")),
        "move 0",
    );
    refused(
        &with(&n, &["moves", "0", "place", "colour"], json!("blue")),
        "move 0",
    );
    refused(
        &with(&r, &["moves", "0", "colour"], json!("blue")),
        "move 0",
    );
    refused(
        &with(&neighbours_with_deal(), &["deal", "colour"], json!(1)),
        "deal",
    );
    refused(
        &with(&rummy_with_deal(), &["deal", "colour"], json!(1)),
        "deal",
    );
}

#[test]
fn a_newer_format_version_is_refused() {
    let n = played::<Neighbours>(2, 7, 10);
    refused(
        &with(&n, &["format"], json!("parlour-record/2")),
        "unsupported record format",
    );
    refused(
        &with(&n, &["format"], json!("")),
        "unsupported record format",
    );
}

#[test]
fn a_record_for_no_known_game_or_variant_is_refused() {
    let n = played::<Neighbours>(2, 8, 10);
    refused(&with(&n, &["game"], json!("chess")), "not \"");
    refused(&with(&n, &["game"], json!("rummy")), "move 0");
    refused(
        &with(&n, &["variant"], json!("hexagonal")),
        "unknown variant",
    );
    let mut none = n.clone();
    none.as_object_mut().unwrap().shift_remove("seed");
    refused(&text(&none), "neither a seed nor a deal");
}

#[test]
fn a_neighbours_deal_that_does_not_add_up_is_refused() {
    let d = neighbours_with_deal();
    // One 9 too few, one 9 too many, a digit 10, short hands, a third hand, no first seat.
    let mut bag = d["deal"]["bag"].as_array().unwrap().clone();
    bag.pop();
    refused(
        &with(&d, &["deal", "bag"], json!(bag)),
        "exactly 5 of each digit",
    );
    bag.push(json!(9));
    bag.push(json!(9));
    refused(
        &with(&d, &["deal", "bag"], json!(bag)),
        "exactly 5 of each digit",
    );
    refused(
        &with(&d, &["deal", "hands", "0", "0"], json!(10)),
        "not a digit",
    );
    refused(
        &with(&d, &["deal", "hands", "0"], json!([1, 2, 3, 4])),
        "hands of 5",
    );
    refused(
        &with(
            &d,
            &["deal", "hands"],
            json!([[1, 2, 3, 4, 5], [0, 9, 8, 7, 6], []]),
        ),
        "2 hands",
    );
    refused(&with(&d, &["deal", "first"], json!(2)), "first seat");
}

#[test]
fn a_rummy_deal_that_does_not_add_up_is_refused() {
    let d = rummy_with_deal();
    let mut pile = d["deal"]["pile"].as_array().unwrap().clone();
    pile.pop();
    refused(
        &with(&d, &["deal", "pile"], json!(pile)),
        "exactly the variant's deck",
    );
    pile.push(json!("r13"));
    pile.push(json!("r13"));
    refused(
        &with(&d, &["deal", "pile"], json!(pile)),
        "exactly the variant's deck",
    );
    refused(
        &with(&d, &["deal", "hands", "0", "0"], json!("r14")),
        "deal",
    );
    refused(&with(&d, &["deal", "hands", "0", "0"], json!("x5")), "deal");
    refused(
        &with(&d, &["deal", "hands", "0", "0"], json!("j:r5")),
        "deal",
    );
    refused(&with(&d, &["deal", "hands", "1"], json!([])), "hands of 14");
    refused(&with(&d, &["deal", "first"], json!(4)), "first seat");
}

#[test]
fn wrong_json_types_in_a_paper_boxing_record_are_refused() {
    let p = played::<PaperBoxing>(2, 3, 12);
    let d = paper_boxing_with_deal();
    // Moves 0 and 1 fill in the grids; move 2 is the first step, by the
    // first leader.
    let seat = &p["moves"][2]["seat"];
    for fields in [
        json!({"to": "0,1"}),
        json!({"to": [1]}),
        json!({"to": [1, 1, 1]}),
        json!({"to": ["a", 1]}),
        json!({"to": [-1, 0]}),
        json!({"to": [1.5, 0]}),
        json!({"to": {"row": 1, "col": 1}}),
        json!({"to": null}),
        json!({}),
        json!({"to": [1, 1], "grid": RISING}),
    ] {
        let mut mv = json!({"seat": seat});
        mv.as_object_mut()
            .unwrap()
            .extend(fields.as_object().unwrap().clone());
        refused(&with(&p, &["moves", "2"], mv), "move 2 is not a valid move");
    }
    refused(
        &with(&p, &["moves", "0", "grid"], json!("rising")),
        "move 0 is not a valid move",
    );
    refused(
        &with(&p, &["moves", "0", "grid", "3"], json!("3")),
        "move 0 is not a valid move",
    );
    refused(
        &with(&p, &["moves", "0", "grid"], json!({})),
        "move 0 is not a valid move",
    );
    refused(&with(&d, &["deal", "grids"], json!("both")), "deal");
    refused(&with(&d, &["deal", "grids", "1"], json!("falling")), "deal");
    refused(&with(&d, &["deal", "even"], json!("one")), "deal");
    refused(&with(&d, &["deal", "even"], json!(-1)), "deal");
    refused(&with(&d, &["deal"], json!([RISING, FALLING])), "deal");
}

#[test]
fn huge_numbers_in_a_paper_boxing_record_are_refused() {
    let p = played::<PaperBoxing>(2, 4, 12);
    let d = paper_boxing_with_deal();
    let big = "18446744073709551616"; // 2^64
    let raw = |v: &Value, path: &[&str]| with(v, path, json!("@BIG@")).replace("\"@BIG@\"", big);
    refused(
        &with(&p, &["moves", "2", "to"], json!([300, 0])),
        "move 2 is not a valid move",
    );
    refused(
        &raw(&p, &["moves", "2", "to", "1"]),
        "move 2 is not a valid move",
    );
    // Rows and columns a u8 holds, far off the 4 × 4 grid: refused by the
    // rules (row 64 and up once overflowed the cell index).
    refused(
        &with(&p, &["moves", "2", "to"], json!([255, 255])),
        "not on the grid",
    );
    refused(
        &with(&p, &["moves", "2", "to"], json!([64, 0])),
        "not on the grid",
    );
    refused(
        &with(&p, &["moves", "0", "grid", "5"], json!(256)),
        "move 0 is not a valid move",
    );
    refused(
        &with(&p, &["moves", "0", "grid", "5"], json!(255)),
        "not a number from 1 to 15",
    );
    refused(&with(&p, &["moves", "2", "seat"], json!(u64::MAX)), "seat");
    refused(&raw(&p, &["moves", "2", "seat"]), "seat");
    refused(
        &with(&p, &["players"], json!(u64::MAX)),
        "exactly 2 players",
    );
    refused(&with(&p, &["players"], json!(3)), "exactly 2 players");
    refused(&with(&d, &["deal", "even"], json!(u64::MAX)), "even seat");
    refused(&raw(&d, &["deal", "even"]), "deal");
    refused(&with(&d, &["deal", "grids", "0", "4"], json!(300)), "deal");
}

#[test]
fn unknown_fields_in_a_paper_boxing_record_are_refused() {
    let p = played::<PaperBoxing>(2, 6, 12);
    refused(&with(&p, &["colour"], json!("blue")), "unknown field");
    refused(
        &with(&p, &["moves", "2", "colour"], json!("blue")),
        "move 2 is not a valid move",
    );
    refused(
        &with(&p, &["moves", "0", "even"], json!(0)),
        "move 0 is not a valid move",
    );
    refused(
        &with(&paper_boxing_with_deal(), &["deal", "leader"], json!(0)),
        "deal",
    );
}

#[test]
fn a_paper_boxing_record_of_a_newer_format_or_unknown_variant_is_refused() {
    let p = played::<PaperBoxing>(2, 7, 12);
    refused(
        &with(&p, &["format"], json!("parlour-record/2")),
        "unsupported record format",
    );
    refused(&with(&p, &["variant"], json!("5x5")), "unknown variant");
    refused(&with(&p, &["game"], json!("rummy")), "move 0");
}

#[test]
fn a_paper_boxing_deal_that_does_not_add_up_is_refused() {
    let d = paper_boxing_with_deal();
    let grid = |change: &dyn Fn(&mut Vec<u8>)| {
        let mut g = RISING.to_vec();
        change(&mut g);
        with(&d, &["deal", "grids", "1"], json!(g))
    };
    refused(
        &with(&d, &["deal", "grids"], json!([RISING])),
        "2 grids, one per seat, not 1",
    );
    refused(
        &with(&d, &["deal", "grids"], json!([RISING, FALLING, RISING])),
        "2 grids, one per seat, not 3",
    );
    refused(&with(&d, &["deal", "grids"], json!([])), "not 0");
    refused(&grid(&|g| g.truncate(15)), "16 numbers");
    refused(&grid(&|g| g.push(16)), "16 numbers");
    refused(&grid(&|g| g.clear()), "16 numbers");
    refused(&grid(&|g| g[7] = 16), "16 is not a number from 1 to 15");
    refused(&grid(&|g| g[7] = 8), "8 twice and no 7");
    refused(&grid(&|g| g.swap(0, 9)), "top-left cell holds D");
    refused(&grid(&|g| g[12] = 0), "top-left corner only");
    refused(&with(&d, &["deal", "even"], json!(2)), "even seat");
    // A deal fills in both grids: a set-up move after it is refused.
    refused(
        &with(&d, &["moves", "0"], json!({"seat": 0, "grid": FALLING})),
        "already filled in",
    );
}

/// Valid records' texts, for the mutation property (made once).
fn valid_texts() -> &'static [String] {
    static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        vec![
            text(&played::<Neighbours>(3, 9, 25)),
            text(&played::<Rummy>(2, 9, 25)),
            text(&neighbours_with_deal()),
            text(&rummy_with_deal()),
            text(&played::<PaperBoxing>(2, 9, 20)),
            text(&paper_boxing_with_deal()),
        ]
    })
}

/// A change to a record's bytes.
#[derive(Clone, Debug)]
enum Mutation {
    /// One byte replaced.
    Flip(usize, u8),
    /// Everything from here cut off.
    Truncate(usize),
    /// A span removed.
    Delete(usize, usize),
    /// A span repeated.
    Repeat(usize, usize),
    /// A token inserted.
    Insert(usize, &'static str),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let tokens = prop::sample::select(vec![
        "-",
        "1",
        "99999999999999999999",
        "1e400",
        "null",
        "\"",
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"seat\":",
        "\"j\"",
        "\"r13\"",
        "\"grid\":",
        "\"to\":",
        "255",
        "[0, 1]",
        "\\u0000",
        "é",
        "true",
        "0.5",
    ]);
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Mutation::Flip(at, b)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), 0..40usize).prop_map(|(at, n)| Mutation::Delete(at, n)),
        (any::<usize>(), 0..40usize).prop_map(|(at, n)| Mutation::Repeat(at, n)),
        (any::<usize>(), tokens).prop_map(|(at, t)| Mutation::Insert(at, t)),
    ]
}

fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for m in mutations {
        let len = bytes.len().max(1);
        match *m {
            Mutation::Flip(at, b) => {
                if let Some(x) = bytes.get_mut(at % len) {
                    *x = b;
                }
            }
            Mutation::Truncate(at) => bytes.truncate(at % len),
            Mutation::Delete(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                if at < end {
                    bytes.drain(at..end);
                }
            }
            Mutation::Repeat(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                if at < end {
                    let span = bytes[at..end].to_vec();
                    bytes.splice(at..at, span);
                }
            }
            Mutation::Insert(at, t) => {
                let at = (at % len).min(bytes.len());
                bytes.splice(at..at, t.bytes());
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Whatever reads must write back to the same record.
fn read_back(text: &str) -> Result<(), TestCaseError> {
    if let Ok(record) = Record::from_json(text) {
        let again = Record::from_json(&record.to_json());
        prop_assert_eq!(again, Ok(record));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = read(&text);
        read_back(&text)?;
    }

    #[test]
    fn json_shaped_text_never_panics(text in r#"\{("[a-z]{1,8}": ?(-?[0-9]{1,25}|"[a-z0-9/:-]{0,20}"|\[[0-9a-z", \[\]\{\}:]{0,40}\]|null|true)(, )?){0,8}\}"#) {
        let _ = read(&text);
        read_back(&text)?;
    }

    #[test]
    fn a_mutated_record_never_panics(
        which in 0..6usize,
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let texts = valid_texts();
        let text = mutate(&texts[which], &mutations);
        let _ = read(&text);
        read_back(&text)?;
    }
}

#[test]
fn a_field_of_the_wrong_type_is_named_in_the_reason() {
    let n = played::<Neighbours>(2, 10, 5);
    let reason = read(&with(&n, &["players"], json!("two")))
        .unwrap_err()
        .to_string();
    assert!(
        reason.starts_with("not a valid match record: the field \"players\" is not valid: "),
        "{reason}"
    );
    let reason = read(&with(&n, &["seed"], json!(-3)))
        .unwrap_err()
        .to_string();
    assert!(reason.contains("\"seed\""), "{reason}");
}
