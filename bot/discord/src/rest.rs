//! The adapter's REST calls, made here rather than by serenity's builders so that a refusal
//! keeps what serenity's error drops. Behind a proxy (`HttpBuilder::proxy`) serenity's rate
//! limiter must be off — it builds its URLs without the proxy — and serenity then turns a
//! refused call into an `ErrorResponse` that keeps only the status and the JSON's `code`
//! and `message`: a 429's `retry_after` (in the body), its `Retry-After` and
//! `X-RateLimit-Reset-After` headers and whether it is global are gone. Here a serenity
//! [`Request`] is sent as serenity sends it (through its rate limiter when it has one, else
//! through the proxy), the refusal is read whole, and a 429 is waited out as long as it says
//! ([`retry::pause`]): for that call alone, or for every call when it is global.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Serialize;
use serenity::all::{
    ApplicationId, ChannelId, CreateAttachment, CreateCommand, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateMessage, EditInteractionResponse, EditMessage,
    GuildId, Http, InteractionId, MessageId, UserId,
};
use serenity::http::{LightMethod, Multipart, MultipartUpload, Request, Route};
use tokio::time::Instant;

use super::retry::{self, Failure, Refusal};

/// Sends the adapter's calls, with the retries Discord's answers ask for.
#[derive(Debug)]
pub struct Rest {
    http: Arc<Http>,
    /// The client for calls through the proxy (serenity's own is not reachable).
    client: reqwest::Client,
    /// Until when every call waits: a global 429's end.
    global: Mutex<Option<Instant>>,
}

/// A call's body: JSON, with the files (a board's PNG) beside it when there are some.
///
/// # Errors
/// [`Failure::Unmade`] when `body` does not encode.
pub fn request<'a>(
    route: Route<'a>,
    method: LightMethod,
    body: &impl Serialize,
    files: Vec<CreateAttachment>,
) -> Result<Request<'a>, Failure> {
    let unmade = |error: serde_json::Error| Failure::Unmade(error.to_string());
    let request = Request::new(route, method);
    if files.is_empty() {
        return Ok(request.body(Some(serde_json::to_vec(body).map_err(unmade)?)));
    }
    Ok(request.multipart(Some(Multipart {
        upload: MultipartUpload::Attachments(files),
        payload_json: Some(serde_json::to_string(body).map_err(unmade)?),
        fields: Vec::new(),
    })))
}

impl Rest {
    #[must_use]
    pub fn new(http: Arc<Http>, client: reqwest::Client) -> Rest {
        Rest { http, client, global: Mutex::new(None) }
    }

    #[must_use]
    pub fn http(&self) -> &Http {
        &self.http
    }

    /// Makes `request` until it succeeds, fails for good, or has been made
    /// [`retry::ATTEMPTS`] times; the body of the answer.
    ///
    /// # Errors
    /// The last [`Failure`].
    pub async fn send(&self, what: &'static str, request: Request<'_>) -> Result<Vec<u8>, Failure> {
        let mut attempt = 1;
        loop {
            self.wait_global().await;
            let failure = match self.attempt(request.clone()).await {
                Ok(body) => return Ok(body),
                Err(failure) => failure,
            };
            let Some(pause) = retry::pause(&failure, attempt) else { return Err(failure) };
            if let Failure::Refused(Refusal { global: true, .. }) = failure {
                self.block_all(pause);
            }
            tracing::info!(call = what, status = ?retry::status(&failure), ?pause, attempt, "retrying a Discord call");
            tokio::time::sleep(pause).await;
            attempt += 1;
        }
    }

    /// Like [`Rest::send`], for a call that makes something (a message, a DM channel): its id.
    ///
    /// # Errors
    /// The last [`Failure`], or [`Failure::Unmade`] when the answer names nothing.
    pub async fn made(&self, what: &'static str, request: Request<'_>) -> Result<u64, Failure> {
        let body = self.send(what, request).await?;
        let answer: serde_json::Value = serde_json::from_slice(&body)
            .map_err(|error| Failure::Unmade(format!("{what}: {error}")))?;
        answer["id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok())
            .filter(|id| *id != 0)
            .ok_or_else(|| Failure::Unmade(format!("{what}: no id in the answer")))
    }

    /// Sends a call with no body.
    ///
    /// # Errors
    /// The last [`Failure`].
    pub async fn bare(
        &self,
        what: &'static str,
        route: Route<'_>,
        method: LightMethod,
    ) -> Result<(), Failure> {
        self.send(what, Request::new(route, method)).await.map(|_| ())
    }

    async fn wait_global(&self) {
        let until = self.global.lock().ok().and_then(|until| *until);
        if let Some(until) = until
            && until > Instant::now()
        {
            tokio::time::sleep_until(until).await;
        }
    }

    fn block_all(&self, pause: Duration) {
        if let Ok(mut until) = self.global.lock() {
            let end = Instant::now() + pause;
            *until = Some(until.map_or(end, |known| known.max(end)));
        }
    }

    async fn attempt(&self, request: Request<'_>) -> Result<Vec<u8>, Failure> {
        let response = match &self.http.ratelimiter {
            Some(limiter) => limiter.perform(request).await.map_err(unanswered)?,
            None => {
                let built = request
                    .build(&self.client, self.http.token(), self.http.proxy.as_deref())
                    .map_err(|error| Failure::Unmade(error.to_string()))?;
                built.send().await.map_err(|error| Failure::Unanswered(error.to_string()))?
            }
        };
        let status = response.status().as_u16();
        let headers = response.headers();
        let header = |name: &str| headers.get(name).and_then(|value| value.to_str().ok());
        let waited = header("retry-after").or_else(|| header("x-ratelimit-reset-after"));
        let header_wait = waited.and_then(retry::seconds);
        let header_global = header("x-ratelimit-global").is_some();
        let body =
            response.bytes().await.map_err(|error| Failure::Unanswered(error.to_string()))?;
        if (200..300).contains(&status) {
            return Ok(body.to_vec());
        }
        let answer: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
        let retry_after = answer["retry_after"]
            .as_f64()
            .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
            .or(header_wait);
        Err(Failure::Refused(Refusal {
            status,
            code: answer["code"].as_i64().and_then(|code| isize::try_from(code).ok()),
            message: answer["message"].as_str().unwrap_or_default().to_owned(),
            retry_after,
            global: answer["global"].as_bool().unwrap_or(false) || header_global,
        }))
    }
}

fn unanswered(error: serenity::Error) -> Failure {
    Failure::Unanswered(error.to_string())
}

/// The calls the adapter makes, each one route of Discord's API.
impl Rest {
    fn application(&self) -> Result<ApplicationId, Failure> {
        self.http.application_id().ok_or_else(|| Failure::Unmade("no application id yet".into()))
    }

    /// An interaction's one response (with the board's files, if it carries one).
    ///
    /// # Errors
    /// The last [`Failure`].
    pub async fn respond(
        &self,
        what: &'static str,
        (interaction_id, token): (InteractionId, &str),
        response: &CreateInteractionResponse,
        files: Vec<CreateAttachment>,
    ) -> Result<(), Failure> {
        let route = Route::InteractionResponse { interaction_id, token };
        self.send(what, request(route, LightMethod::Post, response, files)?).await.map(|_| ())
    }

    /// An interaction's response that posts a message, asking Discord to answer with that
    /// message (`with_response`): its id, so that no second call has to ask for it; `None`
    /// when the answer does not carry it.
    ///
    /// # Errors
    /// The last [`Failure`].
    pub async fn respond_made(
        &self,
        (interaction_id, token): (InteractionId, &str),
        response: &CreateInteractionResponse,
        files: Vec<CreateAttachment>,
    ) -> Result<Option<MessageId>, Failure> {
        let route = Route::InteractionResponse { interaction_id, token };
        let request = request(route, LightMethod::Post, response, files)?
            .params(Some(vec![("with_response", "true".to_owned())]));
        let body = self.send("respond", request).await?;
        let answer: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
        Ok(answer["resource"]["message"]["id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok())
            .filter(|id| *id != 0)
            .map(MessageId::new))
    }

    /// The id of the message an interaction's response made.
    ///
    /// # Errors
    /// The last [`Failure`].
    pub async fn original(&self, token: &str) -> Result<MessageId, Failure> {
        let route = Route::WebhookOriginalInteractionResponse {
            application_id: self.application()?,
            token,
        };
        self.made("original response", Request::new(route, LightMethod::Get))
            .await
            .map(MessageId::new)
    }

    /// Edits an interaction's original response (a deferred one's placeholder, or the
    /// pressed message).
    ///
    /// # Errors
    /// The last [`Failure`].
    pub async fn edit_original(
        &self,
        token: &str,
        edit: &EditInteractionResponse,
        files: Vec<CreateAttachment>,
    ) -> Result<MessageId, Failure> {
        let route = Route::WebhookOriginalInteractionResponse {
            application_id: self.application()?,
            token,
        };
        let request = request(route, LightMethod::Patch, edit, files)?;
        self.made("edit response", request).await.map(MessageId::new)
    }

    /// Deletes an interaction's original response.
    ///
    /// # Errors
    /// The last [`Failure`].
    pub async fn delete_original(&self, token: &str) -> Result<(), Failure> {
        let route = Route::WebhookOriginalInteractionResponse {
            application_id: self.application()?,
            token,
        };
        self.bare("delete response", route, LightMethod::Delete).await
    }

    /// A follow-up message of an interaction.
    ///
    /// # Errors
    /// The last [`Failure`].
    pub async fn follow_up(
        &self,
        token: &str,
        followup: &CreateInteractionResponseFollowup,
        files: Vec<CreateAttachment>,
    ) -> Result<(), Failure> {
        let route = Route::WebhookFollowupMessages { application_id: self.application()?, token };
        let request = request(route, LightMethod::Post, followup, files)?;
        self.send("follow up", request).await.map(|_| ())
    }

    /// Posts a message with the bot's token; its id.
    ///
    /// # Errors
    /// The last [`Failure`].
    pub async fn create_message(
        &self,
        channel_id: ChannelId,
        message: &CreateMessage,
        files: Vec<CreateAttachment>,
    ) -> Result<MessageId, Failure> {
        let route = Route::ChannelMessages { channel_id };
        let request = request(route, LightMethod::Post, message, files)?;
        self.made("create message", request).await.map(MessageId::new)
    }

    /// Edits a message with the bot's token.
    ///
    /// # Errors
    /// The last [`Failure`].
    pub async fn edit_message(
        &self,
        (channel_id, message_id): (ChannelId, MessageId),
        edit: &EditMessage,
        files: Vec<CreateAttachment>,
    ) -> Result<(), Failure> {
        let route = Route::ChannelMessage { channel_id, message_id };
        let request = request(route, LightMethod::Patch, edit, files)?;
        self.send("edit message", request).await.map(|_| ())
    }

    /// Deletes a message.
    ///
    /// # Errors
    /// The last [`Failure`].
    pub async fn delete_message(
        &self,
        channel_id: ChannelId,
        message_id: MessageId,
    ) -> Result<(), Failure> {
        let route = Route::ChannelMessage { channel_id, message_id };
        self.bare("delete message", route, LightMethod::Delete).await
    }

    /// The DM channel with `user`.
    ///
    /// # Errors
    /// The last [`Failure`].
    pub async fn open_dm(&self, user: UserId) -> Result<ChannelId, Failure> {
        let body = serde_json::json!({ "recipient_id": user.get().to_string() });
        let request = request(Route::UserMeDmChannels, LightMethod::Post, &body, Vec::new())?;
        self.made("open DM", request).await.map(ChannelId::new)
    }

    /// Registers `commands` in `guild`, or globally.
    ///
    /// # Errors
    /// The last [`Failure`].
    pub async fn set_commands(
        &self,
        guild: Option<GuildId>,
        commands: &[CreateCommand],
    ) -> Result<(), Failure> {
        let application_id = self.application()?;
        let route = match guild {
            Some(guild_id) => Route::GuildCommands { application_id, guild_id },
            None => Route::Commands { application_id },
        };
        let request = request(route, LightMethod::Put, &commands, Vec::new())?;
        self.send("register commands", request).await.map(|_| ())
    }
}
