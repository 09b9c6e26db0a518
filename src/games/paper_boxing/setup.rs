//! The set-up on screen: the grid a person fills in (its [`Arrangement`]),
//! what the pointer holds meanwhile, and the words and buttons around it —
//! Shuffle, Use the bot's arrangement, Ready. Only the seat on screen has a
//! draft, and a new viewer starts with an empty grid (never the last one's).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_core::engine::{GameRng, Phase, Seat};
use parlour_core::games::paper_boxing::rules::START;
use parlour_core::games::paper_boxing::setup::suggestion;
use parlour_core::games::paper_boxing::{Grid, Move, PaperBoxing, View, bots};

use crate::engine::{ActiveMatch, FrameStepped, MoveApplied, MoveRequest, StartMatch, TurnPhase};
use crate::session::flow::fresh_seed;
use crate::session::{Screen, Table, TableSystems};
use crate::tr;
use crate::ui::UiSystems;
use crate::ui::theme::{ecolour, size};
use crate::ui::widgets::big_button;

use super::hud::{band_frame, hud, words_in};
use super::layout::{PbLayout, rect_to_screen};
use super::viewer::viewer_view;
use super::{in_paper_boxing, match_arrived};

/// The grid being filled in: each cell's number, 0 for an empty cell (and
/// for D, which holds no number).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Arrangement {
    /// Row by row from the top left.
    pub cells: Grid,
}

impl Arrangement {
    /// A full arrangement.
    pub fn from_grid(grid: Grid) -> Self {
        let mut cells = grid;
        cells[START as usize] = 0;
        Self { cells }
    }

    /// The cell a number is on, if it is placed.
    pub fn cell_of(&self, number: u8) -> Option<u8> {
        (1..16u8).find(|&c| self.cells[c as usize] == number && number != 0)
    }

    /// How many numbers are placed.
    pub fn placed(&self) -> usize {
        self.cells.iter().skip(1).filter(|&&n| n != 0).count()
    }

    /// The grid, once every number is placed.
    pub fn grid(&self) -> Option<Grid> {
        parlour_core::games::paper_boxing::check_grid(&self.cells).ok()
    }

    /// Puts a number on a cell: a number already there swaps places with it
    /// (or goes back to the tray when the one put comes from the tray). D
    /// takes no number.
    pub fn put(&mut self, number: u8, cell: u8) {
        if cell == START || cell >= 16 || !(1..=15).contains(&number) {
            return;
        }
        let there = self.cells[cell as usize];
        match self.cell_of(number) {
            Some(from) if from == cell => {}
            Some(from) => {
                self.cells[from as usize] = there;
                self.cells[cell as usize] = number;
            }
            None => self.cells[cell as usize] = number,
        }
    }

    /// Takes a number off the grid, back to the tray.
    pub fn take_back(&mut self, number: u8) {
        if let Some(c) = self.cell_of(number) {
            self.cells[c as usize] = 0;
        }
    }
}

/// What the pointer holds while a grid is being filled in.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum SetUpHold {
    /// Nothing.
    #[default]
    Empty,
    /// A number under a pressed pointer (a tap, or the start of a drag).
    Pressed {
        /// The number.
        number: u8,
        /// Where the press began.
        from: Vec2,
        /// Where the pointer is now.
        at: Vec2,
        /// Whether it has moved far enough to be a drag.
        dragging: bool,
        /// The number selected before this press, if any.
        selected: Option<u8>,
    },
    /// A number chosen by a tap, waiting for a tap on a cell.
    Selected(u8),
}

impl SetUpHold {
    /// The number held or selected.
    pub fn number(&self) -> Option<u8> {
        match *self {
            SetUpHold::Empty => None,
            SetUpHold::Pressed { number, .. } | SetUpHold::Selected(number) => Some(number),
        }
    }

    /// Where a dragged number is, if one is being dragged.
    pub fn dragged(&self) -> Option<(u8, Vec2)> {
        match *self {
            SetUpHold::Pressed {
                number,
                at,
                dragging: true,
                ..
            } => Some((number, at)),
            _ => None,
        }
    }
}

/// A button that would put a new grid in place of the person's own
/// numbers, and so asks first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replacing {
    /// Shuffle, over a whole grid of the person's own.
    Shuffle,
    /// Use the bot's arrangement, over any number the person placed.
    Bot,
}

/// The grid being filled in on screen, and whose it is.
#[derive(Resource, Clone, Debug, Default)]
pub struct Draft {
    /// The seat filling it in.
    pub seat: Option<Seat>,
    /// Where its numbers are so far.
    pub arrangement: Arrangement,
    /// What the pointer holds.
    pub hold: SetUpHold,
    /// The grid as Shuffle or Use the bot's arrangement last left it (empty
    /// before either): anything else on the grid is the person's own work.
    pub dealt: Arrangement,
    /// A replacement waiting for the person's yes or no.
    pub asking: Option<Replacing>,
}

impl Draft {
    /// Whether the grid holds numbers the person placed themselves, which a
    /// new grid would throw away.
    pub fn own_work(&self) -> bool {
        self.arrangement.placed() > 0 && self.arrangement != self.dealt
    }

    /// Whether Shuffle would keep the person's numbers and deal only the
    /// rest ("Shuffle the rest").
    pub fn shuffles_the_rest(&self) -> bool {
        self.own_work() && self.arrangement.placed() < 15
    }

    /// Shuffle pressed: the numbers the person placed stay where they are
    /// and the rest go on the empty cells at random; a grid with none of
    /// theirs is shuffled whole; a whole grid of their own is asked about
    /// first.
    pub fn press_shuffle(&mut self, rng: &mut GameRng) {
        if self.shuffles_the_rest() {
            self.shuffle_rest(rng);
        } else if self.own_work() {
            self.asking = Some(Replacing::Shuffle);
        } else {
            self.shuffle(rng);
        }
    }

    /// Use the bot's arrangement pressed: asked about first when the grid
    /// holds numbers of the person's own.
    pub fn press_suggest(&mut self, view: &View, rng: &mut GameRng) {
        if self.own_work() {
            self.asking = Some(Replacing::Bot);
        } else {
            self.suggest(view, rng);
        }
    }

    /// The person's answer to a replacement asked about: `replace` puts the
    /// new grid in, otherwise their numbers stay as they are.
    pub fn answer(&mut self, replace: bool, view: &View, rng: &mut GameRng) {
        match self.asking.take() {
            Some(Replacing::Shuffle) if replace => self.shuffle(rng),
            Some(Replacing::Bot) if replace => self.suggest(view, rng),
            _ => {}
        }
    }

    /// Shuffle: every number on a cell, at random.
    pub fn shuffle(&mut self, rng: &mut GameRng) {
        self.fill(bots::random_grid(rng));
    }

    /// The numbers not yet placed, on the empty cells at random.
    fn shuffle_rest(&mut self, rng: &mut GameRng) {
        let cells = &mut self.arrangement.cells;
        let mut missing: Vec<u8> = (1..=15u8).filter(|n| !cells.contains(n)).collect();
        rng.shuffle(&mut missing);
        let empty = (1..16usize).filter(|&c| cells[c] == 0).collect::<Vec<_>>();
        for (cell, number) in empty.into_iter().zip(missing) {
            cells[cell] = number;
        }
        self.hold = SetUpHold::Empty;
    }

    /// Use the bot's arrangement: a grid drawn from the equilibrium mix of
    /// the viewer's role, as the solver bot draws its own. `rng` is the
    /// screen's ([`ScreenRng`]): never a bot's, so the grid tells nothing of
    /// the one a bot at the table drew.
    pub fn suggest(&mut self, view: &View, rng: &mut GameRng) {
        self.fill(suggestion(view, rng));
    }

    /// Every number placed as `grid` has it, nothing held.
    pub(super) fn fill(&mut self, grid: Grid) {
        self.arrangement = Arrangement::from_grid(grid);
        self.dealt = self.arrangement;
        self.hold = SetUpHold::Empty;
        self.asking = None;
    }
}

/// The set-up screen's own random source, for Shuffle and Use the bot's
/// arrangement: seeded from the clock (or a run stepped frame by frame),
/// apart from the table's seed (which seeds the bots), so what it proposes
/// is drawn afresh at every press and tells nothing of a bot's grid.
pub struct ScreenRng(pub GameRng);

impl ScreenRng {
    /// A source seeded as no bot is.
    pub fn new(stepped: Option<&mut FrameStepped>) -> Self {
        Self(GameRng::seeded(fresh_seed(stepped)))
    }
}

/// Whether the viewer is filling in its grid on screen now.
pub(super) fn arranging(view: &View, table: &Table) -> bool {
    view.phase == Phase::SetUp
        && view.seat < 2
        && !view.filled[view.seat]
        && table.is_human(view.seat)
}

/// Keeps the set-up draft with the seat on screen: a new match or a new
/// viewer starts with an empty grid (and never sees the last one's).
fn follow_viewer(
    mut starts: MessageReader<StartMatch<PaperBoxing>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    mut draft: ResMut<Draft>,
) {
    if match_arrived(&mut starts, &active) || draft.seat != table.viewer {
        *draft = Draft {
            seat: table.viewer,
            ..default()
        };
    }
}

/// Keeps the set-up draft empty once its grid is in.
fn clear_when_in(mut applied: MessageReader<MoveApplied<PaperBoxing>>, mut draft: ResMut<Draft>) {
    for a in applied.read() {
        if matches!(a.mv, Move::Grid(_)) && draft.seat == Some(a.seat) {
            *draft = Draft {
                seat: draft.seat,
                ..default()
            };
        }
    }
}

/// The set-up's words: the instructions over the grid and the tray; in the
/// band, how many numbers are placed and the buttons. Only while the seat
/// on screen fills in its grid.
fn setup_words(
    mut contexts: EguiContexts,
    layout: Option<Res<PbLayout>>,
    active: Res<ActiveMatch<PaperBoxing>>,
    table: Res<Table>,
    phase: Res<State<TurnPhase>>,
    mut draft: ResMut<Draft>,
    mut rng: Local<Option<ScreenRng>>,
    mut stepped: Option<ResMut<FrameStepped>>,
    mut requests: MessageWriter<MoveRequest<PaperBoxing>>,
) -> Result {
    let Some(layout) = layout else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let view = viewer_view(active.get(), table.viewer);
    let me = view.seat;
    if !(arranging(&view, &table) && draft.seat == Some(me)) {
        return Ok(());
    }
    words_in(
        ctx,
        &layout,
        "pb-setup-label",
        layout.setup_label,
        egui::RichText::new(tr!("pb-setup-instructions"))
            .size(size::TEXT - 2.0)
            .color(ecolour::TEXT),
    );
    let may_submit = *phase.get() == TurnPhase::SetUp && view.awaiting.contains(&me);
    let rng = rng.get_or_insert_with(|| ScreenRng::new(stepped.as_deref_mut()));
    let band = rect_to_screen(&layout, layout.band);
    egui::Area::new(egui::Id::new("pb-setup-buttons"))
        .fixed_pos(band.min)
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            ui.set_min_size(band.size());
            ui.set_max_size(band.size());
            band_frame().show(ui, |ui| {
                ui.set_min_size(band.size() - egui::vec2(20.0, 20.0));
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(tr!("pb-setup-placed", n = draft.arrangement.placed()))
                            .size(size::TEXT)
                            .color(ecolour::TEXT_DIM),
                    );
                    if let Some(grid) = setup_buttons(ui, &mut draft, &view, &mut rng.0, may_submit)
                    {
                        requests.write(MoveRequest {
                            seat: me,
                            mv: Move::Grid(grid),
                        });
                    }
                });
            });
        });
    Ok(())
}

/// The row of buttons, centred: Shuffle and Use the bot's arrangement fill
/// the draft in; Ready hands back the grid to send, once it is whole.
fn setup_buttons(
    ui: &mut egui::Ui,
    draft: &mut Draft,
    view: &View,
    rng: &mut GameRng,
    may_submit: bool,
) -> Option<Grid> {
    // egui lays a row from the left: centre it by last frame's width.
    let width_id = egui::Id::new("pb-setup-row-width");
    let last: f32 = ui.ctx().data(|d| d.get_temp(width_id)).unwrap_or(0.0);
    ui.horizontal(|ui| {
        ui.add_space(((ui.available_width() - last) / 2.0).max(0.0));
        let start = ui.cursor().min.x;
        let made = match draft.asking {
            Some(replacing) => {
                asking_row(ui, draft, replacing, view, rng);
                None
            }
            None => button_row(ui, draft, view, rng, may_submit),
        };
        let width = ui.min_rect().max.x - start;
        if (width - last).abs() > 0.5 {
            ui.ctx().data_mut(|d| d.insert_temp(width_id, width));
            ui.ctx().request_repaint();
        }
        made
    })
    .inner
}

/// The question before a new grid replaces the person's own numbers.
fn asking_row(
    ui: &mut egui::Ui,
    draft: &mut Draft,
    replacing: Replacing,
    view: &View,
    rng: &mut GameRng,
) {
    let with = match replacing {
        Replacing::Shuffle => "shuffle",
        Replacing::Bot => "bot",
    };
    ui.label(
        egui::RichText::new(tr!("pb-replace-ask", with = with))
            .size(size::TEXT)
            .color(ecolour::TEXT),
    );
    if big_button(ui, &tr!("pb-replace"), false).clicked() {
        draft.answer(true, view, rng);
    }
    if big_button(ui, &tr!("pb-keep-mine"), true).clicked() {
        draft.answer(false, view, rng);
    }
}

/// Shuffle (or Shuffle the rest), Use the bot's arrangement, and Ready,
/// which hands back the grid once it is whole.
fn button_row(
    ui: &mut egui::Ui,
    draft: &mut Draft,
    view: &View,
    rng: &mut GameRng,
    may_submit: bool,
) -> Option<Grid> {
    let shuffle = if draft.shuffles_the_rest() {
        tr!("pb-shuffle-rest")
    } else {
        tr!("pb-shuffle")
    };
    if big_button(ui, &shuffle, false).clicked() {
        draft.press_shuffle(rng);
    }
    if big_button(ui, &tr!("pb-use-bot"), false).clicked() {
        draft.press_suggest(view, rng);
    }
    let grid = draft.arrangement.grid();
    let ready = ui.add_enabled_ui(grid.is_some() && may_submit, |ui| {
        big_button(ui, &tr!("pb-ready"), true)
    });
    crate::lessons::pointer::note_control(ui.ctx(), "ready", ready.inner.rect);
    grid.filter(|_| ready.inner.clicked())
}

/// The draft follows the seat on screen; its words and buttons are drawn
/// after the top bar.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Draft>()
        .add_systems(
            Update,
            (follow_viewer, clear_when_in)
                .in_set(TableSystems::Show)
                .run_if(in_paper_boxing),
        )
        .add_systems(
            EguiPrimaryContextPass,
            setup_words
                .after(hud)
                .run_if(in_state(Screen::Play).and_then(in_paper_boxing))
                .in_set(UiSystems::Hud),
        );
}

#[cfg(test)]
mod tests {
    use parlour_core::engine::{Game, Match};

    use super::*;

    #[test]
    fn the_grid_is_ready_only_when_all_fifteen_are_placed() {
        let mut a = Arrangement::default();
        for n in 1..=14u8 {
            a.put(n, n);
            assert_eq!(a.grid(), None);
        }
        a.put(15, 15);
        let grid = a.grid().expect("complete");
        assert_eq!(grid[0], 0, "D stays top left");
        assert_eq!(Arrangement::from_grid(grid), a);
    }

    /// Shuffle: every number on a cell, what was held let go, the grid one
    /// the rules accept, and another at the next press.
    #[test]
    fn shuffle_puts_every_number_on_a_cell_at_random() {
        let config = PaperBoxing::variant("standard").unwrap();
        let mut rng = GameRng::seeded(3);
        let mut draft = Draft {
            hold: SetUpHold::Selected(4),
            ..Draft::default()
        };
        draft.arrangement.put(4, 9);
        draft.shuffle(&mut rng);
        assert_eq!(draft.arrangement.placed(), 15);
        assert_eq!(draft.hold, SetUpHold::Empty, "nothing held");
        let first = draft.arrangement.grid().expect("a whole grid");
        let mut game = Match::<PaperBoxing>::new("standard", config, 2, 0, None).unwrap();
        game.submit(0, Move::Grid(first))
            .expect("the rules accept it");
        draft.shuffle(&mut rng);
        assert_ne!(draft.arrangement.grid(), Some(first), "drawn anew");
    }

    /// Shuffle keeps the numbers the person placed and deals only the
    /// rest; a whole grid of their own, or any of their numbers under Use
    /// the bot's arrangement, is asked about, and "Keep mine" keeps it.
    #[test]
    fn shuffle_never_throws_away_the_persons_own_numbers_without_asking() {
        let config = PaperBoxing::variant("standard").unwrap();
        let game = Match::<PaperBoxing>::new("standard", config, 2, 0, None).unwrap();
        let view = viewer_view(&game, Some(0));
        let mut rng = GameRng::seeded(11);
        let mut draft = Draft::default();
        draft.arrangement.put(15, 5);
        draft.arrangement.put(1, 10);
        assert!(draft.shuffles_the_rest());
        draft.press_shuffle(&mut rng);
        assert_eq!(draft.asking, None, "nothing to ask: nothing is thrown away");
        assert_eq!(draft.arrangement.placed(), 15);
        assert_eq!(
            draft.arrangement.cell_of(15),
            Some(5),
            "the person's 15 stays"
        );
        assert_eq!(
            draft.arrangement.cell_of(1),
            Some(10),
            "the person's 1 stays"
        );

        // A whole grid with the person's numbers in it: Shuffle asks.
        let theirs = draft.arrangement;
        draft.press_shuffle(&mut rng);
        assert_eq!(draft.asking, Some(Replacing::Shuffle));
        assert_eq!(draft.arrangement, theirs, "nothing changed while asking");
        draft.answer(false, &view, &mut rng);
        assert_eq!((draft.asking, draft.arrangement), (None, theirs), "kept");

        // Use the bot's arrangement asks too; Replace puts the bot's in.
        draft.press_suggest(&view, &mut rng);
        assert_eq!(draft.asking, Some(Replacing::Bot));
        assert_eq!(draft.arrangement, theirs);
        draft.answer(true, &view, &mut rng);
        assert_eq!(draft.asking, None);
        assert_ne!(draft.arrangement, theirs, "replaced");

        // A grid none of the person's: pressed again, drawn anew at once.
        let dealt = draft.arrangement;
        draft.press_shuffle(&mut rng);
        assert_eq!(draft.asking, None);
        assert_ne!(draft.arrangement, dealt);
        assert_eq!(draft.arrangement.placed(), 15);
    }

    #[test]
    fn the_bots_arrangement_is_a_whole_grid_the_rules_accept() {
        for variant in PaperBoxing::variants() {
            let config = PaperBoxing::variant(variant).unwrap();
            let mut game = Match::<PaperBoxing>::new(variant, config, 2, 0, None).unwrap();
            let mut rng = GameRng::seeded(5);
            for seat in 0..2 {
                let mut draft = Draft::default();
                draft.suggest(&viewer_view(&game, Some(seat)), &mut rng);
                assert_eq!(draft.arrangement.placed(), 15, "{variant}");
                let grid = draft.arrangement.grid().expect("a whole grid");
                game.submit(seat, Move::Grid(grid)).unwrap();
            }
        }
    }
}
