//! A CINCO game's steps: its start from a lobby, a person's press, the CPU's decision for its
//! own seats and for the seats of players away, and the timers that hand a silent player's
//! turn or bid to the CPU. Every step commits before anything is shown.

use std::hash::{BuildHasher, Hasher};

use engine::cpu::{CincoPlayer, cinco_decision_seed};
use engine::{Cinco, CincoAction, CincoOutcome, CincoSeat, CincoSettings, PublicView, SeatAction};

use super::super::error::{CoreError, refused};
use super::super::table::{name_of, seat_names};
use super::super::timers::Chats;
use super::super::{
    Chat, CincoCpuRequest, CincoRound, Context, Core, CpuLevel, CpuReply, GameId, HandSlot,
    Message, Output, Platform, Player, Prompt, User,
};
use super::CincoTable;
use super::messages::PICK;
use super::messages::{PublicNote, events_to_read, hand_button, hand_message, table_message};
use super::notation::{action_code, parse_action, parse_card};
use crate::i18n::{Arg, Locale, Text};
use crate::identity::{AwaySeats, SeatIndex};
use crate::store::{CincoRow, GameStatus, LobbyRow, NewCinco, StoreError, StoredAction};

pub(super) fn seat_index(seat: CincoSeat) -> Option<SeatIndex> {
    SeatIndex::try_from(seat).ok()
}

fn is_away(row: &CincoRow, seat: CincoSeat) -> bool {
    seat_index(seat).is_some_and(|seat| row.away.contains(seat))
}

/// A person sitting at `seat` and not away: the game waits for them.
fn present(row: &CincoRow, seat: CincoSeat) -> bool {
    matches!(row.players.get(seat.index()), Some(Player::Human { .. })) && !is_away(row, seat)
}

/// Whom the group's table tells it is their turn, since an edited table notifies nobody:
/// the person to act in a turn who did not just act (they know), when another person sits at
/// the table (against CPUs alone, who answer at once, the person is watching, as in board
/// games). In an auction nobody: each bidder's request notifies them privately.
fn turn_to_tell(table: &CincoTable, acted: Option<CincoSeat>) -> Option<User> {
    let view = table.game.public_view();
    if view.outcome.is_over() || view.auction.is_some() {
        return None;
    }
    let seat = view.turn.filter(|seat| Some(*seat) != acted && present(&table.row, *seat))?;
    let people =
        table.row.players.iter().filter(|player| matches!(player, Player::Human { .. })).count();
    match table.row.players.get(seat.index()) {
        Some(Player::Human { id, name }) if people > 1 => Some(User::new(id.clone(), name.clone())),
        _ => None,
    }
}

/// When the seats the game waits for run out of time: a turn's own clock, or the auction's
/// one deadline for every bid (kept while the bids come in); none when no person is waited for.
fn deadline(row: &CincoRow, game: &Cinco, auction_before: Option<u32>, now: i64) -> Option<i64> {
    if !game.who_may_act().into_iter().any(|seat| present(row, seat)) {
        return None;
    }
    let seconds = match game.public_view().auction {
        Some(auction) if auction_before == Some(auction.number) && row.deadline.is_some() => {
            return row.deadline;
        }
        Some(_) => row.rules.bid_seconds,
        None => row.rules.turn_seconds,
    };
    Some(now.saturating_add(i64::from(seconds) * 1000))
}

fn winners(outcome: &CincoOutcome) -> Vec<SeatIndex> {
    match outcome {
        CincoOutcome::Running => Vec::new(),
        CincoOutcome::Won { winner, .. } => seat_index(*winner).into_iter().collect(),
        CincoOutcome::NoFivesLeft { leaders } => {
            leaders.iter().copied().filter_map(seat_index).collect()
        }
    }
}

/// A seed nobody at the table can guess: the deck must not be predictable from the chat.
fn random_seed(now: i64) -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_i64(now);
    hasher.finish()
}

/// The game `row` with its actions `log` played again from its seed; why not, if it does not
/// replay.
pub(in crate::core) fn replay(row: &CincoRow, log: &[StoredAction]) -> Result<Cinco, String> {
    let seats = u8::try_from(row.players.len()).map_err(|_| "too many seats".to_owned())?;
    let actions = log
        .iter()
        .map(|stored| {
            parse_action(&stored.action)
                .map(|action| SeatAction { seat: stored.seat.cinco_seat(), action })
                .ok_or_else(|| format!("action {} unreadable: {}", stored.seq, stored.action))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Cinco::replay(CincoSettings { seats, seed: row.rules.seed }, &actions)
        .map_err(|error| error.to_string())
}

/// The tables of the stored games `games`, each replayed from its log; one that does not
/// replay is logged and left aside.
pub(super) fn replayed(games: Vec<(CincoRow, Vec<StoredAction>)>) -> Vec<CincoTable> {
    games
        .into_iter()
        .filter_map(|(row, log)| match replay(&row, &log) {
            Ok(game) => Some(CincoTable::new(row, game, log)),
            Err(error) => {
                tracing::error!(game = row.id.0, %error, "a stored CINCO game does not replay; left aside");
                None
            }
        })
        .collect()
}

impl Core {
    /// Deals every CINCO game from now on from `seed` (plus its lobby's number) instead of a
    /// random seed, so that a piped terminal session plays the same way every time.
    pub fn deal_cinco_from(&mut self, seed: u64) {
        self.cinco.fixed_seed = Some(seed);
    }

    pub(super) fn cinco_names(row: &CincoRow) -> Vec<Arg> {
        seat_names(&row.players)
    }

    pub(super) fn words(&self, locale: Locale) -> impl Fn(Arg) -> String + '_ {
        move |arg| match arg {
            Arg::Plain(text) => text,
            Arg::Number(number) => number.to_string(),
            Arg::Text(text) => self.texts.render(locale, &text),
        }
    }

    /// The hand message of `seat`, for its player's eyes only, shown as `slot` says (asked
    /// for again, or to notify its player), in the language they read (`locale` when it is
    /// not known).
    pub(super) fn hand_output(
        &self,
        table: &CincoTable,
        seat: CincoSeat,
        locale: Locale,
        slot: HandSlot,
    ) -> Option<Output> {
        self.hand_output_picking(table, seat, (locale, slot), None)
    }

    /// [`Core::hand_output`] with the card `picked` for a bid whose use of Puntaje comes next.
    fn hand_output_picking(
        &self,
        table: &CincoTable,
        seat: CincoSeat,
        (locale, slot): (Locale, HandSlot),
        picked: Option<engine::Card>,
    ) -> Option<Output> {
        let Some(Player::Human { id, .. }) = table.row.players.get(seat.index()) else {
            return None;
        };
        let locale = table.readers.get(&seat.index()).copied().unwrap_or(locale);
        let private = table.game.private_view(seat)?;
        let now = self.clock.now_ms();
        let seconds_left = table
            .row
            .deadline
            .filter(|_| present(&table.row, seat))
            .map(|at| (at.saturating_sub(now) / 1000).max(0));
        let mut message = hand_message(
            (table.row.id, table.log.len()),
            &table.game.public_view(),
            &private,
            &Core::cinco_names(&table.row),
            (seconds_left, picked),
            (locale, &self.words(locale)),
        );
        message.components.extend(self.hand_board_row(table.row.id, table.row.chat.platform));
        let prompt = Prompt::Hand {
            game: table.row.id,
            seq: table.log.len(),
            edit: table.prompts.get(&seat.index()).and_then(|shown| shown.message_id.clone()),
        };
        Some(Output::Direct {
            platform: table.row.chat.platform,
            user: id.clone(),
            message,
            prompt: Some(prompt),
            hand: Some(slot),
        })
    }

    /// The table as the group sees it after a step by `acted` (`before`: the view before
    /// it, to tell whether an auction was revealed): what players must read as a message of
    /// its own, then the table, one message per game edited in place like a board.
    fn table_output(
        &self,
        id: GameId,
        before: Option<&PublicView>,
        note: Option<(usize, PublicNote)>,
        (locale, acted): (Locale, Option<CincoSeat>),
    ) -> Vec<Output> {
        let Some(table) = self.cinco.tables.get(&id) else { return Vec::new() };
        let view = table.game.public_view();
        // Only a step reveals: a table shown again (a restart) does not repeat the last reveal.
        // A step may reveal several auctions (5s drawn that nobody could bid on): all are told.
        let revealed = before
            .map_or(&[][..], |before| view.reveals.get(before.reveals.len()..).unwrap_or_default());
        let names = Core::cinco_names(&table.row);
        let chat = table.row.chat.clone();
        let mut outputs = Vec::new();
        let events = events_to_read(&names, note, revealed, &self.words(locale));
        if !events.is_empty() {
            outputs
                .push(Output::Send { chat: chat.clone(), message: Message::text(locale, events) });
        }
        let mut message = table_message(id, &view, &names, note, locale, &self.words(locale));
        // The terminal has no private chat to open: `/hand` prints the hand where it is.
        if !view.outcome.is_over() && chat.platform != Platform::Console {
            message.components.push(hand_button(id));
            message.components.extend(self.open_board_row(id, &chat));
        }
        outputs.push(Output::Board {
            chat,
            game: id,
            ply: table.log.len(),
            edit: table.row.board_message.clone(),
            message,
            turn: turn_to_tell(table, acted),
            repost: false,
            ended: view.outcome.is_over(),
        });
        outputs
    }

    /// What a step shows: the table to the group, and their hand to each person the game now
    /// waits for (all of them at the start). A seat already asked for its bid in the same
    /// auction is not asked again. The person who `acted` gets their hand as it is now, so
    /// that the one they pressed does not keep cards and buttons that are gone.
    fn announce(
        &self,
        id: GameId,
        before: Option<&PublicView>,
        note: Option<(usize, PublicNote)>,
        (locale, acted): (Locale, Option<CincoSeat>),
    ) -> Vec<Output> {
        let mut outputs = self.table_output(id, before, note, (locale, acted));
        let Some(table) = self.cinco.tables.get(&id) else { return outputs };
        let view = table.game.public_view();
        let asked_before = |seat: CincoSeat| {
            before.is_some_and(|before| {
                let same_auction = matches!((&before.auction, &view.auction),
                    (Some(old), Some(new)) if old.number == new.number);
                same_auction
                    && before.auction.as_ref().is_some_and(|auction| {
                        auction.bids.get(seat.index()) == Some(&engine::BidStatus::Waiting)
                    })
            })
        };
        let every_seat = (0..table.row.players.len())
            .filter_map(|seat| u8::try_from(seat).ok().map(CincoSeat))
            .collect::<Vec<_>>();
        let seats: Vec<CincoSeat> = match before {
            None => every_seat,
            Some(before) => {
                let mut seats = table.game.who_may_act();
                seats.extend(acted.filter(|seat| !seats.contains(seat)));
                // A reveal spends the bids: every hand shows what is left of it, and no longer
                // a sealed bid. A new auction tells whoever cannot bid in it why.
                let revealed = view.reveals.len() > before.reveals.len();
                let opened = view.auction.as_ref().filter(|new| {
                    before.auction.as_ref().is_none_or(|old| old.number != new.number)
                });
                let cannot_bid = |seat: &CincoSeat| {
                    opened.is_some_and(|auction| {
                        auction.bids.get(seat.index()) == Some(&engine::BidStatus::NoNumber)
                    })
                };
                let told: Vec<CincoSeat> = every_seat
                    .into_iter()
                    .filter(|seat| !seats.contains(seat) && (revealed || cannot_bid(seat)))
                    .collect();
                seats.extend(told);
                seats
            }
        };
        let bidders = table.game.who_may_act();
        for seat in seats {
            let waited = Some(seat) != acted;
            if is_away(&table.row, seat) || (before.is_some() && waited && asked_before(seat)) {
                continue;
            }
            // A new bid request notifies its bidder: no mention in the chat does (all bid).
            let notify = waited && view.auction.is_some() && bidders.contains(&seat);
            let slot = HandSlot { game: id, anew: false, notify };
            outputs.extend(self.hand_output(table, seat, locale, slot));
        }
        outputs
    }

    /// The host started lobby `lobby`: the game is dealt and stored, the group sees the table
    /// and every person their hand.
    pub(super) async fn start_cinco(
        &mut self,
        context: &Context,
        lobby: &LobbyRow,
    ) -> Result<Vec<Output>, CoreError> {
        let now = self.clock.now_ms();
        let seed = match self.cinco.fixed_seed {
            Some(seed) => seed.wrapping_add(lobby.id),
            None => random_seed(now),
        };
        let seats = u8::try_from(lobby.seats.len()).map_err(|_| refused("cinco-lobby-full"))?;
        let game = Cinco::start(CincoSettings { seats, seed })
            .map_err(|_| refused("cinco-lobby-too-few"))?;
        let rules = super::settings::rules(seed, self.cinco_timers(context).await?);
        let mut new = NewCinco {
            chat: context.chat.clone(),
            rules,
            players: lobby.seats.clone(),
            started_by: context.user.id.clone(),
            deadline: None,
            now,
        };
        let draft = CincoRow {
            id: GameId(0),
            chat: new.chat.clone(),
            rules,
            players: new.players.clone(),
            status: GameStatus::Active,
            winners: Vec::new(),
            deadline: None,
            away: AwaySeats::default(),
            last_human_at: now,
            started_by: new.started_by.clone(),
            board_message: None,
            shown_ply: 0,
            rating_due: false,
            result_shown: true,
            created_at: now,
            updated_at: now,
        };
        new.deadline = deadline(&draft, &game, None, now);
        let mut change = self.begin(Some(context)).await?;
        let row = change.insert_cinco(new).await?;
        change.close_lobby(lobby.id).await?;
        self.commit(Some(context), change).await?;
        let id = row.id;
        self.cinco.tables.insert(id, CincoTable::new(row, game, Vec::new()));
        self.learn_readers(id).await?;
        let locale = self.chat_locale(&context.chat).await;
        let outputs = self.announce(id, None, None, (locale, None));
        self.ask_cinco_cpu(id);
        Ok(outputs)
    }

    /// `/hand` (or the table's My hand button): one's hand, and what the game waits for from
    /// one, again, privately. A player away on timeout who asks for their hand is back: the
    /// group is told, their clock runs again, and the CPU stops playing for them.
    pub(in crate::core) async fn send_hand(
        &mut self,
        context: &Context,
        game: Option<GameId>,
    ) -> Result<Vec<Output>, CoreError> {
        let (id, seat, away) = self.seat_for_hand(context, game)?;
        self.heard_from(context, id, seat);
        let mut outputs =
            if away { self.cinco_seat_back(context, id, seat).await? } else { Vec::new() };
        let table = self.cinco.tables.get(&id).ok_or_else(|| refused("cinco-no-game"))?;
        let slot = HandSlot { game: id, anew: true, notify: false };
        outputs.extend(self.hand_output(table, seat, context.locale, slot));
        Ok(outputs)
    }

    /// Learns from the store the language each person at table `id` reads in.
    async fn learn_readers(&mut self, id: GameId) -> Result<(), StoreError> {
        let Some(table) = self.cinco.tables.get(&id) else { return Ok(()) };
        let platform = table.row.chat.platform;
        let people: Vec<(usize, String)> = table
            .row
            .players
            .iter()
            .enumerate()
            .filter_map(|(seat, player)| player.user_id().map(|user| (seat, user.to_owned())))
            .collect();
        let mut readers = std::collections::BTreeMap::new();
        for (seat, user) in people {
            if let Some(locale) = self.store.user_locale(platform, &user).await? {
                readers.insert(seat, locale);
            }
        }
        if let Some(table) = self.cinco.tables.get_mut(&id) {
            table.readers = readers;
        }
        Ok(())
    }

    /// `context`'s person, seated at table `id` in `seat`, reads in their input's language.
    fn heard_from(&mut self, context: &Context, id: GameId, seat: CincoSeat) {
        if let Some(table) = self.cinco.tables.get_mut(&id) {
            table.readers.insert(seat.index(), context.reader_locale);
        }
    }

    /// The table in this chat (game `game`, if named) where the user sits: its id, their seat,
    /// and whether they are away.
    fn seat_for_hand(
        &self,
        context: &Context,
        game: Option<GameId>,
    ) -> Result<(GameId, CincoSeat, bool), CoreError> {
        let mut tables = self
            .cinco
            .tables
            .values()
            .filter(|table| table.row.chat == context.chat)
            .filter(|table| game.is_none_or(|id| id == table.row.id))
            .peekable();
        let watched = tables.peek().is_some();
        let Some(table) = tables.find(|table| table.seat_of(&context.user.id).is_some()) else {
            if let Some(host) = self.lobby_host_of(context) {
                return Err(CoreError::Refused(Text::new("cinco-not-started").with("host", host)));
            }
            return Err(refused(if watched { "not-a-player" } else { "cinco-no-game" }));
        };
        let seat = table.seat_of(&context.user.id).ok_or_else(|| refused("not-a-player"))?;
        Ok((table.row.id, seat, is_away(&table.row, seat)))
    }

    /// `seat`'s player, away on timeout, is back without acting yet: stored, told to the
    /// group, their seat's clock armed again if the game waits for them, and the CPU asked for
    /// what it owes now that someone is at the table.
    async fn cinco_seat_back(
        &mut self,
        context: &Context,
        id: GameId,
        seat: CincoSeat,
    ) -> Result<Vec<Output>, CoreError> {
        let now = self.clock.now_ms();
        let table = self.cinco.tables.get(&id).ok_or_else(|| refused("cinco-no-game"))?;
        let index = seat_index(seat).ok_or_else(|| refused("not-a-player"))?;
        let mut row = table.row.clone();
        row.away = row.away.with(index, false);
        row.last_human_at = now;
        row.updated_at = now;
        let auction = table.game.public_view().auction.map(|auction| auction.number);
        row.deadline = deadline(&row, &table.game, auction, now);
        let mut change = self.begin(Some(context)).await?;
        change.save_cinco(&row).await?;
        self.commit(Some(context), change).await?;
        let note = Text::new("seat-taken-back").with("name", name_of(&row.players[seat.index()]));
        let chat = row.chat.clone();
        if let Some(table) = self.cinco.tables.get_mut(&id) {
            table.row = row;
        }
        let locale = self.chat_locale(&chat).await;
        self.ask_cinco_cpu(id);
        Ok(vec![Output::Send { chat, message: Message::text(locale, vec![note]) }])
    }

    /// A press of a CINCO button (or its payload typed).
    pub(in crate::core) async fn cinco_press(
        &mut self,
        context: &Context,
        id: GameId,
        round: CincoRound,
        text: &str,
    ) -> Result<Vec<Output>, CoreError> {
        let table = self
            .cinco
            .tables
            .get(&id)
            .filter(|table| table.row.chat.platform == context.chat.platform)
            .ok_or_else(|| {
                CoreError::Refused(Text::new("no-such-game").with("id", id.to_string()))
            })?;
        let seat = table.seat_of(&context.user.id).ok_or_else(|| refused("not-a-player"))?;
        if let Some(card) = text.strip_prefix(PICK) {
            return self.cinco_pick(context, id, (round, seat), card);
        }
        let action = parse_action(text).ok_or_else(|| refused("button-unknown"))?;
        let code = action_code(action);
        let mine = |stored: &StoredAction| {
            stored.seat.cinco_seat() == seat && stored.action == code && !stored.by_cpu
        };
        match round {
            CincoRound::Seq(seq) if seq != table.log.len() => {
                let played = table.log.get(seq).is_some_and(mine);
                return Err(refused(if played { "already-played" } else { "outdated" }));
            }
            CincoRound::Auction(number) => {
                let bid_already = table.log.iter().any(|stored| {
                    stored.auction == Some(number) && stored.seat.cinco_seat() == seat
                });
                if bid_already {
                    return Err(refused("already-played"));
                }
                let current = table.game.public_view().auction.map(|auction| auction.number);
                if current != Some(number) {
                    return Err(refused("outdated"));
                }
            }
            CincoRound::Seq(_) => {}
        }
        if !table.game.who_may_act().contains(&seat) {
            return Err(CoreError::Refused(Text::new("cinco-not-waiting").with("id", id.0)));
        }
        self.heard_from(context, id, seat);
        self.cinco_step(Some(context), id, seat, action).await
    }

    /// A bidder picked the card of their bid (or, with no card, went back to the cards): their
    /// bid request again, in place, with that card's uses of Puntaje. Nothing is played.
    fn cinco_pick(
        &self,
        context: &Context,
        id: GameId,
        (round, seat): (CincoRound, CincoSeat),
        card: &str,
    ) -> Result<Vec<Output>, CoreError> {
        let table = self.cinco.tables.get(&id).ok_or_else(|| refused("cinco-no-game"))?;
        let current = table.game.public_view().auction.map(|auction| auction.number);
        let CincoRound::Auction(number) = round else { return Err(refused("button-unknown")) };
        if current != Some(number) || !table.game.who_may_act().contains(&seat) {
            return Err(refused("outdated"));
        }
        let picked = match card {
            "" => None,
            code => Some(parse_card(code).ok_or_else(|| refused("button-unknown"))?),
        };
        let slot = HandSlot { game: id, anew: false, notify: false };
        let shown = self.hand_output_picking(table, seat, (context.reader_locale, slot), picked);
        Ok(shown.into_iter().collect())
    }

    /// Plays `action` for `seat` (a person's when `context` is given, else the CPU's),
    /// commits it, and shows what changed. A person acting while away takes their seat back.
    async fn cinco_step(
        &mut self,
        context: Option<&Context>,
        id: GameId,
        seat: CincoSeat,
        action: CincoAction,
    ) -> Result<Vec<Output>, CoreError> {
        let now = self.clock.now_ms();
        let table = self.cinco.tables.get(&id).ok_or_else(|| refused("cinco-no-game"))?;
        let before = table.game.public_view();
        let game =
            table.game.clone().play(seat, action).map_err(|_| refused("cinco-not-allowed"))?;
        let index = seat_index(seat).ok_or_else(|| refused("not-a-player"))?;
        let auction_before = before.auction.as_ref().map(|auction| auction.number);
        let stored = StoredAction {
            seq: table.log.len(),
            seat: index,
            auction: matches!(action, CincoAction::Bid(_)).then_some(auction_before).flatten(),
            action: action_code(action),
            by_cpu: context.is_none(),
            at: now,
            event: context.map(|context| context.event.clone()),
        };
        let mut row = table.row.clone();
        let mut notes = Vec::new();
        if context.is_some() {
            row.last_human_at = now;
            if row.away.contains(index) {
                row.away = row.away.with(index, false);
                notes.push(
                    Text::new("seat-taken-back").with("name", name_of(&row.players[seat.index()])),
                );
            }
        }
        row.updated_at = now;
        let outcome = game.outcome();
        let after = game.public_view();
        if outcome.is_over() {
            row.status = GameStatus::Finished;
            row.winners = winners(&outcome);
            row.deadline = None;
            // Its final table is still to be shown: a restart before then shows it.
            row.result_shown = false;
        } else {
            row.deadline = deadline(&row, &game, auction_before, now);
        }
        let rated = self.commit_cinco_step(context, &mut row, &stored, &after).await?;
        let chat = row.chat.clone();
        let row_chat = chat.clone();
        if let Some(table) = self.cinco.tables.get_mut(&id) {
            table.row = row;
            table.game = game;
            table.log.push(stored);
            table.asked = None;
        }
        let locale = self.chat_locale(&chat).await;
        let mut outputs = Vec::new();
        if !notes.is_empty() {
            outputs.push(Output::Send { chat, message: Message::text(locale, notes) });
        }
        outputs.extend(self.announce(
            id,
            Some(&before),
            PublicNote::of(action, &after).map(|note| (seat.index(), note)),
            (locale, context.is_some().then_some(seat)),
        ));
        if !rated.is_empty() {
            outputs.push(Output::Send { chat: row_chat, message: Message::text(locale, rated) });
        }
        if outcome.is_over() {
            self.end_cinco_table(id);
        } else {
            self.ask_cinco_cpu(id);
        }
        Ok(outputs)
    }

    /// Asks the CPU for the next decision it owes: a CPU seat's, or an away player's while
    /// someone is still at the table. One at a time, so the reply's place in the sequence
    /// says whose it is.
    fn ask_cinco_cpu(&mut self, id: GameId) {
        let Some(table) = self.cinco.tables.get_mut(&id) else { return };
        let seq = table.log.len();
        if table.row.status != GameStatus::Active
            || table.asked.is_some_and(|(asked, _)| asked == seq)
        {
            return;
        }
        let someone_here = (0..table.row.players.len())
            .filter_map(|seat| u8::try_from(seat).ok().map(CincoSeat))
            .any(|seat| present(&table.row, seat));
        let owed = table.game.who_may_act().into_iter().find(|&seat| {
            match table.row.players.get(seat.index()) {
                Some(Player::Cpu { .. }) => true,
                Some(Player::Human { .. }) => someone_here && is_away(&table.row, seat),
                None => false,
            }
        });
        let Some(seat) = owed else { return };
        let Some(private) = table.game.private_view(seat) else { return };
        let player = match table.row.players.get(seat.index()) {
            Some(Player::Cpu { level: CpuLevel::Easy }) => CincoPlayer::Random,
            _ => CincoPlayer::Planner,
        };
        table.asked = Some((seq, seat));
        let request = CincoCpuRequest {
            game: id,
            seq,
            player,
            public: table.game.public_view(),
            private,
            seed: cinco_decision_seed(&table.game, seat),
        };
        self.cpu.request_cinco(request);
    }

    /// The CPU's decision came back: played if the game still waits for it.
    pub(in crate::core) async fn cinco_cpu_moved(&mut self, reply: CpuReply) -> Vec<Output> {
        let Some(table) = self.cinco.tables.get_mut(&reply.game) else { return Vec::new() };
        let Some((seq, seat)) = table.asked else { return Vec::new() };
        if reply.ply != seq || table.log.len() != seq {
            return Vec::new();
        }
        table.asked = None;
        let Some(action) = reply.result.as_deref().and_then(parse_action) else {
            return Vec::new();
        };
        match self.cinco_step(None, reply.game, seat, action).await {
            Ok(outputs) => outputs,
            Err(error) => {
                tracing::error!(game = reply.game.0, %error, "a CINCO CPU decision failed");
                Vec::new()
            }
        }
    }

    /// The next CINCO deadline or lobby expiry.
    pub(in crate::core) fn cinco_next_deadline(&self) -> Option<i64> {
        let tables = self.cinco.tables.values().filter_map(|table| table.row.deadline).min();
        tables.into_iter().chain(self.next_lobby_expiry()).min()
    }

    /// Hands every silent seat of a table whose time ran out to the CPU, and closes expired
    /// lobbies.
    pub(in crate::core) async fn cinco_tick(&mut self, now: i64) -> Vec<Output> {
        let mut outputs = match self.expire_lobbies(now).await {
            Ok(outputs) => outputs,
            Err(error) => {
                tracing::error!(%error, "closing expired CINCO lobbies");
                Vec::new()
            }
        };
        let due: Vec<GameId> = self
            .cinco
            .tables
            .values()
            .filter(|table| table.row.deadline.is_some_and(|at| now >= at))
            .map(|table| table.row.id)
            .collect();
        for id in due {
            match self.cinco_time_out(id, now).await {
                Ok(more) => outputs.extend(more),
                Err(error) => tracing::error!(game = id.0, %error, "a CINCO timer failed"),
            }
        }
        outputs
    }

    async fn cinco_time_out(&mut self, id: GameId, now: i64) -> Result<Vec<Output>, StoreError> {
        let Some(table) = self.cinco.tables.get(&id) else { return Ok(Vec::new()) };
        let silent: Vec<CincoSeat> = table
            .game
            .who_may_act()
            .into_iter()
            .filter(|&seat| present(&table.row, seat))
            .collect();
        let mut row = table.row.clone();
        for &seat in &silent {
            if let Some(index) = seat_index(seat) {
                row.away = row.away.with(index, true);
            }
        }
        row.deadline = None;
        row.updated_at = now;
        let mut change = self.begin(None).await?;
        change.save_cinco(&row).await?;
        self.commit(None, change).await?;
        let names = Core::cinco_names(&row);
        let chat = row.chat.clone();
        if let Some(table) = self.cinco.tables.get_mut(&id) {
            table.row = row;
        }
        let locale = self.chat_locale(&chat).await;
        let list: Vec<String> = {
            let words = self.words(locale);
            silent.iter().filter_map(|seat| names.get(seat.index()).cloned()).map(words).collect()
        };
        self.ask_cinco_cpu(id);
        if list.is_empty() {
            return Ok(Vec::new());
        }
        // The CPU stands in only while someone is at the table: with everybody away it would
        // play the whole game alone, so the table waits, and says so, until one comes back.
        let nobody_here = self.cinco.tables.get(&id).is_none_or(|table| {
            (0..table.row.players.len())
                .filter_map(|seat| u8::try_from(seat).ok().map(CincoSeat))
                .all(|seat| !present(&table.row, seat))
        });
        let note = Text::new(if nobody_here { "cinco-paused" } else { "cinco-timed-out" })
            .with("names", list.join(", "))
            .with("count", list.len())
            .with("id", id.0);
        Ok(vec![Output::Send { chat, message: Message::text(locale, vec![note]) }])
    }

    /// Reloads every CINCO game being played, shows each table that is behind again (in the
    /// message that showed it), sends every waiting person their hand or bid request again
    /// (editing the message that showed it), and asks the CPU for what it owes; shows the
    /// final table of every ending not shown yet.
    pub(in crate::core) async fn reload_cinco(
        &mut self,
        which: Chats<'_>,
    ) -> Result<Vec<Output>, StoreError> {
        self.reload_lobbies(which).await?;
        let mut outputs = Vec::new();
        let active = self.store.active_cinco_games().await?;
        let owned = active.into_iter().filter(|(row, _)| which.include(&self.partition, &row.chat));
        for mut table in replayed(owned.collect()) {
            let id = table.row.id;
            let chat = table.row.chat.clone();
            for prompt in self.store.prompts(id).await? {
                table.prompts.insert(prompt.seat.index(), prompt);
            }
            let behind = table.row.shown_ply < table.log.len() || table.row.board_message.is_none();
            self.cinco.tables.insert(id, table);
            self.learn_readers(id).await?;
            let locale = self.chat_locale(&chat).await;
            let mut shown =
                if behind { self.table_output(id, None, None, (locale, None)) } else { Vec::new() };
            if let Some(table) = self.cinco.tables.get(&id) {
                let slot = HandSlot { game: id, anew: false, notify: false };
                for seat in table.game.who_may_act() {
                    if !is_away(&table.row, seat) {
                        shown.extend(self.hand_output(table, seat, locale, slot));
                    }
                }
            }
            outputs.extend(shown);
            self.ask_cinco_cpu(id);
        }
        let unshown = self.store.unshown_cinco_endings().await?;
        let owned =
            unshown.into_iter().filter(|(row, _)| which.include(&self.partition, &row.chat));
        for table in replayed(owned.collect()) {
            let (id, chat) = (table.row.id, table.row.chat.clone());
            self.cinco.tables.insert(id, table);
            let locale = self.chat_locale(&chat).await;
            outputs.extend(self.table_output(id, None, None, (locale, None)));
            self.end_cinco_table(id);
        }
        let waiting = self.store.waiting_directs().await?;
        let here: Vec<_> = waiting
            .into_iter()
            .filter(|(_, _, about)| self.waits_here(about))
            .map(|(platform, user, _)| (platform, user))
            .collect();
        self.cinco.waiting.extend(here);
        Ok(outputs)
    }

    /// The tables of a chat that moved to the id `to` (the store moved their rows).
    pub(in crate::core) fn cinco_chat_moved(&mut self, from: &Chat, to: &Chat) {
        for table in self.cinco.tables.values_mut().filter(|table| table.row.chat == *from) {
            table.row.chat = to.clone();
            table.row.board_message = None;
        }
    }

    /// Forgets the tables and lobbies of `which` chats, which another partition or process
    /// takes over.
    pub(in crate::core) fn release_cinco(&mut self, which: Chats<'_>) {
        let partition = &self.partition;
        self.cinco.tables.retain(|_, table| !which.include(partition, &table.row.chat));
        self.cinco.endings.retain(|_, row| !which.include(partition, &row.chat));
        self.cinco.finished.forget(|table| which.include(partition, &table.row.chat));
        self.cinco.lobbies.retain(|_, lobby| !which.include(partition, &lobby.chat));
    }

    /// A game whose ending committed leaves the tables being played; its row is kept until an
    /// adapter reports its final table shown, and the table a while for a last look.
    fn end_cinco_table(&mut self, id: GameId) {
        if let Some(table) = self.cinco.tables.remove(&id) {
            self.cinco.endings.insert(id, table.row.clone());
            self.cinco.finished.keep(id, self.clock.now_ms(), table);
        }
    }
}
