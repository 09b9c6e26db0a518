//! The screen's words where they are drawn, for a script that drives the
//! page as a person does: with `probe` in a page's query, each frame's
//! painted text and its box go to `window.parlourProbe` as JSON, so the
//! script finds a button by its words and taps it there — by touch, as the
//! headless tests tap the words of their last pass. Without the flag (and
//! on the desktop) nothing runs.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::UiSystems;
use crate::platform::page;

/// Publishes the words on screen when the page asks for it.
pub fn plugin(app: &mut App) {
    if page::query().split('&').any(|pair| pair == "probe") {
        app.add_systems(EguiPrimaryContextPass, publish.after(UiSystems::Overlays));
    }
}

/// Each text painted this pass, in paint order (the last is on top), with
/// its box in egui points; `ppp` is egui's pixels per point, so a box in
/// the page's CSS pixels is the box × `ppp` / the device's pixel ratio.
fn publish(mut contexts: EguiContexts, mut last: Local<String>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    let layers: Vec<egui::LayerId> = ctx.memory(|m| m.layer_ids().collect());
    let mut texts = Vec::new();
    ctx.graphics(|graphics| {
        for layer in &layers {
            let Some(list) = graphics.get(*layer) else {
                continue;
            };
            for clipped in list.all_entries() {
                painted_words(&clipped.shape, clipped.clip_rect, screen, &mut texts);
            }
        }
    });
    // `[text, x0, y0, x1, y1]` each.
    let texts: Vec<serde_json::Value> = texts
        .iter()
        .filter(|(text, _)| !text.is_empty())
        .map(|(text, r)| serde_json::json!([text, r.min.x, r.min.y, r.max.x, r.max.y]))
        .collect();
    let said = serde_json::json!({
        "ppp": ctx.pixels_per_point(),
        "texts": texts,
    })
    .to_string();
    // Only a change is handed to the page: a still screen costs nothing.
    if *last != said {
        page::say("parlourProbe", &said);
        *last = said;
    }
    Ok(())
}

/// The texts within `shape` shown on screen, each with its box: what a
/// person could read there, and tap (the page's probe, the headless tests).
pub fn painted_words(
    shape: &egui::Shape,
    clip: egui::Rect,
    screen: egui::Rect,
    out: &mut Vec<(String, egui::Rect)>,
) {
    match shape {
        egui::Shape::Text(text) => {
            let rect = shape.visual_bounding_rect();
            let centre = rect.center();
            if clip.contains(centre) && screen.contains(centre) {
                out.push((text.galley.text().to_owned(), rect));
            }
        }
        egui::Shape::Vec(shapes) => shapes
            .iter()
            .for_each(|s| painted_words(s, clip, screen, out)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_words_inside_their_clip_and_the_screen_are_published() {
        let ctx = crate::ui::theme::test_context();
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .drop_without_applying_deltas();
        let galley = ctx.fonts_mut(|f| {
            f.layout_no_wrap(
                "Play".into(),
                egui::FontId::proportional(20.0),
                egui::Color32::BLACK,
            )
        });
        let shape = egui::Shape::galley(egui::pos2(10.0, 10.0), galley, egui::Color32::BLACK);
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(100.0, 100.0));
        let mut out = Vec::new();
        painted_words(&shape, screen, screen, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].0, "Play");
        // Scrolled out of its panel: not there to tap.
        let clip = egui::Rect::from_min_size(egui::pos2(0.0, 50.0), egui::vec2(100.0, 50.0));
        let mut out = Vec::new();
        painted_words(&egui::Shape::Vec(vec![shape]), clip, screen, &mut out);
        assert!(out.is_empty());
    }
}
