//! Whether the bot reaches a CINCO player privately. Joining a lobby sends the person a note
//! that seats them; a platform reports back each followed private message it delivered (a
//! hand message is recorded with its message and the action count it was drawn for; a note
//! that arrives makes its seat reachable again) or could not deliver (it then waits in the
//! store, and a lobby marks the seat unreachable, which stops the game from starting). When
//! the user next reaches the bot privately, what waited for them is drawn again as it is then
//! and goes out.

use super::super::{
    Chat, ChatKind, Context, Core, HandSlot, Input, Message, Output, Platform, Prompt,
};
use crate::i18n::{Locale, Text};
use crate::store::{LobbyRow, PromptRow, StoreError};

/// Whether an input from `chat` shows its user can now be written to privately. Telegram
/// lets a bot write first only to someone who opened a private chat with it (a `/start`
/// there); elsewhere (Discord, the terminal) every interaction is a chance to try again.
pub(in crate::core) fn reaches_privately(chat: &Chat) -> bool {
    chat.kind == ChatKind::Private || chat.platform != Platform::Telegram
}

/// The private note that seats `user` at `lobby`.
pub(super) fn seated_note(lobby: &LobbyRow, user: &str, locale: Locale) -> Output {
    Output::Direct {
        platform: lobby.chat.platform,
        user: user.to_owned(),
        message: Message::text(
            locale,
            vec![Text::new("cinco-seated").with("id", lobby.id.to_string())],
        ),
        prompt: Some(Prompt::Seated { lobby: lobby.id }),
        hand: None,
    }
}

impl Core {
    /// A platform delivered the private message `prompt` to `user` as message `message_id`:
    /// a hand message is recorded, so that a restart knows which message shows which seq; a
    /// lobby's note shows the seat can be reached now (what to show, the lobby again).
    ///
    /// # Errors
    /// [`StoreError`] if the record cannot be written.
    pub async fn direct_sent(
        &mut self,
        platform: Platform,
        user: &str,
        prompt: Prompt,
        message_id: String,
    ) -> Result<Vec<Output>, StoreError> {
        let (game, seq) = match prompt {
            Prompt::Hand { game, seq, .. } => (game, seq),
            Prompt::Seated { lobby } => return self.reached(platform, user, lobby).await,
        };
        let Some(table) = self.cinco.tables.get(&game) else { return Ok(Vec::new()) };
        if table.row.chat.platform != platform {
            return Ok(Vec::new());
        }
        let Some(seat) = table.seat_of(user).and_then(super::flow::seat_index) else {
            return Ok(Vec::new());
        };
        let shown = PromptRow { seat, seq, message_id: Some(message_id) };
        let mut change = self.begin(None).await?;
        change.record_prompt(game, &shown).await?;
        self.commit(None, change).await?;
        if let Some(table) = self.cinco.tables.get_mut(&game) {
            table.prompts.insert(seat.index(), shown);
        }
        Ok(Vec::new())
    }

    /// `user`'s note of lobby `lobby` arrived: if the lobby counted them unreachable, it no
    /// longer does, and shows so.
    async fn reached(
        &mut self,
        platform: Platform,
        user: &str,
        lobby: u64,
    ) -> Result<Vec<Output>, StoreError> {
        let Some(lobby) = self.cinco.lobbies.get(&lobby).filter(|lobby| {
            lobby.chat.platform == platform && lobby.unreachable.iter().any(|id| id == user)
        }) else {
            return Ok(Vec::new());
        };
        let mut lobby = lobby.clone();
        lobby.unreachable.retain(|id| id != user);
        let mut change = self.begin(None).await?;
        change.save_lobby(&lobby).await?;
        self.commit(None, change).await?;
        let locale = self.chat_locale(&lobby.chat).await;
        let output = self.lobby_output(&lobby, locale);
        self.cinco.lobbies.insert(lobby.id, lobby);
        Ok(vec![output])
    }

    /// A platform could not deliver the private message `prompt` to `user` (they never
    /// opened a private chat with the bot, or closed their DMs): it waits in the store for
    /// them, and the chat is told what they need to do — a lobby marks them unreachable.
    pub async fn direct_failed(
        &mut self,
        platform: Platform,
        user: &str,
        prompt: Prompt,
    ) -> Vec<Output> {
        // Another partition's game or lobby (or one that is over): not this core's to keep.
        if !self.waits_here(&prompt.waiting_code()) {
            return Vec::new();
        }
        match self.keep_for_later(platform, user, &prompt).await {
            Ok(outputs) => outputs,
            Err(error) => {
                tracing::error!(%error, "keeping an undelivered private message");
                Vec::new()
            }
        }
    }

    async fn keep_for_later(
        &mut self,
        platform: Platform,
        user: &str,
        prompt: &Prompt,
    ) -> Result<Vec<Output>, StoreError> {
        let now = self.clock.now_ms();
        let mut change = self.begin(None).await?;
        change.keep_waiting(platform, user, &prompt.waiting_code(), now).await?;
        let lobby = match prompt {
            Prompt::Seated { lobby } => self
                .cinco
                .lobbies
                .get(lobby)
                .filter(|lobby| lobby.chat.platform == platform)
                .filter(|lobby| lobby.seats.iter().any(|seat| seat.user_id() == Some(user)))
                .filter(|lobby| !lobby.unreachable.iter().any(|id| id == user))
                .cloned()
                .map(|mut lobby| {
                    lobby.unreachable.push(user.to_owned());
                    lobby
                }),
            Prompt::Hand { .. } => None,
        };
        if let Some(lobby) = &lobby {
            change.save_lobby(lobby).await?;
        }
        self.commit(None, change).await?;
        self.cinco.waiting.insert((platform, user.to_owned()));
        if let Some(lobby) = lobby {
            let locale = self.chat_locale(&lobby.chat).await;
            let output = self.lobby_output(&lobby, locale);
            self.cinco.lobbies.insert(lobby.id, lobby);
            return Ok(vec![output]);
        }
        let Prompt::Hand { game, .. } = prompt else { return Ok(Vec::new()) };
        let Some(table) = self.cinco.tables.get_mut(game) else { return Ok(Vec::new()) };
        if !table.told_unreachable.insert(user.to_owned()) {
            return Ok(Vec::new());
        }
        let Some(name) = table.row.players.iter().find(|p| p.user_id() == Some(user)) else {
            return Ok(Vec::new());
        };
        let chat = table.row.chat.clone();
        let note = Text::new("cinco-unreachable")
            .with("name", super::super::table::name_of(name))
            .with("id", game.0);
        let locale = self.chat_locale(&chat).await;
        Ok(vec![Output::Send { chat, message: Message::text(locale, vec![note]) }])
    }

    /// Whether a private message waits in the store for the user of `context`'s input.
    /// Whether a private message kept as `about` ([`Prompt::waiting_code`]) is this
    /// partition's to send: its game or lobby is one of its chats'.
    pub(in crate::core) fn waits_here(&self, about: &str) -> bool {
        if let Some(lobby) = about.strip_prefix("seated:").and_then(|id| id.parse::<u64>().ok()) {
            return self.cinco.lobbies.contains_key(&lobby);
        }
        about
            .strip_prefix("hand:")
            .and_then(|id| id.parse::<i64>().ok())
            .is_some_and(|game| self.cinco.tables.contains_key(&super::GameId(game)))
    }

    /// The user of `input`, handled by another partition, reached the bot: the private
    /// messages that waited for them in this partition's games go out too.
    pub async fn reached_elsewhere(&mut self, input: &Input) -> Vec<Output> {
        let key = (input.chat.platform, input.user.id.clone());
        if !reaches_privately(&input.chat) || !self.cinco.waiting.contains(&key) {
            return Vec::new();
        }
        let context = self.context(input).await;
        self.owed_directs(&context).await
    }

    pub(in crate::core) fn owes_directs(&self, context: &Context) -> bool {
        reaches_privately(&context.chat)
            && self.cinco.waiting.contains(&(context.chat.platform, context.user.id.clone()))
    }

    /// The user of `context`'s input reached the bot privately: every private message that
    /// waited for them goes out, drawn as the game or lobby is now. A lobby counts them
    /// reachable once its note is reported delivered ([`Core::direct_sent`]).
    pub(in crate::core) async fn owed_directs(&mut self, context: &Context) -> Vec<Output> {
        match self.take_owed(context).await {
            Ok(outputs) => outputs,
            Err(error) => {
                tracing::error!(%error, user = %context.user.id, "sending the waiting private messages");
                Vec::new()
            }
        }
    }

    async fn take_owed(&mut self, context: &Context) -> Result<Vec<Output>, StoreError> {
        let platform = context.chat.platform;
        let user = context.user.id.as_str();
        let mut change = self.begin(None).await?;
        let waiting = change.take_waiting(platform, user, |about| self.waits_here(about)).await?;
        self.commit(None, change).await?;
        self.cinco.waiting.remove(&(platform, user.to_owned()));
        let mut outputs = Vec::new();
        for about in &waiting {
            let lobby = about.strip_prefix("seated:").and_then(|id| id.parse::<u64>().ok());
            let Some(lobby) = lobby.and_then(|id| self.cinco.lobbies.get(&id)) else { continue };
            if lobby.seats.iter().any(|seat| seat.user_id() == Some(user)) {
                outputs.push(seated_note(lobby, user, context.reader_locale));
            }
        }
        for about in &waiting {
            let game = about.strip_prefix("hand:").and_then(|id| id.parse::<i64>().ok());
            let Some(table) = game.and_then(|id| self.cinco.tables.get(&super::GameId(id))) else {
                continue;
            };
            if let Some(seat) = table.seat_of(user) {
                let slot = HandSlot { game: table.row.id, anew: true, notify: false };
                outputs.extend(self.hand_output(table, seat, context.reader_locale, slot));
            }
        }
        Ok(outputs)
    }
}
