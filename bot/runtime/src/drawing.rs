//! Pictures drawn on blocking threads, at most one per core at a time in the whole process
//! (every adapter draws through the same turns): boards, CINCO tables and hands, and replays'
//! GIFs. A burst of boards (200 games moving at once) waits here for a turn instead of
//! starting a thread each: on two cores, 200 drawings at once spent their time switching
//! threads and evicting each other's buffers from the caches.

use std::num::NonZeroUsize;
use std::sync::{Arc, OnceLock};

use tokio::sync::Semaphore;
use tokio::task::JoinError;

use cincobot_core::games::{Animation, Picture};
use render::RenderError;

/// Draws pictures off the async threads, as many at once as the machine has cores.
#[derive(Debug)]
pub struct Drawing {
    turns: Arc<Semaphore>,
}

impl Drawing {
    /// The process's drawing turns.
    #[must_use]
    pub fn new() -> Drawing {
        static TURNS: OnceLock<Arc<Semaphore>> = OnceLock::new();
        let turns = TURNS.get_or_init(|| {
            let cores = std::thread::available_parallelism().map_or(2, NonZeroUsize::get);
            Arc::new(Semaphore::new(cores))
        });
        Drawing { turns: Arc::clone(turns) }
    }

    /// `draw`'s result, drawn when a core is free; the outer error is the drawing thread's
    /// failure.
    async fn draw<T: Send + 'static>(
        &self,
        draw: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, JoinError> {
        // The semaphore is never closed; if it were, drawing without a turn is still right.
        let _turn = self.turns.acquire().await.ok();
        tokio::task::spawn_blocking(draw).await
    }

    /// The PNG of `picture`.
    pub async fn png(&self, picture: Picture) -> Result<Result<Vec<u8>, RenderError>, JoinError> {
        self.draw(move || picture.png()).await
    }

    /// The GIF of a replay.
    pub async fn gif(
        &self,
        animation: Arc<Animation>,
    ) -> Result<Result<Vec<u8>, RenderError>, JoinError> {
        self.draw(move || animation.gif()).await
    }
}

impl Default for Drawing {
    fn default() -> Drawing {
        Drawing::new()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use cincobot_core::games::{GameKind, GameSettings, Labels, Position, Standing};

    /// A replay's GIF takes a drawing turn like a board: with none free it waits.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_replay_waits_for_a_drawing_turn_like_a_board() {
        let turns = Arc::new(Semaphore::new(0));
        let drawing = Arc::new(Drawing { turns: Arc::clone(&turns) });
        let settings = GameSettings::default_for(GameKind::Gomoku);
        let labels = Labels { names: ["ana".into(), "bruno".into()], ..Labels::default() };
        let animation =
            Animation::of_game(&settings, ["h8", "h9", "j10"], &labels, Standing::Playing, &|_| {
                String::new()
            })
            .expect("the moves replay");
        let expected = animation.gif().expect("drawn");
        let asked = tokio::spawn(async move { drawing.gif(Arc::new(animation)).await });
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        assert!(!asked.is_finished(), "no turn is free: the replay waits");
        turns.add_permits(1);
        let gif = asked.await.expect("the task").expect("the thread").expect("drawn");
        assert_eq!(gif, expected);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn boards_waiting_for_the_one_turn_are_all_drawn_the_same_as_on_the_spot() {
        let drawing = Arc::new(Drawing { turns: Arc::new(Semaphore::new(1)) });
        let mut position = Position::start(&GameSettings::default_for(GameKind::Gomoku));
        let labels = Labels { names: ["ana".into(), "bruno".into()], ..Labels::default() };
        let mut pictures = Vec::new();
        for point in ["h8", "h9", "j10", "k11"] {
            position.play(point).expect("a free point");
            pictures.push(position.picture(&labels, Standing::Playing));
        }
        // All asked at once: three wait for the one turn.
        let asked: Vec<_> = pictures
            .iter()
            .map(|picture| {
                let (drawing, picture) = (Arc::clone(&drawing), picture.clone());
                tokio::spawn(async move { drawing.png(picture).await })
            })
            .collect();
        for (picture, asked) in pictures.iter().zip(asked) {
            let png = asked.await.expect("the task").expect("the thread").expect("drawn");
            assert_eq!(png, picture.png().expect("drawn"));
        }
    }
}
