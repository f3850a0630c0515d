use std::fmt;

use super::Point;

/// How a grid game writes its coordinates: a column letter, then the row number from 1 at
/// the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Columns `a`, `b`, … *including* `i` (gomoku, renju, ninuki): `h8` is the centre of 15×15.
    WithI,
    /// Columns `A`, `B`, … *skipping* `I`, as in go (pente): `K10` is the centre of 19×19.
    SkipI,
}

/// Why a coordinate was not understood.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoordinateError {
    /// Not a letter followed by a number (e.g. `8h`, `h`, `hh8`).
    Malformed,
    /// `I` written in pente, whose columns skip it.
    NoColumnI,
    /// Well formed but outside the board (e.g. `z9` or `a16` on 15×15).
    OffBoard,
}

impl fmt::Display for CoordinateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CoordinateError::Malformed => {
                "a coordinate is a column letter then a row number, like h8"
            }
            CoordinateError::NoColumnI => "this board has no column I (it goes H, J, K…)",
            CoordinateError::OffBoard => "that point is outside the board",
        })
    }
}

impl std::error::Error for CoordinateError {}

impl Notation {
    /// The letter of column `x` (0-based), lower case for [`Notation::WithI`] and upper case
    /// for [`Notation::SkipI`], as each game's players write it.
    #[must_use]
    pub fn column_letter(self, x: u8) -> char {
        match self {
            Notation::WithI => char::from(b'a' + x),
            Notation::SkipI => {
                let skip = u8::from(x >= 8);
                char::from(b'A' + x + skip)
            }
        }
    }

    /// `point` written in this notation (`h8`, `K10`).
    #[must_use]
    pub fn format(self, point: Point) -> String {
        format!("{}{}", self.column_letter(point.x), u16::from(point.y) + 1)
    }

    /// Reads a coordinate such as `h8`, `H8` or ` k10 ` on a square board of side `size`.
    ///
    /// # Errors
    /// [`CoordinateError`] says what is wrong with the text.
    pub fn parse(self, text: &str, size: u8) -> Result<Point, CoordinateError> {
        let text = text.trim();
        let mut chars = text.chars();
        let letter = chars
            .next()
            .filter(char::is_ascii_alphabetic)
            .ok_or(CoordinateError::Malformed)?
            .to_ascii_lowercase();
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(CoordinateError::Malformed);
        }
        let row: u16 = digits.parse().map_err(|_| CoordinateError::Malformed)?;
        let index = letter as u8 - b'a';
        let x = match self {
            Notation::WithI => index,
            Notation::SkipI if letter == 'i' => return Err(CoordinateError::NoColumnI),
            Notation::SkipI if index > 8 => index - 1,
            Notation::SkipI => index,
        };
        if x >= size || row == 0 || row > u16::from(size) {
            return Err(CoordinateError::OffBoard);
        }
        let y = u8::try_from(row - 1).map_err(|_| CoordinateError::OffBoard)?;
        Ok(Point::new(x, y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gomoku_centre_is_h8_and_includes_i() {
        assert_eq!(Notation::WithI.parse("h8", 15), Ok(Point::new(7, 7)));
        assert_eq!(Notation::WithI.parse("H8", 15), Ok(Point::new(7, 7)));
        assert_eq!(Notation::WithI.parse("i1", 15), Ok(Point::new(8, 0)));
        assert_eq!(Notation::WithI.parse("j10", 19), Ok(Point::new(9, 9)));
        assert_eq!(Notation::WithI.format(Point::new(8, 14)), "i15");
    }

    #[test]
    fn pente_skips_i() {
        assert_eq!(Notation::SkipI.parse("K10", 19), Ok(Point::new(9, 9)));
        assert_eq!(Notation::SkipI.parse("g7", 13), Ok(Point::new(6, 6)));
        assert_eq!(Notation::SkipI.parse("J1", 19), Ok(Point::new(8, 0)));
        assert_eq!(Notation::SkipI.parse("T19", 19), Ok(Point::new(18, 18)));
        assert_eq!(Notation::SkipI.parse("i5", 19), Err(CoordinateError::NoColumnI));
        assert_eq!(Notation::SkipI.format(Point::new(8, 0)), "J1");
        assert_eq!(Notation::SkipI.format(Point::new(18, 18)), "T19");
    }

    #[test]
    fn every_point_round_trips() {
        for notation in [Notation::WithI, Notation::SkipI] {
            for size in [13u8, 15, 19] {
                for x in 0..size {
                    for y in 0..size {
                        let point = Point::new(x, y);
                        assert_eq!(notation.parse(&notation.format(point), size), Ok(point));
                    }
                }
            }
        }
    }

    #[test]
    fn bad_coordinates_say_why() {
        let n = Notation::WithI;
        assert_eq!(n.parse("", 15), Err(CoordinateError::Malformed));
        assert_eq!(n.parse("8h", 15), Err(CoordinateError::Malformed));
        assert_eq!(n.parse("h", 15), Err(CoordinateError::Malformed));
        assert_eq!(n.parse("h-1", 15), Err(CoordinateError::Malformed));
        assert_eq!(n.parse("h99999", 15), Err(CoordinateError::Malformed));
        assert_eq!(n.parse("ñ3", 15), Err(CoordinateError::Malformed));
        assert_eq!(n.parse("p1", 15), Err(CoordinateError::OffBoard));
        assert_eq!(n.parse("a16", 15), Err(CoordinateError::OffBoard));
        assert_eq!(n.parse("a0", 15), Err(CoordinateError::OffBoard));
        assert_eq!(Notation::SkipI.parse("O13", 13), Err(CoordinateError::OffBoard));
    }
}
