use std::fmt;

use serde::{Deserialize, Serialize};

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Locale {
    #[default]
    Es,
    En,
}

impl Locale {
    pub const ALL: [Locale; 2] = [Locale::Es, Locale::En];

    /// The language of a client locale tag (`es`, `es-AR`, `en_US`, `EN`); `None` for one the
    /// bot does not speak.
    #[must_use]
    pub fn from_tag(tag: &str) -> Option<Locale> {
        let language = tag.split(['-', '_']).next().unwrap_or(tag).to_lowercase();
        match language.as_str() {
            "es" | "español" | "espanol" | "spanish" => Some(Locale::Es),
            "en" | "english" | "inglés" | "ingles" => Some(Locale::En),
            _ => None,
        }
    }

    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Locale::Es => "es",
            Locale::En => "en",
        }
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_tags_give_their_language() {
        assert_eq!(Locale::from_tag("es-AR"), Some(Locale::Es));
        assert_eq!(Locale::from_tag("en_US"), Some(Locale::En));
        assert_eq!(Locale::from_tag("pt-BR"), None);
    }
}
