//! Telegram's flood limits, kept before they bite: about one message a second in
//! a chat, twenty new messages a minute in a group. Each chat queue keeps its own [`Pace`];
//! a 429 that comes anyway is waited out by [`super::retry`].

use std::collections::VecDeque;
use std::time::Duration;

use tokio::time::Instant;

/// The limits, from the configuration. Zero lifts a limit (a test server on loopback).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pacing {
    /// The least time between two calls that post or edit in one chat.
    pub chat_interval: Duration,
    /// The most new messages in a group within a minute.
    pub group_per_minute: u32,
}

impl Pacing {
    /// No limits at all.
    pub const UNLIMITED: Pacing = Pacing { chat_interval: Duration::ZERO, group_per_minute: 0 };
}

/// One chat's recent calls.
#[derive(Debug)]
pub struct Pace {
    pacing: Pacing,
    group: bool,
    last: Option<Instant>,
    /// When the group's new messages of the last minute went out.
    posted: VecDeque<Instant>,
}

const MINUTE: Duration = Duration::from_secs(60);

impl Pace {
    #[must_use]
    pub fn new(pacing: Pacing, group: bool) -> Pace {
        Pace { pacing, group, last: None, posted: VecDeque::new() }
    }

    /// How long to wait at `now` before the next call; `posting` for a new message (edits
    /// and deletions do not count towards a group's minute).
    #[must_use]
    pub fn wait(&mut self, now: Instant, posting: bool) -> Duration {
        let mut until = now;
        if let Some(last) = self.last {
            until = until.max(last + self.pacing.chat_interval);
        }
        let per_minute = usize::try_from(self.pacing.group_per_minute).unwrap_or(usize::MAX);
        if posting && self.group && per_minute > 0 {
            while self.posted.front().is_some_and(|&at| at + MINUTE <= now) {
                self.posted.pop_front();
            }
            if self.posted.len() >= per_minute
                && let Some(&oldest) = self.posted.front()
            {
                until = until.max(oldest + MINUTE);
            }
        }
        until - now
    }

    /// A call went out at `at`.
    pub fn record(&mut self, at: Instant, posting: bool) {
        self.last = Some(at);
        if posting && self.group && self.pacing.group_per_minute > 0 {
            self.posted.push_back(at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_call_a_second_and_twenty_posts_a_minute_in_a_group() {
        let pacing = Pacing { chat_interval: Duration::from_secs(1), group_per_minute: 20 };
        let mut pace = Pace::new(pacing, true);
        let start = Instant::now();
        assert_eq!(pace.wait(start, true), Duration::ZERO);
        pace.record(start, true);
        assert_eq!(pace.wait(start, false), Duration::from_secs(1));
        let mut at = start;
        for _ in 1..20 {
            at += Duration::from_secs(1);
            assert_eq!(pace.wait(at, true), Duration::ZERO);
            pace.record(at, true);
        }
        // The twenty-first post waits for the first one's minute to pass; an edit does not.
        let next = at + Duration::from_secs(1);
        assert_eq!(pace.wait(next, true), Duration::from_secs(40));
        assert_eq!(pace.wait(next, false), Duration::ZERO);
    }

    #[test]
    fn unlimited_never_waits() {
        let mut pace = Pace::new(Pacing::UNLIMITED, true);
        let now = Instant::now();
        for _ in 0..100 {
            assert_eq!(pace.wait(now, true), Duration::ZERO);
            pace.record(now, true);
        }
    }
}
