use crate::{GomokuSettings, RenjuSettings, Stone};

/// What black's forbidden shapes (double three, double four, overline) do, when they exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForbiddenMoves {
    /// Black may make any shape.
    Off,
    /// Black may not play them (gomoku with the option on, Gomocup's renju rule).
    Refused,
    /// Black may play them and loses (renju).
    Loses,
}

/// The rules the grid search plays by: everything that changes what a stone makes. One value
/// covers gomoku with every option, renju after its opening, the Gomocup rule sets, and with
/// `captures` ninuki and pente.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GridRules {
    /// The side of the square board (at most [`crate::MAX_SIZE`]).
    pub size: u8,
    /// Six or more black stones in a row win; otherwise only exactly five does.
    pub black_overline_wins: bool,
    /// Six or more white stones in a row win; otherwise only exactly five does.
    pub white_overline_wins: bool,
    pub forbidden: ForbiddenMoves,
    /// Two enclosed stones are taken off and ten taken stones win (ninuki, pente): the search
    /// then plays by [`crate::cpu::capture_analysis`].
    pub captures: bool,
}

impl GridRules {
    /// The rules of a gomoku game with these settings.
    #[must_use]
    pub fn gomoku(settings: GomokuSettings) -> GridRules {
        let forbidden = if settings.forbidden_for_black {
            ForbiddenMoves::Refused
        } else {
            ForbiddenMoves::Off
        };
        GridRules {
            size: settings.size.side(),
            // A restricted black may not even make an overline.
            black_overline_wins: settings.overline_wins && !settings.forbidden_for_black,
            white_overline_wins: settings.overline_wins,
            forbidden,
            captures: false,
        }
    }

    /// The rules of renju once the opening is over.
    #[must_use]
    pub fn renju() -> GridRules {
        GridRules {
            size: RenjuSettings::SIDE,
            black_overline_wins: false,
            white_overline_wins: true,
            forbidden: ForbiddenMoves::Loses,
            captures: false,
        }
    }

    pub(crate) fn overline_wins(&self, stone: Stone) -> bool {
        match stone {
            Stone::Black => self.black_overline_wins,
            Stone::White => self.white_overline_wins,
        }
    }

    /// Whether `stone` may not make the forbidden shapes.
    pub(crate) fn is_restricted(&self, stone: Stone) -> bool {
        stone == Stone::Black && self.forbidden != ForbiddenMoves::Off
    }
}
