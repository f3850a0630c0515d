//! How much one caller may ask: how often (token buckets by identity and by network
//! address, each refilled at a steady rate up to a burst) and how much at once (the body).
//! A flood from one caller is refused with 429 before it costs the core anything, and every
//! other caller is served as before.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A rate: `per_second` on average, `burst` at once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    pub per_second: f64,
    pub burst: f64,
}

/// Actions (moves, buttons) per identity: a player never taps faster than this.
pub const ACTIONS: Rate = Rate { per_second: 5.0, burst: 10.0 };
/// Reads (the state, the event stream) per identity.
pub const READS: Rate = Rate { per_second: 20.0, burst: 40.0 };
/// Every request per network address, before any signature is checked. Generous: behind a
/// proxy every player shares its address.
pub const ADDRESS: Rate = Rate { per_second: 200.0, burst: 400.0 };

/// The largest request body taken (413 past it): an action is a few dozen bytes.
pub const MAX_BODY: usize = 4096;

/// Buckets kept at most; past it, the full ones (callers idle long enough) are forgotten.
const MOST_BUCKETS: usize = 100_000;

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// The buckets of one rate, by caller.
#[derive(Debug)]
pub struct Limiter {
    rate: Rate,
    buckets: Mutex<HashMap<String, Bucket>>,
}

impl Limiter {
    #[must_use]
    pub fn new(rate: Rate) -> Limiter {
        Limiter { rate, buckets: Mutex::new(HashMap::new()) }
    }

    /// Whether `caller` may ask now (and if so, one token is spent).
    pub fn allow(&self, caller: &str) -> bool {
        self.allow_at(caller, Instant::now())
    }

    fn allow_at(&self, caller: &str, now: Instant) -> bool {
        let Ok(mut buckets) = self.buckets.lock() else { return false };
        if buckets.len() >= MOST_BUCKETS && !buckets.contains_key(caller) {
            let rate = self.rate;
            buckets.retain(|_, bucket| refilled(*bucket, rate, now) < rate.burst);
        }
        let bucket =
            buckets.entry(caller.to_owned()).or_insert(Bucket { tokens: self.rate.burst, at: now });
        let tokens = refilled(*bucket, self.rate, now);
        if tokens < 1.0 {
            *bucket = Bucket { tokens, at: now };
            return false;
        }
        *bucket = Bucket { tokens: tokens - 1.0, at: now };
        true
    }
}

/// The tokens `bucket` holds at `now`.
fn refilled(bucket: Bucket, rate: Rate, now: Instant) -> f64 {
    let elapsed = now.saturating_duration_since(bucket.at).min(Duration::from_secs(3600));
    (bucket.tokens + elapsed.as_secs_f64() * rate.per_second).min(rate.burst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_taken_then_the_rate_and_each_caller_has_its_own() {
        let limiter = Limiter::new(Rate { per_second: 2.0, burst: 3.0 });
        let start = Instant::now();
        assert!((0..3).all(|_| limiter.allow_at("a", start)));
        assert!(!limiter.allow_at("a", start), "the burst is spent");
        assert!(limiter.allow_at("b", start), "another caller is not held up");
        assert!(!limiter.allow_at("a", start + Duration::from_millis(400)));
        assert!(limiter.allow_at("a", start + Duration::from_millis(600)), "half a second: 1");
        assert!(!limiter.allow_at("a", start + Duration::from_millis(600)));
        let later = start + Duration::from_secs(60);
        assert!((0..3).all(|_| limiter.allow_at("a", later)), "refilled up to the burst");
        assert!(!limiter.allow_at("a", later));
    }
}
