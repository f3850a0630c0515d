//! The opening files of the gauntlets (`engine/examples/openings/`, written by `match_grid
//! openings`): every line replays as legal moves into a game still to be played, and no two
//! lines are the same opening.

use std::collections::HashSet;

use engine::{
    BoardGame, Gomoku, GomokuSettings, Ninuki, NinukiSettings, Pente, PenteSettings, Renju,
    RenjuSettings,
};

/// Replays every line of `file` from `start`, and returns how many lines there are.
fn check_openings<G: BoardGame>(start: G, file: &str, text: &str) -> usize {
    let mut seen = HashSet::new();
    for (number, line) in text.lines().enumerate() {
        let mut game = start.clone();
        for text in line.split(';') {
            let mv = game
                .parse_move(text)
                .unwrap_or_else(|error| panic!("{file}:{}: move {text:?}: {error}", number + 1));
            game = game
                .play(mv)
                .unwrap_or_else(|error| panic!("{file}:{}: move {text:?}: {error}", number + 1));
        }
        assert!(game.seat_to_act().is_some(), "{file}:{}: the game is over", number + 1);
        assert!(seen.insert(line), "{file}:{}: the same opening twice", number + 1);
    }
    seen.len()
}

#[test]
fn every_gauntlet_opening_replays_into_a_game_still_open() {
    let gomoku = include_str!("../../examples/openings/gomoku.txt");
    let renju = include_str!("../../examples/openings/renju.txt");
    let ninuki = include_str!("../../examples/openings/ninuki.txt");
    let pente = include_str!("../../examples/openings/pente.txt");
    // One opening for each pair of games: 100 games of gomoku and renju, 50 of the others.
    assert_eq!(check_openings(Gomoku::start(GomokuSettings::default()), "gomoku", gomoku), 50);
    assert_eq!(check_openings(Renju::start(RenjuSettings), "renju", renju), 50);
    assert_eq!(check_openings(Ninuki::start(NinukiSettings::default()), "ninuki", ninuki), 25);
    assert_eq!(check_openings(Pente::start(PenteSettings::default()), "pente", pente), 25);
}
