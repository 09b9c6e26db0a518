//! The variants a player makes, imports and deletes on screen: each one a
//! variant file in the data folder's `variants/` (on the desktop) or a key
//! of the page's storage under it (in a browser), written whole or not at
//! all, and in the registry at once. Whatever arrives from elsewhere — a
//! file, a link — is checked by the core's share rules first; a refusal is
//! one line and nothing is kept.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use parlour_core::share::{self, ShareError, SharedVariant, Texts};

use super::file::{self, EXTENSION};
use super::registry::{Origin, VariantEntry, VariantRegistry, Words};
use super::sources::VariantSources;
use crate::catalog::{GameCatalog, GameId};
use crate::platform::files;

/// The folder the player's own variants are kept in, when the app gives
/// one outright (tests); otherwise the data folder's `variants/`, if the
/// app reads it.
#[derive(Resource, Clone, Debug, Default)]
pub struct MadeFolder(pub Option<PathBuf>);

/// Where variants made here are kept: the [`MadeFolder`] given, else the
/// data folder's `variants/` when it is one of the folders read.
pub fn folder(made: Option<&MadeFolder>, sources: &VariantSources) -> Option<PathBuf> {
    if let Some(MadeFolder(Some(folder))) = made {
        return Some(folder.clone());
    }
    let own = crate::storage::home()?.join("variants");
    sources.folders.contains(&own).then_some(own)
}

/// Whether `entry` is one the player made (or imported) here: a file of
/// the own folder, which may be edited in place and deleted.
pub fn is_own(entry: &VariantEntry, folder: Option<&Path>) -> bool {
    match (&entry.origin, folder) {
        (Origin::File(path), Some(folder)) => Path::new(path).starts_with(folder),
        _ => false,
    }
}

/// The variant as it travels, from an entry.
pub fn shared(entry: &VariantEntry) -> SharedVariant {
    SharedVariant {
        game: entry.game.name().to_owned(),
        id: entry.id.clone(),
        title: texts(&entry.title),
        description: texts(&entry.description),
        rules: entry.rules.clone(),
    }
}

fn texts(words: &Words) -> Texts {
    Texts {
        en: words.en.clone(),
        fr: words.fr.clone(),
        da: words.da.clone(),
    }
}

/// Whether a variant that is not the player's own has `id` in `game`: a
/// shipped file's, the system folder's or a house rule's.
fn taken_by_others(registry: &VariantRegistry, folder: &Path, game: &str, id: &str) -> bool {
    registry
        .entries()
        .iter()
        .any(|e| e.game.name() == game && e.id == id && !is_own(e, Some(folder)))
}

/// An id for a new variant titled `title`: its letters and digits in
/// lower case, dashes between words, made unique in `game` by a number.
pub fn fresh_id(registry: &VariantRegistry, game: GameId, title: &str) -> String {
    let mut stem = String::new();
    for c in title.to_lowercase().chars() {
        if c.is_ascii_alphanumeric() {
            stem.push(c);
        } else if !stem.is_empty() && !stem.ends_with('-') {
            stem.push('-');
        }
    }
    let stem: String = stem.trim_matches('-').chars().take(30).collect();
    let stem = if stem.is_empty() {
        "house-rules".to_owned()
    } else {
        stem.trim_end_matches('-').to_owned()
    };
    let free = |id: &str| registry.get(game, id).is_none() && !built_in_name(game.name(), id);
    if free(&stem) {
        return stem;
    }
    (2..)
        .map(|n| format!("{stem}-{n}"))
        .find(|id| free(id))
        .unwrap_or(stem)
}

/// Whether `id` is one of the game's own built-in names (`standard`).
fn built_in_name(game: &str, id: &str) -> bool {
    parlour_core::games::for_game(game, BuiltInNames)
        .map(|names| names.contains(&id))
        .unwrap_or(false)
}

struct BuiltInNames;
impl parlour_core::games::ForGame for BuiltInNames {
    type Output = &'static [&'static str];
    fn run<G: parlour_core::engine::Game>(self) -> Self::Output {
        G::variants()
    }
}

/// The path of the own variant `id` of `game`.
fn path_of(folder: &Path, game: &str, id: &str) -> PathBuf {
    folder.join(format!("{game}-{id}.{EXTENSION}"))
}

/// Keeps `variant` in `folder` and in the registry, in place of the own
/// variant `replacing` (its id before an edit) if there is one. Checked as
/// any arriving variant is; refused — nothing written, nothing changed —
/// with one line saying why.
pub fn keep(
    registry: &mut VariantRegistry,
    catalog: &GameCatalog,
    folder: &Path,
    variant: SharedVariant,
    replacing: Option<&str>,
) -> Result<VariantEntry, String> {
    let variant = share::check(variant).map_err(|e| e.to_string())?;
    let game = catalog
        .by_name(&variant.game)
        .ok_or_else(|| format!("{} is not on offer here", variant.game))?
        .id;
    if built_in_name(&variant.game, &variant.id)
        || taken_by_others(registry, folder, &variant.game, &variant.id)
    {
        return Err(ShareError::BuiltIn(variant.id).to_string());
    }
    if replacing != Some(variant.id.as_str())
        && let Some(own) = registry.get(game, &variant.id)
    {
        return Err(format!(
            "you already have a variant {:?} ({}): delete it or give this one another title",
            own.id, own.title.en
        ));
    }
    let text = share::to_file(&variant);
    let path = path_of(folder, &variant.game, &variant.id);
    // Read back as the start-up will read it, before anything is written.
    let entry = file::parse(
        text.as_bytes(),
        Origin::File(path.display().to_string()),
        catalog,
    )
    .map_err(|e| e.to_string())?;
    files::write_whole(&path, |w| w.write_all(text.as_bytes()))
        .map_err(|e| format!("the variant could not be kept: {e}"))?;
    if let Some(old) = replacing.filter(|old| *old != variant.id)
        && let Some(old_entry) = registry.get(game, old).cloned()
        && is_own(&old_entry, Some(folder))
    {
        forget(registry, &old_entry);
    }
    registry.remove(game, &entry.id);
    registry.add(entry.clone(), catalog).map_err(|p| p.reason)?;
    Ok(entry)
}

/// Deletes an own variant: its file, then its entry. A variant that is not
/// the player's is never deleted.
pub fn delete(
    registry: &mut VariantRegistry,
    folder: &Path,
    entry: &VariantEntry,
) -> Result<(), String> {
    if !is_own(entry, Some(folder)) {
        return Err(format!("{:?} is not a variant made here", entry.id));
    }
    forget(registry, entry);
    Ok(())
}

/// Removes an own variant's file (gone already is fine) and its entry.
fn forget(registry: &mut VariantRegistry, entry: &VariantEntry) {
    if let Origin::File(path) = &entry.origin
        && let Err(e) = files::remove(Path::new(path))
        && e.kind() != std::io::ErrorKind::NotFound
    {
        warn!("variant file {path} not removed: {e}");
    }
    registry.remove(entry.game, &entry.id);
}

/// What a person pasted or dropped: a link (or its code) or a variant
/// file's text. Checked for keeping — an id that is a built-in's is
/// refused — without anything written.
pub fn arriving(
    registry: &VariantRegistry,
    folder: &Path,
    bytes: &[u8],
) -> Result<SharedVariant, ShareError> {
    let built_in = |game: &str, id: &str| taken_by_others(registry, folder, game, id);
    let text = String::from_utf8_lossy(bytes);
    let trimmed = text.trim_start();
    // A file is a RON structure, perhaps after a comment; anything else is
    // read as a link, which says when it is too large or damaged.
    if trimmed.starts_with('(') || trimmed.starts_with("//") || trimmed.starts_with("/*") {
        share::from_file(bytes, &built_in)
    } else {
        share::decode(&text, &built_in)
    }
}

/// Imports what arrived: checked ([`arriving`]) and kept ([`keep`]), or
/// one line saying which check refused it; nothing kept then.
pub fn import(
    registry: &mut VariantRegistry,
    catalog: &GameCatalog,
    folder: &Path,
    bytes: &[u8],
) -> Result<VariantEntry, String> {
    let variant = arriving(registry, folder, bytes).map_err(|e| e.to_string())?;
    keep(registry, catalog, folder, variant, None)
}
