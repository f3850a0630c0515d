//! The platform-neutral bot: inputs in, outputs out. Challenges, turns, timers, undo,
//! rematches, ratings and chat settings live here once for every platform; adapters only
//! translate.

mod backoff;
mod board_links;
mod board_taps;
mod challenges;
mod chat;
mod cinco;
mod clock;
mod command;
pub mod commands;
mod cpu;
mod error;
mod finished;
mod held;
mod help;
mod input;
mod moved;
mod offers;
mod output;
mod partition;
mod payload;
mod picker;
mod private_answer;
mod ratings;
mod recent;
mod records;
mod reply;
mod shortcut;
mod steps;
mod suggestions;
mod table;
mod timers;
mod turns;
mod view;
mod wire;

use recent::Recent;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub use crate::identity::{
    ChallengeId, Chat, ChatKind, CpuLevel, EventId, GameId, Platform, Player, User,
};
pub use board_links::{BoardLinks, LinkReader};
pub use board_taps::{LosingMove, Offering};
pub use chat::{rules_for_players, rules_section};
pub use cinco::{CincoCard, CincoHandView, action_code, card_code, parse_action, parse_card};
pub use clock::{Clock, SystemClock};
pub use command::{Command, CommandError, Opponent, for_bot, parse as parse_command};
pub use cpu::{CincoCpuRequest, CpuPlayer, CpuReply, CpuRequest};
pub use held::HeldSlots;
use help::help;
pub use input::{Action, Input};
pub use moved::{NotTheSame, Replayed, check_replays};
pub use output::{
    Attachment, BoardImage, Button, ButtonStyle, HandSlot, MAX_SELECT_OPTIONS, Message, Opens,
    Output, Prompt, Row, Select, SelectOption,
};
pub use partition::Partition;
pub use payload::{CincoRound, LobbyChoice, MAX_PAYLOAD, OfferStep, Payload};
pub use private_answer::PrivateAnswer;
pub use shortcut::shortcut;
pub use suggestions::MAX_SUGGESTIONS;
pub use view::GameView;
pub use wire::{WIRE_VERSION, Wire, WireError};

use error::CoreError;
use table::Table;

use crate::i18n::{Locale, Text, Texts};
use crate::store::{ChatPreferences, Store, StoreError};

/// The core's part of the configuration.
#[derive(Clone, Debug)]
pub struct CoreSettings {
    /// Commands addressed as `/move@name` to another name are ignored.
    pub bot_name: String,
    pub default_locale: Locale,
    pub challenge_expiry: Duration,
    /// A game with no human action for this long ends as abandoned.
    pub abandon_after: Duration,
    /// The turn timer of games whose chat and challenge choose none.
    pub default_timer: crate::games::TurnTimer,
}

/// Who acted, where, in which language, as which event: what every handler needs from an
/// input.
#[derive(Debug)]
struct Context {
    chat: Chat,
    user: User,
    is_admin: bool,
    /// The language of what the chat reads: the chat's choice, else the user's client's.
    locale: Locale,
    /// The language of what only this user reads (a private message): their client's, else
    /// the chat's.
    reader_locale: Locale,
    event: EventId,
    /// A change of this input committed the event: later changes of the same input are not
    /// its first. Shared with the input's copies in other locales.
    event_committed: Arc<AtomicBool>,
    replied_to: Option<User>,
}

impl Context {
    /// The same input, answered in `locale`.
    fn in_locale(&self, locale: Locale) -> Context {
        Context {
            chat: self.chat.clone(),
            user: self.user.clone(),
            is_admin: self.is_admin,
            locale,
            reader_locale: self.reader_locale,
            event: self.event.clone(),
            event_committed: Arc::clone(&self.event_committed),
            replied_to: self.replied_to.clone(),
        }
    }
}

/// The refusal that asks for a game's number among `several`, as in the command `example`
/// (a text that takes the game's `id`). `mine`: they are the user's own games ("you have
/// several"), else the chat's ("there are several").
fn which_game(several: &[GameId], example: Text, mine: bool) -> CoreError {
    let list = several.iter().map(GameId::to_string).collect::<Vec<_>>().join(", ");
    let last = several.last().map_or(0, |id| id.0);
    CoreError::Refused(
        Text::new(if mine { "which-game" } else { "which-game-chat" })
            .with("games", list)
            .with("example", example.with("id", last)),
    )
}

/// The answer to `context`'s input, for the one who acted alone.
fn reply(context: &Context, lines: Vec<Text>) -> Output {
    Output::Reply {
        chat: context.chat.clone(),
        user: context.user.id.clone(),
        locale: context.locale,
        lines,
    }
}

/// How many chats' preferences the core keeps at hand (the cache holds at most twice as
/// many): the busy ones, not every one ever seen.
const RECENT: usize = 10_000;

/// The bot's state: the games being played, the store, the services it calls.
pub struct Core {
    settings: CoreSettings,
    store: Store,
    texts: Arc<Texts>,
    clock: Arc<dyn Clock>,
    cpu: Arc<dyn CpuPlayer>,
    /// The games being played, rebuilt from the move log at start-up.
    tables: BTreeMap<GameId, Table>,
    /// Ended games whose final board no adapter has reported shown yet.
    endings: BTreeMap<GameId, Table>,
    /// Ended games whose final board was shown, for a last look ([`finished`]).
    finished: finished::Finished<Table>,
    /// The ply at which each game's player to act was warned that their time runs out.
    warned: HashMap<GameId, usize>,
    /// The timers whose work failed, waiting before they are tried again.
    backoff: backoff::Backoff,
    /// The preferences of the chats heard from lately: the core is their only writer, so
    /// each is read once and kept as it saves them, while its chat is active.
    preferences: std::sync::Mutex<Recent<Chat, ChatPreferences>>,
    /// The chats this core serves, and what it shares with the cores serving the others.
    partition: Partition,
    /// CINCO's lobbies and tables.
    cinco: cinco::CincoState,
    /// Active games whose board was shown again in the same message, not written yet: the
    /// desk writes them together ([`Core::save_shown_boards`]), and a move writes its row.
    unsaved_boards: BTreeSet<GameId>,
    /// A first game's first player is drawn at random ([`Core::draw_first_player`]).
    draw_first: bool,
    /// The web board's links, when it is on: boards get an Open board button and `/web`
    /// answers ([`Core::start_partition`]).
    board_links: Option<Arc<dyn BoardLinks>>,
}

impl fmt::Debug for Core {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Core").field("games", &self.tables.len()).finish_non_exhaustive()
    }
}

impl Core {
    /// A core over `store` that reloads every active game (replaying its moves) and says what
    /// to show again: boards behind their last ply, CPU moves still owed.
    ///
    /// # Errors
    /// [`StoreError`] if the games cannot be read.
    pub async fn start(
        settings: CoreSettings,
        store: Store,
        texts: Arc<Texts>,
        clock: Arc<dyn Clock>,
        cpu: Arc<dyn CpuPlayer>,
    ) -> Result<(Core, Vec<Output>), StoreError> {
        Core::start_partition(Partition::whole(), settings, store, texts, clock, cpu, None).await
    }

    /// [`Core::start`] for the chats of `partition` only: it reloads their games and serves
    /// them; the runtime hands it their inputs and nothing else. With the web board's
    /// `board_links`, boards carry its Open board button (those shown again now too) and
    /// `/web` answers.
    ///
    /// # Errors
    /// [`StoreError`] if the games cannot be read.
    pub async fn start_partition(
        partition: Partition,
        settings: CoreSettings,
        store: Store,
        texts: Arc<Texts>,
        clock: Arc<dyn Clock>,
        cpu: Arc<dyn CpuPlayer>,
        board_links: Option<Arc<dyn BoardLinks>>,
    ) -> Result<(Core, Vec<Output>), StoreError> {
        let mut core = Core {
            settings,
            // Its own caches: the challenges' next expiry it knows is of its own chats.
            store: store.with_own_caches(),
            texts,
            clock,
            cpu,
            tables: BTreeMap::new(),
            endings: BTreeMap::new(),
            finished: finished::Finished::default(),
            backoff: backoff::Backoff::default(),
            warned: HashMap::new(),
            preferences: std::sync::Mutex::new(Recent::new(RECENT)),
            partition,
            cinco: cinco::CincoState::default(),
            unsaved_boards: BTreeSet::new(),
            draw_first: true,
            board_links,
        };
        let outputs = core.reload().await?;
        Ok((core, outputs))
    }

    #[must_use]
    pub fn texts(&self) -> &Arc<Texts> {
        &self.texts
    }

    /// The games being played.
    pub fn active_games(&self) -> impl Iterator<Item = GameId> + '_ {
        self.tables.keys().copied()
    }

    /// Handles one input; every problem becomes a short message to that user. An event that
    /// already changed something is answered "already done" and changes nothing.
    pub async fn handle(&mut self, input: Input) -> Vec<Output> {
        let context = self.context(&input).await;
        if let Err(error) = self.remember_users(&input).await {
            tracing::warn!(%error, "saving a user");
        }
        let result = match &input.action {
            Action::Command(line) => match command::parse(line, &self.settings.bot_name) {
                Ok(Some(command)) => self.command(&context, command).await,
                Ok(None) => Ok(Vec::new()),
                Err(error) => Err(CoreError::Refused(error.text())),
            },
            Action::Typed(command) => self.command(&context, command.clone()).await,
            Action::Shortcut(text) => match shortcut(text) {
                Some(command) => match self.command(&context, command).await {
                    Err(CoreError::Refused(refusal)) if shortcut::is_quiet_refusal(refusal.id) => {
                        Ok(Vec::new())
                    }
                    answered => answered,
                },
                None => Ok(Vec::new()),
            },
            Action::Button(payload) => match Payload::decode(payload) {
                Some(payload) => self.button(&context, payload).await,
                None => Err(CoreError::Refused(Text::new("button-unknown"))),
            },
            Action::ChatMoved { to } => self.chat_moved(&context, to).await,
        };
        let result = self.unless_repeated(&context, result).await;
        let mut outputs = self.answer(&context, result);
        if self.owes_directs(&context) {
            outputs.extend(self.owed_directs(&context).await);
        }
        outputs
    }

    /// An event delivered again is found out when it tries to change something again (the
    /// store records each event with its first change, so that change fails). Asked only
    /// when the input was refused without changing anything, since the refusal may come from
    /// what the first delivery changed (its move took the point): the store is asked then,
    /// and not before every input, which was one more wait for the store in each move.
    async fn unless_repeated(
        &self,
        context: &Context,
        result: Result<Vec<Output>, CoreError>,
    ) -> Result<Vec<Output>, CoreError> {
        if result.is_ok() || context.event_committed.load(Ordering::SeqCst) {
            return result;
        }
        match self.store.seen(context.chat.platform, &context.event).await {
            Ok(true) => Err(CoreError::Store(StoreError::Repeated)),
            Ok(false) => result,
            Err(error) => Err(CoreError::Store(error)),
        }
    }

    /// The one error path: a refusal becomes the input's reply; a failure is logged and the
    /// user told that something went wrong.
    fn answer(&self, context: &Context, result: Result<Vec<Output>, CoreError>) -> Vec<Output> {
        match result {
            Ok(outputs) => outputs,
            Err(error) => {
                let text = match error {
                    CoreError::Refused(text) => text,
                    CoreError::Store(StoreError::AlreadyPlayed) => Text::new("already-played"),
                    CoreError::Store(StoreError::Repeated) => Text::new("already-done"),
                    failure => {
                        tracing::error!(error = %failure, user = %context.user.id, "input failed");
                        Text::new("internal-error")
                    }
                };
                vec![reply(context, vec![text])]
            }
        }
    }

    async fn context(&self, input: &Input) -> Context {
        let chat_locale = match self.preferences_of(&input.chat).await {
            Ok(preferences) => preferences.locale,
            Err(error) => {
                tracing::warn!(%error, "reading chat preferences");
                None
            }
        };
        Context {
            chat: input.chat.clone(),
            user: input.user.clone(),
            is_admin: input.is_chat_admin,
            locale: chat_locale.or(input.locale).unwrap_or(self.settings.default_locale),
            reader_locale: input.locale.or(chat_locale).unwrap_or(self.settings.default_locale),
            event: input.event.clone(),
            event_committed: Arc::default(),
            replied_to: input.replied_to.clone(),
        }
    }

    /// Saves the user who acted and everyone the platform vouched for in the input.
    async fn remember_users(&mut self, input: &Input) -> Result<(), StoreError> {
        let others = input.introduced.iter().chain(&input.replied_to).map(|user| (user, None));
        for (user, locale) in std::iter::once((&input.user, input.locale)).chain(others) {
            let key = (input.chat.platform, user.id.clone());
            let known = (user.clone(), locale);
            let unchanged = self
                .partition
                .known_users()
                .lock()
                .is_ok_and(|mut users| users.get(&key) == Some(&known));
            if unchanged {
                continue;
            }
            self.store.save_user(input.chat.platform, user, locale, self.clock.now_ms()).await?;
            if let Ok(mut users) = self.partition.known_users().lock() {
                users.insert(key, known);
            }
        }
        Ok(())
    }

    async fn command(
        &mut self,
        context: &Context,
        command: Command,
    ) -> Result<Vec<Output>, CoreError> {
        match command {
            Command::Challenge { kind, opponent, options } => {
                self.challenge(context, kind, opponent, options).await
            }
            Command::Move { text, game, confirm } => {
                let id = self.game_to_move(context, game, Some(&text))?;
                self.play_as(context, id, &text, confirm, None).await
            }
            Command::Resign { game, confirm } => {
                let id = self.game_of(context, game, "example-resign")?;
                if confirm { self.resign(context, id).await } else { self.ask_resign(context, id) }
            }
            Command::Undo { game, answer } => {
                let id = self.game_of(context, game, "example-undo")?;
                match answer {
                    None => self.undo(context, id).await,
                    Some(accept) => {
                        let ply = self.table(id)?.position.ply();
                        self.answer_undo(context, id, ply, accept).await
                    }
                }
            }
            Command::Board(game) => self.show_board(context, game, false).await,
            Command::NumberedBoard(game) => self.show_board(context, game, true).await,
            Command::Rematch(game) => self.rematch(context, game).await,
            Command::Replay(game) => self.replay(context, game).await,
            Command::Export(game) => self.export(context, game).await,
            Command::History { user, kind, page } => self.history(context, user, kind, page).await,
            Command::Rules { game, full } => Ok(self.rules(context, game, full)),
            Command::Stats(user) => self.stats(context, user).await,
            Command::Leaderboard(kind) => self.leaderboard(context, kind).await,
            Command::Language(locale) => self.language(context, locale).await,
            Command::Cancel(game) => self.cancel(context, game).await,
            Command::Settings { kind, change } => self.chat_settings(context, kind, change).await,
            Command::Help => {
                Ok(vec![self.send(context, help(context.locale, self.hands_out_board_links()))])
            }
            Command::Cinco => self.open_lobby(context).await,
            Command::Hand(game) => self.send_hand(context, game).await,
            Command::Web(game) => self.board_link(context, game).await,
            Command::Accept(id) => self.accept(context, id, false).await,
            Command::Join(id) => self.join(context, id).await,
            Command::Decline(id) => self.decline(context, id).await,
        }
    }

    async fn button(
        &mut self,
        context: &Context,
        payload: Payload,
    ) -> Result<Vec<Output>, CoreError> {
        match payload {
            Payload::Move { game, ply, text, confirm } => {
                self.play_as(context, game, &text, confirm, Some(ply)).await
            }
            Payload::Undo { game, ply, accept } => {
                self.answer_undo(context, game, ply, accept).await
            }
            Payload::Pick { game, ply, column } => self.pick(context, game, ply, column.as_deref()),
            Payload::Offer { game, ply, count, step } => {
                self.offer_step(context, game, ply, count, step).await
            }
            Payload::Resign { game, ply, seat, confirm } => {
                self.answer_resign(context, game, ply, seat, confirm).await
            }
            Payload::Rematch(game) => self.rematch(context, Some(game)).await,
            Payload::Replay(game) => self.replay(context, Some(game)).await,
            Payload::History { page, kind, user } => self.history(context, user, kind, page).await,
            Payload::Accept(id) => self.accept(context, Some(id), false).await,
            Payload::Join(id) => self.accept(context, Some(id), true).await,
            Payload::Decline(id) => self.decline(context, Some(id)).await,
            Payload::Inert => Err(error::refused("button-disabled")),
            Payload::Lobby { lobby, choice } => self.lobby_choice(context, lobby, choice).await,
            Payload::Hand(game) => self.send_hand(context, Some(game)).await,
            Payload::WebBoard(game) => self.board_link(context, Some(game)).await,
            Payload::Cinco { game, round, action } => {
                self.cinco_press(context, game, round, &action).await
            }
        }
    }

    /// The game a command is about: the one named, else the user's only game in the chat.
    /// With several, the user is asked to add a number, as in the command `example` (a text
    /// id; a move's example is a move of the game's kind).
    fn game_of(
        &self,
        context: &Context,
        named: Option<GameId>,
        example: &'static str,
    ) -> Result<GameId, CoreError> {
        if let Some(id) = named {
            return match self.tables.get(&id) {
                Some(table) if table.row.chat == context.chat => Ok(id),
                _ => Err(CoreError::Refused(Text::new("no-such-game").with("id", id.to_string()))),
            };
        }
        let mine = self.games_of(context);
        match mine.as_slice() {
            [] => Err(CoreError::Refused(Text::new("no-game"))),
            [id] => Ok(*id),
            several => Err(self.which_of_mine(several, example)),
        }
    }

    /// [`which_game`] among the user's own games `several`; a move's example fits the kind
    /// of the last of them (`/move 4 #2` for a column game, `/move h8 #2` on a board).
    fn which_of_mine(&self, several: &[GameId], example: &'static str) -> CoreError {
        let mut text = Text::new(example);
        if example == "example-move" {
            let columns = several
                .last()
                .and_then(|id| self.tables.get(id))
                .is_some_and(|table| table.row.settings.kind.has_columns());
            text = text.with("move", if columns { "4" } else { "h8" });
        }
        which_game(several, text, true)
    }

    /// The game a move is for: the one named, else the user's only game in the chat, else the
    /// only one of theirs waiting for their move where `text` (when known) is legal. A user
    /// whose turn it is in none of their games is told so.
    fn game_to_move(
        &self,
        context: &Context,
        named: Option<GameId>,
        text: Option<&str>,
    ) -> Result<GameId, CoreError> {
        match self.game_of(context, named, "example-move") {
            Err(CoreError::Refused(refusal)) if refusal.id == "which-game" => {
                let waiting: Vec<GameId> = self
                    .games_of(context)
                    .into_iter()
                    .filter(|id| {
                        self.tables.get(id).is_some_and(|table| {
                            table.position.seat_to_act().is_some()
                                && table.position.seat_to_act() == table.seat_of(&context.user.id)
                        })
                    })
                    .collect();
                let legal: Vec<GameId> = waiting
                    .iter()
                    .copied()
                    .filter(|id| {
                        text.is_none_or(|text| {
                            self.tables
                                .get(id)
                                .is_some_and(|table| table.position.clone().play(text).is_ok())
                        })
                    })
                    .collect();
                match (waiting.as_slice(), legal.as_slice()) {
                    ([], _) => Err(error::refused("not-your-turn-anywhere")),
                    (_, [id]) | ([id], []) => Ok(*id),
                    (several, []) | (_, several) => {
                        Err(self.which_of_mine(several, "example-move"))
                    }
                }
            }
            other => other,
        }
    }

    /// The user's games in the input's chat.
    fn games_of(&self, context: &Context) -> Vec<GameId> {
        self.tables
            .iter()
            .filter(|(_, table)| {
                table.row.chat == context.chat && table.seat_of(&context.user.id).is_some()
            })
            .map(|(&id, _)| id)
            .collect()
    }

    /// A plain message to the input's chat.
    fn send(&self, context: &Context, lines: Vec<Text>) -> Output {
        Output::Send { chat: context.chat.clone(), message: Message::text(context.locale, lines) }
    }

    /// `chat`'s preferences.
    async fn preferences_of(&self, chat: &Chat) -> Result<ChatPreferences, StoreError> {
        if let Some(known) =
            self.preferences.lock().ok().and_then(|mut known| known.get(chat).cloned())
        {
            return Ok(known);
        }
        let read = self.store.chat_preferences(chat).await?;
        if let Ok(mut known) = self.preferences.lock() {
            known.insert(chat.clone(), read.clone());
        }
        Ok(read)
    }

    /// Saves `chat`'s preferences for `context`'s input.
    async fn save_preferences(
        &self,
        context: &Context,
        preferences: ChatPreferences,
    ) -> Result<(), StoreError> {
        let mut change = self.begin(Some(context)).await?;
        change.save_chat_preferences(&context.chat, &preferences).await?;
        self.commit(Some(context), change).await?;
        if let Ok(mut known) = self.preferences.lock() {
            known.insert(context.chat.clone(), preferences);
        }
        Ok(())
    }

    /// Forgets what is known of `chat`'s preferences (they moved with it).
    fn forget_preferences(&self, chat: &Chat) {
        if let Ok(mut known) = self.preferences.lock() {
            known.remove(chat);
        }
    }

    /// The language boards and announcements of `chat` are written in when no user asked.
    async fn chat_locale(&self, chat: &Chat) -> Locale {
        match self.preferences_of(chat).await {
            Ok(preferences) => preferences.locale.unwrap_or(self.settings.default_locale),
            Err(error) => {
                tracing::warn!(%error, "reading chat preferences");
                self.settings.default_locale
            }
        }
    }

    /// The adapter posted (or edited) game `game`'s board (or CINCO table) at `ply` as
    /// message `message_id`: later moves edit it in place, and a restart knows what was shown. An ending, or a
    /// board in a new message, is written at once (a restart must not show an ending twice,
    /// nor edit a message deleted since); a board edited in place is only remembered, for
    /// [`Core::save_shown_boards`] or the game's next step to write: lost in a crash, it
    /// costs one edit of that message with the same board after the restart. An ended
    /// game's ending is shown only by its final board (`ended`).
    ///
    /// # Errors
    /// [`StoreError`] if the row cannot be saved.
    pub async fn board_shown(
        &mut self,
        game: GameId,
        ply: usize,
        ended: bool,
        message_id: String,
    ) -> Result<(), StoreError> {
        if self.cinco.owns(game) {
            return self.cinco_table_shown(game, (ply, ended), message_id).await;
        }
        if let Some(ending) = self.endings.get_mut(&game)
            && !ended
        {
            // The board before the ending, reported late: the final board is still owed.
            ending.row.board_message = Some(message_id);
            return Ok(());
        }
        if let Some(ending) = self.endings.get(&game) {
            let mut row = ending.row.clone();
            row.board_message = Some(message_id);
            row.shown_ply = ply;
            row.result_shown = true;
            self.store.save_game(&row).await?;
            if let Some(ended) = self.endings.remove(&game) {
                self.finished.keep(game, self.clock.now_ms(), ended);
            }
            return Ok(());
        }
        let Some(table) = self.tables.get_mut(&game) else { return Ok(()) };
        if table.row.board_message.as_deref() == Some(message_id.as_str()) {
            table.row.shown_ply = ply;
            self.unsaved_boards.insert(game);
            return Ok(());
        }
        let mut row = table.row.clone();
        row.board_message = Some(message_id);
        row.shown_ply = ply;
        self.store.save_game(&row).await?;
        if let Some(table) = self.tables.get_mut(&game) {
            table.row = row;
        }
        self.unsaved_boards.remove(&game);
        Ok(())
    }

    /// How many shown boards wait to be written.
    #[must_use]
    pub fn unsaved_boards(&self) -> usize {
        self.unsaved_boards.len()
    }

    /// Writes the rows of every board shown and not written yet, in one change.
    ///
    /// # Errors
    /// [`StoreError`] if they cannot be written: they stay waiting.
    pub async fn save_shown_boards(&mut self) -> Result<(), StoreError> {
        if self.unsaved_boards.is_empty() {
            return Ok(());
        }
        let mut change = self.begin(None).await?;
        for id in &self.unsaved_boards {
            if let Some(table) = self.tables.get(id) {
                change.save_game(&table.row).await?;
            }
        }
        self.commit(None, change).await?;
        self.unsaved_boards.clear();
        Ok(())
    }
}
