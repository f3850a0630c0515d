//! Indexed PNG encoding of a finished canvas with the shared palette: the signature, the
//! header, the palette, the image data (compressed in bands, see `deflate_bands`) and the end.

use crate::RenderError;
use crate::canvas::Canvas;
use crate::deflate_bands::zlib_stream;
use crate::palette::palette;

const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
const BIT_DEPTH: u8 = 8;
const COLOUR_TYPE_INDEXED: u8 = 3;

/// The PNG bytes of `canvas`.
pub(crate) fn encode(canvas: &Canvas) -> Result<Vec<u8>, RenderError> {
    let dimension = |value: usize| {
        u32::try_from(value)
            .ok()
            .filter(|&value| value > 0)
            .ok_or_else(|| RenderError::Encoding(format!("an image {value} pixels across")))
    };
    let (width, height) = (dimension(canvas.width)?, dimension(canvas.height)?);
    let image_data = zlib_stream(canvas)?;
    let palette = palette().rgb_bytes();
    let mut png = Vec::with_capacity(image_data.len() + palette.len() + 64);
    png.extend_from_slice(&SIGNATURE);
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    // Compression method 0, filter method 0, no interlace.
    header.extend_from_slice(&[BIT_DEPTH, COLOUR_TYPE_INDEXED, 0, 0, 0]);
    chunk(&mut png, b"IHDR", &header)?;
    chunk(&mut png, b"PLTE", &palette)?;
    chunk(&mut png, b"IDAT", &image_data)?;
    chunk(&mut png, b"IEND", &[])?;
    Ok(png)
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) -> Result<(), RenderError> {
    let len = u32::try_from(data.len()).map_err(|e| RenderError::Encoding(e.to_string()))?;
    png.extend_from_slice(&len.to_be_bytes());
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    png.extend_from_slice(&crc.finalize().to_be_bytes());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A canvas of `width` × `height` whose indices vary by row and column, with a few odd
    /// pixels so that every band is its own.
    fn varied_canvas(width: usize, height: usize, odd: usize) -> Canvas {
        let pixels = (0..width * height)
            .map(|i| ((i / width) % 7 * 3 + (i % width) / 40) as u8 ^ u8::from(i % 997 == odd))
            .collect();
        Canvas { width, height, pixels }
    }

    fn decoded_indices(png: &[u8]) -> (png::OutputInfo, Vec<u8>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().expect("a valid PNG");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a known size")];
        let info = reader.next_frame(&mut pixels).expect("one frame");
        (info, pixels)
    }

    #[test]
    fn the_decoded_image_holds_every_palette_index_drawn() {
        // 50 rows: three whole bands and a short last one.
        for (width, height) in [(1, 1), (640, 50), (333, 16), (77, 17)] {
            let canvas = varied_canvas(width, height, 5);
            let (info, pixels) = decoded_indices(&encode(&canvas).expect("encoded"));
            assert_eq!((info.width, info.height), (width as u32, height as u32));
            assert_eq!(info.color_type, png::ColorType::Indexed);
            assert_eq!(pixels, canvas.pixels, "{width}×{height}");
        }
    }

    #[test]
    fn an_image_made_partly_of_cached_bands_decodes_to_its_own_pixels() {
        let first = varied_canvas(500, 90, 11);
        let mut second = first.clone();
        // One pixel in the third band: the other bands are the first image's, from the cache.
        second.pixels[500 * 40 + 3] ^= 1;
        let first_png = encode(&first).expect("encoded");
        let second_png = encode(&second).expect("encoded");
        assert_eq!(decoded_indices(&second_png).1, second.pixels);
        assert_eq!(decoded_indices(&first_png).1, first.pixels);
        assert_eq!(encode(&first).expect("encoded"), first_png);
    }

    #[test]
    fn an_empty_canvas_is_refused() {
        let empty = Canvas { width: 0, height: 0, pixels: Vec::new() };
        assert!(encode(&empty).is_err());
    }
}
