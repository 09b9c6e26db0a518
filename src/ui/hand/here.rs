//! People at the table's own screen, beside phones: a free seat may be
//! played at the screen itself. Its hand stays behind a curtain — "Pass to
//! Ana", as between two people at one screen — until its player says they
//! are there; it is shown whole, as on a phone, while their move is
//! awaited, and goes back behind the curtain once the move is played.

use bevy_egui::egui;
use parlour_core::engine::{Record, Seat};
use parlour_core::protocol::MAX_NAME;

use super::super::keyboard::name_keyboard;
use super::super::theme::{ecolour, size};
use super::super::widgets::{big_button, corner_card};
use super::seated;
use crate::catalog::GameCatalog;
use crate::hand::{HereSeats, Link};
use crate::tr;

/// The screen's people: a seat being taken here, and whose hand is shown.
#[derive(Default)]
pub(super) struct AtTheScreen {
    /// The seat a person at the screen is writing their name for.
    joining: Option<Seat>,
    name: String,
    shift: bool,
    /// The seat played here whose hand is on screen, by its link.
    pub(super) shown: Option<usize>,
}

impl AtTheScreen {
    /// A person at the screen asked to play `seat` here: their name first.
    pub(super) fn join(&mut self, seat: Seat) {
        self.joining = Some(seat);
        self.name.clear();
        self.shift = false;
    }

    /// The name keyboard while a seat is being taken: the seat and the
    /// name once written (an empty name takes nothing).
    pub(super) fn name_keyboard(&mut self, ctx: &egui::Context) -> Option<(Seat, String)> {
        let seat = self.joining?;
        if !name_keyboard(ctx, &mut self.name, &mut self.shift, MAX_NAME, &[]) {
            return None;
        }
        self.joining = None;
        let name = self.name.trim().to_owned();
        (!name.is_empty()).then_some((seat, name))
    }
}

/// The first seat played here whose move is awaited: its link.
pub(super) fn turn_here(seats: &HereSeats) -> Option<usize> {
    seats.links.iter().position(|link| {
        let (Some(seat), Some(seen)) = (link.seat(), &link.seen) else {
            return false;
        };
        seen.winners.is_empty() && seen.awaiting.contains(&seat) && !link.waiting_for_answer()
    })
}

/// Whether a hand shown here may go back behind the curtain: its move
/// played (or the match over), no answer or word of the coach awaited.
pub(super) fn played_here(link: &Link) -> bool {
    let Some(seen) = &link.seen else {
        return false;
    };
    let awaited = link.seat().is_some_and(|s| seen.awaiting.contains(&s));
    let over = !seen.winners.is_empty();
    (over || !awaited) && !link.waiting_for_answer() && link.coach_word().is_none()
}

/// The curtain beside the public table (in the corner, so the board and
/// its last move stay in sight): whose turn it is at the screen, and the
/// button that shows their hand. True when tapped.
pub(super) fn curtain(ctx: &egui::Context, name: &str) -> bool {
    let mut ready = false;
    corner_card(ctx, "here-curtain", 320.0, true, |ui| {
        ui.label(
            egui::RichText::new(tr!("hand-over-title", name = name))
                .size(size::HEADING)
                .color(ecolour::ACCENT)
                .strong(),
        );
        ui.add_space(8.0);
        ui.add(
            egui::Label::new(egui::RichText::new(tr!("hand-over-hint")).size(size::TEXT)).wrap(),
        );
        ui.add_space(16.0);
        ready = big_button(ui, &tr!("hand-over-ready", name = name), true).clicked();
    });
    ready
}

/// The hand of a seat played here, as on a phone, under a line that says
/// whose it is and hides it again. The match's record when its review is
/// asked for; true when Hide was tapped.
pub(super) fn hand_here(
    ui: &mut egui::Ui,
    link: &mut Link,
    catalog: &GameCatalog,
    coached: bool,
) -> (Option<Record>, bool) {
    let name = link
        .seat()
        .and_then(|s| link.seats.get(s))
        .map(|s| s.name.clone())
        .unwrap_or_default();
    let mut hide = false;
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(tr!("hand-here-whose", name = name.as_str()))
                .size(size::TEXT - 4.0)
                .color(ecolour::TEXT_DIM),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let text = egui::RichText::new(tr!("hand-here-hide")).size(size::TEXT - 2.0);
            hide = ui
                .add(egui::Button::new(text).min_size(egui::vec2(0.0, size::TOUCH)))
                .clicked();
        });
    });
    let review = seated(ui, link, catalog, coached);
    (review, hide)
}
