//! Sound: short clips for placing, drawing, a refused move and a win.
//!
//! The clips are made in code ([`synth`]) and the choice of clip is plain
//! logic ([`cues`]); both are built in every configuration so their tests
//! always run. Playing them needs Bevy's audio, which needs the system's
//! ALSA library on Linux: it comes with the opt-in cargo feature `sound`
//! (its `plugin` then exists, and the window adds it).

pub mod cues;
pub mod synth;

#[cfg(feature = "sound")]
mod play;

#[cfg(feature = "sound")]
pub use play::plugin;

pub use synth::Cue;

/// Whether this build plays sounds (it was built with the `sound` feature).
pub const BUILT_IN: bool = cfg!(feature = "sound");
