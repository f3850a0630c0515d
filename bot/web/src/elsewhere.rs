//! A game as one reader reads it, wherever it is served. With several processes on one
//! PostgreSQL, the page may reach any of them while the game lives in the one that holds its
//! chat's slot: the board asks that process ([`Desk::ask_holder`]), which reads the game
//! as it would for its own page and answers with the state and the facts the asker checks
//! the reader against. Who the reader is stays the asker's to prove: it sends whom to read
//! for and whether they may act, and refuses them itself when the facts say the game is not
//! theirs.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::view::state;
use cincobot_core::core::{Chat, GameId, GameView, Platform, Player};
use cincobot_core::i18n::{Locale, Texts};
use cincobot_runtime::questions::Answerer;
use cincobot_runtime::{Desk, Viewed};

/// The name the board's questions go under.
pub const SERVICE: &str = "web";

/// "Game `game` as `viewer` sees it, in `locale`, for a reader who `may_act`."
#[derive(Debug, Serialize, Deserialize)]
struct Question {
    game: i64,
    viewer: Option<(Platform, String)>,
    locale: Option<Locale>,
    may_act: bool,
}

/// A game as one reader sees it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Read {
    /// The chat the game is played in: where the reader's actions go.
    pub chat: Chat,
    pub players: Vec<Player>,
    /// The reader's seat, when they play the game.
    pub viewer_seat: Option<usize>,
    /// The page's state ([`super::view::State`]).
    pub state: serde_json::Value,
}

impl Read {
    fn of(texts: &Texts, view: &GameView, may_act: bool) -> Option<Read> {
        let state = match serde_json::to_value(state(texts, view, may_act)) {
            Ok(state) => state,
            Err(error) => {
                tracing::error!(%error, game = view.game.0, "a game's state that cannot be written");
                return None;
            }
        };
        Some(Read {
            chat: view.chat.clone(),
            players: view.players.clone(),
            viewer_seat: view.viewer_seat,
            state,
        })
    }

    /// Renju: the question to ask before `text` at `ply`, when the reader's move there
    /// loses at once (their state lists it, with the chat's words).
    #[must_use]
    pub fn losing_question(&self, ply: usize, text: &str) -> Option<(String, String)> {
        if self.state["ply"].as_u64() != u64::try_from(ply).ok() {
            return None;
        }
        let losing = self.state["you"]["losing"].as_array()?.iter().find(|losing| {
            losing["move"].as_str().is_some_and(|point| point.eq_ignore_ascii_case(text.trim()))
        })?;
        Some((losing["move"].as_str()?.to_owned(), losing["question"].as_str()?.to_owned()))
    }
}

/// Game `game` as `viewer` (a platform and their user id there; `None`: a spectator) sees
/// it, in `locale` (else the chat's), for a reader who `may_act`: read here when this
/// process serves it, else asked of the process that does. `None` when no process serves it.
pub async fn read(
    desk: &Desk,
    texts: &Texts,
    game: GameId,
    viewer: Option<(Platform, String)>,
    locale: Option<Locale>,
    may_act: bool,
) -> Option<Read> {
    let slot = match desk.view(game, viewer.clone(), locale).await {
        Viewed::Here(view) => return Read::of(texts, &view, may_act),
        Viewed::Elsewhere(slot) => slot,
        Viewed::Nowhere => return None,
    };
    let question = Question { game: game.0, viewer, locale, may_act };
    let question = serde_json::to_string(&question).ok()?;
    let answer = desk.ask_holder(slot, SERVICE, &question).await?;
    match serde_json::from_str(&answer) {
        Ok(read) => Some(read),
        Err(error) => {
            tracing::warn!(%error, game = game.0, "a game's state from another process this build cannot read");
            None
        }
    }
}

/// What answers the other processes' questions about the games `desk` serves here.
#[must_use]
pub fn answerer(desk: Desk, texts: Arc<Texts>) -> Answerer {
    Arc::new(move |question: String| {
        let (desk, texts) = (desk.clone(), Arc::clone(&texts));
        Box::pin(async move {
            let question: Question = match serde_json::from_str(&question) {
                Ok(question) => question,
                Err(error) => {
                    tracing::warn!(%error, "a question about a game this build cannot read");
                    return None;
                }
            };
            let game = GameId(question.game);
            match desk.view(game, question.viewer, question.locale).await {
                Viewed::Here(view) => {
                    serde_json::to_string(&Read::of(&texts, &view, question.may_act)?).ok()
                }
                // Let go meanwhile: the page asks again.
                Viewed::Elsewhere(_) | Viewed::Nowhere => None,
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_losing_move_s_question_is_read_from_the_state_at_its_ply_only() {
        let read = Read {
            chat: Chat {
                platform: Platform::Telegram,
                kind: cincobot_core::core::ChatKind::Group,
                id: "-5".to_owned(),
            },
            players: Vec::new(),
            viewer_seat: Some(0),
            state: serde_json::json!({
                "ply": 8,
                "you": {"losing": [{"move": "H8", "question": "Double three: play it?"}]}
            }),
        };
        let asked = Some(("H8".to_owned(), "Double three: play it?".to_owned()));
        assert_eq!(read.losing_question(8, "h8 "), asked);
        assert_eq!(read.losing_question(7, "h8"), None, "another ply");
        assert_eq!(read.losing_question(8, "h9"), None, "a move that does not lose");
    }
}
