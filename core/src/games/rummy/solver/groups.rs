//! Groups at one number: which mixes of cards and jokers can be split into
//! groups (3 or 4 cards, all colours different, a joker standing for a
//! missing colour), and one way to do it.
//!
//! Only the multiset of per-colour counts matters (a colour gives 0, 1 or 2
//! cards), so feasibility is a small table built once.

use std::sync::OnceLock;

/// Most jokers the table below covers at one number.
pub(super) const MAX_JOKERS: usize = 8;

/// One group: the colours of its number cards (a bit mask) and its jokers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct GroupPlan {
    /// Bit `c` set: a number card of colour `c`.
    pub colours: u8,
    /// Jokers, each standing for a colour not in `colours`.
    pub jokers: u8,
}

/// Splits `g[c]` cards of colour `c` plus `jokers` jokers into groups, or
/// `None` when they cannot all be used. Jokers may also make groups of their
/// own (three jokers are a valid set). Each answer is worked out once.
pub(super) fn form(g: [u8; 4], jokers: u8) -> Option<&'static [GroupPlan]> {
    const PROFILES: usize = 81 * (MAX_JOKERS + 1);
    static PLANS: [OnceLock<Option<Vec<GroupPlan>>>; PROFILES] =
        [const { OnceLock::new() }; PROFILES];
    if g.iter().any(|&k| k > 2) || jokers as usize > MAX_JOKERS {
        return None;
    }
    let index = g.iter().fold(0, |i, &k| i * 3 + k as usize) * (MAX_JOKERS + 1) + jokers as usize;
    PLANS[index].get_or_init(|| search(g, jokers)).as_deref()
}

/// The search behind [`form`].
fn search(g: [u8; 4], jokers: u8) -> Option<Vec<GroupPlan>> {
    let mut cards: Vec<u8> = Vec::new();
    for (c, &k) in g.iter().enumerate() {
        for _ in 0..k {
            cards.push(c as u8);
        }
    }
    // Jokers kept apart in groups of their own: none, or any count that
    // splits into threes and fours.
    let mut apart_options = vec![0u8];
    apart_options.extend((3..=jokers).filter(|&k| k != 5));
    for apart in apart_options {
        let mixed = jokers - apart;
        let mut groups: Vec<u8> = Vec::new();
        if let Some(plan) = place(&cards, 0, &mut groups, mixed) {
            let mut plan = plan;
            let mut left = apart;
            while left > 0 {
                let take = if left == 4 || left == 8 || left == 7 {
                    4
                } else {
                    3
                };
                plan.push(GroupPlan {
                    colours: 0,
                    jokers: take,
                });
                left -= take;
            }
            return Some(plan);
        }
    }
    None
}

/// Puts `cards[i..]` into `groups` (colour masks, no colour twice), then
/// shares out `jokers` so that every group has 3 or 4 cards.
fn place(cards: &[u8], i: usize, groups: &mut Vec<u8>, jokers: u8) -> Option<Vec<GroupPlan>> {
    if i == cards.len() {
        return share_jokers(groups, jokers);
    }
    let bit = 1u8 << cards[i];
    for k in 0..groups.len() {
        if groups[k] & bit == 0 {
            groups[k] |= bit;
            let found = place(cards, i + 1, groups, jokers);
            groups[k] &= !bit;
            if found.is_some() {
                return found;
            }
        }
    }
    groups.push(bit);
    let found = place(cards, i + 1, groups, jokers);
    groups.pop();
    found
}

fn share_jokers(groups: &[u8], jokers: u8) -> Option<Vec<GroupPlan>> {
    let sizes: Vec<u8> = groups.iter().map(|m| m.count_ones() as u8).collect();
    let least: u8 = sizes.iter().map(|&s| 3u8.saturating_sub(s)).sum();
    let most: u8 = sizes.iter().map(|&s| 4 - s).sum();
    if jokers < least || jokers > most {
        return None;
    }
    let mut plan: Vec<GroupPlan> = groups
        .iter()
        .zip(&sizes)
        .map(|(&colours, &s)| GroupPlan {
            colours,
            jokers: 3u8.saturating_sub(s),
        })
        .collect();
    let mut spare = jokers - least;
    for (p, &s) in plan.iter_mut().zip(&sizes) {
        let room = 4 - s - p.jokers;
        let add = room.min(spare);
        p.jokers += add;
        spare -= add;
    }
    Some(plan)
}

/// Whether `g` (cards per colour, each 0..=2) and `jokers` make whole groups.
#[cfg(test)]
pub(super) fn feasible(g: [u8; 4], jokers: u8) -> bool {
    let ones = g.iter().filter(|&&k| k == 1).count() as u8;
    let twos = g.iter().filter(|&&k| k == 2).count() as u8;
    feasible_profile(ones, twos, jokers)
}

/// Whether `ones` colours giving one card, `twos` colours giving two, and
/// `jokers` jokers make whole groups (only these counts matter).
///
/// With `k` groups: a colour's copies need `k` at least as large as their
/// count; dealt round the groups colour by colour, the cards fill them
/// evenly with no colour twice, and the jokers make each up to 3 or 4
/// (jokers alone may fill a group). So it can be done exactly when some `k`
/// has every count at most `k` and `3k <= cards + jokers <= 4k`.
pub(super) const fn feasible_profile(ones: u8, twos: u8, jokers: u8) -> bool {
    if ones + twos > 4 {
        return false;
    }
    let members = ones + 2 * twos + jokers;
    let least = if twos > 0 { 2 } else { (ones > 0) as u8 };
    let at_least = members.div_ceil(4);
    let least = if least > at_least { least } else { at_least };
    least <= members / 3 || members == 0
}

/// For `ones` colours giving one card and `twos` giving two, the joker
/// counts (bit `j`, up to [`MAX_JOKERS`]) with which they make whole groups.
pub(super) fn feasible_jokers(ones: u8, twos: u8) -> u16 {
    const MASKS: [[u16; 5]; 5] = {
        let mut masks = [[0u16; 5]; 5];
        let mut ones = 0;
        while ones < 5 {
            let mut twos = 0;
            while twos < 5 {
                let mut j = 0;
                while j <= MAX_JOKERS {
                    if feasible_profile(ones as u8, twos as u8, j as u8) {
                        masks[ones][twos] |= 1 << j;
                    }
                    j += 1;
                }
                twos += 1;
            }
            ones += 1;
        }
        masks
    };
    match MASKS.get(ones as usize).and_then(|m| m.get(twos as usize)) {
        Some(&mask) => mask,
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_colours_make_a_group() {
        assert!(feasible([1, 1, 1, 0], 0));
        assert!(feasible([1, 1, 1, 1], 0));
        assert!(!feasible([1, 1, 0, 0], 0));
    }

    #[test]
    fn two_copies_of_a_colour_need_two_groups() {
        assert!(feasible([2, 2, 2, 0], 0));
        assert!(!feasible([2, 1, 1, 0], 0));
        assert!(!feasible([2, 1, 1, 0], 1));
        assert!(feasible([2, 1, 1, 0], 2));
        assert!(feasible([2, 2, 1, 1], 0));
    }

    #[test]
    fn jokers_fill_missing_colours() {
        assert!(feasible([1, 1, 0, 0], 1));
        assert!(feasible([1, 0, 0, 0], 2));
        assert!(!feasible([1, 0, 0, 0], 1));
        assert!(feasible([1, 1, 1, 1], 0));
        assert!(!feasible([1, 1, 1, 1], 1));
    }

    #[test]
    fn jokers_may_make_a_group_of_their_own() {
        assert!(feasible([0, 0, 0, 0], 3));
        assert!(feasible([0, 0, 0, 0], 4));
        assert!(feasible([1, 1, 1, 0], 3));
        assert!(feasible([0, 0, 0, 0], 0));
        assert!(!feasible([0, 0, 0, 0], 2));
    }

    #[test]
    fn the_counting_rule_agrees_with_the_search() {
        for g in 0..81usize {
            let g: [u8; 4] = std::array::from_fn(|c| (g / 3usize.pow(c as u32) % 3) as u8);
            for jokers in 0..=MAX_JOKERS as u8 {
                assert_eq!(
                    feasible(g, jokers),
                    search(g, jokers).is_some(),
                    "{g:?} with {jokers} jokers"
                );
            }
        }
    }

    #[test]
    fn a_plan_uses_every_card() {
        let plan = form([2, 1, 1, 1], 1).unwrap();
        let cards: u32 = plan
            .iter()
            .map(|p| p.colours.count_ones() + p.jokers as u32)
            .sum();
        assert_eq!(cards, 6);
        assert!(
            plan.iter()
                .all(|p| (3..=4).contains(&(p.colours.count_ones() + p.jokers as u32)))
        );
    }
}
