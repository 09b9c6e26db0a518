//! A table agrees on its own Neighbours before play — the penalty, the
//! adjacency rule, hands, tokens, even the whole board — written after the
//! variant's name, so the record alone replays the match.

use parlour_core::engine::selfplay::play_one;
use parlour_core::engine::{Game, Match, Record};
use parlour_core::games::neighbours::{Adjacency, Board, Bonus, Config, Neighbours};

fn variant(name: &str) -> Config {
    Neighbours::variant(name).unwrap()
}

fn refusal(name: &str) -> String {
    Neighbours::variant(name).unwrap_err().to_string()
}

/// A 5 × 5 board: the start in the centre, x in the corners, K beside the start.
const SMALL_BOARD: &str = "x...x/..K../.KSK./..K../x...x";

#[test]
fn the_old_names_still_name_the_same_rules() {
    assert_eq!(variant("standard"), Config::default());
    assert_eq!(variant("any-neighbour").adjacency, Adjacency::Any);
    assert_eq!(variant("gentle-penalty").penalty, 1);
    assert_eq!(variant("diamond").board.rows(), 9);
}

#[test]
fn the_penalty_multiplier_is_an_option() {
    assert_eq!(variant("standard,penalty=0").penalty, 0);
    assert_eq!(variant("standard,penalty=5").penalty, 5);
    assert_eq!(
        variant("standard,penalty=5").board,
        Config::default().board,
        "the rest of the ruling stands"
    );
}

#[test]
fn the_adjacency_rule_is_an_option() {
    assert_eq!(variant("standard,adjacency=any").adjacency, Adjacency::Any);
    assert_eq!(
        variant("any-neighbour,adjacency=every").adjacency,
        Adjacency::Every,
        "an option overrides the name it follows"
    );
}

#[test]
fn hand_size_and_token_copies_are_options() {
    let config = variant("standard,hand=7,copies=4");
    assert_eq!((config.hand_size, config.copies), (7, 4));
    assert_eq!(config.tokens(), 40);
}

#[test]
fn the_board_is_an_option_read_row_by_row() {
    let config = variant(&format!("standard,board={SMALL_BOARD}"));
    let board = &config.board;
    assert_eq!((board.rows(), board.cols()), (5, 5));
    assert_eq!(board.coords(board.start()), (2, 2));
    assert_eq!(board.bonus(board.cell(0, 4).unwrap()), Bonus::X);
    assert_eq!(board.bonus(board.cell(1, 2).unwrap()), Bonus::K);
    assert_eq!(board.inline(), SMALL_BOARD);
    // Spaces between symbols are allowed.
    let spaced = variant("standard,board=x . . . x/. . K . ./. K S K ./. . K . ./x . . . x");
    assert!(spaced.board.same_layout(board));
}

#[test]
fn options_combine_in_any_order() {
    let a = variant(&format!("gentle-penalty,board={SMALL_BOARD},adjacency=any"));
    let b = variant(&format!(
        "standard,adjacency=any,penalty=1,board={SMALL_BOARD}"
    ));
    assert_eq!(a, b);
}

#[test]
fn a_match_on_a_board_from_the_variant_name_plays_to_the_end_and_replays_from_its_record() {
    let name = format!("standard,penalty=2,board={SMALL_BOARD}");
    let played = play_one::<Neighbours>(
        &variant(&name),
        &name,
        &["greedy".into(), "random".into()],
        5,
        0,
    )
    .unwrap();
    assert!(played.game.is_over());
    let record = played.game.record();
    let text = serde_json::to_string(&record).unwrap();
    let read: Record = serde_json::from_str(&text).unwrap();
    assert_eq!(read.variant, name);
    let again = Match::<Neighbours>::from_record(&read, |v| Neighbours::variant(v).ok()).unwrap();
    assert_eq!(again.state().scores(), played.game.state().scores());
    assert_eq!(again.state().config().board.len(), 25);
}

#[test]
fn bad_options_are_refused_with_a_reason() {
    for (name, says) in [
        (
            "standard,penalty=-1",
            "penalty must be a whole number from 0 to 10",
        ),
        (
            "standard,penalty=11",
            "penalty must be a whole number from 0 to 10",
        ),
        ("standard,penalty=lots", "penalty must be a whole number"),
        ("standard,adjacency=some", "adjacency must be every or any"),
        (
            "standard,hand=0",
            "hand must be a whole number from 1 to 12",
        ),
        (
            "standard,copies=26",
            "copies must be a whole number from 1 to 25",
        ),
        ("standard,colour=red", "unknown option \"colour\""),
        ("standard,penalty", "is not key=value"),
        ("standard,penalty=1,penalty=2", "penalty is given twice"),
        // Two hands of 12 and the start token need 25 tokens; 2 copies make 20.
        ("standard,copies=2,hand=12", "cannot fill the start cell"),
    ] {
        let err = refusal(name);
        assert!(err.contains(says), "{name}: {err}");
        assert!(err.contains("neighbours"), "{name}: {err}");
    }
    assert!(refusal("chess,penalty=1").contains("the variants are"));
}

#[test]
fn a_bad_board_is_refused_with_what_is_wrong() {
    for (board, says) in [
        ("x..x/..../....", "exactly one start cell S, not 0"),
        ("S..S/..../....", "exactly one start cell S, not 2"),
        ("..S./..Q./....", "unknown cell symbol \"Q\""),
        ("..S./.../....", "row 2 has 3 cells but the first row has 4"),
        ("..S.//....", "row 2 of the board is empty"),
        ("S", "no cell besides the start cell"),
        (&"S".repeat(33), "larger than 32 x 32"),
    ] {
        let err = refusal(&format!("standard,board={board}"));
        assert!(err.contains("board: "), "{board}: {err}");
        assert!(err.contains(says), "{board}: {err}");
    }
}

#[test]
fn a_board_too_large_in_rows_is_refused() {
    let rows = vec!["S."; 1]
        .into_iter()
        .chain(vec![".."; 32])
        .collect::<Vec<_>>()
        .join("/");
    assert!(refusal(&format!("standard,board={rows}")).contains("larger than 32 x 32"));
    assert!(Board::parse_inline(&rows).is_err());
}

/// What a phone lights for a digit is what the rules accept: the cells a
/// seat's seen board accepts equal the rules' own, at every move of whole
/// matches, under both adjacency rules.
#[test]
fn a_seen_board_accepts_the_digits_the_rules_accept() {
    use parlour_core::protocol::Share;
    for name in ["standard", "standard,adjacency=any"] {
        for seed in 0..3 {
            let played = play_one::<Neighbours>(
                &variant(name),
                name,
                &["random".into(), "greedy".into(), "random".into()],
                seed,
                0,
            )
            .unwrap();
            let record = played.game.record();
            for k in 0..=record.moves.len() {
                let mut part = record.clone();
                part.moves.truncate(k);
                part.clock.truncate(k);
                let game = Match::<Neighbours>::from_record(&part, |v| Neighbours::variant(v).ok())
                    .unwrap();
                let state = game.state();
                let seen = Neighbours::seen_by(&game.view(k % 3));
                for cell in 0..state.config().board.len() {
                    assert_eq!(
                        seen.accepts(state.config(), cell),
                        state.accepts(cell),
                        "{name}, seed {seed}, move {k}, cell {cell}"
                    );
                }
            }
        }
    }
}
