//! Which pages watch which game, and the news they get: the desk shows every output to the
//! hub ([`Watch`]); a board of a watched game becomes one [`News::Board`] on that game's
//! broadcast, and a CINCO hand shown to its player one [`News::Hand`] naming whose it is
//! (never what it holds), which each open event stream turns into an event — a hand's only
//! on its owner's stream. Nothing is kept for a game nobody watches, and the partition that
//! made the output never waits here.
//!
//! With several processes, a page may watch a game through a process that does not serve
//! it: each piece of news is also told to the other processes (`<game> board <ply> <0|1>`,
//! `<game> hand <platform> <user>`: still no card), and each hub hears theirs as its own.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

use cincobot_core::core::{GameId, Output, Platform};
use cincobot_runtime::Watch;
use cincobot_runtime::news::News as OtherProcesses;

/// A game's board changed: it now stands at `ply`; `ended`: it is the final board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Change {
    pub ply: usize,
    pub ended: bool,
}

/// What a watched game's streams are told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum News {
    Board(Change),
    /// The hand of `user` (on `platform`) in this game was shown to them anew: their page
    /// reads it again. Which cards it holds is never part of the news.
    Hand {
        platform: Platform,
        user: String,
    },
}

/// The topic the games' news is told to the other processes under.
const GAME_NEWS: &str = "game";

impl News {
    /// `self`, about `game`, as told to the other processes.
    fn told(&self, game: GameId) -> String {
        match self {
            News::Board(change) => {
                format!("{} board {} {}", game.0, change.ply, u8::from(change.ended))
            }
            News::Hand { platform, user } => format!("{} hand {} {user}", game.0, platform.code()),
        }
    }

    /// The game and news `told` says; `None` for what this build does not read.
    fn heard(told: &str) -> Option<(GameId, News)> {
        let mut words = told.splitn(4, ' ');
        let game = GameId(words.next()?.parse().ok()?);
        let news = match (words.next()?, words.next()?, words.next()?) {
            ("board", ply, ended) => News::Board(Change {
                ply: ply.parse().ok()?,
                ended: match ended {
                    "0" => false,
                    "1" => true,
                    _ => return None,
                },
            }),
            ("hand", platform, user) if !user.is_empty() && !user.contains(' ') => {
                News::Hand { platform: Platform::from_code(platform)?, user: user.to_owned() }
            }
            _ => return None,
        };
        Some((game, news))
    }
}

/// Changes kept for a slow stream before it is told to read the game afresh.
const BACKLOG: usize = 16;

/// The most event streams open at once, and per identity: each holds a connection.
pub const MOST_STREAMS: usize = 1000;
pub const MOST_STREAMS_PER_IDENTITY: usize = 4;

/// The watched games and the streams open.
#[derive(Debug, Default)]
pub struct Hub {
    games: Mutex<HashMap<GameId, broadcast::Sender<News>>>,
    /// Open streams by identity.
    streams: Mutex<HashMap<String, usize>>,
    /// Where the news of the games shown here is told to the other processes.
    others: Option<Arc<OtherProcesses>>,
}

impl Watch for Hub {
    fn saw(&self, outputs: &[Output]) {
        for output in outputs {
            let (game, news) = match output {
                Output::Board { game, ply, ended, .. } => {
                    (*game, News::Board(Change { ply: *ply, ended: *ended }))
                }
                Output::Direct { platform, user, hand: Some(slot), .. } => {
                    (slot.game, News::Hand { platform: *platform, user: user.clone() })
                }
                _ => continue,
            };
            if let Some(others) = self.others.as_ref().filter(|others| others.is_told()) {
                others.tell(GAME_NEWS, news.told(game));
            }
            self.tell_watchers(game, news);
        }
    }
}

/// One open event stream: while it lives it counts against its identity's share, and its
/// game stays watched.
#[derive(Debug)]
pub struct Stream {
    hub: Arc<Hub>,
    game: GameId,
    identity: String,
    /// The player reading, on the game's platform (`None`: a spectator): the only one whose
    /// hand's news this stream passes on.
    reader: Option<(Platform, String)>,
    pub changes: broadcast::Receiver<News>,
}

impl Stream {
    /// Whether `news` is for this stream's reader: every board, and their own hand only.
    #[must_use]
    pub fn is_for_reader(&self, news: &News) -> bool {
        match news {
            News::Board(_) => true,
            News::Hand { platform, user } => self
                .reader
                .as_ref()
                .is_some_and(|(own_platform, own)| own_platform == platform && own == user),
        }
    }
}

impl Hub {
    /// A hub that tells the other processes the news of the games shown here through
    /// `others`, and hears theirs.
    #[must_use]
    pub fn new(others: &Arc<OtherProcesses>) -> Arc<Hub> {
        let hub = Arc::new(Hub { others: Some(Arc::clone(others)), ..Hub::default() });
        // Weak: what the other processes tell keeps no hub alive.
        let hearing = Arc::downgrade(&hub);
        others.hear(
            GAME_NEWS,
            Arc::new(move |told: &str| {
                if let (Some(hub), Some((game, news))) = (hearing.upgrade(), News::heard(told)) {
                    hub.tell_watchers(game, news);
                }
            }),
        );
        hub
    }

    /// The streams watching `game` get `news`.
    fn tell_watchers(&self, game: GameId, news: News) {
        let Ok(games) = self.games.lock() else { return };
        if let Some(sender) = games.get(&game) {
            // Nobody listening between two streams is no error.
            let _ = sender.send(news);
        }
    }

    /// Opens a stream of `game`'s changes for `identity`, read by the player `reader` (or a
    /// spectator); `None` when it has [`MOST_STREAMS_PER_IDENTITY`] open already or the server
    /// [`MOST_STREAMS`].
    pub fn open(
        self: &Arc<Hub>,
        game: GameId,
        identity: &str,
        reader: Option<(Platform, String)>,
    ) -> Option<Stream> {
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
        Some(Stream { hub: Arc::clone(self), game, identity: identity.to_owned(), reader, changes })
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
    use cincobot_core::core::{Chat, ChatKind, HandSlot, Message};
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
        let mut seven = hub.open(GameId(7), "a", None).expect("a stream");
        let mut eight = hub.open(GameId(8), "b", None).expect("a stream");
        hub.saw(&[board(7, 3), board(9, 1)]);
        assert_eq!(seven.changes.try_recv(), Ok(News::Board(Change { ply: 3, ended: false })));
        assert!(eight.changes.try_recv().is_err());
        drop(seven);
        assert_eq!(hub.watched(), 1, "game 7 is forgotten with its last stream");
        drop(eight);
        assert_eq!(hub.watched(), 0);
    }

    #[test]
    fn an_identity_holds_a_few_streams_at_most() {
        let hub = Arc::new(Hub::default());
        let open: Vec<_> =
            (0..MOST_STREAMS_PER_IDENTITY).filter_map(|_| hub.open(GameId(1), "a", None)).collect();
        assert_eq!(open.len(), MOST_STREAMS_PER_IDENTITY);
        assert!(hub.open(GameId(1), "a", None).is_none());
        assert!(hub.open(GameId(1), "b", None).is_some(), "another identity is not held up");
        drop(open);
        assert!(hub.open(GameId(1), "a", None).is_some(), "closed streams give their place back");
    }

    #[test]
    fn news_told_to_the_other_processes_is_heard_as_it_was_shown() {
        let board = News::Board(Change { ply: 41, ended: true });
        assert_eq!(board.told(GameId(12)), "12 board 41 1");
        assert_eq!(News::heard("12 board 41 1"), Some((GameId(12), board)));
        let hand = News::Hand { platform: Platform::Discord, user: "1234".to_owned() };
        assert_eq!(hand.told(GameId(3)), "3 hand discord 1234");
        assert_eq!(News::heard("3 hand discord 1234"), Some((GameId(3), hand)));
        for odd in [
            "",
            "12",
            "12 board 41",
            "12 board 41 2",
            "x board 41 1",
            "12 board -1 0",
            "12 hand nowhere 5",
            "12 hand telegram ",
            "12 hand telegram a b",
            "12 move h8 0",
        ] {
            assert_eq!(News::heard(odd), None, "{odd:?}");
        }
    }

    fn hand_shown(game: i64, user: &str) -> Output {
        Output::Direct {
            platform: Platform::Telegram,
            user: user.to_owned(),
            message: Message::text(Locale::En, Vec::new()),
            prompt: None,
            hand: Some(HandSlot { game: GameId(game), anew: false, notify: false }),
        }
    }

    #[test]
    fn a_hand_shown_is_news_for_its_owner_alone_and_names_no_card() {
        let hub = Arc::new(Hub::default());
        let ana = Some((Platform::Telegram, "11".to_owned()));
        let mut own = hub.open(GameId(5), "tg:11", ana).expect("a stream");
        let bruno = Some((Platform::Telegram, "22".to_owned()));
        let mut other = hub.open(GameId(5), "tg:22", bruno).expect("a stream");
        let mut watching = hub.open(GameId(5), "watch:x", None).expect("a stream");
        let discord_ana = Some((Platform::Discord, "11".to_owned()));
        let mut elsewhere = hub.open(GameId(5), "link:dc:11", discord_ana).expect("a stream");
        hub.saw(&[hand_shown(5, "11"), hand_shown(6, "11")]);
        let news = own.changes.try_recv().expect("news of game 5");
        assert_eq!(news, News::Hand { platform: Platform::Telegram, user: "11".to_owned() });
        assert!(own.is_for_reader(&news));
        for stream in [&mut other, &mut watching, &mut elsewhere] {
            let news = stream.changes.try_recv().expect("the broadcast reaches every stream");
            assert!(!stream.is_for_reader(&news), "passed on to its owner's stream alone");
        }
        assert!(own.changes.try_recv().is_err(), "game 6 is not watched");
    }
}
