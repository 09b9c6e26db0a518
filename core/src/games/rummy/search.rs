//! The searching `expert`: it lists a few good plays with the exact solver
//! and chooses between them by playing each one forward in many guesses at
//! the hidden cards.
//!
//! Why search: the rules of thumb of the [`Heuristic`] (keep jokers, hold
//! back what feeds the next player) are right on average but blind to the
//! position; what a play really costs — the cards it hands the next player
//! for rebuilding, the turns it saves — shows when the round is played out.
//!
//! Each turn:
//! 1. **Candidates** from the solver: the heuristic's own choice, the play
//!    that lays the most cards (with and without the hand's jokers), the one
//!    that lays the most value, the best joker swap, the best play holding
//!    back each one card of it, and the draw.
//! 2. **Guesses** at what the seat cannot see: the cards it has not seen
//!    (not on the table, not in its hand) dealt at random into the other
//!    hands (their sizes are public) and the pile (its size too). One guess
//!    is shared by every candidate still in the running, so that they are
//!    compared on the same luck.
//! 3. **Playouts**: after the candidate, every seat plays fast solver
//!    policies until the round ends; the candidate scores the round's
//!    result for its seat.
//! 4. **Successive halving**: after each stage the worse half of the
//!    candidates is dropped, so the playouts go to the close contenders.
//!
//! The budget is a number of playouts, so that the same seed and position
//! give the same move on any machine, a fast desktop or a slow tablet's
//! browser, and however the thinking is cut into slices. A cap on the time
//! spent thinking stays only as a safety for a machine far too slow for the
//! budget: when it is reached the search plays the best candidate so far
//! (with no playout at all, the heuristic's choice, which is always first),
//! and [`Bot::effort`] counts how often that happened.

use std::time::Duration;

use web_time::Instant;

use super::cards::{Card, Colour, FACES, Face, MAX_JOKERS};
use super::rules::{Move, State, TableSet};
use super::solver::{Objective, Position, Solution, SolverRules, candidates, solve};
use super::strategy::{Heuristic, HeuristicSettings};
use super::{Rummy, View};
use crate::engine::{Bot, Effort, GameRng, Seat};

/// How much the expert thinks about one move: a count of playouts, and a
/// safety cap on the time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Playouts in all (one candidate played out in one guess is one): the
    /// strength, the same on every machine.
    pub playouts: usize,
    /// The most time spent thinking about a move (the slices of thinking
    /// added up, not the frames between them), if any. It is a safety for a
    /// machine far too slow for the playouts, not a measure of strength:
    /// when it is reached the best candidate found so far is played, which
    /// may differ from the move the whole budget gives.
    pub cap: Option<Duration>,
}

impl Budget {
    /// A fixed number of playouts and no cap: the same move for the same
    /// seed on any machine, however long it takes.
    pub fn playouts(playouts: usize) -> Self {
        Self {
            playouts,
            cap: None,
        }
    }

    /// The budget the old time spelling `expert:Nms` names: the playouts
    /// the search, when it stopped by the clock, averaged in `time` on a
    /// desktop ([`PLAYOUTS_PER_SECOND`]), capped at [`CAP_FACTOR`] times
    /// `time`. Before, it stopped at `time`, so it was weaker on a slower
    /// machine.
    pub fn desktop_time(time: Duration) -> Self {
        let ms = time.as_millis().min(u32::MAX as u128) as usize;
        Self {
            playouts: (ms.saturating_mul(PLAYOUTS_PER_SECOND) / 1000).max(1),
            cap: Some(time.saturating_mul(CAP_FACTOR)),
        }
    }
}

impl Default for Budget {
    /// The registered `expert`'s budget: [`DEFAULT_PLAYOUTS`] a move, what
    /// its former 200 ms of thinking came to on a desktop on average, with
    /// the safety cap [`DEFAULT_CAP`].
    fn default() -> Self {
        Self {
            playouts: DEFAULT_PLAYOUTS,
            cap: Some(DEFAULT_CAP),
        }
    }
}

/// Playouts a second of a desktop's thinking came to when the expert
/// stopped by the clock: the rate that turns the old time spellings into a
/// count of work. Measured in self-play against the heuristic (release
/// build, one core, thread CPU time): its searches played 501 playouts on
/// average in 200 ms (median 376) and 124 in 50 ms (median 114). A fixed
/// count costs more time on average than the same mean spread by the clock
/// (the dear positions get as many as the cheap ones): 500 a move took 305
/// ms a search on average there, the slowest 1.4 s.
pub const PLAYOUTS_PER_SECOND: usize = 2500;

/// The default budget's playouts per move: what 200 ms, the registered
/// expert's former time limit, came to on average, so it is no weaker.
pub const DEFAULT_PLAYOUTS: usize = 200 * PLAYOUTS_PER_SECOND / 1000;

/// How many times the desktop's average time for a budget its safety cap
/// allows: the dearest searches take several times the average, and a
/// browser on a tablet thinks 1.2–1.8 times slower than a desktop, so the
/// cap is reached only on a machine several times slower than that.
pub const CAP_FACTOR: u32 = 20;

/// The default budget's safety cap on thinking time per move.
pub const DEFAULT_CAP: Duration = Duration::from_millis(200 * CAP_FACTOR as u64);

/// How a seat plays in a playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Lays the most value the solver finds (the `greedy` bot).
    Greedy,
    /// Lays the most cards, keeping its jokers until they let it go out (the
    /// heuristic without its swaps and its endgame guesses).
    Keeper,
}

/// How the expert searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpertSettings {
    /// How long it thinks.
    pub budget: Budget,
    /// How its own later turns are played in a playout.
    pub own: Policy,
    /// How the other seats' turns are played in a playout.
    pub others: Policy,
    /// Candidates that hold back one card of the best play, at most.
    pub holdbacks: usize,
    /// What the score margin adds to a playout's result (a win is 1): the
    /// margin in hundreds of points, at most ±1, times this.
    pub margin_weight: f64,
    /// Turns a playout plays after the candidate before the round is judged
    /// unfinished (`None`: always to the end).
    pub depth: Option<usize>,
    /// How an unfinished round is judged: the chance of winning is taken as
    /// a logistic curve of the lead in cards held, this steep.
    pub lead_slope: f64,
    /// What a joker in a hand is worth in that lead, in cards laid: it
    /// completes a set, so it brings going out nearer.
    pub joker_worth: f64,
    /// What the heuristic's choice is given on top of its mean result: the
    /// search leaves it only for a play that does clearly better, not for
    /// one that was merely luckier in a few guesses.
    pub trust: f64,
}

impl Default for ExpertSettings {
    fn default() -> Self {
        Self {
            budget: Budget::default(),
            own: Policy::Keeper,
            others: Policy::Greedy,
            holdbacks: 6,
            margin_weight: 0.1,
            depth: Some(8),
            lead_slope: 0.35,
            joker_worth: 1.5,
            trust: 0.0,
        }
    }
}

/// The searching bot (`expert`).
pub struct Expert {
    settings: ExpertSettings,
    heuristic: Heuristic,
    rng: GameRng,
    /// A search paused between slices of thinking ([`Expert::ponder`]).
    pondering: Option<Pondering>,
    /// Where the safety cap and the slices read the time.
    watch: Stopwatch,
    effort: Effort,
}

/// Where the search reads the time it has thought: the wall clock, or in
/// tests a stand-in clock that a slow machine is played with, each reading
/// a fixed step later than the one before (no test waits on the clock).
#[derive(Clone, Copy, Debug)]
enum Stopwatch {
    Wall(Instant),
    Ticking { now: Duration, step: Duration },
}

impl Stopwatch {
    /// The time since the watch was made.
    fn now(&mut self) -> Duration {
        match self {
            Stopwatch::Wall(start) => start.elapsed(),
            Stopwatch::Ticking { now, step } => {
                *now += *step;
                *now
            }
        }
    }
}

impl Expert {
    /// An expert with these settings and its own random source.
    pub fn new(settings: ExpertSettings, mut rng: GameRng) -> Self {
        let heuristic = Heuristic::new(HeuristicSettings::default(), rng.fork());
        Self {
            settings,
            heuristic,
            rng,
            pondering: None,
            watch: Stopwatch::Wall(Instant::now()),
            effort: Effort::default(),
        }
    }

    /// The same expert on a machine where every reading of the clock comes
    /// `step` after the one before, for tests: a large step plays a slow
    /// machine, with no test waiting on the wall clock.
    #[doc(hidden)]
    pub fn with_ticking_clock(mut self, step: Duration) -> Self {
        self.watch = Stopwatch::Ticking {
            now: Duration::ZERO,
            step,
        };
        self
    }

    /// Its settings.
    pub fn settings(&self) -> &ExpertSettings {
        &self.settings
    }

    /// The play it makes (checked by the rules), or `None` to draw.
    pub fn decide(&mut self, view: &View) -> Option<Solution> {
        self.pondering = None;
        loop {
            if let Some(answer) = self.ponder(view, None) {
                return answer;
            }
        }
    }

    /// [`Expert::decide`] a slice at a time, for a host that has one
    /// thread for its frames and its thinking (a web page): thinks about
    /// `view` for `slice` at most (after at least one guess; `None`: to the
    /// end), then `None` to be asked again, or the answer once the search is
    /// over. The same view goes on where it paused; another starts afresh.
    /// The playout budget gives the very move [`Expert::decide`] gives,
    /// however the thinking is sliced; the safety cap counts the time spent
    /// thinking, not the time between slices.
    pub fn ponder(&mut self, view: &View, slice: Option<Duration>) -> Option<Option<Solution>> {
        let slice_start = self.watch.now();
        if self.pondering.as_ref().is_none_or(|p| p.view != *view) {
            self.pondering = None;
            match self.begin(view) {
                Err(answer) => return Some(answer),
                Ok(search) => self.pondering = Some(search),
            }
        }
        let search = self.pondering.as_mut()?;
        let best = search.step(
            &mut self.rng,
            &self.settings,
            &mut self.watch,
            slice_start,
            slice,
        )?;
        let search = self.pondering.take()?;
        self.effort.searched += 1;
        self.effort.work += search.spent as u64;
        self.effort.capped += u64::from(search.capped);
        Some(search.options.into_iter().nth(best).flatten())
    }

    /// The search for `view`, or the answer at once when there is nothing
    /// to weigh.
    fn begin(&mut self, view: &View) -> Result<Pondering, Option<Solution>> {
        let first = self.heuristic.decide(view);
        if !view.my_turn() {
            return Err(first);
        }
        let Some(hidden) = Hidden::of(view) else {
            // A view that does not add up (more cards seen than the deck
            // has): no guess can be dealt, so play by the rules of thumb.
            return Err(first);
        };
        let options = candidate_plays(view, first, self.settings.holdbacks);
        if options.len() == 1 {
            return Err(options.into_iter().next().flatten());
        }
        Ok(Pondering {
            view: view.clone(),
            hidden,
            rules: SolverRules::of(&view.config),
            totals: vec![(0.0f64, 0usize); options.len()],
            alive: (0..options.len()).collect(),
            stages: (usize::BITS - (options.len() - 1).leading_zeros()) as usize,
            options,
            stage: 0,
            guesses: None,
            played: 0,
            spent: 0,
            thought: Duration::ZERO,
            capped: false,
        })
    }
}

/// The expert's search between slices of thinking: the candidates, what
/// their playouts have scored, and how far the successive halving has come.
struct Pondering {
    /// The view it is about.
    view: View,
    hidden: Hidden,
    rules: SolverRules,
    options: Vec<Option<Solution>>,
    /// Each candidate's summed result and playouts.
    totals: Vec<(f64, usize)>,
    /// The candidates still in the running.
    alive: Vec<usize>,
    stages: usize,
    stage: usize,
    /// The guesses this stage plays, once it has begun, and those played.
    guesses: Option<usize>,
    played: usize,
    /// Playouts in all.
    spent: usize,
    /// Time spent thinking before the slice under way.
    thought: Duration,
    /// Whether the safety cap cut a stage short.
    capped: bool,
}

impl Pondering {
    /// Plays guesses until the search is over (the index of the candidate
    /// with the best mean playout result) or the slice that began at
    /// `slice_start` is over (`None`).
    fn step(
        &mut self,
        rng: &mut GameRng,
        settings: &ExpertSettings,
        watch: &mut Stopwatch,
        slice_start: Duration,
        slice: Option<Duration>,
    ) -> Option<usize> {
        let budget = settings.budget;
        let mut progressed = false;
        while self.stage < self.stages {
            let stage = self.stage;
            // Each stage gets an equal share of what is left, so a stage with
            // fewer candidates plays each of them more often.
            let share = budget.playouts.saturating_sub(self.spent) / (self.stages - stage);
            let guesses = *self
                .guesses
                .get_or_insert((share / self.alive.len()).max(1));
            if self.played < guesses {
                let elapsed = watch.now().saturating_sub(slice_start);
                // The safety cap: each stage of the halving has its share of
                // it, so a search cut short still narrows the candidates.
                let deadline = budget
                    .cap
                    .map(|t| t.mul_f64((stage + 1) as f64 / self.stages as f64));
                if deadline.is_some_and(|d| self.thought + elapsed >= d) {
                    self.capped = true;
                    if stage + 1 == self.stages {
                        break;
                    }
                    self.played = guesses;
                    continue;
                }
                if self.spent + self.alive.len() > budget.playouts && self.spent > 0 {
                    break;
                }
                if progressed && slice.is_some_and(|s| elapsed >= s) {
                    self.thought += elapsed;
                    return None;
                }
                let world = self.hidden.deal(&self.view, rng);
                for &i in &self.alive {
                    let result = playout(
                        world.clone(),
                        &self.view,
                        self.options[i].as_ref(),
                        &self.rules,
                        settings,
                    );
                    self.totals[i].0 += result;
                    self.totals[i].1 += 1;
                }
                self.spent += self.alive.len();
                self.played += 1;
                progressed = true;
                continue;
            }
            if stage + 1 < self.stages {
                let (totals, trust) = (&self.totals, settings.trust);
                self.alive.sort_by(|&a, &b| {
                    judged(totals, b, trust)
                        .total_cmp(&judged(totals, a, trust))
                        .then(a.cmp(&b))
                });
                self.alive.truncate(self.alive.len().div_ceil(2));
            }
            self.stage += 1;
            self.guesses = None;
            self.played = 0;
        }
        // The best mean among those left; ties (and no playouts) go to the
        // earlier candidate, the heuristic's choice first.
        let (totals, trust) = (&self.totals, settings.trust);
        Some(
            self.alive
                .iter()
                .copied()
                .min_by(|&a, &b| {
                    judged(totals, b, trust)
                        .total_cmp(&judged(totals, a, trust))
                        .then(a.cmp(&b))
                })
                .unwrap_or(0),
        )
    }
}

impl Bot<Rummy> for Expert {
    fn name(&self) -> &'static str {
        "expert"
    }

    fn choose(&mut self, view: &View) -> Move {
        self.decide(view).map_or(Move::Draw, |s| s.to_move())
    }

    fn think(&mut self, view: &View, slice: Duration) -> Option<Move> {
        self.ponder(view, Some(slice))
            .map(|answer| answer.map_or(Move::Draw, |s| s.to_move()))
    }

    fn time_limit(&self) -> Option<Duration> {
        self.settings.budget.cap
    }

    fn effort(&self) -> Effort {
        self.effort
    }
}

fn mean((sum, n): (f64, usize)) -> f64 {
    if n == 0 {
        f64::NEG_INFINITY
    } else {
        sum / n as f64
    }
}

/// Candidate `i`'s mean result, the heuristic's choice (the first) with
/// `trust` added.
fn judged(totals: &[(f64, usize)], i: usize, trust: f64) -> f64 {
    mean(totals[i]) + if i == 0 { trust } else { 0.0 }
}

/// The move if the rules accept it for the view's seat.
fn legal(view: &View, solution: &Solution) -> bool {
    !solution.is_pass()
        && State::from_view(view)
            .check(view.seat, &solution.to_move())
            .is_ok()
}

/// The plays worth a search, each checked by the rules, no two laying the
/// same cards: `first` (the heuristic's choice) first, then the draw, then
/// the solver's plays. `None` stands for the draw.
pub(super) fn candidate_plays(
    view: &View,
    first: Option<Solution>,
    holdbacks: usize,
) -> Vec<Option<Solution>> {
    let rules = SolverRules::of(&view.config);
    let position = Position::of(view);
    let without_jokers = Position {
        hand: position
            .hand
            .iter()
            .copied()
            .filter(|c| !c.is_joker())
            .collect(),
        ..position.clone()
    };
    let mut found: Vec<Solution> = Vec::new();
    let best = |p: &Position, objective| solve(p, &rules, objective).ok().flatten();
    // The hand's jokers are laid only to go out (or as the heuristic lays
    // them): what a joker is worth in the hand shows only when the round is
    // near its end, beyond the playouts' horizon.
    let jokers_out = best(&position, Objective::CardsThenValue)
        .filter(|s| s.laid.len() == view.hand.len() && s.to_hand.is_empty());
    found.extend(jokers_out);
    for objective in [Objective::CardsThenValue, Objective::Value] {
        found.extend(best(&without_jokers, objective));
    }
    if position.melded {
        // The best play that wins a joker back.
        if let Ok(options) = candidates(&without_jokers, &rules, Objective::CardsThenValue)
            && let Some(swap) = options
                .into_iter()
                .filter(|s| !s.to_hand.is_empty())
                .max_by_key(|s| s.score(Objective::CardsThenValue))
        {
            found.push(swap);
        }
        // Hold back one card of the plain play: each distinct face it lays,
        // the dearest first, so the cards that may feed the next player are
        // weighed against keeping them.
        if let Some(base) = best(&without_jokers, Objective::CardsThenValue) {
            let mut faces: Vec<Face> = base.laid.iter().map(|c| c.face()).collect();
            faces.sort_by_key(|f| std::cmp::Reverse((f.value(), *f)));
            faces.dedup();
            let from = &without_jokers;
            for face in faces.into_iter().take(holdbacks) {
                let mut hand = from.hand.clone();
                if let Some(at) = hand.iter().position(|c| c.face() == face) {
                    hand.remove(at);
                }
                let kept = Position {
                    hand,
                    ..from.clone()
                };
                found.extend(best(&kept, Objective::CardsThenValue));
            }
        }
    }
    let mut out: Vec<Option<Solution>> = vec![first, None];
    let mut keys: Vec<Vec<usize>> = out.iter().map(key).collect();
    for s in found {
        let option = Some(s);
        let k = key(&option);
        if !keys.contains(&k) && option.as_ref().is_some_and(|s| legal(view, s)) {
            keys.push(k);
            out.push(option);
        }
    }
    // The heuristic's draw and the draw are the same candidate.
    if out[0].is_none() {
        out.remove(1);
    }
    out
}

/// What a candidate does to the hand: the faces it lays, sorted, then the
/// jokers it takes back (a draw lays nothing).
pub(super) fn key(option: &Option<Solution>) -> Vec<usize> {
    let Some(s) = option else {
        return Vec::new();
    };
    let mut k: Vec<usize> = s.laid.iter().map(|c| c.face().index()).collect();
    k.sort_unstable();
    k.push(FACES + s.to_hand.len());
    k
}

/// The cards the seat has not seen, with card numbers the view does not
/// use, and how they are shared out: the other hands, then the pile.
pub(super) struct Hidden {
    cards: Vec<Card>,
}

impl Hidden {
    /// `None` when the view does not add up: more cards seen than the deck
    /// has, or fewer unseen cards than the other hands and the pile hold.
    pub(super) fn of(view: &View) -> Option<Self> {
        let mut used = [false; 256];
        let mut seen = [0usize; FACES];
        for card in view.table.iter().flat_map(|s| &s.cards).chain(&view.hand) {
            used[card.0 as usize] = true;
            seen[card.face().index()] += 1;
        }
        let mut cards = Vec::new();
        for (i, &n) in seen.iter().enumerate() {
            let face = Face::from_index(i);
            let left = view.config.copies(face).checked_sub(n)?;
            // Card numbers of this face the view does not use.
            let free = ids_of(face).filter(|c| !used[c.0 as usize]);
            let before = cards.len();
            cards.extend(free.take(left));
            if cards.len() - before < left {
                return None;
            }
        }
        let others: usize = (0..view.hand_sizes.len())
            .filter(|&s| s != view.seat)
            .map(|s| view.hand_sizes[s])
            .sum();
        (others + view.pile_len == cards.len()).then_some(Self { cards })
    }

    /// One guess: the unseen cards shuffled into the other hands and the
    /// pile.
    pub(super) fn deal(&self, view: &View, rng: &mut GameRng) -> World {
        let mut cards = self.cards.clone();
        rng.shuffle(&mut cards);
        let mut hands = Vec::with_capacity(view.hand_sizes.len());
        for (seat, &size) in view.hand_sizes.iter().enumerate() {
            if seat == view.seat {
                hands.push(view.hand.clone());
            } else {
                let rest = cards.split_off(cards.len() - size);
                hands.push(rest);
            }
        }
        World {
            hands,
            pile: cards,
            table: view.table.clone(),
            melded: view.melded.clone(),
            to_move: view.seat,
            passes: view.passes,
        }
    }
}

/// Every card number a face may have.
fn ids_of(face: Face) -> impl Iterator<Item = Card> {
    let (numbers, jokers) = match face {
        Face::Number { colour, number } => (Some((colour, number)), 0),
        Face::Joker => (None, MAX_JOKERS),
    };
    let numbered = numbers
        .into_iter()
        .flat_map(|(colour, number): (Colour, u8)| {
            (0..2).map(move |copy| Card::numbered(colour, number, copy))
        });
    numbered.chain((0..jokers).map(Card::joker))
}

/// A whole round as one guess has it, lighter than [`State`]: the playouts
/// play solver moves that need no checking.
#[derive(Clone, Debug)]
pub(super) struct World {
    pub(super) hands: Vec<Vec<Card>>,
    /// Next card last.
    pub(super) pile: Vec<Card>,
    table: Vec<TableSet>,
    melded: Vec<bool>,
    to_move: Seat,
    passes: usize,
}

impl World {
    fn position(&self, seat: Seat) -> Position {
        Position {
            table: self.table.clone(),
            hand: self.hands[seat].clone(),
            melded: self.melded[seat],
        }
    }

    /// Plays `seat`'s turn: the solution, or a draw. Returns whether the
    /// round is over.
    fn play(&mut self, seat: Seat, solution: Option<&Solution>) -> bool {
        match solution.filter(|s| !s.is_pass()) {
            Some(s) => {
                let hand = &mut self.hands[seat];
                hand.retain(|c| !s.laid.contains(c));
                hand.extend(s.to_hand.iter().copied());
                self.table.clone_from(&s.table);
                self.melded[seat] = true;
                self.passes = 0;
                if self.hands[seat].is_empty() {
                    return true;
                }
            }
            None => match self.pile.pop() {
                Some(card) => {
                    self.hands[seat].push(card);
                    self.passes = 0;
                }
                None => {
                    self.passes += 1;
                    if self.passes >= self.hands.len() {
                        return true;
                    }
                }
            },
        }
        self.to_move = (seat + 1) % self.hands.len();
        false
    }

    /// `seat`'s result once the round is over: its share of the match win
    /// (by the totals with this round added), plus a little for the margin.
    fn result(&self, view: &View, seat: Seat, margin_weight: f64) -> f64 {
        let (win, margin) = self.outcome(view, seat);
        win + margin_weight * (margin as f64 / 100.0).clamp(-1.0, 1.0)
    }

    /// `seat`'s share of the match win once the round is over (by the
    /// totals with this round added) and its lead over the best other seat.
    pub(super) fn outcome(&self, view: &View, seat: Seat) -> (f64, i64) {
        let penalty = view.config.joker_penalty;
        let totals: Vec<i64> = self
            .hands
            .iter()
            .map(|h| h.iter().map(|c| c.face().penalty(penalty)).sum())
            .collect();
        let players = totals.len();
        let scores: Vec<i64> = match (0..players).find(|&s| self.hands[s].is_empty()) {
            Some(w) => (0..players)
                .map(|s| {
                    if s == w {
                        totals.iter().sum()
                    } else {
                        -totals[s]
                    }
                })
                .collect(),
            None => {
                let low = totals.iter().copied().min().unwrap_or(0);
                let winners = totals.iter().filter(|&&t| t == low).count() as i64;
                let pot: i64 = totals.iter().map(|t| t - low).sum();
                totals
                    .iter()
                    .map(|&t| if t == low { pot / winners } else { low - t })
                    .collect()
            }
        };
        let after: Vec<i64> = (0..players)
            .map(|s| view.totals.get(s).copied().unwrap_or(0) + scores[s])
            .collect();
        let top = after.iter().copied().max().unwrap_or(0);
        let leaders = after.iter().filter(|&&t| t == top).count();
        let win = if after[seat] == top {
            1.0 / leaders as f64
        } else {
            0.0
        };
        let best_other = (0..players)
            .filter(|&s| s != seat)
            .map(|s| after[s])
            .max()
            .unwrap_or(0);
        (win, after[seat] - best_other)
    }
}

impl World {
    /// `seat`'s chance of winning an unfinished round, guessed from its lead
    /// in cards over the closest other seat: a joker is no burden (it fits
    /// anywhere) but worth `joker_worth` cards laid, a seat that has not
    /// melded holds three cards more.
    pub(super) fn estimate(&self, seat: Seat, slope: f64, joker_worth: f64) -> f64 {
        let load = |s: Seat| {
            let hand = &self.hands[s];
            let jokers = hand.iter().filter(|c| c.is_joker()).count() as f64;
            hand.len() as f64 - (1.0 + joker_worth) * jokers
                + if self.melded[s] { 0.0 } else { 3.0 }
        };
        let mine = load(seat);
        let closest = (0..self.hands.len())
            .filter(|&s| s != seat)
            .map(load)
            .fold(f64::INFINITY, f64::min);
        1.0 / (1.0 + (-slope * (closest - mine)).exp())
    }
}

/// A seat's move in a playout, by `policy`: a play, or `None` to draw.
fn policy_move(world: &World, seat: Seat, policy: Policy, rules: &SolverRules) -> Option<Solution> {
    let position = world.position(seat);
    let solve_some = |p: &Position, objective| {
        solve(p, rules, objective)
            .ok()
            .flatten()
            .filter(|s| !s.is_pass())
    };
    match policy {
        Policy::Greedy => solve_some(&position, Objective::Value),
        Policy::Keeper => {
            let jokers = position.hand.iter().any(|c| c.is_joker());
            if !jokers {
                return solve_some(&position, Objective::CardsThenValue);
            }
            let without = Position {
                hand: position
                    .hand
                    .iter()
                    .copied()
                    .filter(|c| !c.is_joker())
                    .collect(),
                ..position.clone()
            };
            if !position.melded {
                return solve_some(&without, Objective::CardsThenValue)
                    .or_else(|| solve_some(&position, Objective::CardsThenValue));
            }
            let all = solve_some(&position, Objective::CardsThenValue)?;
            if all.laid.len() == position.hand.len() && all.to_hand.is_empty() {
                return Some(all);
            }
            solve_some(&without, Objective::CardsThenValue)
        }
    }
}

/// Plays `option` for the view's seat in `world`, then the rest of the round
/// by the settings' policies; the seat's result.
fn playout(
    world: World,
    view: &View,
    option: Option<&Solution>,
    rules: &SolverRules,
    settings: &ExpertSettings,
) -> f64 {
    let (world, over) = play_round(world, view, option, rules, settings);
    let me = view.seat;
    if over {
        world.result(view, me, settings.margin_weight)
    } else {
        world.estimate(me, settings.lead_slope, settings.joker_worth)
    }
}

/// Plays `option` for the view's seat in `world`, then the round on by the
/// settings' policies, to its end or the settings' depth: the world then,
/// and whether the round is over.
pub(super) fn play_round(
    mut world: World,
    view: &View,
    option: Option<&Solution>,
    rules: &SolverRules,
    settings: &ExpertSettings,
) -> (World, bool) {
    let me = view.seat;
    let mut over = world.play(me, option);
    // A bound no round reaches (every play lays a card for good, every draw
    // empties the pile by one), kept so that a playout always ends.
    let mut left = settings
        .depth
        .unwrap_or(4 * view.config.deck_size() * world.hands.len());
    while !over && left > 0 {
        let seat = world.to_move;
        let policy = if seat == me {
            settings.own
        } else {
            settings.others
        };
        let mv = policy_move(&world, seat, policy, rules);
        over = world.play(seat, mv.as_ref());
        left -= 1;
    }
    (world, over)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rummy::solver::parse_position;

    /// Two melded seats with these hands, the pile empty.
    fn world(mine: &str, theirs: &str) -> World {
        let hand = |names| parse_position("", names, true).unwrap().hand;
        World {
            hands: vec![hand(mine), hand(theirs)],
            pile: Vec::new(),
            table: Vec::new(),
            melded: vec![true, true],
            to_move: 0,
            passes: 0,
        }
    }

    fn chance(lead: f64) -> f64 {
        1.0 / (1.0 + (-0.35 * lead).exp())
    }

    /// The faces of `cards`, sorted: what a guess must match (card numbers
    /// are the view's own, so only faces can be compared).
    fn faces(cards: impl IntoIterator<Item = Card>) -> Vec<usize> {
        let mut faces: Vec<usize> = cards.into_iter().map(|c| c.face().index()).collect();
        faces.sort_unstable();
        faces
    }

    /// The expert's guesses deal, into the other hands and the pile, exactly
    /// the cards its seat has not seen — the faces the real other hands and
    /// pile hold, in their sizes — and leave its own hand and the table as
    /// its view has them; two guesses deal them differently.
    #[test]
    fn a_guess_deals_exactly_the_cards_the_seat_cannot_see() {
        use crate::engine::Match;
        let mut tried = 0;
        for seed in 0..6u64 {
            let variant = if seed % 2 == 0 { "standard" } else { "classic" };
            let mut m = Match::<Rummy>::seeded(variant, 2 + seed as usize % 3, seed).unwrap();
            let mut bots: Vec<_> = (0..m.state().players())
                .map(|s| <Rummy as crate::engine::Game>::bot("greedy", seed + s as u64).unwrap())
                .collect();
            for _ in 0..(4 + 3 * seed) {
                if m.is_over() {
                    break;
                }
                let seat = m.awaiting()[0];
                let mv = bots[seat].choose(&m.view(seat));
                m.submit(seat, mv).unwrap();
            }
            let state = m.state();
            let Some(&seat) = m.awaiting().first() else {
                continue;
            };
            tried += 1;
            let view = m.view(seat);
            let hidden = Hidden::of(&view).expect("the view adds up");
            let others = |hands: &[Vec<Card>]| -> Vec<Card> {
                (0..hands.len())
                    .filter(|&s| s != seat)
                    .flat_map(|s| hands[s].clone())
                    .collect()
            };
            let real_hands: Vec<Vec<Card>> = (0..state.players())
                .map(|s| state.hand(s).to_vec())
                .collect();
            let real_unseen = faces(
                others(&real_hands)
                    .into_iter()
                    .chain(state.pile_in_draw_order()),
            );
            let mut rng = GameRng::seeded(seed);
            let guesses: Vec<World> = (0..2).map(|_| hidden.deal(&view, &mut rng)).collect();
            for guess in &guesses {
                assert_eq!(guess.hands[seat], view.hand, "seed {seed}: its own hand");
                assert_eq!(guess.table, view.table, "seed {seed}: the table");
                for s in (0..state.players()).filter(|&s| s != seat) {
                    assert_eq!(guess.hands[s].len(), state.hand(s).len(), "seed {seed}");
                }
                assert_eq!(guess.pile.len(), state.pile_in_draw_order().count());
                let unseen = faces(others(&guess.hands).into_iter().chain(guess.pile.clone()));
                assert_eq!(unseen, real_unseen, "seed {seed}: the unseen cards");
            }
            assert_ne!(
                (&guesses[0].hands, &guesses[0].pile),
                (&guesses[1].hands, &guesses[1].pile),
                "seed {seed}: each guess deals anew"
            );
        }
        assert!(tried >= 4, "positions tried: {tried}");
    }

    #[test]
    fn a_joker_in_the_hand_brings_going_out_nearer_by_its_worth() {
        // Three cards each, one of seat 0's a joker: one card ahead with the
        // joker as no burden, two and a half with it worth one and a half.
        let w = world("r1 r5 j", "o2 o6 o9");
        assert!((w.estimate(0, 0.35, 0.0) - chance(1.0)).abs() < 1e-12);
        assert!((w.estimate(0, 0.35, 1.5) - chance(2.5)).abs() < 1e-12);
        assert!((w.estimate(1, 0.35, 1.5) - chance(-2.5)).abs() < 1e-12);
    }
}
