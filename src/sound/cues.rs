//! Which sound a move calls for: plain functions of the rules' answers, so
//! the choice is tested without a window or a sound card.

use parlour_core::engine::{Game, Seat};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;

use super::synth::Cue;

/// What a game's moves sound like.
pub trait Sounds: Game {
    /// The sound of the move itself, if it makes one.
    fn move_cue(outcome: &Self::Outcome) -> Option<Cue>;

    /// The seats that won the round this move ended (none if it ended none,
    /// or the game has no rounds worth a fanfare).
    fn round_winners(_outcome: &Self::Outcome) -> Vec<Seat> {
        Vec::new()
    }

    /// Whether this move ended the match.
    fn ends_match(outcome: &Self::Outcome) -> bool;
}

impl Sounds for Neighbours {
    fn move_cue(outcome: &Self::Outcome) -> Option<Cue> {
        // A pass puts nothing down: the notice says it, no sound.
        outcome.placed.map(|_| Cue::Place)
    }

    fn ends_match(outcome: &Self::Outcome) -> bool {
        outcome.ended
    }
}

impl Sounds for PaperBoxing {
    fn move_cue(_outcome: &Self::Outcome) -> Option<Cue> {
        // Every move puts something down: a grid, or a step of the path.
        Some(Cue::Place)
    }

    fn ends_match(outcome: &Self::Outcome) -> bool {
        outcome.over
    }
}

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

/// The sound after a move: a fanfare when it ended the match with a person
/// among `winners` (the match's), or a round won by a person; else the
/// move's own sound. Bots' wins pass without a fanfare: the table is for
/// the people at it, and a bots-only match stays quiet at its end.
pub fn after_move<G: Sounds>(
    outcome: &G::Outcome,
    humans: &[Seat],
    winners: &[Seat],
) -> Option<Cue> {
    let person_among = |seats: &[Seat]| seats.iter().any(|s| humans.contains(s));
    if G::ends_match(outcome) && person_among(winners) {
        Some(Cue::MatchWon)
    } else if person_among(&G::round_winners(outcome)) {
        Some(Cue::RoundWon)
    } else {
        G::move_cue(outcome)
    }
}

/// The sound of a refused move: only a person's refusals sound (a bot's
/// would be the program's fault, not a player's).
pub fn after_refusal(seat: Seat, humans: &[Seat]) -> Option<Cue> {
    humans.contains(&seat).then_some(Cue::Refused)
}

/// The sounds of one frame, each once, the fanfares first: two knocks in
/// the same instant would only sound like a louder knock.
pub fn of_frame(mut cues: Vec<Cue>) -> Vec<Cue> {
    cues.sort_by_key(|&c| std::cmp::Reverse(c));
    cues.dedup();
    cues
}
