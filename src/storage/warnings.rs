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
        reason: String,
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
    /// One line for the screen, in the language on show.
    pub fn text(&self) -> String {
        let file = |p: &Option<PathBuf>| {
            p.as_ref()
                .and_then(|p| p.file_name())
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        };
        match self {
            FileWarning::Settings { reason, moved_to } => crate::tr!(
                "warning-settings",
                reason = reason.text(),
                file = file(moved_to)
            ),
            FileWarning::Statistics { reason, moved_to } => crate::tr!(
                "warning-statistics",
                reason = reason.text(),
                file = file(moved_to)
            ),
            FileWarning::Save { problem, moved_to } => match moved_to {
                Some(_) => crate::tr!(
                    "warning-save",
                    reason = problem.text(),
                    file = file(moved_to)
                ),
                None => crate::tr!("warning-save-stuck", reason = problem.text()),
            },
            FileWarning::Unsaved { reason } => {
                crate::tr!("warning-unsaved", reason = reason.clone())
            }
            FileWarning::Variant { file, reason } => crate::tr!(
                "warning-variant",
                file = file.clone(),
                reason = reason.clone()
            ),
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
