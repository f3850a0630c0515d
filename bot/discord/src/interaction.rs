//! An interaction as the core's [`Input`]: who (by id), where (a server channel is a group,
//! a DM a private chat), their client's locale, whether they administer the channel, the
//! interaction's id as the event id, and what they did — a typed command, or a component's
//! custom id (a select menu's chosen value is itself a payload). A `/move` autocomplete is
//! a question for the core instead ([`move_query`]).

use serenity::all::{
    ChannelId, CommandInteraction, ComponentInteraction, ComponentInteractionDataKind, GuildId,
    Member, Permissions, User as DiscordUser,
};

use super::typed;
use cincobot_core::core::commands::{CommandKind, GAME, POINT, by_english_name};
use cincobot_core::core::{
    Action, Chat, ChatKind, CommandError, EventId, GameId, Input, Platform, User,
};
use cincobot_core::i18n::Locale;
use cincobot_runtime::MoveQuery;

/// A Discord user as the core knows them: by id, called by their display name, mentioned by
/// their unique username.
#[must_use]
pub fn person(user: &DiscordUser) -> User {
    let name = user.global_name.clone().unwrap_or_else(|| user.name.clone());
    User { id: user.id.get().to_string(), name, handle: Some(user.name.clone()) }
}

/// The channel as a chat: in a server, a group; without a server, the DM with the bot.
#[must_use]
pub fn chat_of(guild: Option<GuildId>, channel: ChannelId) -> Chat {
    Chat {
        platform: Platform::Discord,
        id: channel.get().to_string(),
        kind: if guild.is_some() { ChatKind::Group } else { ChatKind::Private },
    }
}

/// Members who may manage the server or this channel administer its games; in a DM the user
/// is alone with the bot.
#[must_use]
pub fn is_admin(member: Option<&Member>) -> bool {
    match member {
        None => true,
        Some(member) => member.permissions.is_some_and(|permissions| {
            permissions.intersects(Permissions::MANAGE_GUILD | Permissions::MANAGE_CHANNELS)
        }),
    }
}

fn event(id: serenity::all::InteractionId) -> EventId {
    EventId(format!("i:{}", id.get()))
}

/// A slash command as an input; `Ok(None)` for a command the bot does not have.
///
/// # Errors
/// [`CommandError`] for options the core cannot take.
pub fn command_input(interaction: &CommandInteraction) -> Result<Option<Input>, CommandError> {
    let Some(typed) = typed::read(&interaction.data)? else { return Ok(None) };
    Ok(Some(Input {
        event: event(interaction.id),
        user: person(&interaction.user),
        chat: chat_of(interaction.guild_id, interaction.channel_id),
        is_chat_admin: is_admin(interaction.member.as_deref()),
        locale: Locale::from_tag(&interaction.locale),
        introduced: typed.introduced,
        replied_to: None,
        action: Action::Typed(typed.command),
    }))
}

/// A button press or a select menu choice as an input; `None` for a component the bot never
/// draws (a select menu with no value).
#[must_use]
pub fn component_input(interaction: &ComponentInteraction) -> Option<Input> {
    let payload = match &interaction.data.kind {
        ComponentInteractionDataKind::Button => interaction.data.custom_id.clone(),
        ComponentInteractionDataKind::StringSelect { values } => values.first()?.clone(),
        _ => return None,
    };
    let mut input = Input::new(
        event(interaction.id),
        person(&interaction.user),
        chat_of(interaction.guild_id, interaction.channel_id),
        Locale::from_tag(&interaction.locale),
        Action::Button(payload),
    );
    input.is_chat_admin = is_admin(interaction.member.as_ref());
    Some(input)
}

/// What a `/move` autocomplete asks the core: the point typed so far, by whom, where, and
/// the game if the command names one; `None` for any other autocomplete.
#[must_use]
pub fn move_query(interaction: &CommandInteraction) -> Option<MoveQuery> {
    let focused = interaction.data.autocomplete()?;
    let command = by_english_name(&interaction.data.name).map(|command| command.kind);
    if command != Some(CommandKind::Move) || focused.name != POINT.english {
        return None;
    }
    let game = interaction
        .data
        .options
        .iter()
        .find(|option| option.name == GAME.english)
        .and_then(|option| option.value.as_i64())
        .map(GameId);
    Some(MoveQuery {
        chat: chat_of(interaction.guild_id, interaction.channel_id),
        user: interaction.user.id.get().to_string(),
        game,
        typed: focused.value.to_owned(),
    })
}
