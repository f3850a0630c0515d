//! What a chat asks about itself: rules, stats, the leaderboard, its language and settings,
//! and the admins' cancel.

use super::error::{CoreError, refused};
use super::steps::Step;
use super::{Context, Core, GameId, Output};
use crate::games::{Family, GameKind, GameOptions, GameSettings, board_sizes, options_for};
use crate::i18n::{Locale, Text};
use crate::store::{Ended, GameStatus};

/// The rules documents, embedded: Spanish first, then English after `## English`.
fn rules_document(game: Family) -> &'static str {
    match game {
        Family::Board(GameKind::Gomoku) => include_str!("../../../../docs/rules/gomoku.md"),
        Family::Board(GameKind::Renju) => include_str!("../../../../docs/rules/renju.md"),
        Family::Board(GameKind::Ninuki) => include_str!("../../../../docs/rules/ninuki.md"),
        Family::Board(GameKind::Pente) => include_str!("../../../../docs/rules/pente.md"),
        Family::Board(GameKind::Connect5 | GameKind::Connect4) => {
            include_str!("../../../../docs/rules/connect5.md")
        }
        Family::Cinco => include_str!("../../../../docs/rules/cinco.md"),
    }
}

/// Where a passage for maintainers (measurements, commands, source files) begins and ends in
/// a rules document: players are not sent it.
const MAINTAINERS: (&str, &str) = ("<!-- maintainers -->", "<!-- /maintainers -->");

/// What players read of `game`'s rules in `locale`: the section without its passages for
/// maintainers, and its tables as lists, which no chat draws.
#[must_use]
pub fn rules_for_players(game: impl Into<Family>, locale: Locale) -> String {
    let mut rest = rules_section(game, locale);
    let mut kept = String::with_capacity(rest.len());
    while let Some(start) = rest.find(MAINTAINERS.0) {
        kept.push_str(&rest[..start]);
        rest = rest[start..]
            .find(MAINTAINERS.1)
            .map_or("", |end| &rest[start + end + MAINTAINERS.1.len()..]);
    }
    kept.push_str(rest);
    let mut lines: Vec<String> = Vec::new();
    let mut header: Option<Vec<String>> = None;
    for line in kept.lines() {
        let Some(row) = line.trim().strip_prefix('|') else {
            header = None;
            lines.push(line.to_owned());
            continue;
        };
        let cells: Vec<String> =
            row.trim_end_matches('|').split('|').map(|cell| cell.trim().to_owned()).collect();
        if cells.iter().all(|cell| cell.chars().all(|c| c == '-' || c == ':')) {
            continue;
        }
        match &header {
            None => header = Some(cells),
            Some(names) if names.len() == cells.len() && cells.len() > 1 => {
                let rest: Vec<String> = names
                    .iter()
                    .zip(&cells)
                    .skip(1)
                    .map(|(name, cell)| format!("{name}: {cell}"))
                    .collect();
                lines.push(format!("- **{}** — {}", cells[0], rest.join("; ")));
            }
            Some(_) => lines.push(format!("- {}", cells.join(" — "))),
        }
    }
    let text = lines.join("\n");
    let mut squeezed = String::with_capacity(text.len());
    for line in text.split('\n') {
        if line.trim().is_empty() && squeezed.ends_with("\n\n") {
            continue;
        }
        squeezed.push_str(line.trim_end());
        squeezed.push('\n');
    }
    squeezed.trim().to_owned()
}

/// The message that sums up `kind`'s rules.
fn rules_summary_id(game: Family) -> &'static str {
    match game {
        Family::Board(GameKind::Gomoku) => "rules-summary-gomoku",
        Family::Board(GameKind::Renju) => "rules-summary-renju",
        Family::Board(GameKind::Ninuki) => "rules-summary-ninuki",
        Family::Board(GameKind::Pente) => "rules-summary-pente",
        Family::Board(GameKind::Connect5) => "rules-summary-connect5",
        Family::Board(GameKind::Connect4) => "rules-summary-connect4",
        Family::Cinco => "rules-summary-cinco",
    }
}

/// The part of a rules document in `locale`.
#[must_use]
pub fn rules_section(game: impl Into<Family>, locale: Locale) -> &'static str {
    let document = rules_document(game.into());
    let english = document.find("\n## English").map_or(document.len(), |at| at + 1);
    let section = match locale {
        Locale::En => &document[english..],
        Locale::Es => {
            let spanish = document.find("## Español").unwrap_or(0);
            &document[spanish..english.max(spanish)]
        }
    };
    section.trim()
}

/// A game's settings as `/settings` shows them: only the options of that game, each with the
/// word and value one types to change it.
fn settings_lines(settings: &GameSettings) -> Vec<Text> {
    let kind = settings.kind;
    let mut lines = vec![
        Text::new("settings-title")
            .with("game", Text::new(kind.name_id()))
            .with("code", kind.code()),
    ];
    let on = |value: bool| Text::new(if value { "value-on" } else { "value-off" });
    let switch = |option: &'static str, value: bool| {
        Text::new("settings-switch")
            .with("option", Text::new("option-name").with("option", option))
            .with("value", on(value))
    };
    for option in options_for(kind) {
        lines.push(match option {
            "size" => {
                let sizes: Vec<String> = board_sizes(kind).iter().map(u8::to_string).collect();
                Text::new("settings-size")
                    .with("size", u32::from(settings.size))
                    .with("sizes", sizes.join(", "))
            }
            "overline" => switch(option, settings.overline),
            "forbidden" => switch(option, settings.forbidden),
            "popout" => switch(option, settings.pop_out),
            "timer" => {
                Text::new("settings-timer").with("timer", u32::from(u16::from(settings.timer)))
            }
            "ranked" => switch(option, settings.ranked),
            _ => switch(option, settings.alternate),
        });
    }
    lines
}

/// The scope of a chat's ratings.
pub(super) const GLOBAL: &str = "global";

fn rating_points(rating: f64) -> i64 {
    // Ratings are shown whole; the stored value keeps its precision.
    rating.round() as i64
}

impl Core {
    /// `/rules <game>`: a short summary of that game's rules in the user's language, and how
    /// to ask for the whole document; `/rules <game> full`: the document itself. Rules are
    /// for the one who asked: a reply, or the document by private message from a group.
    pub(super) fn rules(&self, context: &Context, kind: Option<Family>, full: bool) -> Vec<Output> {
        let Some(kind) = kind else {
            return vec![super::reply(context, vec![Text::new("rules-which")])];
        };
        if !full {
            let summary = vec![
                Text::new("rules-summary-title").with("game", super::table::game_in_sentence(kind)),
                Text::new(rules_summary_id(kind)),
                Text::new("rules-full-hint").with("code", kind.code()),
            ];
            return vec![super::reply(context, summary)];
        }
        let document = |locale| {
            let body = rules_for_players(kind, locale);
            super::Message::document(locale, vec![Text::new("rules-document").with("body", body)])
        };
        if context.chat.kind == super::ChatKind::Private {
            return vec![Output::Send {
                chat: context.chat.clone(),
                message: document(context.locale),
            }];
        }
        // A whole rules document would bury a group's games: it goes to the asker privately.
        vec![
            Output::Direct {
                platform: context.chat.platform,
                user: context.user.id.clone(),
                message: document(context.reader_locale),
                prompt: None,
                hand: None,
            },
            super::reply(
                context,
                vec![Text::new("rules-sent-privately").with("name", context.user.name.as_str())],
            ),
        ]
    }

    /// `/stats [@user]`: ratings and results in this chat and everywhere.
    pub(super) async fn stats(
        &self,
        context: &Context,
        mention: Option<String>,
    ) -> Result<Vec<Output>, CoreError> {
        let platform = context.chat.platform;
        let user = match mention {
            Some(mention) => self.store.find_user(platform, &mention).await?.ok_or_else(|| {
                CoreError::Refused(Text::new("unknown-user").with("name", mention.clone()))
            })?,
            None => context.user.clone(),
        };
        let mut lines = vec![Text::new("stats-title").with("name", user.name.as_str())];
        let scopes = [
            (Some(&context.chat), context.chat.rating_scope(), "stats-here"),
            (None, GLOBAL.to_owned(), "stats-everywhere"),
        ];
        for (chat, scope, scope_id) in scopes {
            // The games /history lists are the games counted; ratings only add their points.
            let filter = Ended { platform, chat, user: None, kind: None, boards_only: false };
            let tallies = self.store.tallies(filter, &user.id).await?;
            if tallies.is_empty() {
                continue;
            }
            let ratings = self.store.ratings_of(&scope, platform, &user.id).await?;
            lines.push(Text::new(scope_id));
            for (kind, tally) in tallies {
                let rating = ratings.iter().find(|(rated, _)| *rated == kind);
                let line = match rating {
                    Some((_, row)) => {
                        Text::new("stats-line").with("rating", rating_points(row.rating.rating))
                    }
                    None => Text::new("stats-line-unrated"),
                };
                lines.push(
                    line.with("game", Text::new(kind.name_id()))
                        .with("games", tally.games)
                        .with("wins", tally.wins)
                        .with("draws", tally.draws)
                        .with("losses", tally.losses),
                );
            }
        }
        if lines.len() == 1 {
            lines.push(Text::new("stats-none"));
        }
        Ok(vec![self.send(context, lines)])
    }

    /// `/leaderboard [game]`: the chat's best players of a game, or of every game ranked here.
    pub(super) async fn leaderboard(
        &self,
        context: &Context,
        kind: Option<Family>,
    ) -> Result<Vec<Output>, CoreError> {
        if let Some(kind) = kind {
            let mut lines = self.leaderboard_lines(context, kind, 10).await?;
            if lines.len() == 1 {
                lines.push(Text::new("leaderboard-empty"));
            }
            return Ok(vec![self.send(context, lines)]);
        }
        // No game named: every game ranked in this chat, a short table each.
        let families = GameKind::ALL.into_iter().map(Family::Board).chain([Family::Cinco]);
        let mut lines = Vec::new();
        for family in families {
            let table = self.leaderboard_lines(context, family, 5).await?;
            if table.len() > 1 {
                lines.extend(table);
            }
        }
        if lines.is_empty() {
            lines = vec![Text::new("leaderboard-title-all"), Text::new("leaderboard-empty")];
        }
        Ok(vec![self.send(context, lines)])
    }

    /// The title of `kind`'s leaderboard in this chat and its first `limit` players.
    async fn leaderboard_lines(
        &self,
        context: &Context,
        kind: Family,
        limit: i64,
    ) -> Result<Vec<Text>, CoreError> {
        let rows = self
            .store
            .leaderboard(kind, &context.chat.rating_scope(), context.chat.platform, limit)
            .await?;
        let mut lines =
            vec![Text::new("leaderboard-title").with("game", super::table::game_in_sentence(kind))];
        for (rank, row) in rows.iter().enumerate() {
            let name = match self.store.find_user(context.chat.platform, &row.user_id).await? {
                Some(user) => user.name,
                None => row.user_id.clone(),
            };
            lines.push(
                Text::new("leaderboard-line")
                    .with("rank", rank + 1)
                    .with("name", name)
                    .with("rating", rating_points(row.rating.rating))
                    .with("games", row.games),
            );
        }
        Ok(lines)
    }

    /// `/language es|en`: the chat's language (anyone may set it in a private chat, admins in
    /// a group); without a value, shows it.
    pub(super) async fn language(
        &self,
        context: &Context,
        locale: Option<Locale>,
    ) -> Result<Vec<Output>, CoreError> {
        let Some(locale) = locale else {
            return Ok(vec![self.send(
                context,
                vec![Text::new("language-current").with("language", context.locale.code())],
            )]);
        };
        if !context.is_admin && context.chat.kind == super::ChatKind::Group {
            return Err(refused("admins-only"));
        }
        let mut preferences = self.preferences_of(&context.chat).await?;
        preferences.locale = Some(locale);
        self.save_preferences(context, preferences).await?;
        Ok(vec![self.send(&context.in_locale(locale), vec![Text::new("language-set")])])
    }

    /// `/cancel [#game]`: a chat admin ends a game without a result.
    pub(super) async fn cancel(
        &mut self,
        context: &Context,
        named: Option<GameId>,
    ) -> Result<Vec<Output>, CoreError> {
        if !context.is_admin {
            return Err(refused("admins-only"));
        }
        let id = match named {
            Some(id) => self.table(id).map(|_| id)?,
            None => {
                // The admin's own games first: only an admin who plays none is asked among
                // the chat's other games.
                let in_chat: Vec<GameId> = self
                    .tables
                    .iter()
                    .filter(|(_, t)| t.row.chat == context.chat)
                    .map(|(&id, _)| id)
                    .collect();
                match (self.games_of(context).as_slice(), in_chat.as_slice()) {
                    (_, []) => return Err(refused("no-game")),
                    ([mine], _) | ([], [mine]) => *mine,
                    ([], several) => {
                        let example = Text::new("example-cancel");
                        return Err(super::which_game(several, example, false));
                    }
                    (several, _) => {
                        let example = Text::new("example-cancel");
                        return Err(super::which_game(several, example, true));
                    }
                }
            }
        };
        let table = self.table(id)?;
        if table.row.chat != context.chat {
            return Err(CoreError::Refused(Text::new("no-such-game").with("id", id.to_string())));
        }
        let mut row = table.row.clone();
        row.status = GameStatus::Cancelled;
        row.turn_deadline = None;
        row.updated_at = self.clock.now_ms();
        self.commit_step(Some(context), &mut row, Step::Row).await?;
        // The status line says it ("cancelled by an admin"): a note would say it twice.
        Ok(self.end_table(id, row, context.locale, Vec::new(), Vec::new()))
    }

    /// `/settings [game [option value]]`: shows a game's defaults in this chat, or (admins)
    /// changes one.
    pub(super) async fn chat_settings(
        &self,
        context: &Context,
        kind: Option<Family>,
        change: Option<(String, String)>,
    ) -> Result<Vec<Output>, CoreError> {
        let kind = match kind {
            None => return Ok(vec![self.send(context, vec![Text::new("settings-usage")])]),
            Some(Family::Cinco) => return self.cinco_settings(context, change).await,
            Some(Family::Board(kind)) => kind,
        };
        let mut preferences = self.preferences_of(&context.chat).await?;
        let mut options = preferences.games.get(&kind).cloned().unwrap_or_default();
        if let Some((option, value)) = change {
            if !context.is_admin {
                return Err(refused("admins-only"));
            }
            let mut changed = options.clone();
            let error = |error| CoreError::Refused(super::CommandError::Option(error).text());
            if value.is_empty() {
                // A word alone, as in a challenge: `amistosa`, `popout`, `19`.
                let word = GameOptions::parse(&[option.as_str()]).map_err(error)?;
                changed = changed.overridden_by(&word);
            } else {
                changed.set(&option, &value).map_err(error)?;
            }
            changed.resolve(kind).map_err(error)?;
            options = changed;
            preferences.games.insert(kind, options.clone());
            self.save_preferences(context, preferences).await?;
        }
        let settings = options.resolve(kind).unwrap_or_else(|_| GameSettings::default_for(kind));
        Ok(vec![self.send(context, settings_lines(&settings))])
    }

    /// The platform moved `context`'s chat to the id `to` (a Telegram group that became a
    /// supergroup): everything of the chat follows it, in the store first, and the boards of
    /// its games are shown again there (the old messages stay behind in the old chat).
    pub(super) async fn chat_moved(
        &mut self,
        context: &Context,
        to: &str,
    ) -> Result<Vec<Output>, CoreError> {
        let new = super::Chat {
            platform: context.chat.platform,
            id: to.to_owned(),
            kind: context.chat.kind,
        };
        if new == context.chat {
            return Ok(Vec::new());
        }
        let mut change = self.begin(Some(context)).await?;
        change.move_chat(&context.chat, &new).await?;
        self.commit(Some(context), change).await?;
        self.forget_preferences(&context.chat);
        self.forget_preferences(&new);
        self.cinco_chat_moved(&context.chat, &new);
        if !self.partition.owns(&new) {
            // The new id falls to another partition: it takes the games over from the store
            // (the runtime asks it to adopt the chat) and shows their boards in the new chat.
            // Its board games still name the old id in memory, its CINCO tables the new one.
            self.release(super::timers::Chats::Only(&context.chat));
            self.release(super::timers::Chats::Only(&new));
            tracing::info!(from = %context.chat.id, to, "a chat moved to another partition");
            return Ok(Vec::new());
        }
        let mut moved = Vec::new();
        for table in self.tables.values_mut().filter(|table| table.row.chat == context.chat) {
            table.row.chat = new.clone();
            table.row.board_message = None;
            moved.push(table.row.id);
        }
        tracing::info!(from = %context.chat.id, to, games = moved.len(), "a chat moved");
        let locale = self.chat_locale(&new).await;
        Ok(moved.into_iter().flat_map(|id| self.shown_board(id, locale, Vec::new())).collect())
    }
}
