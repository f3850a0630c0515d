//! Animated GIF replays: each frame is drawn whole (cheap: copies of prepared pieces), but
//! only the rectangles that changed since the previous frame are encoded, with unchanged
//! pixels inside them left transparent, as lila-gif does. When a frame changes in places far
//! apart (the header's move counter and the stone just played), each place is its own GIF
//! image: all but the last shown for [`STEP_CS`], the last for the rest of the frame's time,
//! so the tall band between them, unchanged, costs nothing.

use gif::{DisposalMethod, Encoder, Frame, Repeat};

use sealed::Draw;

use crate::RenderError;
use crate::canvas::Canvas;
use crate::connect::ConnectBoard;
use crate::grid::GridBoard;
use crate::palette::{TRANSPARENT, palette};

/// How long, in hundredths of a second, the first parts of a frame split in places show
/// before the next: browsers take 2 as it is (only 0 and 1 are raised to 10).
const STEP_CS: u16 = 2;

/// Unchanged rows between two changed places that make them separate images.
const SPLIT_GAP: usize = 48;

/// At most this many places per frame; more are merged across their smallest gaps.
const MAX_PLACES: usize = 3;

/// A board request that can be a frame of a replay: [`GridBoard`] and [`ConnectBoard`].
pub trait ReplayFrame: Draw {}

impl ReplayFrame for GridBoard {}
impl ReplayFrame for ConnectBoard {}

mod sealed {
    use crate::RenderError;
    use crate::canvas::Canvas;

    /// Sealed: only this crate's boards are frames, and how they draw stays private.
    pub trait Draw {
        fn draw_frame(&self) -> Result<Canvas, RenderError>;
    }

    impl Draw for crate::grid::GridBoard {
        fn draw_frame(&self) -> Result<Canvas, RenderError> {
            self.draw()
        }
    }

    impl Draw for crate::connect::ConnectBoard {
        fn draw_frame(&self) -> Result<Canvas, RenderError> {
            self.draw()
        }
    }
}

/// A whole game as a sequence of boards, one per position. Keep the header the same in
/// every frame (names and the result, say) and each frame encodes only the few changed cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay<B> {
    pub frames: Vec<B>,
    /// How long each position shows, in milliseconds.
    pub frame_delay_ms: u16,
    /// How long the final position shows before the replay starts again.
    pub final_delay_ms: u16,
}

impl<B: ReplayFrame> Replay<B> {
    /// A replay with 0.6 s per move and the final board held for 4 s.
    #[must_use]
    pub fn new(frames: Vec<B>) -> Replay<B> {
        Replay { frames, frame_delay_ms: 600, final_delay_ms: 4000 }
    }

    /// The replay as a looping GIF.
    ///
    /// # Errors
    /// [`RenderError::Replay`] for no frames or frames of different sizes, and any error of
    /// a frame's request.
    pub fn to_gif(&self) -> Result<Vec<u8>, RenderError> {
        let encoding = |e: gif::EncodingError| RenderError::Encoding(e.to_string());
        let first = self.frames.first().ok_or(RenderError::Replay("no frames"))?.draw_frame()?;
        let (width, height) = (dimension(first.width)?, dimension(first.height)?);
        let mut bytes = Vec::new();
        let mut encoder =
            Encoder::new(&mut bytes, width, height, &palette().rgb_bytes()).map_err(encoding)?;
        encoder.set_repeat(Repeat::Infinite).map_err(encoding)?;
        let last = self.frames.len() - 1;
        let delay = |index: usize| {
            let ms = if index == last { self.final_delay_ms } else { self.frame_delay_ms };
            ms / 10
        };
        let whole = Frame {
            width,
            height,
            delay: delay(0),
            buffer: first.pixels.as_slice().into(),
            ..Frame::default()
        };
        encoder.write_frame(&whole).map_err(encoding)?;
        let mut shown = first;
        for (index, board) in self.frames.iter().enumerate().skip(1) {
            let next = board.draw_frame()?;
            if (next.width, next.height) != (shown.width, shown.height) {
                return Err(RenderError::Replay("frames differ in size"));
            }
            let places = changed_places(&shown, &next);
            if places.is_empty() {
                // Nothing changed: a one-pixel transparent frame still takes its time.
                let frame = Frame {
                    width: 1,
                    height: 1,
                    delay: delay(index),
                    transparent: Some(TRANSPARENT),
                    buffer: vec![TRANSPARENT].into(),
                    ..Frame::default()
                };
                encoder.write_frame(&frame).map_err(encoding)?;
            }
            let steps = u16::try_from(places.len().saturating_sub(1)).unwrap_or(0);
            for (part, &(x, y, w, h)) in places.iter().enumerate() {
                let last = part + 1 == places.len();
                let frame = Frame {
                    left: dimension(x)?,
                    top: dimension(y)?,
                    width: dimension(w)?,
                    height: dimension(h)?,
                    delay: if last {
                        delay(index).saturating_sub(STEP_CS * steps).max(STEP_CS)
                    } else {
                        STEP_CS
                    },
                    dispose: DisposalMethod::Keep,
                    transparent: Some(TRANSPARENT),
                    buffer: difference(&shown, &next, (x, y, w, h)).into(),
                    ..Frame::default()
                };
                encoder.write_frame(&frame).map_err(encoding)?;
            }
            shown = next;
        }
        drop(encoder);
        Ok(bytes)
    }
}

fn dimension(pixels: usize) -> Result<u16, RenderError> {
    u16::try_from(pixels).map_err(|_| RenderError::Replay("image too large for a GIF"))
}

/// The rectangles `(x, y, width, height)` holding every pixel that differs, top to bottom:
/// one per place that changed, places closer than [`SPLIT_GAP`] rows counted as one.
fn changed_places(before: &Canvas, after: &Canvas) -> Vec<(usize, usize, usize, usize)> {
    let width = before.width;
    let rows = before.pixels.chunks_exact(width).zip(after.pixels.chunks_exact(width));
    // (x0, y0, x1, y1), inclusive.
    let mut places: Vec<(usize, usize, usize, usize)> = Vec::new();
    for (y, (old, new)) in rows.enumerate() {
        if old == new {
            continue;
        }
        let first = old.iter().zip(new).position(|(a, b)| a != b).unwrap_or(0);
        let last = old.iter().zip(new).rposition(|(a, b)| a != b).unwrap_or(first);
        match places.last_mut() {
            Some((x0, _, x1, y1)) if y - *y1 <= SPLIT_GAP => {
                (*x0, *x1, *y1) = ((*x0).min(first), (*x1).max(last), y);
            }
            _ => places.push((first, y, last, y)),
        }
    }
    while places.len() > MAX_PLACES {
        // Merge the two neighbours with the smallest gap.
        let at = (1..places.len()).min_by_key(|&i| places[i].1 - places[i - 1].3).unwrap_or(1);
        let (x0, _, x1, y1) = places.remove(at);
        let merged = &mut places[at - 1];
        (merged.0, merged.2, merged.3) = (merged.0.min(x0), merged.2.max(x1), y1);
    }
    places.into_iter().map(|(x0, y0, x1, y1)| (x0, y0, x1 - x0 + 1, y1 - y0 + 1)).collect()
}

/// The pixels of `after` in `area`, transparent where they equal `before`: long transparent
/// runs cost the LZW coder almost nothing.
fn difference(
    before: &Canvas,
    after: &Canvas,
    (x, y, w, h): (usize, usize, usize, usize),
) -> Vec<u8> {
    let mut out = Vec::with_capacity(w * h);
    for row in y..y + h {
        let start = row * after.width + x;
        let old = &before.pixels[start..start + w];
        let new = &after.pixels[start..start + w];
        out.extend(old.iter().zip(new).map(|(&a, &b)| if a == b { TRANSPARENT } else { b }));
    }
    out
}
