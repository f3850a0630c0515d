//! Properties of CINCO over arbitrary games: any action, legal or not, never panics; a refused
//! action changes nothing; no card is ever created or lost; the log replays to the same game;
//! any arrangement is refused or holds the whole deck.

use engine::{
    Arrangement, Bid, Card, Choice, Cinco, CincoAction as Action, CincoSeat, CincoSettings, Colour,
    PuntajeUse, Rotation, deck,
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
    #![proptest_config(ProptestConfig::with_cases(256))]

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

fn non_five() -> impl Strategy<Value = Card> {
    any_card().prop_filter("a 5 is never held", |c| !c.is_five())
}

fn a_five() -> impl Strategy<Value = Card> {
    let fives: Vec<Card> = deck().into_iter().filter(|c| c.is_five()).collect();
    (0..fives.len()).prop_map(move |i| fives[i])
}

/// Tables of 1–7 seats, whose turn may be a seat past the table, with cards that belong where
/// they lie (too many copies of one are refused).
fn any_arrangement() -> impl Strategy<Value = Arrangement> {
    (1usize..8).prop_flat_map(|seats| {
        (
            prop::collection::vec(prop::collection::vec(non_five(), 0..7), seats),
            prop::collection::vec(prop::collection::vec(a_five(), 0..3), seats),
            prop::collection::vec(any::<bool>(), seats),
            prop::collection::vec(any_card(), 0..12),
            non_five(),
            (0..=seats as u8).prop_map(CincoSeat),
        )
            .prop_map(|(hands, fives, protected, draw_pile, discard_top, turn)| {
                Arrangement {
                    seed: 1,
                    hands,
                    fives,
                    protected,
                    draw_pile,
                    discard_top,
                    chosen_colour: None,
                    turn,
                    rotation: Rotation::Backward,
                }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any arrangement is either refused or a game that holds exactly the deck and waits for
    /// someone (or is over).
    #[test]
    fn any_arrangement_is_refused_or_keeps_the_deck(arrangement in any_arrangement()) {
        if let Ok(game) = Cinco::arrange(arrangement) {
            prop_assert_eq!(sorted(game.all_cards()), sorted(deck()));
            prop_assert!(!game.who_may_act().is_empty() || game.outcome().is_over());
        }
    }
}

#[test]
fn many_arrangements_are_accepted() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let accepted = (0..256)
        .filter(|_| {
            let arrangement = any_arrangement().new_tree(&mut runner).expect("a value").current();
            Cinco::arrange(arrangement).is_ok()
        })
        .count();
    assert!(
        accepted > 20,
        "only {accepted} of 256 arrangements were valid: the property above would test little"
    );
}
