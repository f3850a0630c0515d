//! The gateway's events: READY registers the slash commands, INTERACTION_CREATE becomes a
//! core input whose answer goes out through the channel's queue ([`super::delivery`]).

use std::sync::Arc;

use serenity::all::{
    AutocompleteChoice, CommandInteraction, ComponentInteraction, Context,
    CreateAutocompleteResponse, CreateInteractionResponse, EventHandler, GuildId, Interaction,
    MessageFlags, Ready,
};
use serenity::async_trait;

use super::commands;
use super::delivery::{Delivery, ephemeral};
use super::interaction::{command_input, component_input, move_query};
use super::reply::{DEFER_AFTER, Origin, Reply};
use super::rest::Rest;
use cincobot_core::core::Input;
use cincobot_core::i18n::{Locale, Text};
use cincobot_runtime::Desk;

/// What the gateway's events need.
#[derive(Debug)]
pub struct Handler {
    pub desk: Desk,
    pub delivery: Arc<Delivery>,
    /// The REST calls the delivery makes too (they learn the application's id from READY).
    pub rest: Arc<Rest>,
    /// Register the commands in this server only (development), else globally.
    pub guild: Option<GuildId>,
}

#[async_trait]
impl EventHandler for Handler {
    async fn ready(&self, _: Context, ready: Ready) {
        self.rest.http().set_application_id(ready.application.id);
        let web_board = self.desk.hands_out_board_links();
        let definitions = commands::definitions(self.delivery.texts(), web_board);
        let registered = self.rest.set_commands(self.guild, &definitions).await;
        if let Err(error) = registered {
            tracing::warn!(%error, "registering the slash commands failed");
        }
    }

    async fn interaction_create(&self, _: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(command) => self.on_command(&command).await,
            Interaction::Component(component) => self.on_component(&component).await,
            Interaction::Autocomplete(command) => self.on_autocomplete(&command).await,
            _ => {}
        }
    }
}

impl Handler {
    async fn on_command(&self, interaction: &CommandInteraction) {
        let locale = Locale::from_tag(&interaction.locale).unwrap_or_default();
        let input = match command_input(interaction) {
            Ok(Some(input)) => input,
            Ok(None) => {
                let unknown =
                    Text::new("command-unknown").with("command", interaction.data.name.clone());
                self.refuse(interaction.id, &interaction.token, locale, &unknown).await;
                return;
            }
            Err(error) => {
                self.refuse(interaction.id, &interaction.token, locale, &error.text()).await;
                return;
            }
        };
        let reply = Reply::new(
            interaction.id,
            interaction.token.clone(),
            Origin::Command,
            interaction.channel_id,
            interaction.user.id,
            locale,
            input.reply_is_private(),
        );
        self.ask(input, reply).await;
    }

    async fn on_component(&self, interaction: &ComponentInteraction) {
        let locale = Locale::from_tag(&interaction.locale).unwrap_or_default();
        let Some(input) = component_input(interaction) else {
            let unknown = Text::new("button-unknown");
            self.refuse(interaction.id, &interaction.token, locale, &unknown).await;
            return;
        };
        let reply = Reply::new(
            interaction.id,
            interaction.token.clone(),
            Origin::Component { message: interaction.message.id },
            interaction.channel_id,
            interaction.user.id,
            locale,
            input.reply_is_private(),
        )
        .on_ephemeral(
            interaction.message.flags.is_some_and(|flags| flags.contains(MessageFlags::EPHEMERAL)),
        );
        self.ask(input, reply).await;
    }

    /// Hands `input` to the core with its reply announced to the channel's queue, and defers
    /// the reply if nothing answered it in time.
    async fn ask(&self, input: Input, reply: Reply) {
        let reply = Arc::new(reply);
        self.delivery.expect(reply.clone());
        let (rest, waiting) = (self.rest.clone(), reply.clone());
        tokio::spawn(async move {
            tokio::time::sleep(DEFER_AFTER).await;
            waiting.defer(&rest).await;
        });
        let answer = self.desk.ask(input).await;
        self.delivery.finish(reply, answer.private);
    }

    /// A command the core never sees (not ours, or options it cannot take): answered
    /// privately at once.
    async fn refuse(
        &self,
        id: serenity::all::InteractionId,
        token: &str,
        locale: Locale,
        text: &Text,
    ) {
        let words = self.delivery.texts().render(locale, text);
        let response = CreateInteractionResponse::Message(ephemeral(&words));
        if let Err(error) = self.rest.respond("respond", (id, token), &response, Vec::new()).await {
            tracing::warn!(%error, "refusing an interaction failed");
        }
    }

    /// `/move`'s point being typed: the core offers the legal moves that fit, nearest the
    /// last moves first; another autocomplete, or a user with no game there, gets none.
    async fn on_autocomplete(&self, interaction: &CommandInteraction) {
        let moves = match move_query(interaction) {
            Some(query) => self.desk.suggest(query).await,
            None => Vec::new(),
        };
        let response = suggestions(moves);
        let to = (interaction.id, interaction.token.as_str());
        if let Err(error) = self.rest.respond("autocomplete", to, &response, Vec::new()).await {
            tracing::warn!(%error, "answering an autocomplete failed");
        }
    }
}

/// The user a challenge command names (by id, as a user option sends them).
/// The autocomplete response offering `moves`, each shown as it is sent.
#[must_use]
pub fn suggestions(moves: Vec<String>) -> CreateInteractionResponse {
    let choices =
        moves.into_iter().map(|text| AutocompleteChoice::new(text.clone(), text)).collect();
    CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new().set_choices(choices))
}
