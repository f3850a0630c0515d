use std::fmt::Write;

use engine::{BoardGame, ConnectSettings, Disc, Notation, Point, Stone};

use super::Position;

impl Position {
    /// The board drawn in text, for the terminal: `X` black, `O` white (`R`/`Y` for discs),
    /// `.` empty, the top row first, coordinates around. The last stone or disc is in brackets
    /// (`(X)`, except against the frame's edge), a point black may not play is `*` (on black's
    /// turn, as on the image), renju's offered fifth moves are their numbers 1–9 and 0 for the
    /// tenth, and the black stones of a forbidden shape black lost on are `#` (red on the
    /// image).
    #[must_use]
    pub fn diagram(&self) -> String {
        self.diagram_drafting(&[])
    }

    /// The diagram while renju's black chooses ten fifth moves to offer: the points of
    /// `draft` chosen so far numbered as an offer is.
    #[must_use]
    pub fn diagram_drafting(&self, draft: &[String]) -> String {
        let offered = self.offered_points();
        let marks = Marks {
            last: self.last_point(),
            forbidden: if self.seat_to_act().map(|seat| self.stone_of(seat)) == Some(Stone::Black) {
                self.forbidden_marks()
            } else {
                Vec::new()
            },
            offers: if offered.is_empty() { self.draft_points(draft) } else { offered },
            shape: super::picture::forbidden_lines(&self.outcome())
                .into_iter()
                .flat_map(|line| line.points())
                .collect(),
        };
        match self {
            Position::Connect(game) => connect_diagram(game),
            Position::Gomoku(game) => grid_diagram(game.board(), Notation::WithI, &marks),
            Position::Renju(game) => grid_diagram(game.board(), Notation::WithI, &marks),
            Position::Ninuki(game) => grid_diagram(game.board(), Notation::WithI, &marks),
            Position::Pente(game) => grid_diagram(game.board(), Notation::SkipI, &marks),
        }
    }
}

/// What a grid diagram marks besides the stones.
struct Marks {
    last: Option<Point>,
    forbidden: Vec<Point>,
    offers: Vec<Point>,
    /// The cells of the lines that made black's losing point forbidden.
    shape: Vec<Point>,
}

impl Marks {
    fn empty_point(&self, point: Point) -> char {
        if let Some(index) = self.offers.iter().position(|&p| p == point) {
            return char::from_digit(u32::try_from((index + 1) % 10).unwrap_or(0), 10)
                .unwrap_or('?');
        }
        if self.forbidden.contains(&point) { '*' } else { '.' }
    }
}

fn grid_diagram(board: &engine::Board, notation: Notation, marks: &Marks) -> String {
    let size = board.size();
    // The letters as the moves are written: lowercase with the i, capitals without it (pente).
    let letters: String = (0..size).map(|x| format!(" {}", notation.column_letter(x))).collect();
    let mut text = format!("   {letters}\n");
    for y in (0..size).rev() {
        let _ = write!(text, "{:>3}", u16::from(y) + 1);
        let mut after_last = false;
        for x in 0..size {
            let point = Point::new(x, y);
            let last = marks.last == Some(point);
            text.push(match (last, after_last) {
                (true, _) => '(',
                (false, true) => ')',
                (false, false) => ' ',
            });
            after_last = last;
            text.push(match board.get(point) {
                Some(Stone::Black) if marks.shape.contains(&point) => '#',
                Some(Stone::Black) => 'X',
                Some(Stone::White) => 'O',
                None => marks.empty_point(point),
            });
        }
        if after_last {
            text.push(')');
        }
        text.push('\n');
    }
    text
}

fn connect_diagram(game: &engine::Connect) -> String {
    let settings = game.settings();
    let mut text = String::new();
    let last = super::picture::last_cell(game);
    for y in (0..ConnectSettings::HEIGHT).rev() {
        text.push('|');
        for x in 0..settings.width() {
            let side = game.is_side_disc(Point::new(x, y));
            let is_last = last == Some(Point::new(x, y));
            if is_last && x > 0 {
                text.pop();
                text.push('(');
            }
            text.push(match (game.disc_at(Point::new(x, y)), side) {
                (Some(Disc::Red), false) => 'R',
                (Some(Disc::Yellow), false) => 'Y',
                (Some(Disc::Red), true) => 'r',
                (Some(Disc::Yellow), true) => 'y',
                (None, _) => '.',
            });
            text.push(match (is_last, x + 1 == settings.width()) {
                (_, true) => '|',
                (true, false) => ')',
                (false, false) => ' ',
            });
        }
        text.push('\n');
    }
    let offset = usize::from(settings.has_side_columns()) * 2;
    let numbers: String = engine::Column::ALL.iter().map(|c| format!("{c} ")).collect();
    let _ = writeln!(text, " {}{}", " ".repeat(offset), numbers.trim_end());
    text
}
