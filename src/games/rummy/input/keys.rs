//! The keys on the Rummy table: the focus rests on the hand's cards, the
//! table's cards, the place for a new set and the action bar's buttons.
//! Enter on a card or a place is a tap there and Esc a cancelled drag, fed
//! to [`handle_pointer`]; Enter on a button does what a click on it does
//! ([`TurnOnScreen::act`]). So the turn is built as a finger builds it, and
//! reaches the match only as the move request End turn (or Draw) sends.

use bevy::prelude::*;
use parlour_core::games::rummy::Rummy;

use super::super::draft::{Draft, Spot, Target};
use super::super::layout::RummyLayout;
use super::super::turn::{TurnAction, TurnOnScreen, actions};
use super::{Grab, Person, handle_pointer, make_drop, person_on_screen};
use crate::engine::{ActiveMatch, MoveRequest, TurnPhase};
use crate::game_kit::viewer_view;
use crate::session::{Notice, Screen, Table, TableSystems};
use crate::settings::Settings;
use crate::ui::input::PointerInput;
use crate::ui::keys::{self, Focus, Focusable, KeyAct, KeyFocus, KeyInput, tap};

/// What may take the keys' focus on the Rummy table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A card in the hand or on the table.
    Card(Spot),
    /// The place on the felt that starts a new set.
    NewSet,
    /// A button of the action bar.
    Button(TurnAction),
}

/// Where the HUD drew each button of the action bar this frame, in world
/// coordinates, so the focus can go to it and ring it.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ActionPlaces(pub Vec<(TurnAction, Rect)>);

/// The keys on the table, and the ring around the place they rest on.
pub(super) fn plugin(app: &mut App) {
    // Shared by every table: a call, not a plugin, so each game may make it.
    keys::logic_plugin(app);
    app.init_resource::<Focus<Place>>()
        .init_resource::<ActionPlaces>()
        .add_systems(
            Update,
            (
                // Each its own check: the match may end between the two sets.
                follow_keys
                    .in_set(TableSystems::Input)
                    .run_if(in_state(Screen::Play).and_then(super::super::in_rummy)),
                ring.in_set(TableSystems::Draw)
                    .run_if(in_state(Screen::Play).and_then(super::super::in_rummy)),
            ),
        );
}

/// The hand's cards (first, so the focus starts in the hand), the table's
/// cards set by set, the new set's place, then the `buttons` shown. A
/// button the HUD has not drawn (no window) stands in the action bar, in
/// its order.
pub fn focusables(
    layout: &RummyLayout,
    buttons: &[TurnAction],
    drawn: &ActionPlaces,
) -> Vec<Focusable<Place>> {
    let hand = layout
        .hand
        .iter()
        .enumerate()
        .map(|(i, &at)| Focusable::square(Place::Card(Spot::Hand(i)), at, layout.hand_card));
    let sets = layout.sets.iter().enumerate().flat_map(|(s, set)| {
        set.iter().enumerate().map(move |(i, &at)| {
            Focusable::square(Place::Card(Spot::Set(s, i)), at, layout.table_card)
        })
    });
    let new_set = Focusable::square(Place::NewSet, layout.new_set, layout.table_card);
    let bar_y = layout.tray.max.y + layout.bar / 2.0;
    let buttons = buttons.iter().enumerate().map(|(i, &action)| {
        let rect = drawn
            .0
            .iter()
            .find(|(a, _)| *a == action)
            .map(|(_, r)| *r)
            .unwrap_or_else(|| {
                let at = Vec2::new(layout.table.min.x + 300.0 + 150.0 * i as f32, bar_y);
                Rect::from_center_size(at, Vec2::new(140.0, 48.0))
            });
        Focusable::square(Place::Button(action), rect.center(), rect.size())
    });
    hand.chain(sets)
        .chain(std::iter::once(new_set))
        .chain(buttons)
        .collect()
}

/// What a key asks of the turn on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// A card moved from a spot to a target, as a drop.
    Drop(Spot, Target),
    /// A button pressed.
    Button(TurnAction),
}

/// Follows one key over `spots`: the focus moves, or what it rests on is
/// tapped or pressed, or the held card is let go — by the pointer's own
/// function. Returns the drop or the button the key asks for.
pub fn handle_key(
    focus: &mut Focus<Place>,
    grab: &mut Grab,
    layout: &RummyLayout,
    draft: &Draft,
    spots: &[Focusable<Place>],
    key: KeyInput,
) -> Option<Asked> {
    let events = match focus.follow(spots, key)? {
        KeyAct::Tap(Place::Button(action), _) => return Some(Asked::Button(action)),
        KeyAct::Tap(_, at) => tap(at).to_vec(),
        KeyAct::LetGo => vec![PointerInput::Cancel],
    };
    let mut asked = None;
    for event in events {
        asked = asked.or(handle_pointer(grab, layout, draft, event));
    }
    asked.map(|(from, to)| Asked::Drop(from, to))
}

/// The buttons the action bar shows to `person`.
fn buttons_for(person: Person, turn: &TurnOnScreen, settings: &Settings) -> Vec<TurnAction> {
    let changed = turn.draft.as_ref().is_some_and(|d| d.changed());
    actions(true, person.my_turn, settings.hints, changed)
}

fn follow_keys(
    mut keys: MessageReader<KeyInput>,
    mut focus: ResMut<Focus<Place>>,
    mut grab: ResMut<Grab>,
    layout: Option<Res<RummyLayout>>,
    drawn: Res<ActionPlaces>,
    settings: Res<Settings>,
    active: Res<ActiveMatch<Rummy>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    mut turn: ResMut<TurnOnScreen>,
    mut notice: ResMut<Notice>,
    mut requests: MessageWriter<MoveRequest<Rummy>>,
) {
    let (Some(layout), Some(person)) = (layout, person_on_screen(&turn, &active, &table, &phase))
    else {
        keys.clear();
        return;
    };
    for key in keys.read() {
        let spots = focusables(&layout, &buttons_for(person, &turn, &settings), &drawn);
        let Some(draft) = turn.draft.as_ref() else {
            break;
        };
        match handle_key(&mut focus, &mut grab, &layout, draft, &spots, *key) {
            Some(Asked::Drop(from, to)) => make_drop(&mut turn, &mut notice, person, (from, to)),
            Some(Asked::Button(action)) => {
                let view = viewer_view(&active, &table);
                if let Some(request) =
                    turn.act(action, view.as_ref(), settings.hint_kind, &mut notice)
                {
                    requests.write(request);
                }
            }
            None => {}
        }
    }
}

/// The ring goes around the focused place while a person plays the seat on screen.
fn ring(
    mut focus: ResMut<Focus<Place>>,
    mut key_focus: ResMut<KeyFocus>,
    layout: Option<Res<RummyLayout>>,
    drawn: Res<ActionPlaces>,
    settings: Res<Settings>,
    active: Res<ActiveMatch<Rummy>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    turn: Res<TurnOnScreen>,
) {
    let ring = match (layout, person_on_screen(&turn, &active, &table, &phase)) {
        (Some(layout), Some(person)) if key_focus.shown => focus.ring(&focusables(
            &layout,
            &buttons_for(person, &turn, &settings),
            &drawn,
        )),
        _ => None,
    };
    if key_focus.ring != ring {
        key_focus.ring = ring;
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::engine::{Game, Match};

    use super::*;
    use crate::ui::keys::Arrow;

    fn opening(seed: u64) -> Draft {
        let config = Rummy::variant("standard").unwrap();
        let game = Match::<Rummy>::new("standard", config, 2, seed, None).unwrap();
        let view = game.view(game.state().to_move());
        Draft::new(&view, 0, &[])
    }

    fn layout(draft: &Draft) -> RummyLayout {
        let lens: Vec<usize> = draft.sets.iter().map(Vec::len).collect();
        RummyLayout::new(Vec2::new(1280.0, 800.0), &lens, draft.hand.len())
    }

    const BUTTONS: [TurnAction; 4] = [
        TurnAction::EndTurn,
        TurnAction::Hint,
        TurnAction::SortByColour,
        TurnAction::SortByNumber,
    ];

    /// Presses `keys` in turn; what they asked for.
    fn press(
        focus: &mut Focus<Place>,
        grab: &mut Grab,
        draft: &Draft,
        keys: &[KeyInput],
    ) -> Vec<Asked> {
        let l = layout(draft);
        let spots = focusables(&l, &BUTTONS, &ActionPlaces::default());
        keys.iter()
            .filter_map(|&k| handle_key(focus, grab, &l, draft, &spots, k))
            .collect()
    }

    const RIGHT: KeyInput = KeyInput::Arrow(Arrow::Right);
    const UP: KeyInput = KeyInput::Arrow(Arrow::Up);
    const DOWN: KeyInput = KeyInput::Arrow(Arrow::Down);

    #[test]
    fn the_focus_starts_on_the_first_card_of_the_hand_and_walks_its_row() {
        let draft = opening(3);
        let (mut focus, mut grab) = (Focus::default(), Grab::Empty);
        press(
            &mut focus,
            &mut grab,
            &draft,
            &[KeyInput::Show, RIGHT, RIGHT],
        );
        assert_eq!(focus.on, Some(Place::Card(Spot::Hand(2))));
    }

    #[test]
    fn up_from_the_hand_reaches_the_action_bar_then_the_new_set() {
        let draft = opening(3);
        let (mut focus, mut grab) = (Focus::default(), Grab::Empty);
        // The middle of the hand, under the buttons.
        focus.on = Some(Place::Card(Spot::Hand(draft.hand.len() / 2)));
        press(&mut focus, &mut grab, &draft, &[UP]);
        assert!(
            matches!(focus.on, Some(Place::Button(_))),
            "the bar over the hand: {:?}",
            focus.on
        );
        press(&mut focus, &mut grab, &draft, &[UP]);
        assert_eq!(
            focus.on,
            Some(Place::NewSet),
            "an empty table: only the new set"
        );
        press(&mut focus, &mut grab, &draft, &[DOWN, DOWN]);
        assert!(matches!(focus.on, Some(Place::Card(Spot::Hand(_)))));
    }

    #[test]
    fn enter_on_a_card_then_on_the_new_set_asks_what_two_taps_ask() {
        let draft = opening(3);
        let (mut focus, mut grab) = (Focus::default(), Grab::Empty);
        press(
            &mut focus,
            &mut grab,
            &draft,
            &[KeyInput::Show, RIGHT, RIGHT, KeyInput::Enter],
        );
        assert_eq!(
            grab,
            Grab::Selected {
                from: Spot::Hand(2),
                card: draft.hand[2]
            }
        );
        focus.on = Some(Place::NewSet);
        assert_eq!(
            press(&mut focus, &mut grab, &draft, &[KeyInput::Enter]),
            vec![Asked::Drop(Spot::Hand(2), Target::NewSet)]
        );
        assert_eq!(grab, Grab::Empty);
    }

    #[test]
    fn esc_lets_go_of_the_selected_card() {
        let draft = opening(3);
        let (mut focus, mut grab) = (Focus::default(), Grab::Empty);
        press(
            &mut focus,
            &mut grab,
            &draft,
            &[KeyInput::Show, KeyInput::Enter],
        );
        assert!(matches!(grab, Grab::Selected { .. }));
        assert!(press(&mut focus, &mut grab, &draft, &[KeyInput::Escape]).is_empty());
        assert_eq!(grab, Grab::Empty);
    }

    #[test]
    fn enter_on_a_button_presses_it() {
        let draft = opening(3);
        let mut focus = Focus {
            on: Some(Place::Button(TurnAction::EndTurn)),
            at: None,
        };
        let mut grab = Grab::Empty;
        assert_eq!(
            press(&mut focus, &mut grab, &draft, &[KeyInput::Enter]),
            vec![Asked::Button(TurnAction::EndTurn)]
        );
        press(&mut focus, &mut grab, &draft, &[RIGHT]);
        assert_eq!(
            focus.on,
            Some(Place::Button(TurnAction::Hint)),
            "the next button along"
        );
    }
}
