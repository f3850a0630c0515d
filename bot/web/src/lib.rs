//! The web board (issue 31): a page, opened inside Telegram as a Mini App, that shows a game
//! live and takes taps on the board as moves. It is an adapter like the chat platforms'
//! but owns no platform: its games are the chats' games, its actions are the core inputs a
//! chat button makes ([`routes`]), and it learns that a game changed by watching the
//! desk's outputs ([`hub`]). Who asks is proven by Telegram's signature or by the bot's own
//! signed link ([`identity`]); floods are refused per caller ([`limits`]). docs/web.md.

pub mod cinco;
pub mod elsewhere;
pub mod hub;
pub mod identity;
pub mod limits;
pub mod links;
pub mod routes;
pub mod server;
pub mod view;
pub mod words;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use cincobot_core::core::{BoardLinks, GameId, Platform};
use cincobot_core::i18n::{Locale, Texts};
use cincobot_runtime::adapter::{Adapter, AdapterError, Connection, Serving, Step, Task, boxed};
use cincobot_runtime::config::{Config, Secret};
use cincobot_runtime::{Desk, Outlet, Watch};

use hub::Hub;
use identity::LinkKey;
use limits::Limiter;
use links::WebLinks;

/// The web board as configured.
#[derive(Debug)]
pub struct WebSettings {
    pub listen: SocketAddr,
    /// A socket bound already, served instead of binding `listen` (tests bind port 0).
    pub socket: Option<std::net::TcpListener>,
    /// The Telegram bot's token, which Telegram's sign-ins are checked with; `None`: no
    /// Telegram, only links sign in.
    pub telegram_token: Option<Secret>,
    pub link_key: LinkKey,
    pub init_data_max_age: Duration,
    /// The page's words when the reader's language is unknown.
    pub default_locale: Locale,
    /// The links the chats hand out, when `public_url` says where the page is.
    pub links: Option<WebLinks>,
}

impl WebSettings {
    /// The web board of `config`, `None` when `[web] listen` is unset. Without a link key,
    /// one is drawn: links then die with the process.
    ///
    /// # Errors
    /// A `[web]` key that is wrong, or no random source for the key.
    pub fn from_config(config: &Config) -> Result<Option<WebSettings>, AdapterError> {
        let Some(web) = config.web.web().map_err(|error| -> AdapterError { Box::new(error) })?
        else {
            return Ok(None);
        };
        let link_key = match &web.link_key {
            Some(key) => LinkKey::new(key.expose().as_bytes()),
            None => {
                tracing::warn!(
                    "no web link key configured (CINCOBOT_WEB_KEY): one is drawn, and links \
                     die when the bot stops"
                );
                LinkKey::draw().map_err(|error| error.to_string())?
            }
        };
        let telegram = &config.telegram.token;
        let links = web.public_url.as_ref().map(|url| {
            let app = web.telegram_app.as_deref().map(|app| (config.bot_name.as_str(), app));
            WebLinks::new(link_key.clone(), url.as_str(), web.link_ttl, app)
        });
        Ok(Some(WebSettings {
            links,
            listen: web.listen,
            socket: None,
            telegram_token: (!telegram.is_empty()).then(|| telegram.clone()),
            link_key,
            init_data_max_age: web.init_data_max_age,
            default_locale: config.default_locale,
        }))
    }
}

impl WebSettings {
    /// The links the chats hand out (`None` without `public_url`): the core is given them
    /// before it serves.
    #[must_use]
    pub fn board_links(&self) -> Option<Arc<dyn BoardLinks>> {
        let links: Arc<dyn BoardLinks> = Arc::new(self.links.clone()?);
        Some(links)
    }
}

/// What every request of the web board reads.
#[derive(Debug)]
pub struct Web {
    desk: Desk,
    texts: Arc<Texts>,
    telegram_token: Option<Secret>,
    link_key: LinkKey,
    init_data_max_age: Duration,
    default_locale: Locale,
    hub: Arc<Hub>,
    actions: Limiter,
    reads: Limiter,
    addresses: Limiter,
    /// Cancelled when the board stops: the event streams end with it.
    stop: CancellationToken,
}

impl Web {
    /// Game `game` as `viewer` reads it, acting if they `may_act`, wherever it is served
    /// ([`elsewhere::read`]).
    async fn read(
        &self,
        game: GameId,
        viewer: Option<(Platform, String)>,
        locale: Option<Locale>,
        may_act: bool,
    ) -> Option<elsewhere::Read> {
        elsewhere::read(&self.desk, &self.texts, game, viewer, locale, may_act).await
    }
}

impl Adapter for WebSettings {
    fn platform(&self) -> Option<Platform> {
        None
    }

    /// Binds the address and loads the words; serves nothing yet.
    fn connect(
        self: Box<Self>,
        desk: Desk,
    ) -> Step<'static, Result<Box<dyn Connection>, AdapterError>> {
        boxed(async move {
            let settings = *self;
            let socket = match settings.socket {
                Some(socket) => {
                    socket.set_nonblocking(true)?;
                    TcpListener::from_std(socket)?
                }
                None => TcpListener::bind(settings.listen).await?,
            };
            let texts = Arc::new(Texts::load()?);
            desk.answer_questions(
                elsewhere::SERVICE,
                elsewhere::answerer(desk.clone(), Arc::clone(&texts)),
            );
            let hub = Hub::new(&desk.news());
            let web = Web {
                desk,
                texts,
                telegram_token: settings.telegram_token,
                link_key: settings.link_key,
                init_data_max_age: settings.init_data_max_age,
                default_locale: settings.default_locale,
                hub,
                actions: Limiter::new(limits::ACTIONS),
                reads: Limiter::new(limits::READS),
                addresses: Limiter::new(limits::ADDRESS),
                stop: CancellationToken::new(),
            };
            Ok::<_, AdapterError>(Connected { web: Arc::new(web), socket })
        })
    }
}

/// The board bound, not serving yet.
struct Connected {
    web: Arc<Web>,
    socket: TcpListener,
}

impl Connection for Connected {
    fn outlet(&self) -> Option<Arc<dyn Outlet>> {
        None
    }

    fn watch(&self) -> Option<Arc<dyn Watch>> {
        let hub: Arc<dyn Watch> = self.web.hub.clone();
        Some(hub)
    }

    fn start(self: Box<Self>) -> Step<'static, Box<dyn Serving>> {
        let Connected { web, socket } = *self;
        match socket.local_addr() {
            Ok(address) => tracing::info!(%address, "the web board serves"),
            Err(error) => tracing::warn!(%error, "the web board's address"),
        }
        let stop = web.stop.clone();
        let router = routes::router(web);
        let task = Task::new(tokio::spawn(server::accept(socket, router, stop.clone())));
        let serving: Box<dyn Serving> = Box::new(Listening { stop, task });
        Box::pin(std::future::ready(serving))
    }
}

/// The board serving.
struct Listening {
    stop: CancellationToken,
    task: Task,
}

impl Serving for Listening {
    fn ended(&mut self) -> Step<'_, ()> {
        Box::pin(self.task.ended())
    }

    fn stop(&mut self) -> Step<'_, ()> {
        self.stop.cancel();
        Box::pin(self.task.ended())
    }

    /// Nothing is queued: every answer went out with its request.
    fn drain(&self) -> Step<'_, ()> {
        Box::pin(std::future::ready(()))
    }
}
