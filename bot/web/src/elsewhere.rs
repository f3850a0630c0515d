//! A game as one reader reads it, wherever it is served. With several processes on one
//! PostgreSQL, the page may reach any of them while the game lives in the one that holds its
//! chat's slot: the board asks that process ([`Desk::ask_holder_of`]), which reads the game
//! as it would for its own page and answers with the state and the facts the asker checks
//! the reader against. The asker never trusts the answer with who the reader is: it sends
//! whom to read for and decides itself what they may do.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::view::state;
use cincobot_core::core::{Chat, GameId, GameView, Platform, Player};
use cincobot_core::i18n::{Locale, Texts};
use cincobot_runtime::Desk;
use cincobot_runtime::questions::Answerer;

/// The name the board's questions go under.
pub const SERVICE: &str = "web";

/// "Game `game` as `viewer` sees it, in `locale`."
#[derive(Debug, Serialize, Deserialize)]
struct Question {
    game: i64,
    viewer: Option<(Platform, String)>,
    locale: Option<Locale>,
}

/// A game as one reader sees it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Read {
    /// The chat the game is played in: where the reader's actions go.
    pub chat: Chat,
    pub players: Vec<Player>,
    /// The reader's seat, when they play the game.
    pub viewer_seat: Option<usize>,
    /// The page's state ([`super::view::State`]) as for a reader who may act: whoever
    /// answers the page decides whether they may ([`Read::state`]).
    pub state: serde_json::Value,
}

impl Read {
    fn of(texts: &Texts, view: &GameView) -> Option<Read> {
        let state = match serde_json::to_value(state(texts, view, true)) {
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

    /// The state to send the reader; `may_act`: they may act. One who may not is told so,
    /// and offered no moves.
    #[must_use]
    pub fn state(mut self, may_act: bool) -> serde_json::Value {
        if !may_act
            && let Some(you) = self.state.get_mut("you").and_then(serde_json::Value::as_object_mut)
        {
            you.insert("may_act".to_owned(), serde_json::Value::Bool(false));
            you.insert("legal".to_owned(), serde_json::Value::Array(Vec::new()));
        }
        self.state
    }
}

/// Game `game` as `viewer` (a platform and their user id there; `None`: a spectator) sees
/// it, in `locale` (else the chat's): read here when this process serves it, else asked of
/// the process that does. `None` when no process serves it.
pub async fn read(
    desk: &Desk,
    texts: &Texts,
    game: GameId,
    viewer: Option<(Platform, String)>,
    locale: Option<Locale>,
) -> Option<Read> {
    if let Some(view) = desk.view(game, viewer.clone(), locale).await {
        return Read::of(texts, &view);
    }
    let question = Question { game: game.0, viewer, locale };
    let question = serde_json::to_string(&question).ok()?;
    let answer = desk.ask_holder_of(game, SERVICE, &question).await?;
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
            let view = desk.view(GameId(question.game), question.viewer, question.locale).await?;
            serde_json::to_string(&Read::of(&texts, &view)?).ok()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reader_s_right_to_act_is_set_by_whoever_answers_the_page() {
        let read = |state: serde_json::Value| Read {
            chat: Chat {
                platform: Platform::Telegram,
                kind: cincobot_core::core::ChatKind::Group,
                id: "-5".to_owned(),
            },
            players: Vec::new(),
            viewer_seat: None,
            state,
        };
        let said = read(
            serde_json::json!({"game": 3, "you": {"seat": 0, "may_act": true, "legal": ["h8"]}}),
        );
        assert_eq!(said.clone().state(true), said.state, "as it came");
        assert_eq!(
            said.state(false)["you"],
            serde_json::json!({"seat": 0, "may_act": false, "legal": []})
        );
        // A state without a reader's part (another build's) is passed on as it came.
        let odd = read(serde_json::json!(["not", "a", "state"]));
        assert_eq!(odd.state(true), serde_json::json!(["not", "a", "state"]));
    }
}
