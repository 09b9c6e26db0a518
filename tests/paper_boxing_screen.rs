//! The Paper Boxing screen without a window: its layout at the window sizes
//! people use, and whole matches driven through its pointer functions and
//! the rules plugin, and a step made with the keys alone. (The pointer →
//! move mappings themselves are tested beside them, in
//! `games/paper_boxing/input.rs`.)

use std::time::Duration;

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::engine::{ActiveMatch, Controller, FrameStepped, MoveApplied, MoveRequest, TurnPhase};
use parlour::games::paper_boxing::input::keys::Spot;
use parlour::games::paper_boxing::input::{PlayHold, handle_play_pointer, handle_setup_pointer};
use parlour::games::paper_boxing::layout::PbLayout;
use parlour::games::paper_boxing::logic_plugin;
use parlour::games::paper_boxing::setup::{Arrangement, Draft, ScreenRng, SetUpHold};
use parlour::games::paper_boxing::viewer::{legal_cells, viewer_view};
use parlour::games::paper_boxing::words::status_lines;
use parlour::i18n::{Lang, refusal};
use parlour::session::flow::DealSeed;
use parlour::session::{BeginMatch, ResultsSheet, Screen, SeatChoice, Table};
use parlour::settings::Settings;
use parlour::settings::TextSize;
use parlour::ui::input::PointerInput;
use parlour::ui::keys::Focus;
use parlour::ui::theme::{Zoom, size};
use parlour_core::engine::{Explain, Game, Match};
use parlour_core::games::paper_boxing::bots::transpose;
use parlour_core::games::paper_boxing::setup::mix_for;
use parlour_core::games::paper_boxing::solver::keeping_steps;
use parlour_core::games::paper_boxing::{Deal, Grid, Move, PaperBoxing, State as Position};

mod keys;
use keys::{key, press_enter};
mod menus;
use menus::Menus;

const SIZES: [Vec2; 3] = [
    Vec2::new(1280.0, 800.0),
    Vec2::new(1920.0, 1080.0),
    Vec2::new(800.0, 1280.0),
];

/// Other windows people have: the layout must fit them too.
const MORE_SIZES: [Vec2; 6] = [
    Vec2::new(1024.0, 768.0),
    Vec2::new(1366.0, 768.0),
    Vec2::new(1000.0, 1100.0),
    Vec2::new(720.0, 1280.0),
    Vec2::new(1080.0, 1920.0),
    Vec2::new(2560.0, 1440.0),
];

fn layout() -> PbLayout {
    PbLayout::new(Vec2::new(1280.0, 800.0))
}

/// A square of side `side` around `centre`.
fn square(centre: Vec2, side: f32) -> Rect {
    Rect::from_center_size(centre, Vec2::splat(side))
}

/// The smallest panel and a 4K screen, the two ends of the zoom the app
/// lays out at (0.85 and 2.5), and a portrait panel.
const EDGE_SIZES: [Vec2; 3] = [
    Vec2::new(1024.0, 600.0),
    Vec2::new(600.0, 1024.0),
    Vec2::new(3840.0, 2160.0),
];

/// The layout of every window size above at every zoom the app gives it:
/// the window's own, times each text size of the settings.
fn layouts() -> Vec<(Vec2, PbLayout)> {
    let mut out = Vec::new();
    for window in SIZES.into_iter().chain(MORE_SIZES).chain(EDGE_SIZES) {
        let mut zooms: Vec<f32> = TextSize::ALL
            .iter()
            .map(|t| Zoom::for_window(window, t.factor()).0)
            .collect();
        zooms.dedup();
        out.extend(
            zooms
                .into_iter()
                .map(|z| (window, PbLayout::zoomed(window, z))),
        );
    }
    assert!(
        out.iter().any(|(_, l)| l.zoom == 0.85) && out.iter().any(|(_, l)| l.zoom >= 2.5),
        "both ends of the zoom"
    );
    out
}

/// Whether `inner` lies in the window, below the HUD (as tall as the zoom
/// makes it).
fn on_table(window: Vec2, zoom: f32, inner: Rect) -> bool {
    let half = window / 2.0;
    inner.min.x >= -half.x
        && inner.max.x <= half.x
        && inner.min.y >= -half.y
        && inner.max.y <= half.y - size::HUD * zoom
}

fn overlap(a: Rect, b: Rect) -> bool {
    !a.intersect(b).is_empty()
}

// --- Layout -----------------------------------------------------------------

#[test]
fn both_grids_their_names_and_the_band_fit_every_window() {
    for (window, l) in layouts() {
        let window_z = format!("{window} at {}", l.zoom);
        let boards = [0, 1].map(|s| square(l.grids[s], l.board_side()));
        for s in 0..2 {
            assert!(
                on_table(window, l.zoom, boards[s]),
                "{window_z}: grid {s} off the table"
            );
            assert!(
                on_table(window, l.zoom, l.labels[s]),
                "{window_z}: name {s} off the table"
            );
            assert!(
                !overlap(boards[s], l.band),
                "{window_z}: grid {s} under the band"
            );
            assert!(!overlap(l.labels[s], l.band));
            for (b, &board) in boards.iter().enumerate() {
                assert!(
                    !overlap(l.labels[s], board),
                    "{window_z}: name {s} over grid {b}"
                );
            }
            assert!((l.labels[s].height() - l.label_h()).abs() < 0.01);
        }
        assert!(
            !overlap(boards[0], boards[1]),
            "{window_z}: the grids overlap"
        );
        assert!(on_table(window, l.zoom, l.band));
        let notice = l.notice_room();
        for (what, r) in [
            ("grid 0", boards[0]),
            ("grid 1", boards[1]),
            ("name 0", l.labels[0]),
            ("name 1", l.labels[1]),
            ("the set-up grid", square(l.setup_grid, 4.4 * l.setup_cell)),
            ("the tray", l.tray),
        ] {
            assert!(
                !overlap(notice, r),
                "{window_z}: a notice would hide {what}"
            );
        }
        if SIZES.contains(&window) {
            assert_eq!(
                l.stacked,
                window.y > window.x,
                "{window_z}: stacked in portrait"
            );
        }
        if l.stacked {
            assert_eq!(l.grids[0].x, l.grids[1].x);
            assert!(l.grids[0].y > l.grids[1].y);
        } else {
            assert_eq!(l.grids[0].y, l.grids[1].y);
            assert!(l.grids[0].x < l.grids[1].x);
        }
    }
}

#[test]
fn cells_do_not_overlap_and_are_big_enough_to_tap() {
    for (window, l) in layouts() {
        let window_z = format!("{window} at {}", l.zoom);
        assert!(l.face() < l.cell, "faces leave a gap between cells");
        assert!(l.cell >= size::TOUCH, "{window_z}: cells of {} px", l.cell);
        assert!(l.setup_cell >= size::TOUCH);
        assert!(
            l.token() >= size::TOUCH,
            "{window_z}: tokens of {} px",
            l.token()
        );
        assert!(l.token() < l.setup_cell, "a token sits inside its cell");
        for s in 0..2 {
            for c in 0..16u8 {
                let p = l.cell_centre(s, c);
                assert_eq!(l.cell_at(p), Some((s, c)), "{window_z}: cell {s}/{c}");
                assert!(on_table(window, l.zoom, square(p, l.face())), "{window_z}");
                for d in 0..c {
                    let q = l.cell_centre(s, d);
                    assert!(
                        !overlap(square(p, l.face()), square(q, l.face())),
                        "{window_z}: cells {d} and {c} overlap"
                    );
                }
            }
        }
    }
}

#[test]
fn the_set_up_grid_and_tray_fit_every_window() {
    for (window, l) in layouts() {
        let window_z = format!("{window} at {}", l.zoom);
        let board = square(l.setup_grid, 4.4 * l.setup_cell);
        assert!(
            on_table(window, l.zoom, board),
            "{window_z}: set-up grid off the table"
        );
        assert!(
            on_table(window, l.zoom, l.tray),
            "{window_z}: tray off the table"
        );
        assert!(on_table(window, l.zoom, l.setup_label));
        assert!(
            !overlap(board, l.tray),
            "{window_z}: the tray covers the grid"
        );
        assert!(!overlap(board, l.band) && !overlap(l.tray, l.band));
        assert!(!overlap(l.setup_label, board) && !overlap(l.setup_label, l.tray));
        for c in 0..16u8 {
            assert_eq!(l.setup_cell_at(l.setup_cell_centre(c)), Some(c));
        }
        for n in 1..=15u8 {
            let slot = l.tray_slot(n);
            assert_eq!(l.tray_slot_at(slot), Some(n), "{window_z}: slot {n}");
            assert!(l.tray.contains(slot + Vec2::splat(l.token() / 2.0)));
            assert!(l.tray.contains(slot - Vec2::splat(l.token() / 2.0)));
        }
    }
}

#[test]
fn a_near_square_window_keeps_the_grids_side_by_side_when_that_makes_them_larger() {
    let l = PbLayout::new(Vec2::new(1000.0, 1100.0));
    assert!(!l.stacked);
    assert!(l.cell >= 90.0, "cells of {} px", l.cell);
}

// --- Set-up: a grid filled in by dragging ------------------------------

/// Drags from `from` to `to` in a few steps; whether the arrangement changed.
fn drag(l: &PbLayout, hold: &mut SetUpHold, a: &mut Arrangement, from: Vec2, to: Vec2) -> bool {
    let mut changed = handle_setup_pointer(hold, l, a, PointerInput::Down(from));
    for i in 1..=4 {
        let p = from.lerp(to, i as f32 / 4.0);
        changed |= handle_setup_pointer(hold, l, a, PointerInput::Move(p));
    }
    changed | handle_setup_pointer(hold, l, a, PointerInput::Up(to))
}

// --- Whole matches through the screen's input and the rules plugin ---------

fn app_with(controllers: [Controller; 2]) -> App {
    app_with_variant(controllers, "standard")
}

fn app_with_variant(controllers: [Controller; 2], variant: &str) -> App {
    let mut app = App::new();
    // The words checked are English ones, whatever the machine's language.
    app.insert_resource(english());
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin);
    logic_plugin(&mut app);
    app.insert_resource(Table {
        game: parlour::catalog::GameId("paper-boxing"),
        variant: variant.into(),
        seats: controllers
            .into_iter()
            .zip(["Anna", "Ada"])
            .map(|(controller, name)| SeatChoice {
                name: name.into(),
                controller,
            })
            .collect(),
        viewer: None,
        handing_to: None,
    });
    // Each frame a tenth of a second: pauses and animations pass quickly and surely;
    // stepped frame by frame, bots answer within a frame and seeds come from here.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )))
    .insert_resource(FrameStepped::new(17));
    app
}

/// The settings with English on screen: every app of these tests speaks
/// it from its first frame (the language is the whole process's, so no
/// test here switches it, the machine's included).
fn english() -> Settings {
    Settings {
        language: Lang::En,
        ..Settings::default()
    }
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn turn_phase(app: &App) -> TurnPhase {
    *app.world().resource::<State<TurnPhase>>().get()
}

fn game(app: &App) -> &Match<PaperBoxing> {
    app.world().resource::<ActiveMatch<PaperBoxing>>().get()
}

fn begin(app: &mut App) {
    app.update();
    app.world_mut().write_message(BeginMatch);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
}

/// Fills in a grid the way a person does: every number dragged from the
/// tray to a cell.
fn fill_in_by_dragging(l: &PbLayout) -> Move {
    let (mut hold, mut a) = (SetUpHold::Empty, Arrangement::default());
    // A spread that keeps the big numbers apart; any order would do.
    let order = [9, 14, 3, 11, 7, 15, 1, 5, 12, 2, 13, 8, 4, 10, 6];
    for (i, &n) in order.iter().enumerate() {
        let cell = i as u8 + 1;
        assert!(drag(
            l,
            &mut hold,
            &mut a,
            l.tray_slot(n),
            l.setup_cell_centre(cell)
        ));
    }
    Move::Grid(a.grid().expect("every number placed"))
}

/// A person's step: a tap on the highest legal number that keeps the path
/// able to visit every cell (else any legal cell).
fn tap_a_step(app: &App, l: &PbLayout, seat: usize) -> Option<Move> {
    let view = viewer_view(game(app), Some(seat));
    let legal = legal_cells(&view);
    let position = Position::from_view(&view);
    let keep = keeping_steps(position.at(seat), position.used(seat));
    let grid = view.grids[seat]?;
    let cell = legal
        .iter()
        .copied()
        .filter(|c| keep & (1 << c) != 0)
        .max_by_key(|&c| grid[c as usize])
        .or(legal.first().copied())?;
    let p = l.cell_centre(seat, cell);
    let mut hold = PlayHold::Empty;
    let head = *view.paths[seat].last()?;
    handle_play_pointer(&mut hold, l, seat, head, true, PointerInput::Down(p));
    handle_play_pointer(&mut hold, l, seat, head, true, PointerInput::Up(p))
}

#[test]
fn a_whole_match_against_the_solver_bot_reaches_the_results() {
    let mut app = app_with([Controller::Human, Controller::Bot("solver".into())]);
    let l = layout();
    begin(&mut app);
    let mut steps = 0;
    // Stepped frame by frame: the bot answers within a frame, so frames bound the match.
    let mut frames = 0;
    while frames < 20_000 {
        frames += 1;
        app.update();
        if screen(&app) == Screen::Results {
            break;
        }
        if !game(&app).awaiting().contains(&0) {
            continue;
        }
        let mv = match turn_phase(&app) {
            TurnPhase::SetUp => Some(fill_in_by_dragging(&l)),
            TurnPhase::AwaitingMove => tap_a_step(&app, &l, 0),
            _ => None,
        };
        if let Some(mv) = mv {
            steps += matches!(mv, Move::To { .. }) as usize;
            app.world_mut()
                .write_message(MoveRequest::<PaperBoxing> { seat: 0, mv });
        }
    }
    assert_eq!(screen(&app), Screen::Results);
    let game = game(&app);
    assert!(game.is_over());
    assert!(steps >= 7, "the person played the match: {steps} steps");
    let sheet = app.world().resource::<ResultsSheet>();
    assert_eq!(sheet.rows.len(), 2);
    assert_eq!(sheet.rows.iter().filter(|r| r.2).count(), 1, "one winner");
    let winner = game.winners()[0];
    assert!(sheet.rows[winner].2);
    assert_eq!(sheet.rows[0].1[0], game.state().wins()[0].to_string());
    assert!(
        sheet.notes.len() >= 2,
        "how the first leader was found, and how the match was won: {:?}",
        sheet.notes
    );
}

/// Two people at one screen: before each grid, the hand-over screen asks
/// for its player, and a tap on "I am …" — the screen's own button, drawn
/// and tapped through egui — hands the screen to that seat alone.
#[test]
fn two_people_fill_in_their_grids_with_a_hand_over_between() {
    let mut m = Menus::new(|app| {
        app.insert_resource(english()).insert_resource(Table {
            game: parlour::catalog::GameId("paper-boxing"),
            variant: "standard".into(),
            seats: vec![
                SeatChoice {
                    name: "Anna".into(),
                    controller: Controller::Human,
                },
                SeatChoice {
                    name: "Ben".into(),
                    controller: Controller::Human,
                },
            ],
            viewer: None,
            handing_to: None,
        });
    });
    m.app.world_mut().write_message(BeginMatch);
    m.app
        .world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    let l = layout();
    for (seat, name) in [(0, "Anna"), (1, "Ben")] {
        for _ in 0..20 {
            if m.screen() == Screen::HandOver && m.shows(&format!("Pass to {name}")) {
                break;
            }
            m.frames(1);
        }
        assert_eq!(m.screen(), Screen::HandOver, "before {name}'s grid");
        assert_eq!(m.app.world().resource::<Table>().handing_to, Some(seat));
        assert_ne!(
            m.app.world().resource::<Table>().viewer,
            Some(seat),
            "nobody's grid is on screen until {name} taps"
        );
        m.tap(&format!("I am {name}"));
        let table = m.app.world().resource::<Table>();
        assert_eq!(table.viewer, Some(seat), "the screen is {name}'s");
        assert_eq!(table.handing_to, None);
        // "Ready" waits for the last grid's moment on screen to pass.
        for _ in 0..20 {
            if turn_phase(&m.app) == TurnPhase::SetUp && m.screen() == Screen::Play {
                break;
            }
            m.frames(1);
        }
        assert_eq!(m.screen(), Screen::Play);
        assert_eq!(turn_phase(&m.app), TurnPhase::SetUp);
        let view = viewer_view(game(&m.app), Some(seat));
        assert_eq!(view.grids[1 - seat], None, "the other grid is never seen");
        if seat == 1 {
            assert!(view.filled[0], "Anna is ready, her numbers unseen");
        }
        let mv = fill_in_by_dragging(&l);
        m.app
            .world_mut()
            .write_message(MoveRequest::<PaperBoxing> { seat, mv });
        m.frames(1);
    }
    m.frames(10);
    let view = viewer_view(game(&m.app), Some(0));
    assert!(
        view.grids[0].is_some() && view.grids[1].is_some(),
        "revealed"
    );
}

#[test]
fn a_secret_choice_is_not_told_before_both_have_chosen() {
    // The lines read are English ones.
    let _words = menus::language_held();
    let config = PaperBoxing::variant("simultaneous").unwrap();
    let deal = Deal {
        grids: vec![
            vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
            vec![0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
        ],
        even: 1,
    };
    let mut game = Match::<PaperBoxing>::new("simultaneous", config, 2, 0, Some(deal)).unwrap();
    game.submit(1, Move::To { row: 1, col: 1 }).unwrap();
    let table = Table {
        seats: vec![
            SeatChoice {
                name: "Anna".into(),
                controller: Controller::Human,
            },
            SeatChoice {
                name: "Ben".into(),
                controller: Controller::Human,
            },
        ],
        game: parlour::catalog::GameId("paper-boxing"),
        ..Table::default()
    };
    let view = viewer_view(&game, Some(0));
    assert_eq!(view.paths[1], vec![0], "Ben's step is not on his path yet");
    assert_eq!(view.secret, None);
    let lines = status_lines(&view, &table).join("\n");
    assert!(lines.contains("Ben has chosen in secret"), "{lines}");
    assert!(
        !lines.contains("11"),
        "Ben's number (11) is not told: {lines}"
    );
    // Ben, on his turn at the screen, sees his own choice.
    let his = status_lines(&viewer_view(&game, Some(1)), &table).join("\n");
    assert!(his.contains("You chose 11"), "{his}");
}

#[test]
fn the_demo_ends_the_paper_boxing_match_before_the_next_game_begins() {
    use parlour::catalog::GameId;
    use parlour::session::attract::Demo;
    use parlour_core::games::neighbours::Neighbours;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin);
    logic_plugin(&mut app);
    parlour::games::neighbours::logic_plugin(&mut app);
    app.insert_resource(Demo::new(vec![
        GameId("paper-boxing"),
        GameId("neighbours"),
    ]))
    .insert_resource(FrameStepped::new(3));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    let mut saw_paper_boxing = false;
    let mut frames = 0;
    while frames < 20_000 {
        frames += 1;
        app.update();
        saw_paper_boxing |= app.world().contains_resource::<ActiveMatch<PaperBoxing>>();
        if app.world().contains_resource::<ActiveMatch<Neighbours>>() {
            break;
        }
    }
    assert!(saw_paper_boxing, "the demo began with Paper Boxing");
    assert!(app.world().contains_resource::<ActiveMatch<Neighbours>>());
    app.update();
    assert!(
        !app.world().contains_resource::<ActiveMatch<PaperBoxing>>(),
        "one match at a time"
    );
    assert_eq!(screen(&app), Screen::Play);
}

/// Runs frames until the hand-over screen asks for `seat`, then hands the
/// screen over ("I am …") and waits until the seat may move.
fn hand_over_to(app: &mut App, seat: usize, ready: TurnPhase) {
    for _ in 0..20 {
        app.update();
        if screen(app) == Screen::HandOver {
            break;
        }
    }
    assert_eq!(screen(app), Screen::HandOver);
    assert_eq!(app.world().resource::<Table>().handing_to, Some(seat));
    {
        let mut table = app.world_mut().resource_mut::<Table>();
        table.viewer = Some(seat);
        table.handing_to = None;
    }
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    for _ in 0..20 {
        app.update();
        if turn_phase(app) == ready {
            break;
        }
    }
    assert_eq!(turn_phase(app), ready);
}

#[test]
fn simultaneous_bouts_between_two_people_hide_the_first_choice_from_the_second() {
    let mut app = app_with_variant([Controller::Human, Controller::Human], "simultaneous");
    let l = layout();
    begin(&mut app);
    for seat in 0..2 {
        hand_over_to(&mut app, seat, TurnPhase::SetUp);
        let mv = fill_in_by_dragging(&l);
        app.world_mut()
            .write_message(MoveRequest::<PaperBoxing> { seat, mv });
        app.update();
    }
    // The first bout: Anna chooses in secret, then hands over to Ada.
    hand_over_to(&mut app, 0, TurnPhase::AwaitingMove);
    let mv = tap_a_step(&app, &l, 0).expect("a step");
    app.world_mut()
        .write_message(MoveRequest::<PaperBoxing> { seat: 0, mv });
    app.update();
    hand_over_to(&mut app, 1, TurnPhase::AwaitingMove);
    let view = viewer_view(game(&app), Some(1));
    assert_eq!(
        view.paths[0],
        vec![0],
        "Anna's choice is not on her path yet"
    );
    assert!(view.other_chosen);
    let told = status_lines(&view, app.world().resource::<Table>()).join("\n");
    assert!(told.contains("Anna has chosen in secret"), "{told}");
    let mv = tap_a_step(&app, &l, 1).expect("a step");
    app.world_mut()
        .write_message(MoveRequest::<PaperBoxing> { seat: 1, mv });
    app.update();
    let view = viewer_view(game(&app), Some(1));
    assert_eq!(view.bouts, 1, "both chose: the bout is played");
    assert_eq!((view.paths[0].len(), view.paths[1].len()), (2, 2));
}

#[test]
fn a_step_out_of_reach_is_refused_with_the_rules_reason_and_changes_nothing() {
    let mut app = app_with([Controller::Human, Controller::Bot("solver".into())]);
    let l = layout();
    begin(&mut app);
    // Stepped frame by frame: the bot answers within a frame, so frames
    // bound the wait. Ready two frames running: a move applied in a frame (the
    // bot's) changes the turn phase only in the next, and a step asked
    // then would be refused as too early, not as out of reach.
    let mut frames = 0;
    let mut ready_frames = 0;
    while ready_frames < 2 {
        frames += 1;
        assert!(frames < 20_000, "seat 0 never got to step");
        app.update();
        if !game(&app).awaiting().contains(&0) {
            ready_frames = 0;
            continue;
        }
        match turn_phase(&app) {
            TurnPhase::SetUp => {
                ready_frames = 0;
                let grid = fill_in_by_dragging(&l);
                app.world_mut()
                    .write_message(MoveRequest::<PaperBoxing> { seat: 0, mv: grid });
            }
            TurnPhase::AwaitingMove => ready_frames += 1,
            _ => ready_frames = 0,
        }
    }
    let view = viewer_view(game(&app), Some(0));
    let head = *view.paths[0].last().expect("a path starts at D");
    let legal = legal_cells(&view);
    let out_of_reach = (0..16u8)
        .find(|c| *c != head && !legal.contains(c))
        .expect("some cell is out of reach");
    let before = *game(&app).state();
    let p = l.cell_centre(0, out_of_reach);
    let mut hold = PlayHold::Empty;
    handle_play_pointer(&mut hold, &l, 0, head, true, PointerInput::Down(p));
    let mv = handle_play_pointer(&mut hold, &l, 0, head, true, PointerInput::Up(p))
        .expect("the tap asks for the step");
    // The rules' own reason for this step, asked of the rules core apart.
    let refused = PaperBoxing::apply(&mut before.clone(), 0, &mv).expect_err("out of reach");
    let table = app.world().resource::<Table>().clone();
    let expected = refusal(&refused.phrase(), &refused.to_string(), &|s| {
        table.name(s).to_owned()
    });
    app.world_mut()
        .write_message(MoveRequest::<PaperBoxing> { seat: 0, mv });
    app.update();
    app.update();
    assert_eq!(game(&app).state(), &before, "nothing changed");
    let notice = app.world().resource::<parlour::session::Notice>();
    assert!(notice.warning, "shown as a refusal: {}", notice.text);
    assert_eq!(notice.text, expected, "the rules' reason, in English");
    // And that reason names the cell tapped, counted from 1.
    let (row, col) = (out_of_reach / 4 + 1, out_of_reach % 4 + 1);
    assert!(
        expected.starts_with(&format!("Row {row}, column {col} is not next to")),
        "{expected}"
    );
}

/// "Use the bot's arrangement" draws from the equilibrium mix of the
/// viewer's role with the set-up screen's own random source. A bot at the
/// table draws from the table's seed (plus its seat): the suggestions are
/// not what such a bot would write in the viewer's place, press after
/// press, and pressed again the button draws again.
#[test]
fn the_bots_arrangement_is_the_screens_own_draw_not_a_seated_bots_grid() {
    const SEED: u64 = 41;
    let mut app = app_with([Controller::Human, Controller::Bot("solver".into())]);
    app.insert_resource(DealSeed(Some(SEED)));
    begin(&mut app);
    // Stepped frame by frame: the bot answers within a frame.
    for _ in 0..2_000 {
        app.update();
        if game(&app).view(0).filled[1] {
            break;
        }
    }
    let game = game(&app);
    let view = viewer_view(game, Some(0));
    assert!(view.filled[1], "the bot at the table has written its grid");
    let written = game.view(1).grids[1].expect("its grid, seen from its seat");

    // The bot at the table, drawn again from its seed: the same grid.
    let mut twin = PaperBoxing::bot("solver", SEED + 1).unwrap();
    assert_eq!(twin.choose(&game.view(1)), Move::Grid(written));

    let presses = 12;
    let mut screen = ScreenRng::new(Some(&mut FrameStepped::new(SEED)));
    let mut draft = Draft::default();
    let suggested: Vec<Grid> = (0..presses)
        .map(|_| {
            draft.suggest(&view, &mut screen.0);
            draft.arrangement.grid().expect("a whole grid")
        })
        .collect();

    // Each a grid of the viewer's role's mix, or its mirror.
    let mix = mix_for(&view.config, 0, view.even);
    for g in &suggested {
        assert!(mix.grids.contains(g) || mix.grids.contains(&transpose(g)));
    }
    // Pressed again, it draws again: not one grid kept for the match.
    let mut distinct = suggested.clone();
    distinct.sort();
    distinct.dedup();
    assert!(
        distinct.len() >= 3,
        "{} grids in {presses} presses",
        distinct.len()
    );
    // Not the draws of a bot seeded like either seat of this table.
    for seat in 0..2u64 {
        let mut bot = PaperBoxing::bot("solver", SEED + seat).unwrap();
        let bots: Vec<Move> = (0..presses).map(|_| bot.choose(&view)).collect();
        let ours: Vec<Move> = suggested.iter().map(|&g| Move::Grid(g)).collect();
        assert_ne!(ours, bots, "the screen draws like the bot of seat {seat}");
    }
}

#[test]
fn the_keys_alone_make_a_step_and_the_rules_accept_it() {
    let mut app = app_with([Controller::Human, Controller::Bot("solver".into())]);
    app.add_plugins((InputPlugin, parlour::ui::keys::plugin));
    let l = layout();
    app.insert_resource(l.clone());
    begin(&mut app);
    // Seat 0 may step two frames running: a move applied in a frame changes
    // the turn phase only in the next.
    let mut frames = 0;
    let mut ready_frames = 0;
    while ready_frames < 2 {
        frames += 1;
        assert!(frames < 20_000, "seat 0 never got to step");
        app.update();
        let awaited = game(&app).awaiting().contains(&0);
        if awaited && turn_phase(&app) == TurnPhase::SetUp {
            let grid = fill_in_by_dragging(&l);
            app.world_mut()
                .write_message(MoveRequest::<PaperBoxing> { seat: 0, mv: grid });
        }
        let ready = awaited
            && turn_phase(&app) == TurnPhase::AwaitingMove
            && app.world().resource::<Table>().viewer == Some(0)
            && !legal_cells(&viewer_view(game(&app), Some(0))).is_empty();
        ready_frames = if ready { ready_frames + 1 } else { 0 };
    }
    let moves = game(&app).moves().len();
    let legal = legal_cells(&viewer_view(game(&app), Some(0)));
    // The first key shows the focus on a legal cell; Down and Right walk
    // the legal cells only.
    key(&mut app, KeyCode::ArrowDown);
    let focus = |app: &App| app.world().resource::<Focus<Spot>>().on;
    assert!(matches!(focus(&app), Some(Spot::Step(c)) if legal.contains(&c)));
    for arrow in [KeyCode::ArrowDown, KeyCode::ArrowRight] {
        key(&mut app, arrow);
        assert!(matches!(focus(&app), Some(Spot::Step(c)) if legal.contains(&c)));
    }
    let Some(Spot::Step(cell)) = focus(&app) else {
        unreachable!("checked above")
    };
    press_enter(&mut app);
    let applied: Vec<Move> = app
        .world()
        .resource::<Messages<MoveApplied<PaperBoxing>>>()
        .iter_current_update_messages()
        .filter(|a| a.seat == 0)
        .map(|a| a.mv)
        .collect();
    assert_eq!(
        applied,
        vec![Move::to_cell(cell)],
        "the rules applied the step the keys asked for"
    );
    assert!(game(&app).moves().len() > moves);
}
