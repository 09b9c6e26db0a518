//! Waiting on screen for a person's Rummy turn, shared by the Rummy screen
//! and robustness tests.

use bevy::prelude::*;
use parlour::engine::{ActiveMatch, TurnPhase};
use parlour::games::rummy::turn::TurnOnScreen;
use parlour_core::engine::Match;
use parlour_core::games::rummy::Rummy;

/// The match on the table.
pub fn rummy_game(app: &App) -> &Match<Rummy> {
    app.world().resource::<ActiveMatch<Rummy>>().get()
}

/// Runs frames until seat 0 (Anna) may lay cards on screen: the table is
/// stepped frame by frame (`FrameStepped`), so the bot answers within a
/// frame and the wait is bounded by frames, never by the clock. Ready two
/// frames running: a move applied in a frame changes the turn phase only
/// in the next.
pub fn until_anna_plays(app: &mut App) {
    assert!(until_anna_plays_or_the_end(app), "the match ended first");
}

/// As [`until_anna_plays`], or until the match is over: whether Anna plays.
#[allow(dead_code)]
pub fn until_anna_plays_or_the_end(app: &mut App) -> bool {
    let mut ready_frames = 0;
    let mut frames = 0;
    while ready_frames < 2 {
        frames += 1;
        assert!(frames < 2_000, "Anna's turn never came");
        app.update();
        if app
            .world()
            .get_resource::<ActiveMatch<Rummy>>()
            .is_some_and(|m| m.get().is_over())
        {
            return false;
        }
        let ready = app
            .world()
            .get_resource::<ActiveMatch<Rummy>>()
            .is_some_and(|m| m.get().awaiting() == vec![0])
            && *app.world().resource::<State<TurnPhase>>().get() == TurnPhase::AwaitingMove
            && app
                .world()
                .resource::<TurnOnScreen>()
                .draft
                .as_ref()
                .is_some_and(|d| d.seat == 0 && d.turn == rummy_game(app).moves().len());
        ready_frames = if ready { ready_frames + 1 } else { 0 };
    }
    true
}
