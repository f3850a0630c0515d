//! Every rule of CINCO (seed 004) and every choice of `docs/rules/cinco.md`, each on a
//! concrete position set up card by card or on a fixed seed.

use engine::{
    Arrangement, Bid, BidStatus, Card, CardKind, Choice, Cinco, CincoAction as Action,
    CincoOutcome, CincoRejection, CincoSeat, CincoSettings, Colour, DECK_SIZE, Mark, PuntajeUse,
    Rotation, WinBy,
};

const S0: CincoSeat = CincoSeat(0);
const S1: CincoSeat = CincoSeat(1);
const S2: CincoSeat = CincoSeat(2);

fn red(n: u8) -> Card {
    Card::number(Colour::Red, n)
}
fn blue(n: u8) -> Card {
    Card::number(Colour::Blue, n)
}
fn green(n: u8) -> Card {
    Card::number(Colour::Green, n)
}
fn yellow(n: u8) -> Card {
    Card::number(Colour::Yellow, n)
}
fn black(kind: CardKind) -> Card {
    Card::black(kind)
}
fn play(card: Card) -> Action {
    Action::Play { card, choice: Choice::None }
}
fn bid(card: Card) -> Action {
    Action::Bid(Bid { card, puntaje: None })
}

/// A table where seat 0 begins its turn; no 5s collected, nobody protected.
fn table(hands: Vec<Vec<Card>>, draw_pile: Vec<Card>, discard_top: Card) -> Arrangement {
    let seats = hands.len();
    Arrangement {
        seed: 1,
        hands,
        fives: vec![Vec::new(); seats],
        protected: vec![false; seats],
        draw_pile,
        discard_top,
        chosen_colour: None,
        turn: S0,
        rotation: Rotation::Forward,
    }
}

fn arrange(arrangement: Arrangement) -> Cinco {
    Cinco::arrange(arrangement).expect("a valid arrangement")
}

fn act(game: Cinco, seat: CincoSeat, action: Action) -> Cinco {
    match game.play(seat, action) {
        Ok(game) => game,
        Err(error) => panic!("{action:?} by {seat} refused: {}", error.rejection),
    }
}

/// The action is refused for `rejection`, and the game is handed back unchanged.
fn refused(game: &Cinco, seat: CincoSeat, action: Action, rejection: CincoRejection) {
    let error = game.clone().play(seat, action).expect_err("a refused action");
    assert_eq!(error.rejection, rejection, "{action:?}");
    assert_eq!(&*error.game, game);
}

fn hand(game: &Cinco, seat: CincoSeat) -> Vec<Card> {
    game.private_view(seat).expect("a seat").hand
}

/// Five cards of a colour in a row of its numbers 1–4, 6–9 (there is no 5 to hold), from
/// `first` on and round again.
fn five_cards(colour: Colour, first: u8) -> Vec<Card> {
    const NUMBERS: [u8; 8] = [1, 2, 3, 4, 6, 7, 8, 9];
    let start = NUMBERS.iter().position(|&n| n == first).unwrap_or(0);
    (0..5).map(|i| Card::number(colour, NUMBERS[(start + i) % 8])).collect()
}

// --- The deal and the first discard -----------------------------------------------------

#[test]
fn the_deal_gives_five_cards_and_never_a_five() {
    let mut reshuffled_deals = 0;
    for seed in 0..300 {
        let seats = 2 + (seed % 5) as u8;
        let game = Cinco::start(CincoSettings { seats, seed }).expect("a table");
        assert_eq!(game.all_cards().len(), DECK_SIZE);
        let view = game.public_view();
        if view.auction.is_some() {
            continue;
        }
        for s in 0..seats {
            let cards = hand(&game, CincoSeat(s));
            assert_eq!(cards.len(), 5);
            assert!(!cards.iter().any(|c| c.is_five()), "seed {seed}: a 5 dealt");
        }
        // One shuffle before the deal; each 5 dealt adds one.
        if view.shuffles > 1 {
            reshuffled_deals += 1;
        }
    }
    assert!(reshuffled_deals > 50, "5s are dealt often, so the deal reshuffles often");
}

#[test]
fn a_five_as_first_discard_opens_an_auction_before_the_first_turn() {
    let seed = (0..500)
        .find(|&seed| {
            let game = Cinco::start(CincoSettings { seats: 3, seed }).expect("a table");
            game.public_view().auction.is_some()
        })
        .expect("some seed turns up a 5 first");
    let game = Cinco::start(CincoSettings { seats: 3, seed }).expect("a table");
    let view = game.public_view();
    let auction = view.auction.expect("an auction");
    assert_eq!((auction.number, auction.drawn_by, view.discard_top), (1, None, None));
    assert!(auction.five.card().is_five());
    let mut game = game;
    for seat in game.who_may_act() {
        let bid = game.legal_actions(seat)[0];
        game = act(game, seat, bid);
    }
    let view = game.public_view();
    assert!(view.auction.is_none() || view.auction.as_ref().is_some_and(|a| a.number == 2));
    if view.auction.is_none() {
        assert!(view.discard_top.is_some_and(|top| !top.card().is_five()));
        assert_eq!(view.turn, Some(S0));
    }
}

#[test]
fn the_first_turn_is_seat_0_then_the_order_of_the_seats() {
    let game = arrange(table(
        vec![five_cards(Colour::Red, 1), five_cards(Colour::Blue, 1), five_cards(Colour::Red, 6)],
        vec![green(7), green(8)],
        red(9),
    ));
    assert_eq!(game.who_may_act(), vec![S0]);
    let game = act(game, S0, play(red(1)));
    assert_eq!(game.who_may_act(), vec![S1]);
    let game = act(game, S1, play(blue(1)));
    assert_eq!(game.who_may_act(), vec![S2]);
    let game = act(game, S2, play(red(1)));
    assert_eq!(game.who_may_act(), vec![S0]);
}

// --- The hand rule --------------------------------------------------------------------

#[test]
fn fewer_than_five_cards_draw_up_to_five_at_the_start_of_the_turn() {
    let game = arrange(table(
        vec![vec![red(1), red(2), red(3)], five_cards(Colour::Blue, 1)],
        vec![green(7), green(8), green(9)],
        red(9),
    ));
    assert_eq!(hand(&game, S0), vec![red(1), red(2), red(3), green(7), green(8)]);
    assert_eq!(game.public_view().draw_pile, 1);
}

#[test]
fn more_than_five_cards_discard_the_excess_of_ones_choice_first() {
    let mut cards = five_cards(Colour::Red, 1);
    cards.extend([blue(8), green(8)]);
    let game = arrange(table(vec![cards, five_cards(Colour::Blue, 1)], vec![], yellow(8)));
    refused(&game, S0, play(red(1)), CincoRejection::DiscardExcessFirst);
    refused(&game, S0, Action::Draw, CincoRejection::DiscardExcessFirst);
    refused(&game, S0, Action::Discard(yellow(1)), CincoRejection::CardNotInHand);
    let game = act(game, S0, Action::Discard(blue(8)));
    refused(&game, S0, play(red(1)), CincoRejection::DiscardExcessFirst);
    let game = act(game, S0, Action::Discard(red(4)));
    assert_eq!(hand(&game, S0).len(), 5);
    refused(&game, S0, Action::Discard(red(1)), CincoRejection::NoExcess);
    // The excess goes under the top card: what to follow does not change.
    let view = game.public_view();
    assert_eq!(view.discard_top.map(|c| c.card()), Some(yellow(8)));
    let game = act(game, S0, play(green(8)));
    assert_eq!(game.who_may_act(), vec![S1]);
}

// --- Playing and drawing ----------------------------------------------------------------

#[test]
fn a_card_follows_by_colour_number_or_symbol() {
    let hand0 = vec![red(1), blue(9), green(3), Card::reverse(Colour::Yellow), yellow(4)];
    let arrangement = table(vec![hand0, five_cards(Colour::Blue, 1)], vec![], red(9));
    let game = arrange(arrangement.clone());
    act(game.clone(), S0, play(red(1)));
    act(game.clone(), S0, play(blue(9)));
    refused(&game, S0, play(green(3)), CincoRejection::DoesNotMatch);
    refused(&game, S0, play(Card::reverse(Colour::Yellow)), CincoRejection::DoesNotMatch);
    refused(&game, S0, play(yellow(7)), CincoRejection::CardNotInHand);
    let on_reverse =
        arrange(Arrangement { discard_top: Card::reverse(Colour::Blue), ..arrangement });
    act(on_reverse.clone(), S0, play(Card::reverse(Colour::Yellow)));
    act(on_reverse.clone(), S0, play(blue(9)));
    refused(&on_reverse, S0, play(yellow(4)), CincoRejection::DoesNotMatch);
}

#[test]
fn drawing_is_only_for_a_player_who_cannot_play_and_a_drawn_card_that_fits_may_be_played() {
    let hand0 = vec![green(1), green(2), green(3), green(4), black(CardKind::Cambio)];
    let arrangement = table(vec![hand0, five_cards(Colour::Blue, 1)], vec![red(7), red(8)], red(9));
    let game = arrange(arrangement.clone());
    // The Cambio would fit (a comodín fits anything) but never forces a play.
    let game = act(game, S0, Action::Draw);
    assert_eq!(hand(&game, S0).len(), 6);
    assert_eq!(game.who_may_act(), vec![S0]);
    refused(&game, S0, play(green(1)), CincoRejection::OnlyDrawnCard);
    refused(&game, S0, Action::Draw, CincoRejection::OnlyDrawnCard);
    let kept = act(game.clone(), S0, Action::KeepDrawn);
    assert_eq!(kept.who_may_act(), vec![S1]);
    assert_eq!(hand(&kept, S0).len(), 6);
    let played = act(game, S0, play(red(7)));
    assert_eq!(played.public_view().discard_top.map(|c| c.card()), Some(red(7)));
    // With a card that fits, there is no drawing.
    let can_play = arrange(Arrangement { discard_top: green(9), ..arrangement.clone() });
    refused(&can_play, S0, Action::Draw, CincoRejection::CanPlay);
    refused(&can_play, S0, Action::KeepDrawn, CincoRejection::NothingDrawn);
    // A drawn card that does not fit joins the hand and the turn ends.
    let misfit = arrange(Arrangement { draw_pile: vec![blue(7)], ..arrangement });
    let misfit = act(misfit, S0, Action::Draw);
    assert_eq!(misfit.who_may_act(), vec![S1]);
    assert!(hand(&misfit, S0).contains(&blue(7)));
}

#[test]
fn an_empty_draw_pile_is_refilled_from_the_discards_except_the_top() {
    let hand0 = vec![green(1), green(2), green(3), green(4), green(6)];
    let game = arrange(table(vec![hand0, five_cards(Colour::Blue, 1)], vec![], red(9)));
    let before = game.public_view();
    assert_eq!(before.draw_pile, 0);
    let pile_before = before.discard_pile;
    let game = act(game, S0, Action::Draw);
    let view = game.public_view();
    assert_eq!(view.discard_top.map(|c| c.card()), Some(red(9)));
    assert_eq!(view.shuffles, before.shuffles + 1);
    // The top card stayed; the others became the draw pile, one of them is drawn (or is a 5
    // now at auction).
    let drawn_or_auctioned = 1;
    assert_eq!(view.discard_pile, 1);
    assert_eq!(view.draw_pile + drawn_or_auctioned, pile_before - 1);
    assert_eq!(game.all_cards().len(), DECK_SIZE);
}

#[test]
fn reversa_turns_the_order_round_and_saltar_skips_the_next_player() {
    let hands = vec![
        vec![Card::reverse(Colour::Red), Card::skip(Colour::Red), red(1), red(2), red(3)],
        five_cards(Colour::Blue, 1),
        five_cards(Colour::Red, 6),
    ];
    let game = arrange(table(hands, vec![green(7), green(8), green(9)], red(9)));
    let reversed = act(game.clone(), S0, play(Card::reverse(Colour::Red)));
    assert_eq!(reversed.who_may_act(), vec![S2]);
    assert_eq!(reversed.public_view().rotation, Rotation::Backward);
    assert_eq!(reversed.public_view().follow.mark, Mark::Reverse);
    let reversed = act(reversed, S2, play(red(1)));
    assert_eq!(reversed.who_may_act(), vec![S1]);
    let skipped = act(game, S0, play(Card::skip(Colour::Red)));
    assert_eq!(skipped.who_may_act(), vec![S2]);
}

#[test]
fn reversa_with_two_players_only_turns_the_order_and_saltar_gives_another_turn() {
    let hands = vec![
        vec![Card::reverse(Colour::Red), Card::skip(Colour::Red), red(1), red(2), red(3)],
        five_cards(Colour::Red, 1),
    ];
    let game = arrange(table(hands, vec![green(7), green(8), green(9)], red(9)));
    assert_eq!(act(game.clone(), S0, play(Card::reverse(Colour::Red))).who_may_act(), vec![S1]);
    assert_eq!(act(game, S0, play(Card::skip(Colour::Red))).who_may_act(), vec![S0]);
}

#[test]
fn saltar_goes_only_on_its_colour_or_on_another_saltar() {
    let hands = vec![
        vec![Card::skip(Colour::Red), blue(1), blue(2), blue(3), blue(4)],
        five_cards(Colour::Red, 1),
    ];
    let on_green = arrange(table(hands.clone(), vec![], green(9)));
    refused(&on_green, S0, play(Card::skip(Colour::Red)), CincoRejection::DoesNotMatch);
    let on_skip = arrange(table(hands, vec![], Card::skip(Colour::Green)));
    act(on_skip, S0, play(Card::skip(Colour::Red)));
}

#[test]
fn the_comodin_numerico_fits_anything_and_sets_the_colour_chosen() {
    let hands = vec![
        vec![Card::number_wild(6), blue(1), blue(2), blue(3), blue(4)],
        vec![yellow(1), green(6), red(2), red(3), red(4)],
    ];
    let game = arrange(table(hands, vec![], red(9)));
    refused(&game, S0, play(Card::number_wild(6)), CincoRejection::ColourNeeded);
    let with_target = Action::Play { card: Card::number_wild(6), choice: Choice::Target(S1) };
    refused(&game, S0, with_target, CincoRejection::ColourNeeded);
    refused(
        &game,
        S0,
        Action::Play { card: blue(1), choice: Choice::Colour(Colour::Red) },
        CincoRejection::NoChoiceNeeded,
    );
    let wild = Action::Play { card: Card::number_wild(6), choice: Choice::Colour(Colour::Yellow) };
    let game = act(game, S0, wild);
    assert_eq!(game.public_view().follow.colour, Some(Colour::Yellow));
    // Yellow by colour, the 6 by number; red no longer.
    act(game.clone(), S1, play(yellow(1)));
    act(game.clone(), S1, play(green(6)));
    refused(&game, S1, play(red(2)), CincoRejection::DoesNotMatch);
}

// --- Auctions -----------------------------------------------------------------------------

/// Seat 0 cannot play on a yellow 9 and draws `five`; seats 1 and 2 hold the numbers given.
fn auction_table(five: Card, hand1: Vec<Card>, hand2: Vec<Card>) -> Cinco {
    let hand0 = vec![green(1), green(2), green(3), green(4), green(6)];
    let game = arrange(table(vec![hand0, hand1, hand2], vec![five, red(1)], yellow(9)));
    act(game, S0, Action::Draw)
}

#[test]
fn a_five_drawn_on_a_turn_opens_an_auction_with_sealed_bids() {
    let hand2 = vec![
        black(CardKind::Cambio),
        black(CardKind::Embargo),
        Card::skip(Colour::Red),
        Card::reverse(Colour::Red),
        black(CardKind::Puntaje),
    ];
    let game = auction_table(red(5), vec![blue(7), blue(8), blue(9), blue(1), blue(2)], hand2);
    let view = game.public_view();
    let auction = view.auction.as_ref().expect("an auction");
    assert_eq!(auction.five.card(), red(5));
    assert_eq!(auction.drawn_by, Some(S0));
    // Seat 2 holds no numeric card: it cannot bid and nobody waits for it.
    assert_eq!(auction.bids, vec![BidStatus::Waiting, BidStatus::Waiting, BidStatus::NoNumber]);
    assert_eq!(game.who_may_act(), vec![S0, S1]);
    refused(&game, S2, bid(blue(7)), CincoRejection::NotYourTurn);
    refused(&game, S0, Action::Draw, CincoRejection::AuctionUnderway);
    refused(&game, S1, bid(Card::skip(Colour::Red)), CincoRejection::CardNotInHand);
    refused(&game, S0, bid(blue(7)), CincoRejection::CardNotInHand);
    let game = act(game, S1, bid(blue(9)));
    // Sealed: the group sees that seat 1 bid, not what; the bid is final.
    let view = game.public_view();
    assert_eq!(view.auction.as_ref().map(|a| a.bids[1]), Some(BidStatus::Sealed));
    assert!(!format!("{view:?}").contains("Blue"), "no blue card is face up");
    assert_eq!(view.players[1].cards, 5);
    refused(&game, S1, bid(blue(8)), CincoRejection::AlreadyBid);
    assert_eq!(game.who_may_act(), vec![S0]);
    assert_eq!(
        game.private_view(S1).map(|v| v.sealed_bid),
        Some(Some(Bid { card: blue(9), puntaje: None }))
    );
    let pile_before = game.public_view().draw_pile;
    let game = act(game, S0, bid(green(6)));
    let view = game.public_view();
    let reveal = view.reveals.last().expect("revealed");
    assert_eq!(reveal.winner, Some(S1));
    assert_eq!(reveal.bids[1].map(|b| (b.card.card(), b.value.value)), Some((blue(9), 9)));
    assert_eq!(reveal.bids[0].map(|b| b.value.value), Some(6));
    assert_eq!(reveal.bids[2], None);
    assert_eq!(view.players[1].fives.iter().map(|c| c.card()).collect::<Vec<_>>(), vec![red(5)]);
    // Both bids went back into the draw pile, shuffled; then seat 0's draw went on (and
    // perhaps seat 1's hand rule): cards moved only between the pile and the hands.
    let in_hands: usize = view.players.iter().map(|p| p.cards).sum();
    assert_eq!(view.draw_pile + in_hands, pile_before + 15);
    assert_eq!(view.shuffles, 1);
    assert_eq!(hand(&game, S0).len(), 5);
    assert!(!hand(&game, S1).contains(&blue(9)));
    assert_eq!(game.all_cards().len(), DECK_SIZE);
}

#[test]
fn a_bid_of_the_fives_colour_counts_double() {
    let game = auction_table(
        red(5),
        vec![red(4), blue(1), blue(2), blue(3), blue(4)],
        vec![blue(7), blue(6), yellow(1), yellow(2), yellow(3)],
    );
    let game = act(game, S0, bid(green(1)));
    let game = act(game, S1, bid(red(4)));
    let game = act(game, S2, bid(blue(7)));
    let reveal = game.public_view().reveals.last().cloned().expect("revealed");
    let value = reveal.bids[1].expect("a bid").value;
    assert!(value.doubled);
    assert_eq!((value.value, reveal.winner), (8, Some(S1)));
}

#[test]
fn a_comodin_numerico_bid_takes_the_fives_colour() {
    let game = auction_table(
        red(5),
        vec![Card::number_wild(4), blue(1), blue(2), blue(3), blue(4)],
        vec![blue(7), blue(6), yellow(1), yellow(2), yellow(3)],
    );
    let game = act(game, S0, bid(green(1)));
    let game = act(game, S1, bid(Card::number_wild(4)));
    let game = act(game, S2, bid(blue(7)));
    let reveal = game.public_view().reveals.last().cloned().expect("revealed");
    assert_eq!(reveal.bids[1].map(|b| b.value.value), Some(8));
    assert_eq!(reveal.winner, Some(S1));
}

#[test]
fn the_comodin_numero_5_doubles_every_bid_once() {
    let wild_five = black(CardKind::FiveWild);
    let game = auction_table(
        wild_five,
        vec![red(4), blue(1), blue(2), blue(3), blue(4)],
        vec![Card::number_wild(6), blue(7), blue(8), blue(9), blue(1)],
    );
    let game = act(game, S0, bid(green(3)));
    let game = act(game, S1, bid(red(4)));
    let game = act(game, S2, bid(Card::number_wild(6)));
    let reveal = game.public_view().reveals.last().cloned().expect("revealed");
    let values: Vec<u16> = reveal.bids.iter().map(|b| b.expect("a bid").value.value).collect();
    assert_eq!(values, vec![6, 8, 12]);
    assert_eq!(reveal.winner, Some(S2));
    assert_eq!(game.public_view().players[2].fives[0].card(), wild_five);
}

#[test]
fn a_tie_at_the_top_gives_the_five_to_nobody_and_puts_it_under_the_discard_top() {
    let game = auction_table(
        red(5),
        vec![blue(8), blue(1), blue(2), blue(3), blue(4)],
        vec![red(4), blue(7), blue(9), blue(1), blue(2)],
    );
    let game = act(game, S0, bid(green(1)));
    let game = act(game, S1, bid(blue(8)));
    let discard_before = game.public_view().discard_pile;
    let game = act(game, S2, bid(red(4)));
    let view = game.public_view();
    let reveal = view.reveals.last().expect("revealed");
    assert_eq!(reveal.winner, None);
    assert!(view.players.iter().all(|p| p.fives.is_empty()));
    assert_eq!(view.discard_pile, discard_before + 1);
    assert_eq!(view.discard_top.map(|c| c.card()), Some(yellow(9)));
    assert_eq!(game.all_cards().len(), DECK_SIZE);
}

/// Two seats without a numeric card, seat 0 to draw from `pile` (its first card on top).
fn no_numbers_in_hand(pile: Vec<Card>) -> Cinco {
    let specials = vec![
        black(CardKind::Cambio),
        black(CardKind::Embargo),
        Card::skip(Colour::Red),
        Card::reverse(Colour::Red),
        black(CardKind::Puntaje),
    ];
    let hand0 = vec![
        Card::skip(Colour::Blue),
        Card::skip(Colour::Blue),
        Card::reverse(Colour::Blue),
        Card::reverse(Colour::Blue),
        black(CardKind::Puntaje),
    ];
    arrange(table(vec![hand0, specials], pile, yellow(9)))
}

#[test]
fn nobody_with_a_numeric_card_means_no_auction_round_and_nobody_wins() {
    let game = act(no_numbers_in_hand(vec![red(5), red(1)]), S0, Action::Draw);
    let view = game.public_view();
    assert_eq!(view.reveals.last().map(|r| r.winner), Some(None));
    assert_eq!(view.auctions, 1);
    assert!(hand(&game, S0).contains(&red(1)));
}

#[test]
fn one_draw_reveals_every_auction_nobody_could_bid_in() {
    let game = act(no_numbers_in_hand(vec![red(5), blue(5), red(1)]), S0, Action::Draw);
    let view = game.public_view();
    let revealed: Vec<(u32, Card)> =
        view.reveals.iter().map(|reveal| (reveal.number, reveal.five.card())).collect();
    assert_eq!(revealed, vec![(1, red(5)), (2, blue(5))], "both auctions of the draw");
    assert_eq!(view.auctions, 2);
    assert!(hand(&game, S0).contains(&red(1)));
}

#[test]
fn puntaje_raises_ones_own_bid_by_two() {
    let game = auction_table(
        red(5),
        vec![blue(8), black(CardKind::Puntaje), blue(2), blue(3), blue(4)],
        vec![blue(9), yellow(1), yellow(2), yellow(3), yellow(4)],
    );
    let game = act(game, S0, bid(green(1)));
    let raise = Action::Bid(Bid { card: blue(8), puntaje: Some(PuntajeUse::Raise) });
    let game = act(game, S1, raise);
    let game = act(game, S2, bid(blue(9)));
    let reveal = game.public_view().reveals.last().cloned().expect("revealed");
    let value = reveal.bids[1].expect("a bid").value;
    assert!(value.raised);
    assert_eq!((value.value, reveal.winner), (10, Some(S1)));
    // The Puntaje went back into the draw pile with the bids.
    assert!(!hand(&game, S1).contains(&black(CardKind::Puntaje)));
    assert_eq!(game.all_cards().len(), DECK_SIZE);
}

#[test]
fn puntaje_lowers_another_bid_by_one() {
    let game = auction_table(
        red(5),
        vec![blue(8), black(CardKind::Puntaje), blue(2), blue(3), blue(4)],
        vec![blue(9), yellow(1), yellow(2), yellow(3), yellow(4)],
    );
    let game = act(game, S0, bid(green(1)));
    refused(
        &game,
        S1,
        Action::Bid(Bid { card: blue(8), puntaje: Some(PuntajeUse::Lower(S1)) }),
        CincoRejection::NotABidder,
    );
    refused(
        &game,
        S1,
        Action::Bid(Bid { card: blue(8), puntaje: Some(PuntajeUse::Lower(CincoSeat(7))) }),
        CincoRejection::NotABidder,
    );
    let lower = Action::Bid(Bid { card: blue(8), puntaje: Some(PuntajeUse::Lower(S2)) });
    let game = act(game, S1, lower);
    refused(
        &game,
        S2,
        Action::Bid(Bid { card: blue(9), puntaje: Some(PuntajeUse::Raise) }),
        CincoRejection::NoPuntaje,
    );
    let game = act(game, S2, bid(blue(9)));
    let reveal = game.public_view().reveals.last().cloned().expect("revealed");
    let value = reveal.bids[2].expect("a bid").value;
    assert_eq!((value.lowered_by, value.value), (1, 8));
    // 8 against 8: a tie, nobody wins.
    assert_eq!(reveal.winner, None);
}

#[test]
fn puntaje_is_not_played_on_a_turn() {
    let hand0 = vec![black(CardKind::Puntaje), green(1), green(2), green(3), green(4)];
    let game = arrange(table(vec![hand0, five_cards(Colour::Blue, 1)], vec![red(1)], yellow(9)));
    refused(&game, S0, play(black(CardKind::Puntaje)), CincoRejection::PuntajeOnlyInAuction);
    refused(&game, S0, bid(green(1)), CincoRejection::NoAuction);
}

#[test]
fn a_five_drawn_during_a_cambio_is_auctioned_and_the_cambio_still_draws_seven() {
    let hand0 = vec![black(CardKind::Cambio), green(1), green(2), green(3), green(4)];
    let mut pile = vec![Card::skip(Colour::Red), blue(5)];
    pile.extend([red(2), red(3), red(4), red(6), red(7), red(8), red(9)]);
    let hand1 = vec![blue(9), blue(8), blue(7), blue(6), blue(4)];
    let game = arrange(table(vec![hand0, hand1], pile, yellow(9)));
    let discard_before = game.public_view().discard_pile;
    let game = act(game, S0, play(black(CardKind::Cambio)));
    // The hand went to the discard pile, under the Cambio; the 5 was the second card drawn.
    assert_eq!(game.public_view().discard_pile, discard_before + 5);
    assert_eq!(game.public_view().discard_top.map(|c| c.card()), Some(black(CardKind::Cambio)));
    assert_eq!(game.public_view().auction.map(|a| a.five.card()), Some(blue(5)));
    // Seat 0 holds only the Saltar: no numeric card, no bid.
    assert_eq!(hand(&game, S0), vec![Card::skip(Colour::Red)]);
    assert_eq!(game.who_may_act(), vec![S1]);
    let game = act(game, S1, bid(blue(9)));
    assert_eq!(game.public_view().reveals.last().map(|r| r.winner), Some(Some(S1)));
    assert_eq!(hand(&game, S0).len(), 7);
    assert_eq!(game.who_may_act(), vec![S1]);
    assert_eq!(game.all_cards().len(), DECK_SIZE);
}

#[test]
fn after_a_cambio_the_hand_rule_discards_down_to_five() {
    let hand0 = vec![black(CardKind::Cambio), green(1), green(2), green(3), green(4)];
    let pile = vec![red(1), red(2), red(3), red(4), red(6), red(7), red(8), blue(1), blue(2)];
    let game = arrange(table(vec![hand0, five_cards(Colour::Yellow, 6)], pile, yellow(9)));
    let game = act(game, S0, play(black(CardKind::Cambio)));
    assert_eq!(hand(&game, S0).len(), 7);
    // The Cambio kept yellow 9 to follow.
    let game = act(game, S1, play(yellow(6)));
    assert_eq!(
        game.legal_actions(S0).iter().filter(|a| matches!(a, Action::Discard(_))).count(),
        7
    );
    let game = act(game, S0, Action::Discard(red(1)));
    let game = act(game, S0, Action::Discard(red(2)));
    assert_eq!(hand(&game, S0).len(), 5);
    act(game, S0, play(red(6)));
}

#[test]
fn a_five_drawn_from_a_refilled_pile_is_auctioned() {
    // Every 5 not named lies in the discard pile; with an empty draw pile, filling seat 0's
    // hand refills the pile from it, and some seed turns a 5 up at once.
    let found = (0..200).find_map(|seed| {
        let mut arrangement =
            table(vec![vec![green(1), green(2)], five_cards(Colour::Blue, 1)], vec![], yellow(9));
        arrangement.seed = seed;
        let game = arrange(arrangement);
        let view = game.public_view();
        let auction = view.auction?;
        Some((view.shuffles, auction.drawn_by, hand(&game, S0).len()))
    });
    let (shuffles, drawn_by, cards) = found.expect("a 5 comes up from a refill");
    assert_eq!(shuffles, 1);
    assert_eq!(drawn_by, Some(S0));
    assert!(cards < 5);
}

// --- Embargo, Protección, the end --------------------------------------------------------

fn with_fives(mut arrangement: Arrangement, fives: Vec<Vec<Card>>, protected: Vec<bool>) -> Cinco {
    arrangement.fives = fives;
    arrangement.protected = protected;
    arrange(arrangement)
}

#[test]
fn embargo_takes_a_five_from_a_player_without_proteccion() {
    let hand0 = vec![black(CardKind::Embargo), green(1), green(2), green(3), green(4)];
    let arrangement = table(
        vec![hand0, five_cards(Colour::Blue, 1), five_cards(Colour::Red, 1)],
        vec![green(7), green(8), green(9)],
        yellow(9),
    );
    let fives = vec![vec![], vec![blue(5), red(5)], vec![green(5)]];
    let game = with_fives(arrangement.clone(), fives.clone(), vec![false, false, true]);
    let embargo =
        |target| Action::Play { card: black(CardKind::Embargo), choice: Choice::Target(target) };
    refused(&game, S0, play(black(CardKind::Embargo)), CincoRejection::TargetNeeded);
    refused(&game, S0, embargo(S0), CincoRejection::TargetIsYou);
    refused(&game, S0, embargo(S2), CincoRejection::TargetProtected);
    refused(&game, S0, embargo(CincoSeat(3)), CincoRejection::NoSuchSeat);
    let game = act(game, S0, embargo(S1));
    let view = game.public_view();
    assert_eq!(view.players[0].fives.iter().map(|c| c.card()).collect::<Vec<_>>(), vec![red(5)]);
    assert_eq!(view.players[1].fives.len(), 1);
    assert_eq!(view.follow.colour, Some(Colour::Yellow), "a black card keeps the colour");
    let nobody =
        with_fives(arrangement, vec![vec![], vec![], vec![green(5)]], vec![false, false, false]);
    refused(&nobody, S0, embargo(S1), CincoRejection::TargetHasNoFive);
}

#[test]
fn embargo_of_the_fifth_five_wins() {
    let hand0 = vec![black(CardKind::Embargo), green(1), green(2), green(3), green(4)];
    let arrangement = table(
        vec![hand0, five_cards(Colour::Blue, 1)],
        vec![green(7), green(8), green(9)],
        yellow(9),
    );
    let fives = vec![vec![red(5), red(5), blue(5), blue(5)], vec![green(5)]];
    let game = with_fives(arrangement, fives, vec![false, false]);
    let game =
        act(game, S0, Action::Play { card: black(CardKind::Embargo), choice: Choice::Target(S1) });
    assert_eq!(game.outcome(), CincoOutcome::Won { winner: S0, by: WinBy::Embargo });
    assert!(game.who_may_act().is_empty());
    refused(&game, S1, play(blue(1)), CincoRejection::GameOver);
    assert_eq!(game.all_cards().len(), DECK_SIZE);
}

#[test]
fn proteccion_needs_a_five_and_lies_beside_them_for_the_rest_of_the_game() {
    let hand0 = vec![black(CardKind::Protection), green(1), green(2), green(3), green(4)];
    let arrangement = table(
        vec![hand0, five_cards(Colour::Blue, 1)],
        vec![green(7), green(8), green(9)],
        yellow(9),
    );
    let without = with_fives(arrangement.clone(), vec![vec![], vec![]], vec![false, false]);
    refused(&without, S0, play(black(CardKind::Protection)), CincoRejection::ProtectionWithoutFive);
    let with = with_fives(arrangement.clone(), vec![vec![red(5)], vec![]], vec![false, false]);
    let discard_before = with.public_view().discard_pile;
    let game = act(with, S0, play(black(CardKind::Protection)));
    let view = game.public_view();
    assert!(view.players[0].protected);
    assert_eq!(view.discard_pile, discard_before, "Protección is not discarded");
    assert_eq!(view.discard_top.map(|c| c.card()), Some(yellow(9)));
    let twice = arrange(Arrangement {
        hands: vec![
            vec![black(CardKind::Protection), green(1), green(2), green(3), green(4)],
            five_cards(Colour::Blue, 1),
        ],
        fives: vec![vec![red(5)], vec![]],
        protected: vec![true, false],
        ..arrangement
    });
    refused(&twice, S0, play(black(CardKind::Protection)), CincoRejection::AlreadyProtected);
}

#[test]
fn the_fifth_five_won_at_auction_wins() {
    let hand0 = vec![green(1), green(2), green(3), green(4), green(6)];
    let arrangement =
        table(vec![hand0, five_cards(Colour::Blue, 6)], vec![red(5), red(1)], yellow(9));
    let fives = vec![vec![], vec![blue(5), blue(5), green(5), black(CardKind::FiveWild)]];
    let game = with_fives(arrangement, fives, vec![false, false]);
    let game = act(game, S0, Action::Draw);
    let game = act(game, S0, bid(green(1)));
    let game = act(game, S1, bid(blue(9)));
    assert_eq!(game.outcome(), CincoOutcome::Won { winner: S1, by: WinBy::Auction });
}

#[test]
fn when_every_five_is_collected_and_nobody_has_five_the_most_fives_win() {
    let hand0 = vec![green(1), green(2), green(3), green(4), green(6)];
    let hands = vec![hand0, five_cards(Colour::Blue, 6), five_cards(Colour::Red, 6)];
    let arrangement = table(hands, vec![red(5), red(1)], yellow(9));
    let fives = vec![
        vec![blue(5), blue(5), green(5)],
        vec![green(5), yellow(5), yellow(5)],
        vec![black(CardKind::FiveWild), black(CardKind::FiveWild), red(5)],
    ];
    let game = with_fives(arrangement, fives, vec![false, false, false]);
    let game = act(game, S0, Action::Draw);
    let game = act(game, S0, bid(green(1)));
    let game = act(game, S1, bid(blue(6)));
    let game = act(game, S2, bid(red(9)));
    assert_eq!(game.outcome(), CincoOutcome::NoFivesLeft { leaders: vec![S2] });
    assert_eq!(game.all_cards().len(), DECK_SIZE);
}

#[test]
fn a_seat_outside_the_table_is_refused() {
    let game = Cinco::start(CincoSettings { seats: 2, seed: 3 }).expect("a table");
    refused(&game, CincoSeat(2), Action::Draw, CincoRejection::NoSuchSeat);
    assert!(game.private_view(CincoSeat(2)).is_none());
    assert!(Cinco::start(CincoSettings { seats: 1, seed: 3 }).is_err());
    assert!(Cinco::start(CincoSettings { seats: 7, seed: 3 }).is_err());
}

#[test]
fn with_both_piles_empty_the_hand_stays_short_and_drawing_passes() {
    // Every 5 is out and seat 1 holds every other card not named, so nothing is left to draw.
    let named_hand0 = vec![green(1), green(2), green(3)];
    let hand2 = vec![green(4)];
    let fives = vec![
        vec![red(5), red(5), yellow(5), black(CardKind::FiveWild)],
        vec![green(5), green(5), blue(5), black(CardKind::FiveWild)],
        vec![yellow(5), blue(5)],
    ];
    let mut rest = engine::deck();
    for card in named_hand0.iter().chain(&hand2).chain(fives.iter().flatten()).chain([&yellow(9)]) {
        let at = rest.iter().position(|c| c == card).expect("in the deck");
        rest.remove(at);
    }
    let arrangement =
        Arrangement { fives, ..table(vec![named_hand0, rest, hand2], vec![], yellow(9)) };
    let game = arrange(arrangement);
    let view = game.public_view();
    assert_eq!((view.draw_pile, view.discard_pile), (0, 1));
    assert_eq!(hand(&game, S0).len(), 3, "nothing to fill the hand with");
    assert_eq!(game.who_may_act(), vec![S0]);
    let game = act(game, S0, Action::Draw);
    assert_eq!(hand(&game, S0).len(), 3);
    assert_eq!(game.who_may_act(), vec![S1]);
    assert_eq!(game.all_cards().len(), DECK_SIZE);
}

#[test]
fn the_private_view_lists_each_cards_choices() {
    let hands = vec![
        vec![Card::number_wild(4), black(CardKind::Embargo), green(1), blue(2), yellow(3)],
        five_cards(Colour::Blue, 1),
        five_cards(Colour::Red, 1),
    ];
    let arrangement = Arrangement {
        fives: vec![vec![], vec![blue(5)], vec![red(5)]],
        protected: vec![false, false, true],
        ..table(hands, vec![green(7), green(8)], green(9))
    };
    let view = arrange(arrangement).private_view(S0).expect("a seat");
    let colours: Vec<Action> = Colour::ALL
        .iter()
        .map(|&colour| Action::Play { card: Card::number_wild(4), choice: Choice::Colour(colour) })
        .collect();
    assert_eq!(view.actions_with(Card::number_wild(4)), colours);
    // Only seat 1 can be embargoed: seat 2 is protected.
    assert_eq!(
        view.actions_with(black(CardKind::Embargo)),
        vec![Action::Play { card: black(CardKind::Embargo), choice: Choice::Target(S1) }]
    );
    assert_eq!(view.actions_with(green(1)), vec![play(green(1))]);
    assert!(view.actions_with(blue(2)).is_empty());
    assert!(!view.actions.contains(&Action::Draw), "green 1 fits");
}

#[test]
fn a_black_first_discard_lets_any_card_follow_unless_a_colour_is_in_play() {
    let hands = vec![
        vec![blue(1), red(2), Card::skip(Colour::Green), blue(3), blue(4)],
        five_cards(Colour::Red, 3),
    ];
    let free = arrange(table(hands.clone(), vec![green(7)], black(CardKind::Embargo)));
    act(free.clone(), S0, play(blue(1)));
    act(free, S0, play(Card::skip(Colour::Green)));
    let red_in_play = arrange(Arrangement {
        chosen_colour: Some(Colour::Red),
        ..table(hands, vec![green(7)], black(CardKind::Embargo))
    });
    act(red_in_play.clone(), S0, play(red(2)));
    refused(&red_in_play, S0, play(blue(1)), CincoRejection::DoesNotMatch);
}

#[test]
fn an_impossible_arrangement_is_refused_with_its_reason() {
    use engine::CincoSetupError;
    let good =
        table(vec![five_cards(Colour::Red, 1), five_cards(Colour::Blue, 1)], vec![], yellow(9));
    assert!(Cinco::arrange(good.clone()).is_ok());
    let five_in_hand = table(vec![vec![red(5)], five_cards(Colour::Blue, 1)], vec![], yellow(9));
    assert_eq!(Cinco::arrange(five_in_hand).err(), Some(CincoSetupError::FiveMisplaced));
    let won_already = Arrangement {
        fives: vec![vec![red(5), red(5), blue(5), blue(5), green(5)], vec![]],
        ..good.clone()
    };
    assert_eq!(Cinco::arrange(won_already).err(), Some(CincoSetupError::FiveMisplaced));
    let third_copy = table(vec![vec![red(1), red(1), red(1)], vec![]], vec![], yellow(9));
    assert_eq!(Cinco::arrange(third_copy).err(), Some(CincoSetupError::NotInDeck));
    let one_seat = table(vec![vec![red(1)]], vec![], yellow(9));
    assert_eq!(Cinco::arrange(one_seat).err(), Some(CincoSetupError::SeatCount(1)));
    let short_lists = Arrangement { protected: vec![false], ..good };
    assert_eq!(Cinco::arrange(short_lists).err(), Some(CincoSetupError::SeatLists));
}
