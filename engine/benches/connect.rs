//! 5 en raya and Connect Four: the cost of playing a move, win check included.
//!
//! A whole 42-move game is timed from a fresh position; divan's item counter reports the
//! time per move.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use engine::{BoardGame, Connect, ConnectMove, ConnectSettings};

/// Games that fill the grid without a line, so every move is played and checked.
const FIVE_IN_ROW_DRAW: &str = "655142512552112356336427144737724314377666";
const CLASSIC_DRAW: &str = "655372454433461754336137525664221162177271";

fn main() {
    divan::main();
}

fn moves(settings: ConnectSettings, game: &str) -> Vec<ConnectMove> {
    let start = Connect::start(settings);
    game.chars().map(|c| start.parse_move(&c.to_string()).expect("a column")).collect()
}

fn variants() -> [(&'static str, ConnectSettings, &'static str); 2] {
    [
        ("five_in_row", ConnectSettings::five_in_row(), FIVE_IN_ROW_DRAW),
        ("classic", ConnectSettings::classic(), CLASSIC_DRAW),
    ]
}

#[divan::bench(args = ["five_in_row", "classic"])]
fn play_42_moves(bencher: Bencher, name: &str) {
    let (_, settings, game) = variants().into_iter().find(|v| v.0 == name).expect("a variant");
    let game = moves(settings, game);
    bencher
        .counter(ItemsCount::new(game.len()))
        .with_inputs(|| Connect::start(settings))
        .bench_values(|mut position| {
            for &mv in &game {
                position = position.play(black_box(mv)).expect("a legal move");
            }
            position
        });
}

#[divan::bench(args = ["five_in_row", "classic"])]
fn play_unchecked_42_moves(bencher: Bencher, name: &str) {
    let (_, settings, game) = variants().into_iter().find(|v| v.0 == name).expect("a variant");
    let game = moves(settings, game);
    bencher
        .counter(ItemsCount::new(game.len()))
        .with_inputs(|| Connect::start(settings))
        .bench_values(|mut position| {
            for &mv in &game {
                position.play_unchecked(black_box(mv));
            }
            position
        });
}

/// One PopOut pop, win and repetition checks included, after `plies` drops of the drawn game
/// (42: on a full grid, where the move lists must grow, as they do once per doubling).
#[divan::bench(args = [20, 42])]
fn pop_out_pop(bencher: Bencher, plies: usize) {
    let settings = ConnectSettings::five_in_row().with_pop_out(true);
    let game = &moves(settings, FIVE_IN_ROW_DRAW)[..plies];
    let position = Connect::replay(settings, game).expect("a legal game");
    let pop = position
        .legal_moves()
        .into_iter()
        .find(|mv| matches!(mv, ConnectMove::Pop(_)))
        .expect("a pop");
    // Replaying (not cloning) keeps the spare room a game starts with.
    bencher
        .with_inputs(|| Connect::replay(settings, game).expect("a legal game"))
        .bench_values(|position| position.play(black_box(pop)).expect("a legal pop"));
}

/// Listing the legal moves, as a search does at every node.
#[divan::bench]
fn legal_moves(bencher: Bencher) {
    let settings = ConnectSettings::five_in_row().with_pop_out(true);
    let position =
        Connect::replay(settings, &moves(settings, &FIVE_IN_ROW_DRAW[..20])).expect("a game");
    bencher.bench(|| black_box(&position).legal_moves());
}
