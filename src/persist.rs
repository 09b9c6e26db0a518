//! What Parlour keeps on disk: the match in progress, written after every
//! move so that a power cut loses at most the move in flight.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use parlour_core::engine::Game;

use crate::engine::{ActiveMatch, MoveApplied, StartMatch};
use crate::ui::demo::Demo;
use crate::ui::play::PlaySystems;

/// Where Parlour keeps its files: `$PARLOUR_HOME` when set (kiosk installs,
/// tests), else the platform's data directory.
pub fn home() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PARLOUR_HOME") {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("org", "Parlour", "Parlour").map(|d| d.data_dir().to_path_buf())
}

/// The file of the match in progress.
pub fn current_save() -> Option<PathBuf> {
    home().map(|h| h.join("saves").join("current.json"))
}

/// Writes `text` to `path` so that the file is either the old one or the
/// whole new one, never a mix: a temporary file beside it, flushed to disk,
/// then renamed over it.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("save");
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Saves the match of game `G` after each move.
pub fn autosave_plugin<G: Game>(app: &mut App) {
    app.add_systems(
        Update,
        autosave::<G>
            .in_set(PlaySystems::Show)
            // Attract mode's bot matches are not anybody's match to continue.
            .run_if(resource_exists::<ActiveMatch<G>>.and_then(not(resource_exists::<Demo>))),
    );
}

fn autosave<G: Game>(
    active: Res<ActiveMatch<G>>,
    mut applied: MessageReader<MoveApplied<G>>,
    mut started: MessageReader<StartMatch<G>>,
) {
    let moved = applied.read().count() > 0;
    let fresh = started.read().count() > 0;
    if !(moved || fresh) {
        return;
    }
    let Some(path) = current_save() else { return };
    if let Err(e) = write_atomic(&path, &active.get().record().to_json()) {
        warn!("could not save the match to {}: {e}", path.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_atomic_write_replaces_the_whole_file() {
        let dir = std::env::temp_dir().join(format!("parlour-persist-{}", std::process::id()));
        let path = dir.join("save.json");
        write_atomic(&path, "first").unwrap();
        write_atomic(&path, "second, longer").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second, longer");
        let leftovers: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "no temporary file is left behind");
        let _ = fs::remove_dir_all(&dir);
    }
}
