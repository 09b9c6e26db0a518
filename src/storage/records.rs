//! Match records on disk: the save slot's match in progress, checked move
//! by move before it is offered, and the finished matches of the history.

use crate::platform::time::{SystemTime, UNIX_EPOCH};
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use parlour_core::engine::record::{self, FORMAT, Record, RecordError};
use parlour_core::engine::{Game, Match, Seat};
use parlour_core::games::{ForGame, NAMES, for_game};

use crate::platform::files;

use std::io::Write;

use super::atomic::{parse_stamp, set_aside, stamp, write_atomic_with};

/// How many finished matches the history keeps; the oldest go first.
pub const HISTORY_CAP: usize = 50;

/// Why a saved match cannot be continued.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaveProblem {
    /// The file could not be read at all.
    #[error("the file cannot be read: {0}")]
    Unreadable(String),
    /// Not JSON: garbage, or another kind of file.
    #[error("it is not a match record: {0}")]
    NotJson(String),
    /// JSON that stops short: the file was cut off.
    #[error("the file is cut short")]
    Truncated,
    /// JSON, but not shaped like a record.
    #[error("it is not a valid match record: {0}")]
    NotARecord(String),
    /// A record written by a newer Parlour.
    #[error("it was written by a newer version of Parlour (format {0:?})")]
    NewerFormat(String),
    /// A record of a game this version does not know.
    #[error("it is a match of an unknown game, {0:?}")]
    UnknownGame(String),
    /// A record whose deal or moves the rules refuse.
    #[error("the rules refuse it: {0}")]
    Refused(String),
}

impl SaveProblem {
    /// The reason in the language on screen.
    pub fn text(&self) -> String {
        match self {
            SaveProblem::Unreadable(e) => crate::tr!("problem-unreadable", reason = e.clone()),
            SaveProblem::NotJson(_) | SaveProblem::NotARecord(_) => crate::tr!("problem-garbage"),
            SaveProblem::Truncated => crate::tr!("problem-truncated"),
            SaveProblem::NewerFormat(_) => crate::tr!("problem-newer"),
            SaveProblem::UnknownGame(g) => crate::tr!("problem-unknown-game", game = g.clone()),
            SaveProblem::Refused(e) => crate::tr!("problem-refused", reason = e.clone()),
        }
    }
}

/// A record read from disk and checked move by move with the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedRecord {
    /// The record.
    pub record: Record,
    /// Whether the match is over.
    pub over: bool,
    /// Each seat's score where the record ends.
    pub scores: Vec<i64>,
    /// The winners, once over.
    pub winners: Vec<Seat>,
}

struct Check<'a>(&'a Record);

impl ForGame for Check<'_> {
    type Output = Result<CheckedRecord, RecordError>;
    fn run<G: Game>(self) -> Self::Output {
        let game = Match::<G>::from_record(self.0, |v| G::variant(v).ok())?;
        Ok(CheckedRecord {
            record: self.0.clone(),
            over: game.is_over(),
            scores: game.scores(),
            winners: game.winners(),
        })
    }
}

/// Reads a record's text and checks every move with its game's rules; the
/// reason it cannot be used, in a form the screen can say in one line.
pub fn check_record(text: &str) -> Result<CheckedRecord, SaveProblem> {
    let record = read_record(text)?;
    match for_game(&record.game, Check(&record)) {
        Err(e) => Err(SaveProblem::UnknownGame(e)),
        Ok(Err(e)) => Err(SaveProblem::Refused(e.to_string())),
        Ok(Ok(checked)) => Ok(checked),
    }
}

/// Reads a record's text as a record of a game this version knows,
/// without playing its moves through the rules (what [`check_record`]
/// adds): quick enough to look over the whole history at start-up.
pub fn read_record(text: &str) -> Result<Record, SaveProblem> {
    if let Err(e) = serde_json::from_str::<serde_json::Value>(text) {
        return Err(if e.is_eof() {
            SaveProblem::Truncated
        } else {
            SaveProblem::NotJson(e.to_string())
        });
    }
    let game = record::game_of(text).map_err(|e| match e {
        RecordError::Format(f) if is_newer_format(&f) => SaveProblem::NewerFormat(f),
        e => SaveProblem::NotARecord(e.to_string()),
    })?;
    if !NAMES.contains(&game.as_str()) {
        return Err(SaveProblem::UnknownGame(game));
    }
    Record::from_json(text).map_err(|e| SaveProblem::NotARecord(e.to_string()))
}

/// Whether `format` is a later version of the record format than this one reads.
fn is_newer_format(format: &str) -> bool {
    let version = |f: &str| -> Option<u32> { f.strip_prefix("parlour-record/")?.parse().ok() };
    matches!((version(format), version(FORMAT)), (Some(v), Some(ours)) if v > ours)
}

/// What was found in the save slot at start-up.
#[derive(Clone, Debug, PartialEq)]
pub enum SlotContents {
    /// No saved match.
    Empty,
    /// A match to continue.
    Unfinished(Box<CheckedRecord>),
    /// A match that was over but not yet filed: it went to the history.
    Filed(PathBuf),
    /// A file that cannot be continued, and where it was put.
    Broken {
        /// Why.
        problem: SaveProblem,
        /// Where it is now (`None` when it could not be moved).
        moved_to: Option<PathBuf>,
    },
}

/// Looks at the save slot `path`: a match to continue, nothing, or a broken
/// file — which is set aside so that no later save lands on it.
pub fn open_slot(path: &Path, history: &Path, now: SystemTime) -> SlotContents {
    let text = match files::read(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return SlotContents::Empty,
        Err(e) => Err(SaveProblem::Unreadable(e.to_string())),
        Ok(bytes) => String::from_utf8(bytes)
            .map_err(|_| SaveProblem::NotJson("the file is not text".into())),
    };
    match text.and_then(|t| check_record(&t)) {
        Ok(checked) if checked.over => match file_finished(history, &checked.record, now) {
            Ok(filed) => {
                let _ = files::remove(path);
                SlotContents::Filed(filed)
            }
            Err(e) => {
                warn!("could not file the finished match: {e}");
                SlotContents::Empty
            }
        },
        Ok(checked) => SlotContents::Unfinished(Box::new(checked)),
        Err(problem) => SlotContents::Broken {
            moved_to: set_aside(path, now).ok(),
            problem,
        },
    }
}

/// Files a finished match in the history folder, then trims the folder to
/// [`HISTORY_CAP`] matches (fewer if the storage is full).
pub fn file_finished(dir: &Path, record: &Record, now: SystemTime) -> std::io::Result<PathBuf> {
    file_finished_with(dir, record, now, |file, json| {
        file.write_all(json.as_bytes())
    })
}

/// [`file_finished`] with the file's writing done by `write` (given the
/// file and the record's text): how a test makes a disk that is full.
pub fn file_finished_with(
    dir: &Path,
    record: &Record,
    now: SystemTime,
    mut write: impl FnMut(&mut dyn Write, &str) -> std::io::Result<()>,
) -> std::io::Result<PathBuf> {
    let base = format!("{}-{}", stamp(now), record.game);
    let mut path = dir.join(format!("{base}.json"));
    let mut n = 1;
    while files::exists(&path) {
        n += 1;
        path = dir.join(format!("{base}-{n}.json"));
    }
    let json = record.to_json();
    // A full storage (a browser page's few megabytes) makes room as the cap
    // does: the oldest match goes first; the newest is kept if any is.
    while let Err(e) = write_atomic_with(&path, |file| write(file, &json)) {
        let oldest = history_files(dir).pop();
        match oldest {
            Some(old) if e.kind() == std::io::ErrorKind::StorageFull => files::remove(&old)?,
            _ => return Err(e),
        }
    }
    trim_history(dir, HISTORY_CAP)?;
    Ok(path)
}

/// The history's files, newest first (their names start with the time they were filed).
pub fn history_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = files::list(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .into_iter()
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| parse_stamp(n).is_some())
        })
        .collect();
    found.sort_by(|a, b| b.file_name().cmp(&a.file_name()));
    found
}

/// Removes the oldest matches beyond `cap`.
pub fn trim_history(dir: &Path, cap: usize) -> std::io::Result<()> {
    for old in history_files(dir).into_iter().skip(cap) {
        files::remove(&old)?;
    }
    Ok(())
}

/// Looks over the history's files at start-up: each that does not read
/// as a match record (garbage, cut short, of an unknown game) is set aside
/// — never deleted — and named, with why, for the title screen.
pub fn set_aside_bad_history(dir: &Path, now: SystemTime) -> Vec<(SaveProblem, Option<PathBuf>)> {
    let mut bad = Vec::new();
    for path in history_files(dir) {
        let problem = match files::read(&path) {
            Err(e) => SaveProblem::Unreadable(e.to_string()),
            Ok(bytes) => match String::from_utf8(bytes) {
                Err(_) => SaveProblem::NotJson("the file is not text".into()),
                Ok(text) => match read_record(&text) {
                    Ok(_) => continue,
                    Err(problem) => problem,
                },
            },
        };
        warn!("{}: {problem}", path.display());
        bad.push((problem, set_aside(&path, now).ok()));
    }
    bad
}

/// One finished match of the history.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryEntry {
    /// Its file.
    pub path: PathBuf,
    /// When it was filed.
    pub finished: SystemTime,
    /// The match, checked.
    pub checked: CheckedRecord,
}

/// The history, newest first; files that no longer read are left out (and counted).
pub fn read_history(dir: &Path) -> (Vec<HistoryEntry>, usize) {
    let mut entries = Vec::new();
    let mut unreadable = 0;
    for path in history_files(dir) {
        let finished = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(parse_stamp)
            .unwrap_or(UNIX_EPOCH);
        match files::read_to_string(&path)
            .map_err(|e| SaveProblem::Unreadable(e.to_string()))
            .and_then(|t| check_record(&t))
        {
            Ok(checked) => entries.push(HistoryEntry {
                path,
                finished,
                checked,
            }),
            Err(e) => {
                warn!("{}: {e}", path.display());
                unreadable += 1;
            }
        }
    }
    (entries, unreadable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newer_formats_are_told_from_foreign_ones() {
        assert!(is_newer_format("parlour-record/2"));
        assert!(!is_newer_format("parlour-record/0"));
        assert!(!is_newer_format("chess-pgn/1"));
    }
}
