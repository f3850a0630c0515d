//! Properties of CINCO over arbitrary games: any action, legal or not, never panics; a refused
//! action changes nothing; no card is ever created or lost; the log replays to the same game.

use engine::{
    Bid, Card, Choice, Cinco, CincoAction as Action, CincoSeat, CincoSettings, Colour, PuntajeUse,
    deck,
};
use proptest::prelude::*;

/// One step: a legal action of a seat the game waits for (picked by index), or anything.
#[derive(Clone, Debug)]
enum Step {
    Legal { seat: usize, action: usize },
    Anything { seat: u8, action: Action },
}

fn any_card() -> impl Strategy<Value = Card> {
    let cards = deck();
    (0..cards.len()).prop_map(move |i| cards[i])
}

fn any_seat() -> impl Strategy<Value = CincoSeat> {
    (0u8..8).prop_map(CincoSeat)
}

fn any_choice() -> impl Strategy<Value = Choice> {
    prop_oneof![
        Just(Choice::None),
        (0usize..4).prop_map(|c| Choice::Colour(Colour::ALL[c])),
        any_seat().prop_map(Choice::Target),
    ]
}

fn any_action() -> impl Strategy<Value = Action> {
    let puntaje = prop_oneof![
        Just(None),
        Just(Some(PuntajeUse::Raise)),
        any_seat().prop_map(|s| Some(PuntajeUse::Lower(s))),
    ];
    prop_oneof![
        (any_card(), any_choice()).prop_map(|(card, choice)| Action::Play { card, choice }),
        Just(Action::Draw),
        Just(Action::KeepDrawn),
        any_card().prop_map(Action::Discard),
        (any_card(), puntaje).prop_map(|(card, puntaje)| Action::Bid(Bid { card, puntaje })),
    ]
}

fn any_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0usize..6, 0usize..64).prop_map(|(seat, action)| Step::Legal { seat, action }),
        1 => (0u8..8, any_action()).prop_map(|(seat, action)| Step::Anything { seat, action }),
    ]
}

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort_unstable();
    cards
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn arbitrary_actions_keep_every_card_and_replay(
        seed in any::<u64>(),
        seats in 2u8..=6,
        steps in prop::collection::vec(any_step(), 0..400),
    ) {
        let settings = CincoSettings { seats, seed };
        let full_deck = sorted(deck());
        let mut game = Cinco::start(settings).expect("a table");
        prop_assert_eq!(sorted(game.all_cards()), full_deck.clone());
        for step in steps {
            let (seat, action) = match step {
                Step::Legal { seat, action } => {
                    let who = game.who_may_act();
                    let Some(&seat) = who.get(seat % who.len().max(1)) else { break };
                    let legal = game.legal_actions(seat);
                    prop_assert!(!legal.is_empty(), "a seat the game waits for can act");
                    (seat, legal[action % legal.len()])
                }
                Step::Anything { seat, action } => (CincoSeat(seat), action),
            };
            let legal = game.legal_actions(seat).contains(&action);
            match game.clone().play(seat, action) {
                Ok(next) => {
                    prop_assert!(legal, "{:?} by {} was accepted but not listed", action, seat);
                    game = next;
                }
                Err(error) => {
                    prop_assert!(!legal, "{:?} by {} was listed but refused", action, seat);
                    prop_assert_eq!(&*error.game, &game);
                }
            }
            prop_assert_eq!(sorted(game.all_cards()), full_deck.clone());
        }
        let replayed = Cinco::replay(settings, game.history()).expect("the log replays");
        prop_assert_eq!(replayed, game);
    }
}
