use engine::cpu::Level;
use serde::{Deserialize, Serialize};

/// Who sits in a seat: a person, or the computer at a level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    Human { id: String, name: String },
    Cpu { level: CpuLevel },
}

/// [`Level`] as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CpuLevel {
    Easy,
    Normal,
    Hard,
}

impl From<Level> for CpuLevel {
    fn from(level: Level) -> CpuLevel {
        match level {
            Level::Easy => CpuLevel::Easy,
            Level::Normal => CpuLevel::Normal,
            Level::Hard => CpuLevel::Hard,
        }
    }
}

impl From<CpuLevel> for Level {
    fn from(level: CpuLevel) -> Level {
        match level {
            CpuLevel::Easy => Level::Easy,
            CpuLevel::Normal => Level::Normal,
            CpuLevel::Hard => Level::Hard,
        }
    }
}

impl CpuLevel {
    /// The stable name, as stored and as a typed option's value.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            CpuLevel::Easy => "easy",
            CpuLevel::Normal => "normal",
            CpuLevel::Hard => "hard",
        }
    }

    /// The Fluent id of the level's name.
    #[must_use]
    pub const fn name_id(self) -> &'static str {
        match self {
            CpuLevel::Easy => "level-easy",
            CpuLevel::Normal => "level-normal",
            CpuLevel::Hard => "level-hard",
        }
    }
}

impl Player {
    /// The platform id of a person; `None` for the CPU.
    #[must_use]
    pub fn user_id(&self) -> Option<&str> {
        match self {
            Player::Human { id, .. } => Some(id),
            Player::Cpu { .. } => None,
        }
    }

    #[must_use]
    pub fn is_cpu(&self) -> bool {
        matches!(self, Player::Cpu { .. })
    }
}
