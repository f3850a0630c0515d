//! Playing a move and asking for the outcome, the bot's per-move work, in pente (19×19) and
//! ninuki (15×15). Each game is a fixed pseudo-random game of local play, with captures.

use divan::Bencher;
use divan::counter::ItemsCount;
use engine::{BoardGame, Ninuki, NinukiSettings, Pente, PenteSettings, Point};

fn main() {
    divan::main();
}

/// A deterministic game: mostly moves near the previous one, so captures happen and the game
/// ends with a line or ten captured stones, as real games do.
fn sample_game<G: BoardGame<Move = Point>>(start: G) -> Vec<Point> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        usize::try_from(state % 1_000_003).unwrap_or_default()
    };
    let mut position = start;
    while !position.outcome().is_over() {
        let legal = position.legal_moves();
        let last = position.history().last().copied();
        let near: Vec<Point> = legal
            .iter()
            .copied()
            .filter(|p| last.is_some_and(|last| last.ring_distance(*p) <= 2))
            .collect();
        let pool = if near.is_empty() || next() % 5 == 0 { &legal } else { &near };
        let mv = pool[next() % pool.len()];
        position = position.play(mv).expect("a legal move");
    }
    position.history().to_vec()
}

fn bench_game<G: BoardGame<Move = Point, Settings: Sync>>(bencher: Bencher, settings: G::Settings) {
    let moves = sample_game(G::start(settings.clone()));
    bencher.counter(ItemsCount::new(moves.len())).bench(|| {
        let mut position = G::start(settings.clone());
        for &mv in &moves {
            position = position.play(mv).expect("a legal move");
            divan::black_box(position.outcome());
        }
        position
    });
}

#[divan::bench]
fn pente_19x19_play_and_outcome(bencher: Bencher) {
    bench_game::<Pente>(bencher, PenteSettings::default());
}

#[divan::bench]
fn ninuki_15x15_play_and_outcome(bencher: Bencher) {
    bench_game::<Ninuki>(bencher, NinukiSettings::default());
}

#[divan::bench]
fn ninuki_15x15_forbidden_on_play_and_outcome(bencher: Bencher) {
    bench_game::<Ninuki>(bencher, NinukiSettings { forbidden_moves: true, ..Default::default() });
}
