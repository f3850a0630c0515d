//! A CINCO lobby: `/cinco` opens it, people join and leave, the CPU is added at a level, and
//! its host starts the game with 2–6 seats. A lobby that is not started expires. Lobbies live
//! in memory: nothing is played in them, and a restart only closes them.

use super::super::error::{CoreError, refused};
use super::super::table::name_of;
use super::super::{
    Button, Chat, Context, Core, CpuLevel, LobbyChoice, Message, Output, Payload, Row,
};
use crate::i18n::{Locale, Text};
use crate::identity::{MAX_SEATS, Player, User};

/// A table waiting for its players.
#[derive(Clone, Debug)]
pub(super) struct Lobby {
    pub id: u64,
    pub chat: Chat,
    pub host: User,
    pub seats: Vec<Player>,
    pub expires_at: i64,
}

impl Lobby {
    fn seat_of(&self, user: &str) -> Option<usize> {
        self.seats.iter().position(|player| player.user_id() == Some(user))
    }
}

fn lobby_button(label: Text, lobby: u64, choice: LobbyChoice) -> Button {
    let button = Button::new(label, &Payload::Lobby { lobby, choice });
    match choice {
        LobbyChoice::Join => button.success(),
        LobbyChoice::Start => button.primary(),
        LobbyChoice::Leave | LobbyChoice::AddCpu(_) => button,
    }
}

/// The lobby's message: who is seated, and its buttons.
fn lobby_message(core: &Core, lobby: &Lobby, locale: Locale) -> Message {
    let names: Vec<String> = lobby
        .seats
        .iter()
        .map(|player| match name_of(player) {
            crate::i18n::Arg::Text(text) => core.texts.render(locale, &text),
            crate::i18n::Arg::Plain(name) => name,
            crate::i18n::Arg::Number(number) => number.to_string(),
        })
        .collect();
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
        ],
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
    }
}

impl Core {
    /// `/cinco`: a lobby with its opener seated.
    pub(in crate::core) fn open_lobby(
        &mut self,
        context: &Context,
    ) -> Result<Vec<Output>, CoreError> {
        self.cinco.last_lobby += 1;
        let expiry = i64::try_from(self.settings.challenge_expiry.as_millis()).unwrap_or(i64::MAX);
        let lobby = Lobby {
            id: self.cinco.last_lobby,
            chat: context.chat.clone(),
            host: context.user.clone(),
            seats: vec![Player::Human {
                id: context.user.id.clone(),
                name: context.user.name.clone(),
            }],
            expires_at: self.clock.now_ms().saturating_add(expiry),
        };
        let message = lobby_message(self, &lobby, context.locale);
        self.cinco.lobbies.insert(lobby.id, lobby);
        Ok(vec![Output::Send { chat: context.chat.clone(), message }])
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
        let seated = lobby.seat_of(&context.user.id);
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
            }
            LobbyChoice::Leave => {
                let seat = seated.ok_or_else(|| refused("cinco-lobby-not-seated"))?;
                lobby.seats.remove(seat);
                if context.user.id == lobby.host.id {
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
                let outputs = self.start_cinco(context, &lobby).await?;
                self.cinco.lobbies.remove(&id);
                return Ok(outputs);
            }
        }
        let message = lobby_message(self, &lobby, context.locale);
        self.cinco.lobbies.insert(id, lobby);
        Ok(vec![Output::Send { chat: context.chat.clone(), message }])
    }

    /// Closes the lobbies nobody started in time.
    pub(in crate::core) async fn expire_lobbies(&mut self, now: i64) -> Vec<Output> {
        let expired: Vec<Lobby> =
            self.cinco.lobbies.values().filter(|lobby| now >= lobby.expires_at).cloned().collect();
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
        outputs
    }

    /// When the next lobby expires.
    pub(in crate::core) fn next_lobby_expiry(&self) -> Option<i64> {
        self.cinco.lobbies.values().map(|lobby| lobby.expires_at).min()
    }
}
