//! Playing stones: the cost of `play` plus `outcome` per move on 15×15, measured by replaying
//! a fixed 60-move game (divan reports the time per move as well, via the item counter).

use divan::{Bencher, counter::ItemsCount};
use engine::{BoardGame, Gomoku, GomokuSettings, Point, Renju, RenjuMove, RenjuSettings};

fn main() {
    divan::main();
}

const MOVES: usize = 60;

/// Sixty stones from a fixed pseudo-random walk, skipping any that would end the game, so
/// that every replay plays all of them.
fn fixed_game() -> Vec<Point> {
    let mut game = Gomoku::start(GomokuSettings::default());
    let mut state: u32 = 0x2545_f491;
    let mut moves = Vec::with_capacity(MOVES);
    while moves.len() < MOVES {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let index = u8::try_from(state % 225).expect("below 225");
        let point = Point::new(index % 15, index / 15);
        if let Ok(next) = game.clone().play(point)
            && !next.outcome().is_over()
        {
            game = next;
            moves.push(point);
        }
    }
    moves
}

#[divan::bench]
fn gomoku_play_and_outcome(bencher: Bencher) {
    let moves = fixed_game();
    bencher.counter(ItemsCount::new(MOVES)).bench(|| {
        let mut game = Gomoku::start(GomokuSettings::default());
        for &point in &moves {
            game = game.play(point).expect("the fixed game is legal");
            divan::black_box(game.outcome());
        }
        game
    });
}

#[divan::bench]
fn renju_play_and_outcome(bencher: Bencher) {
    // The same stones after a Taraguchi-10 opening with no swap.
    let opening = ["h8", "h9", "i8", "h5", "j8"].map(|text| {
        let point = engine::Notation::WithI.parse(text, 15).expect("valid point");
        [RenjuMove::Place(point), RenjuMove::KeepColours]
    });
    let mut moves: Vec<RenjuMove> = opening.into_iter().flatten().collect();
    let start = Renju::replay(RenjuSettings, &moves).expect("the opening is legal");
    moves.extend(
        fixed_game()
            .into_iter()
            .filter(|&point| start.stone_at(point).is_none())
            .map(RenjuMove::Place),
    );
    let game = Renju::replay(RenjuSettings, &moves).expect("the fixed game is legal");
    assert!(!game.outcome().is_over());
    bencher.counter(ItemsCount::new(moves.len())).bench(|| {
        let mut game = Renju::start(RenjuSettings);
        for &mv in &moves {
            game = game.play(mv).expect("the fixed game is legal");
            divan::black_box(game.outcome());
        }
        game
    });
}
