//! A variant that travels: as a variant file (`*.variant.ron`, the form
//! the program reads from its folders) and as a link, the variant written
//! into a web address's fragment. Whatever arrives is checked before
//! anything is kept — its shape, its version, its game, its size, its id,
//! its words and the rules themselves — and a refusal says in one line
//! which and why.
//!
//! A link's code is `1.` and then the variant as compact JSON, deflated and
//! written in the URL-safe base64 alphabet without padding: the version
//! stays readable, so a code from a newer program is told from garbage.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};

use crate::engine::options::HouseRules;
use crate::games::{ForVariant, NAMES, for_variant};

/// The version of the link's code this program writes and reads.
pub const LINK_VERSION: u32 = 1;
/// The longest code (or file) taken, in bytes: a link stays short enough
/// for an address bar and a QR code.
pub const MOST_LINK_BYTES: usize = 2048;
/// The most bytes a link's code may inflate to.
pub const MOST_INFLATED_BYTES: usize = 8192;
/// The longest variant file taken, in bytes.
pub const MOST_FILE_BYTES: usize = 16384;
/// The longest title, in characters.
pub const MOST_TITLE_CHARS: usize = 80;
/// The longest description, in characters.
pub const MOST_DESCRIPTION_CHARS: usize = 300;
/// The longest id, in characters.
pub const MOST_ID_CHARS: usize = 40;

/// A text in English, and in French and Danish where it has been written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Texts {
    /// English: always there.
    pub en: String,
    /// French.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fr: Option<String>,
    /// Danish.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub da: Option<String>,
}

impl Texts {
    /// The same words in every language.
    pub fn english(en: &str) -> Self {
        Self {
            en: en.to_owned(),
            fr: None,
            da: None,
        }
    }
}

/// A variant as it travels: its game, id, words and rules string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedVariant {
    /// The game's record name (`neighbours`).
    pub game: String,
    /// A short name, lower-case letters, digits and dashes.
    pub id: String,
    /// What the set-up screen calls it.
    pub title: Texts,
    /// One line on what changes.
    pub description: Texts,
    /// The rules string the game reads (`standard,penalty=1`).
    pub rules: String,
}

/// Why a file or a link was not taken. Nothing is kept when it is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShareError {
    /// Not a variant at all.
    #[error("this is not a Parlour variant: {0}")]
    Garbage(String),
    /// Written by a newer program.
    #[error("this variant was shared by a newer Parlour (format {0}); update Parlour to open it")]
    Newer(u32),
    /// A game this program does not have.
    #[error("unknown game {name:?}; the games are {known}")]
    UnknownGame {
        /// The name written.
        name: String,
        /// The games on offer.
        known: String,
    },
    /// Larger than a variant can be.
    #[error("this variant is too large ({size} bytes; at most {most})")]
    TooLarge {
        /// Its size.
        size: usize,
        /// The most allowed.
        most: usize,
    },
    /// An id that is not a short lower-case name.
    #[error("the id {0:?} must be 1 to 40 lower-case letters, digits and dashes")]
    Id(String),
    /// An id a built-in variant already has.
    #[error("the id {0:?} is a built-in variant's: give the variant an id of its own")]
    BuiltIn(String),
    /// No English title, or words too long.
    #[error("{0}")]
    Words(String),
    /// Rules the game refuses.
    #[error("the rules are refused: {0}")]
    Rules(String),
}

/// The link's JSON, with short keys.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LinkForm {
    g: String,
    i: String,
    t: Texts,
    #[serde(default)]
    d: Texts,
    r: String,
}

/// The link code of `variant`: `1.` and the variant deflated, in base64url.
pub fn encode(variant: &SharedVariant) -> String {
    let form = LinkForm {
        g: variant.game.clone(),
        i: variant.id.clone(),
        t: variant.title.clone(),
        d: variant.description.clone(),
        r: variant.rules.clone(),
    };
    let json = serde_json::to_vec(&form).unwrap_or_default();
    let deflated = miniz_oxide::deflate::compress_to_vec(&json, 9);
    format!("{LINK_VERSION}.{}", URL_SAFE_NO_PAD.encode(deflated))
}

/// Reads a link's code (or a whole address, whose fragment holds the
/// code) and checks the variant it holds, for keeping: `built_in(game,
/// id)` says whether an id belongs to a variant the program ships (the
/// game's own built-in names are always taken as such).
pub fn decode(
    link: &str,
    built_in: &dyn Fn(&str, &str) -> bool,
) -> Result<SharedVariant, ShareError> {
    not_built_in(read_link(link)?, built_in)
}

/// Refuses a variant whose id a built-in variant has.
fn not_built_in(
    variant: SharedVariant,
    built_in: &dyn Fn(&str, &str) -> bool,
) -> Result<SharedVariant, ShareError> {
    let named = game_of(&variant.game, RulesOf(&variant.rules, &variant.id))?.1;
    if named || built_in(&variant.game, &variant.id) {
        return Err(ShareError::BuiltIn(variant.id));
    }
    Ok(variant)
}

/// [`decode`] without the check against the built-in ids: a variant to
/// look at or to play, not to keep (`parlour balance`).
pub fn read_link(link: &str) -> Result<SharedVariant, ShareError> {
    if link.len() > MOST_LINK_BYTES {
        return Err(ShareError::TooLarge {
            size: link.len(),
            most: MOST_LINK_BYTES,
        });
    }
    let code = link.trim();
    let code = code.rsplit_once('#').map_or(code, |(_, fragment)| fragment);
    let code = code.strip_prefix("variant=").unwrap_or(code);
    let garbage = |why: &str| ShareError::Garbage(why.to_owned());
    let (version, body) = code
        .split_once('.')
        .ok_or_else(|| garbage("no format number"))?;
    if version.is_empty() || version.len() > 9 || !version.bytes().all(|b| b.is_ascii_digit()) {
        return Err(garbage("no format number"));
    }
    let version: u32 = version.parse().map_err(|_| garbage("no format number"))?;
    if version > LINK_VERSION {
        return Err(ShareError::Newer(version));
    }
    if version < LINK_VERSION {
        return Err(garbage("an unknown format"));
    }
    let deflated = URL_SAFE_NO_PAD
        .decode(body)
        .map_err(|_| garbage("the code is damaged"))?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&deflated, MOST_INFLATED_BYTES)
        .map_err(|e| match e.status {
        miniz_oxide::inflate::TINFLStatus::HasMoreOutput => ShareError::TooLarge {
            size: MOST_INFLATED_BYTES + 1,
            most: MOST_INFLATED_BYTES,
        },
        _ => garbage("the code is damaged"),
    })?;
    let form: LinkForm =
        serde_json::from_slice(&json).map_err(|_| garbage("the code holds no variant"))?;
    check(SharedVariant {
        game: form.g,
        id: form.i,
        title: form.t,
        description: form.d,
        rules: form.r,
    })
}

/// A variant file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileForm {
    game: String,
    id: String,
    title: Texts,
    description: Texts,
    rules: String,
    #[serde(default)]
    board: Vec<String>,
}

/// A variant file's text (`*.variant.ron`), as the program reads it from
/// its folders. The rules string is written whole (a board in it as
/// `board=` rows joined by `/`), which every reader takes.
pub fn to_file(variant: &SharedVariant) -> String {
    let quote = |s: &str| ron::to_string(s).unwrap_or_else(|_| "\"\"".to_owned());
    let texts = |t: &Texts| {
        let mut parts = vec![format!("en: {}", quote(&t.en))];
        if let Some(fr) = &t.fr {
            parts.push(format!("fr: {}", quote(fr)));
        }
        if let Some(da) = &t.da {
            parts.push(format!("da: {}", quote(da)));
        }
        format!("({})", parts.join(", "))
    };
    format!(
        "(\n    game: {},\n    id: {},\n    title: {},\n    description: {},\n    rules: {},\n)\n",
        quote(&variant.game),
        quote(&variant.id),
        texts(&variant.title),
        texts(&variant.description),
        quote(&variant.rules),
    )
}

/// Reads a variant file's text and checks the variant as [`decode`] does,
/// for keeping; a board given as rows is read into the rules.
pub fn from_file(
    bytes: &[u8],
    built_in: &dyn Fn(&str, &str) -> bool,
) -> Result<SharedVariant, ShareError> {
    not_built_in(read_file(bytes)?, built_in)
}

/// [`from_file`] without the check against the built-in ids: a variant to
/// look at or to play, not to keep (a shipped file, `parlour balance`).
pub fn read_file(bytes: &[u8]) -> Result<SharedVariant, ShareError> {
    if bytes.len() > MOST_FILE_BYTES {
        return Err(ShareError::TooLarge {
            size: bytes.len(),
            most: MOST_FILE_BYTES,
        });
    }
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let form: FileForm = options.from_bytes(bytes).map_err(|e| {
        ShareError::Garbage(format!(
            "line {}, column {}: {}",
            e.span.start.line, e.span.start.col, e.code
        ))
    })?;
    let rules = game_of(&form.game, RowsInto(&form.rules, &form.board))??;
    check(SharedVariant {
        game: form.game,
        id: form.id,
        title: form.title,
        description: form.description,
        rules,
    })
}

/// Runs `f` with the game called `name`, or says the game is unknown.
fn game_of<F: ForVariant>(name: &str, f: F) -> Result<F::Output, ShareError> {
    for_variant(name, f).map_err(|_| ShareError::UnknownGame {
        name: name.to_owned(),
        known: NAMES.join(", "),
    })
}

/// A file's rules with its board rows read in.
struct RowsInto<'a>(&'a str, &'a [String]);

impl ForVariant for RowsInto<'_> {
    type Output = Result<String, ShareError>;
    fn run<G: HouseRules>(self) -> Self::Output {
        G::rules_with_rows(self.0.trim(), self.1).map_err(ShareError::Rules)
    }
}

/// Whether the rules are ones the game reads, and whether `id` is one of
/// its built-in names.
struct RulesOf<'a>(&'a str, &'a str);

impl ForVariant for RulesOf<'_> {
    type Output = (Result<(), String>, bool);
    fn run<G: HouseRules>(self) -> Self::Output {
        (
            G::variant(self.0).map(drop).map_err(|e| e.to_string()),
            G::variants().contains(&self.1),
        )
    }
}

/// Words as plain text: control characters (line breaks and tabs
/// included) become spaces, runs of spaces one, the ends trimmed. Markup is
/// kept as the characters it is made of, to be shown as text.
pub fn plain(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| {
            if c.is_control() || is_invisible_format(c) {
                ' '
            } else {
                c
            }
        })
        .collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Characters that change how text runs without being seen: bidirectional
/// overrides and isolates, zero-width marks.
fn is_invisible_format(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// Checks a variant that arrived from elsewhere — its game, id, words and
/// rules, not whether a built-in variant has its id — and cleans its words.
pub fn check(variant: SharedVariant) -> Result<SharedVariant, ShareError> {
    let game = variant.game.trim().to_owned();
    let rules = variant.rules.trim().to_owned();
    let (rules_ok, _) = game_of(&game, RulesOf(&rules, &variant.id))?;
    let id = variant.id.trim().to_owned();
    let id_ok = !id.is_empty()
        && id.chars().count() <= MOST_ID_CHARS
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !id_ok {
        return Err(ShareError::Id(plain(&id)));
    }
    let clean = |t: &Texts, most: usize, what: &str| -> Result<Texts, ShareError> {
        let one = |s: &str| -> Result<String, ShareError> {
            let s = plain(s);
            if s.chars().count() > most {
                return Err(ShareError::Words(format!(
                    "the {what} is longer than {most} characters"
                )));
            }
            Ok(s)
        };
        let other = |s: &Option<String>| -> Result<Option<String>, ShareError> {
            Ok(match s {
                Some(s) => Some(one(s)?).filter(|s| !s.is_empty()),
                None => None,
            })
        };
        Ok(Texts {
            en: one(&t.en)?,
            fr: other(&t.fr)?,
            da: other(&t.da)?,
        })
    };
    let title = clean(&variant.title, MOST_TITLE_CHARS, "title")?;
    if title.en.is_empty() {
        return Err(ShareError::Words(
            "the title needs at least its English words (en)".into(),
        ));
    }
    let description = clean(&variant.description, MOST_DESCRIPTION_CHARS, "description")?;
    rules_ok.map_err(ShareError::Rules)?;
    Ok(SharedVariant {
        game,
        id,
        title,
        description,
        rules,
    })
}
