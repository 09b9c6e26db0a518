//! The optional `seats` of a record: who sat where, kept with a saved match
//! so it resumes with the same table, and ignored by the rules.

use parlour_core::engine::{Match, Record, RecordError, SeatRecord};
use parlour_core::games::neighbours::Neighbours;

fn seated() -> Record {
    let mut game = Match::<Neighbours>::seeded("standard", 2, 7).unwrap();
    let seat = game.awaiting()[0];
    let mut bot = parlour_core::engine::Game::bot("greedy", 1).unwrap();
    let mv = parlour_core::engine::Bot::<Neighbours>::choose(bot.as_mut(), &game.view(seat));
    game.submit(seat, mv).unwrap();
    let mut record = game.record();
    record.seats = vec![
        SeatRecord {
            name: "Anna".into(),
            bot: None,
        },
        SeatRecord {
            name: "Ada".into(),
            bot: Some("expert".into()),
        },
    ];
    record
}

#[test]
fn seats_are_written_and_read_back_byte_for_byte() {
    let record = seated();
    let text = record.to_json();
    assert!(
        text.contains(r#""seats": [{"name":"Anna"},{"name":"Ada","bot":"expert"}]"#),
        "{text}"
    );
    let back = Record::from_json(&text).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.to_json(), text);
}

#[test]
fn a_record_without_seats_writes_none() {
    let mut record = seated();
    record.seats.clear();
    assert!(!record.to_json().contains("seats"));
}

#[test]
fn the_rules_ignore_the_seats() {
    let record = seated();
    let game = Match::<Neighbours>::from_record(&record, |v| {
        <Neighbours as parlour_core::engine::Game>::variant(v).ok()
    })
    .unwrap();
    assert_eq!(game.moves().len(), 1);
}

#[test]
fn seats_must_match_the_number_of_players() {
    let mut record = seated();
    record.seats.pop();
    let err = Record::from_json(&record.to_json()).unwrap_err();
    assert!(
        matches!(&err, RecordError::Malformed(m) if m.contains("seats")),
        "{err}"
    );
}

#[test]
fn a_seat_with_an_unknown_field_is_refused() {
    let text = seated()
        .to_json()
        .replace(r#"{"name":"Anna"}"#, r#"{"name":"Anna","age":9}"#);
    let err = Record::from_json(&text).unwrap_err();
    assert!(err.to_string().contains("age"), "{err}");
}
