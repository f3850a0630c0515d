//! Draw, or fall back to text: the choice every adapter makes the same way for a message that
//! comes with a picture (a board, a CINCO table or hand). The picture is drawn in the
//! process's drawing pool ([`Drawing`]); when it cannot be drawn the message still goes out,
//! as its words alone, so a player never misses a move for a drawing's fault. A replay's GIF
//! is drawn in the same pool; one that cannot be drawn is not sent (its words say nothing
//! without it).

use std::sync::Arc;

use super::Drawing;
use crate::core::Message;
use crate::games::Animation;

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
        match self.png(board.picture.clone()).await {
            Ok(Ok(png)) => Some(Drawn { png, file_name: board.file_name.clone() }),
            Ok(Err(error)) => {
                tracing::error!(%error, "drawing a picture failed; sent as text");
                None
            }
            Err(error) => {
                tracing::error!(%error, "the drawing thread failed; sent as text");
                None
            }
        }
    }

    /// The GIF of a replay; `None` when drawing it failed (logged).
    pub async fn replay(&self, animation: Arc<Animation>) -> Option<Vec<u8>> {
        match self.gif(animation).await {
            Ok(Ok(gif)) => Some(gif),
            Ok(Err(error)) => {
                tracing::error!(%error, "drawing a replay failed");
                None
            }
            Err(error) => {
                tracing::error!(%error, "the drawing thread failed");
                None
            }
        }
    }
}
