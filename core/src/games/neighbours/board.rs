//! The Neighbours board: its cells, their bonuses and the start cell, read
//! from a text layout so that another board is a data change.

use serde::{Deserialize, Serialize};

/// The board of the source, kept with the rules in `core/data/boards/`.
pub const SOURCE_BOARD: &str = include_str!("../../../data/boards/neighbours-source.txt");
/// A larger diamond board, offered as a variant.
pub const DIAMOND_BOARD: &str = include_str!("../../../data/boards/neighbours-diamond.txt");

/// What a cell is printed with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bonus {
    /// A plain cell.
    None,
    /// The start cell, where the first token lies.
    Start,
    /// A K cell: +5.
    K,
    /// An x cell: +10.
    X,
}

impl Bonus {
    /// The points the bonus adds to a placement on it.
    pub fn points(self) -> i64 {
        match self {
            Bonus::K => 5,
            Bonus::X => 10,
            Bonus::None | Bonus::Start => 0,
        }
    }

    /// The letter printed on the cell, if any.
    pub fn mark(self) -> Option<&'static str> {
        match self {
            Bonus::K => Some("K"),
            Bonus::X => Some("x"),
            Bonus::Start => Some("S"),
            Bonus::None => None,
        }
    }
}

/// A rectangular board of cells, numbered row by row from the top-left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Board {
    rows: u8,
    cols: u8,
    cells: Vec<Bonus>,
    start: usize,
    /// Four slots per cell for its orthogonal neighbours, flat so that a
    /// board clones in one allocation; `degree` says how many slots are used.
    neighbours: Vec<usize>,
    degree: Vec<u8>,
    text: String,
}

/// Why a board layout was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// No rows.
    #[error("the board has no rows")]
    Empty,
    /// Rows of different lengths.
    #[error("row {} has {found} cells but the first row has {expected}", .row + 1)]
    Ragged {
        /// The row, from 0.
        row: usize,
        /// Its length.
        found: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A symbol that is not `.`, `S`, `K` or `x`.
    #[error("unknown cell symbol {0:?} (use . S K x)")]
    Symbol(String),
    /// Not exactly one start cell.
    #[error("the board needs exactly one start cell S, not {0}")]
    Start(usize),
    /// Too big to number.
    #[error("the board is larger than 32 x 32")]
    TooLarge,
    /// Nothing but the start cell: no token could ever be placed.
    #[error("the board has no cell besides the start cell")]
    NoRoom,
    /// An empty row in the one-line form.
    #[error("row {} of the board is empty", .0 + 1)]
    EmptyRow(usize),
}

impl Board {
    /// Reads a layout: one line per row, symbols separated by spaces; `#`
    /// starts a comment line.
    pub fn parse(text: &str) -> Result<Self, BoardError> {
        let mut cells = Vec::new();
        let mut cols = None;
        let mut rows = 0usize;
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let row: Vec<Bonus> = line
                .split_whitespace()
                .map(|s| match s {
                    "." => Ok(Bonus::None),
                    "S" => Ok(Bonus::Start),
                    "K" => Ok(Bonus::K),
                    "x" => Ok(Bonus::X),
                    other => Err(BoardError::Symbol(other.to_owned())),
                })
                .collect::<Result<_, _>>()?;
            let expected = *cols.get_or_insert(row.len());
            if row.len() != expected {
                return Err(BoardError::Ragged {
                    row: rows,
                    found: row.len(),
                    expected,
                });
            }
            cells.extend(row);
            rows += 1;
        }
        let cols = cols.ok_or(BoardError::Empty)?;
        if rows > 32 || cols > 32 {
            return Err(BoardError::TooLarge);
        }
        let starts: Vec<usize> = (0..cells.len())
            .filter(|&i| cells[i] == Bonus::Start)
            .collect();
        if starts.len() != 1 {
            return Err(BoardError::Start(starts.len()));
        }
        if cells.len() < 2 {
            return Err(BoardError::NoRoom);
        }
        let mut neighbours = vec![0; 4 * cells.len()];
        let mut degree = vec![0u8; cells.len()];
        for i in 0..cells.len() {
            let (r, c) = (i / cols, i % cols);
            let candidates = [
                (r > 0).then(|| i - cols),
                (r + 1 < rows).then(|| i + cols),
                (c > 0).then(|| i - 1),
                (c + 1 < cols).then(|| i + 1),
            ];
            for n in candidates.into_iter().flatten() {
                neighbours[4 * i + degree[i] as usize] = n;
                degree[i] += 1;
            }
        }
        Ok(Self {
            rows: rows as u8,
            cols: cols as u8,
            cells,
            start: starts[0],
            neighbours,
            degree,
            text: text.to_owned(),
        })
    }

    /// Reads the one-line form a variant name carries: rows separated by
    /// `/`, one symbol per cell (`x..x.K.x..x/...........`); spaces between
    /// symbols are allowed and ignored. Checked by the same rules as
    /// [`Board::parse`].
    pub fn parse_inline(text: &str) -> Result<Self, BoardError> {
        let mut layout = String::new();
        for (row, line) in text.split('/').enumerate() {
            let symbols: Vec<String> = line
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(String::from)
                .collect();
            // An empty row, or one read as a comment, would be skipped by the
            // layout reader and the board would silently lose a row.
            if symbols.is_empty() {
                return Err(BoardError::EmptyRow(row));
            }
            if symbols[0] == "#" {
                return Err(BoardError::Symbol(symbols[0].clone()));
            }
            layout.push_str(&symbols.join(" "));
            layout.push('\n');
        }
        Self::parse(&layout)
    }

    /// The one-line form of the board, as [`Board::parse_inline`] reads it:
    /// rows joined by `/`, one symbol per cell.
    pub fn inline(&self) -> String {
        let cols = self.cols as usize;
        self.cells
            .chunks(cols)
            .map(|row| {
                row.iter()
                    .map(|b| b.mark().map_or('.', |m| m.chars().next().unwrap_or('.')))
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Whether two boards have the same cells, whatever their text's
    /// comments and spacing.
    pub fn same_layout(&self, other: &Board) -> bool {
        self.rows == other.rows && self.cols == other.cols && self.cells == other.cells
    }

    /// The board of the source.
    pub fn source() -> Self {
        Self::parse(SOURCE_BOARD).expect("the shipped board is valid")
    }

    /// Number of rows.
    pub fn rows(&self) -> u8 {
        self.rows
    }
    /// Number of columns.
    pub fn cols(&self) -> u8 {
        self.cols
    }
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }
    /// Whether the board has no cells (never, once parsed).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
    /// The start cell's index.
    pub fn start(&self) -> usize {
        self.start
    }
    /// The bonus of a cell.
    pub fn bonus(&self, cell: usize) -> Bonus {
        self.cells[cell]
    }
    /// The orthogonal neighbours of a cell.
    pub fn neighbours(&self, cell: usize) -> &[usize] {
        &self.neighbours[4 * cell..4 * cell + self.degree[cell] as usize]
    }
    /// The cell at (row, col), if it is on the board.
    pub fn cell(&self, row: u8, col: u8) -> Option<usize> {
        (row < self.rows && col < self.cols)
            .then(|| row as usize * self.cols as usize + col as usize)
    }
    /// The (row, col) of a cell.
    pub fn coords(&self, cell: usize) -> (u8, u8) {
        (
            (cell / self.cols as usize) as u8,
            (cell % self.cols as usize) as u8,
        )
    }
}

impl TryFrom<String> for Board {
    type Error = BoardError;
    fn try_from(text: String) -> Result<Self, BoardError> {
        Self::parse(&text)
    }
}

impl From<Board> for String {
    fn from(board: Board) -> String {
        board.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_board_is_seven_by_eleven_with_start_in_the_centre() {
        let b = Board::source();
        assert_eq!((b.rows(), b.cols()), (7, 11));
        assert_eq!(b.coords(b.start()), (3, 5));
    }

    #[test]
    fn source_board_has_twelve_x_and_eight_k_cells_where_the_ruling_puts_them() {
        let b = Board::source();
        let at = |kind| -> Vec<(u8, u8)> {
            (0..b.len())
                .filter(|&i| b.bonus(i) == kind)
                .map(|i| b.coords(i))
                .collect()
        };
        assert_eq!(
            at(Bonus::X),
            vec![
                (0, 0),
                (0, 3),
                (0, 7),
                (0, 10),
                (1, 4),
                (1, 6),
                (5, 4),
                (5, 6),
                (6, 0),
                (6, 3),
                (6, 7),
                (6, 10)
            ]
        );
        assert_eq!(
            at(Bonus::K),
            vec![
                (0, 5),
                (2, 2),
                (2, 8),
                (3, 0),
                (3, 10),
                (4, 2),
                (4, 8),
                (6, 5)
            ]
        );
    }

    #[test]
    fn a_layout_with_two_starts_is_refused() {
        assert_eq!(Board::parse("S . S").unwrap_err(), BoardError::Start(2));
    }

    #[test]
    fn the_one_line_form_reads_back_the_same_board() {
        let source = Board::source();
        let again = Board::parse_inline(&source.inline()).unwrap();
        assert!(again.same_layout(&source));
        assert_eq!(
            source.inline().split('/').next(),
            Some("x..x.K.x..x"),
            "one symbol per cell"
        );
        // Spaces between symbols change nothing.
        assert!(
            Board::parse_inline("x . S/. K .")
                .unwrap()
                .same_layout(&Board::parse_inline("x.S/.K.").unwrap())
        );
    }

    #[test]
    fn a_one_line_board_with_an_empty_row_is_refused() {
        assert_eq!(
            Board::parse_inline("x.S//...").unwrap_err(),
            BoardError::EmptyRow(1)
        );
        assert_eq!(
            Board::parse_inline("x.S/#..").unwrap_err(),
            BoardError::Symbol("#".into())
        );
    }

    #[test]
    fn a_board_of_only_the_start_cell_is_refused() {
        assert_eq!(Board::parse("S").unwrap_err(), BoardError::NoRoom);
    }

    #[test]
    fn a_ragged_layout_is_refused() {
        assert!(matches!(
            Board::parse(". S .\n. .").unwrap_err(),
            BoardError::Ragged { row: 1, .. }
        ));
    }
}
