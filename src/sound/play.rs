//! Playing the clips through Bevy's audio (the `sound` feature).

use bevy::audio::{AudioPlayer, AudioSink, AudioSource, PlaybackSettings};
use bevy::prelude::*;

use super::device::{Sounding, StartSound, give_up_without, start_decided};
use super::synth::Cue;

/// The clips, made once at start-up.
#[derive(Resource)]
struct Clips(Vec<(Cue, Handle<AudioSource>)>);

impl Clips {
    fn get(&self, cue: Cue) -> Option<&Handle<AudioSource>> {
        self.0.iter().find(|(c, _)| *c == cue).map(|(_, h)| h)
    }
}

/// Plays the sounds started (what starts is chosen in `device`, in every
/// build): needs Bevy's `AudioPlugin` (in `DefaultPlugins` when the feature
/// is on). The window adds it; headless apps never do.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, make_clips).add_systems(
        Update,
        (play.after(start_decided), give_up_without::<AudioSink>),
    );
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

/// Plays each clip started this frame.
fn play(
    mut commands: Commands,
    mut started: MessageReader<StartSound>,
    clips: Option<Res<Clips>>,
    time: Res<Time<Real>>,
) {
    let Some(clips) = clips else {
        started.clear();
        return;
    };
    for &StartSound(cue) in started.read() {
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
