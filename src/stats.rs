//! Statistics by player name: matches played and won in each game, and the
//! best score, kept in `statistics.json` in the data folder (beside the
//! saves and the history: what Parlour records, not what it is told) and brought up
//! to date at the end of every match people played (bots, attract mode and
//! replays do not count).

use crate::platform::time::SystemTime;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::storage::{FileWarning, Unreadable, config_dir, home, set_aside, write_atomic};

/// The statistics file's name in the data folder.
pub const FILE: &str = "statistics.json";

/// The statistics file's path.
pub fn statistics_path() -> Option<PathBuf> {
    home().map(|d| d.join(FILE))
}

/// The file to read the statistics from: their own, or, before it has been
/// written, the one earlier versions kept beside the settings (the next
/// match's end writes it to its new place).
pub fn statistics_to_read() -> Option<PathBuf> {
    let path = statistics_path()?;
    let former = config_dir().map(|d| d.join(FILE));
    match former {
        Some(former) if !path.exists() && former.exists() => Some(former),
        _ => Some(path),
    }
}

/// One person's record in one game.
// Read leniently, as the settings are: a field a later version adds is
// skipped, a missing one takes its default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
    /// Matches played to the end.
    pub played: u32,
    /// Matches won (a shared win counts).
    pub won: u32,
    /// The best final score (each game's own score: points, bouts, match total).
    pub best: Option<i64>,
}

/// Every name's tallies, by game.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Statistics {
    /// Name → game (as records name it) → tally.
    pub players: BTreeMap<String, BTreeMap<String, Tally>>,
}

/// One seat at a match's end, for [`Statistics::count_match`].
#[derive(Clone, Debug, PartialEq)]
pub struct Finisher {
    /// The seat's name.
    pub name: String,
    /// Whether a person played it (only people are counted).
    pub person: bool,
    /// The final score.
    pub score: i64,
    /// Whether the seat won or shared the win.
    pub won: bool,
}

impl Statistics {
    /// Counts a finished match of `game`.
    pub fn count_match(&mut self, game: &str, seats: &[Finisher]) {
        for seat in seats.iter().filter(|s| s.person) {
            let name = seat.name.trim();
            // "Player 1" is nobody's name: counting it would add up
            // strangers (and give one person a name per language).
            if name.is_empty() || crate::i18n::default_name_number(name).is_some() {
                continue;
            }
            let tally = self
                .players
                .entry(name.to_owned())
                .or_default()
                .entry(game.to_owned())
                .or_default();
            tally.played += 1;
            tally.won += u32::from(seat.won);
            tally.best = Some(tally.best.map_or(seat.score, |b| b.max(seat.score)));
        }
    }

    /// A name's tally in a game.
    pub fn tally(&self, name: &str, game: &str) -> Tally {
        self.players
            .get(name)
            .and_then(|g| g.get(game))
            .copied()
            .unwrap_or_default()
    }
}

/// Reads the statistics at `path`: empty when there is no file; empty and a
/// warning when it does not read, the file set aside.
pub fn load(path: &Path, now: SystemTime) -> (Statistics, Option<FileWarning>) {
    let read = match crate::platform::files::read(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return (Statistics::default(), None);
        }
        Err(e) => Err(Unreadable::Io(e.to_string())),
        Ok(bytes) => Unreadable::parse::<Statistics>(bytes),
    };
    match read {
        Ok(stats) => (stats, None),
        Err(reason) => {
            let moved_to = set_aside(path, now).ok();
            (
                Statistics::default(),
                Some(FileWarning::Statistics { reason, moved_to }),
            )
        }
    }
}

/// Writes the statistics file whole.
pub fn save(path: &Path, stats: &Statistics) -> std::io::Result<()> {
    write_atomic(
        path,
        &(serde_json::to_string_pretty(stats).unwrap_or_default() + "\n"),
    )
}

/// Where the statistics are kept (`None`: nowhere; they live for the session).
#[derive(Resource, Clone, Debug, Default)]
pub struct StatisticsFile(pub Option<PathBuf>);

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(name: &str, person: bool, score: i64, won: bool) -> Finisher {
        Finisher {
            name: name.into(),
            person,
            score,
            won,
        }
    }

    #[test]
    fn a_match_counts_for_every_person_at_the_table() {
        let mut stats = Statistics::default();
        stats.count_match(
            "neighbours",
            &[seat("Anna", true, 80, true), seat("Ada", false, 60, false)],
        );
        stats.count_match(
            "neighbours",
            &[seat("Anna", true, 95, false), seat("Ada", false, 120, true)],
        );
        assert_eq!(
            stats.tally("Anna", "neighbours"),
            Tally {
                played: 2,
                won: 1,
                best: Some(95)
            }
        );
        assert_eq!(
            stats.tally("Ada", "neighbours"),
            Tally::default(),
            "bots are not counted"
        );
        assert_eq!(stats.tally("Anna", "rummy"), Tally::default());
    }

    #[test]
    fn a_shared_win_is_a_win_for_each() {
        let mut stats = Statistics::default();
        stats.count_match(
            "rummy",
            &[seat("Bo", true, 0, true), seat("Cy", true, 0, true)],
        );
        assert_eq!(stats.tally("Bo", "rummy").won, 1);
        assert_eq!(stats.tally("Cy", "rummy").won, 1);
    }

    #[test]
    fn negative_best_scores_are_kept() {
        let mut stats = Statistics::default();
        stats.count_match("rummy", &[seat("Bo", true, -40, false)]);
        stats.count_match("rummy", &[seat("Bo", true, -12, false)]);
        assert_eq!(stats.tally("Bo", "rummy").best, Some(-12));
    }

    #[test]
    fn statistics_are_written_and_read_back_and_a_broken_file_is_kept() {
        let dir = std::env::temp_dir().join(format!(
            "parlour-stats-{}-{}",
            std::process::id(),
            crate::storage::stamp(SystemTime::now())
        ));
        let path = dir.join(FILE);
        let mut stats = Statistics::default();
        stats.count_match("paper-boxing", &[seat("Anna", true, 9, true)]);
        save(&path, &stats).unwrap();
        assert_eq!(load(&path, SystemTime::now()), (stats, None));
        std::fs::write(&path, "{\"players\": {").unwrap();
        let (empty, warning) = load(&path, SystemTime::now());
        assert_eq!(empty, Statistics::default());
        let Some(FileWarning::Statistics {
            moved_to: Some(kept),
            reason,
        }) = warning
        else {
            panic!("{warning:?}")
        };
        // Said in words ("cut short"), not the parser's line and column.
        assert_eq!(reason, Unreadable::CutShort);
        assert_eq!(std::fs::read_to_string(kept).unwrap(), "{\"players\": {");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn statistics_from_another_version_are_read_leniently() {
        // A later version's field is skipped; a field it dropped takes its default.
        let text = r#"{"players": {"Anna": {"rummy": {"played": 3, "won": 2, "streak": 2}}},
                       "since": "2026-01-01"}"#;
        let stats: Statistics = serde_json::from_str(text).unwrap();
        let tally = stats.players["Anna"]["rummy"];
        assert_eq!((tally.played, tally.won, tally.best), (3, 2, None));
        assert_eq!(
            serde_json::from_str::<Statistics>("{}").unwrap(),
            Statistics::default()
        );
    }
}
