//! Paper Boxing: two secret 4 × 4 grids of the numbers 1 to 15, king-move
//! paths from the D corner, fifteen bouts of the higher number.

pub mod analysis;
pub mod bots;
pub mod duel;
pub mod lesson;
pub mod matrix;
pub mod options;
pub mod oracle;
pub mod reasons;
pub mod rules;
pub mod setup;
pub mod solver;
pub mod view;

use serde_json::json;

pub use rules::{
    BoutResult, Bouts, CELLS, Config, Deal, FirstLead, Grid, Move, NEIGHBOURS, Outcome, RuleError,
    State, around_start, cell_at, check_grid, coords, first_leader,
};
pub use solver::{Solution, Solver, solve_report};
pub use view::View;

use crate::engine::{
    Bot, BotError, CellSpec, Game, Location, Phase, PieceSpec, Seat, VariantError, Zone,
};

/// The game of Paper Boxing.
#[derive(Clone, Copy, Debug, Default)]
pub struct PaperBoxing;

const VARIANTS: &[&str] = &["standard", "sackson", "simultaneous"];

impl Game for PaperBoxing {
    const NAME: &'static str = "paper-boxing";
    const TITLE: &'static str = "Paper Boxing";

    type Config = Config;
    type State = State;
    type Move = Move;
    type Deal = Deal;
    type View = View;
    type Outcome = Outcome;
    type Error = RuleError;

    fn variants() -> &'static [&'static str] {
        VARIANTS
    }

    /// A built-in variant; Sackson's first leader and simultaneous bouts
    /// may be played together, `sackson,simultaneous` (in either order).
    fn variant(name: &str) -> Result<Config, VariantError> {
        let mut parts = name.split(',').map(str::trim);
        let mut config = Config::default();
        match parts.next().unwrap_or_default() {
            "standard" => {}
            "sackson" => config.first_lead = FirstLead::Sackson,
            "simultaneous" => config.bouts = Bouts::Simultaneous,
            _ => return Err(VariantError::new(Self::NAME, name, VARIANTS)),
        }
        for part in parts {
            let refuse = |why: String| VariantError::options(Self::NAME, name, why);
            match part {
                "sackson" if config.first_lead == FirstLead::Sackson => {
                    return Err(refuse("sackson is given twice".into()));
                }
                "simultaneous" if config.bouts == Bouts::Simultaneous => {
                    return Err(refuse("simultaneous is given twice".into()));
                }
                "sackson" => config.first_lead = FirstLead::Sackson,
                "simultaneous" => config.bouts = Bouts::Simultaneous,
                other => {
                    return Err(refuse(format!(
                        "{other:?} cannot follow; only sackson and simultaneous combine"
                    )));
                }
            }
        }
        Ok(config)
    }

    fn seats(_config: &Config) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    /// Paper Boxing draws nothing at random: without a deal, the grids come
    /// from the players' set-up moves, and seat 1 is "even".
    fn new_match(
        config: &Config,
        players: usize,
        _seed: u64,
        deal: Option<&Deal>,
    ) -> Result<State, RuleError> {
        State::new(config, players, deal)
    }

    fn awaiting(state: &State) -> Vec<Seat> {
        state.awaiting()
    }

    fn phase(state: &State) -> Phase {
        if state.is_over() {
            Phase::Over
        } else if state.revealed() {
            Phase::Play
        } else {
            Phase::SetUp
        }
    }

    fn apply(state: &mut State, seat: Seat, mv: &Move) -> Result<Outcome, RuleError> {
        state.apply(seat, mv)
    }

    fn view(state: &State, seat: Seat) -> View {
        View::of(state, seat)
    }

    fn scores(state: &State) -> Vec<i64> {
        state.scores()
    }

    fn winners(state: &State) -> Vec<Seat> {
        state.winner().into_iter().collect()
    }

    /// Seat 0's grid (cells 0..16, row by row), then seat 1's (16..32). A
    /// cell's mark is "D" on the start cell and its number once the grids are
    /// revealed (nothing before: the numbers are secret during set-up).
    fn cells(state: &State) -> Vec<CellSpec> {
        let revealed = state.revealed();
        (0..2)
            .flat_map(|seat| {
                (0..CELLS as u8).map(move |cell| {
                    let (row, col) = coords(cell);
                    let mark = if cell == rules::START {
                        Some("D".to_owned())
                    } else if revealed {
                        Some(state.number(seat, cell).to_string())
                    } else {
                        None
                    };
                    CellSpec {
                        row,
                        col,
                        owner: Some(seat),
                        mark,
                    }
                })
            })
            .collect()
    }

    /// Piece `15 × seat + number − 1` is the written number `number` of
    /// `seat`'s grid. Slots: before its grid is filled in, a number is in the
    /// supply at slot `15 × seat + number − 1`; once filled in but before the
    /// reveal, in the seat's hand at the cell index where its owner wrote it
    /// (hidden from the other seat); after the reveal, on the board at the
    /// index of its cell in [`Game::cells`] (`16 × seat + cell`).
    fn pieces(state: &State) -> Vec<PieceSpec> {
        let mut pieces = Vec::with_capacity(30);
        for seat in 0..2 {
            let mut cell_of = [0u8; 16];
            for cell in 1..CELLS as u8 {
                cell_of[state.number(seat, cell) as usize] = cell;
            }
            for number in 1..=15u8 {
                let location = if state.revealed() {
                    Location::new(
                        Zone::Board,
                        (16 * seat) as u32 + cell_of[number as usize] as u32,
                    )
                } else if state.filled(seat) {
                    Location::new(Zone::Hand(seat), cell_of[number as usize] as u32)
                } else {
                    Location::new(Zone::Supply, (15 * seat) as u32 + number as u32 - 1)
                };
                pieces.push(PieceSpec {
                    label: number.to_string(),
                    location,
                });
            }
        }
        pieces
    }

    fn report(state: &State) -> serde_json::Value {
        let paths: Vec<Vec<[u8; 2]>> = (0..2)
            .map(|s| {
                state
                    .path(s)
                    .iter()
                    .map(|&c| {
                        let (r, k) = coords(c);
                        [r, k]
                    })
                    .collect()
            })
            .collect();
        let bouts: Vec<serde_json::Value> = state
            .bout_numbers()
            .into_iter()
            .map(|n| {
                let winner = match n[0].cmp(&n[1]) {
                    std::cmp::Ordering::Greater => Some(0),
                    std::cmp::Ordering::Less => Some(1),
                    std::cmp::Ordering::Equal => None,
                };
                json!({"numbers": n, "winner": winner})
            })
            .collect();
        json!({
            "grids": (0..2).map(|s| state.grid(s).map(|g| g.to_vec())).collect::<Vec<_>>(),
            "even": state.even(),
            "first_leader": state.first_leader(),
            "leader": if state.is_over() { None } else { state.leader() },
            "paths": paths,
            "bouts": bouts,
            "wins": state.wins(),
            "ko": state.ko(),
        })
    }

    fn bots() -> &'static [&'static str] {
        bots::NAMES
    }

    fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot<Self>>, BotError> {
        bots::make(name, seed).ok_or_else(|| BotError::unknown::<Self>(name))
    }

    /// One grid per seat, then two steps per bout: 2 + 2 × 15. Every move
    /// extends a path or fills a grid, so no match can be longer.
    fn move_bound(_config: &Config, _players: usize) -> usize {
        2 + 2 * rules::BOUTS as usize
    }
}

impl crate::protocol::Share for PaperBoxing {
    type Seen = view::Seen;

    fn seen_by(view: &View) -> view::Seen {
        view::Seen::of(view)
    }

    fn seen_at_table(state: &State) -> view::Seen {
        view::Seen::at_table(state)
    }
}
