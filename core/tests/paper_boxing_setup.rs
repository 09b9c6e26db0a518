//! Paper Boxing's set-up game: the shipped equilibrium mixes, the bot that
//! draws from them, the evaluator of pairs of grids, and the restricted
//! games of the double oracle.

use std::collections::HashMap;

use parlour_core::engine::{Game, GameRng, Phase};
use parlour_core::games::paper_boxing::duel::Duel;
use parlour_core::games::paper_boxing::oracle::{Restricted, SetupGame};
use parlour_core::games::paper_boxing::setup::{self, MixError, Role};
use parlour_core::games::paper_boxing::{
    Deal, FirstLead, Grid, Move, PaperBoxing, Solver, State, bots, check_grid,
};

const LED_VARIANTS: [&str; 2] = ["standard", "sackson"];

#[test]
fn the_shipped_mixes_load_with_legal_grids_and_weights_summing_to_one() {
    for first_lead in [FirstLead::EvenOdd, FirstLead::Sackson] {
        let mixes = setup::parse(setup::shipped(first_lead)).expect("the shipped file reads");
        for (role, mix) in Role::ALL.iter().zip(&mixes) {
            assert!(!mix.grids.is_empty(), "{first_lead:?} {role:?}");
            let sum: f64 = mix.weights.iter().sum();
            assert!((sum - 1.0).abs() < 1e-9, "{first_lead:?} {role:?}: {sum}");
            assert!(mix.weights.iter().all(|&w| w > 0.0));
            for g in &mix.grids {
                assert_eq!(check_grid(g), Ok(*g));
            }
        }
        assert!((mixes[0].value + mixes[1].value - 1.0).abs() < 1e-9);
    }
}

#[test]
fn every_led_variant_has_its_own_mix_and_the_simultaneous_ones_borrow_their_rules() {
    for (led, simultaneous) in [
        ("standard", "simultaneous"),
        ("sackson", "sackson,simultaneous"),
    ] {
        let a = setup::mixes(&PaperBoxing::variant(led).unwrap());
        let b = setup::mixes(&PaperBoxing::variant(simultaneous).unwrap());
        assert_eq!(a, b);
    }
    let standard = setup::mixes(&PaperBoxing::variant("standard").unwrap());
    let sackson = setup::mixes(&PaperBoxing::variant("sackson").unwrap());
    assert_ne!(standard, sackson);
}

fn file(even: &str, odd: &str) -> String {
    format!(
        r#"{{"format": 1, "variant": "standard", "value": 0.5, "even": [{even}], "odd": [{odd}]}}"#
    )
}

const A: &str = "[0, 10, 12, 9, 7, 1, 2, 11, 5, 13, 8, 3, 15, 6, 4, 14]";
const B: &str = "[0, 13, 12, 9, 7, 3, 2, 11, 5, 10, 8, 1, 14, 6, 4, 15]";

#[test]
fn a_mix_whose_weights_do_not_sum_to_one_is_refused() {
    let text = file(
        &format!(r#"{{"grid": {A}, "weight": 0.5}}, {{"grid": {B}, "weight": 0.4}}"#),
        &format!(r#"{{"grid": {A}, "weight": 1.0}}"#),
    );
    assert!(matches!(
        setup::parse(&text),
        Err(MixError::Sum { role: "even", .. })
    ));
}

#[test]
fn a_mix_with_a_number_written_twice_is_refused() {
    let bad = "[0, 10, 10, 9, 7, 1, 2, 11, 5, 13, 8, 3, 15, 6, 4, 14]";
    let text = file(
        &format!(r#"{{"grid": {A}, "weight": 1.0}}"#),
        &format!(r#"{{"grid": {bad}, "weight": 1.0}}"#),
    );
    let err = setup::parse(&text).unwrap_err();
    assert!(matches!(
        err,
        MixError::Grid {
            role: "odd",
            index: 1,
            ..
        }
    ));
    assert!(err.to_string().contains("10 twice"), "{err}");
}

#[test]
fn a_mix_with_a_grid_listed_twice_or_a_zero_weight_is_refused() {
    let twice = file(
        &format!(r#"{{"grid": {A}, "weight": 0.5}}, {{"grid": {A}, "weight": 0.5}}"#),
        &format!(r#"{{"grid": {A}, "weight": 1.0}}"#),
    );
    assert!(matches!(
        setup::parse(&twice),
        Err(MixError::Repeated { index: 2, .. })
    ));
    let zero = file(
        &format!(r#"{{"grid": {A}, "weight": 1.0}}, {{"grid": {B}, "weight": 0.0}}"#),
        &format!(r#"{{"grid": {A}, "weight": 1.0}}"#),
    );
    assert!(matches!(setup::parse(&zero), Err(MixError::Weight { .. })));
}

#[test]
fn a_mix_file_of_another_format_is_refused() {
    let text = file(
        &format!(r#"{{"grid": {A}, "weight": 1.0}}"#),
        &format!(r#"{{"grid": {A}, "weight": 1.0}}"#),
    )
    .replace("\"format\": 1", "\"format\": 2");
    assert_eq!(setup::parse(&text), Err(MixError::Format(2)));
}

#[test]
fn a_written_mix_file_reads_back_the_same() {
    let mixes = setup::mixes(&PaperBoxing::variant("standard").unwrap());
    let text = setup::to_json("standard", serde_json::json!({"note": "test"}), mixes);
    let back = setup::parse(&text).unwrap();
    for (a, b) in mixes.iter().zip(&back) {
        assert_eq!(a.grids, b.grids);
        for (x, y) in a.weights.iter().zip(&b.weights) {
            assert!((x - y).abs() < 1e-8);
        }
    }
}

/// The grid a fresh `solver` bot seeded `seed` writes for `seat`.
fn bot_grid(variant: &str, seat: usize, seed: u64) -> Grid {
    let config = PaperBoxing::variant(variant).unwrap();
    let state = State::new(&config, 2, None).unwrap();
    let view = PaperBoxing::view(&state, seat);
    assert_eq!(view.phase, Phase::SetUp);
    match PaperBoxing::bot("solver", seed).unwrap().choose(&view) {
        Move::Grid(g) => g,
        other => panic!("a set-up answer is a grid, not {other:?}"),
    }
}

/// A grid or its mirror, whichever comes first: the two are one strategy.
fn either_way(g: &Grid) -> Grid {
    (*g).min(bots::transpose(g))
}

#[test]
fn the_solver_bot_writes_grids_of_its_roles_mix_with_the_mixs_weights() {
    // 4,000 bots with seeds 0..4000 per seat: fixed seeds, so the counts
    // are always the same; the tolerance (5 standard deviations and one
    // grid) is what any fair draw of this size meets. A grid and its mirror
    // count as one (the bot mirrors with even odds).
    const N: u64 = 4000;
    for variant in LED_VARIANTS {
        let config = PaperBoxing::variant(variant).unwrap();
        // Without a deal seat 1 is "even".
        for (seat, role) in [(1, Role::Even), (0, Role::Odd)] {
            let mix = &setup::mixes(&config)[role.index()];
            let mut expected: HashMap<Grid, f64> = HashMap::new();
            for (g, &w) in mix.grids.iter().zip(&mix.weights) {
                *expected.entry(either_way(g)).or_default() += w;
            }
            let mut counts: HashMap<Grid, u64> = HashMap::new();
            let mut mirrored = 0;
            for seed in 0..N {
                let g = bot_grid(variant, seat, seed);
                mirrored += !mix.grids.contains(&g) as u64;
                *counts.entry(either_way(&g)).or_default() += 1;
            }
            for g in counts.keys() {
                assert!(
                    expected.contains_key(g),
                    "{variant}: seat {seat} wrote a grid outside its role's mix"
                );
            }
            for (g, &w) in &expected {
                let got = *counts.get(g).unwrap_or(&0) as f64;
                let sd = (N as f64 * w * (1.0 - w)).sqrt();
                assert!(
                    (got - N as f64 * w).abs() <= 5.0 * sd + 1.0,
                    "{variant}, {role:?}: a grid of weight {w:.4} drawn {got} times in {N}"
                );
            }
            assert!(
                mirrored > N / 4,
                "about half the grids are written mirrored"
            );
        }
    }
}

#[test]
fn a_grid_and_its_mirror_win_and_lose_the_same_matches() {
    let mut rng = GameRng::seeded(21);
    let mut duel = Duel::new();
    for variant in LED_VARIANTS {
        let config = PaperBoxing::variant(variant).unwrap();
        for _ in 0..4 {
            let (a, b) = (bots::random_grid(&mut rng), bots::random_grid(&mut rng));
            let even = rng.below(2);
            let plain = duel.seat0_wins_match(&config, &[a, b], even);
            assert_eq!(
                duel.seat0_wins_match(&config, &[bots::transpose(&a), b], even),
                plain
            );
            assert_eq!(
                duel.seat0_wins_match(&config, &[a, bots::transpose(&b)], even),
                plain
            );
        }
    }
}

#[test]
fn the_suggestion_is_a_grid_of_the_viewers_roles_mix() {
    let config = PaperBoxing::variant("standard").unwrap();
    let deal_free = State::new(&config, 2, None).unwrap();
    let mut rng = GameRng::seeded(5);
    for seat in 0..2 {
        let view = PaperBoxing::view(&deal_free, seat);
        let mix = setup::mix_for(&config, seat, view.even);
        for _ in 0..50 {
            let g = setup::suggestion(&view, &mut rng);
            assert!(mix.grids.contains(&g) || mix.grids.contains(&bots::transpose(&g)));
        }
    }
}

#[test]
fn a_seat_called_even_plays_the_even_role() {
    assert_eq!(Role::of(1, 1), Role::Even);
    assert_eq!(Role::of(0, 1), Role::Odd);
    assert_eq!(Role::of(0, 0), Role::Even);
}

fn match_solver_says_seat0_wins(state: &State) -> bool {
    Solver::new(state.grids()).solve(state).unwrap().winner == 0
}

#[test]
fn the_pair_evaluator_agrees_with_the_match_solver_from_the_reveal() {
    let mut rng = GameRng::seeded(11);
    let mut duel = Duel::new();
    for variant in LED_VARIANTS {
        let config = PaperBoxing::variant(variant).unwrap();
        let mixes = setup::mixes(&config);
        for i in 0..6 {
            // Random grids, and grids of the mixes (the pairs that matter).
            let grids = if i % 2 == 0 {
                [bots::random_grid(&mut rng), bots::random_grid(&mut rng)]
            } else {
                [mixes[0].draw(&mut rng), mixes[1].draw(&mut rng)]
            };
            let even = rng.below(2);
            let deal = Deal {
                grids: grids.iter().map(|g| g.to_vec()).collect(),
                even,
            };
            let state = State::new(&config, 2, Some(&deal)).unwrap();
            assert_eq!(
                duel.seat0_wins_match(&config, &grids, even),
                match_solver_says_seat0_wins(&state),
                "{variant}: {grids:?}"
            );
        }
    }
}

#[test]
fn the_restricted_games_mixes_guarantee_its_value() {
    let config = PaperBoxing::variant("standard").unwrap();
    let game = SetupGame::new(config);
    let mut rng = GameRng::seeded(3);
    let grids =
        |rng: &mut GameRng| -> Vec<Grid> { (0..3).map(|_| bots::random_grid(rng)).collect() };
    let (even, odd) = (grids(&mut rng), grids(&mut rng));
    let restricted = Restricted::new(&game, even.clone(), odd.clone());
    let [e, o] = restricted.solve();
    assert!((e.value + o.value - 1.0).abs() < 1e-9);
    // Against every grid of the other side, each mix gets its value or more.
    for h in &odd {
        let got: f64 = e
            .grids
            .iter()
            .zip(&e.weights)
            .map(|(g, w)| w * game.payoff(Role::Even, g, h))
            .sum();
        assert!(got >= e.value - 1e-9);
    }
    for g in &even {
        assert!(game.value(Role::Even, g, &o) <= e.value + 1e-9);
    }
}
