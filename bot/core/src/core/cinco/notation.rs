//! CINCO actions as short text: what the action log stores, what a replay reads and what a
//! button carries (inside Telegram's 64 bytes). A card is its colour's letter and its number
//! or symbol (`r7`, `gR` Reversa, `bS` Saltar), or a black card's letter (`w4` comodín
//! numérico, `W` comodín número 5, `P` Puntaje, `E` Embargo, `X` Protección, `C` Cambio);
//! seats are numbered from 1 as players see them.

use engine::{Bid, Card, CardKind, Choice, CincoAction, CincoSeat, Colour, PuntajeUse};

fn colour_letter(colour: Colour) -> char {
    match colour {
        Colour::Red => 'r',
        Colour::Yellow => 'y',
        Colour::Green => 'g',
        Colour::Blue => 'b',
    }
}

fn colour_of(letter: char) -> Option<Colour> {
    Colour::ALL.into_iter().find(|&colour| colour_letter(colour) == letter)
}

/// A card in the notation.
#[must_use]
pub fn card_code(card: Card) -> String {
    let colour = card.colour.map(colour_letter);
    match (card.kind, colour) {
        (CardKind::Number(n), Some(colour)) => format!("{colour}{n}"),
        (CardKind::Reverse, Some(colour)) => format!("{colour}R"),
        (CardKind::Skip, Some(colour)) => format!("{colour}S"),
        (CardKind::NumberWild(n), _) => format!("w{n}"),
        (CardKind::FiveWild, _) => "W".to_owned(),
        (CardKind::Puntaje, _) => "P".to_owned(),
        (CardKind::Embargo, _) => "E".to_owned(),
        (CardKind::Protection, _) => "X".to_owned(),
        (CardKind::Cambio, _) => "C".to_owned(),
        // The deck has no uncoloured number, Reversa or Saltar.
        (CardKind::Number(n), None) => format!("?{n}"),
        (CardKind::Reverse, None) => "?R".to_owned(),
        (CardKind::Skip, None) => "?S".to_owned(),
    }
}

/// Reads a card; `None` for anything that is not one of the deck's.
#[must_use]
pub fn parse_card(code: &str) -> Option<Card> {
    let mut letters = code.chars();
    let first = letters.next()?;
    let rest = letters.as_str();
    let number = || rest.parse::<u8>().ok().filter(|n| (1..=9).contains(n));
    let card = match first {
        'w' => Card::number_wild(number()?),
        'W' if rest.is_empty() => Card::black(CardKind::FiveWild),
        'P' if rest.is_empty() => Card::black(CardKind::Puntaje),
        'E' if rest.is_empty() => Card::black(CardKind::Embargo),
        'X' if rest.is_empty() => Card::black(CardKind::Protection),
        'C' if rest.is_empty() => Card::black(CardKind::Cambio),
        letter => {
            let colour = colour_of(letter)?;
            match rest {
                "R" => Card::reverse(colour),
                "S" => Card::skip(colour),
                _ => Card::number(colour, number()?),
            }
        }
    };
    Some(card)
}

fn seat_code(seat: CincoSeat) -> String {
    (u16::from(seat.0) + 1).to_string()
}

fn parse_seat(code: &str) -> Option<CincoSeat> {
    let number: u8 = code.parse().ok()?;
    number.checked_sub(1).filter(|&index| index < 6).map(CincoSeat)
}

/// An action in the notation.
#[must_use]
pub fn action_code(action: CincoAction) -> String {
    match action {
        CincoAction::Play { card, choice } => match choice {
            Choice::None => format!("p {}", card_code(card)),
            Choice::Colour(colour) => format!("p {} {}", card_code(card), colour_letter(colour)),
            Choice::Target(seat) => format!("p {} {}", card_code(card), seat_code(seat)),
        },
        CincoAction::Draw => "d".to_owned(),
        CincoAction::KeepDrawn => "k".to_owned(),
        CincoAction::Discard(card) => format!("x {}", card_code(card)),
        CincoAction::Bid(Bid { card, puntaje }) => match puntaje {
            None => format!("b {}", card_code(card)),
            Some(PuntajeUse::Raise) => format!("b {} +", card_code(card)),
            Some(PuntajeUse::Lower(seat)) => format!("b {} -{}", card_code(card), seat_code(seat)),
        },
    }
}

/// Reads an action; `None` for anything garbled. Whether it is allowed is the game's to say.
#[must_use]
pub fn parse_action(code: &str) -> Option<CincoAction> {
    let words: Vec<&str> = code.split_whitespace().collect();
    let action = match words.as_slice() {
        ["d"] => CincoAction::Draw,
        ["k"] => CincoAction::KeepDrawn,
        ["x", card] => CincoAction::Discard(parse_card(card)?),
        ["p", card] => CincoAction::Play { card: parse_card(card)?, choice: Choice::None },
        ["p", card, choice] => {
            let card = parse_card(card)?;
            let choice = match card.kind {
                CardKind::NumberWild(_) => {
                    let mut letters = choice.chars();
                    let colour = letters.next().and_then(colour_of)?;
                    if letters.next().is_some() {
                        return None;
                    }
                    Choice::Colour(colour)
                }
                CardKind::Embargo => Choice::Target(parse_seat(choice)?),
                _ => return None,
            };
            CincoAction::Play { card, choice }
        }
        ["b", card] => CincoAction::Bid(Bid { card: parse_card(card)?, puntaje: None }),
        ["b", card, "+"] => {
            CincoAction::Bid(Bid { card: parse_card(card)?, puntaje: Some(PuntajeUse::Raise) })
        }
        ["b", card, lower] => {
            let seat = parse_seat(lower.strip_prefix('-')?)?;
            CincoAction::Bid(Bid {
                card: parse_card(card)?,
                puntaje: Some(PuntajeUse::Lower(seat)),
            })
        }
        _ => return None,
    };
    Some(action)
}

#[cfg(test)]
mod tests {
    use engine::cpu::{CincoPlayer, cinco_decision_seed};
    use engine::{Cinco, CincoSettings, deck};

    use super::*;

    #[test]
    fn every_card_of_the_deck_reads_back() {
        for card in deck() {
            assert_eq!(parse_card(&card_code(card)), Some(card), "{card}");
        }
    }

    #[test]
    fn every_action_allowed_in_played_games_reads_back_and_fits_a_button() {
        for seed in 0..40 {
            let seats = 2 + u8::try_from(seed % 5).unwrap_or(0);
            let mut game = Cinco::start(CincoSettings { seats, seed }).expect("a table");
            while !game.outcome().is_over() {
                let seats = game.who_may_act();
                for &seat in &seats {
                    for action in game.legal_actions(seat) {
                        let code = action_code(action);
                        assert_eq!(parse_action(&code), Some(action), "{code}");
                        // A button adds its verb, a game number and a sequence number.
                        assert!(code.len() + "P:9999999999:99999:".len() <= 64, "{code}");
                    }
                }
                let Some(&seat) = seats.first() else { break };
                let Some(action) =
                    CincoPlayer::Random.choose(&game, seat, cinco_decision_seed(&game, seat))
                else {
                    break;
                };
                game = game.play(seat, action).expect("the CPU plays a legal action");
            }
        }
    }

    #[test]
    fn garbled_actions_are_refused() {
        for code in [
            "", "p", "p r0", "p r10", "p q7", "p w4 q", "p w4 gg", "p E 7", "p E 0", "p r7 g",
            "b r7 -", "b r7 -9", "b r7 *", "x", "d d", "W7", "p W5", "pr7",
        ] {
            assert_eq!(parse_action(code), None, "{code:?}");
        }
    }
}
