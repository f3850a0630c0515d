//! A CINCO lobby: `/cinco` opens it, people join and leave, the CPU is added at a level, and
//! its host starts the game with 2–6 seats. A lobby that is not started expires. Every change
//! of a lobby is stored before it is shown ([`LobbyRow`]), so a restart keeps it and its
//! buttons.

use super::super::error::{CoreError, refused};
use super::super::table::{name_of, seat_names};
use super::super::timers::Chats;
use super::super::{Button, Context, Core, CpuLevel, LobbyChoice, Message, Output, Payload, Row};
use super::reach::seated_note;
use crate::i18n::{Locale, Text};
use crate::identity::{ChallengeId, MAX_SEATS, Player};
use crate::store::{LobbyRow, StoreError};

/// The names of the people seated at `lobby` whom the bot cannot reach privately.
fn unreachable_names(lobby: &LobbyRow, name: impl Fn(&Player) -> String) -> Vec<String> {
    lobby
        .seats
        .iter()
        .filter(|player| {
            player.user_id().is_some_and(|id| lobby.unreachable.iter().any(|u| u == id))
        })
        .map(name)
        .collect()
}

/// The seat `user` holds in `lobby`.
fn seat_of(lobby: &LobbyRow, user: &str) -> Option<usize> {
    lobby.seats.iter().position(|player| player.user_id() == Some(user))
}

fn lobby_button(label: Text, lobby: u64, choice: LobbyChoice) -> Button {
    let button = Button::new(label, &Payload::Lobby { lobby, choice });
    match choice {
        LobbyChoice::Join => button.success(),
        LobbyChoice::Start => button.primary(),
        LobbyChoice::Leave | LobbyChoice::AddCpu(_) => button,
    }
}

/// The lobby's message: who is seated, who cannot be reached privately yet, and its buttons.
fn lobby_message(core: &Core, lobby: &LobbyRow, locale: Locale) -> Message {
    let words = core.words(locale);
    let name = |player: &Player| words(name_of(player));
    let names: Vec<String> = seat_names(&lobby.seats).into_iter().map(&words).collect();
    let unreachable = unreachable_names(lobby, name);
    let id = lobby.id;
    let cpu = |level: CpuLevel| {
        lobby_button(
            Text::new("cinco-button-cpu").with("level", Text::new(level.name_id())),
            id,
            LobbyChoice::AddCpu(level),
        )
    };
    Message {
        locale,
        lines: vec![
            Text::new("cinco-lobby")
                .with("id", id.to_string())
                .with("host", lobby.host.name.as_str()),
            Text::new("cinco-lobby-seats")
                .with("count", names.len())
                .with("names", names.join(", ")),
        ]
        .into_iter()
        .chain((!unreachable.is_empty()).then(|| {
            Text::new("cinco-lobby-unreachable")
                .with("count", unreachable.len())
                .with("names", unreachable.join(", "))
        }))
        .collect(),
        board: None,
        components: vec![
            Row::Buttons(vec![
                lobby_button(Text::new("cinco-button-join"), id, LobbyChoice::Join),
                lobby_button(Text::new("cinco-button-leave"), id, LobbyChoice::Leave),
            ]),
            Row::Buttons(vec![cpu(CpuLevel::Easy), cpu(CpuLevel::Normal), cpu(CpuLevel::Hard)]),
            Row::Buttons(vec![lobby_button(
                Text::new("cinco-button-start"),
                id,
                LobbyChoice::Start,
            )]),
        ],
        addressee: None,
        markdown: false,
    }
}

impl Core {
    /// `/join [N]`: an open challenge, else a CINCO table waiting in this chat (table `N`, or
    /// the newest) takes a seat.
    pub(in crate::core) async fn join(
        &mut self,
        context: &Context,
        id: Option<ChallengeId>,
    ) -> Result<Vec<Output>, CoreError> {
        let refusal = match self.accept(context, id, true).await {
            Err(CoreError::Refused(refusal)) => refusal,
            accepted => return accepted,
        };
        let waiting = self
            .cinco
            .lobbies
            .values()
            .filter(|lobby| lobby.chat == context.chat)
            .filter(|lobby| id.is_none_or(|id| u64::try_from(id.0).ok() == Some(lobby.id)))
            .map(|lobby| lobby.id)
            .max();
        match waiting {
            Some(lobby) => self.lobby_choice(context, lobby, LobbyChoice::Join).await,
            None => Err(CoreError::Refused(refusal)),
        }
    }

    /// Whether `user` is seated at a CINCO table of this chat still waiting to start: its host.
    pub(in crate::core) fn lobby_host_of(&self, context: &Context) -> Option<String> {
        self.cinco
            .lobbies
            .values()
            .filter(|lobby| lobby.chat == context.chat)
            .find(|lobby| seat_of(lobby, &context.user.id).is_some())
            .map(|lobby| lobby.host.name.clone())
    }

    /// `/cinco`: a lobby with its opener seated.
    pub(in crate::core) async fn open_lobby(
        &mut self,
        context: &Context,
    ) -> Result<Vec<Output>, CoreError> {
        let expiry = i64::try_from(self.settings.challenge_expiry.as_millis()).unwrap_or(i64::MAX);
        let expires_at = self.clock.now_ms().saturating_add(expiry);
        let mut change = self.begin(Some(context)).await?;
        let lobby = change.open_lobby(&context.chat, &context.user, expires_at).await?;
        self.commit(Some(context), change).await?;
        let outputs = vec![
            self.lobby_output(&lobby, context.locale),
            seated_note(&lobby, &context.user.id, context.reader_locale),
        ];
        self.cinco.lobbies.insert(lobby.id, lobby);
        Ok(outputs)
    }

    /// The lobby's message, posted in its chat.
    pub(super) fn lobby_output(&self, lobby: &LobbyRow, locale: Locale) -> Output {
        Output::Send { chat: lobby.chat.clone(), message: lobby_message(self, lobby, locale) }
    }

    /// Stores `lobby` as changed by `context`'s input, then keeps it.
    async fn save_lobby(&mut self, context: &Context, lobby: LobbyRow) -> Result<(), CoreError> {
        let mut change = self.begin(Some(context)).await?;
        change.save_lobby(&lobby).await?;
        self.commit(Some(context), change).await?;
        self.cinco.lobbies.insert(lobby.id, lobby);
        Ok(())
    }

    /// A press of a lobby's button.
    pub(in crate::core) async fn lobby_choice(
        &mut self,
        context: &Context,
        id: u64,
        choice: LobbyChoice,
    ) -> Result<Vec<Output>, CoreError> {
        let Some(lobby) = self.cinco.lobbies.get(&id).filter(|lobby| lobby.chat == context.chat)
        else {
            return Err(refused("cinco-lobby-gone"));
        };
        let mut lobby = lobby.clone();
        let seated = seat_of(&lobby, &context.user.id);
        let mut note = None;
        match choice {
            LobbyChoice::Join => {
                if seated.is_some() {
                    return Err(refused("cinco-lobby-already"));
                }
                if lobby.seats.len() >= MAX_SEATS {
                    return Err(refused("cinco-lobby-full"));
                }
                lobby.seats.push(Player::Human {
                    id: context.user.id.clone(),
                    name: context.user.name.clone(),
                });
                note = Some(seated_note(&lobby, &context.user.id, context.reader_locale));
            }
            LobbyChoice::Leave => {
                let seat = seated.ok_or_else(|| refused("cinco-lobby-not-seated"))?;
                lobby.seats.remove(seat);
                lobby.unreachable.retain(|id| *id != context.user.id);
                if context.user.id == lobby.host.id {
                    let mut change = self.begin(Some(context)).await?;
                    change.close_lobby(id).await?;
                    self.commit(Some(context), change).await?;
                    self.cinco.lobbies.remove(&id);
                    let closed = Text::new("cinco-lobby-closed").with("id", id.to_string());
                    return Ok(vec![self.send(context, vec![closed])]);
                }
            }
            LobbyChoice::AddCpu(level) => {
                seated.ok_or_else(|| refused("cinco-lobby-not-seated"))?;
                if lobby.seats.len() >= MAX_SEATS {
                    return Err(refused("cinco-lobby-full"));
                }
                lobby.seats.push(Player::Cpu { level });
            }
            LobbyChoice::Start => {
                if context.user.id != lobby.host.id {
                    return Err(CoreError::Refused(
                        Text::new("cinco-lobby-host-only").with("host", lobby.host.name.as_str()),
                    ));
                }
                if lobby.seats.len() < 2 {
                    return Err(refused("cinco-lobby-too-few"));
                }
                let unreachable = {
                    let words = self.words(context.locale);
                    unreachable_names(&lobby, |player| words(name_of(player)))
                };
                if !unreachable.is_empty() {
                    return Err(CoreError::Refused(
                        Text::new("cinco-lobby-unreachable-start")
                            .with("count", unreachable.len())
                            .with("names", unreachable.join(", ")),
                    ));
                }
                let outputs = self.start_cinco(context, &lobby).await?;
                self.cinco.lobbies.remove(&id);
                return Ok(outputs);
            }
        }
        let outputs =
            std::iter::once(self.lobby_output(&lobby, context.locale)).chain(note).collect();
        self.save_lobby(context, lobby).await?;
        Ok(outputs)
    }

    /// Closes the lobbies nobody started in time.
    pub(in crate::core) async fn expire_lobbies(
        &mut self,
        now: i64,
    ) -> Result<Vec<Output>, StoreError> {
        let expired: Vec<LobbyRow> =
            self.cinco.lobbies.values().filter(|lobby| now >= lobby.expires_at).cloned().collect();
        if expired.is_empty() {
            return Ok(Vec::new());
        }
        let mut change = self.begin(None).await?;
        for lobby in &expired {
            change.close_lobby(lobby.id).await?;
        }
        self.commit(None, change).await?;
        let mut outputs = Vec::new();
        for lobby in expired {
            self.cinco.lobbies.remove(&lobby.id);
            let locale = self.chat_locale(&lobby.chat).await;
            let note = Text::new("cinco-lobby-expired").with("id", lobby.id.to_string());
            outputs.push(Output::Send {
                chat: lobby.chat,
                message: Message::text(locale, vec![note]),
            });
        }
        Ok(outputs)
    }

    /// Keeps the lobbies the store holds open (at start).
    pub(in crate::core) async fn reload_lobbies(
        &mut self,
        which: Chats<'_>,
    ) -> Result<(), StoreError> {
        let open = self.store.open_lobbies().await?;
        for lobby in open.into_iter().filter(|lobby| which.include(&self.partition, &lobby.chat)) {
            self.cinco.lobbies.insert(lobby.id, lobby);
        }
        Ok(())
    }

    /// When the next lobby expires.
    pub(in crate::core) fn next_lobby_expiry(&self) -> Option<i64> {
        self.cinco.lobbies.values().map(|lobby| lobby.expires_at).min()
    }
}
