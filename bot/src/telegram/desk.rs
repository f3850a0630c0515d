//! The one task that owns the core: inputs from the handlers, boards the queues report as
//! shown, CPU answers and timers take turns here, and the outputs go to the chat queues in
//! the order the core made them — so a CPU answer never overtakes the move it answers.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use super::delivery::Delivery;
use crate::core::{Clock, Core, CpuReply, GameId, Input, Output, SystemClock};
use crate::runtime::ThreadedCpu;

/// What the handlers and the queues ask of the core.
#[derive(Debug)]
pub enum Request {
    /// An update, understood. The core's outputs go to the chat queues, except the private
    /// notices to the user who acted and the picker's keyboards, which come back on `reply`:
    /// the handler answers them on the spot (callback answer, reply, edited buttons).
    Input { input: Box<Input>, reply: oneshot::Sender<Vec<Output>> },
    /// A queue showed game `game`'s board at `ply` as message `message`.
    Shown { game: GameId, ply: usize, message: String },
    /// The bot is stopping.
    Stop,
}

/// Whether `output` is for the handler of the input rather than for the chat queue.
fn answered_on_the_spot(output: &Output, user: &str) -> bool {
    match output {
        Output::Notice { user: to, .. } => to == user,
        Output::Keyboard { .. } => true,
        Output::Send { .. } | Output::Board { .. } | Output::Direct { .. } => false,
    }
}

/// When the core next has something due (a timer, an expiry).
async fn next_due(core: &Core) -> Instant {
    Instant::now() + until_next_deadline(core).await
}

async fn until_next_deadline(core: &Core) -> Duration {
    match core.next_deadline().await {
        Ok(Some(at)) => {
            let now = SystemClock.now_ms();
            Duration::from_millis(u64::try_from(at.saturating_sub(now)).unwrap_or(0))
        }
        Ok(None) => Duration::from_secs(3600),
        Err(error) => {
            tracing::warn!(%error, "reading the next deadline");
            Duration::from_secs(60)
        }
    }
}

/// Runs until [`Request::Stop`] (or every sender of `inbox` is gone).
pub async fn run(
    mut core: Core,
    cpu: Arc<ThreadedCpu>,
    mut cpu_replies: mpsc::UnboundedReceiver<CpuReply>,
    mut inbox: mpsc::UnboundedReceiver<Request>,
    delivery: Arc<Delivery>,
) {
    let mut due = next_due(&core).await;
    loop {
        tokio::select! {
            request = inbox.recv() => match request {
                Some(Request::Input { input, reply }) => {
                    let user = input.user.id.clone();
                    let origin = input.chat.clone();
                    let outputs = core.handle(*input).await;
                    let (here, queued): (Vec<Output>, Vec<Output>) =
                        outputs.into_iter().partition(|o| answered_on_the_spot(o, &user));
                    delivery.deliver(queued, Some(&origin));
                    // The handler may have given up (the dispatcher stopping): nothing to do.
                    let _ = reply.send(here);
                }
                Some(Request::Shown { game, ply, message }) => {
                    if let Err(error) = core.board_shown(game, ply, message).await {
                        tracing::warn!(game = game.0, %error, "remembering a shown board");
                    }
                    continue;
                }
                Some(Request::Stop) | None => break,
            },
            Some(reply) = cpu_replies.recv() => {
                cpu.delivered();
                let outputs = core.cpu_moved(reply).await;
                delivery.deliver(outputs, None);
            }
            () = tokio::time::sleep_until(due) => {
                let outputs = core.tick().await;
                delivery.deliver(outputs, None);
            }
        }
        due = next_due(&core).await;
    }
}
