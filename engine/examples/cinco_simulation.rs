//! CINCO games played by the planning CPU at every seat, 2–6 seats, random seeds: every game
//! must end, and no card may be created or lost by any action.
//!
//! ```text
//! cargo run --release -p cincobot-engine --example cinco_simulation -- 10000
//! ```
//!
//! Game `i` has `2 + i % 5` seats and a seed drawn from `--seed` (default 1). Prints, per
//! table size, how games ended and the distribution of their lengths (turns begun,
//! auctions, actions), as Markdown; exits with an error if a game did not end within
//! 100,000 actions or a card went missing.

use std::collections::BTreeMap;
use std::process::ExitCode;

use engine::cpu::{CincoPlayer, SplitMix64, cinco_play_out};
use engine::{Card, Cinco, CincoOutcome, CincoSettings, WinBy, deck};

const MAX_ACTIONS: usize = 100_000;

#[derive(Default)]
struct Lengths {
    turns: Vec<u32>,
    auctions: Vec<u32>,
    actions: Vec<usize>,
    by_auction: u32,
    by_embargo: u32,
    no_fives_left: u32,
    shared: u32,
}

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort_unstable();
    cards
}

fn percentiles<T: Copy + Ord + std::fmt::Display>(values: &mut [T]) -> String {
    values.sort_unstable();
    let at = |p: usize| values[(values.len() - 1) * p / 100];
    format!("{} / {} / {} / {} / {}", at(0), at(10), at(50), at(90), at(100))
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, count) = values.fold((0.0, 0.0), |(s, c), v| (s + v, c + 1.0));
    sum / count
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let seed = args
        .iter()
        .position(|a| a == "--seed")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut seeds = SplitMix64::new(seed);
    let full_deck = sorted(deck());
    let mut by_seats: BTreeMap<u8, Lengths> = BTreeMap::new();
    let mut failures = 0;
    for game_number in 0..games {
        let seats = 2 + (game_number % 5) as u8;
        let settings = CincoSettings { seats, seed: seeds.next_u64() };
        let Ok(start) = Cinco::start(settings) else {
            eprintln!("game {game_number}: {settings:?} refused");
            return ExitCode::FAILURE;
        };
        let players = vec![CincoPlayer::Planner; usize::from(seats)];
        let mut cards_kept = sorted(start.all_cards()) == full_deck;
        let end = cinco_play_out(start, &players, MAX_ACTIONS, |game| {
            cards_kept &= sorted(game.all_cards()) == full_deck;
        });
        if !cards_kept || !end.outcome().is_over() {
            eprintln!(
                "game {game_number} {settings:?}: cards kept {cards_kept}, {:?}",
                end.outcome()
            );
            failures += 1;
            continue;
        }
        let view = end.public_view();
        let lengths = by_seats.entry(seats).or_default();
        lengths.turns.push(view.turns);
        lengths.auctions.push(view.auctions);
        lengths.actions.push(end.history().len());
        match end.outcome() {
            CincoOutcome::Won { by: WinBy::Auction, .. } => lengths.by_auction += 1,
            CincoOutcome::Won { by: WinBy::Embargo, .. } => lengths.by_embargo += 1,
            CincoOutcome::NoFivesLeft { leaders } => {
                lengths.no_fives_left += 1;
                if leaders.len() > 1 {
                    lengths.shared += 1;
                }
            }
            CincoOutcome::Running => {}
        }
    }
    println!("{games} games, planning CPU at every seat, seeds from --seed {seed}.\n");
    println!(
        "| seats | games | won at auction | won by Embargo | every 5 out (shared) | turns min/p10/median/p90/max | auctions min/p10/median/p90/max | actions median (mean) |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (seats, lengths) in &mut by_seats {
        let count = lengths.turns.len();
        let mean_actions = mean(lengths.actions.iter().map(|&a| a as f64));
        let turns = percentiles(&mut lengths.turns);
        let auctions = percentiles(&mut lengths.auctions);
        let actions = percentiles(&mut lengths.actions);
        let median_actions = actions.split(" / ").nth(2).unwrap_or("?").to_owned();
        println!(
            "| {seats} | {count} | {} | {} | {} ({}) | {turns} | {auctions} | {median_actions} ({mean_actions:.0}) |",
            lengths.by_auction, lengths.by_embargo, lengths.no_fives_left, lengths.shared
        );
    }
    if failures > 0 {
        eprintln!("{failures} games failed");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
