//! The top bar over Paper Boxing's table (egui), one function per region:
//! each seat's chip — name, bouts won, role, whether it leads, lit while it
//! is to move — the bout, and the menu button; then the match menu (with
//! the perfect-play switch) and the notice. Also what the words on the
//! table share: a line of text in a world rectangle, and the band's frame.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::Phase;
use parlour_core::games::paper_boxing::{PaperBoxing, View};

use crate::catalog::GameId;
use crate::engine::ActiveMatch;
use crate::session::{Notice, Screen, Table};
use crate::settings::Settings;
use crate::tr;
use crate::ui::UiSystems;
use crate::ui::match_menu::{MenuNav, match_menu};
use crate::ui::theme::{ecolour, size};
use crate::ui::widgets::{
    SeatChip, big_button, chip_width, line_width, menu_button, notice_banner, notice_banner_in,
    seat_chip, top_bar,
};

use super::in_paper_boxing;
use super::layout::{PbLayout, rect_to_screen};
use super::oracle::{Oracle, oracle_offered};
use super::viewer::{leads, role, viewer_view};

/// Each seat's colour (its path's, its ring's), for egui.
const ESEAT: [egui::Color32; 2] = [
    egui::Color32::from_rgb(204, 65, 56),
    egui::Color32::from_rgb(46, 102, 194),
];

/// The top bar, the match menu (with the perfect-play switch) and the notice.
pub(super) fn hud(
    mut contexts: EguiContexts,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    notice: Res<Notice>,
    settings: Res<Settings>,
    mut oracle: ResMut<Oracle>,
    layout: Option<Res<PbLayout>>,
    mut menu_open: Local<bool>,
    mut nav: MenuNav,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = active.get();
    let view = viewer_view(game, table.viewer);
    let width = ctx.content_rect().width();
    if score_bar(ctx, &view, &table, width) {
        *menu_open = !*menu_open;
    }
    match_menu(
        ctx,
        &mut menu_open,
        GameId::of::<PaperBoxing>(),
        &mut nav,
        |ui| {
            if oracle_offered(game, &table, &settings) {
                perfect_play_switch(ui, &mut oracle);
            }
        },
    );
    // In play the band at the bottom says it in place of its news: never
    // over the grids, whose cells a refusal is about. In the set-up the
    // band holds the buttons, so the notice takes the instructions' line
    // above the grid for its few seconds.
    if notice.remaining > 0.0 {
        match layout {
            // In play the band's own words say it (words.rs).
            Some(_) if view.phase != Phase::SetUp => {}
            Some(l) => {
                notice_banner_in(ctx, "pb-notice", &notice, rect_to_screen(&l, l.setup_label))
            }
            None => notice_banner(ctx, "pb-notice", &notice, width * 0.8),
        }
    }
    Ok(())
}

/// The bar across the top: the two chips, the bout (not during the
/// set-up), the menu button at the right. Whether the button was pressed.
fn score_bar(ctx: &egui::Context, view: &View, table: &Table, width: f32) -> bool {
    let mut pressed = false;
    top_bar(ctx, "pb-hud", |ui| {
        ui.add_space(8.0);
        let menu_w = size::TOUCH + 16.0;
        // On a narrow screen (a phone) the bout in smaller words, as wide
        // as they are, so the chips keep room for the names.
        let narrow = width < 600.0;
        let bout_size = if narrow { size::TEXT - 6.0 } else { size::TEXT };
        let bout_w = if view.phase == Phase::SetUp {
            0.0
        } else if narrow {
            line_width(ui, &bout_words(view), bout_size) + 12.0
        } else {
            (width * 0.16).clamp(150.0, 200.0)
        };
        let chip_w = chip_width(width - menu_w - bout_w - 40.0, 2);
        for (seat, &edge) in ESEAT.iter().enumerate() {
            let mut line = tr!(
                "pb-chip-bouts",
                n = view.wins[seat],
                role = role(view, seat)
            );
            if leads(view, seat) {
                line = format!("{line} · {}", tr!("pb-leads"));
            }
            let chip = SeatChip {
                name: table.name(seat),
                line: &line,
                to_move: view.awaiting.contains(&seat),
                edge: Some(edge),
            };
            seat_chip(ui, chip_w, chip);
        }
        if bout_w > 0.0 {
            bout_label(ui, view, bout_w, bout_size);
        }
        pressed = menu_button(ui, |_| {});
    });
    pressed
}

/// The bout in progress (the last, once all are fought).
fn bout_label(ui: &mut egui::Ui, view: &View, bout_w: f32, text_size: f32) {
    ui.allocate_ui(egui::vec2(bout_w, size::HUD), |ui| {
        ui.centered_and_justified(|ui| {
            // One line: wrapped in a justified layout, its letters would be
            // spread apart ("R o u n d  5").
            ui.add(
                egui::Label::new(
                    egui::RichText::new(bout_words(view))
                        .size(text_size)
                        .color(ecolour::ACCENT)
                        .strong(),
                )
                .wrap_mode(egui::TextWrapMode::Extend),
            );
        });
    });
}

/// "Bout 3 of 15": the bout in progress, the last once all are fought.
fn bout_words(view: &View) -> String {
    tr!("pb-bout", n = (view.bouts + 1).min(15))
}

/// The menu's perfect-play switch, lit while it is on.
fn perfect_play_switch(ui: &mut egui::Ui, oracle: &mut Oracle) {
    let label = if oracle.enabled {
        format!("✔ {}", tr!("pb-oracle-toggle"))
    } else {
        tr!("pb-oracle-toggle")
    };
    if big_button(ui, &label, oracle.enabled).clicked() {
        oracle.enabled = !oracle.enabled;
    }
}

/// A line of text centred in a world rectangle, letting the pointer through.
pub(super) fn words_in(
    ctx: &egui::Context,
    layout: &PbLayout,
    id: impl std::hash::Hash + std::fmt::Debug,
    rect: Rect,
    text: egui::RichText,
) {
    let r = rect_to_screen(layout, rect);
    egui::Area::new(egui::Id::new(id))
        .fixed_pos(r.min)
        .interactable(false)
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            ui.set_min_size(r.size());
            ui.set_max_size(r.size());
            ui.centered_and_justified(|ui| {
                ui.add(egui::Label::new(text).wrap());
            });
        });
}

/// The band's frame at the bottom of the table: dark felt, rounded.
pub(super) fn band_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(egui::Color32::from_rgba_unmultiplied(12, 40, 30, 220))
        .corner_radius(14)
        .inner_margin(10)
}

/// The top bar, first of the egui pass's words over the table.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        hud.run_if(in_state(Screen::Play).and_then(in_paper_boxing))
            .in_set(UiSystems::Hud),
    );
}
