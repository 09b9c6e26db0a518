//! The words on screen in English, French and Danish: Fluent catalogues
//! under `assets/locales/<language>/`, built into the program so a missing
//! asset folder can never leave the screens blank.
//!
//! Screens ask for text by key with [`tr`] or the [`tr!`](crate::tr) macro;
//! the language follows the settings and changes at once.

use std::sync::LazyLock;
use std::sync::atomic::{AtomicU8, Ordering};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use parlour_core::engine::{Phrase, Seat};
use parlour_core::protocol::{Worded, WordedArg};
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

    /// The system's language: the first of the user's preferred languages
    /// (on Linux `LANGUAGE`, then `LC_ALL`, `LC_MESSAGES`, `LANG`; the
    /// system's settings elsewhere) that Parlour speaks; English when none.
    pub fn system() -> Lang {
        Self::preferred(&sys_locale::get_locales().collect::<Vec<_>>())
    }

    /// The first language of `locales` (BCP 47 or POSIX names, most wanted
    /// first) that Parlour speaks, matched as language negotiation does
    /// (`fr-CA` asks for French); English when none.
    pub fn preferred(locales: &[String]) -> Lang {
        use fluent_langneg::{
            NegotiationStrategy, convert_vec_str_to_langids_lossy, negotiate_languages,
        };
        // POSIX names (`fr_FR.UTF-8`) read as BCP 47 (`fr-FR`).
        let requested = convert_vec_str_to_langids_lossy(
            locales
                .iter()
                .map(|l| l.split(['.', '@']).next().unwrap_or(l).replace('_', "-")),
        );
        let available = convert_vec_str_to_langids_lossy(Self::ALL.map(Lang::code));
        let chosen = negotiate_languages(&requested, &available, None, NegotiationStrategy::Lookup);
        chosen
            .first()
            .and_then(|id| Lang::from_locale(&id.to_string()))
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
            include_str!(concat!("../assets/locales/", $lang, "/variants.ftl")),
        ]
    };
}

/// The sources of every catalogue, by language.
pub const SOURCES: [(Lang, [&str; 6]); 3] = [
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

    /// The text of `key` in `lang` with `args`, or what went wrong: the key
    /// is missing, or Fluent could not fill it in (a value it names is not given).
    pub fn message_checked(
        &self,
        lang: Lang,
        key: &str,
        args: Option<&FluentArgs>,
    ) -> Result<String, String> {
        let bundle = &self.bundles[lang.index()];
        let pattern = bundle
            .get_message(key)
            .and_then(|m| m.value())
            .ok_or_else(|| format!("{}: no {key}", lang.own_name()))?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut errors);
        if errors.is_empty() {
            Ok(text.into_owned())
        } else {
            Err(format!("{}: {key}: {errors:?}", lang.own_name()))
        }
    }

    /// A phrase from a rules core in `lang`: nested phrases worded first,
    /// seats called by `seat_name`. Fails like [`Catalogue::message_checked`].
    pub fn phrase(
        &self,
        lang: Lang,
        phrase: &Phrase,
        seat_name: &dyn Fn(Seat) -> String,
    ) -> Result<String, String> {
        self.worded(lang, &Worded::from(phrase), seat_name)
    }

    /// A phrase as it travels (from the rules here, or from a host over the
    /// network): only a key this catalogue has is worded.
    pub fn worded(
        &self,
        lang: Lang,
        phrase: &Worded,
        seat_name: &dyn Fn(Seat) -> String,
    ) -> Result<String, String> {
        let mut args = FluentArgs::new();
        for (name, arg) in &phrase.args {
            let value: FluentValue = match arg {
                WordedArg::Number(n) => (*n).into(),
                WordedArg::Seat(seat) => seat_name(*seat).into(),
                WordedArg::Text(text) => text.clone().into(),
                WordedArg::Phrase(inner) => self.worded(lang, inner, seat_name)?.into(),
            };
            args.set(name.clone(), value);
        }
        self.message_checked(lang, &phrase.key, Some(&args))
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

/// The text of `key` in `lang` itself, or `None` when its catalogue lacks it.
pub fn tr_in(lang: Lang, key: &str) -> Option<String> {
    CATALOGUE.as_ref()?.message(lang, key, None)
}

/// The seat number (from 1) a default seat name stands for — "Player 2",
/// "Joueur 2", "Spiller 2": in any language, as the set-up fills an empty
/// name. A default name is not a name: it is shown in the language on
/// screen and never counted as a person's.
pub fn default_name_number(name: &str) -> Option<usize> {
    let catalogue = CATALOGUE.as_ref()?;
    let name = name.trim();
    (1..=8).find(|&number| {
        let mut args = FluentArgs::new();
        args.set("number", number);
        Lang::ALL.into_iter().any(|lang| {
            catalogue
                .message(lang, "setup-default-name", Some(&args))
                .as_deref()
                == Some(name)
        })
    })
}

/// A seat's name as shown: a default name ("Joueur 2") in the language on
/// screen ("Player 2"), any other as it is.
pub fn shown_name(name: &str) -> String {
    match default_name_number(name) {
        Some(number) => {
            let mut args = FluentArgs::new();
            args.set("number", number);
            tr_args("setup-default-name", Some(&args))
        }
        None => name.to_owned(),
    }
}

/// The text of `key` in the language on screen, or `None` when no
/// catalogue has it (for names that may or may not have a translation).
pub fn tr_opt(key: &str) -> Option<String> {
    let catalogue = CATALOGUE.as_ref()?;
    catalogue
        .message(language(), key, None)
        .or_else(|| catalogue.message(Lang::En, key, None))
}

/// Why a move was refused, in the language on screen: the rules' `phrase`
/// worded there (seats called by `seat_name`), or, should no catalogue know
/// it, the rules' English `reason`.
pub fn refusal(phrase: &Phrase, reason: &str, seat_name: &dyn Fn(Seat) -> String) -> String {
    let worded = CATALOGUE.as_ref().and_then(|catalogue| {
        catalogue
            .phrase(language(), phrase, seat_name)
            .or_else(|_| catalogue.phrase(Lang::En, phrase, seat_name))
            .ok()
    });
    worded.unwrap_or_else(|| {
        let mut c = reason.chars();
        c.next()
            .map(|f| f.to_uppercase().chain(c).collect())
            .unwrap_or_default()
    })
}

/// Why a host refused this device's move, in the language on screen: the
/// phrase it sent worded here, or its English `reason` when none was sent
/// or no catalogue knows the key.
pub fn host_refusal(
    phrase: Option<&Worded>,
    reason: &str,
    seat_name: &dyn Fn(Seat) -> String,
) -> String {
    let worded = phrase
        .zip(CATALOGUE.as_ref())
        .and_then(|(phrase, catalogue)| {
            catalogue
                .worded(language(), phrase, seat_name)
                .or_else(|_| catalogue.worded(Lang::En, phrase, seat_name))
                .ok()
        });
    worded.unwrap_or_else(|| reason.to_owned())
}

/// A bot's level as shown to people (`expert` → "Expert", "Experte"…); its
/// record name when no catalogue has a word for it.
pub fn bot_name(name: &str) -> String {
    tr_opt(&format!("bot-{name}")).unwrap_or_else(|| name.to_owned())
}

/// A variant's name as shown to people: the game's own word for it
/// (`<game>-variant-<name>`), the shared one (`variant-<name>`), or its
/// record name.
pub fn variant_name(game: &str, name: &str) -> String {
    tr_opt(&format!("{game}-variant-{name}"))
        .or_else(|| tr_opt(&format!("variant-{name}")))
        .unwrap_or_else(|| name.to_owned())
}

/// `x` with `places` decimals, written as the language on screen writes
/// numbers (1.25 in English, 1,25 in French and Danish).
pub fn decimal(x: f64, places: usize) -> String {
    let text = format!("{x:.places$}");
    match language() {
        Lang::En => text,
        Lang::Fr | Lang::Da => text.replace('.', ","),
    }
}

/// A score as the sheets write it: a true minus sign (−35, not -35), and
/// a plus sign before a gain when `plus` (+35).
pub fn score(n: i64, plus: bool) -> String {
    match n {
        n if n < 0 => format!("\u{2212}{}", n.unsigned_abs()),
        n if plus && n > 0 => format!("+{n}"),
        n => n.to_string(),
    }
}

/// A number typed in either way of writing decimals, with or without the `×` after it.
pub fn parse_decimal(text: &str) -> Option<f64> {
    text.trim()
        .trim_end_matches('×')
        .trim()
        .replace(',', ".")
        .parse()
        .ok()
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
                .message(lang, "hand-over-title", Some(&args))
                .unwrap();
            assert!(text.contains("Anna"), "{text}");
            assert!(!text.contains('\u{2068}'), "isolation marks in {text:?}");
        }
    }

    #[test]
    fn plurals_follow_each_language() {
        let catalogue = Catalogue::load().unwrap();
        let score = |lang, tokens: i64| {
            let mut args = FluentArgs::new();
            args.set("points", 12);
            args.set("tokens", tokens);
            catalogue
                .message_checked(lang, "neighbours-hud-score", Some(&args))
                .unwrap()
        };
        assert_eq!(score(Lang::En, 1), "12 pts · 1 token");
        assert_eq!(score(Lang::En, 0), "12 pts · 0 tokens");
        // French counts 0 as singular.
        assert_eq!(score(Lang::Fr, 0), "12 pts · 0 jeton");
        assert_eq!(score(Lang::Da, 5), "12 point · 5 brikker");
    }

    #[test]
    fn decimals_are_read_either_way() {
        assert_eq!(parse_decimal("1,25×"), Some(1.25));
        assert_eq!(parse_decimal(" 0.5 "), Some(0.5));
        assert_eq!(parse_decimal("x"), None);
    }

    #[test]
    fn locales_name_their_language() {
        assert_eq!(Lang::from_locale("fr_FR.UTF-8"), Some(Lang::Fr));
        assert_eq!(Lang::from_locale("da-DK"), Some(Lang::Da));
        assert_eq!(Lang::from_locale("en_GB"), Some(Lang::En));
        assert_eq!(Lang::from_locale("de_DE"), None);
        assert_eq!(Lang::from_locale("C"), None);
    }

    #[test]
    fn the_first_preferred_language_parlour_speaks_is_chosen() {
        let pick =
            |l: &[&str]| Lang::preferred(&l.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        // LANGUAGE=fr:en
        assert_eq!(pick(&["fr", "en"]), Lang::Fr);
        assert_eq!(pick(&["fr_FR.UTF-8"]), Lang::Fr);
        assert_eq!(pick(&["fr-CA"]), Lang::Fr);
        // German is not offered: the next one is.
        assert_eq!(pick(&["de-DE", "da-DK", "en-US"]), Lang::Da);
        assert_eq!(pick(&["de-DE"]), Lang::En);
        assert_eq!(pick(&["C"]), Lang::En);
        assert_eq!(pick(&[]), Lang::En);
    }
}
