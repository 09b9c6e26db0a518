//! Between the sounds decided and the sound card: which clips start this
//! frame, and giving up, once and for good, on a device that never plays
//! them. Kept apart from playing (which needs the `sound` feature), so the
//! wiring is built and tested headless in every build.

use std::time::Duration;

use bevy::prelude::*;

use super::synth::Cue;
use super::{Decide, ToPlay};

/// A clip for the player to start now.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartSound(pub Cue);

/// Whether sounds still go to the device: set for good when a sound found
/// no device to play on (Bevy opens its device once, at start-up).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Device {
    /// No device played a sound in time: no more are started.
    pub missing: bool,
}

/// A sound started, and when (by the real clock).
#[derive(Component, Debug, Clone, Copy)]
pub struct Sounding {
    /// When the player started it.
    pub since: Duration,
}

/// How long a sound may wait for a device: longer than any clip.
pub const DEVICE_WAIT: Duration = Duration::from_secs(1);

/// The choice of clips to start, after the sounds are decided.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Device>()
        .add_message::<StartSound>()
        .add_systems(Update, start_decided.after(Decide));
}

/// Starts the sounds decided this frame, while a device plays them.
pub(super) fn start_decided(
    to_play: Res<ToPlay>,
    device: Res<Device>,
    mut start: MessageWriter<StartSound>,
) {
    if !to_play.is_changed() || device.missing {
        return;
    }
    start.write_batch(to_play.0.iter().copied().map(StartSound));
}

/// Bevy leaves a sound with no device to play on waiting for ever: a sound
/// still without its `Sink` (Bevy's `AudioSink` once it plays) after
/// [`DEVICE_WAIT`] is put away, no more are started, and it is said once.
/// The player adds this with Bevy's sink; tests with their own.
pub fn give_up_without<Sink: Component>(
    mut commands: Commands,
    time: Res<Time<Real>>,
    waiting: Query<(Entity, &Sounding), Without<Sink>>,
    mut device: ResMut<Device>,
) {
    for (entity, sounding) in &waiting {
        if time.elapsed().saturating_sub(sounding.since) < DEVICE_WAIT {
            continue;
        }
        commands.entity(entity).despawn();
        if !device.missing {
            device.missing = true;
            info!("no audio device plays the sounds: Parlour stays silent");
        }
    }
}
