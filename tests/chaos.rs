//! The whole app under a seeded stream of random input, headless, with its
//! invariants checked every frame (see `monkey/mod.rs`, after Android's UI/Application Exerciser Monkey). A short run of a
//! fixed seed here; `scripts/chaos.sh SEEDS MINUTES` runs as long as asked,
//! through `examples/chaos.rs`.

mod monkey;
use monkey as chaos;

/// A fixed seed for about a minute: every screen reached by chance, and
/// every invariant held after every frame. A seed's path changes with the
/// screens themselves: seed 1's came to spend its minute at a table hosted
/// for phones, whose moves are the host's and not the window's, and played
/// none here. The assertions below say when a seed proves too little; seed
/// 3 (a kiosk's run) plays about 185 moves of every kind.
#[test]
fn a_minute_of_random_input_breaks_no_invariant() {
    let tally = chaos::run(3, 600, |_| true).unwrap_or_else(|f| panic!("{f}"));
    println!("{}", tally.report());
    assert_eq!(tally.steps, 600);
    // A run where nothing was played, or nothing checked against its
    // record, would hold every invariant and prove nothing.
    let moves: usize = tally.moves.values().sum();
    assert!(moves > 0, "no move played: {}", tally.report());
    assert!(tally.replays > 0, "no record replayed: {}", tally.report());
    for screen in ["Title", "Setup", "Play"] {
        assert!(
            tally.screens.get(screen).is_some_and(|&n| n > 0),
            "the run never reached {screen}: {}",
            tally.report()
        );
    }
}

/// A seed decides the whole run: played twice, the same events, frames,
/// moves and screens — so a failure's seed and step count reproduce it.
#[test]
fn the_same_seed_plays_the_same_run() {
    let once = chaos::run(2, 120, |_| true).unwrap_or_else(|f| panic!("{f}"));
    let again = chaos::run(2, 120, |_| true).unwrap_or_else(|f| panic!("{f}"));
    let sum = |t: &chaos::Tally| {
        (
            t.steps,
            t.events,
            t.frames,
            t.restarts,
            t.moves.clone(),
            t.screens.clone(),
        )
    };
    assert_eq!(sum(&once), sum(&again));
}

/// Two people at Paper Boxing: while the hand-over screen asks for the
/// device to be passed, the grid Anna has just written is not drawn under
/// it, nor any number of the set-up.
#[test]
fn the_hand_over_screen_draws_no_hidden_grid_under_it() {
    use bevy::prelude::*;
    use parlour::engine::{ActiveMatch, Controller, MoveRequest};
    use parlour::session::{BeginMatch, Screen, SeatChoice, Table};
    use parlour_core::engine::Game;
    use parlour_core::games::paper_boxing::PaperBoxing;

    chaos::with_app(11, (1280, 800), |app| {
        app.update();
        let person = |name: &str| SeatChoice {
            name: name.into(),
            controller: Controller::Human,
        };
        *app.world_mut().resource_mut::<Table>() = Table {
            game: parlour::catalog::GameId("paper-boxing"),
            seats: vec![person("Anna"), person("Ben")],
            ..Table::default()
        };
        app.world_mut().write_message(BeginMatch);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Play);
        let screen = |app: &App| *app.world().resource::<State<Screen>>().get();
        let mut handed_over = 0;
        // Frames under the hand-over screen with a grid written: the
        // opening hand-over, before any, has nothing to hide.
        let mut over_a_grid = 0;
        let mut written = 0;
        for _ in 0..400 {
            app.update();
            let seen = chaos::hidden_drawn(app.world_mut());
            assert!(
                seen.is_empty(),
                "drawn under the hand-over screen: {seen:?}"
            );
            match screen(app) {
                Screen::HandOver => {
                    handed_over += 1;
                    over_a_grid += usize::from(written > 0);
                    // Tapped through after a few frames, as a person would.
                    if handed_over % 10 == 0 {
                        let mut table = app.world_mut().resource_mut::<Table>();
                        table.viewer = table.handing_to.take();
                        app.world_mut()
                            .resource_mut::<NextState<Screen>>()
                            .set(Screen::Play);
                    }
                }
                Screen::Play => {
                    let active = app.world().resource::<ActiveMatch<PaperBoxing>>();
                    let viewer = app.world().resource::<Table>().viewer;
                    let Some(seat) = viewer.filter(|s| active.get().awaiting().contains(s)) else {
                        continue;
                    };
                    if written >= 2 {
                        break;
                    }
                    let mut bot = PaperBoxing::bot("random", seat as u64).expect("a bot");
                    let mv = bot.choose(&active.get().view(seat));
                    app.world_mut()
                        .write_message(MoveRequest::<PaperBoxing> { seat, mv });
                    written += 1;
                }
                _ => {}
            }
        }
        assert!(
            over_a_grid >= 10,
            "the hand-over screen came over a written grid ({over_a_grid} of {handed_over} frames)"
        );
        assert!(written >= 2, "both grids were written ({written})");
    });
}

/// Keys left to a name field egui is editing never reach the table: in a
/// match on screen, with a text field holding the keyboard (egui's own
/// "wants the keyboard", worked out by bevy_egui from the frame), arrows
/// and Enter go into the field; once it lets go, the first arrow is the
/// table's again.
#[test]
fn the_table_ignores_the_keys_while_a_name_field_has_them() {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    use bevy::prelude::*;
    use bevy::window::{PrimaryWindow, WindowEvent};
    use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
    use parlour::engine::{ActiveMatch, Controller, TurnPhase};
    use parlour::session::{BeginMatch, Screen, SeatChoice, Table};
    use parlour::ui::keys::KeyInput;
    use parlour_core::games::neighbours::Neighbours;

    /// A name field over the table, holding the keyboard while `0` is set.
    #[derive(Resource, Default)]
    struct Field(bool, String);
    fn field(mut contexts: EguiContexts, mut field: ResMut<Field>) -> Result {
        let Field(on, text) = &mut *field;
        if !*on {
            return Ok(());
        }
        egui::Area::new(egui::Id::new("a-name")).show(contexts.ctx_mut()?, |ui| {
            ui.text_edit_singleline(text).request_focus();
        });
        Ok(())
    }

    chaos::with_app(13, (1280, 800), |app| {
        app.init_resource::<Field>()
            .add_systems(EguiPrimaryContextPass, field);
        app.update();
        let you = |name: &str, controller| SeatChoice {
            name: name.into(),
            controller,
        };
        *app.world_mut().resource_mut::<Table>() = Table {
            game: parlour::catalog::GameId("neighbours"),
            seats: vec![
                you("Anna", Controller::Human),
                you("Ada", Controller::Bot("greedy".into())),
            ],
            ..Table::default()
        };
        app.world_mut().write_message(BeginMatch);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Play);
        let mut annas_turn = false;
        for _ in 0..600 {
            app.update();
            let anna = app
                .world()
                .get_resource::<ActiveMatch<Neighbours>>()
                .is_some_and(|m| m.get().awaiting() == vec![0]);
            if anna && *app.world().resource::<State<TurnPhase>>().get() == TurnPhase::AwaitingMove
            {
                annas_turn = true;
                break;
            }
        }
        // The keys below are the table's only on Anna's turn: without it
        // the last check would prove nothing of the field.
        assert!(annas_turn, "Anna's turn came in 600 frames");
        let window = app
            .world_mut()
            .query_filtered::<Entity, With<PrimaryWindow>>()
            .single(app.world())
            .expect("the window");
        let press = |app: &mut App, key_code: KeyCode, logical_key: Key| {
            for state in [ButtonState::Pressed, ButtonState::Released] {
                let key = KeyboardInput {
                    key_code,
                    logical_key: logical_key.clone(),
                    state,
                    text: None,
                    repeat: false,
                    window,
                };
                app.world_mut().write_message(key.clone());
                app.world_mut().write_message(WindowEvent::from(key));
                app.update();
            }
        };
        let mut cursor = app
            .world()
            .resource::<Messages<KeyInput>>()
            .get_cursor_current();
        app.world_mut().resource_mut::<Field>().0 = true;
        app.update();
        app.update();
        for (code, key) in [
            (KeyCode::ArrowRight, Key::ArrowRight),
            (KeyCode::Enter, Key::Enter),
            (KeyCode::ArrowDown, Key::ArrowDown),
        ] {
            press(app, code, key);
        }
        let reached: Vec<KeyInput> = cursor
            .read(app.world().resource::<Messages<KeyInput>>())
            .copied()
            .collect();
        assert_eq!(
            reached,
            [],
            "no key reached the table while the field had them"
        );
        app.world_mut().resource_mut::<Field>().0 = false;
        app.update();
        app.update();
        press(app, KeyCode::ArrowRight, Key::ArrowRight);
        let reached: Vec<KeyInput> = cursor
            .read(app.world().resource::<Messages<KeyInput>>())
            .copied()
            .collect();
        assert_eq!(reached, [KeyInput::Show], "the table's again");
    });
}

/// Two bots at Neighbours, on screen: after each token placed, one ring
/// is shown, on that token's cell; the next placement moves it there.
#[test]
fn the_last_token_placed_wears_the_ring_and_the_next_move_moves_it() {
    use bevy::prelude::*;
    use parlour::engine::{ActiveMatch, Controller};
    use parlour::games::neighbours::layout::BoardLayout;
    use parlour::games::neighbours::{LastPlaced, last_placed_cell};
    use parlour::session::{BeginMatch, Screen, SeatChoice, Table};
    use parlour_core::games::neighbours::Neighbours;

    chaos::with_app(17, (1280, 800), |app| {
        app.update();
        let bot = |name: &str| SeatChoice {
            name: name.into(),
            controller: Controller::Bot("greedy".into()),
        };
        *app.world_mut().resource_mut::<Table>() = Table {
            game: parlour::catalog::GameId("neighbours"),
            seats: vec![bot("Ada"), bot("Bram")],
            ..Table::default()
        };
        app.world_mut().write_message(BeginMatch);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Play);
        let mut cells_marked = Vec::new();
        for _ in 0..600 {
            app.update();
            let Some(active) = app.world().get_resource::<ActiveMatch<Neighbours>>() else {
                continue;
            };
            let last = last_placed_cell(active);
            let Some(layout) = app.world().get_resource::<BoardLayout>().cloned() else {
                continue;
            };
            let rings: Vec<(Vec2, bool)> = app
                .world_mut()
                .query_filtered::<(&Transform, &Visibility), With<LastPlaced>>()
                .iter(app.world())
                .map(|(t, v)| (t.translation.truncate(), *v == Visibility::Visible))
                .collect();
            if rings.is_empty() && last.is_none() {
                // The table's first frame: its pieces are still being laid.
                continue;
            }
            assert_eq!(rings.len(), 1, "one ring on the table");
            let (at, shown) = rings[0];
            assert_eq!(shown, last.is_some(), "shown once a token is placed");
            if let Some(cell) = last {
                assert!(
                    at.distance(layout.cell_centre(cell)) < 0.5,
                    "the ring at {at}, the last token in cell {cell}"
                );
                if cells_marked.last() != Some(&cell) {
                    cells_marked.push(cell);
                }
            }
            if cells_marked.len() >= 4 {
                break;
            }
        }
        assert!(
            cells_marked.len() >= 4,
            "the ring followed four placements: {cells_marked:?}"
        );
    });
}

/// Bots play game `game` to its end in the whole app, and the results
/// sheet is folded away as "See the table" folds it (tests/results_sheet.rs
/// taps it): every cell and every piece of the rules' board that the game's
/// own view draws is shown and inside the window — and the view draws some:
/// at least `pieces` pieces, and `numbers` numbers on the cells (Paper
/// Boxing's grids, written on their cells rather than as pieces).
fn the_final_table_is_drawn_with_the_sheet_folded(
    game: &'static str,
    bot: &str,
    seed: u64,
    (pieces, numbers): (usize, usize),
) {
    use bevy::prelude::*;
    use parlour::engine::{At, CellOf, Controller, PieceOf};
    use parlour::session::{BeginMatch, Screen, SeatChoice, Table};
    use parlour::ui::results::SheetFolded;
    use parlour_core::engine::Zone;

    chaos::with_app(seed, (1280, 800), |app| {
        app.update();
        *app.world_mut().resource_mut::<Table>() = Table {
            game: parlour::catalog::GameId(game),
            seats: ["Ada", "Bram"]
                .map(|name| SeatChoice {
                    name: name.into(),
                    controller: Controller::Bot(bot.into()),
                })
                .into(),
            ..Table::default()
        };
        app.world_mut().write_message(BeginMatch);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Play);
        let screen = |app: &App| *app.world().resource::<State<Screen>>().get();
        for _ in 0..20_000 {
            app.update();
            if screen(app) == Screen::Results {
                break;
            }
        }
        assert_eq!(screen(app), Screen::Results, "{game}: the match ended");
        app.world_mut().resource_mut::<SheetFolded>().0 = true;
        for _ in 0..10 {
            app.update();
        }
        let camera = app
            .world_mut()
            .query_filtered::<&GlobalTransform, With<Camera2d>>()
            .iter(app.world())
            .next()
            .expect("a camera")
            .translation()
            .truncate();
        let in_view = |at: &GlobalTransform| {
            let from_centre = (at.translation().truncate() - camera).abs();
            from_centre.x <= 640.0 && from_centre.y <= 400.0
        };
        // The rules' board: its cells, and the pieces on it.
        let mut board = app.world_mut().query_filtered::<(
            Entity,
            Option<&PieceOf>,
            Option<&At>,
            &InheritedVisibility,
            &GlobalTransform,
            Has<Sprite>,
            Has<Text2d>,
        ), Or<(With<PieceOf>, With<CellOf>)>>();
        let mut unseen = Vec::new();
        let mut drawn_pieces = 0;
        for (entity, piece, at, visible, place, sprite, text) in board.iter(app.world()) {
            let on_board = piece.is_none() || at.is_some_and(|a| a.0.zone == Zone::Board);
            if !on_board || !(sprite || text) {
                continue;
            }
            drawn_pieces += usize::from(piece.is_some());
            if !visible.get() || !in_view(place) {
                unseen.push(piece.map_or_else(|| format!("cell {entity}"), |p| p.label.clone()));
            }
        }
        assert!(
            unseen.is_empty(),
            "{game}: on the board but not seen: {unseen:?}"
        );
        assert!(
            drawn_pieces >= pieces,
            "{game}: {drawn_pieces} pieces drawn on the board"
        );
        let mut texts = app
            .world_mut()
            .query::<(&Text2d, &InheritedVisibility, &GlobalTransform, &ChildOf)>();
        let mut cells = app.world_mut().query::<&CellOf>();
        let shown_numbers = texts
            .iter(app.world())
            .filter(|(text, visible, place, parent)| {
                visible.get()
                    && in_view(place)
                    && text.0.trim().parse::<u8>().is_ok()
                    && cells.get(app.world(), parent.parent()).is_ok()
            })
            .count();
        assert!(
            shown_numbers >= numbers,
            "{game}: {shown_numbers} numbers shown on the cells"
        );
    });
}

#[test]
fn neighbours_final_table_is_drawn_when_the_sheet_folds_away() {
    // The start token and at least one placement a seat.
    the_final_table_is_drawn_with_the_sheet_folded("neighbours", "greedy", 21, (3, 0));
}

#[test]
fn paper_boxings_final_table_is_drawn_when_the_sheet_folds_away() {
    // Both grids revealed: fifteen numbers each.
    the_final_table_is_drawn_with_the_sheet_folded("paper-boxing", "random", 22, (0, 30));
}

#[test]
fn rummys_final_table_is_drawn_when_the_sheet_folds_away() {
    // At least the one meld that went out.
    the_final_table_is_drawn_with_the_sheet_folded("rummy", "greedy", 23, (3, 0));
}
