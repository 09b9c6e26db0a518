//! Rummy's pointer input: a card pressed, dragged or tapped, then let go or
//! tapped into place, becomes a drop on the turn on screen. The turn
//! reaches the match only when the player ends it (the HUD's button). The
//! keys ([`keys`]) go through the same functions.

pub mod keys;

use bevy::prelude::*;
use parlour_core::engine::Seat;
use parlour_core::games::rummy::{Rummy, SwappedJoker};

use super::draft::{Draft, Spot, Target};
use super::feedback;
pub use super::grab::Grab;
use super::layout::RummyLayout;
use super::turn::TurnOnScreen;
use crate::engine::{ActiveMatch, TurnPhase};
use crate::game_kit::DRAG_START;
use crate::session::{Notice, Screen, Table, TableSystems};
use crate::ui::input::PointerInput;

/// The pointer and the keys on the table, while a Rummy match is on
/// screen. Needs no window: headless tests write the pointer's and the
/// keys' messages themselves.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<PointerInput>()
        .init_resource::<Grab>()
        .add_systems(
            Update,
            interact
                .run_if(in_state(Screen::Play).and_then(super::in_rummy))
                .in_set(TableSystems::Input),
        )
        .add_plugins(keys::plugin);
}

/// Turns one pointer event into the new grab and, when a card is let go
/// somewhere, the drop to make.
pub fn handle_pointer(
    grab: &mut Grab,
    layout: &RummyLayout,
    draft: &Draft,
    event: PointerInput,
) -> Option<(Spot, Target)> {
    match (event, *grab) {
        (PointerInput::Down(p), current) => {
            let under = layout.card_at(p);
            // A selected card, then a tap on the table (a set, a card in a set,
            // the felt) or into the hand between cards: it goes there.
            if let Grab::Selected { from, .. } = current {
                let onto_table = matches!(under, Some(Spot::Set(..)) | None);
                if under != Some(from)
                    && onto_table
                    && let Some(target) = layout.target_at(p)
                {
                    *grab = Grab::Empty;
                    return Some((from, target));
                }
            }
            match under.and_then(|spot| draft.card(spot).map(|c| (spot, c))) {
                Some((spot, card)) => {
                    *grab = Grab::Pressed {
                        from: spot,
                        card,
                        start: p,
                        at: p,
                        dragging: false,
                        was_selected: current == Grab::Selected { from: spot, card },
                    };
                }
                None => *grab = Grab::Empty,
            }
            None
        }
        (
            PointerInput::Move(p),
            Grab::Pressed {
                from,
                card,
                start,
                dragging,
                was_selected,
                ..
            },
        ) => {
            *grab = Grab::Pressed {
                from,
                card,
                start,
                at: p,
                dragging: dragging || p.distance(start) > DRAG_START,
                was_selected,
            };
            None
        }
        (
            PointerInput::Up(p),
            Grab::Pressed {
                from,
                card,
                dragging,
                was_selected,
                ..
            },
        ) => {
            if dragging {
                *grab = Grab::Empty;
                layout.target_at(p).map(|t| (from, t))
            } else {
                *grab = if was_selected {
                    Grab::Empty
                } else {
                    Grab::Selected { from, card }
                };
                None
            }
        }
        (PointerInput::Cancel, _) => {
            *grab = Grab::Empty;
            None
        }
        _ => None,
    }
}

/// What a person at the seat on screen may do with its cards now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Person {
    /// The seat.
    seat: Seat,
    /// Whether it is their turn (else they may only reorder their hand).
    my_turn: bool,
    /// Whether they have made their first meld.
    melded: bool,
    /// Where a swapped joker goes.
    swapped: SwappedJoker,
}

/// The person at the seat on screen, when a person plays it.
fn person_on_screen(
    turn: &TurnOnScreen,
    active: &ActiveMatch<Rummy>,
    table: &Table,
    phase: &State<TurnPhase>,
) -> Option<Person> {
    let seat = turn.draft.as_ref().filter(|d| table.is_human(d.seat))?.seat;
    let state = active.get().state();
    Some(Person {
        seat,
        my_turn: state.to_move() == seat
            && !state.is_over()
            && *phase.get() == TurnPhase::AwaitingMove,
        melded: state.melded()[seat],
        swapped: state.config().swapped_joker,
    })
}

/// Makes a drop on the turn on screen, or says why it cannot be made.
fn make_drop(
    turn: &mut TurnOnScreen,
    notice: &mut Notice,
    person: Person,
    (from, to): (Spot, Target),
) {
    let Some(draft) = turn.draft.as_ref() else {
        return;
    };
    let mut changed = draft.clone();
    match changed.drop(from, to, person.my_turn, person.melded, person.swapped) {
        Ok(()) => {
            if turn.draft.as_ref() != Some(&changed) {
                turn.draft = Some(changed);
            }
        }
        Err(refusal) => notice.show(feedback::drop_refusal_text(&refusal), true),
    }
}

/// Makes each drop on the turn on screen, or says why it cannot be made.
/// Only a person at the table moves cards; a drop out of turn may only
/// reorder the hand.
fn interact(
    mut pointer: MessageReader<PointerInput>,
    mut grab: ResMut<Grab>,
    layout: Option<Res<RummyLayout>>,
    active: Res<ActiveMatch<Rummy>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    mut turn: ResMut<TurnOnScreen>,
    mut notice: ResMut<Notice>,
) {
    let Some(layout) = layout else {
        pointer.clear();
        return;
    };
    let Some(person) = person_on_screen(&turn, &active, &table, &phase) else {
        pointer.clear();
        *grab = Grab::Empty;
        return;
    };
    for event in pointer.read() {
        let Some(draft) = turn.draft.as_ref() else {
            break;
        };
        if let Some(drop) = handle_pointer(&mut grab, &layout, draft, *event) {
            make_drop(&mut turn, &mut notice, person, drop);
        }
    }
}

#[cfg(test)]
mod tests {
    use parlour_core::engine::{Game, Match};

    use super::*;

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

    #[test]
    fn tap_a_card_then_the_felt_starts_a_new_set_with_it() {
        let draft = opening(3);
        let l = layout(&draft);
        let mut grab = Grab::Empty;
        let card = l.hand[2];
        assert_eq!(
            handle_pointer(&mut grab, &l, &draft, PointerInput::Down(card)),
            None
        );
        assert_eq!(
            handle_pointer(&mut grab, &l, &draft, PointerInput::Up(card)),
            None
        );
        assert_eq!(
            grab,
            Grab::Selected {
                from: Spot::Hand(2),
                card: draft.hand[2]
            }
        );
        assert_eq!(
            handle_pointer(&mut grab, &l, &draft, PointerInput::Down(l.new_set)),
            Some((Spot::Hand(2), Target::NewSet))
        );
        assert_eq!(grab, Grab::Empty);
    }

    #[test]
    fn a_second_tap_on_the_selected_card_lets_it_go() {
        let draft = opening(3);
        let l = layout(&draft);
        let mut grab = Grab::Empty;
        let card = l.hand[0];
        for _ in 0..2 {
            handle_pointer(&mut grab, &l, &draft, PointerInput::Down(card));
            handle_pointer(&mut grab, &l, &draft, PointerInput::Up(card));
        }
        assert_eq!(grab, Grab::Empty);
    }

    #[test]
    fn dragging_a_card_within_the_hand_reorders_it() {
        let mut draft = opening(5);
        let l = layout(&draft);
        let mut grab = Grab::Empty;
        let (from, to) = (l.hand[0], l.hand[4] - Vec2::X * 10.0);
        handle_pointer(&mut grab, &l, &draft, PointerInput::Down(from));
        handle_pointer(&mut grab, &l, &draft, PointerInput::Move((from + to) / 2.0));
        let drop = handle_pointer(&mut grab, &l, &draft, PointerInput::Up(to));
        assert_eq!(drop, Some((Spot::Hand(0), Target::Hand(4))));
        let moved = draft.hand[0];
        let (from, to) = drop.unwrap();
        draft
            .drop(from, to, false, false, SwappedJoker::ToHand)
            .unwrap();
        assert_eq!(
            draft.hand[3], moved,
            "it sits before the card it was dropped on"
        );
    }

    #[test]
    fn a_drag_that_does_not_travel_is_a_tap() {
        let draft = opening(5);
        let l = layout(&draft);
        let mut grab = Grab::Empty;
        let p = l.hand[1];
        handle_pointer(&mut grab, &l, &draft, PointerInput::Down(p));
        handle_pointer(
            &mut grab,
            &l,
            &draft,
            PointerInput::Move(p + Vec2::new(4.0, 3.0)),
        );
        assert_eq!(
            handle_pointer(
                &mut grab,
                &l,
                &draft,
                PointerInput::Up(p + Vec2::new(4.0, 3.0))
            ),
            None
        );
        assert!(matches!(
            grab,
            Grab::Selected {
                from: Spot::Hand(1),
                ..
            }
        ));
    }
}
