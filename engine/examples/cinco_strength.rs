//! The planning CINCO CPU against three random players, 4 seats: how often it wins.
//!
//! ```text
//! cargo run --release -p cincobot-engine --example cinco_strength -- 2000
//! ```
//!
//! The planner sits at seat `i % 4` in game `i` (so every seat order is played as often),
//! seeds drawn from `--seed` (default 1). A game that ends with every 5 out counts as a win
//! for the planner only if it alone has the most 5s; a shared first place is counted apart.
//! A random player would win about 25 %.

use std::process::ExitCode;

use engine::cpu::{CincoPlayer, SplitMix64, cinco_play_out};
use engine::{Cinco, CincoOutcome, CincoSeat, CincoSettings};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed = args
        .iter()
        .position(|a| a == "--seed")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut seeds = SplitMix64::new(seed);
    let (mut wins, mut shared, mut losses) = (0u32, 0u32, 0u32);
    for game_number in 0..games {
        let planner = CincoSeat((game_number % 4) as u8);
        let mut players = vec![CincoPlayer::Random; 4];
        players[planner.index()] = CincoPlayer::Planner;
        let settings = CincoSettings { seats: 4, seed: seeds.next_u64() };
        let Ok(start) = Cinco::start(settings) else { return ExitCode::FAILURE };
        let end = cinco_play_out(start, &players, 100_000, |_| {});
        match end.outcome() {
            CincoOutcome::Won { winner, .. } if winner == planner => wins += 1,
            CincoOutcome::NoFivesLeft { leaders } if leaders == [planner] => wins += 1,
            CincoOutcome::NoFivesLeft { leaders } if leaders.contains(&planner) => shared += 1,
            CincoOutcome::Running => {
                eprintln!("game {game_number} {settings:?} did not end");
                return ExitCode::FAILURE;
            }
            _ => losses += 1,
        }
    }
    let percent = |n: u32| 100.0 * f64::from(n) / f64::from(games);
    println!(
        "{games} games, planner vs 3 random, 4 seats, --seed {seed}: planner won {wins} ({:.1} %), shared first place {shared} ({:.1} %), lost {losses} ({:.1} %)",
        percent(wins),
        percent(shared),
        percent(losses)
    );
    ExitCode::SUCCESS
}
