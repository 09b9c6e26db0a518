//! Which sound each move calls for, over whole matches played by bots with
//! seat 0 counted as the person at the table. No window, no sound card:
//! the choice is plain logic, built with or without the `sound` feature.

use parlour::sound::Cue;
use parlour::sound::cues::{Sounds, after_move, after_refusal, of_frame};
use parlour_core::engine::{Game, Match, Seat};
use parlour_core::games::neighbours::{Move as NMove, Neighbours};
use parlour_core::games::paper_boxing::{Move as PMove, PaperBoxing};
use parlour_core::games::rummy::{Action, Move as RMove, Rummy};

const PERSON: &[Seat] = &[0];

/// Plays a whole match of `G` with `bot` in every seat; gives each move,
/// its outcome, the sound it calls for, and the match's winners.
fn play<G: Sounds>(
    variant: &str,
    players: usize,
    bot: &str,
    seed: u64,
) -> (Vec<(G::Move, G::Outcome, Option<Cue>)>, Vec<Seat>) {
    let mut game = Match::<G>::seeded(variant, players, seed).expect("a match");
    let mut bots: Vec<_> = (0..players)
        .map(|s| G::bot(bot, seed + s as u64).expect("a bot"))
        .collect();
    let mut moves = Vec::new();
    // One awaited seat at a time: with simultaneous moves, the other's turn
    // comes next, from the match as the first move left it.
    while let Some(&seat) = game.awaiting().first() {
        assert!(moves.len() < 10_000, "the match should end");
        let mv = bots[seat].choose(&game.view(seat));
        let outcome = game
            .submit(seat, mv.clone())
            .expect("a bot's move is legal");
        // The sound is chosen after the move, from the match as it then stands.
        let cue = after_move::<G>(&outcome, PERSON, &game.winners());
        moves.push((mv, outcome, cue));
    }
    assert!(game.is_over());
    (moves, game.winners())
}

/// The last move's sound: the match's fanfare if the person won; if not,
/// the round's if the person won the last round; else the move's own.
fn check_last<G: Sounds>(moves: &[(G::Move, G::Outcome, Option<Cue>)], winners: &[Seat]) {
    let (_, outcome, cue) = moves.last().expect("moves");
    if winners.contains(&0) {
        assert_eq!(*cue, Some(Cue::MatchWon));
    } else if G::round_winners(outcome).contains(&0) {
        assert_eq!(*cue, Some(Cue::RoundWon));
    } else {
        assert_eq!(*cue, G::move_cue(outcome));
    }
}

#[test]
fn neighbours_placements_knock_and_passes_are_silent() {
    for seed in 0..4 {
        let (moves, winners) = play::<Neighbours>("standard", 3, "greedy", seed);
        let (_, rest) = moves.split_last().expect("moves");
        for (mv, _, cue) in rest {
            match mv {
                NMove::Place(_) => assert_eq!(*cue, Some(Cue::Place)),
                NMove::Pass => assert_eq!(*cue, None),
            }
        }
        check_last::<Neighbours>(&moves, &winners);
    }
}

#[test]
fn paper_boxing_grids_and_steps_knock() {
    for seed in 0..4 {
        let (moves, winners) = play::<PaperBoxing>("standard", 2, "greedy", seed);
        let (_, rest) = moves.split_last().expect("moves");
        assert!(rest.iter().any(|(mv, _, _)| matches!(mv, PMove::Grid(_))));
        for (_, _, cue) in rest {
            // A bout won is no fanfare: fifteen of them would be too many.
            assert_eq!(*cue, Some(Cue::Place));
        }
        check_last::<PaperBoxing>(&moves, &winners);
    }
}

#[test]
fn rummy_lays_knock_draws_swish_and_a_persons_round_sings() {
    let mut rounds_won_by_person = 0;
    let mut rounds_won_by_bots = 0;
    for seed in 0..3 {
        let (moves, winners) = play::<Rummy>("standard,rounds=3", 2, "greedy", seed);
        let (_, rest) = moves.split_last().expect("moves");
        for (mv, outcome, cue) in rest {
            match &outcome.round_end {
                Some(end) if end.winners.contains(&0) => {
                    rounds_won_by_person += 1;
                    assert_eq!(*cue, Some(Cue::RoundWon));
                    continue;
                }
                Some(_) => rounds_won_by_bots += 1,
                None => {}
            }
            let expected = match (mv, outcome.action) {
                (RMove::Play(_), _) => Some(Cue::Place),
                (RMove::Draw, Action::Drew) => Some(Cue::Draw),
                (RMove::Draw, _) => None,
                (RMove::Timeout(_), _) => unreachable!("bots do not time out"),
            };
            assert_eq!(*cue, expected, "{mv:?}");
        }
        check_last::<Rummy>(&moves, &winners);
    }
    assert!(rounds_won_by_person > 0 && rounds_won_by_bots > 0);
}

#[test]
fn a_bots_only_match_ends_without_a_fanfare() {
    let mut game = Match::<Neighbours>::seeded("standard", 2, 7).expect("a match");
    let mut bots: Vec<_> = (0..2)
        .map(|s| Neighbours::bot("greedy", s).expect("a bot"))
        .collect();
    let mut last = None;
    while let Some(&seat) = game.awaiting().first() {
        let mv = bots[seat].choose(&game.view(seat));
        last = Some(game.submit(seat, mv).expect("legal"));
    }
    let last = last.expect("moves");
    assert_eq!(
        after_move::<Neighbours>(&last, &[], &game.winners()),
        Neighbours::move_cue(&last)
    );
}

#[test]
fn only_a_persons_refusal_sounds() {
    assert_eq!(after_refusal(0, PERSON), Some(Cue::Refused));
    assert_eq!(after_refusal(1, PERSON), None);
    assert_eq!(after_refusal(0, &[]), None);
}

#[test]
fn a_frame_sounds_each_cue_once() {
    let frame = of_frame(vec![Cue::Place, Cue::Place, Cue::MatchWon, Cue::Place]);
    assert_eq!(frame, vec![Cue::MatchWon, Cue::Place]);
    assert!(of_frame(Vec::new()).is_empty());
}
