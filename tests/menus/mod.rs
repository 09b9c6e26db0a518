//! The app's screens driven headless, as a person drives them: each frame
//! an egui pass over a 1280 × 800 screen fed with pointer events, the
//! screens drawn into it, then the app's update. A button is found by its
//! words where the last pass painted them, and tapped there. Shared by the
//! screen-flow and kiosk tests (each uses part of it).
#![allow(dead_code)]

use std::sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy_egui::{EguiContext, EguiPrimaryContextPass, EguiUserTextures, PrimaryEguiContext, egui};
use parlour::session::Screen;
use parlour::storage::FileWarnings;

/// The screen's size, in egui points.
pub const SCREEN: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// The language on screen is the whole process's (`parlour::i18n`), and
/// the tests of a file run side by side in one process. So every app here
/// speaks English from its first frame, whatever the machine's language
/// ([`Menus::new`]); a test that reads words holds [`language_held`], with
/// any number of others; a test that speaks another language holds
/// [`language_alone`], which waits until no test reads and keeps the others
/// waiting until English is back.
static LANGUAGE: RwLock<()> = RwLock::new(());

/// Holds English on screen for a test that reads words.
pub fn language_held() -> RwLockReadGuard<'static, ()> {
    LANGUAGE.read().unwrap_or_else(PoisonError::into_inner)
}

/// The language held by one test alone; English again when it is let go,
/// the test failed or not.
pub struct LanguageAlone {
    _held: RwLockWriteGuard<'static, ()>,
}

impl Drop for LanguageAlone {
    fn drop(&mut self) {
        // Before the lock is let go: no test reading sees another language.
        parlour::i18n::set_language(parlour::i18n::Lang::En);
    }
}

/// Holds the language for a test that switches it.
pub fn language_alone() -> LanguageAlone {
    LanguageAlone {
        _held: LANGUAGE.write().unwrap_or_else(PoisonError::into_inner),
    }
}

/// An app with its screens and an egui context of its own.
pub struct Menus {
    /// The app: the session, the three games' logic, the screens.
    pub app: App,
    /// The egui context the screens draw in.
    pub ctx: egui::Context,
    /// The screen's size in egui points: [`SCREEN`], or less where a test
    /// zooms in as a window's zoom factor would.
    pub points: egui::Vec2,
    /// What the last pass painted.
    shapes: Vec<egui::epaint::ClippedShape>,
}

impl Menus {
    /// The headless app with every game's logic and the screens; `more`
    /// adds what a test needs besides (saves' folders, kiosk mode…). Each
    /// frame is a tenth of a second.
    pub fn new(more: impl FnOnce(&mut App)) -> Self {
        let mut app = App::new();
        // English from the start: the session sets the language of the
        // settings it finds as it is built, the machine's by default.
        app.insert_resource(parlour::settings::Settings {
            language: parlour::i18n::Lang::En,
            ..Default::default()
        });
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .add_plugins(parlour::app::headless_plugin)
            .add_plugins(parlour::kiosk::idle_plugin)
            .init_resource::<FileWarnings>()
            .init_resource::<EguiUserTextures>()
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                100,
            )))
            // Stepped frame by frame: bots answer within a frame.
            .insert_resource(parlour::engine::FrameStepped::new(1));
        parlour::games::neighbours::logic_plugin(&mut app);
        parlour::games::paper_boxing::logic_plugin(&mut app);
        parlour::games::rummy::logic_plugin(&mut app);
        app.add_plugins(parlour::ui::screens_plugin);
        // A device where each game's lesson was offered already: Play goes
        // straight to the set-up (a test of the offer clears this).
        app.world_mut()
            .resource_mut::<parlour::settings::Settings>()
            .lessons_offered = ["neighbours", "paper-boxing", "rummy"]
            .map(String::from)
            .into();
        more(&mut app);
        let context = app.world_mut().spawn(PrimaryEguiContext).id();
        let ctx = app
            .world_mut()
            .get_mut::<EguiContext>(context)
            .expect("the context")
            .get_mut()
            .clone();
        // Parlour's fonts, as the app sets them (egui's own are not built
        // in): without them no text is laid out at all.
        ctx.set_fonts(parlour::ui::theme::egui_fonts());
        app.update();
        let mut menus = Self {
            app,
            points: SCREEN,
            ctx,
            shapes: Vec::new(),
        };
        menus.frames(2);
        menus
    }

    /// One frame: the egui pass with `events`, then the app's update.
    pub fn frame(&mut self, events: Vec<egui::Event>) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, self.points)),
            events,
            ..Default::default()
        };
        self.ctx.begin_pass(input);
        self.app.world_mut().run_schedule(EguiPrimaryContextPass);
        let mut output = self.ctx.end_pass();
        self.shapes = std::mem::take(&mut output.shapes);
        // No painter here: the pass's textures are let go unused.
        output.drop_without_applying_deltas();
        self.app.update();
    }

    /// egui's zoom factor, as the last pass left it.
    pub fn zoom_factor(&self) -> f32 {
        self.ctx.zoom_factor()
    }

    /// Runs `n` frames without input.
    pub fn frames(&mut self, n: usize) {
        for _ in 0..n {
            self.frame(Vec::new());
        }
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        *self.app.world().resource::<State<Screen>>().get()
    }

    /// Every text the last pass painted in view, with where it was painted.
    pub fn texts(&self) -> Vec<(String, egui::Rect)> {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, self.points);
        let mut out = Vec::new();
        for clipped in &self.shapes {
            parlour::ui::probe::painted_words(&clipped.shape, clipped.clip_rect, screen, &mut out);
        }
        out
    }

    /// The boxes the last pass filled with `fill` (a card, a panel), in view.
    pub fn filled(&self, fill: egui::Color32) -> Vec<egui::Rect> {
        fn walk(shape: &egui::Shape, fill: egui::Color32, out: &mut Vec<egui::Rect>) {
            match shape {
                egui::Shape::Rect(r) if r.fill == fill => out.push(r.rect),
                egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| walk(s, fill, out)),
                _ => {}
            }
        }
        let mut out = Vec::new();
        for clipped in &self.shapes {
            walk(&clipped.shape, fill, &mut out);
        }
        out
    }

    /// Whether `words` are on screen, whole.
    pub fn shows(&self, words: &str) -> bool {
        self.texts().iter().any(|(t, _)| t == words)
    }

    /// Where the `nth` text reading `words` is (counted left to right, then
    /// top to bottom).
    pub fn find(&self, words: &str, nth: usize) -> egui::Pos2 {
        let mut found: Vec<egui::Rect> = self
            .texts()
            .into_iter()
            .filter(|(t, _)| t == words)
            .map(|(_, r)| r)
            .collect();
        found.sort_by(|a, b| {
            (a.center().x, a.center().y)
                .partial_cmp(&(b.center().x, b.center().y))
                .expect("positions are numbers")
        });
        let texts: Vec<String> = self.texts().into_iter().map(|(t, _)| t).collect();
        found
            .get(nth)
            .unwrap_or_else(|| panic!("no {words:?} (#{nth}) on {:?}: {texts:?}", self.screen()))
            .center()
    }

    /// A tap at `at`: the finger comes down and lifts, over three frames.
    pub fn tap_at(&mut self, at: egui::Pos2) {
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        };
        self.frame(vec![egui::Event::PointerMoved(at)]);
        self.frame(vec![button(true)]);
        self.frame(vec![button(false), egui::Event::PointerGone]);
        // Two more frames, so the screen tapped to is drawn: egui lays out
        // grids and windows unseen the first time they show.
        self.frames(2);
    }

    /// Scrolls the page down with the wheel over its middle until `words`
    /// are in sight (a long page, as the settings are on a laptop).
    pub fn scroll_to(&mut self, words: &str) {
        let middle = egui::pos2(SCREEN.x / 2.0, SCREEN.y / 2.0);
        for _ in 0..40 {
            if self.shows(words) {
                return;
            }
            self.frame(vec![
                egui::Event::PointerMoved(middle),
                egui::Event::MouseWheel {
                    unit: egui::MouseWheelUnit::Point,
                    delta: egui::vec2(0.0, -100.0),
                    phase: egui::TouchPhase::Move,
                    modifiers: Default::default(),
                },
            ]);
            self.frames(2);
        }
    }

    /// Taps the `nth` text reading `words`.
    pub fn tap_nth(&mut self, words: &str, nth: usize) {
        let at = self.find(words, nth);
        self.tap_at(at);
    }

    /// Taps the text reading `words` painted last, so over the others: a
    /// dialog's key rather than the same digit on a picture under it.
    pub fn tap_top(&mut self, words: &str) {
        let texts = self.texts();
        let at = texts
            .iter()
            .rev()
            .find(|(t, _)| t == words)
            .map(|(_, r)| r.center())
            .unwrap_or_else(|| panic!("no {words:?} on {:?}: {texts:?}", self.screen()));
        self.tap_at(at);
    }

    /// Taps the text painted last whose first line reads `words`: an entry
    /// of a list whose name has its description under it.
    pub fn tap_first_line(&mut self, words: &str) {
        let texts = self.texts();
        let at = texts
            .iter()
            .rev()
            .find(|(t, _)| t.lines().next() == Some(words))
            .map(|(_, r)| r.center())
            .unwrap_or_else(|| panic!("no {words:?} on {:?}: {texts:?}", self.screen()));
        self.tap_at(at);
    }

    /// Taps the text reading `words` (the first, if more than one).
    pub fn tap(&mut self, words: &str) {
        self.tap_nth(words, 0);
    }
}
