//! Moves: a player's, the CPU's, a resignation, an undo by agreement, and the end of a game.

use engine::Seat;
use engine::cpu::{Hopeless, Level};

use super::error::{CoreError, refused};
use super::steps::Step;
use super::table::{Table, name_of};
use super::{
    Button, Context, Core, CpuReply, CpuRequest, GameId, Message, Output, Payload, Player,
};
use crate::i18n::{Locale, Text};
use crate::store::{GameRow, GameStatus, StoredMove};

/// What the chat asks before black plays `point`, a renju forbidden point of `shape`.
pub(super) fn forbidden_question(shape: engine::ForbiddenKind, point: &str) -> Text {
    Text::new("confirm-forbidden")
        .with("move", point)
        .with("shape", Text::new(crate::games::shape_id(shape)))
}

/// Who is making a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mover {
    Person,
    /// The CPU in its own seat.
    Cpu,
    /// The CPU playing for a person whose timer ran out.
    Stand,
}

impl Core {
    /// `context.user` plays `text` in game `id`. A button press names the `ply` it was drawn
    /// for; a press for another ply is refused as outdated, or as already played when it is
    /// the very move the log holds at that ply.
    pub(super) async fn play_as(
        &mut self,
        context: &Context,
        id: GameId,
        text: &str,
        confirm: bool,
        ply: Option<usize>,
    ) -> Result<Vec<Output>, CoreError> {
        let table = self.table(id)?;
        let seat = table.seat_of(&context.user.id).ok_or_else(|| refused("not-a-player"))?;
        if let Some(pressed) = ply
            && pressed != table.position.ply()
        {
            let played = table.log.get(pressed).is_some_and(|stored| {
                stored.seat == seat && stored.action.eq_ignore_ascii_case(text.trim())
            });
            return Err(refused(if played { "already-played" } else { "outdated" }));
        }
        let back = self.take_seat_back(context, id, seat).await?;
        let table = self.table(id)?;
        if table.position.seat_to_act() != Some(seat) {
            return if back.is_empty() { Err(refused("not-your-turn")) } else { Ok(back) };
        }
        if !confirm && let Some((shape, point)) = table.position.losing_forbidden(text) {
            // The point as the notation writes it, not as typed: a typed move may be padded
            // past what a button carries.
            let question = forbidden_question(shape, &point);
            let payload =
                Payload::Move { game: id, ply: table.position.ply(), text: point, confirm: true };
            // Playing it loses the game: the button says so by its colour too.
            let confirm = Button::new(Text::new("button-confirm"), &payload).danger();
            let message = Message::with_buttons(context.locale, vec![question], vec![confirm]);
            return Ok(vec![Output::Send { chat: context.chat.clone(), message }]);
        }
        let mut outputs = back;
        outputs.extend(self.apply(Some(context), id, seat, text, Mover::Person).await?);
        Ok(outputs)
    }

    pub(super) fn table(&self, id: GameId) -> Result<&Table, CoreError> {
        self.tables
            .get(&id)
            .ok_or_else(|| CoreError::Refused(Text::new("no-such-game").with("id", id.to_string())))
    }

    /// A player whose timer ran out acts again: the CPU stops playing for them.
    async fn take_seat_back(
        &mut self,
        context: &Context,
        id: GameId,
        seat: Seat,
    ) -> Result<Vec<Output>, CoreError> {
        let now = self.clock.now_ms();
        let table = self.table(id)?;
        if !table.row.away[seat.index()] {
            return Ok(Vec::new());
        }
        let mut row = table.row.clone();
        row.away[seat.index()] = false;
        row.last_human_at = now;
        row.turn_deadline = turn_deadline(&row, &table.position, now);
        self.commit_step(Some(context), &mut row, Step::Row).await?;
        let note = Text::new("seat-taken-back").with("name", name_of(&row.players[seat.index()]));
        let chat = row.chat.clone();
        if let Some(table) = self.tables.get_mut(&id) {
            table.row = row;
        }
        let locale = self.chat_locale(&chat).await;
        // With someone at the table again, the CPU may stand in for a player still away.
        self.ask_cpu_if_due(id);
        Ok(vec![Output::Send { chat, message: Message::text(locale, vec![note]) }])
    }

    /// Plays `text` for `seat`, commits it (with the ratings when it ends the game), and
    /// shows the new board: the move is in the log before anything is sent. `context`: the
    /// person's input that made the move, if one did.
    async fn apply(
        &mut self,
        context: Option<&Context>,
        id: GameId,
        seat: Seat,
        text: &str,
        mover: Mover,
    ) -> Result<Vec<Output>, CoreError> {
        let now = self.clock.now_ms();
        let table = self.table(id)?;
        let mut position = table.position.clone();
        let written = position.play(text).map_err(|error| CoreError::Refused(error.text()))?;
        let mut row = table.row.clone();
        let played = StoredMove {
            ply: table.position.ply(),
            seat,
            action: written.clone(),
            by_cpu: mover != Mover::Person,
            at: now,
            event: context.map(|context| context.event.clone()),
        };
        if mover == Mover::Person {
            row.last_human_at = now;
        }
        row.undo_by = None;
        // A move (the ten offered, or anything typed) ends an offer being chosen by buttons.
        row.offer_draft = None;
        row.updated_at = now;
        let over = position.outcome().is_over();
        if over {
            row.status = GameStatus::Finished;
            row.winner = position.outcome().winner();
        }
        row.turn_deadline = turn_deadline(&row, &position, now);
        let ratings = self.commit_step(context, &mut row, Step::Move(&played)).await?;
        let name = name_of(&row.players[seat.index()]);
        let warnings = position.warnings(&written, row.settings.overline);
        let note = match (position.told(&table.position, &written), mover) {
            (Some(told), Mover::Stand) => {
                told.with("name", Text::new("told-cpu-for").with("name", name))
            }
            (Some(told), Mover::Person | Mover::Cpu) => told.with("name", name),
            (None, Mover::Stand) => {
                Text::new("cpu-played-for").with("name", name).with("move", written)
            }
            (None, Mover::Person | Mover::Cpu) => {
                Text::new("move-played").with("name", name).with("move", written)
            }
        };
        let locale = match context {
            Some(context) => context.locale,
            None => self.chat_locale(&row.chat).await,
        };
        let mut notes = vec![note];
        notes.extend(warnings);
        if let Some(table) = self.tables.get_mut(&id) {
            table.position = position;
            table.log.push(played);
        }
        if over {
            return Ok(self.end_table(id, row, locale, notes, ratings));
        }
        if let Some(table) = self.tables.get_mut(&id) {
            table.row = row;
        }
        let outputs = self.shown_board(id, locale, notes);
        self.ask_cpu_if_due(id);
        Ok(outputs)
    }

    /// Asks the CPU for a move when the seat to act is the CPU's, or belongs to a player away
    /// on timeout while the other player is present (the CPU never plays both sides).
    pub(super) fn ask_cpu_if_due(&self, id: GameId) {
        let Some(table) = self.tables.get(&id) else { return };
        let Some(seat) = table.position.seat_to_act() else { return };
        let level = match table.player(seat) {
            Player::Cpu { level } => Level::from(*level),
            Player::Human { .. } if table.row.away[seat.index()] => {
                let other = seat.opponent();
                if table.player(other).is_cpu() || table.row.away[other.index()] {
                    return;
                }
                Level::Normal
            }
            Player::Human { .. } => return,
        };
        let ply = table.position.ply();
        let seed = u64::try_from(id.0).unwrap_or(0).wrapping_mul(1_000_003)
            ^ u64::try_from(ply).unwrap_or(0);
        self.cpu.request(CpuRequest {
            game: id,
            ply,
            position: table.position.clone(),
            level,
            seed,
        });
    }

    /// The CPU's answer. An answer for a ply that has passed (an undo, a player back from a
    /// timeout, a restart) is dropped.
    pub async fn cpu_moved(&mut self, reply: CpuReply) -> Vec<Output> {
        if self.cinco.owns(reply.game) {
            return self.cinco_cpu_moved(reply).await;
        }
        let Some(table) = self.tables.get(&reply.game) else { return Vec::new() };
        let Some(seat) = table.position.seat_to_act() else { return Vec::new() };
        let mover = if table.player(seat).is_cpu() {
            Mover::Cpu
        } else if table.row.away[seat.index()] {
            Mover::Stand
        } else {
            return Vec::new();
        };
        if reply.ply != table.position.ply() {
            return Vec::new();
        }
        let Some(text) = reply.result else { return Vec::new() };
        if let (Mover::Cpu, Some(hopeless)) = (mover, reply.hopeless) {
            return match self.cpu_resigns(reply.game, seat, hopeless).await {
                Ok(outputs) => outputs,
                Err(error) => {
                    tracing::error!(game = reply.game.0, %error, "the CPU's resignation failed");
                    Vec::new()
                }
            };
        }
        match self.apply(None, reply.game, seat, &text, mover).await {
            Ok(outputs) => outputs,
            Err(error) => {
                tracing::error!(game = reply.game.0, %text, %error, "the CPU's move failed");
                Vec::new()
            }
        }
    }

    /// `/resign`: asks the player to confirm, with buttons drawn for this ply (a move makes
    /// them stale); `/resign confirm` or the confirm button gives up.
    pub(super) fn ask_resign(
        &self,
        context: &Context,
        id: GameId,
    ) -> Result<Vec<Output>, CoreError> {
        let table = self.table(id)?;
        let seat = table.seat_of(&context.user.id).ok_or_else(|| refused("not-a-player"))?;
        let ply = table.position.ply();
        let question =
            Text::new("resign-confirm").with("name", name_of(table.player(seat))).with("id", id.0);
        let button = |label: &'static str, confirm: bool| {
            Button::new(Text::new(label), &Payload::Resign { game: id, ply, seat, confirm })
        };
        let buttons = vec![
            button("button-resign-confirm", true).danger(),
            button("button-keep-playing", false),
        ];
        let message = Message::with_buttons(context.locale, vec![question], buttons);
        Ok(vec![Output::Send { chat: context.chat.clone(), message }])
    }

    /// A press on the resignation question `seat` was asked at `ply`: only that player may
    /// answer, and a confirmation from before the last move is outdated.
    pub(super) async fn answer_resign(
        &mut self,
        context: &Context,
        id: GameId,
        ply: usize,
        asked: Seat,
        confirm: bool,
    ) -> Result<Vec<Output>, CoreError> {
        let table = self.table(id)?;
        let seat = table.seat_of(&context.user.id).ok_or_else(|| refused("not-a-player"))?;
        if seat != asked {
            return Err(refused("resign-not-yours"));
        }
        if !confirm {
            return Err(refused("resign-kept"));
        }
        if ply != table.position.ply() {
            return Err(refused("outdated"));
        }
        self.resign(context, id).await
    }

    /// `context.user` gives up game `id`.
    pub(super) async fn resign(
        &mut self,
        context: &Context,
        id: GameId,
    ) -> Result<Vec<Output>, CoreError> {
        let table = self.table(id)?;
        let seat = table.seat_of(&context.user.id).ok_or_else(|| refused("not-a-player"))?;
        let mut row = self.resigned(&table.row, seat);
        let ratings = self.commit_step(Some(context), &mut row, Step::Row).await?;
        // The status line says who resigned; a note would say it twice.
        Ok(self.end_table(id, row, context.locale, Vec::new(), ratings))
    }

    /// The CPU in `seat` gives up game `id`, lost whatever it plays: an ending like a
    /// person's resignation (store first, then memory), with a note saying why.
    async fn cpu_resigns(
        &mut self,
        id: GameId,
        seat: Seat,
        hopeless: Hopeless,
    ) -> Result<Vec<Output>, CoreError> {
        let table = self.table(id)?;
        let why = match hopeless {
            Hopeless::OpponentFourUnblockable => Text::new("cpu-resigns-unblockable-four")
                .with("colour", Text::new(table.position.colour_id(seat.opponent()))),
            Hopeless::ForcedLoss => Text::new("cpu-resigns-forced-loss"),
        };
        let mut row = self.resigned(&table.row, seat);
        let ratings = self.commit_step(None, &mut row, Step::Row).await?;
        let locale = self.chat_locale(&row.chat).await;
        Ok(self.end_table(id, row, locale, vec![why], ratings))
    }

    /// Game `row` as it ends when `seat` resigns.
    fn resigned(&self, row: &GameRow, seat: Seat) -> GameRow {
        GameRow {
            status: GameStatus::Finished,
            winner: Some(seat.opponent()),
            turn_deadline: None,
            undo_by: None,
            offer_draft: None,
            updated_at: self.clock.now_ms(),
            ..row.clone()
        }
    }

    /// `/undo`: against the CPU it is granted at once; against a person it asks them, and
    /// the opponent's own `/undo` while asked accepts.
    pub(super) async fn undo(
        &mut self,
        context: &Context,
        id: GameId,
    ) -> Result<Vec<Output>, CoreError> {
        let table = self.table(id)?;
        let seat = table.seat_of(&context.user.id).ok_or_else(|| refused("not-a-player"))?;
        if table.row.undo_by == Some(seat.opponent()) {
            // Asking back is no answer: accepting takes a press or a plain "yes".
            return Err(CoreError::Refused(
                Text::new("undo-answer-first").with("name", name_of(table.player(seat.opponent()))),
            ));
        }
        let from = table
            .log
            .iter()
            .rposition(|stored| stored.seat == seat)
            .ok_or_else(|| refused("nothing-to-undo"))?;
        if table.player(seat.opponent()).is_cpu() {
            return self.take_back(context, id, from, seat).await;
        }
        let mut row = table.row.clone();
        let ply = table.position.ply();
        let (count, moves) = taken_moves(table, from);
        row.undo_by = Some(seat);
        self.commit_step(Some(context), &mut row, Step::Row).await?;
        let ask = vec![
            Text::new("undo-asked")
                .with("name", name_of(&row.players[seat.index()]))
                .with("count", count)
                .with("moves", moves),
            Text::new("undo-asked-answer")
                .with("opponent", name_of(&row.players[seat.opponent().index()])),
        ];
        if let Some(table) = self.tables.get_mut(&id) {
            table.row = row;
        }
        let answer = |label: &'static str, accept: bool| {
            Button::new(Text::new(label), &Payload::Undo { game: id, ply, accept })
        };
        let buttons = vec![
            answer("button-undo-accept", true).success(),
            answer("button-undo-refuse", false).danger(),
        ];
        let message = Message::with_buttons(context.locale, ask, buttons);
        Ok(vec![Output::Send { chat: context.chat.clone(), message }])
    }

    /// The opponent answers an undo request drawn at `ply`.
    pub(super) async fn answer_undo(
        &mut self,
        context: &Context,
        id: GameId,
        ply: usize,
        accept: bool,
    ) -> Result<Vec<Output>, CoreError> {
        let table = self.table(id)?;
        let seat = table.seat_of(&context.user.id).ok_or_else(|| refused("not-a-player"))?;
        let Some(asker) = table.row.undo_by.filter(|_| ply == table.position.ply()) else {
            return Err(refused("undo-expired"));
        };
        if asker == seat {
            return Err(refused("undo-not-yours"));
        }
        let asker_name = name_of(table.player(asker));
        if accept {
            let from = table
                .log
                .iter()
                .rposition(|stored| stored.seat == asker)
                .unwrap_or(table.log.len());
            return self.take_back(context, id, from, asker).await;
        }
        let mut row = table.row.clone();
        row.undo_by = None;
        self.commit_step(Some(context), &mut row, Step::Row).await?;
        if let Some(table) = self.tables.get_mut(&id) {
            table.row = row;
        }
        let note = Text::new("undo-refused").with("name", asker_name);
        Ok(vec![self.send(context, vec![note])])
    }

    /// Removes the moves from `from` on (the last move of `asker` and every move after it)
    /// and shows the board again, saying which moves went back.
    async fn take_back(
        &mut self,
        context: &Context,
        id: GameId,
        from: usize,
        asker: Seat,
    ) -> Result<Vec<Output>, CoreError> {
        let now = self.clock.now_ms();
        let table = self.table(id)?;
        let (count, moves) = taken_moves(table, from);
        let note = Text::new("undo-done")
            .with("name", name_of(table.player(asker)))
            .with("count", count)
            .with("moves", moves);
        let settings = table.row.settings;
        let kept = &table.log[..from];
        let position = crate::games::Position::replay(
            &settings,
            kept.iter().map(|stored| stored.action.as_str()),
        )
        .map_err(|(ply, error)| {
            CoreError::Refused(
                Text::new("internal-error").with("ply", ply).with("why", error.to_string()),
            )
        })?;
        let mut row = table.row.clone();
        row.undo_by = None;
        row.offer_draft = None;
        row.last_human_at = now;
        row.updated_at = now;
        row.turn_deadline = turn_deadline(&row, &position, now);
        self.commit_step(Some(context), &mut row, Step::TakeBack(from)).await?;
        if let Some(table) = self.tables.get_mut(&id) {
            table.log.truncate(from);
            table.position = position;
            table.row = row;
        }
        let outputs = self.shown_board(id, context.locale, vec![note]);
        self.ask_cpu_if_due(id);
        Ok(outputs)
    }

    /// `/board`: posts the board again as a new message, its stones `numbered` by their moves
    /// for `/board numbers`.
    pub(super) async fn show_board(
        &mut self,
        context: &Context,
        named: Option<GameId>,
        numbered: bool,
    ) -> Result<Vec<Output>, CoreError> {
        let id = match self.game_of(context, named, "example-board") {
            Ok(id) => id,
            Err(error) => {
                let in_chat: Vec<GameId> = self
                    .tables
                    .iter()
                    .filter(|(_, t)| t.row.chat == context.chat)
                    .map(|(&id, _)| id)
                    .collect();
                match in_chat.as_slice() {
                    [only] if named.is_none() => *only,
                    _ => return self.show_ended_board(context, named, numbered, error).await,
                }
            }
        };
        if let Some(seat) = self.table(id)?.seat_of(&context.user.id) {
            let mut outputs = self.take_seat_back(context, id, seat).await?;
            outputs.extend(self.repost(id, context.locale, numbered)?);
            return Ok(outputs);
        }
        self.repost(id, context.locale, numbered)
    }

    /// `/board #N` for a game that ended (or `/board` with no game being played): its final
    /// board, posted again. `error`: what to say when there is none.
    async fn show_ended_board(
        &self,
        context: &Context,
        named: Option<GameId>,
        numbered: bool,
        error: CoreError,
    ) -> Result<Vec<Output>, CoreError> {
        let id = match named {
            Some(id) => id,
            None if matches!(&error, CoreError::Refused(text) if text.id == "no-game") => {
                match self.last_game_here(context).await {
                    Ok(id) if !self.tables.contains_key(&id) => id,
                    _ => return Err(error),
                }
            }
            None => return Err(error),
        };
        let table = self.game_of_this_chat(context, Some(id)).await?;
        let mut board = self.board_of(&table, context.locale, Vec::new(), Vec::new());
        if let Output::Board { edit, repost, message, .. } = &mut board {
            *edit = None;
            *repost = true;
            if numbered && let Some(image) = &mut message.board {
                image.picture = table.position.numbered(&image.picture);
            }
        }
        Ok(vec![board])
    }

    fn repost(&self, id: GameId, locale: Locale, numbered: bool) -> Result<Vec<Output>, CoreError> {
        let position = &self.table(id)?.position;
        let mut outputs = self.shown_board(id, locale, Vec::new());
        for output in &mut outputs {
            if let Output::Board { edit, repost, message, .. } = output {
                *edit = None;
                *repost = true;
                if numbered && let Some(board) = &mut message.board {
                    board.picture = position.numbered(&board.picture);
                }
            }
        }
        Ok(outputs)
    }
}

/// How many moves an undo from ply `from` takes back, and which, each with its player:
/// "4 (Ana), 1 (Bruno)".
fn taken_moves(table: &Table, from: usize) -> (i64, String) {
    let taken = &table.log[from.min(table.log.len())..];
    let moves = taken
        .iter()
        .map(|stored| {
            let who = match &table.row.players[stored.seat.index()] {
                Player::Human { name, .. } => name.clone(),
                Player::Cpu { .. } => "CPU".to_owned(),
            };
            format!("{} ({who})", stored.action)
        })
        .collect::<Vec<_>>()
        .join(", ");
    (i64::try_from(taken.len()).unwrap_or(i64::MAX), moves)
}

/// When the player to act runs out of time: only with a timer, and only for a person who is
/// at the table.
pub(super) fn turn_deadline(
    row: &GameRow,
    position: &crate::games::Position,
    now: i64,
) -> Option<i64> {
    let seconds = row.settings.timer.seconds()?;
    let seat = position.seat_to_act()?;
    let present =
        matches!(row.players[seat.index()], Player::Human { .. }) && !row.away[seat.index()];
    present.then(|| now + i64::from(seconds) * 1000)
}
