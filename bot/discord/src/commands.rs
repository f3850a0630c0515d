//! The slash commands the bot registers, read from the core's command table: their names,
//! typed options and choices, with the Spanish names and descriptions for both Spanish locales
//! Discord has (`es-ES`, `es-419`). Discord always sends a command and its options under
//! their English names, whatever the client shows, so only [`super::typed`] reads them back.

use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption, Permissions};

use cincobot_core::core::commands::{
    ChoiceValue, Choices, CommandKind, CommandOption, CommandSpec, OptionValue, listed,
};
use cincobot_core::i18n::{Locale, Text, Texts};

/// Discord's Spanish locales: Spain, and Latin America.
pub const SPANISH_LOCALES: [&str; 2] = ["es-ES", "es-419"];

/// Builds the registrations with the texts of both languages.
struct Builder<'a> {
    texts: &'a Texts,
}

impl Builder<'_> {
    fn words(&self, locale: Locale, text: &Text) -> String {
        self.texts.render(locale, text)
    }

    fn about(&self, locale: Locale, id: &'static str) -> String {
        self.words(locale, &Text::new(id))
    }

    fn option(&self, command: CommandKind, option: CommandOption) -> CreateCommandOption {
        let kind = match option.value {
            OptionValue::User => CommandOptionType::User,
            OptionValue::Words => CommandOptionType::String,
            OptionValue::Number => CommandOptionType::Integer,
            OptionValue::Switch => CommandOptionType::Boolean,
            OptionValue::Choice(choices) if choices.numeric() => CommandOptionType::Integer,
            OptionValue::Choice(_) => CommandOptionType::String,
        };
        let mut built =
            CreateCommandOption::new(kind, option.english, self.about(Locale::En, option.about))
                .required(option.required);
        for locale in SPANISH_LOCALES {
            built = built
                .name_localized(locale, option.spanish)
                .description_localized(locale, self.about(Locale::Es, option.about));
        }
        if option.suggested {
            built = built.set_autocomplete(true);
        }
        match option.value {
            OptionValue::Number => built.min_int_value(1),
            OptionValue::Choice(choices) => self.choices(built, choices, command),
            OptionValue::User | OptionValue::Words | OptionValue::Switch => built,
        }
    }

    fn choices(
        &self,
        option: CreateCommandOption,
        choices: Choices,
        command: CommandKind,
    ) -> CreateCommandOption {
        choices.list(command).into_iter().fold(option, |option, choice| {
            let english = self.words(Locale::En, &choice.name);
            let spanish = self.words(Locale::Es, &choice.name);
            let localized = SPANISH_LOCALES.map(|locale| (locale, spanish.clone()));
            match choice.value {
                ChoiceValue::Word(value) => {
                    option.add_string_choice_localized(english, value, localized)
                }
                ChoiceValue::Number(value) => {
                    option.add_int_choice_localized(english, value, localized)
                }
            }
        })
    }

    fn command(&self, command: &CommandSpec) -> CreateCommand {
        let mut built =
            CreateCommand::new(command.english).description(self.about(Locale::En, command.about));
        for locale in SPANISH_LOCALES {
            built = built
                .name_localized(locale, command.spanish)
                .description_localized(locale, self.about(Locale::Es, command.about));
        }
        // Shown by default only to those the core lets do it; a server can widen it.
        if command.admin_only {
            built = built.default_member_permissions(Permissions::MANAGE_CHANNELS);
        }
        let options = command.options().into_iter().map(|option| self.option(command.kind, option));
        built.set_options(options.collect())
    }
}

/// Every slash command, ready to register: `/web` only with the `web_board` on.
#[must_use]
pub fn definitions(texts: &Texts, web_board: bool) -> Vec<CreateCommand> {
    let builder = Builder { texts };
    listed(web_board).map(|command| builder.command(command)).collect()
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};
    use serenity::all::CommandData;

    use super::*;
    use crate::typed;
    use cincobot_core::core::commands::{COMMANDS, POINT, kind_of};
    use cincobot_core::core::{Command, parse_command};

    #[test]
    fn web_is_registered_only_with_the_web_board_on() {
        let texts = Texts::load().expect("the message files parse");
        let names = |web_board: bool| -> Vec<String> {
            definitions(&texts, web_board)
                .into_iter()
                .filter_map(|command| {
                    let json = serde_json::to_value(command).expect("serialisable");
                    json["name"].as_str().map(str::to_owned)
                })
                .collect()
        };
        assert!(names(true).contains(&"web".to_owned()));
        let off = names(false);
        assert_eq!(off.len(), COMMANDS.len() - 1);
        assert!(!off.contains(&"web".to_owned()), "{off:?}");
    }

    fn registered() -> Vec<Value> {
        let texts = Texts::load().expect("the message files parse");
        let definitions = definitions(&texts, true).into_iter();
        definitions.map(|command| serde_json::to_value(command).expect("serialisable")).collect()
    }

    /// The command Discord sends when `name` is used with `options`, as [`typed::read`] reads
    /// it; a move carries its point.
    fn read(name: &str, mut options: Vec<Value>) -> Result<Option<Command>, String> {
        if name == "move" {
            options.push(json!({"name": POINT.english, "type": 3, "value": "h8"}));
        }
        let data =
            json!({"id": "1190000000000000002", "name": name, "type": 1, "options": options});
        let data: CommandData = serde_json::from_value(data).map_err(|e| e.to_string())?;
        typed::read(&data).map(|typed| typed.map(|typed| typed.command)).map_err(|e| e.to_string())
    }

    #[test]
    fn every_registered_name_reads_as_its_command_typed_or_written() {
        let registered = registered();
        assert_eq!(registered.len(), COMMANDS.len());
        for (json, command) in registered.iter().zip(&COMMANDS) {
            let english = json["name"].as_str().unwrap_or_default();
            assert_eq!(
                read(english, Vec::new()).map(|read| read.as_ref().map(kind_of)),
                Ok(Some(command.kind))
            );
            let localized =
                SPANISH_LOCALES.map(|locale| json["name_localizations"][locale].as_str());
            for name in localized.into_iter().flatten().chain([english]) {
                let point = if command.kind == CommandKind::Move { " h8" } else { "" };
                let written = parse_command(&format!("/{name}{point}"), "cincobot");
                assert_eq!(
                    written.map(|read| read.as_ref().map(kind_of)),
                    Ok(Some(command.kind)),
                    "/{name}"
                );
            }
        }
    }

    /// Every value a Discord menu offers is read, taken (the command differs from one
    /// without it), and, for a challenge, accepted for its game.
    #[test]
    fn every_choice_is_accepted_by_the_core() {
        let mut offered = 0;
        for json in registered() {
            let name = json["name"].as_str().unwrap_or_default();
            let options = json["options"].as_array().cloned().unwrap_or_default();
            for option in options {
                for choice in option["choices"].as_array().into_iter().flatten() {
                    offered += 1;
                    let given = json!({"name": option["name"], "type": option["type"], "value": choice["value"]});
                    let with = read(name, vec![given]);
                    assert!(matches!(with, Ok(Some(_))), "/{name} {option} {choice}: {with:?}");
                    assert_ne!(with, read(name, Vec::new()), "/{name} {} {choice}", option["name"]);
                    if let Ok(Some(Command::Challenge { kind, options, .. })) = with {
                        let resolved = options.resolve(kind);
                        assert!(resolved.is_ok(), "/{name} {choice}: {resolved:?}");
                    }
                }
            }
        }
        assert!(offered > 50, "the choices are there ({offered})");
    }

    #[test]
    fn admin_commands_are_shown_to_admins_by_default() {
        for (json, command) in registered().iter().zip(&COMMANDS) {
            let expected = if command.admin_only { json!("16") } else { Value::Null };
            assert_eq!(json["default_member_permissions"], expected, "{}", command.english);
        }
    }
}
