//! A game being played: its row, its position, its log, and how its board is shown.

use engine::{DrawReason, Outcome, Seat, WinReason};

use super::payload::OfferStep;
use super::{
    BoardImage, Button, Core, GameId, Message, Output, Payload, Player, Row, Select, SelectOption,
};
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

/// The names of a table's seats, in order: two CPUs of one level are told apart by a number
/// ("CPU normal 1", "CPU normal 2"); a CPU alone at its level keeps its plain name.
pub(super) fn seat_names(players: &[Player]) -> Vec<Arg> {
    let level_of = |player: &Player| match player {
        Player::Cpu { level } => Some(*level),
        Player::Human { .. } => None,
    };
    let mut counted = Vec::new();
    players
        .iter()
        .map(|player| match level_of(player) {
            Some(level) if players.iter().filter(|p| level_of(p) == Some(level)).count() > 1 => {
                counted.push(level);
                let number = counted.iter().filter(|l| **l == level).count();
                Arg::Text(
                    Text::new("cpu-name-numbered")
                        .with("level", Text::new(level.name_id()))
                        .with("number", number),
                )
            }
            _ => name_of(player),
        })
        .collect()
}

/// A game's name in the middle of a sentence (Spanish writes it in lowercase there).
pub(super) fn game_in_sentence(kind: impl Into<crate::games::Family>) -> Text {
    Text::new("game-in-sentence").with("kind", kind.into().code())
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
                Resolution::FifthStone => match &table.row.offer_draft {
                    Some(draft) => named("status-offering", seat)
                        .with("count", draft.len())
                        .with("total", engine::FIFTH_OFFERS),
                    None => named("status-fifth", seat),
                },
                Resolution::FifthChoice => named("status-fifth-choice", seat)
                    .with("points", position.offered_fifths().join(" ")),
            },
        },
    }
}

/// The first line of a game's messages: the game, its number, the players and their colours.
pub(super) fn header(table: &Table) -> Text {
    let colour = |seat: Seat| Text::new(table.position.colour_id(seat));
    Text::new("board-header")
        .with("game", Text::new(table.row.settings.kind.name_id()))
        .with("id", table.row.id.0)
        .with("first", name_of(table.player(Seat::First)))
        .with("first-colour", colour(Seat::First))
        .with("second", name_of(table.player(Seat::Second)))
        .with("second-colour", colour(Seat::Second))
}

/// Whether the picture shows a game going on or its result.
pub(super) fn standing(row: &GameRow) -> Standing {
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

fn move_button(game: GameId, ply: usize, label: Text, text: String) -> Button {
    Button::new(label, &Payload::Move { game, ply, text, confirm: false })
}

/// The first step of the point picker: a select menu of the columns with a free point (a
/// 19×19 board has 19, within a menu's 25).
pub(super) fn column_picker(game: GameId, ply: usize, points: &[(String, String)]) -> Row {
    let mut columns: Vec<&str> = Vec::new();
    for (column, _) in points {
        if !columns.contains(&column.as_str()) {
            columns.push(column);
        }
    }
    columns.sort_by_key(|column| (column.len(), column.to_lowercase()));
    let options = columns
        .into_iter()
        .map(|column| {
            SelectOption::new(
                Text::new("button-point").with("point", column),
                &Payload::Pick { game, ply, column: Some(column.to_owned()) },
            )
        })
        .collect();
    Row::Select(Select { placeholder: Text::new("select-column"), options })
}

/// The drop buttons of a column board: every column in its place, a full one disabled, the
/// one just played primary so the eye finds the last move.
fn drop_buttons(id: GameId, position: &Position) -> Vec<Button> {
    let open = position.open_columns();
    let last = position.last_column();
    engine::Column::ALL
        .into_iter()
        .map(|column| {
            let number = column.number();
            let label = Text::new("button-column").with("column", u32::from(number));
            let button = move_button(id, position.ply(), label, number.to_string());
            let button = if last == Some(number) { button.primary() } else { button };
            if open.contains(&number) { button } else { button.disabled() }
        })
        .collect()
}

/// Renju's fifth move: with no offer under way, the point picker places the fifth stone and a
/// button begins choosing ten points to offer; while black chooses them, the picker adds a
/// point (until ten), and buttons take back the last, offer the ten, or go back to placing.
fn offer_rows(id: GameId, position: &Position, draft: Option<&[String]>) -> Vec<Row> {
    let ply = position.ply();
    let step = |count: usize, step: OfferStep| Payload::Offer { game: id, ply, count, step };
    let Some(draft) = draft else {
        let begin = Button::new(Text::new("button-offer-begin"), &step(0, OfferStep::Begin));
        return vec![column_picker(id, ply, &position.legal_points()), Row::Buttons(vec![begin])];
    };
    let count = draft.len();
    let mut rows = Vec::new();
    let mut buttons = Vec::new();
    if count < engine::FIFTH_OFFERS {
        rows.push(column_picker(id, ply, &position.offer_candidates(draft)));
    } else {
        let send = Button::new(Text::new("button-offer-send"), &step(count, OfferStep::Send));
        buttons.push(send.primary());
    }
    if let Some(last) = draft.last() {
        let label = Text::new("button-offer-remove").with("point", last.as_str());
        buttons.push(Button::new(label, &step(count, OfferStep::RemoveLast)));
    }
    buttons.push(Button::new(Text::new("button-offer-stop"), &step(count, OfferStep::Stop)));
    rows.push(Row::Buttons(buttons));
    rows
}

/// The components under a board: columns to drop in (and pop from), renju's decisions, the
/// columns of a big board's point picker (a 15×15 board does not fit in buttons;
/// `/move h8` works too), or a rematch once the game is over.
fn components(table: &Table) -> Vec<Row> {
    let id = table.row.id;
    let position = &table.position;
    let ply = position.ply();
    if table.row.status != GameStatus::Active {
        let replay = Button::new(Text::new("button-replay"), &Payload::Replay(id));
        if table.row.status == GameStatus::Cancelled {
            // An admin ended it: nothing to play again.
            return vec![Row::Buttons(vec![replay])];
        }
        let rematch = Button::new(Text::new("button-rematch"), &Payload::Rematch(id)).primary();
        return vec![Row::Buttons(vec![rematch, replay])];
    }
    match position.resolution() {
        Resolution::SwapOption => vec![Row::Buttons(vec![
            move_button(id, ply, Text::new("button-swap"), "swap".to_owned()),
            move_button(id, ply, Text::new("button-keep"), "keep".to_owned()),
        ])],
        Resolution::FifthChoice => position
            .offered_fifths()
            .chunks(5)
            .map(|row| {
                Row::Buttons(
                    row.iter()
                        .map(|point| {
                            let label = Text::new("button-point").with("point", point.as_str());
                            move_button(id, ply, label, format!("choose {point}"))
                        })
                        .collect(),
                )
            })
            .collect(),
        Resolution::FifthStone if !table.row.settings.kind.has_columns() => {
            offer_rows(id, position, table.row.offer_draft.as_deref())
        }
        Resolution::Move | Resolution::FifthStone if !table.row.settings.kind.has_columns() => {
            vec![column_picker(id, ply, &position.legal_points())]
        }
        Resolution::Move | Resolution::FifthStone => {
            // Pops are few and change from move to move: only the possible ones are shown.
            let pops: Vec<Button> = position
                .poppable_columns()
                .into_iter()
                .map(|column| {
                    let label = Text::new("button-pop").with("column", u32::from(column));
                    move_button(id, ply, label, format!("pop {column}"))
                })
                .collect();
            let mut rows = vec![Row::Buttons(drop_buttons(id, position))];
            if !pops.is_empty() {
                rows.push(Row::Buttons(pops));
            }
            rows
        }
    }
}

impl Core {
    /// The message showing `table`'s board, with `notes` (the last move, a timeout…) above
    /// the status line and `ratings` (how an ending moved them) last, after the result.
    pub(super) fn board_message(
        &self,
        table: &Table,
        locale: Locale,
        notes: Vec<Text>,
        ratings: Vec<Text>,
    ) -> Message {
        let row = &table.row;
        let position = &table.position;
        let header = header(table);
        let status = status(table);
        let mut lines = Vec::with_capacity(notes.len() + 3);
        lines.push(header);
        lines.extend(notes);
        lines.push(status.clone());
        let draft = match (&row.offer_draft, position.resolution()) {
            (Some(draft), Resolution::FifthStone) if row.status == GameStatus::Active => {
                draft.as_slice()
            }
            _ => &[],
        };
        if !draft.is_empty() {
            let numbered: Vec<String> =
                draft.iter().enumerate().map(|(i, point)| format!("{}. {point}", i + 1)).collect();
            lines.push(Text::new("offer-chosen").with("points", numbered.join(", ")));
        }
        if row.status == GameStatus::Active {
            lines.extend(position.forbidden_legend());
        } else {
            lines.extend(position.forbidden_lines_legend());
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
        lines.extend(ratings);
        let labels = self.labels(table, locale, &status);
        let board = Some(BoardImage {
            picture: position.picture_drafting(&labels, standing(row), draft),
            diagram: position.diagram_drafting(draft),
            file_name: format!("game-{}-ply-{}.png", row.id.0, position.ply()),
        });
        Message {
            locale,
            lines,
            board,
            components: components(table).into_iter().chain(self.board_link_row(table)).collect(),
            addressee: None,
            markdown: false,
        }
    }

    /// The words `table`'s picture shows, in `locale`, under the status line `status`.
    pub(super) fn labels(&self, table: &Table, locale: Locale, status: &Text) -> Labels {
        let word = |text: &Text| self.texts.render(locale, text);
        let name = |seat: Seat| match name_of(table.player(seat)) {
            Arg::Plain(name) => name,
            Arg::Number(number) => number.to_string(),
            Arg::Text(text) => word(&text),
        };
        let row = &table.row;
        // The seconds left of the turn as the picture is made (it is sent at once), rounded up.
        let clock = match (row.status, row.turn_deadline, table.position.seat_to_act()) {
            (GameStatus::Active, Some(deadline), Some(_)) => {
                let left = (deadline - self.clock.now_ms()).max(0);
                let seconds = (left + 999) / 1000;
                Some(word(&Text::new("label-clock").with("seconds", seconds)))
            }
            _ => None,
        };
        let away = |seat: Seat| {
            let shown = row.status == GameStatus::Active
                && row.away[seat.index()]
                && !table.player(seat).is_cpu();
            shown.then(|| word(&Text::new("label-away")))
        };
        Labels {
            names: [name(Seat::First), name(Seat::Second)],
            status: word(status),
            captures: word(&Text::new("label-captures")),
            score: word(&Text::new("label-score")),
            pop_out: word(&Text::new("label-popout")),
            clock,
            away: [away(Seat::First), away(Seat::Second)],
        }
    }

    /// The board of `table` as an output, editing the message that shows it if any.
    pub(super) fn board_of(
        &self,
        table: &Table,
        locale: Locale,
        notes: Vec<Text>,
        ratings: Vec<Text>,
    ) -> Output {
        Output::Board {
            chat: table.row.chat.clone(),
            game: table.row.id,
            ply: table.position.ply(),
            edit: table.row.board_message.clone(),
            message: self.board_message(table, locale, notes, ratings),
            turn: turn_to_tell(table),
            repost: false,
            ended: table.row.status != GameStatus::Active,
        }
    }

    /// The board of game `id` as it stands.
    pub(super) fn shown_board(&self, id: GameId, locale: Locale, notes: Vec<Text>) -> Vec<Output> {
        self.tables
            .get(&id)
            .map(|table| self.board_of(table, locale, notes, Vec::new()))
            .into_iter()
            .collect()
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
        ratings: Vec<Text>,
    ) -> Vec<Output> {
        let Some(mut table) = self.tables.remove(&id) else { return Vec::new() };
        table.row = row;
        let board = self.board_of(&table, locale, notes, ratings);
        self.endings.insert(id, table);
        vec![board]
    }

    /// The final board of an ending not shown yet.
    pub(super) fn ending_board(&self, id: GameId, locale: Locale) -> Vec<Output> {
        self.endings
            .get(&id)
            .map(|table| self.board_of(table, locale, Vec::new(), Vec::new()))
            .into_iter()
            .collect()
    }
}
