//! What a player may type into `/move` right now, offered while they type (Discord's
//! autocomplete): the legal moves of their game, nearest the last moves first, that start
//! with what they typed. Read-only: nothing is stored, nothing is shown to the chat.

use std::sync::Arc;

use super::{Chat, Context, Core, EventId, GameId, User};

/// The most moves offered at once (Discord shows at most 25 choices).
pub const MAX_SUGGESTIONS: usize = 25;

impl Core {
    /// Up to [`MAX_SUGGESTIONS`] moves that `user` may make now in their game in `chat` (the
    /// one named, else the one `/move` would play) whose notation starts with `typed`, in any
    /// case, nearest the last moves first. Nothing when they have no such game or it is not
    /// their turn: the choices are what `/move` would accept.
    #[must_use]
    pub fn move_suggestions(
        &self,
        chat: &Chat,
        user: &str,
        game: Option<GameId>,
        typed: &str,
    ) -> Vec<String> {
        let context = Context {
            chat: chat.clone(),
            user: User::new(user, ""),
            is_admin: false,
            locale: self.settings.default_locale,
            reader_locale: self.settings.default_locale,
            event: EventId(String::new()),
            event_committed: Arc::default(),
            replied_to: None,
        };
        let Ok(id) = self.game_to_move(&context, game, None) else { return Vec::new() };
        let Some(table) = self.tables.get(&id) else { return Vec::new() };
        let position = &table.position;
        if position.seat_to_act().is_none() || position.seat_to_act() != table.seat_of(user) {
            return Vec::new();
        }
        let typed = typed.trim().to_lowercase();
        position
            .moves_by_nearness()
            .into_iter()
            .filter(|text| text.to_lowercase().starts_with(&typed))
            .take(MAX_SUGGESTIONS)
            .collect()
    }
}
