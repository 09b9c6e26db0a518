//! Phones join a kiosk from its attract mode: where the operator lets them
//! (Settings → Phones join from the demo), a table is hosted beside the
//! window while the demo plays — the game last on the kiosk, one seat for
//! a phone, the others the game's strongest bot (the table's screen may
//! open them for more phones) — and the demo shows its code. A phone that
//! sits ends the demo and the window becomes that table's screen; a touch
//! on the kiosk ends the demo as ever and stops the host.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::super::UiSystems;
use super::super::theme::{ecolour, size};
use crate::catalog::GameCatalog;
use crate::engine::EndMatch;
use crate::hand::{JoinTable, Link, PhonesBind, TableHere};
use crate::host::{HostBeside, Plan};
use crate::kiosk::{Idle, Kiosk};
use crate::session::attract::Demo;
use crate::session::{Screen, Table};
use crate::settings::Settings;
use crate::tr;

/// The table attract mode offers phones, while it plays.
#[derive(Resource, Clone, Debug)]
pub struct AttractTable {
    /// The game's title, for the words beside the code.
    pub title: String,
}

/// The attract-mode table's systems.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, follow_attract_mode).add_systems(
        EguiPrimaryContextPass,
        show_the_code
            .run_if(resource_exists::<AttractTable>.and_then(resource_exists::<Link>))
            .in_set(UiSystems::Overlays),
    );
}

/// Starts the table when the demo starts, stops it when the demo ends, and
/// hands the window to it when a phone sits.
#[allow(clippy::too_many_arguments)]
fn follow_attract_mode(
    mut commands: Commands,
    kiosk: Res<Kiosk>,
    mut idle: ResMut<Idle>,
    settings: Res<Settings>,
    table: Res<Table>,
    catalog: Res<GameCatalog>,
    bind: Option<Res<PhonesBind>>,
    (attract, link, here): (
        Option<Res<AttractTable>>,
        Option<Res<Link>>,
        Option<Res<TableHere>>,
    ),
    mut next: ResMut<NextState<Screen>>,
    mut end: MessageWriter<EndMatch>,
    mut failed: Local<bool>,
) {
    let wanted = kiosk.active && idle.attract && settings.kiosk_phones && here.is_none();
    if !idle.attract {
        // The next demo tries again.
        *failed = false;
    }
    match (&attract, wanted) {
        (None, true) if link.is_none() && !*failed => {
            match host_for_phones(&table, &catalog, bind.map_or_else(every_address, |b| b.0)) {
                Ok((host, here, title)) => {
                    commands.insert_resource(host);
                    commands.insert_resource(Link::new(here, None));
                    commands.insert_resource(AttractTable { title });
                }
                Err(e) => {
                    warn!("attract mode offers no table to phones: {e}");
                    *failed = true;
                }
            }
        }
        // A touch on the kiosk (or the setting turned off): the host stops.
        (Some(_), false) if here.is_none() => {
            commands.remove_resource::<AttractTable>();
            commands.remove_resource::<Link>();
            commands.remove_resource::<HostBeside>();
        }
        // A phone has sat: the demo gives way to the table's screen.
        (Some(_), true) if link.as_ref().is_some_and(|l| someone_sat(l)) => {
            idle.attract = false;
            commands.remove_resource::<Demo>();
            commands.remove_resource::<AttractTable>();
            commands.insert_resource(TableHere);
            end.write(EndMatch);
            next.set(Screen::Hand);
        }
        _ => {}
    }
}

/// Every address of this machine, so phones on the network reach it.
fn every_address() -> std::net::IpAddr {
    std::net::Ipv4Addr::UNSPECIFIED.into()
}

/// Whether a phone holds a seat at the table.
fn someone_sat(link: &Link) -> bool {
    link.seats
        .iter()
        .any(|s| matches!(s.holder, parlour_core::protocol::Holder::Device { .. }))
}

/// A host for the game last on the kiosk: seat 1 a phone's, the others its
/// strongest bot's; the window's link to it as its screen; the game's title.
fn host_for_phones(
    table: &Table,
    catalog: &GameCatalog,
    bind: std::net::IpAddr,
) -> Result<(HostBeside, JoinTable, String), String> {
    let entry = catalog
        .get(table.game)
        .ok_or_else(|| "the kiosk's game is not in this build".to_owned())?;
    let bot = entry.bots.last().copied().unwrap_or("random");
    let seats = table.seats.len().max(*entry.seats.start());
    let plans = (0..seats)
        .map(|s| {
            if s == 0 {
                Plan::Device
            } else {
                Plan::Bot(bot.to_owned())
            }
        })
        .collect();
    let host = crate::host::host_beside(table.game.name(), &table.variant, plans, bind)?;
    let here = JoinTable::at(&format!("127.0.0.1:{}", host.addr.port()), None)?
        .screen(host.screen_key.clone());
    Ok((host, here, table.game.title()))
}

/// The code over the demo, in a corner: scan it to play.
fn show_the_code(
    mut contexts: EguiContexts,
    attract: Res<AttractTable>,
    link: Res<Link>,
    idle: Res<Idle>,
) -> Result {
    if !idle.attract {
        return Ok(());
    }
    let Some(base) = link.welcome.as_ref().and_then(|w| w.join.first()) else {
        return Ok(());
    };
    let address = format!("{base}/?join");
    let ctx = contexts.ctx_mut()?;
    // Taps go through to the demo: a touch on the kiosk ends it.
    crate::ui::widgets::corner_card(ctx, "attract-join", 260.0, false, |ui| {
        ui.label(
            egui::RichText::new(tr!("hand-attract-scan", game = attract.title.as_str()))
                .size(size::TEXT)
                .color(ecolour::ACCENT)
                .strong(),
        );
        crate::ui::widgets::join_code(ui, &address, 200.0);
        ui.label(
            egui::RichText::new(address)
                .size(size::TEXT - 8.0)
                .color(ecolour::TEXT_DIM),
        );
    });
    Ok(())
}
