//! The links the chats hand out ([`BoardLinks`]): the page's address under `public_url`, the
//! bot's Mini App link for groups, and links signed with the board's own key, so that what
//! one process signs every process with the same key takes.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use cincobot_core::core::{BoardLinks, GameId, LinkReader, Platform};
use cincobot_core::i18n::Locale;

use super::identity::{Link, LinkKey, LinkPlayer};

/// The web board's links as configured.
#[derive(Clone, Debug)]
pub struct WebLinks {
    key: LinkKey,
    /// `public_url` without its trailing `/`.
    public_url: String,
    ttl: Duration,
    /// `https://t.me/<bot>/<app>`, when the bot has a Mini App.
    mini_app: Option<String>,
}

impl WebLinks {
    /// Links to pages under `public_url`, signed with `key` for `ttl`; `telegram_app`: the
    /// bot's username and its Mini App's short name.
    #[must_use]
    pub fn new(
        key: LinkKey,
        public_url: &str,
        ttl: Duration,
        telegram_app: Option<(&str, &str)>,
    ) -> WebLinks {
        WebLinks {
            key,
            public_url: public_url.trim_end_matches('/').to_owned(),
            ttl,
            mini_app: telegram_app.map(|(bot, app)| format!("https://t.me/{bot}/{app}")),
        }
    }
}

impl BoardLinks for WebLinks {
    fn page(&self, game: GameId) -> String {
        format!("{}/g/{}", self.public_url, game.0)
    }

    fn mini_app(&self, game: GameId) -> Option<String> {
        self.mini_app.as_ref().map(|app| format!("{app}?startapp=g{}", game.0))
    }

    fn signed(
        &self,
        platform: Platform,
        game: GameId,
        reader: Option<LinkReader>,
        locale: Locale,
    ) -> Option<String> {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).ok()?.as_secs();
        let expires = i64::try_from(now.saturating_add(self.ttl.as_secs())).ok()?;
        let player = reader.map(|reader| LinkPlayer {
            seat: reader.seat,
            user: reader.user,
            handle: reader.handle,
        });
        let link = Link { platform, game, player, expires, locale: Some(locale) };
        match link.mint(&self.key) {
            Ok(token) => Some(format!("{}#k={token}", self.page(game))),
            Err(refused) => {
                tracing::warn!(%refused, game = game.0, "a board link could not be signed");
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signed_link_opens_its_game_for_its_reader_until_it_expires() {
        let key = LinkKey::new(b"a key of thirty-two bytes or more, for tests");
        let links = WebLinks::new(
            key.clone(),
            "https://board.example/play/",
            Duration::from_secs(60),
            Some(("cincobot", "board")),
        );
        assert_eq!(links.page(GameId(7)), "https://board.example/play/g/7");
        assert_eq!(
            links.mini_app(GameId(7)).as_deref(),
            Some("https://t.me/cincobot/board?startapp=g7")
        );
        let reader =
            LinkReader { seat: 1, user: "22".to_owned(), handle: Some("bruno".to_owned()) };
        let url = links.signed(Platform::Telegram, GameId(7), Some(reader), Locale::Es);
        let url = url.expect("signed");
        let token = url.strip_prefix("https://board.example/play/g/7#k=").expect("the page");
        let now =
            i64::try_from(SystemTime::now().duration_since(UNIX_EPOCH).expect("now").as_secs())
                .expect("seconds");
        let link = Link::verify(token, &key, now).expect("valid");
        assert_eq!(link.game, GameId(7));
        assert_eq!(
            link.player.map(|player| (player.seat, player.user)),
            Some((1, "22".to_owned()))
        );
        assert_eq!(link.locale, Some(Locale::Es));
        assert!(Link::verify(token, &key, now + 61).is_err(), "expired after a minute");
        let watcher = links.signed(Platform::Discord, GameId(7), None, Locale::En).expect("signed");
        let token = watcher.split_once("#k=").map(|(_, token)| token).expect("a token");
        assert_eq!(Link::verify(token, &key, now).expect("valid").player, None);
        let without_app = WebLinks::new(key, "https://b.example", Duration::from_secs(1), None);
        assert_eq!(without_app.mini_app(GameId(7)), None);
    }
}
