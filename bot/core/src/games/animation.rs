//! `/replay`: a game as an animated GIF, every position from the empty board to the last move.

use engine::Seat;
use render::{ConnectBoard, GridBoard, RenderError, Replay};

use super::{GameSettings, Labels, MoveError, Picture, Position, Standing};
use crate::i18n::Text;

/// Where a frame stands in the game, for the caller to put in words as its status line: a
/// move counter on every frame, the move just played (told as it was: a renju swap, the
/// fifth moves offered), and the result on the last frame only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameStatus<'a> {
    /// Moves played up to this frame (0 on the empty board).
    pub ply: usize,
    pub total: usize,
    /// The move that led here: who played it, as written, and what it did when that is more
    /// than a stone ([`Position::told`], still without its `name`).
    pub last: Option<(Seat, &'a str, Option<Text>)>,
    /// The game's result, on the last frame.
    pub result: Option<&'a str>,
}

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
    /// The game of `settings` and `moves`, every frame with the players of `labels` and a
    /// status line from `status` (see [`FrameStatus`]); the frames before the last are drawn
    /// as the game stood then (whose turn, renju's offers), the last one as `standing` says,
    /// with `labels`' result and its stones numbered.
    ///
    /// # Errors
    /// The ply of the first stored move that does not replay.
    pub fn of_game<'a>(
        settings: &GameSettings,
        moves: impl IntoIterator<Item = &'a str>,
        labels: &Labels,
        standing: Standing,
        status: &dyn Fn(&FrameStatus<'_>) -> String,
    ) -> Result<Animation, (usize, MoveError)> {
        let moves: Vec<&str> = moves.into_iter().collect();
        let total = moves.len();
        let mut position = Position::start(settings);
        let framed = |ply: usize, last, result| {
            let mut labels = labels.clone();
            labels.status = status(&FrameStatus { ply, total, last, result });
            // A replay is watched afterwards: no clock, nobody away.
            (labels.clock, labels.away) = (None, [None, None]);
            labels
        };
        let mut frames = Vec::with_capacity(total + 1);
        let result = (total == 0).then_some(labels.status.as_str());
        let first = framed(0, None, result);
        frames.push(if total == 0 {
            position.picture(&first, standing)
        } else {
            during(&position, &first, standing)
        });
        for (ply, &text) in moves.iter().enumerate() {
            let before = position.clone();
            let seat = before.seat_to_act();
            position.play(text).map_err(|error| (ply, error))?;
            let end = ply + 1 == total;
            let last = seat.map(|seat| (seat, text, position.told(&before, text)));
            let result = end.then_some(labels.status.as_str());
            let labels = framed(ply + 1, last, result);
            frames.push(if end {
                position.picture(&labels, standing)
            } else {
                during(&position, &labels, standing)
            });
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

/// A frame before the last: the game as it stood (renju's opening frame and offered fifth
/// moves) but, as the status line tells who moved, no turn lit in the header, no winner yet,
/// and none of the hints for the player to move (forbidden points, PopOut's columns) that
/// would change all over the picture at every move. PopOut's band stays if the last frame
/// (as `standing`) has it, so that every frame is the same size.
fn during(position: &Position, labels: &Labels, standing: Standing) -> Picture {
    match position.picture(labels, Standing::Playing) {
        Picture::Grid(board) => {
            let mut board = GridBoard::clone(&board);
            (board.to_move, board.winner) = (None, None);
            board.forbidden.clear();
            Picture::Grid(std::sync::Arc::new(board))
        }
        Picture::Connect(board) => {
            let mut board = ConnectBoard::clone(&board);
            (board.to_move, board.winner) = (None, None);
            match (&mut board.pop_out, standing) {
                (Some(pop_out), Standing::Playing) => pop_out.columns.clear(),
                (pop_out, _) => *pop_out = None,
            }
            Picture::Connect(std::sync::Arc::new(board))
        }
        other => other,
    }
}
