/// Why the computer knows it has lost whatever it plays: what the bot can tell the players
/// when it resigns. Found by the search, not guessed: the opponent's win is forced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hopeless {
    /// The opponent has a five to make that cannot be blocked: two points make it, or the one
    /// block is a point forbidden to black (renju).
    OpponentFourUnblockable,
    /// Every move loses against best play: the opponent wins by continuous fours (gomoku,
    /// renju), or the exact solver proved the loss (5 en raya, Connect Four).
    ForcedLoss,
}
