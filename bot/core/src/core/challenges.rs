//! Challenges and rematches: who plays whom, with which options, and the start of a game.

use engine::cpu::Level;

use super::error::{CoreError, refused};
use super::turns::turn_deadline;
use super::{
    Button, ChallengeId, Context, Core, GameId, Message, Opponent, Output, Payload, Player, User,
};
use crate::games::{GameKind, GameOptions, GameSettings, Position};
use crate::i18n::Text;
use crate::store::{ChallengeRow, ChallengeStatus, GameRow, GameStatus, NewGame};

/// The options of a finished game, to play it again exactly.
fn options_of(settings: &GameSettings) -> GameOptions {
    let shapes = matches!(settings.kind, GameKind::Gomoku | GameKind::Ninuki);
    GameOptions {
        size: (settings.size != 0).then_some(settings.size),
        overline: shapes.then_some(settings.overline),
        forbidden: shapes.then_some(settings.forbidden),
        pop_out: settings.kind.has_columns().then_some(settings.pop_out),
        timer: Some(settings.timer),
        ranked: Some(settings.ranked),
        alternate: Some(settings.alternate),
    }
}

/// What a game with `settings` has that the plain game of its kind does not (a size, the
/// overline or forbidden rule, PopOut, a timer), then whether it is ranked.
fn options_differing(settings: &GameSettings) -> Vec<Text> {
    let plain = GameSettings::default_for(settings.kind);
    let yes_no = |value: bool| if value { "yes" } else { "no" };
    let mut words = Vec::new();
    if settings.size != plain.size {
        words.push(Text::new("option-is-size").with("size", u32::from(settings.size)));
    }
    if settings.overline != plain.overline {
        words.push(Text::new("option-is-overline").with("on", yes_no(settings.overline)));
    }
    if settings.forbidden != plain.forbidden {
        words.push(Text::new("option-is-forbidden").with("on", yes_no(settings.forbidden)));
    }
    if settings.pop_out {
        words.push(Text::new("option-is-popout"));
    }
    if let Some(seconds) = settings.timer.seconds() {
        words.push(Text::new("option-is-timer").with("timer", u32::from(seconds)));
    }
    words.push(Text::new(if settings.ranked { "ranked" } else { "casual" }));
    words
}

impl Core {
    /// The settings a game of `kind` gets in `context`'s chat with the challenge's `options`.
    async fn settings_for(
        &self,
        context: &Context,
        kind: GameKind,
        options: &GameOptions,
    ) -> Result<GameSettings, CoreError> {
        let preferences = self.preferences_of(&context.chat).await?;
        let chat = preferences.games.get(&kind).cloned().unwrap_or_default();
        let base =
            GameOptions { timer: Some(self.settings.default_timer), ..GameOptions::default() };
        base.overridden_by(&chat)
            .overridden_by(options)
            .resolve(kind)
            .map_err(|error| CoreError::Refused(super::CommandError::Option(error).text()))
    }

    /// `/gomoku …`: a game against the CPU starts at once; otherwise a challenge is posted.
    pub(super) async fn challenge(
        &mut self,
        context: &Context,
        kind: GameKind,
        opponent: Option<Opponent>,
        options: GameOptions,
    ) -> Result<Vec<Output>, CoreError> {
        let settings = self.settings_for(context, kind, &options).await?;
        let opponent = match opponent {
            Some(Opponent::Cpu(level)) => {
                let person_first = self.first_player_drawn().unwrap_or(true);
                return self.against_cpu(context, settings, level, person_first, None).await;
            }
            Some(Opponent::User(mention)) => Some(self.mentioned(context, &mention).await?),
            None => context.replied_to.clone(),
        };
        if opponent.as_ref().is_some_and(|user| user.id == context.user.id) {
            return Err(refused("challenge-yourself"));
        }
        let now = self.clock.now_ms();
        // The same challenge again (same game and options, to the same person or open again)
        // is the one waiting.
        let open = self.store.open_challenges(&context.chat).await?;
        let opponent_id = opponent.as_ref().map(|user| user.id.as_str());
        if let Some(waiting) = open.iter().find(|waiting| {
            waiting.challenger.id == context.user.id
                && waiting.kind == kind
                && waiting.options == options
                && waiting.rematch_of.is_none()
                && waiting.opponent.as_ref().map(|user| user.id.as_str()) == opponent_id
                && waiting.expires_at > now
        }) {
            let game = super::table::game_in_sentence(kind);
            return Err(CoreError::Refused(match &waiting.opponent {
                Some(user) => Text::new("challenge-already-to")
                    .with("opponent", user.name.as_str())
                    .with("game", game)
                    .with("id", waiting.id.0),
                None => {
                    Text::new("challenge-already-open").with("game", game).with("id", waiting.id.0)
                }
            }));
        }
        let mut challenge = ChallengeRow {
            id: ChallengeId(0),
            chat: context.chat.clone(),
            kind,
            options,
            challenger: context.user.clone(),
            opponent,
            rematch_of: None,
            challenger_first: true,
            created_at: now,
            expires_at: now + expiry_ms(self),
        };
        self.post_challenge(context, &mut challenge).await?;
        Ok(vec![self.challenge_message(context, &challenge, &settings)])
    }

    async fn post_challenge(
        &self,
        context: &Context,
        challenge: &mut ChallengeRow,
    ) -> Result<(), CoreError> {
        let mut change = self.begin(Some(context)).await?;
        change.insert_challenge(challenge).await?;
        self.commit(Some(context), change).await?;
        Ok(())
    }

    fn challenge_message(
        &self,
        context: &Context,
        challenge: &ChallengeRow,
        settings: &GameSettings,
    ) -> Output {
        let minutes =
            i64::try_from(self.settings.challenge_expiry.as_secs() / 60).unwrap_or(i64::MAX);
        let game = super::table::game_in_sentence(challenge.kind);
        let (line, buttons) = match &challenge.opponent {
            Some(opponent) => (
                Text::new("challenge-to")
                    .with("challenger", challenge.challenger.name.as_str())
                    .with("opponent", opponent.name.as_str())
                    .with("game", game)
                    .with("id", challenge.id.0),
                vec![
                    Button::new(Text::new("button-accept"), &Payload::Accept(challenge.id))
                        .success(),
                    Button::new(Text::new("button-decline"), &Payload::Decline(challenge.id))
                        .danger(),
                ],
            ),
            None => (
                Text::new("challenge-open")
                    .with("challenger", challenge.challenger.name.as_str())
                    .with("game", game)
                    .with("id", challenge.id.0),
                vec![Button::new(Text::new("button-join"), &Payload::Join(challenge.id)).success()],
            ),
        };
        let options: Vec<String> = options_differing(settings)
            .iter()
            .map(|text| self.texts.render(context.locale, text))
            .collect();
        let separator = self.texts.render(context.locale, &Text::new("option-separator"));
        let lines = vec![
            line,
            Text::new("options-line").with("options", options.join(&separator)),
            Text::new("challenge-expires").with("minutes", minutes),
        ];
        let message = Message::with_buttons(context.locale, lines, buttons);
        let message = match &challenge.opponent {
            Some(opponent) => message.addressed_to(opponent.clone()),
            None => message,
        };
        Output::Send { chat: context.chat.clone(), message }
    }

    /// The user a mention names: a user the bot knows, by platform id or by handle. A name
    /// that resolves to nobody is refused: a challenge is for one person, never for whoever
    /// happens to share a name.
    async fn mentioned(&self, context: &Context, mention: &str) -> Result<User, CoreError> {
        self.store.find_user(context.chat.platform, mention).await?.ok_or_else(|| {
            CoreError::Refused(Text::new("unknown-opponent").with("name", mention.to_owned()))
        })
    }

    async fn against_cpu(
        &mut self,
        context: &Context,
        settings: GameSettings,
        level: Level,
        person_first: bool,
        rematch_of: Option<GameId>,
    ) -> Result<Vec<Output>, CoreError> {
        let person = Player::Human { id: context.user.id.clone(), name: context.user.name.clone() };
        let cpu = Player::Cpu { level: level.into() };
        let players = if person_first { [person, cpu] } else { [cpu, person] };
        self.start_game(context, settings, players, rematch_of, None).await
    }

    /// Creates the game (closing the challenge `accepted` in the same change, if one), shows
    /// its first board and, if the CPU moves first, asks it.
    async fn start_game(
        &mut self,
        context: &Context,
        settings: GameSettings,
        players: [Player; 2],
        rematch_of: Option<GameId>,
        accepted: Option<ChallengeId>,
    ) -> Result<Vec<Output>, CoreError> {
        let now = self.clock.now_ms();
        let position = Position::start(&settings);
        let mut draft = GameRow {
            id: GameId(0),
            settings,
            chat: context.chat.clone(),
            players: players.clone(),
            status: GameStatus::Active,
            winner: None,
            turn_deadline: None,
            last_human_at: now,
            away: [false, false],
            undo_by: None,
            offer_draft: None,
            started_by: context.user.id.clone(),
            rematch_of,
            board_message: None,
            shown_ply: 0,
            rating_due: false,
            result_shown: true,
            created_at: now,
            updated_at: now,
        };
        draft.turn_deadline = turn_deadline(&draft, &position, now);
        let mut change = self.begin(Some(context)).await?;
        if let Some(challenge) = accepted
            && !change.close_challenge(challenge, ChallengeStatus::Accepted).await?
        {
            return Err(refused("no-challenge"));
        }
        let row = change
            .insert_game(NewGame {
                settings,
                chat: context.chat.clone(),
                players,
                started_by: context.user.id.clone(),
                rematch_of,
                turn_deadline: draft.turn_deadline,
                now,
            })
            .await?;
        self.commit(Some(context), change).await?;
        let id = row.id;
        let first = super::table::name_of(&row.players[engine::Seat::First.index()]);
        self.tables.insert(id, super::table::Table { row, position, log: Vec::new() });
        let mut notes = vec![Text::new("game-started").with("id", id.0)];
        if rematch_of.is_none() && self.first_player_drawn().is_some() {
            notes.push(Text::new("first-player-drawn").with("name", first));
        }
        let outputs = self.shown_board(id, context.locale, notes);
        self.ask_cpu_if_due(id);
        Ok(outputs)
    }

    /// The open challenge an `/accept` or `/decline` is about.
    async fn find_challenge(
        &self,
        context: &Context,
        id: Option<ChallengeId>,
    ) -> Result<ChallengeRow, CoreError> {
        let open = self.store.open_challenges(&context.chat).await?;
        let me = &context.user;
        let for_me = |challenge: &&ChallengeRow| {
            challenge.opponent.as_ref().is_some_and(|user| user.id == me.id)
        };
        let found = match id {
            Some(id) => open.iter().find(|challenge| challenge.id == id),
            None => {
                let mine: Vec<&ChallengeRow> = open.iter().filter(for_me).collect();
                let others: Vec<&ChallengeRow> = open
                    .iter()
                    .filter(|c| c.opponent.is_none() && c.challenger.id != me.id)
                    .collect();
                match (mine.as_slice(), others.as_slice()) {
                    ([only], _) | ([], [only]) => Some(*only),
                    ([], []) => None,
                    ([], several) | (several, _) => {
                        let list = several
                            .iter()
                            .map(|c| c.id.0.to_string())
                            .collect::<Vec<_>>()
                            .join(", ");
                        return Err(CoreError::Refused(
                            Text::new("which-challenge").with("challenges", list),
                        ));
                    }
                }
            }
        };
        found.cloned().ok_or_else(|| refused("no-challenge"))
    }

    /// `/accept`, `/join` or their buttons.
    pub(super) async fn accept(
        &mut self,
        context: &Context,
        id: Option<ChallengeId>,
        join: bool,
    ) -> Result<Vec<Output>, CoreError> {
        let challenge = match self.find_challenge(context, id).await {
            Ok(challenge) => challenge,
            Err(error) => {
                // Nothing to answer but one's own challenge: say so, not that there is none.
                let open = self.store.open_challenges(&context.chat).await?;
                if id.is_none() && open.iter().any(|c| c.challenger.id == context.user.id) {
                    return Err(refused("challenge-own"));
                }
                return Err(error);
            }
        };
        let now = self.clock.now_ms();
        if now >= challenge.expires_at {
            let mut change = self.begin(None).await?;
            change.close_challenge(challenge.id, ChallengeStatus::Expired).await?;
            self.commit(None, change).await?;
            return Err(refused("challenge-expired"));
        }
        if challenge.challenger.id == context.user.id {
            return Err(refused("challenge-own"));
        }
        let me = &context.user;
        let addressed = challenge.opponent.as_ref().is_none_or(|user| user.id == me.id);
        if !addressed {
            return Err(refused("challenge-not-for-you"));
        }
        if join && challenge.opponent.is_some() {
            return Err(refused("challenge-not-open"));
        }
        let settings = self.settings_for(context, challenge.kind, &challenge.options).await?;
        let challenger = Player::Human {
            id: challenge.challenger.id.clone(),
            name: challenge.challenger.name.clone(),
        };
        let accepter = Player::Human { id: me.id.clone(), name: me.name.clone() };
        // A first game's first player is drawn (seed 002: "La pantalla elige el primer turno
        // inicial"); a rematch keeps the seats its challenge was made with (alternating).
        let challenger_first = match challenge.rematch_of {
            Some(_) => challenge.challenger_first,
            None => self.first_player_drawn().unwrap_or(challenge.challenger_first),
        };
        let players =
            if challenger_first { [challenger, accepter] } else { [accepter, challenger] };
        self.start_game(context, settings, players, challenge.rematch_of, Some(challenge.id)).await
    }

    /// `/decline`: the challenged player refuses, or the challenger withdraws.
    pub(super) async fn decline(
        &mut self,
        context: &Context,
        id: Option<ChallengeId>,
    ) -> Result<Vec<Output>, CoreError> {
        let challenge = match self.find_challenge(context, id).await {
            Ok(challenge) => challenge,
            Err(error) => {
                // Nothing addressed to them: their own one challenge is the one withdrawn.
                let open = self.store.open_challenges(&context.chat).await?;
                let own: Vec<&ChallengeRow> =
                    open.iter().filter(|c| c.challenger.id == context.user.id).collect();
                match (id, own.as_slice()) {
                    (None, [only]) => (*only).clone(),
                    _ => return Err(error),
                }
            }
        };
        let me = &context.user;
        let mine = challenge.challenger.id == me.id
            || challenge.opponent.as_ref().is_some_and(|user| user.id == me.id);
        if !mine {
            return Err(refused("challenge-not-for-you"));
        }
        let mut change = self.begin(Some(context)).await?;
        if !change.close_challenge(challenge.id, ChallengeStatus::Declined).await? {
            return Err(refused("no-challenge"));
        }
        self.commit(Some(context), change).await?;
        let withdrawn = challenge.challenger.id == me.id;
        let line = Text::new(if withdrawn { "challenge-withdrawn" } else { "challenge-declined" })
            .with("name", me.name.as_str())
            .with("id", challenge.id.0);
        Ok(vec![self.send(context, vec![line])])
    }

    /// `/rematch`: the same game again; who starts alternates unless the game says not to.
    /// Against the CPU it starts at once, against a person it is a challenge to them.
    pub(super) async fn rematch(
        &mut self,
        context: &Context,
        named: Option<GameId>,
    ) -> Result<Vec<Output>, CoreError> {
        let id = match named {
            Some(id) => id,
            None => self
                .store
                .last_ended_game(&context.chat, &context.user.id)
                .await?
                .ok_or_else(|| refused("no-ended-game"))?,
        };
        if self.tables.contains_key(&id) {
            return Err(refused("game-still-running"));
        }
        let (row, _) = self.store.game(id).await?.ok_or_else(|| refused("no-ended-game"))?;
        if row.chat != context.chat {
            return Err(refused("no-ended-game"));
        }
        let seat = [engine::Seat::First, engine::Seat::Second]
            .into_iter()
            .find(|seat| row.players[seat.index()].user_id() == Some(context.user.id.as_str()))
            .ok_or_else(|| refused("not-a-player"))?;
        // The requester starts next time if they did not start this time (alternating), or
        // keeps their seat when alternation is off.
        let requester_first = if row.settings.alternate {
            seat == engine::Seat::Second
        } else {
            seat == engine::Seat::First
        };
        let opponent = &row.players[seat.opponent().index()];
        match opponent {
            Player::Cpu { level } => {
                self.against_cpu(context, row.settings, (*level).into(), requester_first, Some(id))
                    .await
            }
            Player::Human { id: opponent_id, name } => {
                // Both asked: the second request accepts the first (as two players who both
                // press Rematch expect one game).
                let open = self.store.open_challenges(&context.chat).await?;
                let rematches = |challenge: &&ChallengeRow| challenge.rematch_of == Some(id);
                if let Some(theirs) = open.iter().filter(rematches).find(|challenge| {
                    challenge.challenger.id == *opponent_id
                        && challenge
                            .opponent
                            .as_ref()
                            .is_some_and(|user| user.id == context.user.id)
                }) {
                    return self.accept(context, Some(theirs.id), false).await;
                }
                if open
                    .iter()
                    .filter(rematches)
                    .any(|challenge| challenge.challenger.id == context.user.id)
                {
                    return Err(refused("rematch-pending"));
                }
                let now = self.clock.now_ms();
                let mut challenge = ChallengeRow {
                    id: ChallengeId(0),
                    chat: context.chat.clone(),
                    kind: row.settings.kind,
                    options: options_of(&row.settings),
                    challenger: context.user.clone(),
                    opponent: Some(User::new(opponent_id.clone(), name.clone())),
                    rematch_of: Some(id),
                    challenger_first: requester_first,
                    created_at: now,
                    expires_at: now + expiry_ms(self),
                };
                self.post_challenge(context, &mut challenge).await?;
                Ok(vec![self.challenge_message(context, &challenge, &row.settings)])
            }
        }
    }
}

impl Core {
    /// Whether the challenger (or the person against the CPU) plays first in a first game,
    /// drawn at random; `None` when the draw is off and they always do
    /// ([`Core::draw_first_player`]).
    fn first_player_drawn(&self) -> Option<bool> {
        use std::hash::{BuildHasher, Hasher};
        if !self.draw_first {
            return None;
        }
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_i64(self.clock.now_ms());
        Some(hasher.finish() & 1 == 0)
    }

    /// Whether a first game's first player is drawn at random (the default), or the
    /// challenger always starts: for piped terminal sessions and tests that must play the same
    /// way every time.
    pub fn draw_first_player(&mut self, draw: bool) {
        self.draw_first = draw;
    }
}

fn expiry_ms(core: &Core) -> i64 {
    i64::try_from(core.settings.challenge_expiry.as_millis()).unwrap_or(i64::MAX)
}
