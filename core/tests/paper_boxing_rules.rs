//! Paper Boxing's rules, one test per rule and ruling of the rules page.

use parlour_core::engine::{Game, Phase, Zone};
use parlour_core::games::paper_boxing::{
    Bouts, Config, Deal, FirstLead, Grid, Move, PaperBoxing, RuleError, State,
};

/// Cell `c` holds `c`: low numbers around D, 15 in the bottom-right corner.
const ASCENDING: Grid = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
/// Cell `c` holds `16 - c`: high numbers around D, 1 in the bottom-right corner.
const DESCENDING: Grid = [0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
/// A path through every cell, row by row, turning at each end.
const SNAKE: [u8; 15] = [1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 15, 14, 13, 12];
/// A path that is stuck in the top-right corner after five steps.
const TRAPPED: [u8; 5] = [1, 2, 6, 7, 3];

fn standard() -> Config {
    Config::default()
}

fn sackson() -> Config {
    Config {
        first_lead: FirstLead::Sackson,
        ..Config::default()
    }
}

fn simultaneous() -> Config {
    Config {
        bouts: Bouts::Simultaneous,
        ..Config::default()
    }
}

fn dealt(config: Config, g0: Grid, g1: Grid, even: Option<usize>) -> State {
    let mut deal = Deal {
        grids: vec![g0.to_vec(), g1.to_vec()],
        even: 1,
    };
    if let Some(even) = even {
        deal.even = even;
    }
    State::new(&config, 2, Some(&deal)).expect("a valid deal")
}

fn to(cell: u8) -> Move {
    Move::to_cell(cell)
}

/// Plays one led bout: the leader steps to its cell, then the follower.
fn bout(state: &mut State, cells: [u8; 2]) {
    let leader = state.leader().expect("revealed");
    state
        .apply(leader, &to(cells[leader]))
        .expect("the leader's step");
    state
        .apply(1 - leader, &to(cells[1 - leader]))
        .expect("the follower's step");
}

fn with_number(grid: &Grid, cell: usize, n: u8) -> Grid {
    let mut g = *grid;
    g[cell] = n;
    g
}

#[test]
fn a_grid_must_hold_each_number_from_1_to_15_once() {
    let mut state = State::new(&standard(), 2, None).unwrap();
    let repeated = with_number(&ASCENDING, 12, 7);
    assert_eq!(
        state.apply(0, &Move::Grid(repeated)),
        Err(RuleError::GridRepeated {
            repeated: 7,
            missing: 12
        })
    );
    assert_eq!(
        state.apply(0, &Move::Grid(with_number(&ASCENDING, 3, 16))),
        Err(RuleError::GridNumber(16))
    );
    assert_eq!(
        state.apply(0, &Move::Grid(with_number(&ASCENDING, 0, 5))),
        Err(RuleError::GridCorner(5))
    );
    assert_eq!(
        state.apply(0, &Move::Grid(with_number(&ASCENDING, 6, 0))),
        Err(RuleError::GridSecondD { row: 1, col: 2 })
    );
    let message = RuleError::GridRepeated {
        repeated: 7,
        missing: 12,
    }
    .to_string();
    assert!(
        message.contains("7 twice") && message.contains("no 12"),
        "{message}"
    );
    // Refused grids change nothing.
    assert_eq!(state.awaiting(), vec![0, 1]);
    assert!(!state.filled(0));
}

#[test]
fn a_grid_of_the_wrong_length_is_refused_in_a_record() {
    let err = serde_json::from_str::<Move>(r#"{"grid": [0, 1, 2, 3]}"#).unwrap_err();
    assert!(err.to_string().contains("16 numbers"), "{err}");
    let mv: Move = serde_json::from_str(r#"{"to": [1, 2]}"#).unwrap();
    assert_eq!(mv, Move::To { row: 1, col: 2 });
}

#[test]
fn a_deal_is_checked_like_the_set_up() {
    let bad = Deal {
        grids: vec![ASCENDING.to_vec(), with_number(&DESCENDING, 4, 15).to_vec()],
        even: 1,
    };
    assert!(matches!(
        State::new(&standard(), 2, Some(&bad)),
        Err(RuleError::GridRepeated { repeated: 15, .. })
    ));
    let one = Deal {
        grids: vec![ASCENDING.to_vec()],
        even: 1,
    };
    assert_eq!(
        State::new(&standard(), 2, Some(&one)),
        Err(RuleError::DealGrids(1))
    );
    let short = Deal {
        grids: vec![ASCENDING.to_vec(), ASCENDING[..15].to_vec()],
        even: 1,
    };
    assert_eq!(
        State::new(&standard(), 2, Some(&short)),
        Err(RuleError::GridSize(15))
    );
    let even = Deal {
        grids: vec![ASCENDING.to_vec(), DESCENDING.to_vec()],
        even: 2,
    };
    assert_eq!(
        State::new(&standard(), 2, Some(&even)),
        Err(RuleError::DealEven(2))
    );
    assert_eq!(State::new(&standard(), 3, None), Err(RuleError::Players(3)));
}

#[test]
fn both_grids_are_filled_in_secretly_before_the_first_bout() {
    let mut state = State::new(&standard(), 2, None).unwrap();
    assert_eq!(PaperBoxing::phase(&state), Phase::SetUp);
    assert_eq!(state.awaiting(), vec![0, 1]);
    assert_eq!(state.apply(0, &to(1)), Err(RuleError::SetUpNotComplete));
    state.apply(1, &Move::Grid(DESCENDING)).unwrap();
    assert_eq!(state.awaiting(), vec![0]);
    assert_eq!(
        state.apply(1, &Move::Grid(ASCENDING)),
        Err(RuleError::AlreadyFilled(1))
    );
    assert_eq!(state.apply(1, &to(1)), Err(RuleError::SetUpNotComplete));
    let outcome = state.apply(0, &Move::Grid(ASCENDING)).unwrap();
    // 15 + 1 is even and seat 1 is "even" by default.
    assert_eq!(outcome.first_leader, Some(1));
    assert_eq!(PaperBoxing::phase(&state), Phase::Play);
    assert_eq!(state.awaiting(), vec![1]);
    assert_eq!(
        state.apply(0, &Move::Grid(ASCENDING)),
        Err(RuleError::SetUpOver)
    );
}

#[test]
fn the_view_hides_the_other_grid_during_set_up() {
    let mut state = State::new(&standard(), 2, None).unwrap();
    state.apply(0, &Move::Grid(ASCENDING)).unwrap();
    let theirs = PaperBoxing::view(&state, 1);
    assert_eq!(theirs.grids, [None, None]);
    assert_eq!(
        theirs.filled,
        [true, false],
        "it may know that seat 0 is done"
    );
    let mine = PaperBoxing::view(&state, 0);
    assert_eq!(mine.grids, [Some(ASCENDING), None]);
    // The public mirror shows D and no numbers; seat 0's numbers are in its hand.
    let cells = PaperBoxing::cells(&state);
    assert_eq!(cells.len(), 32);
    assert!(
        cells
            .iter()
            .all(|c| c.mark.is_none() || c.mark.as_deref() == Some("D"))
    );
    let pieces = PaperBoxing::pieces(&state);
    assert_eq!(pieces.len(), 30);
    assert!(
        pieces[..15]
            .iter()
            .all(|p| p.location.zone == Zone::Hand(0))
    );
    assert!(pieces[15..].iter().all(|p| p.location.zone == Zone::Supply));
    state.apply(1, &Move::Grid(DESCENDING)).unwrap();
    let after = PaperBoxing::view(&state, 1);
    assert_eq!(after.grids, [Some(ASCENDING), Some(DESCENDING)]);
    let cells = PaperBoxing::cells(&state);
    assert_eq!(cells[16 + 1].mark.as_deref(), Some("15"));
    assert!(
        PaperBoxing::pieces(&state)
            .iter()
            .all(|p| p.location.zone == Zone::Board)
    );
}

#[test]
fn an_even_sum_of_the_corner_numbers_makes_the_even_player_lead() {
    // 15 + 1 = 16.
    assert_eq!(
        dealt(standard(), ASCENDING, DESCENDING, Some(0)).first_leader(),
        Some(0)
    );
    assert_eq!(
        dealt(standard(), ASCENDING, DESCENDING, Some(1)).first_leader(),
        Some(1)
    );
}

#[test]
fn an_odd_sum_of_the_corner_numbers_makes_the_odd_player_lead() {
    // 14 + 1 = 15: swap 14 and 15 in the first grid.
    let mut g = ASCENDING;
    g.swap(14, 15);
    assert_eq!(
        dealt(standard(), g, DESCENDING, Some(0)).first_leader(),
        Some(1)
    );
    assert_eq!(
        dealt(standard(), g, DESCENDING, Some(1)).first_leader(),
        Some(0)
    );
}

#[test]
fn seat_1_is_even_unless_the_deal_says_otherwise() {
    let deal: Deal = serde_json::from_str(&format!(
        r#"{{"grids": [{:?}, {:?}]}}"#,
        ASCENDING.to_vec(),
        DESCENDING.to_vec()
    ))
    .unwrap();
    assert_eq!(deal.even, 1);
    let state = State::new(&standard(), 2, None).unwrap();
    assert_eq!(state.even(), 1);
}

#[test]
fn sackson_larger_sum_around_d_leads_first() {
    // Around D: 1 + 4 + 5 = 10 on the ascending grid, 15 + 12 + 11 on the other.
    assert_eq!(
        dealt(sackson(), ASCENDING, DESCENDING, Some(0)).first_leader(),
        Some(1)
    );
    assert_eq!(
        dealt(sackson(), DESCENDING, ASCENDING, Some(1)).first_leader(),
        Some(0)
    );
}

#[test]
fn sackson_equal_sums_around_d_fall_back_to_even_and_odd() {
    // Equal sums around D (10 and 10), corners 15 + 15 = 30, even.
    let mut g = ASCENDING;
    g.swap(4, 5);
    assert_eq!(
        dealt(sackson(), ASCENDING, g, Some(0)).first_leader(),
        Some(0)
    );
    assert_eq!(
        dealt(sackson(), ASCENDING, g, Some(1)).first_leader(),
        Some(1)
    );
}

#[test]
fn the_leader_moves_first_then_the_follower() {
    let mut state = dealt(standard(), ASCENDING, DESCENDING, None);
    assert_eq!(state.awaiting(), vec![1]);
    let err = state.apply(0, &to(1)).unwrap_err();
    assert_eq!(
        err,
        RuleError::NotYourTurn {
            seat: 0,
            to_move: 1,
            role: "leader",
            bout: 1
        }
    );
    assert!(err.to_string().contains("seat 1's turn (leader of bout 1)"));
    state.apply(1, &to(1)).unwrap();
    assert_eq!(state.awaiting(), vec![0]);
    assert_eq!(
        state.apply(1, &to(2)).unwrap_err().to_string(),
        "it is seat 0's turn (follower of bout 1), not seat 1's"
    );
}

#[test]
fn a_step_goes_to_an_unused_neighbour_of_the_path_end() {
    let mut state = dealt(standard(), ASCENDING, DESCENDING, None);
    let before = state;
    assert_eq!(
        state.apply(1, &to(10)),
        Err(RuleError::NotAdjacent {
            row: 2,
            col: 2,
            from_row: 0,
            from_col: 0
        })
    );
    assert_eq!(
        state.apply(1, &to(0)),
        Err(RuleError::Used { row: 0, col: 0 })
    );
    assert_eq!(
        state.apply(1, &Move::To { row: 4, col: 0 }),
        Err(RuleError::OffGrid { row: 4, col: 0 })
    );
    assert_eq!(state, before, "a refused move changes nothing");
    bout(&mut state, [4, 5]);
    // Seat 1 is on (1, 1); (0, 0) and (1, 1) are used, (2, 2) is free and next to it.
    assert_eq!(
        state.apply(1, &to(0)),
        Err(RuleError::Used { row: 0, col: 0 })
    );
    assert!(state.legal_cells(1).contains(&10));
    assert_eq!(state.legal_cells(1).len(), 7);
}

/// Every row and column a record can write (0 to 255) that is off the grid
/// is refused with a reason, however large (row 64 and up once overflowed
/// the cell index and panicked).
#[test]
fn a_step_off_the_grid_is_refused_whatever_the_row_and_column() {
    for config in [standard(), simultaneous()] {
        let mut state = dealt(config, ASCENDING, DESCENDING, None);
        let before = state;
        for row in 0..=255u8 {
            for col in 0..=255u8 {
                if row < 4 && col < 4 {
                    continue;
                }
                assert_eq!(
                    state.apply(1, &Move::To { row, col }),
                    Err(RuleError::OffGrid { row, col })
                );
            }
        }
        assert_eq!(state, before);
    }
}

#[test]
fn the_higher_number_wins_the_bout_and_its_winner_leads_next() {
    let mut state = dealt(standard(), ASCENDING, DESCENDING, None);
    assert_eq!(state.leader(), Some(1));
    // Seat 1 leads with 11 (cell 5); seat 0 answers with 4 (cell 4).
    state.apply(1, &to(5)).unwrap();
    let outcome = state.apply(0, &to(4)).unwrap();
    let result = outcome.bout.unwrap();
    assert_eq!(result.numbers, [4, 11]);
    assert_eq!(result.winner, Some(1));
    assert_eq!(state.wins(), [0, 1]);
    // Seat 1 leads with 10 (cell 6); seat 0 answers with 9 (cell 9): seat 1 again.
    bout(&mut state, [9, 6]);
    assert_eq!(state.leader(), Some(1));
    // Seat 1 leads with 7 (cell 9); seat 0 answers with 13 (cell 13) and takes the lead.
    bout(&mut state, [13, 9]);
    assert_eq!(state.wins(), [1, 2]);
    assert_eq!(state.leader(), Some(0));
    assert_eq!(state.awaiting(), vec![0]);
}

#[test]
fn a_draw_keeps_the_lead() {
    let mut state = dealt(standard(), ASCENDING, DESCENDING, None);
    // 15 + 1 = 16: seat 1 leads.
    state.apply(1, &to(5)).unwrap(); // 11
    state.apply(0, &to(5)).unwrap(); // 5: seat 1 wins and keeps leading
    state.apply(1, &to(8)).unwrap(); // 8
    let outcome = state.apply(0, &to(8)).unwrap(); // 8: a draw
    assert_eq!(outcome.bout.unwrap().winner, None);
    assert_eq!(state.wins(), [0, 1]);
    assert_eq!(state.leader(), Some(1));
    // Now seat 0 wins a bout and leads, then draws: it keeps the lead.
    bout(&mut state, [13, 9]); // 13 against 7
    assert_eq!(state.leader(), Some(0));
    bout(&mut state, [12, 4]); // 12 against 12
    assert_eq!(state.leader(), Some(0));
}

#[test]
fn after_15_bouts_the_player_with_more_bouts_wins() {
    // Seat 0 (descending) follows the snake, seat 1 (ascending) goes down and
    // up the columns: 9 bouts to 6 for seat 0, though seat 1 led first.
    let columns = [4, 8, 12, 13, 9, 5, 1, 2, 6, 10, 14, 15, 11, 7, 3];
    let mut state = dealt(standard(), DESCENDING, ASCENDING, None);
    assert_eq!(state.first_leader(), Some(1));
    for i in 0..15 {
        assert!(!state.is_over());
        bout(&mut state, [SNAKE[i], columns[i]]);
    }
    assert!(state.is_over());
    assert_eq!(state.wins(), [9, 6]);
    assert_eq!(PaperBoxing::winners(&state), vec![0]);
    assert_eq!(PaperBoxing::scores(&state), vec![9, 6]);
}

#[test]
fn a_tie_in_bouts_goes_to_the_first_leader() {
    // Both follow the snake on mirrored grids: 7 bouts each and one draw.
    for even in [0, 1] {
        let mut state = dealt(standard(), DESCENDING, ASCENDING, Some(even));
        for cell in SNAKE {
            bout(&mut state, [cell, cell]);
        }
        assert_eq!(state.wins(), [7, 7]);
        // 1 + 15 is even: the even seat led first and wins the tie.
        assert_eq!(state.first_leader(), Some(even));
        assert_eq!(PaperBoxing::winners(&state), vec![even]);
    }
}

#[test]
fn ko_of_the_leader_with_no_free_neighbour() {
    // Seat 1 wins or draws every bout along a path that traps it in the top
    // right corner; as it is due to lead bout 6, it has nowhere to go.
    let mut state = dealt(standard(), ASCENDING, DESCENDING, None);
    let seat0 = [4, 5, 8, 9, 12];
    for i in 0..4 {
        bout(&mut state, [seat0[i], TRAPPED[i]]);
    }
    assert_eq!(state.wins(), [0, 3], "bout 4 is 9 against 9");
    state.apply(1, &to(TRAPPED[4])).unwrap();
    let outcome = state.apply(0, &to(seat0[4])).unwrap();
    assert_eq!(outcome.bout.unwrap().winner, Some(1));
    assert_eq!(outcome.ko, Some(1));
    assert!(state.is_over());
    assert_eq!(state.ko(), Some(1));
    assert_eq!(
        PaperBoxing::winners(&state),
        vec![0],
        "a KO loses whatever the bout count"
    );
    assert_eq!(state.apply(1, &to(2)), Err(RuleError::Over));
}

#[test]
fn ko_of_the_follower_with_no_free_neighbour() {
    // Seat 0 leads (even, 1 + 15) and wins every bout; seat 1 follows into
    // the trap and cannot answer seat 0's sixth step.
    let mut state = dealt(standard(), DESCENDING, ASCENDING, Some(0));
    let seat0 = [1, 2, 3, 6, 5];
    for i in 0..5 {
        bout(&mut state, [seat0[i], TRAPPED[i]]);
    }
    assert_eq!(state.wins(), [5, 0]);
    assert!(!state.is_over(), "seat 1 is not due to move yet");
    let outcome = state.apply(0, &to(4)).unwrap();
    assert_eq!(outcome.ko, Some(1));
    assert!(state.is_over());
    assert_eq!(PaperBoxing::winners(&state), vec![0]);
}

#[test]
fn simultaneous_bouts_are_chosen_in_secret_then_revealed() {
    let mut state = dealt(simultaneous(), ASCENDING, DESCENDING, None);
    assert_eq!(state.awaiting(), vec![0, 1]);
    let outcome = state.apply(1, &to(1)).unwrap();
    assert_eq!(outcome.bout, None);
    // Seat 0 does not learn where seat 1 went, only that it has chosen.
    let view = PaperBoxing::view(&state, 0);
    assert!(view.other_chosen);
    assert_eq!(view.secret, None);
    assert_eq!(view.paths[1], vec![0]);
    assert_eq!(
        PaperBoxing::report(&state)["paths"][1]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(PaperBoxing::view(&state, 1).secret, Some(1));
    assert_eq!(state.apply(1, &to(2)), Err(RuleError::AlreadyChosen(1)));
    let outcome = state.apply(0, &to(5)).unwrap();
    assert_eq!(outcome.bout.unwrap().numbers, [5, 15]);
    assert_eq!(state.path(1), &[0, 1]);
}

#[test]
fn simultaneous_stuck_player_plays_0_instead_of_losing_by_ko() {
    let mut state = dealt(simultaneous(), DESCENDING, ASCENDING, None);
    for i in 0..5 {
        state.apply(0, &to(SNAKE[i])).unwrap();
        state.apply(1, &to(TRAPPED[i])).unwrap();
    }
    assert!(!state.is_over());
    assert_eq!(
        state.awaiting(),
        vec![0],
        "seat 1 is stuck and has nothing to choose"
    );
    assert_eq!(state.apply(1, &to(2)), Err(RuleError::Stuck(1)));
    let outcome = state.apply(0, &to(SNAKE[5])).unwrap();
    assert_eq!(outcome.bout.unwrap().numbers, [11, 0]);
    assert_eq!(outcome.ko, None);
    for &cell in &SNAKE[6..] {
        state.apply(0, &to(cell)).unwrap();
    }
    assert!(state.is_over());
    assert_eq!(state.ko(), None);
    assert_eq!(state.bouts(), 15);
    assert_eq!(state.wins(), [15, 0]);
}

#[test]
fn simultaneous_match_ends_when_both_are_stuck() {
    let mut state = dealt(simultaneous(), DESCENDING, ASCENDING, None);
    for &cell in &TRAPPED {
        state.apply(0, &to(cell)).unwrap();
        state.apply(1, &to(cell)).unwrap();
    }
    assert!(state.is_over());
    assert_eq!(state.ko(), None);
    // 15, 14, 10, 9, 13 against 1, 2, 6, 7, 3.
    assert_eq!(state.wins(), [5, 0]);
    assert_eq!(PaperBoxing::winners(&state), vec![0]);
}

#[test]
fn the_report_tells_grids_paths_bouts_and_ko() {
    let mut state = dealt(standard(), DESCENDING, ASCENDING, Some(0));
    let seat0 = [1, 2, 3, 6, 5, 4];
    for i in 0..5 {
        bout(&mut state, [seat0[i], TRAPPED[i]]);
    }
    state.apply(0, &to(4)).unwrap();
    let report = PaperBoxing::report(&state);
    assert_eq!(report["first_leader"], 0);
    assert_eq!(report["even"], 0);
    assert_eq!(report["ko"], 1);
    assert_eq!(report["wins"], serde_json::json!([5, 0]));
    assert_eq!(report["bouts"].as_array().unwrap().len(), 5);
    assert_eq!(
        report["bouts"][0],
        serde_json::json!({"numbers": [15, 1], "winner": 0})
    );
    assert_eq!(report["paths"][0][6], serde_json::json!([1, 0]));
    assert_eq!(report["grids"][1], serde_json::json!(ASCENDING.to_vec()));
}

#[test]
fn the_move_bound_covers_the_longest_match() {
    let config = standard();
    let bound = PaperBoxing::move_bound(&config, 2);
    // Two grids and two steps in each of 15 bouts.
    assert_eq!(bound, 32);
    let mut state = State::new(&config, 2, None).unwrap();
    state.apply(0, &Move::Grid(ASCENDING)).unwrap();
    state.apply(1, &Move::Grid(ASCENDING)).unwrap();
    let mut moves = 2;
    for cell in SNAKE {
        bout(&mut state, [cell, cell]);
        moves += 2;
    }
    assert!(state.is_over());
    assert_eq!(moves, bound);
}
