//! The one response an interaction owes: within 3 s, once. Whoever has something to say
//! first takes it — the chat's delivery with the new board (an update of the pressed message,
//! or the command's answer), the handler with a private refusal — and if neither has by
//! [`DEFER_AFTER`], the handler defers it, and the answer becomes an edit or a follow-up.

use std::time::Duration;

use serenity::all::{
    ChannelId, CreateInteractionResponse, CreateInteractionResponseMessage, InteractionId,
    MessageId, UserId,
};
use tokio::sync::{Mutex, MutexGuard};

use super::rest::Rest;
use cincobot_core::i18n::Locale;

/// When an interaction still unanswered is deferred: Discord's 3 s, less a margin for the
/// call itself.
pub const DEFER_AFTER: Duration = Duration::from_millis(2200);

/// What the interaction came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A slash command: its answer is a new message in the channel.
    Command,
    /// A component of `message`: its answer may update that message.
    Component { message: MessageId },
}

/// How far the response has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Nothing sent yet: an initial response is still possible.
    Open,
    /// Deferred: the answer edits the original response (a command's placeholder, or the
    /// pressed message) or follows up.
    Deferred,
    /// Answered: only follow-ups remain.
    Answered,
}

/// An interaction waiting for, or past, its response.
#[derive(Debug)]
pub struct Reply {
    pub id: InteractionId,
    pub token: String,
    pub origin: Origin,
    pub channel: ChannelId,
    pub user: UserId,
    pub locale: Locale,
    /// Whether the core's whole answer is private (known before it answers): a deferred
    /// command's placeholder is then ephemeral, as its answer will be.
    pub private: bool,
    /// The pressed message is an ephemeral one (a CINCO hand's view): its update stays
    /// private too.
    pub pressed_ephemeral: bool,
    stage: Mutex<Stage>,
}

impl Reply {
    #[must_use]
    pub fn new(
        id: InteractionId,
        token: String,
        origin: Origin,
        channel: ChannelId,
        user: UserId,
        locale: Locale,
        private: bool,
    ) -> Reply {
        Reply {
            id,
            token,
            origin,
            channel,
            user,
            locale,
            private,
            pressed_ephemeral: false,
            stage: Mutex::new(Stage::Open),
        }
    }

    /// The same reply, for a press on an ephemeral message when `ephemeral`.
    #[must_use]
    pub fn on_ephemeral(self, ephemeral: bool) -> Reply {
        Reply { pressed_ephemeral: ephemeral, ..self }
    }

    /// The stage, held while the caller answers so that no one else answers meanwhile.
    pub async fn stage(&self) -> MutexGuard<'_, Stage> {
        self.stage.lock().await
    }

    /// Defers the response if no one answered yet: a component's message stays as it is
    /// (no loading state), a command shows the bot thinking — to its user alone when the
    /// answer will be private (Discord fixes that when it defers).
    pub async fn defer(&self, rest: &Rest) {
        let mut stage = self.stage().await;
        if *stage != Stage::Open {
            return;
        }
        let response = match self.origin {
            Origin::Component { .. } => CreateInteractionResponse::Acknowledge,
            Origin::Command => {
                CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())
            }
        };
        let result =
            rest.respond("defer", (self.id, self.token.as_str()), &response, Vec::new()).await;
        match result {
            Ok(()) => *stage = Stage::Deferred,
            Err(error) => tracing::warn!(%error, "deferring an interaction failed"),
        }
    }
}
