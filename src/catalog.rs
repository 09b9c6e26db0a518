//! The games on offer. Each game's plugin adds its [`GameEntry`] to the
//! [`GameCatalog`] (through `game_kit::AddGame::add_game`), and every other
//! part of the app — the title, the set-up, saves, variants, attract mode —
//! reads the catalog instead of naming a game: adding a game adds an entry,
//! and the shell does not change.

use std::ops::RangeInclusive;

use bevy::prelude::*;
use bevy_egui::egui;
use parlour_core::engine::{Game, VariantError};

/// A game, by the name its records use (`"neighbours"`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub &'static str);

impl GameId {
    /// The id of game `G`.
    pub fn of<G: Game>() -> Self {
        GameId(G::NAME)
    }

    /// The name records and the command line use.
    pub fn name(self) -> &'static str {
        self.0
    }

    /// The title shown to people, in the language on screen.
    pub fn title(self) -> String {
        crate::tr!(&format!("game-{}", self.0))
    }

    /// One line about the game, in the language on screen.
    pub fn tagline(self) -> String {
        crate::tr!(&format!("game-{}-tagline", self.0))
    }
}

/// Paints a small picture of a game into a rectangle (the title's cards,
/// the how-to page).
pub type Picture = fn(&egui::Painter, egui::Rect);

/// A row of the set-up screen that a game adds under the variant (Rummy's
/// number of rounds): it may change the rules string the table will play.
pub type SetupRow = fn(&mut egui::Ui, &mut String);

/// Turns a variant file's `board:` rows into the rules string that plays
/// them, given the file's `rules:` (for games whose variants carry a board).
pub type BoardReader = fn(rules: &str, rows: &[String]) -> Result<String, String>;

/// A player's hand at a shared table, on their own phone: the game draws
/// what its seat sees into the room given and gives back a move, in its
/// record form, once one is made (the host checks it with the rules).
pub type HandScreen = fn(&mut egui::Ui, &HandFrame) -> Option<serde_json::Value>;

/// What a hand screen is given: the host's last word, and whose it is.
#[derive(Clone, Copy, Debug)]
pub struct HandFrame<'a> {
    /// The variant's rules string.
    pub variant: &'a str,
    /// The seat held on this device; none on the table's own screen,
    /// which shows the public table and makes no move.
    pub seat: Option<parlour_core::engine::Seat>,
    /// Moves played so far (a move made now is the next).
    pub number: usize,
    /// Whether this seat's move is awaited and none is on its way.
    pub to_play: bool,
    /// The game's `Share::Seen` for this seat.
    pub seen: &'a serde_json::Value,
    /// Each seat's name, as the table shows it.
    pub names: &'a [String],
    /// The host's hint for this turn (a move in its record form), once
    /// the player has asked for one: the hand screen shows it, ready to
    /// be played with the taps it always takes.
    pub hint: Option<&'a serde_json::Value>,
}

/// Checks a rules string with the game's rules.
pub type RulesCheck = fn(&str) -> Result<(), VariantError>;

/// The bots attract mode seats at a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attract {
    /// How many seats.
    pub seats: usize,
    /// The bot in every seat.
    pub bot: &'static str,
}

/// What the app knows of one game without naming it.
#[derive(Clone, Debug)]
pub struct GameEntry {
    /// Which game.
    pub id: GameId,
    /// How many seats its standard variant takes.
    pub seats: RangeInclusive<usize>,
    /// Its bots, weakest first.
    pub bots: &'static [&'static str],
    /// Its built-in variants, by name.
    pub variants: &'static [&'static str],
    /// Checks a rules string with its rules.
    pub check_rules: RulesCheck,
    /// The table attract mode shows.
    pub attract: Attract,
    /// The sections of its how-to-play page: each has a heading
    /// (`how-<game>-<section>-heading`) and a text (`how-<game>-<section>`).
    pub how_to: &'static [&'static str],
    /// Its picture.
    pub picture: Picture,
    /// A row of its own on the set-up screen.
    pub setup_row: Option<SetupRow>,
    /// How its variant files' boards are read, if they have one.
    pub board: Option<BoardReader>,
    /// Its hand on a phone at a shared table.
    pub hand: Option<HandScreen>,
    /// The rules a person who has never set a table for it is offered
    /// first: gentler than the standard ones where those are hard on a
    /// newcomer.
    pub first_rules: &'static str,
}

impl GameEntry {
    /// The entry of game `G` as its rules describe it; the screen's parts
    /// (picture, how-to, attract mode) are added with the methods below.
    pub fn new<G: Game>() -> Self {
        let seats = G::variants()
            .first()
            .and_then(|v| G::variant(v).ok())
            .map_or(2..=4, |config| G::seats(&config));
        let attract = Attract {
            seats: *seats.start(),
            bot: G::bots().last().copied().unwrap_or("random"),
        };
        Self {
            id: GameId::of::<G>(),
            seats,
            bots: G::bots(),
            variants: G::variants(),
            check_rules: |rules| G::variant(rules).map(drop),
            attract,
            how_to: &[],
            picture: |_, _| {},
            setup_row: None,
            board: None,
            hand: None,
            first_rules: "standard",
        }
    }

    /// The rules a newcomer's first table is offered.
    pub fn first_rules(mut self, rules: &'static str) -> Self {
        self.first_rules = rules;
        self
    }

    /// The bot a newcomer's first table seats: the weakest that plays to
    /// win (the one after `random`), not the strongest.
    pub fn first_bot(&self) -> &'static str {
        self.bots
            .get(1)
            .or(self.bots.first())
            .copied()
            .unwrap_or("random")
    }

    /// Attract mode seats `seats` bots called `bot`.
    pub fn attract(mut self, seats: usize, bot: &'static str) -> Self {
        self.attract = Attract { seats, bot };
        self
    }

    /// The how-to-play page's sections.
    pub fn how_to(mut self, sections: &'static [&'static str]) -> Self {
        self.how_to = sections;
        self
    }

    /// The game's picture.
    pub fn picture(mut self, picture: Picture) -> Self {
        self.picture = picture;
        self
    }

    /// A row of the game's own on the set-up screen.
    pub fn setup_row(mut self, row: SetupRow) -> Self {
        self.setup_row = Some(row);
        self
    }

    /// How the game's variant files' boards are read.
    pub fn board(mut self, reader: BoardReader) -> Self {
        self.board = Some(reader);
        self
    }

    /// The game's hand on a phone at a shared table.
    pub fn hand(mut self, hand: HandScreen) -> Self {
        self.hand = Some(hand);
        self
    }

    /// The rules of the game in plain words, in the language on screen:
    /// (heading, text) pairs.
    pub fn rules_text(&self) -> Vec<(String, String)> {
        self.how_to
            .iter()
            .map(|section| {
                let key = format!("how-{}-{section}", self.id.name());
                (crate::tr!(&format!("{key}-heading")), crate::tr!(&key))
            })
            .collect()
    }
}

/// Every game on offer, in the order they were added (the title's order).
#[derive(Resource, Clone, Debug, Default)]
pub struct GameCatalog {
    entries: Vec<GameEntry>,
}

impl GameCatalog {
    /// Adds a game, or replaces the entry of the same id.
    pub fn add(&mut self, entry: GameEntry) {
        match self.entries.iter_mut().find(|e| e.id == entry.id) {
            Some(old) => *old = entry,
            None => self.entries.push(entry),
        }
    }

    /// Every game, in order.
    pub fn entries(&self) -> &[GameEntry] {
        &self.entries
    }

    /// The ids of every game, in order.
    pub fn ids(&self) -> impl Iterator<Item = GameId> + '_ {
        self.entries.iter().map(|e| e.id)
    }

    /// A game's entry.
    pub fn get(&self, id: GameId) -> Option<&GameEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// A game's entry, by the name records use.
    pub fn by_name(&self, name: &str) -> Option<&GameEntry> {
        self.entries.iter().find(|e| e.id.name() == name)
    }

    /// The names of every game, for messages ("neighbours, paper-boxing, rummy").
    pub fn names(&self) -> String {
        self.ids().map(GameId::name).collect::<Vec<_>>().join(", ")
    }
}
