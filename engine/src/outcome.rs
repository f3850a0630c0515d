use crate::{Line, Point, Seat};

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on.
    Running,
    /// `winner` won, for `reason`.
    Win { winner: Seat, reason: WinReason },
    /// Nobody won.
    Draw(DrawReason),
}

impl Outcome {
    #[must_use]
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::Running)
    }

    /// The winner, if the game was won.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            _ => None,
        }
    }
}

/// How a game was won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The winner's stones or discs in a line; every winning line is listed (one move can
    /// complete several, and a 5 en raya pop can complete the opponent's).
    Lines(Vec<Line>),
    /// Ten or more stones captured (ninuki, pente); the lines are any five made by the
    /// same move, for the board highlight.
    Captures { lines: Vec<Line> },
    /// Renju: black played the forbidden point `point` and lost; `lines` are the threes, the
    /// fours or the overline that made it `kind`, for the board highlight.
    Forbidden { point: Point, kind: ForbiddenKind, lines: Vec<Line> },
}

/// Why a game ended without a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// Every cell or intersection is taken.
    BoardFull,
    /// The player to move has no legal move (forbidden points everywhere, or 5 en raya with
    /// PopOut on a full grid with nothing to pop).
    NoLegalMove,
    /// 5 en raya with PopOut: the same position with the same player to move for the third time.
    Repetition,
}

/// The shapes black may not make under renju's (or gomoku's optional) forbidden-move rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForbiddenKind {
    /// Two or more threes at once.
    DoubleThree,
    /// Two or more fours at once (also two in one line).
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl std::fmt::Display for ForbiddenKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ForbiddenKind::DoubleThree => "double three",
            ForbiddenKind::DoubleFour => "double four",
            ForbiddenKind::Overline => "overline",
        })
    }
}
