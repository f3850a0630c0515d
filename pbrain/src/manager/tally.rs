use std::fmt;
use std::time::Duration;

use engine::Stone;

use super::{GameRecord, colour_index};

/// A match's score seen from brain A: wins, draws and losses with each colour, and how long
/// each brain took a move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// `[colour][result]`: colour 0 black, 1 white; result 0 win, 1 draw, 2 loss.
    results: [[u32; 3]; 2],
    /// A's (0) and B's (1) move times.
    times: [MoveTimes; 2],
}

/// The moves of one brain: how many, their total and the longest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct MoveTimes {
    moves: u32,
    total: Duration,
    longest: Duration,
}

impl MoveTimes {
    fn add(&mut self, times: &[Duration]) {
        for &time in times {
            self.moves += 1;
            self.total += time;
            self.longest = self.longest.max(time);
        }
    }
}

impl fmt::Display for MoveTimes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mean = self.total.as_secs_f64() * 1000.0 / f64::from(self.moves.max(1));
        write!(
            f,
            "{} moves, {mean:.0} ms a move on average, longest {} ms",
            self.moves,
            self.longest.as_millis()
        )
    }
}

impl Tally {
    /// Counts `game`, which A played with `a_colour`.
    pub fn add(&mut self, a_colour: Stone, game: &GameRecord) {
        let result = match game.ending.winner {
            Some(winner) if winner == a_colour => 0,
            None => 1,
            Some(_) => 2,
        };
        self.results[colour_index(a_colour)][result] += 1;
        self.times[0].add(&game.times[colour_index(a_colour)]);
        self.times[1].add(&game.times[colour_index(a_colour.opponent())]);
    }

    /// A's wins, draws and losses with `colour`.
    #[must_use]
    pub fn with_colour(&self, colour: Stone) -> [u32; 3] {
        self.results[colour_index(colour)]
    }

    /// A's wins, draws and losses.
    #[must_use]
    pub fn total(&self) -> [u32; 3] {
        let [black, white] = self.results;
        [0, 1, 2].map(|result| black[result] + white[result])
    }

    /// A's score: a win counts 1, a draw one half; 0 before any game.
    #[must_use]
    pub fn score_percent(&self) -> f64 {
        let [wins, draws, losses] = self.total();
        let games = wins + draws + losses;
        if games == 0 {
            return 0.0;
        }
        100.0 * (f64::from(wins) + f64::from(draws) / 2.0) / f64::from(games)
    }
}

impl fmt::Display for Tally {
    /// Several lines: A's results in all, with black and with white, then both brains'
    /// move times.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wdl = |[wins, draws, losses]: [u32; 3]| format!("{wins}-{draws}-{losses}");
        let [wins, draws, losses] = self.total();
        writeln!(
            f,
            "A: {} games, W-D-L {} (score {:.1} %)",
            wins + draws + losses,
            wdl(self.total()),
            self.score_percent()
        )?;
        writeln!(f, "A with black: W-D-L {}", wdl(self.with_colour(Stone::Black)))?;
        writeln!(f, "A with white: W-D-L {}", wdl(self.with_colour(Stone::White)))?;
        writeln!(f, "A's time: {}", self.times[0])?;
        write!(f, "B's time: {}", self.times[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manager::{Ending, Reason};

    fn game(winner: Option<Stone>, black_ms: &[u64], white_ms: &[u64]) -> GameRecord {
        let times = |ms: &[u64]| ms.iter().copied().map(Duration::from_millis).collect();
        GameRecord {
            opening: Vec::new(),
            moves: Vec::new(),
            ending: Ending { winner, reason: Reason::Five },
            times: [times(black_ms), times(white_ms)],
        }
    }

    #[test]
    fn results_are_counted_from_as_side_by_colour() {
        let mut tally = Tally::default();
        tally.add(Stone::Black, &game(Some(Stone::Black), &[100, 300], &[200]));
        tally.add(Stone::White, &game(Some(Stone::Black), &[50], &[400]));
        tally.add(Stone::White, &game(None, &[], &[]));
        assert_eq!(tally.with_colour(Stone::Black), [1, 0, 0]);
        assert_eq!(tally.with_colour(Stone::White), [0, 1, 1]);
        assert_eq!(tally.total(), [1, 1, 1]);
        assert!((tally.score_percent() - 50.0).abs() < 1e-9);
        let text = tally.to_string();
        assert!(text.starts_with("A: 3 games, W-D-L 1-1-1 (score 50.0 %)\n"), "{text}");
        assert!(text.contains("A's time: 3 moves, 267 ms a move on average, longest 400 ms"));
        assert!(text.contains("B's time: 2 moves, 125 ms a move on average, longest 200 ms"));
    }

    #[test]
    fn an_empty_tally_scores_nothing() {
        assert!(Tally::default().score_percent().abs() < 1e-9);
    }
}
