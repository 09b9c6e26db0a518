//! The browser's `window.localStorage` as the page's back end's storage.

use std::io;

use super::keyed::{PageStorage, thrown};

/// The page's local storage, or why there is none (a private window
/// in some browsers, storage turned off for the site).
pub fn storage() -> io::Result<web_sys::Storage> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::PermissionDenied,
                "this browser gives the page no storage (a private window, or storage turned off for the site)",
            )
        })
}

/// The exception the storage threw, by its name.
fn refused(what: wasm_bindgen::JsValue) -> io::Error {
    let name = js_sys::Reflect::get(&what, &"name".into())
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default();
    thrown(&name)
}

impl PageStorage for web_sys::Storage {
    fn get_item(&self, key: &str) -> io::Result<Option<String>> {
        web_sys::Storage::get_item(self, key).map_err(refused)
    }

    fn set_item(&self, key: &str, value: &str) -> io::Result<()> {
        web_sys::Storage::set_item(self, key, value).map_err(refused)
    }

    fn remove_item(&self, key: &str) -> io::Result<()> {
        web_sys::Storage::remove_item(self, key).map_err(refused)
    }

    fn keys(&self) -> io::Result<Vec<String>> {
        let n = self.length().map_err(refused)?;
        Ok((0..n).filter_map(|i| self.key(i).ok().flatten()).collect())
    }
}
