//! The lesson's words over the table: the step's sentences, a wrong try's
//! reason in the rules' words, and the buttons — "Next", "Show me", "Skip";
//! at the end the three lines learnt and "Play a real match".

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::lesson::{Teach, Words};

use super::play::{LessonAction, LessonPlay};
use crate::engine::Game;
use crate::i18n::language;
use crate::session::Screen;
use crate::ui::UiSystems;
use crate::ui::theme::{ecolour, size};
use crate::ui::widgets::big_button;

pub(super) fn plugin<G: Game + Teach>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        panel::<G>
            .in_set(UiSystems::Overlays)
            .run_if(resource_exists::<LessonPlay<G>>)
            .run_if(in_state(Screen::Play).or_else(in_state(Screen::Results))),
    );
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

fn panel<G: Game + Teach>(
    mut contexts: EguiContexts,
    play: Res<LessonPlay<G>>,
    screen: Res<State<Screen>>,
    mut actions: MessageWriter<LessonAction>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lesson = &play.lesson;
    let bot = lesson.bot.as_str();
    let over = *screen.get() == Screen::Results;
    // Beside the table, clear of the hand at the foot: at the right in a
    // landscape window, under the top bar in a portrait one.
    let window = ctx.content_rect();
    let landscape = window.width() > window.height();
    let (anchor, offset, width) = if landscape {
        let width = (window.width() * 0.3).clamp(300.0, 440.0);
        (
            egui::Align2::RIGHT_TOP,
            egui::vec2(-12.0, size::HUD + 8.0),
            width,
        )
    } else {
        let width = (window.width() - 24.0).min(760.0);
        (
            egui::Align2::CENTER_TOP,
            egui::vec2(0.0, size::HUD + 8.0),
            width,
        )
    };
    let mut act = |a: LessonAction| {
        actions.write(a);
    };
    if ctx.input(|i| i.key_pressed(egui::Key::Enter)) && play.waits_for_next() && !over {
        act(LessonAction::Next);
    }
    egui::Area::new(egui::Id::new("lesson"))
        .order(egui::Order::Foreground)
        .anchor(anchor, offset)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(ecolour::CARD)
                .corner_radius(14)
                .inner_margin(14)
                .stroke(egui::Stroke::new(3.0, ecolour::ACCENT))
                .show(ui, |ui| {
                    ui.set_width(width);
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
                            ui.label(
                                egui::RichText::new(format!("• {}", say(line, bot)))
                                    .color(ecolour::INK),
                            );
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
                    ui.add_space(10.0);
                    ui.horizontal_wrapped(|ui| {
                        ui.spacing_mut().item_spacing.x = 12.0;
                        if over {
                            if big_button(ui, &crate::tr!("lesson-real-match"), true).clicked() {
                                act(LessonAction::RealMatch);
                            }
                            return;
                        }
                        if play.waits_for_next()
                            && big_button(ui, &crate::tr!("lesson-next"), true).clicked()
                        {
                            act(LessonAction::Next);
                        }
                        if play.learner_to_move()
                            && big_button(ui, &crate::tr!("lesson-show-me"), false).clicked()
                        {
                            act(LessonAction::ShowMe);
                        }
                        if big_button(ui, &crate::tr!("lesson-skip"), false).clicked() {
                            act(LessonAction::Skip);
                        }
                    });
                });
        });
    Ok(())
}
