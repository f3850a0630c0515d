//! News between the bot's processes: a service tells the others something on a topic, and
//! hears what they tell (the web board: "game 12 moved", so that a page watching it through
//! another process reads it again). With one process, or on SQLite, news goes nowhere.
//! News is a hint carried by the database's `NOTIFY` and kept nowhere: a listener that was
//! away misses it (see `cincobot_core::store::Told`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

use cincobot_core::store::{Cluster, Told};

/// What hears the news of one topic. Called from the database's listener: it must not wait.
pub type Hearer = Arc<dyn Fn(&str) + Send + Sync>;

/// The topics heard and the way out, shared by the desk's handles.
#[derive(Default)]
pub struct News {
    out: OnceLock<mpsc::UnboundedSender<(&'static str, String)>>,
    hearers: Mutex<HashMap<&'static str, Vec<Hearer>>>,
}

impl std::fmt::Debug for News {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("News").field("told", &self.out.get().is_some()).finish_non_exhaustive()
    }
}

impl News {
    /// Tells the other processes `news` on `topic` (one word); nothing with one process.
    /// Never waits: the telling happens on its own task.
    pub fn tell(&self, topic: &'static str, news: String) {
        if let Some(out) = self.out.get() {
            let _ = out.send((topic, news));
        }
    }

    /// `hearer` hears what the other processes tell on `topic`.
    pub fn hear(&self, topic: &'static str, hearer: Hearer) {
        if let Ok(mut hearers) = self.hearers.lock() {
            hearers.entry(topic).or_default().push(hearer);
        }
    }

    /// Whether news goes anywhere: the process is one of several on a database.
    #[must_use]
    pub fn is_told(&self) -> bool {
        self.out.get().is_some()
    }

    /// What the listener heard on the news channel, unless this process told it.
    pub(super) fn heard(&self, told: &Told, teller_here: &Cluster) {
        if told.teller == teller_here.process() {
            return;
        }
        let hearers = self
            .hearers
            .lock()
            .ok()
            .and_then(|hearers| hearers.get(told.topic.as_str()).cloned())
            .unwrap_or_default();
        for hearer in hearers {
            hearer(&told.news);
        }
    }

    /// From now on, what is told goes out through `cluster` until `stop`.
    pub(super) fn go_out_through(
        &self,
        cluster: Cluster,
        mut stop: watch::Receiver<bool>,
    ) -> JoinHandle<()> {
        let (out, mut told) = mpsc::unbounded_channel::<(&'static str, String)>();
        let _ = self.out.set(out);
        tokio::spawn(async move {
            loop {
                let (topic, news) = tokio::select! {
                    next = told.recv() => match next {
                        Some(next) => next,
                        None => break,
                    },
                    _ = stop.changed() => break,
                };
                match cluster.tell(topic, &news).await {
                    Ok(true) => {}
                    Ok(false) => tracing::warn!(topic, "news too long to tell; left out"),
                    Err(error) => tracing::warn!(%error, topic, "telling the other processes"),
                }
            }
        })
    }
}
