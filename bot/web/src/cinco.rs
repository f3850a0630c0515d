//! CINCO as the page reads it: the table everybody sees, as the group's table picture draws
//! it, and the reader's own hand with each card's actions. The renderer's and the core's
//! types are copied into these serde ones; every word is rendered already.

use serde::Serialize;

use cincobot_core::core::{Button, CincoHandView};
use cincobot_core::i18n::{Locale, Texts};
use render::{CardColour, CardFace, CardKind, FollowMark, PlayDirection};

/// A card's face: its colour (`null`: black), its kind, its number, and what is printed on
/// it (the number, or the card's name as the deck prints it).
#[derive(Clone, Debug, Serialize)]
pub struct Card {
    pub colour: Option<&'static str>,
    pub kind: &'static str,
    pub number: Option<u8>,
    pub printed: String,
}

fn colour(colour: CardColour) -> &'static str {
    match colour {
        CardColour::Red => "red",
        CardColour::Yellow => "yellow",
        CardColour::Green => "green",
        CardColour::Blue => "blue",
    }
}

fn card(face: CardFace) -> Card {
    let (kind, number) = match face.kind {
        CardKind::Number(n) => ("number", Some(n)),
        CardKind::NumberWild(n) => ("wild", Some(n)),
        CardKind::FiveWild => ("wild-five", Some(5)),
        CardKind::Reverse => ("reverse", None),
        CardKind::Skip => ("skip", None),
        CardKind::Score => ("puntaje", None),
        CardKind::Embargo => ("embargo", None),
        CardKind::Protection => ("protection", None),
        CardKind::Swap => ("cambio", None),
    };
    let printed = match (number, face.kind.printed_name()) {
        (Some(n), _) => n.to_string(),
        (None, Some(name)) => name.to_owned(),
        (None, None) => String::new(),
    };
    Card { colour: face.colour.map(colour), kind, number, printed }
}

/// The table, as the group's picture shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Table {
    pub discard: Option<Card>,
    /// What the next card must follow when the discard's top card is black: a colour, and a
    /// number, `"reverse"`, `"skip"` or nothing.
    pub follow: Option<Follow>,
    pub draw_pile: u16,
    pub draw_pile_label: String,
    pub players: Vec<TablePlayer>,
    pub clockwise: bool,
    pub turn: Option<usize>,
    pub auction: Option<Auction>,
    pub status: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct Follow {
    pub colour: Option<&'static str>,
    pub mark: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct TablePlayer {
    pub name: String,
    pub fives: Vec<Card>,
    pub protected: bool,
    /// How many cards they hold: never which.
    pub cards: u8,
}

/// The 5 at stake, and each seat's part: `"waiting"`, `"sealed"` (face down), `"none"`
/// (no number to bid); a bid is never shown before the reveal.
#[derive(Clone, Debug, Serialize)]
pub struct Auction {
    pub label: String,
    pub five: Card,
    pub bids: Vec<&'static str>,
    pub no_bid_label: String,
}

pub fn table(table: &render::Table) -> Table {
    Table {
        discard: table.discard.map(card),
        follow: table.follow.map(|follow| Follow {
            colour: follow.colour.map(colour),
            mark: match follow.mark {
                FollowMark::Number(n) => Some(n.to_string()),
                FollowMark::Reverse => Some("reverse".to_owned()),
                FollowMark::Skip => Some("skip".to_owned()),
                FollowMark::Nothing => None,
            },
        }),
        draw_pile: table.draw_pile,
        draw_pile_label: table.draw_pile_label.clone(),
        players: table
            .players
            .iter()
            .map(|player| TablePlayer {
                name: player.name.clone(),
                fives: player.fives.iter().copied().map(card).collect(),
                protected: player.protected,
                cards: player.cards,
            })
            .collect(),
        clockwise: table.direction == PlayDirection::Clockwise,
        turn: table.turn,
        auction: table.auction.as_ref().map(|auction| Auction {
            label: auction.label.clone(),
            five: card(auction.five),
            bids: auction
                .bids
                .iter()
                .map(|bid| match bid {
                    render::Bid::Waiting => "waiting",
                    render::Bid::NoBid => "none",
                    // The table the core shows is made before any reveal: a revealed bid is
                    // told in words, and the page never needs one here.
                    render::Bid::Hidden | render::Bid::Revealed { .. } => "sealed",
                })
                .collect(),
            no_bid_label: auction.no_bid_label.clone(),
        }),
        status: table.status.clone(),
    }
}

/// An action the page may send: the label, and the payload it posts as `button`.
#[derive(Clone, Debug, Serialize)]
pub struct Choice {
    pub label: String,
    pub payload: String,
}

/// One card of the reader's hand.
#[derive(Clone, Debug, Serialize)]
pub struct HeldCard {
    pub card: Card,
    pub name: String,
    pub actions: Vec<Choice>,
}

/// The reader's own hand: only ever in the state of the reader who holds it.
#[derive(Clone, Debug, Serialize)]
pub struct Hand {
    pub seat: usize,
    pub lines: Vec<String>,
    pub cards: Vec<HeldCard>,
    pub loose: Vec<Choice>,
    pub sealed_bid: Option<Card>,
}

/// `hand` for a reader who may act (a spectator never gets one, and one who may not act
/// gets the cards without their actions), its words rendered in `locale`.
pub fn hand(texts: &Texts, locale: Locale, hand: &CincoHandView, may_act: bool) -> Hand {
    let choices = |buttons: &[Button]| -> Vec<Choice> {
        if !may_act {
            return Vec::new();
        }
        buttons
            .iter()
            .map(|button| Choice {
                label: texts.render(locale, &button.label),
                payload: button.payload.clone(),
            })
            .collect()
    };
    Hand {
        seat: hand.seat,
        lines: hand.lines.iter().map(|line| texts.render(locale, line)).collect(),
        cards: hand
            .cards
            .iter()
            .map(|held| HeldCard {
                card: card(held.face),
                name: texts.render(locale, &held.name),
                actions: choices(&held.actions),
            })
            .collect(),
        loose: choices(&hand.loose),
        sealed_bid: hand.sealed_bid.map(card),
    }
}
