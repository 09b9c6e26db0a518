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
        reason: String,
        /// Where the file was put.
        moved_to: Option<PathBuf>,
    },
    /// The statistics file did not read: counting starts again.
    Statistics {
        /// Why.
        reason: String,
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
                reason = reason.clone(),
                file = file(moved_to)
            ),
            FileWarning::Statistics { reason, moved_to } => crate::tr!(
                "warning-statistics",
                reason = reason.clone(),
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

/// Problems found with Parlour's files, shown on the title screen until dismissed.
#[derive(Resource, Clone, Debug, Default)]
pub struct FileWarnings(pub Vec<FileWarning>);
