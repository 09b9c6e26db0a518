//! The floor under Parlour's frame times: a bare Bevy window with one
//! sprite (and, with `--egui`, one egui label), built with the same Bevy
//! features and camera settings as the game, timed the way `parlour
//! --frames N --frame-stats` times its frames. Whatever this costs, the
//! game cannot cost less on the same machine.
//!
//! ```text
//! cargo run --release --example frame_floor -- --window 1920x1080 --frames 600 [--egui]
//! ```

use bevy::prelude::*;
use bevy::winit::WinitSettings;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

/// What to run, from the command line.
#[derive(Resource, Clone, Copy)]
struct Run {
    width: u32,
    height: u32,
    frames: usize,
    egui: bool,
}

/// Each frame's time in milliseconds, the first one left out.
#[derive(Resource, Default)]
struct Times(Vec<f32>);

fn main() {
    let run = match read_args(std::env::args().skip(1)) {
        Ok(run) => run,
        Err(reason) => {
            eprintln!("error: {reason}");
            std::process::exit(2);
        }
    };
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Frame floor".into(),
            resolution: bevy::window::WindowResolution::new(run.width, run.height),
            ..default()
        }),
        ..default()
    }))
    // Every frame drawn, as in a measured run of the game.
    .insert_resource(WinitSettings::game())
    .insert_resource(run)
    .init_resource::<Times>()
    .add_systems(Startup, spawn)
    .add_systems(Update, turn)
    .add_systems(Last, count);
    if run.egui {
        app.add_plugins(EguiPlugin::default())
            .add_systems(EguiPrimaryContextPass, label);
    }
    app.run();
}

fn read_args(mut args: impl Iterator<Item = String>) -> Result<Run, String> {
    let mut run = Run {
        width: 1280,
        height: 800,
        frames: 600,
        egui: false,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--window" => {
                let size = args.next().ok_or("--window needs WxH")?;
                let (w, h) = size.split_once('x').ok_or("--window needs WxH")?;
                run.width = w.parse().map_err(|_| format!("bad width {w:?}"))?;
                run.height = h.parse().map_err(|_| format!("bad height {h:?}"))?;
            }
            "--frames" => {
                let n = args.next().ok_or("--frames needs a number")?;
                run.frames = n.parse().map_err(|_| format!("bad frame count {n:?}"))?;
            }
            "--egui" => run.egui = true,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(run)
}

/// The game's camera settings (no multisampling, no dithering) and one
/// sprite, turning so every frame has something new to draw.
fn spawn(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        Msaa::Off,
        bevy::core_pipeline::tonemapping::DebandDither::Disabled,
    ));
    commands.spawn(Sprite::from_color(
        Color::srgb(0.95, 0.75, 0.4),
        Vec2::splat(200.0),
    ));
}

fn turn(time: Res<Time>, mut sprites: Query<&mut Transform, With<Sprite>>) {
    for mut t in &mut sprites {
        t.rotate_z(time.delta_secs());
    }
}

fn label(mut contexts: EguiContexts) -> Result {
    egui::Window::new("Floor").show(contexts.ctx_mut()?, |ui| {
        ui.label("One label, redrawn every frame.");
    });
    Ok(())
}

fn count(
    time: Res<Time>,
    run: Res<Run>,
    mut times: ResMut<Times>,
    mut seen: Local<usize>,
    mut exit: MessageWriter<AppExit>,
) {
    *seen += 1;
    if *seen > 1 {
        times.0.push(time.delta_secs() * 1000.0);
    }
    if *seen < run.frames {
        return;
    }
    let mut ms = times.0.clone();
    ms.sort_by(f32::total_cmp);
    let at = |q: f32| {
        ms.get(((ms.len() as f32 * q) as usize).min(ms.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0.0)
    };
    println!(
        "{{\"frames\": {}, \"egui\": {}, \"frame_ms_median\": {:.2}, \"frame_ms_p95\": {:.2}}}",
        *seen,
        run.egui,
        at(0.5),
        at(0.95)
    );
    exit.write(AppExit::Success);
}
