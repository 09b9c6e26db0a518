//! What Rummy's moves sound like: cards laid or taken back, a card drawn, a round won by a person.

use parlour_core::engine::Seat;
use parlour_core::games::rummy::Rummy;

use crate::sound::Cue;
use crate::sound::cues::Sounds;

impl Sounds for Rummy {
    fn move_cue(outcome: &Self::Outcome) -> Option<Cue> {
        // A time-out may lay its draft or draw instead: the cards say which.
        if !outcome.laid.is_empty() || !outcome.took.is_empty() {
            Some(Cue::Place)
        } else if outcome.drew > 0 {
            Some(Cue::Draw)
        } else {
            None
        }
    }

    fn round_winners(outcome: &Self::Outcome) -> Vec<Seat> {
        outcome
            .round_end
            .as_ref()
            .map(|end| end.winners.clone())
            .unwrap_or_default()
    }

    fn ends_match(outcome: &Self::Outcome) -> bool {
        outcome.match_over
    }
}
