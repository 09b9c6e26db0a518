//! The coach's figures in docs/review.md: how long a committed move waits
//! for the coach's answer, and how long the frames take while it thinks.
//!
//! The app runs headless (the rules plugin, the session, the coach), each
//! frame padded to 1/60 s as a screen would pace it. Seat 0 is a person
//! whose moves are a `random` bot's choices (a player who errs often), made
//! after `--think` seconds of their turn; the coach, in explain mode,
//! ponders from the turn's start and answers each committed move; every
//! question is answered "Play yours anyway". Seat 1 is the game's greedy bot.
//! The frame times are those of the logic alone (no drawing): what the
//! coach adds to a frame.
//!
//! ```text
//! cargo run --example coach_figures -- [--matches N] [--think SECONDS] [--game NAME] [--in-frames]
//! ```
//!
//! The coach thinks on a thread beside the frames, as on the desktop;
//! `--in-frames` makes it think a slice a frame instead, as in a page.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use parlour::catalog::GameId;
use parlour::coach::{Coach, CoachAnswer, CoachLog, CoachPace, CoachQuestion, Coached};
use parlour::engine::{ActiveMatch, Controller, FrameStepped, MoveRequest, StartMatch};
use parlour::i18n::Lang;
use parlour::session::{Screen, SeatChoice, Table};
use parlour::settings::{CoachMode, Settings};
use parlour_core::engine::{Game, Match};
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::paper_boxing::PaperBoxing;
use parlour_core::games::rummy::Rummy;

/// A frame at 60 Hz.
const FRAME: Duration = Duration::from_micros(16_667);

/// What to run, from the command line.
struct Run {
    matches: u64,
    think: Duration,
    game: Option<String>,
    /// The coach's thinking on a thread beside the frames.
    beside: bool,
}

/// One game's figures.
#[derive(Default)]
struct Figures {
    /// Commit to answer, each committed move.
    answers: Vec<Duration>,
    /// How many of those the coach asked about.
    asked: usize,
    /// Frames while the coach was thinking.
    thinking: Vec<Duration>,
    /// Every other frame of the person's turn.
    idle: Vec<Duration>,
}

fn main() {
    let run = match read_args(std::env::args().skip(1)) {
        Ok(run) => run,
        Err(reason) => {
            eprintln!("error: {reason}");
            std::process::exit(2);
        }
    };
    let wanted = |name: &str| run.game.as_deref().is_none_or(|g| g == name);
    println!(
        "person thinks {:.1} s a move; {} matches a game; frames paced at 60 Hz; the coach thinks {}",
        run.think.as_secs_f64(),
        run.matches,
        if run.beside {
            "beside the frames"
        } else {
            "a slice a frame"
        }
    );
    if wanted(Neighbours::NAME) {
        let f = measure::<Neighbours>(parlour::games::neighbours::logic_plugin, &run);
        report(Neighbours::NAME, &f);
    }
    if wanted(PaperBoxing::NAME) {
        let f = measure::<PaperBoxing>(parlour::games::paper_boxing::logic_plugin, &run);
        report(PaperBoxing::NAME, &f);
    }
    if wanted(Rummy::NAME) {
        let f = measure::<Rummy>(parlour::games::rummy::logic_plugin, &run);
        report(Rummy::NAME, &f);
    }
}

fn read_args(mut args: impl Iterator<Item = String>) -> Result<Run, String> {
    let mut run = Run {
        matches: 3,
        think: Duration::from_millis(1500),
        game: None,
        beside: true,
    };
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--matches" => {
                run.matches = value()?
                    .parse()
                    .map_err(|_| "--matches takes a whole number".to_owned())?
            }
            "--think" => {
                let secs: f64 = value()?
                    .parse()
                    .map_err(|_| "--think takes seconds".to_owned())?;
                if !(0.0..=60.0).contains(&secs) {
                    return Err("--think takes 0 to 60 seconds".into());
                }
                run.think = Duration::from_secs_f64(secs);
            }
            "--game" => run.game = Some(value()?),
            "--in-frames" => run.beside = false,
            _ => return Err(format!("unknown argument {arg:?}")),
        }
    }
    Ok(run)
}

fn measure<G: Game + Coached>(logic: fn(&mut App), run: &Run) -> Figures {
    let mut figures = Figures::default();
    for seed in 1..=run.matches {
        play::<G>(logic, seed, run, &mut figures);
    }
    figures
}

/// One match: seat 0 the erring person with the coach beside them.
fn play<G: Game + Coached>(logic: fn(&mut App), seed: u64, run: &Run, f: &mut Figures) {
    let think = run.think;
    let mut app = App::new();
    app.insert_resource(Settings {
        language: Lang::En,
        coach: CoachMode::Explain,
        ..Settings::default()
    });
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::app::headless_plugin);
    logic(&mut app);
    let seats = [Controller::Human, Controller::Bot("greedy".into())];
    app.insert_resource(Table {
        game: GameId(G::NAME),
        variant: "standard".into(),
        seats: seats
            .iter()
            .zip(["Anna", "Ada"])
            .map(|(controller, name)| SeatChoice {
                name: name.into(),
                controller: controller.clone(),
            })
            .collect(),
        viewer: Some(0),
        handing_to: None,
    })
    .insert_resource(CoachPace {
        beside: run.beside,
        ..CoachPace::default()
    })
    // The greedy bot answers within a frame.
    .insert_resource(FrameStepped::new(seed));
    app.update();
    let config = G::variant("standard").expect("the standard rules");
    let game = Match::<G>::new("standard", config, 2, seed, None).expect("a match");
    app.world_mut().write_message(StartMatch {
        game,
        controllers: seats.to_vec(),
        bot_seed: seed,
    });
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Play);
    let mut person = G::bot("random", seed).expect("a random bot");
    // The person's turn: the match's move index and when it began; and
    // the index of the last move they committed.
    let mut turn: Option<(usize, Instant)> = None;
    let mut committed: Option<usize> = None;
    // A match, or ten minutes of frames at the most.
    for frame in 0..36_000 {
        let start = Instant::now();
        app.update();
        let took = start.elapsed();
        let world = app.world();
        let Some(active) = world.get_resource::<ActiveMatch<G>>() else {
            std::thread::sleep(FRAME.saturating_sub(took));
            continue;
        };
        let game = active.get();
        if game.is_over() {
            break;
        }
        if std::env::var_os("COACH_FIGURES_TRACE").is_some() && frame % 300 == 0 {
            eprintln!(
                "frame {frame}: {} moves, awaiting {:?}, phase {:?}",
                game.moves().len(),
                game.awaiting(),
                world.resource::<State<parlour::engine::TurnPhase>>().get()
            );
        }
        let coach = world.resource::<Coach<G>>();
        let persons_turn = game.awaiting().contains(&0);
        let thinking = coach.holding() || (persons_turn && coach.pondered().is_none());
        if persons_turn || coach.holding() {
            if thinking {
                f.thinking.push(took);
            } else {
                f.idle.push(took);
            }
        }
        if world.resource::<CoachQuestion>().0.is_some() {
            app.world_mut().write_message(CoachAnswer::PlayAnyway);
        } else if persons_turn && !coach.holding() {
            // A seat may move twice running (Paper Boxing's winner leads):
            // a turn is known by the move it is.
            let index = game.moves().len();
            if turn.is_none_or(|(i, _)| i != index) {
                turn = Some((index, Instant::now()));
            }
            let began = turn.map_or_else(Instant::now, |(_, t)| t);
            if committed != Some(index) && began.elapsed() >= think {
                let mv = person.choose(&game.view(0));
                app.world_mut()
                    .write_message(MoveRequest::<G> { seat: 0, mv });
                committed = Some(index);
            }
        }
        std::thread::sleep(FRAME.saturating_sub(took));
    }
    let log = &app.world().resource::<CoachLog>().answers;
    f.answers.extend(log.iter().map(|(took, _)| *took));
    f.asked += log.iter().filter(|(_, asked)| *asked).count();
}

/// The `q` quantile of `times`, in milliseconds.
fn quantile(times: &[Duration], q: f64) -> f64 {
    let mut ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1e3).collect();
    ms.sort_by(f64::total_cmp);
    if ms.is_empty() {
        return f64::NAN;
    }
    let i = ((ms.len() - 1) as f64 * q).round() as usize;
    ms[i]
}

fn report(game: &str, f: &Figures) {
    println!(
        "{game}: {} moves weighed, {} asked about; answer median {:.2} ms, p99 {:.2} ms, slowest {:.2} ms",
        f.answers.len(),
        f.asked,
        quantile(&f.answers, 0.5),
        quantile(&f.answers, 0.99),
        quantile(&f.answers, 1.0),
    );
    println!(
        "  frames while thinking: {} — median {:.2} ms, p99 {:.2} ms, slowest {:.2} ms; other frames of the turn: median {:.2} ms",
        f.thinking.len(),
        quantile(&f.thinking, 0.5),
        quantile(&f.thinking, 0.99),
        quantile(&f.thinking, 1.0),
        quantile(&f.idle, 0.5),
    );
}
