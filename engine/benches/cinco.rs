//! CINCO: how long one whole game takes to simulate, with the planning CPU at every seat,
//! with random players, and the rules alone (replaying the planner game's log).
//!
//! Each game is the same for every sample (a fixed seed per table size), so the three
//! figures of a table size are side by side on the same deal.

use divan::{Bencher, black_box};
use engine::cpu::{CincoPlayer, cinco_play_out};
use engine::{Cinco, CincoSettings, SeatAction};

fn main() {
    divan::main();
}

fn settings(seats: u8) -> CincoSettings {
    CincoSettings { seats, seed: 20_261_201 + u64::from(seats) }
}

fn whole_game(seats: u8, player: CincoPlayer) -> Cinco {
    let start = Cinco::start(settings(seats)).expect("a table");
    cinco_play_out(start, &vec![player; usize::from(seats)], 100_000, |_| {})
}

#[divan::bench(args = [2, 4, 6], sample_count = 40)]
fn planner_game(seats: u8) -> Cinco {
    whole_game(black_box(seats), CincoPlayer::Planner)
}

#[divan::bench(args = [2, 4, 6], sample_count = 40)]
fn random_game(seats: u8) -> Cinco {
    whole_game(black_box(seats), CincoPlayer::Random)
}

#[divan::bench(args = [2, 4, 6], sample_count = 40)]
fn rules_only_replay(bencher: Bencher, seats: u8) {
    let log: Vec<SeatAction> = whole_game(seats, CincoPlayer::Planner).history().to_vec();
    bencher.bench(|| Cinco::replay(settings(seats), black_box(&log)).expect("the log replays"));
}
