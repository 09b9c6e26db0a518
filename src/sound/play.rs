//! Playing the clips through Bevy's audio (the `sound` feature).

use std::time::Duration;

use bevy::audio::{AudioPlayer, AudioSink, AudioSource, PlaybackSettings};
use bevy::prelude::*;

use super::cues::{self, Sounds};
use super::synth::Cue;
use crate::engine::{ActiveMatch, MoveApplied, MoveRejected, RulesSystems};
use crate::games::{Neighbours, PaperBoxing, Rummy};
use crate::ui::demo::Demo;
use crate::ui::{Settings, Table};

/// The clips, made once at start-up.
#[derive(Resource)]
struct Clips(Vec<(Cue, Handle<AudioSource>)>);

impl Clips {
    fn get(&self, cue: Cue) -> Option<&Handle<AudioSource>> {
        self.0.iter().find(|(c, _)| *c == cue).map(|(_, h)| h)
    }
}

/// The sounds this frame's moves called for.
#[derive(Resource, Default)]
struct Heard(Vec<Cue>);

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

/// Plays the table's sounds: needs Bevy's `AudioPlugin` (in `DefaultPlugins`
/// when the feature is on). The window adds it; headless apps never do.
pub fn plugin(app: &mut App) {
    app.init_resource::<Heard>()
        .init_resource::<NoDevice>()
        .add_systems(Startup, make_clips)
        .add_systems(
            Update,
            (
                (listen::<Neighbours>, listen::<PaperBoxing>, listen::<Rummy>),
                play,
            )
                .chain()
                .after(RulesSystems::Apply),
        )
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

/// Hears the rules' answers for game `G` (alongside the screens, which
/// read the same messages for their own ends).
fn listen<G: Sounds>(
    mut applied: MessageReader<MoveApplied<G>>,
    mut rejected: MessageReader<MoveRejected<G>>,
    active: Option<Res<ActiveMatch<G>>>,
    table: Res<Table>,
    mut heard: ResMut<Heard>,
) {
    if applied.is_empty() && rejected.is_empty() {
        return;
    }
    let humans = table.humans();
    let winners = active.map(|a| a.get().winners()).unwrap_or_default();
    for a in applied.read() {
        heard
            .0
            .extend(cues::after_move::<G>(&a.outcome, &humans, &winners));
    }
    for r in rejected.read() {
        heard.0.extend(cues::after_refusal(r.seat, &humans));
    }
}

/// Starts the frame's sounds, unless sound is off in the settings or
/// attract mode runs: a kiosk showing bots play must not chatter all day.
fn play(
    mut commands: Commands,
    mut heard: ResMut<Heard>,
    settings: Res<Settings>,
    demo: Option<Res<Demo>>,
    no_device: Res<NoDevice>,
    clips: Option<Res<Clips>>,
    time: Res<Time<Real>>,
) {
    if heard.0.is_empty() {
        return;
    }
    let frame = cues::of_frame(std::mem::take(&mut heard.0));
    let silent = !settings.sound || demo.is_some() || no_device.0;
    debug!("sounds {frame:?}{}", if silent { " (silent)" } else { "" });
    if silent {
        return;
    }
    let Some(clips) = clips else { return };
    for cue in frame {
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
