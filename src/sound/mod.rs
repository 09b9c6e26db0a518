//! Sound: short clips for placing, drawing, a refused move and a win.
//!
//! The clips are made in code ([`synth`]) and the choice of clip is plain
//! logic ([`cues`]); what the rules' answers call for is heard, what is to
//! be played decided, and which clips start or stop for want of a device
//! ([`device`]), in every build ([`plugin`], [`hear`]), so all of it is
//! tested headless. Playing needs Bevy's audio, which needs the system's
//! ALSA library on Linux: it comes with the opt-in cargo feature `sound`
//! (its [`player`] then exists, and the window adds it).

pub mod cues;
pub mod device;
pub mod synth;

#[cfg(feature = "sound")]
mod play;

use bevy::prelude::*;

#[cfg(feature = "sound")]
pub use play::plugin as player;
pub use synth::Cue;

use crate::engine::{ActiveMatch, MoveApplied, MoveRejected};
use crate::session::attract::Demo;
use crate::session::{Table, TableSystems};
use crate::settings::Settings;
use cues::Sounds;

/// Whether this build plays sounds (it was built with the `sound` feature).
pub const BUILT_IN: bool = cfg!(feature = "sound");

/// The sounds this frame's moves called for.
#[derive(Resource, Default, Debug)]
pub struct Heard(pub Vec<Cue>);

/// The sounds to start this frame, decided: each once, fanfares first, none
/// when sound is off or attract mode runs. The player takes them.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct ToPlay(pub Vec<Cue>);

/// The system set of the sound decisions, after every game's hearing.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Decide;

/// What every game shares: the heard sounds and the choice of what to play.
pub fn plugin(app: &mut App) {
    app.init_resource::<Heard>()
        .init_resource::<ToPlay>()
        .add_systems(Update, decide.in_set(Decide).after(TableSystems::Show))
        .add_plugins(device::plugin);
}

/// Hears the rules' answers for game `G` (alongside the screens, which read
/// the same messages for their own ends).
pub fn hear<G: Sounds>(app: &mut App) {
    app.add_systems(
        Update,
        listen::<G>.in_set(TableSystems::Show).before(Decide),
    );
}

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

/// The frame's sounds, unless sound is off in the settings or attract mode
/// runs: a kiosk showing bots play must not chatter all day.
fn decide(
    mut heard: ResMut<Heard>,
    mut to_play: ResMut<ToPlay>,
    settings: Res<Settings>,
    demo: Option<Res<Demo>>,
) {
    if heard.0.is_empty() {
        if !to_play.0.is_empty() {
            to_play.0.clear();
        }
        return;
    }
    let frame = cues::of_frame(std::mem::take(&mut heard.0));
    let silent = !settings.sound || demo.is_some();
    debug!("sounds {frame:?}{}", if silent { " (silent)" } else { "" });
    to_play.0 = if silent { Vec::new() } else { frame };
}
