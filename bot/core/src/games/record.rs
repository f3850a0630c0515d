//! A finished or running game as a file other tools read (`/export`): gomoku and renju in
//! Piskvork's `.psq`, ninuki and pente as a numbered move list, 5 en raya and Connect Four as
//! the column string Connect Four solvers take. Every format and its header is described in
//! `docs/records.md`.

use std::fmt::Write as _;

use engine::Seat;

use super::{GameKind, GameSettings, MoveError, Position};

/// What a record says besides the moves, in plain words for any tool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordHeader {
    /// The players' names, by seat.
    pub players: [String; 2],
    /// The day the game started, `YYYY-MM-DD`.
    pub date: String,
    /// Whether the game ended with a result (won or drawn; not abandoned or cancelled).
    pub finished: bool,
    /// The winner of a finished game; `None` for a draw.
    pub winner: Option<Seat>,
}

/// A record to send as a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub file_name: String,
    pub text: String,
    /// Its format: `psq`, `moves` (a numbered move list) or `columns` (the column string).
    pub format: &'static str,
}

/// The record of game `id`, played with `settings` and `moves` (as the log stores them).
///
/// # Errors
/// The ply of the first stored move that does not replay.
pub fn record<'a>(
    id: i64,
    settings: &GameSettings,
    moves: impl IntoIterator<Item = &'a str>,
    header: &RecordHeader,
) -> Result<GameRecord, (usize, MoveError)> {
    let mut position = Position::start(settings);
    let mut steps = Vec::new();
    for (ply, text) in moves.into_iter().enumerate() {
        let before = position.captures().map_or(0, |c| c[0] + c[1]);
        position.play(text).map_err(|error| (ply, error))?;
        let after = position.captures().map_or(0, |c| c[0] + c[1]);
        steps.push((text.to_owned(), after - before));
    }
    let (extension, format, text) = match settings.kind {
        GameKind::Gomoku | GameKind::Renju => ("psq", "psq", psq(&position, settings, header)),
        GameKind::Ninuki | GameKind::Pente => {
            ("txt", "moves", move_list(&position, settings, header, &steps))
        }
        GameKind::Connect5 | GameKind::Connect4 => {
            ("txt", "columns", columns(&position, settings, header, &steps))
        }
    };
    let file_name = format!("game-{id}-{}.{extension}", settings.kind.code());
    Ok(GameRecord { file_name, text, format })
}

/// The header's lines, `Key: value`, the players by colour.
fn header_lines(
    position: &Position,
    settings: &GameSettings,
    header: &RecordHeader,
) -> Vec<String> {
    let mut lines = vec![format!("Game: {}", rules(settings))];
    for seat in [Seat::First, Seat::Second] {
        let colour = colour_word(position.colour_id(seat));
        lines.push(format!("{colour}: {}", header.players[seat.index()]));
    }
    lines.push(format!("Date: {}", header.date));
    let score = match (header.finished, header.winner) {
        (false, _) => "*",
        (true, Some(Seat::First)) => "1-0",
        (true, Some(Seat::Second)) => "0-1",
        (true, None) => "1/2-1/2",
    };
    // The score alone, as PGN writes it: a file holds no sentence in a chat's language.
    lines.push(format!("Result: {score}"));
    lines.push(format!("Moves: {}", position.ply()));
    lines
}

fn colour_word(id: &str) -> &'static str {
    match id {
        "colour-black" => "Black",
        "colour-white" => "White",
        "colour-red" => "Red",
        _ => "Yellow",
    }
}

/// The rules in a few words: the game, its board and the options that change play.
fn rules(settings: &GameSettings) -> String {
    let switch = |on: bool| if on { "on" } else { "off" };
    match settings.kind {
        GameKind::Gomoku | GameKind::Ninuki => format!(
            "{} {size}x{size}, overline wins {}, forbidden moves for black {}",
            settings.kind.code(),
            switch(settings.overline),
            switch(settings.forbidden),
            size = settings.size
        ),
        GameKind::Renju => "renju 15x15, Taraguchi-10 opening".to_owned(),
        GameKind::Pente => format!("pente {size}x{size}", size = settings.size),
        GameKind::Connect5 => format!(
            "5 en raya (9x6, side columns, five in a row), PopOut {}",
            switch(settings.pop_out)
        ),
        GameKind::Connect4 => {
            format!("Connect Four (7x6, four in a row), PopOut {}", switch(settings.pop_out))
        }
    }
}

/// Piskvork's format: `Piskvorky NxN, 11:11, 0`, then one `x,y,time` line per stone from the
/// top-left corner counted from 1, then the header lines (readers stop at the first line that
/// is not a move).
fn psq(position: &Position, settings: &GameSettings, header: &RecordHeader) -> String {
    let size = settings.size;
    let mut text = format!("Piskvorky {size}x{size}, 11:11, 0\n");
    for point in position.stone_order() {
        let _ = writeln!(text, "{},{},0", point.x + 1, size - point.y);
    }
    for line in header_lines(position, settings, header) {
        let _ = writeln!(text, "{line}");
    }
    text
}

/// One move a line, `12. white L12 x2` (x: stones it captured), under the header.
fn move_list(
    position: &Position,
    settings: &GameSettings,
    header: &RecordHeader,
    steps: &[(String, u16)],
) -> String {
    let mut text = String::from("# cincobot game record\n");
    for line in header_lines(position, settings, header) {
        let _ = writeln!(text, "{line}");
    }
    text.push('\n');
    let seats = [Seat::First, Seat::Second];
    for (ply, (mv, captured)) in steps.iter().enumerate() {
        let colour = colour_word(position.colour_id(seats[ply % 2])).to_lowercase();
        let _ = write!(text, "{}. {colour} {mv}", ply + 1);
        if *captured > 0 {
            let _ = write!(text, " x{captured}");
        }
        text.push('\n');
    }
    text
}

/// The header as `#` comments, then the columns played, 1 to 7 from the left, in one line
/// (`4453…`); a PopOut pop is `p3`.
fn columns(
    position: &Position,
    settings: &GameSettings,
    header: &RecordHeader,
    steps: &[(String, u16)],
) -> String {
    let mut text = String::new();
    for line in header_lines(position, settings, header) {
        let _ = writeln!(text, "# {line}");
    }
    for (mv, _) in steps {
        match mv.strip_prefix("pop ") {
            Some(column) => {
                let _ = write!(text, "p{column}");
            }
            None => text.push_str(mv),
        }
    }
    text.push('\n');
    text
}
