//! The desktop's back end: files under `$PARLOUR_HOME` or the system's
//! data and configuration folders.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Where Parlour keeps its saves and history: `$PARLOUR_HOME` when set
/// (kiosk installs, tests), else the system's data folder.
pub fn data_home() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PARLOUR_HOME") {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("org", "Parlour", "Parlour").map(|d| d.data_dir().to_path_buf())
}

/// Where Parlour keeps its settings and statistics: `$PARLOUR_HOME`
/// when set, else the system's configuration folder.
pub fn config_home() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PARLOUR_HOME") {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("org", "Parlour", "Parlour")
        .map(|d| d.config_dir().to_path_buf())
}

/// The whole file.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    fs::read(path)
}

/// Whether the file (or folder) is there.
pub fn exists(path: &Path) -> bool {
    path.exists()
}

/// Writes the file with `write`, whole or not at all: a temporary file
/// beside it, flushed to disk, then renamed over it. If `write` fails
/// part-way (a full disk, a crash), the old file is left whole.
pub fn write_whole(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("save");
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = File::create(&tmp)?;
        write(&mut file)?;
        file.sync_all()?;
        fs::rename(&tmp, path)?;
        // The rename itself reaches the disk with the directory.
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Renames a file.
pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    fs::rename(from, to)
}

/// Removes a file.
pub fn remove(path: &Path) -> io::Result<()> {
    fs::remove_file(path)
}

/// The paths of the files in a folder, in no order.
pub fn list(dir: &Path) -> io::Result<Vec<PathBuf>> {
    Ok(fs::read_dir(dir)?
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.path())
        .collect())
}
