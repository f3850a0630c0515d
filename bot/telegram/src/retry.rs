//! Calls that must not be lost: a 429 is waited out for its `retry_after` and sent again, a
//! network failure is tried again a few times; what Telegram refuses for good comes back to
//! the caller, with words for the log that never hold the token.

use std::future::Future;
use std::time::Duration;

use teloxide::{ApiError, RequestError};

/// How many 429s one call waits out before giving up.
const FLOOD_RETRIES: u32 = 8;
/// How many network failures one call survives.
const NETWORK_RETRIES: u32 = 3;
/// The longest `retry_after` honoured; longer ones (a bot flooded for hours) are given up on.
const LONGEST_WAIT: Duration = Duration::from_secs(300);

/// Runs `call` until it succeeds or fails for a reason other than flood control or the
/// network. `what` names the call in the log.
///
/// # Errors
/// The last [`RequestError`].
pub async fn patiently<T, F, Fut>(what: &'static str, mut call: F) -> Result<T, RequestError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, RequestError>>,
{
    let mut floods = 0;
    let mut failures = 0;
    loop {
        match call().await {
            Err(RequestError::RetryAfter(seconds))
                if floods < FLOOD_RETRIES && seconds.duration() <= LONGEST_WAIT =>
            {
                floods += 1;
                tracing::info!(call = what, seconds = seconds.seconds(), "flood control: waiting");
                tokio::time::sleep(seconds.duration()).await;
            }
            Err(RequestError::Network(_) | RequestError::Io(_)) if failures < NETWORK_RETRIES => {
                failures += 1;
                tracing::info!(call = what, attempt = failures, "network failure: trying again");
                tokio::time::sleep(Duration::from_millis(250 << failures)).await;
            }
            other => return other,
        }
    }
}

/// Telegram says the message already looks like that: the edit is done, for us.
#[must_use]
pub fn not_modified(error: &RequestError) -> bool {
    match error {
        RequestError::Api(ApiError::MessageNotModified) => true,
        RequestError::Api(ApiError::Unknown(text)) => text.contains("message is not modified"),
        _ => false,
    }
}

/// The user never opened a private chat with the bot, or closed it (403).
#[must_use]
pub fn cannot_write_to_user(error: &RequestError) -> bool {
    match error {
        RequestError::Api(
            ApiError::CantInitiateConversation
            | ApiError::BotBlocked
            | ApiError::UserDeactivated
            | ApiError::CantTalkWithBots,
        ) => true,
        // "Forbidden: bot can't initiate conversation with a user" has no variant of its own.
        RequestError::Api(ApiError::Unknown(text)) => {
            text.starts_with("Forbidden") && text.contains("user")
        }
        _ => false,
    }
}

/// An error in words for the log, with the token (which network errors carry in their URL)
/// blotted out.
#[must_use]
pub fn describe(error: &RequestError, token: &str) -> String {
    redact(&error.to_string(), token)
}

/// `text` with the token blotted out, for the log.
#[must_use]
pub fn redact(text: &str, token: &str) -> String {
    if token.is_empty() { text.to_owned() } else { text.replace(token, "***") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forbidden_description_is_recognised() {
        let error = RequestError::Api(ApiError::Unknown(
            "Forbidden: bot can't initiate conversation with a user".into(),
        ));
        assert!(cannot_write_to_user(&error));
        assert!(!not_modified(&error));
    }

    #[test]
    fn tokens_are_blotted_out() {
        let error = RequestError::Api(ApiError::Unknown("bot123:secret failed".into()));
        assert!(!describe(&error, "123:secret").contains("secret"));
        let url = "https://cincobot.example/123:secret/telegram";
        assert_eq!(redact(url, "123:secret"), "https://cincobot.example/***/telegram");
        assert_eq!(redact(url, ""), url);
    }
}
