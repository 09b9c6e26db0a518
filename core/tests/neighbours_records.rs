//! Neighbours match records: written, read and replayed exactly.

mod common;

use common::{Setup, place, position};
use parlour_core::engine::selfplay::play_one;
use parlour_core::engine::{Game, Match, Record, RecordError};
use parlour_core::games::neighbours::{Move, Neighbours};

fn variants(name: &str) -> Option<<Neighbours as Game>::Config> {
    Neighbours::variant(name).ok()
}

fn played_match(players: usize, index: usize) -> Match<Neighbours> {
    let config = Neighbours::variant("standard").unwrap();
    let bots: Vec<String> = ["greedy", "random", "greedy", "random"][..players]
        .iter()
        .map(|b| b.to_string())
        .collect();
    play_one::<Neighbours>(&config, "standard", &bots, 11, index)
        .unwrap()
        .game
}

#[test]
fn a_record_reads_back_and_writes_the_same_bytes() {
    for players in 2..=4 {
        let m = played_match(players, players);
        let text = m.record().to_json();
        let record = Record::from_json(&text).unwrap();
        assert_eq!(
            record.to_json(),
            text,
            "write, read, write again gives the same bytes"
        );
        let replayed = Match::<Neighbours>::from_record(&record, variants).unwrap();
        assert_eq!(replayed.record().to_json(), text);
        assert_eq!(replayed.scores(), m.scores());
        assert_eq!(replayed.winners(), m.winners());
        assert!(replayed.is_over());
    }
}

/// What the screen kept (`screen`) is written, read back whole and
/// written again to the same bytes; the rules replay the match without it.
#[test]
fn a_records_screen_note_is_kept_byte_for_byte_and_never_read_by_the_rules() {
    let m = played_match(2, 3);
    let mut record = m.record();
    record.screen = Some(serde_json::json!({"hands": {"0": ["r5", "k9"]}}));
    let text = record.to_json();
    assert!(text.contains("\"screen\""), "{text}");
    let read = Record::from_json(&text).unwrap();
    assert_eq!(read.screen, record.screen);
    assert_eq!(read.to_json(), text);
    let replayed = Match::<Neighbours>::from_record(&read, variants).unwrap();
    assert_eq!(replayed.scores(), m.scores());
}

#[test]
fn a_record_with_an_explicit_deal_replays_exactly() {
    let mut m = position(&Setup::standard(
        "
        ...........
        ...........
        ...........
        .....5.....
        ...........
        ...........
        ...........",
        &[&[4, 0, 1, 1, 1], &[6, 0, 9, 9, 9]],
    ));
    m.submit(0, place(4, 3, 4)).unwrap();
    let text = m.record().to_json();
    assert!(
        text.contains("\"deal\": {\"start\":5,\"hands\":[[4,0,1,1,1],[6,0,9,9,9]]"),
        "{text}"
    );
    assert!(
        text.contains("{\"seat\":0,\"place\":{\"digit\":4,\"row\":3,\"col\":4}}"),
        "{text}"
    );
    let record = Record::from_json(&text).unwrap();
    let replayed = Match::<Neighbours>::from_record(&record, variants).unwrap();
    assert_eq!(replayed.record().to_json(), text);
    assert_eq!(
        format!("{:?}", replayed.state()),
        format!("{:?}", m.state())
    );
}

#[test]
fn a_pass_is_written_as_pass_true() {
    let mut m = position(&Setup::standard(
        "
        ...........
        ...........
        ...........
        .....5.....
        ...........
        ...........
        ...........",
        &[&[0, 0, 1, 1, 1], &[6, 0, 9, 9, 9]],
    ));
    m.submit(0, Move::Pass).unwrap();
    assert!(m.record().to_json().contains("{\"seat\":0,\"pass\":true}"));
}

#[test]
fn from_record_refuses_an_illegal_record_with_the_index_seat_and_reason() {
    let m = played_match(2, 0);
    let mut record = m.record();
    // Move 3 played again at move 4's place: its cell is taken by then.
    let seat4 = record.moves[4]["seat"].clone();
    let mut bad = record.moves[3].clone();
    bad["seat"] = seat4.clone();
    record.moves[4] = bad;
    let err = Match::<Neighbours>::from_record(&record, variants).unwrap_err();
    match err {
        RecordError::Illegal {
            index,
            seat,
            reason,
        } => {
            assert_eq!(index, 4);
            assert_eq!(seat as u64, seat4.as_u64().unwrap());
            assert!(!reason.is_empty());
        }
        other => panic!("expected an illegal move, got {other:?}"),
    }
}

#[test]
fn a_malformed_record_is_refused_without_panicking() {
    assert!(matches!(
        Record::from_json("{not json"),
        Err(RecordError::Malformed(_))
    ));
    let m = played_match(2, 1);
    let text = m.record().to_json();
    let mut record = Record::from_json(&text).unwrap();
    record.moves[0] = serde_json::json!({"seat": 0, "place": {"digit": 5}});
    assert!(matches!(
        Match::<Neighbours>::from_record(&record, variants),
        Err(RecordError::MoveSyntax { index: 0, .. })
    ));
    record.moves[0] =
        serde_json::json!({"seat": 0, "place": {"digit": 5, "row": 3, "col": 4}, "pass": true});
    assert!(matches!(
        Match::<Neighbours>::from_record(&record, variants),
        Err(RecordError::MoveSyntax { .. })
    ));
    let mut record = Record::from_json(&text).unwrap();
    record.deal = Some(
        serde_json::json!({"start": 4, "hands": [[1, 2, 3, 4, 5], [0, 9, 8, 7, 6]], "bag": []}),
    );
    let err = Match::<Neighbours>::from_record(&record, variants).unwrap_err();
    assert!(err.to_string().contains("exactly"), "{err}");
}

#[test]
fn a_mistake_in_a_record_is_named_by_its_place_in_the_file() {
    let text = played_match(2, 1).record().to_json();
    let mut record = Record::from_json(&text).unwrap();
    assert!(record.moves.len() > 12);
    record.moves[12] =
        serde_json::json!({"seat": 0, "place": {"digit": 5, "row": "three", "col": 4}});
    let err = Match::<Neighbours>::from_record(&record, variants).unwrap_err();
    assert!(err.to_string().contains("moves[12].place.row"), "{err}");
    let mut record = Record::from_json(&text).unwrap();
    record.deal = Some(serde_json::json!({
        "start": 4,
        "hands": [[1, 2, 3, 4, 5], [0, 9, -8, 7, 6]],
        "bag": []
    }));
    let err = Match::<Neighbours>::from_record(&record, variants).unwrap_err();
    assert!(err.to_string().contains("deal.hands[1][2]"), "{err}");
}
