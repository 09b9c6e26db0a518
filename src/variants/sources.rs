//! Where variant files come from, and reading them all in one go: the
//! shipped files, built into the program; then each extra folder in turn
//! (the system's, then the data folder's), a file there taking the place of
//! an earlier one with the same game and id. Plain reading, no asset
//! server: the set-up screen, the command line and the tests share it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use include_dir::{Dir, include_dir};

use super::file::{self, EXTENSION};
use super::registry::{Origin, VariantProblem, VariantRegistry};
use crate::catalog::{GameCatalog, GameId};

/// The shipped files, as they are in the source tree's `assets/variants`.
static BUILT_IN: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets/variants");

/// The folder kiosk operators put their house rules in, for every user.
pub const SYSTEM_FOLDER: &str = "/etc/parlour/variants";

/// What to read: the built-in files or not (tests leave them out), then
/// the folders in order, later ones taking precedence.
#[derive(Resource, Clone, Debug)]
pub struct VariantSources {
    /// Whether to read the files built into the program.
    pub built_in: bool,
    /// Folders of extra files, sub-folders included.
    pub folders: Vec<PathBuf>,
}

impl Default for VariantSources {
    /// The built-in files only.
    fn default() -> Self {
        Self {
            built_in: true,
            folders: Vec::new(),
        }
    }
}

impl VariantSources {
    /// The built-in files, the system folder, and `variants/` in the data
    /// folder `home` (when there is one).
    pub fn installed(home: Option<&Path>) -> Self {
        let mut folders = vec![PathBuf::from(SYSTEM_FOLDER)];
        folders.extend(home.map(|h| h.join("variants")));
        Self {
            built_in: true,
            folders,
        }
    }
}

/// The built-in files: each one's path under `assets/variants` and its text,
/// in path order.
pub fn built_in_files() -> Vec<(String, &'static [u8])> {
    let mut found = Vec::new();
    let mut dirs = vec![&BUILT_IN];
    while let Some(dir) = dirs.pop() {
        dirs.extend(dir.dirs());
        for f in dir.files() {
            let path = f.path().to_string_lossy().replace('\\', "/");
            if path.ends_with(&format!(".{EXTENSION}")) {
                found.push((path, f.contents()));
            }
        }
    }
    found.sort();
    found
}

/// The variant files under `folder`, sub-folders included, in path order.
/// A folder that is not there holds none; one that cannot be listed is a
/// problem.
pub fn folder_files(folder: &Path) -> Result<Vec<PathBuf>, VariantProblem> {
    let mut found = Vec::new();
    if crate::platform::files::in_page() {
        // A page's storage: the variants made there, one key each.
        let mut keys = crate::platform::files::list(folder).unwrap_or_default();
        keys.retain(|k| k.to_string_lossy().ends_with(&format!(".{EXTENSION}")));
        keys.sort();
        return Ok(keys);
    }
    if !folder.exists() {
        return Ok(found);
    }
    let mut folders = vec![folder.to_path_buf()];
    while let Some(dir) = folders.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| VariantProblem {
            origin: Origin::File(dir.display().to_string()),
            reason: format!("the folder could not be read: {e}"),
        })?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.to_string_lossy().ends_with(&format!(".{EXTENSION}")) {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Reads every source into `registry` and marks it ready. A file that does
/// not read or check is reported with its path and reason; the others are
/// taken all the same.
pub fn read_all(registry: &mut VariantRegistry, catalog: &GameCatalog, sources: &VariantSources) {
    if sources.built_in {
        let files = built_in_files()
            .into_iter()
            .map(|(path, text)| (Origin::BuiltIn(path), Ok(text.to_vec())));
        read_layer(registry, catalog, files);
    }
    for folder in &sources.folders {
        match folder_files(folder) {
            Ok(paths) => {
                let files = paths.into_iter().map(|path| {
                    let text = crate::platform::files::read(&path);
                    (Origin::File(path.display().to_string()), text)
                });
                read_layer(registry, catalog, files);
            }
            Err(problem) => registry.report(problem),
        }
    }
    registry.set_ready();
}

/// Reads one source's files. Two files of one source with the same game
/// and id: the second is refused. A file with the game and id of an earlier
/// source's takes its place.
fn read_layer(
    registry: &mut VariantRegistry,
    catalog: &GameCatalog,
    files: impl Iterator<Item = (Origin, std::io::Result<Vec<u8>>)>,
) {
    let mut seen: HashSet<(GameId, String)> = HashSet::new();
    for (origin, text) in files {
        let problem = |reason: String| VariantProblem {
            origin: origin.clone(),
            reason,
        };
        let entry = text
            .map_err(|e| problem(format!("the file could not be read: {e}")))
            .and_then(|text| {
                file::parse(&text, origin.clone(), catalog).map_err(|e| problem(e.to_string()))
            });
        let result = entry.and_then(|entry| {
            let key = (entry.game, entry.id.clone());
            if let Some(first) = seen
                .contains(&key)
                .then(|| registry.get(key.0, &key.1))
                .flatten()
            {
                return Err(problem(format!(
                    "{} already has a variant {:?}, from {}",
                    key.0.name(),
                    key.1,
                    first.origin
                )));
            }
            registry.add_over(entry, catalog)?;
            seen.insert(key);
            Ok(())
        });
        if let Err(problem) = result {
            registry.report(problem);
        }
    }
}
