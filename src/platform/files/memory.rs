//! A stand-in for the page's storage, for running the page's back end
//! natively: it keeps its keys in memory and can be told to fill up at a
//! size, to throw on the Nth `setItem`, to refuse every call (a private
//! window), or to stop after N calls that change something (the page
//! closed between two calls) until it is [`restart`](MemoryStorage::restart)ed
//! as the next page load would find it.
//!
//! [`install`] puts one under the data folder of the whole process, so
//! that the app itself runs over the page's back end.

use std::collections::BTreeMap;
use std::io;
use std::sync::{Arc, Mutex, MutexGuard, RwLock};

use super::keyed::{PageStorage, thrown};

/// Keys and values in memory, with the faults a test asks for.
#[derive(Debug, Default)]
pub struct MemoryStorage(Mutex<Memory>);

#[derive(Debug, Default)]
struct Memory {
    items: BTreeMap<String, String>,
    /// Bytes of keys and values it holds at most.
    quota: Option<usize>,
    /// Every call throws `SecurityError`.
    refused: bool,
    /// The Nth `setItem` from now throws the named exception.
    throw_on_set: Option<(usize, &'static str)>,
    /// Calls that change something left before the page stops.
    stop_after: Option<usize>,
    stopped: bool,
    /// Calls made, of any kind.
    calls: usize,
}

impl Memory {
    fn used(&self) -> usize {
        self.items.iter().map(|(k, v)| k.len() + v.len()).sum()
    }

    /// Counts a call; refuses it when refused or stopped, and counts down
    /// to the stop when it would change something.
    fn call(&mut self, changes: bool) -> io::Result<()> {
        self.calls += 1;
        if self.stopped {
            return Err(io::Error::other("the page has stopped"));
        }
        if self.refused {
            return Err(thrown("SecurityError"));
        }
        if changes && let Some(left) = &mut self.stop_after {
            if *left == 0 {
                self.stopped = true;
                return Err(io::Error::other("the page has stopped"));
            }
            *left -= 1;
        }
        Ok(())
    }
}

impl MemoryStorage {
    /// An empty storage with no limit and no fault.
    pub fn new() -> Self {
        Self::default()
    }

    fn lock(&self) -> MutexGuard<'_, Memory> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Holds at most `bytes` of keys and values (`None`: no limit); a
    /// `setItem` beyond throws `QuotaExceededError`.
    pub fn set_quota(&self, bytes: Option<usize>) {
        self.lock().quota = bytes;
    }

    /// Every call throws `SecurityError` (`true`), as in a private window
    /// of some browsers, or works again (`false`).
    pub fn refuse(&self, refused: bool) {
        self.lock().refused = refused;
    }

    /// The `n`th `setItem` from now (1: the next) throws the DOM exception
    /// `name`, leaving the old value.
    pub fn throw_on_set(&self, n: usize, name: &'static str) {
        self.lock().throw_on_set = Some((n.max(1), name));
    }

    /// After `n` more calls that change something, the page stops: that
    /// call and every later one does nothing and fails.
    pub fn stop_after(&self, n: usize) {
        self.lock().stop_after = Some(n);
    }

    /// The next page load over the same storage: no stop, no fault.
    pub fn restart(&self) {
        let mut m = self.lock();
        m.stopped = false;
        m.stop_after = None;
        m.throw_on_set = None;
    }

    /// Bytes of keys and values held.
    pub fn used(&self) -> usize {
        self.lock().used()
    }

    /// Calls made so far, of any kind.
    pub fn calls(&self) -> usize {
        self.lock().calls
    }

    /// Sets a key directly, as another page or a person with the browser's
    /// tools would: no fault, no limit.
    pub fn insert(&self, key: &str, value: &str) {
        self.lock().items.insert(key.to_owned(), value.to_owned());
    }

    /// A key's value, looked at directly.
    pub fn get(&self, key: &str) -> Option<String> {
        self.lock().items.get(key).cloned()
    }

    /// Every key and value, in key order.
    pub fn items(&self) -> BTreeMap<String, String> {
        self.lock().items.clone()
    }
}

impl PageStorage for MemoryStorage {
    fn get_item(&self, key: &str) -> io::Result<Option<String>> {
        let mut m = self.lock();
        m.call(false)?;
        Ok(m.items.get(key).cloned())
    }

    fn set_item(&self, key: &str, value: &str) -> io::Result<()> {
        let mut m = self.lock();
        m.call(true)?;
        if let Some((n, name)) = m.throw_on_set {
            if n <= 1 {
                m.throw_on_set = None;
                return Err(thrown(name));
            }
            m.throw_on_set = Some((n - 1, name));
        }
        let old = m.items.get(key).map_or(0, |v| key.len() + v.len());
        if m.quota
            .is_some_and(|q| m.used() - old + key.len() + value.len() > q)
        {
            return Err(thrown("QuotaExceededError"));
        }
        m.items.insert(key.to_owned(), value.to_owned());
        Ok(())
    }

    fn remove_item(&self, key: &str) -> io::Result<()> {
        let mut m = self.lock();
        m.call(true)?;
        m.items.remove(key);
        Ok(())
    }

    fn keys(&self) -> io::Result<Vec<String>> {
        let mut m = self.lock();
        m.call(false)?;
        Ok(m.items.keys().cloned().collect())
    }
}

static INSTALLED: RwLock<Option<Arc<MemoryStorage>>> = RwLock::new(None);

/// Runs the whole process's files over `storage` through the page's back
/// end, as a page would (`None`: the disk again). For tests: one process
/// has one data folder, so tests that install one run one at a time.
pub fn install(storage: Option<Arc<MemoryStorage>>) {
    *INSTALLED.write().unwrap_or_else(|e| e.into_inner()) = storage;
}

/// The storage [`install`]ed, if any.
pub fn installed() -> Option<Arc<MemoryStorage>> {
    INSTALLED.read().unwrap_or_else(|e| e.into_inner()).clone()
}
