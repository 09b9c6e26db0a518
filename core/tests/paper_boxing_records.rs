//! Paper Boxing match records, replays and self-play.

use parlour_core::engine::selfplay::{Options, play_one, run};
use parlour_core::engine::{Game, Match, Record, RecordError};
use parlour_core::games::paper_boxing::{Deal, Move, PaperBoxing};

fn variants(name: &str) -> Option<<PaperBoxing as Game>::Config> {
    PaperBoxing::variant(name).ok()
}

fn played(variant: &str, bots: [&str; 2], index: usize) -> Match<PaperBoxing> {
    let config = PaperBoxing::variant(variant).unwrap();
    let bots: Vec<String> = bots.iter().map(|b| b.to_string()).collect();
    play_one::<PaperBoxing>(&config, variant, &bots, 3, index)
        .expect("bots play legal moves")
        .game
}

#[test]
fn a_seeded_record_starts_with_one_grid_move_per_seat() {
    for variant in PaperBoxing::variants() {
        let m = played(variant, ["solver", "random"], 1);
        assert!(m.is_over());
        let record = m.record();
        assert!(record.deal.is_none());
        let grids: Vec<u64> = record.moves[..2]
            .iter()
            .map(|mv| {
                assert_eq!(mv["grid"].as_array().unwrap().len(), 16);
                mv["seat"].as_u64().unwrap()
            })
            .collect();
        assert_eq!(grids.len(), 2);
        assert_ne!(grids[0], grids[1]);
        assert!(record.moves[2..].iter().all(|mv| mv["to"].is_array()));
        let text = record.to_json();
        let back = Record::from_json(&text).unwrap();
        assert_eq!(
            back.to_json(),
            text,
            "write, read, write gives the same bytes"
        );
        let replayed = Match::<PaperBoxing>::from_record(&back, variants).unwrap();
        assert_eq!(replayed.scores(), m.scores());
        assert_eq!(replayed.winners(), m.winners());
        assert_eq!(replayed.state(), m.state());
    }
}

#[test]
fn a_record_with_a_deal_replays_exactly() {
    let deal = Deal {
        grids: vec![
            (0..16).collect(),
            vec![0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
        ],
        even: 0,
    };
    let config = PaperBoxing::variant("standard").unwrap();
    let mut m = Match::<PaperBoxing>::new("standard", config, 2, 0, Some(deal)).unwrap();
    // 15 + 1 is even and seat 0 is even: seat 0 leads.
    m.submit(0, Move::To { row: 1, col: 1 }).unwrap();
    m.submit(1, Move::To { row: 0, col: 1 }).unwrap();
    let text = m.record().to_json();
    assert!(
        text.contains(r#""deal": {"grids":[[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15],"#),
        "{text}"
    );
    assert!(text.contains(r#"{"seat":0,"to":[1,1]}"#), "{text}");
    let replayed =
        Match::<PaperBoxing>::from_record(&Record::from_json(&text).unwrap(), variants).unwrap();
    assert_eq!(replayed.scores(), vec![0, 1]);
    assert_eq!(
        replayed.awaiting(),
        vec![1],
        "seat 1 won the bout and leads"
    );
}

#[test]
fn a_record_with_a_bad_grid_names_the_move_and_the_reason() {
    let text = r#"{"format": "parlour-record/1", "game": "paper-boxing", "players": 2, "seed": 1,
        "moves": [{"seat": 0, "grid": [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,14]}]}"#;
    let err =
        Match::<PaperBoxing>::from_record(&Record::from_json(text).unwrap(), variants).unwrap_err();
    match err {
        RecordError::Illegal {
            index,
            seat,
            reason,
        } => {
            assert_eq!((index, seat), (0, 0));
            assert!(
                reason.contains("14 twice") && reason.contains("no 15"),
                "{reason}"
            );
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn a_record_stepping_before_the_grids_are_filled_in_is_refused() {
    let text = r#"{"format": "parlour-record/1", "game": "paper-boxing", "players": 2, "seed": 1,
        "moves": [{"seat": 0, "grid": [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]}, {"seat": 0, "to": [0, 1]}]}"#;
    let err =
        Match::<PaperBoxing>::from_record(&Record::from_json(text).unwrap(), variants).unwrap_err();
    assert!(
        matches!(&err, RecordError::Illegal { index: 1, reason, .. } if reason.contains("set-up is not complete")),
        "{err:?}"
    );
    let short = r#"{"format": "parlour-record/1", "game": "paper-boxing", "players": 2, "seed": 1,
        "moves": [{"seat": 0, "grid": [0,1,2]}]}"#;
    let err = Match::<PaperBoxing>::from_record(&Record::from_json(short).unwrap(), variants)
        .unwrap_err();
    assert!(
        matches!(&err, RecordError::MoveSyntax { index: 0, reason } if reason.contains("16 numbers")),
        "{err:?}"
    );
    let bad_deal = r#"{"format": "parlour-record/1", "game": "paper-boxing", "players": 2,
        "deal": {"grids": [[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15], [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,0]]}, "moves": []}"#;
    let err = Match::<PaperBoxing>::from_record(&Record::from_json(bad_deal).unwrap(), variants)
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("D (0) belongs in the top-left corner"),
        "{err}"
    );
}

#[test]
fn selfplay_runs_every_bot_in_every_variant() {
    for variant in PaperBoxing::variants() {
        let summary = run::<PaperBoxing>(&Options {
            variant: variant.to_string(),
            bots: vec!["random".into(), "greedy".into(), "solver".into()][..2].to_vec(),
            games: 4,
            seed: 9,
            players: None,
            threads: 1,
            records: None,
            ..Options::default()
        })
        .unwrap();
        assert_eq!(summary.games, 4);
        let summary = run::<PaperBoxing>(&Options {
            variant: variant.to_string(),
            bots: vec!["solver".into()],
            games: 2,
            seed: 9,
            players: Some(2),
            threads: 1,
            records: None,
            ..Options::default()
        })
        .unwrap();
        assert_eq!(
            summary.wins_per_seat.iter().sum::<usize>(),
            2,
            "someone wins every match"
        );
    }
}

#[test]
fn the_solver_bot_beats_the_random_bot() {
    let summary = run::<PaperBoxing>(&Options {
        variant: "standard".into(),
        bots: vec!["solver".into(), "random".into()],
        games: 8,
        seed: 21,
        players: None,
        threads: 1,
        records: None,
        ..Options::default()
    })
    .unwrap();
    assert_eq!(summary.bots[0].wins, 8, "{summary:?}");
}

#[test]
fn selfplay_reports_the_peak_memory_early_and_at_the_end() {
    let summary = run::<PaperBoxing>(&Options {
        bots: vec!["greedy".into(), "random".into()],
        games: 12,
        threads: 2,
        memory_after: 5,
        ..Options::default()
    })
    .unwrap();
    if cfg!(target_os = "linux") {
        let memory = summary
            .peak_memory
            .clone()
            .expect("Linux tells the peak memory");
        assert_eq!(memory.after_matches, 5);
        assert!(
            memory.early_mib > 0.0 && memory.early_mib <= memory.end_mib,
            "{memory:?}"
        );
        let json = serde_json::to_value(&summary).unwrap();
        assert!(json["peak_memory"]["end_mib"].is_number(), "{json}");
    } else {
        assert!(summary.peak_memory.is_none());
    }
    // Fewer matches than `memory_after`: the early reading is at the end.
    let summary = run::<PaperBoxing>(&Options {
        games: 3,
        memory_after: 100,
        ..Options::default()
    })
    .unwrap();
    if let Some(memory) = summary.peak_memory {
        assert_eq!(memory.after_matches, 3);
    }
}
