//! What a lesson of Rummy can show, and how a step is seen to show it.

use std::collections::BTreeSet;

use super::Rummy;
use super::cards::Card;
use super::rules::{Action, Move, State};
use super::sets::Kind;
use super::solver;
use crate::engine::Game;
use crate::engine::lesson::{Moment, Teach};

/// The rules a lesson step may name, in the order a lesson meets them.
const TOPICS: &[&str] = &[
    "run",
    "group",
    "first-meld",
    "draw",
    "nothing-to-lay",
    "add-to-table",
    "split",
    "joker-moved",
    "turn-clock",
    "go-out",
    "scores",
];

impl Teach for Rummy {
    fn topics() -> &'static [&'static str] {
        TOPICS
    }

    fn controls() -> &'static [&'static str] {
        &["draw", "done", "clock"]
    }

    fn shows(topic: &str, moment: &Moment<'_, Self>) -> Result<(), String> {
        let (before, after, seat) = (moment.before, moment.after, moment.seat);
        let outcome = moment.played.map(|(_, o)| o);
        let played = outcome.is_some_and(|o| o.action == Action::Played);
        let check = |holds: bool, why: &str| holds.then_some(()).ok_or_else(|| why.to_owned());
        match topic {
            "run" | "group" => {
                let kind = if topic == "run" {
                    Kind::Run
                } else {
                    Kind::Group
                };
                check(
                    played && new_sets(before, after).any(|s| s == kind),
                    "no new set of that kind is laid from the hand",
                )
            }
            "first-meld" => check(
                outcome
                    .and_then(|o| o.first_meld)
                    .is_some_and(|v| v >= before.config().first_meld),
                "the step does not make a first meld",
            ),
            "draw" => check(
                outcome.is_some_and(|o| o.action == Action::Drew && o.drew == 1),
                "the step does not draw a card",
            ),
            "nothing-to-lay" => check(
                solver::hint(&Rummy::view(before, seat)).is_none(),
                "the hand could lay something",
            ),
            "add-to-table" => check(
                played && before.melded()[seat] && grown_sets(before, after) > 0,
                "no set already on the table gains a card from the hand",
            ),
            "split" => check(played && split(before, after), "no set is split in two"),
            "joker-moved" => check(played && joker_moved(before, after), "no joker moves"),
            "turn-clock" => check(
                Rummy::turn_limit(before).is_some(),
                "the variant has no turn clock",
            ),
            "go-out" => check(
                outcome.is_some_and(|o| o.round_end.is_some()) && after.hand(seat).is_empty(),
                "the step does not lay the last card",
            ),
            "scores" => check(
                outcome.is_some_and(|o| o.round_end.is_some() && o.match_over),
                "the step does not end the match",
            ),
            other => Err(format!("Rummy has no lesson topic {other:?}")),
        }
    }

    /// Sets may be written in any order, and a group's cards too; a
    /// joker's annotation only says what the rules work out anyway.
    fn same_move(a: &Move, b: &Move) -> bool {
        normal(a) == normal(b)
    }
}

/// A move's table as a sorted list of sorted card names, jokers plain.
fn normal(mv: &Move) -> Option<Vec<Vec<String>>> {
    let table = match mv {
        Move::Play(play) if play.to_hand.is_empty() => &play.table,
        _ => return None,
    };
    let mut sets: Vec<Vec<String>> = table
        .iter()
        .map(|set| {
            let mut names: Vec<String> = set.iter().map(|c| c.face.to_string()).collect();
            names.sort();
            names
        })
        .collect();
    sets.sort();
    Some(sets)
}

/// The cards of each set on a table.
fn card_sets(state: &State) -> Vec<BTreeSet<Card>> {
    state
        .table()
        .iter()
        .map(|s| s.cards.iter().copied().collect())
        .collect()
}

/// The kinds of the sets after the turn made only of cards new to the table.
fn new_sets<'a>(before: &'a State, after: &'a State) -> impl Iterator<Item = Kind> + 'a {
    let old: BTreeSet<Card> = card_sets(before).into_iter().flatten().collect();
    after
        .table()
        .iter()
        .filter(move |s| s.cards.iter().all(|c| !old.contains(c)))
        .map(|s| s.reading.kind)
}

/// How many sets of the table before the turn are still there, whole,
/// with cards added.
fn grown_sets(before: &State, after: &State) -> usize {
    let after_sets = card_sets(after);
    card_sets(before)
        .iter()
        .filter(|old| {
            after_sets
                .iter()
                .any(|new| new.len() > old.len() && new.is_superset(old))
        })
        .count()
}

/// Whether a set of the table before the turn has its cards in two sets after it.
fn split(before: &State, after: &State) -> bool {
    let after_sets = card_sets(after);
    card_sets(before).iter().any(|old| {
        after_sets
            .iter()
            .filter(|new| new.intersection(old).count() >= 2)
            .count()
            >= 2
    })
}

/// Whether a joker on the table before the turn is in a set of other cards after it.
fn joker_moved(before: &State, after: &State) -> bool {
    let after_sets = card_sets(after);
    card_sets(before).iter().any(|old| {
        old.iter().filter(|c| c.is_joker()).any(|joker| {
            after_sets.iter().any(|new| {
                new.contains(joker)
                    && new
                        .iter()
                        .filter(|c| !c.is_joker())
                        .all(|c| !old.contains(c))
            })
        })
    })
}
