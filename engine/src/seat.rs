/// One of the two chairs at a board game.
///
/// Seats, not colours, are what the bot gives to people: in renju a swap hands the
/// other colour to the same person, so a seat keeps its player while colours move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// The seat that moves first when the game starts.
    First,
    /// The other seat.
    Second,
}

impl Seat {
    /// The other seat.
    #[must_use]
    pub const fn opponent(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 0 for [`Seat::First`], 1 for [`Seat::Second`]: handy to index a pair.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }
}
