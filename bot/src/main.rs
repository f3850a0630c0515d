//! `cincobot [console] [--config PATH] [--images DIR]`: starts the bot. With `DISCORD_TOKEN`
//! it serves Discord, with `TELEGRAM_TOKEN` Telegram (or the config's tokens), with both both
//! platforms over one core and one database; with no token (or with `console`) it runs in the
//! terminal.

use std::path::PathBuf;
use std::process::ExitCode;

use cincobot::config::Config;
use cincobot::console::Console;
use cincobot::discord::DiscordSettings;
use cincobot::runtime::adapter::Adapter;
use cincobot::telegram::{TelegramError, TelegramSettings};
use tracing_subscriber::filter::Targets;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

const USAGE: &str = "usage: cincobot [console] [--config PATH] [--images DIR]";

/// The command line, understood.
struct Arguments {
    console: bool,
    config: Option<PathBuf>,
    images: Option<PathBuf>,
}

fn arguments() -> Result<Arguments, String> {
    let mut parsed = Arguments { console: false, config: None, images: None };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "console" => parsed.console = true,
            "--config" => parsed.config = Some(args.next().ok_or(USAGE)?.into()),
            "--images" => parsed.images = Some(args.next().ok_or(USAGE)?.into()),
            "--help" | "-h" => return Err(USAGE.to_owned()),
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
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
    let arguments = match arguments() {
        Ok(arguments) => arguments,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
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

async fn run(arguments: Arguments, config: Config) -> Result<(), Box<dyn std::error::Error>> {
    let adapters = if arguments.console { Vec::new() } else { adapters(&config)? };
    if !adapters.is_empty() {
        return serve(&config, adapters).await;
    }
    let running = cincobot::runtime::start(&config).await?;
    let images = arguments.images.unwrap_or_else(|| config.images_dir.clone());
    let console = Console::new(running, images, Box::new(std::io::stdout()));
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    console.run(stdin).await?;
    Ok(())
}

/// The adapter of each platform `config` has a token for.
fn adapters(config: &Config) -> Result<Vec<Box<dyn Adapter>>, TelegramError> {
    let mut adapters: Vec<Box<dyn Adapter>> = Vec::new();
    if !config.discord.token.is_empty() {
        adapters.push(Box::new(DiscordSettings::from_config(config)));
    }
    if !config.telegram.token.is_empty() {
        let mut settings = TelegramSettings::from_config(config)?;
        // One Ctrl-C handler for the process, below.
        settings.ctrlc = false;
        adapters.push(Box::new(settings));
    }
    Ok(adapters)
}

/// One core on one desk, `adapters` plugged into it, until Ctrl-C (or an adapter stops of its
/// own accord).
async fn serve(
    config: &Config,
    adapters: Vec<Box<dyn Adapter>>,
) -> Result<(), Box<dyn std::error::Error>> {
    let running = cincobot::runtime::start(config).await?;
    let mut served = cincobot::runtime::serve(running, adapters)
        .await
        .map_err(|error| -> Box<dyn std::error::Error> { error })?;
    eprintln!("serving; Ctrl-C stops");
    tokio::select! {
        () = served.ended() => {}
        _ = tokio::signal::ctrl_c() => {}
    }
    served.stop().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
