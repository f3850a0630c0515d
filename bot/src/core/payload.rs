//! Button payloads: `verb:id:ply:argument`, short enough for Telegram's 64 bytes.
//!
//! A payload names the game (or challenge) and the ply the button was drawn for, so a press
//! on an old board is recognised and refused instead of played on a newer position.

use engine::Seat;

use super::{ChallengeId, GameId};

/// What a button does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Payload {
    /// Play `text` in `game` at `ply`; `confirm` plays a renju forbidden point knowingly.
    Move {
        game: GameId,
        ply: usize,
        text: String,
        confirm: bool,
    },
    /// Answer the undo request standing at `ply`.
    Undo {
        game: GameId,
        ply: usize,
        accept: bool,
    },
    /// The point picker of a big board (DESIGN §8): show the rows of `column`, or the
    /// columns again when `None`.
    Pick {
        game: GameId,
        ply: usize,
        column: Option<String>,
    },
    /// Answer the resignation question `seat` was asked at `ply`: give up (`confirm`) or
    /// keep playing.
    Resign {
        game: GameId,
        ply: usize,
        seat: Seat,
        confirm: bool,
    },
    Rematch(GameId),
    Accept(ChallengeId),
    Decline(ChallengeId),
    Join(ChallengeId),
    /// A disabled button on a platform that cannot disable buttons: pressing it does nothing
    /// but say so.
    Inert,
}

/// Telegram's limit for callback data.
pub const MAX_PAYLOAD: usize = 64;

const INERT: &str = "-";

impl Payload {
    #[must_use]
    pub fn encode(&self) -> String {
        match self {
            Payload::Move { game, ply, text, confirm } => {
                let verb = if *confirm { 'c' } else { 'm' };
                format!("{verb}:{}:{ply}:{text}", game.0)
            }
            Payload::Undo { game, ply, accept } => {
                format!("u:{}:{ply}:{}", game.0, if *accept { 'y' } else { 'n' })
            }
            Payload::Pick { game, ply, column } => {
                format!("k:{}:{ply}:{}", game.0, column.as_deref().unwrap_or_default())
            }
            Payload::Resign { game, ply, seat, confirm } => {
                let seat = match seat {
                    Seat::First => '1',
                    Seat::Second => '2',
                };
                format!("x:{}:{ply}:{seat}{}", game.0, if *confirm { 'y' } else { 'n' })
            }
            Payload::Rematch(game) => format!("r:{}", game.0),
            Payload::Accept(challenge) => format!("a:{}", challenge.0),
            Payload::Decline(challenge) => format!("d:{}", challenge.0),
            Payload::Join(challenge) => format!("j:{}", challenge.0),
            Payload::Inert => INERT.to_owned(),
        }
    }

    /// Reads a payload; `None` for anything forged or garbled.
    #[must_use]
    pub fn decode(payload: &str) -> Option<Payload> {
        if payload.len() > MAX_PAYLOAD {
            return None;
        }
        if payload == INERT {
            return Some(Payload::Inert);
        }
        let mut parts = payload.splitn(4, ':');
        let verb = parts.next()?;
        let id: i64 = parts.next()?.parse().ok()?;
        let mut ply = || parts.next().and_then(|p| p.parse::<usize>().ok());
        match verb {
            "m" | "c" => {
                let ply = ply()?;
                let text = parts.next().filter(|t| !t.is_empty())?.to_owned();
                Some(Payload::Move { game: GameId(id), ply, text, confirm: verb == "c" })
            }
            "u" => {
                let ply = ply()?;
                let accept = match parts.next()? {
                    "y" => true,
                    "n" => false,
                    _ => return None,
                };
                Some(Payload::Undo { game: GameId(id), ply, accept })
            }
            "k" => {
                let ply = ply()?;
                let column = parts.next()?;
                let column = (!column.is_empty()).then(|| column.to_owned());
                Some(Payload::Pick { game: GameId(id), ply, column })
            }
            "x" => {
                let ply = ply()?;
                let (seat, confirm) = match parts.next()? {
                    "1y" => (Seat::First, true),
                    "1n" => (Seat::First, false),
                    "2y" => (Seat::Second, true),
                    "2n" => (Seat::Second, false),
                    _ => return None,
                };
                Some(Payload::Resign { game: GameId(id), ply, seat, confirm })
            }
            "r" => Some(Payload::Rematch(GameId(id))),
            "a" => Some(Payload::Accept(ChallengeId(id))),
            "d" => Some(Payload::Decline(ChallengeId(id))),
            "j" => Some(Payload::Join(ChallengeId(id))),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_read_back_and_fit_telegram() {
        let payloads = [
            Payload::Move {
                game: GameId(123_456),
                ply: 224,
                text: "choose h10".into(),
                confirm: false,
            },
            Payload::Move { game: GameId(1), ply: 3, text: "pop 3".into(), confirm: true },
            Payload::Undo { game: GameId(7), ply: 9, accept: false },
            Payload::Pick { game: GameId(7), ply: 224, column: Some("h".into()) },
            Payload::Pick { game: GameId(7), ply: 9, column: None },
            Payload::Resign { game: GameId(7), ply: 224, seat: Seat::Second, confirm: true },
            Payload::Resign { game: GameId(7), ply: 0, seat: Seat::First, confirm: false },
            Payload::Rematch(GameId(7)),
            Payload::Accept(ChallengeId(3)),
            Payload::Decline(ChallengeId(3)),
            Payload::Join(ChallengeId(3)),
            Payload::Inert,
        ];
        for payload in payloads {
            let encoded = payload.encode();
            assert!(encoded.len() <= MAX_PAYLOAD);
            assert_eq!(Payload::decode(&encoded), Some(payload));
        }
        assert_eq!(Payload::decode("m:x:1:h8"), None);
        assert_eq!(Payload::decode("z:1"), None);
        assert_eq!(Payload::decode("x:1:2:3y"), None);
        assert_eq!(Payload::decode("x:1:2:1"), None);
    }
}
