//! What the end-to-end CINCO tests ask of the auctions' reveals, whatever the deal: how many
//! auctions a game holds is the deal's (the 5s may come out late, or a game end on its last
//! 5 after a few), so the reveals are checked by their numbers instead of counted.

/// The number a reveal gives its auction ("Auction 3 for the …"), if `text` is a reveal.
fn auction_number(text: &str) -> Option<u32> {
    if !text.contains("every bid at once") {
        return None;
    }
    let after = text.split_once("Auction")?.1;
    let digits: String = after
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// Asserts that the messages `texts` reveal at least one auction, and every auction from the
/// first to the last exactly once, in order: none lost, none repeated (a restart included).
pub fn assert_each_auction_revealed_once(texts: impl Iterator<Item = String>) {
    let numbers: Vec<u32> = texts.filter_map(|text| auction_number(&text)).collect();
    assert!(!numbers.is_empty(), "no auction was revealed");
    let expected: Vec<u32> = (1..=numbers.len() as u32).collect();
    assert_eq!(numbers, expected, "each auction revealed once, in order");
}
