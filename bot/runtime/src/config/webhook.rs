//! Telegram's webhook mode as configured: where Telegram posts updates, where this process
//! listens for them, and the secret every post must carry. Checked when the configuration is
//! read, so a wrong value stops the bot before it starts, with the key to fix.

use std::fmt;
use std::net::SocketAddr;

use url::{Host, Url};

use super::{Secret, TelegramConfig};

/// Webhook mode, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Webhook {
    /// The public URL Telegram posts updates to: HTTPS, except to this machine (a test server).
    pub url: Url,
    /// The local address the process serves the posts on.
    pub listen: SocketAddr,
    /// The secret every post carries; `None`: one is drawn at start.
    pub secret: Option<Secret>,
}

/// Why the webhook's keys cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WebhookError {
    /// `webhook_url` is not a URL.
    Url(String),
    /// `webhook_url` is not HTTPS (plain HTTP is allowed only to a loopback host).
    NotHttps(String),
    /// `webhook_url` without `listen`.
    NoListen,
    /// `listen` is not an address and port.
    Listen(String),
    /// `listen` without `webhook_url`.
    ListenWithoutUrl,
    /// The secret has characters Telegram refuses, or is too long.
    Secret,
}

impl fmt::Display for WebhookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WebhookError::Url(url) => write!(f, "[telegram] webhook_url = {url:?} is not a URL"),
            WebhookError::NotHttps(url) => write!(
                f,
                "[telegram] webhook_url = {url:?}: Telegram posts to https URLs only (http is \
                 allowed to this machine alone, for tests)"
            ),
            WebhookError::NoListen => write!(
                f,
                "[telegram] webhook_url needs listen, the local address to serve it on (for \
                 example listen = \"0.0.0.0:8443\")"
            ),
            WebhookError::Listen(listen) => write!(
                f,
                "[telegram] listen = {listen:?} is not an address and port (for example \
                 \"0.0.0.0:8443\")"
            ),
            WebhookError::ListenWithoutUrl => write!(
                f,
                "[telegram] listen is for webhook mode: set webhook_url too, or remove listen to \
                 poll"
            ),
            WebhookError::Secret => write!(
                f,
                "the Telegram webhook secret (TELEGRAM_WEBHOOK_SECRET or [telegram] \
                 webhook_secret) must be 1 to 256 of the characters A-Z, a-z, 0-9, _ and -"
            ),
        }
    }
}

impl std::error::Error for WebhookError {}

/// The longest secret Telegram takes.
const SECRET_MAX: usize = 256;

impl TelegramConfig {
    /// Webhook mode, if `webhook_url` asks for it; `None` to poll.
    ///
    /// # Errors
    /// [`WebhookError`] when a key is missing or wrong.
    pub fn webhook(&self) -> Result<Option<Webhook>, WebhookError> {
        let url = self.webhook_url.as_deref().map(str::trim).filter(|url| !url.is_empty());
        let listen = self.listen.as_deref().map(str::trim).filter(|listen| !listen.is_empty());
        let secret = (!self.webhook_secret.is_empty()).then(|| self.webhook_secret.clone());
        let Some(url) = url else {
            return match listen {
                Some(_) => Err(WebhookError::ListenWithoutUrl),
                None => Ok(None),
            };
        };
        let parsed = Url::parse(url).map_err(|_| WebhookError::Url(url.to_owned()))?;
        let secure = match parsed.scheme() {
            "https" => true,
            "http" => is_loopback(&parsed),
            _ => false,
        };
        if !secure {
            return Err(WebhookError::NotHttps(url.to_owned()));
        }
        let listen = listen.ok_or(WebhookError::NoListen)?;
        let listen = listen.parse().map_err(|_| WebhookError::Listen(listen.to_owned()))?;
        if let Some(secret) = &secret
            && !is_valid_secret(secret.expose())
        {
            return Err(WebhookError::Secret);
        }
        Ok(Some(Webhook { url: parsed, listen, secret }))
    }
}

/// Whether `url` names this machine: only there may Telegram's posts go unencrypted.
pub(super) fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(Host::Ipv4(address)) => address.is_loopback(),
        Some(Host::Ipv6(address)) => address.is_loopback(),
        Some(Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
        None => false,
    }
}

/// What Telegram accepts as a `secret_token`: 1 to 256 characters, letters, digits, `_`, `-`.
#[must_use]
pub fn is_valid_secret(secret: &str) -> bool {
    (1..=SECRET_MAX).contains(&secret.len())
        && secret.bytes().all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn telegram(url: Option<&str>, listen: Option<&str>, secret: &str) -> TelegramConfig {
        TelegramConfig {
            webhook_url: url.map(str::to_owned),
            listen: listen.map(str::to_owned),
            webhook_secret: Secret::new(secret.to_owned()),
            ..TelegramConfig::default()
        }
    }

    #[test]
    fn without_a_url_the_bot_polls() {
        assert_eq!(telegram(None, None, "").webhook(), Ok(None));
        assert_eq!(telegram(Some("  "), None, "").webhook(), Ok(None));
    }

    #[test]
    fn an_https_url_with_an_address_to_listen_on_is_webhook_mode() {
        let webhook =
            telegram(Some("https://cincobot.example/telegram"), Some("0.0.0.0:8443"), "").webhook();
        let Ok(Some(webhook)) = webhook else { panic!("webhook mode: {webhook:?}") };
        assert_eq!(webhook.url.as_str(), "https://cincobot.example/telegram");
        assert_eq!(webhook.listen, "0.0.0.0:8443".parse::<SocketAddr>().expect("an address"));
        assert_eq!(webhook.secret, None, "none given: one is drawn at start");
        let given = telegram(Some("https://cincobot.example/t"), Some("[::]:88"), "s3cret_-X");
        assert_eq!(
            given.webhook().map(|webhook| webhook.and_then(|webhook| webhook.secret)),
            Ok(Some(Secret::new("s3cret_-X".to_owned())))
        );
    }

    #[test]
    fn a_url_without_listen_is_refused() {
        let refused = telegram(Some("https://cincobot.example/telegram"), None, "").webhook();
        assert_eq!(refused, Err(WebhookError::NoListen));
        assert!(refused.is_err_and(|error| error.to_string().contains("listen")));
    }

    #[test]
    fn listen_without_a_url_is_refused() {
        assert_eq!(
            telegram(None, Some("0.0.0.0:8443"), "").webhook(),
            Err(WebhookError::ListenWithoutUrl)
        );
    }

    #[test]
    fn plain_http_is_refused_except_to_this_machine() {
        for url in ["http://cincobot.example/telegram", "http://10.0.0.7:8443/", "ftp://a/b"] {
            assert_eq!(
                telegram(Some(url), Some("0.0.0.0:8443"), "").webhook(),
                Err(WebhookError::NotHttps(url.to_owned())),
                "{url}"
            );
        }
        for url in ["http://127.0.0.1:9000/hook", "http://localhost:9000/", "http://[::1]:9000/"] {
            let accepted = telegram(Some(url), Some("127.0.0.1:9000"), "").webhook();
            assert!(matches!(accepted, Ok(Some(_))), "{url}: {accepted:?}");
        }
    }

    #[test]
    fn a_url_or_an_address_that_does_not_parse_is_refused() {
        assert_eq!(
            telegram(Some("cincobot.example/telegram"), Some("0.0.0.0:8443"), "").webhook(),
            Err(WebhookError::Url("cincobot.example/telegram".to_owned()))
        );
        for listen in ["8443", "0.0.0.0", "somewhere:8443", "0.0.0.0:99999"] {
            assert_eq!(
                telegram(Some("https://cincobot.example/t"), Some(listen), "").webhook(),
                Err(WebhookError::Listen(listen.to_owned())),
                "{listen}"
            );
        }
    }

    #[test]
    fn a_secret_telegram_would_refuse_is_refused_without_being_shown() {
        let long = "a".repeat(257);
        for secret in ["has space", "ñandú", "semi;colon", long.as_str()] {
            let refused =
                telegram(Some("https://cincobot.example/t"), Some("0.0.0.0:8443"), secret)
                    .webhook();
            assert_eq!(refused, Err(WebhookError::Secret), "{secret}");
            assert!(refused.is_err_and(|error| !error.to_string().contains(secret)));
        }
        assert!(is_valid_secret(&"Z".repeat(256)));
        assert!(!is_valid_secret(""));
    }
}
