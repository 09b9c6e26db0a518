//! The turn on screen, kept in step with the match in `TableSystems::Show`:
//! a new match clears it, a new turn (or a new viewer) starts a new draft,
//! every change is checked by the rules and handed to the clock, and the
//! layout follows the window and the table. Also what the action bar's
//! buttons do to it ([`TurnAction`]), pressed with the pointer or the keys;
//! the hint that searches is thought over apart ([`hint`](super::hint)).

use std::collections::{BTreeMap, HashMap};

use bevy::prelude::*;
use parlour_core::engine::Seat;
use parlour_core::games::rummy::{Face, Rummy, View, solver};

use super::draft::{self, Check, Draft};
use super::grab::Grab;
use super::layout::RummyLayout;
use crate::catalog::GameId;
use crate::engine::{ActiveMatch, MoveRequest, StartMatch, TurnDraft};
use crate::game_kit::{TableWindow, viewer_view};
use crate::session::{KeptOnScreen, Notice, Table, TableSystems};
use crate::settings::HintKind;
use crate::tr;
use crate::ui::theme::Zoom;

/// The turn on screen and what the rules say of it.
#[derive(Resource, Default, Debug)]
pub struct TurnOnScreen {
    /// The viewer's turn in progress (their hand and the table as rearranged).
    pub draft: Option<Draft>,
    /// The rules' verdict on it, set by set and as a whole.
    pub check: Option<Check>,
    /// Each seat's own order of its hand, kept from turn to turn (by face:
    /// which copy of a card a view calls which changes as cards move).
    pub orders: HashMap<Seat, Vec<Face>>,
    /// The person asked for the hint that searches ("best for the match"):
    /// [`hint`](super::hint) takes it up and thinks off the frame's thread.
    pub search_asked: bool,
}

/// A button of the action bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnAction {
    /// End turn, or Draw while the table is as the turn found it.
    EndTurn,
    /// Lay the hint out in the turn.
    Hint,
    /// Put everything back as the turn found it.
    Undo,
    /// Sort the hand by colour.
    SortByColour,
    /// Sort the hand by number.
    SortByNumber,
}

/// The action bar's buttons, in their order: the turn's own while the
/// person may play (End turn or Draw, the hint when hints are on, Undo
/// once the table has changed), then sorting, which a person at the seat
/// may do at any time.
pub fn actions(human: bool, my_turn: bool, hints: bool, changed: bool) -> Vec<TurnAction> {
    let mut out = Vec::new();
    if my_turn {
        out.push(TurnAction::EndTurn);
        if hints {
            out.push(TurnAction::Hint);
        }
        if changed {
            out.push(TurnAction::Undo);
        }
    }
    if human {
        out.extend([TurnAction::SortByColour, TurnAction::SortByNumber]);
    }
    out
}

impl TurnOnScreen {
    /// Does what a button of the action bar does to the turn on screen;
    /// returns the move to ask the rules for (End turn, Draw). `view` is
    /// the viewer's own view, for the hint; `hint` the kind the settings
    /// choose: the most cards now is laid out at once, the best for the
    /// match is asked of the search.
    pub fn act(
        &mut self,
        action: TurnAction,
        view: Option<&View>,
        hint: HintKind,
        notice: &mut Notice,
    ) -> Option<MoveRequest<Rummy>> {
        let draft = self.draft.as_mut()?;
        match action {
            TurnAction::EndTurn => {
                return Some(MoveRequest {
                    seat: draft.seat,
                    mv: draft.to_move(),
                });
            }
            TurnAction::Hint if hint == HintKind::BestForMatch => self.search_asked = true,
            TurnAction::Hint => {
                let view = view?;
                if draft.take_hint(view) {
                    notice.show(tr!("rummy-hint-shown"), false);
                } else if let Some(worth) = solver::short_first_meld(view) {
                    // Nothing laid for want of 40: say so, or it reads as "no set".
                    notice.show(
                        tr!(
                            "rummy-hint-first-meld-short",
                            worth = worth,
                            needs = view.config.first_meld
                        ),
                        false,
                    );
                } else {
                    notice.show(tr!("rummy-hint-draw"), false);
                }
            }
            TurnAction::Undo => draft.undo(),
            TurnAction::SortByColour => draft.sort_by_colour(),
            TurnAction::SortByNumber => draft.sort_by_number(),
        }
        None
    }
}

/// The turn on screen and the layout, in this order: a new match, the
/// turn, then the layout that fits it.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TurnOnScreen>()
        .init_resource::<KeptOnScreen>()
        .add_systems(
            Update,
            (start_table, follow_turn, note_hands, update_layout)
                .chain()
                .in_set(TableSystems::Show)
                .run_if(super::in_rummy),
        );
}

/// A new match: no turn on screen, nothing held, the layout to be made.
fn start_table(
    mut commands: Commands,
    mut starts: MessageReader<StartMatch<Rummy>>,
    active: Res<ActiveMatch<Rummy>>,
    mut turn: ResMut<TurnOnScreen>,
    mut grab: ResMut<Grab>,
    mut kept: ResMut<KeptOnScreen>,
) {
    if starts.read().last().is_none() && !active.is_added() {
        return;
    }
    *turn = TurnOnScreen::default();
    // A continued match's hands come back in their players' own order.
    if let Some(note) = kept.resumed.take() {
        turn.orders = orders_noted(&note);
    }
    *grab = Grab::Empty;
    commands.remove_resource::<RummyLayout>();
}

/// Keeps the turn on screen in step with the match: a new turn (or a new
/// viewer) starts a new draft; every change is checked by the rules and
/// handed to the clock, so a time-out plays what stands.
pub(super) fn follow_turn(
    active: Res<ActiveMatch<Rummy>>,
    table: Res<Table>,
    mut turn: ResMut<TurnOnScreen>,
    mut grab: ResMut<Grab>,
    mut clock_draft: ResMut<TurnDraft<Rummy>>,
) {
    let Some(view) = viewer_view(&active, &table) else {
        if turn.draft.is_some() {
            turn.draft = None;
            turn.check = None;
        }
        return;
    };
    let moves = active.get().moves().len();
    let stale = turn
        .draft
        .as_ref()
        .is_none_or(|d| d.seat != view.seat || d.turn != moves);
    if stale {
        if let Some(mut old) = turn.draft.take() {
            // Cards not played go back where they were in the hand.
            old.undo();
            turn.orders
                .insert(old.seat, old.hand.iter().map(|c| c.face()).collect());
        }
        let order = turn.orders.get(&view.seat).cloned().unwrap_or_default();
        turn.draft = Some(Draft::new(&view, moves, &order));
        turn.check = None;
        *grab = Grab::Empty;
    }
    if turn.check.is_none() || turn.is_changed() {
        let Some(draft) = turn.draft.as_ref() else {
            return;
        };
        let check = draft::check(&view, draft);
        let offer = (view.my_turn() && table.is_human(view.seat) && draft.changed())
            .then(|| (view.seat, draft.to_move()));
        if clock_draft.draft != offer {
            clock_draft.draft = offer;
        }
        turn.bypass_change_detection().check = Some(check);
    }
}

/// Notes each hand's order on screen for the save, so Continue sets the
/// hands out as they were (the turn in progress as if undone: a card laid
/// but not yet played is still the hand's).
fn note_hands(turn: Res<TurnOnScreen>, mut kept: ResMut<KeptOnScreen>) {
    if !turn.is_changed() {
        return;
    }
    let mut hands: BTreeMap<String, Vec<Face>> = turn
        .orders
        .iter()
        .map(|(seat, faces)| (seat.to_string(), faces.clone()))
        .collect();
    if let Some(draft) = &turn.draft {
        let mut now = draft.clone();
        now.undo();
        hands.insert(
            draft.seat.to_string(),
            now.hand.iter().map(|c| c.face()).collect(),
        );
    }
    let note =
        (!hands.is_empty()).then(|| (GameId::of::<Rummy>(), serde_json::json!({ "hands": hands })));
    if kept.now != note {
        kept.now = note;
    }
}

/// The hands' orders a save noted; a note that does not read as one is
/// passed over (the hands come in the order dealt, nothing else changes).
pub fn orders_noted(note: &serde_json::Value) -> HashMap<Seat, Vec<Face>> {
    note.get("hands")
        .cloned()
        .and_then(|hands| serde_json::from_value::<BTreeMap<String, Vec<Face>>>(hands).ok())
        .map(|hands| {
            hands
                .into_iter()
                .filter_map(|(seat, faces)| Some((seat.parse().ok()?, faces)))
                .collect()
        })
        .unwrap_or_default()
}

/// Follows the window and the table: a new size or a set that grew or
/// split lays the table out again.
fn update_layout(
    mut commands: Commands,
    windows: TableWindow,
    turn: Res<TurnOnScreen>,
    layout: Option<Res<RummyLayout>>,
    zoom: Option<Res<Zoom>>,
) {
    let size = windows.size();
    let zoom = zoom.map_or(1.0, |z| z.0);
    let (lens, hand): (Vec<usize>, usize) = match &turn.draft {
        Some(d) => (d.sets.iter().map(Vec::len).collect(), d.hand.len()),
        None => (Vec::new(), 0),
    };
    if layout
        .as_ref()
        .is_some_and(|l| l.suits(size, &lens, hand) && l.zoom == zoom)
    {
        return;
    }
    commands.insert_resource(RummyLayout::zoomed(size, &lens, hand, zoom));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Hint button is offered only when the settings turn hints on,
    /// and only on the person's own turn; End turn always then.
    #[test]
    fn the_hint_button_is_shown_only_when_hints_are_on() {
        for changed in [false, true] {
            let on = actions(true, true, true, changed);
            let off = actions(true, true, false, changed);
            assert!(on.contains(&TurnAction::Hint), "{on:?}");
            assert!(!off.contains(&TurnAction::Hint), "{off:?}");
            assert!(off.contains(&TurnAction::EndTurn));
            assert_eq!(off.contains(&TurnAction::Undo), changed);
        }
        assert!(!actions(true, false, true, false).contains(&TurnAction::Hint));
    }

    /// The hint on a hand whose best first meld is short of 40 says what
    /// it is worth and what it needs, not only "none this turn".
    #[test]
    fn the_hint_says_why_a_first_meld_short_of_40_is_not_laid() {
        let p = solver::parse_position("", "r11 r12 r13 b2 k5 o9", false).unwrap();
        let view = View {
            seat: 0,
            config: std::sync::Arc::new(parlour_core::games::rummy::rules::Config::standard()),
            table: p.table.clone(),
            hand: p.hand.clone(),
            hand_sizes: vec![p.hand.len(), 14],
            pile_len: 40,
            melded: vec![false, true],
            to_move: Some(0),
            first: 0,
            passes: 0,
            rounds: Vec::new(),
            totals: vec![0, 0],
            over: false,
        };
        let mut turn = TurnOnScreen {
            draft: Some(Draft::new(&view, 0, &[])),
            ..TurnOnScreen::default()
        };
        let mut notice = Notice::default();
        let asked = turn.act(
            TurnAction::Hint,
            Some(&view),
            HintKind::BestNow,
            &mut notice,
        );
        assert!(asked.is_none(), "a hint sends nothing");
        assert_eq!(
            notice.text,
            tr!("rummy-hint-first-meld-short", worth = 36, needs = 40)
        );
        assert!(!notice.warning);
        assert!(
            turn.draft.as_ref().is_some_and(|d| d.sets.is_empty()),
            "nothing laid out"
        );
    }
}
