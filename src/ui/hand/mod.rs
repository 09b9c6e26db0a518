//! A player's own hand at a shared table, on their phone: laid out for a
//! phone held upright or sideways, not the table shrunk. Before a seat is
//! taken: the table's seats and a name. Once seated: whose turn it is, the
//! scores, the game's own hand screen, and the host's refusal in one line.
//! Nothing here reaches settings, other matches, files or an exit: the
//! phone holds one seat and nothing else.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::Seat;
use parlour_core::protocol::{Holder, MAX_NAME};

#[cfg(not(target_arch = "wasm32"))]
pub mod attract;
mod coach;
mod here;
mod table_screen;

use coach::{coach_panel, coach_switch};
use here::{AtTheScreen, curtain, hand_here, played_here, turn_here};
use table_screen::{close_button, close_table, table_screen};

use super::UiSystems;
use super::keyboard::name_keyboard;
use super::theme::{ecolour, size};
use super::widgets::{big_button, full_screen, line_width};
use crate::catalog::{GameCatalog, HandFrame};
use crate::hand::{CoachWord, HereSeats, Link, LinkPhase, TableHere};
use crate::review::OpenReview;
use crate::session::Screen;
use crate::settings::{CoachMode, Settings};
use crate::tr;
use parlour_core::engine::Record;

/// The hand screen.
pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        hand.run_if(in_state(Screen::Hand).and_then(resource_exists::<Link>))
            .in_set(UiSystems::Screens),
    )
    .add_systems(
        Update,
        phones_keep_the_table_awake.run_if(resource_exists::<TableHere>),
    )
    .add_systems(OnExit(Screen::Hand), let_the_table_go);
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(attract::plugin);
}

/// Phones playing at a table this window hosts are people at the kiosk:
/// a move or a phone sitting down counts as a touch, so the idle timeout
/// never puts away a table in play; a table nobody plays at is put away
/// like any quiet match.
fn phones_keep_the_table_awake(
    link: Option<Res<Link>>,
    mut last: Local<Option<(usize, Vec<Holder>)>>,
    mut activity: MessageWriter<crate::kiosk::Activity>,
) {
    let Some(link) = link else {
        return;
    };
    let now = (
        link.seen.as_ref().map_or(0, |s| s.number),
        link.seats.iter().map(|s| s.holder.clone()).collect(),
    );
    if last.as_ref() != Some(&now) {
        if last.is_some() {
            activity.write(crate::kiosk::Activity);
        }
        *last = Some(now);
    }
}

/// Leaving the table's screen of a table this window hosts (Close the
/// table, or a kiosk's idle timeout) stops the host: its phones are told,
/// and the match stays saved where a host started again finds it. The
/// seats played at the screen go with it.
fn let_the_table_go(
    here: Option<Res<TableHere>>,
    mut seats: ResMut<HereSeats>,
    mut commands: Commands,
) {
    seats.let_go();
    if here.is_some() {
        commands.remove_resource::<Link>();
        commands.remove_resource::<TableHere>();
        #[cfg(not(target_arch = "wasm32"))]
        commands.remove_resource::<crate::host::HostBeside>();
    }
}

/// The name being typed before a seat is taken.
#[derive(Default)]
struct Joining {
    name: String,
    shift: bool,
    typing: bool,
    begun: bool,
}

#[allow(clippy::too_many_arguments)]
fn hand(
    mut contexts: EguiContexts,
    mut link: ResMut<Link>,
    catalog: Res<GameCatalog>,
    (mut joining, mut at_screen): (Local<Joining>, Local<AtTheScreen>),
    (here, mut here_seats): (Option<Res<TableHere>>, ResMut<HereSeats>),
    mut next: ResMut<NextState<Screen>>,
    mut reviews: MessageWriter<OpenReview>,
    mut settings: ResMut<Settings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !joining.begun {
        joining.begun = true;
        joining.name = link.kept_name().unwrap_or_default().to_owned();
    }
    let link = link.bypass_change_detection();
    let here_seats = here_seats.bypass_change_detection();
    let coached = settings.coach != CoachMode::Off;
    let mut review = None;
    let mut switch_coach = false;
    // A hand shown at the table's screen whose link is gone shows nothing.
    at_screen.shown = at_screen.shown.filter(|&i| i < here_seats.links.len());
    let mut hide = false;
    full_screen(ctx, |ui| {
        ui.spacing_mut().item_spacing.y = 6.0;
        match link.phase.clone() {
            LinkPhase::Seated => review = seated(ui, link, &catalog, coached),
            LinkPhase::Watching if link.table().watch => match at_screen.shown {
                Some(i) => {
                    (review, hide) = hand_here(ui, &mut here_seats.links[i], &catalog, coached)
                }
                None => {
                    let held: Vec<Seat> = here_seats.links.iter().filter_map(Link::seat).collect();
                    if let Some(seat) = table_screen(ui, link, &catalog, &held) {
                        at_screen.join(seat);
                    }
                    if here.is_some() && close_button(ui) {
                        close_table(&mut next);
                    }
                }
            },
            LinkPhase::Watching => {
                switch_coach = pick_seat(ui, link, &catalog, &mut joining, coached);
            }
            LinkPhase::Asking(seat) => asking(ui, link, &catalog, seat),
            LinkPhase::Connecting | LinkPhase::Away => waiting(ui, link, &catalog),
            LinkPhase::Closed(reason) => closed(ui, link, &catalog, &reason),
        }
    });
    // The hand shown at the table's screen goes back behind the curtain
    // once its move is played; the next seat played here waits behind it.
    match at_screen.shown {
        Some(i) if hide || played_here(&here_seats.links[i]) => at_screen.shown = None,
        Some(_) => {}
        None => {
            let name = |i: usize| {
                let link: &Link = &here_seats.links[i];
                link.seat()
                    .and_then(|s| link.seats.get(s))
                    .map(|s| s.name.clone())
                    .unwrap_or_default()
            };
            if let Some(i) = turn_here(here_seats)
                && curtain(ctx, &name(i))
            {
                at_screen.shown = Some(i);
            }
        }
    }
    // A seat the host would not give here (a phone sat there first): its
    // link goes, and the host's reason shows on the table's screen.
    if at_screen.shown.is_none() {
        here_seats.links.retain_mut(|l| {
            let refused = l.phase == LinkPhase::Watching;
            if refused && let Some(reason) = l.refused.take() {
                link.refused = Some(reason);
                link.refused_phrase = l.refused_phrase.take();
            }
            !refused
        });
    }
    if let Some((seat, name)) = at_screen.name_keyboard(ctx) {
        let address = link.table().address.clone();
        if let Err(e) = here_seats.sit(&address, seat, &name) {
            link.refused = Some(e);
        }
    }
    if switch_coach {
        // The phone's own setting, kept in its own storage.
        settings.coach = if coached {
            CoachMode::Off
        } else {
            CoachMode::Warn
        };
    }
    if let Some(record) = review {
        reviews.write(OpenReview::AtTable(Box::new(record)));
    }
    if joining.typing {
        let Joining { name, shift, .. } = &mut *joining;
        if name_keyboard(ctx, name, shift, MAX_NAME, &[]) {
            joining.typing = false;
        }
    }
    Ok(())
}

/// The game's title, or the table's address before the host has said.
fn heading(ui: &mut egui::Ui, link: &Link, catalog: &GameCatalog) {
    let title = match &link.welcome {
        Some(w) => catalog
            .by_name(&w.game)
            .map_or_else(|| w.game.clone(), |e| e.id.title()),
        None => tr!("hand-title"),
    };
    ui.label(
        egui::RichText::new(title)
            .size(size::HEADING)
            .color(ecolour::ACCENT)
            .strong(),
    );
}

/// Connecting, or coming back after the connection dropped.
fn waiting(ui: &mut egui::Ui, link: &Link, catalog: &GameCatalog) {
    ui.vertical_centered(|ui| {
        heading(ui, link, catalog);
        ui.add_space(24.0);
        let key = if link.phase == LinkPhase::Away {
            "hand-away"
        } else {
            "hand-connecting"
        };
        ui.label(egui::RichText::new(tr!(key)).size(size::TEXT));
        ui.add_space(8.0);
        ui.spinner();
        ui.add_space(8.0);
        ui.label(egui::RichText::new(&link.table().address).color(ecolour::TEXT_DIM));
        said(ui, refusal(link).as_deref());
    });
}

/// Asking for a seat whose phone is away: the table's screen decides.
fn asking(ui: &mut egui::Ui, link: &mut Link, catalog: &GameCatalog, seat: Seat) {
    ui.vertical_centered(|ui| {
        heading(ui, link, catalog);
        ui.add_space(24.0);
        ui.add(
            egui::Label::new(
                egui::RichText::new(tr!("hand-asking", number = seat + 1)).size(size::TEXT),
            )
            .wrap(),
        );
        ui.add_space(8.0);
        ui.spinner();
        ui.add_space(16.0);
        if big_button(ui, &tr!("hand-stop-asking"), false).clicked() {
            link.stop_asking();
        }
    });
}

/// The host closed the connection and said why; a person may try again.
fn closed(ui: &mut egui::Ui, link: &mut Link, catalog: &GameCatalog, reason: &str) {
    ui.vertical_centered(|ui| {
        heading(ui, link, catalog);
        ui.add_space(24.0);
        ui.add(
            egui::Label::new(
                egui::RichText::new(worded(link, reason))
                    .size(size::TEXT)
                    .color(ecolour::WARN),
            )
            .wrap(),
        );
        ui.add_space(16.0);
        if big_button(ui, &tr!("hand-try-again"), true).clicked() {
            link.try_again();
        }
    });
}

/// No seat yet: the name, the coach's switch, and the table's seats, an
/// open one to tap. True when the coach's switch was tapped.
fn pick_seat(
    ui: &mut egui::Ui,
    link: &mut Link,
    catalog: &GameCatalog,
    joining: &mut Joining,
    coached: bool,
) -> bool {
    ui.vertical_centered(|ui| heading(ui, link, catalog));
    ui.add_space(8.0);
    ui.label(egui::RichText::new(tr!("hand-your-name")).color(ecolour::TEXT_DIM));
    let shown = if joining.name.is_empty() {
        tr!("hand-tap-for-name")
    } else {
        joining.name.clone()
    };
    let name_button = egui::Button::new(egui::RichText::new(shown).size(size::TEXT + 2.0))
        .min_size(egui::vec2(ui.available_width(), size::TOUCH + 8.0));
    if ui.add(name_button).clicked() {
        joining.typing = true;
    }
    ui.add_space(4.0);
    let switch_coach = coach_switch(ui, coached);
    ui.add_space(8.0);
    let offered = link.table().seat;
    let named = !joining.name.trim().is_empty();
    let mut take = None;
    let mut any_open = false;
    for (seat, status) in link.seats.clone().iter().enumerate() {
        // A seat whose phone is away may be asked for: the table decides.
        let askable = status.holder == (Holder::Device { here: false }) && status.asking.is_none();
        let open = status.holder == Holder::Open || askable;
        any_open |= open;
        let who = match &status.holder {
            Holder::Open => tr!("hand-seat-open"),
            Holder::Device { here: true } => status.name.clone(),
            Holder::Device { here: false } if askable => {
                tr!("hand-seat-ask", name = status.name.as_str())
            }
            Holder::Device { here: false } => tr!("hand-seat-away", name = status.name.as_str()),
            Holder::Bot { name } => crate::i18n::bot_name(name),
        };
        let label = tr!("hand-seat", number = seat + 1, who = who.as_str());
        let primary = status.holder == Holder::Open && (offered == Some(seat) || offered.is_none());
        let text = egui::RichText::new(label).size(size::TEXT);
        let button = if primary && named {
            egui::Button::new(text.color(ecolour::ON_ACCENT)).fill(ecolour::ACCENT)
        } else {
            egui::Button::new(text)
        };
        let response = ui.add_enabled(
            open && named,
            button.min_size(egui::vec2(ui.available_width(), size::TOUCH + 8.0)),
        );
        if response.clicked() {
            take = Some(seat);
        }
    }
    if !any_open && !link.seats.is_empty() {
        ui.label(egui::RichText::new(tr!("hand-no-seat")).color(ecolour::TEXT_DIM));
    } else if !named {
        ui.label(egui::RichText::new(tr!("hand-name-first")).color(ecolour::TEXT_DIM));
    }
    said(ui, refusal(link).as_deref());
    if let Some(seat) = take {
        let name = joining.name.trim().to_owned();
        link.take_seat(Some(seat), &name);
    }
    switch_coach
}

/// Seated: the banner, the scores, the coach's word, the game's hand
/// screen and the host's refusal. A move made goes to the coach first when
/// it is on. The match's record when its review is asked for.
fn seated(
    ui: &mut egui::Ui,
    link: &mut Link,
    catalog: &GameCatalog,
    coached: bool,
) -> Option<Record> {
    let (Some(welcome), Some(seat)) = (link.welcome.clone(), link.seat()) else {
        return None;
    };
    let mut review = None;
    let names: Vec<String> = (0..welcome.players)
        .map(|s| {
            link.seats.get(s).map_or_else(
                || tr!("seat-default-name", number = s + 1),
                |st| match &st.holder {
                    Holder::Bot { name } => crate::i18n::bot_name(name),
                    _ => st.name.clone(),
                },
            )
        })
        .collect();
    let Some(seen) = link.seen.clone() else {
        waiting(ui, link, catalog);
        return None;
    };
    let answering = link.waiting_for_answer() || link.coach_word().is_some();
    let to_play = seen.awaiting.contains(&seat) && !answering;
    // A phone held sideways has height to spare for nothing: the scores
    // ride on the banner's line.
    let sideways = ui.available_width() > ui.available_height() * 1.6;
    let chips = |ui: &mut egui::Ui| scores(ui, &names, seat, &seen);
    let beside: Option<&dyn Fn(&mut egui::Ui)> = sideways.then_some(&chips);
    match banner(ui, link, &names, seat, &seen, to_play, beside) {
        Some(BannerTap::Hint) => {
            link.ask_hint(seen.number);
        }
        Some(BannerTap::Review) => review = link.record.clone(),
        None => {}
    }
    if !sideways {
        scores(ui, &names, seat, &seen);
    }
    coach_panel(ui, link);
    let refusal = link.refused.as_deref().map(|reason| {
        let seat_name = |s: Seat| names.get(s).cloned().unwrap_or_default();
        crate::i18n::host_refusal(link.refused_phrase.as_ref(), reason, &seat_name)
    });
    let footer = if refusal.is_some() { 56.0 } else { 0.0 };
    let room = ui.available_rect_before_wrap();
    let room = egui::Rect::from_min_max(room.min, egui::pos2(room.max.x, room.max.y - footer));
    let entry = catalog.by_name(&welcome.game);
    let mut made = None;
    ui.scope_builder(egui::UiBuilder::new().max_rect(room), |ui| {
        match entry.and_then(|e| e.hand) {
            Some(hand_screen) => {
                let frame = HandFrame {
                    variant: &welcome.variant,
                    seat: Some(seat),
                    number: seen.number,
                    to_play,
                    seen: &seen.seen,
                    names: &names,
                    hint: link.hint_for(seen.number).filter(|_| to_play),
                };
                made = hand_screen(ui, &frame);
            }
            None => {
                ui.label(tr!("hand-no-hand", game = welcome.game.as_str()));
            }
        }
    });
    if let Some(mv) = made.filter(|_| to_play) {
        if coached {
            link.weigh(seen.number, mv);
        } else {
            link.send_move(seen.number, mv);
        }
    }
    if let Some(reason) = refusal {
        let at = egui::Rect::from_min_max(
            egui::pos2(room.min.x, room.max.y),
            room.max + egui::vec2(0.0, footer),
        );
        ui.scope_builder(egui::UiBuilder::new().max_rect(at), |ui| {
            said(ui, Some(&reason))
        });
    }
    review
}

/// One line at the top: the match's end, this seat's turn, the coach
/// weighing its move, or whose turn it is — saying so when that seat's
/// phone is away. On this seat's turn, the Hint button; once the match is
/// over, its review. `beside` draws after the words (the scores, held
/// sideways).
fn banner(
    ui: &mut egui::Ui,
    link: &Link,
    names: &[String],
    seat: Seat,
    seen: &crate::hand::Seen,
    to_play: bool,
    beside: Option<&dyn Fn(&mut egui::Ui)>,
) -> Option<BannerTap> {
    let (text, lit) = if !seen.winners.is_empty() {
        let winners: Vec<&str> = seen
            .winners
            .iter()
            .filter_map(|&s| names.get(s).map(String::as_str))
            .collect();
        let text = if seen.winners.contains(&seat) {
            tr!("hand-you-win")
        } else {
            let names = winners.join(" · ");
            tr!("hand-wins", names = names.as_str())
        };
        (text, true)
    } else if to_play {
        (tr!("hand-your-turn"), true)
    } else if link.waiting_for_answer() {
        (tr!("hand-sent"), false)
    } else if let Some(word) = link.coach_word() {
        let key = match word {
            CoachWord::Weighing { .. } => "hand-coach-weighing",
            CoachWord::Better { .. } => "coach-title",
        };
        (tr!(key), true)
    } else if let Some(&other) = seen.awaiting.iter().find(|&&s| s != seat) {
        let name = names.get(other).map_or("", String::as_str);
        let away = matches!(
            link.seats.get(other).map(|s| &s.holder),
            Some(Holder::Device { here: false })
        );
        let key = if away {
            "hand-waiting-phone"
        } else {
            "hand-waiting"
        };
        (tr!(key, name = name), false)
    } else {
        (String::new(), false)
    };
    let colour = if lit { ecolour::ACCENT } else { ecolour::TEXT };
    let mut tapped = None;
    let button = if to_play && seen.winners.is_empty() {
        Some(BannerTap::Hint)
    } else if !seen.winners.is_empty() && link.record.is_some() {
        Some(BannerTap::Review)
    } else {
        None
    };
    ui.horizontal(|ui| {
        let Some(button) = button else {
            banner_text(ui, text, colour);
            if let Some(beside) = beside {
                beside(ui);
            }
            return;
        };
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let pressed = match button {
                BannerTap::Hint => hint_button(ui, link.hint_awaited(seen.number)),
                BannerTap::Review => small_button(ui, &tr!("results-review")),
            };
            if pressed {
                tapped = Some(button);
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                banner_text(ui, text.clone(), colour);
                if let Some(beside) = beside {
                    beside(ui);
                }
            });
        });
    });
    tapped
}

/// What the banner's button asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BannerTap {
    /// A hint for this turn.
    Hint,
    /// The review of the match just ended.
    Review,
}

/// The banner's words, said whole: smaller where a long name and the
/// button beside them leave little room ("experte gagne" beside "Analyser
/// la partie" on a phone), wrapped only if even that is too wide.
fn banner_text(ui: &mut egui::Ui, text: String, colour: egui::Color32) {
    let room = ui.available_width();
    let text_size = [size::TEXT + 4.0, size::TEXT, size::TEXT - 4.0]
        .into_iter()
        .find(|&s| line_width(ui, &text, s) <= room)
        .unwrap_or(size::TEXT - 4.0);
    ui.add(
        egui::Label::new(
            egui::RichText::new(text)
                .size(text_size)
                .strong()
                .color(colour),
        )
        .wrap(),
    );
}

/// The Hint button, or "Thinking…" while the host's bot thinks.
fn hint_button(ui: &mut egui::Ui, thinking: bool) -> bool {
    if thinking {
        ui.spinner();
        ui.label(egui::RichText::new(tr!("hand-hint-thinking")).color(ecolour::TEXT_DIM));
        return false;
    }
    small_button(ui, &tr!("hand-hint"))
}

/// A button beside the banner's words.
fn small_button(ui: &mut egui::Ui, words: &str) -> bool {
    let text = egui::RichText::new(words).size(size::TEXT);
    ui.add(egui::Button::new(text).min_size(egui::vec2(size::TOUCH * 1.6, size::TOUCH)))
        .clicked()
}

/// Each seat's name and score, this seat's outlined.
fn scores(ui: &mut egui::Ui, names: &[String], seat: Seat, seen: &crate::hand::Seen) {
    ui.horizontal_wrapped(|ui| {
        for (s, name) in names.iter().enumerate() {
            let score = seen.scores.get(s).copied().unwrap_or_default();
            let text = format!("{name} {}", crate::i18n::score(score, false));
            let mut frame = egui::Frame::new()
                .fill(ecolour::CHIP)
                .corner_radius(10)
                .inner_margin(egui::Margin::symmetric(10, 4));
            if s == seat {
                frame = frame.stroke(egui::Stroke::new(2.0, ecolour::ACCENT));
            }
            let mut rich = egui::RichText::new(text).size(size::TEXT - 4.0);
            if seen.awaiting.contains(&s) {
                rich = rich.strong().color(ecolour::ACCENT);
            }
            // A chip that does not fit the row's rest starts the next row:
            // egui would otherwise squeeze its words into the rest, a
            // letter a line.
            let words = egui::WidgetText::from(rich).into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Body,
            );
            if ui.available_size_before_wrap().x < words.size().x + 24.0 {
                ui.end_row();
            }
            frame.show(ui, |ui| {
                ui.add(egui::Label::new(words).wrap_mode(egui::TextWrapMode::Extend));
            });
        }
    });
    ui.add_space(4.0);
}

/// The host's last refusal, in this player's own words.
fn refusal(link: &Link) -> Option<String> {
    link.refused.as_deref().map(|reason| worded(link, reason))
}

/// What the host said, in this player's own words where the host sent its
/// phrase (the English reason otherwise).
fn worded(link: &Link, reason: &str) -> String {
    let seat_name = |s: Seat| {
        link.seats.get(s).map_or_else(
            || tr!("seat-default-name", number = s + 1),
            |st| st.name.clone(),
        )
    };
    crate::i18n::host_refusal(link.refused_phrase.as_ref(), reason, &seat_name)
}

fn said(ui: &mut egui::Ui, text: Option<&str>) {
    if let Some(text) = text {
        ui.add(
            egui::Label::new(
                egui::RichText::new(text)
                    .color(ecolour::WARN)
                    .size(size::TEXT - 4.0),
            )
            .truncate(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_chip_that_does_not_fit_its_row_starts_the_next_one_whole() {
        let names: Vec<String> = ["Ana", "Expert", "Expert", "Expert"]
            .map(String::from)
            .to_vec();
        let seen = crate::hand::Seen {
            number: 0,
            awaiting: vec![],
            scores: vec![-194, -104, 331, -33],
            winners: vec![2],
            seen: serde_json::Value::Null,
        };
        let ctx = egui::Context::default();
        ctx.set_fonts(crate::ui::theme::egui_fonts());
        let run = |ctx: &egui::Context| {
            ctx.run_ui(
                egui::RawInput {
                    screen_rect: Some(egui::Rect::from_min_size(
                        egui::Pos2::ZERO,
                        egui::vec2(390.0, 844.0),
                    )),
                    ..Default::default()
                },
                |ui| {
                    egui::CentralPanel::default().show(ui, |ui| scores(ui, &names, 0, &seen));
                },
            )
        };
        // The first pass lays out; the second draws what it settled on.
        run(&ctx).textures_delta.clear();
        let mut out = run(&ctx);
        out.textures_delta.clear();
        let lines: Vec<(String, usize)> = out
            .shapes
            .iter()
            .filter_map(|clipped| match &clipped.shape {
                egui::Shape::Text(text) => {
                    Some((text.galley.text().to_owned(), text.galley.rows.len()))
                }
                _ => None,
            })
            .collect();
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert!(
            lines.iter().all(|(_, rows)| *rows == 1),
            "a chip's words on one line: {lines:?}"
        );
    }
}
