//! The update tree: messages and callback queries become core inputs. What the core says
//! to the chat goes out through the chat's queue; what it says only to the user who acted
//! comes back here: a callback answer for a button, a short reply for a typed command.

use std::convert::Infallible;
use std::sync::Arc;

use teloxide::dispatching::UpdateHandler;
use teloxide::prelude::*;
use teloxide::types::{
    CallbackQuery, MaybeInaccessibleMessage, Message as TgMessage, MessageEntityKind,
    MessageEntityRef, User as TgUser,
};

use super::command::{Understood, sound_entities, understand};
use super::delivery::Delivery;
use super::keyboard;
use super::retry::{self, patiently};
use cincobot_core::core::{Action, Chat, ChatKind, EventId, Input, Output, Platform, User};
use cincobot_core::i18n::{Locale, Text, Texts};
use cincobot_runtime::Desk;
use cincobot_runtime::config::Secret;

/// What every handler shares.
#[derive(Debug)]
pub struct App {
    pub desk: Desk,
    pub delivery: Arc<Delivery>,
    pub texts: Arc<Texts>,
    /// The bot's username, from `getMe`.
    pub username: String,
    pub token: Secret,
}

/// The whole update tree. Its branches decide which updates Telegram sends (`allowed_updates`):
/// messages and callback queries.
#[must_use]
pub fn handler_tree() -> UpdateHandler<Infallible> {
    dptree::entry()
        .branch(Update::filter_message().endpoint(on_message))
        .branch(Update::filter_callback_query().endpoint(on_callback))
}

/// A Telegram user as the core knows them: by id, called by their username when there is
/// one (else their first name), and mentioned by their username.
#[must_use]
pub fn person(user: &TgUser) -> User {
    let name = user.username.clone().unwrap_or_else(|| user.first_name.clone());
    User { id: user.id.0.to_string(), name, handle: user.username.clone() }
}

/// A message as a platform event: message ids are unique within their chat.
fn message_event(message: &TgMessage) -> EventId {
    EventId(format!("m:{}:{}", message.chat.id.0, message.id.0))
}

fn chat_of(chat: &teloxide::types::Chat) -> Chat {
    Chat {
        platform: Platform::Telegram,
        id: chat.id.0.to_string(),
        kind: if chat.is_private() { ChatKind::Private } else { ChatKind::Group },
    }
}

fn locale_of(user: &TgUser) -> Option<Locale> {
    user.language_code.as_deref().and_then(Locale::from_tag)
}

impl App {
    /// Hands `input` to the core; what is only for the user who acted comes back.
    async fn ask(&self, input: Input) -> Vec<Output> {
        self.desk.ask(input).await.private
    }

    async fn is_admin(&self, bot: &Bot, chat: &teloxide::types::Chat, user: &TgUser) -> bool {
        if chat.is_private() {
            return true;
        }
        match patiently("getChatMember", || bot.get_chat_member(chat.id, user.id).send()).await {
            Ok(member) => member.is_privileged(),
            Err(error) => {
                let error = retry::describe(&error, self.token.expose());
                tracing::warn!(%error, "getChatMember failed");
                false
            }
        }
    }
}

async fn on_message(bot: Bot, message: TgMessage, app: Arc<App>) -> Result<(), Infallible> {
    if let (Some(to), Some(user)) = (message.migrate_to_chat_id(), message.from.as_ref()) {
        let action = Action::ChatMoved { to: to.0.to_string() };
        let input =
            Input::new(message_event(&message), person(user), chat_of(&message.chat), None, action);
        app.ask(input).await;
        return Ok(());
    }
    let (Some(user), Some(text)) = (message.from.as_ref(), message.text()) else { return Ok(()) };
    if user.is_bot {
        return Ok(());
    }
    let sound =
        message.entities().map(|entities| sound_entities(text, entities)).unwrap_or_default();
    let entities = MessageEntityRef::parse(text, &sound);
    let locale = locale_of(user);
    let action = match understand(text, &entities, &app.username) {
        Understood::Ignore => return Ok(()),
        Understood::Link => {
            app.delivery.linked(user.id, locale.unwrap_or_default());
            // The core sends what waited for this user in its store; its greeting is the
            // one `linked` already sent.
            let start = Action::Command("/start".to_owned());
            let input = Input::new(
                message_event(&message),
                person(user),
                chat_of(&message.chat),
                locale,
                start,
            );
            app.ask(input).await;
            return Ok(());
        }
        Understood::Input(action) => action,
    };
    // Only for what needs an admin is the membership asked: one call less per move.
    let is_chat_admin =
        action.needs_admin(&app.username) && app.is_admin(&bot, &message.chat, user).await;
    let introduced = entities
        .iter()
        .filter_map(|entity| match entity.kind() {
            MessageEntityKind::TextMention { user } if !user.is_bot => Some(person(user)),
            _ => None,
        })
        .collect();
    let replied_to = message
        .reply_to_message()
        .and_then(|replied| replied.from.as_ref())
        .filter(|author| !author.is_bot && author.id != user.id)
        .map(person);
    let input = Input {
        event: message_event(&message),
        user: person(user),
        chat: chat_of(&message.chat),
        is_chat_admin: is_chat_admin || message.chat.is_private(),
        locale,
        introduced,
        replied_to,
        action,
    };
    for output in app.ask(input).await {
        if let Output::Reply { locale, lines, .. } = output {
            app.delivery.reply(message.chat.id, message.id, locale, lines);
        }
    }
    Ok(())
}

async fn on_callback(bot: Bot, query: CallbackQuery, app: Arc<App>) -> Result<(), Infallible> {
    let locale = locale_of(&query.from);
    let (Some(data), Some(pressed)) = (query.data.clone(), query.message.as_ref()) else {
        let text = app.texts.render(locale.unwrap_or_default(), &Text::new("button-unknown"));
        answer(&bot, &app, &query, Some(text)).await;
        return Ok(());
    };
    let input = Input::new(
        EventId(format!("q:{}", query.id.0)),
        person(&query.from),
        chat_of(pressed.chat()),
        locale,
        Action::Button(data),
    );
    let mut replies = Vec::new();
    for output in app.ask(input).await {
        match output {
            Output::Reply { locale, lines, .. } => {
                replies.push(app.texts.render_lines(locale, &lines));
            }
            Output::Keyboard { locale, components, .. } => {
                edit_buttons(&bot, &app, pressed, locale, &components).await;
            }
            Output::Send { .. }
            | Output::Board { .. }
            | Output::Direct { .. }
            | Output::File { .. } => {}
        }
    }
    let text = (!replies.is_empty()).then(|| replies.join("\n"));
    answer(&bot, &app, &query, text).await;
    Ok(())
}

/// The picker's next step, on the message whose button was pressed.
async fn edit_buttons(
    bot: &Bot,
    app: &App,
    pressed: &MaybeInaccessibleMessage,
    locale: Locale,
    components: &[cincobot_core::core::Row],
) {
    let markup = keyboard::markup(&app.texts, locale, components);
    let (chat, id) = (pressed.chat().id, pressed.id());
    let result = patiently("editMessageReplyMarkup", || {
        let mut request = bot.edit_message_reply_markup(chat, id);
        request.reply_markup = markup.clone();
        request.send()
    })
    .await;
    if let Err(error) = result
        && !retry::not_modified(&error)
    {
        let error = retry::describe(&error, app.token.expose());
        tracing::warn!(%error, "editMessageReplyMarkup failed");
    }
}

/// Every callback query is answered, once: with the press's reply, or silently.
async fn answer(bot: &Bot, app: &App, query: &CallbackQuery, text: Option<String>) {
    let result = patiently("answerCallbackQuery", || {
        let mut request = bot.answer_callback_query(query.id.clone());
        request.text = text.as_ref().map(|text| text.chars().take(200).collect());
        request.send()
    })
    .await;
    if let Err(error) = result {
        let error = retry::describe(&error, app.token.expose());
        tracing::warn!(%error, "answerCallbackQuery failed");
    }
}
