//! Variant data files, `*.variant.ron`: read, checked against the game's
//! rules and expanded into the rules string the record keeps.
//!
//! ```ron
//! (
//!     game: "neighbours",
//!     id: "diamond",
//!     title: (en: "Diamond board", fr: "Plateau en losange", da: "Diamantbræt"),
//!     description: (en: "A 9 × 9 diamond of bonuses: longer games."),
//!     rules: "standard",
//!     board: [
//!         "x . . . K . . . x",
//!         // … one string per row: . plain, S start, K +5, x +10
//!         // (spaces between symbols are optional)
//!     ],
//! )
//! ```

use parlour_core::engine::VariantError;
use serde::Deserialize;

use super::registry::{Origin, VariantEntry, Words, valid_id};
use crate::catalog::{GameCatalog, GameEntry};

/// The ending of a variant file's name.
pub const EXTENSION: &str = "variant.ron";

/// Why a variant file was not taken.
#[derive(Debug, thiserror::Error)]
pub enum VariantFileError {
    /// Not the shape of a variant file.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// From 1.
        line: usize,
        /// From 1.
        column: usize,
        /// What the reader expected.
        message: String,
    },
    /// A game Parlour does not have.
    #[error("unknown game {name:?}; the games are {known}")]
    Game {
        /// The name written.
        name: String,
        /// The games on offer.
        known: String,
    },
    /// An id that is not a short lower-case name.
    #[error("the id {0:?} must be lower-case letters, digits and dashes")]
    Id(String),
    /// No English title.
    #[error("the title needs at least its English words (en)")]
    NoTitle,
    /// A board for a game without one.
    #[error("{0} variants have no board")]
    BoardNotForGame(&'static str),
    /// Rows and a `board=` option both.
    #[error("the board is given twice: as rows and in the rules")]
    BoardTwice,
    /// Rows that do not make a board, or a board the rules refuse.
    #[error("board: {0}")]
    Board(String),
    /// Rules the game does not read.
    #[error("rules: {0}")]
    Rules(#[from] VariantError),
}

/// A variant file as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileForm {
    /// The game, by its record name.
    pub game: String,
    /// A short name, unique within the game.
    pub id: String,
    /// What the set-up screen calls it.
    pub title: Words,
    /// One line on what changes.
    pub description: Words,
    /// The rules as the game reads them.
    pub rules: String,
    /// For games with a board: the board, one string per row.
    #[serde(default)]
    pub board: Vec<String>,
}

/// Reads a variant file's text as written (its syntax only).
pub fn read(bytes: &[u8]) -> Result<FileForm, VariantFileError> {
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    options
        .from_bytes(bytes)
        .map_err(|e| VariantFileError::Syntax {
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        })
}

/// Reads a variant file's text, checks it against the games on offer and
/// expands it into its entry.
pub fn parse(
    bytes: &[u8],
    origin: Origin,
    catalog: &GameCatalog,
) -> Result<VariantEntry, VariantFileError> {
    check(read(bytes)?, origin, catalog)
}

/// Checks a file as written against the games on offer: its game, its id,
/// its words, its rules and board; expands it into its entry.
pub fn check(
    form: FileForm,
    origin: Origin,
    catalog: &GameCatalog,
) -> Result<VariantEntry, VariantFileError> {
    let game = catalog
        .by_name(form.game.trim())
        .ok_or_else(|| VariantFileError::Game {
            name: form.game.clone(),
            known: catalog.names(),
        })?;
    if !valid_id(&form.id) {
        return Err(VariantFileError::Id(form.id));
    }
    if form.title.en.trim().is_empty() {
        return Err(VariantFileError::NoTitle);
    }
    let rules = expand(game, form.rules.trim(), &form.board)?;
    Ok(VariantEntry {
        game: game.id,
        id: form.id,
        title: form.title,
        description: form.description,
        rules,
        origin,
    })
}

/// The rules string a file stands for: its `rules`, with its board rows (if
/// any) read by the game's board reader into the rules.
pub fn expand(game: &GameEntry, rules: &str, rows: &[String]) -> Result<String, VariantFileError> {
    if rows.is_empty() {
        (game.check_rules)(rules)?;
        return Ok(rules.to_owned());
    }
    let Some(reader) = game.board else {
        return Err(VariantFileError::BoardNotForGame(game.id.name()));
    };
    if rules
        .split(',')
        .skip(1)
        .any(|option| option.trim_start().starts_with("board"))
    {
        return Err(VariantFileError::BoardTwice);
    }
    // The rules themselves may be wrong: say so as such, not as a board problem.
    (game.check_rules)(rules)?;
    reader(rules, rows).map_err(VariantFileError::Board)
}
