//! Variant data files, `*.variant.ron`: read by an asset loader that checks
//! them against the game's rules and expands them into the rules string
//! the record keeps.
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

use bevy::asset::io::Reader;
use bevy::asset::{Asset, AssetLoader, LoadContext};
use bevy::prelude::*;
use parlour_core::engine::{Game, VariantError};
use parlour_core::games::neighbours::board::{Board, BoardError};
use serde::Deserialize;

use super::registry::{Origin, VariantEntry, Words, check_rules, valid_id};
use crate::games::Neighbours;
use crate::ui::GameKind;

/// The ending of a variant file's name.
pub const EXTENSION: &str = "variant.ron";

/// One variant file, read and checked.
#[derive(Asset, TypePath, Clone, Debug)]
pub struct VariantFile {
    /// What it offers, its rules already expanded.
    pub entry: VariantEntry,
}

/// Why a variant file was not taken.
#[derive(Debug, thiserror::Error)]
pub enum VariantFileError {
    /// The file could not be read at all.
    #[error("the file could not be read: {0}")]
    Read(#[from] std::io::Error),
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
    #[error("unknown game {0:?}; the games are neighbours, paper-boxing and rummy")]
    Game(String),
    /// An id that is not a short lower-case name.
    #[error("the id {0:?} must be lower-case letters, digits and dashes")]
    Id(String),
    /// No English title.
    #[error("the title needs at least its English words (en)")]
    NoTitle,
    /// A board for a game without one.
    #[error("only Neighbours variants have a board, not {0}")]
    BoardNotForGame(&'static str),
    /// Rows and a `board=` option both.
    #[error("the board is given twice: as rows and in the rules")]
    BoardTwice,
    /// Rows that do not make a board.
    #[error("board: {0}")]
    Board(#[from] BoardError),
    /// Rules the game does not read.
    #[error("rules: {0}")]
    Rules(#[from] VariantError),
}

/// The file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileForm {
    game: String,
    id: String,
    title: Words,
    description: Words,
    rules: String,
    /// Neighbours only: the board, one string per row.
    #[serde(default)]
    board: Vec<String>,
}

/// Reads a variant file's text: checks it and expands it into its entry.
pub fn parse(bytes: &[u8], origin: Origin) -> Result<VariantEntry, VariantFileError> {
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let form: FileForm = options
        .from_bytes(bytes)
        .map_err(|e| VariantFileError::Syntax {
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        })?;
    let game = GameKind::from_name(form.game.trim())
        .ok_or_else(|| VariantFileError::Game(form.game.clone()))?;
    if !valid_id(&form.id) {
        return Err(VariantFileError::Id(form.id));
    }
    if form.title.en.trim().is_empty() {
        return Err(VariantFileError::NoTitle);
    }
    let rules = expand(game, form.rules.trim(), &form.board)?;
    Ok(VariantEntry {
        game,
        id: form.id,
        title: form.title,
        description: form.description,
        rules,
        origin,
    })
}

/// The rules string a file stands for: its `rules`, with its board rows (if
/// any) written in as the `board=` option — left out when they are the
/// board the rules already have, so the record stays as short as it was.
pub fn expand(game: GameKind, rules: &str, rows: &[String]) -> Result<String, VariantFileError> {
    if rows.is_empty() {
        check_rules(game, rules)?;
        return Ok(rules.to_owned());
    }
    if game != GameKind::Neighbours {
        return Err(VariantFileError::BoardNotForGame(game.name()));
    }
    if rules
        .split(',')
        .skip(1)
        .any(|option| option.trim_start().starts_with("board"))
    {
        return Err(VariantFileError::BoardTwice);
    }
    // Row by row, spaces between symbols or not, as the rules' own form reads them.
    let board = Board::parse_inline(&rows.join("/"))?;
    let base = Neighbours::variant(rules)?;
    let expanded = if base.board.same_layout(&board) {
        rules.to_owned()
    } else {
        format!("{rules},board={}", board.inline())
    };
    // Options that only fail with this board (hands and tokens still fit it).
    Neighbours::variant(&expanded)?;
    Ok(expanded)
}

/// Reads `*.variant.ron` files into [`VariantFile`]s.
#[derive(Default, TypePath)]
pub struct VariantFileLoader;

impl AssetLoader for VariantFileLoader {
    type Asset = VariantFile;
    type Settings = ();
    type Error = VariantFileError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<VariantFile, VariantFileError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let origin = Origin::File(load_context.path().to_string());
        Ok(VariantFile {
            entry: parse(&bytes, origin)?,
        })
    }

    fn extensions(&self) -> &[&str] {
        &[EXTENSION]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin() -> Origin {
        Origin::File("variants/test.variant.ron".into())
    }

    fn read(text: &str) -> Result<VariantEntry, VariantFileError> {
        parse(text.as_bytes(), origin())
    }

    fn reason(text: &str) -> String {
        read(text).unwrap_err().to_string()
    }

    const GENTLE: &str = r#"(
        game: "neighbours",
        id: "gentle",
        title: (en: "Gentle penalty", fr: "Pénalité douce", da: "Mild straf"),
        description: (en: "Unplayed tokens cost their value once."),
        rules: "standard,penalty=1",
    )"#;

    #[test]
    fn a_good_file_becomes_an_entry_with_its_words_and_rules() {
        let entry = read(GENTLE).unwrap();
        assert_eq!(entry.game, GameKind::Neighbours);
        assert_eq!(entry.id, "gentle");
        assert_eq!(entry.rules, "standard,penalty=1");
        assert_eq!(entry.title.get(crate::i18n::Lang::Fr), "Pénalité douce");
        // No Danish description: the English one stands in.
        assert_eq!(
            entry.description.get(crate::i18n::Lang::Da),
            "Unplayed tokens cost their value once."
        );
        assert_eq!(entry.origin, origin());
    }

    #[test]
    fn board_rows_are_written_into_the_rules() {
        let entry = read(
            r#"(game: "neighbours", id: "small", title: (en: "Small"), description: (en: "5 × 5"),
                rules: "standard",
                board: ["x . . . x", ". . K . .", ". K S K .", ". . K . .", "x . . . x"])"#,
        )
        .unwrap();
        assert_eq!(entry.rules, "standard,board=x...x/..K../.KSK./..K../x...x");
        Neighbours::variant(&entry.rules).unwrap();
    }

    #[test]
    fn the_rules_own_board_written_out_keeps_the_short_name() {
        let rows: Vec<String> = Board::source()
            .inline()
            .split('/')
            .map(str::to_owned)
            .collect();
        assert_eq!(
            expand(GameKind::Neighbours, "standard", &rows).unwrap(),
            "standard"
        );
    }

    #[test]
    fn a_syntax_error_names_the_line() {
        let text = "(\n    game: \"rummy\",\n    id: \"x\"\n    title: (en: \"X\"),\n)";
        let why = reason(text);
        assert!(why.starts_with("line 4, column"), "{why}");
    }

    #[test]
    fn a_missing_or_unknown_field_is_named() {
        let why = reason(r#"(game: "rummy", id: "x", title: (en: "X"), rules: "standard")"#);
        assert!(why.contains("description"), "{why}");
        let why = reason(
            r#"(game: "rummy", id: "x", title: (en: "X"), description: (en: ""), rules: "standard", colour: "red")"#,
        );
        assert!(why.contains("colour"), "{why}");
    }

    #[test]
    fn an_unknown_game_is_refused_with_the_games() {
        let why = reason(
            r#"(game: "chess", id: "x", title: (en: "X"), description: (en: ""), rules: "standard")"#,
        );
        assert_eq!(
            why,
            "unknown game \"chess\"; the games are neighbours, paper-boxing and rummy"
        );
    }

    #[test]
    fn a_bad_id_or_an_empty_title_is_refused() {
        let why = reason(
            r#"(game: "rummy", id: "My Rules", title: (en: "X"), description: (en: ""), rules: "standard")"#,
        );
        assert!(why.contains("lower-case"), "{why}");
        let why = reason(
            r#"(game: "rummy", id: "mine", title: (en: " "), description: (en: ""), rules: "standard")"#,
        );
        assert!(why.contains("English"), "{why}");
    }

    #[test]
    fn rules_the_game_does_not_read_are_refused_with_its_reason() {
        let why = reason(
            r#"(game: "rummy", id: "many-jokers", title: (en: "X"), description: (en: ""), rules: "standard,jokers=9")"#,
        );
        assert!(
            why.starts_with("rules: ") && why.contains("jokers must be a whole number from 0 to 4"),
            "{why}"
        );
        let why = reason(
            r#"(game: "paper-boxing", id: "big", title: (en: "X"), description: (en: ""), rules: "five-by-five")"#,
        );
        assert!(why.contains("the variants are"), "{why}");
    }

    #[test]
    fn a_bad_board_is_refused_with_what_is_wrong() {
        let file = |rows: &str, rules: &str| {
            format!(
                r#"(game: "neighbours", id: "b", title: (en: "B"), description: (en: ""), rules: "{rules}", board: [{rows}])"#
            )
        };
        let why = reason(&file(r#"". . .", ". K .""#, "standard"));
        assert_eq!(
            why,
            "board: the board needs exactly one start cell S, not 0"
        );
        let why = reason(&file(r#"". S .", ". K""#, "standard"));
        assert_eq!(why, "board: row 2 has 2 cells but the first row has 3");
        let why = reason(&file(r#"". S Q""#, "standard"));
        assert_eq!(why, "board: unknown cell symbol \"Q\" (use . S K x)");
        let why = reason(&file(r#"". S .""#, "standard,board=S."));
        assert_eq!(why, "the board is given twice: as rows and in the rules");
        // Rules that do not fit the tokens are refused whatever the board.
        let why = reason(&file(r#"". S .""#, "standard,copies=2,hand=12"));
        assert!(why.contains("cannot fill the start cell"), "{why}");
    }

    #[test]
    fn the_worked_example_of_the_notes_reads() {
        let entry = read(
            r#"(
    game: "neighbours",                 // neighbours, paper-boxing or rummy
    id: "corners",                      // lower-case, unique within the game
    title: (en: "Corner bonuses", fr: "Bonus aux coins", da: "Hjørnebonus"),
    description: (
        en: "A 7 × 7 board with +10 in each corner; hands of six.",
        fr: "Un tableau de 7 × 7 avec +10 dans chaque coin ; des mains de six.",
        da: "Et bræt på 7 × 7 med +10 i hvert hjørne; hænder på seks.",
    ),
    rules: "standard,hand=6",           // the game's own variant string
    board: [                            // Neighbours only; spaces optional
        "x . . . . . x",
        ". . . K . . .",
        ". . . . . . .",
        ". K . S . K .",
        ". . . . . . .",
        ". . . K . . .",
        "x . . . . . x",
    ],
)"#,
        )
        .unwrap();
        assert_eq!(
            entry.rules,
            "standard,hand=6,board=x.....x/...K.../......./.K.S.K./......./...K.../x.....x"
        );
        assert_eq!(Neighbours::variant(&entry.rules).unwrap().hand_size, 6);
    }

    #[test]
    fn only_neighbours_has_a_board() {
        let why = reason(
            r#"(game: "rummy", id: "b", title: (en: "B"), description: (en: ""), rules: "standard", board: ["S ."])"#,
        );
        assert_eq!(why, "only Neighbours variants have a board, not rummy");
    }
}
