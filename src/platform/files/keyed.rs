//! The page's back end: one key per file (`parlour/saves/current.json`)
//! in a storage that answers the calls `window.localStorage` answers.
//! Written over a trait, so that the same code runs over the browser's
//! storage in a page and over a stand-in natively, in tests that make it
//! throw, fill up or stop between two calls.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The calls of the page's storage Parlour makes (`window.localStorage`'s
/// `getItem`, `setItem`, `removeItem`, and its keys). Each either does all
/// it says or throws and changes nothing: the browser's storage promises
/// that of one call, never of two.
pub trait PageStorage {
    /// The value of `key`, if there is one.
    fn get_item(&self, key: &str) -> io::Result<Option<String>>;
    /// Sets `key` to `value`, whole; when it throws, the old value stays.
    fn set_item(&self, key: &str, value: &str) -> io::Result<()>;
    /// Removes `key` (nothing if it is not there).
    fn remove_item(&self, key: &str) -> io::Result<()>;
    /// Every key, in no order.
    fn keys(&self) -> io::Result<Vec<String>>;
}

/// What a storage throwing the DOM exception `name` means to Parlour: full
/// (`QuotaExceededError`, Firefox's older name too) or refused (anything
/// else: a private window, storage turned off for the site).
pub fn thrown(name: &str) -> io::Error {
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

/// The key of a file's path.
pub fn key(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// The whole value of the key.
pub fn read(storage: &dyn PageStorage, path: &Path) -> io::Result<Vec<u8>> {
    match storage.get_item(&key(path))? {
        Some(text) => Ok(text.into_bytes()),
        None => Err(io::ErrorKind::NotFound.into()),
    }
}

/// Whether the key is there, or any key under it (a folder).
pub fn exists(storage: &dyn PageStorage, path: &Path) -> bool {
    let k = key(path);
    if storage.get_item(&k).ok().flatten().is_some() {
        return true;
    }
    let folder = format!("{k}/");
    storage
        .keys()
        .is_ok_and(|keys| keys.iter().any(|k| k.starts_with(&folder)))
}

/// Writes the value in one `setItem`, after `write` has made all of it:
/// the old value stays if `write` fails or `setItem` throws. Never two
/// calls (a `removeItem` first, or the value in pieces): a page stopped or
/// a storage full between them would leave no match, or half of one.
pub fn write_whole(
    storage: &dyn PageStorage,
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let mut bytes = Vec::new();
    write(&mut bytes)?;
    let text =
        String::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    storage.set_item(&key(path), &text)
}

/// Copies the value to the new key, then removes the old one. Two calls:
/// a page stopped between them leaves both keys holding the value, so
/// nothing is lost; [`set_aside`](crate::storage::set_aside) finds such a
/// copy and finishes the move instead of making a second.
pub fn rename(storage: &dyn PageStorage, from: &Path, to: &Path) -> io::Result<()> {
    let value = storage
        .get_item(&key(from))?
        .ok_or(io::Error::from(io::ErrorKind::NotFound))?;
    storage.set_item(&key(to), &value)?;
    storage.remove_item(&key(from))
}

/// Removes the key.
pub fn remove(storage: &dyn PageStorage, path: &Path) -> io::Result<()> {
    storage.remove_item(&key(path))
}

/// The keys directly under the folder.
pub fn list(storage: &dyn PageStorage, dir: &Path) -> io::Result<Vec<PathBuf>> {
    let folder = format!("{}/", key(dir));
    Ok(storage
        .keys()?
        .into_iter()
        .filter(|k| {
            k.strip_prefix(&folder)
                .is_some_and(|rest| !rest.contains('/'))
        })
        .map(PathBuf::from)
        .collect())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::super::memory::MemoryStorage;
    use super::*;

    fn path(p: &str) -> PathBuf {
        PathBuf::from(p)
    }

    #[test]
    fn a_set_item_that_throws_leaves_the_old_value_whole() {
        let page = MemoryStorage::new();
        let save = path("parlour/saves/current.json");
        write_whole(&page, &save, |w| w.write_all(b"the old match, whole")).unwrap();
        page.throw_on_set(1, "QuotaExceededError");
        let e = write_whole(&page, &save, |w| w.write_all(b"the new match")).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::StorageFull);
        assert_eq!(read(&page, &save).unwrap(), b"the old match, whole");
        // The next write, the storage working again, is whole too.
        write_whole(&page, &save, |w| w.write_all(b"the new match")).unwrap();
        assert_eq!(read(&page, &save).unwrap(), b"the new match");
    }

    #[test]
    fn a_write_that_fails_part_way_touches_nothing() {
        let page = MemoryStorage::new();
        let save = path("parlour/saves/current.json");
        write_whole(&page, &save, |w| w.write_all(b"the old match, whole")).unwrap();
        let calls = page.calls();
        let result = write_whole(&page, &save, |w| {
            w.write_all(b"the new ma")?;
            Err(io::Error::other("the page stopped"))
        });
        assert!(result.is_err());
        assert_eq!(page.calls(), calls, "not one call to the storage");
        assert_eq!(read(&page, &save).unwrap(), b"the old match, whole");
    }

    #[test]
    fn a_full_storage_keeps_the_old_value_and_says_full() {
        let page = MemoryStorage::new();
        let save = path("parlour/saves/current.json");
        write_whole(&page, &save, |w| w.write_all(b"short")).unwrap();
        page.set_quota(Some(page.used() + 3));
        let e = write_whole(&page, &save, |w| w.write_all(b"a good deal longer")).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::StorageFull);
        assert_eq!(read(&page, &save).unwrap(), b"short");
    }

    #[test]
    fn a_refused_storage_says_so_and_reads_nothing() {
        let page = MemoryStorage::new();
        page.refuse(true);
        let save = path("parlour/saves/current.json");
        let e = write_whole(&page, &save, |w| w.write_all(b"x")).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::PermissionDenied);
        assert_eq!(
            read(&page, &save).unwrap_err().kind(),
            io::ErrorKind::PermissionDenied
        );
        assert!(!exists(&page, &save));
    }

    #[test]
    fn a_rename_stopped_between_its_two_calls_loses_nothing() {
        let page = MemoryStorage::new();
        let from = path("parlour/saves/current.json");
        let to = path("parlour/saves/current.json.broken-1");
        write_whole(&page, &from, |w| w.write_all(b"garbage")).unwrap();
        page.stop_after(1);
        assert!(rename(&page, &from, &to).is_err());
        page.restart();
        assert_eq!(read(&page, &to).unwrap(), b"garbage");
        assert_eq!(read(&page, &from).unwrap(), b"garbage");
    }

    #[test]
    fn a_folder_lists_the_keys_directly_under_it() {
        let page = MemoryStorage::new();
        for k in [
            "parlour/history/a.json",
            "parlour/history/deep/b.json",
            "parlour/c.json",
        ] {
            page.insert(k, "{}");
        }
        assert_eq!(
            list(&page, &path("parlour/history")).unwrap(),
            vec![path("parlour/history/a.json")]
        );
        assert!(exists(&page, &path("parlour/history")));
        assert!(!exists(&page, &path("parlour/saves")));
    }

    #[test]
    fn the_dom_exceptions_read_as_full_or_refused() {
        assert_eq!(
            thrown("QuotaExceededError").kind(),
            io::ErrorKind::StorageFull
        );
        assert_eq!(
            thrown("NS_ERROR_DOM_QUOTA_REACHED").kind(),
            io::ErrorKind::StorageFull
        );
        assert_eq!(
            thrown("SecurityError").kind(),
            io::ErrorKind::PermissionDenied
        );
    }
}
