//! What Paper Boxing's moves sound like: every move puts something down, a grid or a step of the path.

use parlour_core::games::paper_boxing::PaperBoxing;

use crate::sound::Cue;
use crate::sound::cues::Sounds;

impl Sounds for PaperBoxing {
    fn move_cue(_outcome: &Self::Outcome) -> Option<Cue> {
        // Every move puts something down: a grid, or a step of the path.
        Some(Cue::Place)
    }

    fn ends_match(outcome: &Self::Outcome) -> bool {
        outcome.over
    }
}
