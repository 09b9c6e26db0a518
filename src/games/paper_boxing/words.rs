//! Paper Boxing's words on the table: a name over each grid, and in the
//! band at the bottom the news of the bouts, the prompt and, when asked
//! for, the perfect-play line — all from the seat on screen's view, so
//! nothing secret is told. The results sheet shares the reveal's words.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::{Phase, Seat};
use parlour_core::games::paper_boxing::rules::{CORNER, START};
use parlour_core::games::paper_boxing::{
    Bouts, FirstLead, Grid, NEIGHBOURS, PaperBoxing, State as Position, View,
};

use crate::engine::ActiveMatch;
use crate::session::{Asking, Notice, Screen, Table};
use crate::settings::Settings;
use crate::tr;
use crate::ui::UiSystems;
use crate::ui::theme::{ecolour, size};

use super::hud::{band_frame, hud, words_in};
use super::in_paper_boxing;
use super::layout::{BOARD, PbLayout, rect_to_screen};
use super::oracle::{Oracle, oracle_offered};
use super::setup::{Draft, arranging};
use super::view::grid_place;
use super::viewer::{bout_numbers, head_number, leads, role, viewer_view, winner_of};

/// A lighter seat colour, for names on the felt.
const ELIGHT: [egui::Color32; 2] = [
    egui::Color32::from_rgb(255, 176, 166),
    egui::Color32::from_rgb(170, 200, 255),
];

/// How the first leader was found, in words: the two bottom-right numbers
/// (or, in Sackson's variant, the sums around D). `None` before the reveal.
pub fn reveal_text(view: &View, table: &Table) -> Option<String> {
    let (Some(g0), Some(g1), Some(first)) = (view.grids[0], view.grids[1], view.first_leader)
    else {
        return None;
    };
    let name = |s: Seat| table.name(s).to_owned();
    let (a, b) = (g0[CORNER as usize], g1[CORNER as usize]);
    let sum = a as u32 + b as u32;
    let parity = if sum.is_multiple_of(2) { "even" } else { "odd" };
    let corners = || {
        tr!(
            "pb-reveal-corners",
            a = a,
            b = b,
            sum = sum,
            parity = parity,
            leader = name(first),
            role = role(view, first)
        )
    };
    Some(match view.config.first_lead {
        FirstLead::EvenOdd => corners(),
        FirstLead::Sackson => {
            let around = |g: &Grid| -> u32 {
                (1..16)
                    .filter(|&c| NEIGHBOURS[START as usize] & (1 << c) != 0)
                    .map(|c| g[c] as u32)
                    .sum()
            };
            let (s0, s1) = (around(&g0), around(&g1));
            if s0 == s1 {
                tr!(
                    "pb-reveal-sackson-tie",
                    sum = s0,
                    a = a,
                    b = b,
                    total = sum,
                    parity = parity,
                    leader = name(first),
                    role = role(view, first)
                )
            } else {
                tr!(
                    "pb-reveal-sackson",
                    name0 = name(0),
                    sum0 = s0,
                    name1 = name(1),
                    sum1 = s1,
                    leader = name(first)
                )
            }
        }
    })
}

/// The band's lines: [`status_lines`], or, while words over the table wait
/// for the person first (a lesson's step waiting for Next, the coach's
/// question), only the news: "step to a green cell" would send them to a
/// table that waits for the words.
pub fn band_lines(view: &View, table: &Table, words_wait: bool) -> Vec<String> {
    if words_wait && view.phase != Phase::SetUp && !view.over {
        last_news(view, table)
    } else {
        status_lines(view, table)
    }
}

/// The lines under the grids: what happened last, then what comes next —
/// all from the viewer's view, so nothing secret is told.
pub fn status_lines(view: &View, table: &Table) -> Vec<String> {
    if view.phase == Phase::SetUp {
        return setup_lines(view, table);
    }
    let mut lines = last_news(view, table);
    if view.over {
        lines.extend(verdict(view, table));
        return lines;
    }
    let me = view.seat;
    let mine = me < 2 && table.is_human(me);
    match view.config.bouts {
        Bouts::Led => lines.extend(led_prompt(view, table, mine)),
        Bouts::Simultaneous => lines.extend(secret_prompts(view, table, mine)),
    }
    lines
}

/// During the set-up: who is still writing, and that the grids stay hidden.
fn setup_lines(view: &View, table: &Table) -> Vec<String> {
    let name = |s: Seat| table.name(s).to_owned();
    let mut lines = Vec::new();
    let me = view.seat;
    if me < 2 && view.filled[me] {
        lines.push(tr!("pb-setup-waiting", name = name(1 - me)));
    } else {
        for s in view.awaiting.iter().copied().filter(|&s| s != me) {
            lines.push(tr!("pb-setup-other", name = name(s)));
        }
    }
    lines.push(tr!("pb-setup-hidden"));
    lines
}

/// What happened last: the reveal, or the last bout and the tally; and a
/// knock-out.
fn last_news(view: &View, table: &Table) -> Vec<String> {
    let name = |s: Seat| table.name(s).to_owned();
    let mut lines = Vec::new();
    if view.bouts == 0 {
        if view.ko.is_none() {
            lines.extend(reveal_text(view, table));
        }
    } else {
        let b = view.bouts as usize;
        let n = bout_numbers(view, b);
        let result = match n[0].cmp(&n[1]) {
            std::cmp::Ordering::Equal => tr!(
                "pb-bout-draw",
                n = b,
                number = n[0],
                leader = name(view.leader.unwrap_or(0))
            ),
            order => {
                let w = if order == std::cmp::Ordering::Greater {
                    0
                } else {
                    1
                };
                tr!(
                    "pb-bout-won",
                    n = b,
                    winner = name(w),
                    high = n[w],
                    low = n[1 - w]
                )
            }
        };
        let tally = tr!(
            "pb-tally",
            name0 = name(0),
            w0 = view.wins[0],
            w1 = view.wins[1],
            name1 = name(1)
        );
        lines.push(format!("{result}   {tally}"));
    }
    if let Some(ko) = view.ko {
        lines.push(tr!("pb-ko", name = name(ko)));
    }
    lines
}

/// Who won the finished match, and by how much (or on the tie-break).
fn verdict(view: &View, table: &Table) -> Option<String> {
    let w = winner_of(view)?;
    let name = table.name(w).to_owned();
    let (ww, wl) = (view.wins[w], view.wins[1 - w]);
    Some(if view.ko.is_none() && ww == wl {
        tr!("pb-over-tie", w = ww, name = name)
    } else {
        tr!("pb-over-won", name = name, w = ww, l = wl)
    })
}

/// Led bouts: who leads or follows now, and the number to beat.
fn led_prompt(view: &View, table: &Table, mine: bool) -> Option<String> {
    let name = |s: Seat| table.name(s).to_owned();
    let me = view.seat;
    let &to = view.awaiting.first()?;
    let leader = view.leader.unwrap_or(to);
    let led = head_number(view, leader);
    Some(match (to == me && mine, to == leader) {
        (true, true) => tr!("pb-you-lead"),
        (true, false) => tr!("pb-you-follow", name = name(leader), number = led),
        (false, true) => tr!("pb-other-leads", name = name(to)),
        (false, false) => tr!(
            "pb-other-follows",
            leader = name(leader),
            number = led,
            name = name(to)
        ),
    })
}

/// Simultaneous bouts: who is stuck, and where the secret choices stand —
/// the viewer's own number, never the other's.
fn secret_prompts(view: &View, table: &Table, mine: bool) -> Vec<String> {
    let name = |s: Seat| table.name(s).to_owned();
    let mut lines = Vec::new();
    let position = Position::from_view(view);
    for s in 0..2 {
        if position.stuck(s) {
            lines.push(tr!("pb-stuck", name = name(s)));
        }
    }
    let me = view.seat;
    if mine {
        let other = 1 - me;
        if let (Some(c), Some(g)) = (view.secret, view.grids[me]) {
            lines.push(tr!(
                "pb-secret-chosen",
                number = g[c as usize],
                name = name(other)
            ));
        } else if view.awaiting.contains(&me) {
            lines.push(if view.other_chosen {
                tr!("pb-secret-other-chosen", name = name(other))
            } else {
                tr!("pb-secret-choose")
            });
        }
    } else {
        lines.push(tr!("pb-secret-both"));
    }
    lines
}

/// The words on the table in play: a name over each grid; the news, the
/// prompt and perhaps perfect play in the band. (The set-up has its own.)
fn table_words(
    mut contexts: EguiContexts,
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    settings: Res<Settings>,
    oracle: Res<Oracle>,
    draft: Res<Draft>,
    asking: Res<Asking>,
    notice: Res<Notice>,
) -> Result {
    let Some(layout) = layout else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let game = active.get();
    let view = viewer_view(game, table.viewer);
    if arranging(&view, &table) && draft.seat == Some(view.seat) {
        return Ok(());
    }
    names_over_grids(ctx, &layout, &view, &table);
    // A notice in play (a refusal, a step not allowed) is the band's words
    // while it lasts: laid over them it hid the news it answers.
    let said = notice.remaining > 0.0 && view.phase != Phase::SetUp;
    let lines = if said {
        vec![notice.text.clone()]
    } else {
        band_lines(&view, &table, asking.0)
    };
    let offered = oracle_offered(game, &table, &settings);
    let perfect = (oracle.enabled && offered && view.phase == Phase::Play && !view.over).then(
        || match oracle.answer(game.moves().len()) {
            Some(w) => tr!("pb-oracle-wins", name = table.name(w).to_owned()),
            None => tr!("pb-oracle-thinking"),
        },
    );
    let warn = said && notice.warning;
    news_band(ctx, &layout, &lines, perfect.as_deref(), warn);
    Ok(())
}

/// Each shown grid's player over it, in the seat's colour: who leads, who
/// is knocked out.
fn names_over_grids(ctx: &egui::Context, layout: &PbLayout, view: &View, table: &Table) {
    for (s, &ink) in ELIGHT.iter().enumerate() {
        let Some((centre, pitch)) = grid_place(layout, view, s) else {
            continue;
        };
        let top = centre.y + BOARD * pitch / 2.0 + layout.label_gap();
        let rect = Rect::new(
            centre.x - BOARD * pitch / 2.0,
            top,
            centre.x + BOARD * pitch / 2.0,
            top + layout.label_h(),
        );
        let mut words = table.name(s).to_owned();
        if leads(view, s) {
            words = format!("{words} · {}", tr!("pb-leads"));
        }
        if view.ko == Some(s) {
            words = format!("{words} · {}", tr!("pb-ko-stamp"));
        }
        words_in(
            ctx,
            layout,
            ("pb-name", s),
            rect,
            egui::RichText::new(words)
                .size(size::TEXT + 2.0)
                .strong()
                .color(ink),
        );
    }
}

/// The band at the bottom: the news, the prompt (lit, the last of several
/// lines) and, when asked for, perfect play (dim).
fn news_band(
    ctx: &egui::Context,
    layout: &PbLayout,
    lines: &[String],
    perfect: Option<&str>,
    warn: bool,
) {
    let band = rect_to_screen(layout, layout.band);
    egui::Area::new(egui::Id::new("pb-band"))
        .fixed_pos(band.min)
        .interactable(false)
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            ui.set_min_size(band.size());
            ui.set_max_size(band.size());
            band_frame().show(ui, |ui| {
                ui.set_min_size(band.size() - egui::vec2(20.0, 20.0));
                ui.vertical_centered(|ui| {
                    ui.spacing_mut().item_spacing.y = 6.0;
                    for (i, line) in lines.iter().enumerate() {
                        let text = egui::RichText::new(line).size(size::TEXT);
                        let text = if warn {
                            text.color(ecolour::WARN).strong()
                        } else if i + 1 == lines.len() && lines.len() > 1 {
                            text.color(ecolour::ACCENT)
                        } else {
                            text.color(ecolour::TEXT)
                        };
                        ui.add(egui::Label::new(text).wrap());
                    }
                    if let Some(line) = perfect {
                        ui.add(
                            egui::Label::new(
                                egui::RichText::new(line)
                                    .size(size::TEXT - 2.0)
                                    .italics()
                                    .color(ecolour::TEXT_DIM),
                            )
                            .wrap(),
                        );
                    }
                });
            });
        });
}

/// The words in play, drawn after the top bar.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        table_words
            .after(hud)
            .run_if(in_state(Screen::Play).and_then(in_paper_boxing))
            .in_set(UiSystems::Hud),
    );
}
