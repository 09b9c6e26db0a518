//! Neighbours bots and what the engine promises around them: legal moves
//! only, every token in one place, views that hide what they must.

mod common;

use std::collections::HashSet;

use parlour_core::engine::selfplay::play_one;
use parlour_core::engine::{Bot, Game, GameRng, Match, Zone};
use parlour_core::games::neighbours::bots::{Expert, ExpertSettings};
use parlour_core::games::neighbours::{Deal, Neighbours, State};

fn standard() -> <Neighbours as Game>::Config {
    Neighbours::variant("standard").unwrap()
}

#[test]
fn bots_never_produce_an_illegal_move() {
    let config = standard();
    for players in 2..=4 {
        for index in 0..24 {
            let bots: Vec<String> = (0..players)
                .map(|s| ["random", "greedy"][(s + index) % 2].to_string())
                .collect();
            // play_one fails on the first move the rules refuse.
            let played = play_one::<Neighbours>(&config, "standard", &bots, 5, index).unwrap();
            assert!(played.game.is_over());
        }
        // The expert as shipped, once per table size…
        let mut bots: Vec<String> = vec!["expert".into()];
        bots.extend((1..players).map(|_| "greedy".to_string()));
        play_one::<Neighbours>(&config, "standard", &bots, 5, players).unwrap();
    }
    // …and a quick-thinking expert over many matches: every bot's move is checked by the rules.
    for players in 2..=4 {
        for seed in 0..12u64 {
            let mut m = Match::<Neighbours>::seeded("standard", players, seed).unwrap();
            let settings = ExpertSettings {
                samples: 30,
                ..ExpertSettings::default()
            };
            let mut bots: Vec<Box<dyn Bot<Neighbours>>> = (0..players)
                .map(|s| -> Box<dyn Bot<Neighbours>> {
                    match s % 3 {
                        0 => Box::new(Expert::new(GameRng::seeded(seed), settings)),
                        1 => Neighbours::bot("greedy", seed).unwrap(),
                        _ => Neighbours::bot("random", seed).unwrap(),
                    }
                })
                .collect();
            while !m.is_over() {
                let seat = m.awaiting()[0];
                let view = m.view(seat);
                let mv = bots[seat].choose(&view);
                if let Err(e) = m.submit(seat, mv) {
                    panic!(
                        "{} played {mv:?}, which the rules refuse: {e}",
                        bots[seat].name()
                    );
                }
            }
        }
    }
}

/// Bag + hands + board = every token, each in exactly one place.
fn assert_tokens_conserved(state: &State) {
    let pieces = Neighbours::pieces(state);
    assert_eq!(pieces.len(), 50);
    let mut per_digit = [0; 10];
    let mut places = HashSet::new();
    let (mut board, mut hands, mut bag) = (0, vec![0; state.players()], 0);
    for piece in &pieces {
        per_digit[piece.label.parse::<usize>().unwrap()] += 1;
        assert!(
            places.insert(piece.location),
            "two tokens in one place: {:?}",
            piece.location
        );
        match piece.location.zone {
            Zone::Board => {
                board += 1;
                let on_cell = state.token_at(piece.location.slot as usize).unwrap();
                assert_eq!(on_cell.digit().to_string(), piece.label);
            }
            Zone::Hand(seat) => hands[seat] += 1,
            Zone::Supply => bag += 1,
        }
    }
    assert_eq!(per_digit, [5; 10]);
    let on_board = (0..state.config().board.len())
        .filter(|&c| state.token_at(c).is_some())
        .count();
    assert_eq!(board, on_board);
    for (seat, &n) in hands.iter().enumerate() {
        assert_eq!(n, state.hand(seat).len());
    }
    assert_eq!(bag, state.bag_len());
    assert_eq!(board + hands.iter().sum::<usize>() + bag, 50);
}

#[test]
fn tokens_are_conserved_after_every_move() {
    for players in 2..=4 {
        for seed in 0..10u64 {
            let mut m = Match::<Neighbours>::seeded("standard", players, seed).unwrap();
            let mut bots: Vec<_> = (0..players)
                .map(|s| Neighbours::bot("random", seed + s as u64).unwrap())
                .collect();
            assert_tokens_conserved(m.state());
            while !m.is_over() {
                let seat = m.awaiting()[0];
                let mv = bots[seat].choose(&m.view(seat));
                m.submit(seat, mv).unwrap();
                assert_tokens_conserved(m.state());
            }
        }
    }
}

#[test]
fn views_hide_other_hands_and_the_bag_order() {
    // Two deals that differ only in what seat 0 cannot see: seat 1's hand
    // and the order of the bag.
    let bag_of = |taken: &[u8]| {
        let mut counts = [5usize; 10];
        for &d in taken {
            counts[d as usize] -= 1;
        }
        (0..10u8)
            .flat_map(|d| std::iter::repeat_n(d, counts[d as usize]))
            .collect::<Vec<u8>>()
    };
    let a = Deal {
        start: 5,
        hands: vec![vec![4, 6, 3, 2, 1], vec![0, 0, 9, 9, 8]],
        bag: bag_of(&[5, 4, 6, 3, 2, 1, 0, 0, 9, 9, 8]),
        first: 0,
    };
    let mut b_bag = bag_of(&[5, 4, 6, 3, 2, 1, 7, 7, 7, 5, 5]);
    b_bag.reverse();
    let b = Deal {
        hands: vec![a.hands[0].clone(), vec![7, 7, 7, 5, 5]],
        bag: b_bag,
        ..a.clone()
    };
    let config = standard();
    let sa = Neighbours::new_match(&config, 2, 0, Some(&a)).unwrap();
    let sb = Neighbours::new_match(&config, 2, 0, Some(&b)).unwrap();
    let (va, vb) = (Neighbours::view(&sa, 0), Neighbours::view(&sb, 0));
    assert_eq!(
        format!("{va:?}"),
        format!("{vb:?}"),
        "seat 0's view cannot tell the deals apart"
    );
    assert!(va.state().hand(1).is_empty());
    assert_eq!(va.state().bag_len(), 0);
    assert_eq!(va.hand_sizes(), &[5, 5]);
    assert_eq!(va.bag_len(), 50 - 11);
    assert_eq!(
        va.hand().iter().map(|t| t.digit()).collect::<Vec<_>>(),
        vec![4, 6, 3, 2, 1]
    );
    // The multiset of unseen tokens is public: 50 less the board and the own hand.
    let unseen = va.unseen();
    assert_eq!(unseen.iter().map(|&n| n as usize).sum::<usize>(), 50 - 6);
    assert_eq!((unseen[5], unseen[4], unseen[7]), (4, 4, 5));
    // Seat 1's view shows seat 1's own hand.
    let v1 = Neighbours::view(&sa, 1);
    assert_eq!(
        v1.hand().iter().map(|t| t.digit()).collect::<Vec<_>>(),
        vec![0, 0, 9, 9, 8]
    );
    assert!(v1.state().hand(0).is_empty());
}

#[test]
fn a_view_completes_only_with_the_unseen_tokens() {
    let m = Match::<Neighbours>::seeded("standard", 3, 8).unwrap();
    let view = m.view(1);
    let mut guess = view.unseen_digits();
    GameRng::seeded(1).shuffle(&mut guess);
    let world = view.world(&guess).expect("a guess with the unseen tokens");
    assert_eq!(world.hand(0).len(), 5);
    assert_eq!(world.hand(2).len(), 5);
    assert_eq!(world.bag_len(), m.state().bag_len());
    assert_eq!(world.hand(1), view.hand());
    assert_tokens_conserved(&world);
    guess[0] = (guess[0] + 1) % 10;
    assert!(
        view.world(&guess).is_none(),
        "a guess with other tokens is refused"
    );
    assert!(view.world(&guess[1..]).is_none());
}
