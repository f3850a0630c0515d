//! Indexed PNG encoding of a finished canvas with the shared palette.

use png::{BitDepth, ColorType, DeflateCompression, Encoder, Filter};

use crate::RenderError;
use crate::canvas::Canvas;
use crate::palette::palette;

/// The PNG bytes of `canvas`.
///
/// Flat palette images compress best without row filters (filters turn repeated palette
/// indices into noise). zlib-rs at level 2 was measured best for boards: fdeflate's fast mode
/// only compresses filtered data well, level 1 is a fifth larger, level 3 half again slower.
pub(crate) fn encode(canvas: &Canvas) -> Result<Vec<u8>, RenderError> {
    let error = |e: png::EncodingError| RenderError::Encoding(e.to_string());
    let width = u32::try_from(canvas.width).map_err(|e| RenderError::Encoding(e.to_string()))?;
    let height = u32::try_from(canvas.height).map_err(|e| RenderError::Encoding(e.to_string()))?;
    let mut bytes = Vec::with_capacity(canvas.pixels.len() / 16);
    let mut encoder = Encoder::new(&mut bytes, width, height);
    encoder.set_color(ColorType::Indexed);
    encoder.set_depth(BitDepth::Eight);
    encoder.set_palette(palette().rgb_bytes());
    encoder.set_deflate_compression(DeflateCompression::Level(2));
    encoder.set_filter(Filter::NoFilter);
    let mut writer = encoder.write_header().map_err(error)?;
    writer.write_image_data(&canvas.pixels).map_err(error)?;
    writer.finish().map_err(error)?;
    Ok(bytes)
}
