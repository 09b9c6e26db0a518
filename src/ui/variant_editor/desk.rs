//! The set-up's variant buttons — New variant, Edit a copy, Edit, Delete,
//! Share, Import — and what they open: the editor, a question before a
//! delete, the share card, the import box. A variant arriving from a link
//! (the page's address) or a file dropped on the window is offered here
//! too. In a kiosk, all of it waits behind the PIN.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::share::SharedVariant;

use super::{Editing, share};
use crate::catalog::{GameCatalog, GameId};
use crate::kiosk::{Kiosk, PinPad, PinPurpose};
use crate::session::{Screen, Table};
use crate::tr;
use crate::ui::UiSystems;
use crate::ui::theme::{ecolour, size};
use crate::ui::widgets::{big_button, dialog, dialog_width};
use crate::variants::choices::Choice;
use crate::variants::made::{self, MadeFolder};
use crate::variants::pinned::KioskPins;
use crate::variants::{VariantEntry, VariantRegistry, VariantSources};

/// The dialogs and what the last import said.
pub fn plugin(app: &mut App) {
    app.init_resource::<Desk>()
        .add_message::<VariantAsk>()
        .add_message::<FileDragAndDrop>()
        .add_systems(Startup, offer_the_address)
        .add_systems(
            Update,
            take_dropped_files.run_if(in_state(Screen::Setup).and_then(variants_read)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (answer, dialogs)
                .chain()
                .run_if(
                    (in_state(Screen::Setup).or_else(in_state(Screen::Title)))
                        .and_then(variants_read),
                )
                .after(UiSystems::Screens)
                .before(UiSystems::Overlays),
        );
}

/// Whether the app reads variants at all (a headless app may not).
pub fn variants_read(
    registry: Option<Res<VariantRegistry>>,
    sources: Option<Res<VariantSources>>,
) -> bool {
    registry.is_some() && sources.is_some()
}

/// What the set-up's variant buttons ask for, of the game on the table.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum VariantAsk {
    /// A new variant from the game's standard rules.
    New,
    /// A new variant starting from a listed one: its rules and name.
    Copy {
        /// The rules it starts from.
        rules: String,
        /// Its name on the list.
        title: String,
    },
    /// The player's own variant, edited in place.
    Edit(String),
    /// The player's own variant, deleted (after asking).
    Delete(String),
    /// The variant shown as a link, a QR code and a file.
    Share(String),
    /// The import box.
    Import,
}

/// The set-up's variant dialogs.
#[derive(Resource, Default)]
pub struct Desk {
    /// The own variant a Delete asks about.
    deleting: Option<VariantEntry>,
    /// The import box, open, with what was pasted in it.
    importing: Option<String>,
    /// The variant being shared.
    sharing: Option<SharedVariant>,
    /// A variant from the page's address, offered to be added.
    offered: Option<String>,
    /// The last import's line: what was added, or why not.
    pub said: Option<(String, bool)>,
}

/// What the set-up's variant buttons need.
#[derive(SystemParam)]
pub struct VariantDesk<'w> {
    registry: Option<Res<'w, VariantRegistry>>,
    sources: Option<Res<'w, VariantSources>>,
    made: Option<Res<'w, MadeFolder>>,
    kiosk: Option<Res<'w, Kiosk>>,
    pad: Option<ResMut<'w, PinPad>>,
    asks: MessageWriter<'w, VariantAsk>,
    desk: ResMut<'w, Desk>,
    pins: Option<ResMut<'w, KioskPins>>,
}

impl VariantDesk<'_> {
    /// Whether a kiosk is locked: its visitors play, they do not edit.
    fn locked(&self) -> bool {
        self.kiosk
            .as_deref()
            .is_some_and(|k| k.active && !k.unlocked)
    }

    /// What a locked kiosk offers of `offered`: the variants its operator
    /// pinned for the game, if any are pinned; the table's variant becomes
    /// the first of them if it is not one.
    pub fn kiosk_offer(&self, table: &mut Table, offered: &mut Vec<Choice>) {
        let Some(pins) = self.pins.as_deref() else {
            return;
        };
        if !self.locked() || !pins.any_of(table.game) {
            return;
        }
        offered.retain(|c| c.id.as_deref().is_some_and(|id| pins.has(table.game, id)));
        if crate::variants::choices::chosen(offered, &table.variant).is_none()
            && let Some(first) = offered.first()
        {
            table.variant = crate::variants::choices::pick(first, &table.variant);
        }
    }

    /// The buttons under the set-up's variant list, for the chosen one.
    pub fn buttons(&mut self, ui: &mut egui::Ui, game: GameId, chosen: Option<&Choice>) {
        let Some(sources) = self.sources.as_deref() else {
            // No variants read here: nothing to make them with.
            return;
        };
        if self.locked() {
            if ui
                .add(
                    egui::Button::new(tr!("variants-unlock"))
                        .min_size(egui::vec2(0.0, size::TOUCH)),
                )
                .clicked()
                && let Some(pad) = self.pad.as_mut()
            {
                pad.ask(PinPurpose::Unlock);
            }
            return;
        }
        let folder = made::folder(self.made.as_deref(), sources);
        let own = chosen
            .and_then(|c| c.id.as_deref())
            .and_then(|id| self.registry.as_deref()?.get(game, id))
            .filter(|e| made::is_own(e, folder.as_deref()));
        let mut ask = None;
        ui.horizontal_wrapped(|ui| {
            let button = |ui: &mut egui::Ui, key: &str| {
                ui.add(egui::Button::new(tr!(key)).min_size(egui::vec2(0.0, size::TOUCH)))
                    .clicked()
            };
            if button(ui, "variants-new") {
                ask = Some(VariantAsk::New);
            }
            if let Some(choice) = chosen
                && button(ui, "variants-copy")
            {
                ask = Some(VariantAsk::Copy {
                    rules: crate::variants::choices::without_rounds(&choice.rules),
                    title: choice.title.clone(),
                });
            }
            if let Some(entry) = own {
                if button(ui, "variants-edit") {
                    ask = Some(VariantAsk::Edit(entry.id.clone()));
                }
                if button(ui, "variants-delete") {
                    ask = Some(VariantAsk::Delete(entry.id.clone()));
                }
            }
            if let Some(id) = chosen.and_then(|c| c.id.clone())
                && button(ui, "variants-share")
            {
                ask = Some(VariantAsk::Share(id));
            }
            if button(ui, "variants-import") {
                ask = Some(VariantAsk::Import);
            }
            // An operator's unlocked kiosk: pin what its visitors may play.
            let operator = self.kiosk.as_deref().is_some_and(|k| k.active);
            if operator
                && let Some(id) = chosen.and_then(|c| c.id.as_deref())
                && let Some(pins) = self.pins.as_mut()
            {
                let pinned = pins.has(game, id);
                let key = if pinned {
                    "variants-unpin"
                } else {
                    "variants-pin"
                };
                if button(ui, key) {
                    self.desk.said = pins.set(game, id, !pinned).err().map(|why| (why, true));
                }
            }
        });
        if let Some((line, refused)) = &self.desk.said {
            let colour = if *refused {
                ecolour::WARN
            } else {
                ecolour::GOOD
            };
            ui.label(egui::RichText::new(line).color(colour));
        }
        if let Some(ask) = ask {
            self.asks.write(ask);
        }
    }
}

/// What the answers touch.
#[derive(SystemParam)]
struct Answering<'w> {
    registry: ResMut<'w, VariantRegistry>,
    catalog: Res<'w, GameCatalog>,
    sources: Res<'w, VariantSources>,
    made: Option<Res<'w, MadeFolder>>,
    table: ResMut<'w, Table>,
    desk: ResMut<'w, Desk>,
}

impl Answering<'_> {
    fn folder(&self) -> Option<std::path::PathBuf> {
        made::folder(self.made.as_deref(), &self.sources)
    }

    /// Imports what arrived, and says how it went on the set-up.
    fn import(&mut self, bytes: &[u8]) -> bool {
        let Some(folder) = self.folder() else {
            self.desk.said = Some((tr!("variants-no-folder"), true));
            return false;
        };
        match made::import(&mut self.registry, &self.catalog, &folder, bytes) {
            Ok(entry) => {
                let title = parlour_core::share::plain(entry.title.shown());
                if entry.game == self.table.game {
                    self.table.variant = entry.rules.clone();
                }
                self.desk.said = Some((
                    tr!("variants-added", title = title, game = entry.game.title()),
                    false,
                ));
                true
            }
            Err(why) => {
                self.desk.said = Some((tr!("variants-not-added", reason = why), true));
                false
            }
        }
    }
}

/// Opens what the buttons asked for.
fn answer(mut asks: MessageReader<VariantAsk>, mut answering: Answering, mut commands: Commands) {
    for ask in asks.read() {
        let game = answering.table.game;
        let entry = |id: &str| answering.registry.get(game, id).cloned();
        let editor = match ask {
            VariantAsk::New => {
                let standard = crate::i18n::variant_name(game.name(), "standard");
                Editing::start(game, "standard", &standard, None, None)
            }
            VariantAsk::Copy { rules, title } => Editing::start(game, rules, title, None, None),
            VariantAsk::Edit(id) => match entry(id) {
                Some(e) => {
                    let shared = made::shared(&e);
                    Editing::start(
                        game,
                        &e.rules,
                        &parlour_core::share::plain(e.title.shown()),
                        Some((&shared.title, &shared.description)),
                        Some(e.id.clone()),
                    )
                }
                None => continue,
            },
            VariantAsk::Delete(id) => {
                answering.desk.deleting = entry(id);
                continue;
            }
            VariantAsk::Share(id) => {
                answering.desk.sharing = entry(id).map(|e| made::shared(&e));
                continue;
            }
            VariantAsk::Import => {
                answering.desk.importing = Some(String::new());
                answering.desk.said = None;
                continue;
            }
        };
        match editor {
            Ok(editing) => commands.insert_resource(editing),
            Err(why) => answering.desk.said = Some((why, true)),
        }
    }
}

/// The question before a delete, the share card, the import box and a
/// linked variant's offer, over the set-up.
fn dialogs(mut contexts: EguiContexts, mut answering: Answering) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(entry) = answering.desk.deleting.clone() {
        let mut answer = None;
        dialog("variant-delete").show(ctx, |ui| {
            ui.set_max_width(dialog_width(ui.ctx(), 560.0));
            ui.label(
                egui::RichText::new(tr!(
                    "variants-delete-ask",
                    title = parlour_core::share::plain(entry.title.shown())
                ))
                .size(size::HEADING * 0.7)
                .color(ecolour::ACCENT),
            );
            ui.label(tr!("variants-delete-detail"));
            ui.add_space(12.0);
            ui.horizontal(|ui| {
                if big_button(ui, &tr!("variants-delete-yes"), false).clicked() {
                    answer = Some(true);
                }
                if big_button(ui, &tr!("variants-delete-no"), true).clicked() {
                    answer = Some(false);
                }
            });
        });
        if let Some(yes) = answer {
            if yes && let Some(folder) = answering.folder() {
                match made::delete(&mut answering.registry, &folder, &entry) {
                    Ok(()) => {
                        if answering.table.variant == entry.rules {
                            answering.table.variant = "standard".to_owned();
                        }
                    }
                    Err(why) => answering.desk.said = Some((why, true)),
                }
            }
            answering.desk.deleting = None;
        }
    }
    if let Some(variant) = answering.desk.sharing.clone()
        && share::card(ctx, &variant)
    {
        answering.desk.sharing = None;
    }
    if let Some(mut text) = answering.desk.importing.take() {
        let (add, close) = share::import_box(ctx, &mut text, answering.desk.said.as_ref());
        let kept = add && answering.import(text.as_bytes());
        if !(close || kept) {
            answering.desk.importing = Some(text);
        }
    }
    if let Some(link) = answering.desk.offered.clone() {
        match share::offer(ctx, &link) {
            Some(true) => {
                answering.import(link.as_bytes());
                answering.desk.offered = None;
            }
            Some(false) => answering.desk.offered = None,
            None => {}
        }
    }
    Ok(())
}

/// A page opened from a variant's link (`#variant=…`) offers to add it.
fn offer_the_address(mut desk: ResMut<Desk>) {
    let fragment = crate::platform::page::fragment();
    if fragment.starts_with("variant=") {
        desk.offered = Some(fragment);
    }
}

/// A variant file dropped on the window on the set-up is imported.
fn take_dropped_files(mut dropped: MessageReader<FileDragAndDrop>, mut answering: Answering) {
    for drop in dropped.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = drop {
            match crate::platform::files::read(path_buf) {
                Ok(bytes) => {
                    answering.import(&bytes);
                }
                Err(e) => {
                    answering.desk.said =
                        Some((tr!("variants-not-added", reason = e.to_string()), true));
                }
            }
        }
    }
}
