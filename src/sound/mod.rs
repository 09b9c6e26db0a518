//! Sound: short clips for placing, drawing, a refused move and a win.
//!
//! The clips are made in code ([`synth`]) and the choice of clip is plain
//! logic ([`cues`]); both are built in every configuration so their tests
//! always run.

pub mod cues;
pub mod synth;

pub use synth::Cue;
