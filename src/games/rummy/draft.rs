//! The turn a Rummy player builds on screen before ending it: the table as
//! they have rearranged it so far and their hand in their own order. Plain
//! data, checked live by the rules core from the player's view only; the
//! turn reaches the match only as a `MoveRequest` when they end it.

use parlour_core::engine::Seat;
use parlour_core::games::rummy::sets;
use parlour_core::games::rummy::solver::Solution;
use parlour_core::games::rummy::{
    Card, CardName, Colour, Face, Move, Play, RuleError, SetError, State, SwappedJoker, TableSet,
    View,
};

/// Where a card is picked up from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// The hand, at this position.
    Hand(usize),
    /// A set on the table, at this position in it.
    Set(usize, usize),
}

/// Where a card is let go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The hand, before this position (the hand's length: at the end).
    Hand(usize),
    /// Into this set (onto the joker at `on`, when a swap is meant).
    Set {
        /// The set.
        set: usize,
        /// The card under the pointer, if any.
        on: Option<usize>,
    },
    /// A new set of its own.
    NewSet,
}

/// Why a card cannot go where it was dropped (before the rules see the turn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DropRefusal {
    /// Only the hand's order may change when it is not the player's turn.
    NotYourTurn,
    /// A card that was on the table when the turn began cannot go to a hand.
    TableCardToHand(RuleError),
    /// A joker won by a swap waits in the hand for a later turn.
    FreedJoker,
    /// A swap before the first meld.
    SwapBeforeFirstMeld(RuleError),
}

/// The turn in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    /// The seat playing.
    pub seat: Seat,
    /// The number of moves in the match when the turn began.
    pub turn: usize,
    /// The table as rearranged so far.
    pub sets: Vec<Vec<Card>>,
    /// The hand, in the player's order.
    pub hand: Vec<Card>,
    /// Jokers won by swaps this turn, waiting in the hand.
    pub freed: Vec<Card>,
    start_sets: Vec<Vec<Card>>,
    start_hand: Vec<Card>,
}

impl Draft {
    /// A new turn for `view`'s seat; the hand keeps the order of `order`
    /// (its cards' faces) where it can, new cards last.
    pub fn new(view: &View, turn: usize, order: &[Face]) -> Self {
        let mut rest = view.hand.clone();
        let mut hand = Vec::with_capacity(rest.len());
        for face in order {
            if let Some(k) = rest.iter().position(|c| c.face() == *face) {
                hand.push(rest.remove(k));
            }
        }
        hand.extend(rest);
        let sets: Vec<Vec<Card>> = view.table.iter().map(|s| s.cards.clone()).collect();
        Self {
            seat: view.seat,
            turn,
            start_sets: sets.clone(),
            start_hand: hand.clone(),
            sets,
            hand,
            freed: Vec::new(),
        }
    }

    /// Puts everything back as the turn found it; cards come back to the
    /// hand where they were, and the player's own reordering stays.
    pub fn undo(&mut self) {
        self.sets = self.start_sets.clone();
        let mut hand: Vec<Card> = self
            .hand
            .iter()
            .copied()
            .filter(|c| self.start_hand.contains(c))
            .collect();
        for (k, &card) in self.start_hand.iter().enumerate() {
            if !hand.contains(&card) {
                hand.insert(k.min(hand.len()), card);
            }
        }
        self.hand = hand;
        self.freed.clear();
    }

    /// The table and the hand as the turn found them.
    pub fn turn_start(&self) -> (&[Vec<Card>], &[Card]) {
        (&self.start_sets, &self.start_hand)
    }

    /// Whether the table differs from the turn's start.
    pub fn changed(&self) -> bool {
        self.sets != self.start_sets || !self.freed.is_empty()
    }

    /// Whether `card` was on the table when the turn began.
    pub fn was_on_table(&self, card: Card) -> bool {
        self.start_sets.iter().flatten().any(|&c| c == card)
    }

    /// The cards laid from the hand so far.
    pub fn laid(&self) -> Vec<Card> {
        self.sets
            .iter()
            .flatten()
            .copied()
            .filter(|&c| !self.was_on_table(c))
            .collect()
    }

    /// The card at `spot`.
    pub fn card(&self, spot: Spot) -> Option<Card> {
        match spot {
            Spot::Hand(i) => self.hand.get(i).copied(),
            Spot::Set(s, i) => self.sets.get(s)?.get(i).copied(),
        }
    }

    /// The turn as the rules read it.
    pub fn play(&self) -> Play {
        Play {
            table: self
                .sets
                .iter()
                .map(|set| set.iter().map(|c| CardName::plain(c.face())).collect())
                .collect(),
            to_hand: self
                .freed
                .iter()
                .map(|c| CardName::plain(c.face()))
                .collect(),
        }
    }

    /// The turn as a move, or a draw when nothing changed.
    pub fn to_move(&self) -> Move {
        if self.changed() {
            Move::Play(self.play())
        } else {
            Move::Draw
        }
    }

    /// Moves the card at `from` to `to`, as far as the table allows by hand:
    /// the rules core checks the whole turn when it ends. `my_turn` is
    /// whether the table may be touched; `melded` whether the player has
    /// made the first meld; `swapped` where a swapped joker goes.
    pub fn drop(
        &mut self,
        from: Spot,
        to: Target,
        my_turn: bool,
        melded: bool,
        swapped: SwappedJoker,
    ) -> Result<(), DropRefusal> {
        let Some(card) = self.card(from) else {
            return Ok(());
        };
        // Reordering the hand is always allowed.
        if let (Spot::Hand(i), Target::Hand(j)) = (from, to) {
            let card = self.hand.remove(i);
            let j = if j > i { j - 1 } else { j };
            self.hand.insert(j.min(self.hand.len()), card);
            return Ok(());
        }
        if !my_turn {
            return Err(DropRefusal::NotYourTurn);
        }
        match (from, to) {
            (Spot::Set(s, _), Target::Hand(_)) if self.was_on_table(card) => {
                let _ = s;
                return Err(DropRefusal::TableCardToHand(RuleError::TableCardTaken(
                    card.face(),
                )));
            }
            (Spot::Hand(_), Target::Set { .. } | Target::NewSet) if self.freed.contains(&card) => {
                return Err(DropRefusal::FreedJoker);
            }
            _ => {}
        }
        // A real card dropped on a table joker it can replace: a swap.
        if let (Spot::Hand(i), Target::Set { set, on: Some(j) }) = (from, to)
            && let Some(joker) = self.sets.get(set).and_then(|s| s.get(j)).copied()
            && joker.is_joker()
            && self.was_on_table(joker)
            && self.swap_options(set, j).contains(&card.face())
        {
            if !melded {
                return Err(DropRefusal::SwapBeforeFirstMeld(
                    RuleError::SwapBeforeFirstMeld,
                ));
            }
            self.hand.remove(i);
            self.sets[set][j] = card;
            match swapped {
                SwappedJoker::ToHand => {
                    self.freed.push(joker);
                    self.hand.push(joker);
                }
                // It must be laid again this turn: it waits as a set of its own.
                SwappedJoker::PlaySameTurn => self.sets.push(vec![joker]),
            }
            self.tidy();
            return Ok(());
        }
        // Take the card out, then put it where it goes.
        match from {
            Spot::Hand(i) => {
                self.hand.remove(i);
            }
            Spot::Set(s, i) => {
                self.sets[s].remove(i);
            }
        }
        match to {
            Target::Hand(j) => self.hand.insert(j.min(self.hand.len()), card),
            Target::Set { set, .. } if set < self.sets.len() => self.sets[set].push(card),
            _ => self.sets.push(vec![card]),
        }
        self.tidy();
        Ok(())
    }

    /// The faces the joker at `set`, `at` may be swapped for, reading the
    /// set as it now stands.
    pub fn swap_options(&self, set: usize, at: usize) -> Vec<Face> {
        let Some(cards) = self.sets.get(set) else {
            return Vec::new();
        };
        let names: Vec<CardName> = cards.iter().map(|c| CardName::plain(c.face())).collect();
        match sets::read(&names) {
            Ok(reading) if at < cards.len() => TableSet {
                cards: cards.clone(),
                reading,
            }
            .swap_options(at),
            _ => Vec::new(),
        }
    }

    /// Whether the hand holds a card that a table joker can be swapped for.
    pub fn swaps_on_offer(&self) -> Vec<(usize, usize, Card)> {
        let mut out = Vec::new();
        for (s, set) in self.sets.iter().enumerate() {
            for (i, &c) in set.iter().enumerate() {
                if !(c.is_joker() && self.was_on_table(c)) {
                    continue;
                }
                let options = self.swap_options(s, i);
                if let Some(&card) = self.hand.iter().find(|h| options.contains(&h.face())) {
                    out.push((s, i, card));
                }
            }
        }
        out
    }

    /// Empty sets go; every set is put in an order that reads as a set if it can.
    fn tidy(&mut self) {
        self.sets.retain(|s| !s.is_empty());
        for set in &mut self.sets {
            *set = arrange(set);
        }
    }

    /// Lays out the solver's best play for `view` (the viewer's own view):
    /// the most cards that can be laid now. Whether there was anything to
    /// lay (if not, the hint is to draw).
    pub fn take_hint(&mut self, view: &View) -> bool {
        let hint = parlour_core::games::rummy::solver::hint(view);
        self.lay_out(view, hint.as_ref())
    }

    /// Lays out `solution`, a play found for `view` (the viewer's own
    /// view): the turn starts again from the table as found, then takes
    /// it. Whether there was anything to lay (none, or a play that lays
    /// nothing, is a draw).
    pub fn lay_out(&mut self, view: &View, solution: Option<&Solution>) -> bool {
        self.undo();
        let Some(solution) = solution.filter(|s| !s.is_pass()) else {
            return false;
        };
        self.sets = solution.table.iter().map(|s| s.cards.clone()).collect();
        self.hand.retain(|c| !solution.laid.contains(c));
        match view.config.swapped_joker {
            SwappedJoker::ToHand => {
                self.freed = solution.to_hand.clone();
                self.hand.extend(solution.to_hand.iter().copied());
            }
            SwappedJoker::PlaySameTurn => self.freed.clear(),
        }
        true
    }

    /// Sorts the hand by colour, then number (jokers last).
    pub fn sort_by_colour(&mut self) {
        self.hand.sort_by_key(|c| colour_key(c.face()));
    }

    /// Sorts the hand by number, then colour (jokers last).
    pub fn sort_by_number(&mut self) {
        self.hand.sort_by_key(|c| number_key(c.face()));
    }
}

fn colour_key(face: Face) -> (u8, u8) {
    match face {
        Face::Number { colour, number } => (colour.index() as u8, number),
        Face::Joker => (9, 0),
    }
}

fn number_key(face: Face) -> (u8, u8) {
    match face {
        Face::Number { colour, number } => (number, colour.index() as u8),
        Face::Joker => (99, 0),
    }
}

/// The cards in an order that reads as a valid set, when there is one: a
/// group by colour, a run from low to high with its jokers in the gaps.
/// Otherwise sorted by number, so the player can see what is missing.
pub fn arrange(cards: &[Card]) -> Vec<Card> {
    arrange_by(cards, |c| c.face())
}

/// [`arrange`] for anything that shows a face: a phone's hand knows its
/// cards by face alone.
pub fn arrange_by<T: Copy>(cards: &[T], face: impl Fn(&T) -> Face) -> Vec<T> {
    let valid = |order: &[T]| {
        let names: Vec<CardName> = order.iter().map(|c| CardName::plain(face(c))).collect();
        sets::read(&names).is_ok()
    };
    if valid(cards) {
        return cards.to_vec();
    }
    let number_of = |c: &T| face(c).value().unwrap_or(0);
    let (jokers, mut numbers): (Vec<T>, Vec<T>) = cards.iter().partition(|c| face(c).is_joker());
    numbers.sort_by_key(|c| number_key(face(c)));
    // A group: one number, colours in order, jokers after.
    let mut group = numbers.clone();
    group.sort_by_key(|c| colour_key(face(c)));
    group.extend(&jokers);
    if valid(&group) {
        return group;
    }
    // A run: jokers fill the gaps, the rest go after the top (or before the bottom).
    let mut run: Vec<T> = Vec::new();
    let mut spare = jokers.clone();
    for (k, card) in numbers.iter().enumerate() {
        if k > 0 {
            let gap = number_of(card) as i32 - number_of(&numbers[k - 1]) as i32 - 1;
            for _ in 0..gap.max(0) {
                if let Some(j) = spare.pop() {
                    run.push(j);
                }
            }
        }
        run.push(*card);
    }
    let top = numbers.last().map_or(0, number_of);
    let room_above = 13u8.saturating_sub(top) as usize;
    let above = spare.len().min(room_above);
    let below: Vec<T> = spare.split_off(above);
    run.extend(spare);
    let mut run: Vec<T> = below.into_iter().chain(run).collect();
    if valid(&run) {
        return run;
    }
    run.clear();
    numbers.extend(jokers);
    numbers
}

/// What the table in progress looks like to the rules, set by set and as a turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// Per set, why it is not a valid set (none: it is).
    pub sets: Vec<Option<SetError>>,
    /// Per set, the card each position stands for (jokers shown by it).
    pub readings: Vec<Option<Vec<Face>>>,
    /// Whether the rules accept the turn as it stands, and why not.
    pub turn: Result<(), RuleError>,
    /// The value of the valid new sets made only of hand cards (the first meld so far).
    pub meld_value: u32,
}

/// Checks the draft against the rules core, from `view` only.
pub fn check(view: &View, draft: &Draft) -> Check {
    let mut reasons = Vec::with_capacity(draft.sets.len());
    let mut readings = Vec::with_capacity(draft.sets.len());
    let mut meld_value = 0;
    for set in &draft.sets {
        let names: Vec<CardName> = set.iter().map(|c| CardName::plain(c.face())).collect();
        match sets::read(&names) {
            Ok(reading) => {
                if set.iter().all(|&c| !draft.was_on_table(c)) {
                    meld_value += reading.value();
                }
                readings.push(Some(reading.faces.clone()));
                reasons.push(None);
            }
            Err(e) => {
                readings.push(None);
                reasons.push(Some(e));
            }
        }
    }
    let turn = if draft.changed() {
        State::from_view(view).check(draft.seat, &Move::Play(draft.play()))
    } else {
        Err(RuleError::NothingFromHand)
    };
    Check {
        sets: reasons,
        readings,
        turn,
        meld_value,
    }
}

/// The shape that tells a card's colour without its colour, for colour-blind faces.
pub fn colour_mark(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "▲",
        Colour::Blue => "◆",
        Colour::Orange => "●",
        Colour::Red => "♥",
    }
}

/// Cards in words as the table shows them, a number and its colour's
/// mark: "13▲ 7♥ joker" (the coach and the review say cards alike).
pub fn faces_in_words(faces: impl IntoIterator<Item = Face>) -> String {
    let words: Vec<String> = faces
        .into_iter()
        .map(|face| match face {
            Face::Number { colour, number } => format!("{number}{}", colour_mark(colour)),
            Face::Joker => crate::tr!("rummy-joker"),
        })
        .collect();
    words.join(" ")
}

#[cfg(test)]
mod tests;
