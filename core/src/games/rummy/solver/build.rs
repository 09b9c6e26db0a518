//! Turns an optimal path of the programme into concrete sets: which runs go
//! on, which stop, which cards form groups, and what every joker stands for.

use super::dp::Step;
use super::groups;
use crate::games::rummy::sets::Kind;

/// One place in a set: a number card, or a joker standing for `colour`, `number`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Placed {
    /// The colour index (what a joker stands for).
    pub colour: u8,
    /// The number.
    pub number: u8,
    /// Whether a joker fills this place.
    pub joker: bool,
}

/// The sets of a solution, plus how the free jokers were shared out.
#[derive(Clone, Debug, Default)]
pub(super) struct Built {
    /// Every set, runs from low to high, groups by colour.
    pub sets: Vec<(Kind, Vec<Placed>)>,
    /// Per number: free table jokers and scoring jokers laid there.
    pub free_jokers: [(u8, u8); 14],
}

#[derive(Clone, Debug)]
struct Run {
    /// `None` while the run has jokers only.
    colour: Option<u8>,
    cards: Vec<Placed>,
}

impl Run {
    fn class(&self) -> usize {
        self.cards.len().min(3) - 1
    }

    fn push(&mut self, number: u8, joker: bool) {
        let colour = self.colour.unwrap_or(0);
        self.cards.push(Placed {
            colour,
            number,
            joker,
        });
    }

    fn colour_in(&mut self, colour: u8) {
        self.colour = Some(colour);
        for p in &mut self.cards {
            p.colour = colour;
        }
    }
}

/// The sets that `path` (one step per number 1..=13) lays (`None` only if
/// the path is not one the programme made). With `mirrored`, place `n` of the
/// path is number `14 - n`, and runs are turned back to run low to high.
/// Of the `table_free` free table jokers, those the path leaves over are put
/// in at the end (see [`leave_over`]).
pub(super) fn build(path: &[Step], mirrored: bool, table_free: u8) -> Option<Built> {
    let mut built = Built::default();
    // Per place: the cards and jokers that went into groups.
    let mut grouped_at = [([0u8; 4], 0u8); 14];
    let laid: u8 = path.iter().map(|s| s.jokers.table_free).sum();
    let left = table_free.checked_sub(laid)?;
    let mut coloured: [Vec<Run>; 4] = Default::default();
    let mut joker_only: Vec<Run> = Vec::new();
    for (i, step) in path.iter().enumerate() {
        let n = (i + 1) as u8;
        built.free_jokers[n as usize] = (step.jokers.table_free, step.jokers.scoring);
        // Joker-only runs as they stood before this number, by length class.
        let mut waiting: [Vec<Run>; 3] = Default::default();
        for run in joker_only.drain(..) {
            let class = run.class();
            waiting[class].push(run);
        }
        let mut grouped = [0u8; 4];
        for c in 0..4 {
            let choice = step.colours[c];
            let colour = c as u8;
            let mut by_class: [Vec<Run>; 3] = Default::default();
            for run in coloured[c].drain(..) {
                let class = run.class();
                by_class[class].push(run);
            }
            let [short1, short2, long] = by_class;
            let mut going: Vec<Run> = short1.into_iter().chain(short2).collect();
            for (k, run) in long.into_iter().enumerate() {
                if k < choice.long_go_on as usize {
                    going.push(run);
                } else {
                    built.sets.push((Kind::Run, run.cards));
                }
            }
            let mut next: Vec<Run> = Vec::new();
            for (k, mut run) in going.into_iter().enumerate() {
                run.push(n, k >= choice.by_card as usize);
                next.push(run);
            }
            let mut joined = 0;
            for (class, &count) in choice.joins.iter().enumerate() {
                for _ in 0..count {
                    let mut run = waiting[class].pop()?;
                    run.colour_in(colour);
                    run.push(n, false);
                    next.push(run);
                    joined += 1;
                }
            }
            let started = choice.laid - choice.grouped - choice.by_card - joined;
            for _ in 0..started {
                let mut run = Run {
                    colour: Some(colour),
                    cards: Vec::new(),
                };
                run.push(n, false);
                next.push(run);
            }
            grouped[c] = choice.grouped;
            coloured[c] = next;
        }
        let jokers = step.jokers;
        let [w1, w2, w3] = waiting;
        for mut run in w1.into_iter().chain(w2) {
            run.push(n, true);
            joker_only.push(run);
        }
        for (k, mut run) in w3.into_iter().enumerate() {
            if k < jokers.long_go_on as usize {
                run.push(n, true);
                joker_only.push(run);
            } else {
                built.sets.push((Kind::Run, run.cards));
            }
        }
        for _ in 0..jokers.started {
            let mut run = Run {
                colour: None,
                cards: Vec::new(),
            };
            run.push(n, true);
            joker_only.push(run);
        }
        grouped_at[n as usize] = (grouped, jokers.grouped);
        built.sets.extend(group_sets(n, grouped, jokers.grouped)?);
    }
    for runs in coloured {
        built
            .sets
            .extend(runs.into_iter().map(|r| (Kind::Run, r.cards)));
    }
    built
        .sets
        .extend(joker_only.into_iter().map(|r| (Kind::Run, r.cards)));
    leave_over(&mut built, left, &grouped_at)?;
    if mirrored {
        for (kind, set) in &mut built.sets {
            for p in set.iter_mut() {
                p.number = 14 - p.number;
            }
            if *kind == Kind::Run {
                set.reverse();
            }
        }
        built.free_jokers[1..14].reverse();
    }
    Some(built)
}

/// The groups at place `n` of `grouped[c]` cards of colour `c` and `jokers`
/// jokers (`None` if they do not split into groups).
fn group_sets(
    n: u8,
    grouped: [u8; 4],
    jokers: u8,
) -> Option<impl Iterator<Item = (Kind, Vec<Placed>)>> {
    Some(groups::form(grouped, jokers)?.iter().map(move |plan| {
        let mut set: Vec<Placed> = (0..4u8)
            .filter(|c| plan.colours & (1 << c) != 0)
            .map(|colour| Placed {
                colour,
                number: n,
                joker: false,
            })
            .collect();
        let missing = (0..4u8).filter(|c| plan.colours & (1 << c) == 0);
        for colour in missing.take(plan.jokers as usize) {
            set.push(Placed {
                colour,
                number: n,
                joker: true,
            });
        }
        (Kind::Group, set)
    }))
}

/// Puts in the `left` free table jokers the programme left over (it leaves
/// them to the end, see `Dp::finish`): three or more as a run of their own;
/// one or two at the end of a run — a run of all 13 is cut in two to make
/// the gap — or else into the groups of their places, given as the cards
/// and jokers `grouped_at` each place. `None` if there is no room, which
/// the programme rules out.
fn leave_over(built: &mut Built, left: u8, grouped_at: &[([u8; 4], u8); 14]) -> Option<()> {
    if left == 0 {
        return Some(());
    }
    let joker = |colour: u8, number: u8| Placed {
        colour,
        number,
        joker: true,
    };
    if left >= 3 {
        let set = (14 - left..14).map(|n| joker(0, n)).collect();
        built.sets.push((Kind::Run, set));
        for n in 14 - left..14 {
            built.free_jokers[n as usize].0 += 1;
        }
        return Some(());
    }
    if let Some(i) = built.sets.iter().position(|(kind, _)| *kind == Kind::Run) {
        for _ in 0..left {
            let run = &mut built.sets[i].1;
            let (colour, low, high) = (run[0].colour, run[0].number, run[run.len() - 1].number);
            let at = if high < 13 {
                run.push(joker(colour, high + 1));
                high + 1
            } else if low > 1 {
                run.insert(0, joker(colour, low - 1));
                low - 1
            } else {
                // All 13: cut after 6, and the joker stands for a second 6.
                let mut upper = run.split_off(6);
                upper.insert(0, joker(colour, 6));
                built.sets.push((Kind::Run, upper));
                6
            };
            built.free_jokers[at as usize].0 += 1;
        }
        return Some(());
    }
    // No run: the groups of one place take both, or of two places one each.
    let fits = |n: usize, extra: u8| {
        let (cards, jokers) = grouped_at[n];
        groups::form(cards, jokers + extra).is_some()
    };
    let places: Vec<(usize, u8)> = match (1..14).find(|&n| fits(n, left)) {
        Some(n) => vec![(n, left)],
        None if left == 2 => {
            let mut ones = (1..14).filter(|&n| fits(n, 1));
            vec![(ones.next()?, 1), (ones.next()?, 1)]
        }
        None => return None,
    };
    for (n, extra) in places {
        let (cards, jokers) = grouped_at[n];
        built
            .sets
            .retain(|(kind, set)| !(*kind == Kind::Group && set[0].number == n as u8));
        built
            .sets
            .extend(group_sets(n as u8, cards, jokers + extra)?);
        built.free_jokers[n].0 += extra;
    }
    Some(())
}
