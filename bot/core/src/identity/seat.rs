use std::fmt;

use engine::{CincoSeat, Seat};

/// The most seats a table has (CINCO's six; board games have two).
pub const MAX_SEATS: usize = 6;

/// A chair at a table of 2–6, numbered from 0 in the order of play: what the store keeps a
/// seat as, for board games and CINCO alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SeatIndex(u8);

impl SeatIndex {
    /// The seat at `index`, if a table can have it.
    #[must_use]
    pub fn new(index: usize) -> Option<SeatIndex> {
        u8::try_from(index).ok().filter(|&i| usize::from(i) < MAX_SEATS).map(SeatIndex)
    }

    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The board-game seat, for the first two.
    #[must_use]
    pub const fn board_seat(self) -> Option<Seat> {
        match self.0 {
            0 => Some(Seat::First),
            1 => Some(Seat::Second),
            _ => None,
        }
    }

    #[must_use]
    pub const fn cinco_seat(self) -> CincoSeat {
        CincoSeat(self.0)
    }
}

impl From<Seat> for SeatIndex {
    fn from(seat: Seat) -> SeatIndex {
        match seat {
            Seat::First => SeatIndex(0),
            Seat::Second => SeatIndex(1),
        }
    }
}

impl TryFrom<CincoSeat> for SeatIndex {
    type Error = CincoSeat;

    fn try_from(seat: CincoSeat) -> Result<SeatIndex, CincoSeat> {
        SeatIndex::new(seat.index()).ok_or(seat)
    }
}

/// Which seats of a table are away (their timer ran out; the CPU plays for them), one bit per
/// seat, as the store keeps it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AwaySeats(u8);

impl AwaySeats {
    /// The set with bit `n` for seat `n`; bits beyond six seats are dropped.
    #[must_use]
    pub const fn from_bits(bits: u8) -> AwaySeats {
        AwaySeats(bits & ((1 << MAX_SEATS) - 1))
    }

    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    #[must_use]
    pub const fn contains(self, seat: SeatIndex) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    #[must_use]
    pub const fn with(self, seat: SeatIndex, away: bool) -> AwaySeats {
        if away { AwaySeats(self.0 | (1 << seat.0)) } else { AwaySeats(self.0 & !(1 << seat.0)) }
    }

    /// The two flags of a board game's seats.
    #[must_use]
    pub const fn pair(self) -> [bool; 2] {
        [self.contains(SeatIndex(0)), self.contains(SeatIndex(1))]
    }

    #[must_use]
    pub const fn from_pair(away: [bool; 2]) -> AwaySeats {
        AwaySeats((away[0] as u8) | ((away[1] as u8) << 1))
    }
}

impl fmt::Display for SeatIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_index_holds_six_seats_and_no_more() {
        assert_eq!(SeatIndex::new(5).map(SeatIndex::index), Some(5));
        assert_eq!(SeatIndex::new(6), None);
        assert_eq!(SeatIndex::new(300), None);
        assert_eq!(SeatIndex::from(Seat::Second).board_seat(), Some(Seat::Second));
        assert_eq!(SeatIndex::new(2).and_then(SeatIndex::board_seat), None);
        assert_eq!(SeatIndex::try_from(CincoSeat(6)), Err(CincoSeat(6)));
    }

    #[test]
    fn away_seats_keep_each_seat_apart() {
        let seats: Vec<SeatIndex> = (0..MAX_SEATS).filter_map(SeatIndex::new).collect();
        for bits in 0..64u8 {
            let away = AwaySeats::from_bits(bits);
            let rebuilt = seats
                .iter()
                .fold(AwaySeats::default(), |set, &seat| set.with(seat, away.contains(seat)));
            assert_eq!(rebuilt, away);
        }
        for pair in [[false, false], [true, false], [false, true], [true, true]] {
            assert_eq!(AwaySeats::from_pair(pair).pair(), pair);
        }
        assert_eq!(AwaySeats::from_bits(0xff).bits(), 0x3f);
    }
}
