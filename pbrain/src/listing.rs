//! Turning the stone lists of `BOARD` (and `TAKEBACK`) back into a game the engine can
//! replay.
//!
//! The engine keeps a move list and gives black the even plies. Gomocup lists stones as
//! "own" and "opponent's" and, outside renju, in any order it likes. So the colours are
//! found from the counts (it is our turn: equal counts make us black, one stone fewer makes
//! us white), and the game is rebuilt by taking each colour's stones in the order listed,
//! alternately from black. For a list in move order that is the game itself; for a list in
//! another order it is a game with the same stones, which is all gomoku needs.

use engine::{BoardGame, Gomoku, GomokuError, GomokuSettings, Point};

use crate::{BrainError, Coords};

/// Whose stone a `BOARD` line describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// 1: the brain's own stone.
    Own,
    /// 2: the opponent's.
    Opponent,
    /// 3: in a continuous game, a stone of a finished line (or a renju foul).
    Continuous,
}

impl Field {
    /// Reads `1`, `2` or `3`.
    ///
    /// # Errors
    /// [`BrainError::UnknownField`] for anything else.
    pub fn parse(text: &str) -> Result<Field, BrainError> {
        match text.trim() {
            "1" => Ok(Field::Own),
            "2" => Ok(Field::Opponent),
            "3" => Ok(Field::Continuous),
            other => Err(BrainError::UnknownField(other.to_owned())),
        }
    }
}

/// Reads one `x,y,field` line of `BOARD`.
///
/// # Errors
/// [`BrainError::MalformedBoardLine`] or [`BrainError::UnknownField`].
pub fn parse_board_line(line: &str) -> Result<(Coords, Field), BrainError> {
    let (coords, field) =
        line.rsplit_once(',').ok_or_else(|| BrainError::MalformedBoardLine(line.to_owned()))?;
    let coords =
        Coords::parse(coords).map_err(|_| BrainError::MalformedBoardLine(line.to_owned()))?;
    Ok((coords, Field::parse(field)?))
}

/// The game whose board holds `stones`, with us to move.
///
/// # Errors
/// [`BrainError::ContinuousGame`] for a field-3 stone, [`BrainError::StoneCounts`] when the
/// counts cannot leave us to move, [`BrainError::FinishedGame`] when the stones already hold
/// a won (or drawn) game, and [`BrainError::Refused`] for a stone the engine refuses (two
/// on one point; in renju, a forbidden shape in the order given).
pub fn rebuild(settings: GomokuSettings, stones: &[(Point, Field)]) -> Result<Gomoku, BrainError> {
    if stones.iter().any(|&(_, field)| field == Field::Continuous) {
        return Err(BrainError::ContinuousGame);
    }
    let of = |wanted: Field| -> Vec<Point> {
        stones.iter().filter(|&&(_, field)| field == wanted).map(|&(point, _)| point).collect()
    };
    let (own, opponent) = (of(Field::Own), of(Field::Opponent));
    let (black, white) = if own.len() == opponent.len() {
        (own, opponent)
    } else if opponent.len() == own.len() + 1 {
        (opponent, own)
    } else {
        return Err(BrainError::StoneCounts { own: own.len(), opponent: opponent.len() });
    };
    replay(settings, &interleave(&black, &white))
}

/// The game without the stone at `point`, as `TAKEBACK` asks. Usually that is the last
/// stone; an earlier one of the same colour is taken out too (a gomoku `BOARD` in another
/// order may have made it earlier in our list than in the real game).
///
/// # Errors
/// [`BrainError::NoStoneThere`], [`BrainError::NotTakeable`] when the stone is of the
/// colour that did not move last, or the replay's error when the rest no longer replays.
pub fn take_back(game: &Gomoku, point: Point) -> Result<Gomoku, BrainError> {
    let side = game.board().size();
    let history = game.history();
    let ply = history
        .iter()
        .position(|&stone| stone == point)
        .ok_or(BrainError::NoStoneThere(Coords::from_point(point, side)))?;
    if !(history.len() - 1 - ply).is_multiple_of(2) {
        return Err(BrainError::NotTakeable(Coords::from_point(point, side)));
    }
    let colour = |parity: usize| -> Vec<Point> {
        history
            .iter()
            .enumerate()
            .filter(|&(i, _)| i % 2 == parity && i != ply)
            .map(|(_, &stone)| stone)
            .collect()
    };
    replay(*game.settings(), &interleave(&colour(0), &colour(1)))
}

/// Black's and white's stones alternately, black first (`black` has as many stones as
/// `white`, or one more).
fn interleave(black: &[Point], white: &[Point]) -> Vec<Point> {
    let mut moves = Vec::with_capacity(black.len() + white.len());
    for (ply, &stone) in black.iter().enumerate() {
        moves.push(stone);
        if let Some(&answer) = white.get(ply) {
            moves.push(answer);
        }
    }
    moves
}

fn replay(settings: GomokuSettings, moves: &[Point]) -> Result<Gomoku, BrainError> {
    let game = Gomoku::replay(settings, moves).map_err(|error| match error.rejection {
        GomokuError::GameOver => BrainError::FinishedGame,
        rejection => BrainError::Refused(rejection),
    })?;
    if game.outcome().is_over() {
        return Err(BrainError::FinishedGame);
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{ForbiddenKind, Notation};

    fn point(text: &str) -> Point {
        Notation::WithI.parse(text, 15).expect("test points are valid")
    }

    fn listed(stones: &[(&str, Field)]) -> Vec<(Point, Field)> {
        stones.iter().map(|&(text, field)| (point(text), field)).collect()
    }

    fn moves(game: &Gomoku) -> Vec<String> {
        game.history().iter().map(|&p| Notation::WithI.format(p)).collect()
    }

    const FREESTYLE: GomokuSettings = GomokuSettings {
        size: engine::GomokuSize::Fifteen,
        overline_wins: true,
        forbidden_for_black: false,
    };
    const RENJU: GomokuSettings = GomokuSettings { forbidden_for_black: true, ..FREESTYLE };
    use Field::{Opponent, Own};

    #[test]
    fn board_lines_are_read() {
        assert_eq!(parse_board_line("10,11,1"), Ok((Coords { x: 10, y: 11 }, Own)));
        assert_eq!(parse_board_line("0,0,2"), Ok((Coords { x: 0, y: 0 }, Opponent)));
        assert_eq!(parse_board_line("1,2,3"), Ok((Coords { x: 1, y: 2 }, Field::Continuous)));
        assert_eq!(parse_board_line("1,2,4"), Err(BrainError::UnknownField("4".into())));
        assert_eq!(parse_board_line("1,2"), Err(BrainError::MalformedBoardLine("1,2".into())));
        assert_eq!(parse_board_line("1"), Err(BrainError::MalformedBoardLine("1".into())));
        assert_eq!(parse_board_line("a,b,1"), Err(BrainError::MalformedBoardLine("a,b,1".into())));
    }

    #[test]
    fn equal_counts_make_us_black() {
        let game = rebuild(FREESTYLE, &listed(&[("h8", Own), ("h9", Opponent)])).expect("fine");
        assert_eq!(moves(&game), ["h8", "h9"]);
        assert_eq!(game.stone_to_move(), engine::Stone::Black);
    }

    #[test]
    fn one_stone_fewer_makes_us_white() {
        let stones = listed(&[("h8", Opponent), ("h9", Own), ("i9", Opponent)]);
        let game = rebuild(FREESTYLE, &stones).expect("fine");
        assert_eq!(moves(&game), ["h8", "h9", "i9"]);
        assert_eq!(game.stone_to_move(), engine::Stone::White);
    }

    #[test]
    fn an_empty_board_is_a_fresh_game() {
        let game = rebuild(FREESTYLE, &[]).expect("fine");
        assert!(game.history().is_empty());
    }

    #[test]
    fn stones_out_of_order_keep_each_colours_order() {
        let stones = listed(&[
            ("a1", Own),
            ("b1", Own),
            ("c1", Opponent),
            ("d1", Opponent),
            ("e1", Opponent),
        ]);
        let game = rebuild(FREESTYLE, &stones).expect("fine");
        assert_eq!(moves(&game), ["c1", "a1", "d1", "b1", "e1"]);
    }

    #[test]
    fn counts_that_cannot_leave_us_to_move_are_refused() {
        let more_own = listed(&[("a1", Own), ("b1", Own), ("c1", Opponent)]);
        assert_eq!(
            rebuild(FREESTYLE, &more_own),
            Err(BrainError::StoneCounts { own: 2, opponent: 1 })
        );
        let far_behind = listed(&[("a1", Opponent), ("b1", Opponent)]);
        assert_eq!(
            rebuild(FREESTYLE, &far_behind),
            Err(BrainError::StoneCounts { own: 0, opponent: 2 })
        );
    }

    #[test]
    fn continuous_game_stones_are_refused() {
        let stones = listed(&[("a1", Own), ("b1", Opponent), ("c1", Field::Continuous)]);
        assert_eq!(rebuild(FREESTYLE, &stones), Err(BrainError::ContinuousGame));
    }

    #[test]
    fn a_finished_game_is_refused() {
        let five = listed(&[
            ("a1", Opponent),
            ("a2", Opponent),
            ("a3", Opponent),
            ("a4", Opponent),
            ("a5", Opponent),
            ("c1", Own),
            ("c3", Own),
            ("c5", Own),
            ("c7", Own),
        ]);
        assert_eq!(rebuild(FREESTYLE, &five), Err(BrainError::FinishedGame));
        // Listed in this order the five is complete before the last white stone.
        let six = listed(&[
            ("a1", Opponent),
            ("a2", Opponent),
            ("a3", Opponent),
            ("a4", Opponent),
            ("a5", Opponent),
            ("o1", Opponent),
            ("c1", Own),
            ("c3", Own),
            ("c5", Own),
            ("c7", Own),
            ("c9", Own),
        ]);
        assert_eq!(rebuild(FREESTYLE, &six), Err(BrainError::FinishedGame));
    }

    #[test]
    fn two_stones_on_one_point_are_refused() {
        let stones = listed(&[("h8", Own), ("h8", Opponent)]);
        assert_eq!(rebuild(FREESTYLE, &stones), Err(BrainError::Refused(GomokuError::Occupied)));
    }

    #[test]
    fn renju_order_matters_for_forbidden_shapes() {
        // Black's h8 last makes a double three; the same stones with h8 first are fine.
        let late = listed(&[
            ("h9", Own),
            ("a1", Opponent),
            ("h10", Own),
            ("a3", Opponent),
            ("i8", Own),
            ("a5", Opponent),
            ("j8", Own),
            ("a7", Opponent),
            ("h8", Own),
            ("a9", Opponent),
        ]);
        assert_eq!(
            rebuild(RENJU, &late),
            Err(BrainError::Refused(GomokuError::Forbidden(ForbiddenKind::DoubleThree)))
        );
        let mut early = late.clone();
        early.rotate_right(2);
        assert!(rebuild(RENJU, &early).is_ok());
        assert!(rebuild(FREESTYLE, &late).is_ok());
    }

    fn game(text: &str) -> Gomoku {
        let moves: Vec<Point> = text.split_whitespace().map(point).collect();
        Gomoku::replay(FREESTYLE, &moves).expect("a legal test game")
    }

    #[test]
    fn the_last_stone_is_taken_back() {
        let taken = take_back(&game("h8 h9 i9"), point("i9")).expect("fine");
        assert_eq!(taken, game("h8 h9"));
        let taken = take_back(&taken, point("h9")).expect("fine");
        assert_eq!(taken, game("h8"));
    }

    #[test]
    fn an_earlier_stone_of_the_last_colour_can_go_too() {
        let taken = take_back(&game("h8 h9 i9 i10 j10"), point("h8")).expect("fine");
        assert_eq!(taken, game("i9 h9 j10 i10"));
    }

    #[test]
    fn takebacks_that_break_the_game_are_refused() {
        let before = game("h8 h9 i9");
        assert_eq!(
            take_back(&before, point("a1")),
            Err(BrainError::NoStoneThere(Coords { x: 0, y: 14 }))
        );
        assert_eq!(
            take_back(&before, point("h9")),
            Err(BrainError::NotTakeable(Coords { x: 7, y: 6 }))
        );
    }
}
