//! The table's sounds, made in code at start-up: no sound files to ship.
//!
//! Each [`Cue`] is a short mono clip, written as 16-bit PCM WAV bytes in
//! memory (the form Bevy's audio decodes). Every voice starts from silence
//! with a soft attack and the whole clip fades to silence at its end, so no
//! sound clicks. Plain arithmetic on a deterministic noise source: the same
//! bytes every time.

use std::f32::consts::{PI, TAU};
use std::time::Duration;

/// Samples per second of every clip.
pub const SAMPLE_RATE: u32 = 44_100;

/// The moments the table marks with a sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cue {
    /// A piece put down: a token, a step of a path, a grid, cards laid. A wooden "tock".
    Place,
    /// A card drawn from the pile: a light rising swish.
    Draw,
    /// A move the rules refused: a low, muted double thud.
    Refused,
    /// A round won by a person at the table: a rising major triad.
    RoundWon,
    /// A match won by a person at the table: the triad and its octave.
    MatchWon,
}

impl Cue {
    /// Every cue.
    pub const ALL: [Cue; 5] = [
        Cue::Place,
        Cue::Draw,
        Cue::Refused,
        Cue::RoundWon,
        Cue::MatchWon,
    ];

    /// How long the clip lasts.
    pub fn duration(self) -> Duration {
        Duration::from_millis(match self {
            Cue::Place => 110,
            Cue::Draw => 200,
            Cue::Refused => 260,
            Cue::RoundWon => 340,
            Cue::MatchWon => 400,
        })
    }

    /// The loudest the clip gets, as a fraction of full scale: quiet enough
    /// to sit under speech, the refusal and the swish the softest.
    pub fn peak(self) -> f32 {
        match self {
            Cue::Place => 0.5,
            Cue::Draw => 0.3,
            Cue::Refused => 0.4,
            Cue::RoundWon => 0.42,
            Cue::MatchWon => 0.45,
        }
    }

    /// The clip as samples, from -1 to 1.
    pub fn signal(self) -> Vec<f32> {
        let mut clip = Clip::new(self.duration());
        match self {
            Cue::Place => tock(&mut clip),
            Cue::Draw => swish(&mut clip),
            Cue::Refused => thud(&mut clip),
            Cue::RoundWon => arpeggio(&mut clip, &[C5, E5, G5], 0.070),
            Cue::MatchWon => arpeggio(&mut clip, &[C5, E5, G5, C6], 0.075),
        }
        clip.finish(self.peak())
    }

    /// The clip as 16-bit samples.
    pub fn samples(self) -> Vec<i16> {
        self.signal().into_iter().map(to_i16).collect()
    }

    /// The clip as the bytes of a WAV file.
    pub fn wav(self) -> Vec<u8> {
        wav(&self.samples(), SAMPLE_RATE)
    }
}

/// The bytes of a mono 16-bit PCM WAV file holding `samples` at `rate`.
pub fn wav(samples: &[i16], rate: u32) -> Vec<u8> {
    let data = (samples.len() * 2) as u32;
    let mut bytes = Vec::with_capacity(44 + data as usize);
    bytes.extend_from_slice(b"RIFF");
    bytes.extend_from_slice(&(36 + data).to_le_bytes());
    bytes.extend_from_slice(b"WAVE");
    bytes.extend_from_slice(b"fmt ");
    bytes.extend_from_slice(&16u32.to_le_bytes()); // the PCM format block's size
    bytes.extend_from_slice(&1u16.to_le_bytes()); // PCM
    bytes.extend_from_slice(&1u16.to_le_bytes()); // mono
    bytes.extend_from_slice(&rate.to_le_bytes());
    bytes.extend_from_slice(&(rate * 2).to_le_bytes()); // bytes per second
    bytes.extend_from_slice(&2u16.to_le_bytes()); // bytes per sample frame
    bytes.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    bytes.extend_from_slice(b"data");
    bytes.extend_from_slice(&data.to_le_bytes());
    for s in samples {
        bytes.extend_from_slice(&s.to_le_bytes());
    }
    bytes
}

fn to_i16(x: f32) -> i16 {
    (x.clamp(-1.0, 1.0) * i16::MAX as f32).round() as i16
}

// The notes of the win arpeggios, in hertz.
const C5: f32 = 523.25;
const E5: f32 = 659.26;
const G5: f32 = 783.99;
const C6: f32 = 1046.5;

/// A clip being made.
struct Clip {
    samples: Vec<f32>,
}

impl Clip {
    fn new(duration: Duration) -> Self {
        let n = (duration.as_secs_f64() * SAMPLE_RATE as f64).round() as usize;
        Self {
            samples: vec![0.0; n],
        }
    }

    /// Scales the clip to `peak` and fades its last moments to silence, so
    /// a tail still ringing never ends on a step.
    fn finish(mut self, peak: f32) -> Vec<f32> {
        let n = self.samples.len();
        let fade = ((0.025 * SAMPLE_RATE as f32) as usize).min(n);
        for i in 0..fade {
            // A half cosine from 1 down to exactly 0 at the last sample.
            let t = i as f32 / (fade - 1).max(1) as f32;
            self.samples[n - fade + i] *= 0.5 * (1.0 + (PI * t).cos());
        }
        let loudest = self.samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        if loudest > 0.0 {
            let gain = peak / loudest;
            for s in &mut self.samples {
                *s *= gain;
            }
        }
        self.samples
    }
}

/// Seconds from sample index.
fn secs(i: usize) -> f32 {
    i as f32 / SAMPLE_RATE as f32
}

/// A soft onset: a half cosine from 0 to 1 over `attack` seconds.
fn onset(t: f32, attack: f32) -> f32 {
    if t >= attack {
        1.0
    } else {
        0.5 * (1.0 - (PI * t / attack).cos())
    }
}

/// A deterministic white-noise source (xorshift), from -1 to 1.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// A state-variable filter (Chamberlin's), for band-passing noise.
#[derive(Default)]
struct Filter {
    low: f32,
    band: f32,
}

impl Filter {
    /// Filters one sample at centre `hz` with damping `damp` (1/Q);
    /// gives the band-pass output.
    fn band(&mut self, input: f32, hz: f32, damp: f32) -> f32 {
        let f = 2.0 * (PI * hz / SAMPLE_RATE as f32).sin();
        self.low += f * self.band;
        let high = input - self.low - damp * self.band;
        self.band += f * high;
        self.band
    }
}

/// A wooden "tock": a short knock whose pitch sags a little as it dies,
/// with the inharmonic overtones of a wood block and a breath of stick noise.
fn tock(clip: &mut Clip) {
    // (ratio to the fundamental, loudness, decay time in seconds)
    const MODES: [(f32, f32, f32); 3] = [(1.0, 1.0, 0.028), (2.76, 0.4, 0.011), (5.4, 0.15, 0.005)];
    let mut phases = [0.0f32; 3];
    let mut noise = Noise(0x5EED_1234);
    let mut filter = Filter::default();
    for (i, sample) in clip.samples.iter_mut().enumerate() {
        let t = secs(i);
        // 520 Hz falling to 470 Hz in the first 30 ms: the knock's "o".
        let fundamental = 470.0 + 50.0 * (-t / 0.010).exp();
        let mut s = 0.0;
        for (k, &(ratio, loudness, decay)) in MODES.iter().enumerate() {
            phases[k] = (phases[k] + TAU * fundamental * ratio / SAMPLE_RATE as f32) % TAU;
            s += loudness * (-t / decay).exp() * phases[k].sin();
        }
        let stick = 0.25 * (-t / 0.003).exp() * filter.band(noise.next(), 1800.0, 1.2);
        *sample = onset(t, 0.0015) * (s + stick);
    }
}

/// A card drawn: noise through a narrow band that sweeps up from 1 to 5 kHz,
/// swelling and dying away like a card slid off the pile.
fn swish(clip: &mut Clip) {
    let n = clip.samples.len();
    let mut noise = Noise(0xCA2D_5EED);
    // Two filters in a row: a band with steep sides, heard as a rising
    // "shff" rather than a hiss.
    let (mut first, mut second) = (Filter::default(), Filter::default());
    for (i, sample) in clip.samples.iter_mut().enumerate() {
        let x = i as f32 / n as f32;
        let centre = 1000.0 * 5.0f32.powf(x);
        // A swell that peaks at 40 % of the way, zero at both ends.
        let swell = if x < 0.4 {
            (PI * 0.5 * x / 0.4).sin().powi(2)
        } else {
            (PI * 0.5 * (1.0 - x) / 0.6).sin().powi(2)
        };
        let band = first.band(noise.next(), centre, 0.4);
        *sample = swell * second.band(band, centre, 0.4);
    }
}

/// A refusal: two low, round notes falling a minor third ("uh-uh"), with
/// only soft overtones so it is felt more than heard.
fn thud(clip: &mut Clip) {
    for (start, hz) in [(0.0, 220.0), (0.120, 185.0)] {
        voice(
            clip,
            start,
            hz,
            &[(1.0, 1.0), (2.0, 0.45), (3.0, 0.2)],
            0.008,
            0.060,
        );
    }
}

/// A rising arpeggio of `notes`, each struck `step` seconds after the last
/// and left to ring, like a small glockenspiel.
fn arpeggio(clip: &mut Clip, notes: &[f32], step: f32) {
    for (k, &hz) in notes.iter().enumerate() {
        voice(
            clip,
            k as f32 * step,
            hz,
            &[(1.0, 1.0), (2.0, 0.22), (3.0, 0.06)],
            0.004,
            0.12,
        );
    }
}

/// Adds a struck note at `start` seconds: `partials` as (multiple of `hz`,
/// loudness), a soft `attack`, then an exponential decay of time `decay`
/// (the upper partials die faster, as they do in struck things).
fn voice(clip: &mut Clip, start: f32, hz: f32, partials: &[(f32, f32)], attack: f32, decay: f32) {
    let first = (start * SAMPLE_RATE as f32).round() as usize;
    for (i, sample) in clip.samples.iter_mut().enumerate().skip(first) {
        let t = secs(i - first);
        let mut s = 0.0;
        for &(multiple, loudness) in partials {
            s += loudness * (-t * multiple / decay).exp() * (TAU * hz * multiple * t).sin();
        }
        *sample += onset(t, attack) * s;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u16_at(b: &[u8], at: usize) -> u16 {
        u16::from_le_bytes([b[at], b[at + 1]])
    }

    fn u32_at(b: &[u8], at: usize) -> u32 {
        u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
    }

    /// Crossings of zero per second: a rough measure of pitch.
    fn crossings_per_second(samples: &[f32]) -> f32 {
        let n = samples
            .windows(2)
            .filter(|w| (w[0] < 0.0) != (w[1] < 0.0))
            .count();
        n as f32 / secs(samples.len())
    }

    #[test]
    fn wav_header_sizes_agree() {
        for cue in Cue::ALL {
            let b = cue.wav();
            let samples = cue.samples().len();
            assert_eq!(&b[0..4], b"RIFF", "{cue:?}");
            assert_eq!(u32_at(&b, 4) as usize, b.len() - 8, "{cue:?}: RIFF size");
            assert_eq!(&b[8..12], b"WAVE");
            assert_eq!(&b[12..16], b"fmt ");
            assert_eq!(u32_at(&b, 16), 16, "PCM format block");
            assert_eq!(u16_at(&b, 20), 1, "PCM");
            assert_eq!(u16_at(&b, 22), 1, "mono");
            assert_eq!(u32_at(&b, 24), SAMPLE_RATE);
            assert_eq!(u32_at(&b, 28), SAMPLE_RATE * 2, "bytes per second");
            assert_eq!(u16_at(&b, 32), 2, "block align");
            assert_eq!(u16_at(&b, 34), 16, "bits per sample");
            assert_eq!(&b[36..40], b"data");
            assert_eq!(u32_at(&b, 40) as usize, samples * 2, "{cue:?}: data size");
            assert_eq!(b.len(), 44 + samples * 2);
        }
    }

    #[test]
    fn wav_holds_the_samples_little_endian() {
        let b = wav(&[0, 1, -1, i16::MAX, i16::MIN], 8_000);
        assert_eq!(u32_at(&b, 24), 8_000);
        assert_eq!(&b[44..], &[0, 0, 1, 0, 0xFF, 0xFF, 0xFF, 0x7F, 0x00, 0x80]);
    }

    #[test]
    fn durations_as_designed() {
        for cue in Cue::ALL {
            let ms = cue.duration().as_millis();
            assert!((60..=400).contains(&ms), "{cue:?}: {ms} ms");
            let expected = ms as usize * SAMPLE_RATE as usize / 1000;
            assert_eq!(cue.samples().len(), expected, "{cue:?}");
        }
        // The knock is the shortest: it comes with every move.
        assert!(
            Cue::ALL
                .iter()
                .all(|&c| Cue::Place.duration() <= c.duration())
        );
    }

    #[test]
    fn samples_peak_at_the_designed_level() {
        for cue in Cue::ALL {
            let signal = cue.signal();
            let loudest = signal.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(loudest <= 0.5 + 1e-6, "{cue:?}: peak {loudest}");
            assert!(
                (loudest - cue.peak()).abs() < 1e-4,
                "{cue:?}: peak {loudest}"
            );
            assert!(signal.iter().all(|s| s.is_finite()), "{cue:?}");
        }
    }

    #[test]
    fn envelope_starts_and_ends_in_silence() {
        let ms = SAMPLE_RATE as usize / 1000;
        for cue in Cue::ALL {
            let s = cue.samples();
            let near_zero = (0.01 * i16::MAX as f32) as i16;
            assert!(s[0].abs() <= near_zero, "{cue:?} starts at {}", s[0]);
            assert_eq!(*s.last().unwrap(), 0, "{cue:?} ends on silence");
            // The last 5 ms only whisper.
            let tail = s[s.len() - 5 * ms..].iter().map(|x| x.abs()).max().unwrap();
            assert!(
                tail < (0.02 * i16::MAX as f32) as i16,
                "{cue:?}: tail {tail}"
            );
        }
    }

    /// The largest step between neighbouring samples, as a share of the clip's peak.
    fn largest_step(cue: Cue, samples: &[f32]) -> f32 {
        let step = samples
            .windows(2)
            .fold(0.0f32, |m, w| m.max((w[1] - w[0]).abs()));
        step / cue.peak()
    }

    #[test]
    fn no_clicks() {
        // A click is a step between neighbouring samples far beyond what the
        // clip's own tones make: a tone started or stopped at full swing.
        // The swish is noise, which steps by nature, so only its ends are held to this.
        let edge = SAMPLE_RATE as usize / 100;
        for cue in Cue::ALL {
            let s = cue.signal();
            let (start, end) = (&s[..edge], &s[s.len() - edge..]);
            assert!(
                largest_step(cue, start) < 0.25,
                "{cue:?} starts with a click"
            );
            assert!(largest_step(cue, end) < 0.25, "{cue:?} ends with a click");
            if cue != Cue::Draw {
                assert!(largest_step(cue, &s) < 0.25, "{cue:?} clicks");
            }
        }
    }

    #[test]
    fn refusal_is_the_lowest_and_the_swish_the_highest() {
        let pitch = |c: Cue| crossings_per_second(&c.signal());
        assert!(pitch(Cue::Refused) < pitch(Cue::Place));
        assert!(pitch(Cue::Place) < pitch(Cue::RoundWon));
        assert!(pitch(Cue::RoundWon) < pitch(Cue::Draw));
    }

    /// The strength of the tone `hz` in `samples` (Goertzel's algorithm).
    fn strength(samples: &[f32], hz: f32) -> f32 {
        let w = TAU * hz / SAMPLE_RATE as f32;
        let (mut s1, mut s2) = (0.0f32, 0.0f32);
        for &x in samples {
            let s0 = x + 2.0 * w.cos() * s1 - s2;
            s2 = s1;
            s1 = s0;
        }
        (s1 * s1 + s2 * s2 - 2.0 * w.cos() * s1 * s2).sqrt()
    }

    #[test]
    fn the_arpeggios_rise_to_their_last_note() {
        // Over each clip's last 100 ms the newest note rings loudest.
        for (cue, notes) in [
            (Cue::RoundWon, vec![C5, E5, G5]),
            (Cue::MatchWon, vec![C5, E5, G5, C6]),
        ] {
            let s = cue.signal();
            let tail = &s[s.len() - SAMPLE_RATE as usize / 10..];
            let last = *notes.last().unwrap();
            for &earlier in &notes[..notes.len() - 1] {
                assert!(
                    strength(tail, last) > strength(tail, earlier),
                    "{cue:?}: {last} Hz should outring {earlier} Hz"
                );
            }
        }
    }

    #[test]
    fn every_cue_sounds_different() {
        let clips: Vec<Vec<i16>> = Cue::ALL.iter().map(|c| c.samples()).collect();
        for a in 0..clips.len() {
            for b in a + 1..clips.len() {
                assert_ne!(
                    clips[a],
                    clips[b],
                    "{:?} and {:?}",
                    Cue::ALL[a],
                    Cue::ALL[b]
                );
            }
        }
    }

    #[test]
    fn the_same_bytes_every_time() {
        for cue in Cue::ALL {
            assert_eq!(cue.wav(), cue.wav(), "{cue:?}");
        }
    }
}
