//! Draw, or fall back to text: the choice every adapter makes the same way for a message that
//! comes with a picture (a board, a CINCO table or hand). The picture is drawn in the
//! process's drawing pool ([`Drawing`]); when it cannot be drawn the message still goes out,
//! as its words alone, so a player never misses a move for a drawing's fault. A replay's GIF
//! is drawn in the same pool; one that cannot be drawn is not sent (its words say nothing
//! without it).

use std::sync::Arc;

use render::RenderError;
use tokio::task::JoinError;

use super::Drawing;
use cincobot_core::core::Message;
use cincobot_core::games::Animation;

/// A message's picture, drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub png: Vec<u8>,
    pub file_name: String,
}

impl Drawing {
    /// The PNG of `message`'s picture; `None` when it has none, or when drawing it failed
    /// (logged): the message then goes as text.
    pub async fn picture(&self, message: &Message) -> Option<Drawn> {
        let board = message.board.as_ref()?;
        let png = logged(self.png(board.picture.clone()).await, "a picture, sent as text")?;
        Some(Drawn { png, file_name: board.file_name.clone() })
    }

    /// The GIF of a replay; `None` when drawing it failed (logged).
    pub async fn replay(&self, animation: Arc<Animation>) -> Option<Vec<u8>> {
        logged(self.gif(animation).await, "a replay, not sent")
    }
}

/// What was drawn, or `None` with why `what` was not (the drawing, or its thread, failed).
fn logged<T>(drawn: Result<Result<T, RenderError>, JoinError>, what: &'static str) -> Option<T> {
    match drawn {
        Ok(Ok(drawn)) => Some(drawn),
        Ok(Err(error)) => {
            tracing::error!(%error, what, "drawing failed");
            None
        }
        Err(error) => {
            tracing::error!(%error, what, "the drawing thread failed");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cincobot_core::core::BoardImage;
    use cincobot_core::games::{GameKind, GameSettings, Labels, Position, Standing};
    use cincobot_core::i18n::Locale;

    #[tokio::test]
    async fn a_board_is_drawn_and_a_text_stays_text() {
        let position = Position::start(&GameSettings::default_for(GameKind::Gomoku));
        let labels = Labels { names: ["ana".into(), "bruno".into()], ..Labels::default() };
        let picture = position.picture(&labels, Standing::Playing);
        let expected = picture.png().expect("drawn");
        let mut message = Message::text(Locale::En, Vec::new());
        let drawing = Drawing::new();
        assert_eq!(drawing.picture(&message).await, None, "no picture: sent as text");
        let file_name = "game-1-ply-0.png".to_owned();
        message.board = Some(BoardImage { picture, diagram: String::new(), file_name });
        let drawn = drawing.picture(&message).await.expect("drawn");
        assert_eq!((drawn.png, drawn.file_name.as_str()), (expected, "game-1-ply-0.png"));
    }
}
