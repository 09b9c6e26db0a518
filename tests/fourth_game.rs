//! A fourth game needs no change to the shell: a test-only game — Last
//! Stone, take one or two stones, whoever takes the last one wins — is added
//! with one `add_game` call and its own entry, and the catalog, the set-up's
//! table, the match flow, the save slot, "Continue" and attract mode all
//! take it as they take the three games Parlour ships. With an exact
//! analysis and its moves in words, the coach sits beside it too.

use std::ops::RangeInclusive;
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::catalog::{GameCatalog, GameEntry, GameId};
use parlour::coach::{CoachPace, CoachQuestion, Coached};
use parlour::engine::{ActiveMatch, Controller, MoveRequest};
use parlour::game_kit::{AddGame, TableGame};
use parlour::review::ReviewGame;
use parlour::saves::{ResumeMatch, SaveSlot};
use parlour::session::attract::Demo;
use parlour::session::{BeginMatch, ResultsSheet, Screen, SeatChoice, Table};
use parlour::settings::{CoachMode, Settings};
use parlour::sound::Cue;
use parlour::sound::cues::Sounds;
use parlour_core::engine::analysis::{
    Analyse, Analysis, AnalysisError, Analyst, Budget, Candidate, Estimate, Method, best_first,
};
use parlour_core::engine::{
    Bot, BotError, CellSpec, Explain, Game, Match, Phase, Phrase, PieceSpec, Seat, VariantError,
};
use serde::{Deserialize, Serialize};

/// Last Stone: a pile, two players take one or two stones in turn.
struct LastStone;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Pile(u32);

/// A move: how many stones to take (a record writes moves as maps).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Take {
    stones: u32,
}

#[derive(Clone, Debug)]
struct Stones {
    left: u32,
    to_move: Seat,
    winner: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
enum Refusal {
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("take one or two stones, no more than are left")]
    Count,
}

impl Explain for Refusal {
    fn phrase(&self) -> Phrase {
        Phrase::new("refused-no-match")
    }
    fn kinds() -> Vec<Self> {
        vec![Refusal::NotYourTurn, Refusal::Count]
    }
}

impl Game for LastStone {
    const NAME: &'static str = "last-stone";
    const TITLE: &'static str = "Last Stone";
    type Config = Pile;
    type State = Stones;
    type Move = Take;
    type Deal = u32;
    type View = Stones;
    type Outcome = bool;
    type Error = Refusal;

    fn variants() -> &'static [&'static str] {
        &["standard"]
    }
    fn variant(name: &str) -> Result<Pile, VariantError> {
        match name {
            "standard" => Ok(Pile(7)),
            _ => Err(VariantError::new(Self::NAME, name, Self::variants())),
        }
    }
    fn seats(_: &Pile) -> RangeInclusive<usize> {
        2..=2
    }
    fn new_match(config: &Pile, _: usize, _: u64, deal: Option<&u32>) -> Result<Stones, Refusal> {
        Ok(Stones {
            left: deal.copied().unwrap_or(config.0),
            to_move: 0,
            winner: None,
        })
    }
    fn awaiting(state: &Stones) -> Vec<Seat> {
        if state.winner.is_some() {
            vec![]
        } else {
            vec![state.to_move]
        }
    }
    fn phase(state: &Stones) -> Phase {
        if state.winner.is_some() {
            Phase::Over
        } else {
            Phase::Play
        }
    }
    fn apply(state: &mut Stones, seat: Seat, mv: &Take) -> Result<bool, Refusal> {
        if state.winner.is_some() || seat != state.to_move {
            return Err(Refusal::NotYourTurn);
        }
        if !(1..=2).contains(&mv.stones) || mv.stones > state.left {
            return Err(Refusal::Count);
        }
        state.left -= mv.stones;
        if state.left == 0 {
            state.winner = Some(seat);
        }
        state.to_move = 1 - seat;
        Ok(state.winner.is_some())
    }
    fn view(state: &Stones, _: Seat) -> Stones {
        state.clone()
    }
    fn scores(state: &Stones) -> Vec<i64> {
        (0..2).map(|s| i64::from(state.winner == Some(s))).collect()
    }
    fn winners(state: &Stones) -> Vec<Seat> {
        state.winner.into_iter().collect()
    }
    fn cells(_: &Stones) -> Vec<CellSpec> {
        Vec::new()
    }
    fn pieces(_: &Stones) -> Vec<PieceSpec> {
        Vec::new()
    }
    fn report(state: &Stones) -> serde_json::Value {
        serde_json::json!({ "left": state.left })
    }
    fn bots() -> &'static [&'static str] {
        &["sure"]
    }
    fn bot(name: &str, _: u64) -> Result<Box<dyn Bot<Self>>, BotError> {
        match name {
            "sure" => Ok(Box::new(Sure)),
            _ => Err(BotError {
                game: Self::NAME,
                name: name.to_owned(),
                known: "sure".into(),
            }),
        }
    }
    fn move_bound(config: &Pile, _: usize) -> usize {
        config.0 as usize
    }
}

/// Leaves a multiple of three when it can, else takes one.
struct Sure;

impl Bot<LastStone> for Sure {
    fn name(&self) -> &'static str {
        "sure"
    }
    fn choose(&mut self, view: &Stones) -> Take {
        let stones = match view.left % 3 {
            0 => 1,
            r => r,
        };
        Take { stones }
    }
}

impl Sounds for LastStone {
    fn move_cue(_: &bool) -> Option<Cue> {
        Some(Cue::Place)
    }
    fn ends_match(over: &bool) -> bool {
        *over
    }
}

/// Exact: a pile left at a multiple of three is lost for the seat to move.
struct Counted {
    seat: Seat,
    left: u32,
    took: u32,
}

impl Analyst<LastStone> for Counted {
    fn think(&mut self, _: Duration) -> Option<Analysis<Take>> {
        let mut candidates: Vec<Candidate<Take>> = (1..=self.left.min(2))
            .map(|stones| Candidate {
                mv: Take { stones },
                estimate: Estimate::exact(f64::from((self.left - stones).is_multiple_of(3)), None),
                note: None,
            })
            .collect();
        let at = (self.took - 1) as usize;
        let played = best_first(&mut candidates, at);
        Some(Analysis {
            seat: self.seat,
            method: Method::Exact,
            forced: candidates.len() == 1,
            candidates,
            played,
            loss_se: 0.0,
            luck: None,
            margin_points: None,
        })
    }
}

impl Analyse for LastStone {
    const GUESSES: usize = 1;
    const COACH_GUESSES: usize = 1;
    fn analyst(
        before: &Stones,
        played: &Take,
        _: Option<&Stones>,
        _: Budget,
    ) -> Result<Box<dyn Analyst<Self>>, AnalysisError> {
        if !(1..=before.left.min(2)).contains(&played.stones) {
            return Err(AnalysisError::Illegal("take one or two".into()));
        }
        Ok(Box::new(Counted {
            seat: before.to_move,
            left: before.left,
            took: played.stones,
        }))
    }
}

impl Coached for LastStone {
    fn first_guess(_: &Stones) -> Option<Take> {
        Some(Take { stones: 1 })
    }
    fn would(_: &Stones, mv: &Take) -> String {
        format!("The coach would take {}", mv.stones)
    }
    fn why(_: &Stones, _: &Analysis<Take>) -> String {
        "leave a multiple of three".into()
    }
}
// No lesson topics of its own: a lesson of it could still name its moves.
impl parlour_core::engine::lesson::Teach for LastStone {}
impl ReviewGame for LastStone {
    fn move_words(mv: &Take, _: &Stones) -> String {
        format!("takes {}", mv.stones)
    }
    fn better_words(analysis: &Analysis<Take>, _: &Stones) -> String {
        format!(
            "Taking {} leaves a multiple of three.",
            analysis.best().mv.stones
        )
    }
}

impl TableGame for LastStone {
    fn results_sheet(game: &Match<Self>, table: &Table) -> ResultsSheet {
        ResultsSheet {
            columns: vec!["won".into()],
            rows: (0..2)
                .map(|s| {
                    let won = game.winners().contains(&s);
                    (table.name(s).to_owned(), vec![won.to_string()], won)
                })
                .collect(),
            notes: Vec::new(),
            score: None,
        }
    }
}

fn entry() -> GameEntry {
    GameEntry::new::<LastStone>()
        .attract(2, "sure")
        .how_to(&["aim"])
}

/// The headless table with the three shipped games and Last Stone after them.
fn app() -> App {
    let mut app = App::new();
    // English from its first frame, whatever the machine's language: the
    // language is the whole process's, read by the tests running beside.
    app.insert_resource(parlour::settings::Settings {
        language: parlour::i18n::Lang::En,
        ..Default::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin);
    parlour::games::neighbours::logic_plugin(&mut app);
    app.add_game::<LastStone>(entry());
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    app
}

fn last_stone() -> GameId {
    GameId::of::<LastStone>()
}

#[test]
fn the_catalog_lists_a_game_added_with_one_call() {
    let app = app();
    let catalog = app.world().resource::<GameCatalog>();
    let ids: Vec<&str> = catalog.ids().map(GameId::name).collect();
    assert_eq!(
        ids,
        ["neighbours", "last-stone"],
        "in the order they were added"
    );
    let entry = catalog.by_name("last-stone").unwrap();
    assert_eq!(entry.seats, 2..=2, "its seats, from its rules");
    assert_eq!(entry.bots, ["sure"]);
    assert!((entry.check_rules)("standard").is_ok());
    assert!((entry.check_rules)("huge").is_err());
    assert_eq!(
        app.world().resource::<Table>().game,
        GameId("neighbours"),
        "the table starts on the first game added"
    );
}

#[test]
fn a_match_of_the_fourth_game_is_set_up_played_saved_and_continued() {
    let mut app = app();
    let dir = std::env::temp_dir().join(format!("parlour-fourth-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    app.insert_resource(SaveSlot {
        current: Some(dir.join("current.json")),
        history: Some(dir.join("history")),
        unfinished: None,
    });
    *app.world_mut().resource_mut::<Table>() = Table {
        game: last_stone(),
        variant: "standard".into(),
        seats: ["Anna", "Bo"]
            .into_iter()
            .map(|name| SeatChoice {
                name: name.into(),
                controller: Controller::Human,
            })
            .collect(),
        viewer: None,
        handing_to: None,
    };
    // The set-up's Start: the match flow begins the table's game.
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().contains_resource::<ActiveMatch<LastStone>>());
    assert!(
        !app.world()
            .contains_resource::<ActiveMatch<parlour_core::games::neighbours::Neighbours>>()
    );
    // Anna takes two: the save slot keeps the match, and offers to continue it.
    app.world_mut().write_message(MoveRequest::<LastStone> {
        seat: 0,
        mv: Take { stones: 2 },
    });
    for _ in 0..20 {
        app.update();
    }
    let slot = app.world().resource::<SaveSlot>().clone();
    let record = slot.unfinished.clone().expect("the match is kept");
    assert_eq!(record.game, "last-stone");
    assert_eq!(record.moves.len(), 1);
    assert!(slot.can_continue(app.world().resource::<GameCatalog>()));
    assert!(dir.join("current.json").exists(), "written to the slot");
    // Left, then continued: the same position, Bo to move.
    app.world_mut().write_message(parlour::engine::EndMatch);
    app.update();
    app.world_mut().write_message(ResumeMatch(record));
    for _ in 0..5 {
        app.update();
    }
    let notice = app
        .world()
        .resource::<parlour::session::Notice>()
        .text
        .clone();
    let active = app
        .world()
        .get_resource::<ActiveMatch<LastStone>>()
        .unwrap_or_else(|| panic!("not resumed: {notice:?}"));
    assert_eq!(active.get().state().left, 5);
    assert_eq!(active.get().awaiting(), vec![1]);
    // Two people at the table: the screen hands the device to Bo.
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::HandOver
    );
    assert_eq!(app.world().resource::<Table>().handing_to, Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn attract_mode_seats_the_bots_the_fourth_game_asks_for() {
    let mut app = app();
    // Stepped frame by frame: the bots answer within a frame, so the 400
    // frames do not depend on how busy the machine is.
    app.insert_resource(parlour::engine::FrameStepped::new(1));
    app.insert_resource(Demo::new(vec![last_stone()]));
    let mut over = false;
    for _ in 0..400 {
        app.update();
        if let Some(active) = app.world().get_resource::<ActiveMatch<LastStone>>()
            && active.get().is_over()
        {
            over = true;
            break;
        }
    }
    assert!(over, "the bots played a whole match");
    let table = app.world().resource::<Table>();
    assert_eq!(table.game, last_stone());
    assert_eq!(table.seats.len(), 2);
    assert!(
        table
            .seats
            .iter()
            .all(|s| s.controller == Controller::Bot("sure".into()))
    );
}

#[test]
fn the_coach_sits_beside_the_fourth_game_too() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().coach = CoachMode::Warn;
    // Thinking in the frames, with time to finish in one: what the frames
    // see does not hang on a thread's pace.
    app.insert_resource(CoachPace {
        slice: std::time::Duration::from_secs(5),
        most: std::time::Duration::from_secs(5),
        wait: std::time::Duration::from_secs(60),
        beside: false,
    });
    *app.world_mut().resource_mut::<Table>() = Table {
        game: last_stone(),
        variant: "standard".into(),
        seats: vec![
            SeatChoice {
                name: "Anna".into(),
                controller: Controller::Human,
            },
            SeatChoice {
                name: "Bo".into(),
                controller: Controller::Bot("sure".into()),
            },
        ],
        viewer: Some(0),
        handing_to: None,
    };
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    for _ in 0..3 {
        app.update();
    }
    // Seven stones: taking two leaves five, which Bo brings to three.
    app.world_mut().write_message(MoveRequest::<LastStone> {
        seat: 0,
        mv: Take { stones: 2 },
    });
    for _ in 0..3 {
        app.update();
    }
    let game = app.world().resource::<ActiveMatch<LastStone>>().get();
    assert!(game.moves().is_empty(), "held back");
    let question = app.world().resource::<CoachQuestion>().0.clone();
    assert_eq!(
        question.map(|q| q.best),
        Some("The coach would take 1".to_owned())
    );
}
