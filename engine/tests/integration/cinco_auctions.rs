//! Auction scoring over the cases in `data/cinco_auctions.txt`.

use engine::{Bid, Card, CardKind, CincoSeat, Colour, PuntajeUse, score_bids};

fn colour(word: &str) -> Colour {
    match word {
        "red" => Colour::Red,
        "yellow" => Colour::Yellow,
        "green" => Colour::Green,
        "blue" => Colour::Blue,
        other => panic!("no colour {other}"),
    }
}

fn card(words: &[&str]) -> Card {
    match words {
        ["wild5"] => Card::black(CardKind::FiveWild),
        ["wild", n] => Card::number_wild(n.parse().expect("a number")),
        [c, n] => Card::number(colour(c), n.parse().expect("a number")),
        other => panic!("no card {other:?}"),
    }
}

fn bid(text: &str) -> Option<Bid> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words == ["-"] {
        return None;
    }
    let (puntaje, card_words) = match words.last() {
        Some(&"+") => (Some(PuntajeUse::Raise), &words[..words.len() - 1]),
        Some(w) if w.starts_with('>') => {
            let seat = w[1..].parse().expect("a seat");
            (Some(PuntajeUse::Lower(CincoSeat(seat))), &words[..words.len() - 1])
        }
        _ => (None, &words[..]),
    };
    Some(Bid { card: card(card_words), puntaje })
}

#[test]
fn every_auction_case_scores_as_written() {
    let data = include_str!("../data/cinco_auctions.txt");
    let mut cases = 0;
    for (number, line) in data.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [five, bids, values, winner] = fields[..] else {
            panic!("line {}: four fields", number + 1)
        };
        let five = card(&five.split_whitespace().collect::<Vec<_>>());
        let bids: Vec<Option<Bid>> = bids.split(',').map(bid).collect();
        let expected: Vec<Option<u16>> = values
            .split(',')
            .map(|v| match v.trim() {
                "-" => None,
                v => Some(v.parse().expect("a value")),
            })
            .collect();
        let winner = match winner {
            "none" => None,
            seat => Some(CincoSeat(seat.parse().expect("a seat"))),
        };
        let scores = score_bids(five, &bids);
        let values: Vec<Option<u16>> = scores.values.iter().map(|v| v.map(|v| v.value)).collect();
        assert_eq!(values, expected, "line {}: {line}", number + 1);
        assert_eq!(scores.winner, winner, "line {}: {line}", number + 1);
        cases += 1;
    }
    assert!(cases >= 15, "the data file has its cases");
}
