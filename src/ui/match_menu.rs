//! The in-match menu, under the HUD's menu button: the same for every game,
//! each adding only its own lines.

use bevy::prelude::*;
use bevy_egui::egui;

use super::theme::size;
use super::widgets::big_button;
use super::{HowToGame, ReturnTo};
use crate::catalog::GameId;
use crate::engine::EndMatch;
use crate::session::{MenuOpen, Screen};
use crate::tr;

/// The in-match menu, under the HUD's menu button: resume, how to play,
/// settings, leave; `extra` adds a game's own lines after Resume.
pub fn match_menu(
    ctx: &egui::Context,
    open: &mut bool,
    game: GameId,
    nav: &mut MenuNav,
    extra: impl FnOnce(&mut egui::Ui),
) {
    if *open {
        menu_window(ctx, open, game, nav, extra);
    }
    // The turn clock waits while the menu is open.
    if nav.menu_open.0 != *open {
        nav.menu_open.0 = *open;
    }
}

fn menu_window(
    ctx: &egui::Context,
    open: &mut bool,
    game: GameId,
    nav: &mut MenuNav,
    extra: impl FnOnce(&mut egui::Ui),
) {
    egui::Window::new(tr!("menu-title"))
        .id(egui::Id::new("match-menu"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-12.0, size::HUD + 8.0))
        .show(ctx, |ui| {
            ui.vertical_centered_justified(|ui| {
                if big_button(ui, &tr!("menu-resume"), true).clicked() {
                    *open = false;
                }
                extra(ui);
                if big_button(ui, &tr!("button-how-to-play"), false).clicked() {
                    *open = false;
                    nav.how_to.0 = game;
                    nav.return_to.0 = Some(Screen::Play);
                    nav.next.set(Screen::HowTo);
                }
                if big_button(ui, &tr!("button-settings"), false).clicked() {
                    *open = false;
                    nav.return_to.0 = Some(Screen::Play);
                    nav.next.set(Screen::Settings);
                }
                if big_button(ui, &tr!("menu-leave"), false).clicked() {
                    *open = false;
                    nav.end.write(EndMatch);
                    nav.next.set(Screen::Title);
                }
            });
        });
}

/// Where the in-match menu can send the player.
#[derive(bevy::ecs::system::SystemParam)]
pub struct MenuNav<'w> {
    how_to: ResMut<'w, HowToGame>,
    return_to: ResMut<'w, ReturnTo>,
    next: ResMut<'w, NextState<Screen>>,
    end: MessageWriter<'w, EndMatch>,
    menu_open: ResMut<'w, MenuOpen>,
}
