//! The web board's `[web]` section as configured: where it listens, the public address its
//! links point to, the key that signs them, how long a Telegram sign-in and a link stay good.
//! Checked when the configuration is read, so a wrong value stops the bot before it starts,
//! with the key to fix.

use std::fmt;
use std::net::SocketAddr;
use std::time::Duration;

use serde::Deserialize;
use url::Url;

use super::Secret;
use super::webhook::is_loopback;

/// The `[web]` section as written.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WebConfig {
    /// The local address and port the web board serves on (`CINCOBOT_WEB_LISTEN`); unset,
    /// there is no web board.
    pub listen: Option<String>,
    /// The address players open (`CINCOBOT_WEB_PUBLIC_URL`): HTTPS, except to this machine.
    pub public_url: Option<String>,
    /// The key that signs the board's links (`CINCOBOT_WEB_KEY`); empty, one is drawn at each
    /// start, and links die with the process.
    pub link_key: Secret,
    /// How long a Telegram Mini App sign-in (its `initData`) is taken, in seconds.
    pub init_data_max_age_s: u64,
    /// How long a signed link stays good, in seconds.
    pub link_ttl_s: u64,
    /// The short name of the bot's Telegram Mini App (@BotFather's `/newapp`): boards in
    /// groups open it with a link button, since Telegram allows the Mini App's own buttons
    /// in private chats only. Unset, groups get no button and `/web` hands the link out.
    pub telegram_app: Option<String>,
}

impl Default for WebConfig {
    fn default() -> WebConfig {
        WebConfig {
            listen: None,
            public_url: None,
            link_key: Secret::default(),
            init_data_max_age_s: 86_400,
            link_ttl_s: 86_400,
            telegram_app: None,
        }
    }
}

/// The web board as configured, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Web {
    pub listen: SocketAddr,
    pub public_url: Option<Url>,
    /// `None`: one is drawn at start.
    pub link_key: Option<Secret>,
    pub init_data_max_age: Duration,
    pub link_ttl: Duration,
    pub telegram_app: Option<String>,
}

/// The shortest link key taken: 32 characters, as many bits as the signature keeps.
pub const LINK_KEY_MIN: usize = 32;

/// Why the `[web]` keys cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WebError {
    /// `listen` is not an address and port.
    Listen(String),
    /// `public_url` is not a URL.
    Url(String),
    /// `public_url` is not HTTPS (plain HTTP is allowed only to a loopback host).
    NotHttps(String),
    /// The link key is shorter than [`LINK_KEY_MIN`].
    ShortKey,
    /// A maximum age of 0 would refuse everyone.
    ZeroAge(&'static str),
    /// `telegram_app` is not a Mini App's short name (3 to 30 letters, digits and `_`).
    AppName(String),
}

impl fmt::Display for WebError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WebError::Listen(listen) => write!(
                f,
                "[web] listen = {listen:?} is not an address and port (for example \
                 \"0.0.0.0:8080\")"
            ),
            WebError::Url(url) => write!(f, "[web] public_url = {url:?} is not a URL"),
            WebError::NotHttps(url) => write!(
                f,
                "[web] public_url = {url:?}: Telegram opens https pages only (http is allowed to \
                 this machine alone, for tests)"
            ),
            WebError::ShortKey => write!(
                f,
                "the web link key (CINCOBOT_WEB_KEY or [web] link_key) must have at least \
                 {LINK_KEY_MIN} characters"
            ),
            WebError::ZeroAge(key) => write!(f, "[web] {key} must be at least 1 second"),
            WebError::AppName(name) => write!(
                f,
                "[web] telegram_app = {name:?} is not a Mini App's short name (3 to 30 letters, \
                 digits and underscores, as @BotFather shows it)"
            ),
        }
    }
}

impl std::error::Error for WebError {}

impl WebConfig {
    /// The web board, if `listen` asks for one.
    ///
    /// # Errors
    /// [`WebError`] when a key is wrong.
    pub fn web(&self) -> Result<Option<Web>, WebError> {
        let Some(listen) = self.listen.as_deref().map(str::trim).filter(|l| !l.is_empty()) else {
            return Ok(None);
        };
        let listen = listen.parse().map_err(|_| WebError::Listen(listen.to_owned()))?;
        let public_url = match self.public_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
            None => None,
            Some(url) => {
                let parsed = Url::parse(url).map_err(|_| WebError::Url(url.to_owned()))?;
                let secure = match parsed.scheme() {
                    "https" => true,
                    "http" => is_loopback(&parsed),
                    _ => false,
                };
                if !secure {
                    return Err(WebError::NotHttps(url.to_owned()));
                }
                Some(parsed)
            }
        };
        let link_key = if self.link_key.is_empty() {
            None
        } else if self.link_key.expose().chars().count() < LINK_KEY_MIN {
            return Err(WebError::ShortKey);
        } else {
            Some(self.link_key.clone())
        };
        if self.init_data_max_age_s == 0 {
            return Err(WebError::ZeroAge("init_data_max_age_s"));
        }
        if self.link_ttl_s == 0 {
            return Err(WebError::ZeroAge("link_ttl_s"));
        }
        let telegram_app = match self.telegram_app.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(name)
                if (3..=30).contains(&name.len())
                    && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') =>
            {
                Some(name.to_owned())
            }
            Some(name) => return Err(WebError::AppName(name.to_owned())),
        };
        Ok(Some(Web {
            listen,
            telegram_app,
            public_url,
            link_key,
            init_data_max_age: Duration::from_secs(self.init_data_max_age_s),
            link_ttl: Duration::from_secs(self.link_ttl_s),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn web(listen: Option<&str>, url: Option<&str>, key: &str) -> WebConfig {
        WebConfig {
            listen: listen.map(str::to_owned),
            public_url: url.map(str::to_owned),
            link_key: Secret::new(key.to_owned()),
            ..WebConfig::default()
        }
    }

    #[test]
    fn without_listen_there_is_no_web_board() {
        assert_eq!(WebConfig::default().web(), Ok(None));
        assert_eq!(web(Some(" "), Some("https://x.example"), "").web(), Ok(None));
    }

    #[test]
    fn listen_with_an_https_url_and_a_long_key_is_taken() {
        let key = "k".repeat(LINK_KEY_MIN);
        let taken = web(Some("127.0.0.1:8080"), Some("https://board.example/"), &key).web();
        let Ok(Some(taken)) = taken else { panic!("a web board: {taken:?}") };
        assert_eq!(taken.listen, "127.0.0.1:8080".parse::<SocketAddr>().expect("an address"));
        assert_eq!(taken.public_url.map(String::from).as_deref(), Some("https://board.example/"));
        assert_eq!(taken.link_key, Some(Secret::new(key)));
        assert_eq!(taken.init_data_max_age, Duration::from_secs(86_400));
        let drawn = web(Some("[::]:80"), None, "").web();
        assert!(matches!(drawn, Ok(Some(Web { link_key: None, public_url: None, .. }))));
    }

    #[test]
    fn a_wrong_key_is_refused_with_its_name() {
        let listen = Some("0.0.0.0:8080");
        assert_eq!(web(Some("8080"), None, "").web(), Err(WebError::Listen("8080".to_owned())));
        let plain = web(listen, Some("http://board.example/"), "").web();
        assert_eq!(plain, Err(WebError::NotHttps("http://board.example/".to_owned())));
        assert!(matches!(web(listen, Some("http://127.0.0.1:8080/"), "").web(), Ok(Some(_))));
        assert_eq!(web(listen, Some("board"), "").web(), Err(WebError::Url("board".to_owned())));
        let short = web(listen, None, "short").web();
        assert_eq!(short, Err(WebError::ShortKey));
        assert!(short.is_err_and(|error| error.to_string().contains("CINCOBOT_WEB_KEY")));
        let zero = WebConfig { link_ttl_s: 0, ..web(listen, None, "") }.web();
        assert_eq!(zero, Err(WebError::ZeroAge("link_ttl_s")));
        let app = |name: &str| {
            WebConfig { telegram_app: Some(name.to_owned()), ..web(listen, None, "") }.web()
        };
        assert!(
            matches!(app("board_1"), Ok(Some(Web { telegram_app: Some(name), .. })) if name == "board_1")
        );
        assert_eq!(app("a/b?c"), Err(WebError::AppName("a/b?c".to_owned())));
        assert_eq!(app("ab"), Err(WebError::AppName("ab".to_owned())));
    }
}
