//! The coach of this device's seat: with the coach on, a move made on the
//! phone goes first to the host to be weighed (from the seat's own view,
//! with the desktop coach's budget). No word: the move is sent at once. A
//! word: the move is held while the player chooses — play it anyway, or
//! take it back and see the coach's own move laid out, as a hint is.

use parlour_core::protocol::{Better, ToHost};

use super::{Link, LinkPhase};

/// The coach's word on this seat's move, while it is awaited or shown.
#[derive(Clone, Debug, PartialEq)]
pub enum CoachWord {
    /// Sent to be weighed: the move made after `number` moves.
    Weighing {
        /// The moves played when it was made.
        number: usize,
        /// The move, in its record form.
        mv: serde_json::Value,
    },
    /// The coach would play another: the move held back, and its word.
    Better {
        /// The moves played when it was made.
        number: usize,
        /// The move held back, in its record form.
        mv: serde_json::Value,
        /// The coach's move and what it gains.
        better: Better,
    },
}

impl CoachWord {
    fn number(&self) -> usize {
        match self {
            CoachWord::Weighing { number, .. } | CoachWord::Better { number, .. } => *number,
        }
    }
}

impl Link {
    /// Asks the coach about this seat's move, made when `number` moves had
    /// been played: it is sent once the coach has no word, or held for
    /// the player. False when there is no connection to ask on.
    pub fn weigh(&mut self, number: usize, mv: serde_json::Value) -> bool {
        if self.phase != LinkPhase::Seated || !self.open {
            return false;
        }
        match serde_json::to_string(&ToHost::Weigh {
            number,
            mv: mv.clone(),
        }) {
            Ok(text) => {
                self.outbox.push(text);
                self.coach = Some(CoachWord::Weighing { number, mv });
                self.refused = None;
                self.refused_phrase = None;
                true
            }
            Err(_) => false,
        }
    }

    /// The coach's word for this turn, if it is weighing or has spoken.
    pub fn coach_word(&self) -> Option<&CoachWord> {
        let number = self.seen.as_ref()?.number;
        self.coach
            .as_ref()
            .filter(|w| w.number() == number && self.refused.is_none())
    }

    /// The move held back is sent as it was.
    pub fn play_anyway(&mut self) -> bool {
        match self.coach.take() {
            Some(CoachWord::Better { number, mv, .. }) => self.send_move(number, mv),
            other => {
                self.coach = other;
                false
            }
        }
    }

    /// The move held back is taken back, and the coach's own move laid out
    /// on the hand as a hint is, for the player to play or change.
    pub fn take_back(&mut self) {
        if let Some(CoachWord::Better { number, better, .. }) = self.coach.take() {
            self.hint = Some((number, better.mv));
        }
    }

    /// The host's word on a move this device asked about: none sends the
    /// move; a word holds it for the player. A word on another move (one
    /// made before, on a turn gone) is let go.
    pub(super) fn weighed(&mut self, number: usize, mv: serde_json::Value, better: Option<Better>) {
        let Some(CoachWord::Weighing {
            number: asked,
            mv: held,
        }) = &self.coach
        else {
            return;
        };
        if *asked != number || *held != mv {
            return;
        }
        match better {
            None => {
                self.coach = None;
                self.send_move(number, mv);
            }
            Some(better) => self.coach = Some(CoachWord::Better { number, mv, better }),
        }
    }
}
