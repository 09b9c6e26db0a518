//! One palette, one set of sizes and the shared textures and fonts, used by
//! every screen.

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::sprite::{BorderRect, SliceScaleMode, TextureSlicer};
use bevy_egui::egui;

/// The Inter typeface, shipped with the game (SIL Open Font License).
pub const FONT_REGULAR: &[u8] = include_bytes!("../../assets/fonts/Inter-Regular.otf");
/// Inter semi-bold, for labels.
pub const FONT_SEMIBOLD: &[u8] = include_bytes!("../../assets/fonts/Inter-SemiBold.otf");
/// Inter bold, for digits on pieces.
pub const FONT_BOLD: &[u8] = include_bytes!("../../assets/fonts/Inter-Bold.otf");
/// The symbols Inter lacks (suits, the check mark, the cap, the trophy), from
/// Noto Emoji (SIL Open Font License), as egui's own fonts would draw them.
pub const FONT_SYMBOLS_NOTO: &[u8] = include_bytes!("../../assets/fonts/Symbols-Noto.ttf");
/// The rest of them (the review's step buttons, the clock, the menu), from
/// emoji-icon-font (MIT licence).
pub const FONT_SYMBOLS_ICONS: &[u8] = include_bytes!("../../assets/fonts/Symbols-Icons.ttf");
/// Hack (MIT licence), egui's monospace, printable ASCII: a variant's link.
pub const FONT_MONO: &[u8] = include_bytes!("../../assets/fonts/Mono-Hack.ttf");

/// The palette.
pub mod colour {
    use bevy::color::Color;

    /// The table: deep green felt.
    pub const FELT: Color = Color::srgb(0.105, 0.290, 0.224);
    /// A slightly darker felt, for trays.
    pub const FELT_DARK: Color = Color::srgb(0.078, 0.220, 0.169);
    /// The board: warm wood.
    pub const WOOD: Color = Color::srgb(0.545, 0.384, 0.231);
    /// A board cell: cream card.
    pub const CELL: Color = Color::srgb(0.933, 0.890, 0.800);
    /// A K cell (+5): sea green.
    pub const CELL_K: Color = Color::srgb(0.541, 0.780, 0.710);
    /// An x cell (+10): saffron.
    pub const CELL_X: Color = Color::srgb(0.949, 0.745, 0.400);
    /// The start cell.
    pub const CELL_START: Color = Color::srgb(0.780, 0.800, 0.860);
    /// A cell that accepts the held token.
    pub const LEGAL: Color = Color::srgb(0.560, 0.870, 0.560);
    /// Ivory, for tokens and cards.
    pub const IVORY: Color = Color::srgb(0.992, 0.976, 0.937);
    /// Ink: digits and text on light pieces.
    pub const INK: Color = Color::srgb(0.145, 0.133, 0.129);
    /// Soft ink for marks on cells.
    pub const INK_SOFT: Color = Color::srgba(0.145, 0.133, 0.129, 0.55);
    /// A drop shadow.
    pub const SHADOW: Color = Color::srgba(0.0, 0.0, 0.0, 0.35);
    /// Points rising from a cell.
    pub const POINTS: Color = Color::srgb(1.0, 0.82, 0.25);
    /// A refusal.
    pub const WARN: Color = Color::srgb(0.890, 0.365, 0.290);
    /// The ring on the piece played last: a deep blue that stands out on
    /// ivory, on every cell's colour and on the wood.
    pub const LAST_MOVE: Color = Color::srgb(0.129, 0.322, 0.749);
}

/// egui's palette, matching [`colour`].
pub mod ecolour {
    use bevy_egui::egui::Color32;

    /// Panel background.
    pub const PANEL: Color32 = Color32::from_rgb(20, 56, 43);
    /// Panel text.
    pub const TEXT: Color32 = Color32::from_rgb(240, 234, 218);
    /// A seat's chip in the top bar while another seat is to move.
    pub const CHIP: Color32 = Color32::from_rgb(32, 78, 61);
    /// Dimmed text on the panel.
    pub const TEXT_DIM: Color32 = Color32::from_rgb(176, 196, 182);
    /// Accent: buttons, the seat to move.
    pub const ACCENT: Color32 = Color32::from_rgb(242, 190, 102);
    /// Accent text on accent.
    pub const ON_ACCENT: Color32 = Color32::from_rgb(37, 34, 33);
    /// Card and sheet background.
    pub const CARD: Color32 = Color32::from_rgb(253, 249, 239);
    /// Ink on cards.
    pub const INK: Color32 = Color32::from_rgb(37, 34, 33);
    /// K cells.
    pub const CELL_K: Color32 = Color32::from_rgb(138, 199, 181);
    /// x cells.
    pub const CELL_X: Color32 = Color32::from_rgb(242, 190, 102);
    /// Plain cells.
    pub const CELL: Color32 = Color32::from_rgb(238, 227, 204);
    /// The better move's ghost in a review: a colour no piece wears.
    pub const GHOST: Color32 = Color32::from_rgb(176, 72, 224);
    /// A refusal.
    pub const WARN: Color32 = Color32::from_rgb(227, 93, 74);
    /// Success.
    pub const GOOD: Color32 = Color32::from_rgb(143, 222, 143);
    /// The last move's mark (the table's `LAST_MOVE`).
    pub const LAST: Color32 = Color32::from_rgb(33, 82, 191);
}

/// Sizes, in logical pixels.
pub mod size {
    /// The smallest touch target.
    pub const TOUCH: f32 = 48.0;
    /// Body text.
    pub const TEXT: f32 = 22.0;
    /// Headings.
    pub const HEADING: f32 = 34.0;
    /// The title.
    pub const TITLE: f32 = 64.0;
    /// The top bar (HUD) height.
    pub const HUD: f32 = 76.0;
    /// Space around the board.
    pub const MARGIN: f32 = 16.0;
}

/// How much larger than at 1280 × 800 the menus, the HUD and their text
/// are drawn: egui's zoom. The tables reserve the HUD's height times this.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Zoom(pub f32);

impl Default for Zoom {
    fn default() -> Self {
        Zoom(1.0)
    }
}

impl Zoom {
    /// The zoom for a window of `window` logical pixels (the display's own
    /// scale already taken out, so a tablet keeps physical sizes) and the
    /// text size chosen: 1 at 1280 × 800 and 800 × 1280, growing with a
    /// bigger window and shrinking a little on a small panel — never below
    /// 0.85, where the seats' lines in the top bar would drop under 15
    /// pixels on a 7-inch 1024 × 600 kiosk panel.
    pub fn for_window(window: Vec2, text: f32) -> Zoom {
        let (short, long) = (window.x.min(window.y), window.x.max(window.y));
        let fit = (short / 800.0).min(long / 1280.0).clamp(0.85, 2.5);
        // Rounded to a 20th, so a window resized by a pixel keeps its zoom.
        Zoom(((fit * text) * 20.0).round() / 20.0)
    }

    /// The top bar's height at this zoom, in logical pixels.
    pub fn hud(self) -> f32 {
        size::HUD * self.0
    }

    /// Where a point of a table (world units: logical pixels, origin at
    /// the window's centre, y up) is in egui's points (origin top left,
    /// y down, logical pixels over the zoom), for a window of `window`.
    pub fn to_points(self, window: Vec2, world: Vec2) -> egui::Pos2 {
        egui::pos2(world.x + window.x / 2.0, window.y / 2.0 - world.y) / self.0
    }

    /// Where a point in egui's points is on a table: the inverse of
    /// [`Zoom::to_points`].
    pub fn to_world(self, window: Vec2, points: egui::Pos2) -> Vec2 {
        let logical = points * self.0;
        Vec2::new(logical.x - window.x / 2.0, window.y / 2.0 - logical.y)
    }
}

/// The shared textures and fonts, made once at start-up.
#[derive(Resource, Clone)]
pub struct Look {
    /// A white rounded square, sliced so it stretches to any size.
    pub rounded: Handle<Image>,
    /// A white disc.
    pub disc: Handle<Image>,
    /// A soft shadow disc.
    pub soft_disc: Handle<Image>,
    /// A white ring, its band a fifth of its radius: the mark on a piece.
    pub ring: Handle<Image>,
    /// Inter bold, for digits.
    pub bold: Handle<Font>,
    /// Inter semi-bold, for marks and labels.
    pub semibold: Handle<Font>,
}

impl Look {
    /// A sprite of the rounded texture, `size` big, tinted `color`, with corners of `radius`.
    pub fn rounded_sprite(&self, color: Color, size: Vec2, radius: f32) -> Sprite {
        Sprite {
            image: self.rounded.clone(),
            color,
            custom_size: Some(size),
            image_mode: SpriteImageMode::Sliced(TextureSlicer {
                border: BorderRect::all(ROUNDED_BORDER),
                center_scale_mode: SliceScaleMode::Stretch,
                sides_scale_mode: SliceScaleMode::Stretch,
                max_corner_scale: radius / ROUNDED_BORDER,
            }),
            ..default()
        }
    }

    /// A sprite of the disc texture.
    pub fn disc_sprite(&self, color: Color, diameter: f32) -> Sprite {
        Sprite {
            image: self.disc.clone(),
            color,
            custom_size: Some(Vec2::splat(diameter)),
            ..default()
        }
    }
}

const ROUNDED_SIZE: u32 = 96;
const ROUNDED_BORDER: f32 = 32.0;

/// Coverage of a rounded square of `size` with corner `radius` at pixel centre (x, y), anti-aliased.
fn rounded_coverage(x: f32, y: f32, size: f32, radius: f32) -> f32 {
    let half = size / 2.0;
    let (px, py) = ((x - half).abs(), (y - half).abs());
    let inner = half - radius;
    let dx = (px - inner).max(0.0);
    let dy = (py - inner).max(0.0);
    let d = (dx * dx + dy * dy).sqrt() - radius;
    (0.5 - d).clamp(0.0, 1.0)
}

fn white_image(size: u32, alpha: impl Fn(f32, f32) -> f32) -> Image {
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            let a = alpha(x as f32 + 0.5, y as f32 + 0.5);
            data.extend_from_slice(&[255, 255, 255, (a * 255.0).round() as u8]);
        }
    }
    Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// Makes the textures and loads the fonts.
pub fn make_look(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    mut fonts: ResMut<Assets<Font>>,
) {
    let s = ROUNDED_SIZE as f32;
    let rounded = images.add(white_image(ROUNDED_SIZE, |x, y| {
        rounded_coverage(x, y, s, ROUNDED_BORDER)
    }));
    let disc = images.add(white_image(128, |x, y| {
        let d = ((x - 64.0).powi(2) + (y - 64.0).powi(2)).sqrt();
        (63.0 - d + 0.5).clamp(0.0, 1.0)
    }));
    let soft_disc = images.add(white_image(128, |x, y| {
        let d = ((x - 64.0).powi(2) + (y - 64.0).powi(2)).sqrt() / 64.0;
        (1.0 - d).clamp(0.0, 1.0).powf(1.5)
    }));
    let ring = images.add(white_image(128, |x, y| {
        let d = ((x - 64.0).powi(2) + (y - 64.0).powi(2)).sqrt();
        (63.0 - d + 0.5).clamp(0.0, 1.0) * (d - 51.0 + 0.5).clamp(0.0, 1.0)
    }));
    let font = |bytes: &'static [u8]| Font::from_bytes(bytes.to_vec());
    let bold = fonts.add(font(FONT_BOLD));
    let semibold = fonts.add(font(FONT_SEMIBOLD));
    commands.insert_resource(Look {
        rounded,
        disc,
        soft_disc,
        ring,
        bold,
        semibold,
    });
}

/// egui's fonts: Inter, then the symbols Inter lacks, scaled as egui scales
/// its own emoji fonts. egui's default fonts are not built in (1.4 MB the
/// page would download): every character the catalogues and the code's
/// strings draw is in these (scripts/subset-fonts.sh checks).
pub fn egui_fonts() -> egui::FontDefinitions {
    use egui::{FontData, FontFamily, FontTweak};
    use std::sync::Arc;
    let scaled = |bytes: &'static [u8], scale: f32| {
        Arc::new(FontData::from_static(bytes).tweak(FontTweak {
            scale,
            ..Default::default()
        }))
    };
    let mut fonts = egui::FontDefinitions::empty();
    for (name, data) in [
        ("inter", Arc::new(FontData::from_static(FONT_REGULAR))),
        (
            "inter-semibold",
            Arc::new(FontData::from_static(FONT_SEMIBOLD)),
        ),
        ("hack", Arc::new(FontData::from_static(FONT_MONO))),
        ("symbols-noto", scaled(FONT_SYMBOLS_NOTO, 0.81)),
        ("symbols-icons", scaled(FONT_SYMBOLS_ICONS, 0.90)),
    ] {
        fonts.font_data.insert(name.into(), data);
    }
    let family = |first: &[&str]| {
        first
            .iter()
            .chain(&["symbols-noto", "symbols-icons"])
            .map(|name| name.to_string())
            .collect::<Vec<_>>()
    };
    fonts
        .families
        .insert(FontFamily::Proportional, family(&["inter"]));
    fonts
        .families
        .insert(FontFamily::Monospace, family(&["hack", "inter"]));
    fonts.families.insert(
        FontFamily::Name("semibold".into()),
        family(&["inter-semibold", "inter"]),
    );
    fonts
}

/// A context of its own for a test, with Parlour's fonts (egui's own are
/// not built in): text laid out as the game lays it out.
#[cfg(test)]
pub(crate) fn test_context() -> egui::Context {
    let ctx = egui::Context::default();
    ctx.set_fonts(egui_fonts());
    ctx
}

/// egui's fonts and style: Inter everywhere, large text, big touch targets.
pub fn egui_style(ctx: &egui::Context) {
    ctx.set_fonts(egui_fonts());

    ctx.set_theme(egui::Theme::Dark);
    let mut style = (*ctx.global_style()).clone();
    use egui::{FontFamily, FontId, TextStyle};
    style.text_styles = [
        (
            TextStyle::Heading,
            FontId::new(size::HEADING, FontFamily::Name("semibold".into())),
        ),
        (
            TextStyle::Body,
            FontId::new(size::TEXT, FontFamily::Proportional),
        ),
        (
            TextStyle::Button,
            FontId::new(size::TEXT, FontFamily::Name("semibold".into())),
        ),
        (
            TextStyle::Small,
            FontId::new(17.0, FontFamily::Proportional),
        ),
        (
            TextStyle::Monospace,
            FontId::new(size::TEXT, FontFamily::Monospace),
        ),
    ]
    .into();
    style.spacing.interact_size = egui::vec2(size::TOUCH, size::TOUCH);
    style.spacing.button_padding = egui::vec2(20.0, 10.0);
    style.spacing.item_spacing = egui::vec2(12.0, 12.0);
    style.visuals = egui::Visuals::dark();
    style.visuals.panel_fill = ecolour::PANEL;
    style.visuals.window_fill = ecolour::PANEL;
    // Text fields (the seats' names) sunk into the felt, not black holes in it.
    style.visuals.extreme_bg_color = egui::Color32::from_rgb(11, 34, 26);
    // The text colour goes on each widget state, not as an override: an
    // override would win over the selection's dark ink too, leaving a
    // chosen entry near-white on the yellow.
    for state in [
        &mut style.visuals.widgets.noninteractive,
        &mut style.visuals.widgets.inactive,
        &mut style.visuals.widgets.hovered,
        &mut style.visuals.widgets.active,
        &mut style.visuals.widgets.open,
    ] {
        state.fg_stroke.color = ecolour::TEXT;
    }
    style.visuals.selection.bg_fill = ecolour::ACCENT;
    style.visuals.selection.stroke.color = ecolour::ON_ACCENT;
    let radius = egui::CornerRadius::same(10);
    style.visuals.widgets.inactive.corner_radius = radius;
    style.visuals.widgets.hovered.corner_radius = radius;
    style.visuals.widgets.active.corner_radius = radius;
    style.visuals.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(40, 92, 72);
    style.visuals.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(52, 112, 88);
    style.visuals.widgets.active.weak_bg_fill = egui::Color32::from_rgb(64, 130, 102);
    // An open list's box stays green, not egui's grey.
    style.visuals.widgets.open.weak_bg_fill = egui::Color32::from_rgb(52, 112, 88);
    ctx.set_global_style(style);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zoom(w: f32, h: f32, text: f32) -> f32 {
        Zoom::for_window(Vec2::new(w, h), text).0
    }

    #[test]
    fn the_zoom_is_one_on_the_screens_parlour_was_drawn_for() {
        assert_eq!(zoom(1280.0, 800.0, 1.0), 1.0);
        assert_eq!(zoom(800.0, 1280.0, 1.0), 1.0);
    }

    #[test]
    fn a_bigger_window_draws_the_menus_bigger_up_to_two_and_a_half_times() {
        assert_eq!(zoom(1920.0, 1080.0, 1.0), 1.35);
        assert_eq!(zoom(2560.0, 1600.0, 1.0), 2.0);
        assert_eq!(zoom(3840.0, 2160.0, 1.0), 2.5);
    }

    #[test]
    fn a_small_panel_shrinks_the_menus_no_further_than_the_floor() {
        assert_eq!(zoom(1024.0, 600.0, 1.0), 0.85);
        assert_eq!(zoom(640.0, 480.0, 1.0), 0.85);
    }

    #[test]
    fn the_text_size_setting_scales_on_top_of_the_window() {
        assert_eq!(zoom(1280.0, 800.0, 1.2), 1.2);
        assert_eq!(zoom(1920.0, 1080.0, 1.2), 1.6);
    }

    #[test]
    fn a_table_point_comes_back_from_egui_where_it_was() {
        let window = Vec2::new(1920.0, 1080.0);
        let zoom = Zoom(1.35);
        let world = Vec2::new(-310.0, 125.5);
        let back = zoom.to_world(window, zoom.to_points(window, world));
        assert!((back - world).length() < 1e-3, "{back} != {world}");
        assert_eq!(
            zoom.to_points(window, Vec2::ZERO),
            egui::pos2(960.0, 540.0) / 1.35
        );
    }

    /// The colour each text shape of one frame of `add` is painted in.
    fn text_colours(add: impl FnOnce(&mut egui::Ui)) -> Vec<egui::Color32> {
        let ctx = egui::Context::default();
        egui_style(&ctx);
        let mut add = Some(add);
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            if let Some(add) = add.take() {
                add(ui)
            }
        });
        let shapes = std::mem::take(&mut output.shapes);
        // No painter here: the frame's textures are let go unused.
        output.drop_without_applying_deltas();
        shapes
            .into_iter()
            .filter_map(|clipped| match clipped.shape {
                egui::Shape::Text(text) => Some(text.override_text_color.unwrap_or_else(|| {
                    let section = text.galley.job.sections[0].format.color;
                    if section == egui::Color32::PLACEHOLDER {
                        text.fallback_color
                    } else {
                        section
                    }
                })),
                _ => None,
            })
            .collect()
    }

    /// WCAG's contrast ratio of two colours (1 to 21).
    fn contrast(a: egui::Color32, b: egui::Color32) -> f32 {
        let luminance = |c: egui::Color32| {
            let channel = |v: u8| {
                let v = v as f32 / 255.0;
                if v <= 0.03928 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
        };
        let (l1, l2) = (luminance(a), luminance(b));
        (l1.max(l2) + 0.05) / (l1.min(l2) + 0.05)
    }

    #[test]
    fn a_chosen_entry_in_a_list_reads_dark_on_the_accent() {
        let colours = text_colours(|ui| {
            ui.add(egui::Button::selectable(true, "Person"));
        });
        assert!(!colours.is_empty(), "the entry's words are drawn");
        for colour in colours {
            let ratio = contrast(colour, ecolour::ACCENT);
            assert!(
                ratio >= 4.5,
                "{colour:?} on the accent: contrast {ratio:.1}"
            );
        }
    }

    #[test]
    fn plain_words_and_entries_not_chosen_stay_light_on_the_felt() {
        let colours = text_colours(|ui| {
            ui.label("Seat 1");
            ui.add(egui::Button::selectable(false, "Person"));
        });
        assert_eq!(colours, vec![ecolour::TEXT, ecolour::TEXT]);
    }

    #[test]
    fn a_window_resized_by_a_pixel_keeps_its_zoom() {
        assert_eq!(zoom(1919.0, 1079.0, 1.0), zoom(1920.0, 1080.0, 1.0));
    }

    /// The `.rs` files under `dir`, all the way down.
    fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// The fonts are subsets (scripts/subset-fonts.sh): every character a
    /// catalogue holds, in all three languages, and every character beyond
    /// ASCII in the code (outside its `//` comments: the suits, the check
    /// mark, the review's buttons) is drawn by the regular and the
    /// semi-bold family, not as egui's replacement box.
    #[test]
    fn every_character_of_the_catalogues_and_the_code_has_a_glyph() {
        let ctx = test_context();
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .drop_without_applying_deltas();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut texts = Vec::new();
        for language in std::fs::read_dir(root.join("assets/locales")).expect("assets/locales") {
            for file in std::fs::read_dir(language.unwrap().path()).unwrap() {
                let path = file.unwrap().path();
                let text = std::fs::read_to_string(&path).unwrap();
                let lines = text.lines().filter(|l| !l.trim_start().starts_with('#'));
                texts.push((path.clone(), lines.collect::<Vec<_>>().join("\n")));
            }
        }
        let mut code = Vec::new();
        rust_files(&root.join("src"), &mut code);
        for path in code {
            let text = std::fs::read_to_string(&path).unwrap();
            let outside_comments = text.lines().map(|l| l.split("//").next().unwrap_or(""));
            let beyond_ascii = outside_comments.flat_map(|l| l.chars().filter(|c| !c.is_ascii()));
            texts.push((path.clone(), beyond_ascii.collect()));
        }
        let mut missing = std::collections::BTreeSet::new();
        let mut seen = 0;
        for (path, text) in &texts {
            for c in text.chars().filter(|c| !c.is_control()) {
                seen += 1;
                for family in [
                    egui::FontFamily::Proportional,
                    egui::FontFamily::Name("semibold".into()),
                ] {
                    let id = egui::FontId::new(20.0, family.clone());
                    // A width, not `has_glyph`: egui's `has_glyph` says no for
                    // every character of the face that also holds its
                    // replacement box (Inter, here).
                    if ctx.fonts_mut(|f| f.glyph_width(&id, c)) <= 0.0 {
                        missing.insert(format!(
                            "U+{:04X} {c:?} ({family:?}, {})",
                            c as u32,
                            path.display()
                        ));
                    }
                }
            }
        }
        assert!(
            seen > 10_000,
            "only {seen} characters read from the catalogues"
        );
        assert!(
            missing.is_empty(),
            "characters drawn as a box (run scripts/subset-fonts.sh): {missing:#?}"
        );
    }
}
