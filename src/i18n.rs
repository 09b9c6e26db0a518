//! The words on screen in English, French and Danish: Fluent catalogues
//! under `assets/locales/<language>/`, built into the program so a missing
//! asset folder can never leave the screens blank.
//!
//! Screens ask for text by key with [`tr`] or the [`tr!`](crate::tr) macro;
//! the language follows the settings and changes at once.

use std::sync::LazyLock;
use std::sync::atomic::{AtomicU8, Ordering};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use serde::{Deserialize, Serialize};

/// A language Parlour speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    /// English.
    #[default]
    #[serde(rename = "en")]
    En,
    /// French: the language of the Neighbours and Paper Boxing seeds.
    #[serde(rename = "fr")]
    Fr,
    /// Danish: the language of the Rummy seed.
    #[serde(rename = "da")]
    Da,
}

impl Lang {
    /// Every language, in the order the settings list them.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Da];

    /// The language's code (a folder under `assets/locales`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Da => "da",
        }
    }

    /// The language's name in itself, as a language menu shows it.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::Da => "Dansk",
        }
    }

    /// The language of a locale string such as `fr_FR.UTF-8` or `da-DK`.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let code: String = locale
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect::<String>()
            .to_ascii_lowercase();
        Self::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The system's language, from the usual environment variables; English
    /// when it is none of the three.
    pub fn system() -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"]
            .iter()
            .filter_map(|v| std::env::var(v).ok())
            .filter(|v| !v.is_empty())
            .find_map(|v| Lang::from_locale(&v))
            .unwrap_or_default()
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One catalogue file per part of the app, so each screen keeps its own words.
macro_rules! catalogue_files {
    ($lang:literal) => {
        [
            include_str!(concat!("../assets/locales/", $lang, "/app.ftl")),
            include_str!(concat!("../assets/locales/", $lang, "/neighbours.ftl")),
            include_str!(concat!("../assets/locales/", $lang, "/paper-boxing.ftl")),
            include_str!(concat!("../assets/locales/", $lang, "/rummy.ftl")),
            include_str!(concat!("../assets/locales/", $lang, "/home.ftl")),
        ]
    };
}

/// The sources of every catalogue, by language.
pub const SOURCES: [(Lang, [&str; 5]); 3] = [
    (Lang::En, catalogue_files!("en")),
    (Lang::Fr, catalogue_files!("fr")),
    (Lang::Da, catalogue_files!("da")),
];

/// The three languages' catalogues.
pub struct Catalogue {
    bundles: Vec<FluentBundle<FluentResource>>,
}

impl Catalogue {
    /// Reads the catalogues; an error names the language and what Fluent found wrong.
    pub fn load() -> Result<Self, String> {
        let mut bundles = Vec::new();
        for (lang, files) in SOURCES {
            let id = lang
                .code()
                .parse()
                .map_err(|e| format!("{}: {e}", lang.code()))?;
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // No Unicode isolation marks: the fonts have no glyph for them.
            bundle.set_use_isolating(false);
            for text in files {
                let resource = FluentResource::try_new(text.to_owned())
                    .map_err(|(_, errors)| format!("{} catalogue: {errors:?}", lang.own_name()))?;
                bundle
                    .add_resource(resource)
                    .map_err(|errors| format!("{} catalogue: {errors:?}", lang.own_name()))?;
            }
            bundles.push(bundle);
        }
        Ok(Self { bundles })
    }

    /// The text of `key` in `lang`, with `args` filled in; `None` when the key is missing.
    pub fn message(&self, lang: Lang, key: &str, args: Option<&FluentArgs>) -> Option<String> {
        let bundle = &self.bundles[lang.index()];
        let pattern = bundle.get_message(key)?.value()?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut errors);
        Some(text.into_owned())
    }

    /// Every key of `lang`'s catalogue.
    pub fn keys(lang: Lang) -> Vec<String> {
        let (_, files) = SOURCES[lang.index()];
        let mut keys = Vec::new();
        for text in files {
            if let Ok(resource) = FluentResource::try_new(text.to_owned()) {
                for entry in resource.entries() {
                    if let fluent_syntax::ast::Entry::Message(m) = entry {
                        keys.push(m.id.name.to_owned());
                    }
                }
            }
        }
        keys
    }
}

static CATALOGUE: LazyLock<Option<Catalogue>> = LazyLock::new(|| match Catalogue::load() {
    Ok(c) => Some(c),
    Err(e) => {
        // Tests catch this; a shipped build never gets here.
        eprintln!("parlour: the text catalogues do not read: {e}");
        None
    }
});

static CURRENT: AtomicU8 = AtomicU8::new(0);

/// Switches every screen's language.
pub fn set_language(lang: Lang) {
    CURRENT.store(lang as u8, Ordering::Relaxed);
}

/// The language on screen.
pub fn language() -> Lang {
    Lang::ALL[CURRENT.load(Ordering::Relaxed) as usize % 3]
}

/// The text of `key` in the language on screen, with `args` filled in:
/// English when the language lacks it, the key itself when English does too.
pub fn tr_args(key: &str, args: Option<&FluentArgs>) -> String {
    let Some(catalogue) = CATALOGUE.as_ref() else {
        return key.to_owned();
    };
    catalogue
        .message(language(), key, args)
        .or_else(|| catalogue.message(Lang::En, key, args))
        .unwrap_or_else(|| key.to_owned())
}

/// The text of `key` in the language on screen.
pub fn tr(key: &str) -> String {
    tr_args(key, None)
}

/// `tr!("key")` or `tr!("key", name = value, ...)`: a text on screen, in the
/// current language, with named values filled in.
#[macro_export]
macro_rules! tr {
    ($key:expr) => {
        $crate::i18n::tr($key)
    };
    ($key:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($name), $value); )+
        $crate::i18n::tr_args($key, Some(&args))
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogues_read_without_errors() {
        Catalogue::load().unwrap();
    }

    #[test]
    fn every_key_exists_in_all_three_languages() {
        let english: std::collections::BTreeSet<String> =
            Catalogue::keys(Lang::En).into_iter().collect();
        assert!(!english.is_empty());
        for lang in [Lang::Fr, Lang::Da] {
            let other: std::collections::BTreeSet<String> =
                Catalogue::keys(lang).into_iter().collect();
            let missing: Vec<_> = english.difference(&other).collect();
            let extra: Vec<_> = other.difference(&english).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{}: missing {missing:?}, not in English {extra:?}",
                lang.own_name()
            );
        }
    }

    #[test]
    fn no_key_is_defined_twice() {
        for lang in Lang::ALL {
            let keys = Catalogue::keys(lang);
            let unique: std::collections::BTreeSet<_> = keys.iter().collect();
            assert_eq!(unique.len(), keys.len(), "{}", lang.own_name());
        }
    }

    #[test]
    fn values_are_filled_in_without_marks() {
        let catalogue = Catalogue::load().unwrap();
        let mut args = FluentArgs::new();
        args.set("name", "Anna");
        for lang in Lang::ALL {
            let text = catalogue
                .message(lang, "hand-over-pass", Some(&args))
                .unwrap();
            assert!(text.contains("Anna"), "{text}");
            assert!(!text.contains('\u{2068}'), "isolation marks in {text:?}");
        }
    }

    #[test]
    fn locales_name_their_language() {
        assert_eq!(Lang::from_locale("fr_FR.UTF-8"), Some(Lang::Fr));
        assert_eq!(Lang::from_locale("da-DK"), Some(Lang::Da));
        assert_eq!(Lang::from_locale("en_GB"), Some(Lang::En));
        assert_eq!(Lang::from_locale("de_DE"), None);
        assert_eq!(Lang::from_locale("C"), None);
    }
}
