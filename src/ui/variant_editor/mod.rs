//! The variant editor: a screen over the set-up, reached from its variant
//! list (New variant, Edit a copy, Edit), where a table makes its house
//! rules. Every option is drawn from the game's own description of its
//! options ([`crate::variants::draft`]); the rules' refusal of a
//! combination is shown beside the options it concerns as soon as it is
//! made; "Try it" plays the variant's balance card in the background; Save
//! keeps it as a variant file and lists it on the set-up at once.
//!
//! The set-up's other variant buttons (Delete, Share, Import) and their
//! dialogs are here too ([`desk`]), so the set-up screen itself only asks.

mod board;
pub mod card;
pub mod desk;
mod options;
mod share;
mod words;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::balance::Card;
use parlour_core::engine::options::OptionValue;
use parlour_core::share::{SharedVariant, Texts};

use super::UiSystems;
use super::theme::{ecolour, size};
use super::widgets::{big_button, full_screen};
use crate::catalog::{GameCatalog, GameId};
use crate::platform::beside::Beside;
use crate::session::{Screen, Table};
use crate::tr;
use crate::variants::draft::{self, EditRules};
use crate::variants::made::{self, MadeFolder};
use crate::variants::trial::{Trial, TrialBudget};
use crate::variants::{VariantRegistry, VariantSources};

pub use desk::{Desk, VariantAsk};

/// The editor and the set-up's variant dialogs.
pub fn plugin(app: &mut App) {
    app.init_resource::<TrialBudget>()
        .add_message::<bevy::window::RequestRedraw>()
        .add_plugins(desk::plugin)
        .add_systems(
            EguiPrimaryContextPass,
            editor
                .run_if(
                    in_state(Screen::Setup)
                        .and_then(resource_exists::<Editing>)
                        .and_then(desk::variants_read),
                )
                .in_set(UiSystems::Screens),
        )
        .add_systems(OnExit(Screen::Setup), close_editor);
}

/// A variant being made: open while this resource is there (the set-up
/// screen is not drawn meanwhile).
#[derive(Resource)]
pub struct Editing {
    /// The game.
    pub game: GameId,
    /// The options and their chosen values.
    draft: Box<dyn EditRules>,
    /// The rules of the variant it started from: the card's other column.
    from_rules: String,
    /// That variant's name, as the set-up showed it.
    from_title: String,
    /// The id of the player's own variant edited in place, if it is one.
    replacing: Option<String>,
    /// The title, in English, French and Danish (the last two optional).
    title: [String; 3],
    /// One line on what changes, in the same languages.
    description: [String; 3],
    /// An option's value refused outright: the option's key and why.
    misfit: Option<(String, String)>,
    /// Why the variant was not kept, after Save.
    not_kept: Option<String>,
    /// The symbol a tap on the board paints.
    brush: char,
    /// The balance card being played.
    trial: Option<Beside<Trial>>,
    /// The card, once played, and the rules it was played for.
    card: Option<(String, Card)>,
    /// Why the card could not be played.
    trial_failed: Option<String>,
}

impl Editing {
    /// An editor for `game` starting from the variant `rules`, called
    /// `from_title` on the set-up; `own` gives the player's own variant's
    /// words and id when it is edited in place.
    pub fn start(
        game: GameId,
        rules: &str,
        from_title: &str,
        words: Option<(&Texts, &Texts)>,
        replacing: Option<String>,
    ) -> Result<Self, String> {
        let draft = draft::draft(game.name(), rules)?;
        let texts = |t: Option<&Texts>| match t {
            Some(t) => [
                t.en.clone(),
                t.fr.clone().unwrap_or_default(),
                t.da.clone().unwrap_or_default(),
            ],
            None => Default::default(),
        };
        Ok(Self {
            game,
            draft,
            from_rules: rules.to_owned(),
            from_title: from_title.to_owned(),
            replacing,
            title: texts(words.map(|w| w.0)),
            description: texts(words.map(|w| w.1)),
            misfit: None,
            not_kept: None,
            brush: 'x',
            trial: None,
            card: None,
            trial_failed: None,
        })
    }

    /// The rules the options chosen stand for.
    pub fn rules(&self) -> String {
        self.draft.rules()
    }

    /// Chooses `value` for `key`, or notes why the option does not take it.
    fn set(&mut self, key: &str, value: OptionValue) {
        match self.draft.set(key, value) {
            Ok(()) => self.misfit = None,
            Err(why) => self.misfit = Some((key.to_owned(), why)),
        }
        self.not_kept = None;
    }

    /// The variant as it would be kept, with `id`.
    fn shared(&self, id: String) -> SharedVariant {
        let other = |s: &String| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
        let texts = |t: &[String; 3]| Texts {
            en: t[0].trim().to_owned(),
            fr: other(&t[1]),
            da: other(&t[2]),
        };
        SharedVariant {
            game: self.game.name().to_owned(),
            id,
            title: texts(&self.title),
            description: texts(&self.description),
            rules: self.draft.rules(),
        }
    }
}

/// Leaving the set-up closes the editor (a kiosk's idle timeout).
fn close_editor(mut commands: Commands) {
    commands.remove_resource::<Editing>();
}

/// What the editor's Save touches.
#[derive(bevy::ecs::system::SystemParam)]
struct Keeping<'w> {
    registry: ResMut<'w, VariantRegistry>,
    catalog: Res<'w, GameCatalog>,
    sources: Res<'w, VariantSources>,
    made: Option<Res<'w, MadeFolder>>,
    table: ResMut<'w, Table>,
}

impl Keeping<'_> {
    /// Keeps the variant; its rules become the table's. Why not, if not.
    fn save(&mut self, editing: &Editing) -> Result<(), String> {
        let folder = made::folder(self.made.as_deref(), &self.sources)
            .ok_or_else(|| tr!("variants-no-folder"))?;
        if editing.title[0].trim().is_empty() {
            return Err(tr!("variants-needs-title"));
        }
        let id = match &editing.replacing {
            Some(id) => id.clone(),
            None => made::fresh_id(&self.registry, editing.game, &editing.title[0]),
        };
        let entry = made::keep(
            &mut self.registry,
            &self.catalog,
            &folder,
            editing.shared(id),
            editing.replacing.as_deref(),
        )?;
        self.table.variant = entry.rules;
        Ok(())
    }
}

/// The editor's screen: the words, the options, the card, and the buttons.
fn editor(
    mut contexts: EguiContexts,
    mut editing: ResMut<Editing>,
    mut keeping: Keeping,
    budget: Res<TrialBudget>,
    time: Res<Time<Real>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if card::tick(&mut editing, time.delta()) {
        // The progress bar moves while nothing is touched.
        redraw.write(bevy::window::RequestRedraw);
        ctx.request_repaint();
    }
    let mut close = false;
    full_screen(ctx, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            let width = ui.available_width().min(960.0);
            ui.vertical_centered(|ui| {
                ui.set_max_width(width);
                let heading = match &editing.replacing {
                    Some(_) => tr!("variants-edit-heading", game = editing.game.title()),
                    None => tr!("variants-new-heading", game = editing.game.title()),
                };
                ui.heading(heading);
                ui.label(
                    egui::RichText::new(tr!(
                        "variants-started-from",
                        name = editing.from_title.clone()
                    ))
                    .color(ecolour::TEXT_DIM),
                );
                ui.add_space(12.0);
                words::words(ui, &mut editing);
                ui.add_space(12.0);
                options::options(ui, &mut editing);
                ui.add_space(12.0);
                card::card(ui, &mut editing, &budget);
                ui.add_space(16.0);
                if let Some(why) = &editing.not_kept {
                    ui.label(egui::RichText::new(why).color(ecolour::WARN));
                }
                let refused = editing.draft.refusal().is_some();
                ui.horizontal_wrapped(|ui| {
                    if big_button(ui, &tr!("variants-cancel"), false).clicked() {
                        close = true;
                    }
                    let save = ui.add_enabled_ui(!refused, |ui| {
                        big_button(ui, &tr!("variants-save"), true).clicked()
                    });
                    if save.inner {
                        match keeping.save(&editing) {
                            Ok(()) => close = true,
                            Err(why) => editing.not_kept = Some(why),
                        }
                    }
                });
                ui.add_space(size::TOUCH);
            });
        });
    });
    if close {
        commands.remove_resource::<Editing>();
    }
    Ok(())
}
