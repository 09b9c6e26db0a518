//! Which sound each move calls for, over whole matches played by bots with
//! seat 0 counted as the person at the table, and what becomes of the
//! sounds decided: none with sound off or in attract mode, none once no
//! device plays them. No window, no sound card: the choice is plain logic,
//! built with or without the `sound` feature.

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::session::attract::Demo;
use parlour::settings::Settings;
use parlour::sound::cues::{Sounds, after_move, after_refusal, of_frame};
use parlour::sound::device::{DEVICE_WAIT, Device, Sounding, StartSound, give_up_without};
use parlour::sound::{Cue, Heard};
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

/// A match's last sound, pinned by hand for a fixed match (a seed): whether
/// the person at seat 0 won it, and what its last move must sound like.
struct Ending {
    seed: u64,
    person_won: bool,
    last: Option<Cue>,
}

/// Checks a match's end against its pin: the person's win is a fanfare.
fn check_last<G: Sounds>(
    moves: &[(G::Move, G::Outcome, Option<Cue>)],
    winners: &[Seat],
    pin: &Ending,
) {
    let (mv, _, cue) = moves.last().expect("moves");
    assert_eq!(
        winners.contains(&0),
        pin.person_won,
        "seed {}: winners {winners:?}",
        pin.seed
    );
    assert_eq!(*cue, pin.last, "seed {}: last move {mv:?}", pin.seed);
}

/// The pins of one game hold a match the person wins and one they lose.
fn both_ends(pins: &[Ending]) {
    assert!(
        pins.iter()
            .any(|p| p.person_won && p.last == Some(Cue::MatchWon))
    );
    assert!(pins.iter().any(|p| !p.person_won));
}

#[test]
fn neighbours_placements_knock_and_passes_are_silent() {
    let pins = [
        // The person wins with a placement: the fanfare, not the knock.
        Ending {
            seed: 0,
            person_won: true,
            last: Some(Cue::MatchWon),
        },
        // A bot wins with a placement: its knock.
        Ending {
            seed: 1,
            person_won: false,
            last: Some(Cue::Place),
        },
        // A bot wins after a pass: silence.
        Ending {
            seed: 2,
            person_won: false,
            last: None,
        },
        // A bot wins with a placement.
        Ending {
            seed: 3,
            person_won: false,
            last: Some(Cue::Place),
        },
    ];
    both_ends(&pins);
    for pin in &pins {
        let (moves, winners) = play::<Neighbours>("standard", 3, "greedy", pin.seed);
        let (_, rest) = moves.split_last().expect("moves");
        for (mv, _, cue) in rest {
            match mv {
                NMove::Place(_) => assert_eq!(*cue, Some(Cue::Place)),
                NMove::Pass => assert_eq!(*cue, None),
            }
        }
        check_last::<Neighbours>(&moves, &winners, pin);
    }
}

#[test]
fn paper_boxing_grids_and_steps_knock() {
    let pins = [
        // A bot wins: the last step knocks.
        Ending {
            seed: 0,
            person_won: false,
            last: Some(Cue::Place),
        },
        // The person wins on the last step: the fanfare.
        Ending {
            seed: 1,
            person_won: true,
            last: Some(Cue::MatchWon),
        },
        // The person wins again.
        Ending {
            seed: 2,
            person_won: true,
            last: Some(Cue::MatchWon),
        },
        // A bot wins.
        Ending {
            seed: 3,
            person_won: false,
            last: Some(Cue::Place),
        },
    ];
    both_ends(&pins);
    for pin in &pins {
        let (moves, winners) = play::<PaperBoxing>("standard", 2, "greedy", pin.seed);
        let (_, rest) = moves.split_last().expect("moves");
        assert!(rest.iter().any(|(mv, _, _)| matches!(mv, PMove::Grid(_))));
        for (_, _, cue) in rest {
            // A bout won is no fanfare: fifteen of them would be too many.
            assert_eq!(*cue, Some(Cue::Place));
        }
        check_last::<PaperBoxing>(&moves, &winners, pin);
    }
}

#[test]
fn rummy_lays_knock_draws_swish_and_a_persons_round_sings() {
    let mut rounds_won_by_person = 0;
    let mut rounds_won_by_bots = 0;
    let pins = [
        // The person goes out in the last round and wins the match.
        Ending {
            seed: 0,
            person_won: true,
            last: Some(Cue::MatchWon),
        },
        // The person wins the last round but not the match: the round's song.
        Ending {
            seed: 1,
            person_won: false,
            last: Some(Cue::RoundWon),
        },
        // A shared win is the person's win too.
        Ending {
            seed: 2,
            person_won: true,
            last: Some(Cue::MatchWon),
        },
        // A bot goes out and wins: a knock.
        Ending {
            seed: 5,
            person_won: false,
            last: Some(Cue::Place),
        },
    ];
    both_ends(&pins);
    for pin in &pins {
        let (moves, winners) = play::<Rummy>("standard,rounds=3", 2, "greedy", pin.seed);
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
        check_last::<Rummy>(&moves, &winners, pin);
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

// --- From the decision to the sound card ------------------------------------

/// Stands in for Bevy's `AudioSink`: a device took the sound and plays it.
#[derive(Component)]
struct Sink;

/// The clips the player was told to start, frame by frame.
#[derive(Resource, Default)]
struct Started(Vec<Cue>);

fn note_started(mut started: MessageReader<StartSound>, mut noted: ResMut<Started>) {
    noted.0.extend(started.read().map(|s| s.0));
}

/// The app without a window or a sound card: the sounds heard are decided,
/// and the clips to start are noted where the player would take them.
/// A frame is a tenth of a second.
fn sound_app() -> App {
    let mut app = App::new();
    // English from its first frame, whatever the machine's language: the
    // language is the whole process's, read by the tests running beside.
    app.insert_resource(parlour::settings::Settings {
        language: parlour::i18n::Lang::En,
        ..Default::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin)
        .init_resource::<Started>()
        .add_systems(PostUpdate, note_started)
        .add_systems(Update, give_up_without::<Sink>)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
    // A game in the catalog, for attract mode to set its table.
    parlour::games::neighbours::logic_plugin(&mut app);
    app.update();
    app
}

/// The clips started in a frame where the moves called for `cues`.
fn frame_with(app: &mut App, cues: &[Cue]) -> Vec<Cue> {
    app.world_mut()
        .resource_mut::<Heard>()
        .0
        .extend_from_slice(cues);
    app.update();
    std::mem::take(&mut app.world_mut().resource_mut::<Started>().0)
}

#[test]
fn with_sound_on_each_cue_heard_starts_once_the_fanfare_first() {
    let mut app = sound_app();
    assert!(app.world().resource::<Settings>().sound, "on by default");
    assert_eq!(
        frame_with(&mut app, &[Cue::Place, Cue::MatchWon, Cue::Place]),
        vec![Cue::MatchWon, Cue::Place]
    );
    assert_eq!(
        frame_with(&mut app, &[]),
        vec![],
        "a quiet frame starts nothing"
    );
    assert_eq!(frame_with(&mut app, &[Cue::Draw]), vec![Cue::Draw]);
}

#[test]
fn with_sound_off_in_the_settings_nothing_starts() {
    let mut app = sound_app();
    app.world_mut().resource_mut::<Settings>().sound = false;
    assert_eq!(frame_with(&mut app, &[Cue::Place, Cue::Refused]), vec![]);
    app.world_mut().resource_mut::<Settings>().sound = true;
    assert_eq!(frame_with(&mut app, &[Cue::Refused]), vec![Cue::Refused]);
}

#[test]
fn attract_mode_plays_without_a_sound() {
    let mut app = sound_app();
    app.insert_resource(Demo::new(Vec::new()));
    assert_eq!(frame_with(&mut app, &[Cue::Place, Cue::RoundWon]), vec![]);
    app.world_mut().remove_resource::<Demo>();
    assert_eq!(frame_with(&mut app, &[Cue::Place]), vec![Cue::Place]);
}

#[test]
fn a_sound_no_device_takes_is_put_away_and_no_more_start() {
    let mut app = sound_app();
    let now = app.world().resource::<Time<Real>>().elapsed();
    let playing = app.world_mut().spawn((Sounding { since: now }, Sink)).id();
    let stuck = app.world_mut().spawn(Sounding { since: now }).id();
    // Within the wait, both are left alone.
    app.update();
    assert!(app.world().get_entity(stuck).is_ok());
    assert!(!app.world().resource::<Device>().missing);
    for _ in 0..DEVICE_WAIT.as_millis() / 100 + 1 {
        app.update();
    }
    assert!(app.world().get_entity(stuck).is_err(), "put away");
    assert!(
        app.world().get_entity(playing).is_ok(),
        "a playing sound plays on"
    );
    assert!(app.world().resource::<Device>().missing);
    // From then on, nothing is started, whatever the moves call for.
    assert_eq!(frame_with(&mut app, &[Cue::MatchWon, Cue::Place]), vec![]);
    assert_eq!(frame_with(&mut app, &[Cue::Draw]), vec![]);
}
