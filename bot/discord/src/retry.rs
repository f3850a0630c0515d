//! When a refused REST call is made again, and after how long: a 429 waits as long as
//! Discord (or the proxy in front of it) says, at most [`LONGEST_WAIT`]; a 5xx or a network
//! failure waits a growing pause; everything else is an answer for the caller (DMs closed,
//! unknown message) and is never made again.

use std::fmt;
use std::time::Duration;

/// Discord's code for "Cannot send messages to this user" (their DMs are closed).
pub const DMS_CLOSED: isize = 50007;
/// Discord's code for "Unknown Message" (deleted, or never there).
pub const UNKNOWN_MESSAGE: isize = 10008;
/// Discord's code for "Unknown interaction" (its 3 s or 15 min are over).
pub const UNKNOWN_INTERACTION: isize = 10062;

/// How many times a call is made at most.
pub const ATTEMPTS: u32 = 5;
/// The first pause after a failure that says no wait; each next one doubles.
const FIRST_PAUSE: Duration = Duration::from_millis(250);
/// The longest a 429 is waited out: past it the wait is cut to this (a wrong header must not
/// stall a channel for an hour).
pub const LONGEST_WAIT: Duration = Duration::from_secs(60);

/// A call Discord answered with an error status.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub status: u16,
    /// Discord's JSON error code (0 for a 429).
    pub code: Option<isize>,
    pub message: String,
    /// How long to wait before the next call, for a 429: the body's `retry_after`, else the
    /// `Retry-After` or `X-RateLimit-Reset-After` header (seconds, with decimals).
    pub retry_after: Option<Duration>,
    /// The limit is global: every call waits, not only this route's.
    pub global: bool,
}

/// Why a call did not succeed.
#[derive(Debug)]
pub enum Failure {
    Refused(Refusal),
    /// No answer came (the connection failed).
    Unanswered(String),
    /// The call could not be made at all (a body that does not encode, a bad URL).
    Unmade(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Refused(refusal) => {
                write!(f, "HTTP {} ({:?}): {}", refusal.status, refusal.code, refusal.message)
            }
            Failure::Unanswered(why) => write!(f, "no answer: {why}"),
            Failure::Unmade(why) => write!(f, "not made: {why}"),
        }
    }
}

impl std::error::Error for Failure {}

/// Discord's JSON error code of a refused call.
#[must_use]
pub fn code(failure: &Failure) -> Option<isize> {
    match failure {
        Failure::Refused(refusal) => refusal.code,
        _ => None,
    }
}

/// The HTTP status of a refused call.
#[must_use]
pub fn status(failure: &Failure) -> Option<u16> {
    match failure {
        Failure::Refused(refusal) => Some(refusal.status),
        _ => None,
    }
}

/// How long to wait before making the call again after `failure` on attempt `attempt`
/// (1 for the first); `None` when it must not be made again.
#[must_use]
pub fn pause(failure: &Failure, attempt: u32) -> Option<Duration> {
    if attempt >= ATTEMPTS {
        return None;
    }
    let growing = FIRST_PAUSE * 2_u32.saturating_pow(attempt.saturating_sub(1));
    match failure {
        Failure::Refused(Refusal { status: 429, retry_after, .. }) => {
            Some(retry_after.unwrap_or(growing).min(LONGEST_WAIT))
        }
        Failure::Refused(Refusal { status, .. }) if *status >= 500 => Some(growing),
        Failure::Unanswered(_) => Some(growing),
        Failure::Refused(_) | Failure::Unmade(_) => None,
    }
}

/// A wait in seconds as Discord writes it (`0.7`, `"1.25"`), if it is one.
#[must_use]
pub fn seconds(text: &str) -> Option<Duration> {
    text.trim().parse::<f64>().ok().and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(status: u16, retry_after: Option<Duration>) -> Failure {
        Failure::Refused(Refusal {
            status,
            code: Some(0),
            message: String::new(),
            retry_after,
            global: false,
        })
    }

    #[test]
    fn a_429_waits_what_it_says_capped_and_answers_are_not_made_again() {
        let said = Some(Duration::from_millis(700));
        assert_eq!(pause(&refused(429, said), 1), said);
        assert_eq!(pause(&refused(429, Some(Duration::from_secs(3600))), 1), Some(LONGEST_WAIT));
        assert_eq!(pause(&refused(429, None), 3), Some(Duration::from_millis(1000)));
        assert_eq!(pause(&refused(502, None), 2), Some(Duration::from_millis(500)));
        assert_eq!(pause(&refused(403, None), 1), None, "DMs closed is an answer");
        assert_eq!(pause(&refused(429, said), ATTEMPTS), None, "the last attempt");
        assert_eq!(pause(&Failure::Unmade("bad".into()), 1), None);
    }

    #[test]
    fn waits_read_as_discord_writes_them() {
        assert_eq!(seconds("0.7"), Some(Duration::from_millis(700)));
        assert_eq!(seconds(" 2 "), Some(Duration::from_secs(2)));
        assert_eq!(seconds("-1"), None);
        assert_eq!(seconds("soon"), None);
    }
}
