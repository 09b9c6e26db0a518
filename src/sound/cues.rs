//! Which sound a move calls for: plain functions of the rules' answers, so
//! the choice is tested without a window or a sound card.

use parlour_core::engine::{Game, Seat};

use super::synth::Cue;

/// What a game's moves sound like (each game says so in its own `sounds`).
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
