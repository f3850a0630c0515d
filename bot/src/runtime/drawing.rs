//! Board pictures drawn on blocking threads, at most one per core at a time. A burst of
//! boards (200 games moving at once) waits here for a turn instead of starting a thread
//! each: on two cores, 200 drawings at once spent their time switching threads and evicting
//! each other's buffers from the caches.

use std::num::NonZeroUsize;

use tokio::sync::Semaphore;
use tokio::task::JoinError;

use crate::games::Picture;
use render::RenderError;

/// Draws pictures off the async threads, as many at once as the machine has cores.
#[derive(Debug)]
pub struct Drawing {
    turns: Semaphore,
}

impl Drawing {
    #[must_use]
    pub fn new() -> Drawing {
        let cores = std::thread::available_parallelism().map_or(2, NonZeroUsize::get);
        Drawing { turns: Semaphore::new(cores) }
    }

    /// The PNG of `picture`, drawn when a core is free; the outer error is the drawing
    /// thread's failure.
    pub async fn png(&self, picture: Picture) -> Result<Result<Vec<u8>, RenderError>, JoinError> {
        // The semaphore is never closed; if it were, drawing without a turn is still right.
        let _turn = self.turns.acquire().await.ok();
        tokio::task::spawn_blocking(move || picture.png()).await
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
    use crate::games::{GameKind, GameSettings, Labels, Position, Standing};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn boards_waiting_for_the_one_turn_are_all_drawn_the_same_as_on_the_spot() {
        let drawing = Arc::new(Drawing { turns: Semaphore::new(1) });
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
