//! The games of a match read back from what `examples/gomocup_match.rs` printed: the tuner
//! fits the evaluation on them, the judge of positions replays them.

use engine::{GomokuSize, Notation, Point, Stone};

use crate::Rule;

/// A match log: its rule and its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchLog {
    pub rule: Rule,
    pub size: GomokuSize,
    /// The games that ended in a win or a draw, in the order played.
    pub games: Vec<LoggedGame>,
}

/// One game of a match log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedGame {
    /// Its number in the match, from 1.
    pub number: u32,
    /// The colour brain A played.
    pub a_colour: Stone,
    /// The opening's stones, black first, and the moves after it, each side in turn.
    pub opening: Vec<Point>,
    pub moves: Vec<Point>,
    /// `None` for a draw.
    pub winner: Option<Stone>,
}

impl LoggedGame {
    /// Every stone of the game in the order played, the opening's first.
    pub fn stones(&self) -> impl Iterator<Item = Point> + '_ {
        self.opening.iter().chain(&self.moves).copied()
    }
}

impl MatchLog {
    /// Reads a log; lines that are not the header or a game are passed over.
    ///
    /// # Errors
    /// A log without its header, a game without its result or its moves, or a point off
    /// the board, named in the message.
    pub fn parse(text: &str) -> Result<MatchLog, String> {
        let header = text
            .lines()
            .find_map(|line| line.split_once(", rule ").map(|(_, rest)| rest))
            .ok_or("no rule in the match's header")?;
        let mut fields = header.split(", ");
        let rule = fields
            .next()
            .and_then(|rule| rule.trim().parse::<u32>().ok())
            .ok_or("no rule in the match's header")?;
        let size = match fields.next() {
            Some("19×19") => GomokuSize::Nineteen,
            Some("15×15") => GomokuSize::Fifteen,
            other => return Err(format!("a board size of {other:?} in the match's header")),
        };
        let side = size.side();
        let mut games = Vec::new();
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            let Some(game) = line.strip_prefix("game ") else { continue };
            let Some((head, rest)) = game.split_once(", opening ") else { continue };
            let (number, a_colour) = head.split_once(": A ").ok_or("a game without A's colour")?;
            let number = number.parse().map_err(|_| format!("game {number:?}"))?;
            let a_colour = colour(a_colour).ok_or_else(|| format!("A playing {a_colour:?}"))?;
            let (opening, result) = rest.split_once(" | ").ok_or("a game without a result")?;
            let winner = if result.starts_with("draw") {
                None
            } else if let Some(winner) = result.split_whitespace().next().and_then(colour) {
                Some(winner)
            } else {
                continue;
            };
            let moves = lines
                .next()
                .and_then(|line| line.trim().strip_prefix("moves: "))
                .ok_or("a game without its moves")?;
            games.push(LoggedGame {
                number,
                a_colour,
                opening: points(opening, side)?,
                moves: points(moves, side)?,
                winner,
            });
        }
        Ok(MatchLog { rule: Rule(rule), size, games })
    }
}

fn colour(word: &str) -> Option<Stone> {
    match word {
        "black" => Some(Stone::Black),
        "white" => Some(Stone::White),
        _ => None,
    }
}

fn points(text: &str, side: u8) -> Result<Vec<Point>, String> {
    if text.trim() == "(none)" {
        return Ok(Vec::new());
    }
    text.split_whitespace()
        .map(|word| Notation::WithI.parse(word, side).map_err(|error| format!("{word}: {error}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "\
load before: 0.43 1.34 1.51
A: refit (./refit), own INFO: none
B: pbrain-rapfi (./pbrain-rapfi), own INFO: max_depth 12
3 games, rule 4, 15×15, 500 ms a move, match time none, max memory 367001600 B, margin 500 ms, random 3-stone openings, seed 80
load average before: 0.43 1.34 1.51
game 1: A black, opening h7 f6 h8 | black (A) won: five in a row, 5 moves after the opening
  moves: f8 h9 g6 h10 i8
game 2: A white, opening h7 f6 h8 | draw: the board is full, 0 moves after the opening
  moves: (none)
game 3: opening refused: a stone off the board
";

    #[test]
    fn a_log_gives_its_rule_and_each_finished_game() {
        let log = MatchLog::parse(LOG).expect("a match log");
        assert_eq!(log.rule, Rule(4));
        assert_eq!(log.size, GomokuSize::Fifteen);
        assert_eq!(log.games.len(), 2, "the refused opening is no game");
        let first = &log.games[0];
        assert_eq!(
            (first.number, first.a_colour, first.winner),
            (1, Stone::Black, Some(Stone::Black))
        );
        let notation = |point| Notation::WithI.format(point);
        let stones: Vec<String> = first.stones().map(notation).collect();
        assert_eq!(stones.join(" "), "h7 f6 h8 f8 h9 g6 h10 i8");
        let second = &log.games[1];
        assert_eq!((second.number, second.a_colour, second.winner), (2, Stone::White, None));
        assert!(second.moves.is_empty());
    }

    #[test]
    fn a_log_without_its_header_or_with_a_bad_point_is_refused() {
        assert!(MatchLog::parse("game 1: A black, opening h7 | draw\n  moves: (none)").is_err());
        let bad = LOG.replace("f8 h9", "f8 z99");
        assert!(MatchLog::parse(&bad).expect_err("z99 is off the board").contains("z99"));
    }
}
