//! Tables and hands written as text, the way the command line takes them:
//! `"r1 r2 r3 | k5 j k7"` (sets split by `|`) and `"r4 o9 b9 k9 j"`.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::{Laid, Objective, Position, Solution, SolverRules, solve};
use crate::games::rummy::cards::{Card, Colour, Face};

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
                self.jokers += 1;
                if self.jokers > 4 {
                    return Err("more than 4 jokers".to_owned());
                }
                Ok(Card::joker(self.jokers - 1))
            }
            Face::Number { colour, number } => {
                let k = self.copies.entry(face).or_default();
                *k += 1;
                if *k > 2 {
                    return Err(format!("there are only two copies of {face}"));
                }
                Ok(Card::numbered(colour, number, *k - 1))
            }
        }
    }
}

/// A token: a card name, or `j:b5` for a joker standing for `b5`.
fn token(s: &str) -> Result<(Face, Option<Face>), String> {
    if let Some(rest) = s.strip_prefix("j:") {
        let stands: Face = rest
            .parse()
            .map_err(|e: crate::games::rummy::cards::CardNameError| e.to_string())?;
        if stands == Face::Joker {
            return Err(format!("{s:?}: a joker stands for a number card"));
        }
        return Ok((Face::Joker, Some(stands)));
    }
    let face: Face = s
        .parse()
        .map_err(|e: crate::games::rummy::cards::CardNameError| e.to_string())?;
    Ok((face, None))
}

/// What each joker of a set stands for, when the text does not say: as a run
/// in the order written if the cards fit one, else as a group (jokers taking
/// the missing colours in the order k, b, o, r).
pub(crate) fn infer_faces(set: &[(Face, Option<Face>)]) -> Result<Vec<Face>, String> {
    if set.iter().all(|(f, s)| *f != Face::Joker || s.is_some()) {
        return Ok(set.iter().map(|(f, s)| s.unwrap_or(*f)).collect());
    }
    let named: Vec<(usize, Colour, u8)> = set
        .iter()
        .enumerate()
        .filter_map(|(i, (f, s))| match s.unwrap_or(*f) {
            Face::Number { colour, number } => Some((i, colour, number)),
            Face::Joker => None,
        })
        .collect();
    let Some(&(i0, colour, n0)) = named.first() else {
        return Err("a set of jokers only must say what each joker stands for (j:r5)".to_owned());
    };
    let start = n0 as i32 - i0 as i32;
    let run_fits = named
        .iter()
        .all(|&(i, c, n)| c == colour && n as i32 == start + i as i32)
        && start >= 1
        && start + set.len() as i32 - 1 <= 13;
    if run_fits {
        return Ok((0..set.len())
            .map(|i| Face::number(colour, (start + i as i32) as u8))
            .collect());
    }
    let group_fits = named.iter().all(|&(_, _, n)| n == n0) && set.len() <= 4;
    if group_fits {
        let mut missing = Colour::ALL
            .into_iter()
            .filter(|c| !named.iter().any(|&(_, d, _)| d == *c));
        return set
            .iter()
            .map(|(f, s)| match (f, s) {
                (Face::Joker, None) => missing
                    .next()
                    .map(|c| Face::number(c, n0))
                    .ok_or_else(|| "a group has at most 4 cards".to_owned()),
                (f, s) => Ok(s.unwrap_or(*f)),
            })
            .collect();
    }
    let names: Vec<String> = set.iter().map(|(f, _)| f.to_string()).collect();
    Err(format!(
        "cannot tell what the jokers in [{}] stand for: write j:r5",
        names.join(" ")
    ))
}

/// Reads a table and a hand.
pub fn parse_position(table: &str, hand: &str, melded: bool) -> Result<Position, String> {
    let mut dealer = Dealer::default();
    let mut sets = Vec::new();
    for chunk in table.split('|') {
        let tokens: Vec<(Face, Option<Face>)> = chunk
            .split_whitespace()
            .map(token)
            .collect::<Result<_, _>>()?;
        if tokens.is_empty() {
            if table.trim().is_empty() {
                continue;
            }
            return Err("an empty set on the table (two | in a row?)".to_owned());
        }
        let faces = infer_faces(&tokens)?;
        let mut set = Vec::new();
        for ((face, _), stands) in tokens.iter().zip(faces) {
            let card = dealer.card(*face)?;
            set.push(Laid { card, face: stands });
        }
        sets.push(set);
    }
    let mut cards = Vec::new();
    for t in hand.split_whitespace() {
        let (face, stands) = token(t)?;
        if stands.is_some() {
            return Err(format!(
                "{t:?}: a joker in the hand stands for nothing yet; write j"
            ));
        }
        cards.push(dealer.card(face)?);
    }
    Ok(Position {
        table: sets,
        hand: cards,
        melded,
    })
}

/// A card as a record writes it: `r7`, or `j:r7` for a joker on the table.
pub fn laid_name(l: &Laid) -> String {
    if l.card.is_joker() {
        format!("j:{}", l.face)
    } else {
        l.face.to_string()
    }
}

/// The solution as JSON (without timing).
pub fn solution_json(solution: &Solution, first_meld: bool) -> Value {
    let names = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    json!({
        "first_meld": first_meld,
        "laid": names(&solution.laid),
        "to_hand": names(&solution.to_hand),
        "swaps": solution.swaps.iter().map(|s| json!({"joker": s.joker.to_string(), "card": s.card.to_string()})).collect::<Vec<_>>(),
        "table": solution.table.iter().map(|set| set.iter().map(laid_name).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "count": solution.count,
        "value": solution.value,
    })
}

/// Parses, solves and describes the answer, for `parlour solve rummy`:
/// `first_meld` says the player has not melded yet. The JSON has `laid`,
/// `to_hand`, `swaps`, `table`, `count` and `value`; `"none": true` when a
/// first meld cannot be made.
pub fn solve_command(
    table: &str,
    hand: &str,
    first_meld: bool,
    objective: Objective,
    rules: &SolverRules,
) -> Result<Value, String> {
    let position = parse_position(table, hand, !first_meld)?;
    match solve(&position, rules, objective).map_err(|e| e.to_string())? {
        Some(solution) => Ok(solution_json(&solution, first_meld)),
        None => Ok(json!({
            "first_meld": first_meld,
            "none": true,
            "reason": format!("no hand-only sets worth {} or more", rules.first_meld),
            "laid": [],
            "table": position.table.iter().map(|set| set.iter().map(laid_name).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "count": 0,
            "value": 0,
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_example_solves() {
        let out = solve_command(
            "r1 r2 r3 | k5 j k7",
            "r4 o9 b9 k9 j",
            false,
            Objective::Cards,
            &SolverRules::STANDARD,
        )
        .unwrap();
        assert_eq!(out["count"], 5, "{out}");
    }

    #[test]
    fn jokers_in_text_are_read_as_runs_then_groups() {
        let p = parse_position("k5 j k7 | r9 b9 j", "", true).unwrap();
        assert_eq!(p.table[0][1].face.to_string(), "k6");
        assert_eq!(p.table[1][2].face.to_string(), "k9");
    }
}
