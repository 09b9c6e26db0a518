//! What a Rummy player is told, in words: each move made (a notice), a drop
//! refused before the rules see the turn, the rule a turn breaks, and the
//! status line on the turn in progress.

use bevy::prelude::*;
use parlour_core::engine::{Explain, Seat};
use parlour_core::games::rummy::reasons::face_phrase;
use parlour_core::games::rummy::{Action, Ending, Face, RuleError, Rummy};

use super::draft::{Check, Draft, DropRefusal};
use crate::engine::MoveApplied;
use crate::session::{Notice, Table, TableSystems};
use crate::tr;

/// Every applied move said in a notice.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        on_applied
            .in_set(TableSystems::Show)
            .run_if(super::in_rummy),
    );
}

/// A drop refused before the rules see the turn, in words.
pub(super) fn drop_refusal_text(refusal: &DropRefusal) -> String {
    match refusal {
        DropRefusal::NotYourTurn => tr!("rummy-not-your-turn"),
        DropRefusal::TableCardToHand(e) | DropRefusal::SwapBeforeFirstMeld(e) => rule_text(e),
        DropRefusal::FreedJoker => tr!("rummy-freed-joker"),
    }
}

/// A rule the turn breaks, in words for the player.
fn rule_text(error: &RuleError) -> String {
    // In the language on screen; the English reason when a catalogue lacks it.
    capitalise(&crate::i18n::refusal(
        &error.phrase(),
        &error.to_string(),
        &|seat| (seat + 1).to_string(),
    ))
}

/// `s` with its first letter a capital.
pub(super) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Says each applied move in a notice: who drew, passed, laid or opened,
/// what a time-out did, and who ended the round.
fn on_applied(
    mut applied: MessageReader<MoveApplied<Rummy>>,
    table: Res<Table>,
    mut notice: ResMut<Notice>,
) {
    for a in applied.read() {
        let name = table.name(a.seat).to_owned();
        let o = &a.outcome;
        let text = match o.action {
            Action::Drew => tr!("rummy-drew", name = name),
            Action::Passed => tr!("rummy-passed", name = name),
            Action::Played => match o.first_meld {
                Some(value) => tr!(
                    "rummy-opened",
                    name = name,
                    cards = o.laid.len(),
                    value = value
                ),
                None => tr!("rummy-laid", name = name, cards = o.laid.len()),
            },
            Action::TimedOut if o.undone => {
                tr!("rummy-timeout-undone", name = name, cards = o.drew)
            }
            Action::TimedOut => tr!("rummy-timeout-kept", name = name, cards = o.laid.len()),
        };
        let text = match &o.round_end {
            Some(end) => match end.ending {
                Ending::WentOut(s) => tr!("rummy-went-out", name = table.name(s).to_owned()),
                Ending::Blocked => tr!("rummy-blocked"),
            },
            None => text,
        };
        notice.show(text, false);
    }
}

/// One line on the turn in progress, and whether it warns.
pub(super) fn status_line(
    draft: &Draft,
    check: Option<&Check>,
    state: &parlour_core::games::rummy::State,
    table: &Table,
    my_turn: bool,
    to_move: Option<Seat>,
    lesson: bool,
) -> (String, bool) {
    if !my_turn {
        return match to_move {
            Some(s) if s != draft.seat => {
                (tr!("rummy-waiting", name = table.name(s).to_owned()), false)
            }
            _ => (String::new(), false),
        };
    }
    let Some(check) = check else {
        return (String::new(), false);
    };
    let melded = state.melded()[draft.seat];
    if let Some((s, reason)) = check
        .sets
        .iter()
        .enumerate()
        .find_map(|(s, r)| r.as_ref().map(|r| (s, r)))
    {
        return (
            tr!(
                "rummy-set-invalid",
                set = s + 1,
                reason = capitalise(&crate::i18n::refusal(
                    &reason.phrase(),
                    &reason.to_string(),
                    &|seat| (seat + 1).to_string(),
                ))
            ),
            true,
        );
    }
    let meld = (!melded).then(|| {
        tr!(
            "rummy-first-meld",
            value = check.meld_value,
            threshold = state.config().first_meld
        )
    });
    if !draft.changed() {
        let offer = draft.swaps_on_offer();
        let text = match (offer.first(), meld) {
            (_, Some(m)) => m,
            // In a lesson the step's words say what to play: a swap it did
            // not ask for would be refused as another move.
            (Some(&(_, _, card)), None) if !lesson => {
                tr!("rummy-swap-offer", card = card_words(card.face()))
            }
            _ => tr!("rummy-your-turn"),
        };
        return (text, false);
    }
    match (&check.turn, meld) {
        (Ok(()), Some(m)) => (format!("{m} · {}", tr!("rummy-ready")), false),
        (Ok(()), None) => (tr!("rummy-ready"), false),
        (Err(e), Some(m)) => (format!("{m} · {}", rule_text(e)), true),
        (Err(e), None) => (rule_text(e), true),
    }
}

/// A card in words, as the rules' refusals name it ("orange 5").
fn card_words(face: Face) -> String {
    crate::i18n::refusal(&face_phrase(face), &face.to_string(), &|seat| {
        (seat + 1).to_string()
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use parlour_core::games::rummy::View;
    use parlour_core::games::rummy::cards::Colour;
    use parlour_core::games::rummy::rules::{Config, State};
    use parlour_core::games::rummy::solver::parse_position;

    use super::*;

    /// The Rummy lesson's rebuild step, as the learner finds it: the orange
    /// run with a joker standing for the 5, the orange 5 in hand.
    fn rebuild_step() -> View {
        let p = parse_position("o4 j o6", "o5 k4 k6", true).unwrap();
        View {
            seat: 0,
            config: Arc::new(Config::standard()),
            table: p.table.clone(),
            hand: p.hand.clone(),
            hand_sizes: vec![p.hand.len(), 10],
            pile_len: 40,
            melded: vec![true, true],
            to_move: Some(0),
            first: 0,
            passes: 0,
            rounds: Vec::new(),
            totals: vec![0, 0],
            over: false,
        }
    }

    /// In a match the bar offers the swap the hand allows; in a lesson it
    /// does not, since the step asks for its own move (the Rummy lesson's
    /// step moves the joker rather than taking it) and would refuse the swap.
    #[test]
    fn in_a_lesson_the_bar_offers_no_swap_the_step_did_not_ask_for() {
        let view = rebuild_step();
        let draft = Draft::new(&view, 0, &[]);
        let check = crate::games::rummy::draft::check(&view, &draft);
        let state = State::from_view(&view);
        let table = Table::default();
        let line =
            |lesson| status_line(&draft, Some(&check), &state, &table, true, Some(0), lesson);
        let five = card_words(Face::Number {
            colour: Colour::Orange,
            number: 5,
        });
        assert_eq!(line(false), (tr!("rummy-swap-offer", card = five), false));
        assert_eq!(line(true), (tr!("rummy-your-turn"), false));
    }
}
