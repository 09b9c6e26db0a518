//! Problems with Parlour's files, said once on the title screen.

use std::path::PathBuf;

use bevy::prelude::*;

use super::records::SaveProblem;

/// A problem with one of Parlour's files, to be shown once on the title screen.
#[derive(Clone, Debug, PartialEq)]
pub enum FileWarning {
    /// The settings file did not read: the defaults are in use.
    Settings {
        /// Why.
        reason: Unreadable,
        /// Where the file was put.
        moved_to: Option<PathBuf>,
    },
    /// The statistics file did not read: counting starts again.
    Statistics {
        /// Why.
        reason: Unreadable,
        /// Where the file was put.
        moved_to: Option<PathBuf>,
    },
    /// The saved match could not be continued.
    Save {
        /// Why.
        problem: SaveProblem,
        /// Where the file was put.
        moved_to: Option<PathBuf>,
    },
    /// The match in progress could not be written to the save slot: it
    /// plays on, but its latest moves would be lost if Parlour closed.
    Unsaved {
        /// Why.
        reason: StorageTrouble,
    },
    /// A finished match of the history did not read: it was set aside,
    /// and the rest of the history is offered as usual.
    History {
        /// Why.
        problem: SaveProblem,
        /// Where the file was put.
        moved_to: Option<PathBuf>,
    },
    /// A variant file (or a house rule's plugin) was not taken: the other
    /// variants are still offered.
    Variant {
        /// The file's path under the assets, or the plugin.
        file: String,
        /// Why.
        reason: String,
    },
}

impl FileWarning {
    /// One line for the screen, in the language on show. In a page, which
    /// has no files, in the page's own words: what was kept in this
    /// browser, and that it was set aside.
    pub fn text(&self) -> String {
        let page = crate::platform::files::in_page();
        let file = |p: &Option<PathBuf>| {
            p.as_ref()
                .and_then(|p| p.file_name())
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        };
        match self {
            FileWarning::Settings { .. } if page => crate::tr!("warning-settings-page"),
            FileWarning::Settings { reason, moved_to } => crate::tr!(
                "warning-settings",
                reason = reason.text(),
                file = file(moved_to)
            ),
            FileWarning::Statistics { .. } if page => crate::tr!("warning-statistics-page"),
            FileWarning::Statistics { reason, moved_to } => crate::tr!(
                "warning-statistics",
                reason = reason.text(),
                file = file(moved_to)
            ),
            FileWarning::Save { moved_to, .. } if page => match moved_to {
                Some(_) => crate::tr!("warning-save-page"),
                None => crate::tr!("warning-save-stuck-page"),
            },
            FileWarning::Save { problem, moved_to } => match moved_to {
                Some(_) => crate::tr!(
                    "warning-save",
                    reason = problem.text(),
                    file = file(moved_to)
                ),
                None => crate::tr!("warning-save-stuck", reason = problem.text()),
            },
            FileWarning::History { .. } if page => crate::tr!("warning-history-page"),
            FileWarning::History { problem, moved_to } => crate::tr!(
                "warning-history",
                reason = problem.text(),
                file = file(moved_to)
            ),
            FileWarning::Unsaved { reason } => {
                crate::tr!("warning-unsaved", reason = reason.text())
            }
            FileWarning::Variant { file, reason } => crate::tr!(
                "warning-variant",
                file = file.clone(),
                reason = reason.clone()
            ),
        }
    }
}

/// Why a file could not be written, kept as a kind so that it is worded
/// in the language on show, and in the page's words in a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageTrouble {
    /// The disk, or the page's storage, is full.
    Full,
    /// Parlour may not write there (a read-only folder; a private window,
    /// or storage turned off for the site).
    Refused,
    /// Anything else; the system's own words.
    Other(String),
}

impl StorageTrouble {
    /// The kind of a failed write.
    pub fn of(e: &std::io::Error) -> Self {
        use std::io::ErrorKind;
        match e.kind() {
            ErrorKind::StorageFull | ErrorKind::QuotaExceeded => StorageTrouble::Full,
            ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem => StorageTrouble::Refused,
            _ => StorageTrouble::Other(e.to_string()),
        }
    }

    /// The reason, short, in the language on show.
    pub fn text(&self) -> String {
        let page = crate::platform::files::in_page();
        match self {
            StorageTrouble::Full if page => crate::tr!("unsaved-full-page"),
            StorageTrouble::Full => crate::tr!("unsaved-full"),
            StorageTrouble::Refused if page => crate::tr!("unsaved-refused-page"),
            StorageTrouble::Refused => crate::tr!("unsaved-refused"),
            StorageTrouble::Other(words) => words.clone(),
        }
    }
}

/// Why a file Parlour wrote (the settings, the statistics) did not read:
/// kept as a kind, not as words, so the warning is worded in the language
/// on show when it is drawn — the settings that name the language may be
/// the very file that did not read.
#[derive(Clone, Debug, PartialEq)]
pub enum Unreadable {
    /// Empty, or it stops part-way.
    CutShort,
    /// A value of a kind its entry never holds.
    Value,
    /// Its text is not written the way Parlour writes the file.
    Garbled,
    /// Its bytes are not text.
    NotText,
    /// The system would not read it; the system's own words.
    Io(String),
}

impl Unreadable {
    /// Why the JSON parser stopped, in a player's words rather than its
    /// line and column.
    pub fn of_json(e: &serde_json::Error) -> Self {
        use serde_json::error::Category;
        match e.classify() {
            Category::Eof => Unreadable::CutShort,
            Category::Data => Unreadable::Value,
            Category::Syntax => Unreadable::Garbled,
            Category::Io => Unreadable::Io(e.to_string()),
        }
    }

    /// Reads `bytes` as text and parses them, or says why not.
    pub fn parse<T: serde::de::DeserializeOwned>(bytes: Vec<u8>) -> Result<T, Unreadable> {
        let text = String::from_utf8(bytes).map_err(|_| Unreadable::NotText)?;
        serde_json::from_str(&text).map_err(|e| Unreadable::of_json(&e))
    }

    /// The reason, in the language on show.
    pub fn text(&self) -> String {
        match self {
            Unreadable::CutShort => crate::tr!("file-unreadable-cut-short"),
            Unreadable::Value => crate::tr!("file-unreadable-value"),
            Unreadable::Garbled => crate::tr!("file-unreadable-garbled"),
            Unreadable::NotText => crate::tr!("file-unreadable-not-text"),
            Unreadable::Io(words) => crate::tr!("file-unreadable-io", reason = words.clone()),
        }
    }
}

/// Problems found with Parlour's files, shown on the title screen until dismissed.
#[derive(Resource, Clone, Debug, Default)]
pub struct FileWarnings(pub Vec<FileWarning>);
