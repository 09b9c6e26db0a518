//! What the pointer holds on Rummy's table: a card pressed or dragged, or
//! one chosen by a tap. The pointer and the keys (`input`) change it; the
//! turn's end (`turn`) lets go of it.

use bevy::prelude::*;
use parlour_core::games::rummy::Card;

use super::draft::Spot;

/// What the pointer holds.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub enum Grab {
    /// Nothing.
    #[default]
    Empty,
    /// A card under a pressed pointer (a tap, or the start of a drag).
    Pressed {
        /// Where it was picked up.
        from: Spot,
        /// The card.
        card: Card,
        /// Where the press began.
        start: Vec2,
        /// Where the pointer is now.
        at: Vec2,
        /// Whether it has moved far enough to be a drag.
        dragging: bool,
        /// Whether it was selected already (a second tap lets go).
        was_selected: bool,
    },
    /// A card chosen by a tap, waiting for a tap where it should go.
    Selected {
        /// Where it is.
        from: Spot,
        /// The card.
        card: Card,
    },
}

impl Grab {
    /// The card held or selected.
    pub fn card(&self) -> Option<Card> {
        match *self {
            Grab::Empty => None,
            Grab::Pressed { card, .. } | Grab::Selected { card, .. } => Some(card),
        }
    }
}
