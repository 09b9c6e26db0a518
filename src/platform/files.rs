//! The data folder. On the desktop, files under `$PARLOUR_HOME` or the
//! system's data and configuration folders; in a browser, the page's local
//! storage, one key per file (`parlour/saves/current.json`), so that the
//! storage module's paths, names and rules stay the same on both.
//!
//! Either way a file is written whole or not at all: on disk a temporary
//! file is flushed and renamed over the old one; in a page one `setItem`
//! replaces the value or, when the storage is full or refused, throws and
//! leaves the old one.

use std::io;
use std::path::Path;

pub use backend::{config_home, data_home, exists, list, read, remove, rename, write_whole};

/// Reads a whole file as text.
pub fn read_to_string(path: &Path) -> io::Result<String> {
    String::from_utf8(read(path)?).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

#[cfg(not(target_arch = "wasm32"))]
mod backend {
    use std::fs::{self, File};
    use std::io::{self, Write};
    use std::path::{Path, PathBuf};

    /// Where Parlour keeps its saves and history: `$PARLOUR_HOME` when set
    /// (kiosk installs, tests), else the system's data folder.
    pub fn data_home() -> Option<PathBuf> {
        if let Some(dir) = std::env::var_os("PARLOUR_HOME") {
            return Some(PathBuf::from(dir));
        }
        directories::ProjectDirs::from("org", "Parlour", "Parlour")
            .map(|d| d.data_dir().to_path_buf())
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
}

#[cfg(target_arch = "wasm32")]
mod backend {
    use std::io::{self, Write};
    use std::path::{Path, PathBuf};

    /// The folder every key starts with.
    const ROOT: &str = "parlour";

    /// The page's saves and history: keys under `parlour/`.
    pub fn data_home() -> Option<PathBuf> {
        Some(PathBuf::from(ROOT))
    }

    /// Settings and statistics live beside the saves in a page.
    pub fn config_home() -> Option<PathBuf> {
        Some(PathBuf::from(ROOT))
    }

    /// The page's local storage, or why there is none (a private window
    /// in some browsers, storage turned off for the site).
    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::PermissionDenied,
                    "this browser gives the page no storage (a private window, or storage turned off for the site)",
                )
            })
    }

    fn key(path: &Path) -> String {
        path.to_string_lossy().replace('\\', "/")
    }

    fn refused(what: wasm_bindgen::JsValue) -> io::Error {
        let name = js_sys::Reflect::get(&what, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .unwrap_or_default();
        if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
            io::Error::new(
                io::ErrorKind::StorageFull,
                "the browser's storage for this page is full",
            )
        } else {
            io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!("the browser refused to store it ({name})"),
            )
        }
    }

    /// The whole value of the key.
    pub fn read(path: &Path) -> io::Result<Vec<u8>> {
        match storage()?.get_item(&key(path)).map_err(refused)? {
            Some(text) => Ok(text.into_bytes()),
            None => Err(io::ErrorKind::NotFound.into()),
        }
    }

    /// Whether the key is there, or any key under it (a folder).
    pub fn exists(path: &Path) -> bool {
        let Ok(storage) = storage() else { return false };
        let k = key(path);
        if storage.get_item(&k).ok().flatten().is_some() {
            return true;
        }
        let folder = format!("{k}/");
        keys(&storage).iter().any(|k| k.starts_with(&folder))
    }

    fn keys(storage: &web_sys::Storage) -> Vec<String> {
        let n = storage.length().unwrap_or(0);
        (0..n)
            .filter_map(|i| storage.key(i).ok().flatten())
            .collect()
    }

    /// Writes the value in one `setItem`: the old value stays if it throws.
    pub fn write_whole(
        path: &Path,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut bytes = Vec::new();
        write(&mut bytes)?;
        let text =
            String::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
        storage()?.set_item(&key(path), &text).map_err(refused)
    }

    /// Copies the value to the new key, then removes the old one.
    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        let storage = storage()?;
        let value = storage
            .get_item(&key(from))
            .map_err(refused)?
            .ok_or(io::Error::from(io::ErrorKind::NotFound))?;
        storage.set_item(&key(to), &value).map_err(refused)?;
        storage.remove_item(&key(from)).map_err(refused)
    }

    /// Removes the key.
    pub fn remove(path: &Path) -> io::Result<()> {
        storage()?.remove_item(&key(path)).map_err(refused)
    }

    /// The keys directly under the folder.
    pub fn list(dir: &Path) -> io::Result<Vec<PathBuf>> {
        let folder = format!("{}/", key(dir));
        Ok(keys(&storage()?)
            .into_iter()
            .filter(|k| {
                k.strip_prefix(&folder)
                    .is_some_and(|rest| !rest.contains('/'))
            })
            .map(PathBuf::from)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_lists_its_files_only() {
        let dir = std::env::temp_dir().join(format!("parlour-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("inner")).unwrap();
        write_whole(&dir.join("a.json"), |w| w.write_all(b"{}")).unwrap();
        let listed = list(&dir).unwrap();
        assert_eq!(listed, vec![dir.join("a.json")]);
        assert_eq!(read_to_string(&listed[0]).unwrap(), "{}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
