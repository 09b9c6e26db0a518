//! The `parlour` command line: replay, selfplay and bad input.

use std::path::Path;
use std::process::{Command, Output};

fn parlour(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .output()
        .expect("the parlour binary runs")
}

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

/// Writes `text` to a temporary file named for the test and returns its path.
fn temp_file(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("parlour-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("temp file");
    path.display().to_string()
}

/// The single error line a person sees on stderr.
fn error_line(out: &Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "one error line, got: {stderr}");
    assert!(out.stdout.is_empty(), "no partial result on stdout");
    stderr.trim().to_owned()
}

#[test]
fn replay_of_a_legal_record_prints_scores() {
    let out = parlour(&["replay", &fixture("neighbours-short.json")]);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["ok"], true);
    assert_eq!(v["moves"], 3);
    assert_eq!(v["over"], false);
    // 5 next to the 4, then 3 next to the 4 for seat 0; 6 next to the 5 for seat 1.
    assert_eq!(v["scores"], serde_json::json!([8, 6]));
    assert_eq!(v["winners"], serde_json::json!([]));
}

#[test]
fn replay_of_an_illegal_record_names_the_move_and_the_reason() {
    let out = parlour(&["replay", &fixture("neighbours-illegal.json")]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["ok"], false);
    assert_eq!(v["index"], 3);
    assert_eq!(v["seat"], 1);
    let reason = v["error"].as_str().unwrap();
    assert!(reason.contains("8 cannot go next to 4"), "{reason}");
}

#[test]
fn a_truncated_record_is_one_error_line_and_status_2() {
    let text = std::fs::read_to_string(fixture("neighbours-short.json")).unwrap();
    let path = temp_file("truncated.json", &text[..text.len() / 2]);
    let out = parlour(&["replay", &path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("not a valid match record"));
}

#[test]
fn an_unknown_game_is_refused_by_name() {
    let text = std::fs::read_to_string(fixture("neighbours-short.json")).unwrap();
    let path = temp_file("chess.json", &text.replace("\"neighbours\"", "\"chess\""));
    let out = parlour(&["replay", &path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("unknown game \"chess\""));
}

#[test]
fn an_unknown_variant_is_refused_by_name() {
    let text = std::fs::read_to_string(fixture("neighbours-short.json")).unwrap();
    let path = temp_file(
        "variant.json",
        &text.replace("\"standard\"", "\"hexagonal\""),
    );
    let out = parlour(&["replay", &path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("unknown variant \"hexagonal\""));
}

#[test]
fn a_deal_short_of_fifty_tokens_is_refused() {
    let text = std::fs::read_to_string(fixture("neighbours-short.json")).unwrap();
    let path = temp_file(
        "deal.json",
        &text.replace("\"bag\":[0,0,0,0,", "\"bag\":[0,0,0,"),
    );
    let out = parlour(&["replay", &path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("exactly 5 of each digit"));
}

#[test]
fn a_missing_file_is_one_error_line() {
    let out = parlour(&["replay", "/nonexistent/record.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("cannot read"));
}

#[test]
fn selfplay_prints_a_summary() {
    let out = parlour(&[
        "selfplay",
        "--game",
        "neighbours",
        "--bots",
        "greedy,random",
        "--games",
        "8",
        "--seed",
        "3",
        "--threads",
        "1",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["games"], 8);
    assert_eq!(v["bots"].as_array().unwrap().len(), 2);
    let wins: u64 = v["wins_per_seat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(wins + v["shared_wins"].as_u64().unwrap(), 8);
}

#[test]
fn selfplay_refuses_an_unknown_bot() {
    let out = parlour(&[
        "selfplay",
        "--game",
        "neighbours",
        "--bots",
        "genius,random",
        "--games",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("unknown bot \"genius\""));
}

#[test]
fn selfplay_refuses_an_unknown_game() {
    let out = parlour(&[
        "selfplay", "--game", "go", "--bots", "random", "--games", "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("unknown game \"go\""));
}

#[test]
fn every_command_has_help() {
    for args in [
        vec!["--help"],
        vec!["replay", "--help"],
        vec!["selfplay", "--help"],
    ] {
        let out = parlour(&args);
        assert_eq!(out.status.code(), Some(0));
        assert!(String::from_utf8_lossy(&out.stdout).contains("Usage:"));
    }
}

#[test]
fn replay_of_a_whole_rummy_round_prints_its_scores() {
    // First melds, a rebuild that splits a run, a joker swap and a player going out.
    let out = parlour(&["replay", &fixture("rummy-round.json")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["ok"], true);
    assert_eq!(v["over"], true);
    assert_eq!(v["round_scores"], serde_json::json!([[81, -81]]));
    assert_eq!(v["scores"], serde_json::json!([81, -81]));
    assert_eq!(v["winners"], serde_json::json!([0]));
}

#[test]
fn solve_rummy_lays_the_whole_hand_of_the_example() {
    let out = parlour(&[
        "solve",
        "rummy",
        "--table",
        "r1 r2 r3 | k5 j k7",
        "--hand",
        "r4 o9 b9 k9 j",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["count"], 5);
    assert_eq!(v["table"].as_array().unwrap().len(), 3);
    assert!(v["milliseconds"].as_f64().is_some());
}

#[test]
fn solve_rummy_refuses_an_unknown_card() {
    let out = parlour(&["solve", "rummy", "--table", "", "--hand", "r4 x9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("\"x9\" is not a card"));
}

#[test]
fn solve_paper_boxing_names_the_winner_and_a_best_move() {
    let out = parlour(&["solve", "paper-boxing", &fixture("paper-boxing-bout8.json")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["bout"], 8);
    assert!(v["value"] == "win" || v["value"] == "loss");
    assert!(v["winner"].as_u64().unwrap() < 2);
    assert_eq!(v["best_move"]["seat"], v["to_move"]);
}

#[test]
fn replay_of_a_paper_boxing_record_prints_the_bout_tally() {
    let out = parlour(&["replay", &fixture("paper-boxing-bout8.json")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["moves"], 16);
    let bouts: u64 = v["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .sum();
    assert!(bouts <= 7, "at most seven bouts won after seven bouts");
}

#[test]
fn selfplay_of_no_matches_is_refused() {
    let out = parlour(&[
        "selfplay", "--game", "rummy", "--bots", "random", "--games", "0",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("--games must be 1 or more"));
}

#[test]
fn selfplay_with_a_records_folder_it_cannot_write_is_refused_before_playing() {
    // A folder cannot be made under a file.
    let file = temp_file("records-file", "x");
    let out = parlour(&[
        "selfplay",
        "--game",
        "neighbours",
        "--bots",
        "random",
        "--games",
        "2",
        "--records",
        &format!("{file}/records"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("cannot write records in"));
}

#[test]
fn solve_paper_boxing_refuses_a_record_of_another_game() {
    let out = parlour(&["solve", "paper-boxing", &fixture("neighbours-short.json")]);
    assert_eq!(out.status.code(), Some(2));
    let line = error_line(&out);
    assert!(line.contains("neighbours"), "{line}");
}

#[test]
fn window_flags_are_checked_before_any_window_opens() {
    for (args, words) in [
        (vec!["--window", "big"], "WIDTHxHEIGHT"),
        (vec!["--window", "100x100"], "out of range"),
        (vec!["--window", "9000x800"], "out of range"),
        (vec!["--screenshot", "shot.png"], "--frames"),
        (vec!["--game", "rummy"], "--demo"),
        (vec!["--frame-stats"], "--frames"),
        (
            vec!["--frames", "9", "--screenshot-also-at", "5"],
            "--screenshot",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_parlour"))
            .args(&args)
            // No display: a flag that got through would fail on that instead.
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error:"), "{args:?}: {stderr}");
        assert!(stderr.contains(words), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn replay_of_a_match_played_for_a_time_ends_where_its_clock_says() {
    let out = parlour(&["replay", &fixture("rummy-fifteen-minutes.json")]);
    assert!(out.status.success());
    let result = json(&out);
    assert_eq!(result["over"], true);
    assert_eq!(result["minutes"], 15);
    assert_eq!(result["time_is_up"], true);
    let times: Vec<u64> = result["round_results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["clock"].as_u64().unwrap())
        .collect();
    assert_eq!(times, vec![262, 611, 905]);
}

#[test]
fn a_bad_playing_time_is_refused_with_the_reason() {
    for (minutes, says) in [
        (
            "0",
            "minutes must be a whole number from 1 to 600, not \"0\"",
        ),
        ("-5", "not \"-5\""),
        ("abc", "not \"abc\""),
        ("100000", "not \"100000\""),
    ] {
        let text = format!(
            r#"{{"format": "parlour-record/1", "game": "rummy", "variant": "standard,minutes={minutes}", "players": 2, "seed": 1, "moves": []}}"#
        );
        let out = parlour(&["replay", &temp_file(&format!("minutes-{minutes}"), &text)]);
        assert_eq!(out.status.code(), Some(2));
        let line = error_line(&out);
        assert!(line.contains(says), "minutes={minutes}: {line}");
    }
    let text = r#"{"format": "parlour-record/1", "game": "rummy", "variant": "standard,rounds=3,minutes=30", "players": 2, "seed": 1, "moves": []}"#;
    let out = parlour(&["replay", &temp_file("rounds-and-minutes", text)]);
    assert!(!out.status.success());
    assert!(error_line(&out).contains("not both (rounds=3 and minutes=30)"));
    let out = parlour(&[
        "selfplay",
        "--game",
        "rummy",
        "--bots",
        "greedy,greedy",
        "--games",
        "1",
        "--seed",
        "1",
        "--variant",
        "standard,minutes=15",
    ]);
    assert!(!out.status.success());
    assert!(error_line(&out).contains("self-play has no clock"));
}

/// The fifteen-minute Rummy record with `change` made to it, in a file
/// named for the test.
fn timed_record(name: &str, change: impl FnOnce(&mut serde_json::Value)) -> String {
    let text = std::fs::read_to_string(fixture("rummy-fifteen-minutes.json")).unwrap();
    let mut record: serde_json::Value = serde_json::from_str(&text).unwrap();
    change(&mut record);
    temp_file(name, &record.to_string())
}

#[test]
fn a_timed_record_whose_clock_gives_more_times_than_rounds_ended_is_refused() {
    // As played it replays: the refusal below is the spare time's alone.
    let played = parlour(&["replay", &timed_record("clock-as-played.json", |_| {})]);
    assert!(played.status.success());
    // A fourth time, a minute after the third round (the last) ended.
    let spare = timed_record("clock-spare.json", |r| {
        r["clock"].as_array_mut().unwrap().push(965.into());
    });
    let out = parlour(&["replay", &spare]);
    assert_eq!(out.status.code(), Some(2));
    let line = error_line(&out);
    assert!(
        line.contains("it gives 4 times, but 3 rounds ended"),
        "{line}"
    );
}

#[test]
fn a_timed_record_whose_time_used_is_less_than_its_last_clock_entry_is_refused() {
    // The match saved five moves into round 2 (its 55th move ended round
    // 1, at 4:22), so one time in its clock.
    let saved = |name: &str, used: u64| {
        timed_record(name, |r| {
            r["moves"].as_array_mut().unwrap().truncate(60);
            r["clock"] = serde_json::json!([262]);
            r["time_used"] = used.into();
        })
    };
    // Saved the very second round 1 ended: a time the match was saved at.
    let out = parlour(&["replay", &saved("time-used-262.json", 262)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = parlour(&["replay", &saved("time-used-261.json", 261)]);
    assert_eq!(out.status.code(), Some(2));
    let line = error_line(&out);
    assert!(
        line.contains(
            "\"time_used\" is 261 seconds, less than the 262 seconds used when the last round ended"
        ),
        "{line}"
    );
}

#[test]
fn review_of_a_paper_boxing_record_grades_every_step_exactly() {
    let out = parlour(&["review", &fixture("paper-boxing-bout8.json")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["game"], "paper-boxing");
    let decisions = v["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty());
    let mut exact = 0;
    for d in decisions {
        assert!(d["best"].is_object() && d["played"].is_object());
        assert_eq!(d["played_estimate"]["win_se"], 0.0);
        if d["played"].get("grid").is_some() {
            assert_eq!(d["method"], "against-bots-mix");
            continue;
        }
        assert_eq!(d["method"], "exact");
        let loss = d["loss"].as_f64().unwrap();
        assert!(loss == 0.0 || loss == 100.0, "exact: {loss}");
        exact += 1;
    }
    assert!(exact > 0);
    assert_eq!(v["seats"].as_array().unwrap().len(), 2);
}

#[test]
fn review_is_the_same_on_one_thread_and_on_two() {
    let file = fixture("neighbours-short.json");
    let one = parlour(&[
        "review",
        &file,
        "--budget",
        "20",
        "--seed",
        "3",
        "--threads",
        "1",
    ]);
    let two = parlour(&[
        "review",
        &file,
        "--budget",
        "20",
        "--seed",
        "3",
        "--threads",
        "2",
    ]);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(json(&one), json(&two));
    let v = json(&one);
    let d = &v["decisions"][0];
    for field in [
        "index",
        "seat",
        "played",
        "best",
        "played_estimate",
        "best_estimate",
        "loss",
        "grade",
    ] {
        assert!(!d[field].is_null(), "{field} in {d}");
    }
    for field in ["accuracy", "grades", "luck"] {
        assert!(!v["seats"][0][field].is_null(), "{field}");
    }
}

#[test]
fn review_refuses_a_broken_record_in_one_line() {
    let out = parlour(&[
        "review",
        &temp_file(
            "review-broken.json",
            "{\"format\": \"parlour-record/1\", \"game\": ",
        ),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("review-broken.json"));
    let out = parlour(&["review", &fixture("neighbours-illegal.json")]);
    assert_eq!(out.status.code(), Some(2));
    let line = error_line(&out);
    assert!(
        line.contains("move 3") && line.contains("illegal"),
        "{line}"
    );
}

#[test]
fn review_refuses_an_unknown_game_or_variant_by_name() {
    let text = std::fs::read_to_string(fixture("neighbours-short.json")).unwrap();
    let variant = text.replacen("\"standard\"", "\"hexagons\"", 1);
    let out = parlour(&["review", &temp_file("review-variant.json", &variant)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("hexagons"));
    let game = text.replacen("\"neighbours\"", "\"chess\"", 1);
    let out = parlour(&["review", &temp_file("review-game.json", &game)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("chess"));
}

#[test]
fn balance_prints_the_card_of_a_variant_beside_the_one_it_started_from_the_same_each_time() {
    let args = [
        "balance",
        "neighbours:standard,hand=6",
        "--games",
        "4",
        "--seed",
        "1",
    ];
    let out = parlour(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let card = json(&out);
    assert_eq!(card["variant"]["rules"], "standard,hand=6");
    assert_eq!(card["against"]["rules"], "standard");
    assert_eq!(card["variant"]["games"], 4);
    assert!(card["variant"]["moves"]["mean"].as_f64().unwrap() > 0.0);
    let share = card["variant"]["first_seat"]["share"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&share));
    assert_eq!(
        parlour(&args).stdout,
        out.stdout,
        "the same seed, the same card"
    );
}

#[test]
fn balance_of_a_damaged_link_is_refused_in_one_line() {
    let out = parlour(&["balance", "1.garbage!!"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(error_line(&out).contains("not a Parlour variant"));
}
