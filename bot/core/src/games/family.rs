//! What a chat keeps settings, ratings and history by: each board game, and CINCO, the card
//! game, which has no board and none of the board games' options.

use serde::{Deserialize, Serialize};

use super::GameKind;

/// A board game or CINCO.
///
/// In JSON, its [`code`](Family::code): `"gomoku"`, `"cinco"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
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

    /// The family whose [`code`](Family::code) is exactly `code`.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Family> {
        Family::all().find(|family| family.code() == code)
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

impl From<Family> for &'static str {
    fn from(family: Family) -> &'static str {
        family.code()
    }
}

impl TryFrom<String> for Family {
    /// Says what was read instead.
    type Error = String;

    fn try_from(code: String) -> Result<Family, String> {
        Family::from_code(&code).ok_or_else(|| format!("`{code}` is not a game's code"))
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

    #[test]
    fn json_holds_the_code() -> Result<(), serde_json::Error> {
        for family in Family::all() {
            assert_eq!(serde_json::to_value(family)?, family.code());
            assert_eq!(serde_json::from_value::<Family>(family.code().into())?, family);
        }
        // Codes only: what players may type instead is no code.
        for other in ["conecta4", "CINCO", "", "board"] {
            assert!(serde_json::from_value::<Family>(other.into()).is_err(), "{other}");
        }
        Ok(())
    }
}
