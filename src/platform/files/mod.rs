//! The data folder. On the desktop, files under `$PARLOUR_HOME` or the
//! system's data and configuration folders; in a browser, the page's local
//! storage, one key per file (`parlour/saves/current.json`), so that the
//! storage module's paths, names and rules stay the same on both.
//!
//! Either way a file is written whole or not at all: on disk a temporary
//! file is flushed and renamed over the old one; in a page one `setItem`
//! replaces the value or, when the storage is full or refused, throws and
//! leaves the old one.
//!
//! The page's back end ([`keyed`]) is written over a small trait,
//! [`PageStorage`], that the browser's storage answers in a page and an
//! in-memory stand-in ([`memory`]) answers natively, where tests make it
//! throw, fill up or stop between two calls — and may run the whole app
//! over it ([`memory::install`]).

#[cfg(not(target_arch = "wasm32"))]
mod disk;
pub mod keyed;
/// A page has no disk: never called there, but named by the calls both
/// targets share.
#[cfg(target_arch = "wasm32")]
mod disk {
    use std::io;
    use std::path::{Path, PathBuf};

    fn none() -> io::Error {
        io::ErrorKind::Unsupported.into()
    }
    pub fn read(_: &Path) -> io::Result<Vec<u8>> {
        Err(none())
    }
    pub fn exists(_: &Path) -> bool {
        false
    }
    pub fn rename(_: &Path, _: &Path) -> io::Result<()> {
        Err(none())
    }
    pub fn remove(_: &Path) -> io::Result<()> {
        Err(none())
    }
    pub fn list(_: &Path) -> io::Result<Vec<PathBuf>> {
        Err(none())
    }
}
#[cfg(not(target_arch = "wasm32"))]
pub mod memory;
#[cfg(target_arch = "wasm32")]
mod web;

use std::io::{self, Write};
use std::path::{Path, PathBuf};

pub use keyed::PageStorage;

/// The folder every key of the page's storage starts with.
const PAGE_ROOT: &str = "parlour";

/// Runs `page` over the page's storage, or `disk` on the desktop.
fn either<T>(
    page: impl FnOnce(&dyn PageStorage) -> io::Result<T>,
    disk: impl FnOnce() -> io::Result<T>,
) -> io::Result<T> {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = disk;
        page(&web::storage()?)
    }
    #[cfg(not(target_arch = "wasm32"))]
    match memory::installed() {
        Some(storage) => page(&*storage),
        None => disk(),
    }
}

/// Whether Parlour's files are keys of a page's storage (a browser) rather
/// than files on a disk: what a person is told differs (a page has no files).
pub fn in_page() -> bool {
    #[cfg(target_arch = "wasm32")]
    return true;
    #[cfg(not(target_arch = "wasm32"))]
    memory::installed().is_some()
}

/// Where Parlour keeps its saves and history: `$PARLOUR_HOME` when set
/// (kiosk installs, tests), else the system's data folder; in a page,
/// keys under `parlour/`.
pub fn data_home() -> Option<PathBuf> {
    if in_page() {
        return Some(PathBuf::from(PAGE_ROOT));
    }
    #[cfg(not(target_arch = "wasm32"))]
    return disk::data_home();
    #[cfg(target_arch = "wasm32")]
    None
}

/// Where Parlour keeps its settings and statistics: `$PARLOUR_HOME` when
/// set, else the system's configuration folder; in a page, beside the saves.
pub fn config_home() -> Option<PathBuf> {
    if in_page() {
        return Some(PathBuf::from(PAGE_ROOT));
    }
    #[cfg(not(target_arch = "wasm32"))]
    return disk::config_home();
    #[cfg(target_arch = "wasm32")]
    None
}

/// The whole file.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    either(|s| keyed::read(s, path), || disk::read(path))
}

/// Reads a whole file as text.
pub fn read_to_string(path: &Path) -> io::Result<String> {
    String::from_utf8(read(path)?).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

/// Whether the file (or folder) is there.
pub fn exists(path: &Path) -> bool {
    either(|s| Ok(keyed::exists(s, path)), || Ok(disk::exists(path))).unwrap_or(false)
}

/// Writes the file with `write`, whole or not at all: if `write` fails
/// part-way, or the disk or the page's storage is full, the old file is
/// left whole.
pub fn write_whole(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    #[cfg(target_arch = "wasm32")]
    return keyed::write_whole(&web::storage()?, path, write);
    #[cfg(not(target_arch = "wasm32"))]
    match memory::installed() {
        Some(storage) => keyed::write_whole(&*storage, path, write),
        None => disk::write_whole(path, write),
    }
}

/// Renames a file (in a page: copies the value, then removes the old key).
pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    either(|s| keyed::rename(s, from, to), || disk::rename(from, to))
}

/// Removes a file.
pub fn remove(path: &Path) -> io::Result<()> {
    either(|s| keyed::remove(s, path), || disk::remove(path))
}

/// The paths of the files in a folder, in no order.
pub fn list(dir: &Path) -> io::Result<Vec<PathBuf>> {
    either(|s| keyed::list(s, dir), || disk::list(dir))
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
