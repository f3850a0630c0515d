//! What the end-to-end CINCO tests ask of the auctions' reveals, whatever the deal: how many
//! auctions a game holds is the deal's (the 5s may come out late, or a game end on its last
//! 5 after a few), so the reveals are checked by their numbers instead of counted.

/// The numbers the reveals in `text` give their auctions ("Auction 3 for the …"), one per
/// reveal line (one message may reveal two auctions).
pub fn auction_numbers(text: &str) -> impl Iterator<Item = u32> + '_ {
    text.lines().filter(|line| line.contains("every bid at once")).filter_map(|line| {
        let after = line.split_once("Auction")?.1;
        let digits: String = after
            .chars()
            .skip_while(|c| !c.is_ascii_digit())
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().ok()
    })
}

/// Asserts that the messages `texts` reveal at least one auction, and every auction from the
/// first to the last exactly once, in order: none lost, none repeated (a restart included).
pub fn assert_each_auction_revealed_once(texts: impl Iterator<Item = String>) {
    let numbers: Vec<u32> =
        texts.flat_map(|text| auction_numbers(&text).collect::<Vec<_>>()).collect();
    assert!(!numbers.is_empty(), "no auction was revealed");
    let expected: Vec<u32> = (1..=numbers.len() as u32).collect();
    assert_eq!(numbers, expected, "each auction revealed once, in order");
}
