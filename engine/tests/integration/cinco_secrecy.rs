//! Sealed bids stay sealed: until the reveal, what the group sees — and what every other
//! seat sees — is the same whatever a seat bid. (That no public view can hold a hand's card
//! at all is a type error, shown by the `compile_fail` example on `PublicCard`.)

use engine::cpu::{CincoPlayer, SplitMix64, cinco_decision_seed};
use engine::{Cinco, CincoAction as Action, CincoSeat, CincoSettings};

#[test]
fn a_sealed_bid_changes_nothing_anybody_else_sees_before_the_reveal() {
    let mut seeds = SplitMix64::new(4);
    let mut auctions_checked = 0;
    for game_number in 0..150u32 {
        let seats = 3 + (game_number % 4) as u8;
        let mut game =
            Cinco::start(CincoSettings { seats, seed: seeds.next_u64() }).expect("a table");
        while !game.outcome().is_over() {
            let waiting = game.who_may_act();
            if waiting.len() >= 2 {
                let bidder = waiting[0];
                let others: Vec<CincoSeat> =
                    (0..seats).map(CincoSeat).filter(|&s| s != bidder).collect();
                let sealed: Vec<Cinco> = game
                    .legal_actions(bidder)
                    .into_iter()
                    .filter(|a| matches!(a, Action::Bid(_)))
                    .map(|bid| game.clone().play(bidder, bid).expect("a legal bid"))
                    .collect();
                for after in &sealed[1..] {
                    assert_eq!(after.public_view(), sealed[0].public_view());
                    for &seat in &others {
                        assert_eq!(after.private_view(seat), sealed[0].private_view(seat));
                    }
                }
                auctions_checked += 1;
            }
            let seat = waiting[0];
            let action = CincoPlayer::Planner.choose(&game, seat, cinco_decision_seed(&game, seat));
            game = game.play(seat, action.expect("an action")).expect("a legal action");
        }
    }
    assert!(auctions_checked > 500, "checked {auctions_checked} sealed bids");
}
