//! Rummy's HUD, one function per region of the screen: the top bar (a chip
//! per seat, the clock with the round and the pile, the menu button), the
//! action bar over the hand (the turn's status, its buttons, sorting), the
//! round's summary when a round ends ([`results`](super::results)) and the
//! notices.

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::Match;
use parlour_core::games::rummy::Rummy;

use super::draft::{Check, Draft};
use super::hint::SearchHint;
use super::input::keys::ActionPlaces;
use super::layout::RummyLayout;
use super::turn::{TurnAction, TurnOnScreen, actions};
use super::{feedback, results};
use crate::catalog::GameId;
use crate::engine::{ActiveMatch, MatchClock, MoveRequest, Proceed, TurnClock, TurnPhase};
use crate::game_kit::viewer_view;
use crate::session::{InLesson, Notice, Screen, Table};
use crate::settings::Settings;
use crate::tr;
use crate::ui::UiSystems;
use crate::ui::match_menu::{MenuNav, match_menu};
use crate::ui::theme::{Zoom, ecolour, size};
use crate::ui::widgets::{
    SeatChip, chip_width, line_width, menu_button, notice_banner, notice_banner_in, notice_fit,
    seat_chip, top_bar,
};

/// What the HUD reads, and what its buttons change: the turn on screen
/// (a hint, undo, sorting) and whether a hint is being thought over, a
/// notice, a move request, the next round; and where the buttons are, for
/// the keys.
#[derive(SystemParam)]
struct Hud<'w> {
    active: Res<'w, ActiveMatch<Rummy>>,
    table: Res<'w, Table>,
    settings: Res<'w, Settings>,
    notice: ResMut<'w, Notice>,
    clock: Res<'w, TurnClock>,
    match_clock: Res<'w, MatchClock>,
    phase: Res<'w, State<TurnPhase>>,
    layout: Option<Res<'w, RummyLayout>>,
    turn: ResMut<'w, TurnOnScreen>,
    search: Res<'w, SearchHint>,
    places: ResMut<'w, ActionPlaces>,
    requests: MessageWriter<'w, MoveRequest<Rummy>>,
    proceed: MessageWriter<'w, Proceed>,
    lesson: Option<Res<'w, InLesson>>,
}

/// The turn in progress as the action bar shows it.
struct Bar {
    /// The viewer's draft, as the frame began.
    draft: Draft,
    /// The rules' verdict on it.
    check: Option<Check>,
    /// Whether a person plays the seat on screen.
    human: bool,
    /// Whether that person may play now.
    my_turn: bool,
}

/// The HUD, over a Rummy match on screen.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        hud.run_if(in_state(Screen::Play).and_then(super::in_rummy))
            .in_set(UiSystems::Hud),
    );
}

/// The top bar, the match menu when open, the action bar over the hand, and
/// the round's summary when a round ends (else the latest notice).
fn hud(
    mut contexts: EguiContexts,
    mut hud: Hud,
    mut menu_open: Local<bool>,
    mut nav: MenuNav,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect().size();
    score_bar(ctx, &hud, &mut menu_open);
    match_menu(ctx, &mut menu_open, GameId::of::<Rummy>(), &mut nav, |_| {});
    action_bar(ctx, &mut hud, screen);
    let summary = results::round_summary(
        ctx,
        hud.active.get(),
        hud.phase.get(),
        &hud.table,
        &mut hud.proceed,
    );
    // With a turn on screen, the notice is the action bar's status line;
    // with none (bots alone, a demo) it takes the bar's empty band, between
    // the table's sets and the hand, over neither.
    if !summary && hud.notice.remaining > 0.0 && hud.turn.draft.is_none() {
        match hud.layout.as_deref() {
            Some(l) => notice_banner_in(ctx, "rummy-notice", &hud.notice, bar_band(l, screen)),
            None => notice_banner(ctx, "rummy-notice", &hud.notice, screen.x * 0.8),
        }
    } else if !summary && hud.notice.remaining > 0.0 && hud.layout.is_none() {
        notice_banner(ctx, "rummy-notice", &hud.notice, screen.x * 0.8);
    }
    Ok(())
}

/// The action bar's band between the table and the hand's tray, in egui's
/// points, across the table's part of the window.
fn bar_band(l: &RummyLayout, screen: egui::Vec2) -> egui::Rect {
    let zoom = Zoom(l.zoom);
    let top = zoom
        .to_points(l.window, Vec2::new(0.0, l.tray.max.y + l.bar))
        .y;
    let bottom = zoom.to_points(l.window, Vec2::new(0.0, l.tray.max.y)).y;
    let table_w = (l.window.x / l.zoom).min(screen.x);
    egui::Rect::from_min_max(
        egui::pos2(size::MARGIN, top),
        egui::pos2(table_w - size::MARGIN, bottom),
    )
}

/// The bar across the top: the seats on the left, then the clock, the round
/// and the pile, and the menu button at the right.
fn score_bar(ctx: &egui::Context, hud: &Hud, menu_open: &mut bool) {
    top_bar(ctx, "rummy-hud", |ui| {
        let game = hud.active.get();
        let room = ui.available_width() - (size::TOUCH + 16.0);
        let (line, _) = round_line(game.state(), &hud.match_clock);
        let (first, second) = two_lines(&line);
        // The line's words, the bar's spacing after each chip and a margin.
        let one = line_width(ui, &line, size::TEXT - 2.0) + 40.0;
        let two =
            line_width(ui, first, size::TEXT - 2.0).max(line_width(ui, second, size::TEXT - 2.0))
                + 40.0;
        // What a chip needs for its name and its line whole.
        let need = seat_words(game, &hud.table)
            .iter()
            .map(|(name, words)| {
                line_width(ui, name, size::TEXT - 2.0).max(line_width(ui, words, size::TEXT - 4.0))
            })
            .fold(0.0, f32::max)
            + 28.0;
        let clock = hud.clock.remaining().is_some() && !game.is_over();
        let (shown, chip_w) = round_shown(room, game.players(), need, (one, two), clock);
        seat_chips(ui, game, &hud.table, chip_w);
        let clocks = (&*hud.clock, &*hud.match_clock);
        if menu_button(ui, |ui| clock_and_round(ui, game, clocks, shown)) {
            *menu_open = !*menu_open;
        }
    });
}

/// How the round and the pile are shown beside the chips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RoundShown {
    /// On one line.
    OneLine,
    /// The round over the pile: narrower, where no turn clock is over them.
    TwoLines,
    /// Not at all: they give way (on a phone) to chips a name can be read in.
    Hidden,
}

/// How the round line is shown, and each chip's width, in `room` points of
/// the bar for `seats` chips that each `need` so many for their words
/// whole; the line is `(one, two)` wide on one line and on two, and a turn
/// `clock` takes the line's first place. The chips' words are never cut
/// for the round line: it goes on two lines first, then gives way.
fn round_shown(
    room: f32,
    seats: usize,
    need: f32,
    (one, two): (f32, f32),
    clock: bool,
) -> (RoundShown, f32) {
    // A chip is never wider than `chip_width` allows, however long a name.
    let need = need.min(chip_width(f32::MAX, 1));
    let chips = |line: f32| chip_width(room - line, seats);
    if chips(one) >= need {
        (RoundShown::OneLine, chips(one))
    } else if !clock && chips(two) >= need {
        (RoundShown::TwoLines, chips(two))
    } else {
        (RoundShown::Hidden, chips(80.0))
    }
}

/// The round line in two: the round, then the rest (the pile, the time).
fn two_lines(line: &str) -> (&str, &str) {
    line.split_once(" · ").unwrap_or((line, ""))
}

/// Each seat's name (ticked once it has made its first meld) and the line
/// under it: its points and the cards it holds.
fn seat_words(game: &Match<Rummy>, table: &Table) -> Vec<(String, String)> {
    let state = game.state();
    (0..game.players())
        .map(|seat| {
            let opened = if state.melded()[seat] { " ✓" } else { "" };
            (
                format!("{}{opened}", table.name(seat)),
                tr!(
                    "rummy-seat-line",
                    points = state.totals()[seat],
                    cards = state.hand(seat).len()
                ),
            )
        })
        .collect()
}

/// A chip per seat, lit for the seat to move: its name (ticked once it has
/// made its first meld), its points and the cards it holds.
fn seat_chips(ui: &mut egui::Ui, game: &Match<Rummy>, table: &Table, chip_w: f32) {
    let to_move = game.awaiting().first().copied();
    for (seat, (name, line)) in seat_words(game, table).iter().enumerate() {
        let chip = SeatChip {
            name,
            line,
            to_move: to_move == Some(seat),
            edge: None,
        };
        seat_chip(ui, chip_w, chip);
    }
}

/// The turn's clock while the match runs (in the warning colour for the
/// last 20 seconds), and under it the round — with the match's time left,
/// or that the round is the last, in a match played for a time — and the
/// cards left in the pile.
fn clock_and_round(
    ui: &mut egui::Ui,
    game: &Match<Rummy>,
    (clock, time): (&TurnClock, &MatchClock),
    shown: RoundShown,
) {
    let state = game.state();
    let clock_left = clock.remaining().filter(|_| !game.is_over());
    ui.vertical(|ui| {
        ui.spacing_mut().item_spacing.y = 0.0;
        // Centred in the bar's height, as the chips beside it are.
        let lines = match shown {
            RoundShown::OneLine => 1.0,
            RoundShown::TwoLines => 2.0,
            RoundShown::Hidden => 0.0,
        };
        let tall = clock_left.map_or(0.0, |_| size::TEXT * 1.3) + lines * (size::TEXT - 2.0) * 1.3;
        ui.add_space(((size::HUD - tall) / 2.0).max(0.0));
        if let Some(left) = clock_left {
            let urgent = left < Duration::from_secs(20);
            ui.label(
                egui::RichText::new(format!("⏱ {}", clock_text(left)))
                    .size(size::TEXT)
                    .strong()
                    .color(if urgent { ecolour::WARN } else { ecolour::TEXT }),
            );
        }
        let (line, warn) = round_line(state, time);
        let colour = if warn {
            ecolour::WARN
        } else {
            ecolour::TEXT_DIM
        };
        let said = |ui: &mut egui::Ui, words: &str| {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(words)
                        .size(size::TEXT - 2.0)
                        .color(colour),
                )
                .extend(),
            );
        };
        match shown {
            RoundShown::OneLine => said(ui, &line),
            RoundShown::TwoLines => {
                let (first, second) = two_lines(&line);
                said(ui, first);
                said(ui, second);
            }
            RoundShown::Hidden => {}
        }
    });
}

/// The round and the pile; in a match played for a time, the time left
/// beside the round, or — once it is used up — that this round is the
/// last (the ruling). Whether it warns.
fn round_line(state: &parlour_core::games::rummy::State, time: &MatchClock) -> (String, bool) {
    let round = state.round();
    let pile = state.pile_len();
    match time.remaining() {
        None => (
            tr!(
                "rummy-round-pile",
                round = round.min(state.config().rounds),
                rounds = state.config().rounds,
                pile = pile
            ),
            false,
        ),
        Some(_) if state.time_is_up() => (tr!("rummy-round-time-up", round = round), true),
        Some(_) if time.is_up() => (tr!("rummy-round-last", round = round, pile = pile), true),
        Some(left) => (
            tr!(
                "rummy-round-time-left",
                round = round,
                time = clock_text(left),
                pile = pile
            ),
            left < Duration::from_secs(60),
        ),
    }
}

/// Time left as minutes and seconds, rounded up.
fn clock_text(left: Duration) -> String {
    let s = left.as_secs_f32().ceil() as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

/// The bar between the table and the hand: the turn's status, then its
/// buttons; on a portrait screen the status above the buttons.
fn action_bar(ctx: &egui::Context, hud: &mut Hud, screen: egui::Vec2) {
    let (Some(layout), Some(draft)) = (hud.layout.as_deref(), hud.turn.draft.clone()) else {
        return;
    };
    let game = hud.active.get();
    let to_move = game.awaiting().first().copied();
    let human = hud.table.is_human(draft.seat);
    let my_turn = human
        && to_move == Some(draft.seat)
        && *hud.phase.get() == TurnPhase::AwaitingMove
        && !game.is_over();
    let zoom = Zoom(layout.zoom);
    let top = zoom
        .to_points(
            layout.window,
            Vec2::new(0.0, layout.tray.max.y + layout.bar),
        )
        .y;
    let height = layout.bar / layout.zoom - 12.0;
    // The status above the buttons where one row cannot hold both (a
    // portrait window, or a table narrowed by a lesson's words).
    let portrait = layout.stacked;
    // The table's part of the window, not the whole of it.
    let table_w = (layout.window.x / layout.zoom).min(screen.x);
    let check = hud.turn.check.clone();
    // A notice (a hint's words, a refusal, a bot's move) takes the status
    // line's place while it lasts: over the table it would hide the lowest
    // row of sets and the new-set slot.
    let status = if hud.notice.remaining > 0.0 {
        (hud.notice.text.clone(), true)
    } else {
        feedback::status_line(
            &draft,
            check.as_ref(),
            game.state(),
            &hud.table,
            my_turn,
            to_move,
            hud.lesson.is_some(),
        )
    };
    let bar = Bar {
        draft,
        check,
        human,
        my_turn,
    };
    egui::Area::new(egui::Id::new("rummy-actions"))
        .fixed_pos(egui::pos2(size::MARGIN, top + 6.0))
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            let w = table_w - 2.0 * size::MARGIN;
            ui.set_width(w);
            if portrait {
                ui.vertical(|ui| {
                    ui.set_min_height(height);
                    // Over the buttons' row, in what the bar leaves it.
                    let room = height - size::TOUCH - 8.0;
                    status_label(ui, &status, fitted(ui, &status.0, w, room));
                    ui.horizontal(|ui| buttons(ui, &bar, hud));
                });
            } else {
                ui.horizontal(|ui| {
                    ui.set_min_height(height);
                    // The status takes the left part, at a fixed width; the buttons follow it.
                    let status_w = (w - 730.0).max(220.0);
                    ui.allocate_ui_with_layout(
                        egui::vec2(status_w, height),
                        egui::Layout::left_to_right(egui::Align::Center),
                        |ui| {
                            ui.set_min_width(status_w);
                            ui.set_max_width(status_w);
                            status_label(ui, &status, fitted(ui, &status.0, status_w, height));
                        },
                    );
                    buttons(ui, &bar, hud);
                });
            }
        });
}

/// The status line's words at their usual size, or smaller (down to 14
/// points) where a long one — a hint's reason, a refusal — would push the
/// bar's buttons onto the hand.
fn fitted(ui: &egui::Ui, text: &str, width: f32, height: f32) -> f32 {
    notice_fit(ui.ctx(), text, width, height).min(size::TEXT - 3.0)
}

/// The line on the turn in progress, in the accent colour when it warns.
fn status_label(ui: &mut egui::Ui, (text, warn): &(String, bool), text_size: f32) {
    ui.add(
        egui::Label::new(egui::RichText::new(text).size(text_size).color(if *warn {
            ecolour::ACCENT
        } else {
            ecolour::TEXT
        }))
        .wrap(),
    );
}

/// The turn's own buttons come first, always in the same places (End turn
/// or Draw, the hint, undo); sorting the hand, allowed at any time, after
/// them. Where each one is drawn is noted for the keys' focus.
fn buttons(ui: &mut egui::Ui, bar: &Bar, hud: &mut Hud) {
    let shown = actions(
        bar.human,
        bar.my_turn,
        hud.settings.hints,
        bar.draft.changed(),
    );
    let mut places = Vec::with_capacity(shown.len());
    for action in shown {
        let response = match action {
            TurnAction::EndTurn => end_turn_button(ui, bar),
            // While the search thinks, the hint's button says so (the
            // turn can still be played meanwhile).
            TurnAction::Hint if hud.search.thinking() => {
                small_button(ui, tr!("rummy-hint-thinking"))
            }
            TurnAction::Hint => small_button(ui, tr!("rummy-hint")),
            TurnAction::Undo => small_button(ui, tr!("rummy-undo")),
            TurnAction::SortByColour => small_button(ui, tr!("rummy-sort-colour")),
            TurnAction::SortByNumber => small_button(ui, tr!("rummy-sort-number")),
        };
        if action == TurnAction::EndTurn {
            // A lesson's "draw" and "done" are this one button.
            let name = if bar.draft.changed() { "done" } else { "draw" };
            crate::lessons::pointer::note_control(ui.ctx(), name, response.rect);
        }
        if let Some(layout) = hud.layout.as_deref() {
            places.push((action, to_world(layout, response.rect)));
        }
        if response.clicked() {
            let view = viewer_view(&hud.active, &hud.table);
            let kind = hud.settings.hint_kind;
            if let Some(request) = hud.turn.act(action, view.as_ref(), kind, &mut hud.notice) {
                hud.requests.write(request);
            }
        }
    }
    if hud.places.0 != places {
        hud.places.0 = places;
    }
}

/// An egui rectangle (in points) in world coordinates.
fn to_world(layout: &RummyLayout, r: egui::Rect) -> Rect {
    let zoom = Zoom(layout.zoom);
    Rect::from_corners(
        zoom.to_world(layout.window, r.min),
        zoom.to_world(layout.window, r.max),
    )
}

/// The turn's main button: End turn once the table has changed (lit when
/// the rules accept the turn), else Draw.
fn end_turn_button(ui: &mut egui::Ui, bar: &Bar) -> egui::Response {
    let ready = bar.check.as_ref().is_some_and(|c| c.turn.is_ok());
    let (label, lit) = if bar.draft.changed() {
        (tr!("rummy-end-turn"), ready)
    } else {
        (tr!("rummy-draw"), true)
    };
    let primary = egui::Button::new(egui::RichText::new(label).size(size::TEXT).color(if lit {
        ecolour::ON_ACCENT
    } else {
        ecolour::TEXT
    }))
    .fill(if lit {
        ecolour::ACCENT
    } else {
        egui::Color32::from_rgb(60, 90, 78)
    })
    .min_size(egui::vec2(170.0, size::TOUCH));
    ui.add(primary)
}

/// One of the action bar's smaller buttons.
fn small_button(ui: &mut egui::Ui, label: String) -> egui::Response {
    ui.add(
        egui::Button::new(egui::RichText::new(label).size(size::TEXT - 4.0))
            .min_size(egui::vec2(size::TOUCH + 24.0, size::TOUCH)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A portrait tablet in French, three seats: "0 pt · 14 cartes" needs a
    /// chip of about 160 points and "Manche 1/3 · pioche 66" 270 beside
    /// them. The round goes on two lines rather than cut the chips' words;
    /// with a turn clock over it, it gives way; a laptop keeps it on one.
    #[test]
    fn the_round_line_goes_on_two_lines_or_gives_way_before_a_chips_words_are_cut() {
        let menu = size::TOUCH + 16.0;
        let (need, line) = (160.0, (270.0, 160.0));
        let (shown, chip) = round_shown(800.0 - menu, 3, need, line, false);
        assert_eq!(shown, RoundShown::TwoLines);
        assert!(chip >= need, "{chip}");
        let (shown, chip) = round_shown(800.0 - menu, 3, need, line, true);
        assert_eq!(shown, RoundShown::Hidden);
        assert!(chip >= need, "{chip}");
        let (shown, chip) = round_shown(1280.0 - menu, 3, need, line, true);
        assert_eq!(shown, RoundShown::OneLine);
        assert!(chip >= need, "{chip}");
        // A phone: the chips as wide as the bar allows, the line gone.
        let (shown, chip) = round_shown(390.0 - menu, 3, need, line, false);
        assert_eq!(shown, RoundShown::Hidden);
        assert!(chip * 3.0 + 30.0 + menu <= 390.0, "{chip}");
    }

    #[test]
    fn the_round_line_splits_between_the_round_and_the_rest() {
        assert_eq!(
            two_lines("Manche 1/3 · pioche 66"),
            ("Manche 1/3", "pioche 66")
        );
        assert_eq!(
            two_lines("Round 2 · 12:30 left · pile 40"),
            ("Round 2", "12:30 left · pile 40")
        );
        assert_eq!(two_lines("Last round"), ("Last round", ""));
    }

    /// The top bar of a 15-minute match: the time left beside the round,
    /// rounded up to the second and warning in the last minute; once the
    /// time is used up, that the round in play is the last.
    #[test]
    fn the_top_bar_says_the_time_left_and_then_that_this_round_is_the_last() {
        let game = Match::<Rummy>::seeded("standard,minutes=15", 2, 5).unwrap();
        let state = game.state();
        let pile = state.pile_len();
        let limit = Duration::from_secs(15 * 60);
        let line = |left: Duration| {
            round_line(
                state,
                &MatchClock {
                    limit: Some(limit),
                    used: limit - left,
                },
            )
        };
        let left = |time: &str| {
            tr!(
                "rummy-round-time-left",
                round = 1,
                time = time.to_owned(),
                pile = pile
            )
        };
        assert_eq!(line(limit), (left("15:00"), false));
        assert_eq!(line(Duration::from_millis(90_200)), (left("1:31"), false));
        assert_eq!(line(Duration::from_secs(59)), (left("0:59"), true));
        assert_eq!(
            line(Duration::ZERO),
            (tr!("rummy-round-last", round = 1, pile = pile), true)
        );
        // A match with no agreed time says the round of how many.
        let untimed = round_line(state, &MatchClock::default());
        assert_eq!(
            untimed,
            (
                tr!(
                    "rummy-round-pile",
                    round = 1,
                    rounds = state.config().rounds,
                    pile = pile
                ),
                false
            )
        );
    }
}
