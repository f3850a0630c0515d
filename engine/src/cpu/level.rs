use std::time::Duration;

/// How hard a computer player tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The thinking time per move the bot gives this level unless configured otherwise:
    /// quick enough for a chat on a small 2-core host.
    #[must_use]
    pub const fn default_budget(self) -> Duration {
        match self {
            Level::Easy => Duration::from_millis(50),
            Level::Normal => Duration::from_millis(300),
            Level::Hard => Duration::from_millis(1000),
        }
    }
}

impl std::str::FromStr for Level {
    type Err = UnknownLevel;

    /// `easy`/`normal`/`hard`, also in Spanish (`fácil`/`facil`, `normal`/`medio`,
    /// `difícil`/`dificil`), any case.
    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        match text.trim().to_lowercase().as_str() {
            "easy" | "fácil" | "facil" | "1" => Ok(Level::Easy),
            "normal" | "medio" | "2" => Ok(Level::Normal),
            "hard" | "difícil" | "dificil" | "3" => Ok(Level::Hard),
            _ => Err(UnknownLevel),
        }
    }
}

/// A level name that is not easy, normal or hard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownLevel;

impl std::fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the level is easy, normal or hard")
    }
}

impl std::error::Error for UnknownLevel {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_in_english_and_spanish() {
        assert_eq!("Hard".parse(), Ok(Level::Hard));
        assert_eq!("difícil".parse(), Ok(Level::Hard));
        assert_eq!(" fácil ".parse(), Ok(Level::Easy));
        assert_eq!("medio".parse(), Ok(Level::Normal));
        assert_eq!("brutal".parse::<Level>(), Err(UnknownLevel));
    }

    #[test]
    fn easy_thinks_at_most_50_ms_by_default() {
        assert!(Level::Easy.default_budget() <= Duration::from_millis(50));
        assert_eq!(Level::Hard.default_budget(), Duration::from_secs(1));
    }
}
