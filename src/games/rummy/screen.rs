//! Rummy on screen: the table as rows of sets, the hand in a tray, cards
//! dragged (or tapped, then tapped into place) between them; every set that
//! is not valid outlined with its reason, live; the turn clock, the first
//! meld counter, jokers showing what they stand for, swaps, hints.

use std::collections::HashMap;
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::{Match, Seat, Zone};
use parlour_core::games::rummy::{Action, Card, Colour, Ending, Face, RuleError, Rummy};

use super::draft::{self, Check, Draft, DropRefusal, Spot, Target};
use super::layout::RummyLayout;
use crate::catalog::GameId;
use crate::engine::{
    ActiveMatch, At, MatchEntity, MoveApplied, MoveRequest, PieceOf, Proceed, StartMatch,
    TurnClock, TurnDraft, TurnPhase,
};
use crate::game_kit::{DRAG_START, viewer_view, window_size};
use crate::session::{Notice, ResultsSheet, Screen, Table, TableSystems};
use crate::settings::Settings;
use crate::tr;
use crate::ui::UiSystems;
use crate::ui::input::PointerInput;
use crate::ui::theme::{Look, colour, ecolour, size};
use crate::ui::tween::{Tween, move_to};
use crate::ui::widgets::big_button;

/// A card's width at base size; cards are scaled to the layout.
const CARD_BASE: f32 = 100.0;

/// The turn on screen and what the rules say of it.
#[derive(Resource, Default, Debug)]
pub struct TurnOnScreen {
    /// The viewer's turn in progress (their hand and the table as rearranged).
    pub draft: Option<Draft>,
    /// The rules' verdict on it, set by set and as a whole.
    pub check: Option<Check>,
    /// Each seat's own order of its hand, kept from turn to turn.
    pub orders: HashMap<Seat, Vec<Card>>,
}

/// What the pointer holds.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub enum Grab {
    /// Nothing.
    #[default]
    Empty,
    /// A card under a pressed pointer (a tap, or the start of a drag).
    Pressed {
        /// Where it was picked up.
        from: Spot,
        /// The card.
        card: Card,
        /// Where the press began.
        start: Vec2,
        /// Where the pointer is now.
        at: Vec2,
        /// Whether it has moved far enough to be a drag.
        dragging: bool,
        /// Whether it was selected already (a second tap lets go).
        was_selected: bool,
    },
    /// A card chosen by a tap, waiting for a tap where it should go.
    Selected {
        /// Where it is.
        from: Spot,
        /// The card.
        card: Card,
    },
}

impl Grab {
    /// The card held or selected.
    pub fn card(&self) -> Option<Card> {
        match *self {
            Grab::Empty => None,
            Grab::Pressed { card, .. } | Grab::Selected { card, .. } => Some(card),
        }
    }
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

/// Marks a card's number (or a joker's star).
#[derive(Component)]
struct CardFace;

/// Text inked in a card's colour: its number, or (`mark`) its symbol.
#[derive(Component)]
struct CardInk {
    colour: Colour,
    mark: bool,
}

/// Marks the small line under a joker (its card entity): the card it stands for.
#[derive(Component)]
struct JokerStands(Entity);

/// Which card entity shows which card of the turn on screen. A view numbers
/// its cards afresh (the copy numbers of the deal are hidden), so cards are
/// matched by face: the viewer's hand to the entities in that hand, the
/// table to those on the table.
#[derive(Resource, Default, Debug)]
pub struct CardEntities(pub HashMap<Card, Entity>);

/// Matches the cards of `draft` (as its view numbered them) to card entities.
pub fn match_entities(
    draft: &Draft,
    pieces: impl Iterator<Item = (Entity, Card, parlour_core::engine::Location)>,
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

/// A set's backing on the table (outlined when the set is not valid).
#[derive(Component)]
struct SetFrame;

/// The hand's tray.
#[derive(Component)]
struct Tray;

fn in_rummy(active: Option<Res<ActiveMatch<Rummy>>>) -> bool {
    active.is_some()
}

/// What the screen does without drawing: the turn on screen and the
/// pointer's grab, the drops, the layout, notices, the results sheet.
/// Headless tests drive a match through it.
pub fn logic_plugin(app: &mut App) {
    app.init_resource::<TurnOnScreen>()
        .init_resource::<Grab>()
        .add_systems(
            Update,
            (
                interact
                    .run_if(in_state(Screen::Play).and_then(in_rummy))
                    .in_set(TableSystems::Input),
                (
                    start_table,
                    on_applied,
                    follow_turn,
                    update_layout,
                    next_round_when_only_bots,
                )
                    .chain()
                    .in_set(TableSystems::Show)
                    .run_if(in_rummy),
            ),
        );
}

/// The Rummy screen.
pub fn plugin(app: &mut App) {
    logic_plugin(app);
    app.init_resource::<CardEntities>()
        .add_systems(
            Update,
            (
                spawn_tray,
                fit_tray,
                (dress_cards, follow_card_faces).chain(),
                (place_cards, frame_sets, label_jokers),
            )
                .chain()
                .in_set(TableSystems::Draw)
                .run_if(in_rummy),
        )
        .add_systems(
            EguiPrimaryContextPass,
            hud.run_if(in_state(Screen::Play).and_then(in_rummy))
                .in_set(UiSystems::Hud),
        );
}

/// A new match: no turn on screen, nothing held, the layout to be made.
fn start_table(
    mut commands: Commands,
    mut starts: MessageReader<StartMatch<Rummy>>,
    active: Res<ActiveMatch<Rummy>>,
    mut turn: ResMut<TurnOnScreen>,
    mut grab: ResMut<Grab>,
) {
    if starts.read().last().is_none() && !active.is_added() {
        return;
    }
    *turn = TurnOnScreen::default();
    *grab = Grab::Empty;
    commands.remove_resource::<RummyLayout>();
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

/// The viewer's view, if the screen shows a seat's hand.
/// Keeps the turn on screen in step with the match: a new turn (or a new
/// viewer) starts a new draft; every change is checked by the rules and
/// handed to the clock, so a time-out plays what stands.
fn follow_turn(
    active: Res<ActiveMatch<Rummy>>,
    table: Res<Table>,
    mut turn: ResMut<TurnOnScreen>,
    mut grab: ResMut<Grab>,
    mut clock_draft: ResMut<TurnDraft<Rummy>>,
) {
    let Some(view) = viewer_view(&active, &table) else {
        if turn.draft.is_some() {
            turn.draft = None;
            turn.check = None;
        }
        return;
    };
    let moves = active.get().moves().len();
    let stale = turn
        .draft
        .as_ref()
        .is_none_or(|d| d.seat != view.seat || d.turn != moves);
    if stale {
        if let Some(mut old) = turn.draft.take() {
            // Cards not played go back where they were in the hand.
            old.undo();
            turn.orders.insert(old.seat, old.hand);
        }
        let order = turn.orders.get(&view.seat).cloned().unwrap_or_default();
        turn.draft = Some(Draft::new(&view, moves, &order));
        turn.check = None;
        *grab = Grab::Empty;
    }
    if turn.check.is_none() || turn.is_changed() {
        let Some(draft) = turn.draft.as_ref() else {
            return;
        };
        let check = draft::check(&view, draft);
        let offer = (view.my_turn() && table.is_human(view.seat) && draft.changed())
            .then(|| (view.seat, draft.to_move()));
        if clock_draft.draft != offer {
            clock_draft.draft = offer;
        }
        turn.bypass_change_detection().check = Some(check);
    }
}

/// Follows the window and the table: a new size or a set that grew or
/// split lays the table out again.
fn update_layout(
    mut commands: Commands,
    windows: Query<&Window>,
    turn: Res<TurnOnScreen>,
    layout: Option<Res<RummyLayout>>,
) {
    let size = window_size(&windows);
    let (lens, hand): (Vec<usize>, usize) = match &turn.draft {
        Some(d) => (d.sets.iter().map(Vec::len).collect(), d.hand.len()),
        None => (Vec::new(), 0),
    };
    if layout.as_ref().is_some_and(|l| l.suits(size, &lens, hand)) {
        return;
    }
    commands.insert_resource(RummyLayout::new(size, &lens, hand));
}

/// A colour's ink. With colour-blind faces the four inks are the
/// Okabe–Ito ones, chosen to stay apart for the common colour blindnesses
/// (red and orange are the pair that otherwise merge).
fn card_colour(colour: Colour, colour_blind: bool) -> Color {
    match (colour, colour_blind) {
        (Colour::Black, false) => Color::srgb(0.13, 0.13, 0.16),
        (Colour::Blue, false) => Color::srgb(0.11, 0.36, 0.78),
        (Colour::Orange, false) => Color::srgb(0.90, 0.47, 0.02),
        (Colour::Red, false) => Color::srgb(0.80, 0.10, 0.16),
        (Colour::Black, true) => Color::srgb(0.0, 0.0, 0.0),
        (Colour::Blue, true) => Color::srgb(0.0, 0.447, 0.698),
        (Colour::Orange, true) => Color::srgb(0.902, 0.624, 0.0),
        (Colour::Red, true) => Color::srgb(0.835, 0.369, 0.0),
    }
}

/// The colour's symbol is always on the face; colour-blind faces show it
/// half as big again, so the shape carries the colour at a glance.
fn mark_scale(colour_blind: bool) -> Vec3 {
    if colour_blind {
        Vec3::splat(1.5)
    } else {
        Vec3::ONE
    }
}

/// Redresses every card when the colour-blind setting changes mid-match.
fn follow_card_faces(
    settings: Res<Settings>,
    mut inks: Query<(&CardInk, &mut TextColor, &mut Transform)>,
) {
    if !settings.is_changed() {
        return;
    }
    let blind = settings.colour_blind;
    for (ink, mut colour, mut transform) in &mut inks {
        let want = card_colour(ink.colour, blind);
        if colour.0 != want {
            colour.0 = want;
        }
        if ink.mark && transform.scale != mark_scale(blind) {
            transform.scale = mark_scale(blind);
        }
    }
}

const JOKER_INK: Color = Color::srgb(0.55, 0.16, 0.62);

/// Gives each card its face: ivory, a big number in its colour with the
/// colour's shape under it (tellable without colour vision), or a joker's star.
fn dress_cards(
    mut commands: Commands,
    look: Res<Look>,
    settings: Res<Settings>,
    cards: Query<(Entity, &PieceOf), Added<PieceOf>>,
) {
    let text = |font: &Handle<Font>, px: f32, ink: Color, s: String, y: f32| {
        (
            Text2d::new(s),
            TextFont {
                font: font.clone().into(),
                font_size: FontSize::Px(px),
                ..default()
            },
            TextColor(ink),
            Transform::from_xyz(0.0, y, 0.1),
        )
    };
    let h = CARD_BASE * super::layout::CARD_RATIO;
    for (entity, piece) in &cards {
        let card = Card(piece.id as u8);
        let face = card.face();
        let mut e = commands.entity(entity);
        e.insert((
            look.rounded_sprite(colour::IVORY, Vec2::new(CARD_BASE, h), 12.0),
            Transform::from_xyz(0.0, 0.0, 5.0),
            Visibility::Hidden,
        ));
        e.with_children(|c| {
            c.spawn((
                look.rounded_sprite(colour::SHADOW, Vec2::new(CARD_BASE, h), 12.0),
                Transform::from_xyz(3.0, -5.0, -0.1),
            ));
            match face {
                Face::Number { colour, number } => {
                    let blind = settings.colour_blind;
                    let ink = card_colour(colour, blind);
                    c.spawn((
                        CardFace,
                        CardInk {
                            colour,
                            mark: false,
                        },
                        text(&look.bold, 58.0, ink, number.to_string(), 14.0),
                    ));
                    let mut mark = text(
                        &look.bold,
                        26.0,
                        ink,
                        draft::colour_mark(colour).into(),
                        -38.0,
                    );
                    mark.3.scale = mark_scale(blind);
                    c.spawn((mark, CardInk { colour, mark: true }));
                }
                Face::Joker => {
                    c.spawn((
                        CardFace,
                        text(&look.bold, 62.0, JOKER_INK, "★".into(), 12.0),
                    ));
                    c.spawn((
                        JokerStands(entity),
                        text(&look.semibold, 24.0, JOKER_INK, String::new(), -40.0),
                    ));
                }
            }
        });
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
    let mut places: HashMap<Entity, (Vec2, f32)> = HashMap::new();
    match draft {
        Some(d) => {
            for (s, set) in d.sets.iter().enumerate() {
                for (i, c) in set.iter().enumerate() {
                    if let (Some(&p), Some(&e)) =
                        (layout.sets.get(s).and_then(|v| v.get(i)), entities.0.get(c))
                    {
                        places.insert(e, (p, layout.table_card.x));
                    }
                }
            }
            for (i, c) in d.hand.iter().enumerate() {
                if let (Some(&p), Some(&e)) = (layout.hand.get(i), entities.0.get(c)) {
                    places.insert(e, (p, layout.hand_card.x));
                }
            }
        }
        // No hand on show (hand-over): only the table, as the match has it.
        None if *screen.get() == Screen::Play => {
            let by_id: HashMap<usize, Entity> =
                cards.iter().map(|(e, piece, ..)| (piece.id, e)).collect();
            for (s, set) in active.get().state().table().iter().enumerate() {
                for (i, c) in set.cards.iter().enumerate() {
                    if let (Some(&p), Some(&e)) = (
                        layout.sets.get(s).and_then(|v| v.get(i)),
                        by_id.get(&(c.0 as usize)),
                    ) {
                        places.insert(e, (p, layout.table_card.x));
                    }
                }
            }
        }
        None => {}
    }
    let held_entity = grab.card().and_then(|c| entities.0.get(&c).copied());
    let seats = active.get().players().max(1) as f32;
    let glide = Duration::from_millis(300);
    for (entity, _, at, mut transform, mut visibility, tween) in &mut cards {
        // Hidden cards wait where they would come from: a seat's chip at the
        // top, or the pile at the top right.
        let hidden_at = match at.0.zone {
            Zone::Hand(s) if Some(s) != table.viewer => Vec2::new(
                (s as f32 + 0.5) / seats * layout.window.x - layout.window.x / 2.0,
                layout.window.y / 2.0 + 60.0,
            ),
            _ => Vec2::new(layout.window.x / 2.0 + 60.0, layout.window.y / 2.0 - 40.0),
        };
        let Some(&(target, width)) = places.get(&entity) else {
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

/// Writes under each joker the card it stands for in its set as it now reads.
fn label_jokers(
    turn: Res<TurnOnScreen>,
    active: Res<ActiveMatch<Rummy>>,
    entities: Res<CardEntities>,
    settings: Res<Settings>,
    mut labels: Query<(&JokerStands, &mut Text2d, &mut TextColor)>,
) {
    if !turn.is_changed()
        && !active.is_changed()
        && !entities.is_changed()
        && !settings.is_changed()
    {
        return;
    }
    // What each joker entity stands for: in the turn on screen, or on the match's table.
    let mut stands: HashMap<Entity, Face> = HashMap::new();
    // No turn on screen (a hand-over): the table is not shown.
    if let (Some(d), Some(c)) = (&turn.draft, &turn.check) {
        for (set, reading) in d.sets.iter().zip(&c.readings) {
            if let Some(faces) = reading {
                for (card, &face) in set.iter().zip(faces) {
                    if let Some(&e) = entities.0.get(card) {
                        stands.insert(e, face);
                    }
                }
            }
        }
    }
    for (joker, mut text, mut ink) in &mut labels {
        let (label, colour) = match stands.get(&joker.0) {
            Some(&Face::Number { colour, number }) => (
                format!("{}{number}", draft::colour_mark(colour)),
                card_colour(colour, settings.colour_blind),
            ),
            _ => (tr!("rummy-joker"), JOKER_INK),
        };
        if text.0 != label {
            text.0 = label;
        }
        if ink.0 != colour {
            ink.0 = colour;
        }
    }
}

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
    let seat = match turn.draft.as_ref() {
        Some(d) if table.is_human(d.seat) => d.seat,
        _ => {
            pointer.clear();
            *grab = Grab::Empty;
            return;
        }
    };
    let state = active.get().state();
    let my_turn =
        state.to_move() == seat && !state.is_over() && *phase.get() == TurnPhase::AwaitingMove;
    let melded = state.melded()[seat];
    let swapped = state.config().swapped_joker;
    for event in pointer.read() {
        let Some(draft) = turn.draft.as_ref() else {
            break;
        };
        let Some((from, to)) = handle_pointer(&mut grab, &layout, draft, *event) else {
            continue;
        };
        let mut changed = draft.clone();
        match changed.drop(from, to, my_turn, melded, swapped) {
            Ok(()) => {
                if turn.draft.as_ref() != Some(&changed) {
                    turn.draft = Some(changed);
                }
            }
            Err(refusal) => notice.show(refusal_text(&refusal), true),
        }
    }
}

/// A drop refused before the rules see the turn, in words.
fn refusal_text(refusal: &DropRefusal) -> String {
    match refusal {
        DropRefusal::NotYourTurn => tr!("rummy-not-your-turn"),
        DropRefusal::TableCardToHand(e) | DropRefusal::SwapBeforeFirstMeld(e) => rule_text(e),
        DropRefusal::FreedJoker => tr!("rummy-freed-joker"),
    }
}

/// A rule the turn breaks, in words for the player.
fn rule_text(error: &RuleError) -> String {
    use parlour_core::engine::Explain;
    // In the language on screen; the English reason when a catalogue lacks it.
    capitalise(&crate::i18n::refusal(
        &error.phrase(),
        &error.to_string(),
        &|seat| (seat + 1).to_string(),
    ))
}

pub(super) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn on_applied(
    mut applied: MessageReader<MoveApplied<Rummy>>,
    table: Res<Table>,
    mut notice: ResMut<Notice>,
) {
    for a in applied.read() {
        let name = table.name(a.seat).to_owned();
        let o = &a.outcome;
        let text = match o.action {
            Action::Drew => tr!("rummy-drew", name = name),
            Action::Passed => tr!("rummy-passed", name = name),
            Action::Played => match o.first_meld {
                Some(value) => tr!(
                    "rummy-opened",
                    name = name,
                    cards = o.laid.len(),
                    value = value
                ),
                None => tr!("rummy-laid", name = name, cards = o.laid.len()),
            },
            Action::TimedOut if o.undone => {
                tr!("rummy-timeout-undone", name = name, cards = o.drew)
            }
            Action::TimedOut => tr!("rummy-timeout-kept", name = name, cards = o.laid.len()),
        };
        let text = match &o.round_end {
            Some(end) => match end.ending {
                Ending::WentOut(s) => tr!("rummy-went-out", name = table.name(s).to_owned()),
                Ending::Blocked => tr!("rummy-blocked"),
            },
            None => text,
        };
        notice.show(text, false);
    }
}

/// With only bots at the table (the attract mode), rounds follow each other by themselves.
fn next_round_when_only_bots(
    time: Res<Time>,
    phase: Res<State<TurnPhase>>,
    table: Res<Table>,
    mut wait: Local<Option<Timer>>,
    mut proceed: MessageWriter<Proceed>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if *phase.get() != TurnPhase::RoundOver || !table.humans().is_empty() {
        *wait = None;
        return;
    }
    redraw.write(RequestRedraw);
    let timer = wait.get_or_insert_with(|| Timer::from_seconds(4.0, TimerMode::Once));
    if timer.tick(time.delta()).is_finished() {
        *wait = None;
        proceed.write(Proceed);
    }
}

fn clock_text(left: Duration) -> String {
    let s = left.as_secs_f32().ceil() as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

/// The top bar (seats, totals, cards held, the clock, the menu), the action
/// bar over the hand (sorting, the turn's state, undo, hint, draw or end
/// turn) and the round's summary when a round ends.
#[allow(clippy::too_many_arguments)]
fn hud(
    mut contexts: EguiContexts,
    active: Res<ActiveMatch<Rummy>>,
    table: Res<Table>,
    settings: Res<Settings>,
    mut notice: ResMut<Notice>,
    clock: Res<TurnClock>,
    phase: Res<State<TurnPhase>>,
    layout: Option<Res<RummyLayout>>,
    mut turn: ResMut<TurnOnScreen>,
    mut menu_open: Local<bool>,
    mut requests: MessageWriter<MoveRequest<Rummy>>,
    mut proceed: MessageWriter<Proceed>,
    mut nav: crate::ui::match_menu::MenuNav,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = active.get();
    let state = game.state();
    let to_move = game.awaiting().first().copied();
    let width = ctx.content_rect().width();
    let height = ctx.content_rect().height();

    // The seats.
    egui::Area::new(egui::Id::new("rummy-hud"))
        .fixed_pos(egui::pos2(0.0, 0.0))
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            ui.painter().rect_filled(
                egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(width, size::HUD)),
                0,
                ecolour::PANEL,
            );
            ui.set_min_size(egui::vec2(width, size::HUD));
            ui.set_max_size(egui::vec2(width, size::HUD));
            ui.horizontal_centered(|ui| {
                let seats = game.players();
                let side = size::TOUCH + 16.0 + 120.0;
                let chip_w =
                    ((ui.available_width() - side) / seats as f32 - 10.0).clamp(120.0, 260.0);
                for seat in 0..seats {
                    let on = to_move == Some(seat);
                    let fill = if on {
                        ecolour::ACCENT
                    } else {
                        egui::Color32::from_rgb(32, 78, 61)
                    };
                    let ink = if on {
                        ecolour::ON_ACCENT
                    } else {
                        ecolour::TEXT
                    };
                    egui::Frame::new()
                        .fill(fill)
                        .corner_radius(12)
                        .inner_margin(egui::Margin::symmetric(12, 4))
                        .show(ui, |ui| {
                            ui.set_width(chip_w - 24.0);
                            ui.vertical(|ui| {
                                ui.spacing_mut().item_spacing.y = 0.0;
                                let opened = if state.melded()[seat] { " ✓" } else { "" };
                                ui.label(
                                    egui::RichText::new(format!("{}{opened}", table.name(seat)))
                                        .color(ink)
                                        .strong()
                                        .size(size::TEXT - 2.0),
                                );
                                ui.label(
                                    egui::RichText::new(tr!(
                                        "rummy-seat-line",
                                        points = state.totals()[seat],
                                        cards = state.hand(seat).len()
                                    ))
                                    .color(ink)
                                    .size(size::TEXT - 5.0),
                                );
                            });
                        });
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui
                        .add(
                            egui::Button::new(egui::RichText::new("☰").size(28.0))
                                .min_size(egui::vec2(size::TOUCH, size::TOUCH)),
                        )
                        .clicked()
                    {
                        *menu_open = !*menu_open;
                    }
                    ui.vertical(|ui| {
                        ui.spacing_mut().item_spacing.y = 0.0;
                        if let Some(left) = clock.remaining().filter(|_| !game.is_over()) {
                            let urgent = left < Duration::from_secs(20);
                            ui.label(
                                egui::RichText::new(format!("⏱ {}", clock_text(left)))
                                    .size(size::TEXT)
                                    .strong()
                                    .color(if urgent { ecolour::WARN } else { ecolour::TEXT }),
                            );
                        }
                        ui.label(
                            egui::RichText::new(tr!(
                                "rummy-round-pile",
                                round = state.round().min(state.config().rounds),
                                rounds = state.config().rounds,
                                pile = state.pile_len()
                            ))
                            .size(size::TEXT - 6.0)
                            .color(ecolour::TEXT_DIM),
                        );
                    });
                });
            });
        });

    crate::ui::match_menu::match_menu(ctx, &mut menu_open, GameId::of::<Rummy>(), &mut nav, |_| {});

    // The action bar over the hand.
    if let (Some(layout), Some(draft)) = (layout.as_ref(), turn.draft.clone()) {
        let seat = draft.seat;
        let human = table.is_human(seat);
        let my_turn = human
            && to_move == Some(seat)
            && *phase.get() == TurnPhase::AwaitingMove
            && !game.is_over();
        let top = height / 2.0 - (layout.tray.max.y + layout.bar);
        let portrait = height > width;
        let check = turn.check.clone();
        let status = status_line(&draft, check.as_ref(), state, &table, my_turn, to_move);
        egui::Area::new(egui::Id::new("rummy-actions"))
            .fixed_pos(egui::pos2(size::MARGIN, top + 6.0))
            .order(egui::Order::Middle)
            .show(ctx, |ui| {
                let w = width - 2.0 * size::MARGIN;
                ui.set_width(w);
                // The turn's own buttons come first, always in the same places;
                // sorting the hand (allowed at any time) after them.
                let mut buttons = |ui: &mut egui::Ui, turn: &mut TurnOnScreen| {
                    let small = |ui: &mut egui::Ui, label: String| {
                        ui.add(
                            egui::Button::new(egui::RichText::new(label).size(size::TEXT - 4.0))
                                .min_size(egui::vec2(size::TOUCH + 24.0, size::TOUCH)),
                        )
                    };
                    if my_turn {
                        let ready = check.as_ref().is_some_and(|c| c.turn.is_ok());
                        let (label, lit) = if draft.changed() {
                            (tr!("rummy-end-turn"), ready)
                        } else {
                            (tr!("rummy-draw"), true)
                        };
                        let primary = egui::Button::new(
                            egui::RichText::new(label).size(size::TEXT).color(if lit {
                                ecolour::ON_ACCENT
                            } else {
                                ecolour::TEXT
                            }),
                        )
                        .fill(if lit {
                            ecolour::ACCENT
                        } else {
                            egui::Color32::from_rgb(60, 90, 78)
                        })
                        .min_size(egui::vec2(170.0, size::TOUCH));
                        if ui.add(primary).clicked() {
                            requests.write(MoveRequest {
                                seat,
                                mv: draft.to_move(),
                            });
                        }
                        if settings.hints
                            && small(ui, tr!("rummy-hint")).clicked()
                            && let Some(view) = viewer_view(&active, &table)
                            && let Some(d) = turn.draft.as_mut()
                        {
                            if d.take_hint(&view) {
                                notice.show(tr!("rummy-hint-shown"), false);
                            } else {
                                notice.show(tr!("rummy-hint-draw"), false);
                            }
                        }
                        if draft.changed()
                            && small(ui, tr!("rummy-undo")).clicked()
                            && let Some(d) = turn.draft.as_mut()
                        {
                            d.undo();
                        }
                    }
                    if human {
                        if small(ui, tr!("rummy-sort-colour")).clicked()
                            && let Some(d) = turn.draft.as_mut()
                        {
                            d.sort_by_colour();
                        }
                        if small(ui, tr!("rummy-sort-number")).clicked()
                            && let Some(d) = turn.draft.as_mut()
                        {
                            d.sort_by_number();
                        }
                    }
                };
                let status_label = |ui: &mut egui::Ui| {
                    let (text, warn) = &status;
                    ui.add(
                        egui::Label::new(egui::RichText::new(text).size(size::TEXT - 3.0).color(
                            if *warn {
                                ecolour::ACCENT
                            } else {
                                ecolour::TEXT
                            },
                        ))
                        .wrap(),
                    );
                };
                if portrait {
                    ui.vertical(|ui| {
                        ui.set_min_height(layout.bar - 12.0);
                        status_label(ui);
                        ui.horizontal(|ui| buttons(ui, &mut turn));
                    });
                } else {
                    ui.horizontal(|ui| {
                        ui.set_min_height(layout.bar - 12.0);
                        // The status takes the left part, at a fixed width; the buttons follow it.
                        let status_w = (w - 730.0).max(220.0);
                        ui.allocate_ui_with_layout(
                            egui::vec2(status_w, layout.bar - 12.0),
                            egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true),
                            |ui| {
                                ui.set_min_width(status_w);
                                ui.set_max_width(status_w);
                                status_label(ui);
                            },
                        );
                        buttons(ui, &mut turn);
                    });
                }
            });
    }

    // A round is over: its scores, and on to the next.
    if *phase.get() == TurnPhase::RoundOver
        && let Some(end) = state.rounds().last()
    {
        egui::Window::new(tr!("rummy-round-over", round = end.round))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(ctx, |ui| {
                ui.label(
                    egui::RichText::new(match end.ending {
                        Ending::WentOut(s) => {
                            tr!("rummy-went-out", name = table.name(s).to_owned())
                        }
                        Ending::Blocked => tr!("rummy-blocked"),
                    })
                    .size(size::TEXT),
                );
                ui.add_space(8.0);
                egui::Grid::new("round-scores")
                    .num_columns(4)
                    .spacing(egui::vec2(24.0, 8.0))
                    .show(ui, |ui| {
                        for h in ["", "rummy-col-hand", "rummy-col-round", "rummy-col-total"] {
                            let text = if h.is_empty() { String::new() } else { tr!(h) };
                            ui.label(egui::RichText::new(text).strong().size(size::TEXT - 2.0));
                        }
                        ui.end_row();
                        for s in 0..game.players() {
                            let won = end.winners.contains(&s);
                            let name = if won {
                                format!("★ {}", table.name(s))
                            } else {
                                table.name(s).to_owned()
                            };
                            ui.label(egui::RichText::new(name).size(size::TEXT - 2.0));
                            ui.label(
                                egui::RichText::new(end.hand_totals[s].to_string())
                                    .size(size::TEXT - 2.0),
                            );
                            ui.label(
                                egui::RichText::new(format!("{:+}", end.scores[s]))
                                    .size(size::TEXT - 2.0),
                            );
                            ui.label(
                                egui::RichText::new(state.totals()[s].to_string())
                                    .strong()
                                    .size(size::TEXT - 2.0),
                            );
                            ui.end_row();
                        }
                    });
                ui.add_space(12.0);
                if !table.humans().is_empty()
                    && big_button(ui, &tr!("rummy-next-round"), true).clicked()
                {
                    proceed.write(Proceed);
                }
            });
    } else if notice.remaining > 0.0 {
        // Just above the action bar: the table's rows fill the felt from the top.
        match layout.as_deref() {
            Some(l) => crate::ui::widgets::notice_banner_at(
                ctx,
                "rummy-notice",
                &notice,
                width * 0.8,
                egui::Align2::CENTER_BOTTOM,
                egui::vec2(0.0, -(l.window.y / 2.0 + l.tray.max.y + l.bar + 10.0)),
            ),
            None => crate::ui::widgets::notice_banner(ctx, "rummy-notice", &notice, width * 0.8),
        }
    }
    Ok(())
}

/// One line on the turn in progress, and whether it warns.
fn status_line(
    draft: &Draft,
    check: Option<&Check>,
    state: &parlour_core::games::rummy::State,
    table: &Table,
    my_turn: bool,
    to_move: Option<Seat>,
) -> (String, bool) {
    if !my_turn {
        return match to_move {
            Some(s) if s != draft.seat => {
                (tr!("rummy-waiting", name = table.name(s).to_owned()), false)
            }
            _ => (String::new(), false),
        };
    }
    let Some(check) = check else {
        return (String::new(), false);
    };
    let melded = state.melded()[draft.seat];
    if let Some((s, reason)) = check
        .sets
        .iter()
        .enumerate()
        .find_map(|(s, r)| r.as_ref().map(|r| (s, r)))
    {
        return (
            tr!(
                "rummy-set-invalid",
                set = s + 1,
                reason = {
                    use parlour_core::engine::Explain;
                    capitalise(&crate::i18n::refusal(
                        &reason.phrase(),
                        &reason.to_string(),
                        &|seat| (seat + 1).to_string(),
                    ))
                }
            ),
            true,
        );
    }
    let meld = (!melded).then(|| {
        tr!(
            "rummy-first-meld",
            value = check.meld_value,
            threshold = state.config().first_meld
        )
    });
    if !draft.changed() {
        let offer = draft.swaps_on_offer();
        let text = match (offer.first(), meld) {
            (_, Some(m)) => m,
            (Some(&(_, _, card)), None) => tr!("rummy-swap-offer", card = card.face().to_string()),
            (None, None) => tr!("rummy-your-turn"),
        };
        return (text, false);
    }
    match (&check.turn, meld) {
        (Ok(()), Some(m)) => (format!("{m} · {}", tr!("rummy-ready")), false),
        (Ok(()), None) => (tr!("rummy-ready"), false),
        (Err(e), Some(m)) => (format!("{m} · {}", rule_text(e)), true),
        (Err(e), None) => (rule_text(e), true),
    }
}

/// Fills the results sheet when the match ends: each round's score and the total.
/// The final scores, round by round, and how each round ended.
pub fn results_sheet(game: &Match<Rummy>, table: &Table) -> ResultsSheet {
    let state = game.state();
    let winners = game.winners();
    let rounds = state.rounds();
    let mut columns: Vec<String> = rounds
        .iter()
        .map(|r| tr!("rummy-col-round-n", round = r.round))
        .collect();
    columns.push(tr!("rummy-col-total"));
    ResultsSheet {
        columns,
        rows: (0..game.players())
            .map(|s| {
                let mut cells: Vec<String> = rounds
                    .iter()
                    .map(|r| format!("{:+}", r.scores[s]))
                    .collect();
                cells.push(state.totals()[s].to_string());
                (table.name(s).to_owned(), cells, winners.contains(&s))
            })
            .collect(),
        notes: rounds
            .iter()
            .map(|r| match r.ending {
                Ending::WentOut(s) => tr!(
                    "rummy-note-went-out",
                    round = r.round,
                    name = table.name(s).to_owned()
                ),
                Ending::Blocked => tr!("rummy-note-blocked", round = r.round),
            })
            .chain([tr!(
                "rummy-note-scoring",
                joker = state.config().joker_penalty
            )])
            .collect(),
    }
}
