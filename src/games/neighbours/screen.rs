//! Neighbours on screen: the board, the hand, the bag, the HUD; tap a token
//! then a cell, or drag it there; watch the bots play.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::{Location, Match, Seat, Zone};
use parlour_core::games::neighbours::{Bonus, Move, Neighbours, Placement, Scored, View};

use crate::catalog::GameId;
use crate::engine::{
    ActiveMatch, At, CellOf, MatchEntity, MoveApplied, MoveRejected, MoveRequest, PieceOf,
    StartMatch, TurnPhase,
};
use crate::game_kit::{DRAG_START, viewer_view, window_size};
use crate::session::{Notice, ResultsSheet, Screen, Table, TableSystems};
use crate::tr;
use crate::ui::UiSystems;
use crate::ui::input::PointerInput;
use crate::ui::theme::{Look, colour, ecolour, size};
use crate::ui::tween::{Rise, Tween, move_to};
use crate::ui::widgets::big_button;

/// Where everything goes, from the window's size: the board above, the
/// hand tray below, the HUD on top. World coordinates: origin at the
/// window's centre, y up, one unit a logical pixel.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct BoardLayout {
    /// Board rows.
    pub rows: u8,
    /// Board columns.
    pub cols: u8,
    /// Distance between cell centres.
    pub cell: f32,
    /// The board's centre.
    pub centre: Vec2,
    /// A token's diameter in the hand.
    pub token: f32,
    /// The hand tray's centre line.
    pub tray_y: f32,
    /// The tray's height.
    pub tray_h: f32,
    /// The bag's centre.
    pub bag: Vec2,
    /// The legend's centre.
    pub legend: Vec2,
    /// The window size it was made for.
    pub window: Vec2,
}

impl BoardLayout {
    /// The layout for a window of `window` logical pixels and a `rows` × `cols` board.
    pub fn new(window: Vec2, rows: u8, cols: u8) -> Self {
        let margin = size::MARGIN;
        let tray_h = (window.y * 0.16).clamp(96.0, 150.0);
        let top = window.y / 2.0 - size::HUD - margin;
        let bottom = -window.y / 2.0 + tray_h + margin;
        let area = Vec2::new(window.x - 2.0 * margin, (top - bottom).max(10.0));
        // The wood around the board takes a fifth of a cell on each side.
        let cell = (area.x / (cols as f32 + 0.4))
            .min(area.y / (rows as f32 + 0.4))
            .clamp(8.0, 110.0);
        // The tray holds the legend, five tokens and the bag side by side.
        let tray_fit = (window.x - 2.0 * margin) / (5.0 * 1.18 + 4.2);
        let token = (tray_h * 0.72)
            .min(cell * 1.3)
            .min(96.0)
            .min(tray_fit)
            .max(size::TOUCH);
        let tray_y = -window.y / 2.0 + tray_h / 2.0;
        Self {
            rows,
            cols,
            cell,
            centre: Vec2::new(0.0, (top + bottom) / 2.0),
            token,
            tray_y,
            tray_h,
            bag: Vec2::new(window.x / 2.0 - margin - token * 0.85, tray_y),
            legend: Vec2::new(-window.x / 2.0 + margin + token * 1.05, tray_y),
            window,
        }
    }

    /// The centre of cell number `cell` (row-major).
    pub fn cell_centre(&self, cell: usize) -> Vec2 {
        let (r, c) = (cell / self.cols as usize, cell % self.cols as usize);
        let x = (c as f32 - (self.cols as f32 - 1.0) / 2.0) * self.cell;
        let y = ((self.rows as f32 - 1.0) / 2.0 - r as f32) * self.cell;
        self.centre + Vec2::new(x, y)
    }

    /// The cell under a point, if any.
    pub fn cell_at(&self, p: Vec2) -> Option<usize> {
        let local = p - self.centre;
        let c = (local.x / self.cell + self.cols as f32 / 2.0).floor();
        let r = (self.rows as f32 / 2.0 - local.y / self.cell).floor();
        (c >= 0.0 && r >= 0.0 && c < self.cols as f32 && r < self.rows as f32)
            .then(|| r as usize * self.cols as usize + c as usize)
    }

    /// The distance between hand slots.
    pub fn hand_pitch(&self) -> f32 {
        self.token * 1.18
    }

    /// The centre of slot `i` of a hand of `n`.
    pub fn hand_slot(&self, i: usize, n: usize) -> Vec2 {
        let x = (i as f32 - (n as f32 - 1.0) / 2.0) * self.hand_pitch();
        Vec2::new(x, self.tray_y)
    }

    /// The hand slot under a point, if any.
    pub fn hand_slot_at(&self, p: Vec2, n: usize) -> Option<usize> {
        (0..n).find(|&i| self.hand_slot(i, n).distance(p) <= self.hand_pitch() / 2.0)
    }
}

/// What the pointer holds.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub enum Hold {
    /// Nothing.
    #[default]
    Empty,
    /// A hand token under a pressed pointer (a tap, or the start of a drag).
    Pressed {
        /// Its hand slot.
        slot: usize,
        /// Its digit.
        digit: u8,
        /// Where the press began.
        from: Vec2,
        /// Where the pointer is now.
        at: Vec2,
        /// Whether it has moved far enough to be a drag.
        dragging: bool,
        /// Whether it was already selected when pressed (a second tap lets go).
        was_selected: bool,
    },
    /// A token chosen by a tap, waiting for a tap on a cell.
    Selected {
        /// Its hand slot.
        slot: usize,
        /// Its digit.
        digit: u8,
    },
}

impl Hold {
    /// The digit held or selected.
    pub fn digit(&self) -> Option<u8> {
        match *self {
            Hold::Empty => None,
            Hold::Pressed { digit, .. } | Hold::Selected { digit, .. } => Some(digit),
        }
    }

    /// The hand slot held or selected.
    pub fn slot(&self) -> Option<usize> {
        match *self {
            Hold::Empty => None,
            Hold::Pressed { slot, .. } | Hold::Selected { slot, .. } => Some(slot),
        }
    }
}

/// Turns one pointer event into the new hold and, when a token is let go
/// on a cell, the placement to ask the rules for. `hand` is the viewer's
/// digits in slot order; `may_move` whether it is the viewer's turn.
pub fn handle_pointer(
    hold: &mut Hold,
    layout: &BoardLayout,
    hand: &[u8],
    may_move: bool,
    event: PointerInput,
) -> Option<Move> {
    let place_on = |cell: usize, digit: u8| {
        let (row, col) = (
            (cell / layout.cols as usize) as u8,
            (cell % layout.cols as usize) as u8,
        );
        Move::Place(Placement { digit, row, col })
    };
    match (event, *hold) {
        (PointerInput::Down(p), current) => {
            if let Some(slot) = layout.hand_slot_at(p, hand.len()) {
                *hold = Hold::Pressed {
                    slot,
                    digit: hand[slot],
                    from: p,
                    at: p,
                    dragging: false,
                    was_selected: current
                        == Hold::Selected {
                            slot,
                            digit: hand[slot],
                        },
                };
                return None;
            }
            if let (Hold::Selected { digit, .. }, Some(cell), true) =
                (current, layout.cell_at(p), may_move)
            {
                *hold = Hold::Empty;
                return Some(place_on(cell, digit));
            }
            *hold = Hold::Empty;
            None
        }
        (
            PointerInput::Move(p),
            Hold::Pressed {
                slot,
                digit,
                from,
                dragging,
                was_selected,
                ..
            },
        ) => {
            *hold = Hold::Pressed {
                slot,
                digit,
                from,
                at: p,
                dragging: dragging || p.distance(from) > DRAG_START,
                was_selected,
            };
            None
        }
        (
            PointerInput::Up(p),
            Hold::Pressed {
                slot,
                digit,
                dragging,
                was_selected,
                ..
            },
        ) => {
            if dragging {
                *hold = Hold::Empty;
                match (layout.cell_at(p), may_move) {
                    (Some(cell), true) => Some(place_on(cell, digit)),
                    _ => None,
                }
            } else {
                *hold = if was_selected {
                    Hold::Empty
                } else {
                    Hold::Selected { slot, digit }
                };
                None
            }
        }
        (PointerInput::Cancel, _) => {
            *hold = Hold::Empty;
            None
        }
        _ => None,
    }
}

/// Marks a cell's sprite.
#[derive(Component)]
struct CellFace;

/// The points a held token would score on a cell.
#[derive(Component)]
struct CellHint(usize);

/// The token bag in the tray, with its count.
#[derive(Component)]
struct BagCount;

fn in_neighbours(active: Option<Res<ActiveMatch<Neighbours>>>) -> bool {
    active.is_some()
}

/// The Neighbours screen.
pub fn plugin(app: &mut App) {
    app.init_resource::<Hold>()
        .add_systems(
            Update,
            (
                interact
                    .run_if(in_state(Screen::Play).and_then(in_neighbours))
                    .in_set(TableSystems::Input),
                (
                    start_table,
                    update_layout,
                    (dress_cells, dress_pieces),
                    (on_applied, drop_hold_on_refusal),
                    (place_pieces, highlight_cells, update_bag),
                )
                    .chain()
                    .in_set(TableSystems::Show)
                    .run_if(in_neighbours),
            ),
        )
        .add_systems(
            EguiPrimaryContextPass,
            hud.run_if(in_state(Screen::Play).and_then(in_neighbours))
                .in_set(UiSystems::Hud),
        );
}

/// Pieces, cells and decorations are made at a fixed base size and scaled
/// to the layout, so a resize is a change of scale and text stays in proportion.
const BASE: f32 = 100.0;
/// A token's diameter at base size.
const TOKEN_BASE: f32 = 80.0;

/// The table's decorations, each with its place in the layout.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
enum Decor {
    /// The wood under the board.
    Board,
    /// The felt tray under the hand.
    Tray,
    /// The bag, with its count.
    Bag,
    /// A line of the bonus legend.
    Legend(usize),
}

/// Lays out the table for a new match: backdrop, tray, bag and legend.
fn start_table(
    mut commands: Commands,
    mut starts: MessageReader<StartMatch<Neighbours>>,
    active: Res<ActiveMatch<Neighbours>>,
    look: Res<Look>,
    windows: Query<&Window>,
    mut hold: ResMut<Hold>,
) {
    if starts.read().last().is_none() && !active.is_added() {
        return;
    }
    *hold = Hold::Empty;
    let board = &active.get().config().board;
    let layout = BoardLayout::new(window_size(&windows), board.rows(), board.cols());
    let text = |font: &Handle<Font>, size: f32, colour: Color, label: &str| {
        (
            Text2d::new(label),
            TextFont {
                font: font.clone().into(),
                font_size: FontSize::Px(size),
                ..default()
            },
            TextColor(colour),
            TextLayout::justify(Justify::Center),
            Transform::from_xyz(0.0, 0.0, 0.1),
        )
    };
    commands.spawn((
        MatchEntity,
        Decor::Board,
        look.rounded_sprite(colour::WOOD, Vec2::ONE, 18.0),
        Transform::default(),
    ));
    commands.spawn((
        MatchEntity,
        Decor::Tray,
        look.rounded_sprite(colour::FELT_DARK, Vec2::ONE, 24.0),
        Transform::default(),
    ));
    commands.spawn((
        MatchEntity,
        Decor::Bag,
        BagCount,
        look.rounded_sprite(Color::srgb(0.42, 0.29, 0.18), Vec2::new(120.0, 100.0), 26.0),
        Transform::default(),
        // The count large, the words under it smaller: they are longer in French.
        children![(
            text(&look.bold, 30.0, colour::IVORY, ""),
            children![(
                TextSpan::new(""),
                TextFont {
                    font: look.semibold.clone().into(),
                    font_size: FontSize::Px(19.0),
                    ..default()
                },
                TextColor(colour::IVORY),
            )],
        )],
    ));
    for (i, (bonus, label)) in [(Bonus::K, "K  +5"), (Bonus::X, "x  +10")]
        .into_iter()
        .enumerate()
    {
        commands.spawn((
            MatchEntity,
            Decor::Legend(i),
            look.rounded_sprite(cell_colour(bonus), Vec2::new(150.0, 40.0), 10.0),
            Transform::default(),
            children![text(&look.semibold, 24.0, colour::INK, label)],
        ));
    }
    commands.insert_resource(layout);
}

fn cell_colour(bonus: Bonus) -> Color {
    match bonus {
        Bonus::K => colour::CELL_K,
        Bonus::X => colour::CELL_X,
        Bonus::Start => colour::CELL_START,
        Bonus::None => colour::CELL,
    }
}

fn bonus_of(mark: Option<&str>) -> Bonus {
    match mark {
        Some("K") => Bonus::K,
        Some("x") => Bonus::X,
        Some("S") => Bonus::Start,
        _ => Bonus::None,
    }
}

/// Follows the window: a new size moves and rescales the table.
#[allow(clippy::type_complexity)]
fn update_layout(
    windows: Query<&Window>,
    layout: Option<ResMut<BoardLayout>>,
    mut decor: Query<(&Decor, &mut Sprite, &mut Transform)>,
    mut cells: Query<(&CellOf, &mut Transform), (With<CellFace>, Without<Decor>)>,
) {
    let Some(mut layout) = layout else { return };
    let size = window_size(&windows);
    if layout.window != size {
        *layout = BoardLayout::new(size, layout.rows, layout.cols);
    }
    if !layout.is_changed() {
        return;
    }
    let unit = layout.token / TOKEN_BASE;
    for (decor, mut sprite, mut transform) in &mut decor {
        match decor {
            Decor::Board => {
                sprite.custom_size = Some(
                    Vec2::new(layout.cols as f32, layout.rows as f32) * layout.cell
                        + Vec2::splat(layout.cell * 0.4),
                );
                transform.translation = layout.centre.extend(0.0);
            }
            Decor::Tray => {
                sprite.custom_size = Some(Vec2::new(
                    layout.window.x - 2.0 * size::MARGIN,
                    layout.tray_h - 12.0,
                ));
                transform.translation = Vec2::new(0.0, layout.tray_y).extend(0.5);
            }
            Decor::Bag => {
                transform.translation = layout.bag.extend(2.0);
                transform.scale = Vec3::splat(unit);
            }
            Decor::Legend(i) => {
                let dy = if *i == 0 { 0.3 } else { -0.3 } * layout.token;
                transform.translation = (layout.legend + Vec2::Y * dy).extend(2.0);
                transform.scale = Vec3::splat(unit);
            }
        }
    }
    for (cell, mut transform) in &mut cells {
        transform.translation = layout.cell_centre(cell.index).extend(1.0);
        transform.scale = Vec3::splat(layout.cell / BASE);
    }
}

/// Gives each board cell its face: colour, mark and a hidden points hint.
fn dress_cells(
    mut commands: Commands,
    look: Res<Look>,
    layout: Option<Res<BoardLayout>>,
    cells: Query<(Entity, &CellOf), Added<CellOf>>,
) {
    let Some(layout) = layout else { return };
    for (entity, cell) in &cells {
        let bonus = bonus_of(cell.mark.as_deref());
        let mark = match bonus {
            Bonus::K => "K",
            Bonus::X => "x",
            _ => "",
        };
        commands.entity(entity).insert((
            CellFace,
            look.rounded_sprite(cell_colour(bonus), Vec2::splat(BASE * 0.92), 10.0),
            Transform::from_translation(layout.cell_centre(cell.index).extend(1.0))
                .with_scale(Vec3::splat(layout.cell / BASE)),
            Visibility::Visible,
            children![
                (
                    Text2d::new(mark),
                    TextFont {
                        font: look.semibold.clone().into(),
                        font_size: FontSize::Px(36.0),
                        ..default()
                    },
                    TextColor(colour::INK_SOFT),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ),
                (
                    CellHint(cell.index),
                    Text2d::new(""),
                    TextFont {
                        font: look.bold.clone().into(),
                        font_size: FontSize::Px(34.0),
                        ..default()
                    },
                    TextColor(colour::INK),
                    Transform::from_xyz(0.0, 0.0, 0.2),
                    Visibility::Hidden,
                ),
            ],
        ));
    }
}

/// Gives each token its look: an ivory disc with a bold digit and a shadow.
fn dress_pieces(
    mut commands: Commands,
    look: Res<Look>,
    layout: Option<Res<BoardLayout>>,
    pieces: Query<(Entity, &PieceOf, &At), Added<PieceOf>>,
) {
    let Some(layout) = layout else { return };
    for (entity, piece, at) in &pieces {
        let start = match at.0.zone {
            Zone::Board => layout.cell_centre(at.0.slot as usize),
            _ => layout.bag,
        };
        commands.entity(entity).insert((
            look.disc_sprite(colour::IVORY, TOKEN_BASE),
            Transform::from_translation(start.extend(5.0))
                .with_scale(Vec3::splat(layout.cell / BASE)),
            Visibility::Hidden,
            children![
                (
                    Sprite {
                        image: look.soft_disc.clone(),
                        color: colour::SHADOW,
                        custom_size: Some(Vec2::splat(TOKEN_BASE * 1.2)),
                        ..default()
                    },
                    Transform::from_xyz(2.0, -5.0, -0.1),
                ),
                (
                    Text2d::new(piece.label.clone()),
                    TextFont {
                        font: look.bold.clone().into(),
                        font_size: FontSize::Px(TOKEN_BASE * 0.58),
                        ..default()
                    },
                    TextColor(colour::INK),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ),
            ],
        ));
    }
}

/// The viewer's view, if the screen shows a seat's hand.
/// The viewer's legal placements (from its view only).
fn legal_for(view: &View) -> Vec<Scored> {
    view.placements()
}

fn interact(
    mut pointer: MessageReader<PointerInput>,
    mut hold: ResMut<Hold>,
    layout: Option<Res<BoardLayout>>,
    active: Res<ActiveMatch<Neighbours>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    mut requests: MessageWriter<MoveRequest<Neighbours>>,
) {
    let Some(layout) = layout else { return };
    let Some(view) = viewer_view(&active, &table) else {
        pointer.clear();
        return;
    };
    let seat = view.seat();
    let human = table
        .seats
        .get(seat)
        .is_some_and(|s| s.controller == crate::engine::Controller::Human);
    if !human {
        pointer.clear();
        *hold = Hold::Empty;
        return;
    }
    let may_move = view.to_move() == Some(seat) && *phase.get() == TurnPhase::AwaitingMove;
    let hand = view.hand_digits();
    for event in pointer.read() {
        if let Some(mv) = handle_pointer(&mut hold, &layout, &hand, may_move, *event) {
            requests.write(MoveRequest { seat, mv });
        }
    }
}

fn on_applied(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied<Neighbours>>,
    layout: Option<Res<BoardLayout>>,
    look: Res<Look>,
    table: Res<Table>,
    mut notice: ResMut<Notice>,
) {
    let Some(layout) = layout else { return };
    for a in applied.read() {
        match a.outcome.placed {
            Some(scored) => {
                let origin = layout.cell_centre(scored.cell).extend(30.0);
                commands.spawn((
                    MatchEntity,
                    Text2d::new(format!("+{}", scored.points)),
                    TextFont {
                        font: look.bold.clone().into(),
                        font_size: FontSize::Px(layout.cell * 0.55),
                        ..default()
                    },
                    TextColor(colour::POINTS),
                    bevy::sprite::Text2dShadow {
                        offset: Vec2::new(2.0, -2.0),
                        color: Color::srgba(0.0, 0.0, 0.0, 0.6),
                    },
                    Transform::from_translation(origin),
                    Rise {
                        elapsed: Duration::ZERO,
                        duration: Duration::from_millis(900),
                        height: layout.cell * 0.9,
                        origin,
                    },
                ));
            }
            None => notice.show(tr!("neighbours-passed", name = table.name(a.seat)), false),
        }
    }
}

/// A refused move drops what was held (the shell says why).
fn drop_hold_on_refusal(
    mut rejected: MessageReader<MoveRejected<Neighbours>>,
    mut hold: ResMut<Hold>,
) {
    if rejected.read().count() > 0 {
        *hold = Hold::Empty;
    }
}

/// Moves every token towards where it belongs: its cell, the viewer's hand,
/// or out of sight (other hands, the bag); a dragged token follows the pointer.
#[allow(clippy::too_many_arguments)]
fn place_pieces(
    mut commands: Commands,
    layout: Option<Res<BoardLayout>>,
    table: Res<Table>,
    screen: Res<State<Screen>>,
    hold: Res<Hold>,
    active: Res<ActiveMatch<Neighbours>>,
    mut pieces: Query<
        (Entity, &At, &mut Transform, &mut Visibility, Option<&Tween>),
        With<PieceOf>,
    >,
) {
    let Some(layout) = layout else { return };
    let viewer = if *screen.get() == Screen::Play {
        table.viewer
    } else {
        None
    };
    let hand_len = viewer.map_or(0, |s| active.get().state().hand(s).len());
    let glide = Duration::from_millis(320);
    for (entity, at, mut transform, mut visibility, tween) in &mut pieces {
        let (target, shown, diameter) = match at.0 {
            Location {
                zone: Zone::Board,
                slot,
            } => (layout.cell_centre(slot as usize), true, layout.cell * 0.8),
            Location {
                zone: Zone::Hand(s),
                slot,
            } if Some(s) == viewer => (
                layout.hand_slot(slot as usize, hand_len),
                true,
                layout.token,
            ),
            _ => (layout.bag, false, layout.token),
        };
        let in_hand = matches!(at.0.zone, Zone::Hand(s) if Some(s) == viewer);
        let lifted = in_hand && hold.slot() == Some(at.0.slot as usize);
        let z = if lifted {
            20.0
        } else if in_hand {
            6.0
        } else {
            5.0
        };
        // A token's scale follows its place: board tokens sit in their cells.
        transform.scale = Vec3::splat(diameter / TOKEN_BASE);
        if let (
            true,
            Hold::Pressed {
                at: p,
                dragging: true,
                ..
            },
        ) = (lifted, *hold)
        {
            commands.entity(entity).remove::<Tween>();
            transform.translation = p.extend(z);
        } else {
            let lift = if lifted {
                Vec2::Y * layout.token * 0.18
            } else {
                Vec2::ZERO
            };
            let to = (target + lift).extend(z);
            if *visibility == Visibility::Hidden && shown && at.0.zone == Zone::Board {
                // Appearing on the board (start token, a bot's move): come from the bag.
                transform.translation = layout.bag.extend(z);
            }
            move_to(&mut commands, entity, &transform, tween, to, glide);
        }
        let want = if shown {
            Visibility::Visible
        } else {
            Visibility::Hidden
        };
        if *visibility != want {
            *visibility = want;
        }
    }
}

/// Lights up the cells the held token may go to, each with its points.
#[allow(clippy::type_complexity)]
fn highlight_cells(
    hold: Res<Hold>,
    active: Res<ActiveMatch<Neighbours>>,
    table: Res<Table>,
    mut cells: Query<(&CellOf, &mut Sprite), With<CellFace>>,
    mut hints: Query<(&CellHint, &mut Text2d, &mut Visibility)>,
    mut last: Local<Option<(Option<u8>, usize, Option<Seat>)>>,
) {
    let key = (hold.digit(), active.get().moves().len(), table.viewer);
    if *last == Some(key) {
        return;
    }
    *last = Some(key);
    let legal: Vec<Scored> = match (hold.digit(), viewer_view(&active, &table)) {
        (Some(d), Some(view)) => legal_for(&view)
            .into_iter()
            .filter(|s| s.digit == d)
            .collect(),
        _ => Vec::new(),
    };
    for (cell, mut sprite) in &mut cells {
        let base = cell_colour(bonus_of(cell.mark.as_deref()));
        sprite.color = if legal.iter().any(|s| s.cell == cell.index) {
            colour::LEGAL
        } else {
            base
        };
    }
    for (hint, mut text, mut visibility) in &mut hints {
        match legal.iter().find(|s| s.cell == hint.0) {
            Some(s) => {
                text.0 = format!("+{}", s.points);
                *visibility = Visibility::Visible;
            }
            None => *visibility = Visibility::Hidden,
        }
    }
}

fn update_bag(
    active: Res<ActiveMatch<Neighbours>>,
    bag: Query<&Children, With<BagCount>>,
    mut texts: Query<(&mut Text2d, Option<&Children>)>,
    mut spans: Query<&mut TextSpan>,
    mut language: Local<Option<crate::i18n::Lang>>,
) {
    // A new bag, a token drawn, or a new language.
    let now = crate::i18n::language();
    if !active.is_changed() && *language == Some(now) {
        return;
    }
    let n = active.get().state().bag_len();
    for children in &bag {
        for child in children.iter() {
            let Ok((mut count, words)) = texts.get_mut(child) else {
                continue;
            };
            count.0 = n.to_string();
            for span in words.into_iter().flat_map(|w| w.iter()) {
                if let Ok(mut span) = spans.get_mut(span) {
                    span.0 = format!("\n{}", tr!("neighbours-bag", count = n));
                    *language = Some(now);
                }
            }
        }
    }
}

/// The top bar: every seat's name, score and token count, whose turn it
/// is; a menu; the notice; and the pass button when the viewer cannot move.
#[allow(clippy::too_many_arguments)]
fn hud(
    mut contexts: EguiContexts,
    active: Res<ActiveMatch<Neighbours>>,
    table: Res<Table>,
    notice: Res<Notice>,
    time: Res<Time>,
    phase: Res<State<TurnPhase>>,
    mut shown_scores: Local<Vec<f32>>,
    mut menu_open: Local<bool>,
    mut requests: MessageWriter<MoveRequest<Neighbours>>,
    mut nav: crate::ui::match_menu::MenuNav,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = active.get();
    let scores = game.scores();
    shown_scores.resize(scores.len(), 0.0);
    for (shown, &real) in shown_scores.iter_mut().zip(&scores) {
        // Scores count up (or down) towards the real figure.
        let gap = real as f32 - *shown;
        *shown += gap.signum()
            * (gap.abs() * 8.0 * time.delta_secs())
                .max(30.0 * time.delta_secs())
                .min(gap.abs());
    }
    if shown_scores
        .iter()
        .zip(&scores)
        .any(|(s, &r)| (*s - r as f32).abs() > 0.01)
    {
        ctx.request_repaint();
    }
    let to_move = game.awaiting().first().copied();
    let width = ctx.content_rect().width();
    egui::Area::new(egui::Id::new("hud"))
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
                let menu_w = size::TOUCH + 16.0;
                let chip_w =
                    ((ui.available_width() - menu_w) / seats as f32 - 10.0).clamp(110.0, 260.0);
                for seat in 0..seats {
                    let active_seat = to_move == Some(seat);
                    let fill = if active_seat {
                        ecolour::ACCENT
                    } else {
                        egui::Color32::from_rgb(32, 78, 61)
                    };
                    let ink = if active_seat {
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
                                ui.label(
                                    egui::RichText::new(table.name(seat))
                                        .color(ink)
                                        .strong()
                                        .size(size::TEXT - 2.0),
                                );
                                let held = game.state().hand(seat).len();
                                ui.label(
                                    egui::RichText::new(tr!(
                                        "neighbours-hud-score",
                                        points = shown_scores[seat].round() as i64,
                                        tokens = held
                                    ))
                                    .color(ink)
                                    .size(size::TEXT - 4.0),
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
                });
            });
        });

    crate::ui::match_menu::match_menu(
        ctx,
        &mut menu_open,
        GameId::of::<Neighbours>(),
        &mut nav,
        |_| {},
    );

    // The viewer must pass: say so, and offer the only move there is.
    if let Some(view) = viewer_view(&active, &table)
        && view.to_move() == Some(view.seat())
        && *phase.get() == TurnPhase::AwaitingMove
        && table.humans().contains(&view.seat())
        && legal_for(&view).is_empty()
    {
        egui::Area::new(egui::Id::new("pass"))
            .anchor(
                egui::Align2::CENTER_BOTTOM,
                egui::vec2(
                    0.0,
                    -(ctx.content_rect().height() * 0.16).clamp(96.0, 150.0) - 12.0,
                ),
            )
            .show(ctx, |ui| {
                egui::Frame::new()
                    .fill(ecolour::CARD)
                    .corner_radius(14)
                    .inner_margin(14)
                    .show(ui, |ui| {
                        ui.horizontal(|ui| {
                            ui.label(
                                egui::RichText::new(tr!("neighbours-must-pass"))
                                    .color(ecolour::INK)
                                    .size(size::TEXT),
                            );
                            if big_button(ui, &tr!("neighbours-pass"), true).clicked() {
                                requests.write(MoveRequest {
                                    seat: view.seat(),
                                    mv: Move::Pass,
                                });
                            }
                        });
                    });
            });
    } else if notice.remaining > 0.0 {
        egui::Area::new(egui::Id::new("notice"))
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, size::HUD + 10.0))
            .interactable(false)
            .show(ctx, |ui| {
                let fill = if notice.warning {
                    ecolour::WARN
                } else {
                    ecolour::CARD
                };
                let ink = if notice.warning {
                    egui::Color32::WHITE
                } else {
                    ecolour::INK
                };
                egui::Frame::new()
                    .fill(fill)
                    .corner_radius(12)
                    .inner_margin(12)
                    .show(ui, |ui| {
                        ui.label(
                            egui::RichText::new(&notice.text)
                                .color(ink)
                                .size(size::TEXT),
                        );
                    });
            });
    }
    Ok(())
}

/// Fills the results sheet when the match ends.
pub fn results_sheet(game: &Match<Neighbours>, table: &Table) -> ResultsSheet {
    let state = game.state();
    let winners = game.winners();
    let scores = game.scores();
    ResultsSheet {
        columns: vec![
            tr!("neighbours-results-points"),
            tr!("neighbours-results-penalty"),
            tr!("neighbours-results-final"),
            tr!("neighbours-results-left"),
        ],
        rows: (0..game.players())
            .map(|s| {
                let left: Vec<String> = state
                    .hand(s)
                    .iter()
                    .map(|t| t.digit().to_string())
                    .collect();
                (
                    table.name(s).to_owned(),
                    vec![
                        state.points()[s].to_string(),
                        if state.penalties()[s] > 0 {
                            format!("−{}", state.penalties()[s])
                        } else {
                            "0".into()
                        },
                        scores[s].to_string(),
                        if left.is_empty() {
                            "—".into()
                        } else {
                            left.join(" ")
                        },
                    ],
                    winners.contains(&s),
                )
            })
            .collect(),
        notes: vec![tr!(
            "neighbours-results-note",
            times = game.config().penalty
        )],
    }
}
