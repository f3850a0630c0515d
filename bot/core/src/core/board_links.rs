//! The web board's links as the chats hand them out (issue 31, docs/web.md): an Open board
//! button under every board (and CINCO table) being played, and `/web`, which answers its
//! asker alone with their signed link. The core decides who gets which link (a player's for a seat they hold,
//! a spectator's otherwise); signing them is the web board's ([`BoardLinks`]), since its key
//! is the one that checks them.

use std::fmt;

use super::error::{CoreError, refused};
use super::table::Table;
use super::{
    Button, Chat, ChatKind, Context, Core, GameId, Message, Opens, Output, Payload, Platform, Row,
};
use crate::i18n::{Locale, Text};
use crate::store::GameStatus;

/// What the web board lends the core to hand its links out.
pub trait BoardLinks: Send + Sync + fmt::Debug {
    /// The page of `game`, as a Telegram Mini App opens it (Telegram signs the reader in).
    fn page(&self, game: GameId) -> String;
    /// The bot's Mini App opening `game` (`https://t.me/<bot>/<app>?startapp=g<id>`), which
    /// a button in a group may open, when the bot has one.
    fn mini_app(&self, game: GameId) -> Option<String>;
    /// The page of `game` played in a chat of `platform`, with a link signed for `reader`
    /// (`None`: a spectator), its words in `locale`; `None` when it cannot be signed.
    fn signed(
        &self,
        platform: Platform,
        game: GameId,
        reader: Option<LinkReader>,
        locale: Locale,
    ) -> Option<String>;
}

/// The player a link is signed for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkReader {
    pub seat: usize,
    pub user: String,
    pub handle: Option<String>,
}

impl Core {
    /// Whether the web board is on: boards carry its Open board button and `/web` answers.
    #[must_use]
    pub fn hands_out_board_links(&self) -> bool {
        self.board_links.is_some()
    }

    /// The Open board row under `table`'s board, while it is played and the web board is on.
    /// Telegram opens the page itself: in a private chat as the Mini App in place, in a group
    /// through the bot's Mini App link (Telegram allows `web_app` buttons in private chats
    /// only); a group of a bot without a Mini App gets no button (`/web` still answers).
    /// Elsewhere the button is pressed back, and answered with the presser's own link.
    pub(super) fn board_link_row(&self, table: &Table) -> Option<Row> {
        if table.row.status != GameStatus::Active {
            return None;
        }
        self.open_board_row(table.row.id, &table.row.chat)
    }

    /// The Open board row of game `id`, being played in `chat` (see
    /// [`Core::board_link_row`]).
    pub(super) fn open_board_row(&self, id: GameId, chat: &Chat) -> Option<Row> {
        let links = self.board_links.as_ref()?;
        let button = Button::new(Text::new("button-web-board"), &Payload::WebBoard(id));
        let button = match (chat.platform, chat.kind) {
            (Platform::Telegram, ChatKind::Private) => {
                button.opening(Opens::MiniApp(links.page(id)))
            }
            (Platform::Telegram, ChatKind::Group) => {
                button.opening(Opens::Url(links.mini_app(id)?))
            }
            (Platform::Discord, _) => button,
            (Platform::Console, _) => return None,
        };
        Some(Row::Buttons(vec![button]))
    }

    /// The Open board row under a CINCO hand sent privately to a player of game `id`, played
    /// on `platform`: on Telegram the page opened in place, which signs them in to their own
    /// seat. Elsewhere none: a button pressed back from a private chat would name a game of
    /// another chat, and the table's row is there.
    pub(super) fn hand_board_row(&self, id: GameId, platform: Platform) -> Option<Row> {
        let links = self.board_links.as_ref()?;
        let button = Button::new(Text::new("button-web-board"), &Payload::WebBoard(id));
        let opened = button.opening(Opens::MiniApp(links.page(id)));
        (platform == Platform::Telegram).then(|| Row::Buttons(vec![opened]))
    }

    /// `/web [#12]` and the Open board button pressed: the asker's link to the game, a
    /// player's if they hold a seat in it, else a spectator's, for their eyes only (a private
    /// message on Telegram, whose replies in a group everyone reads).
    pub(super) async fn board_link(
        &mut self,
        context: &Context,
        named: Option<GameId>,
    ) -> Result<Vec<Output>, CoreError> {
        let links = self.board_links.clone().ok_or_else(|| refused("web-off"))?;
        let (id, seat) = match self.watched_game(context, named) {
            Ok(id) => (id, self.table(id)?.seat_of(&context.user.id).map(|seat| seat.index())),
            // Not a board game of this chat: a CINCO table, if it is one.
            Err(error) => self.watched_cinco(context, named).ok_or(error)?,
        };
        let reader = seat.map(|seat| LinkReader {
            seat,
            user: context.user.id.clone(),
            handle: context.user.handle.clone(),
        });
        let line = if reader.is_some() { "web-link-player" } else { "web-link-spectator" };
        let locale = context.reader_locale;
        let url = links
            .signed(context.chat.platform, id, reader, locale)
            .ok_or_else(|| refused("web-off"))?;
        let lines = vec![Text::new(line).with("id", id.0).with("url", url)];
        if context.chat.platform == Platform::Telegram && context.chat.kind == ChatKind::Group {
            return Ok(vec![
                Output::Direct {
                    platform: Platform::Telegram,
                    user: context.user.id.clone(),
                    message: Message::text(locale, lines),
                    prompt: None,
                    hand: None,
                },
                Output::Reply {
                    chat: context.chat.clone(),
                    user: context.user.id.clone(),
                    locale,
                    lines: vec![Text::new("web-link-sent")],
                },
            ]);
        }
        Ok(vec![Output::Reply {
            chat: context.chat.clone(),
            user: context.user.id.clone(),
            locale,
            lines,
        }])
    }

    /// The game of this chat `/web` is about: the one named, the asker's own, else the
    /// chat's only game (a spectator has none of their own).
    fn watched_game(&self, context: &Context, named: Option<GameId>) -> Result<GameId, CoreError> {
        match self.game_of(context, named, "example-web") {
            Ok(id) => Ok(id),
            Err(error) => {
                let mut in_chat =
                    self.tables.iter().filter(|(_, table)| table.row.chat == context.chat);
                match (named, in_chat.next(), in_chat.next()) {
                    (None, Some((&only, _)), None) => Ok(only),
                    _ => Err(error),
                }
            }
        }
    }
}
