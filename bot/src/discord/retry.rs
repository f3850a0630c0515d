//! A REST call that Discord refused for a while is made again: a 429, a 5xx, a network
//! failure. Against Discord itself serenity's rate limiter already waits out every 429 by its
//! `retry-after` (global and per route) before the call returns; this layer is what waits
//! when the limiter is off (a proxy in front, which then owns the limits, and the tests), and
//! what retries a server error. Errors that are answers (DMs closed, unknown message) are
//! returned at once for the caller to act on.

use std::time::Duration;

use serenity::Error;
use serenity::http::HttpError;

/// Discord's code for "Cannot send messages to this user" (their DMs are closed).
pub const DMS_CLOSED: isize = 50007;
/// Discord's code for "Unknown Message" (deleted, or never there).
pub const UNKNOWN_MESSAGE: isize = 10008;
/// Discord's code for "Unknown interaction" (its 3 s or 15 min are over).
pub const UNKNOWN_INTERACTION: isize = 10062;

const ATTEMPTS: u32 = 5;
/// The first pause after a refusal; each next one doubles.
const FIRST_PAUSE: Duration = Duration::from_millis(250);

/// The HTTP status of a refused call.
#[must_use]
pub fn status(error: &Error) -> Option<u16> {
    match error {
        Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            Some(response.status_code.as_u16())
        }
        _ => None,
    }
}

/// Discord's JSON error code of a refused call.
#[must_use]
pub fn code(error: &Error) -> Option<isize> {
    match error {
        Error::Http(HttpError::UnsuccessfulRequest(response)) => Some(response.error.code),
        _ => None,
    }
}

/// Whether trying again later may succeed.
fn passing(error: &Error) -> bool {
    match error {
        Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code.as_u16();
            status == 429 || status >= 500
        }
        Error::Http(HttpError::Request(_)) => true,
        _ => false,
    }
}

/// Makes `call` until it succeeds, fails for good, or has been tried [`ATTEMPTS`] times.
///
/// # Errors
/// The last failure.
pub async fn patiently<T, F, Fut>(what: &'static str, mut call: F) -> Result<T, Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, Error>>,
{
    let mut pause = FIRST_PAUSE;
    let mut attempt = 1;
    loop {
        match call().await {
            Ok(value) => return Ok(value),
            Err(error) if attempt < ATTEMPTS && passing(&error) => {
                tracing::info!(call = what, status = ?status(&error), attempt, "retrying a Discord call");
                tokio::time::sleep(pause).await;
                pause *= 2;
                attempt += 1;
            }
            Err(error) => return Err(error),
        }
    }
}
