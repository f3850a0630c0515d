//! Random games: nothing panics, the history replays to the same position, and the win
//! detector agrees with a scan of the whole board.

use proptest::prelude::*;

use super::symmetry::Symmetry;
use crate::{
    Board, BoardGame, Direction, FIFTH_OFFERS, Gomoku, GomokuError, GomokuSettings, GomokuSize,
    Line, Outcome, Point, Renju, RenjuMove, RenjuPhase, RenjuSettings, Stone, WinReason,
};

/// Every line of five or more on the whole board that wins under `longer_wins`, found
/// without knowing which stone came last.
fn scan_for_wins(board: &Board, longer_wins: impl Fn(Stone) -> bool) -> Vec<Line> {
    let mut lines = Vec::new();
    for start in board.points() {
        let Some(stone) = board.get(start) else { continue };
        for direction in Direction::ALL {
            let before = start.step(direction, -1).and_then(|p| board.get(p));
            if before == Some(stone) {
                continue;
            }
            let mut end = start;
            while let Some(next) = end.step(direction, 1).filter(|&p| board.get(p) == Some(stone)) {
                end = next;
            }
            let line = Line { from: start, to: end };
            if line.len() == 5 || (line.len() > 5 && longer_wins(stone)) {
                lines.push(line);
            }
        }
    }
    sorted(lines)
}

fn sorted(mut lines: Vec<Line>) -> Vec<Line> {
    lines.sort_by_key(|line| (line.from, line.to));
    lines
}

/// The lines the outcome claims, for comparison with the scan.
fn claimed_lines(outcome: &Outcome) -> Vec<Line> {
    match outcome {
        Outcome::Win { reason: WinReason::Lines(lines), .. } => sorted(lines.clone()),
        _ => Vec::new(),
    }
}

fn gomoku_settings() -> impl Strategy<Value = GomokuSettings> {
    (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(big, overline_wins, forbidden)| {
        GomokuSettings {
            size: if big { GomokuSize::Nineteen } else { GomokuSize::Fifteen },
            overline_wins,
            forbidden_for_black: forbidden,
        }
    })
}

/// Ten fifth moves that the position accepts, picked from `seed` on: every empty point
/// in turn, skipping any that mirrors one already taken.
fn valid_offer(board: &Board, seed: usize) -> [Point; FIFTH_OFFERS] {
    let keeping: Vec<Symmetry> =
        Symmetry::ALL.into_iter().filter(|symmetry| symmetry.preserves(board)).collect();
    let empty: Vec<Point> = board.empty_points().collect();
    let mut offers = Vec::new();
    for point in empty.iter().cycle().skip(seed % empty.len()).take(empty.len()) {
        let mirrors = |&taken: &Point| keeping.iter().any(|s| s.apply(taken, 15) == *point);
        if !offers.iter().any(mirrors) {
            offers.push(*point);
        }
        if offers.len() == FIFTH_OFFERS {
            break;
        }
    }
    offers.try_into().expect("a four-stone board has room for ten different offers")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_gomoku_games_follow_the_rules(
        settings in gomoku_settings(),
        choices in prop::collection::vec(any::<u16>(), 0..400),
    ) {
        let mut game = Gomoku::start(settings);
        for choice in choices {
            if game.outcome().is_over() {
                break;
            }
            let empty: Vec<Point> = game.board().empty_points().collect();
            let start = usize::from(choice) % empty.len();
            // Black's forbidden points are refused and leave the position as it was; the
            // next empty point is tried then.
            for &point in empty.iter().cycle().skip(start).take(empty.len()) {
                let mover = game.seat_to_act();
                prop_assert_eq!(game.parse_move(&game.format_move(point)), Ok(point));
                match game.clone().play(point) {
                    Ok(next) => {
                        prop_assert_eq!(next.stone_at(point), Some(game.stone_to_move()));
                        if let Some(winner) = next.outcome().winner() {
                            prop_assert_eq!(Some(winner), mover);
                        }
                        game = next;
                        break;
                    }
                    Err(error) => {
                        prop_assert!(matches!(error.rejection, GomokuError::Forbidden(_)));
                        prop_assert!(settings.forbidden_for_black);
                        prop_assert_eq!(game.stone_to_move(), Stone::Black);
                        prop_assert_eq!(&error.position, &game);
                    }
                }
            }
            let black_longer = settings.overline_wins && !settings.forbidden_for_black;
            let longer_wins = |stone| match stone {
                Stone::Black => black_longer,
                Stone::White => settings.overline_wins,
            };
            prop_assert_eq!(scan_for_wins(game.board(), longer_wins), claimed_lines(&game.outcome()));
        }
        let replayed = Gomoku::replay(settings, game.history());
        prop_assert_eq!(replayed.ok(), Some(game));
    }

    #[test]
    fn random_renju_games_follow_the_rules(
        choices in prop::collection::vec((any::<u16>(), any::<bool>()), 0..300),
    ) {
        let mut game = Renju::start(RenjuSettings);
        for (choice, offer) in choices {
            if game.outcome().is_over() {
                break;
            }
            let mv = if offer && game.phase() == RenjuPhase::FifthStone {
                RenjuMove::OfferFifth(valid_offer(game.board(), usize::from(choice)))
            } else {
                let legal = game.legal_moves();
                legal[usize::from(choice) % legal.len()]
            };
            prop_assert_eq!(game.parse_move(&game.format_move(mv)), Ok(mv));
            let (black, white) = game.board().count();
            let awaited_stone = match game.phase() {
                RenjuPhase::FifthChoice => Some(Stone::White),
                RenjuPhase::SwapOption { .. } | RenjuPhase::Over => None,
                _ if black == white => Some(Stone::Black),
                _ => Some(Stone::White),
            };
            if let Some(stone) = awaited_stone {
                prop_assert_eq!(game.seat_to_act(), Some(game.seat_of(stone)));
            }
            let black_before = game.black_seat();
            game = match game.play(mv) {
                Ok(next) => next,
                Err(error) => return Err(TestCaseError::fail(format!("{mv:?}: {error}"))),
            };
            if mv == RenjuMove::Swap {
                prop_assert_eq!(game.black_seat(), black_before.opponent());
            }
            let scanned = scan_for_wins(game.board(), |stone| stone == Stone::White);
            prop_assert_eq!(scanned, claimed_lines(&game.outcome()));
            prop_assert_eq!(game.phase() == RenjuPhase::Over, game.outcome().is_over());
        }
        let replayed = Renju::replay(RenjuSettings, game.history());
        prop_assert_eq!(replayed.ok(), Some(game));
    }
}
