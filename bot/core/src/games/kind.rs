use std::fmt;

use serde::{Deserialize, Serialize};

/// Which game a table plays; also the family a rating belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Gomoku,
    Renju,
    Ninuki,
    Pente,
    /// 5 en raya.
    Connect5,
    /// Classic Connect Four.
    Connect4,
}

impl GameKind {
    pub const ALL: [GameKind; 6] = [
        GameKind::Gomoku,
        GameKind::Renju,
        GameKind::Ninuki,
        GameKind::Pente,
        GameKind::Connect5,
        GameKind::Connect4,
    ];

    /// The stable name used in commands, storage and the rules documents.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            GameKind::Gomoku => "gomoku",
            GameKind::Renju => "renju",
            GameKind::Ninuki => "ninuki",
            GameKind::Pente => "pente",
            GameKind::Connect5 => "connect5",
            GameKind::Connect4 => "connect4",
        }
    }

    /// Reads a game name as players write it, in English or Spanish.
    #[must_use]
    pub fn parse(word: &str) -> Option<GameKind> {
        match word.to_lowercase().as_str() {
            "gomoku" => Some(GameKind::Gomoku),
            "renju" => Some(GameKind::Renju),
            "ninuki" | "ninuki-renju" | "capturas" => Some(GameKind::Ninuki),
            "pente" => Some(GameKind::Pente),
            "connect5" | "conecta5" | "5enraya" | "5-en-raya" | "cinco-en-raya" => {
                Some(GameKind::Connect5)
            }
            "connect4" | "conecta4" | "4enraya" | "4-en-raya" | "cuatro-en-raya" => {
                Some(GameKind::Connect4)
            }
            _ => None,
        }
    }

    /// The Fluent id of the game's name.
    #[must_use]
    pub const fn name_id(self) -> &'static str {
        match self {
            GameKind::Gomoku => "game-gomoku",
            GameKind::Renju => "game-renju",
            GameKind::Ninuki => "game-ninuki",
            GameKind::Pente => "game-pente",
            GameKind::Connect5 => "game-connect5",
            GameKind::Connect4 => "game-connect4",
        }
    }

    /// Whether moves are columns (5 en raya, Connect Four) rather than points.
    #[must_use]
    pub const fn has_columns(self) -> bool {
        matches!(self, GameKind::Connect5 | GameKind::Connect4)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back() {
        for kind in GameKind::ALL {
            assert_eq!(GameKind::parse(kind.code()), Some(kind));
        }
        assert_eq!(GameKind::parse("Conecta5"), Some(GameKind::Connect5));
        assert_eq!(GameKind::parse("chess"), None);
    }
}
