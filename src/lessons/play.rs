//! The lesson in play: the step the learner is on, the bot's scripted
//! moves played slowly, and what "Next", "Show me", "Skip" and "Play a real
//! match" do.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use parlour_core::engine::lesson::{Lesson, Point, Script, Teach};
use parlour_core::engine::{Match, Phrase, Seat};

use super::Lessons;
use crate::catalog::{GameCatalog, GameId};
use crate::engine::{
    Controller, EndMatch, Game, MoveApplied, MoveGate, MoveRejected, MoveRequest, StartMatch,
    TurnPhase,
};
use crate::session::flow::OnScreen;
use crate::session::{
    Asking, InLesson, LearnGame, Screen, SeatChoice, Table, TableRoom, TableSystems,
};
use crate::settings::Settings;
use crate::ui::input::PointerInput;

/// How long the bot seems to think before a scripted move, so the learner
/// sees whose turn it is.
const BOT_PAUSE: Duration = Duration::from_millis(1400);

/// A lesson of `G` in play.
#[derive(Resource)]
pub struct LessonPlay<G: Game> {
    /// The lesson as written: its words.
    pub lesson: Lesson,
    /// Its steps, with their moves read.
    pub script: Arc<Script<G>>,
    /// The step on screen, from 0; the steps' count once all are done.
    pub step: usize,
    /// The bot's step has been played and waits for "Next".
    pub bot_played: bool,
    /// Time left before the bot plays its step.
    pub bot_wait: Option<Timer>,
    /// Why the learner's last try was not taken, in the language on screen.
    pub wrong: Option<String>,
    /// The step on screen, as the gate before the rules reads it.
    on_screen: Arc<AtomicUsize>,
}

impl<G: Game + Teach> LessonPlay<G> {
    /// Whether the step on screen is the learner's move to make.
    pub fn learner_to_move(&self) -> bool {
        self.script
            .steps
            .get(self.step)
            .is_some_and(|s| !s.is_words() && s.seat == self.script.you)
    }

    /// Whether the step on screen waits for "Next": words to read, or the
    /// bot's move played and explained.
    pub fn waits_for_next(&self) -> bool {
        self.script
            .steps
            .get(self.step)
            .is_some_and(|s| s.is_words() || self.bot_played)
    }

    /// What the step on screen points at, while its words show: not while
    /// the bot is still thinking, nor once the lesson is over.
    pub fn pointing(&self) -> Option<&Point> {
        if !(self.learner_to_move() || self.waits_for_next()) {
            return None;
        }
        self.lesson.steps.get(self.step)?.point.as_ref()
    }

    /// On to the next step, the gate told.
    fn advance(&mut self) {
        self.step += 1;
        self.wrong = None;
        self.on_screen.store(self.step, Ordering::Relaxed);
    }

    /// Whether every step is done.
    pub fn finished(&self) -> bool {
        self.step >= self.script.steps.len()
    }
}

/// What the learner asks of the lesson.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonAction {
    /// On to the next step.
    Next,
    /// Play the step's move for the learner.
    ShowMe,
    /// Leave the lesson for a normal set-up.
    Skip,
    /// The lesson is over: set up a real match against the lowest bot.
    RealMatch,
    /// The lesson is over: back to the title.
    Title,
}

pub(super) fn plugin<G: Game + Teach>(app: &mut App) {
    app.add_message::<LessonAction>()
        .add_message::<PointerInput>()
        .add_systems(
            Update,
            (
                start::<G>.in_set(TableSystems::Input),
                (act::<G>, drive_bot::<G>)
                    .chain()
                    .in_set(TableSystems::Input)
                    .run_if(resource_exists::<LessonPlay<G>>),
                (follow::<G>, keys_to_the_words::<G>)
                    .chain()
                    .in_set(TableSystems::Show)
                    .run_if(resource_exists::<LessonPlay<G>>),
            ),
        );
    app.add_systems(OnEnter(Screen::Title), leave::<G>);
}

/// The gate a lesson puts before the rules: the move of the step on
/// screen, by its seat, and nothing else — not a move made early, while
/// the words of a step before it still wait for "Next".
fn gate<G: Game + Teach>(script: Arc<Script<G>>, on_screen: Arc<AtomicUsize>) -> MoveGate<G> {
    MoveGate(Arc::new(
        move |game: &Match<G>, seat: Seat, mv: &G::Move| {
            let at = on_screen.load(Ordering::Relaxed);
            // The step's move is the match's next only if every move step
            // before it has been played.
            let played_before = script.steps[..at.min(script.steps.len())]
                .iter()
                .filter(|s| !s.is_words())
                .count();
            let step = script
                .steps
                .get(at)
                .filter(|s| !s.is_words() && played_before == game.moves().len());
            match step {
                Some(step) if step.seat == seat && step.accepts(mv) => Ok(()),
                Some(step) if step.seat == seat => Err((
                    "the rules allow it, but this step asks for another move".into(),
                    Phrase::new("lesson-not-this-step"),
                )),
                _ => Err((
                    "wait for the lesson's next step".into(),
                    Phrase::new("lesson-wait"),
                )),
            }
        },
    ))
}

/// Lays the lesson's table and starts its match when "Learn" is pressed.
#[allow(clippy::too_many_arguments)]
fn start<G: Game + Teach>(
    mut commands: Commands,
    mut learn: MessageReader<LearnGame>,
    lessons: Option<Res<Lessons>>,
    mut table: ResMut<Table>,
    mut screen: OnScreen,
    mut starts: MessageWriter<StartMatch<G>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(&LearnGame(id)) = learn.read().last() else {
        return;
    };
    if id != GameId::of::<G>() {
        return;
    }
    let Some(lesson) = lessons.and_then(|l| l.0.get(G::NAME).cloned()) else {
        return;
    };
    let script = match lesson.typed::<G>() {
        Ok(s) => Arc::new(s),
        Err(e) => {
            warn!("lesson {}: {e}", G::NAME);
            return;
        }
    };
    let you = script.you;
    let lowest = G::bots().first().copied().unwrap_or("random");
    table.game = id;
    table.variant = lesson.variant.clone();
    table.seats = (0..lesson.players)
        .map(|seat| {
            if seat == you {
                SeatChoice {
                    name: crate::tr!("setup-you"),
                    controller: Controller::Human,
                }
            } else {
                SeatChoice {
                    name: lesson.bot.clone(),
                    controller: Controller::Bot(lowest.to_owned()),
                }
            }
        })
        .collect();
    table.viewer = Some(you);
    table.handing_to = None;
    // The learner reads at their own pace: no turn clock in a lesson.
    screen.prepare(false);
    // On screen the bot's seat is a bot's; in the rules no bot sits, so
    // only the lesson's moves are played there.
    starts.write(StartMatch {
        game: script.start.clone(),
        controllers: vec![Controller::Human; lesson.players],
        bot_seed: 0,
    });
    let on_screen = Arc::new(AtomicUsize::new(0));
    commands.insert_resource(gate(script.clone(), on_screen.clone()));
    commands.insert_resource(InLesson);
    commands.insert_resource(LessonPlay {
        lesson,
        script,
        step: 0,
        bot_played: false,
        bot_wait: None,
        wrong: None,
        on_screen,
    });
    next.set(Screen::Play);
}

/// "Next", "Show me", "Skip" and "Play a real match".
#[allow(clippy::too_many_arguments)]
fn act<G: Game + Teach>(
    mut commands: Commands,
    mut actions: MessageReader<LessonAction>,
    mut play: ResMut<LessonPlay<G>>,
    catalog: Res<GameCatalog>,
    settings: Res<Settings>,
    mut table: ResMut<Table>,
    mut requests: MessageWriter<MoveRequest<G>>,
    mut ends: MessageWriter<EndMatch>,
    mut next: ResMut<NextState<Screen>>,
) {
    // One "Next" a frame: Enter on the focused Next button is a click and
    // the panel's Enter at once, and must not skip a step unread.
    let mut moved_on = false;
    for action in actions.read() {
        match action {
            LessonAction::Next if play.waits_for_next() && !moved_on => {
                play.advance();
                play.bot_played = false;
                moved_on = true;
            }
            LessonAction::ShowMe if play.learner_to_move() => {
                let step = &play.script.steps[play.step];
                requests.write(MoveRequest {
                    seat: step.seat,
                    mv: step.moves[0].clone(),
                });
            }
            LessonAction::Skip | LessonAction::RealMatch | LessonAction::Title => {
                let Some(entry) = catalog.get(GameId::of::<G>()) else {
                    continue;
                };
                *table = Table::for_setup(entry, &settings);
                // After the lesson, or skipping it on a device that has set
                // no table for this game: the learner against the lowest
                // bot, not the default table's experts.
                let remembered = settings.tables.contains_key(G::NAME);
                if *action == LessonAction::RealMatch || !remembered {
                    real_match::<G>(&mut table, &play);
                }
                ends.write(EndMatch);
                commands.remove_resource::<LessonPlay<G>>();
                commands.remove_resource::<MoveGate<G>>();
                commands.remove_resource::<InLesson>();
                // The words' room and the keys go back to the table.
                commands.insert_resource(TableRoom::default());
                commands.insert_resource(Asking(false));
                next.set(if *action == LessonAction::Title {
                    Screen::Title
                } else {
                    Screen::Setup
                });
                return;
            }
            _ => {}
        }
    }
}

/// The set-up after a lesson: the learner against the game's lowest bot,
/// in the game's standard rules.
fn real_match<G: Game + Teach>(table: &mut Table, play: &LessonPlay<G>) {
    let lowest = G::bots().first().copied().unwrap_or("random");
    table.variant = "standard".into();
    table.seats = vec![
        SeatChoice {
            name: crate::tr!("setup-you"),
            controller: Controller::Human,
        },
        SeatChoice {
            name: play.lesson.bot.clone(),
            controller: Controller::Bot(lowest.to_owned()),
        },
    ];
}

/// Plays the bot's step after a pause, once the table is waiting for it.
fn drive_bot<G: Game + Teach>(
    time: Res<Time>,
    phase: Res<State<TurnPhase>>,
    play: Option<ResMut<LessonPlay<G>>>,
    mut requests: MessageWriter<MoveRequest<G>>,
) {
    // "Skip" may have ended the lesson earlier in the frame.
    let Some(mut play) = play else { return };
    let you = play.script.you;
    let Some((seat, mv)) = play
        .script
        .steps
        .get(play.step)
        .filter(|s| !s.is_words() && s.seat != you)
        .map(|s| (s.seat, s.moves[0].clone()))
    else {
        return;
    };
    if play.bot_played {
        return;
    }
    if !matches!(phase.get(), TurnPhase::AwaitingMove | TurnPhase::SetUp) {
        return;
    }
    let timer = play
        .bot_wait
        .get_or_insert_with(|| Timer::new(BOT_PAUSE, TimerMode::Once));
    if timer.tick(time.delta()).just_finished() {
        requests.write(MoveRequest { seat, mv });
    }
}

/// Moves on when a step's move is played, and keeps a wrong try's reason
/// until the learner's next try: a touch or click on the table (a press on
/// the words' panel is not the table's), or a key that moves or acts there.
fn follow<G: Game + Teach>(
    play: Option<ResMut<LessonPlay<G>>>,
    mut applied: MessageReader<MoveApplied<G>>,
    mut rejected: MessageReader<MoveRejected<G>>,
    mut pointer: MessageReader<PointerInput>,
    table: Res<Table>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
) {
    let table_keys = [
        KeyCode::ArrowUp,
        KeyCode::ArrowDown,
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
        KeyCode::Space,
    ];
    let tried = pointer.read().any(|p| matches!(p, PointerInput::Down(_)))
        || keys.is_some_and(|k| k.any_just_pressed(table_keys));
    let Some(mut play) = play else { return };
    if tried && play.wrong.is_some() {
        play.wrong = None;
    }
    for a in applied.read() {
        let Some(step) = play.script.steps.get(play.step) else {
            continue;
        };
        if step.is_words() || step.seat != a.seat || !step.accepts(&a.mv) {
            continue;
        }
        if a.seat == play.script.you {
            play.advance();
        } else {
            play.bot_played = true;
            play.bot_wait = None;
        }
    }
    for r in rejected.read() {
        if r.seat == play.script.you {
            let seat_name = |seat: Seat| table.name(seat).to_owned();
            play.wrong = Some(crate::i18n::refusal(&r.phrase, &r.reason, &seat_name));
        }
    }
}

/// While a step's words wait for "Next", the table's keys wait too (Enter
/// is "Next", not a tap on the table), as they do for the coach's question.
fn keys_to_the_words<G: Game + Teach>(play: Res<LessonPlay<G>>, mut asking: ResMut<Asking>) {
    let waiting = play.waits_for_next();
    if asking.0 != waiting {
        asking.0 = waiting;
    }
}

/// Leaving for the title ends the lesson.
fn leave<G: Game + Teach>(
    mut commands: Commands,
    play: Option<Res<LessonPlay<G>>>,
    mut asking: ResMut<Asking>,
) {
    let play_was_on = play.is_some();
    commands.remove_resource::<LessonPlay<G>>();
    commands.remove_resource::<MoveGate<G>>();
    commands.remove_resource::<InLesson>();
    if play_was_on {
        commands.insert_resource(TableRoom::default());
        asking.0 = false;
    }
}
