//! The Paper Boxing screen's words in every language: each line a whole
//! match can show, and its results sheet, read without a missing key or an
//! unfilled value, and a refused step worded as the screen words it. (Its
//! own test binary: it switches the language for the whole process.)

use parlour::engine::{Controller, MoveRejected};
use parlour::game_kit::TableGame;
use parlour::games::paper_boxing::results::results_sheet;
use parlour::games::paper_boxing::viewer::viewer_view;
use parlour::games::paper_boxing::words::{band_lines, status_lines};
use parlour::i18n::{Lang, set_language};
use parlour::session::{SeatChoice, Table};
use parlour_core::engine::{Explain, Game, Match};
use parlour_core::games::paper_boxing::{Deal, Move, PaperBoxing};

/// The language is the whole process's: one test at a time switches it.
static LANGUAGE: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn table() -> Table {
    named("Anna", "Ben")
}

fn named(first: &str, second: &str) -> Table {
    Table {
        seats: vec![
            SeatChoice {
                name: first.into(),
                controller: Controller::Human,
            },
            SeatChoice {
                name: second.into(),
                controller: Controller::Bot("solver".into()),
            },
        ],
        game: parlour::catalog::GameId("paper-boxing"),
        ..Table::default()
    }
}

/// Every line of every view of a match played by two bots, then its sheet.
fn all_words(variant: &str) -> Vec<String> {
    all_words_at(variant, &table())
}

/// [`all_words`] at `table`.
fn all_words_at(variant: &str, table: &Table) -> Vec<String> {
    let config = PaperBoxing::variant(variant).unwrap();
    let mut game = Match::<PaperBoxing>::new(variant, config, 2, 3, None).unwrap();
    let mut bots = [
        PaperBoxing::bot("greedy", 1).unwrap(),
        PaperBoxing::bot("solver", 2).unwrap(),
    ];
    let mut words = Vec::new();
    for _ in 0..100 {
        for seat in [Some(0), Some(1), None] {
            words.extend(status_lines(&viewer_view(&game, seat), table));
        }
        let Some(&seat) = game.awaiting().first() else {
            break;
        };
        let mv = bots[seat].choose(&game.view(seat));
        game.submit(seat, mv).unwrap();
    }
    assert!(game.is_over());
    let sheet = results_sheet(&game, table);
    words.extend(sheet.columns);
    words.extend(sheet.rows.into_iter().flat_map(|r| r.1));
    words.extend(sheet.notes);
    words
}

/// A match where seat 0 walks into the bottom-right corner and is KO'd.
fn knock_out_words() -> Vec<String> {
    let deal = Deal {
        grids: vec![
            (0..16).collect(),
            [0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].to_vec(),
        ],
        even: 1,
    };
    let mut game =
        Match::<PaperBoxing>::new("standard", Default::default(), 2, 0, Some(deal)).unwrap();
    let paths: [&[(u8, u8)]; 2] = [
        &[(1, 1), (2, 2), (2, 3), (3, 2), (3, 3)],
        &[(0, 1), (0, 2), (0, 3), (1, 3), (1, 2), (1, 1), (1, 0)],
    ];
    let mut next = [0, 0];
    while let Some(&seat) = game.awaiting().first() {
        let (row, col) = paths[seat][next[seat]];
        next[seat] += 1;
        game.submit(seat, Move::To { row, col }).unwrap();
    }
    assert_eq!(game.state().ko(), Some(0));
    let table = table();
    let mut words = status_lines(&viewer_view(&game, Some(0)), &table);
    let sheet = results_sheet(&game, &table);
    words.extend(sheet.rows.into_iter().flat_map(|r| r.1));
    words.extend(sheet.notes);
    words
}

#[test]
fn every_line_of_a_match_reads_in_every_language() {
    let _language = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
    let mut english = Vec::new();
    for lang in Lang::ALL {
        set_language(lang);
        let mut words = Vec::new();
        for variant in PaperBoxing::variants() {
            words.extend(all_words(variant));
        }
        words.extend(knock_out_words());
        for line in &words {
            assert!(
                !line.contains('{') && !line.contains('}') && !line.contains("pb-"),
                "{}: {line:?}",
                lang.own_name()
            );
        }
        if lang == Lang::En {
            english = words;
        } else {
            assert_ne!(words, english, "{} is not English", lang.own_name());
        }
    }
    set_language(Lang::En);
    let ko = knock_out_words().join("\n");
    assert!(
        ko.contains("Anna has no unused cell next to the end of the path: knocked out!"),
        "{ko}"
    );
    assert!(
        ko.contains("Bout 5:"),
        "the last bout is told with the KO: {ko}"
    );
    assert!(ko.contains("Anna was knocked out in bout 6"), "{ko}");
    assert!(ko.contains("won by knock-out"), "{ko}");
}

/// While a lesson's words (or the coach's question) wait for the person,
/// the band keeps its news but asks for no step: "step to a green cell"
/// would send them to a table that waits for the words.
#[test]
fn the_band_asks_for_no_step_while_words_wait_for_the_person() {
    let _language = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
    set_language(Lang::En);
    let config = PaperBoxing::variant("standard").unwrap();
    let mut game = Match::<PaperBoxing>::new("standard", config, 2, 3, None).unwrap();
    let mut bots = [
        PaperBoxing::bot("greedy", 1).unwrap(),
        PaperBoxing::bot("greedy", 2).unwrap(),
    ];
    let table = table();
    let mut prompts = 0;
    while let Some(&seat) = game.awaiting().first() {
        let view = viewer_view(&game, Some(0));
        let all = status_lines(&view, &table);
        let waiting = band_lines(&view, &table, true);
        assert_eq!(band_lines(&view, &table, false), all);
        if all.iter().any(|l| l.contains("green cell")) {
            prompts += 1;
            assert!(
                waiting.iter().all(|l| !l.contains("green cell")),
                "{waiting:?}"
            );
            assert!(waiting.iter().all(|l| all.contains(l)), "news kept");
        }
        let mv = bots[seat].choose(&game.view(seat));
        game.submit(seat, mv).unwrap();
    }
    assert!(prompts > 0, "Anna was asked to step at least once");
}

/// Seats left unnamed are numbered ("Player 1"): the bouts' tally keeps a
/// name apart from the bouts won beside it, in every language — never
/// "Player 1 1 – 0 Player 2".
#[test]
fn the_tally_keeps_each_name_apart_from_its_score() {
    let _language = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
    for lang in Lang::ALL {
        set_language(lang);
        let words = all_words_at("standard", &named("Player 1", "Player 2"));
        let tallies: Vec<&String> = words.iter().filter(|l| l.contains(" – ")).collect();
        assert!(!tallies.is_empty(), "{}: no tally", lang.own_name());
        for line in tallies {
            for d in 0..=9 {
                assert!(
                    !line.contains(&format!("Player 1 {d}"))
                        && !line.contains(&format!("{d} Player 2")),
                    "{}: {line:?}",
                    lang.own_name()
                );
            }
        }
    }
    set_language(Lang::En);
}

/// A step from D (the top-left cell) to the cell at row 4, column 3, refused
/// by the rules as the screen shows the refusal.
fn refused_far_step() -> MoveRejected<PaperBoxing> {
    let deal = Deal {
        grids: vec![
            (0..16).collect(),
            [0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].to_vec(),
        ],
        even: 1,
    };
    let mut game =
        Match::<PaperBoxing>::new("standard", Default::default(), 2, 0, Some(deal)).unwrap();
    let seat = game.awaiting()[0];
    let mv = Move::To { row: 3, col: 2 };
    let error = game.submit(seat, mv).expect_err("two cells away");
    MoveRejected {
        seat,
        mv,
        reason: error.to_string(),
        phrase: error.phrase(),
    }
}

#[test]
fn a_refused_step_is_worded_in_the_language_on_screen_counting_cells_from_one() {
    let _language = LANGUAGE.lock().unwrap_or_else(|e| e.into_inner());
    let refusal = refused_far_step();
    let expected = [
        (
            Lang::En,
            "Row 4, column 3 is not next to the end of your path (row 1, column 1): \
             step to one of the eight cells around it.",
        ),
        (
            Lang::Fr,
            "La case rangée 4, colonne 3 n’est pas adjacente à la fin de votre ligne \
             (rangée 1, colonne 1)\u{a0}: allez sur l’une des huit cases autour.",
        ),
        (
            Lang::Da,
            "Række 4, kolonne 3 ligger ikke ved enden af din streg (række 1, kolonne 1): \
             gå til et af de otte felter omkring den.",
        ),
    ];
    for (lang, words) in expected {
        set_language(lang);
        assert_eq!(PaperBoxing::refusal_text(&refusal, &table()), words);
    }
    set_language(Lang::En);
}
