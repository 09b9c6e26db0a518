//! Match records: the public JSON format that saves, replays, tests and the
//! command line share (`parlour-record/1`, documented in docs/records.md).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::game::Seat;

/// The format tag this version reads and writes.
pub const FORMAT: &str = "parlour-record/1";

/// A match record as it stands in a file: the variant, the deal, every move.
///
/// Moves are kept as JSON objects here; [`super::Match::from_record`] reads
/// them with the game's own move type and checks each with the rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// `neighbours`, `paper-boxing` or `rummy`.
    pub game: String,
    /// A built-in variant's name; `standard` when left out.
    #[serde(default = "standard")]
    pub variant: String,
    /// The number of seats.
    pub players: usize,
    /// The seed of the deal and of every later random draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// An explicit starting position; it wins over `seed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<Value>,
    /// Every move in order, each an object naming its `seat`.
    #[serde(default)]
    pub moves: Vec<Value>,
    /// Who sat where, one per seat: names and bots, for a saved match to
    /// resume with the same table and a history to say who played. The
    /// rules never read it; left out, the seats are just numbered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<SeatRecord>,
    /// A match played for a time: the whole seconds of the agreed time used
    /// when each round ended — the time the next round began with. The
    /// rules read them where rounds end, so a replay ends where the match
    /// on screen did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clock: Vec<u64>,
    /// A match played for a time and saved unfinished: the whole seconds
    /// of the agreed time used so far, for Continue to take up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_used: Option<u64>,
    /// What the screen kept of a match saved unfinished, for Continue to
    /// set out as it was (Rummy: each hand in its player's own order). The
    /// rules never read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub screen: Option<Value>,
}

/// One seat of a record's table: a name, and the bot that played it, if one did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRecord {
    /// The name shown.
    pub name: String,
    /// The bot's name; a person when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}

fn standard() -> String {
    "standard".to_owned()
}

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Not JSON, or not shaped like a record.
    #[error("not a valid match record: {0}")]
    Malformed(String),
    /// A format this version does not read.
    #[error("unsupported record format {0:?}; this version reads {FORMAT:?}")]
    Format(String),
    /// A game name nobody knows.
    #[error("unknown game {0:?}; the games are: neighbours, paper-boxing, rummy")]
    UnknownGame(String),
    /// A record for another game than the one asked for.
    #[error("this record is for {found:?}, not {expected:?}")]
    WrongGame {
        /// The game the reader expected.
        expected: String,
        /// The game the record names.
        found: String,
    },
    /// Neither a seed nor a deal.
    #[error("the record has neither a seed nor a deal")]
    NoDeal,
    /// A variant, deal or player count the game refuses.
    #[error("{0}")]
    Setup(String),
    /// A move that is not shaped like a move of this game.
    #[error("move {index} is not a valid move: {reason}")]
    MoveSyntax {
        /// Its index in `moves`, from 0.
        index: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// Times of a match played for a time that cannot be its times.
    #[error("the record's clock is not valid: {0}")]
    Clock(String),
    /// A move the rules refuse.
    #[error("move {index} by seat {seat} is illegal: {reason}")]
    Illegal {
        /// Its index in `moves`, from 0.
        index: usize,
        /// The seat that played it.
        seat: Seat,
        /// The rules' reason.
        reason: String,
    },
}

impl Record {
    /// Reads a record from JSON text, checking its shape and format tag.
    pub fn from_json(text: &str) -> Result<Self, RecordError> {
        let record: Record =
            serde_json::from_str(text).map_err(|e| RecordError::Malformed(explain(text, e)))?;
        if record.format != FORMAT {
            return Err(RecordError::Format(record.format));
        }
        if record.seed.is_none() && record.deal.is_none() {
            return Err(RecordError::NoDeal);
        }
        if !record.seats.is_empty() && record.seats.len() != record.players {
            return Err(RecordError::Malformed(format!(
                "\"seats\" names {} seats but \"players\" is {}",
                record.seats.len(),
                record.players
            )));
        }
        Ok(record)
    }

    /// Writes the record as JSON text: the header fields one per line and
    /// each move on a line of its own, so records read well and diff well.
    /// Reading the text back and writing it again gives the same bytes.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\n");
        let mut field = |name: &str, value: String| {
            out.push_str(&format!("  {}: {},\n", json(&Value::from(name)), value));
        };
        field("format", json(&Value::from(self.format.as_str())));
        field("game", json(&Value::from(self.game.as_str())));
        field("variant", json(&Value::from(self.variant.as_str())));
        field("players", self.players.to_string());
        if let Some(seed) = self.seed {
            field("seed", seed.to_string());
        }
        if let Some(deal) = &self.deal {
            field("deal", json(deal));
        }
        if !self.seats.is_empty() {
            field(
                "seats",
                serde_json::to_string(&self.seats).unwrap_or_default(),
            );
        }
        if !self.clock.is_empty() {
            field(
                "clock",
                serde_json::to_string(&self.clock).unwrap_or_default(),
            );
        }
        if let Some(used) = self.time_used {
            field("time_used", used.to_string());
        }
        if let Some(screen) = &self.screen {
            field("screen", json(screen));
        }
        if self.moves.is_empty() {
            out.push_str("  \"moves\": []\n}\n");
        } else {
            out.push_str("  \"moves\": [\n");
            for (i, mv) in self.moves.iter().enumerate() {
                let comma = if i + 1 < self.moves.len() { "," } else { "" };
                out.push_str(&format!("    {}{}\n", json(mv), comma));
            }
            out.push_str("  ]\n}\n");
        }
        out
    }

    /// The seat and the move object (without `seat`) of move `index`.
    pub fn split_move(&self, index: usize) -> Result<(Seat, Value), RecordError> {
        let syntax = |reason: &str| RecordError::MoveSyntax {
            index,
            reason: reason.to_owned(),
        };
        let Some(Value::Object(object)) = self.moves.get(index) else {
            return Err(syntax("a move must be a JSON object"));
        };
        let mut object: Map<String, Value> = object.clone();
        let seat = match object.shift_remove("seat") {
            Some(Value::Number(n)) => n
                .as_u64()
                .filter(|&s| (s as usize) < self.players)
                .ok_or_else(|| {
                    syntax(&format!(
                        "\"seat\" must be a seat from 0 to {}",
                        self.players.saturating_sub(1)
                    ))
                })?,
            Some(_) => return Err(syntax("\"seat\" must be a number")),
            None => return Err(syntax("the move does not name its \"seat\"")),
        };
        Ok((seat as Seat, Value::Object(object)))
    }
}

/// serde's reason why `text` is not a record, naming the field at fault
/// when the text is a JSON object (serde's own message names only a line
/// and a column for a value of the wrong type).
fn explain(text: &str, error: serde_json::Error) -> String {
    let reason = error.to_string();
    if error.is_syntax() || error.is_eof() {
        return reason;
    }
    let Ok(Value::Object(fields)) = serde_json::from_str::<Value>(text) else {
        return format!("{reason} (a record is a JSON object)");
    };
    fn fits<T: serde::de::DeserializeOwned>(value: &Value) -> bool {
        T::deserialize(value).is_ok()
    }
    let wrong = fields.iter().find_map(|(name, value)| {
        let ok = match name.as_str() {
            "format" | "game" | "variant" => fits::<String>(value),
            "players" => fits::<usize>(value),
            "seed" => fits::<Option<u64>>(value),
            "deal" => true,
            "moves" => fits::<Vec<Value>>(value),
            "seats" => fits::<Vec<SeatRecord>>(value),
            "clock" => fits::<Vec<u64>>(value),
            "time_used" => fits::<Option<u64>>(value),
            // serde names an unknown field itself.
            _ => true,
        };
        (!ok).then_some(name)
    });
    match wrong {
        Some(name) => format!("the field {name:?} is not valid: {reason}"),
        None => reason,
    }
}

/// Compact JSON for one value (keys keep their order).
fn json(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// Reads just the `game` field of a record, to pick the game before reading the rest.
pub fn game_of(text: &str) -> Result<String, RecordError> {
    #[derive(Deserialize)]
    struct Peek {
        game: Option<String>,
        format: Option<String>,
    }
    let peek: Peek =
        serde_json::from_str(text).map_err(|e| RecordError::Malformed(e.to_string()))?;
    match (peek.format, peek.game) {
        (Some(f), _) if f != FORMAT => Err(RecordError::Format(f)),
        (None, _) => Err(RecordError::Malformed("missing field `format`".into())),
        (_, None) => Err(RecordError::Malformed("missing field `game`".into())),
        (_, Some(game)) => Ok(game),
    }
}
