//! Eased motion: pieces travel from where they were to where they go, and
//! points scored float up. With *Reduce motion* set, pieces jump straight
//! to their places and nothing floats.

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::session::Motion;
use crate::settings::Settings;

/// Moves an entity's translation from `from` to `to` over `duration`, eased.
#[derive(Component, Clone, Debug)]
pub struct Tween {
    /// Where it starts.
    pub from: Vec3,
    /// Where it ends.
    pub to: Vec3,
    /// Time so far.
    pub elapsed: Duration,
    /// Total time (already scaled by the animation speed).
    pub duration: Duration,
}

impl Tween {
    /// A tween from `from` to `to` taking `duration` at normal speed.
    pub fn new(from: Vec3, to: Vec3, duration: Duration) -> Self {
        Self {
            from,
            to,
            elapsed: Duration::ZERO,
            duration,
        }
    }

    /// How far along, 0..=1, eased (cubic out: quick start, gentle landing).
    pub fn progress(&self) -> f32 {
        let t = if self.duration.is_zero() {
            1.0
        } else {
            (self.elapsed.as_secs_f32() / self.duration.as_secs_f32()).min(1.0)
        };
        ease_out_cubic(t)
    }

    /// Whether it has arrived.
    pub fn done(&self) -> bool {
        self.elapsed >= self.duration
    }
}

/// Cubic ease-out.
pub fn ease_out_cubic(t: f32) -> f32 {
    1.0 - (1.0 - t).powi(3)
}

/// Text that rises and fades, then disappears (points scored).
#[derive(Component, Clone, Debug)]
pub struct Rise {
    /// Time so far.
    pub elapsed: Duration,
    /// Total time.
    pub duration: Duration,
    /// Pixels risen over the whole time.
    pub height: f32,
    /// Where it started.
    pub origin: Vec3,
}

/// Points scored (or a bout's mark), floating up from `origin` over a
/// cell `cell` wide and fading: bold, in the points colour, with a shadow.
pub fn rising_points(font: &Handle<Font>, text: String, cell: f32, origin: Vec3) -> impl Bundle {
    (
        Text2d::new(text),
        TextFont {
            font: font.clone().into(),
            font_size: FontSize::Px(cell * 0.5),
            ..default()
        },
        TextColor(super::theme::colour::POINTS),
        bevy::sprite::Text2dShadow {
            offset: Vec2::new(2.0, -2.0),
            color: Color::srgba(0.0, 0.0, 0.0, 0.6),
        },
        Transform::from_translation(origin),
        Rise {
            elapsed: Duration::ZERO,
            duration: Duration::from_millis(900),
            // Over its own cell, a little above the middle: risen a whole
            // cell it lay over the next token, or the names over a grid.
            height: cell * 0.3,
            origin,
        },
    )
}

/// Sets a tween towards `to` unless the entity is already going there.
pub fn move_to(
    commands: &mut Commands,
    entity: Entity,
    transform: &Transform,
    tween: Option<&Tween>,
    to: Vec3,
    duration: Duration,
) {
    if tween.is_some_and(|t| t.to == to) || (tween.is_none() && transform.translation == to) {
        return;
    }
    commands
        .entity(entity)
        .insert(Tween::new(transform.translation, to, duration));
}

/// The animation systems.
pub fn plugin(app: &mut App) {
    app.init_resource::<Motion>().add_systems(
        PostUpdate,
        (run_tweens, run_rises)
            .chain()
            .before(TransformSystems::Propagate),
    );
}

fn run_tweens(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut motion: ResMut<Motion>,
    mut tweens: Query<(Entity, &mut Tween, &mut Transform)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    motion.running = 0;
    let step = time.delta().mul_f32(settings.animation_speed.max(0.1));
    for (entity, mut tween, mut transform) in &mut tweens {
        tween.elapsed = if settings.reduce_motion {
            tween.duration
        } else {
            tween.elapsed + step
        };
        let p = tween.progress();
        transform.translation = tween.from.lerp(tween.to, p);
        if tween.done() {
            transform.translation = tween.to;
            commands.entity(entity).remove::<Tween>();
        } else {
            motion.running += 1;
        }
    }
    if motion.running > 0 {
        redraw.write(RequestRedraw);
    }
}

fn run_rises(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut motion: ResMut<Motion>,
    mut rises: Query<(Entity, &mut Rise, &mut Transform, &mut TextColor)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let step = time.delta().mul_f32(settings.animation_speed.max(0.1));
    let mut any = false;
    for (entity, mut rise, mut transform, mut colour) in &mut rises {
        if settings.reduce_motion {
            commands.entity(entity).despawn();
            continue;
        }
        rise.elapsed += step;
        let t = (rise.elapsed.as_secs_f32() / rise.duration.as_secs_f32()).min(1.0);
        transform.translation = rise.origin + Vec3::Y * rise.height * ease_out_cubic(t);
        colour.0.set_alpha(1.0 - t * t);
        if t >= 1.0 {
            commands.entity(entity).despawn();
        } else {
            motion.running += 1;
            any = true;
        }
    }
    if any {
        redraw.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An app with the animation systems, `reduce` set or not, and a piece
    /// sent on its way.
    fn piece_on_its_way(reduce: bool) -> (App, Entity) {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<RequestRedraw>()
            .insert_resource(Settings {
                reduce_motion: reduce,
                ..Settings::default()
            })
            .add_plugins(plugin);
        let to = Vec3::new(300.0, 0.0, 0.0);
        let piece = app
            .world_mut()
            .spawn((
                Transform::default(),
                Tween::new(Vec3::ZERO, to, Duration::from_secs(1)),
            ))
            .id();
        app.world_mut().spawn((
            Transform::default(),
            TextColor(Color::WHITE),
            Rise {
                elapsed: Duration::ZERO,
                duration: Duration::from_secs(1),
                height: 50.0,
                origin: Vec3::ZERO,
            },
        ));
        app.update();
        app.update();
        (app, piece)
    }

    #[test]
    fn with_reduce_motion_pieces_jump_and_no_score_floats() {
        let (mut app, piece) = piece_on_its_way(true);
        assert_eq!(
            app.world().get::<Transform>(piece).unwrap().translation.x,
            300.0
        );
        assert!(app.world().get::<Tween>(piece).is_none());
        assert_eq!(
            app.world_mut().query::<&Rise>().iter(app.world()).count(),
            0
        );
        assert_eq!(app.world().resource::<Motion>().running, 0);
    }

    #[test]
    fn without_it_pieces_travel() {
        let (app, piece) = piece_on_its_way(false);
        let x = app.world().get::<Transform>(piece).unwrap().translation.x;
        assert!(x < 300.0, "still on its way: {x}");
        assert!(app.world().resource::<Motion>().running > 0);
    }

    #[test]
    fn easing_starts_at_zero_and_lands_at_one() {
        assert_eq!(ease_out_cubic(0.0), 0.0);
        assert_eq!(ease_out_cubic(1.0), 1.0);
        assert!(
            ease_out_cubic(0.5) > 0.5,
            "eases out: more than half way at half time"
        );
    }

    #[test]
    fn risen_points_stay_over_their_own_cell() {
        let cell = 80.0;
        let mut world = World::new();
        let points = world
            .spawn(rising_points(
                &Handle::default(),
                "+10".into(),
                cell,
                Vec3::ZERO,
            ))
            .id();
        let rise = world.get::<Rise>(points).unwrap();
        let FontSize::Px(tall) = world.get::<TextFont>(points).unwrap().font_size else {
            panic!("points sized in pixels");
        };
        // At the top of its rise, the words' upper edge stays within the
        // cell's own half-height and a little of the margin above it.
        assert!(
            rise.height + tall / 2.0 <= cell * 0.6,
            "{} + {}",
            rise.height,
            tall / 2.0
        );
    }
}
