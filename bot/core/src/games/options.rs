use std::fmt;

use serde::{Deserialize, Serialize};

use super::GameKind;

/// How long a player has for each turn before the CPU plays it for them (seed 002: none,
/// 30 s or 60 s).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u16", into = "u16")]
pub enum TurnTimer {
    #[default]
    Off,
    Seconds30,
    Seconds60,
}

impl TurnTimer {
    pub const ALL: [TurnTimer; 3] = [TurnTimer::Off, TurnTimer::Seconds30, TurnTimer::Seconds60];

    /// The seconds per turn, or `None` without a timer.
    #[must_use]
    pub const fn seconds(self) -> Option<u16> {
        match self {
            TurnTimer::Off => None,
            TurnTimer::Seconds30 => Some(30),
            TurnTimer::Seconds60 => Some(60),
        }
    }

    fn parse(text: &str) -> Option<TurnTimer> {
        match text.trim_end_matches('s') {
            "0" | "off" | "no" | "none" | "sin" => Some(TurnTimer::Off),
            "30" => Some(TurnTimer::Seconds30),
            "60" => Some(TurnTimer::Seconds60),
            _ => None,
        }
    }
}

impl TryFrom<u16> for TurnTimer {
    type Error = OptionError;

    fn try_from(seconds: u16) -> Result<TurnTimer, OptionError> {
        TurnTimer::parse(&seconds.to_string())
            .ok_or(OptionError::BadValue { option: "timer".to_owned(), value: seconds.to_string() })
    }
}

impl From<TurnTimer> for u16 {
    fn from(timer: TurnTimer) -> u16 {
        timer.seconds().unwrap_or(0)
    }
}

/// Some of a game's options: what a chat chose as its defaults, or what a challenge asks
/// for. Options left out fall back to the chat's, then to the rule pages' defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overline: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forbidden: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pop_out: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timer: Option<TurnTimer>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranked: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternate: Option<bool>,
}

/// Every option of one game, resolved: stored with the game so that a replay rebuilds it
/// whatever the chat's defaults have become since.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSettings {
    pub kind: GameKind,
    /// The side of a grid board (13, 15, 19); 0 for the 5 en raya frames, which have one size.
    pub size: u8,
    pub overline: bool,
    pub forbidden: bool,
    pub pop_out: bool,
    pub timer: TurnTimer,
    pub ranked: bool,
    /// Whether a rematch hands the first move to the other player.
    pub alternate: bool,
}

impl GameSettings {
    /// The rule pages' defaults for `kind` (seed 002's table for the gomoku family).
    #[must_use]
    pub fn default_for(kind: GameKind) -> GameSettings {
        let shapes = matches!(kind, GameKind::Gomoku | GameKind::Ninuki);
        GameSettings {
            kind,
            size: match kind {
                GameKind::Gomoku | GameKind::Ninuki | GameKind::Renju => 15,
                GameKind::Pente => 19,
                GameKind::Connect5 | GameKind::Connect4 => 0,
            },
            overline: shapes,
            forbidden: kind == GameKind::Renju,
            pop_out: false,
            timer: TurnTimer::Off,
            ranked: true,
            alternate: true,
        }
    }
}

/// The board sides `kind` is played on, its default first; empty for the 5 en raya frames.
#[must_use]
pub const fn board_sizes(kind: GameKind) -> &'static [u8] {
    match kind {
        GameKind::Gomoku | GameKind::Ninuki => &[15, 19],
        GameKind::Renju => &[15],
        GameKind::Pente => &[19, 13],
        GameKind::Connect5 | GameKind::Connect4 => &[],
    }
}

/// Whether `kind`'s players choose the overline and forbidden-point rules (renju's are fixed).
#[must_use]
pub const fn has_shape_options(kind: GameKind) -> bool {
    matches!(kind, GameKind::Gomoku | GameKind::Ninuki)
}

/// The options a chat may set for `kind`, by their code (`option-name` puts them in words):
/// only those that change something in that game.
#[must_use]
pub fn options_for(kind: GameKind) -> Vec<&'static str> {
    let mut options = Vec::with_capacity(7);
    if board_sizes(kind).len() > 1 {
        options.push("size");
    }
    if has_shape_options(kind) {
        options.extend(["overline", "forbidden"]);
    }
    if kind.has_columns() {
        options.push("popout");
    }
    options.extend(["timer", "ranked", "alternate"]);
    options
}

/// An option word or value that was not understood, or does not fit the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// A word that is no option at all.
    Unknown(String),
    /// An option with a value it cannot take (`timer 45`).
    BadValue { option: String, value: String },
    /// An option that does not exist in this game (PopOut in gomoku).
    NotForGame { option: &'static str, kind: GameKind },
    /// A board size this game is not played on.
    BadSize { size: u8, kind: GameKind },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(word) => write!(f, "unknown option {word}"),
            OptionError::BadValue { option, value } => write!(f, "{option} cannot be {value}"),
            OptionError::NotForGame { option, kind } => write!(f, "{kind} has no {option} option"),
            OptionError::BadSize { size, kind } => {
                write!(f, "{kind} is not played on {size}×{size}")
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// Reads on/off in English and Spanish.
fn switch(value: &str) -> Option<bool> {
    match value.to_lowercase().as_str() {
        "on" | "yes" | "true" | "si" | "sí" | "1" | "activado" => Some(true),
        "off" | "no" | "false" | "0" | "desactivado" => Some(false),
        _ => None,
    }
}

/// The code of the option called `word` (`tiempo` → `timer`), English or Spanish.
#[must_use]
pub fn option_code(word: &str) -> Option<&'static str> {
    Some(match word.to_lowercase().as_str() {
        "size" | "tamaño" | "tamano" | "board" | "tablero" => "size",
        "overline" | "linea-larga" | "línea-larga" | "linealarga" => "overline",
        "forbidden" | "prohibidos" | "prohibidas" | "prohibiciones" => "forbidden",
        "popout" | "pop" => "popout",
        "timer" | "tiempo" | "reloj" => "timer",
        "ranked" | "clasificatoria" => "ranked",
        "alternate" | "alternar" => "alternate",
        _ => return None,
    })
}

impl GameOptions {
    /// Reads the options written after a challenge (`19 overline off timer 30 casual`); `words`
    /// holds only option words.
    ///
    /// # Errors
    /// [`OptionError`] for the first word that is not understood.
    pub fn parse(words: &[&str]) -> Result<GameOptions, OptionError> {
        let mut options = GameOptions::default();
        let mut rest = words.iter().map(|word| word.to_lowercase()).peekable();
        while let Some(word) = rest.next() {
            if let Ok(size) = word.parse::<u8>() {
                options.size = Some(size);
                continue;
            }
            match word.as_str() {
                "ranked" | "clasificatoria" | "rated" => options.ranked = Some(true),
                "casual" | "amistosa" | "unrated" => options.ranked = Some(false),
                "popout" | "pop" if rest.peek().is_none_or(|next| switch(next).is_none()) => {
                    options.pop_out = Some(true);
                }
                _ => {
                    let value = rest.next().unwrap_or_default();
                    options.set(&word, &value)?;
                }
            }
        }
        Ok(options)
    }

    /// Sets one option by name (`overline`, `timer`, …, English or Spanish) from its value.
    ///
    /// # Errors
    /// [`OptionError::Unknown`] for an unknown name, [`OptionError::BadValue`] for a value the
    /// option cannot take.
    pub fn set(&mut self, option: &str, value: &str) -> Result<(), OptionError> {
        let bad = || OptionError::BadValue { option: option.to_owned(), value: value.to_owned() };
        let on_off = || switch(value).ok_or_else(bad);
        match option.to_lowercase().as_str() {
            "size" | "tamaño" | "tamano" | "board" | "tablero" => {
                self.size = Some(
                    value.split(['x', '×']).next().unwrap_or(value).parse().map_err(|_| bad())?,
                );
            }
            "overline" | "linea-larga" | "línea-larga" | "linealarga" => {
                self.overline = Some(on_off()?);
            }
            "forbidden" | "prohibidos" | "prohibidas" | "prohibiciones" => {
                self.forbidden = Some(on_off()?)
            }
            "popout" | "pop" => self.pop_out = Some(on_off()?),
            "timer" | "tiempo" | "reloj" => {
                self.timer = Some(TurnTimer::parse(value).ok_or_else(bad)?)
            }
            "ranked" | "clasificatoria" => self.ranked = Some(on_off()?),
            "alternate" | "alternar" => self.alternate = Some(on_off()?),
            _ => return Err(OptionError::Unknown(option.to_owned())),
        }
        Ok(())
    }

    /// These options with `over`'s set ones taking their place.
    #[must_use]
    pub fn overridden_by(&self, over: &GameOptions) -> GameOptions {
        GameOptions {
            size: over.size.or(self.size),
            overline: over.overline.or(self.overline),
            forbidden: over.forbidden.or(self.forbidden),
            pop_out: over.pop_out.or(self.pop_out),
            timer: over.timer.or(self.timer),
            ranked: over.ranked.or(self.ranked),
            alternate: over.alternate.or(self.alternate),
        }
    }

    /// The full settings of a `kind` game with these options and the rule pages' defaults.
    ///
    /// # Errors
    /// [`OptionError`] when an option does not exist in `kind` or a size is not played.
    pub fn resolve(&self, kind: GameKind) -> Result<GameSettings, OptionError> {
        let defaults = GameSettings::default_for(kind);
        let sizes = board_sizes(kind);
        let size = match self.size {
            None => defaults.size,
            Some(size) if sizes.contains(&size) => size,
            Some(_) if sizes.is_empty() => {
                return Err(OptionError::NotForGame { option: "size", kind });
            }
            Some(size) => return Err(OptionError::BadSize { size, kind }),
        };
        let shapes = has_shape_options(kind);
        let only_in = |value: Option<bool>, allowed: bool, option, default| match value {
            Some(value) if allowed => Ok(value),
            Some(_) => Err(OptionError::NotForGame { option, kind }),
            None => Ok(default),
        };
        Ok(GameSettings {
            kind,
            size,
            overline: only_in(self.overline, shapes, "overline", defaults.overline)?,
            forbidden: only_in(self.forbidden, shapes, "forbidden", defaults.forbidden)?,
            pop_out: only_in(self.pop_out, kind.has_columns(), "popout", defaults.pop_out)?,
            timer: self.timer.unwrap_or(defaults.timer),
            ranked: self.ranked.unwrap_or(defaults.ranked),
            alternate: self.alternate.unwrap_or(defaults.alternate),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn challenge_words_in_both_languages() {
        let options = GameOptions::parse(&["19", "overline", "off", "tiempo", "30", "amistosa"]);
        let expected = GameOptions {
            size: Some(19),
            overline: Some(false),
            timer: Some(TurnTimer::Seconds30),
            ranked: Some(false),
            ..GameOptions::default()
        };
        assert_eq!(options, Ok(expected));
        assert_eq!(GameOptions::parse(&["popout"]).map(|o| o.pop_out), Ok(Some(true)));
        assert_eq!(
            GameOptions::parse(&["timer", "45"]),
            Err(OptionError::BadValue { option: "timer".into(), value: "45".into() })
        );
        assert_eq!(GameOptions::parse(&["blitz"]), Err(OptionError::Unknown("blitz".into())));
    }

    #[test]
    fn defaults_follow_the_rule_pages() {
        let gomoku = GameOptions::default().resolve(GameKind::Gomoku);
        assert_eq!(
            gomoku.map(|s| (s.size, s.overline, s.forbidden, s.alternate)),
            Ok((15, true, false, true))
        );
        let pente = GameOptions::default().resolve(GameKind::Pente);
        assert_eq!(pente.map(|s| s.size), Ok(19));
    }

    #[test]
    fn options_must_fit_the_game() {
        let popout = GameOptions { pop_out: Some(true), ..GameOptions::default() };
        assert_eq!(
            popout.resolve(GameKind::Gomoku),
            Err(OptionError::NotForGame { option: "popout", kind: GameKind::Gomoku })
        );
        let big = GameOptions { size: Some(19), ..GameOptions::default() };
        assert_eq!(
            big.resolve(GameKind::Renju),
            Err(OptionError::BadSize { size: 19, kind: GameKind::Renju })
        );
    }

    #[test]
    fn a_challenge_overrides_the_chat() {
        let chat = GameOptions {
            size: Some(19),
            timer: Some(TurnTimer::Seconds60),
            ..GameOptions::default()
        };
        let challenge = GameOptions { timer: Some(TurnTimer::Off), ..GameOptions::default() };
        let merged = chat.overridden_by(&challenge);
        assert_eq!((merged.size, merged.timer), (Some(19), Some(TurnTimer::Off)));
    }

    #[test]
    fn each_game_lists_only_its_own_options() {
        assert_eq!(
            options_for(GameKind::Gomoku),
            ["size", "overline", "forbidden", "timer", "ranked", "alternate"]
        );
        assert_eq!(options_for(GameKind::Renju), ["timer", "ranked", "alternate"]);
        assert_eq!(options_for(GameKind::Pente), ["size", "timer", "ranked", "alternate"]);
        assert_eq!(options_for(GameKind::Connect4), ["popout", "timer", "ranked", "alternate"]);
        let spanish = GameOptions::parse(&["prohibidos", "sí", "línea-larga", "no"]);
        assert_eq!(spanish.map(|o| (o.forbidden, o.overline)), Ok((Some(true), Some(false))));
    }

    #[test]
    fn settings_survive_json() -> Result<(), serde_json::Error> {
        let settings = GameOptions { timer: Some(TurnTimer::Seconds30), ..GameOptions::default() }
            .resolve(GameKind::Connect5);
        let Ok(settings) = settings else { panic!("5 en raya takes a timer") };
        let json = serde_json::to_string(&settings)?;
        assert_eq!(serde_json::from_str::<GameSettings>(&json)?, settings);
        Ok(())
    }
}
