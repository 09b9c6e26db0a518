//! A Rummy card's face: ivory, a big number in its colour's ink with the
//! colour's mark under it, or a joker's star with the card it stands for;
//! the inks for ordinary and for colour-blind faces.

use std::collections::HashMap;

use bevy::prelude::*;
use parlour_core::games::rummy::{Card, Colour, Face, Rummy};

use super::super::draft;
use super::super::layout::CARD_RATIO;
use super::super::turn::TurnOnScreen;
use super::{CARD_BASE, CardEntities};
use crate::engine::{ActiveMatch, PieceOf};
use crate::settings::Settings;
use crate::tr;
use crate::ui::theme::{Look, colour};

/// A joker's ink, and its label's when it stands for nothing yet.
const JOKER_INK: Color = Color::srgb(0.55, 0.16, 0.62);

/// Marks a card's number (or a joker's star).
#[derive(Component)]
pub(super) struct CardFace;

/// Text inked in a card's colour: its number, or (`mark`) its symbol.
#[derive(Component)]
pub(super) struct CardInk {
    colour: Colour,
    mark: bool,
}

/// Marks the small line under a joker (its card entity): the card it stands for.
#[derive(Component)]
pub(super) struct JokerStands(Entity);

/// A colour's ink. With colour-blind faces the four inks are the
/// Okabe–Ito ones, chosen to stay apart for the common colour blindnesses
/// (red and orange are the pair that otherwise merge).
fn card_colour(colour: Colour, colour_blind: bool) -> Color {
    match (colour, colour_blind) {
        (Colour::Black, false) => Color::srgb(0.13, 0.13, 0.16),
        (Colour::Blue, false) => Color::srgb(0.11, 0.36, 0.78),
        (Colour::Orange, false) => Color::srgb(0.90, 0.47, 0.02),
        (Colour::Red, false) => Color::srgb(0.80, 0.10, 0.16),
        (Colour::Black, true) => Color::srgb(0.0, 0.0, 0.0),
        (Colour::Blue, true) => Color::srgb(0.0, 0.447, 0.698),
        (Colour::Orange, true) => Color::srgb(0.902, 0.624, 0.0),
        (Colour::Red, true) => Color::srgb(0.835, 0.369, 0.0),
    }
}

/// The colour's symbol is always on the face; colour-blind faces show it
/// half as big again, so the shape carries the colour at a glance.
fn mark_scale(colour_blind: bool) -> Vec3 {
    if colour_blind {
        Vec3::splat(1.5)
    } else {
        Vec3::ONE
    }
}

/// Redresses every card when the colour-blind setting changes mid-match.
pub(super) fn follow_card_faces(
    settings: Res<Settings>,
    mut inks: Query<(&CardInk, &mut TextColor, &mut Transform)>,
) {
    if !settings.is_changed() {
        return;
    }
    let blind = settings.colour_blind;
    for (ink, mut colour, mut transform) in &mut inks {
        let want = card_colour(ink.colour, blind);
        if colour.0 != want {
            colour.0 = want;
        }
        if ink.mark && transform.scale != mark_scale(blind) {
            transform.scale = mark_scale(blind);
        }
    }
}

/// Gives each card its face: ivory, a big number in its colour with the
/// colour's shape under it (tellable without colour vision), or a joker's star.
pub(super) fn dress_cards(
    mut commands: Commands,
    look: Res<Look>,
    settings: Res<Settings>,
    cards: Query<(Entity, &PieceOf), Added<PieceOf>>,
) {
    let text = |font: &Handle<Font>, px: f32, ink: Color, s: String, y: f32| {
        (
            Text2d::new(s),
            TextFont {
                font: font.clone().into(),
                font_size: FontSize::Px(px),
                ..default()
            },
            TextColor(ink),
            Transform::from_xyz(0.0, y, 0.1),
        )
    };
    let h = CARD_BASE * CARD_RATIO;
    for (entity, piece) in &cards {
        let card = Card(piece.id as u8);
        let face = card.face();
        let mut e = commands.entity(entity);
        e.insert((
            look.rounded_sprite(colour::IVORY, Vec2::new(CARD_BASE, h), 12.0),
            Transform::from_xyz(0.0, 0.0, 5.0),
            Visibility::Hidden,
        ));
        e.with_children(|c| {
            c.spawn((
                look.rounded_sprite(colour::SHADOW, Vec2::new(CARD_BASE, h), 12.0),
                Transform::from_xyz(3.0, -5.0, -0.1),
            ));
            match face {
                Face::Number { colour, number } => {
                    let blind = settings.colour_blind;
                    let ink = card_colour(colour, blind);
                    c.spawn((
                        CardFace,
                        CardInk {
                            colour,
                            mark: false,
                        },
                        text(&look.bold, 58.0, ink, number.to_string(), 14.0),
                    ));
                    let mut mark = text(
                        &look.bold,
                        26.0,
                        ink,
                        draft::colour_mark(colour).into(),
                        -38.0,
                    );
                    mark.3.scale = mark_scale(blind);
                    c.spawn((mark, CardInk { colour, mark: true }));
                }
                Face::Joker => {
                    c.spawn((
                        CardFace,
                        text(&look.bold, 62.0, JOKER_INK, "★".into(), 12.0),
                    ));
                    c.spawn((
                        JokerStands(entity),
                        text(&look.semibold, 24.0, JOKER_INK, String::new(), -40.0),
                    ));
                }
            }
        });
    }
}

/// Writes under each joker the card it stands for in its set as it now reads.
pub(super) fn label_jokers(
    turn: Res<TurnOnScreen>,
    active: Res<ActiveMatch<Rummy>>,
    entities: Res<CardEntities>,
    settings: Res<Settings>,
    mut labels: Query<(&JokerStands, &mut Text2d, &mut TextColor)>,
) {
    if !turn.is_changed()
        && !active.is_changed()
        && !entities.is_changed()
        && !settings.is_changed()
    {
        return;
    }
    // What each joker entity stands for: in the turn on screen, or on the match's table.
    let mut stands: HashMap<Entity, Face> = HashMap::new();
    // No turn on screen (a hand-over): the table is not shown.
    if let (Some(d), Some(c)) = (&turn.draft, &turn.check) {
        for (set, reading) in d.sets.iter().zip(&c.readings) {
            if let Some(faces) = reading {
                for (card, &face) in set.iter().zip(faces) {
                    if let Some(&e) = entities.0.get(card) {
                        stands.insert(e, face);
                    }
                }
            }
        }
    }
    for (joker, mut text, mut ink) in &mut labels {
        let (label, colour) = match stands.get(&joker.0) {
            Some(&Face::Number { colour, number }) => (
                format!("{}{number}", draft::colour_mark(colour)),
                card_colour(colour, settings.colour_blind),
            ),
            _ => (tr!("rummy-joker"), JOKER_INK),
        };
        if text.0 != label {
            text.0 = label;
        }
        if ink.0 != colour {
            ink.0 = colour;
        }
    }
}
