use std::fmt;

use super::ConnectSettings;
use crate::ParseMoveError;

/// One of the seven playable columns, numbered 1 to 7 from the left as players say them.
///
/// The side columns of 5 en raya are not columns in this sense: nothing is ever played there,
/// so no `Column` can name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Column(u8);

impl Column {
    /// How many playable columns every grid has.
    pub const COUNT: u8 = 7;

    /// The columns from left to right.
    pub const ALL: [Column; 7] =
        [Column(0), Column(1), Column(2), Column(3), Column(4), Column(5), Column(6)];

    /// The column players call `number` (1 to 7), or `None` outside that range.
    #[must_use]
    pub const fn new(number: u8) -> Option<Column> {
        if number >= 1 && number <= Column::COUNT { Some(Column(number - 1)) } else { None }
    }

    /// The number players use, 1 to 7.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// 0 to 6, left to right.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A move of 5 en raya or Connect Four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConnectMove {
    /// Drop a disc into the column; it falls onto the highest disc there.
    Drop(Column),
    /// PopOut only: take your own disc out of the bottom of the column; the discs above fall
    /// one row.
    Pop(Column),
}

impl ConnectMove {
    /// The column the move is played in.
    #[must_use]
    pub const fn column(self) -> Column {
        match self {
            ConnectMove::Drop(column) | ConnectMove::Pop(column) => column,
        }
    }

    /// Reads `3`, `pop 3`, `p3`, `pop3` or `sacar 3` (any case, spaces around ignored).
    ///
    /// # Errors
    /// [`ParseMoveError::SideColumn`] for a side column of 5 en raya (`0`, `8`),
    /// [`ParseMoveError::NoSuchColumn`] for any other number outside 1–7, and
    /// [`ParseMoveError::Unrecognised`] for text that is not a move at all.
    pub fn parse(text: &str, settings: &ConnectSettings) -> Result<ConnectMove, ParseMoveError> {
        const EXPECTED: &str = "a column number from 1 to 7, or pop and a column number";
        let text = text.trim();
        // Longest prefix first, so that `pop3` is not read as `p` + `op3`.
        let pop_rest = ["sacar", "pop", "p"].iter().find_map(|prefix| {
            let head = text.get(..prefix.len())?;
            head.eq_ignore_ascii_case(prefix).then(|| text[prefix.len()..].trim_start())
        });
        let digits = pop_rest.unwrap_or(text);
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseMoveError::Unrecognised { expected: EXPECTED });
        }
        let number: u16 = digits.parse().map_err(|_| ParseMoveError::NoSuchColumn)?;
        let column = u8::try_from(number).ok().and_then(Column::new).ok_or(
            if settings.has_side_columns()
                && (number == 0 || number == u16::from(Column::COUNT) + 1)
            {
                ParseMoveError::SideColumn
            } else {
                ParseMoveError::NoSuchColumn
            },
        )?;
        Ok(if pop_rest.is_some() { ConnectMove::Pop(column) } else { ConnectMove::Drop(column) })
    }
}

impl fmt::Display for ConnectMove {
    /// `3` for a drop, `pop 3` for a pop: what [`ConnectMove::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConnectMove::Drop(column) => write!(f, "{column}"),
            ConnectMove::Pop(column) => write!(f, "pop {column}"),
        }
    }
}
