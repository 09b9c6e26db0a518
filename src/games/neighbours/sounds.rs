//! What Neighbours' moves sound like: a token put down; a pass is silent.

use parlour_core::games::neighbours::Neighbours;

use crate::sound::Cue;
use crate::sound::cues::Sounds;

impl Sounds for Neighbours {
    fn move_cue(outcome: &Self::Outcome) -> Option<Cue> {
        // A pass puts nothing down: the notice says it, no sound.
        outcome.placed.map(|_| Cue::Place)
    }

    fn ends_match(outcome: &Self::Outcome) -> bool {
        outcome.ended
    }
}
