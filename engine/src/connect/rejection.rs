use std::fmt;

/// Why a 5 en raya or Connect Four move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConnectRejection {
    /// The game has already ended.
    GameOver,
    /// A drop into a column that has no room left.
    ColumnFull,
    /// A pop while the PopOut option is off.
    PopOutOff,
    /// A pop from a column without discs.
    NothingToPop,
    /// A pop of a disc of the other colour.
    NotYourDisc,
}

impl fmt::Display for ConnectRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ConnectRejection::GameOver => "the game is already over",
            ConnectRejection::ColumnFull => "that column is full",
            ConnectRejection::PopOutOff => "popping a disc needs the PopOut option",
            ConnectRejection::NothingToPop => "that column has no disc to pop",
            ConnectRejection::NotYourDisc => "you can only pop a disc of your own colour",
        })
    }
}

impl std::error::Error for ConnectRejection {}
