//! Paper Boxing bots: their grids and their answers to each kind of view.

use parlour_core::engine::{Game, Phase};
use parlour_core::games::paper_boxing::bots::{SACKSON_SETUPS, SETUPS, transpose};
use parlour_core::games::paper_boxing::{Move, PaperBoxing, State, check_grid};

#[test]
fn the_measured_grids_are_legal_and_so_are_their_mirrors() {
    for grid in SETUPS.iter().chain(SACKSON_SETUPS) {
        assert!(check_grid(grid).is_ok());
        let mirror = transpose(grid);
        assert!(check_grid(&mirror).is_ok());
        assert_eq!(
            mirror[15], grid[15],
            "the mirror keeps the corner opposite D"
        );
        assert_eq!(transpose(&mirror), *grid);
    }
}

#[test]
fn the_measured_grids_mix_the_corner_parity() {
    let odd = SETUPS.iter().filter(|g| g[15] % 2 == 1).count();
    assert_eq!(2 * odd, SETUPS.len());
}

#[test]
fn every_bot_answers_the_set_up_with_a_legal_grid_and_play_with_a_legal_step() {
    for variant in PaperBoxing::variants() {
        let config = PaperBoxing::variant(variant).unwrap();
        for (i, name) in PaperBoxing::bots().iter().enumerate() {
            let mut bots = [
                PaperBoxing::bot(name, i as u64).unwrap(),
                PaperBoxing::bot(name, 99).unwrap(),
            ];
            let mut state = State::new(&config, 2, None).unwrap();
            for (seat, bot) in bots.iter_mut().enumerate() {
                let view = PaperBoxing::view(&state, seat);
                assert_eq!(view.phase, Phase::SetUp);
                let mv = bot.choose(&view);
                assert!(
                    matches!(mv, Move::Grid(_)),
                    "{name} answers the set-up with a grid"
                );
                state.apply(seat, &mv).unwrap();
            }
            while !state.is_over() {
                for seat in state.awaiting() {
                    let mv = bots[seat].choose(&PaperBoxing::view(&state, seat));
                    state
                        .apply(seat, &mv)
                        .unwrap_or_else(|e| panic!("{name} in {variant}: {e}"));
                }
            }
        }
    }
}
