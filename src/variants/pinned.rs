//! The variants a kiosk's operator pinned: with any pinned for a game, a
//! locked kiosk offers only those on its set-up. Kept beside the player's
//! own variants, in `kiosk-pins.txt` (one `game/id` a line), written whole.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::catalog::GameId;
use crate::platform::files;

/// The file of pins in the own variants' folder.
const FILE: &str = "kiosk-pins.txt";

/// The pinned variants, as `game/id`, and where they are kept.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct KioskPins {
    pins: BTreeSet<String>,
    file: Option<PathBuf>,
}

fn pin(game: GameId, id: &str) -> String {
    format!("{}/{id}", game.name())
}

impl KioskPins {
    /// The pins kept in `folder` (none if it has no file of pins).
    pub fn read(folder: Option<&Path>) -> Self {
        let file = folder.map(|f| f.join(FILE));
        let pins = file
            .as_deref()
            .and_then(|f| files::read_to_string(f).ok())
            .map(|text| {
                text.lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        Self { pins, file }
    }

    /// Whether `id` of `game` is pinned.
    pub fn has(&self, game: GameId, id: &str) -> bool {
        self.pins.contains(&pin(game, id))
    }

    /// Whether any variant of `game` is pinned.
    pub fn any_of(&self, game: GameId) -> bool {
        let prefix = format!("{}/", game.name());
        self.pins.iter().any(|p| p.starts_with(&prefix))
    }

    /// Pins or unpins `id` of `game`, and keeps the list; why not, if it
    /// could not be kept (then nothing changed).
    pub fn set(&mut self, game: GameId, id: &str, pinned: bool) -> Result<(), String> {
        let mut pins = self.pins.clone();
        if pinned {
            pins.insert(pin(game, id));
        } else {
            pins.remove(&pin(game, id));
        }
        let file = self
            .file
            .as_deref()
            .ok_or("there is nowhere to keep the kiosk's pins on this device")?;
        let text: String = pins.iter().map(|p| format!("{p}\n")).collect();
        files::write_whole(file, |w| w.write_all(text.as_bytes()))
            .map_err(|e| format!("the kiosk's pins could not be kept: {e}"))?;
        self.pins = pins;
        Ok(())
    }
}
