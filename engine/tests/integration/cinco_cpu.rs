//! The CINCO computer players: legal, deterministic, and playing to their plan.

use engine::cpu::{CincoPlayer, SplitMix64, cinco_decision_seed, cinco_play_out};
use engine::{
    Arrangement, Bid, Card, CardKind, Choice, Cinco, CincoAction as Action, CincoOutcome,
    CincoSeat, CincoSettings, Colour, PuntajeUse, Rotation,
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

fn arrange(hands: Vec<Vec<Card>>, fives: Vec<Vec<Card>>, draw_pile: Vec<Card>, top: Card) -> Cinco {
    let seats = hands.len();
    Cinco::arrange(Arrangement {
        seed: 5,
        hands,
        fives,
        protected: vec![false; seats],
        draw_pile,
        discard_top: top,
        chosen_colour: None,
        turn: S0,
        rotation: Rotation::Forward,
    })
    .expect("a valid arrangement")
}

fn planned(game: &Cinco, seat: CincoSeat) -> Action {
    CincoPlayer::Planner.choose(game, seat, 11).expect("an action")
}

#[test]
fn both_players_only_choose_legal_actions_and_repeat_themselves_for_a_seed() {
    for player in [CincoPlayer::Planner, CincoPlayer::Random] {
        let mut seeds = SplitMix64::new(3);
        for seats in 2..=6 {
            let mut game =
                Cinco::start(CincoSettings { seats, seed: seeds.next_u64() }).expect("a table");
            for _ in 0..300 {
                let Some(&seat) = game.who_may_act().first() else { break };
                let seed = cinco_decision_seed(&game, seat);
                let action = player.choose(&game, seat, seed).expect("an action");
                assert_eq!(player.choose(&game, seat, seed), Some(action));
                assert!(game.legal_actions(seat).contains(&action));
                game = game.play(seat, action).expect("a legal action");
            }
        }
    }
}

#[test]
fn a_seat_the_game_does_not_wait_for_gets_no_action() {
    let game = Cinco::start(CincoSettings { seats: 3, seed: 8 }).expect("a table");
    let idle =
        (0..3).map(CincoSeat).find(|s| !game.who_may_act().contains(s)).expect("an idle seat");
    assert_eq!(CincoPlayer::Planner.choose(&game, idle, 1), None);
    assert_eq!(CincoPlayer::Random.choose(&game, idle, 1), None);
}

/// Seat 0 cannot play on a yellow 9 and turns up `five`; seats 1 and 2 then bid.
fn auction(five: Card, hand1: Vec<Card>, fives: Vec<Vec<Card>>) -> Cinco {
    let hand0 = vec![green(1), green(2), green(3), green(4), green(6)];
    let hand2 = vec![blue(9), blue(8), blue(2), blue(3), blue(4)];
    let game = arrange(
        vec![hand0, hand1, hand2],
        fives,
        vec![five, red(1)],
        Card::number(Colour::Yellow, 9),
    );
    game.play(S0, Action::Draw).expect("seat 0 draws")
}

#[test]
fn its_fifth_five_gets_its_strongest_bid_and_the_puntaje() {
    let hand1 = vec![red(9), red(2), Card::black(CardKind::Puntaje), blue(6), green(8)];
    let fives = vec![vec![], vec![blue(5), blue(5), green(5), green(5)], vec![]];
    let game = auction(red(5), hand1, fives);
    assert_eq!(
        planned(&game, S1),
        Action::Bid(Bid { card: red(9), puntaje: Some(PuntajeUse::Raise) })
    );
}

#[test]
fn a_rivals_fifth_five_is_fought_with_the_strongest_card() {
    let hand1 = vec![red(9), red(2), blue(6), green(8), green(7)];
    let fives = vec![vec![], vec![], vec![blue(5), blue(5), green(5), green(5)]];
    let game = auction(red(5), hand1, fives);
    assert_eq!(planned(&game, S1), Action::Bid(Bid { card: red(9), puntaje: None }));
}

#[test]
fn the_fives_colour_is_bid_rather_than_a_higher_number() {
    // A red 6 is worth 12 on a red 5, more than the green 9 (9) it keeps for later.
    let hand1 = vec![red(6), Card::number(Colour::Green, 9), blue(1), blue(6), green(7)];
    let game = auction(red(5), hand1, vec![vec![]; 3]);
    assert_eq!(planned(&game, S1), Action::Bid(Bid { card: red(6), puntaje: None }));
}

#[test]
fn embargo_takes_from_the_player_with_the_most_fives() {
    let hand0 = vec![Card::black(CardKind::Embargo), green(1), green(2), green(3), green(4)];
    let hands = vec![
        hand0,
        vec![blue(1), blue(2), blue(3), blue(4), blue(6)],
        vec![red(2), red(3), red(4), red(6), red(7)],
    ];
    let fives = vec![vec![], vec![blue(5)], vec![red(5), green(5)]];
    let game = arrange(hands, fives, vec![green(7), green(8)], Card::number(Colour::Green, 9));
    assert_eq!(
        planned(&game, S0),
        Action::Play { card: Card::black(CardKind::Embargo), choice: Choice::Target(S2) }
    );
}

#[test]
fn proteccion_is_played_once_there_is_a_five_to_protect() {
    let hand0 = vec![Card::black(CardKind::Protection), green(1), green(2), green(3), green(4)];
    let hands = vec![hand0, vec![blue(1), blue(2), blue(3), blue(4), blue(6)]];
    let fives = vec![vec![red(5)], vec![]];
    let game = arrange(hands, fives, vec![green(7), green(8)], Card::number(Colour::Green, 9));
    assert_eq!(
        planned(&game, S0),
        Action::Play { card: Card::black(CardKind::Protection), choice: Choice::None }
    );
}

#[test]
fn the_cheapest_card_that_fits_is_played_and_high_numbers_kept() {
    let hand0 = vec![green(9), green(1), Card::reverse(Colour::Green), blue(8), red(7)];
    let hands = vec![hand0, vec![blue(1), blue(2), blue(3), blue(4), blue(6)]];
    let game =
        arrange(hands, vec![vec![]; 2], vec![green(7), green(8)], Card::number(Colour::Green, 4));
    assert_eq!(
        planned(&game, S0),
        Action::Play { card: Card::reverse(Colour::Green), choice: Choice::None }
    );
}

/// Games the planner wins alone in `games` 4-seat games against three random players, its seat
/// rotating, the deals drawn from `seed`: the count `examples/cinco_strength` prints.
fn planner_wins(seed: u64, games: u32) -> u32 {
    let mut seeds = SplitMix64::new(seed);
    let mut wins = 0;
    for game_number in 0..games {
        let planner = CincoSeat((game_number % 4) as u8);
        let mut players = vec![CincoPlayer::Random; 4];
        players[planner.index()] = CincoPlayer::Planner;
        let start =
            Cinco::start(CincoSettings { seats: 4, seed: seeds.next_u64() }).expect("a table");
        let end = cinco_play_out(start, &players, 100_000, |_| {});
        wins += u32::from(match end.outcome() {
            CincoOutcome::Won { winner, .. } => winner == planner,
            CincoOutcome::NoFivesLeft { leaders } => leaders == [planner],
            CincoOutcome::Running => panic!("game {game_number} did not end"),
        });
    }
    wins
}

#[test]
fn the_planner_beats_three_random_players_far_more_than_a_quarter_of_the_time() {
    // A short version of `examples/cinco_strength`; a random player wins about 25 %.
    let games = 120;
    let wins = planner_wins(21, games);
    assert!(wins * 100 >= games * 45, "the planner won {wins} of {games}");
}

/// The recorded figure (docs/PERFORMANCE.md, docs/rules/cinco.md): the goal is 60 % over at
/// least 1,000 games; `--seed 1` gave 1,400 of 2,000. The games are the example's, so a change
/// of the CPU that costs strength shows here. A few seconds in release:
/// `cargo test --release -p cincobot-engine --test integration cinco_cpu:: -- --ignored`.
#[test]
#[ignore = "2,000 games: run in release"]
fn the_planner_wins_at_least_60_percent_of_the_recorded_2000_games() {
    let games = 2000;
    let wins = planner_wins(1, games);
    assert!(wins * 100 >= games * 60, "the planner won {wins} of {games}");
}
