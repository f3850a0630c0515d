//! The options a pente or ninuki game is created with.

/// The board of a pente game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PenteSize {
    /// 19×19, the classic board (centre `K10`).
    #[default]
    Nineteen,
    /// 13×13, the smaller variant the seed's club plays (centre `G7`).
    Thirteen,
}

impl PenteSize {
    /// Points on one side of the board.
    #[must_use]
    pub const fn side(self) -> u8 {
        match self {
            PenteSize::Nineteen => 19,
            PenteSize::Thirteen => 13,
        }
    }
}

/// The options of a pente game. The rules themselves (centre opening, tournament rule,
/// captures, five or more, ten stones) are fixed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PenteSettings {
    pub size: PenteSize,
}

/// The board of a ninuki game: gomoku's boards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NinukiSize {
    /// 15×15, the default (centre `h8`).
    #[default]
    Fifteen,
    /// 19×19 (centre `j10`).
    Nineteen,
}

impl NinukiSize {
    /// Points on one side of the board.
    #[must_use]
    pub const fn side(self) -> u8 {
        match self {
            NinukiSize::Fifteen => 15,
            NinukiSize::Nineteen => 19,
        }
    }
}

/// The options of a ninuki game: gomoku's options, with captures always on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NinukiSettings {
    pub size: NinukiSize,
    /// Six or more in a row wins (the default). When off, only exactly five wins, for both
    /// colours, and a longer line plays on.
    pub overline_wins: bool,
    /// Black may not play a double-three, double-four or overline (off by default). Such a
    /// point is refused, not lost; exactly five and a capture win take priority.
    pub forbidden_moves: bool,
}

impl Default for NinukiSettings {
    fn default() -> NinukiSettings {
        NinukiSettings { size: NinukiSize::Fifteen, overline_wins: true, forbidden_moves: false }
    }
}
