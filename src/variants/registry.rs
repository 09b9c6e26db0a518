//! The variants on offer: every entry names its game, its words in each
//! language and the rules string the record will carry.

use bevy::prelude::*;
use parlour_core::engine::VariantError;
use serde::Deserialize;

use crate::catalog::{GameCatalog, GameId};
use crate::i18n::Lang;

/// A text in English, and in French and Danish when it has been written in them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Words {
    /// English: always there, and what the other languages fall back to.
    pub en: String,
    /// French.
    #[serde(default)]
    pub fr: Option<String>,
    /// Danish.
    #[serde(default)]
    pub da: Option<String>,
}

impl Words {
    /// The same text in all three languages.
    pub fn new(en: &str, fr: &str, da: &str) -> Self {
        Self {
            en: en.to_owned(),
            fr: Some(fr.to_owned()),
            da: Some(da.to_owned()),
        }
    }

    /// The text in `lang`, or in English when it has none.
    pub fn get(&self, lang: Lang) -> &str {
        let own = match lang {
            Lang::En => None,
            Lang::Fr => self.fr.as_deref(),
            Lang::Da => self.da.as_deref(),
        };
        own.filter(|t| !t.trim().is_empty()).unwrap_or(&self.en)
    }

    /// The text in the language on screen.
    pub fn shown(&self) -> &str {
        self.get(crate::i18n::language())
    }
}

/// Where an entry came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A file built into the program, by its path among the shipped files
    /// (`neighbours/diamond.variant.ron`).
    BuiltIn(String),
    /// A data file, by its path (`/etc/parlour/variants/quick.variant.ron`).
    File(String),
    /// A plugin, by its name.
    Plugin(&'static str),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::BuiltIn(path) => write!(f, "built-in {path}"),
            Origin::File(path) => write!(f, "{path}"),
            Origin::Plugin(name) => write!(f, "plugin {name}"),
        }
    }
}

/// One variant on offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantEntry {
    /// The game.
    pub game: GameId,
    /// A short name, unique within the game (`diamond`).
    pub id: String,
    /// What the set-up screen calls it.
    pub title: Words,
    /// One line on what changes.
    pub description: Words,
    /// The rules as the game reads them and the record keeps them
    /// (`standard,penalty=1`): a match replays from this alone.
    pub rules: String,
    /// Where it came from.
    pub origin: Origin,
}

/// A variant that was not taken: its file or plugin, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantProblem {
    /// The file or the plugin.
    pub origin: Origin,
    /// Why, in words.
    pub reason: String,
}

/// Checks that `rules` is a variant `game` can play (a game not in the
/// catalog can play none).
pub fn check_rules(catalog: &GameCatalog, game: GameId, rules: &str) -> Result<(), VariantError> {
    match catalog.get(game) {
        Some(entry) => (entry.check_rules)(rules),
        None => Err(VariantError::options(
            game.name(),
            rules,
            "this game is not on offer",
        )),
    }
}

/// Whether an id is lower-case letters, digits and dashes, as ids must be.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Every variant on offer, in a stable order: by game (title-screen order),
/// the `standard` one first, then by id. Data files and plugins add to it;
/// the set-up screen lists it once it [is ready](Self::is_ready).
#[derive(Resource, Clone, Debug, Default)]
pub struct VariantRegistry {
    entries: Vec<VariantEntry>,
    problems: Vec<VariantProblem>,
    ready: bool,
}

impl VariantRegistry {
    /// Adds `entry` in its place in the order, after checking that its game
    /// reads its rules and that its id is new for the game.
    pub fn add(
        &mut self,
        entry: VariantEntry,
        catalog: &GameCatalog,
    ) -> Result<(), VariantProblem> {
        self.put(entry, catalog, false)
    }

    /// Adds `entry` as [`add`](Self::add) does, except that it takes the
    /// place of a file's entry (built in or not) with the same game and id:
    /// how a file in a later folder overrides an earlier one. A house rule
    /// written in code is never replaced.
    pub fn add_over(
        &mut self,
        entry: VariantEntry,
        catalog: &GameCatalog,
    ) -> Result<(), VariantProblem> {
        self.put(entry, catalog, true)
    }

    fn put(
        &mut self,
        entry: VariantEntry,
        catalog: &GameCatalog,
        over_files: bool,
    ) -> Result<(), VariantProblem> {
        let refuse = |reason: String| VariantProblem {
            origin: entry.origin.clone(),
            reason,
        };
        if !valid_id(&entry.id) {
            return Err(refuse(format!(
                "the id {:?} must be lower-case letters, digits and dashes",
                entry.id
            )));
        }
        check_rules(catalog, entry.game, &entry.rules)
            .map_err(|e| refuse(format!("rules: {e}")))?;
        let same = |e: &VariantEntry| e.game == entry.game && e.id == entry.id;
        if let Some(at) = self.entries.iter().position(same)
            && over_files
            && !matches!(self.entries[at].origin, Origin::Plugin(_))
        {
            let old = self.entries.remove(at);
            info!(
                "variant {} {:?}: {} in place of {}",
                entry.game.name(),
                entry.id,
                entry.origin,
                old.origin
            );
        }
        if let Some(other) = self.entries.iter().find(|e| same(e)) {
            return Err(refuse(format!(
                "{} already has a variant {:?}, from {}",
                entry.game.name(),
                entry.id,
                other.origin
            )));
        }
        let key = |e: &VariantEntry| {
            let game = catalog.ids().position(|g| g == e.game);
            (game, e.id != "standard", e.id.clone())
        };
        let at = self.entries.partition_point(|e| key(e) < key(&entry));
        self.entries.insert(at, entry);
        Ok(())
    }

    /// Takes the entry of `game` called `id` off the list (a variant the
    /// player deleted or is about to write anew).
    pub fn remove(&mut self, game: GameId, id: &str) -> Option<VariantEntry> {
        let at = self
            .entries
            .iter()
            .position(|e| e.game == game && e.id == id)?;
        Some(self.entries.remove(at))
    }

    /// Notes a variant that was not taken (it is logged as well).
    pub fn report(&mut self, problem: VariantProblem) {
        warn!("variant not loaded: {}: {}", problem.origin, problem.reason);
        self.problems.push(problem);
    }

    /// Every entry, in order.
    pub fn entries(&self) -> &[VariantEntry] {
        &self.entries
    }

    /// The entries of one game, in order.
    pub fn of(&self, game: GameId) -> impl Iterator<Item = &VariantEntry> {
        self.entries.iter().filter(move |e| e.game == game)
    }

    /// The entry of `game` called `id`.
    pub fn get(&self, game: GameId, id: &str) -> Option<&VariantEntry> {
        self.of(game).find(|e| e.id == id)
    }

    /// What was not taken, in the order it was found.
    pub fn problems(&self) -> &[VariantProblem] {
        &self.problems
    }

    /// Whether the data files have all been read (or found missing).
    pub fn is_ready(&self) -> bool {
        self.ready
    }

    /// Marks the data files as read.
    pub fn set_ready(&mut self) {
        self.ready = true;
    }
}

/// Lets a plugin offer a variant computed in code: `app.register_variant(entry)`.
pub trait RegisterVariant {
    /// Adds `entry` to the [`VariantRegistry`]; one that does not check is
    /// reported the way a broken file is.
    fn register_variant(&mut self, entry: VariantEntry) -> &mut Self;
}

impl RegisterVariant for App {
    fn register_variant(&mut self, entry: VariantEntry) -> &mut Self {
        let world = self.world_mut();
        world.init_resource::<GameCatalog>();
        world.init_resource::<VariantRegistry>();
        world.resource_scope(|world, mut registry: Mut<VariantRegistry>| {
            if let Err(problem) = registry.add(entry, world.resource::<GameCatalog>()) {
                registry.report(problem);
            }
        });
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_fall_back_to_english() {
        let words = Words {
            en: "Quick turns".into(),
            fr: Some("Tours rapides".into()),
            da: Some(" ".into()),
        };
        assert_eq!(words.get(Lang::Fr), "Tours rapides");
        assert_eq!(words.get(Lang::Da), "Quick turns");
    }
}
