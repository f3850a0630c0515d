//! A cache of what was used recently, whose size does not grow with everything ever seen: a
//! bot that has met 100,000 chats or users keeps the last few thousand, not all of them.

use std::collections::HashMap;
use std::hash::Hash;

/// At most about twice `capacity` entries: new ones go into the current generation; when it
/// is full it becomes the old one (the older one is dropped), and an entry looked up in the
/// old generation moves back to the current one.
#[derive(Debug)]
pub(super) struct Recent<K, V> {
    capacity: usize,
    current: HashMap<K, V>,
    old: HashMap<K, V>,
}

impl<K: Eq + Hash, V> Recent<K, V> {
    pub(super) fn new(capacity: usize) -> Recent<K, V> {
        Recent { capacity: capacity.max(1), current: HashMap::new(), old: HashMap::new() }
    }

    pub(super) fn get(&mut self, key: &K) -> Option<&V>
    where
        K: Clone,
    {
        if !self.current.contains_key(key)
            && let Some(value) = self.old.remove(key)
        {
            self.insert(key.clone(), value);
        }
        self.current.get(key)
    }

    pub(super) fn insert(&mut self, key: K, value: V) {
        if self.current.len() >= self.capacity && !self.current.contains_key(&key) {
            self.old = std::mem::take(&mut self.current);
        }
        self.old.remove(&key);
        self.current.insert(key, value);
    }

    pub(super) fn remove(&mut self, key: &K) {
        self.current.remove(key);
        self.old.remove(key);
    }

    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.current.len() + self.old.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_keeps_the_recent_and_never_more_than_twice_its_capacity() {
        let mut recent = Recent::new(100);
        for key in 0..100_000 {
            recent.insert(key, key * 2);
            assert!(recent.len() <= 200);
        }
        assert_eq!(recent.get(&99_999), Some(&199_998));
        assert_eq!(recent.get(&0), None, "long forgotten");
        // One used again while old stays through the next hundred newer ones.
        assert_eq!(recent.get(&99_850), Some(&199_700));
        for key in 100_000..100_100 {
            recent.insert(key, 0);
        }
        assert_eq!(recent.get(&99_850), Some(&199_700));
        assert_eq!(recent.get(&99_851), None, "one not used again is gone");
        recent.insert(99_850, 1);
        assert_eq!(recent.get(&99_850), Some(&1), "an insert replaces");
        recent.remove(&99_850);
        assert_eq!(recent.get(&99_850), None);
    }
}
