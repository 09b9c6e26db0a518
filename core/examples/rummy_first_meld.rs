//! A first meld declined, weighed: seat 0 holds a 51-point first meld (a
//! red run 10–12 and a group of 6s) among eight loose cards and draws
//! instead. The analysis the coach and the review use weighs the draw
//! against laying the meld from seat 0's view alone (the hidden cards are
//! its guesses), with three seeds for the guesses and at three budgets
//! (the coach's 12 guesses, the review's 40, and 160), and prints each
//! candidate's chance to win, the loss and the grade.
//!
//! cargo run --release -p parlour-core --example rummy_first_meld

use parlour_core::engine::analysis::{Analyse, Budget};
use parlour_core::engine::{Game, GameRng, Match};
use parlour_core::games::rummy::{self, Face, Rummy};

fn main() {
    let face = |code: &str| code.parse::<Face>().expect("a card's code");
    let hand: Vec<Face> = [
        "r10", "r11", "r12", "k6", "b6", "o6", "k1", "b3", "o8", "r2", "k9", "b12", "o13", "r5",
    ]
    .iter()
    .map(|c| face(c))
    .collect();
    let mut rest: Vec<Face> = (0..rummy::cards::FACES)
        .filter(|&i| !Face::from_index(i).is_joker())
        .flat_map(|i| [Face::from_index(i); 2])
        .chain([Face::Joker; 4])
        .collect();
    for f in &hand {
        let at = rest.iter().position(|r| r == f).expect("in the deck");
        rest.remove(at);
    }
    GameRng::seeded(1).shuffle(&mut rest);
    let other = rest.split_off(rest.len() - 14);
    let deal = rummy::Deal {
        hands: vec![hand, other],
        pile: rest,
        first: 0,
    };
    let config = Rummy::variant("standard").expect("the standard rules");
    let game = Match::<Rummy>::new("standard", config, 2, 1, Some(deal)).expect("a match");
    for seed in [7u64, 8, 9] {
        for guesses in [12usize, 40, 160] {
            let budget = Budget { guesses, seed };
            let analysis = Rummy::analyst(&game.view(0), &rummy::Move::Draw, None, budget)
                .expect("a decision")
                .finish();
            let chances: Vec<String> = analysis
                .candidates
                .iter()
                .map(|c| {
                    let what = if c.mv == rummy::Move::Draw {
                        "draw"
                    } else {
                        "meld"
                    };
                    format!("{what} {:.0} %", 100.0 * c.estimate.win)
                })
                .collect();
            println!(
                "seed {seed}, {guesses:>3} guesses: {} · loss of the draw {:.1} ± {:.1} · {:?}",
                chances.join(", "),
                analysis.loss(),
                analysis.loss_se,
                analysis.grade()
            );
        }
    }
}
