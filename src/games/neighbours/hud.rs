//! The Neighbours HUD, one function per region: the score bar along the
//! top (every seat's name, score and tokens, whose turn it is, the menu
//! button), the pass offer above the tray when the viewer cannot place, and
//! the notice on the felt beside or above the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::Match;
use parlour_core::games::neighbours::{Move, Neighbours, View};

use super::layout::BoardLayout;
use crate::catalog::GameId;
use crate::engine::{ActiveMatch, MoveRequest, TurnPhase};
use crate::game_kit::{on_table, viewer_view};
use crate::session::{Notice, Screen, Table};
use crate::settings::Settings;
use crate::tr;
use crate::ui::UiSystems;
use crate::ui::match_menu::{MenuNav, match_menu};
use crate::ui::theme::{Zoom, ecolour, size};
use crate::ui::widgets::{
    SeatChip, big_button, chip_width, menu_button, notice_banner_in, seat_chip, top_bar,
};

/// The HUD over the Neighbours table.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        hud.run_if(in_state(Screen::Play).and_then(on_table::<Neighbours>))
            .in_set(UiSystems::Hud),
    );
}

/// Draws the HUD's regions for this frame.
fn hud(
    mut contexts: EguiContexts,
    active: Res<ActiveMatch<Neighbours>>,
    table: Res<Table>,
    notice: Res<Notice>,
    time: Res<Time>,
    settings: Res<Settings>,
    phase: Res<State<TurnPhase>>,
    layout: Option<Res<BoardLayout>>,
    mut shown_scores: Local<Vec<f32>>,
    mut menu_open: Local<bool>,
    mut requests: MessageWriter<MoveRequest<Neighbours>>,
    mut nav: MenuNav,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = active.get();
    if follow_scores(
        &mut shown_scores,
        &game.scores(),
        time.delta_secs(),
        settings.reduce_motion,
    ) {
        ctx.request_repaint();
    }
    score_bar(ctx, game, &table, &shown_scores, &mut menu_open);
    match_menu(
        ctx,
        &mut menu_open,
        GameId::of::<Neighbours>(),
        &mut nav,
        |_| {},
    );
    // The viewer must pass: say so, and offer the only move there is.
    match viewer_view(&active, &table) {
        Some(view)
            if view.to_move() == Some(view.seat())
                && *phase.get() == TurnPhase::AwaitingMove
                && table.humans().contains(&view.seat())
                && view.placements().is_empty() =>
        {
            pass_offer(ctx, layout.as_deref(), &view, &mut requests);
        }
        _ if notice.remaining > 0.0 => notice_card(ctx, layout.as_deref(), &notice),
        _ => {}
    }
    Ok(())
}

/// The scores shown this frame: counting up (or down) towards the real
/// ones, or, with Reduce motion, what they are at once. True while any is
/// still on its way.
fn follow_scores(shown: &mut Vec<f32>, scores: &[i64], dt: f32, reduce_motion: bool) -> bool {
    if reduce_motion {
        *shown = scores.iter().map(|&s| s as f32).collect();
        return false;
    }
    count_scores(shown, scores, dt)
}

/// Moves the shown scores towards the real ones, so they count up (or
/// down); true while any is still on its way.
fn count_scores(shown: &mut Vec<f32>, scores: &[i64], dt: f32) -> bool {
    shown.resize(scores.len(), 0.0);
    for (shown, &real) in shown.iter_mut().zip(scores) {
        let gap = real as f32 - *shown;
        *shown += gap.signum() * (gap.abs() * 8.0 * dt).max(30.0 * dt).min(gap.abs());
    }
    shown
        .iter()
        .zip(scores)
        .any(|(s, &r)| (*s - r as f32).abs() > 0.01)
}

/// The bar along the top: a chip per seat (the seat to move lit up) and
/// the menu button at the right.
fn score_bar(
    ctx: &egui::Context,
    game: &Match<Neighbours>,
    table: &Table,
    shown_scores: &[f32],
    menu_open: &mut bool,
) {
    let to_move = game.awaiting().first().copied();
    top_bar(ctx, "hud", |ui| {
        let seats = game.players();
        let menu_w = size::TOUCH + 16.0;
        let chip_w = chip_width(ui.available_width() - menu_w, seats);
        for (seat, shown) in shown_scores.iter().enumerate().take(seats) {
            let line = tr!(
                "neighbours-hud-score",
                points = shown.round() as i64,
                tokens = game.state().hand(seat).len()
            );
            let chip = SeatChip {
                name: table.name(seat),
                line: &line,
                to_move: to_move == Some(seat),
                edge: None,
            };
            seat_chip(ui, chip_w, chip);
        }
        if menu_button(ui, |_| {}) {
            *menu_open = !*menu_open;
        }
    });
}

/// A world rectangle of the table in egui's points.
fn to_points(layout: &BoardLayout, zoom: f32, r: Rect) -> egui::Rect {
    let z = Zoom(zoom);
    egui::Rect::from_two_pos(
        z.to_points(layout.window, r.min),
        z.to_points(layout.window, r.max),
    )
}

/// "You cannot place a token" and the pass button, over the hand in the
/// tray (none of it can be placed), never over the board: a row along the
/// bottom tray, standing on its lower edge; a column in the side tray.
fn pass_offer(
    ctx: &egui::Context,
    layout: Option<&BoardLayout>,
    view: &View,
    requests: &mut MessageWriter<MoveRequest<Neighbours>>,
) {
    let Some(layout) = layout else { return };
    let tray = to_points(layout, ctx.zoom_factor(), layout.tray);
    let area = egui::Area::new(egui::Id::new("pass"));
    let area = if layout.side {
        area.pivot(egui::Align2::CENTER_CENTER)
            .fixed_pos(tray.center())
    } else {
        area.pivot(egui::Align2::CENTER_BOTTOM)
            .fixed_pos(egui::pos2(tray.center().x, tray.max.y))
    };
    area.show(ctx, |ui| {
        egui::Frame::new()
            .fill(ecolour::CARD)
            .corner_radius(14)
            .inner_margin(14)
            .show(ui, |ui| {
                let words = egui::RichText::new(tr!("neighbours-must-pass"))
                    .color(ecolour::INK)
                    .size(size::TEXT);
                let mut pass = |ui: &mut egui::Ui| {
                    let pass = big_button(ui, &tr!("neighbours-pass"), true);
                    crate::lessons::pointer::note_control(ui.ctx(), "pass", pass.rect);
                    if pass.clicked() {
                        requests.write(MoveRequest {
                            seat: view.seat(),
                            mv: Move::Pass,
                        });
                    }
                };
                if layout.side {
                    ui.set_max_width(tray.width() * 1.6);
                    ui.vertical_centered(|ui| {
                        ui.add(egui::Label::new(words).wrap());
                        pass(ui);
                    });
                } else {
                    ui.set_max_width(tray.width() - 28.0);
                    ui.horizontal(|ui| {
                        ui.add(egui::Label::new(words).wrap());
                        pass(ui);
                    });
                }
            });
    });
}

/// The notice (a bot's pass, a refusal in red) on the felt beside or
/// above the board, where it hides no cell, token or score.
fn notice_card(ctx: &egui::Context, layout: Option<&BoardLayout>, notice: &Notice) {
    let Some(layout) = layout else { return };
    let room = to_points(layout, ctx.zoom_factor(), layout.notice_room());
    notice_banner_in(ctx, "notice", notice, room);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A placement worth 12 points: the score counts up over a few frames,
    /// but with Reduce motion it shows 12 in the first.
    #[test]
    fn with_reduce_motion_the_score_shows_at_once_instead_of_counting_up() {
        let frame = 1.0 / 60.0;
        let mut counting = vec![0.0, 0.0];
        assert!(follow_scores(&mut counting, &[12, 0], frame, false));
        assert!(counting[0] > 0.0 && counting[0] < 12.0, "{counting:?}");
        let mut frames = 1;
        while follow_scores(&mut counting, &[12, 0], frame, false) {
            frames += 1;
            assert!(frames < 600, "it gets there");
        }
        assert_eq!(counting, [12.0, 0.0]);
        let mut reduced = vec![0.0, 0.0];
        assert!(!follow_scores(&mut reduced, &[12, 0], frame, true));
        assert_eq!(reduced, [12.0, 0.0], "at once");
    }
}
