//! Configuration in layers, later ones winning: built-in defaults, then `config.toml` (or the
//! file given with `--config`), then the environment (`DISCORD_TOKEN`, `TELEGRAM_TOKEN`,
//! `TELEGRAM_API_URL`, `TELEGRAM_WEBHOOK_SECRET`, `TELEGRAM_WEBHOOK_LISTEN`, `DATABASE_URL`,
//! `CINCOBOT_LOCALE`, `CINCOBOT_CPU_CHECKS`, `CINCOBOT_WEB_LISTEN`, `CINCOBOT_WEB_PUBLIC_URL`,
//! `CINCOBOT_WEB_KEY`, `CINCOBOT_WEB_TELEGRAM_APP`).

pub mod web;
pub mod webhook;

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use cincobot_core::i18n::Locale;

/// A token: never printed, not even in debug logs.
#[derive(Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    #[must_use]
    pub fn new(value: String) -> Secret {
        Secret(value)
    }

    /// The secret itself, for the one place that sends it to the platform.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.trim().is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

/// Thinking time per move of each CPU level, in milliseconds, or a fixed number of deadline
/// checks instead of the clock.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CpuBudgets {
    pub easy_ms: u64,
    pub normal_ms: u64,
    pub hard_ms: u64,
    /// When not 0, every CPU move stops after this many deadline checks
    /// ([`engine::cpu::NodeBudget`]) instead of the level's time: the same game then gets the
    /// same CPU moves on every run and machine (the seed comes from the game and ply), so a
    /// piped session can follow them. 0 (the default) thinks on the clock.
    pub checks: u64,
    /// How many searches run at once; more wait their turn. 0 (the default): one per core.
    pub threads: usize,
}

impl Default for CpuBudgets {
    fn default() -> CpuBudgets {
        let ms = |level: engine::cpu::Level| {
            u64::try_from(level.default_budget().as_millis()).unwrap_or(u64::MAX)
        };
        CpuBudgets {
            easy_ms: ms(engine::cpu::Level::Easy),
            normal_ms: ms(engine::cpu::Level::Normal),
            hard_ms: ms(engine::cpu::Level::Hard),
            checks: 0,
            threads: 0,
        }
    }
}

impl CpuBudgets {
    #[must_use]
    pub fn of(&self, level: engine::cpu::Level) -> Duration {
        Duration::from_millis(match level {
            engine::cpu::Level::Easy => self.easy_ms,
            engine::cpu::Level::Normal => self.normal_ms,
            engine::cpu::Level::Hard => self.hard_ms,
        })
    }

    /// The fixed number of deadline checks per move, if the CPU should not use the clock.
    #[must_use]
    pub fn fixed_checks(&self) -> Option<u64> {
        (self.checks > 0).then_some(self.checks)
    }

    /// How many searches may run at once: `threads`, or one per core when it is 0.
    #[must_use]
    pub fn threads(&self) -> usize {
        if self.threads > 0 {
            return self.threads;
        }
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    pub token: Secret,
    /// Register the slash commands in this server only (development); globally otherwise.
    pub guild_id: Option<u64>,
    /// How many gateway shards: `"auto"` (Discord's recommendation) or a count.
    pub shards: Shards,
    /// A REST proxy in front of Discord (`http://host:port`), which then owns the rate
    /// limits (DISCORD_PROXY); empty talks to Discord directly.
    pub proxy: String,
}

/// How many gateway connections serve the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord recommends for the bot's servers.
    Auto,
    Count(u32),
}

impl Default for Shards {
    fn default() -> Shards {
        Shards::Count(1)
    }
}

impl<'de> Deserialize<'de> for Shards {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Shards, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Count(u32),
            Word(String),
        }
        match Written::deserialize(deserializer)? {
            Written::Count(0) => Err(serde::de::Error::custom("shards must be at least 1")),
            Written::Count(count) => Ok(Shards::Count(count)),
            Written::Word(word) if word.eq_ignore_ascii_case("auto") => Ok(Shards::Auto),
            Written::Word(word) => Err(serde::de::Error::custom(format!(
                "shards is \"auto\" or a count, not {word:?}"
            ))),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TelegramConfig {
    pub token: Secret,
    pub api_url: String,
    /// The least time between two messages (or edits) in one chat, in milliseconds; 0 lifts
    /// the limit (only for a test server: Telegram allows about one per second).
    pub chat_interval_ms: u64,
    /// At most this many new messages per minute in a group; 0 lifts the limit.
    pub group_messages_per_minute: u32,
    /// Webhook mode (several processes behind a load balancer): the public HTTPS URL Telegram
    /// posts updates to. Unset, the bot long-polls.
    pub webhook_url: Option<String>,
    /// Webhook mode: the local address and port the process serves the posts on.
    pub listen: Option<String>,
    /// Webhook mode: the secret Telegram sends with every post (`TELEGRAM_WEBHOOK_SECRET`);
    /// empty, one is drawn at each start.
    pub webhook_secret: Secret,
}

impl Default for TelegramConfig {
    fn default() -> TelegramConfig {
        TelegramConfig {
            token: Secret::default(),
            api_url: "https://api.telegram.org".to_owned(),
            chat_interval_ms: 1000,
            group_messages_per_minute: 20,
            webhook_url: None,
            listen: None,
            webhook_secret: Secret::default(),
        }
    }
}

/// The `[database]` section: how the store connects to `database_url`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DatabaseConfig {
    /// PostgreSQL: at most this many connections at once (SQLite always has one).
    pub max_connections: u32,
}

impl Default for DatabaseConfig {
    fn default() -> DatabaseConfig {
        DatabaseConfig { max_connections: cincobot_core::store::DEFAULT_MAX_CONNECTIONS }
    }
}

/// Everything that can be configured; see `config.toml` at the repository root.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub bot_name: String,
    pub default_locale: Locale,
    pub database_url: String,
    pub images_dir: PathBuf,
    pub challenge_expiry_minutes: u64,
    pub abandon_after_hours: u64,
    /// Seconds per turn for games whose chat and challenge say nothing: 0, 30 or 60.
    pub default_timer: u16,
    /// How many cores serve the chats side by side, each a share of them; 0 (the default):
    /// one per processor core on PostgreSQL, one on SQLite.
    pub partitions: usize,
    pub cpu: CpuBudgets,
    pub database: DatabaseConfig,
    pub discord: DiscordConfig,
    pub telegram: TelegramConfig,
    /// The web board (docs/web.md): off unless `listen` is set.
    pub web: web::WebConfig,
    /// Aids for scripted runs, from the environment only (never a file a chat bot is deployed
    /// with).
    #[serde(skip)]
    pub script: ScriptAids,
}

impl Config {
    /// How many core partitions serve the chats: `partitions`, or when it is 0, one per
    /// processor core on a database that runs changes side by side (`shared_store`:
    /// PostgreSQL) and one on SQLite, whose one connection the partitions would only take
    /// turns at (measured: no more moves a second, a longer p99; docs/PERFORMANCE.md).
    #[must_use]
    pub fn partitions(&self, shared_store: bool) -> usize {
        if self.partitions > 0 {
            return self.partitions;
        }
        if !shared_store {
            return 1;
        }
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    }
}

/// What makes a scripted run (a piped terminal session, an end-to-end test) play the same way
/// every time.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScriptAids {
    /// `CINCOBOT_CINCO_SEED`: CINCO is dealt from this seed (plus the lobby's number) instead
    /// of a random one; it also lets the challenger start every first game. Chats are never
    /// dealt this way in earnest: the deck would be guessable.
    pub cinco_seed: Option<u64>,
    /// `CINCOBOT_CHALLENGER_FIRST`: the challenger starts every first game instead of a drawn
    /// player.
    pub challenger_first: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            bot_name: "cincobot".to_owned(),
            default_locale: Locale::Es,
            database_url: "sqlite://cincobot.db".to_owned(),
            images_dir: PathBuf::from("images"),
            challenge_expiry_minutes: 10,
            abandon_after_hours: 24,
            default_timer: 0,
            partitions: 0,
            cpu: CpuBudgets::default(),
            database: DatabaseConfig::default(),
            discord: DiscordConfig::default(),
            telegram: TelegramConfig::default(),
            web: web::WebConfig::default(),
            script: ScriptAids::default(),
        }
    }
}

/// A configuration that cannot be used.
#[derive(Debug)]
pub enum ConfigError {
    /// The file given with `--config` cannot be read.
    Unreadable { path: PathBuf, error: std::io::Error },
    /// The file is not valid TOML for [`Config`].
    Invalid { path: PathBuf, error: toml::de::Error },
    /// `CINCOBOT_LOCALE` names a language the bot does not speak.
    Locale(String),
    /// The default timer is not 0, 30 or 60.
    Timer(u16),
    /// `CINCOBOT_CPU_CHECKS` is not a whole number.
    CpuChecks(String),
    /// `CINCOBOT_CINCO_SEED` is not a whole number.
    CincoSeed(String),
    /// `CINCOBOT_CHALLENGER_FIRST` is not a yes or a no.
    ChallengerFirst(String),
    /// Telegram's webhook keys are incomplete or wrong.
    Webhook(webhook::WebhookError),
    /// The `[web]` keys are wrong.
    Web(web::WebError),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Unreadable { path, error } => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            ConfigError::Invalid { path, error } => {
                write!(f, "{} is not a valid configuration: {error}", path.display())
            }
            ConfigError::Locale(value) => {
                write!(f, "CINCOBOT_LOCALE={value}: the bot speaks es and en")
            }
            ConfigError::Timer(seconds) => write!(f, "default_timer = {seconds}: use 0, 30 or 60"),
            ConfigError::CpuChecks(value) => {
                write!(f, "CINCOBOT_CPU_CHECKS={value}: a whole number (0 thinks on the clock)")
            }
            ConfigError::CincoSeed(value) => {
                write!(f, "CINCOBOT_CINCO_SEED={value}: a whole number from 0 to {}", u64::MAX)
            }
            ConfigError::ChallengerFirst(value) => {
                write!(f, "CINCOBOT_CHALLENGER_FIRST={value}: 1 or 0 (true or false)")
            }
            ConfigError::Webhook(error) => error.fmt(f),
            ConfigError::Web(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ConfigError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ConfigError::Unreadable { error, .. } => Some(error),
            ConfigError::Invalid { error, .. } => Some(error),
            ConfigError::Webhook(error) => Some(error),
            ConfigError::Web(error) => Some(error),
            ConfigError::Locale(_)
            | ConfigError::Timer(_)
            | ConfigError::CpuChecks(_)
            | ConfigError::CincoSeed(_)
            | ConfigError::ChallengerFirst(_) => None,
        }
    }
}

impl Config {
    /// The configuration from `path` (or `config.toml` in the working directory, if present)
    /// and the environment as `env` reads it.
    ///
    /// # Errors
    /// [`ConfigError`] when the file cannot be read or parsed, or a value is out of range.
    pub fn load(
        path: Option<&Path>,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let default_path = Path::new("config.toml");
        let file = match path {
            Some(path) => Some(path),
            None if default_path.exists() => Some(default_path),
            None => None,
        };
        let mut config = match file {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|error| ConfigError::Unreadable { path: path.to_owned(), error })?;
                toml::from_str(&text)
                    .map_err(|error| ConfigError::Invalid { path: path.to_owned(), error })?
            }
            None => Config::default(),
        };
        let set = |name: &str| env(name).filter(|value| !value.trim().is_empty());
        if let Some(token) = set("DISCORD_TOKEN") {
            config.discord.token = Secret(token);
        }
        if let Some(proxy) = set("DISCORD_PROXY") {
            config.discord.proxy = proxy;
        }
        if let Some(token) = set("TELEGRAM_TOKEN") {
            config.telegram.token = Secret(token);
        }
        if let Some(url) = set("TELEGRAM_API_URL") {
            config.telegram.api_url = url;
        }
        if let Some(secret) = set("TELEGRAM_WEBHOOK_SECRET") {
            config.telegram.webhook_secret = Secret(secret);
        }
        // Several processes on one machine share one file but not one port.
        if let Some(listen) = set("TELEGRAM_WEBHOOK_LISTEN") {
            config.telegram.listen = Some(listen);
        }
        if let Some(listen) = set("CINCOBOT_WEB_LISTEN") {
            config.web.listen = Some(listen);
        }
        if let Some(url) = set("CINCOBOT_WEB_PUBLIC_URL") {
            config.web.public_url = Some(url);
        }
        if let Some(key) = set("CINCOBOT_WEB_KEY") {
            config.web.link_key = Secret(key);
        }
        if let Some(app) = set("CINCOBOT_WEB_TELEGRAM_APP") {
            config.web.telegram_app = Some(app);
        }
        if let Some(url) = set("DATABASE_URL") {
            config.database_url = url;
        }
        if let Some(locale) = set("CINCOBOT_LOCALE") {
            config.default_locale = Locale::from_tag(&locale).ok_or(ConfigError::Locale(locale))?;
        }
        if let Some(checks) = set("CINCOBOT_CPU_CHECKS") {
            config.cpu.checks =
                checks.trim().parse().map_err(|_| ConfigError::CpuChecks(checks.clone()))?;
        }
        if let Some(seed) = set("CINCOBOT_CINCO_SEED") {
            let parsed = seed.trim().parse().map_err(|_| ConfigError::CincoSeed(seed.clone()))?;
            config.script.cinco_seed = Some(parsed);
        }
        if let Some(first) = set("CINCOBOT_CHALLENGER_FIRST") {
            config.script.challenger_first = match first.trim().to_lowercase().as_str() {
                "1" | "true" | "yes" | "on" => true,
                "0" | "false" | "no" | "off" => false,
                _ => return Err(ConfigError::ChallengerFirst(first)),
            };
        }
        if !matches!(config.default_timer, 0 | 30 | 60) {
            return Err(ConfigError::Timer(config.default_timer));
        }
        config.telegram.webhook().map_err(ConfigError::Webhook)?;
        config.web.web().map_err(ConfigError::Web)?;
        Ok(config)
    }

    /// Whether a chat platform is configured; without one the bot runs in the terminal.
    #[must_use]
    pub fn has_platform(&self) -> bool {
        !self.discord.token.is_empty() || !self.telegram.token.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_repository_config_is_the_default() -> Result<(), ConfigError> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config.toml");
        assert_eq!(Config::load(Some(&path), |_| None)?, Config::default());
        Ok(())
    }

    #[test]
    fn the_environment_wins() -> Result<(), ConfigError> {
        let env = |name: &str| match name {
            "DATABASE_URL" => Some("sqlite::memory:".to_owned()),
            "CINCOBOT_LOCALE" => Some("en-GB".to_owned()),
            "TELEGRAM_TOKEN" => Some("123:abc".to_owned()),
            _ => None,
        };
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config.toml");
        let config = Config::load(Some(&path), env)?;
        assert_eq!(config.database_url, "sqlite::memory:");
        assert_eq!(config.default_locale, Locale::En);
        assert!(config.has_platform());
        Ok(())
    }

    #[test]
    fn the_cpu_thinks_on_the_clock_unless_checks_are_set() -> Result<(), ConfigError> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config.toml");
        let config = Config::load(Some(&path), |_| None)?;
        assert_eq!(config.cpu.checks, 0);
        assert_eq!(config.cpu.fixed_checks(), None);
        let env = |name: &str| (name == "CINCOBOT_CPU_CHECKS").then(|| "20000".to_owned());
        let config = Config::load(Some(&path), env)?;
        assert_eq!(config.cpu.fixed_checks(), Some(20_000));
        let file = tempfile::NamedTempFile::new().map_err(|error| ConfigError::Unreadable {
            path: PathBuf::from("temporary file"),
            error,
        })?;
        std::fs::write(file.path(), "[cpu]\nchecks = 500\n")
            .map_err(|error| ConfigError::Unreadable { path: file.path().to_owned(), error })?;
        assert_eq!(Config::load(Some(file.path()), |_| None)?.cpu.fixed_checks(), Some(500));
        let env = |name: &str| (name == "CINCOBOT_CPU_CHECKS").then(|| "many".to_owned());
        assert!(matches!(Config::load(Some(&path), env), Err(ConfigError::CpuChecks(_))));
        Ok(())
    }

    #[test]
    fn the_database_pool_is_sized_by_its_section() -> Result<(), ConfigError> {
        let file = tempfile::NamedTempFile::new().map_err(|error| ConfigError::Unreadable {
            path: PathBuf::from("temporary file"),
            error,
        })?;
        let text =
            "database_url = \"postgres://bot@db/cincobot\"\n[database]\nmax_connections = 12\n";
        std::fs::write(file.path(), text)
            .map_err(|error| ConfigError::Unreadable { path: file.path().to_owned(), error })?;
        let config = Config::load(Some(file.path()), |_| None)?;
        assert_eq!(config.database_url, "postgres://bot@db/cincobot");
        assert_eq!(config.database, DatabaseConfig { max_connections: 12 });
        Ok(())
    }

    #[test]
    fn script_aids_come_from_the_environment_and_a_bad_value_is_refused() -> Result<(), ConfigError>
    {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config.toml");
        assert_eq!(Config::load(Some(&path), |_| None)?.script, ScriptAids::default());
        let env = |name: &str| match name {
            "CINCOBOT_CINCO_SEED" => Some(" 11 ".to_owned()),
            "CINCOBOT_CHALLENGER_FIRST" => Some("yes".to_owned()),
            _ => None,
        };
        let script = Config::load(Some(&path), env)?.script;
        assert_eq!(script, ScriptAids { cinco_seed: Some(11), challenger_first: true });
        let env = |name: &str| (name == "CINCOBOT_CINCO_SEED").then(|| "eleven".to_owned());
        let refused = Config::load(Some(&path), env);
        assert!(matches!(&refused, Err(ConfigError::CincoSeed(value)) if value == "eleven"));
        assert!(refused.is_err_and(|error| error.to_string().contains("a whole number")));
        let env = |name: &str| (name == "CINCOBOT_CHALLENGER_FIRST").then(|| "maybe".to_owned());
        assert!(matches!(Config::load(Some(&path), env), Err(ConfigError::ChallengerFirst(_))));
        Ok(())
    }

    #[test]
    fn a_file_that_cannot_be_read_or_parsed_keeps_the_error_behind_it() {
        use std::error::Error as _;
        let missing = Config::load(Some(Path::new("/nonexistent/cincobot.toml")), |_| None);
        let source = missing.as_ref().err().and_then(|error| error.source());
        assert!(source.is_some_and(|source| source.is::<std::io::Error>()), "{missing:?}");
        let file = tempfile::NamedTempFile::new().expect("a temporary file");
        std::fs::write(file.path(), "[cpu]\neasy_ms = \"fast\"\n").expect("written");
        let invalid = Config::load(Some(file.path()), |_| None);
        let source = invalid.as_ref().err().and_then(|error| error.source());
        assert!(source.is_some_and(|source| source.is::<toml::de::Error>()), "{invalid:?}");
    }

    #[test]
    fn cpu_threads_are_one_per_core_unless_set() {
        let cpu = CpuBudgets::default();
        assert_eq!(cpu.threads, 0);
        assert!(cpu.threads() >= 1);
        assert_eq!(CpuBudgets { threads: 3, ..cpu }.threads(), 3);
    }

    #[test]
    fn discord_shards_are_auto_or_a_count() {
        let read = |text: &str| toml::from_str::<Config>(text).map(|config| config.discord.shards);
        assert_eq!(read("[discord]\nshards = \"auto\""), Ok(Shards::Auto));
        assert_eq!(read("[discord]\nshards = 4"), Ok(Shards::Count(4)));
        assert_eq!(read(""), Ok(Shards::Count(1)));
        assert!(read("[discord]\nshards = 0").is_err());
        assert!(read("[discord]\nshards = \"many\"").is_err());
    }

    #[test]
    fn the_webhook_secret_comes_from_the_environment_and_a_wrong_key_stops_the_start()
    -> Result<(), ConfigError> {
        let file = tempfile::NamedTempFile::new().map_err(|error| ConfigError::Unreadable {
            path: PathBuf::from("temporary file"),
            error,
        })?;
        let text = "[telegram]\nwebhook_url = \"https://cincobot.example/telegram\"\n\
                    listen = \"0.0.0.0:8443\"\nwebhook_secret = \"from-the-file\"\n";
        std::fs::write(file.path(), text)
            .map_err(|error| ConfigError::Unreadable { path: file.path().to_owned(), error })?;
        let config = Config::load(Some(file.path()), |_| None)?;
        assert_eq!(config.telegram.webhook_secret, Secret::new("from-the-file".to_owned()));
        let env = |name: &str| {
            (name == "TELEGRAM_WEBHOOK_SECRET").then(|| "from-the-environment".to_owned())
        };
        let config = Config::load(Some(file.path()), env)?;
        assert_eq!(config.telegram.webhook_secret, Secret::new("from-the-environment".to_owned()));
        let port =
            |name: &str| (name == "TELEGRAM_WEBHOOK_LISTEN").then(|| "127.0.0.1:9001".to_owned());
        let config = Config::load(Some(file.path()), port)?;
        assert_eq!(config.telegram.listen.as_deref(), Some("127.0.0.1:9001"));
        assert!(!format!("{config:?}").contains("from-the-environment"));

        std::fs::write(file.path(), "[telegram]\nwebhook_url = \"http://cincobot.example/\"\n")
            .map_err(|error| ConfigError::Unreadable { path: file.path().to_owned(), error })?;
        let refused = Config::load(Some(file.path()), |_| None);
        assert!(
            matches!(refused, Err(ConfigError::Webhook(webhook::WebhookError::NotHttps(_)))),
            "{refused:?}"
        );
        Ok(())
    }

    #[test]
    fn the_web_board_is_off_by_default_and_its_keys_come_from_the_environment()
    -> Result<(), ConfigError> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config.toml");
        assert_eq!(Config::load(Some(&path), |_| None)?.web.web(), Ok(None));
        let key = "a-key-of-forty-characters-0123456789abcd";
        let env = |name: &str| match name {
            "CINCOBOT_WEB_LISTEN" => Some("127.0.0.1:8080".to_owned()),
            "CINCOBOT_WEB_PUBLIC_URL" => Some("https://board.example/".to_owned()),
            "CINCOBOT_WEB_KEY" => Some(key.to_owned()),
            "CINCOBOT_WEB_TELEGRAM_APP" => Some("board".to_owned()),
            _ => None,
        };
        let config = Config::load(Some(&path), env)?;
        let web = config.web.web().map_err(ConfigError::Web)?;
        let Some(web) = web else { panic!("the environment turns the web board on") };
        assert_eq!(web.listen.port(), 8080);
        assert_eq!(web.link_key, Some(Secret::new(key.to_owned())));
        assert_eq!(web.telegram_app.as_deref(), Some("board"));
        assert!(!format!("{config:?}").contains(key), "the key never prints");
        let short = |name: &str| match name {
            "CINCOBOT_WEB_LISTEN" => Some("127.0.0.1:8080".to_owned()),
            "CINCOBOT_WEB_KEY" => Some("short".to_owned()),
            _ => None,
        };
        let refused = Config::load(Some(&path), short);
        assert!(matches!(refused, Err(ConfigError::Web(web::WebError::ShortKey))), "{refused:?}");
        Ok(())
    }

    #[test]
    fn tokens_never_print() {
        let config = Config {
            discord: DiscordConfig { token: Secret::new("hunter2".into()), ..Default::default() },
            ..Config::default()
        };
        assert!(!format!("{config:?}").contains("hunter2"));
    }
}
