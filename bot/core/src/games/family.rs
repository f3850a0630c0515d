//! What a chat keeps settings, ratings and history by: each board game, and CINCO, the card
//! game, which has no board and none of the board games' options.

use super::GameKind;

/// A board game or CINCO.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    Board(GameKind),
    Cinco,
}

impl Family {
    /// Every board game, then CINCO.
    pub fn all() -> impl Iterator<Item = Family> {
        GameKind::ALL.into_iter().map(Family::Board).chain([Family::Cinco])
    }

    /// The stable name used in commands and storage (`kind` of `games`, `family` of
    /// `ratings`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Family::Board(kind) => kind.code(),
            Family::Cinco => "cinco",
        }
    }

    /// Reads a game name as players write it, in English or Spanish.
    #[must_use]
    pub fn parse(word: &str) -> Option<Family> {
        if word.eq_ignore_ascii_case("cinco") {
            return Some(Family::Cinco);
        }
        GameKind::parse(word).map(Family::Board)
    }

    /// The message id of the game's name.
    #[must_use]
    pub const fn name_id(self) -> &'static str {
        match self {
            Family::Board(kind) => kind.name_id(),
            Family::Cinco => "game-cinco",
        }
    }

    /// The board game, if it is one.
    #[must_use]
    pub const fn board(self) -> Option<GameKind> {
        match self {
            Family::Board(kind) => Some(kind),
            Family::Cinco => None,
        }
    }
}

impl From<GameKind> for Family {
    fn from(kind: GameKind) -> Family {
        Family::Board(kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_reads_back_from_its_code() {
        for family in Family::all() {
            assert_eq!(Family::parse(family.code()), Some(family));
        }
        assert_eq!(Family::parse("CINCO"), Some(Family::Cinco));
        assert_eq!(Family::parse("conecta4"), Some(Family::Board(GameKind::Connect4)));
        assert_eq!(Family::parse("uno"), None);
    }
}
