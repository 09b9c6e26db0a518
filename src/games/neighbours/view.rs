//! The Neighbours table drawn: the board and its cells, the tokens gliding
//! to their places, the tray, the bag and the legend, all following the
//! window's size.

use std::time::Duration;

use bevy::prelude::*;
use parlour_core::engine::{Location, Seat, Zone};
use parlour_core::games::neighbours::{Bonus, Move, Neighbours, Scored};

use super::input::Hold;
use super::layout::BoardLayout;
use crate::engine::{ActiveMatch, At, CellOf, MatchEntity, PieceOf, StartMatch};
use crate::game_kit::{TableWindow, on_table, viewer_view};
use crate::session::{Screen, Table, TableSystems};
use crate::tr;
use crate::ui::theme::{Look, Zoom, colour, size};
use crate::ui::tween::{Tween, move_to};

/// The Neighbours table drawn each frame.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            start_table,
            update_layout,
            (dress_cells, dress_pieces),
            (place_pieces, highlight_cells, update_bag, mark_last_placed),
        )
            .chain()
            .in_set(TableSystems::Draw)
            .run_if(on_table::<Neighbours>),
    );
}

/// Marks a cell's sprite.
#[derive(Component)]
struct CellFace;

/// The points a held token would score on a cell.
#[derive(Component)]
struct CellHint(usize);

/// The ring around the token placed last, so a player looking up from
/// their hand sees what was just played — whoever played it, in every kind
/// of match; no ring after a pass.
#[derive(Component, Debug)]
pub struct LastPlaced;

/// The token bag in the tray, with its count.
#[derive(Component)]
struct BagCount;

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
    windows: TableWindow,
    zoom: Option<Res<Zoom>>,
    mut hold: ResMut<Hold>,
) {
    if starts.read().last().is_none() && !active.is_added() {
        return;
    }
    *hold = Hold::Empty;
    let board = &active.get().config().board;
    let layout = BoardLayout::under_hud(
        windows.size(),
        board.rows(),
        board.cols(),
        zoom.map_or(size::HUD, |z| z.hud()),
    );
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
    commands.spawn((
        MatchEntity,
        LastPlaced,
        Sprite {
            image: look.ring.clone(),
            color: colour::LAST_MOVE,
            custom_size: Some(Vec2::splat(BASE)),
            ..default()
        },
        // Over the token's rim, under a token lifted from the hand (20).
        Transform::from_xyz(0.0, 0.0, 5.5),
        Visibility::Hidden,
    ));
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
fn update_layout(
    windows: TableWindow,
    zoom: Option<Res<Zoom>>,
    layout: Option<ResMut<BoardLayout>>,
    mut decor: Query<(&Decor, &mut Sprite, &mut Transform)>,
    mut cells: Query<(&CellOf, &mut Transform), (With<CellFace>, Without<Decor>)>,
) {
    let Some(mut layout) = layout else { return };
    let size = windows.size();
    let hud = zoom.map_or(size::HUD, |z| z.hud());
    if layout.window != size || layout.hud != hud {
        *layout = BoardLayout::under_hud(size, layout.rows, layout.cols, hud);
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
                sprite.custom_size = Some(layout.tray.size());
                transform.translation = layout.tray.center().extend(0.5);
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

/// Moves every token towards where it belongs: its cell, the viewer's hand,
/// or out of sight (other hands, the bag); a dragged token follows the pointer.
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
        (Some(d), Some(view)) => view
            .placements()
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

/// The cell of the match's last move, if it placed a token (row-major).
pub fn last_placed_cell(active: &ActiveMatch<Neighbours>) -> Option<usize> {
    let game = active.get();
    let cols = game.config().board.cols() as usize;
    match game.moves().last() {
        Some((_, Move::Place(p))) => Some(p.row as usize * cols + p.col as usize),
        _ => None,
    }
}

/// Puts the ring on the last token placed, sized to its cell; hides it
/// before the first placement and after a pass.
fn mark_last_placed(
    active: Res<ActiveMatch<Neighbours>>,
    layout: Option<Res<BoardLayout>>,
    mut mark: Query<(&mut Transform, &mut Visibility), With<LastPlaced>>,
) {
    let Some(layout) = layout else { return };
    if !active.is_changed() && !layout.is_changed() {
        return;
    }
    let cell = last_placed_cell(&active);
    for (mut transform, mut visibility) in &mut mark {
        if let Some(cell) = cell {
            // A little wider than the token (0.8 of the cell), inside the cell.
            transform.translation = layout.cell_centre(cell).extend(5.5);
            transform.scale = Vec3::splat(layout.cell * 0.92 / BASE);
        }
        let want = if cell.is_some() {
            Visibility::Visible
        } else {
            Visibility::Hidden
        };
        visibility.set_if_neq(want);
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
