//! `/replay`: a game as an animated GIF, every position from the empty board to the last move.

use render::{ConnectBoard, GridBoard, RenderError, Replay};

use super::{GameSettings, Labels, MoveError, Picture, Position, Standing};

/// The longest a replay should take to watch: long games play faster, never faster than
/// [`FASTEST_FRAME_MS`].
const WATCHING_MS: usize = 30_000;
const SLOWEST_FRAME_MS: usize = 600;
const FASTEST_FRAME_MS: usize = 200;
/// How long the final position stays before the replay starts again.
const FINAL_FRAME_MS: u16 = 5_000;

/// A game watched again, as a request: one picture per position from the empty board to the
/// last move, drawn into a GIF by whoever sends it (like [`Picture`], off the core's task).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    /// Every position after 0, 1, … n moves; the last one has its stones numbered.
    pub frames: Vec<Picture>,
    pub frame_delay_ms: u16,
}

impl Animation {
    /// The game of `settings` and `moves`, every frame with the same `labels` (the players
    /// and the result) and `standing`, so that a frame differs from the one before only
    /// where the move changed the board.
    ///
    /// # Errors
    /// The ply of the first stored move that does not replay.
    pub fn of_game<'a>(
        settings: &GameSettings,
        moves: impl IntoIterator<Item = &'a str>,
        labels: &Labels,
        standing: Standing,
    ) -> Result<Animation, (usize, MoveError)> {
        let mut position = Position::start(settings);
        let mut frames = vec![position.picture(labels, standing)];
        for (ply, text) in moves.into_iter().enumerate() {
            position.play(text).map_err(|error| (ply, error))?;
            frames.push(position.picture(labels, standing));
        }
        if let Some(last) = frames.last_mut() {
            *last = position.numbered(last);
        }
        let moves = frames.len() - 1;
        let delay = (WATCHING_MS / moves.max(1)).clamp(FASTEST_FRAME_MS, SLOWEST_FRAME_MS);
        Ok(Animation { frames, frame_delay_ms: u16::try_from(delay).unwrap_or(u16::MAX) })
    }

    /// The looping GIF.
    ///
    /// # Errors
    /// [`RenderError`] if a frame cannot be drawn (a bug: frames come from real positions).
    pub fn gif(&self) -> Result<Vec<u8>, RenderError> {
        let grid = |frame: &Picture| match frame {
            Picture::Grid(board) => Some(GridBoard::clone(board)),
            _ => None,
        };
        let connect = |frame: &Picture| match frame {
            Picture::Connect(board) => Some(ConnectBoard::clone(board)),
            _ => None,
        };
        if let Some(frames) = self.frames.iter().map(grid).collect() {
            return self.timed(frames).to_gif();
        }
        match self.frames.iter().map(connect).collect() {
            Some(frames) => self.timed(frames).to_gif(),
            None => Err(RenderError::Replay("frames of different games")),
        }
    }

    fn timed<B: render::ReplayFrame>(&self, frames: Vec<B>) -> Replay<B> {
        Replay {
            frame_delay_ms: self.frame_delay_ms,
            final_delay_ms: FINAL_FRAME_MS,
            ..Replay::new(frames)
        }
    }
}
