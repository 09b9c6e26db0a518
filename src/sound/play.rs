//! Playing the clips through Bevy's audio (the `sound` feature).

use std::time::Duration;

use bevy::audio::{AudioPlayer, AudioSink, AudioSource, PlaybackSettings};
use bevy::prelude::*;

use super::synth::Cue;
use super::{Decide, ToPlay};

/// The clips, made once at start-up.
#[derive(Resource)]
struct Clips(Vec<(Cue, Handle<AudioSource>)>);

impl Clips {
    fn get(&self, cue: Cue) -> Option<&Handle<AudioSource>> {
        self.0.iter().find(|(c, _)| *c == cue).map(|(_, h)| h)
    }
}

/// Set when a sound found no device to play on: then no more are started
/// (Bevy opens its device once, at start-up).
#[derive(Resource, Default)]
struct NoDevice(bool);

/// A sound started, and when.
#[derive(Component)]
struct Sounding {
    since: Duration,
}

/// How long a sound may wait for a device: longer than any clip.
const DEVICE_WAIT: Duration = Duration::from_secs(1);

/// Plays the sounds decided: needs Bevy's `AudioPlugin` (in `DefaultPlugins`
/// when the feature is on). The window adds it; headless apps never do.
pub fn plugin(app: &mut App) {
    app.init_resource::<NoDevice>()
        .add_systems(Startup, make_clips)
        .add_systems(Update, play.after(Decide))
        .add_systems(Update, give_up_without_device);
}

fn make_clips(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let clips = Cue::ALL
        .into_iter()
        .map(|cue| {
            let bytes = cue.wav().into();
            (cue, sources.add(AudioSource { bytes }))
        })
        .collect();
    commands.insert_resource(Clips(clips));
}

/// Starts the sounds decided this frame, while a device plays them.
fn play(
    mut commands: Commands,
    to_play: Res<ToPlay>,
    no_device: Res<NoDevice>,
    clips: Option<Res<Clips>>,
    time: Res<Time<Real>>,
) {
    if !to_play.is_changed() || to_play.0.is_empty() || no_device.0 {
        return;
    }
    let Some(clips) = clips else { return };
    for &cue in &to_play.0 {
        if let Some(clip) = clips.get(cue) {
            commands.spawn((
                AudioPlayer::new(clip.clone()),
                PlaybackSettings::DESPAWN,
                Sounding {
                    since: time.elapsed(),
                },
            ));
        }
    }
}

/// Bevy leaves a sound with no device to play on waiting for ever: such a
/// sound is put away, and no more are started.
fn give_up_without_device(
    mut commands: Commands,
    time: Res<Time<Real>>,
    waiting: Query<(Entity, &Sounding), Without<AudioSink>>,
    mut no_device: ResMut<NoDevice>,
) {
    for (entity, sounding) in &waiting {
        if time.elapsed().saturating_sub(sounding.since) < DEVICE_WAIT {
            continue;
        }
        commands.entity(entity).despawn();
        if !no_device.0 {
            no_device.0 = true;
            info!("no audio device plays the sounds: Parlour stays silent");
        }
    }
}

#[cfg(test)]
mod tests {
    use bevy::audio::{Decodable, Source};

    use super::*;
    use crate::sound::synth::SAMPLE_RATE;

    #[test]
    fn bevy_decodes_every_clip_whole() {
        // Bevy's decoder panics on bytes it cannot read: every clip must read,
        // at its rate, one channel, every sample there.
        for cue in Cue::ALL {
            let source = AudioSource {
                bytes: cue.wav().into(),
            };
            let decoder = source.decoder();
            assert_eq!(decoder.sample_rate().get(), SAMPLE_RATE, "{cue:?}");
            assert_eq!(decoder.channels().get(), 1, "{cue:?}");
            let decoded: Vec<f32> = decoder.collect();
            let ours = cue.samples();
            assert_eq!(decoded.len(), ours.len(), "{cue:?}");
            for (d, o) in decoded.iter().zip(&ours) {
                assert!((d - *o as f32 / 32768.0).abs() < 1e-3, "{cue:?}");
            }
        }
    }
}
