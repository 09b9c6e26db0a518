//! Tables and hands written as text, the way the command line takes them:
//! `"r1 r2 r3 | k5 j k7"` (sets split by `|`, cards as records write them,
//! `j:b5` for a joker standing for b5) and `"r4 o9 b9 k9 j"`.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::{Objective, Position, Solution, SolverRules, solve};
use crate::games::rummy::cards::{Card, CardName, Face, MAX_JOKERS};
use crate::games::rummy::rules::{Config, TableSet};
use crate::games::rummy::sets;

/// Hands out physical cards for faces: the first `r7` read is copy 0, the
/// second copy 1; jokers are numbered in order.
#[derive(Default)]
struct Dealer {
    copies: BTreeMap<Face, u8>,
    jokers: u8,
}

impl Dealer {
    fn card(&mut self, face: Face) -> Result<Card, String> {
        match face {
            Face::Joker => {
                if self.jokers >= MAX_JOKERS {
                    return Err(format!("more than {MAX_JOKERS} jokers"));
                }
                self.jokers += 1;
                Ok(Card::joker(self.jokers - 1))
            }
            Face::Number { colour, number } => {
                let k = self.copies.entry(face).or_default();
                if *k >= 2 {
                    return Err(format!("there are only two copies of {face}"));
                }
                *k += 1;
                Ok(Card::numbered(colour, number, *k - 1))
            }
        }
    }
}

/// Reads a table and a hand. Each set is read as the rules read it (an
/// ambiguous plain joker takes the preferred reading).
pub fn parse_position(table: &str, hand: &str, melded: bool) -> Result<Position, String> {
    let mut dealer = Dealer::default();
    let mut sets_read = Vec::new();
    if !table.trim().is_empty() {
        for (index, chunk) in table.split('|').enumerate() {
            let names: Vec<CardName> = chunk
                .split_whitespace()
                .map(|t| t.parse::<CardName>().map_err(|e| e.to_string()))
                .collect::<Result<_, _>>()?;
            let reading = sets::read(&names)
                .map_err(|e| format!("set {} [{}] is not valid: {e}", index + 1, chunk.trim()))?;
            let cards = names
                .iter()
                .map(|n| dealer.card(n.face))
                .collect::<Result<_, _>>()?;
            sets_read.push(TableSet { cards, reading });
        }
    }
    let mut cards = Vec::new();
    for t in hand.split_whitespace() {
        let name: CardName = t
            .parse()
            .map_err(|e: crate::games::rummy::cards::CardNameError| e.to_string())?;
        if name.stands_for.is_some() {
            return Err(format!(
                "{t:?}: a joker in the hand stands for nothing yet; write j"
            ));
        }
        cards.push(dealer.card(name.face)?);
    }
    Ok(Position {
        table: sets_read,
        hand: cards,
        melded,
    })
}

fn written(table: &[TableSet]) -> Vec<Vec<String>> {
    table
        .iter()
        .map(|s| s.written().iter().map(|c| c.to_string()).collect())
        .collect()
}

/// A solution as JSON: `laid`, `to_hand`, `swaps`, `table` (jokers written
/// with what they stand for), `count` and `value`.
pub fn solution_json(solution: &Solution) -> Value {
    let names = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    json!({
        "first_meld": solution.first_meld,
        "laid": names(&solution.laid),
        "to_hand": names(&solution.to_hand),
        "swaps": solution
            .swaps
            .iter()
            .map(|s| json!({"joker": s.joker.to_string(), "card": s.card.to_string()}))
            .collect::<Vec<_>>(),
        "table": written(&solution.table),
        "count": solution.count,
        "value": solution.value,
    })
}

/// Parses, solves and describes the answer, for `parlour solve rummy`.
/// `first_meld`: the player has not melded yet. When a first meld cannot be
/// made, the JSON says `"none": true` and gives the table unchanged.
pub fn solve_command(
    table: &str,
    hand: &str,
    first_meld: bool,
    objective: Objective,
    config: &Config,
) -> Result<Value, String> {
    let position = parse_position(table, hand, !first_meld)?;
    let rules = SolverRules::of(config);
    match solve(&position, &rules, objective).map_err(|e| e.to_string())? {
        Some(solution) => Ok(solution_json(&solution)),
        None => Ok(json!({
            "first_meld": true,
            "none": true,
            "reason": format!("no sets from the hand alone are worth {} or more", rules.first_meld),
            "laid": [],
            "to_hand": [],
            "swaps": [],
            "table": written(&position.table),
            "count": 0,
            "value": 0,
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_example_lays_five_cards() {
        let out = solve_command(
            "r1 r2 r3 | k5 j k7",
            "r4 o9 b9 k9 j",
            false,
            Objective::Cards,
            &Config::standard(),
        )
        .unwrap();
        assert_eq!(out["count"], 5, "{out}");
        assert_eq!(out["laid"].as_array().map(Vec::len), Some(5));
    }

    #[test]
    fn a_first_meld_short_of_the_threshold_is_none() {
        let out =
            solve_command("", "r1 r2 r3", true, Objective::Value, &Config::standard()).unwrap();
        assert_eq!(out["none"], true);
    }

    #[test]
    fn tables_are_read_as_the_rules_read_them() {
        let p = parse_position("k5 j k7 | r9 b9 j", "", true).unwrap();
        assert_eq!(p.table[0].reading.faces[1].to_string(), "k6");
        assert_eq!(p.table[1].reading.faces[2].to_string(), "k9");
        assert!(parse_position("k5 k7 k8", "", true).is_err());
        assert!(
            parse_position("r1 r2 r3", "r1 r1", true).is_err(),
            "three r1"
        );
    }
}
