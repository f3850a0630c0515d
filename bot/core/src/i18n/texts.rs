use std::fmt;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use super::{Arg, Locale, Text};

/// The Fluent sources of one language, embedded so the binary needs no files beside it.
const SPANISH: &[&str] = &[
    include_str!("../../locales/es/bot.ftl"),
    include_str!("../../locales/es/commands.ftl"),
    include_str!("../../locales/es/games.ftl"),
    include_str!("../../locales/es/errors.ftl"),
    include_str!("../../locales/es/telegram.ftl"),
    include_str!("../../locales/es/discord.ftl"),
    include_str!("../../locales/es/flow.ftl"),
    include_str!("../../locales/es/words.ftl"),
    include_str!("../../locales/es/board.ftl"),
    include_str!("../../locales/es/cinco.ftl"),
    include_str!("../../locales/es/web.ftl"),
];
const ENGLISH: &[&str] = &[
    include_str!("../../locales/en/bot.ftl"),
    include_str!("../../locales/en/commands.ftl"),
    include_str!("../../locales/en/games.ftl"),
    include_str!("../../locales/en/errors.ftl"),
    include_str!("../../locales/en/telegram.ftl"),
    include_str!("../../locales/en/discord.ftl"),
    include_str!("../../locales/en/flow.ftl"),
    include_str!("../../locales/en/words.ftl"),
    include_str!("../../locales/en/board.ftl"),
    include_str!("../../locales/en/cinco.ftl"),
    include_str!("../../locales/en/web.ftl"),
];

/// The messages of every language, parsed once at start-up.
pub struct Texts {
    bundles: [FluentBundle<FluentResource>; 2],
}

impl fmt::Debug for Texts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Texts").finish_non_exhaustive()
    }
}

/// A Fluent file of the binary that does not parse: a bug caught by the tests.
#[derive(Debug)]
pub struct TextsError(String);

impl fmt::Display for TextsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a message file is broken: {}", self.0)
    }
}

impl std::error::Error for TextsError {}

impl Texts {
    /// Parses the embedded message files.
    ///
    /// # Errors
    /// [`TextsError`] if a file does not parse or repeats a message.
    pub fn load() -> Result<Texts, TextsError> {
        Ok(Texts { bundles: [bundle(Locale::Es, SPANISH)?, bundle(Locale::En, ENGLISH)?] })
    }

    fn bundle(&self, locale: Locale) -> &FluentBundle<FluentResource> {
        match locale {
            Locale::Es => &self.bundles[0],
            Locale::En => &self.bundles[1],
        }
    }

    /// Whether `locale` has a message `id`.
    #[must_use]
    pub fn has(&self, locale: Locale, id: &str) -> bool {
        self.bundle(locale).has_message(id)
    }

    /// The ids of every message of `locale`, sorted.
    #[must_use]
    pub fn ids(locale: Locale) -> Vec<String> {
        let mut ids: Vec<String> = sources(locale)
            .iter()
            .filter_map(|source| FluentResource::try_new((*source).to_owned()).ok())
            .flat_map(|resource| {
                resource
                    .entries()
                    .filter_map(|entry| match entry {
                        fluent_syntax::ast::Entry::Message(message) => {
                            Some(message.id.name.to_owned())
                        }
                        _ => None,
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        ids.sort();
        ids
    }

    /// `text` in words of `locale`. A missing message is written as its id and logged, so a
    /// slip in a file never stops the bot.
    #[must_use]
    pub fn render(&self, locale: Locale, text: &Text) -> String {
        let bundle = self.bundle(locale);
        let Some(pattern) = bundle.get_message(text.id).and_then(|message| message.value()) else {
            tracing::warn!(id = text.id, %locale, "missing message");
            return text.id.to_owned();
        };
        let mut args = FluentArgs::new();
        for (name, value) in &text.args {
            let value = match value {
                Arg::Plain(words) => FluentValue::from(words.clone()),
                Arg::Number(number) => FluentValue::from(*number),
                Arg::Text(inner) => FluentValue::from(self.render(locale, inner)),
            };
            args.set(*name, value);
        }
        let mut errors = Vec::new();
        let words = bundle.format_pattern(pattern, Some(&args), &mut errors);
        if !errors.is_empty() {
            tracing::warn!(id = text.id, %locale, ?errors, "message arguments");
        }
        words.into_owned()
    }

    /// Several texts, one per line.
    #[must_use]
    pub fn render_lines(&self, locale: Locale, texts: &[Text]) -> String {
        texts.iter().map(|text| self.render(locale, text)).collect::<Vec<_>>().join("\n")
    }
}

/// The Fluent sources of `locale` compiled into the binary.
pub(super) fn sources(locale: Locale) -> &'static [&'static str] {
    match locale {
        Locale::Es => SPANISH,
        Locale::En => ENGLISH,
    }
}

fn bundle(locale: Locale, sources: &[&str]) -> Result<FluentBundle<FluentResource>, TextsError> {
    let language: LanguageIdentifier =
        locale.code().parse().map_err(|_| TextsError(format!("language {locale}")))?;
    let mut bundle = FluentBundle::new_concurrent(vec![language]);
    // Isolation marks around arguments would show up as stray characters in chat clients.
    bundle.set_use_isolating(false);
    for source in sources {
        let resource = FluentResource::try_new((*source).to_owned())
            .map_err(|(_, errors)| TextsError(format!("{locale}: {errors:?}")))?;
        bundle
            .add_resource(resource)
            .map_err(|errors| TextsError(format!("{locale}: {errors:?}")))?;
    }
    Ok(bundle)
}
