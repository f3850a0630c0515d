//! A few hundred CPU-only games (the example `cinco_simulation` plays 10,000): every game
//! ends, every action keeps every card, and the log replays to the same game.

use engine::cpu::{CincoPlayer, SplitMix64, cinco_play_out};
use engine::{Card, Cinco, CincoSettings, deck};

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort_unstable();
    cards
}

#[test]
fn cpu_games_end_keep_every_card_and_replay() {
    let full_deck = sorted(deck());
    let mut seeds = SplitMix64::new(99);
    for game_number in 0..200u32 {
        let seats = 2 + (game_number % 5) as u8;
        let settings = CincoSettings { seats, seed: seeds.next_u64() };
        let players: Vec<CincoPlayer> = (0..seats)
            .map(|s| {
                if (u32::from(s) + game_number) % 3 == 0 {
                    CincoPlayer::Random
                } else {
                    CincoPlayer::Planner
                }
            })
            .collect();
        let start = Cinco::start(settings).expect("a table");
        let mut actions = 0;
        let end = cinco_play_out(start, &players, 100_000, |game| {
            actions += 1;
            assert_eq!(sorted(game.all_cards()), full_deck, "game {game_number}, action {actions}");
        });
        assert!(end.outcome().is_over(), "game {game_number} ({settings:?}) did not end");
        assert_eq!(end.history().len(), actions);
        assert_eq!(Cinco::replay(settings, end.history()).expect("the log replays"), end);
    }
}
