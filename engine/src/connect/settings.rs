use super::Column;

/// Which grid is played: the game's name and its line length come with it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ConnectVariant {
    /// 5 en raya: a 9×6 frame whose two side columns start full, five in a line wins.
    #[default]
    FiveInRow,
    /// Classic Connect Four: an empty 7×6 grid, four in a line wins.
    Classic,
}

/// The options of a 5 en raya or Connect Four game.
///
/// The default is plain 5 en raya: the side columns, five to win, no PopOut.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConnectSettings {
    pub variant: ConnectVariant,
    /// PopOut: a player may, instead of dropping, take one of their own discs out of the
    /// bottom of a playable column.
    pub pop_out: bool,
}

impl ConnectSettings {
    /// Every grid has six rows.
    pub const HEIGHT: u8 = 6;

    /// 5 en raya without PopOut.
    #[must_use]
    pub const fn five_in_row() -> ConnectSettings {
        ConnectSettings { variant: ConnectVariant::FiveInRow, pop_out: false }
    }

    /// Classic Connect Four without PopOut.
    #[must_use]
    pub const fn classic() -> ConnectSettings {
        ConnectSettings { variant: ConnectVariant::Classic, pop_out: false }
    }

    /// The same settings with PopOut switched on or off.
    #[must_use]
    pub const fn with_pop_out(self, pop_out: bool) -> ConnectSettings {
        ConnectSettings { pop_out, ..self }
    }

    /// How many discs in a line win: five in 5 en raya, four in Connect Four.
    #[must_use]
    pub const fn win_length(&self) -> u8 {
        match self.variant {
            ConnectVariant::FiveInRow => 5,
            ConnectVariant::Classic => 4,
        }
    }

    /// The width of the frame, side columns included: 9 in 5 en raya, 7 in Connect Four.
    #[must_use]
    pub const fn width(&self) -> u8 {
        match self.variant {
            ConnectVariant::FiveInRow => 9,
            ConnectVariant::Classic => 7,
        }
    }

    /// Whether the frame has the two pre-filled side columns.
    #[must_use]
    pub const fn has_side_columns(&self) -> bool {
        matches!(self.variant, ConnectVariant::FiveInRow)
    }

    /// The frame `x` of a playable column: in 5 en raya the left side column is `x = 0`, so
    /// column 1 is `x = 1`; in Connect Four column 1 is `x = 0`.
    #[must_use]
    pub const fn column_x(&self, column: Column) -> u8 {
        column.index() + self.has_side_columns() as u8
    }

    /// The playable column at frame `x`, or `None` for a side column or beyond the frame.
    #[must_use]
    pub fn column_at(&self, x: u8) -> Option<Column> {
        let offset = u8::from(self.has_side_columns());
        x.checked_sub(offset).and_then(|index| Column::new(index + 1))
    }
}
