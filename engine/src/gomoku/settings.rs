/// The side of a gomoku board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GomokuSize {
    /// 15×15, the usual board (and renju's only one).
    #[default]
    Fifteen,
    /// 19×19, the go board some groups prefer.
    Nineteen,
}

impl GomokuSize {
    /// The number of lines in each direction.
    #[must_use]
    pub const fn side(self) -> u8 {
        match self {
            GomokuSize::Fifteen => 15,
            GomokuSize::Nineteen => 19,
        }
    }
}

/// The options a group may change for gomoku; [`Default`] is the rule page's table: 15×15,
/// overlines win, no forbidden moves.
///
/// The page's fourth option, alternating who starts between rematches, is not here: black is
/// always [`crate::Seat::First`], and the bot decides who sits there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GomokuSettings {
    pub size: GomokuSize,
    /// Six or more in a row wins. When off, only exactly five wins, for both colours, and a
    /// longer line is just stones on the board.
    pub overline_wins: bool,
    /// Black may not make a double three, a double four or an overline: such a move is refused
    /// (never lost), unless it makes exactly five.
    pub forbidden_for_black: bool,
}

impl Default for GomokuSettings {
    fn default() -> Self {
        GomokuSettings {
            size: GomokuSize::Fifteen,
            overline_wins: true,
            forbidden_for_black: false,
        }
    }
}

/// Renju has no options: a 15×15 board, black's forbidden moves lose, and the game opens with
/// Taraguchi-10. The type exists so that renju is stored like every other game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RenjuSettings;

impl RenjuSettings {
    /// The side of the renju board.
    pub const SIDE: u8 = 15;
}
