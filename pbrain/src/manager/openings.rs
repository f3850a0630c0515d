use engine::cpu::SplitMix64;
use engine::{BoardGame, GomokuSize, Notation, Point, Renju, RenjuMove, RenjuSettings};

use super::Referee;
use crate::Rule;

/// The most stones a random opening may have: with four stones of each colour at most,
/// no stone can make a five or a forbidden shape, so every draw succeeds.
pub const MAX_RANDOM_STONES: usize = 8;

/// `count` openings of `stones` stones each (black first, alternating), drawn from `seed`:
/// every stone at random among the empty points of the central 5×5 square. The same seed
/// gives the same openings on any machine.
///
/// # Panics
/// If `stones` is above [`MAX_RANDOM_STONES`].
#[must_use]
pub fn random_openings(
    seed: u64,
    count: usize,
    stones: usize,
    rule: Rule,
    size: GomokuSize,
) -> Vec<Vec<Point>> {
    assert!(stones <= MAX_RANDOM_STONES, "at most {MAX_RANDOM_STONES} random stones");
    let mut random = SplitMix64::new(seed);
    let centre = size.side() / 2;
    let square: Vec<Point> = (centre - 2..=centre + 2)
        .flat_map(|y| (centre - 2..=centre + 2).map(move |x| Point::new(x, y)))
        .collect();
    (0..count)
        .map(|_| {
            let mut opening: Vec<Point> = Vec::with_capacity(stones);
            while opening.len() < stones {
                let free: Vec<Point> =
                    square.iter().copied().filter(|point| !opening.contains(point)).collect();
                // `free` has 17 points or more; the index is below its length.
                let pick = random.below(free.len() as u64) as usize;
                opening.push(free[pick]);
            }
            debug_assert!(Referee::with_opening(rule, size, &opening).is_ok());
            opening
        })
        .collect()
}

/// The openings of a file, one a line, as the engine's match tools write them
/// (`engine/examples/openings/`): moves in the engine's notation (`h8`, column letters with
/// `i`, rows from the bottom) separated by `;`. A line with renju's opening words (`keep`,
/// `swap`, the fifth-move offer) is replayed as a renju opening and gives its stones in the
/// order placed. Empty lines are skipped.
///
/// # Errors
/// The first line that is neither, with its number from 1.
pub fn parse_openings(text: &str, size: GomokuSize) -> Result<Vec<Vec<Point>>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            parse_line(line, size).map_err(|why| format!("line {}: {why}", index + 1))
        })
        .collect()
}

fn parse_line(line: &str, size: GomokuSize) -> Result<Vec<Point>, String> {
    let words: Vec<&str> = line.split(';').map(str::trim).filter(|w| !w.is_empty()).collect();
    let points: Option<Vec<Point>> =
        words.iter().map(|word| Notation::WithI.parse(word, size.side()).ok()).collect();
    if let Some(points) = points {
        return Ok(points);
    }
    if size.side() != RenjuSettings::SIDE {
        return Err(format!("{line:?} is not a list of points"));
    }
    let mut game = Renju::start(RenjuSettings);
    for word in words {
        let mv = game.parse_move(word).map_err(|error| format!("{word:?}: {error}"))?;
        game = game.play(mv).map_err(|error| format!("{word:?}: {}", error.rejection))?;
    }
    Ok(game
        .history()
        .iter()
        .filter_map(|mv| match *mv {
            RenjuMove::Place(point) | RenjuMove::ChooseFifth(point) => Some(point),
            _ => None,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(text: &str) -> Point {
        Notation::WithI.parse(text, 15).expect("a point")
    }

    #[test]
    fn random_openings_are_reproducible_central_and_distinct_points() {
        let openings = random_openings(30, 10, 3, Rule(4), GomokuSize::Fifteen);
        assert_eq!(openings, random_openings(30, 10, 3, Rule(4), GomokuSize::Fifteen));
        assert_ne!(openings, random_openings(31, 10, 3, Rule(4), GomokuSize::Fifteen));
        assert_eq!(openings.len(), 10);
        for opening in &openings {
            assert_eq!(opening.len(), 3);
            assert!(opening.iter().all(|p| (5..=9).contains(&p.x) && (5..=9).contains(&p.y)));
            assert!(Referee::with_opening(Rule(4), GomokuSize::Fifteen, opening).is_ok());
        }
        let nineteen = random_openings(30, 4, MAX_RANDOM_STONES, Rule(0), GomokuSize::Nineteen);
        assert!(nineteen.iter().flatten().all(|p| (7..=11).contains(&p.x)));
        assert!(random_openings(30, 2, 0, Rule(0), GomokuSize::Fifteen).iter().all(Vec::is_empty));
    }

    #[test]
    fn gomoku_and_renju_lines_are_read_as_their_stones() {
        let text = "i10;i8;j9\n\ng6;g7\nh8;keep;i7;keep;j7;keep;g8\n";
        let openings = parse_openings(text, GomokuSize::Fifteen).expect("valid openings");
        assert_eq!(
            openings,
            [
                vec![point("i10"), point("i8"), point("j9")],
                vec![point("g6"), point("g7")],
                vec![point("h8"), point("i7"), point("j7"), point("g8")],
            ]
        );
    }

    #[test]
    fn a_bad_line_is_named() {
        let error = parse_openings("h8;i9\nh8;zz9\n", GomokuSize::Fifteen).expect_err("bad");
        assert!(error.starts_with("line 2: "), "{error}");
        let error = parse_openings("h8;keep\n", GomokuSize::Nineteen).expect_err("not renju");
        assert!(error.starts_with("line 1: "), "{error}");
    }

    #[test]
    fn the_engines_opening_files_are_read() {
        for (file, count) in [("gomoku.txt", 50), ("renju.txt", 50)] {
            let path = format!("{}/../engine/examples/openings/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).expect("the openings file");
            let openings = parse_openings(&text, GomokuSize::Fifteen).expect("valid openings");
            assert_eq!(openings.len(), count, "{file}");
        }
    }
}
