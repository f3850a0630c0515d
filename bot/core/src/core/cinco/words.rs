//! CINCO's cards in words and in pictures.

use engine::{Card, CardKind, Colour};
use render::{CardColour, CardFace};

use crate::i18n::Text;

/// A colour on its own ("eligió rojo") or after a card whose name is masculine in Spanish
/// ("7 rojo", "Saltar rojo").
pub(super) fn colour_text(colour: Colour) -> Text {
    colour_agreeing(colour, "masculine")
}

/// A colour agreeing with the Spanish noun it follows (`gender`: "masculine" or "feminine":
/// "Reversa roja"); English ignores it.
fn colour_agreeing(colour: Colour, gender: &'static str) -> Text {
    Text::new(match colour {
        Colour::Red => "cinco-red",
        Colour::Yellow => "cinco-yellow",
        Colour::Green => "cinco-green",
        Colour::Blue => "cinco-blue",
    })
    .with("gender", gender)
}

/// A card's name, in the reader's language.
pub(super) fn card_text(card: Card) -> Text {
    let gender = if card.kind == CardKind::Reverse { "feminine" } else { "masculine" };
    let coloured = |id: &'static str| match card.colour {
        Some(colour) => Text::new(id).with("colour", colour_agreeing(colour, gender)),
        None => Text::new(id).with("colour", ""),
    };
    match card.kind {
        CardKind::Number(n) => coloured("cinco-card-number").with("number", u32::from(n)),
        CardKind::NumberWild(n) => Text::new("cinco-card-wild").with("number", u32::from(n)),
        CardKind::FiveWild => Text::new("cinco-card-wild-five"),
        CardKind::Reverse => coloured("cinco-card-reverse"),
        CardKind::Skip => coloured("cinco-card-skip"),
        CardKind::Puntaje => Text::new("cinco-card-puntaje"),
        CardKind::Embargo => Text::new("cinco-card-embargo"),
        CardKind::Protection => Text::new("cinco-card-protection"),
        CardKind::Cambio => Text::new("cinco-card-cambio"),
    }
}

pub(super) fn card_colour(colour: Colour) -> CardColour {
    match colour {
        Colour::Red => CardColour::Red,
        Colour::Yellow => CardColour::Yellow,
        Colour::Green => CardColour::Green,
        Colour::Blue => CardColour::Blue,
    }
}

/// How the picture draws a card.
pub(super) fn card_face(card: Card) -> CardFace {
    let kind = match card.kind {
        CardKind::Number(n) => render::CardKind::Number(n),
        CardKind::NumberWild(n) => render::CardKind::NumberWild(n),
        CardKind::FiveWild => render::CardKind::FiveWild,
        CardKind::Reverse => render::CardKind::Reverse,
        CardKind::Skip => render::CardKind::Skip,
        CardKind::Puntaje => render::CardKind::Score,
        CardKind::Embargo => render::CardKind::Embargo,
        CardKind::Protection => render::CardKind::Protection,
        CardKind::Cambio => render::CardKind::Swap,
    };
    CardFace { colour: card.colour.map(card_colour), kind }
}
