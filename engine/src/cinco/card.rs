//! The cards of CINCO and the deck they make.

use std::fmt;

/// The four colours of the deck; the comodines are black (no colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Red,
    Yellow,
    Green,
    Blue,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue];
}

/// What a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CardKind {
    /// A numeric card, 1 to 9; the 5s are never held: they are auctioned.
    Number(u8),
    /// Comodín numérico: its number, in the colour its player chooses.
    NumberWild(u8),
    /// Comodín número 5: auctioned like a 5, every bid counts double.
    FiveWild,
    /// Reversa: the direction of play turns round.
    Reverse,
    /// Saltar: the next player loses their turn.
    Skip,
    /// Puntaje: +2 to one's own bid or −1 to another's, during an auction.
    Puntaje,
    /// Embargo: take a 5 from a player without Protección.
    Embargo,
    /// Protección: one's 5s cannot be embargoed.
    Protection,
    /// Cambio: discard the whole hand and draw 7.
    Cambio,
}

/// A card: its colour (`None` for the black comodines) and its kind. Copies of a card are
/// interchangeable, so actions name a card by what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub colour: Option<Colour>,
    pub kind: CardKind,
}

impl Card {
    #[must_use]
    pub const fn number(colour: Colour, number: u8) -> Card {
        Card { colour: Some(colour), kind: CardKind::Number(number) }
    }

    #[must_use]
    pub const fn number_wild(number: u8) -> Card {
        Card { colour: None, kind: CardKind::NumberWild(number) }
    }

    #[must_use]
    pub const fn reverse(colour: Colour) -> Card {
        Card { colour: Some(colour), kind: CardKind::Reverse }
    }

    #[must_use]
    pub const fn skip(colour: Colour) -> Card {
        Card { colour: Some(colour), kind: CardKind::Skip }
    }

    /// One of the black cards without a number: Puntaje, Embargo, Protección, Cambio, or the
    /// comodín número 5.
    #[must_use]
    pub const fn black(kind: CardKind) -> Card {
        Card { colour: None, kind }
    }

    /// A 5 of a colour or the comodín número 5: the cards that are auctioned and collected.
    #[must_use]
    pub const fn is_five(self) -> bool {
        matches!(self.kind, CardKind::Number(5) | CardKind::FiveWild)
    }

    /// The number a bid with this card is worth before doubling, if it can be a bid.
    #[must_use]
    pub const fn bid_number(self) -> Option<u8> {
        match self.kind {
            CardKind::Number(n) | CardKind::NumberWild(n) => Some(n),
            _ => None,
        }
    }

    /// A comodín: played on any discard (on one's turn). Puntaje is one too, but its only
    /// use is in an auction.
    #[must_use]
    pub const fn is_wild(self) -> bool {
        self.colour.is_none()
    }
}

/// The card in a log or a test message (`red 7`, `comodín 4`, `blue saltar`); players see the
/// bot's translated texts instead.
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let colour = match self.colour {
            Some(Colour::Red) => "red ",
            Some(Colour::Yellow) => "yellow ",
            Some(Colour::Green) => "green ",
            Some(Colour::Blue) => "blue ",
            None => "",
        };
        match self.kind {
            CardKind::Number(n) => write!(f, "{colour}{n}"),
            CardKind::NumberWild(n) => write!(f, "comodín {n}"),
            CardKind::FiveWild => f.write_str("comodín 5"),
            CardKind::Reverse => write!(f, "{colour}reversa"),
            CardKind::Skip => write!(f, "{colour}saltar"),
            CardKind::Puntaje => f.write_str("puntaje"),
            CardKind::Embargo => f.write_str("embargo"),
            CardKind::Protection => f.write_str("protección"),
            CardKind::Cambio => f.write_str("cambio"),
        }
    }
}

/// The numbers of the comodines numéricos, one card each.
pub const NUMBER_WILDS: [u8; 4] = [2, 4, 6, 8];

/// The whole deck, 107 cards, in a fixed order (the deal shuffles it): two of every number
/// 1–9 in every colour (so eight coloured 5s), the four comodines numéricos, two comodines
/// número 5, two Reversa and two Saltar per colour, four Puntaje, three Embargo, three
/// Protección and three Cambio.
#[must_use]
pub fn deck() -> Vec<Card> {
    let mut cards = Vec::with_capacity(DECK_SIZE);
    for colour in Colour::ALL {
        for number in 1..=9 {
            cards.extend([Card::number(colour, number); 2]);
        }
        cards.extend([Card::reverse(colour); 2]);
        cards.extend([Card::skip(colour); 2]);
    }
    cards.extend(NUMBER_WILDS.map(Card::number_wild));
    cards.extend([Card::black(CardKind::FiveWild); 2]);
    cards.extend([Card::black(CardKind::Puntaje); 4]);
    cards.extend([Card::black(CardKind::Embargo); 3]);
    cards.extend([Card::black(CardKind::Protection); 3]);
    cards.extend([Card::black(CardKind::Cambio); 3]);
    cards
}

/// How many cards the deck holds.
pub const DECK_SIZE: usize = 107;

/// How many 5s (coloured and wild) the deck holds.
pub const FIVES_IN_DECK: usize = 10;

/// How many 5s win.
pub const FIVES_TO_WIN: usize = 5;
