//! The lesson's words over the table: the step's sentences, a wrong try's
//! reason in the rules' words, and the buttons — "Next", "Show me", "Skip";
//! at the end the three lines learnt and "Play a real match".

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::lesson::{Point, Teach, Words};

use super::play::{LessonAction, LessonPlay};
use crate::engine::Game;
use crate::i18n::language;
use crate::session::{ResultsSheet, Screen, TableRoom};
use crate::ui::UiSystems;
use crate::ui::results::sheet_grid;
use crate::ui::theme::{Zoom, ecolour, size};
use crate::ui::widgets::{big_button, big_button_width};

pub(super) fn plugin<G: Game + Teach>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        panel::<G>
            .in_set(UiSystems::Overlays)
            .run_if(resource_exists::<LessonPlay<G>>)
            .run_if(in_state(Screen::Play).or_else(in_state(Screen::Results))),
    );
}

/// How long a button that has just come takes no tap, in seconds.
const SETTLE: f64 = 0.4;

/// Whether the words go beside the table (a landscape window) or under it,
/// and the room they take across or down, in egui's points.
pub fn room_for_words(screen: egui::Vec2) -> (bool, f32) {
    if screen.x > screen.y {
        (true, (screen.x * 0.3).clamp(320.0, 460.0))
    } else {
        (false, (screen.y * 0.26).clamp(250.0, 400.0))
    }
}

/// The words in the language on screen (English if a line lacks them; the
/// tests see that none does), the bot's name put in.
fn say(words: &Words, bot: &str) -> String {
    let text = words
        .get(language().code())
        .or_else(|| words.get("en"))
        .cloned()
        .unwrap_or_default();
    text.replace("{bot}", bot)
}

/// Where the words go (beside the table or under it): at `at`, `width`
/// across and at most `max_height` down.
struct Place {
    at: egui::Pos2,
    width: f32,
    max_height: f32,
}

/// The words' place, beside the table, which is laid out in the rest of
/// the window ([`TableRoom`]), so the words never hide a cell or a card:
/// at the right in a landscape window, at the foot of a portrait one.
fn place_words(ctx: &egui::Context, over: bool, zoom: f32, room: &mut TableRoom) -> Place {
    let (wide, mut extent) = room_for_words(ctx.content_rect().size());
    if over && !wide {
        // The match is over: the summary and its button before the table.
        extent = extent.max(ctx.content_rect().height() * 0.45);
    }
    let wanted = if wide {
        TableRoom {
            right: extent * zoom,
            bottom: 0.0,
        }
    } else {
        TableRoom {
            right: 0.0,
            bottom: extent * zoom,
        }
    };
    if *room != wanted {
        *room = wanted;
    }
    let full = ctx.content_rect();
    let (at, width) = if wide {
        (
            egui::pos2(full.right() - extent + 4.0, full.top() + size::HUD + 8.0),
            extent - 16.0 - 28.0,
        )
    } else {
        (
            egui::pos2(full.left() + 12.0, full.bottom() - extent + 4.0),
            full.width() - 24.0 - 28.0,
        )
    };
    // Down to the window's foot beside the table, the words' room under
    // it: less the frame's margins.
    let down = if wide {
        full.bottom() - at.y - 20.0
    } else {
        extent
    };
    Place {
        at,
        width,
        max_height: (down - 2.0 * 14.0 - 16.0).max(120.0),
    }
}

fn panel<G: Game + Teach>(
    mut contexts: EguiContexts,
    mut play: ResMut<LessonPlay<G>>,
    screen: Res<State<Screen>>,
    mut room: ResMut<TableRoom>,
    zoom: Option<Res<Zoom>>,
    sheet: Option<Res<ResultsSheet>>,
    mut actions: MessageWriter<LessonAction>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // A press anywhere but on the words (Undo, a button of the table's, a
    // piece) is the learner's next try: the last try's reason is stale. A
    // press on the table itself is seen by the lesson's `follow` as well.
    if play.wrong.is_some() && pressed_beside(ctx, egui::Id::new("lesson")) {
        play.wrong = None;
    }
    if let Some(Point::Control(name)) = play.pointing() {
        super::pointer::glow_control(ctx, name);
    }
    // The match may end on the bot's move, whose words still wait for
    // "Next": the summary comes once every step is read.
    let over = *screen.get() == Screen::Results && play.finished();
    if play.finished() && !over {
        // Every step read and the match not yet at its results (Rummy's
        // round summary is up): nothing to say until the end.
        return Ok(());
    }
    let place = place_words(ctx, over, zoom.map_or(1.0, |z| z.0), &mut room);
    let mut act = |a: LessonAction| {
        actions.write(a);
    };
    if ctx.input(|i| i.key_pressed(egui::Key::Enter)) && play.waits_for_next() && !over {
        act(LessonAction::Next);
    }
    // Each step (and each state of it) scrolls from its top: egui keeps a
    // scroll's offset by id.
    let state = (play.step, play.waits_for_next(), play.wrong.is_some(), over);
    egui::Area::new(egui::Id::new("lesson"))
        .order(egui::Order::Foreground)
        .fixed_pos(place.at)
        // The panel keeps its place; egui must not push it to fit.
        .constrain(false)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(ecolour::CARD)
                .corner_radius(14)
                .inner_margin(14)
                .stroke(egui::Stroke::new(3.0, ecolour::ACCENT))
                .show(ui, |ui| {
                    ui.set_width(place.width);
                    let body = |ui: &mut egui::Ui| words(ui, &play, over, sheet.as_deref());
                    // Words longer than the room scroll; the buttons stay
                    // under them (the end's two may take two rows).
                    let below = if over {
                        2.0 * size::TOUCH + 22.0
                    } else {
                        size::TOUCH + 12.0
                    };
                    egui::ScrollArea::vertical()
                        .id_salt(("lesson-words", state))
                        .max_height(place.max_height - below)
                        .auto_shrink([false, true])
                        .show(ui, body);
                    ui.add_space(10.0);
                    let settled = settled(ui, egui::Id::new(state).value());
                    ui.add_enabled_ui(settled, |ui| buttons(ui, &play, over, &mut act));
                });
        });
    Ok(())
}

/// Whether a press began this frame outside the area `words` (the panel as
/// last drawn).
fn pressed_beside(ctx: &egui::Context, words: egui::Id) -> bool {
    let Some(at) = ctx.input(|i| {
        i.pointer
            .any_pressed()
            .then(|| i.pointer.press_origin())
            .flatten()
    }) else {
        return false;
    };
    ctx.memory(|m| m.area_rect(words))
        .is_none_or(|panel| !panel.contains(at))
}

/// The step's words (the lesson's summary at its end, under who won), and
/// a wrong try's reason.
fn words<G: Game + Teach>(
    ui: &mut egui::Ui,
    play: &LessonPlay<G>,
    over: bool,
    sheet: Option<&ResultsSheet>,
) {
    let lesson = &play.lesson;
    let bot = lesson.bot.as_str();
    if over && let Some(sheet) = sheet {
        end_scores(ui, sheet, lesson.you);
    }
    let heading = if over {
        crate::tr!("lesson-learnt")
    } else {
        format!(
            "{} · {}",
            say(&lesson.title, bot),
            crate::tr!(
                "lesson-step",
                n = play.step.min(play.script.steps.len() - 1) + 1,
                of = play.script.steps.len()
            )
        )
    };
    ui.label(
        egui::RichText::new(heading)
            .color(ecolour::INK)
            .strong()
            .size(size::TEXT),
    );
    ui.add_space(6.0);
    if over {
        for line in &lesson.summary {
            ui.label(egui::RichText::new(format!("• {}", say(line, bot))).color(ecolour::INK));
        }
    } else if let Some(step) = lesson.steps.get(play.step) {
        let waiting = !play.learner_to_move() && !play.waits_for_next();
        let words = if waiting {
            crate::tr!("lesson-bot-thinking", name = bot)
        } else {
            say(&step.say, bot)
        };
        ui.label(egui::RichText::new(words).color(ecolour::INK));
    }
    if let Some(wrong) = &play.wrong {
        ui.add_space(4.0);
        ui.label(egui::RichText::new(wrong).color(ecolour::WARN).strong());
    }
}

/// Who won, said to the learner ("You win!", not "You wins!"), and the
/// scores as the results sheet (hidden in a lesson) has them: the points
/// the last step spoke of are there to be read.
fn end_scores(ui: &mut egui::Ui, sheet: &ResultsSheet, you: usize) {
    let won: Vec<usize> = (0..sheet.rows.len()).filter(|&s| sheet.rows[s].2).collect();
    let headline = match won.as_slice() {
        [one] if *one == you => crate::tr!("lesson-you-win"),
        many if many.contains(&you) => crate::tr!("lesson-you-share"),
        _ => sheet.headline(),
    };
    ui.label(
        egui::RichText::new(headline)
            .color(ecolour::INK)
            .strong()
            .size(size::TEXT + 4.0),
    );
    ui.add_space(4.0);
    // The score column alone where the game names one: the whole sheet
    // (Neighbours' four columns) is wider than the panel beside the table.
    let scores = sheet.score.map_or_else(
        || sheet.clone(),
        |k| ResultsSheet {
            columns: sheet.columns.get(k).cloned().into_iter().collect(),
            rows: sheet
                .rows
                .iter()
                .map(|(name, cells, won)| {
                    (
                        name.clone(),
                        cells.get(k).cloned().into_iter().collect(),
                        *won,
                    )
                })
                .collect(),
            notes: Vec::new(),
            score: Some(0),
        },
    );
    // A sideways scroll, should a game's columns outgrow the panel still.
    egui::ScrollArea::horizontal()
        .id_salt("lesson-scores")
        .show(ui, |ui| {
            sheet_grid(
                ui,
                &scores,
                "lesson-scores",
                egui::vec2(14.0, 4.0),
                Some(size::TEXT - 4.0),
            );
        });
    ui.add_space(8.0);
}

/// Whether the buttons take taps: a button that has just come where
/// another was takes none for a moment ([`SETTLE`]), so a second tap meant
/// for "Next" does not press "Show me", nor "Show me"'s "Skip". `state`
/// names what the buttons are for.
fn settled(ui: &egui::Ui, state: u64) -> bool {
    let now = ui.input(|i| i.time);
    let since = ui.ctx().data_mut(|d| {
        let id = egui::Id::new("lesson-buttons");
        let seen: &mut (u64, f64) = d.get_temp_mut_or(id, (0, now));
        if seen.0 != state {
            *seen = (state, now);
        }
        now - seen.1
    });
    let settled = since >= SETTLE;
    if !settled {
        ui.ctx().request_repaint();
    }
    settled
}

/// The step's own button first, "Skip" always after it — at the right of
/// a wide panel, under the step's button (or its empty place) in a narrow
/// one — so "Skip" never comes where another button was; at the end,
/// "Play a real match".
fn buttons<G: Game + Teach>(
    ui: &mut egui::Ui,
    play: &LessonPlay<G>,
    over: bool,
    act: &mut dyn FnMut(LessonAction),
) {
    ui.spacing_mut().item_spacing = egui::vec2(12.0, 10.0);
    if over {
        ui.horizontal_wrapped(|ui| {
            if big_button(ui, &crate::tr!("lesson-real-match"), true).clicked() {
                act(LessonAction::RealMatch);
            }
            if big_button(ui, &crate::tr!("results-back-to-title"), false).clicked() {
                act(LessonAction::Title);
            }
        });
        return;
    }
    // Each button its own id: the keyboard's focus on "Next" must not
    // pass to the "Show me" or "Skip" drawn where it was.
    let primary = |ui: &mut egui::Ui, act: &mut dyn FnMut(LessonAction)| {
        if play.waits_for_next() {
            ui.push_id("lesson-next", |ui| {
                if big_button(ui, &crate::tr!("lesson-next"), true).clicked() {
                    act(LessonAction::Next);
                }
            });
        } else if play.learner_to_move() {
            ui.push_id("lesson-show-me", |ui| {
                if big_button(ui, &crate::tr!("lesson-show-me"), false).clicked() {
                    act(LessonAction::ShowMe);
                }
            });
        } else {
            ui.add_space(size::TOUCH + 8.0);
        }
    };
    let skip = |ui: &mut egui::Ui, act: &mut dyn FnMut(LessonAction)| {
        ui.push_id("lesson-skip", |ui| {
            if big_button(ui, &crate::tr!("lesson-skip"), false).clicked() {
                act(LessonAction::Skip);
            }
        });
    };
    let wide_enough = big_button_width(ui, &crate::tr!("lesson-show-me"))
        .max(big_button_width(ui, &crate::tr!("lesson-next")))
        + big_button_width(ui, &crate::tr!("lesson-skip"))
        + 24.0
        <= ui.available_width();
    if wide_enough {
        ui.horizontal(|ui| {
            primary(ui, act);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                skip(ui, act);
            });
        });
    } else {
        primary(ui, act);
        skip(ui, act);
    }
}
