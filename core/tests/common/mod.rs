//! Building exact Neighbours positions for the tests.
//!
//! A position is drawn as a board picture: one line per row, `.` for an empty
//! cell and a digit for a token (the start cell's digit is the start token).
//! [`position`] turns it into an explicit deal and the placements that lay
//! the pictured tokens, then plays them through the rules, so every test
//! position is one a real match can reach.

#![allow(dead_code)]

use parlour_core::engine::{Game, Match, Seat};
use parlour_core::games::neighbours::{
    Adjacency, Config, Deal, Move, Neighbours, Placement, rules,
};

/// What a test wants: the board, each seat's hand, the next draws, whose turn.
pub struct Setup<'a> {
    /// The variant.
    pub config: Config,
    /// The board picture.
    pub picture: &'a str,
    /// Each seat's hand once the picture is laid.
    pub hands: Vec<Vec<u8>>,
    /// The next tokens the bag gives, front first; the tokens nobody asked
    /// for follow them unless `bag_rest` is false, when they must be none.
    pub bag: Vec<u8>,
    /// Whether the tokens neither pictured nor in a hand nor in `bag` go to
    /// the back of the bag.
    pub bag_rest: bool,
    /// The seat to move once the picture is laid.
    pub to_move: Seat,
}

impl<'a> Setup<'a> {
    /// The standard game with `picture` and these hands, seat 0 to move.
    pub fn standard(picture: &'a str, hands: &[&[u8]]) -> Self {
        Self {
            config: Config::default(),
            picture,
            hands: hands.iter().map(|h| h.to_vec()).collect(),
            bag: Vec::new(),
            bag_rest: true,
            to_move: 0,
        }
    }
}

/// Cells of a picture: (cell index, digit).
pub fn read_picture(config: &Config, picture: &str) -> Vec<(usize, u8)> {
    let board = &config.board;
    let rows: Vec<&str> = picture
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(
        rows.len(),
        board.rows() as usize,
        "the picture needs one line per row"
    );
    let mut cells = Vec::new();
    for (r, line) in rows.iter().enumerate() {
        let symbols: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(
            symbols.len(),
            board.cols() as usize,
            "row {r} of the picture is the wrong length"
        );
        for (c, ch) in symbols.into_iter().enumerate() {
            if let Some(d) = ch.to_digit(10) {
                cells.push((board.cell(r as u8, c as u8).unwrap(), d as u8));
            }
        }
    }
    cells
}

/// The match `setup` describes, with the pictured tokens laid by legal
/// placements (the seats take turns; each placement's draw brings the token
/// that seat lays next, and its last draw completes its wanted hand).
pub fn position(setup: &Setup) -> Match<Neighbours> {
    let config = &setup.config;
    let board = &config.board;
    let players = setup.hands.len();
    let pictured = read_picture(config, setup.picture);
    let start = pictured
        .iter()
        .find(|(cell, _)| *cell == board.start())
        .map(|&(_, d)| d)
        .expect("the picture must show the start token");

    // An order in which the pictured tokens can be laid legally.
    let mut laid: Vec<Option<u8>> = vec![None; board.len()];
    laid[board.start()] = Some(start);
    let mut order: Vec<(usize, u8)> = Vec::new();
    let mut left: Vec<(usize, u8)> = pictured
        .iter()
        .copied()
        .filter(|(c, _)| *c != board.start())
        .collect();
    while !left.is_empty() {
        let i = left
            .iter()
            .position(|&(cell, d)| {
                let touching: Vec<u8> = board
                    .neighbours(cell)
                    .iter()
                    .filter_map(|&n| laid[n])
                    .collect();
                !touching.is_empty()
                    && match config.adjacency {
                        Adjacency::Every => touching.iter().all(|&t| rules::consecutive(t, d)),
                        Adjacency::Any => touching.iter().any(|&t| rules::consecutive(t, d)),
                    }
            })
            .expect("the picture cannot be laid by legal placements");
        let (cell, d) = left.remove(i);
        laid[cell] = Some(d);
        order.push((cell, d));
    }

    // Seat of placement k, so that `to_move` moves once the picture is laid.
    let n = order.len();
    let first = (setup.to_move + players * n - n) % players;
    let seat_of = |k: usize| (first + k) % players;
    let mut hands: Vec<Vec<u8>> = Vec::new();
    let mut draws: Vec<Vec<u8>> = Vec::new();
    for (seat, wanted) in setup.hands.iter().enumerate() {
        let lays: Vec<u8> = (0..n)
            .filter(|&k| seat_of(k) == seat)
            .map(|k| order[k].1)
            .collect();
        if lays.is_empty() {
            hands.push(wanted.clone());
            draws.push(Vec::new());
        } else {
            assert_eq!(
                wanted.len(),
                config.hand_size,
                "a seat that lays tokens ends with a full hand"
            );
            let mut hand = vec![lays[0]];
            hand.extend(&wanted[..wanted.len() - 1]);
            hands.push(hand);
            let mut d: Vec<u8> = lays[1..].to_vec();
            d.push(wanted[wanted.len() - 1]);
            draws.push(d);
        }
    }
    let mut bag: Vec<u8> = Vec::new();
    let mut next_draw = vec![0usize; players];
    for k in 0..n {
        let seat = seat_of(k);
        bag.push(draws[seat][next_draw[seat]]);
        next_draw[seat] += 1;
    }
    bag.extend(&setup.bag);

    let mut counts = vec![config.copies as usize; 10];
    for &d in std::iter::once(&start)
        .chain(hands.iter().flatten())
        .chain(bag.iter())
    {
        counts[d as usize] = counts[d as usize]
            .checked_sub(1)
            .expect("the setup uses too many tokens of a digit");
    }
    if setup.bag_rest {
        for d in 0..10u8 {
            bag.extend(std::iter::repeat_n(d, counts[d as usize]));
        }
    } else {
        assert!(
            counts.iter().all(|&c| c == 0),
            "the setup leaves tokens unaccounted for: {counts:?}"
        );
    }

    let deal = Deal {
        start,
        hands,
        bag,
        first,
    };
    let name = Neighbours::variants()
        .iter()
        .find(|n| Neighbours::variant(n).ok().as_ref() == Some(config))
        .copied()
        .unwrap_or("custom");
    let mut m = Match::<Neighbours>::new(name, config.clone(), players, 0, Some(deal))
        .expect("a valid deal");
    for (k, &(cell, digit)) in order.iter().enumerate() {
        let (row, col) = board.coords(cell);
        m.submit(seat_of(k), place(digit, row, col))
            .expect("the picture is laid legally");
    }
    assert_eq!(Neighbours::awaiting(m.state()), vec![setup.to_move]);
    m
}

/// A placement move.
pub fn place(digit: u8, row: u8, col: u8) -> Move {
    Move::Place(Placement { digit, row, col })
}

/// The digits in a seat's hand, in order.
pub fn hand(m: &Match<Neighbours>, seat: Seat) -> Vec<u8> {
    m.state().hand(seat).iter().map(|t| t.digit()).collect()
}

/// Everything about a state, to check that a refused move changed nothing.
pub fn fingerprint(m: &Match<Neighbours>) -> String {
    format!("{:?} {:?}", m.state(), m.moves())
}

/// A small variant for exact end-game positions: `copies` of each digit and
/// hands of `hand_size`.
pub fn small(copies: u8, hand_size: usize) -> Config {
    Config {
        copies,
        hand_size,
        ..Config::default()
    }
}
