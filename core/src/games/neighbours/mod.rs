//! Neighbours: place digit tokens next to consecutive digits on a 7 × 11 board.

pub mod board;
pub mod bots;
pub mod reasons;
pub mod rules;
pub mod view;

use serde_json::json;

pub use board::{Board, Bonus};
pub use rules::{
    Adjacency, Config, Deal, Move, Outcome, Placement, RuleError, Scored, State, Token,
};
pub use view::View;

use crate::engine::{
    Bot, BotError, CellSpec, Game, Location, Phase, PieceSpec, Seat, VariantError, Zone,
};

/// The game of Neighbours.
#[derive(Clone, Copy, Debug, Default)]
pub struct Neighbours;

const VARIANTS: &[&str] = &["standard", "any-neighbour", "diamond", "gentle-penalty"];

impl Game for Neighbours {
    const NAME: &'static str = "neighbours";
    const TITLE: &'static str = "Neighbours";

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

    fn variant(name: &str) -> Result<Config, VariantError> {
        let standard = Config::default();
        match name {
            "standard" => Ok(standard),
            "any-neighbour" => Ok(Config {
                adjacency: Adjacency::Any,
                ..standard
            }),
            "diamond" => Ok(Config {
                board: Board::parse(board::DIAMOND_BOARD).expect("the shipped board is valid"),
                ..standard
            }),
            "gentle-penalty" => Ok(Config {
                penalty: 1,
                ..standard
            }),
            _ => Err(VariantError::new(Self::NAME, name, VARIANTS)),
        }
    }

    fn seats(_config: &Config) -> std::ops::RangeInclusive<usize> {
        2..=4
    }

    fn new_match(
        config: &Config,
        players: usize,
        seed: u64,
        deal: Option<&Deal>,
    ) -> Result<State, RuleError> {
        State::new(config, players, seed, deal)
    }

    fn awaiting(state: &State) -> Vec<Seat> {
        if state.is_over() {
            Vec::new()
        } else {
            vec![state.to_move()]
        }
    }

    fn phase(state: &State) -> Phase {
        if state.is_over() {
            Phase::Over
        } else {
            Phase::Play
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
        state.winners()
    }

    fn cells(state: &State) -> Vec<CellSpec> {
        let board = &state.config().board;
        (0..board.len())
            .map(|cell| {
                let (row, col) = board.coords(cell);
                CellSpec {
                    row,
                    col,
                    owner: None,
                    mark: board.bonus(cell).mark().map(str::to_owned),
                }
            })
            .collect()
    }

    /// Slots: a cell index on the board, a position in a hand, a position in
    /// the bag from the next draw.
    fn pieces(state: &State) -> Vec<PieceSpec> {
        let mut pieces: Vec<Option<Location>> = vec![None; state.config().tokens()];
        for cell in 0..state.config().board.len() {
            if let Some(t) = state.token_at(cell) {
                pieces[t.0 as usize] = Some(Location::new(Zone::Board, cell as u32));
            }
        }
        for seat in 0..state.players() {
            for (i, t) in state.hand(seat).iter().enumerate() {
                pieces[t.0 as usize] = Some(Location::new(Zone::Hand(seat), i as u32));
            }
        }
        for (i, t) in state.bag_in_draw_order().enumerate() {
            pieces[t.0 as usize] = Some(Location::new(Zone::Supply, i as u32));
        }
        pieces
            .into_iter()
            .enumerate()
            .map(|(id, location)| PieceSpec {
                label: Token(id as u8).digit().to_string(),
                location: location.expect("every token is somewhere"),
            })
            .collect()
    }

    fn report(state: &State) -> serde_json::Value {
        let board = &state.config().board;
        let rows: Vec<String> = (0..board.rows())
            .map(|r| {
                (0..board.cols())
                    .map(|c| {
                        let cell = board.cell(r, c).expect("on the board");
                        match state.token_at(cell) {
                            Some(t) => char::from(b'0' + t.digit()),
                            None => '.',
                        }
                    })
                    .collect()
            })
            .collect();
        json!({
            "points": state.points(),
            "penalties": state.penalties(),
            "hands": (0..state.players()).map(|s| state.hand(s).iter().map(|t| t.digit()).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "bag": state.bag_len(),
            "board": rows,
            "to_move": (!state.is_over()).then(|| state.to_move()),
        })
    }

    fn bots() -> &'static [&'static str] {
        bots::NAMES
    }

    fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot<Self>>, BotError> {
        bots::make(name, seed).ok_or_else(|| BotError::unknown::<Self>(name))
    }

    fn move_bound(config: &Config, players: usize) -> usize {
        // Each token placed can be followed by a full round of passes at most.
        (config.tokens() + 1) * (players + 1)
    }
}
