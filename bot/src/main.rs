//! `cincobot [console] [--config PATH] [--images DIR]`: starts the bot. With `TELEGRAM_TOKEN`
//! (or the config's token) it serves Telegram; with no token (or with `console`) it runs in
//! the terminal.

use std::path::PathBuf;
use std::process::ExitCode;

use cincobot::config::Config;
use cincobot::console::Console;

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

fn log_level() -> tracing::Level {
    std::env::var("RUST_LOG")
        .ok()
        .and_then(|level| level.parse().ok())
        .unwrap_or(tracing::Level::WARN)
}

fn main() -> ExitCode {
    tracing_subscriber::fmt().with_writer(std::io::stderr).with_max_level(log_level()).init();
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
    let telegram = !config.telegram.token.is_empty() && !arguments.console;
    if !config.discord.token.is_empty() && !arguments.console {
        tracing::warn!("the Discord adapter is not built yet");
    }
    if telegram {
        let settings = cincobot::telegram::TelegramSettings::from_config(&config)?;
        let running = cincobot::runtime::start(&config).await?;
        let served = cincobot::telegram::serve(settings, running).await?;
        eprintln!("serving Telegram; Ctrl-C stops");
        served.wait().await;
        return Ok(());
    }
    let running = cincobot::runtime::start(&config).await?;
    let images = arguments.images.unwrap_or_else(|| config.images_dir.clone());
    let console = Console::new(running, images, Box::new(std::io::stdout()));
    let stdin = tokio::io::BufReader::new(tokio::io::stdin());
    console.run(stdin).await?;
    Ok(())
}
