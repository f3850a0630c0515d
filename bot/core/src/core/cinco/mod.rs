//! CINCO through the core: a lobby opens a table of 2–6 seats, every action is one step of
//! the game's sequence, the group sees the table built from the public view only, and each
//! player gets their hand and bid requests privately.

mod flow;
mod history;
mod lobby;
mod messages;
mod notation;
mod ratings;
mod reach;
mod reader;
mod settings;
mod shown;
mod words;

use std::collections::{BTreeMap, BTreeSet, HashSet};

use engine::{Cinco, CincoSeat};

pub(super) use flow::replay;
pub use notation::{action_code, card_code, parse_action, parse_card};
pub(super) use reach::reaches_privately;
pub use reader::{CincoCard, CincoHandView};

use super::GameId;
use crate::i18n::Locale;
use crate::identity::Platform;
use crate::store::{CincoRow, LobbyRow, PromptRow, StoredAction};

/// A CINCO game being played: its row, the game its actions lead to, and the CPU decision
/// asked for it, if any (one at a time, so that a reply names its seat by its place in the
/// sequence).
#[derive(Clone, Debug)]
struct CincoTable {
    row: CincoRow,
    game: Cinco,
    log: Vec<StoredAction>,
    asked: Option<(usize, CincoSeat)>,
    /// Each seat's hand message as a platform reported it delivered, by seat index.
    prompts: BTreeMap<usize, PromptRow>,
    /// The people the chat was told the bot cannot reach privately, so that it is told once
    /// a game (a Discord user with closed DMs fails again at every interaction).
    told_unreachable: BTreeSet<String>,
    /// The language each seat's person reads their private messages in (their client's, as
    /// last known), by seat index; `None`: not known, the chat's.
    readers: BTreeMap<usize, Locale>,
}

impl CincoTable {
    fn new(row: CincoRow, game: Cinco, log: Vec<StoredAction>) -> CincoTable {
        CincoTable {
            row,
            game,
            log,
            asked: None,
            prompts: BTreeMap::new(),
            told_unreachable: BTreeSet::new(),
            readers: BTreeMap::new(),
        }
    }

    /// The seat `user` plays at this table.
    fn seat_of(&self, user: &str) -> Option<CincoSeat> {
        let seat = self.row.players.iter().position(|player| player.user_id() == Some(user))?;
        u8::try_from(seat).ok().map(CincoSeat)
    }
}

/// The core's CINCO lobbies and tables.
#[derive(Debug, Default)]
pub(super) struct CincoState {
    lobbies: BTreeMap<u64, LobbyRow>,
    tables: BTreeMap<GameId, CincoTable>,
    /// Games that ended, until an adapter reports their final table shown.
    endings: BTreeMap<GameId, CincoRow>,
    /// Games that ended, for a last look ([`super::finished`]).
    finished: super::finished::Finished<CincoTable>,
    /// The users a private message waits for in the store (an index of it, read at start):
    /// the store is asked only when one of them reaches the bot.
    waiting: HashSet<(Platform, String)>,
    /// Deal every game from this seed (plus the lobby's number) instead of a random one: for
    /// piped terminal sessions that must play the same way every time.
    fixed_seed: Option<u64>,
}

impl CincoState {
    pub(super) fn owns(&self, game: GameId) -> bool {
        self.tables.contains_key(&game) || self.endings.contains_key(&game)
    }
}
