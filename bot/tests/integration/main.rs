//! The bot's integration tests, one binary for all of them: linking the whole bot once
//! instead of once a file. Each module is one subject; `common` is the in-process harness
//! (a clock the test moves, a CPU on node budgets), the `fake_*` modules the platforms' APIs
//! served locally, so the real adapters run end to end.

mod auction_reveals;
mod balancer;
mod board;
mod both_platforms;
mod cable;
mod cinco;
mod cinco_reach;
mod cinco_secrecy;
mod cluster;
mod common;
mod components;
mod console;
mod core;
mod cpu_games;
mod cpu_resigns;
mod discord;
mod discord_cinco;
mod discord_translation;
mod document_words;
mod fake_discord;
mod fake_http;
mod fake_telegram;
mod fleet;
mod flow;
mod kill;
mod migrate;
mod offers;
mod parsers;
mod partitions;
mod processes;
mod records;
mod reliability;
mod replays;
mod replies;
mod restart;
mod seat_list;
mod second_round;
mod sessions;
mod shards;
mod shortcuts;
mod store;
mod store_outage;
mod suggestions;
mod telegram;
mod telegram_cinco;
mod telegram_webhook;
mod texts;
mod web;
mod web_browser;
mod web_links;
mod whole_document;
mod wire;
mod words;
