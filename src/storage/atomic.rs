//! Files written whole or not at all, file-name time stamps, and files
//! set aside instead of deleted.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::platform::files;
use crate::platform::time::{SystemTime, UNIX_EPOCH};

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
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    files::write_whole(path, write)
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
///
/// In a page the rename is two calls, the copy made first: a page stopped
/// between them leaves the file and a whole copy of it. Such a copy (one
/// set aside before, holding the same bytes) is taken as the set-aside
/// finished — the file is removed and the copy named — rather than a
/// second copy made.
pub fn set_aside(path: &Path, now: SystemTime) -> std::io::Result<PathBuf> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("file")
        .to_owned();
    if let Some(copy) = copy_set_aside_before(path, &name) {
        files::remove(path)?;
        return Ok(copy);
    }
    let base = format!("{name}.broken-{}", stamp(now));
    for n in 0..1000 {
        let candidate = if n == 0 {
            path.with_file_name(&base)
        } else {
            path.with_file_name(format!("{base}-{n}"))
        };
        if files::exists(&candidate) {
            continue;
        }
        files::rename(path, &candidate)?;
        return Ok(candidate);
    }
    Err(std::io::Error::other("too many files set aside already"))
}

/// A copy of the file `name` set aside before whose bytes are the file's.
fn copy_set_aside_before(path: &Path, name: &str) -> Option<PathBuf> {
    let text = files::read(path).ok()?;
    let prefix = format!("{name}.broken-");
    let mut copies: Vec<PathBuf> = files::list(path.parent()?)
        .ok()?
        .into_iter()
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&prefix))
        })
        .collect();
    // The latest first: a stopped set-aside is the last one made.
    copies.sort_by(|a, b| b.cmp(a));
    copies
        .into_iter()
        .find(|p| files::read(p).is_ok_and(|copy| copy == text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

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
}
