//! `cincobot [console] [--config PATH] [--images DIR]`: starts the bot. With `DISCORD_TOKEN`
//! it serves Discord, with `TELEGRAM_TOKEN` Telegram (or the config's tokens), with both both
//! platforms over one core and one database; with no token (or with `console`) it runs in the
//! terminal. The web board (`[web] listen`) serves beside whichever runs. `cincobot migrate-store --from URL --to URL` copies a stopped bot's database into
//! an empty one (SQLite or PostgreSQL, either way) and checks the copy.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use cincobot::config::Config;
use cincobot::console::Console;
use cincobot::core::BoardLinks;
use cincobot::discord::DiscordSettings;
use cincobot::migrate::{MigrateError, migrate_store};
use cincobot::runtime::adapter::{Adapter, AdapterError};
use cincobot::telegram::TelegramSettings;
use cincobot::web::WebSettings;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

const USAGE: &str = "usage: cincobot [console] [--config PATH] [--images DIR]\n       \
                     cincobot migrate-store --from URL --to URL   (the bot stopped; the target \
                     database empty)";

/// The command line, understood.
struct Arguments {
    console: bool,
    config: Option<PathBuf>,
    images: Option<PathBuf>,
    /// `migrate-store`: the databases to copy from and into, instead of running the bot.
    migrate: Option<(String, String)>,
}

fn arguments(args: impl IntoIterator<Item = String>) -> Result<Arguments, String> {
    let mut parsed = Arguments { console: false, config: None, images: None, migrate: None };
    let (mut migrate, mut from, mut to) = (false, None, None);
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "console" => parsed.console = true,
            "migrate-store" => migrate = true,
            "--config" => parsed.config = Some(args.next().ok_or(USAGE)?.into()),
            "--images" => parsed.images = Some(args.next().ok_or(USAGE)?.into()),
            "--from" => from = Some(args.next().ok_or(USAGE)?),
            "--to" => to = Some(args.next().ok_or(USAGE)?),
            "--help" | "-h" => return Err(USAGE.to_owned()),
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
    }
    match (migrate, from, to) {
        (false, None, None) => {}
        (true, Some(from), Some(to)) if !parsed.console => parsed.migrate = Some((from, to)),
        _ => return Err(format!("migrate-store takes --from URL and --to URL only\n{USAGE}")),
    }
    Ok(parsed)
}

/// What is logged: `RUST_LOG` as levels by target ("info", "cincobot_discord=debug,warn"),
/// warnings and errors when it is unset.
fn log_filter(value: Option<&str>) -> Result<Targets, String> {
    match value.map(str::trim).filter(|value| !value.is_empty()) {
        None => Ok(Targets::new().with_default(tracing::Level::WARN)),
        Some(value) => value.parse().map_err(|error| {
            format!("RUST_LOG={value}: {error} (for example: info, or cincobot_discord=debug,warn)")
        }),
    }
}

fn main() -> ExitCode {
    let filter = match log_filter(std::env::var("RUST_LOG").ok().as_deref()) {
        Ok(filter) => filter,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::registry()
        .with(tracing_subscriber::fmt::layer().with_writer(std::io::stderr))
        .with(filter)
        .init();
    let arguments = match arguments(std::env::args().skip(1)) {
        Ok(arguments) => arguments,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    if let Some((from, to)) = &arguments.migrate {
        return migrate(from, to);
    }
    let config = match Config::load(arguments.config.as_deref(), |name| std::env::var(name).ok()) {
        Ok(config) => config,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::from(2);
        }
    };
    // The CPU's pattern tables, built now rather than inside the first move's time budget.
    engine::cpu::warm_up();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(arguments, config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}

/// Runs `migrate-store`: 0 when the copy checks out, 2 when the target was not empty
/// (nothing written), 1 for any other failure.
fn migrate(from: &str, to: &str) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(migrate_store(from, to, &mut std::io::stdout())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            match error {
                MigrateError::TargetNotEmpty(_) => ExitCode::from(2),
                _ => ExitCode::FAILURE,
            }
        }
    }
}

async fn run(arguments: Arguments, config: Config) -> Result<(), Box<dyn std::error::Error>> {
    let boxed = |error: AdapterError| -> Box<dyn std::error::Error> { error };
    let platforms =
        if arguments.console { Vec::new() } else { platforms(&config).map_err(boxed)? };
    let web = WebSettings::from_config(&config).map_err(boxed)?;
    let links = web.as_ref().and_then(WebSettings::board_links);
    if !platforms.is_empty() {
        let mut adapters = platforms;
        adapters.extend(web.map(|web| -> Box<dyn Adapter> { Box::new(web) }));
        return serve(&config, adapters, links).await;
    }
    // The terminal is one process on its own, even on a database several could share.
    let running = cincobot::runtime::start_alone(&config, links).await?;
    let images = arguments.images.unwrap_or_else(|| config.images_dir.clone());
    let mut console = Console::new(running, images, Box::new(std::io::stdout()));
    if let Some(web) = web {
        console = console.beside(Box::new(web));
    }
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    console.run(stdin).await?;
    Ok(())
}

/// The adapter of each platform `config` has a token for.
fn platforms(config: &Config) -> Result<Vec<Box<dyn Adapter>>, AdapterError> {
    let mut adapters: Vec<Box<dyn Adapter>> = Vec::new();
    if !config.discord.token.is_empty() {
        adapters.push(Box::new(DiscordSettings::from_config(config)));
    }
    if !config.telegram.token.is_empty() {
        adapters.push(Box::new(TelegramSettings::from_config(config)?));
    }
    Ok(adapters)
}

/// One core on one desk, `adapters` plugged into it, until Ctrl-C (or an adapter stops of its
/// own accord).
async fn serve(
    config: &Config,
    adapters: Vec<Box<dyn Adapter>>,
    links: Option<Arc<dyn BoardLinks>>,
) -> Result<(), Box<dyn std::error::Error>> {
    let running = match links {
        Some(links) => cincobot::runtime::start_handing_out(config, links).await?,
        None => cincobot::runtime::start(config).await?,
    };
    let mut served = cincobot::runtime::serve(running, adapters)
        .await
        .map_err(|error| -> Box<dyn std::error::Error> { error })?;
    eprintln!("serving; Ctrl-C stops");
    tokio::select! {
        () = served.ended() => {}
        _ = tokio::signal::ctrl_c() => {}
        () = terminated() => tracing::info!("asked to stop (SIGTERM): handing over and stopping"),
    }
    served.stop().await;
    Ok(())
}

/// Waits for SIGTERM, what a service manager sends to stop a process (a restart, a deploy):
/// the bot then stops as on Ctrl-C, handing its chats over to the other processes at once.
async fn terminated() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                terminate.recv().await;
            }
            Err(error) => {
                tracing::warn!(%error, "SIGTERM cannot be caught: only Ctrl-C stops gracefully");
                std::future::pending::<()>().await;
            }
        }
    }
    #[cfg(not(unix))]
    std::future::pending::<()>().await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(line: &str) -> Result<Arguments, String> {
        arguments(line.split_whitespace().map(str::to_owned))
    }

    #[test]
    fn migrate_store_takes_both_databases_and_nothing_else() {
        let arguments = parsed("migrate-store --from sqlite://a.db --to postgres://db/bot");
        let migrate = arguments.expect("understood").migrate;
        assert_eq!(migrate, Some(("sqlite://a.db".to_owned(), "postgres://db/bot".to_owned())));
        assert!(parsed("console").is_ok_and(|arguments| arguments.migrate.is_none()));
        for wrong in [
            "migrate-store --from sqlite://a.db",
            "--from sqlite://a.db --to sqlite://b.db",
            "migrate-store console --from a --to b",
            "migrate-store --from",
        ] {
            assert!(parsed(wrong).is_err(), "{wrong}");
        }
    }

    #[test]
    fn rust_log_takes_a_level_or_levels_by_module() {
        use tracing::Level;
        let enabled =
            |filter: &Targets, target: &str, level: Level| filter.would_enable(target, &level);
        let unset = log_filter(None).expect("a filter");
        assert!(enabled(&unset, "cincobot_core::core", Level::WARN));
        assert!(!enabled(&unset, "cincobot_core::core", Level::INFO));
        let modules = log_filter(Some("cincobot_discord=debug,warn")).expect("a filter");
        assert!(enabled(&modules, "cincobot_discord::delivery", Level::DEBUG));
        assert!(!enabled(&modules, "cincobot_telegram", Level::INFO));
        assert!(enabled(&modules, "cincobot_telegram", Level::WARN));
        let info = log_filter(Some("info")).expect("a filter");
        assert!(enabled(&info, "serenity", Level::INFO));
        assert!(log_filter(Some("cincobot=loud")).is_err_and(|error| error.contains("RUST_LOG")));
    }
}
