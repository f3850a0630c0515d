//! The page's own words (title, connection, errors, the turn's clock), from the same Fluent
//! files as the bot's: the page asks for them once in its reader's language and never writes
//! a word of its own. The board's lines are the chat's, rendered with the state.

use std::collections::BTreeMap;

use cincobot_core::i18n::{Locale, Text, Texts};

/// Every word the page shows as it is, by id.
const WORDS: &[&str] = &[
    "web-title",
    "web-connecting",
    "web-reconnecting",
    "web-spectating",
    "web-your-turn",
    "web-your-turn-column",
    "web-your-turn-choose",
    "web-your-turn-decide",
    "web-your-turn-offer",
    "web-offer-full",
    "web-time-up",
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
    // The label of the chat's button that plays a renju forbidden point, which the chat's
    // question (shown on the page too) tells the player to press.
    "button-confirm",
];

/// The words the page fills in, with the names of what it fills: each stays in the word as
/// `{name}` (`web-tap-again` → "Tap {point} again to play it.").
const FILLED: &[(&str, &[&str])] = &[
    ("web-tap-again", &["point"]),
    ("web-time-left", &["time"]),
    ("web-captures", &["count", "goal"]),
    ("web-cinco-tap-again", &["action"]),
    ("web-cinco-choose", &["card"]),
];

/// The page's words in `locale`.
#[must_use]
pub fn words(texts: &Texts, locale: Locale) -> BTreeMap<&'static str, String> {
    let mut words: BTreeMap<&'static str, String> =
        WORDS.iter().map(|id| (*id, texts.render(locale, &Text::new(id)))).collect();
    for (id, names) in FILLED {
        let text =
            names.iter().fold(Text::new(id), |text, name| text.with(name, format!("{{{name}}}")));
        words.insert(id, texts.render(locale, &text));
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_exists_in_both_languages_and_the_filled_keep_their_places() {
        let texts = Texts::load().expect("the message files");
        for locale in Locale::ALL {
            let words = words(&texts, locale);
            assert_eq!(words.len(), WORDS.len() + FILLED.len());
            for (id, word) in &words {
                assert!(texts.has(locale, id), "{id} in {locale}");
                assert_ne!(word, id, "{id} is written out");
            }
            for (id, names) in FILLED {
                for name in *names {
                    assert!(words[id].contains(&format!("{{{name}}}")), "{id} in {locale}: {name}");
                }
            }
        }
        assert_ne!(words(&texts, Locale::Es)["web-title"], words(&texts, Locale::En)["web-title"]);
    }
}
