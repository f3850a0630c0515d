//! The image data of a PNG as a zlib stream made of bands of rows, each band a deflate stream
//! of its own ended by a full flush. A full flush forgets everything before it, so a band's
//! compressed bytes depend on its rows alone, and a band drawn before — most of a board, move
//! after move — is copied from a cache instead of being compressed again.

use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::sync::{Arc, Mutex, OnceLock};

use flate2::{Compress, Compression, FlushCompress};

use crate::RenderError;
use crate::canvas::Canvas;

/// Rows per band: a move changes a few bands of a board, and each band is long enough to
/// find its repeats (16 rows made a 19×19 board 30.3 KB, over its 30 KB goal; 32 make it 27.9).
const BAND_ROWS: usize = 32;

/// zlib-rs at level 2 was measured best for these flat palette images: level 1 is a fifth
/// larger, level 3 half again slower.
const LEVEL: u32 = 2;

/// Bands kept per generation of the cache. A board is about 40 bands and a move changes a
/// handful, so 200 busy games fit while each waits for its next move.
const BANDS_PER_GENERATION: usize = 4096;

/// A zlib header for a 32 KiB window at the fastest level (`(0x78 << 8 | 0x01) % 31 == 0`).
const ZLIB_HEADER: [u8; 2] = [0x78, 0x01];

/// An empty final block with fixed codes: the stream's end after the last band's flush.
const FINAL_EMPTY_BLOCK: [u8; 2] = [0x03, 0x00];

/// One band: its deflate bytes and, to build the stream's checksum without reading the rows
/// again, the Adler-32 and length of its rows.
struct CompressedBand {
    deflate: Vec<u8>,
    adler: u32,
    len: usize,
}

/// Two generations: a band found in the older one moves to the newer; when the newer is full
/// the older is dropped. Bands in use stay, bands of finished games fade out.
#[derive(Default)]
struct BandCache {
    newer: HashMap<u64, Arc<CompressedBand>>,
    older: HashMap<u64, Arc<CompressedBand>>,
}

impl BandCache {
    fn get(&mut self, key: u64) -> Option<Arc<CompressedBand>> {
        if let Some(band) = self.newer.get(&key) {
            return Some(Arc::clone(band));
        }
        let band = self.older.remove(&key)?;
        self.insert(key, Arc::clone(&band));
        Some(band)
    }

    fn insert(&mut self, key: u64, band: Arc<CompressedBand>) {
        if self.newer.len() >= BANDS_PER_GENERATION {
            self.older = std::mem::take(&mut self.newer);
        }
        self.newer.insert(key, band);
    }
}

fn cache() -> &'static Mutex<BandCache> {
    static CACHE: OnceLock<Mutex<BandCache>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(BandCache::default()))
}

thread_local! {
    static COMPRESSOR: std::cell::RefCell<Compress> =
        std::cell::RefCell::new(Compress::new(Compression::new(LEVEL), false));
}

/// The zlib stream of `canvas`'s rows, each row led by filter type 0 (none: filters turn
/// repeated palette indices into noise).
pub(crate) fn zlib_stream(canvas: &Canvas) -> Result<Vec<u8>, RenderError> {
    let row_len = canvas.width + 1;
    let mut stream = Vec::with_capacity(canvas.pixels.len() / 12);
    stream.extend_from_slice(&ZLIB_HEADER);
    let mut adler = 1;
    let mut rows = Vec::with_capacity(BAND_ROWS * row_len);
    for band in canvas.pixels.chunks(BAND_ROWS * canvas.width.max(1)) {
        rows.clear();
        for row in band.chunks(canvas.width.max(1)) {
            rows.push(0);
            rows.extend_from_slice(row);
        }
        let compressed = compressed_band(&rows)?;
        stream.extend_from_slice(&compressed.deflate);
        adler = adler32_combine(adler, compressed.adler, compressed.len);
    }
    stream.extend_from_slice(&FINAL_EMPTY_BLOCK);
    stream.extend_from_slice(&adler.to_be_bytes());
    Ok(stream)
}

fn compressed_band(rows: &[u8]) -> Result<Arc<CompressedBand>, RenderError> {
    let key = band_key(rows);
    let cached = cache().lock().ok().and_then(|mut cache| cache.get(key));
    if let Some(band) = cached {
        return Ok(band);
    }
    let band = Arc::new(CompressedBand {
        deflate: deflate_flushed(rows)?,
        adler: adler32(rows),
        len: rows.len(),
    });
    if let Ok(mut cache) = cache().lock() {
        cache.insert(key, Arc::clone(&band));
    }
    Ok(band)
}

/// `rows` as raw deflate blocks, none final, ending byte-aligned by a full flush.
fn deflate_flushed(rows: &[u8]) -> Result<Vec<u8>, RenderError> {
    COMPRESSOR.with(|compressor| {
        let mut compressor = compressor.borrow_mut();
        compressor.reset();
        let mut out = Vec::with_capacity(rows.len() / 8 + 64);
        loop {
            if out.capacity() - out.len() < 64 {
                out.reserve(out.capacity());
            }
            let consumed = usize::try_from(compressor.total_in())
                .map_err(|e| RenderError::Encoding(e.to_string()))?;
            let rest = rows.get(consumed..).unwrap_or_default();
            compressor
                .compress_vec(rest, &mut out, FlushCompress::Full)
                .map_err(|e| RenderError::Encoding(e.to_string()))?;
            let consumed_now = usize::try_from(compressor.total_in())
                .map_err(|e| RenderError::Encoding(e.to_string()))?;
            // zlib's rule: a flush is complete when it returns with output space left over.
            if consumed_now == rows.len() && out.len() < out.capacity() {
                return Ok(out);
            }
        }
    })
}

/// A 64-bit digest of a band's rows, keyed per process so that no position can be made to
/// collide with another on purpose. Four lanes so that it runs at memory speed.
fn band_key(rows: &[u8]) -> u64 {
    static SEED: OnceLock<u64> = OnceLock::new();
    let seed = *SEED.get_or_init(|| RandomState::new().hash_one(0x5eed_u64));
    const MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut lanes = [
        seed,
        seed ^ 0x6a09_e667_f3bc_c908,
        seed ^ 0xbb67_ae85_84ca_a73b,
        seed ^ 0x3c6e_f372_fe94_f82b,
    ];
    let mut blocks = rows.chunks_exact(32);
    for block in &mut blocks {
        for (lane, word) in lanes.iter_mut().zip(block.chunks_exact(8)) {
            let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
            *lane = (*lane ^ word).wrapping_mul(MULTIPLIER).rotate_left(29);
        }
    }
    let mut tail = [0u8; 32];
    tail[..blocks.remainder().len()].copy_from_slice(blocks.remainder());
    let mut digest = rows.len() as u64;
    for (lane, word) in lanes.iter().zip(tail.chunks_exact(8)) {
        let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
        digest = mix(digest ^ mix(*lane ^ word));
    }
    digest
}

/// SplitMix64's finaliser: every input bit reaches every output bit.
fn mix(mut value: u64) -> u64 {
    value = (value ^ (value >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    value = (value ^ (value >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    value ^ (value >> 31)
}

const ADLER_MODULUS: u32 = 65_521;

/// Adler-32 of `bytes`, summed in runs short enough that the sums cannot overflow.
fn adler32(bytes: &[u8]) -> u32 {
    const RUN: usize = 5552;
    let (mut low, mut high) = (1u32, 0u32);
    for run in bytes.chunks(RUN) {
        for &byte in run {
            low += u32::from(byte);
            high += low;
        }
        low %= ADLER_MODULUS;
        high %= ADLER_MODULUS;
    }
    high << 16 | low
}

/// The Adler-32 of two byte strings one after the other, from the checksum of each and the
/// length of the second.
fn adler32_combine(first: u32, second: u32, second_len: usize) -> u32 {
    let modulus = u64::from(ADLER_MODULUS);
    let len = second_len as u64 % modulus;
    let (first_low, first_high) = (u64::from(first & 0xffff), u64::from(first >> 16));
    let (second_low, second_high) = (u64::from(second & 0xffff), u64::from(second >> 16));
    let low = (first_low + second_low + modulus - 1) % modulus;
    let high = (first_high + second_high + len * first_low + modulus - len) % modulus;
    (high << 16 | low) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adler32_matches_the_known_value_of_wikipedia() {
        assert_eq!(adler32(b"Wikipedia"), 0x11e6_0398);
    }

    #[test]
    fn combined_checksums_equal_the_checksum_of_the_whole() {
        let bytes: Vec<u8> = (0..20_000u32).map(|i| (i * 7 % 251) as u8).collect();
        for split in [0, 1, 5551, 5552, 12_345, 20_000] {
            let (first, second) = bytes.split_at(split);
            assert_eq!(
                adler32_combine(adler32(first), adler32(second), second.len()),
                adler32(&bytes),
                "split at {split}"
            );
        }
    }

    #[test]
    fn bands_that_differ_in_one_byte_have_different_keys() {
        let mut rows = vec![7u8; 16 * 601];
        let key = band_key(&rows);
        rows[9000] = 8;
        assert_ne!(band_key(&rows), key);
        assert_ne!(band_key(&rows[..100]), band_key(&rows[..101]));
    }
}
