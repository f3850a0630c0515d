//! A game after the fact: `/replay` (the animation), `/export` (the record other tools read)
//! and `/history` (the chat's ended games, paged, each board game with its replay). A CINCO
//! table is listed with its players and winners; it has no board to animate, so `/replay` and
//! `/export` answer that they are for board games.

use std::sync::Arc;

use engine::Seat;

use super::table::{Table, header, name_of, standing, status};
use super::{Attachment, Button, Context, Core, CoreError, GameId, Message, Output, Payload, Row};
use crate::games::{Animation, Family, FrameStatus, Labels, Position, RecordHeader, record};
use crate::i18n::{Arg, Text};
use crate::store::{Ended, EndedRow, GameStatus};

/// Games a `/history` page lists.
const HISTORY_PAGE: i64 = 5;

impl Core {
    /// `/replay [#n]`: game `n` (default: the user's last game in this chat) as an animation.
    pub(super) async fn replay(
        &self,
        context: &Context,
        game: Option<GameId>,
    ) -> Result<Vec<Output>, CoreError> {
        let (table, status, labels) = self.game_after_the_fact(context, game).await?;
        let moves = table.log.iter().map(|stored| stored.action.as_str());
        // Every frame counts the moves; one that was more than a stone (a renju swap, the
        // fifth moves offered, a capture, a pop) says what it did; the last gives the result.
        let frame_status = |frame: &FrameStatus<'_>| {
            let line = match (frame.result, &frame.last) {
                (Some(result), _) => Text::new("replay-frame-end").with("result", result),
                (None, Some((seat, _, Some(told)))) => {
                    let name = Arg::Plain(labels.names[seat.index()].clone());
                    Text::new("replay-frame").with("move", told.clone().with("name", name))
                }
                (None, _) => Text::new("replay-frame-count"),
            };
            let line = line.with("ply", frame.ply).with("total", frame.total);
            self.texts.render(context.locale, &line)
        };
        let animation = Animation::of_game(
            &table.row.settings,
            moves,
            &labels,
            standing(&table.row),
            &frame_status,
        )
        .map_err(|(ply, error)| unreplayable(table.row.id, ply, &error))?;
        Ok(vec![Output::File {
            chat: context.chat.clone(),
            locale: context.locale,
            caption: vec![header(&table), status],
            file: Attachment::Animation {
                animation: Arc::new(animation),
                file_name: format!("game-{}-replay.gif", table.row.id.0),
            },
        }])
    }

    /// `/export [#n]`: game `n` (default: the user's last game in this chat) as a file.
    pub(super) async fn export(
        &self,
        context: &Context,
        game: Option<GameId>,
    ) -> Result<Vec<Output>, CoreError> {
        let (table, _, labels) = self.game_after_the_fact(context, game).await?;
        let finished = table.row.status == GameStatus::Finished;
        let header = RecordHeader {
            players: labels.names,
            date: day_of(table.row.created_at),
            winner: table.row.winner.filter(|_| finished),
            finished,
        };
        let moves = table.log.iter().map(|stored| stored.action.as_str());
        let exported = record(table.row.id.0, &table.row.settings, moves, &header)
            .map_err(|(ply, error)| unreplayable(table.row.id, ply, &error))?;
        Ok(vec![Output::File {
            chat: context.chat.clone(),
            locale: context.locale,
            caption: vec![
                Text::new("export-caption")
                    .with("id", table.row.id.0)
                    .with("format", exported.format),
            ],
            file: Attachment::Document { file_name: exported.file_name, text: exported.text },
        }])
    }

    /// `/history [@user] [page]`: the ended games of this chat, newest first, a page at a time.
    pub(super) async fn history(
        &self,
        context: &Context,
        mention: Option<String>,
        kind: Option<Family>,
        page: i64,
    ) -> Result<Vec<Output>, CoreError> {
        let user = match mention {
            Some(mention) => {
                let found = self.store.find_user(context.chat.platform, &mention).await?;
                Some(found.ok_or_else(|| {
                    CoreError::Refused(Text::new("unknown-user").with("name", mention.clone()))
                })?)
            }
            None => None,
        };
        let filter = Ended {
            platform: context.chat.platform,
            chat: Some(&context.chat),
            user: user.as_ref().map(|user| user.id.as_str()),
            kind,
            boards_only: false,
        };
        let total = self.store.count_ended_games(filter).await?;
        let pages = ((total + HISTORY_PAGE - 1) / HISTORY_PAGE).max(1);
        // A page past the last: the last one, saying how many there are.
        let missing = (page >= pages)
            .then(|| Text::new("history-no-page").with("page", page + 1).with("pages", pages));
        let page = page.clamp(0, pages - 1);
        let games = self.store.ended_games(filter, page * HISTORY_PAGE, HISTORY_PAGE).await?;
        let mut lines = vec![match &user {
            Some(user) => Text::new("history-title-of").with("name", user.name.as_str()),
            None => Text::new("history-title"),
        }];
        if let Some(kind) = kind {
            lines.push(Text::new("history-game").with("game", Text::new(kind.name_id())));
        }
        lines.extend(missing);
        if games.is_empty() {
            lines.push(Text::new("history-empty"));
        }
        let mut replays = Vec::new();
        for ended in &games {
            let row = match &ended.game {
                EndedRow::Board(row) => row,
                EndedRow::Cinco(row) => {
                    let date = day_of(row.created_at);
                    lines.push(self.cinco_history_line(row, ended.moves, &date, context.locale));
                    continue;
                }
            };
            let result = match row.winner {
                Some(seat) => {
                    Text::new("history-won").with("name", name_of(&row.players[seat.index()]))
                }
                None => Text::new("history-drawn"),
            };
            lines.push(
                Text::new("history-line")
                    .with("id", row.id.0)
                    .with("game", Text::new(row.settings.kind.name_id()))
                    .with("first", name_of(&row.players[Seat::First.index()]))
                    .with("second", name_of(&row.players[Seat::Second.index()]))
                    .with("result", result)
                    .with("moves", i64::try_from(ended.moves).unwrap_or(i64::MAX))
                    .with("date", day_of(row.created_at)),
            );
            let label = Text::new("button-replay-game").with("id", row.id.0);
            replays.push(Button::new(label, &Payload::Replay(row.id)));
        }
        if pages > 1 {
            lines.push(Text::new("history-page").with("page", page + 1).with("pages", pages));
        }
        let who = user.map(|user| user.id);
        let turn = |label: &'static str, to: i64| {
            let payload = Payload::History { page: to, kind, user: who.clone() };
            Button::new(Text::new(label), &payload)
        };
        let paging: Vec<Button> = [
            (page > 0).then(|| turn("button-newer", page - 1)),
            (page + 1 < pages).then(|| turn("button-older", page + 1)),
        ]
        .into_iter()
        .flatten()
        .collect();
        let components =
            [replays, paging].into_iter().filter(|row| !row.is_empty()).map(Row::Buttons).collect();
        let message = Message { components, ..Message::text(context.locale, lines) };
        Ok(vec![Output::Send { chat: context.chat.clone(), message }])
    }

    /// Game `id` of this chat (being played or ended), or the user's last game here, with
    /// its status line and the words of its pictures.
    async fn game_after_the_fact(
        &self,
        context: &Context,
        id: Option<GameId>,
    ) -> Result<(Table, Text, Labels), CoreError> {
        let table = self.game_of_this_chat(context, id).await?;
        let status = status(&table);
        let labels = self.labels(&table, context.locale, &status);
        Ok((table, status, labels))
    }

    pub(super) async fn game_of_this_chat(
        &self,
        context: &Context,
        id: Option<GameId>,
    ) -> Result<Table, CoreError> {
        let id = match id {
            Some(id) => id,
            None => self.last_game_here(context).await?,
        };
        if let Some(table) = self.tables.get(&id).or_else(|| self.endings.get(&id))
            && table.row.chat == context.chat
        {
            return Ok(table.clone());
        }
        let not_here = || CoreError::Refused(Text::new("game-not-here").with("id", id.0));
        let Some((row, log)) = self.store.game(id).await? else {
            let cinco = self.store.cinco_game(id).await?;
            return Err(match cinco {
                Some((row, _)) if row.chat == context.chat => {
                    CoreError::Refused(Text::new("cinco-no-replay").with("id", id.0))
                }
                _ => not_here(),
            });
        };
        if row.chat != context.chat {
            return Err(not_here());
        }
        let position =
            Position::replay(&row.settings, log.iter().map(|stored| stored.action.as_str()))
                .map_err(|(ply, error)| unreplayable(id, ply, &error))?;
        Ok(Table { row, position, log })
    }

    /// The user's newest game in this chat with moves being played, else their newest ended
    /// game here (a rematch not begun yet has nothing to watch), else a game of theirs just
    /// begun.
    pub(super) async fn last_game_here(&self, context: &Context) -> Result<GameId, CoreError> {
        let mine = || {
            self.tables
                .values()
                .filter(|table| table.row.chat == context.chat)
                .filter(|table| table.seat_of(&context.user.id).is_some())
        };
        let moving = mine().filter(|table| !table.log.is_empty()).map(|table| table.row.id).max();
        if let Some(id) = moving {
            return Ok(id);
        }
        let playing = mine().map(|table| table.row.id).max();
        let filter = Ended {
            platform: context.chat.platform,
            chat: Some(&context.chat),
            user: Some(&context.user.id),
            kind: None,
            boards_only: true,
        };
        let ended = self.store.ended_games(filter, 0, 1).await?.first().map(|e| e.game.id());
        ended.or(playing).ok_or_else(|| CoreError::Refused(Text::new("replay-none")))
    }
}

fn unreplayable(id: GameId, ply: usize, error: &crate::games::MoveError) -> CoreError {
    tracing::error!(game = id.0, ply, %error, "a stored game does not replay");
    CoreError::Refused(Text::new("internal-error"))
}

/// The UTC day of Unix time `ms`, `YYYY-MM-DD` (the civil calendar from a day count).
fn day_of(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::day_of;

    #[test]
    fn days_are_civil_dates() {
        assert_eq!(day_of(0), "1970-01-01");
        assert_eq!(day_of(951_782_400_000), "2000-02-29");
        assert_eq!(day_of(1_796_083_200_000), "2026-12-01");
        assert_eq!(day_of(-86_400_000), "1969-12-31");
    }
}
