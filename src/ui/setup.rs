//! The match set-up: seats, people or bots, names, the variant, and any row
//! of the game's own.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiSystems;
use super::keyboard::name_keyboard;
use super::theme::{ecolour, size};
use super::variant_editor::Editing;
use super::variant_editor::desk::VariantDesk;
use super::widgets::{big_button, dialog, dialog_width, full_screen};
use crate::catalog::GameCatalog;
use crate::engine::Controller;
use crate::i18n::bot_name;
use crate::kiosk::Kiosk;
use crate::saves::{ResumeMatch, SaveSlot, table_of};
use crate::session::{BeginMatch, PointerDevice, Screen, SeatChoice, Table};
use crate::settings::Settings;
use crate::stats::Statistics;
use crate::tr;
use crate::variants::VariantRegistry;
use crate::variants::choices::{self, Choice};
use parlour_core::engine::Record;

/// The set-up screen.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        setup
            // The variant editor, when open, is drawn in its place.
            .run_if(in_state(Screen::Setup).and_then(not(resource_exists::<Editing>)))
            .in_set(UiSystems::Screens),
    );
}

/// The longest name a seat takes.
const NAME_LIMIT: usize = 16;

/// What starting a match from the set-up screen touches.
#[derive(SystemParam)]
struct Start<'w> {
    slot: Option<Res<'w, SaveSlot>>,
    settings: ResMut<'w, Settings>,
    kiosk: Option<Res<'w, Kiosk>>,
    begin: MessageWriter<'w, BeginMatch>,
    resume: MessageWriter<'w, ResumeMatch>,
    next: ResMut<'w, NextState<Screen>>,
}

impl Start<'_> {
    /// Starts the table's match, and remembers the table for the game's
    /// next set-up (a kiosk's visitors' names excepted).
    fn begin(&mut self, table: &mut Table) {
        for (i, seat) in table.seats.iter_mut().enumerate() {
            if seat.name.trim().is_empty() {
                seat.name = tr!("setup-default-name", number = i + 1);
            }
        }
        let kiosk = self.kiosk.as_ref().is_some_and(|k| k.active);
        self.settings
            .tables
            .insert(table.game.name().to_owned(), table.remembered(kiosk));
        table.viewer = None;
        self.begin.write(BeginMatch);
        self.next.set(Screen::Play);
    }

    /// The match a new one would replace.
    fn unfinished(&self) -> Option<Record> {
        self.slot.as_ref().and_then(|s| s.unfinished.clone())
    }
}

fn setup(
    mut contexts: EguiContexts,
    catalog: Res<GameCatalog>,
    mut table: ResMut<Table>,
    registry: Option<Res<VariantRegistry>>,
    device: Res<PointerDevice>,
    statistics: Option<Res<Statistics>>,
    mut typing: Local<Option<(usize, bool)>>,
    mut replacing: Local<bool>,
    mut start: Start,
    mut commands: Commands,
    mut notice: ResMut<crate::session::Notice>,
    phones_bind: Option<Res<crate::hand::PhonesBind>>,
    mut variant_desk: VariantDesk,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(game) = catalog.get(table.game) else {
        // No game chosen (nothing on offer): the title is the way in.
        start.next.set(Screen::Title);
        return Ok(());
    };
    let kind = game.id;
    let bots = game.bots;
    let mut offered = choices::choices(registry.as_deref(), game);
    variant_desk.kiosk_offer(&mut table, &mut offered);
    // A bot this game does not have (the seats came from another game) becomes its strongest.
    for seat in table.seats.iter_mut() {
        if let Controller::Bot(b) = &seat.controller
            && !bots.contains(&b.as_str())
            && let Some(strongest) = bots.last()
        {
            seat.controller = Controller::Bot((*strongest).to_owned());
        }
    }
    full_screen(ctx, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.heading(tr!("setup-title", game = kind.title()));
            });
            ui.add_space(16.0);
            let width = ui.available_width().min(880.0);
            ui.vertical_centered(|ui| {
                ui.set_max_width(width);
                let seats = game.seats.clone();
                // No keyboard to hand: a tap on a name opens the one on screen.
                let on_screen_keys = *device == PointerDevice::Touch
                    || start.kiosk.as_ref().is_some_and(|k| k.active);
                let (remove, tapped) =
                    seat_rows(ui, &mut table, *seats.start(), bots, on_screen_keys);
                if let Some(seat) = tapped {
                    *typing = Some((seat, false));
                }
                if let Some(i) = remove
                    && table.seats.len() > *seats.start()
                {
                    table.seats.remove(i);
                }
                if table.seats.len() < *seats.end()
                    && big_button(ui, &tr!("setup-add-seat"), false).clicked()
                {
                    let n = table.seats.len();
                    let names = ["Ada", "Bram", "Cleo", "Dag"];
                    table.seats.push(SeatChoice {
                        name: names[n % names.len()].to_owned(),
                        controller: Controller::Bot(
                            bots.last().copied().unwrap_or("random").to_owned(),
                        ),
                    });
                }
                ui.add_space(12.0);
                variant_row(ui, &mut table, &offered, width);
                let chosen = choices::chosen(&offered, &table.variant).map(|i| &offered[i]);
                variant_desk.buttons(ui, kind, chosen);
                ui.add_space(8.0);
                if let Some(row) = game.setup_row {
                    row(ui, &mut table.variant);
                }
                ui.add_space(20.0);
                ui.horizontal(|ui| {
                    if big_button(ui, &tr!("button-back"), false).clicked() {
                        start.next.set(Screen::Title);
                    }
                    if big_button(ui, &tr!("button-start"), true).clicked() {
                        // A match left unfinished is never replaced unasked.
                        if start.unfinished().is_some() {
                            *replacing = true;
                        } else {
                            start.begin(&mut table);
                        }
                    }
                });
                let bind = phones_bind
                    .as_deref()
                    .map_or(std::net::Ipv4Addr::UNSPECIFIED.into(), |b| b.0);
                phones_row(
                    ui,
                    &table,
                    &mut commands,
                    &mut notice,
                    &mut start.next,
                    bind,
                );
            });
        });
    });
    if *replacing && let Some(record) = start.unfinished() {
        match replace_dialog(ctx, &catalog, &record) {
            Some(Replace::Start) => start.begin(&mut table),
            Some(Replace::Continue) => {
                start.resume.write(ResumeMatch(record));
            }
            Some(Replace::Back) => {}
            None => return Ok(()),
        }
        *replacing = false;
    }
    if let Some((seat, shift)) = typing.as_mut() {
        let names = known_names(statistics.as_deref(), &table);
        let done = match table.seats.get_mut(*seat) {
            Some(choice) => name_keyboard(ctx, &mut choice.name, shift, NAME_LIMIT, &names),
            None => true,
        };
        if done {
            *typing = None;
        }
    }
    Ok(())
}

/// "Play with phones" under Start, where the program can host a table. A
/// page cannot accept connections: it joins a table hosted elsewhere
/// (`?table`, `?join`), and shows nothing here.
#[cfg_attr(target_arch = "wasm32", allow(unused_variables))]
fn phones_row(
    ui: &mut egui::Ui,
    table: &Table,
    commands: &mut Commands,
    notice: &mut crate::session::Notice,
    next: &mut NextState<Screen>,
    bind: std::net::IpAddr,
) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        if big_button(ui, &tr!("setup-with-phones"), false).clicked() {
            match with_phones(table, commands, bind) {
                Ok(()) => next.set(Screen::Hand),
                Err(e) => notice.show(e, true),
            }
        }
        ui.label(
            egui::RichText::new(tr!("setup-with-phones-how"))
                .color(super::theme::ecolour::TEXT_DIM)
                .size(super::theme::size::TEXT - 6.0),
        );
    }
}

/// "Play with phones": a host beside the window for the table as set up —
/// each person's seat a phone's, each bot a bot — and the window its
/// table's screen.
#[cfg(not(target_arch = "wasm32"))]
fn with_phones(
    table: &Table,
    commands: &mut Commands,
    bind: std::net::IpAddr,
) -> Result<(), String> {
    use crate::hand::{JoinTable, Link, TableHere};
    use crate::host::Plan;
    let plans = table
        .seats
        .iter()
        .map(|seat| match &seat.controller {
            Controller::Bot(name) => Plan::Bot(name.clone()),
            _ => Plan::Device,
        })
        .collect();
    let host = crate::host::host_beside(table.game.name(), &table.variant, plans, bind)?;
    let here = JoinTable::at(&format!("127.0.0.1:{}", host.addr.port()), None)?
        .screen(host.screen_key.clone());
    commands.insert_resource(host);
    commands.insert_resource(Link::new(here, None));
    commands.insert_resource(TableHere);
    Ok(())
}

/// The answers to "a new match replaces the unfinished one".
enum Replace {
    /// Start the new match all the same.
    Start,
    /// Take up the unfinished one instead.
    Continue,
    /// Back to the set-up.
    Back,
}

/// Asks before a new match replaces the unfinished one: what it is, and
/// the three ways on. `None` while unanswered.
fn replace_dialog(ctx: &egui::Context, catalog: &GameCatalog, record: &Record) -> Option<Replace> {
    let mut answer = None;
    let game = catalog.by_name(&record.game).map(|g| g.id);
    let names: Vec<String> = match game {
        Some(id) => table_of(record, id)
            .seats
            .into_iter()
            .map(|s| s.name)
            .collect(),
        None => Vec::new(),
    };
    dialog("replace-unfinished").show(ctx, |ui| {
        ui.set_max_width(dialog_width(ui.ctx(), 560.0));
        ui.label(
            egui::RichText::new(tr!(
                "setup-replace-heading",
                game = game.map_or(record.game.clone(), |g| g.title())
            ))
            .size(size::HEADING * 0.7)
            .color(ecolour::ACCENT)
            .strong(),
        );
        ui.label(tr!(
            "continue-detail",
            names = names.join(", "),
            moves = record.moves.len()
        ));
        ui.label(egui::RichText::new(tr!("setup-replace-detail")).color(ecolour::TEXT_DIM));
        ui.add_space(12.0);
        ui.horizontal_wrapped(|ui| {
            if big_button(ui, &tr!("setup-replace-start"), false).clicked() {
                answer = Some(Replace::Start);
            }
            if big_button(ui, &tr!("continue"), true).clicked() {
                answer = Some(Replace::Continue);
            }
            if big_button(ui, &tr!("button-back"), false).clicked() {
                answer = Some(Replace::Back);
            }
        });
    });
    answer
}

/// The names people have played under, most matches first, that no seat
/// has taken yet: a returning player taps theirs.
fn known_names(statistics: Option<&Statistics>, table: &Table) -> Vec<String> {
    let mut names: Vec<(u32, &String)> = statistics
        .into_iter()
        .flat_map(|s| s.players.iter())
        .filter(|(name, _)| !table.seats.iter().any(|s| &s.name == *name))
        .filter(|(name, _)| crate::i18n::default_name_number(name).is_none())
        .map(|(name, games)| (games.values().map(|t| t.played).sum(), name))
        .collect();
    names.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    names.into_iter().take(8).map(|(_, n)| n.clone()).collect()
}

/// A row per seat: its number, its name, person or which bot, and × to
/// take it away — any seat, while the table has more than the game's
/// fewest (`fewest`); the seats after it move up. Returns
/// the seat whose × was pressed, and the seat whose name was tapped when
/// names are typed on the screen's keyboard (`on_screen_keys`).
fn seat_rows(
    ui: &mut egui::Ui,
    table: &mut Table,
    fewest: usize,
    bots: &[&'static str],
    on_screen_keys: bool,
) -> (Option<usize>, Option<usize>) {
    let mut remove = None;
    let mut tapped = None;
    let removable = table.seats.len() > fewest;
    // The seat's word, the gaps and the remove button take about 160
    // points; the name and the bot share the rest, so a portrait tablet
    // keeps the whole row on screen (a long bot's name is cut short).
    let rest = (ui.available_width() - 160.0).max(300.0);
    let name_w = (rest * 0.42).clamp(140.0, 220.0);
    let bot_w = (rest - name_w).clamp(160.0, 480.0);
    // A grid keeps the rows in columns whatever the words' lengths.
    egui::Grid::new("seats")
        .spacing(egui::vec2(12.0, 10.0))
        .show(ui, |ui| {
            for (i, seat) in table.seats.iter_mut().enumerate() {
                ui.label(
                    egui::RichText::new(tr!("setup-seat", number = i + 1)).color(ecolour::TEXT_DIM),
                );
                // Sized outright: a grid cell would shrink it to last frame's width.
                let name = ui.add_sized(
                    egui::vec2(name_w, size::TOUCH),
                    egui::TextEdit::singleline(&mut seat.name)
                        .char_limit(NAME_LIMIT)
                        .vertical_align(egui::Align::Center),
                );
                if on_screen_keys && (name.clicked() || name.has_focus()) {
                    name.surrender_focus();
                    tapped = Some(i);
                }
                let label = match &seat.controller {
                    Controller::Human => tr!("setup-person"),
                    Controller::Bot(b) => tr!("setup-bot", level = bot_name(b)),
                };
                egui::ComboBox::from_id_salt(("controller", i))
                    .selected_text(label)
                    .width(bot_w)
                    .truncate()
                    // Room for a person and three bots without scrolling.
                    .height(5.0 * (size::TOUCH + 12.0))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(
                            &mut seat.controller,
                            Controller::Human,
                            tr!("setup-person"),
                        );
                        for b in bots {
                            ui.selectable_value(
                                &mut seat.controller,
                                Controller::Bot((*b).to_owned()),
                                tr!("setup-bot", level = bot_name(b)),
                            );
                        }
                    });
                // Inter has the multiplication sign, not a heavy ✕.
                if ui
                    .add_enabled(
                        removable,
                        egui::Button::new("×").min_size(egui::vec2(size::TOUCH, size::TOUCH)),
                    )
                    .clicked()
                {
                    remove = Some(i);
                }
                ui.end_row();
            }
        });
    (remove, tapped)
}

/// The variant: a list of the registry's entries for the game, each with
/// its line of description, and the chosen one's description under it.
fn variant_row(ui: &mut egui::Ui, table: &mut Table, offered: &[Choice], width: f32) {
    let chosen = choices::chosen(offered, &table.variant);
    let selected = match chosen {
        Some(i) => offered[i].title.clone(),
        None => choices::unlisted_title(table.game, &table.variant),
    };
    let mut picked = None;
    ui.horizontal_top(|ui| {
        // As tall as the list's button, so the word sits level with it.
        ui.allocate_ui_with_layout(
            egui::vec2(0.0, size::TOUCH),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| ui.label(tr!("setup-variant")),
        );
        ui.vertical(|ui| {
            let list_width = ui.available_width().min(width).clamp(240.0, 640.0);
            // The list opens downwards and stays inside the window, scrolling if it must.
            let room = ui.ctx().content_rect().bottom() - ui.cursor().top() - size::TOUCH - 24.0;
            egui::ComboBox::from_id_salt("variant")
                .selected_text(selected)
                .width(list_width)
                .height(room.max(3.0 * size::TOUCH))
                .show_ui(ui, |ui| {
                    // Closer than the screen's buttons: each entry is two lines
                    // tall already, and more of the list fits.
                    ui.spacing_mut().button_padding = egui::vec2(16.0, 6.0);
                    ui.spacing_mut().item_spacing.y = 4.0;
                    for (i, choice) in offered.iter().enumerate() {
                        let text = choice_text(ui, choice, chosen == Some(i), list_width - 24.0);
                        if ui
                            .add(
                                egui::Button::selectable(chosen == Some(i), text)
                                    .min_size(egui::vec2(list_width - 12.0, size::TOUCH)),
                            )
                            .clicked()
                        {
                            picked = Some(i);
                        }
                    }
                });
            if let Some(i) = picked {
                table.variant = choices::pick(&offered[i], &table.variant);
            }
            // What the variant changes, under its name.
            if let Some(i) = choices::chosen(offered, &table.variant)
                && !offered[i].description.is_empty()
            {
                ui.add_space(4.0);
                ui.label(
                    egui::RichText::new(&offered[i].description)
                        .size(size::TEXT - 2.0)
                        .color(ecolour::TEXT_DIM),
                );
            }
        });
    });
    ui.add_space(8.0);
}

/// A variant in the list: its name, and under it its description, smaller,
/// laid out `width` wide (a galley, so the button keeps that width).
fn choice_text(
    ui: &egui::Ui,
    choice: &Choice,
    selected: bool,
    width: f32,
) -> std::sync::Arc<egui::Galley> {
    let mut job = egui::text::LayoutJob::default();
    job.append(
        &choice.title,
        0.0,
        egui::TextFormat {
            font_id: egui::FontId::proportional(size::TEXT),
            // The button's own text colour, which follows the selection.
            color: egui::Color32::PLACEHOLDER,
            ..Default::default()
        },
    );
    if !choice.description.is_empty() {
        job.append(
            &format!("\n{}", choice.description),
            0.0,
            egui::TextFormat {
                font_id: egui::FontId::proportional(size::TEXT - 4.0),
                color: if selected {
                    ecolour::ON_ACCENT
                } else {
                    ecolour::TEXT_DIM
                },
                ..Default::default()
            },
        );
    }
    job.wrap.max_width = width;
    ui.fonts_mut(|fonts| fonts.layout_job(job))
}
