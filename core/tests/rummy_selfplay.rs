//! Rummy played end to end by bots: every match ends, no bot move is
//! refused, and every card is always somewhere exactly once.

use parlour_core::engine::selfplay::{self, Options};
use parlour_core::engine::{Game, Match, Zone};
use parlour_core::games::rummy::Rummy;

#[test]
fn random_against_random_finishes_two_hundred_matches() {
    let options = Options {
        variant: "standard".into(),
        bots: vec!["random".into(), "random".into()],
        games: 200,
        seed: 11,
        players: None,
        threads: 0,
        records: None,
        ..Options::default()
    };
    let summary =
        selfplay::run::<Rummy>(&options).expect("every match ends and every bot move is legal");
    assert_eq!(summary.games, 200);
    assert!(summary.mean_moves > 0.0);
}

#[test]
fn classic_random_matches_of_three_and_four_finish() {
    for players in [3, 4] {
        let options = Options {
            variant: "classic".into(),
            bots: vec!["random".into()],
            games: 20,
            seed: 5,
            players: Some(players),
            threads: 0,
            records: None,
            ..Options::default()
        };
        selfplay::run::<Rummy>(&options).expect("every match ends and every bot move is legal");
    }
}

/// Pile + hands + table hold the whole deck, each card once, after every move.
#[test]
fn card_conservation_over_many_seeded_matches() {
    for seed in 0..24u64 {
        let players = 2 + (seed % 3) as usize;
        let variant = if seed % 2 == 0 { "standard" } else { "classic" };
        let mut game = Match::<Rummy>::seeded(variant, players, seed).unwrap();
        let deck = game.config().deck_size();
        let mut bots: Vec<_> = (0..players)
            .map(|s| Rummy::bot("random", seed * 10 + s as u64).unwrap())
            .collect();
        let bound = Rummy::move_bound(game.config(), players);
        while !game.is_over() {
            assert!(game.moves().len() < bound, "match {seed} did not end");
            let seat = game.awaiting()[0];
            let mv = bots[seat].choose(&game.view(seat));
            game.submit(seat, mv).expect("a bot's move is legal");
            let pieces = Rummy::pieces(game.state());
            assert_eq!(pieces.len(), deck);
            let state = game.state();
            let on_table: usize = state.table().iter().map(|s| s.cards.len()).sum();
            let in_hands: usize = (0..players).map(|s| state.hand(s).len()).sum();
            assert_eq!(
                on_table + in_hands + state.pile_len(),
                deck,
                "match {seed}, move {}",
                game.moves().len()
            );
            let mut seen = vec![false; deck];
            for set in state.table() {
                for c in &set.cards {
                    assert!(
                        !std::mem::replace(&mut seen[c.0 as usize], true),
                        "{c} twice"
                    );
                }
            }
            for s in 0..players {
                for c in state.hand(s) {
                    assert!(
                        !std::mem::replace(&mut seen[c.0 as usize], true),
                        "{c} twice"
                    );
                }
            }
            for c in state.pile_in_draw_order() {
                assert!(
                    !std::mem::replace(&mut seen[c.0 as usize], true),
                    "{c} twice"
                );
            }
            assert!(seen.iter().all(|&s| s));
            let table_slots = pieces
                .iter()
                .filter(|p| p.location.zone == Zone::Board)
                .count();
            assert_eq!(table_slots, on_table);
        }
    }
}
