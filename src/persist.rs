//! What Parlour keeps on disk: the match in progress, written after every
//! move so that a power cut loses at most the move in flight; the finished
//! matches (the history); and the safe ways to write and set aside files.
//!
//! Every file is written whole or not at all ([`write_atomic`]), and a file
//! that cannot be read is renamed aside ([`set_aside`]) — never deleted,
//! never written over — and reported on screen.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use parlour_core::engine::record::{self, FORMAT, Record, RecordError};
use parlour_core::engine::{Game, Match, Seat};

use crate::games::{ForGame, for_game};

/// Where Parlour keeps its files: `$PARLOUR_HOME` when set (kiosk installs,
/// tests), else the platform's data directory.
pub fn home() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PARLOUR_HOME") {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("org", "Parlour", "Parlour").map(|d| d.data_dir().to_path_buf())
}

/// Where Parlour keeps its settings and statistics: `$PARLOUR_HOME` when set,
/// else the platform's configuration directory.
pub fn config_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PARLOUR_HOME") {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("org", "Parlour", "Parlour")
        .map(|d| d.config_dir().to_path_buf())
}

/// The file of the match in progress.
pub fn current_save() -> Option<PathBuf> {
    home().map(|h| h.join("saves").join("current.json"))
}

/// The folder of finished matches.
pub fn history_dir() -> Option<PathBuf> {
    home().map(|h| h.join("history"))
}

/// Keeps the matches of game `G`: saved after each move, resumed by
/// "Continue", filed in the history and counted in the statistics when over,
/// watched again from the history (see [`crate::saves`]).
pub fn autosave_plugin<G: Game>(app: &mut App) {
    crate::saves::match_plugin::<G>(app);
}

/// How many finished matches the history keeps; the oldest go first.
pub const HISTORY_CAP: usize = 50;

/// Writes `text` to `path` so that the file is either the old one or the
/// whole new one, never a mix: a temporary file beside it, flushed to disk,
/// then renamed over it.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    write_atomic_with(path, |file| file.write_all(text.as_bytes()))
}

/// [`write_atomic`] with the writing done by `write`: if it fails part-way
/// (a full disk, a crash), the old file at `path` is left whole.
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> std::io::Result<()>,
) -> std::io::Result<()> {
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

/// A time as file names write it, sortable: `20250301-140205-123` (UTC).
pub fn stamp(time: SystemTime) -> String {
    let since = time.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = since.as_secs();
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let rest = secs % 86_400;
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}-{:03}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60,
        since.subsec_millis()
    )
}

/// The time a [`stamp`] names.
pub fn parse_stamp(text: &str) -> Option<SystemTime> {
    let b = text.as_bytes();
    if b.len() < 19 || b[8] != b'-' || b[15] != b'-' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u64> { text.get(r)?.parse().ok() };
    let (y, m, d) = (num(0..4)?, num(4..6)?, num(6..8)?);
    let (hh, mm, ss, ms) = (num(9..11)?, num(11..13)?, num(13..15)?, num(16..19)?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) || hh > 23 || mm > 59 || ss > 60 {
        return None;
    }
    let days = days_from_civil(y as i64, m as u32, d as u32);
    let secs = u64::try_from(days).ok()? * 86_400 + hh * 3600 + mm * 60 + ss;
    Some(UNIX_EPOCH + Duration::from_secs(secs) + Duration::from_millis(ms))
}

/// Year, month, day of a day count from 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The day count from 1970-01-01 of a date (the inverse of [`civil_from_days`]).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from((m + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Renames a file that cannot be read to `<name>.broken-<stamp>` beside it,
/// so nothing is lost and the next write does not land on it. Returns the
/// new path; an existing file of that name is never replaced.
pub fn set_aside(path: &Path, now: SystemTime) -> std::io::Result<PathBuf> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("file")
        .to_owned();
    let base = format!("{name}.broken-{}", stamp(now));
    for n in 0..1000 {
        let candidate = if n == 0 {
            path.with_file_name(&base)
        } else {
            path.with_file_name(format!("{base}-{n}"))
        };
        if candidate.exists() {
            continue;
        }
        fs::rename(path, &candidate)?;
        return Ok(candidate);
    }
    Err(std::io::Error::other("too many files set aside already"))
}

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
    if !crate::games::NAMES.contains(&game.as_str()) {
        return Err(SaveProblem::UnknownGame(game));
    }
    let record = Record::from_json(text).map_err(|e| SaveProblem::NotARecord(e.to_string()))?;
    match for_game(&record.game, Check(&record)) {
        Err(e) => Err(SaveProblem::UnknownGame(e)),
        Ok(Err(e)) => Err(SaveProblem::Refused(e.to_string())),
        Ok(Ok(checked)) => Ok(checked),
    }
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
    let text = match fs::read(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return SlotContents::Empty,
        Err(e) => Err(SaveProblem::Unreadable(e.to_string())),
        Ok(bytes) => String::from_utf8(bytes)
            .map_err(|_| SaveProblem::NotJson("the file is not text".into())),
    };
    match text.and_then(|t| check_record(&t)) {
        Ok(checked) if checked.over => match file_finished(history, &checked.record, now) {
            Ok(filed) => {
                let _ = fs::remove_file(path);
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
/// [`HISTORY_CAP`] matches.
pub fn file_finished(dir: &Path, record: &Record, now: SystemTime) -> std::io::Result<PathBuf> {
    let base = format!("{}-{}", stamp(now), record.game);
    let mut path = dir.join(format!("{base}.json"));
    let mut n = 1;
    while path.exists() {
        n += 1;
        path = dir.join(format!("{base}-{n}.json"));
    }
    write_atomic(&path, &record.to_json())?;
    trim_history(dir, HISTORY_CAP)?;
    Ok(path)
}

/// The history's files, newest first (their names start with the time they were filed).
pub fn history_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| parse_stamp(n).is_some())
        })
        .collect();
    files.sort_by(|a, b| b.file_name().cmp(&a.file_name()));
    files
}

/// Removes the oldest matches beyond `cap`.
pub fn trim_history(dir: &Path, cap: usize) -> std::io::Result<()> {
    for old in history_files(dir).into_iter().skip(cap) {
        fs::remove_file(old)?;
    }
    Ok(())
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
        match fs::read_to_string(&path)
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

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "parlour-persist-{name}-{}-{}",
            std::process::id(),
            stamp(SystemTime::now())
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn an_atomic_write_replaces_the_whole_file() {
        let dir = scratch("whole");
        let path = dir.join("save.json");
        write_atomic(&path, "first").unwrap();
        write_atomic(&path, "second, longer").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second, longer");
        let leftovers: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "no temporary file is left behind");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_write_interrupted_part_way_leaves_the_old_file_whole() {
        let dir = scratch("interrupted");
        let path = dir.join("save.json");
        write_atomic(&path, "the old match, whole").unwrap();
        let result = write_atomic_with(&path, |file| {
            file.write_all(b"the new ma")?;
            Err(std::io::Error::other("the power went out"))
        });
        assert!(result.is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "the old match, whole");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no half file left");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn stamps_sort_as_time_and_read_back() {
        let t = UNIX_EPOCH + Duration::from_millis(1_740_837_725_123);
        assert_eq!(stamp(t), "20250301-140205-123");
        assert_eq!(parse_stamp("20250301-140205-123-neighbours.json"), Some(t));
        assert_eq!(stamp(UNIX_EPOCH), "19700101-000000-000");
        assert!(stamp(t) < stamp(t + Duration::from_secs(86_400 * 400)));
        assert_eq!(parse_stamp("not a stamp at all"), None);
    }

    #[test]
    fn setting_aside_never_replaces_a_file() {
        let dir = scratch("aside");
        let path = dir.join("current.json");
        let now = SystemTime::now();
        fs::write(&path, "one").unwrap();
        let first = set_aside(&path, now).unwrap();
        fs::write(&path, "two").unwrap();
        let second = set_aside(&path, now).unwrap();
        assert_ne!(first, second);
        assert_eq!(fs::read_to_string(first).unwrap(), "one");
        assert_eq!(fs::read_to_string(second).unwrap(), "two");
        assert!(!path.exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn newer_formats_are_told_from_foreign_ones() {
        assert!(is_newer_format("parlour-record/2"));
        assert!(!is_newer_format("parlour-record/0"));
        assert!(!is_newer_format("chess-pgn/1"));
    }
}
