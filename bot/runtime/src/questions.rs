//! Questions a service asks the process that serves a game's chat (the web board: "game 12
//! as this reader sees it"), when that process is another one. The asker posts the question
//! to the database's inbox under the chat's slot, as an input is; the holder hands it, in
//! its slot's order, to the service's answerer and writes the answer back. A question
//! changes nothing, so one asked twice (the holder died before marking it) is only answered
//! twice.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::adapter::Step;

/// What answers one service's questions in the process that holds the game: the question's
/// text in, the answer's out (`None`: nothing to say, the game is not served here).
pub type Answerer = Arc<dyn Fn(String) -> Step<'static, Option<String>> + Send + Sync>;

/// The answerers of this process, by service.
#[derive(Default)]
pub struct Answerers(Mutex<HashMap<&'static str, Answerer>>);

impl std::fmt::Debug for Answerers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let services: Vec<&str> =
            self.0.lock().map(|answerers| answerers.keys().copied().collect()).unwrap_or_default();
        f.debug_tuple("Answerers").field(&services).finish()
    }
}

impl Answerers {
    /// `answerer` answers the questions of `service` (one word of letters and hyphens).
    pub fn set(&self, service: &'static str, answerer: Answerer) {
        if let Ok(mut answerers) = self.0.lock() {
            answerers.insert(service, answerer);
        }
    }

    /// The answer of `service`'s answerer to `question`; `None` without one.
    pub async fn answer(&self, service: &str, question: String) -> Option<String> {
        let answerer = self.0.lock().ok().and_then(|answerers| answerers.get(service).cloned())?;
        answerer(question).await
    }
}
