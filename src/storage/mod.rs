//! What Parlour keeps on disk (or in a page's storage), and how: where its files live, writing a
//! file whole or not at all, setting aside a file that does not read, the
//! match records of the save slot and the history, and the warnings the
//! title screen shows about files that did not read.
//!
//! Every file is written whole or not at all ([`write_atomic`]), and a file
//! that cannot be read is renamed aside ([`set_aside`]) — never deleted,
//! never written over — and reported on screen.

pub mod atomic;
pub mod records;
pub mod warnings;

use std::path::PathBuf;

pub use atomic::{parse_stamp, set_aside, stamp, write_atomic, write_atomic_with};
pub use records::{
    CheckedRecord, HISTORY_CAP, HistoryEntry, SaveProblem, SlotContents, check_record,
    file_finished, file_finished_with, history_files, open_slot, read_history, read_record,
    set_aside_bad_history, trim_history,
};
pub use warnings::{FileWarning, FileWarnings, StorageTrouble, Unreadable};

/// Where Parlour keeps its saves and history: `$PARLOUR_HOME` when set
/// (kiosk installs, tests), else the platform's data folder (in a browser,
/// the page's storage).
pub fn home() -> Option<PathBuf> {
    crate::platform::files::data_home()
}

/// Where Parlour keeps its settings and statistics: `$PARLOUR_HOME` when
/// set, else the platform's configuration folder.
pub fn config_dir() -> Option<PathBuf> {
    crate::platform::files::config_home()
}

/// The file of the match in progress.
pub fn current_save() -> Option<PathBuf> {
    home().map(|h| h.join("saves").join("current.json"))
}

/// The folder of finished matches.
pub fn history_dir() -> Option<PathBuf> {
    home().map(|h| h.join("history"))
}
