//! A game being played: its row, its position, its log, and how its board is shown.

use engine::{DrawReason, Outcome, Seat, WinReason};

use super::{BoardImage, Button, Core, GameId, Message, Output, Payload, Player};
use crate::games::{GameKind, Labels, Position, Resolution, Standing};
use crate::i18n::{Arg, Locale, Text};
use crate::store::{GameRow, GameStatus, StoredMove};

/// A game in memory: the stored row and the position its moves lead to.
#[derive(Clone, Debug)]
pub(super) struct Table {
    pub row: GameRow,
    pub position: Position,
    pub log: Vec<StoredMove>,
}

impl Table {
    /// The seat `user` plays in this game.
    pub fn seat_of(&self, user: &str) -> Option<Seat> {
        [Seat::First, Seat::Second]
            .into_iter()
            .find(|seat| self.row.players[seat.index()].user_id() == Some(user))
    }

    pub fn player(&self, seat: Seat) -> &Player {
        &self.row.players[seat.index()]
    }
}

/// A player's name as a message argument: their name, or "CPU (level)".
pub(super) fn name_of(player: &Player) -> Arg {
    match player {
        Player::Human { name, .. } => Arg::Plain(name.clone()),
        Player::Cpu { level } => {
            Arg::Text(Text::new("cpu-name").with("level", Text::new(level.name_id())))
        }
    }
}

/// A game's name in the middle of a sentence (Spanish writes it in lowercase there).
pub(super) fn game_in_sentence(kind: GameKind) -> Text {
    Text::new("game-in-sentence").with("kind", kind.code())
}

/// How `winner` won `table`: the line, the stones captured, or black's forbidden point.
fn win_reason(table: &Table, winner: Seat, reason: &WinReason) -> Text {
    match reason {
        WinReason::Lines(_) if table.row.settings.kind == GameKind::Connect4 => {
            Text::new("reason-four")
        }
        WinReason::Lines(_) => Text::new("reason-five"),
        WinReason::Captures { .. } => {
            let stones = table.position.captures().map_or(0, |counts| counts[winner.index()]);
            Text::new("reason-captured-stones").with("stones", u32::from(stones))
        }
        WinReason::Forbidden { kind, .. } => {
            // The losing point is black's last move, as the log wrote it.
            let point = table.log.last().map(|last| last.action.clone()).unwrap_or_default();
            Text::new("reason-forbidden-at")
                .with("shape", Text::new(crate::games::shape_id(*kind)))
                .with("point", point)
        }
    }
}

/// Pente's final score once the game is over: both players with their points, then how
/// each total was made.
pub(super) fn final_score(table: &Table) -> Vec<Text> {
    let Some(scores) = table.position.score_breakdown() else { return Vec::new() };
    let [first, second] = [Seat::First, Seat::Second].map(|seat| name_of(table.player(seat)));
    let mut lines = vec![
        Text::new("pente-final")
            .with("first", first.clone())
            .with("first-score", scores[0].total())
            .with("second", second.clone())
            .with("second-score", scores[1].total()),
    ];
    for (name, score) in [first, second].into_iter().zip(scores) {
        lines.push(
            Text::new("pente-breakdown")
                .with("name", name)
                .with("total", score.total())
                .with("five", score.five)
                .with("captures", score.captures)
                .with("fours", score.fours),
        );
    }
    lines
}

fn draw_reason(reason: DrawReason) -> Text {
    Text::new(match reason {
        DrawReason::BoardFull => "draw-board-full",
        DrawReason::NoLegalMove => "draw-no-legal-move",
        DrawReason::Repetition => "draw-repetition",
    })
}

/// Whose turn it is, what they are asked, or how the game ended.
pub(super) fn status(table: &Table) -> Text {
    let position = &table.position;
    let named = |id: &'static str, seat: Seat| {
        Text::new(id)
            .with("name", name_of(table.player(seat)))
            .with("colour", Text::new(position.colour_id(seat)))
    };
    match table.row.status {
        GameStatus::Abandoned => return Text::new("result-abandoned"),
        GameStatus::Cancelled => return Text::new("result-cancelled"),
        GameStatus::Active | GameStatus::Finished => {}
    }
    match (position.outcome(), table.row.winner) {
        (Outcome::Win { winner, reason }, _) => {
            named("result-win", winner).with("reason", win_reason(table, winner, &reason))
        }
        (Outcome::Draw(reason), _) => Text::new("result-draw").with("reason", draw_reason(reason)),
        (Outcome::Running, Some(winner)) => {
            named("result-resigned", winner).with("loser", name_of(table.player(winner.opponent())))
        }
        (Outcome::Running, None) => match position.seat_to_act() {
            None => Text::new("result-draw").with("reason", Text::new("draw-agreed")),
            Some(seat) => match position.resolution() {
                Resolution::Move => match position.opening_area() {
                    Some(area) if area.reach == 0 => named("status-opening-centre", seat)
                        .with("point", engine::Notation::WithI.format(area.centre)),
                    Some(area) => {
                        named("status-opening", seat).with("side", u32::from(area.side()))
                    }
                    None => named("status-turn", seat),
                },
                Resolution::SwapOption => named("status-swap", seat),
                Resolution::FifthStone => named("status-fifth", seat),
                Resolution::FifthChoice => named("status-fifth-choice", seat)
                    .with("points", position.offered_fifths().join(" ")),
            },
        },
    }
}

/// Whether the picture shows a game going on or its result.
fn standing(row: &GameRow) -> Standing {
    match row.status {
        GameStatus::Active => Standing::Playing,
        GameStatus::Finished | GameStatus::Abandoned | GameStatus::Cancelled => {
            Standing::Over { winner: row.winner }
        }
    }
}

/// The person to act in a game between two people, to be told it is their turn.
fn turn_to_tell(table: &Table) -> Option<super::User> {
    if table.row.status != GameStatus::Active {
        return None;
    }
    let seat = table.position.seat_to_act()?;
    match (table.player(seat), table.player(seat.opponent())) {
        (Player::Human { id, name }, Player::Human { .. }) if !table.row.away[seat.index()] => {
            Some(super::User::new(id.clone(), name.clone()))
        }
        _ => None,
    }
}

fn button(id: &'static str, payload: &Payload) -> Button {
    Button { label: Text::new(id), payload: payload.encode() }
}

fn move_button(game: GameId, ply: usize, label: Text, text: String) -> Button {
    Button { label, payload: Payload::Move { game, ply, text, confirm: false }.encode() }
}

/// The first step of the point picker: one button per column with a free point, in one row
/// (adapters fold it to their platform's width).
pub(super) fn column_buttons(game: GameId, ply: usize, columns: &[String]) -> Vec<Button> {
    let mut columns: Vec<&str> = columns.iter().map(String::as_str).collect();
    columns.sort_by_key(|column| (column.len(), column.to_lowercase()));
    columns
        .into_iter()
        .map(|column| Button {
            label: Text::new("button-point").with("point", column),
            payload: Payload::Pick { game, ply, column: Some(column.to_owned()) }.encode(),
        })
        .collect()
}

/// The buttons under a board: columns to drop in (and pop from), renju's decisions, the
/// columns of a big board's point picker (a 15×15 board does not fit in buttons, DESIGN §8;
/// `/move h8` works too), or a rematch once the game is over.
fn buttons(table: &Table) -> Vec<Vec<Button>> {
    let id = table.row.id;
    let position = &table.position;
    let ply = position.ply();
    if table.row.status != GameStatus::Active {
        return vec![vec![button("button-rematch", &Payload::Rematch(id))]];
    }
    match position.resolution() {
        Resolution::SwapOption => vec![vec![
            move_button(id, ply, Text::new("button-swap"), "swap".to_owned()),
            move_button(id, ply, Text::new("button-keep"), "keep".to_owned()),
        ]],
        Resolution::FifthChoice => position
            .offered_fifths()
            .chunks(5)
            .map(|row| {
                row.iter()
                    .map(|point| {
                        let label = Text::new("button-point").with("point", point.as_str());
                        move_button(id, ply, label, format!("choose {point}"))
                    })
                    .collect()
            })
            .collect(),
        Resolution::Move | Resolution::FifthStone if !table.row.settings.kind.has_columns() => {
            vec![column_buttons(id, ply, &position.legal_columns())]
        }
        Resolution::Move | Resolution::FifthStone => {
            let mut rows = Vec::new();
            let drops: Vec<Button> = position
                .open_columns()
                .into_iter()
                .map(|column| {
                    let label = Text::new("button-column").with("column", u32::from(column));
                    move_button(id, ply, label, column.to_string())
                })
                .collect();
            let pops: Vec<Button> = position
                .poppable_columns()
                .into_iter()
                .map(|column| {
                    let label = Text::new("button-pop").with("column", u32::from(column));
                    move_button(id, ply, label, format!("pop {column}"))
                })
                .collect();
            rows.extend([drops, pops].into_iter().filter(|row| !row.is_empty()));
            rows
        }
    }
}

impl Core {
    /// The message showing `table`'s board, with `notes` (the last move, a timeout…) above
    /// the status line.
    fn board_message(&self, table: &Table, locale: Locale, notes: Vec<Text>) -> Message {
        let row = &table.row;
        let position = &table.position;
        let [first, second] = [Seat::First, Seat::Second].map(|seat| name_of(table.player(seat)));
        let header = Text::new("board-header")
            .with("game", Text::new(row.settings.kind.name_id()))
            .with("id", row.id.0)
            .with("first", first.clone())
            .with("first-colour", Text::new(position.colour_id(Seat::First)))
            .with("second", second.clone())
            .with("second-colour", Text::new(position.colour_id(Seat::Second)));
        let status = status(table);
        let mut lines = Vec::with_capacity(notes.len() + 3);
        lines.push(header);
        lines.extend(notes);
        lines.push(status.clone());
        if row.status == GameStatus::Active {
            lines.extend(position.forbidden_legend());
        }
        if let (Some(seconds), Some(seat)) =
            (row.turn_deadline.and(row.settings.timer.seconds()), position.seat_to_act())
        {
            lines.push(
                Text::new("turn-clock")
                    .with("name", name_of(table.player(seat)))
                    .with("seconds", i64::from(seconds)),
            );
        }
        lines.extend(final_score(table));
        let word = |text: Text| self.texts.render(locale, &text);
        let plain = |arg: Arg| match arg {
            Arg::Plain(name) => name,
            Arg::Number(number) => number.to_string(),
            Arg::Text(text) => word(text),
        };
        let labels = Labels {
            names: [plain(first), plain(second)],
            status: word(status),
            captures: word(Text::new("label-captures")),
            score: word(Text::new("label-score")),
            pop_out: word(Text::new("label-popout")),
        };
        let board = Some(BoardImage {
            picture: position.picture(&labels, standing(row)),
            diagram: position.diagram(),
            file_name: format!("game-{}-ply-{}.png", row.id.0, position.ply()),
        });
        Message { locale, lines, board, buttons: buttons(table) }
    }

    /// The board of `table` as an output, editing the message that shows it if any.
    fn board_of(&self, table: &Table, locale: Locale, notes: Vec<Text>) -> Output {
        Output::Board {
            chat: table.row.chat.clone(),
            game: table.row.id,
            ply: table.position.ply(),
            edit: table.row.board_message.clone(),
            message: self.board_message(table, locale, notes),
            turn: turn_to_tell(table),
            repost: false,
        }
    }

    /// The board of game `id` as it stands.
    pub(super) fn shown_board(&self, id: GameId, locale: Locale, notes: Vec<Text>) -> Vec<Output> {
        self.tables.get(&id).map(|table| self.board_of(table, locale, notes)).into_iter().collect()
    }

    /// A game whose ending (`row`) committed: it leaves the games being played (its log
    /// stays in the store) and its final board is shown; it is kept until an adapter says the
    /// board was shown.
    pub(super) fn end_table(
        &mut self,
        id: GameId,
        row: GameRow,
        locale: Locale,
        notes: Vec<Text>,
    ) -> Vec<Output> {
        let Some(mut table) = self.tables.remove(&id) else { return Vec::new() };
        table.row = row;
        let board = self.board_of(&table, locale, notes);
        self.endings.insert(id, table);
        vec![board]
    }

    /// The final board of an ending not shown yet.
    pub(super) fn ending_board(&self, id: GameId, locale: Locale) -> Vec<Output> {
        self.endings
            .get(&id)
            .map(|table| self.board_of(table, locale, Vec::new()))
            .into_iter()
            .collect()
    }
}
