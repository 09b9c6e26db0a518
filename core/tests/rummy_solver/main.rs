//! The solver against independent methods: a brute-force search on thousands
//! of small random positions, an integer programme on larger ones, and the
//! hard cases by hand.

mod ilp;
mod reference;

use parlour_core::engine::GameRng;
use parlour_core::games::rummy::solver::sample::{self, Spec};
use parlour_core::games::rummy::solver::{
    Objective, Position, SolverRules, laid_name, parse_position, solve,
};

use ilp::ilp_optimum;
use reference::{brute_force, check_solution};

/// How many random positions to check: `default`, or the number in the
/// environment variable `name` (for longer runs by hand).
fn cases(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn describe(p: &Position) -> String {
    let table: Vec<String> = p
        .table
        .iter()
        .map(|s| s.iter().map(laid_name).collect::<Vec<_>>().join(" "))
        .collect();
    let hand: Vec<String> = p.hand.iter().map(|c| c.to_string()).collect();
    format!(
        "--table \"{}\" --hand \"{}\" melded={}",
        table.join(" | "),
        hand.join(" "),
        p.melded
    )
}

/// The variants of the rules the random checks cycle through.
fn rule_sets() -> Vec<(&'static str, SolverRules)> {
    let kept = SolverRules {
        swapped_joker_may_be_played: false,
        ..SolverRules::STANDARD
    };
    let loose = SolverRules {
        all_joker_sets: true,
        ..SolverRules::CLASSIC
    };
    vec![
        ("standard", SolverRules::STANDARD),
        ("classic", SolverRules::CLASSIC),
        ("swapped jokers kept", kept),
        ("joker-only sets", loose),
    ]
}

/// Solves `p`, checks the answer is a legal play, and returns its score.
fn solved_score(p: &Position, rules: &SolverRules, objective: Objective) -> Option<i32> {
    let solution = solve(p, rules, objective).unwrap_or_else(|e| panic!("{e}: {}", describe(p)));
    solution.map(|s| {
        check_solution(p, rules, objective, &s)
            .unwrap_or_else(|e| panic!("{e}\n{}\n{s:?}", describe(p)))
    })
}

fn small_spec(rng: &mut GameRng) -> Spec {
    let lo = 1 + rng.below(9) as u8;
    let width = 3 + rng.below(3) as u8;
    let many_jokers = rng.below(8) == 0;
    Spec {
        numbers: lo..=(lo + width).min(13),
        colours: 3 + rng.below(2),
        table: 0..=9,
        hand: 2..=6,
        jokers: if many_jokers { 2..=4 } else { 0..=2 },
        first_meld: 0.2,
    }
}

#[test]
fn solver_matches_brute_force_on_small_positions() {
    let n = cases("RUMMY_SOLVER_BRUTE_CASES", 3000);
    let mut rng = GameRng::seeded(2015);
    let rule_sets = rule_sets();
    let mut melds = 0;
    for i in 0..n {
        let spec = small_spec(&mut rng);
        let p = sample::position(&mut rng, &spec);
        let (name, mut rules) = rule_sets[i % rule_sets.len()];
        // Small numbers rarely make 30 or 40: ask for less.
        rules.first_meld = 6 + rng.below(20) as u16;
        let objective = if i % 2 == 0 {
            Objective::Cards
        } else {
            Objective::Value
        };
        let got = solved_score(&p, &rules, objective);
        let expected = brute_force(&p, &rules, objective);
        assert_eq!(
            got,
            expected,
            "case {i} ({name}, {objective:?}, meld {}): {}",
            rules.first_meld,
            describe(&p)
        );
        melds += usize::from(!p.melded && got.is_some());
    }
    assert!(melds > n / 50, "too few first melds were tried: {melds}");
}

#[test]
fn solver_matches_integer_programming_on_larger_positions() {
    let n = cases("RUMMY_SOLVER_ILP_CASES", 40);
    let mut rng = GameRng::seeded(2006);
    let rule_sets = rule_sets();
    for i in 0..n {
        let spec = Spec {
            table: 12..=36,
            hand: 5..=14,
            first_meld: 0.15,
            ..Spec::mid_game()
        };
        let p = sample::position(&mut rng, &spec);
        let (name, rules) = rule_sets[i % rule_sets.len()];
        let objective = if i % 2 == 0 {
            Objective::Value
        } else {
            Objective::Cards
        };
        let got = solved_score(&p, &rules, objective);
        let expected = ilp_optimum(&p, &rules, objective);
        assert_eq!(
            got,
            expected,
            "case {i} ({name}, {objective:?}): {}",
            describe(&p)
        );
    }
}

fn position(table: &str, hand: &str) -> Position {
    parse_position(table, hand, true).unwrap()
}

fn best(table: &str, hand: &str, rules: &SolverRules, objective: Objective) -> (i32, Vec<String>) {
    let p = position(table, hand);
    let s = solve(&p, rules, objective).unwrap().unwrap();
    let score = check_solution(&p, rules, objective, &s).unwrap();
    let laid = s.laid.iter().map(|c| c.to_string()).collect();
    (score, laid)
}

#[test]
fn a_joker_fills_a_gap_in_a_run() {
    let (score, laid) = best("", "r4 r6 j", &SolverRules::STANDARD, Objective::Cards);
    assert_eq!(score, 3);
    assert_eq!(laid.len(), 3);
}

#[test]
fn a_joker_completes_a_group() {
    let (score, _) = best("", "k9 o9 j", &SolverRules::STANDARD, Objective::Value);
    assert_eq!(score, 27);
}

#[test]
fn a_hand_joker_counts_the_number_it_stands_for() {
    // Best as r11 r12 r13 with the joker for 13 (or 11): 36.
    let (score, _) = best("", "r12 r13 j", &SolverRules::STANDARD, Objective::Value);
    assert_eq!(score, 36);
}

#[test]
fn two_copies_of_a_card_go_to_two_sets() {
    let (score, _) = best(
        "",
        "r5 r5 b5 b5 o5 o5",
        &SolverRules::STANDARD,
        Objective::Cards,
    );
    assert_eq!(score, 6);
}

#[test]
fn two_copies_cannot_share_a_group() {
    let (score, _) = best("", "r5 r5 b5", &SolverRules::STANDARD, Objective::Cards);
    assert_eq!(score, 0);
}

#[test]
fn a_run_split_in_two_keeps_the_table_valid() {
    // r3 only fits by splitting r1..r7 into r1 r2 r3 and r3 r4 r5 r6 r7.
    let (score, laid) = best(
        "r1 r2 r3 r4 r5 r6 r7",
        "r3",
        &SolverRules::STANDARD,
        Objective::Cards,
    );
    assert_eq!((score, laid), (1, vec!["r3".to_owned()]));
}

#[test]
fn a_hand_card_fits_only_after_rebuilding() {
    // Neither card joins a set as the table stands. Rebuilt: k5 joins the
    // fives, which frees o5; o7 leaves the sevens; o5 o6 o7 is a new run.
    let table = "k6 k7 k8 k9 | b5 o5 r5 | b7 o7 r7 k7";
    let (score, mut laid) = best(table, "k5 o6", &SolverRules::STANDARD, Objective::Cards);
    laid.sort();
    assert_eq!((score, laid), (2, vec!["k5".to_owned(), "o6".to_owned()]));
    // Without the k5, o6 has no way in: o5 cannot leave a group of three.
    let (score, _) = best(table, "o6", &SolverRules::STANDARD, Objective::Cards);
    assert_eq!(score, 0);
}

#[test]
fn a_table_joker_keeps_its_number_under_the_standard_ruling() {
    // The joker stands for b6: it may leave its run for a group of sixes...
    let table = "j:b6 b7 b8 b9";
    let (score, _) = best(table, "k6 o6", &SolverRules::STANDARD, Objective::Cards);
    assert_eq!(score, 2);
    // ...but not become a 13.
    let (score, _) = best(table, "k13 o13", &SolverRules::STANDARD, Objective::Cards);
    assert_eq!(score, 0);
    // Leaving b5 b7 behind would break the run: the joker stays.
    let (score, _) = best(
        "b5 j:b6 b7",
        "k6 o6",
        &SolverRules::STANDARD,
        Objective::Cards,
    );
    assert_eq!(score, 0);
}

#[test]
fn a_free_table_joker_moves_anywhere_in_classic() {
    let table = "b5 b6 b7 j:b8";
    let (score, _) = best(table, "k13 o13", &SolverRules::CLASSIC, Objective::Cards);
    assert_eq!(score, 2);
    let (score, _) = best(table, "k13 o13", &SolverRules::STANDARD, Objective::Cards);
    assert_eq!(score, 0);
}

#[test]
fn a_swap_wins_a_joker() {
    // The hand's r6 takes the joker's place; the joker then joins k9 o9.
    let table = "r5 j:r6 r7";
    let (score, laid) = best(table, "r6 k9 o9", &SolverRules::STANDARD, Objective::Cards);
    assert_eq!(score, 3);
    assert_eq!(laid.len(), 3);
    // Classic: the same, and the freed joker must be played.
    let (score, _) = best(table, "r6 k9 o9", &SolverRules::CLASSIC, Objective::Cards);
    assert_eq!(score, 3);
}

#[test]
fn a_group_joker_swaps_for_either_missing_colour() {
    let table = "r8 b8 j:k8";
    for card in ["k8", "o8"] {
        let p = position(table, &format!("{card} r1 r2"));
        let s = solve(&p, &SolverRules::STANDARD, Objective::Cards)
            .unwrap()
            .unwrap();
        assert_eq!(s.count, 3, "{card}: {s:?}");
        assert_eq!(s.swaps.len(), 1);
    }
}

#[test]
fn first_meld_of_exactly_the_threshold() {
    let rules = SolverRules::STANDARD;
    let meld = |hand: &str, rules: &SolverRules| {
        let p = parse_position("r1 r2 r3", hand, false).unwrap();
        let s = solve(&p, rules, Objective::Cards).unwrap();
        if let Some(s) = &s {
            check_solution(&p, rules, Objective::Cards, s).unwrap();
        }
        s.map(|s| (s.value, s.count))
    };
    assert_eq!(meld("k13 b13 o1", &rules), None, "26 is short of 40");
    assert_eq!(meld("k13 b13 o13 r1", &rules), None, "39 is short of 40");
    assert_eq!(
        meld("k10 b10 o10 r10 r1", &rules),
        Some((40, 4)),
        "exactly 40 is enough"
    );
    assert_eq!(meld("k12 b12 o12 r3 r4 r5 r1", &rules), Some((48, 6)));
    assert_eq!(
        meld("k9 k10 k11 o10 k1", &SolverRules::CLASSIC),
        Some((30, 3)),
        "exactly 30 in classic"
    );
    assert_eq!(
        meld("k9 k10 j o10 k1", &SolverRules::CLASSIC),
        Some((30, 3)),
        "a joker counts as the 11"
    );
}

#[test]
fn first_meld_leaves_the_table_alone() {
    let p = parse_position("r1 r2 r3 r4", "r5 k10 b10 o10 r10", false).unwrap();
    let s = solve(&p, &SolverRules::STANDARD, Objective::Cards)
        .unwrap()
        .unwrap();
    assert_eq!(s.table[0], p.table[0]);
    assert_eq!(s.count, 4, "r5 cannot join the table's run in a first meld");
}
