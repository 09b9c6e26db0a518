//! Neighbours: place digit tokens next to consecutive digits on a 7 × 11 board.

pub mod analysis;
pub mod board;
pub mod bots;
pub mod lesson;
pub mod options;
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

/// The largest end penalty multiplier a variant may ask for.
pub const MAX_PENALTY: i64 = 10;

/// Applies one `key=value` agreement to `config`; gives back the key.
fn with_option(config: &mut Config, option: &str) -> Result<&'static str, String> {
    let keys = "the options are penalty, adjacency, hand, copies and board";
    let (key, value) = option
        .split_once('=')
        .ok_or_else(|| format!("{option:?} is not key=value; {keys}"))?;
    let value = value.trim();
    let number = |key: &str, low: i64, high: i64| -> Result<i64, String> {
        value
            .parse::<i64>()
            .ok()
            .filter(|n| (low..=high).contains(n))
            .ok_or_else(|| {
                format!("{key} must be a whole number from {low} to {high}, not {value:?}")
            })
    };
    Ok(match key.trim() {
        "penalty" => {
            config.penalty = number("penalty", 0, MAX_PENALTY)?;
            "penalty"
        }
        "adjacency" => {
            config.adjacency = match value {
                "every" => Adjacency::Every,
                "any" => Adjacency::Any,
                _ => return Err(format!("adjacency must be every or any, not {value:?}")),
            };
            "adjacency"
        }
        "hand" => {
            config.hand_size = number("hand", 1, rules::MAX_HAND as i64)? as usize;
            "hand"
        }
        "copies" => {
            config.copies = number("copies", 1, rules::MAX_COPIES as i64)? as u8;
            "copies"
        }
        "board" => {
            config.board = Board::parse_inline(value).map_err(|e| format!("board: {e}"))?;
            "board"
        }
        other => return Err(format!("unknown option {other:?}; {keys}")),
    })
}

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

    /// A built-in variant, optionally followed by the table's own
    /// agreements: `standard,penalty=1,adjacency=any,hand=6,copies=4,board=<rows>`
    /// (the board's rows joined by `/`, one symbol per cell, as
    /// [`Board::parse_inline`] reads them). Each option may be given once.
    fn variant(name: &str) -> Result<Config, VariantError> {
        let mut parts = name.split(',');
        let base = parts.next().unwrap_or_default().trim();
        let standard = Config::default();
        let mut config = match base {
            "standard" => standard,
            "any-neighbour" => Config {
                adjacency: Adjacency::Any,
                ..standard
            },
            "diamond" => Config {
                board: Board::parse(board::DIAMOND_BOARD).expect("the shipped board is valid"),
                ..standard
            },
            "gentle-penalty" => Config {
                penalty: 1,
                ..standard
            },
            _ => return Err(VariantError::new(Self::NAME, name, VARIANTS)),
        };
        let refuse = |why: String| VariantError::options(Self::NAME, name, why);
        let mut given: Vec<&str> = Vec::new();
        for option in parts {
            let key = with_option(&mut config, option.trim()).map_err(refuse)?;
            if given.contains(&key) {
                return Err(refuse(format!("{key} is given twice")));
            }
            given.push(key);
        }
        // Hands and tokens must fit together for the smallest table, two seats.
        config.check(2).map_err(|e| refuse(e.to_string()))?;
        Ok(config)
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

impl crate::protocol::Share for Neighbours {
    type Seen = view::Seen;

    fn seen_by(view: &View) -> view::Seen {
        view::Seen::of(view)
    }

    fn seen_at_table(state: &State) -> view::Seen {
        view::Seen::at_table(state)
    }
}
