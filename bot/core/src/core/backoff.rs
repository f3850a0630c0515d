//! Retrying what failed when it fell due: a deadline whose work fails (the store refusing a
//! write) is not due again at once, or the timer loop would wake on it without end; it waits a
//! pause that doubles with each failure, up to a minute.

use std::collections::HashMap;

use super::GameId;

/// The first pause after a failure, in milliseconds.
const FIRST_PAUSE_MS: i64 = 1_000;
/// The longest pause.
const LONGEST_PAUSE_MS: i64 = 60_000;

/// What falls due: a game's timers, or the expiry of challenges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Duty {
    Game(GameId),
    Challenges,
}

#[derive(Clone, Copy, Debug)]
struct Pause {
    failures: u32,
    until: i64,
}

/// The pauses of the duties whose last attempt failed.
#[derive(Debug, Default)]
pub(super) struct Backoff {
    paused: HashMap<Duty, Pause>,
}

impl Backoff {
    /// When `duty`, due at `at`, may be attempted.
    pub fn when(&self, duty: Duty, at: i64) -> i64 {
        self.paused.get(&duty).map_or(at, |pause| at.max(pause.until))
    }

    /// Whether `duty` may be attempted at `now`.
    pub fn ready(&self, duty: Duty, now: i64) -> bool {
        self.paused.get(&duty).is_none_or(|pause| now >= pause.until)
    }

    /// The attempt at `now` failed: the next waits longer.
    pub fn failed(&mut self, duty: Duty, now: i64) -> u32 {
        let failures = self.paused.get(&duty).map_or(0, |pause| pause.failures) + 1;
        let doubling = FIRST_PAUSE_MS.saturating_mul(1_i64 << (failures - 1).min(16));
        let until = now.saturating_add(doubling.min(LONGEST_PAUSE_MS));
        self.paused.insert(duty, Pause { failures, until });
        failures
    }

    /// The attempt succeeded (or the duty is gone): no more pause.
    pub fn cleared(&mut self, duty: Duty) {
        self.paused.remove(&duty);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_double_up_to_a_minute_and_clear() {
        let mut backoff = Backoff::default();
        let duty = Duty::Game(GameId(1));
        assert!(backoff.ready(duty, 0));
        let mut pauses = Vec::new();
        let mut now = 0;
        for _ in 0..9 {
            backoff.failed(duty, now);
            let next = backoff.when(duty, now);
            assert!(!backoff.ready(duty, next - 1));
            assert!(backoff.ready(duty, next));
            pauses.push(next - now);
            now = next;
        }
        assert_eq!(pauses, [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
        backoff.cleared(duty);
        assert_eq!(backoff.when(duty, 5), 5);
        assert!(backoff.when(Duty::Challenges, 7) == 7);
    }
}
