//! The table's protocol: what a host and the devices at its table say to
//! each other, one JSON message a WebSocket frame. The host holds the match
//! and applies moves only through the rules; a device holds nothing but
//! what the host sends it: its own seat's view ([`Share::seen_by`]) or, for
//! the table's screen, the public table ([`Share::seen_at_table`]).
//!
//! Plain data, no network: the host (`parlour host`) and the page's client
//! both use these types, and a test can talk the protocol over loopback.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

use crate::engine::analysis::Analyse;
use crate::engine::{Phrase, PhraseArg, Seat};

/// The protocol's version: a device that speaks another is told so and
/// closed, never half understood (a phone may run a page its browser kept
/// from before the host was upgraded). 2: hints, and a phrase with a close.
/// 3: the coach's word on a move before it is sent.
pub const VERSION: u32 = 3;

/// The largest message a device may send, in bytes: a Rummy table rebuilt
/// whole is under 4 KiB; anything far beyond is not a move.
pub const MAX_MESSAGE: usize = 16 * 1024;

/// The longest name a seat may take, in characters.
pub const MAX_NAME: usize = 24;

/// The port a host listens on unless told otherwise.
pub const PORT: u16 = 7878;

/// A game whose matches can be shared between devices: what each device is
/// shown of a match. Its decisions can be weighed ([`Analyse`]): the coach
/// of a seat's device thinks at the host, from that seat's view.
pub trait Share: Analyse {
    /// What a device is sent of a match: a seat's view, or the public table.
    type Seen: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// What the seat whose view this is is shown: built from
    /// [`Game::view`] alone, so nothing the view hides can reach it.
    fn seen_by(view: &Self::View) -> Self::Seen;

    /// What the table's screen is shown: what every seat may see, and
    /// nobody's hidden pieces.
    fn seen_at_table(state: &Self::State) -> Self::Seen;
}

/// What a device asks first, and what it may ask for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Wants {
    /// The public table, as the table's screen shows it.
    Table,
    /// A free seat (this one, or the first free), under a name.
    Seat {
        /// The seat wanted, if one.
        #[serde(default)]
        seat: Option<Seat>,
        /// The player's name, as the table shows it.
        name: String,
    },
    /// Back into the seat this token was given for.
    Back {
        /// The seat's secret token.
        token: String,
    },
    /// The table's own screen, which may give seats: the public table,
    /// and the key the host gave its screen (never a seat's token).
    Screen {
        /// The table's screen key.
        key: String,
    },
}

/// Who the table's own screen gives a seat to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Give {
    /// The device asking for the seat sits there; the away device's key
    /// no longer opens it.
    Asker,
    /// The seat is kept for its away device; the one asking is told no.
    Keep,
    /// The table's stand-in bot plays the seat from now on.
    Bot,
    /// A bot's seat opens for a phone to take.
    Open,
}

/// A message from a device to the host. `M` is the game's move, in its
/// record form.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ToHost<M> {
    /// The first message on a connection.
    Hello {
        /// The protocol version the device speaks.
        version: u32,
        /// What it wants.
        wants: Wants,
    },
    /// A move for the device's own seat, made when `number` moves had been
    /// played: a move sent again after a reconnect, or for a position that
    /// has since moved on, is refused rather than applied twice.
    Move {
        /// How many moves the match had when this one was made.
        number: usize,
        /// The move.
        mv: M,
    },
    /// A hint for the device's own seat, asked when `number` moves had
    /// been played: the host's strongest bot thinks about the seat's own
    /// view and answers this device alone.
    Hint {
        /// How many moves the match had when the hint was asked for.
        number: usize,
    },
    /// The coach's word on a move for the device's own seat, before it is
    /// sent: the host weighs it from the seat's own view and answers this
    /// device alone. Nothing is played.
    Weigh {
        /// How many moves the match had when the move was made.
        number: usize,
        /// The move, in its record form.
        mv: M,
    },
    /// From the table's own screen only: who a seat goes to now.
    Give {
        /// The seat.
        seat: Seat,
        /// Who it goes to.
        give: Give,
    },
}

/// Who holds a seat, as the table shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Holder {
    /// Nobody yet: a phone may take it.
    Open,
    /// A player's device; `here` is false while it is away.
    Device {
        /// Whether its connection is open now.
        here: bool,
    },
    /// A bot, by name.
    Bot {
        /// The bot's name.
        name: String,
    },
}

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatStatus {
    /// The name the table shows.
    pub name: String,
    /// Who holds it.
    pub holder: Holder,
    /// The name of a device asking for this seat while its own is away:
    /// the table's screen lets it sit, or keeps the seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asking: Option<String>,
}

/// A message from the host to a device. `S` is the game's [`Share::Seen`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ToDevice<S> {
    /// The answer to a hello: the match, and the seat given, if any.
    Welcome {
        /// The host's protocol version.
        version: u32,
        /// The game's record name.
        game: String,
        /// The variant's rules string.
        variant: String,
        /// How many seats.
        players: usize,
        /// The device's seat (none for the table's screen).
        seat: Option<Seat>,
        /// The secret a device shows to come back into its seat: sent once,
        /// to that device alone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// Where phones open the table's page, for the table's screen to
        /// show as codes (`http://192.168.1.20:7878`).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        join: Vec<String>,
    },
    /// The match as this device may see it, after `number` moves.
    Seen {
        /// Moves played so far: a move made now carries this number.
        number: usize,
        /// The seats whose move is awaited.
        awaiting: Vec<Seat>,
        /// Each seat's score.
        scores: Vec<i64>,
        /// The winners, once the match is over.
        winners: Vec<Seat>,
        /// What this device may see of the match.
        seen: S,
    },
    /// The hint asked for: the move the host's strongest bot would make
    /// from this seat's own view after `number` moves (in the game's
    /// record form), for this device alone.
    Hint {
        /// The moves played when it was asked for: a hint is only good then.
        number: usize,
        /// The move, in its record form.
        mv: serde_json::Value,
    },
    /// The coach's word on a move this device asked it to weigh, for this
    /// device alone: `better` when the move throws away a mistake's worth
    /// or more (the desktop coach's mark), none when it is fine or cannot
    /// be weighed.
    Weighed {
        /// The moves played when it was asked: the word is only good then.
        number: usize,
        /// The move weighed, in its record form, as it was sent.
        mv: serde_json::Value,
        /// The coach's own move and what it gains, if it would play another.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        better: Option<Better>,
    },
    /// Once the match is over, to every device: its whole record, every
    /// hidden piece included (nothing is hidden once it has ended), for
    /// the review after the match on each device.
    Record {
        /// The match's record, with who sat where.
        record: crate::engine::Record,
    },
    /// The seat asked for is held by a device that is away: the table's
    /// screen has been asked to let this device sit there.
    Asking {
        /// The seat asked for.
        seat: Seat,
    },
    /// Who holds each seat, whenever that changes.
    Seats {
        /// One per seat.
        seats: Vec<SeatStatus>,
    },
    /// A move or a request refused, and why, in words a person can read.
    Refused {
        /// Why, in English.
        reason: String,
        /// Why, as a key and values the device words in its own language.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        phrase: Option<Worded>,
    },
    /// The host closes this connection, and why.
    Closed {
        /// Why, in English.
        reason: String,
        /// Why, as a key and values the device words in its own language.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        phrase: Option<Worded>,
        /// Whether the device should come back by itself: the host is
        /// stopping and may start again (a restart) — not a refusal.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        back: bool,
    },
}

/// The coach's move where it would play another, and what it gains.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Better {
    /// The coach's move, in its record form.
    pub mv: serde_json::Value,
    /// Its chance to win over the move weighed, in whole percentage points.
    pub chance: i64,
    /// Its final margin over the move weighed, in whole points (where the
    /// game counts one).
    pub points: i64,
}

/// A [`Phrase`] as it travels: a message key and named values, worded by
/// the device in its player's language (a key it does not know falls back
/// to the English reason beside it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Worded {
    /// The message's key in the catalogues.
    pub key: String,
    /// The values it names, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<(String, WordedArg)>,
}

/// A value a [`Worded`] names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum WordedArg {
    /// A number.
    Number(i64),
    /// A seat, which the device calls by its player's name.
    Seat(Seat),
    /// Text as it is.
    Text(String),
    /// A phrase worded first, then put in place.
    Phrase(Worded),
}

impl From<&Phrase> for Worded {
    fn from(phrase: &Phrase) -> Self {
        Self {
            key: phrase.key.to_owned(),
            args: phrase
                .args
                .iter()
                .map(|(name, arg)| {
                    let arg = match arg {
                        PhraseArg::Number(n) => WordedArg::Number(*n),
                        PhraseArg::Seat(s) => WordedArg::Seat(*s),
                        PhraseArg::Text(t) => WordedArg::Text(t.clone()),
                        PhraseArg::Phrase(p) => WordedArg::Phrase(p.into()),
                    };
                    ((*name).to_owned(), arg)
                })
                .collect(),
        }
    }
}

/// Reads a device's message: one line a person can read when it is not a
/// message of this protocol, never a panic.
pub fn read_to_host<M: DeserializeOwned>(text: &str) -> Result<ToHost<M>, String> {
    if text.len() > MAX_MESSAGE {
        return Err(format!(
            "a message of {} bytes is over the limit of {MAX_MESSAGE}",
            text.len()
        ));
    }
    serde_json::from_str(text).map_err(|e| format!("not a message of this table: {e}"))
}

/// A name a person typed, made fit for the table: control characters
/// dropped, spaces trimmed, at most [`MAX_NAME`] characters.
pub fn clean_name(name: &str) -> Result<String, String> {
    let clean: String = name
        .chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .chars()
        .take(MAX_NAME)
        .collect();
    if clean.is_empty() {
        Err("a seat needs a name".into())
    } else {
        Ok(clean)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hello_reads_back_as_sent() {
        let hello: ToHost<u8> = ToHost::Hello {
            version: VERSION,
            wants: Wants::Seat {
                seat: Some(1),
                name: "Ana".into(),
            },
        };
        let text = serde_json::to_string(&hello).unwrap();
        assert_eq!(read_to_host::<u8>(&text).unwrap(), hello);
    }

    #[test]
    fn a_hint_reads_back_as_sent() {
        let ask: ToHost<u8> = ToHost::Hint { number: 4 };
        let text = serde_json::to_string(&ask).unwrap();
        assert_eq!(read_to_host::<u8>(&text).unwrap(), ask);
        let e = read_to_host::<u8>("{\"kind\":\"hint\",\"number\":4,\"seat\":1}").unwrap_err();
        assert!(e.starts_with("not a message of this table"), "{e}");
    }

    #[test]
    fn a_move_to_weigh_and_the_coachs_word_read_back_as_sent() {
        let ask: ToHost<u8> = ToHost::Weigh { number: 3, mv: 7 };
        let text = serde_json::to_string(&ask).unwrap();
        assert_eq!(read_to_host::<u8>(&text).unwrap(), ask);
        let e = read_to_host::<u8>("{\"kind\":\"weigh\",\"number\":3}").unwrap_err();
        assert!(e.starts_with("not a message of this table"), "{e}");
        for better in [
            None,
            Some(Better {
                mv: serde_json::json!({"place": [1, 2]}),
                chance: 14,
                points: 3,
            }),
        ] {
            let word: ToDevice<u8> = ToDevice::Weighed {
                number: 3,
                mv: serde_json::json!(7),
                better,
            };
            let text = serde_json::to_string(&word).unwrap();
            assert_eq!(serde_json::from_str::<ToDevice<u8>>(&text).unwrap(), word);
        }
    }

    #[test]
    fn a_seat_given_by_the_tables_screen_reads_back_as_sent() {
        for give in [Give::Asker, Give::Keep, Give::Bot, Give::Open] {
            let message: ToHost<u8> = ToHost::Give { seat: 2, give };
            let text = serde_json::to_string(&message).unwrap();
            assert_eq!(read_to_host::<u8>(&text).unwrap(), message);
        }
        let e = read_to_host::<u8>("{\"kind\":\"give\",\"seat\":0,\"give\":{\"to\":\"me\"}}")
            .unwrap_err();
        assert!(e.starts_with("not a message of this table"), "{e}");
    }

    #[test]
    fn garbage_and_unknown_fields_are_refused_with_a_reason() {
        for text in [
            "",
            "{",
            "[]",
            "{\"kind\":\"hello\"}",
            "{\"kind\":\"move\",\"number\":0,\"mv\":3,\"seat\":1}",
            "{\"kind\":\"teleport\"}",
        ] {
            let e = read_to_host::<u8>(text).unwrap_err();
            assert!(
                e.starts_with("not a message of this table"),
                "{text:?}: {e}"
            );
        }
    }

    #[test]
    fn a_message_over_the_limit_is_refused_before_it_is_read() {
        let big = format!("\"{}\"", "x".repeat(MAX_MESSAGE));
        let e = read_to_host::<String>(&big).unwrap_err();
        assert!(e.contains("over the limit"), "{e}");
    }

    #[test]
    fn a_name_loses_its_control_characters_and_is_cut_to_length() {
        assert_eq!(clean_name("  An\u{7}a\n ").unwrap(), "Ana");
        assert_eq!(
            clean_name(&"x".repeat(100)).unwrap().chars().count(),
            MAX_NAME
        );
        assert!(clean_name(" \u{1b} ").is_err());
    }
}
