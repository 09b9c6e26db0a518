//! The keys on Paper Boxing's table. During the set-up the focus rests on
//! the tray's numbers and the grid's cells; in the bouts, on the cells the
//! viewer may step to. Enter is a tap there and Esc a cancelled drag, fed
//! to the pointer's own functions, so the grid and the steps are made as a
//! finger makes them (and a step reaches the match as a move request).

use bevy::prelude::*;
use parlour_core::engine::{Phase, Seat};
use parlour_core::games::paper_boxing::rules::START;
use parlour_core::games::paper_boxing::{Move, PaperBoxing};

use super::super::layout::{FACE, PbLayout};
use super::super::setup::{Arrangement, Draft, SetUpHold, arranging};
use super::super::viewer::{head, legal_cells};
use super::{
    PlayHold, handle_play_pointer, handle_setup_pointer, in_paper_boxing, may_step,
    person_on_screen,
};
use crate::engine::{ActiveMatch, MoveRequest, TurnPhase};
use crate::session::{Screen, Table, TableSystems};
use crate::ui::input::PointerInput;
use crate::ui::keys::{self, Focus, Focusable, KeyAct, KeyFocus, KeyInput, tap};

/// What may take the keys' focus on Paper Boxing's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// Set-up: a number's place in the tray (empty once it is on the grid:
    /// a number dropped there goes back).
    Number(u8),
    /// Set-up: a cell of the grid being filled in.
    Cell(u8),
    /// Bouts: a cell of the viewer's grid it may step to.
    Step(u8),
}

/// The keys on the table, and the ring around the spot they rest on.
pub(super) fn plugin(app: &mut App) {
    // Shared by every table: a call, not a plugin, so each game may make it.
    keys::logic_plugin(app);
    app.init_resource::<Focus<Spot>>().add_systems(
        Update,
        (
            // Each its own check: the match may end between the two sets.
            follow_keys
                .in_set(TableSystems::Input)
                .run_if(in_state(Screen::Play).and_then(in_paper_boxing)),
            ring.in_set(TableSystems::Draw)
                .run_if(in_state(Screen::Play).and_then(in_paper_boxing)),
        ),
    );
}

/// Set-up: the tray's fifteen places (first, so the focus starts on the
/// numbers), then the grid's cells but D, which takes no number.
pub fn setup_focusables(layout: &PbLayout) -> Vec<Focusable<Spot>> {
    let numbers =
        (1..=15u8).map(|n| Focusable::disc(Spot::Number(n), layout.tray_slot(n), layout.token()));
    let cells = (0..16u8).filter(|&c| c != START).map(|c| {
        Focusable::square(
            Spot::Cell(c),
            layout.setup_cell_centre(c),
            Vec2::splat(FACE * layout.setup_cell),
        )
    });
    numbers.chain(cells).collect()
}

/// Bouts: the cells of `seat`'s grid in `legal`.
pub fn step_focusables(layout: &PbLayout, seat: Seat, legal: &[u8]) -> Vec<Focusable<Spot>> {
    legal
        .iter()
        .map(|&c| {
            Focusable::square(
                Spot::Step(c),
                layout.cell_centre(seat, c),
                Vec2::splat(layout.face()),
            )
        })
        .collect()
}

/// The pointer events a key is, once it has moved the focus over `spots`.
fn as_pointer(
    focus: &mut Focus<Spot>,
    spots: &[Focusable<Spot>],
    key: KeyInput,
) -> Vec<PointerInput> {
    match focus.follow(spots, key) {
        Some(KeyAct::Tap(_, at)) => tap(at).to_vec(),
        Some(KeyAct::LetGo) => vec![PointerInput::Cancel],
        None => Vec::new(),
    }
}

/// Set-up: follows one key as [`handle_setup_pointer`] follows a tap.
/// Returns whether the arrangement changed.
pub fn handle_setup_key(
    focus: &mut Focus<Spot>,
    hold: &mut SetUpHold,
    layout: &PbLayout,
    arrangement: &mut Arrangement,
    key: KeyInput,
) -> bool {
    let mut changed = false;
    for event in as_pointer(focus, &setup_focusables(layout), key) {
        changed |= handle_setup_pointer(hold, layout, arrangement, event);
    }
    changed
}

/// Bouts: follows one key as [`handle_play_pointer`] follows a tap, over
/// the `legal` cells of `seat`, whose ring stands on `head`. Returns the
/// step to ask the rules for.
pub fn handle_play_key(
    focus: &mut Focus<Spot>,
    hold: &mut PlayHold,
    layout: &PbLayout,
    seat: Seat,
    head: u8,
    legal: &[u8],
    may_move: bool,
    key: KeyInput,
) -> Option<Move> {
    let mut asked = None;
    for event in as_pointer(focus, &step_focusables(layout, seat, legal), key) {
        asked = asked.or(handle_play_pointer(
            hold, layout, seat, head, may_move, event,
        ));
    }
    asked
}

fn follow_keys(
    mut keys: MessageReader<KeyInput>,
    mut focus: ResMut<Focus<Spot>>,
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    mut draft: ResMut<Draft>,
    mut hold: ResMut<PlayHold>,
    mut requests: MessageWriter<MoveRequest<PaperBoxing>>,
) {
    let (Some(layout), Some((seat, view))) = (layout, person_on_screen(&active, &table)) else {
        keys.clear();
        return;
    };
    if arranging(&view, &table) && draft.seat == Some(seat) {
        let Draft {
            arrangement,
            hold: setup_hold,
            ..
        } = &mut *draft;
        for key in keys.read() {
            handle_setup_key(&mut focus, setup_hold, &layout, arrangement, *key);
        }
        return;
    }
    if view.phase != Phase::Play {
        keys.clear();
        return;
    }
    let may_move = may_step(&view, seat, &phase);
    let legal = if may_move {
        legal_cells(&view)
    } else {
        Vec::new()
    };
    let ring = head(&view, seat);
    for key in keys.read() {
        let step = handle_play_key(
            &mut focus, &mut hold, &layout, seat, ring, &legal, may_move, *key,
        );
        if let Some(mv) = step {
            requests.write(MoveRequest { seat, mv });
        }
    }
}

/// The ring goes around the focused spot while a person fills in a grid
/// or may step.
fn ring(
    mut focus: ResMut<Focus<Spot>>,
    mut key_focus: ResMut<KeyFocus>,
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    draft: Res<Draft>,
) {
    let spots = match (layout, person_on_screen(&active, &table)) {
        (Some(layout), Some((seat, view))) if key_focus.shown => {
            if arranging(&view, &table) && draft.seat == Some(seat) {
                setup_focusables(&layout)
            } else if view.phase == Phase::Play && may_step(&view, seat, &phase) {
                step_focusables(&layout, seat, &legal_cells(&view))
            } else {
                Vec::new()
            }
        }
        _ => Vec::new(),
    };
    let ring = focus.ring(&spots);
    if key_focus.ring != ring {
        key_focus.ring = ring;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::keys::Arrow;

    fn layout() -> PbLayout {
        PbLayout::new(Vec2::new(1280.0, 800.0))
    }

    const LEFT: KeyInput = KeyInput::Arrow(Arrow::Left);
    const RIGHT: KeyInput = KeyInput::Arrow(Arrow::Right);
    const DOWN: KeyInput = KeyInput::Arrow(Arrow::Down);

    /// Presses `keys` during the set-up; whether the arrangement changed.
    fn set_up(
        focus: &mut Focus<Spot>,
        hold: &mut SetUpHold,
        a: &mut Arrangement,
        keys: &[KeyInput],
    ) -> bool {
        let l = layout();
        keys.iter().fold(false, |changed, &k| {
            changed | handle_setup_key(focus, hold, &l, a, k)
        })
    }

    #[test]
    fn the_set_up_focus_starts_on_the_tray_and_walks_its_rows() {
        let (mut focus, mut hold, mut a) =
            (Focus::default(), SetUpHold::Empty, Arrangement::default());
        set_up(&mut focus, &mut hold, &mut a, &[KeyInput::Show]);
        assert_eq!(focus.on, Some(Spot::Number(1)));
        set_up(&mut focus, &mut hold, &mut a, &[RIGHT, RIGHT, DOWN]);
        assert_eq!(focus.on, Some(Spot::Number(8)), "five numbers to a row");
        set_up(&mut focus, &mut hold, &mut a, &[RIGHT; 6]);
        assert_eq!(focus.on, Some(Spot::Number(10)), "the row's end stops it");
    }

    #[test]
    fn left_from_the_tray_reaches_the_grid_beside_it() {
        let (mut focus, mut hold, mut a) =
            (Focus::default(), SetUpHold::Empty, Arrangement::default());
        set_up(&mut focus, &mut hold, &mut a, &[KeyInput::Show, LEFT]);
        assert!(
            matches!(focus.on, Some(Spot::Cell(c)) if c % 4 == 3),
            "the grid's right column: {:?}",
            focus.on
        );
    }

    /// Every arrow from every place the focus can reach, walked: all fifteen
    /// numbers and the fifteen cells a number may go to are reached, and D
    /// (written at the start, never by a player) never is.
    #[test]
    fn the_arrows_reach_every_number_and_cell_of_the_set_up_but_never_d() {
        const UP: KeyInput = KeyInput::Arrow(Arrow::Up);
        let mut start = Focus::default();
        let (mut hold, mut a) = (SetUpHold::Empty, Arrangement::default());
        set_up(&mut start, &mut hold, &mut a, &[KeyInput::Show]);
        let mut seen = vec![start.on];
        let mut queue = vec![start];
        while let Some(from) = queue.pop() {
            for arrow in [LEFT, RIGHT, UP, DOWN] {
                let mut focus = from;
                set_up(&mut focus, &mut hold, &mut a, &[arrow]);
                if !seen.contains(&focus.on) {
                    seen.push(focus.on);
                    queue.push(focus);
                }
            }
        }
        assert!(!seen.contains(&Some(Spot::Cell(START))), "D is reached");
        for c in (0..16u8).filter(|&c| c != START) {
            assert!(seen.contains(&Some(Spot::Cell(c))), "cell {c}: {seen:?}");
        }
        for n in 1..=15u8 {
            assert!(seen.contains(&Some(Spot::Number(n))), "number {n}");
        }
        assert_eq!(seen.len(), 30, "{seen:?}");
    }

    #[test]
    fn enter_on_a_number_then_on_a_cell_places_it_as_two_taps_do() {
        let (mut focus, mut hold, mut a) =
            (Focus::default(), SetUpHold::Empty, Arrangement::default());
        assert!(!set_up(
            &mut focus,
            &mut hold,
            &mut a,
            &[KeyInput::Show, RIGHT, KeyInput::Enter]
        ));
        assert_eq!(hold, SetUpHold::Selected(2));
        focus.on = Some(Spot::Cell(5));
        assert!(set_up(&mut focus, &mut hold, &mut a, &[KeyInput::Enter]));
        assert_eq!(a.cell_of(2), Some(5));
        assert_eq!(hold, SetUpHold::Empty);
    }

    #[test]
    fn a_placed_number_goes_back_by_enter_on_its_empty_place_in_the_tray() {
        let (mut focus, mut hold, mut a) =
            (Focus::default(), SetUpHold::Empty, Arrangement::default());
        a.put(4, 9);
        focus.on = Some(Spot::Cell(9));
        set_up(&mut focus, &mut hold, &mut a, &[KeyInput::Enter]);
        assert_eq!(hold, SetUpHold::Selected(4));
        focus.on = Some(Spot::Number(4));
        assert!(set_up(&mut focus, &mut hold, &mut a, &[KeyInput::Enter]));
        assert_eq!(a.cell_of(4), None);
    }

    #[test]
    fn esc_lets_go_of_the_selected_number() {
        let (mut focus, mut hold, mut a) =
            (Focus::default(), SetUpHold::Empty, Arrangement::default());
        set_up(
            &mut focus,
            &mut hold,
            &mut a,
            &[KeyInput::Show, KeyInput::Enter],
        );
        assert_eq!(hold, SetUpHold::Selected(1));
        set_up(&mut focus, &mut hold, &mut a, &[KeyInput::Escape]);
        assert_eq!(hold, SetUpHold::Empty);
        assert_eq!(a.placed(), 0);
    }

    /// Seat 0 at D (cell 0): its legal steps are cells 1, 4 and 5.
    const LEGAL: [u8; 3] = [1, 4, 5];

    fn bout(focus: &mut Focus<Spot>, may: bool, keys: &[KeyInput]) -> Option<Move> {
        let (l, mut hold) = (layout(), PlayHold::Empty);
        keys.iter().fold(None, |asked, &k| {
            asked.or(handle_play_key(focus, &mut hold, &l, 0, 0, &LEGAL, may, k))
        })
    }

    #[test]
    fn in_a_bout_the_focus_walks_the_legal_cells_only_and_enter_steps() {
        let mut focus = Focus::default();
        assert_eq!(bout(&mut focus, true, &[KeyInput::Show]), None);
        assert_eq!(focus.on, Some(Spot::Step(1)));
        bout(&mut focus, true, &[RIGHT]);
        assert_eq!(focus.on, Some(Spot::Step(1)), "nothing legal to the right");
        bout(&mut focus, true, &[DOWN]);
        assert_eq!(focus.on, Some(Spot::Step(5)));
        assert_eq!(
            bout(&mut focus, true, &[KeyInput::Enter]),
            Some(Move::To { row: 1, col: 1 }),
            "what a tap on the cell asks"
        );
    }

    #[test]
    fn no_step_is_asked_out_of_turn() {
        let mut focus = Focus {
            on: Some(Spot::Step(4)),
            at: None,
        };
        assert_eq!(bout(&mut focus, false, &[KeyInput::Enter]), None);
    }
}
