//! CINCO's pictures on Telegram. A hand in its player's private chat: the hand's picture with
//! its buttons under it, one message per game, edited in place (`editMessageMedia`) by every
//! newer hand, and after a restart the message the core recorded. A hand asked for again
//! (`/hand`, My hand) or a bid request (which must notify: an edit does not) is posted anew
//! at the bottom of the chat and the old one deleted. The group's table is a board
//! ([`Output::Board`](cincobot_core::core::Output::Board)), edited in place like one.

use teloxide::RequestError;
use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardMarkup, InputFile, InputMedia, InputMediaPhoto, MessageId};

use super::delivery::{CAPTION_LIMIT, ChatState, Delivery, Job};
use super::queue::ChatQueue;
use super::retry::{cannot_write_to_user, not_modified};
use cincobot_core::core::{HandSlot, Message, Platform, Prompt};
use cincobot_runtime::pieces::clip;

/// A message as a photo: its picture, its lines as the caption, its buttons.
struct Photo {
    file: InputFile,
    caption: String,
    markup: Option<InlineKeyboardMarkup>,
}

impl Delivery {
    /// Draws `message`'s picture off the task; `None` when it has none or the drawing
    /// failed, and the message goes as text.
    async fn photo(&self, message: &Message) -> Option<Photo> {
        let drawn = self.drawing.picture(message).await?;
        Some(Photo {
            file: InputFile::memory(drawn.png).file_name(drawn.file_name),
            caption: clip(&self.texts.render_lines(message.locale, &message.lines), CAPTION_LIMIT),
            markup: super::keyboard::markup(&self.texts, message.locale, &message.components),
        })
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
        // After a restart only the core knows the message: the one it says showed the hand.
        let recorded = match &prompt {
            Some(Prompt::Hand { edit: Some(id), .. }) => id.parse().ok().map(MessageId),
            _ => None,
        };
        let current = state.hands.current(&slot.game, recorded);
        if let (false, Some(id)) = (slot.anew || slot.notify, current) {
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
            let edited = match result {
                Ok(_) => true,
                Err(error) if not_modified(&error) => true,
                // Deleted by its reader, too old to edit…: a new one takes its place.
                Err(error) => {
                    self.log_failure("editMessageMedia", Err(error));
                    false
                }
            };
            if edited {
                state.hands.show(slot.game, id, current);
                return self.report_hand(user, prompt, id);
            }
        }
        match self.post_photo(state, &photo).await {
            Ok(posted) => {
                let replaced = state.hands.show(slot.game, posted, current);
                self.report_hand(user, prompt, posted);
                if let Some(old) = replaced {
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
