use std::time::{Duration, Instant};

use engine::cpu::Deadline;

/// The time limits the manager announced with `INFO`, in milliseconds as sent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// `timeout_turn`: the most one move may take; 0 asks for an instant answer.
    pub turn: Option<u64>,
    /// `timeout_match`: the whole game's time; 0 means no limit.
    pub game: Option<u64>,
    /// `time_left`: what remains of the game's time; it can be negative once overrun.
    pub left: Option<i64>,
}

impl TimeControl {
    /// Per move when the manager said nothing: the engine's hard level's usual budget.
    pub const DEFAULT_TURN_MS: u64 = 1000;
    /// The remaining game time is spread over this many of our moves, so a long game still
    /// has time for its last moves.
    pub const MOVES_AHEAD: u64 = 20;
    /// `time_left` sends this when the game has no time limit.
    pub const UNLIMITED: i64 = 2_147_483_647;
    /// Kept back for reading, writing and process scheduling.
    pub const IO_MARGIN_MS: u64 = 30;

    /// How long to think for the next move: the turn limit or a share of the game time,
    /// whichever is smaller, less a tenth and [`TimeControl::IO_MARGIN_MS`] for safety.
    #[must_use]
    pub fn budget(&self) -> Duration {
        let turn = self.turn.unwrap_or(TimeControl::DEFAULT_TURN_MS);
        // `time_left` is the truth once sent; before that the game's whole time is all we
        // know.
        let left = match (self.left, self.game) {
            (Some(TimeControl::UNLIMITED), _) | (None, None | Some(0)) => None,
            (Some(left), _) => Some(u64::try_from(left).unwrap_or(0)),
            (None, Some(game)) => Some(game),
        };
        let share = left.map_or(u64::MAX, |left| left / TimeControl::MOVES_AHEAD);
        let think = turn.min(share);
        let safe = think.saturating_sub(think / 10).saturating_sub(TimeControl::IO_MARGIN_MS);
        Duration::from_millis(safe)
    }
}

/// A [`Deadline`] on the wall clock: the moment thinking must stop.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    until: Instant,
}

impl Clock {
    /// A deadline `budget` after `started` (when the command arrived, since the manager's
    /// clock already runs then).
    #[must_use]
    pub fn new(started: Instant, budget: Duration) -> Clock {
        Clock { until: started + budget }
    }
}

impl Deadline for Clock {
    fn is_past(&self) -> bool {
        Instant::now() >= self.until
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    #[test]
    fn without_info_a_second_less_the_margins() {
        assert_eq!(TimeControl::default().budget(), ms(1000 - 100 - 30));
    }

    #[test]
    fn the_turn_limit_caps_the_thinking() {
        let time = TimeControl { turn: Some(5000), ..TimeControl::default() };
        assert_eq!(time.budget(), ms(5000 - 500 - 30));
        let time = TimeControl { turn: Some(5000), game: Some(0), left: None };
        assert_eq!(time.budget(), ms(4470));
    }

    #[test]
    fn a_share_of_the_time_left_caps_it_too() {
        let time = TimeControl { turn: Some(30_000), game: Some(180_000), left: Some(60_000) };
        assert_eq!(time.budget(), ms(3000 - 300 - 30));
        let before_time_left = TimeControl { left: None, ..time };
        assert_eq!(before_time_left.budget(), ms(9000 - 900 - 30));
        let unlimited = TimeControl { left: Some(TimeControl::UNLIMITED), ..time };
        assert_eq!(unlimited.budget(), ms(30_000 - 3000 - 30));
    }

    #[test]
    fn no_time_means_an_instant_answer() {
        assert_eq!(TimeControl { turn: Some(0), ..TimeControl::default() }.budget(), ms(0));
        let overrun = TimeControl { left: Some(-500), ..TimeControl::default() };
        assert_eq!(overrun.budget(), ms(0));
        let nearly = TimeControl { left: Some(400), ..TimeControl::default() };
        assert_eq!(nearly.budget(), ms(0));
    }

    #[test]
    fn the_clock_runs_out() {
        let now = Instant::now();
        assert!(Clock::new(now, Duration::ZERO).is_past());
        assert!(!Clock::new(now, Duration::from_secs(3600)).is_past());
    }
}
