//! Rummy's table drawn, every frame of `TableSystems::Draw`: the hand's
//! tray, each card dressed with its face ([`faces`]), every card moved to its
//! place in the sets, the hand or out of sight, and a backing under each set.

mod faces;

use std::collections::HashMap;
use std::time::Duration;

use bevy::prelude::*;
use parlour_core::engine::{Location, Seat, Zone};
use parlour_core::games::rummy::{Card, Face, Rummy, TableSet};

use super::draft::Draft;
use super::input::Grab;
use super::layout::RummyLayout;
use super::turn::TurnOnScreen;
use crate::engine::{ActiveMatch, At, MatchEntity, PieceOf, StartMatch};
use crate::session::{Screen, Table, TableSystems};
use crate::ui::theme::{Look, colour};
use crate::ui::tween::{Tween, move_to};

/// A card's width at base size; cards are scaled to the layout.
const CARD_BASE: f32 = 100.0;

/// Which card entity shows which card of the turn on screen. A view numbers
/// its cards afresh (the copy numbers of the deal are hidden), so cards are
/// matched by face: the viewer's hand to the entities in that hand, the
/// table to those on the table.
#[derive(Resource, Default, Debug)]
pub struct CardEntities(pub HashMap<Card, Entity>);

/// A set's backing on the table (outlined when the set is not valid).
#[derive(Component)]
struct SetFrame;

/// The hand's tray.
#[derive(Component)]
struct Tray;

/// Where each shown card goes: its centre and its width.
type Places = HashMap<Entity, (Vec2, f32)>;

/// The table's drawing, in order: the tray, the cards' faces, then where
/// every card goes, the sets' backings and the jokers' labels.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CardEntities>().add_systems(
        Update,
        (
            spawn_tray,
            fit_tray,
            (faces::dress_cards, faces::follow_card_faces).chain(),
            (place_cards, frame_sets, faces::label_jokers),
        )
            .chain()
            .in_set(TableSystems::Draw)
            .run_if(super::in_rummy),
    );
}

/// Matches the cards of `draft` (as its view numbered them) to card entities.
pub fn match_entities(
    draft: &Draft,
    pieces: impl Iterator<Item = (Entity, Card, Location)>,
) -> HashMap<Card, Entity> {
    // Per face, the entities in the viewer's hand and on the table, in slot order.
    let mut in_hand: HashMap<Face, Vec<(u32, Entity)>> = HashMap::new();
    let mut on_table: HashMap<Face, Vec<(u32, Entity)>> = HashMap::new();
    for (entity, card, at) in pieces {
        match at.zone {
            Zone::Hand(s) if s == draft.seat => in_hand.entry(card.face()).or_default(),
            Zone::Board => on_table.entry(card.face()).or_default(),
            _ => continue,
        }
        .push((at.slot, entity));
    }
    for list in in_hand.values_mut().chain(on_table.values_mut()) {
        list.sort_by_key(|&(slot, _)| std::cmp::Reverse(slot));
    }
    let (sets, hand) = draft.turn_start();
    let mut out = HashMap::new();
    for &card in sets.iter().flatten() {
        if let Some((_, e)) = on_table.get_mut(&card.face()).and_then(Vec::pop) {
            out.insert(card, e);
        }
    }
    for &card in hand {
        if let Some((_, e)) = in_hand.get_mut(&card.face()).and_then(Vec::pop) {
            out.insert(card, e);
        }
    }
    out
}

/// A new match's tray, sized by [`fit_tray`].
fn spawn_tray(
    mut commands: Commands,
    mut starts: MessageReader<StartMatch<Rummy>>,
    active: Res<ActiveMatch<Rummy>>,
    look: Res<Look>,
) {
    if starts.read().last().is_none() && !active.is_added() {
        return;
    }
    commands.spawn((
        MatchEntity,
        Tray,
        look.rounded_sprite(colour::FELT_DARK, Vec2::ONE, 24.0),
        Transform::default(),
    ));
}

/// The tray follows the layout: a new one, or a new tray.
fn fit_tray(
    layout: Option<Res<RummyLayout>>,
    mut tray: Query<(Ref<Tray>, &mut Sprite, &mut Transform)>,
) {
    let Some(layout) = layout else { return };
    for (new, mut sprite, mut transform) in &mut tray {
        if layout.is_changed() || new.is_added() {
            sprite.custom_size = Some(layout.tray.size());
            transform.translation = layout.tray.center().extend(0.5);
        }
    }
}

/// The places of the turn on screen: its sets' cards and the viewer's hand.
fn draft_places(layout: &RummyLayout, draft: &Draft, entities: &HashMap<Card, Entity>) -> Places {
    let mut places = Places::new();
    for (s, set) in draft.sets.iter().enumerate() {
        for (i, c) in set.iter().enumerate() {
            if let (Some(&p), Some(&e)) =
                (layout.sets.get(s).and_then(|v| v.get(i)), entities.get(c))
            {
                places.insert(e, (p, layout.table_card.x));
            }
        }
    }
    for (i, c) in draft.hand.iter().enumerate() {
        if let (Some(&p), Some(&e)) = (layout.hand.get(i), entities.get(c)) {
            places.insert(e, (p, layout.hand_card.x));
        }
    }
    places
}

/// The places of the match's own table, for when no hand is on show.
fn table_places(
    layout: &RummyLayout,
    table: &[TableSet],
    by_id: &HashMap<usize, Entity>,
) -> Places {
    let mut places = Places::new();
    for (s, set) in table.iter().enumerate() {
        for (i, c) in set.cards.iter().enumerate() {
            if let (Some(&p), Some(&e)) = (
                layout.sets.get(s).and_then(|v| v.get(i)),
                by_id.get(&(c.0 as usize)),
            ) {
                places.insert(e, (p, layout.table_card.x));
            }
        }
    }
    places
}

/// Where a card out of sight waits: by the chip of the seat holding it, at
/// the top, or by the pile at the top right.
fn hidden_place(layout: &RummyLayout, at: Location, viewer: Option<Seat>, seats: f32) -> Vec2 {
    match at.zone {
        Zone::Hand(s) if Some(s) != viewer => Vec2::new(
            (s as f32 + 0.5) / seats * layout.window.x - layout.window.x / 2.0,
            layout.window.y / 2.0 + 60.0,
        ),
        _ => Vec2::new(layout.window.x / 2.0 + 60.0, layout.window.y / 2.0 - 40.0),
    }
}

/// Moves every card to where it belongs: its place in the draft's table or
/// the viewer's hand, or out of sight (other hands, the pile); a dragged
/// card follows the pointer, a selected one is lifted.
#[allow(clippy::type_complexity)]
fn place_cards(
    mut commands: Commands,
    layout: Option<Res<RummyLayout>>,
    turn: Res<TurnOnScreen>,
    grab: Res<Grab>,
    screen: Res<State<Screen>>,
    active: Res<ActiveMatch<Rummy>>,
    table: Res<Table>,
    mut entities: ResMut<CardEntities>,
    mut cards: Query<
        (
            Entity,
            &PieceOf,
            &At,
            &mut Transform,
            &mut Visibility,
            Option<&Tween>,
        ),
        With<Sprite>,
    >,
) {
    let Some(layout) = layout else { return };
    let draft = turn
        .draft
        .as_ref()
        .filter(|_| *screen.get() == Screen::Play);
    if let Some(d) = draft
        && (turn.is_changed() || active.is_changed() || entities.0.is_empty())
    {
        entities.0 = match_entities(
            d,
            cards
                .iter()
                .map(|(e, piece, at, ..)| (e, Card(piece.id as u8), at.0)),
        );
    }
    let places = match draft {
        Some(d) => draft_places(&layout, d, &entities.0),
        // No hand on show (a hand-over, the results, a lesson's last
        // words): the table, as the match has it — the final table stays
        // on show under the results, in the folded sheet's "See the table".
        None => {
            let by_id: HashMap<usize, Entity> =
                cards.iter().map(|(e, piece, ..)| (piece.id, e)).collect();
            table_places(&layout, active.get().state().table(), &by_id)
        }
    };
    let held_entity = grab.card().and_then(|c| entities.0.get(&c).copied());
    let seats = active.get().players().max(1) as f32;
    let glide = Duration::from_millis(300);
    for (entity, _, at, mut transform, mut visibility, tween) in &mut cards {
        let Some(&(target, width)) = places.get(&entity) else {
            let hidden_at = hidden_place(&layout, at.0, table.viewer, seats);
            if *visibility != Visibility::Hidden {
                *visibility = Visibility::Hidden;
            }
            if tween.is_some() {
                commands.entity(entity).remove::<Tween>();
            }
            if transform.translation != hidden_at.extend(5.0) {
                transform.translation = hidden_at.extend(5.0);
            }
            continue;
        };
        let held = held_entity == Some(entity);
        transform.scale = Vec3::splat(width / CARD_BASE);
        match *grab {
            Grab::Pressed {
                at: p,
                dragging: true,
                ..
            } if held => {
                commands.entity(entity).remove::<Tween>();
                transform.translation = p.extend(30.0);
                transform.scale = Vec3::splat(layout.hand_card.x * 1.08 / CARD_BASE);
            }
            _ => {
                let lift = if held {
                    Vec2::Y * width * 0.22
                } else {
                    Vec2::ZERO
                };
                let z = if held { 20.0 } else { 5.0 };
                move_to(
                    &mut commands,
                    entity,
                    &transform,
                    tween,
                    (target + lift).extend(z),
                    glide,
                );
            }
        }
        if *visibility != Visibility::Visible {
            *visibility = Visibility::Visible;
        }
    }
}

/// Draws a backing under every set — outlined in red, with its number, when
/// the set is not valid — and the slot that starts a new set.
fn frame_sets(
    mut commands: Commands,
    layout: Option<Res<RummyLayout>>,
    turn: Res<TurnOnScreen>,
    look: Res<Look>,
    active: Res<ActiveMatch<Rummy>>,
    table: Res<Table>,
    frames: Query<Entity, With<SetFrame>>,
) {
    let Some(layout) = layout else { return };
    if !layout.is_changed() && !turn.is_changed() {
        return;
    }
    for e in &frames {
        commands.entity(e).despawn();
    }
    let card = layout.table_card;
    let invalid = |s: usize| {
        turn.check
            .as_ref()
            .and_then(|c| c.sets.get(s).cloned().flatten())
            .is_some()
    };
    for (s, set) in layout.sets.iter().enumerate() {
        let (Some(first), Some(last)) = (set.first(), set.last()) else {
            continue;
        };
        let centre = (*first + *last) / 2.0;
        let span = Vec2::new(last.x - first.x, 0.0) + card + Vec2::splat(card.x * 0.16);
        let bad = invalid(s);
        let fill = if bad {
            colour::WARN
        } else {
            Color::srgba(0.0, 0.0, 0.0, 0.16)
        };
        let mut frame = commands.spawn((
            MatchEntity,
            SetFrame,
            look.rounded_sprite(fill, span, 10.0),
            Transform::from_translation(centre.extend(1.0)),
        ));
        if bad {
            frame.with_children(|c| {
                c.spawn((
                    look.disc_sprite(colour::WARN, card.x * 0.5),
                    Transform::from_translation(Vec3::new(-span.x / 2.0, span.y / 2.0, 8.0)),
                    children![(
                        Text2d::new((s + 1).to_string()),
                        TextFont {
                            font: look.bold.clone().into(),
                            font_size: FontSize::Px(card.x * 0.3),
                            ..default()
                        },
                        TextColor(Color::WHITE),
                        Transform::from_xyz(0.0, 0.0, 0.1),
                    )],
                ));
            });
        }
    }
    // The slot for a new set, while the viewer may lay cards.
    let may_lay = turn.draft.as_ref().is_some_and(|d| {
        active.get().state().to_move() == d.seat
            && !active.get().is_over()
            && table.is_human(d.seat)
    });
    if may_lay {
        commands.spawn((
            MatchEntity,
            SetFrame,
            look.rounded_sprite(Color::srgba(1.0, 1.0, 1.0, 0.10), card, 10.0),
            Transform::from_translation(layout.new_set.extend(1.0)),
            children![(
                Text2d::new("+"),
                TextFont {
                    font: look.bold.clone().into(),
                    font_size: FontSize::Px(card.x * 0.6),
                    ..default()
                },
                TextColor(Color::srgba(1.0, 1.0, 1.0, 0.55)),
                Transform::from_xyz(0.0, 0.0, 0.1),
            )],
        ));
    }
}
