//! A Rummy match played for an agreed time (`minutes=N`): the option read
//! and refused, the ruling at the end of the time (the round in play is
//! finished, no new round begins), the time told to the rules rather than
//! read from a clock, and the record that keeps it, so a replay ends where
//! the match did.

use parlour_core::engine::{Bot, Game, Match, Record, RecordError};
use parlour_core::games::rummy::{Move, RuleError, Rummy};

/// A minute, in the seconds the rules are told.
const MINUTE: u64 = 60;

#[test]
fn a_match_for_a_time_is_agreed_in_the_variant_name() {
    let config = Rummy::variant("standard,minutes=30").unwrap();
    assert_eq!(config.minutes, Some(30));
    assert_eq!(
        Rummy::playing_time(&config),
        Some(std::time::Duration::from_secs(30 * MINUTE))
    );
    assert_eq!(config.first_meld, 40, "the rest of the ruling stands");
    for minutes in [15, 20, 30, 45, 60] {
        let name = format!("classic,minutes={minutes}");
        assert_eq!(Rummy::variant(&name).unwrap().minutes, Some(minutes));
    }
    assert_eq!(Rummy::variant("standard").unwrap().minutes, None);
}

#[test]
fn bad_playing_times_are_refused_with_the_reason() {
    let whole = "minutes must be a whole number from 1 to 600";
    for (name, says) in [
        ("standard,minutes=0", whole),
        ("standard,minutes=-5", whole),
        ("standard,minutes=abc", whole),
        ("standard,minutes=100000", whole),
        ("standard,minutes=", whole),
        (
            "standard,rounds=3,minutes=30",
            "a match is played for a number of rounds or for a time, not both (rounds=3 and minutes=30)",
        ),
        (
            "classic,minutes=30,rounds=2",
            "not both (minutes=30 and rounds=2)",
        ),
        ("standard,minutes=30,minutes=20", "not both"),
    ] {
        let err = Rummy::variant(name).unwrap_err().to_string();
        assert!(err.contains(says), "{name}: {err}");
        assert!(
            err.contains(name),
            "{name}: the reason names the variant: {err}"
        );
    }
    assert!(
        Rummy::variant("standard,minutes=0")
            .unwrap_err()
            .to_string()
            .contains("not \"0\""),
        "the reason quotes the value given"
    );
}

/// Greedy bots in every seat of `m`.
fn bots(m: &Match<Rummy>) -> Vec<Box<dyn Bot<Rummy>>> {
    (0..m.players())
        .map(|s| Rummy::bot("greedy", 40 + s as u64).unwrap())
        .collect()
}

/// Plays `m` with `bots` until `stop`, each move told the time `at(move
/// index)`; how many moves were played.
fn play_until(
    m: &mut Match<Rummy>,
    bots: &mut [Box<dyn Bot<Rummy>>],
    at: impl Fn(usize) -> u64,
    stop: impl Fn(&Match<Rummy>) -> bool,
) -> usize {
    let mut played = 0;
    while !m.is_over() && !stop(m) {
        let seat = m.awaiting()[0];
        let mv = bots[seat].choose(&m.view(seat));
        let used = at(m.moves().len());
        m.submit_at(seat, mv, used).unwrap();
        played += 1;
        assert!(played < 20_000, "the match does not end");
    }
    played
}

/// A 15-minute match between greedy bots, seed `seed`.
fn fifteen_minutes(seed: u64) -> Match<Rummy> {
    Match::<Rummy>::seeded("standard,minutes=15", 2, seed).unwrap()
}

#[test]
fn a_round_ended_with_time_left_is_followed_by_a_new_round() {
    let mut m = fifteen_minutes(1);
    let mut bots = bots(&m);
    play_until(
        &mut m,
        &mut bots,
        |_| 14 * MINUTE,
        |m| m.state().round() > 1,
    );
    assert!(!m.is_over(), "14 of 15 minutes used: a new round begins");
    assert_eq!(m.state().round(), 2);
    assert_eq!(m.clock(), &[14 * MINUTE]);
    assert_eq!(m.state().rounds()[0].clock, Some(14 * MINUTE));
    assert_eq!(m.state().clock_at_round_start(), 14 * MINUTE);
    assert_eq!(m.state().hand(0).len(), 14, "the new round is dealt");
    assert!(!m.state().time_is_up());
}

#[test]
fn when_the_time_is_up_the_round_in_play_is_finished_and_no_new_round_begins() {
    let mut m = fifteen_minutes(2);
    let mut bots = bots(&m);
    // Round 1 ends with five minutes used.
    play_until(&mut m, &mut bots, |_| 5 * MINUTE, |m| m.state().round() > 1);
    let start = m.moves().len();
    // The time runs out ten moves into round 2: the round is played on to its end.
    let after_time = play_until(
        &mut m,
        &mut bots,
        |i| {
            if i < start + 10 {
                10 * MINUTE
            } else {
                16 * MINUTE
            }
        },
        |_| false,
    );
    assert!(after_time > 10, "moves are played after the time ran out");
    assert!(m.is_over(), "no new round after the time");
    assert!(m.state().time_is_up());
    assert_eq!(
        m.state().rounds().len(),
        2,
        "the round in play was finished"
    );
    assert_eq!(m.clock(), &[5 * MINUTE, 16 * MINUTE]);
    // The winners are the highest totals of the rounds played.
    let totals = m.scores();
    let best = *totals.iter().max().unwrap();
    let expected: Vec<usize> = (0..2).filter(|&s| totals[s] == best).collect();
    assert_eq!(m.winners(), expected);
}

#[test]
fn a_round_ending_on_the_last_second_of_the_time_is_the_last() {
    for (used, over) in [(15 * MINUTE - 1, false), (15 * MINUTE, true)] {
        let mut m = fifteen_minutes(3);
        let mut bots = bots(&m);
        play_until(&mut m, &mut bots, |_| used, |m| m.state().round() > 1);
        assert_eq!(m.is_over(), over, "round 1 ended at {used} s of 900");
    }
}

#[test]
fn a_round_cannot_end_without_the_rules_being_told_the_time_and_nothing_changes() {
    let mut m = fifteen_minutes(4);
    let mut bots = bots(&m);
    for played in 0.. {
        // A round of greedy bots ends long before this; one that does not
        // is a fault to report, not a test to hang.
        assert!(played < 20_000, "round 1 does not end");
        let seat = m.awaiting()[0];
        let mv = bots[seat].choose(&m.view(seat));
        // A move the rules play on a copy first: if it ends the round, it is refused.
        let before = m.state().clone();
        match m.submit(seat, mv.clone()) {
            Ok(outcome) => assert!(outcome.round_end.is_none()),
            Err(e) => {
                assert_eq!(
                    e,
                    RuleError::ClockMissing {
                        minutes: 15,
                        round: 1
                    }
                );
                assert!(e.to_string().contains("played for 15 minutes"), "{e}");
                assert_eq!(m.view(seat), Rummy::view(&before, seat), "nothing changed");
                assert_eq!(Rummy::pieces(m.state()), Rummy::pieces(&before));
                // Told the time, the same move ends the round.
                let outcome = m.submit_at(seat, mv, 7 * MINUTE).unwrap();
                assert!(outcome.round_end.is_some());
                break;
            }
        }
    }
    assert_eq!(m.clock(), &[7 * MINUTE]);
}

#[test]
fn the_clock_of_a_match_cannot_go_back() {
    let mut m = fifteen_minutes(5);
    let mut bots = bots(&m);
    play_until(&mut m, &mut bots, |_| 6 * MINUTE, |m| m.state().round() > 1);
    let seat = m.awaiting()[0];
    let err = m.submit_at(seat, Move::Draw, 5 * MINUTE).unwrap_err();
    assert_eq!(
        err,
        RuleError::ClockBack {
            round: 1,
            ended: 6 * MINUTE,
            used: 5 * MINUTE
        }
    );
    assert!(err.to_string().contains("cannot go back"), "{err}");
}

#[test]
fn a_match_for_rounds_pays_no_heed_to_the_time() {
    let mut m = Match::<Rummy>::seeded("standard,rounds=2", 2, 6).unwrap();
    let mut bots = bots(&m);
    play_until(&mut m, &mut bots, |_| 500 * MINUTE, |_| false);
    assert_eq!(m.state().rounds().len(), 2);
    assert!(m.clock().is_empty());
    assert!(!m.state().time_is_up());
    assert_eq!(m.record().clock, Vec::<u64>::new());
}

/// A 15-minute match played to its end: its rounds ending at 0, 4, 8, 12
/// and 16 minutes.
fn finished(seed: u64) -> Match<Rummy> {
    let mut m = fifteen_minutes(seed);
    let mut bots = bots(&m);
    for (round, minutes) in [0, 4, 8, 12, 16].into_iter().enumerate() {
        play_until(
            &mut m,
            &mut bots,
            |_| minutes * MINUTE,
            |m| m.clock().len() > round,
        );
    }
    m
}

#[test]
fn a_match_for_a_time_replays_from_its_record_alone() {
    let m = finished(7);
    assert!(m.is_over());
    assert_eq!(
        m.clock(),
        &[0, 4 * MINUTE, 8 * MINUTE, 12 * MINUTE, 16 * MINUTE]
    );
    let text = m.record().to_json();
    assert!(text.contains("\"clock\": [0,240,480,720,960]"), "{text}");
    assert!(
        !text.contains("time_used"),
        "a finished match has no time to take up"
    );
    let again = Match::<Rummy>::from_record(&Record::from_json(&text).unwrap(), |v| {
        Rummy::variant(v).ok()
    })
    .unwrap();
    assert!(again.is_over());
    assert_eq!(again.scores(), m.scores());
    assert_eq!(again.winners(), m.winners());
    assert_eq!(again.state().rounds(), m.state().rounds());
    assert_eq!(again.record().to_json(), text, "the same bytes again");
}

/// A 15-minute match saved in the middle of round 2: round 1 ended at 3
/// minutes, 5 minutes used so far.
fn saved_in_round_two(seed: u64) -> Match<Rummy> {
    let mut m = fifteen_minutes(seed);
    let mut bots = bots(&m);
    play_until(&mut m, &mut bots, |_| 3 * MINUTE, |m| m.state().round() > 1);
    let start = m.moves().len();
    play_until(
        &mut m,
        &mut bots,
        |_| 5 * MINUTE,
        |m| m.moves().len() >= start + 20,
    );
    assert_eq!(m.state().round(), 2, "in the middle of round 2");
    m
}

#[test]
fn an_unfinished_match_keeps_the_time_it_had_used() {
    let m = saved_in_round_two(8);
    let mut record = m.record();
    assert_eq!(record.time_used, Some(5 * MINUTE));
    record.time_used = Some(5 * MINUTE + 17);
    let text = record.to_json();
    let again = Match::<Rummy>::from_record(&Record::from_json(&text).unwrap(), |v| {
        Rummy::variant(v).ok()
    })
    .unwrap();
    assert_eq!(again.time_used(), 5 * MINUTE + 17);
    assert_eq!(again.clock(), &[3 * MINUTE]);
    assert_eq!(again.state().round(), m.state().round());
}

/// The record of `m` with `change` made, read back as a match.
fn replayed(m: &Match<Rummy>, change: impl Fn(&mut Record)) -> Result<Match<Rummy>, RecordError> {
    let mut record = m.record();
    change(&mut record);
    let record = Record::from_json(&record.to_json())?;
    Match::<Rummy>::from_record(&record, |v| Rummy::variant(v).ok())
}

#[test]
fn a_record_whose_clock_cannot_be_the_matchs_is_refused_with_the_reason() {
    let m = finished(9);
    let reason = |change: &dyn Fn(&mut Record)| replayed(&m, change).unwrap_err().to_string();
    // A round's end without its time.
    let missing = reason(&|r| {
        r.clock.pop();
    });
    assert!(
        missing.contains("is illegal") && missing.contains("played for 15 minutes"),
        "{missing}"
    );
    // Times that go back.
    let back = reason(&|r| r.clock.swap(1, 2));
    assert!(
        back.contains("its times go back, from 480 to 240"),
        "{back}"
    );
    // A clock for a match played for rounds.
    let untimed = reason(&|r| r.variant = "standard,rounds=5".into());
    assert!(
        untimed.contains("belong to a match played for a time"),
        "{untimed}"
    );
    // A time that is not a number of seconds.
    let text = m
        .record()
        .to_json()
        .replace("\"clock\": [0,", "\"clock\": [-1,");
    let err = Record::from_json(&text).unwrap_err().to_string();
    assert!(err.contains("\"clock\""), "{err}");
}

/// The record of `m` with `change` made, read back both ways a record is
/// read: whole ([`Match::from_record`]) and from its start, as a replay
/// that shows the moves one by one reads it ([`Match::start_of_record`]).
fn read_both_ways(m: &Match<Rummy>, change: impl Fn(&mut Record)) -> [Result<(), RecordError>; 2] {
    let mut record = m.record();
    change(&mut record);
    let record = Record::from_json(&record.to_json()).unwrap();
    let variants = |v: &str| Rummy::variant(v).ok();
    [
        Match::<Rummy>::from_record(&record, variants).map(drop),
        Match::<Rummy>::start_of_record(&record, variants).map(drop),
    ]
}

#[test]
fn a_clock_with_more_times_than_rounds_ended_is_refused() {
    for (m, says) in [
        (finished(9), "it gives 6 times, but 5 rounds ended"),
        (saved_in_round_two(8), "it gives 2 times, but 1 round ended"),
    ] {
        assert_eq!(read_both_ways(&m, |_| {}), [Ok(()), Ok(())], "as played");
        // One minute after the last round's end: before the time used of
        // the unfinished match, so only the spare time is wrong.
        let spare = |r: &mut Record| r.clock.push(r.clock.last().unwrap() + MINUTE);
        for read in read_both_ways(&m, spare) {
            let err = read.unwrap_err();
            assert!(matches!(err, RecordError::Clock(_)), "{err:?}");
            assert_eq!(
                err.to_string(),
                format!("the record's clock is not valid: {says}")
            );
        }
    }
}

#[test]
fn a_time_used_less_than_the_last_clock_entry_is_refused() {
    let m = saved_in_round_two(10);
    assert_eq!(m.clock(), &[3 * MINUTE]);
    for read in read_both_ways(&m, |r| r.time_used = Some(3 * MINUTE - 1)) {
        let err = read.unwrap_err();
        assert!(matches!(err, RecordError::Clock(_)), "{err:?}");
        assert_eq!(
            err.to_string(),
            "the record's clock is not valid: \"time_used\" is 179 seconds, less than the 180 seconds used when the last round ended"
        );
    }
    // The very second the last round ended is a time the match was saved at.
    assert_eq!(
        read_both_ways(&m, |r| r.time_used = Some(3 * MINUTE)),
        [Ok(()), Ok(())]
    );
}

#[test]
fn a_move_the_rules_refuse_in_a_timed_record_is_reported_at_that_move() {
    // A spare time and a refused move: the move is what a replay reports,
    // with its index, not the clock.
    let m = finished(11);
    let mut record = m.record();
    record.clock.push(20 * MINUTE);
    let wrong_seat = 1 - m.moves()[0].0;
    record.moves[0]["seat"] = wrong_seat.into();
    let variants = |v: &str| Rummy::variant(v).ok();
    assert!(Match::<Rummy>::start_of_record(&record, variants).is_ok());
    let err = Match::<Rummy>::from_record(&record, variants).unwrap_err();
    assert!(
        matches!(err, RecordError::Illegal { index: 0, seat, .. } if seat == wrong_seat),
        "{err:?}"
    );
}

#[test]
fn a_match_for_rounds_still_reads_records_written_before_the_clock() {
    let text = std::fs::read_to_string(format!(
        "{}/../tests/fixtures/rummy-round.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let record = Record::from_json(&text).unwrap();
    assert!(record.clock.is_empty() && record.time_used.is_none());
    let m = Match::<Rummy>::from_record(&record, |v| Rummy::variant(v).ok()).unwrap();
    assert_eq!(m.record().to_json(), record.to_json());
}
