use crate::Seat;

/// A disc of 5 en raya or Connect Four. Red belongs to the first seat and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Disc {
    Red,
    Yellow,
}

impl Disc {
    /// The colour played by `seat`.
    #[must_use]
    pub const fn of(seat: Seat) -> Disc {
        match seat {
            Seat::First => Disc::Red,
            Seat::Second => Disc::Yellow,
        }
    }

    /// The seat that plays this colour.
    #[must_use]
    pub const fn seat(self) -> Seat {
        match self {
            Disc::Red => Seat::First,
            Disc::Yellow => Seat::Second,
        }
    }

    /// The other colour.
    #[must_use]
    pub const fn opponent(self) -> Disc {
        match self {
            Disc::Red => Disc::Yellow,
            Disc::Yellow => Disc::Red,
        }
    }
}
