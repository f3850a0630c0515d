//! Property tests: random games, checked against brute force and against replays.

use proptest::prelude::*;

use super::lines;
use super::*;
use crate::{BoardGame, Direction, Line, Outcome, Point, Seat, WinReason};

fn settings() -> impl Strategy<Value = ConnectSettings> {
    (any::<bool>(), any::<bool>()).prop_map(|(classic, pop_out)| {
        let settings =
            if classic { ConnectSettings::classic() } else { ConnectSettings::five_in_row() };
        settings.with_pop_out(pop_out)
    })
}

/// Every maximal run of at least `length` cells of `disc`, found by walking the grid cell by
/// cell, sorted so that two lists can be compared.
fn brute_force_lines(
    disc_at: impl Fn(Point) -> Option<Disc>,
    disc: Disc,
    length: usize,
) -> Vec<Line> {
    let at = |x: i32, y: i32| {
        let (x, y) = (u8::try_from(x).ok()?, u8::try_from(y).ok()?);
        disc_at(Point::new(x, y))
    };
    let mut found = Vec::new();
    for x in 0..9 {
        for y in 0..6 {
            for direction in Direction::ALL {
                let (dx, dy) = direction.delta();
                if at(x, y) != Some(disc) || at(x - dx, y - dy) == Some(disc) {
                    continue;
                }
                let mut len = 1;
                while at(x + dx * len, y + dy * len) == Some(disc) {
                    len += 1;
                }
                if len >= i32::try_from(length).unwrap_or(i32::MAX) {
                    let end = |v: i32| u8::try_from(v).unwrap_or(u8::MAX);
                    let from = Point::new(end(x), end(y));
                    let to = Point::new(end(x + dx * (len - 1)), end(y + dy * (len - 1)));
                    found.push(Line { from, to });
                }
            }
        }
    }
    sorted(found)
}

fn sorted(mut lines: Vec<Line>) -> Vec<Line> {
    lines.sort_by_key(|line| (line.from, line.to));
    lines
}

fn every_move() -> impl Iterator<Item = ConnectMove> {
    Column::ALL.into_iter().flat_map(|column| [ConnectMove::Drop(column), ConnectMove::Pop(column)])
}

/// Checks everything that must hold in any position reached by legal play.
fn check_invariants(position: &Connect, start: &Connect) -> Result<(), TestCaseError> {
    let settings = *position.settings();
    let length = usize::from(settings.win_length());
    let lines_of = |disc| brute_force_lines(|p| position.disc_at(p), disc, length);

    // The outcome agrees with a scan of the whole grid.
    match position.outcome() {
        Outcome::Win { winner, reason: WinReason::Lines(found) } => {
            prop_assert_eq!(sorted(found), lines_of(Disc::of(winner)));
            let loser_lines = lines_of(Disc::of(winner.opponent()));
            let popped = matches!(position.last_move(), Some(ConnectMove::Pop(_)));
            prop_assert!(loser_lines.is_empty() || popped, "only a pop gives both lines");
        }
        Outcome::Win { .. } => prop_assert!(false, "5 en raya is won only by lines"),
        Outcome::Draw(_) | Outcome::Running => {
            prop_assert!(lines_of(Disc::Red).is_empty());
            prop_assert!(lines_of(Disc::Yellow).is_empty());
        }
    }

    // Whoever is to act has a move, and exactly the legal moves are accepted.
    let legal = position.legal_moves();
    prop_assert_eq!(position.seat_to_act().is_some(), !legal.is_empty());
    for mv in every_move() {
        prop_assert_eq!(position.check(mv).is_ok(), legal.contains(&mv));
        if let Err(error) = position.clone().play(mv) {
            prop_assert!(!legal.contains(&mv));
            prop_assert_eq!(&error.position, position);
        }
    }

    // Side discs never change, and every column is stacked from the bottom.
    for x in 0..settings.width() {
        let mut height = 0;
        for y in 0..ConnectSettings::HEIGHT {
            let point = Point::new(x, y);
            if position.is_side_disc(point) {
                prop_assert_eq!(position.disc_at(point), start.disc_at(point));
            }
            if position.disc_at(point).is_some() {
                prop_assert_eq!(height, y, "a floating disc at {}", point);
                height += 1;
            }
        }
        if let Some(column) = settings.column_at(x) {
            prop_assert_eq!(position.height(column), height);
        }
    }

    // Disc counts: the side discs, plus each colour's drops, minus its pops.
    for seat in [Seat::First, Seat::Second] {
        let disc = Disc::of(seat);
        let (drops, pops) = position.history().iter().skip(seat.index()).step_by(2).fold(
            (0, 0),
            |(drops, pops), mv| match mv {
                ConnectMove::Drop(_) => (drops + 1, pops),
                ConnectMove::Pop(_) => (drops, pops + 1),
            },
        );
        prop_assert_eq!(position.count(disc) + pops, start.count(disc) + drops);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_keep_every_invariant(
        settings in settings(),
        choices in proptest::collection::vec(any::<u8>(), 0..160),
    ) {
        let start = Connect::start(settings);
        let mut position = start.clone();
        check_invariants(&position, &start)?;
        for choice in choices {
            let legal = position.legal_moves();
            let Some(&mv) = legal.get(usize::from(choice) % legal.len().max(1)) else { break };
            position = position.play(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
            check_invariants(&position, &start)?;
        }
        let replayed = Connect::replay(settings, position.history())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(replayed, position);
    }

    #[test]
    fn the_line_finder_agrees_with_brute_force_on_any_grid(
        settings in settings(),
        cells in any::<u64>(),
    ) {
        let discs = cells & lines::frame_mask(settings.width());
        let disc_at = |point: Point| {
            let inside = point.x < settings.width() && point.y < ConnectSettings::HEIGHT;
            (inside && discs & lines::cell(point.x, point.y) != 0).then_some(Disc::Red)
        };
        let length = settings.win_length();
        let expected = brute_force_lines(disc_at, Disc::Red, usize::from(length));
        prop_assert_eq!(sorted(lines::lines(discs, length)), expected.clone());
        prop_assert_eq!(lines::has_line(discs, length), !expected.is_empty());
    }

    #[test]
    fn reading_any_text_never_panics(text in ".{0,12}", settings in settings()) {
        let position = Connect::start(settings);
        if let Ok(mv) = position.parse_move(&text) {
            prop_assert_eq!(position.parse_move(&position.format_move(mv)), Ok(mv));
        }
    }
}
