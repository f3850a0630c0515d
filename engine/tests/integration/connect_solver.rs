//! The connect solver (`Connect::solve`, the oracle of `data/connect5_solved.txt` and the
//! hard level's endgame) against plain minimax over the rules (`play`, `outcome`), which
//! shares none of its code, on random positions close enough to the end to enumerate.

use std::collections::HashMap;

use engine::cpu::{ConnectOutcome, Unlimited};
use engine::{BoardGame, Connect, ConnectSettings, Point};
use proptest::prelude::*;

/// The cells of the frame, as a key for positions already valued.
fn cells(position: &Connect) -> Vec<u8> {
    let width = position.settings().width();
    let mut key = Vec::with_capacity(usize::from(width) * 6);
    for x in 0..width {
        for y in 0..6 {
            key.push(position.disc_at(Point { x, y }).map_or(0, |disc| disc as u8 + 1));
        }
    }
    key
}

/// The outcome for the player to move, by trying every move to the end.
fn minimax(position: &Connect, memo: &mut HashMap<Vec<u8>, ConnectOutcome>) -> ConnectOutcome {
    let key = cells(position);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mover = position.seat_to_act().expect("a running game");
    let mut best = ConnectOutcome::Loss;
    for mv in position.legal_moves() {
        let next = position.clone().play(mv).expect("a legal move");
        let outcome = match next.outcome().winner() {
            Some(winner) if winner == mover => ConnectOutcome::Win,
            Some(_) => ConnectOutcome::Loss,
            None if next.outcome().is_over() => ConnectOutcome::Draw,
            None => flip(minimax(&next, memo)),
        };
        best = best.max(outcome);
    }
    memo.insert(key, best);
    best
}

fn flip(outcome: ConnectOutcome) -> ConnectOutcome {
    match outcome {
        ConnectOutcome::Win => ConnectOutcome::Loss,
        ConnectOutcome::Draw => ConnectOutcome::Draw,
        ConnectOutcome::Loss => ConnectOutcome::Win,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_solver_agrees_with_minimax(
        five in any::<bool>(),
        choices in proptest::collection::vec(any::<u8>(), 33..=36),
    ) {
        let settings =
            if five { ConnectSettings::five_in_row() } else { ConnectSettings::classic() };
        let mut position = Connect::start(settings);
        for choice in choices {
            // The chosen column, or the next one that does not end the game.
            let legal = position.legal_moves();
            let going_on = (0..legal.len())
                .map(|k| legal[(usize::from(choice) + k) % legal.len()])
                .map(|mv| position.clone().play(mv).expect("a legal move"))
                .find(|next| !next.outcome().is_over());
            let Some(next) = going_on else { break };
            position = next;
        }
        // Few enough empty cells for minimax to enumerate.
        prop_assume!(position.history().len() >= 32);
        let solution = position.solve(&Unlimited).expect("a running game without PopOut");
        let mut memo = HashMap::new();
        prop_assert_eq!(solution.outcome, minimax(&position, &mut memo));
        for (mv, outcome) in solution.moves {
            let next = position.clone().play(mv).expect("a legal move");
            let expected = match next.outcome().winner() {
                Some(_) => ConnectOutcome::Win,
                None if next.outcome().is_over() => ConnectOutcome::Draw,
                None => flip(minimax(&next, &mut memo)),
            };
            prop_assert_eq!(outcome, expected, "{}", mv);
        }
    }
}

#[test]
fn popout_and_finished_games_are_not_solved() {
    let popout = Connect::start(ConnectSettings::classic().with_pop_out(true));
    assert!(popout.solve(&Unlimited).is_none());
    let mut won = Connect::start(ConnectSettings::classic());
    for column in "1525354".chars() {
        let mv = won.parse_move(&column.to_string()).expect("a column");
        won = won.play(mv).expect("a legal drop");
    }
    assert!(won.solve(&Unlimited).is_none());
}
