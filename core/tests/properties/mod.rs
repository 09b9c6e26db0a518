//! What the property tests share: the observable state of a match, the
//! check that every piece is in exactly one place, and the record round trip.

#![allow(dead_code)]

use std::collections::BTreeMap;

use parlour_core::engine::{Game, Location, Match, Phase, Record, Seat, Zone};

/// Everything an outsider can observe about a match, to tell that a refused
/// move changed nothing and that a replay reached the same place.
#[derive(Clone, Debug, PartialEq)]
pub struct Observed {
    /// Every piece's label and place, in piece order.
    pub pieces: Vec<(String, Location)>,
    /// Each seat's score.
    pub scores: Vec<i64>,
    /// The seats whose move is awaited.
    pub awaiting: Vec<Seat>,
    /// Set-up, play or over.
    pub phase: Phase,
    /// The winners (empty before the end).
    pub winners: Vec<Seat>,
    /// The game's own report.
    pub report: serde_json::Value,
    /// How many moves were played.
    pub moves: usize,
    /// The full rules state, hidden parts included, as its debug text.
    pub state: String,
}

/// What can be observed of `m` now.
pub fn observe<G: Game>(m: &Match<G>) -> Observed {
    Observed {
        pieces: G::pieces(m.state())
            .into_iter()
            .map(|p| (p.label, p.location))
            .collect(),
        scores: m.scores(),
        awaiting: m.awaiting(),
        phase: m.phase(),
        winners: m.winners(),
        report: G::report(m.state()),
        moves: m.moves().len(),
        state: format!("{:?}", m.state()),
    }
}

/// How many pieces each label has, from [`Game::pieces`].
pub fn label_counts<G: Game>(state: &G::State) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for piece in G::pieces(state) {
        *counts.entry(piece.label).or_insert(0) += 1;
    }
    counts
}

/// Checks that the pieces are exactly `full` (label → count) and that their
/// places are exactly `places`: no piece missing, none twice, none in a
/// place the state does not have.
pub fn check_conserved<G: Game>(
    state: &G::State,
    full: &BTreeMap<String, usize>,
    mut places: Vec<Location>,
) -> Result<(), String> {
    let counts = label_counts::<G>(state);
    if &counts != full {
        return Err(format!(
            "the pieces' labels are {counts:?}, not the full set {full:?}"
        ));
    }
    let mut found: Vec<Location> = G::pieces(state).into_iter().map(|p| p.location).collect();
    let key = |l: &Location| {
        let zone = match l.zone {
            Zone::Supply => (0, 0),
            Zone::Hand(s) => (1, s),
            Zone::Board => (2, 0),
        };
        (zone, l.slot)
    };
    found.sort_by_key(key);
    places.sort_by_key(key);
    if found != places {
        return Err(format!(
            "the pieces lie in {found:?}, but the state has the places {places:?}"
        ));
    }
    Ok(())
}

/// `count` consecutive slots of `zone` from 0.
pub fn slots(zone: Zone, count: usize) -> impl Iterator<Item = Location> {
    (0..count as u32).map(move |slot| Location::new(zone, slot))
}

/// Checks that `m`'s record replays to the same observable match, and that
/// its text reads back and writes the same bytes.
pub fn check_record_round_trip<G: Game>(
    m: &Match<G>,
    variants: impl Fn(&str) -> Option<G::Config>,
) -> Result<(), String> {
    let record = m.record();
    let text = record.to_json();
    let read = Record::from_json(&text).map_err(|e| format!("the record does not read: {e}"))?;
    if read != record {
        return Err("the record read back differs from the one written".into());
    }
    let again = read.to_json();
    if again != text {
        return Err(format!(
            "the record does not write the same bytes:\n{text}\n---\n{again}"
        ));
    }
    let replayed =
        Match::<G>::from_record(&read, variants).map_err(|e| format!("no replay: {e}"))?;
    let (a, b) = (observe(m), observe(&replayed));
    if a != b {
        return Err(format!(
            "the replay differs from the match:\n{a:#?}\n---\n{b:#?}"
        ));
    }
    Ok(())
}
