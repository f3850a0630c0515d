//! A CINCO game as one reader sees it outside the chats (the web board): the table everybody
//! sees, built from the public view alone as the group's table is, and — only for a reader
//! who holds a seat in the game — that seat's own hand and what it may do now. Nothing of any
//! other seat's hand or sealed bid can go into it: the one private view read is the reader's.

use engine::CincoSeat;
use render::CardFace;

use super::super::{Button, Context, Core, GameId, GameView, Platform};
use super::messages::{events_to_read, hand_actions, hand_message, table_message};
use super::words::{card_face, card_text};
use crate::games::Family;
use crate::i18n::{Locale, Text};
use crate::store::GameStatus;

/// One card of the reader's hand and what they may do with it now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CincoCard {
    pub face: CardFace,
    /// Its name in words ("red 7").
    pub name: Text,
    /// Each action with it as the private chat's button for it (label and payload): bids in
    /// an auction, plays or a put-away on a turn; empty when it cannot be used now.
    pub actions: Vec<Button>,
}

/// The reader's own seat at a CINCO table: never shown to anyone else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CincoHandView {
    pub seat: usize,
    /// What the private chat's hand message says: the hand, the discard to match, what the
    /// game waits for from them (their bid sealed or asked for, their turn).
    pub lines: Vec<Text>,
    /// Their cards, in the order they hold them.
    pub cards: Vec<CincoCard>,
    /// The actions that take no card: draw, keep the card drawn.
    pub loose: Vec<Button>,
    /// Their bid in the auction under way, once sealed.
    pub sealed_bid: Option<CardFace>,
}

impl Core {
    /// The CINCO table of this chat `/web` is about, and the asker's seat at it: the one
    /// named, else the asker's own, else the chat's only one. `None` when there is none.
    pub(in crate::core) fn watched_cinco(
        &self,
        context: &Context,
        named: Option<GameId>,
    ) -> Option<(GameId, Option<usize>)> {
        let in_chat = || self.cinco.tables.values().filter(|table| table.row.chat == context.chat);
        let table = match named {
            Some(id) => in_chat().find(|table| table.row.id == id)?,
            None => match in_chat().find(|table| table.seat_of(&context.user.id).is_some()) {
                Some(own) => own,
                None => {
                    let mut tables = in_chat();
                    match (tables.next(), tables.next()) {
                        (Some(only), None) => only,
                        _ => return None,
                    }
                }
            },
        };
        Some((table.row.id, table.seat_of(&context.user.id).map(CincoSeat::index)))
    }

    /// CINCO game `game`, being played or ended a short while ago, as `viewer` sees it (see
    /// [`Core::game_view`]).
    pub(in crate::core) async fn cinco_view(
        &self,
        game: GameId,
        viewer: Option<(Platform, &str)>,
        locale: Option<Locale>,
    ) -> Option<GameView> {
        let table = self
            .cinco
            .tables
            .get(&game)
            .or_else(|| self.cinco.finished.get(game, self.clock.now_ms()))?;
        let row = &table.row;
        let locale = match locale {
            Some(locale) => locale,
            None => self.chat_locale(&row.chat).await,
        };
        let public = table.game.public_view();
        let names = Core::cinco_names(row);
        let render = self.words(locale);
        // A user id is unique within its platform only: the same id elsewhere is someone else.
        let seat = viewer
            .filter(|(platform, _)| *platform == row.chat.platform)
            .and_then(|(_, user)| table.seat_of(user));
        let hand = seat.and_then(|seat: CincoSeat| {
            let private = table.game.private_view(seat)?;
            let seq = table.log.len();
            let shown = hand_message(
                (game, seq),
                &public,
                &private,
                &names,
                (None, None),
                (locale, &render),
            );
            let (cards, loose) = hand_actions((game, seq), &public, &private, &names);
            Some(CincoHandView {
                seat: seat.index(),
                lines: shown.lines,
                cards: cards
                    .into_iter()
                    .map(|held| CincoCard {
                        face: card_face(held.card),
                        name: card_text(held.card),
                        actions: held.actions,
                    })
                    .collect(),
                loose,
                sealed_bid: private.sealed_bid.map(|bid| card_face(bid.card)),
            })
        });
        // The chat tells a reveal as a message of its own, gone from the table's lines.
        let last_reveal = public.reveals.last().map(std::slice::from_ref).unwrap_or_default();
        let told = events_to_read(&names, None, last_reveal, &render);
        let active = row.status == GameStatus::Active && !public.outcome.is_over();
        // In an auction every bidder still waited for acts, so nobody is "the" seat to act.
        let to_act = public.turn.filter(|_| active && public.auction.is_none());
        Some(GameView {
            game,
            chat: row.chat.clone(),
            family: Family::Cinco,
            ply: table.log.len(),
            active,
            board: table_message(game, &public, &names, None, locale, &render),
            players: row.players.clone(),
            to_act: to_act.map(CincoSeat::index),
            viewer_seat: seat.map(CincoSeat::index),
            legal: Vec::new(),
            losing: Vec::new(),
            offering: None,
            hand,
            told,
            deadline_ms: if active { row.deadline } else { None },
            now_ms: self.clock.now_ms(),
        })
    }
}
