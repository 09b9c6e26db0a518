//! House rule for Neighbours: the prime spiral.
//!
//! Number the cells of a 9 × 9 board in a square spiral out from the start
//! (1 on the start, 2 to its right, 3 above 2, and on anticlockwise, as in
//! Ulam's spiral). A cell whose number is prime is a bonus: K (+5) in the
//! inner half of the numbers, x (+10) in the outer half. The primes line
//! up along diagonals, so the bonuses form lines worth building towards.
//!
//! The board is computed here, then written into the rules string
//! (`standard,board=…`), so a match on it replays from its record alone.

use bevy::prelude::*;

use parlour_core::games::neighbours::Neighbours;

use crate::catalog::GameId;
use crate::variants::{Origin, RegisterVariant, VariantEntry, Words};

/// The board's side.
pub const SIZE: usize = 9;

/// Offers the prime spiral on the set-up screen.
pub fn plugin(app: &mut App) {
    app.register_variant(VariantEntry {
        game: GameId::of::<Neighbours>(),
        id: "prime-spiral".into(),
        title: Words::new(
            "Prime spiral",
            "Spirale des nombres premiers",
            "Primtalsspiral",
        ),
        description: Words::new(
            "Cells numbered in a spiral from the start: primes are bonuses, +5 inside, +10 outside.",
            "Cases numérotées en spirale depuis le départ : les nombres premiers sont des bonus, +5 au centre, +10 au bord.",
            "Felterne nummereres i en spiral fra start: primtallene giver bonus, +5 inderst, +10 yderst.",
        ),
        rules: format!("standard,board={}", board(SIZE)),
        origin: Origin::Plugin("prime_spiral"),
    });
}

/// The board of side `size` (odd), in the one-line form of the rules:
/// rows joined by `/`, one symbol per cell.
pub fn board(size: usize) -> String {
    let mut cells = vec![vec!['.'; size]; size];
    let centre = (size / 2) as i64;
    cells[centre as usize][centre as usize] = 'S';
    let (mut row, mut col) = (centre, centre);
    // First step to the right; each turn is a quarter turn anticlockwise.
    let (mut d_row, mut d_col) = (0i64, 1i64);
    let mut number = 1;
    let mut run = 1;
    'walk: loop {
        // Runs of 1, 1, 2, 2, 3, 3… cells between turns.
        for _ in 0..2 {
            for _ in 0..run {
                row += d_row;
                col += d_col;
                number += 1;
                let inside = (0..size as i64).contains(&row) && (0..size as i64).contains(&col);
                if !inside {
                    break 'walk;
                }
                if is_prime(number) {
                    cells[row as usize][col as usize] =
                        if 2 * number < size * size { 'K' } else { 'x' };
                }
            }
            (d_row, d_col) = (-d_col, d_row);
        }
        run += 1;
    }
    cells
        .iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

fn is_prime(n: usize) -> bool {
    n >= 2
        && (2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_core::engine::{Game, Match};
    use parlour_core::games::neighbours::Bonus;

    #[test]
    fn the_spiral_numbers_2_right_of_the_start_and_3_above_it() {
        let rules = format!("standard,board={}", board(SIZE));
        let config = Neighbours::variant(&rules).unwrap();
        let b = &config.board;
        assert_eq!((b.rows(), b.cols()), (9, 9));
        assert_eq!(b.coords(b.start()), (4, 4));
        // 2 and 3 are prime, 4 (above the start) is not.
        assert_eq!(b.bonus(b.cell(4, 5).unwrap()), Bonus::K);
        assert_eq!(b.bonus(b.cell(3, 5).unwrap()), Bonus::K);
        assert_eq!(b.bonus(b.cell(3, 4).unwrap()), Bonus::None);
    }

    #[test]
    fn the_primes_below_81_are_the_bonuses_k_inside_x_outside() {
        let config = Neighbours::variant(&format!("standard,board={}", board(SIZE))).unwrap();
        let count = |kind| {
            (0..config.board.len())
                .filter(|&c| config.board.bonus(c) == kind)
                .count()
        };
        // 2 … 37: twelve primes below 40.5; 41 … 79: ten above.
        assert_eq!((count(Bonus::K), count(Bonus::X)), (12, 10));
    }

    #[test]
    fn a_match_on_the_spiral_can_be_dealt() {
        let rules = format!("standard,board={}", board(SIZE));
        let config = Neighbours::variant(&rules).unwrap();
        let m = Match::<Neighbours>::new(&rules, config, 3, 7, None).unwrap();
        assert_eq!(m.record().variant, rules);
    }
}
