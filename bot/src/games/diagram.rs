use std::fmt::Write;

use engine::{BoardGame, ConnectSettings, Disc, Notation, Point, Stone};

use super::Position;

impl Position {
    /// The board drawn in text, for the terminal: `X` black, `O` white (`R`/`Y` for discs),
    /// `.` empty, the top row first, coordinates around.
    #[must_use]
    pub fn diagram(&self) -> String {
        match self {
            Position::Connect(game) => connect_diagram(game),
            Position::Gomoku(game) => grid_diagram(game.board(), Notation::WithI),
            Position::Renju(game) => grid_diagram(game.board(), Notation::WithI),
            Position::Ninuki(game) => grid_diagram(game.board(), Notation::WithI),
            Position::Pente(game) => grid_diagram(game.board(), Notation::SkipI),
        }
    }
}

fn grid_diagram(board: &engine::Board, notation: Notation) -> String {
    let size = board.size();
    let letters: String =
        (0..size).map(|x| format!(" {}", notation.column_letter(x).to_ascii_lowercase())).collect();
    let mut text = format!("   {letters}\n");
    for y in (0..size).rev() {
        let _ = write!(text, "{:>3}", u16::from(y) + 1);
        for x in 0..size {
            text.push(' ');
            text.push(match board.get(Point::new(x, y)) {
                Some(Stone::Black) => 'X',
                Some(Stone::White) => 'O',
                None => '.',
            });
        }
        text.push('\n');
    }
    text
}

fn connect_diagram(game: &engine::Connect) -> String {
    let settings = game.settings();
    let mut text = String::new();
    for y in (0..ConnectSettings::HEIGHT).rev() {
        text.push('|');
        for x in 0..settings.width() {
            let side = game.is_side_disc(Point::new(x, y));
            text.push(match (game.disc_at(Point::new(x, y)), side) {
                (Some(Disc::Red), false) => 'R',
                (Some(Disc::Yellow), false) => 'Y',
                (Some(Disc::Red), true) => 'r',
                (Some(Disc::Yellow), true) => 'y',
                (None, _) => '.',
            });
            text.push(if x + 1 == settings.width() { '|' } else { ' ' });
        }
        text.push('\n');
    }
    let offset = usize::from(settings.has_side_columns()) * 2;
    let numbers: String = engine::Column::ALL.iter().map(|c| format!("{c} ")).collect();
    let _ = writeln!(text, " {}{}", " ".repeat(offset), numbers.trim_end());
    text
}
