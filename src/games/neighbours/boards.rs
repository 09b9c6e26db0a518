//! A Neighbours variant file's `board:` rows, read into the rules string
//! that plays them (`standard,board=x..x/…`).

use parlour_core::engine::Game;
use parlour_core::games::neighbours::Neighbours;
use parlour_core::games::neighbours::board::Board;

/// Reads `rows` (one string per row: `.` plain, `S` start, `K` +5, `x` +10;
/// spaces between symbols optional) as the board of `rules`. The board is
/// left out of the rules when it is the one they already have, so the record
/// stays as short as it was.
pub fn read_board(rules: &str, rows: &[String]) -> Result<String, String> {
    let board = Board::parse_inline(&rows.join("/")).map_err(|e| e.to_string())?;
    let base = Neighbours::variant(rules).map_err(|e| e.to_string())?;
    let expanded = if base.board.same_layout(&board) {
        rules.to_owned()
    } else {
        format!("{rules},board={}", board.inline())
    };
    // Options that only fail with this board (hands and tokens still fit it).
    Neighbours::variant(&expanded).map_err(|e| e.to_string())?;
    Ok(expanded)
}
