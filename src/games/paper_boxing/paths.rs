//! The paths on Paper Boxing's grids: a line through the cells each player
//! has used, the ring at its end, and — while the seat on screen drags its
//! ring — a faint line to the pointer. The newest stroke grows behind the
//! ring as the ring glides to its new cell.

use std::time::Duration;

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use parlour_core::engine::{Phase, Seat};
use parlour_core::games::paper_boxing::PaperBoxing;

use crate::engine::{ActiveMatch, MatchEntity, StartMatch};
use crate::session::{Screen, Table, TableSystems};
use crate::ui::theme::{Look, colour};
use crate::ui::tween::{Tween, move_to};

use super::input::PlayHold;
use super::layout::PbLayout;
use super::view::{BASE, SEAT, mix};
use super::viewer::{drawn_for, head, viewer_view};
use super::{in_paper_boxing, match_arrived};

/// The ring that marks the end of a path.
#[derive(Resource, Clone)]
struct Ring(Handle<Image>);

/// Paints the ring once: a white band, each seat's sprite tinting it.
fn make_ring(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let n = 128u32;
    let mut data = Vec::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            let d = ((x as f32 + 0.5 - 64.0).powi(2) + (y as f32 + 0.5 - 64.0).powi(2)).sqrt();
            // A band from radius 51 to 63, anti-aliased at both edges.
            let a = (63.0 - d + 0.5).clamp(0.0, 1.0) * (d - 51.0 + 0.5).clamp(0.0, 1.0);
            data.extend_from_slice(&[255, 255, 255, (a * 255.0).round() as u8]);
        }
    }
    let image = Image::new(
        Extent3d {
            width: n,
            height: n,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    commands.insert_resource(Ring(images.add(image)));
}

/// The ring at the end of a seat's path.
#[derive(Component, Clone, Copy, Debug)]
struct King(Seat);

/// A stroke of a path: step `index` of a seat's path, or the dragged ring's
/// line to the pointer.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Stroke {
    /// From cell `index` of the path to cell `index + 1`.
    Step(Seat, usize),
    /// From the path's end to the dragged ring.
    Preview,
}

/// Lays each seat's ring and the strokes of its path (at most fifteen
/// steps) for a new match, and the stroke to a dragged ring.
fn lay_paths(
    mut commands: Commands,
    mut starts: MessageReader<StartMatch<PaperBoxing>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    look: Res<Look>,
    ring: Res<Ring>,
) {
    if !match_arrived(&mut starts, &active) {
        return;
    }
    let hidden = Visibility::Hidden;
    for (seat, &ink) in SEAT.iter().enumerate() {
        commands.spawn((
            MatchEntity,
            King(seat),
            Sprite {
                image: ring.0.clone(),
                color: ink,
                custom_size: Some(Vec2::splat(BASE * 0.86)),
                ..default()
            },
            Transform::default(),
            hidden,
        ));
        for index in 0..15 {
            commands.spawn((
                MatchEntity,
                Stroke::Step(seat, index),
                // Opaque, so joints and crossings do not darken.
                look.rounded_sprite(mix(colour::CELL, ink, 0.8), Vec2::ONE, 8.0),
                Transform::default(),
                hidden,
            ));
        }
    }
    commands.spawn((
        MatchEntity,
        Stroke::Preview,
        look.rounded_sprite(Color::srgba(1.0, 1.0, 1.0, 0.5), Vec2::ONE, 8.0),
        Transform::default(),
        hidden,
    ));
}

/// Draws each path: a line through its cells, the newest stroke growing
/// behind the ring as it glides to its new cell; and, while the viewer
/// drags its ring, a faint line to the pointer.
fn draw_paths(
    mut commands: Commands,
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    screen: Res<State<Screen>>,
    hold: Res<PlayHold>,
    mut kings: Query<(
        Entity,
        &King,
        &mut Sprite,
        &mut Transform,
        &mut Visibility,
        Option<&Tween>,
    )>,
    mut strokes: Query<(&Stroke, &mut Sprite, &mut Transform, &mut Visibility), Without<King>>,
) {
    let Some(layout) = layout else { return };
    let view = viewer_view(active.get(), drawn_for(&table, *screen.get()));
    let shown = view.phase != Phase::SetUp;
    let glide = Duration::from_millis(520);
    let pitch = layout.cell;
    let dragged = (view.seat < 2 && shown)
        .then(|| hold.dragged_ring(head(&view, view.seat)))
        .flatten();
    let mut ring_at = [Vec2::ZERO; 2];
    for (entity, king, mut sprite, mut transform, mut visibility, tween) in &mut kings {
        let s = king.0;
        if !shown {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        }
        let target = layout.cell_centre(s, head(&view, s)).extend(1.3);
        sprite.custom_size = Some(Vec2::splat(pitch * 0.86));
        if *visibility == Visibility::Hidden {
            commands.entity(entity).remove::<Tween>();
            transform.translation = target;
            *visibility = Visibility::Visible;
        } else if let (Some(p), true) = (dragged, s == view.seat) {
            commands.entity(entity).remove::<Tween>();
            transform.translation = p.extend(1.3);
        } else {
            move_to(&mut commands, entity, &transform, tween, target, glide);
        }
        ring_at[s] = transform.translation.truncate();
    }
    let thick = pitch * 0.14;
    for (stroke, mut sprite, mut transform, mut visibility) in &mut strokes {
        let (a, b) = match *stroke {
            Stroke::Step(s, i) if shown && i + 1 < view.paths[s].len() => {
                let path = &view.paths[s];
                let a = layout.cell_centre(s, path[i]);
                let last = i + 2 == path.len();
                let b = if last && !(dragged.is_some() && s == view.seat) {
                    // The newest stroke ends where the ring is: it grows as the ring glides.
                    ring_at[s]
                } else {
                    layout.cell_centre(s, path[i + 1])
                };
                (a, b)
            }
            Stroke::Preview if dragged.is_some() => {
                let s = view.seat;
                (
                    layout.cell_centre(s, head(&view, s)),
                    dragged.unwrap_or_default(),
                )
            }
            _ => {
                visibility.set_if_neq(Visibility::Hidden);
                continue;
            }
        };
        let d = b - a;
        let len = d.length();
        sprite.custom_size = Some(Vec2::new(len + thick, thick));
        transform.translation = ((a + b) / 2.0).extend(1.05);
        transform.rotation = Quat::from_rotation_z(d.y.atan2(d.x));
        visibility.set_if_neq(Visibility::Visible);
    }
}

/// The ring's picture made once; the paths laid with each match and drawn
/// each frame.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_ring).add_systems(
        Update,
        (
            lay_paths.in_set(TableSystems::Show).run_if(in_paper_boxing),
            draw_paths
                .in_set(TableSystems::Draw)
                .run_if(in_paper_boxing),
        ),
    );
}
