//! The page's own words (title, connection, errors), from the same Fluent files as the
//! bot's: the page asks for them once in its reader's language and never writes a word of
//! its own. The board's lines are the chat's, rendered with the state.

use std::collections::BTreeMap;

use cincobot_core::i18n::{Locale, Text, Texts};

/// Every word the page shows, by id. `web-tap-again`, `web-cinco-tap-again` and
/// `web-cinco-choose` keep their placeholder for the page to fill in.
const WORDS: &[&str] = &[
    "web-title",
    "web-connecting",
    "web-reconnecting",
    "web-spectating",
    "web-your-turn",
    "web-your-turn-column",
    "web-sending",
    "web-played",
    "web-cinco-hand",
    "web-cinco-bid",
    "web-cinco-pick",
    "web-error-unauthorized",
    "web-error-forbidden",
    "web-error-not-found",
    "web-error-too-many",
    "web-error-too-large",
    "web-error-bad-request",
    "web-error-unavailable",
    "web-error-network",
];

/// The placeholders the page replaces: the point tapped, the action a second tap on a card
/// sends, the card whose actions are offered.
pub const POINT: &str = "{point}";
pub const ACTION: &str = "{action}";
pub const CARD: &str = "{card}";

/// The page's words in `locale`.
#[must_use]
pub fn words(texts: &Texts, locale: Locale) -> BTreeMap<&'static str, String> {
    let mut words: BTreeMap<&'static str, String> =
        WORDS.iter().map(|id| (*id, texts.render(locale, &Text::new(id)))).collect();
    let tap_again = Text::new("web-tap-again").with("point", POINT);
    words.insert("web-tap-again", texts.render(locale, &tap_again));
    let cinco_again = Text::new("web-cinco-tap-again").with("action", ACTION);
    words.insert("web-cinco-tap-again", texts.render(locale, &cinco_again));
    let choose = Text::new("web-cinco-choose").with("card", CARD);
    words.insert("web-cinco-choose", texts.render(locale, &choose));
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_exists_in_both_languages_and_the_tap_keeps_its_placeholder() {
        let texts = Texts::load().expect("the message files");
        for locale in Locale::ALL {
            let words = words(&texts, locale);
            for (id, word) in &words {
                assert!(texts.has(locale, id), "{id} in {locale}");
                assert_ne!(word, id, "{id} is written out");
            }
            assert!(words["web-tap-again"].contains(POINT), "{locale}");
            assert!(words["web-cinco-tap-again"].contains(ACTION), "{locale}");
            assert!(words["web-cinco-choose"].contains(CARD), "{locale}");
        }
        assert_ne!(words(&texts, Locale::Es)["web-title"], words(&texts, Locale::En)["web-title"]);
    }
}
