//! The settings file: [`Settings`] as JSON in the platform's configuration
//! directory (`$PARLOUR_HOME` in tests and kiosk installs), written whole
//! whenever a setting changes. A file that does not read gives the defaults,
//! a warning on screen, and is kept aside for whoever wants to look at it.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::platform::time::SystemTime;

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowMode, WindowResized};

use crate::storage::{FileWarning, FileWarnings, Unreadable, config_dir, set_aside, write_atomic};

/// The settings file's name in the configuration directory.
pub const FILE: &str = "settings.json";

/// The settings file's path.
pub fn settings_path() -> Option<PathBuf> {
    config_dir().map(|d| d.join(FILE))
}

/// How big words and buttons are, chosen in the settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TextSize {
    /// Smaller than the window alone would make them.
    Small,
    /// As the window's size makes them.
    #[default]
    Normal,
    /// Larger.
    Large,
    /// Larger still, for reading from a distance or with weaker eyes.
    ExtraLarge,
}

impl TextSize {
    /// Every size, smallest first, as the settings list them.
    pub const ALL: [TextSize; 4] = [
        TextSize::Small,
        TextSize::Normal,
        TextSize::Large,
        TextSize::ExtraLarge,
    ];

    /// What it multiplies the window's scale by.
    pub fn factor(self) -> f32 {
        match self {
            TextSize::Small => 0.85,
            TextSize::Normal => 1.0,
            TextSize::Large => 1.2,
            TextSize::ExtraLarge => 1.4,
        }
    }
}

/// How long the searching bots think over a move. Each game turns it into
/// its own think time; a game whose bots do not search ignores it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BotStrength {
    /// A short think, about a quarter of the strong one: quicker turns.
    Quick,
    /// The game's default think time: the strongest play on offer.
    #[default]
    Strong,
}

impl BotStrength {
    /// Both strengths, quickest first, as the settings list them.
    pub const ALL: [BotStrength; 2] = [BotStrength::Quick, BotStrength::Strong];
}

/// What a hint shows, where a game offers more than one kind. A game with a
/// single kind of hint ignores it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HintKind {
    /// The move that does the most this turn, found at once.
    #[default]
    BestNow,
    /// The move a search rates best for the whole match, found by thinking
    /// as long as the bots do (off the frame's thread).
    BestForMatch,
}

impl HintKind {
    /// Both kinds, in the settings' order.
    pub const ALL: [HintKind; 2] = [HintKind::BestNow, HintKind::BestForMatch];
}

/// What the coach at the table does when a person is about to play a
/// mistake (a move that loses 10 points or more, docs/review.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CoachMode {
    /// No coach: every move goes straight to the rules.
    #[default]
    Off,
    /// The coach's move and what it gains, before the mistake is played.
    Warn,
    /// As warn, and one sentence saying why.
    Explain,
}

impl CoachMode {
    /// The three, in the settings' order.
    pub const ALL: [CoachMode; 3] = [CoachMode::Off, CoachMode::Warn, CoachMode::Explain];
}

/// A value read leniently: one this version does not know (a word from a
/// later version, a typo) gives the default rather than a broken file.
fn or_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned + Default,
{
    use serde::Deserialize;
    let value = serde_json::Value::deserialize(deserializer)?;
    Ok(T::deserialize(value).unwrap_or_default())
}

/// A seat of a table a person set, as the settings file keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SetupSeat {
    /// The name typed; empty for a default name ("Player 2", in the
    /// language on screen when the set-up is shown).
    pub name: String,
    /// The bot playing it, by name; none for a person.
    pub bot: Option<String>,
}

/// The last table a person set for a game: what its set-up offers next.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SetupTable {
    /// The variant's name.
    pub variant: String,
    /// One per seat.
    pub seats: Vec<SetupSeat>,
}

/// The remembered tables, read one game at a time: a game's entry that
/// does not read is left out, the others and the rest of the file kept.
fn lenient_tables<'de, D>(
    deserializer: D,
) -> Result<std::collections::BTreeMap<String, SetupTable>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    use serde::Deserialize;
    let value = serde_json::Value::deserialize(deserializer)?;
    let serde_json::Value::Object(games) = value else {
        return Ok(Default::default());
    };
    Ok(games
        .into_iter()
        .filter_map(|(game, table)| {
            let table = SetupTable::deserialize(table).ok()?;
            (!table.seats.is_empty()).then_some((game, table))
        })
        .collect())
}

/// Preferences, kept in the settings file.
///
/// Read leniently: a field left out takes its default, a field this version
/// does not know is ignored, and values out of range are brought back in.
#[derive(Resource, Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Settings {
    /// 0.5 (slow) to 2 (fast); bots' pace and every animation follow it.
    pub animation_speed: f32,
    /// Whether hints may be asked for.
    pub hints: bool,
    /// What a hint shows, where a game offers a choice.
    #[serde(deserialize_with = "or_default")]
    pub hint_kind: HintKind,
    /// How long the searching bots think over a move.
    #[serde(deserialize_with = "or_default")]
    pub bot_strength: BotStrength,
    /// What the coach at the table does.
    #[serde(deserialize_with = "or_default")]
    pub coach: CoachMode,
    /// The language on screen.
    pub language: crate::i18n::Lang,
    /// Whether sounds play (for builds with sound).
    pub sound: bool,
    /// Card faces told apart by symbol and pattern as well as colour.
    pub colour_blind: bool,
    /// How big words and buttons are, on top of the window's own scale.
    pub text_size: TextSize,
    /// Pieces jump to their places and scores do not float up.
    pub reduce_motion: bool,
    /// Start in kiosk mode (as `--kiosk` does).
    pub kiosk: bool,
    /// Kiosk mode: seconds without a touch before the match is put away and
    /// the title comes back (and as long again before attract mode).
    pub idle_timeout_secs: u32,
    /// Kiosk mode: the PIN that lets staff leave; empty, no PIN is asked.
    pub kiosk_pin: String,
    /// The window's size when it was last closed, in logical pixels.
    pub window: Option<(u32, u32)>,
    /// Per game (by its record name), the last table a person set: the
    /// set-up offers it again, after a restart and after attract mode.
    #[serde(deserialize_with = "lenient_tables")]
    pub tables: std::collections::BTreeMap<String, SetupTable>,
    /// The games (by record name) whose lesson has been offered on their
    /// first Play, or taken: each is offered once on a device.
    #[serde(deserialize_with = "or_default")]
    pub lessons_offered: std::collections::BTreeSet<String>,
    /// Kiosk mode: a visitor's first touch during attract mode starts the
    /// lesson of the game on show, rather than the title.
    pub kiosk_lessons: bool,
    /// Kiosk mode: while attract mode plays, a table is hosted for phones
    /// on the network and its code shown (off: the kiosk opens no port).
    #[serde(default)]
    pub kiosk_phones: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            animation_speed: 1.0,
            hints: true,
            hint_kind: HintKind::BestNow,
            bot_strength: BotStrength::Strong,
            coach: CoachMode::Off,
            language: crate::i18n::Lang::system(),
            sound: true,
            colour_blind: false,
            text_size: TextSize::Normal,
            reduce_motion: false,
            kiosk: false,
            idle_timeout_secs: Settings::IDLE_DEFAULT,
            kiosk_pin: String::new(),
            window: None,
            tables: Default::default(),
            lessons_offered: Default::default(),
            kiosk_lessons: false,
            kiosk_phones: false,
        }
    }
}

impl Settings {
    /// The idle timeout when none is set: two minutes.
    pub const IDLE_DEFAULT: u32 = 120;
    /// The shortest and longest idle timeouts offered.
    pub const IDLE_RANGE: std::ops::RangeInclusive<u32> = 30..=1800;

    /// Brings every value into its range (a hand-edited file may hold anything).
    pub fn sanitised(mut self) -> Self {
        self.animation_speed = if self.animation_speed.is_finite() {
            self.animation_speed.clamp(0.5, 2.0)
        } else {
            1.0
        };
        self.idle_timeout_secs = self
            .idle_timeout_secs
            .clamp(*Self::IDLE_RANGE.start(), *Self::IDLE_RANGE.end());
        self.kiosk_pin.retain(|c| c.is_ascii_digit());
        self.kiosk_pin.truncate(8);
        self.window = self
            .window
            .filter(|&(w, h)| (320..=8192).contains(&w) && (320..=8192).contains(&h));
        self
    }
}

/// Reads the settings at `path`: the defaults when there is no file; the
/// defaults and a warning when it does not read, the file set aside.
pub fn load(path: &Path, now: SystemTime) -> (Settings, Option<FileWarning>) {
    let read = match crate::platform::files::read(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Settings::default(), None),
        Err(e) => Err(Unreadable::Io(e.to_string())),
        Ok(bytes) => Unreadable::parse::<Settings>(bytes),
    };
    match read {
        Ok(settings) => (settings.sanitised(), None),
        Err(reason) => {
            let moved_to = set_aside(path, now).ok();
            (
                Settings::default(),
                Some(FileWarning::Settings { reason, moved_to }),
            )
        }
    }
}

/// The settings as the file writes them.
pub fn to_text(settings: &Settings) -> String {
    serde_json::to_string_pretty(settings).unwrap_or_default() + "\n"
}

/// Writes the settings file whole.
pub fn save(path: &Path, settings: &Settings) -> std::io::Result<()> {
    write_atomic(path, &to_text(settings))
}

/// Where the settings are written, and what was last written there.
#[derive(Resource, Clone, Debug, Default)]
pub struct SettingsFile {
    /// The file (`None`: no configuration directory; nothing is written).
    pub path: Option<PathBuf>,
    /// The text last written or read, so an unchanged setting writes nothing.
    pub written: String,
    /// Time since the last change not yet written.
    pending: Option<Duration>,
}

impl SettingsFile {
    /// The file at `path`, holding `settings` now.
    pub fn new(path: Option<PathBuf>, settings: &Settings) -> Self {
        Self {
            path,
            written: to_text(settings),
            pending: None,
        }
    }
}

/// Whether the window's size is remembered: not when the size was asked for
/// on the command line, nor in demo and measured runs.
#[derive(Resource, Clone, Copy, Debug)]
pub struct RememberWindow(pub bool);

impl Default for RememberWindow {
    fn default() -> Self {
        Self(true)
    }
}

/// Writes the settings when they change (a moment after the last change, so
/// dragging a slider writes once), and remembers the window's size.
pub fn plugin(app: &mut App) {
    app.init_resource::<SettingsFile>()
        .init_resource::<FileWarnings>()
        .init_resource::<RememberWindow>()
        .add_systems(Update, (remember_window_size, write_settings).chain());
}

fn write_settings(
    time: Res<Time<Real>>,
    settings: Res<Settings>,
    mut file: ResMut<SettingsFile>,
    mut exits: MessageReader<AppExit>,
) {
    let exiting = exits.read().count() > 0;
    // A screen may touch the settings every frame without changing them:
    // only a different text starts the wait.
    if settings.is_changed() && file.pending.is_none() && to_text(&settings) != file.written {
        file.pending = Some(Duration::ZERO);
    }
    let Some(waited) = file.pending else { return };
    let waited = waited + time.delta();
    if waited < Duration::from_millis(400) && !exiting {
        file.pending = Some(waited);
        return;
    }
    file.pending = None;
    let text = to_text(&settings);
    if text == file.written {
        return;
    }
    let Some(path) = file.path.clone() else {
        return;
    };
    match write_atomic(&path, &text) {
        Ok(()) => file.written = text,
        Err(e) => warn!("could not write the settings to {}: {e}", path.display()),
    }
}

/// A windowed window's size goes into the settings once it stops changing.
fn remember_window_size(
    remember: Res<RememberWindow>,
    mut resized: MessageReader<WindowResized>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut settings: ResMut<Settings>,
) {
    if resized.read().count() == 0 || !remember.0 {
        return;
    }
    let Ok(window) = windows.single() else { return };
    if window.mode != WindowMode::Windowed || !window.decorations {
        return;
    }
    let size = (
        window.resolution.width().round() as u32,
        window.resolution.height().round() as u32,
    );
    if (320..=8192).contains(&size.0)
        && (320..=8192).contains(&size.1)
        && settings.window != Some(size)
    {
        settings.window = Some(size);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "parlour-settings-{name}-{}-{}",
            std::process::id(),
            crate::storage::stamp(SystemTime::now())
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn no_file_gives_the_defaults_without_a_warning() {
        let dir = scratch("none");
        let (settings, warning) = load(&dir.join(FILE), SystemTime::now());
        assert_eq!(settings, Settings::default());
        assert_eq!(warning, None);
    }

    #[test]
    fn settings_are_written_and_read_back() {
        let dir = scratch("round");
        let path = dir.join(FILE);
        let settings = Settings {
            animation_speed: 1.5,
            hints: false,
            hint_kind: HintKind::BestForMatch,
            bot_strength: BotStrength::Quick,
            coach: CoachMode::Warn,
            language: crate::i18n::Lang::Da,
            sound: false,
            colour_blind: true,
            text_size: TextSize::Large,
            reduce_motion: true,
            kiosk: true,
            idle_timeout_secs: 300,
            kiosk_pin: "2468".into(),
            window: Some((1024, 768)),
            tables: [(
                "rummy".to_owned(),
                SetupTable {
                    variant: "classic".into(),
                    seats: vec![SetupSeat {
                        name: "Tess".into(),
                        bot: None,
                    }],
                },
            )]
            .into(),
            lessons_offered: ["neighbours".to_owned()].into(),
            kiosk_lessons: true,
            kiosk_phones: true,
        };
        save(&path, &settings).unwrap();
        let (back, warning) = load(&path, SystemTime::now());
        assert_eq!(warning, None);
        assert_eq!(back, settings);
    }

    /// A change made on a screen reaches the file: a moment after the last
    /// change (not at once, so a slider dragged writes once), and read back
    /// as it was set.
    #[test]
    fn a_change_is_written_to_the_file_a_moment_later() {
        let dir = scratch("written");
        let path = dir.join(FILE);
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<WindowResized>()
            .add_message::<AppExit>();
        let settings = Settings::default();
        app.insert_resource(SettingsFile::new(Some(path.clone()), &settings))
            .insert_resource(settings)
            // A tenth of a second a frame, whatever the machine.
            .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
                Duration::from_millis(100),
            ))
            .add_plugins(plugin);
        app.update();
        app.world_mut().resource_mut::<Settings>().text_size = TextSize::ExtraLarge;
        app.update();
        assert!(!path.exists(), "not at once");
        for _ in 0..10 {
            if path.exists() {
                break;
            }
            app.update();
        }
        assert!(path.exists(), "written within a second");
        let (back, warning) = load(&path, SystemTime::now());
        assert_eq!(warning, None);
        assert_eq!(back.text_size, TextSize::ExtraLarge);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_broken_settings_file_gives_defaults_a_warning_and_is_kept() {
        let dir = scratch("broken");
        let path = dir.join(FILE);
        std::fs::write(&path, "{\"animation_speed\": 1.5, \"hints\": tr").unwrap();
        let (settings, warning) = load(&path, SystemTime::now());
        assert_eq!(settings, Settings::default());
        let reason = match &warning {
            Some(FileWarning::Settings { reason, .. }) => reason.text(),
            _ => String::new(),
        };
        assert!(
            !reason.contains("line") && !reason.contains("column"),
            "the reason is in words, not the parser's: {reason}"
        );
        let Some(FileWarning::Settings {
            moved_to: Some(kept),
            ..
        }) = warning
        else {
            panic!("expected a settings warning naming the kept file, got {warning:?}");
        };
        assert!(!path.exists(), "the broken file is out of the way");
        assert_eq!(
            std::fs::read_to_string(&kept).unwrap(),
            "{\"animation_speed\": 1.5, \"hints\": tr",
            "and kept as it was"
        );
        assert!(
            kept.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("settings.json.broken-")
        );
    }

    #[test]
    fn a_field_of_the_wrong_type_is_a_broken_file() {
        let dir = scratch("type");
        let path = dir.join(FILE);
        std::fs::write(&path, r#"{"hints": "maybe"}"#).unwrap();
        let (_, warning) = load(&path, SystemTime::now());
        assert!(matches!(warning, Some(FileWarning::Settings { .. })));
    }

    #[test]
    fn missing_and_unknown_fields_are_fine_and_values_come_back_in_range() {
        let dir = scratch("lenient");
        let path = dir.join(FILE);
        std::fs::write(
            &path,
            r#"{"animation_speed": 40, "idle_timeout_secs": 1, "kiosk_pin": "12a34", "from_the_future": 1}"#,
        )
        .unwrap();
        let (settings, warning) = load(&path, SystemTime::now());
        assert_eq!(warning, None);
        assert_eq!(settings.animation_speed, 2.0);
        assert_eq!(settings.idle_timeout_secs, 30);
        assert_eq!(settings.kiosk_pin, "1234");
        assert!(settings.hints, "left out: the default");
    }

    #[test]
    fn bot_strength_and_hint_kind_are_written_and_read_back_in_words() {
        let dir = scratch("strength");
        let path = dir.join(FILE);
        let settings = Settings {
            bot_strength: BotStrength::Quick,
            hint_kind: HintKind::BestForMatch,
            ..Settings::default()
        };
        save(&path, &settings).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(r#""bot_strength": "quick""#), "{text}");
        assert!(text.contains(r#""hint_kind": "best-for-match""#), "{text}");
        let (back, warning) = load(&path, SystemTime::now());
        assert_eq!(warning, None);
        assert_eq!(back.bot_strength, BotStrength::Quick);
        assert_eq!(back.hint_kind, HintKind::BestForMatch);
    }

    #[test]
    fn bot_strength_and_hint_kind_default_to_strong_and_the_most_now() {
        let settings = Settings::default();
        assert_eq!(settings.bot_strength, BotStrength::Strong);
        assert_eq!(settings.hint_kind, HintKind::BestNow);
    }

    #[test]
    fn an_unknown_bot_strength_or_hint_kind_gives_the_default_and_keeps_the_rest() {
        let dir = scratch("unknown-strength");
        let path = dir.join(FILE);
        std::fs::write(
            &path,
            r#"{"bot_strength": "fiendish", "hint_kind": 3, "hints": false, "animation_speed": 1.5}"#,
        )
        .unwrap();
        let (settings, warning) = load(&path, SystemTime::now());
        assert_eq!(warning, None, "not a broken file");
        assert!(path.exists(), "and not set aside");
        assert_eq!(settings.bot_strength, BotStrength::Strong);
        assert_eq!(settings.hint_kind, HintKind::BestNow);
        assert!(!settings.hints, "the other settings are read as written");
        assert_eq!(settings.animation_speed, 1.5);
    }

    #[test]
    fn the_coach_is_off_by_default_kept_in_words_and_an_unknown_word_turns_it_off() {
        assert_eq!(Settings::default().coach, CoachMode::Off);
        let dir = scratch("coach");
        let path = dir.join(FILE);
        let settings = Settings {
            coach: CoachMode::Explain,
            ..Settings::default()
        };
        save(&path, &settings).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(r#""coach": "explain""#), "{text}");
        assert_eq!(load(&path, SystemTime::now()).0.coach, CoachMode::Explain);
        std::fs::write(&path, r#"{"coach": "shout", "hints": false}"#).unwrap();
        let (settings, warning) = load(&path, SystemTime::now());
        assert_eq!(warning, None, "not a broken file");
        assert_eq!(settings.coach, CoachMode::Off);
        assert!(!settings.hints, "the rest is read as written");
    }
}
