//! The lesson files (`assets/lessons/*.lesson.ron`): each replays through the
//! rules of its game, each step shows what it says it shows, and every line
//! has its words in every language Parlour speaks.

use std::path::{Path, PathBuf};

use parlour_core::engine::lesson::{EXTENSION, Lesson, LessonError, Refusal, Teach};
use parlour_core::games::neighbours::{Move, Neighbours, Placement, RuleError};
use parlour_core::games::{ForLesson, NAMES, for_lesson};

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets")
}

/// The languages Parlour ships: one folder each under `assets/locales`.
fn languages() -> Vec<String> {
    let mut langs: Vec<String> = std::fs::read_dir(assets().join("locales"))
        .expect("the locales folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    langs.sort();
    langs
}

/// Every lesson file, with its name.
fn lessons() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(assets().join("lessons"))
        .expect("the lessons folder")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(EXTENSION))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            (p.file_name().unwrap().to_string_lossy().into_owned(), text)
        })
        .collect();
    files.sort();
    files
}

fn lesson(game: &str) -> Lesson {
    let (_, text) = lessons()
        .into_iter()
        .find(|(name, _)| name == &format!("{game}.{EXTENSION}"))
        .unwrap_or_else(|| panic!("no lesson for {game}"));
    Lesson::from_ron(&text).expect("the lesson reads")
}

struct Check<'a> {
    lesson: &'a Lesson,
    languages: &'a [&'a str],
}

impl ForLesson for Check<'_> {
    type Output = Result<(), LessonError>;
    fn run<G: Teach>(self) -> Self::Output {
        self.lesson.check::<G>(self.languages)
    }
}

fn check(lesson: &Lesson) -> Result<(), LessonError> {
    let langs = languages();
    let langs: Vec<&str> = langs.iter().map(String::as_str).collect();
    for_lesson(
        &lesson.game,
        Check {
            lesson,
            languages: &langs,
        },
    )
    .map_err(|reason| LessonError { step: None, reason })?
}

#[test]
fn every_lesson_replays_through_the_rules_in_every_language() {
    let files = lessons();
    assert!(!files.is_empty(), "no lesson files");
    for (name, text) in files {
        let lesson = Lesson::from_ron(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            name,
            format!("{}.{EXTENSION}", lesson.game),
            "a lesson file is named after its game"
        );
        check(&lesson).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn every_game_has_a_lesson() {
    let files: Vec<String> = lessons().into_iter().map(|(name, _)| name).collect();
    for game in NAMES {
        assert!(
            files.contains(&format!("{game}.{EXTENSION}")),
            "{game} has no lesson"
        );
    }
}

#[test]
fn the_three_languages_are_asked_for() {
    assert_eq!(languages(), ["da", "en", "fr"]);
}

#[test]
fn a_missing_line_fails_the_check() {
    let mut lesson = lesson("neighbours");
    lesson.steps[3].say.remove("fr");
    let e = check(&lesson).unwrap_err();
    assert!(
        e.reason.contains("step 4") && e.reason.contains("fr"),
        "{e}"
    );

    let mut lesson = self::lesson("rummy");
    lesson.summary[1].insert("da".into(), "  ".into());
    let e = check(&lesson).unwrap_err();
    assert!(
        e.reason.contains("summary line 2") && e.reason.contains("empty"),
        "{e}"
    );

    let mut lesson = self::lesson("paper-boxing");
    lesson.summary.pop();
    assert!(check(&lesson).unwrap_err().reason.contains("three"));
}

#[test]
fn a_lesson_step_refuses_an_illegal_move_with_the_rules_reason() {
    let script = lesson("neighbours").typed::<Neighbours>().unwrap();
    let game = script.start.clone();
    // Step 2 asks for the 9 above the 8; the hand also holds a 4 and a 0.
    let step = &script.steps[1];
    let four = Move::Place(Placement {
        digit: 4,
        row: 2,
        col: 5,
    });
    match step.judge(&game, 0, &four) {
        Err(Refusal::Rules(e)) => {
            assert_eq!(
                e,
                RuleError::NotConsecutive {
                    digit: 4,
                    neighbour: 8
                }
            );
            assert!(e.to_string().contains("consecutive"), "{e}");
        }
        other => panic!("expected the rules' refusal, got {other:?}"),
    }
    // Legal, but not what the step asks.
    let elsewhere = Move::Place(Placement {
        digit: 9,
        row: 3,
        col: 4,
    });
    assert_eq!(step.judge(&game, 0, &elsewhere), Err(Refusal::NotThisStep));
    // The bot's step is not the learner's to play.
    assert_eq!(
        script.steps[2].judge(&game, 0, &four),
        Err(Refusal::NotYours)
    );
    let right = step.moves[0];
    assert_eq!(step.judge(&game, 0, &right), Ok(()));
}

#[test]
fn a_pass_where_a_token_fits_is_refused_by_the_rules() {
    let mut lesson = lesson("neighbours");
    lesson.steps[1].moves = vec![serde_json::json!({"pass": true})];
    let e = check(&lesson).unwrap_err();
    assert_eq!(e.step, Some(1));
    assert!(e.reason.contains("you must"), "{e}");
}

#[test]
fn a_topic_the_step_does_not_show_fails_the_check() {
    // The first placement is on a plain cell: no K bonus there.
    let mut lesson = lesson("neighbours");
    lesson.steps[1].topics = vec!["k-bonus".into()];
    let e = check(&lesson).unwrap_err();
    assert!(e.to_string().contains("does not show k-bonus"), "{e}");

    // A drawn bout is not a won one.
    let mut lesson = self::lesson("paper-boxing");
    lesson.steps[10].topics = vec!["win-bout".into()];
    assert_eq!(
        check(&lesson),
        Err(LessonError {
            step: Some(10),
            reason: "it does not show win-bout: nobody wins a bout with this step".into(),
        })
    );

    // Drawing is not a first meld.
    let mut lesson = self::lesson("rummy");
    lesson.steps[1].topics = vec!["first-meld".into()];
    assert_eq!(
        check(&lesson),
        Err(LessonError {
            step: Some(1),
            reason: "it does not show first-meld: the step does not make a first meld".into(),
        })
    );
}

#[test]
fn an_unknown_topic_is_refused_with_the_list() {
    let mut lesson = lesson("rummy");
    lesson.steps[3].topics.push("castling".into());
    let e = check(&lesson).unwrap_err();
    assert!(
        e.reason.contains("castling") && e.reason.contains("first-meld"),
        "{e}"
    );
}

#[test]
fn scores_the_words_quote_are_the_rules_scores() {
    let mut lesson = lesson("neighbours");
    lesson.steps[4].scores = Some(vec![19, 15]);
    let e = check(&lesson).unwrap_err();
    assert!(e.reason.contains("[19, 16]"), "{e}");
}

#[test]
fn a_lesson_plays_its_match_to_the_end() {
    let mut lesson = lesson("paper-boxing");
    lesson.steps.pop();
    let e = check(&lesson).unwrap_err();
    assert!(e.reason.contains("end"), "{e}");
}

#[test]
fn every_alternative_move_is_replayed_too() {
    // A second accepted move that leads where the next steps cannot follow.
    let mut lesson = lesson("neighbours");
    lesson.steps[1]
        .moves
        .push(serde_json::json!({"place": {"digit": 9, "row": 3, "col": 4}}));
    let e = check(&lesson).unwrap_err();
    assert!(e.step.is_some_and(|s| s > 1), "{e}");
}

#[test]
fn a_rummy_step_takes_its_sets_in_any_order() {
    use parlour_core::games::rummy::{Move as Play, Rummy};
    let script = lesson("rummy").typed::<Rummy>().unwrap();
    let meld: Play = serde_json::from_value(
        serde_json::json!({"play": [["o3", "k3", "b3"], ["r10", "r11", "r12"]]}),
    )
    .unwrap();
    assert!(script.steps[3].accepts(&meld));
}

#[test]
fn a_pointed_piece_must_be_there() {
    let mut lesson = lesson("rummy");
    lesson.steps[3].point = Some(parlour_core::engine::lesson::Point::Piece("r13".into()));
    let e = check(&lesson).unwrap_err();
    assert!(e.reason.contains("r13"), "{e}");
}

#[test]
fn a_file_that_is_not_a_lesson_says_where() {
    let e = Lesson::from_ron("(game: \"neighbours\", players: two)").unwrap_err();
    assert!(e.reason.starts_with("line 1"), "{e}");
}

#[test]
fn nothing_to_lay_is_checked_by_the_solver() {
    // On the second turn the learner can meld: "nothing to lay" is false there.
    let mut lesson = lesson("rummy");
    lesson.steps[3].moves = vec![serde_json::json!({"draw": true})];
    lesson.steps[3].topics = vec!["nothing-to-lay".into()];
    let e = check(&lesson).unwrap_err();
    assert!(e.reason.contains("could lay"), "{e}");
}
