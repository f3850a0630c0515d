//! CINCO's pictures on Telegram. A hand in its player's private chat: the hand's picture with
//! its buttons under it, one message per game, edited in place (`editMessageMedia`) by every
//! newer hand or bid request. A hand asked for again (`/hand`, My hand) is posted anew at the
//! bottom of the chat and the old one deleted, since the one shown may have scrolled far up.
//! The group's table after each action is a photo of its own, under its lines.

use teloxide::RequestError;
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardMarkup, InputFile, InputMedia, InputMediaPhoto, MessageId};

use super::delivery::{CAPTION_LIMIT, ChatState, Delivery, Job, clip};
use super::queue::ChatQueue;
use super::retry::{cannot_write_to_user, not_modified};
use crate::core::{HandSlot, Message, Platform, Prompt};

/// A message as a photo: its picture, its lines as the caption, its buttons.
struct Photo {
    file: InputFile,
    caption: String,
    markup: Option<InlineKeyboardMarkup>,
}

impl Delivery {
    /// Draws `message`'s picture off the task; `None` (logged) when it has none or the
    /// drawing failed, and the message goes as text.
    async fn photo(&self, message: &Message) -> Option<Photo> {
        let board = message.board.as_ref()?;
        let png = match self.drawing.png(board.picture.clone()).await {
            Ok(Ok(png)) => png,
            Ok(Err(error)) => {
                tracing::error!(%error, "drawing a CINCO picture; sent as text");
                return None;
            }
            Err(error) => {
                tracing::error!(%error, "the drawing thread failed; sent as text");
                return None;
            }
        };
        Some(Photo {
            file: InputFile::memory(png).file_name(board.file_name.clone()),
            caption: clip(&self.texts.render_lines(message.locale, &message.lines), CAPTION_LIMIT),
            markup: super::keyboard::markup(&self.texts, message.locale, &message.components),
        })
    }

    /// A message with a picture (the CINCO table) as a new photo in the chat.
    pub(super) async fn send_picture(&self, state: &mut ChatState, message: &Message) {
        let Some(Photo { file, caption, markup }) = self.photo(message).await else {
            self.send_text(state, message, None).await;
            return;
        };
        let result = self.post_photo(state, &Photo { file, caption, markup }).await;
        self.log_failure("sendPhoto", result.map(|_| ()));
    }

    /// Posts `photo` in the chat, at its pace.
    async fn post_photo(
        &self,
        state: &mut ChatState,
        Photo { file, caption, markup }: &Photo,
    ) -> Result<MessageId, RequestError> {
        let chat = state.chat;
        self.paced(state, true, "sendPhoto", || {
            let mut request = self.bot.send_photo(chat, file.clone()).caption(caption.clone());
            request.reply_markup = markup.clone().map(Into::into);
            request.send()
        })
        .await
        .map(|posted| posted.id)
    }

    /// Shows `message`, the hand of `slot`, in `user`'s private chat, and reports it to the
    /// core when it follows it (`prompt`); a hand that cannot be drawn goes as text.
    pub(super) async fn show_hand(
        self: &std::sync::Arc<Self>,
        state: &mut ChatState,
        queue: &mut ChatQueue<Job>,
        (user, slot, prompt): (&str, HandSlot, Option<Prompt>),
        message: Message,
        origin: Option<ChatId>,
    ) {
        let Some(photo) = self.photo(&message).await else {
            self.send_direct(state, user, message, prompt, origin).await;
            return;
        };
        let chat = state.chat;
        let current = state.hands.get(&slot.game).copied();
        if let (false, Some(id)) = (slot.anew, current) {
            let media = InputMedia::Photo(
                InputMediaPhoto::new(photo.file.clone()).caption(photo.caption.clone()),
            );
            let result = self
                .paced(state, false, "editMessageMedia", || {
                    let mut request = self.bot.edit_message_media(chat, id, media.clone());
                    request.reply_markup = photo.markup.clone();
                    request.send()
                })
                .await;
            match result {
                Ok(_) => return self.report_hand(user, prompt, id),
                Err(error) if not_modified(&error) => return self.report_hand(user, prompt, id),
                // Deleted by its reader, too old to edit…: a new one takes its place.
                Err(error) => self.log_failure("editMessageMedia", Err(error)),
            }
        }
        match self.post_photo(state, &photo).await {
            Ok(posted) => {
                state.hands.insert(slot.game, posted);
                self.report_hand(user, prompt, posted);
                if let Some(old) = current.filter(|old| *old != posted) {
                    self.follow_up(queue, state, Job::Delete(old));
                }
            }
            Err(error) if cannot_write_to_user(&error) => {
                self.keep_for_later(chat, user, message, prompt, origin);
            }
            Err(error) => self.log_failure("sendPhoto", Err(error)),
        }
    }

    /// Tells the core which message now shows a hand it follows.
    fn report_hand(&self, user: &str, prompt: Option<Prompt>, shown: MessageId) {
        if let Some(prompt) = prompt {
            self.desk.direct_sent(Platform::Telegram, user.to_owned(), prompt, shown.0.to_string());
        }
    }
}
