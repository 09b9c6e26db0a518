//! Paper Boxing's pieces on the table: the wooden boards and their cells,
//! the knock-out stamps, and during the set-up the tray and its numbers.
//! Laid out when a match arrives, dressed as the rules plugin makes its
//! cells, and placed each frame — gliding, never jumping, except when they
//! first appear.

use std::time::Duration;

use bevy::prelude::*;
use parlour_core::engine::{Phase, Seat};
use parlour_core::games::paper_boxing::{PaperBoxing, View};

use crate::engine::{ActiveMatch, CellOf, MatchEntity, StartMatch};
use crate::game_kit::TableWindow;
use crate::session::{Screen, Table, TableSystems};
use crate::tr;
use crate::ui::theme::{Look, Zoom, colour};
use crate::ui::tween::{Tween, move_to};

use super::layout::{BOARD, FACE, PbLayout, grid_cell_centre};
use super::setup::{Draft, arranging};
use super::viewer::{drawn_for, viewer_view};
use super::{in_paper_boxing, match_arrived};

/// Cells and tokens are made at a fixed base size and scaled to the layout.
pub(super) const BASE: f32 = 100.0;
/// A token's diameter at base size.
const TOKEN_BASE: f32 = 80.0;

/// Each seat's colour: its path, its ring, the cells it has used.
pub(super) const SEAT: [Color; 2] = [
    Color::srgb(0.800, 0.255, 0.220),
    Color::srgb(0.180, 0.400, 0.760),
];

/// `base` moved a share `t` of the way towards `to`.
pub(super) fn mix(base: Color, to: Color, t: f32) -> Color {
    let (a, b) = (base.to_srgba(), to.to_srgba());
    Color::srgb(
        a.red + (b.red - a.red) * t,
        a.green + (b.green - a.green) * t,
        a.blue + (b.blue - a.blue) * t,
    )
}

/// A cell's face (on the rules plugin's cell entities).
#[derive(Component)]
pub(super) struct CellFace;

/// The number printed on a cell.
#[derive(Component)]
pub(super) struct CellNumber;

/// The table's decorations.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Decor {
    /// The wood under a seat's grid.
    Board(Seat),
    /// The tray of numbers during the set-up.
    Tray,
    /// The knock-out stamp over a seat's grid.
    Ko(Seat),
}

/// A number to place during the set-up.
#[derive(Component, Clone, Copy, Debug)]
struct Token(u8);

/// A line of text on the table, centred.
fn text_bundle(font: &Handle<Font>, px: f32, colour: Color, label: &str, z: f32) -> impl Bundle {
    (
        Text2d::new(label),
        TextFont {
            font: font.clone().into(),
            font_size: FontSize::Px(px),
            ..default()
        },
        TextColor(colour),
        TextLayout::justify(Justify::Center),
        Transform::from_xyz(0.0, 0.0, z),
    )
}

/// Lays out the table for a new match: boards, KO stamps, tray, tokens,
/// and the layout for the window. (The paths lay their own pieces.)
fn lay_table(
    mut commands: Commands,
    mut starts: MessageReader<StartMatch<PaperBoxing>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    look: Res<Look>,
    windows: TableWindow,
    zoom: Option<Res<Zoom>>,
) {
    if !match_arrived(&mut starts, &active) {
        return;
    }
    let hidden = Visibility::Hidden;
    for seat in 0..2 {
        commands.spawn((
            MatchEntity,
            Decor::Board(seat),
            look.rounded_sprite(colour::WOOD, Vec2::splat(BOARD * BASE), 18.0),
            Transform::default(),
            hidden,
        ));
        commands.spawn((
            MatchEntity,
            Decor::Ko(seat),
            look.rounded_sprite(
                Color::srgba(0.05, 0.05, 0.05, 0.55),
                Vec2::splat(BOARD * BASE),
                18.0,
            ),
            Transform::default(),
            hidden,
            children![text_bundle(
                &look.bold,
                BASE * 1.6,
                colour::WARN,
                &tr!("pb-ko-stamp"),
                0.1
            )],
        ));
    }
    commands.spawn((
        MatchEntity,
        Decor::Tray,
        look.rounded_sprite(colour::FELT_DARK, Vec2::splat(BASE), 24.0),
        Transform::default(),
        hidden,
    ));
    for number in 1..=15u8 {
        commands.spawn((
            MatchEntity,
            Token(number),
            look.disc_sprite(colour::IVORY, TOKEN_BASE),
            Transform::default(),
            hidden,
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
                text_bundle(
                    &look.bold,
                    TOKEN_BASE * 0.5,
                    colour::INK,
                    &number.to_string(),
                    0.1
                ),
            ],
        ));
    }
    let zoom = zoom.map_or(1.0, |z| z.0);
    commands.insert_resource(PbLayout::zoomed(windows.size(), zoom));
}

/// Gives each cell of the rules plugin's mirror its face and its number.
fn dress_cells(
    mut commands: Commands,
    look: Res<Look>,
    cells: Query<(Entity, &CellOf), Added<CellOf>>,
) {
    for (entity, cell) in &cells {
        let d = cell.mark.as_deref() == Some("D");
        commands.entity(entity).insert((
            CellFace,
            look.rounded_sprite(colour::CELL, Vec2::splat(BASE * FACE), 10.0),
            Transform::default(),
            Visibility::Hidden,
            children![(
                CellNumber,
                text_bundle(
                    &look.bold,
                    BASE * 0.46,
                    colour::INK,
                    if d { "D" } else { "" },
                    0.1
                ),
            )],
        ));
    }
}

/// Where a seat's grid is drawn now: in play both grids; during the set-up
/// only the viewer's, beside the tray. `None` when it is not shown.
pub(super) fn grid_place(layout: &PbLayout, view: &View, seat: Seat) -> Option<(Vec2, f32)> {
    match view.phase {
        Phase::SetUp => (seat == view.seat).then_some((layout.setup_grid, layout.setup_cell)),
        _ => Some((layout.grids[seat], layout.cell)),
    }
}

/// Moves the boards, the cells, the tray and the KO stamps to their places.
fn place_boards(
    mut commands: Commands,
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    screen: Res<State<Screen>>,
    mut decor: Query<
        (
            Entity,
            &Decor,
            &mut Sprite,
            &mut Transform,
            &mut Visibility,
            Option<&Tween>,
        ),
        Without<CellFace>,
    >,
    mut cells: Query<
        (
            Entity,
            &CellOf,
            &mut Transform,
            &mut Visibility,
            Option<&Tween>,
        ),
        With<CellFace>,
    >,
) {
    let Some(layout) = layout else { return };
    let view = viewer_view(active.get(), drawn_for(&table, *screen.get()));
    let glide = Duration::from_millis(420);
    let place = |commands: &mut Commands,
                 entity: Entity,
                 transform: &mut Transform,
                 visibility: &mut Visibility,
                 tween: Option<&Tween>,
                 at: Option<(Vec3, f32)>| {
        let Some((to, scale)) = at else {
            if *visibility != Visibility::Hidden {
                *visibility = Visibility::Hidden;
            }
            return;
        };
        transform.scale = Vec3::new(scale, scale, 1.0);
        if *visibility == Visibility::Hidden {
            // Appearing: no glide from wherever it was last.
            commands.entity(entity).remove::<Tween>();
            transform.translation = to;
            *visibility = Visibility::Visible;
        } else {
            move_to(commands, entity, transform, tween, to, glide);
        }
    };
    for (entity, decor, mut sprite, mut transform, mut visibility, tween) in &mut decor {
        let at = match *decor {
            Decor::Board(seat) | Decor::Ko(seat) => {
                let shown = *decor == Decor::Board(seat) || view.ko == Some(seat);
                grid_place(&layout, &view, seat)
                    .filter(|_| shown)
                    .map(|(c, pitch)| {
                        let z = if *decor == Decor::Board(seat) {
                            0.0
                        } else {
                            2.0
                        };
                        (c.extend(z), pitch / BASE)
                    })
            }
            Decor::Tray => {
                sprite.custom_size = Some(layout.tray.size());
                arranging(&view, &table).then_some((layout.tray.center().extend(0.5), 1.0))
            }
        };
        place(
            &mut commands,
            entity,
            &mut transform,
            &mut visibility,
            tween,
            at,
        );
    }
    for (entity, cell, mut transform, mut visibility, tween) in &mut cells {
        let seat = cell.owner.unwrap_or(0);
        let index = (cell.index % 16) as u8;
        let at = grid_place(&layout, &view, seat).map(|(centre, pitch)| {
            (
                grid_cell_centre(centre, pitch, index).extend(1.0),
                pitch / BASE,
            )
        });
        place(
            &mut commands,
            entity,
            &mut transform,
            &mut visibility,
            tween,
            at,
        );
    }
}

/// Moves each set-up number to its cell or its tray slot (or under the
/// pointer while dragged); hidden unless the viewer is filling in a grid.
fn place_tokens(
    mut commands: Commands,
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    screen: Res<State<Screen>>,
    draft: Res<Draft>,
    mut tokens: Query<(
        Entity,
        &Token,
        &mut Sprite,
        &mut Transform,
        &mut Visibility,
        Option<&Tween>,
    )>,
) {
    let Some(layout) = layout else { return };
    let view = viewer_view(active.get(), drawn_for(&table, *screen.get()));
    let shown = arranging(&view, &table) && draft.seat == Some(view.seat);
    let glide = Duration::from_millis(220);
    let scale = layout.token() / TOKEN_BASE;
    for (entity, token, mut sprite, mut transform, mut visibility, tween) in &mut tokens {
        if !shown {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        }
        let n = token.0;
        let home = match draft.arrangement.cell_of(n) {
            Some(c) => layout.setup_cell_centre(c),
            None => layout.tray_slot(n),
        };
        let selected = draft.hold.number() == Some(n);
        let colour = if selected {
            colour::POINTS
        } else {
            colour::IVORY
        };
        if sprite.color != colour {
            sprite.color = colour;
        }
        transform.scale = Vec3::new(scale, scale, 1.0);
        if *visibility == Visibility::Hidden {
            commands.entity(entity).remove::<Tween>();
            transform.translation = home.extend(5.0);
            *visibility = Visibility::Visible;
            continue;
        }
        match draft.hold.dragged() {
            Some((d, at)) if d == n => {
                commands.entity(entity).remove::<Tween>();
                transform.translation = at.extend(20.0);
            }
            _ => {
                let z = if selected { 8.0 } else { 5.0 };
                move_to(
                    &mut commands,
                    entity,
                    &transform,
                    tween,
                    home.extend(z),
                    glide,
                );
            }
        }
    }
}

/// The pieces laid when a match arrives and dressed as cells appear; placed
/// for the frame once the moves are shown.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (lay_table, dress_cells)
                .in_set(TableSystems::Show)
                .run_if(in_paper_boxing),
            (place_boards, place_tokens)
                .in_set(TableSystems::Draw)
                .run_if(in_paper_boxing),
        ),
    );
}
