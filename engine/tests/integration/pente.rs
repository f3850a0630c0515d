//! Properties of the games with captures, over random legal games: pente and ninuki.

use engine::{
    Board, BoardGame, Capture, Direction, Line, Ninuki, NinukiSettings, NinukiSize, Outcome, Pente,
    PenteSettings, PenteSize, Point, Seat, Stone, WinReason,
};
use proptest::prelude::*;

/// What the properties need from both games beyond [`BoardGame`].
trait CaptureGame: BoardGame<Move = Point> {
    fn board(&self) -> &Board;
    fn captured_by(&self, seat: Seat) -> u16;
    fn captures(&self) -> &[Capture];
    fn stone_of(seat: Seat) -> Stone;
    /// The longest line that wins, if lines longer than five do not.
    fn longest_winning(&self) -> Option<usize>;
}

impl CaptureGame for Pente {
    fn board(&self) -> &Board {
        Pente::board(self)
    }
    fn captured_by(&self, seat: Seat) -> u16 {
        Pente::captured_by(self, seat)
    }
    fn captures(&self) -> &[Capture] {
        Pente::captures(self)
    }
    fn stone_of(seat: Seat) -> Stone {
        Pente::stone_of(seat)
    }
    fn longest_winning(&self) -> Option<usize> {
        None
    }
}

impl CaptureGame for Ninuki {
    fn board(&self) -> &Board {
        Ninuki::board(self)
    }
    fn captured_by(&self, seat: Seat) -> u16 {
        Ninuki::captured_by(self, seat)
    }
    fn captures(&self) -> &[Capture] {
        Ninuki::captures(self)
    }
    fn stone_of(seat: Seat) -> Stone {
        Ninuki::stone_of(seat)
    }
    fn longest_winning(&self) -> Option<usize> {
        (!self.settings().overline_wins).then_some(5)
    }
}

/// One step of a random game: which legal move to pick (near the last stone or anywhere), and
/// a point to try first that may well be refused.
#[derive(Clone, Copy, Debug)]
struct Step {
    pick: usize,
    near: bool,
    attempt: (u8, u8),
}

fn steps(most: usize) -> impl Strategy<Value = Vec<Step>> {
    prop::collection::vec(
        (any::<usize>(), prop::bool::weighted(0.8), (0u8..20, 0u8..20))
            .prop_map(|(pick, near, attempt)| Step { pick, near, attempt }),
        0..most,
    )
}

/// Plays `steps` from `start`, checking after every ply; stops when the game ends.
fn play_out<G: CaptureGame>(start: G, steps: &[Step]) -> Result<G, TestCaseError> {
    let mut position = start;
    for step in steps {
        let attempt = Point::new(step.attempt.0, step.attempt.1);
        position = match position.clone().play(attempt) {
            Ok(next) => next,
            Err(error) => {
                prop_assert_eq!(&error.position, &position, "a refusal changes nothing");
                position
            }
        };
        let legal = position.legal_moves();
        prop_assert_eq!(legal.is_empty(), position.outcome().is_over());
        prop_assert_eq!(position.seat_to_act().is_none(), position.outcome().is_over());
        if legal.is_empty() {
            break;
        }
        let last = position.history().last().copied();
        let near: Vec<Point> = legal
            .iter()
            .copied()
            .filter(|p| last.is_some_and(|last| last.ring_distance(*p) <= 2))
            .collect();
        let pool = if step.near && !near.is_empty() { &near } else { &legal };
        position = position.play(pool[step.pick % pool.len()]).expect("a legal move is accepted");
        check(&position)?;
    }
    Ok(position)
}

/// Every maximal run of one colour on the whole board, of `min` stones or more (at most `max`).
fn runs(board: &Board, min: usize, max: Option<usize>) -> Vec<Line> {
    let mut lines = Vec::new();
    for direction in Direction::ALL {
        for from in board.points() {
            let Some(stone) = board.get(from) else { continue };
            if from.step(direction, -1).is_some_and(|p| board.get(p) == Some(stone)) {
                continue;
            }
            let mut to = from;
            while let Some(next) = to.step(direction, 1).filter(|&p| board.get(p) == Some(stone)) {
                to = next;
            }
            let line = Line { from, to };
            if line.len() >= min && max.is_none_or(|max| line.len() <= max) {
                lines.push(line);
            }
        }
    }
    lines.sort_by_key(|line| (line.from, line.to));
    lines
}

fn check<G: CaptureGame>(position: &G) -> Result<(), TestCaseError> {
    let history = position.history();
    prop_assert_eq!(position.captures().len(), history.len());

    // Stones are conserved: each colour's moves are on the board or in the opponent's tally.
    let (black, white) = position.board().count();
    for seat in [Seat::First, Seat::Second] {
        let played = history.len() / 2 + usize::from(seat == Seat::First && history.len() % 2 == 1);
        let standing = if G::stone_of(seat) == Stone::Black { black } else { white };
        let lost = usize::from(position.captured_by(seat.opponent()));
        prop_assert_eq!(standing + lost, played);
        let recorded: u16 =
            position.captures().iter().skip(seat.index()).step_by(2).map(Capture::stones).sum();
        prop_assert_eq!(recorded, position.captured_by(seat));
    }

    // The win detector agrees with a scan of the whole board.
    let mut claimed = match position.outcome() {
        Outcome::Win { reason: WinReason::Lines(lines), .. } => lines,
        Outcome::Win { reason: WinReason::Captures { lines }, winner } => {
            prop_assert!(position.captured_by(winner) >= 10);
            lines
        }
        _ => Vec::new(),
    };
    claimed.sort_by_key(|line| (line.from, line.to));
    let scanned = match position.longest_winning() {
        // Five or more wins: no such line can stand on the board unless it just won.
        None => runs(position.board(), 5, None),
        // Only exactly five wins: longer lines stand, and a five counts if its owner's stone
        // just completed it.
        Some(longest) => {
            let last = history.last().copied();
            runs(position.board(), 5, Some(longest))
                .into_iter()
                .filter(|line| line.points().any(|p| Some(p) == last))
                .collect()
        }
    };
    prop_assert_eq!(claimed, scanned);
    if let Outcome::Win { winner, .. } = position.outcome() {
        prop_assert_eq!(Some(winner), Some(seat_of_last(history.len())));
    }
    Ok(())
}

fn seat_of_last(plies: usize) -> Seat {
    if plies % 2 == 1 { Seat::First } else { Seat::Second }
}

fn pente_settings() -> impl Strategy<Value = PenteSettings> {
    prop_oneof![Just(PenteSize::Thirteen), Just(PenteSize::Nineteen)]
        .prop_map(|size| PenteSettings { size })
}

fn ninuki_settings() -> impl Strategy<Value = NinukiSettings> {
    (
        prop_oneof![Just(NinukiSize::Fifteen), Just(NinukiSize::Nineteen)],
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(size, overline_wins, forbidden_moves)| NinukiSettings {
            size,
            overline_wins,
            forbidden_moves,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_pente_games_keep_every_invariant(settings in pente_settings(), steps in steps(300)) {
        let position = play_out(Pente::start(settings), &steps)?;
        let replayed = Pente::replay(settings, position.history()).expect("the history replays");
        prop_assert_eq!(replayed, position);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_ninuki_games_keep_every_invariant(settings in ninuki_settings(), steps in steps(300)) {
        let position = play_out(Ninuki::start(settings), &steps)?;
        let replayed = Ninuki::replay(settings, position.history()).expect("the history replays");
        prop_assert_eq!(replayed, position);
    }
}
