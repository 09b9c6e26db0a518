//! Waiting on screen for a person's Rummy turn, shared by the Rummy screen
//! and robustness tests.

use std::time::Duration;

use bevy::prelude::*;
use parlour::engine::{ActiveMatch, TurnPhase};
use parlour::games::rummy::turn::TurnOnScreen;
use parlour_core::engine::Match;
use parlour_core::games::rummy::Rummy;

/// The match on the table.
pub fn rummy_game(app: &App) -> &Match<Rummy> {
    app.world().resource::<ActiveMatch<Rummy>>().get()
}

/// Runs frames until seat 0 (Anna) may lay cards on screen (the bot thinks
/// on the async pool, so the wait is bounded by the clock, not by frames).
/// Ready two frames running: a move applied in a frame changes the turn
/// phase only in the next.
pub fn until_anna_plays(app: &mut App) {
    assert!(until_anna_plays_or_the_end(app), "the match ended first");
}

/// As [`until_anna_plays`], or until the match is over: whether Anna plays.
#[allow(dead_code)]
pub fn until_anna_plays_or_the_end(app: &mut App) -> bool {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let mut ready_frames = 0;
    while ready_frames < 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "Anna's turn never came"
        );
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
        std::thread::sleep(Duration::from_millis(1));
    }
    true
}
