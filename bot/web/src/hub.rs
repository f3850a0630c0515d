//! Which pages watch which game, and the news they get: the desk shows every output to the
//! hub ([`Watch`]); a board of a watched game becomes one [`Change`] on that game's broadcast,
//! which each open event stream turns into an event. Nothing is kept for a game nobody
//! watches, and the partition that made the output never waits here.
//!
//! With several processes, a page may watch a game through a process that does not serve
//! it: each board is also told to the other processes as news (`board <game> <ply> <0|1>`),
//! and each hub hears theirs as its own.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

use cincobot_core::core::{GameId, Output};
use cincobot_runtime::Watch;
use cincobot_runtime::news::News;

/// A game's board changed: it now stands at `ply`; `ended`: it is the final board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Change {
    pub ply: usize,
    pub ended: bool,
}

/// Changes kept for a slow stream before it is told to read the game afresh.
const BACKLOG: usize = 16;

/// The most event streams open at once, and per identity: each holds a connection.
pub const MOST_STREAMS: usize = 1000;
pub const MOST_STREAMS_PER_IDENTITY: usize = 4;

/// The news topic of the boards.
const BOARD_NEWS: &str = "board";

/// The watched games and the streams open.
#[derive(Debug, Default)]
pub struct Hub {
    games: Mutex<HashMap<GameId, broadcast::Sender<Change>>>,
    /// Open streams by identity.
    streams: Mutex<HashMap<String, usize>>,
    /// Where the boards shown here are told to the other processes.
    news: Option<Arc<News>>,
}

impl Watch for Hub {
    fn saw(&self, outputs: &[Output]) {
        for output in outputs {
            if let Output::Board { game, ply, ended, .. } = output {
                let change = Change { ply: *ply, ended: *ended };
                self.changed(*game, change);
                if let Some(news) = self.news.as_ref().filter(|news| news.is_told()) {
                    news.tell(BOARD_NEWS, change.news(*game));
                }
            }
        }
    }
}

impl Change {
    fn news(self, game: GameId) -> String {
        format!("{} {} {}", game.0, self.ply, u8::from(self.ended))
    }

    /// The game and change `news` tells; `None` for news this build does not read.
    fn heard(news: &str) -> Option<(GameId, Change)> {
        let mut words = news.split(' ');
        let game = GameId(words.next()?.parse().ok()?);
        let ply = words.next()?.parse().ok()?;
        let ended = match words.next()? {
            "0" => false,
            "1" => true,
            _ => return None,
        };
        Some((game, Change { ply, ended }))
    }
}

/// One open event stream: while it lives it counts against its identity's share, and its
/// game stays watched.
#[derive(Debug)]
pub struct Stream {
    hub: Arc<Hub>,
    game: GameId,
    identity: String,
    pub changes: broadcast::Receiver<Change>,
}

impl Hub {
    /// A hub that tells the boards shown here to the other processes through `news`, and
    /// hears theirs.
    #[must_use]
    pub fn new(news: &Arc<News>) -> Arc<Hub> {
        let hub = Arc::new(Hub { news: Some(Arc::clone(news)), ..Hub::default() });
        // Weak: the news outlives no hub it keeps alive.
        let hearing = Arc::downgrade(&hub);
        news.hear(
            BOARD_NEWS,
            Arc::new(move |news: &str| {
                if let (Some(hub), Some((game, change))) = (hearing.upgrade(), Change::heard(news))
                {
                    hub.changed(game, change);
                }
            }),
        );
        hub
    }

    /// Game `game` changed: its watchers hear it.
    fn changed(&self, game: GameId, change: Change) {
        let Ok(games) = self.games.lock() else { return };
        if let Some(sender) = games.get(&game) {
            // Nobody listening between two streams is no error.
            let _ = sender.send(change);
        }
    }

    /// Opens a stream of `game`'s changes for `identity`; `None` when it has
    /// [`MOST_STREAMS_PER_IDENTITY`] open already or the server [`MOST_STREAMS`].
    pub fn open(self: &Arc<Hub>, game: GameId, identity: &str) -> Option<Stream> {
        {
            let mut streams = self.streams.lock().ok()?;
            let total: usize = streams.values().sum();
            let own = streams.get(identity).copied().unwrap_or(0);
            if total >= MOST_STREAMS || own >= MOST_STREAMS_PER_IDENTITY {
                return None;
            }
            streams.insert(identity.to_owned(), own + 1);
        }
        let changes = match self.games.lock() {
            Ok(mut games) => {
                games.entry(game).or_insert_with(|| broadcast::channel(BACKLOG).0).subscribe()
            }
            Err(_) => {
                self.close(game, identity);
                return None;
            }
        };
        Some(Stream { hub: Arc::clone(self), game, identity: identity.to_owned(), changes })
    }

    fn close(&self, game: GameId, identity: &str) {
        if let Ok(mut streams) = self.streams.lock()
            && let Some(own) = streams.get_mut(identity)
        {
            *own = own.saturating_sub(1);
            if *own == 0 {
                streams.remove(identity);
            }
        }
        if let Ok(mut games) = self.games.lock()
            && games.get(&game).is_some_and(|sender| sender.receiver_count() == 0)
        {
            games.remove(&game);
        }
    }

    /// How many games are watched (for tests and logs).
    #[must_use]
    pub fn watched(&self) -> usize {
        self.games.lock().map_or(0, |games| games.len())
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        // The receiver must be gone before the count is read: swap in a detached one.
        let (_, detached) = broadcast::channel(1);
        drop(std::mem::replace(&mut self.changes, detached));
        self.hub.close(self.game, &self.identity);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cincobot_core::core::{Chat, ChatKind, Message, Platform};
    use cincobot_core::i18n::Locale;

    fn board(game: i64, ply: usize) -> Output {
        Output::Board {
            chat: Chat { platform: Platform::Telegram, id: "-1".to_owned(), kind: ChatKind::Group },
            game: GameId(game),
            ply,
            edit: None,
            message: Message::text(Locale::En, Vec::new()),
            turn: None,
            repost: false,
            ended: false,
        }
    }

    #[test]
    fn a_watched_games_board_reaches_its_streams_and_no_other() {
        let hub = Arc::new(Hub::default());
        let mut seven = hub.open(GameId(7), "a").expect("a stream");
        let mut eight = hub.open(GameId(8), "b").expect("a stream");
        hub.saw(&[board(7, 3), board(9, 1)]);
        assert_eq!(seven.changes.try_recv(), Ok(Change { ply: 3, ended: false }));
        assert!(eight.changes.try_recv().is_err());
        drop(seven);
        assert_eq!(hub.watched(), 1, "game 7 is forgotten with its last stream");
        drop(eight);
        assert_eq!(hub.watched(), 0);
    }

    #[test]
    fn a_board_told_to_the_other_processes_is_heard_as_it_was_shown() {
        let change = Change { ply: 41, ended: true };
        assert_eq!(change.news(GameId(12)), "12 41 1");
        assert_eq!(Change::heard("12 41 1"), Some((GameId(12), change)));
        assert_eq!(Change::heard("12 0 0"), Some((GameId(12), Change { ply: 0, ended: false })));
        for odd in ["", "12", "12 41", "12 41 2", "x 41 1", "12 -1 0"] {
            assert_eq!(Change::heard(odd), None, "{odd:?}");
        }
    }

    #[test]
    fn an_identity_holds_a_few_streams_at_most() {
        let hub = Arc::new(Hub::default());
        let open: Vec<_> =
            (0..MOST_STREAMS_PER_IDENTITY).filter_map(|_| hub.open(GameId(1), "a")).collect();
        assert_eq!(open.len(), MOST_STREAMS_PER_IDENTITY);
        assert!(hub.open(GameId(1), "a").is_none());
        assert!(hub.open(GameId(1), "b").is_some(), "another identity is not held up");
        drop(open);
        assert!(hub.open(GameId(1), "a").is_some(), "closed streams give their place back");
    }
}
