//! A board game as one reader sees it when they ask outside a chat (the web board): the
//! same board message the chat shows, plus what a page needs to let its reader act — their
//! seat, whether it is their turn, the moves open to them, the turn's deadline. Read-only:
//! asking changes nothing.

use engine::Seat;

use super::board_taps::{LosingMove, Offering, losing_moves, offering};
use super::{Chat, Core, GameId, Message, Platform, Player};
use crate::games::Family;
use crate::i18n::{Locale, Text};
use crate::store::GameStatus;

/// Game `game` as one reader sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameView {
    pub game: GameId,
    /// The chat the game is played in: the only place its inputs belong to.
    pub chat: Chat,
    /// The board game, or CINCO.
    pub family: Family,
    /// How many moves (and renju decisions) were played.
    pub ply: usize,
    /// Still being played (not won, drawn, resigned, abandoned or cancelled).
    pub active: bool,
    /// The board message as the chat shows it, in the reader's language: its lines, its
    /// picture, its components.
    pub board: Message,
    /// The players, by seat.
    pub players: Vec<Player>,
    /// The seat to act, while the game is played.
    pub to_act: Option<usize>,
    /// The reader's seat, when they play this game.
    pub viewer_seat: Option<usize>,
    /// The moves the reader may make now, in the game's notation: empty unless it is their
    /// turn.
    pub legal: Vec<String>,
    /// CINCO: the reader's own hand and what they may do with it, when they hold a seat in
    /// the game; never anybody else's.
    pub hand: Option<super::CincoHandView>,
    /// What the chat was told in a message of its own, which the board's lines do not keep:
    /// CINCO's last auction revealed, every bid and who took the 5 (public once revealed).
    pub told: Vec<Text>,
    /// Renju: the moves in `legal` that lose at once, each with the chat's question.
    pub losing: Vec<LosingMove>,
    /// Renju: the offer of ten fifth moves the reader is choosing.
    pub offering: Option<Offering>,
    /// When the turn runs out (milliseconds since the epoch), with a turn timer.
    pub deadline_ms: Option<i64>,
    /// The core's clock as the view was made: a page counts down from the two.
    pub now_ms: i64,
}

impl Core {
    /// Board game `game` (being played, or ended: for a while after its final board was
    /// shown) as `viewer` (a platform and their user id there; `None`: a spectator) sees it,
    /// in `locale`, else the chat's language. A CINCO game comes as its table, plus the
    /// reader's own hand when they hold a seat in it. `None` for a game this core does not
    /// hold, or that ended long ago.
    pub async fn game_view(
        &self,
        game: GameId,
        viewer: Option<(Platform, &str)>,
        locale: Option<Locale>,
    ) -> Option<GameView> {
        if let Some(table) = self.cinco_view(game, viewer, locale).await {
            return Some(table);
        }
        let table = self
            .tables
            .get(&game)
            .or_else(|| self.endings.get(&game))
            .or_else(|| self.finished.get(game, self.clock.now_ms()))?;
        let row = &table.row;
        let locale = match locale {
            Some(locale) => locale,
            None => self.chat_locale(&row.chat).await,
        };
        let active = row.status == GameStatus::Active;
        // A user id is unique within its platform only: the same id elsewhere is someone else.
        let viewer_seat = viewer
            .filter(|(platform, _)| *platform == row.chat.platform)
            .and_then(|(_, user)| table.seat_of(user));
        let to_act = if active { table.position.seat_to_act() } else { None };
        let acting = to_act.is_some() && to_act == viewer_seat;
        let legal = if acting { table.position.legal_moves() } else { Vec::new() };
        Some(GameView {
            game,
            chat: row.chat.clone(),
            family: Family::Board(row.settings.kind),
            ply: table.position.ply(),
            active,
            board: self.board_message(table, locale, Vec::new(), Vec::new()),
            players: row.players.to_vec(),
            to_act: to_act.map(Seat::index),
            viewer_seat: viewer_seat.map(Seat::index),
            legal,
            hand: None,
            told: Vec::new(),
            losing: losing_moves(table, acting),
            offering: offering(table, acting),
            deadline_ms: if active { row.turn_deadline } else { None },
            now_ms: self.clock.now_ms(),
        })
    }
}
