//! Rummy: 108 cards, runs and groups, a 40-point first meld, and a table
//! every player may rebuild.
//!
//! `cards` names the cards, `sets` reads runs and groups, `rules` checks
//! and plays turns, `view` is what one seat sees, `bots` plays, `solver`
//! finds the best play for a position, `strategy` plays with it by rules
//! of thumb and `search` by playing the round forward in guesses at the
//! hidden cards.

pub mod analysis;
pub mod bots;
pub mod cards;
pub mod lesson;
pub mod options;
pub mod reasons;
pub mod rules;
pub mod search;
pub mod sets;
pub mod solver;
pub mod strategy;
pub mod view;

use std::time::Duration;

use serde_json::json;

pub use cards::{Card, CardName, Colour, Face};
pub use rules::{
    Action, Config, Deal, Ending, Move, MovedJoker, Outcome, Play, RoundEnd, RuleError, State,
    SwappedJoker, TableSet, TimeoutRule,
};
pub use sets::{Kind, Reading, SetError, Shape};
pub use view::View;

use crate::engine::{
    Bot, BotError, CellSpec, Game, Location, Phase, PieceSpec, Seat, VariantError, Zone,
};

/// The game of Rummy.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rummy;

const VARIANTS: &[&str] = &["standard", "classic", "relaxed"];

/// Table slots per set in [`Game::pieces`]: a set has at most 13 cards.
pub const SLOTS_PER_SET: u32 = 16;

/// The longest agreed playing time, in minutes (ten hours).
pub const MOST_MINUTES: u32 = 600;

/// `config` with one `key=value` agreement applied, or why it cannot be.
fn with_option(mut config: Config, option: &str) -> Result<Config, String> {
    let keys = "the options are rounds, minutes, turn-seconds, first-meld and jokers";
    let (key, value) = option
        .split_once('=')
        .ok_or_else(|| format!("{option:?} is not key=value; {keys}"))?;
    let number = |low: u32, high: u32| -> Result<u32, String> {
        value
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (low..=high).contains(n))
            .ok_or_else(|| {
                format!("{key} must be a whole number from {low} to {high}, not {value:?}")
            })
    };
    match key.trim() {
        "rounds" => config.rounds = number(1, 100)? as usize,
        "minutes" => config.minutes = Some(number(1, MOST_MINUTES)?),
        "turn-seconds" if value.trim() == "off" => config.turn_seconds = None,
        "turn-seconds" => config.turn_seconds = Some(number(10, 3600)?),
        "first-meld" => config.first_meld = number(0, 200)?,
        "jokers" => config.jokers = number(0, cards::MAX_JOKERS as u32)? as u8,
        other => return Err(format!("unknown option {other:?}; {keys}")),
    }
    Ok(config)
}

impl Game for Rummy {
    const NAME: &'static str = "rummy";
    const TITLE: &'static str = "Rummy";

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
    /// agreements: `standard,rounds=3,turn-seconds=90,first-meld=30,jokers=2`
    /// (`turn-seconds=off` for no clock), or `minutes=30` in place of the
    /// rounds for a match played for a time.
    fn variant(name: &str) -> Result<Config, VariantError> {
        let mut parts = name.split(',');
        let base = parts.next().unwrap_or_default().trim();
        let mut config = match base {
            "standard" => Config::standard(),
            "classic" => Config::classic(),
            "relaxed" => Config {
                turn_seconds: None,
                ..Config::standard()
            },
            _ => return Err(VariantError::new(Self::NAME, name, VARIANTS)),
        };
        let mut length = Vec::new();
        for option in parts {
            let option = option.trim();
            config = with_option(config, option)
                .map_err(|why| VariantError::options(Self::NAME, name, why))?;
            if option.starts_with("rounds=") || option.starts_with("minutes=") {
                length.push(option);
            }
        }
        // A match ends after its rounds or after its time, never both.
        if let [first, second, ..] = length[..] {
            let why = format!(
                "a match is played for a number of rounds or for a time, not both ({first} and {second})"
            );
            return Err(VariantError::options(Self::NAME, name, why));
        }
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

    fn playing_time(config: &Config) -> Option<Duration> {
        config.seconds().map(Duration::from_secs)
    }

    fn apply_at(state: &mut State, seat: Seat, mv: &Move, used: u64) -> Result<Outcome, RuleError> {
        state.apply_at(seat, mv, Some(used))
    }

    fn view(state: &State, seat: Seat) -> View {
        View::of(state, seat)
    }

    /// Match totals: the sum of the round scores so far.
    fn scores(state: &State) -> Vec<i64> {
        state.totals().to_vec()
    }

    fn winners(state: &State) -> Vec<Seat> {
        state.winners()
    }

    /// Rummy has no board.
    fn cells(_state: &State) -> Vec<CellSpec> {
        Vec::new()
    }

    /// Every card of the variant's deck, indexed by its id (number cards
    /// 0..104, jokers after). Slots: in the pile, the position from the next
    /// draw (hidden: not for the screen); in a hand, the position in the
    /// hand; on the table (`Zone::Board`), `set × 16 + position in the set`.
    fn pieces(state: &State) -> Vec<PieceSpec> {
        let mut places: Vec<Option<Location>> = vec![None; state.config().deck_size()];
        let mut put = |card: Card, location: Location| {
            if let Some(p) = places.get_mut(card.0 as usize) {
                *p = Some(location);
            }
        };
        for (i, card) in state.pile_in_draw_order().enumerate() {
            put(card, Location::new(Zone::Supply, i as u32));
        }
        for seat in 0..state.players() {
            for (i, &card) in state.hand(seat).iter().enumerate() {
                put(card, Location::new(Zone::Hand(seat), i as u32));
            }
        }
        for (s, set) in state.table().iter().enumerate() {
            for (i, &card) in set.cards.iter().enumerate() {
                put(
                    card,
                    Location::new(Zone::Board, s as u32 * SLOTS_PER_SET + i as u32),
                );
            }
        }
        places
            .into_iter()
            .enumerate()
            .map(|(id, location)| PieceSpec {
                label: Card(id as u8).to_string(),
                // Every card is somewhere; the supply is the safe default.
                location: location.unwrap_or(Location::new(Zone::Supply, 0)),
            })
            .collect()
    }

    fn report(state: &State) -> serde_json::Value {
        let names = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        json!({
            "round": state.round(),
            "rounds": state.config().minutes.is_none().then_some(state.config().rounds),
            "minutes": state.config().minutes,
            "time_is_up": state.time_is_up(),
            "round_scores": state.rounds().iter().map(|r| r.scores.clone()).collect::<Vec<_>>(),
            "round_results": state.rounds(),
            "totals": state.totals(),
            "table": state.table_written(),
            "hands": (0..state.players()).map(|s| names(state.hand(s))).collect::<Vec<_>>(),
            "pile": state.pile_len(),
            "melded": state.melded(),
            "to_move": (!state.is_over()).then_some(state.to_move()),
        })
    }

    fn bots() -> &'static [&'static str] {
        bots::NAMES
    }

    fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot<Self>>, BotError> {
        bots::make(name, seed).ok_or_else(|| BotError::unknown::<Self>(name))
    }

    fn move_bound(config: &Config, players: usize) -> usize {
        // Each play lays a number card, or a joker that a play laid or a
        // swap freed (a swap lays a number card): at most 2 × deck plays.
        // Real draws empty the pile once; passes come fewer than `players`
        // in a row between plays and draws.
        let deck = config.deck_size();
        // No rule bounds the rounds of a match played for a time (its clock
        // ends it): this allows a round for every second of the time.
        let rounds = config.seconds().map_or(config.rounds, |s| s as usize + 1);
        rounds.saturating_mul((3 * deck + 1) * (players + 1))
    }

    fn ends_round(outcome: &Outcome) -> bool {
        outcome.round_end.is_some()
    }

    fn turn_limit(state: &State) -> Option<Duration> {
        if state.is_over() {
            return None;
        }
        state
            .config()
            .turn_seconds
            .map(|s| Duration::from_secs(s as u64))
    }

    /// A time-out carrying the seat's unfinished table (a draw or no draft:
    /// the table as the turn found it).
    fn timeout_move(state: &State, seat: Seat, draft: Option<&Move>) -> Option<Move> {
        if state.is_over() || seat != state.to_move() || state.config().turn_seconds.is_none() {
            return None;
        }
        Some(match draft {
            Some(Move::Play(play)) | Some(Move::Timeout(Some(play))) => {
                Move::Timeout(Some(play.clone()))
            }
            _ => Move::Timeout(None),
        })
    }
}

impl crate::protocol::Share for Rummy {
    type Seen = view::Seen;

    fn seen_by(view: &View) -> view::Seen {
        view::Seen::of(view)
    }

    fn seen_at_table(state: &State) -> view::Seen {
        view::Seen::at_table(state)
    }
}
