//! Shuffles from the game's seed: shuffle number `n` uses ChaCha stream `n` of the seed, so a
//! replay of the log makes exactly the same deals, whatever happened in between.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

use super::card::Card;

pub(crate) fn shuffle(cards: &mut [Card], seed: u64, shuffle_number: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(shuffle_number);
    for i in (1..cards.len()).rev() {
        cards.swap(i, below(&mut rng, i as u64 + 1));
    }
}

/// A uniform index in `0..bound`: Lemire's multiply, retried on the few values that would
/// bias it.
fn below(rng: &mut ChaCha8Rng, bound: u64) -> usize {
    let threshold = bound.wrapping_neg() % bound;
    loop {
        let product = u128::from(rng.next_u64()) * u128::from(bound);
        if product as u64 >= threshold {
            return (product >> 64) as usize;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cinco::card::{Colour, deck};

    #[test]
    fn same_seed_and_number_same_order_others_differ() {
        let mut a = deck();
        let mut b = deck();
        shuffle(&mut a, 9, 3);
        shuffle(&mut b, 9, 3);
        assert_eq!(a, b);
        let mut c = deck();
        shuffle(&mut c, 9, 4);
        assert_ne!(a, c);
        let mut d = deck();
        shuffle(&mut d, 10, 3);
        assert_ne!(a, d);
        a.sort();
        assert_eq!(a, {
            let mut sorted = deck();
            sorted.sort();
            sorted
        });
    }

    #[test]
    fn a_card_lands_in_every_place_about_as_often() {
        let mut landings = [0u32; 10];
        let marked = Card::number(Colour::Red, 1);
        for number in 0..2000 {
            let mut cards = vec![Card::number(Colour::Blue, 9); 10];
            cards[0] = marked;
            shuffle(&mut cards, 1, number);
            if let Some(at) = cards.iter().position(|&c| c == marked) {
                landings[at] += 1;
            }
        }
        // 200 expected in each place; 140..260 is beyond four standard deviations.
        assert!(landings.iter().all(|&n| (140..260).contains(&n)), "{landings:?}");
    }
}
