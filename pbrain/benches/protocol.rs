//! What the protocol layer costs around each move: reading a `BOARD`, rebuilding the game,
//! and a whole conversation with a player that answers at once.

use engine::cpu::Deadline;
use engine::{Gomoku, GomokuSettings, Point};
use pbrain::{Brain, Field, Player, rebuild};

fn main() {
    divan::main();
}

/// Whether `point` is on the first of two stripes of width two that never line up three
/// stones: a whole game on them never ends before the board is full.
fn first_stripe(point: Point) -> bool {
    (point.x + 2 * point.y) % 4 < 2
}

/// The answers to `input`, checked once outside the timing: a bench of error paths would
/// measure the wrong thing.
fn checked(input: &str) -> &str {
    let mut output = Vec::new();
    let answered = Brain::new(FirstEmpty).run(input.as_bytes(), &mut output);
    let text = String::from_utf8(output).unwrap_or_default();
    assert!(answered.is_ok() && !text.contains("ERROR"), "{text}");
    input
}

/// Answers at once on the second stripe. Only the protocol's own work is measured.
struct FirstEmpty;

impl Player for FirstEmpty {
    fn choose(&mut self, position: &Gomoku, _: &dyn Deadline) -> Option<Point> {
        position.board().empty_points().find(|&point| !first_stripe(point))
    }
}

/// Sixty stones, alternately on each stripe: a full middle-game `BOARD`.
fn sixty_stones() -> Vec<(u8, u8)> {
    let board = engine::Board::empty(15);
    let first = board.points().filter(|&point| first_stripe(point));
    let second = board.points().filter(|&point| !first_stripe(point));
    first.zip(second).take(30).flat_map(|(a, b)| [(a.x, a.y), (b.x, b.y)]).collect()
}

#[divan::bench]
fn rebuild_sixty_stones(bencher: divan::Bencher) {
    let stones: Vec<(Point, Field)> = sixty_stones()
        .into_iter()
        .enumerate()
        .map(|(i, (x, y))| {
            (Point::new(x, y), if i % 2 == 0 { Field::Own } else { Field::Opponent })
        })
        .collect();
    bencher.bench(|| rebuild(GomokuSettings::default(), divan::black_box(&stones)));
}

#[divan::bench]
fn board_command_sixty_stones(bencher: divan::Bencher) {
    let mut input = String::from("START 15\r\nBOARD\r\n");
    for (i, (x, y)) in sixty_stones().into_iter().enumerate() {
        input.push_str(&format!("{x},{},{}\r\n", 14 - y, 1 + i % 2));
    }
    input.push_str("DONE\r\nEND\r\n");
    let input = checked(&input);
    bencher.bench(|| {
        let mut output = Vec::with_capacity(64);
        Brain::new(FirstEmpty).run(divan::black_box(input.as_bytes()), &mut output)
    });
}

#[divan::bench]
fn forty_turns(bencher: divan::Bencher) {
    let mut input = String::from("INFO timeout_turn 5000\r\nSTART 15\r\n");
    let board = engine::Board::empty(15);
    for point in board.points().filter(|&point| first_stripe(point)).take(40) {
        input.push_str(&format!("TURN {},{}\r\n", point.x, 14 - point.y));
    }
    input.push_str("END\r\n");
    let input = checked(&input);
    bencher.bench(|| {
        let mut output = Vec::with_capacity(512);
        Brain::new(FirstEmpty).run(divan::black_box(input.as_bytes()), &mut output)
    });
}
