//! Button payloads: `verb:id:ply:argument`, short enough for Telegram's 64 bytes.
//!
//! A payload names the game (or challenge) and the ply the button was drawn for, so a press
//! on an old board is recognised and refused instead of played on a newer position.

use engine::Seat;

use super::{ChallengeId, CpuLevel, GameId};
use crate::games::Family;

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
    /// The point picker of a big board: show the rows of `column`, or the
    /// columns again when `None`.
    Pick {
        game: GameId,
        ply: usize,
        column: Option<String>,
    },
    /// Renju: a step of black's ten fifth moves chosen by buttons in `game` at `ply`, drawn
    /// when `count` points were chosen (a press drawn for another count is stale).
    Offer {
        game: GameId,
        ply: usize,
        count: usize,
        step: OfferStep,
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
    /// Watch game `0` again (`/replay`).
    Replay(GameId),
    /// Page `page` (from 0) of `/history`, of one user or of the whole chat, of one game or
    /// of all.
    History {
        page: i64,
        kind: Option<Family>,
        user: Option<String>,
    },
    Accept(ChallengeId),
    Decline(ChallengeId),
    Join(ChallengeId),
    /// A disabled button on a platform that cannot disable buttons: pressing it does nothing
    /// but say so.
    Inert,
    /// A choice in CINCO lobby `lobby`.
    Lobby {
        lobby: u64,
        choice: LobbyChoice,
    },
    /// One's hand in CINCO game `0` shown again, privately (the table's My hand button).
    Hand(GameId),
    /// One's signed link to game `0`'s web board, privately (the board's Open board button
    /// where the platform cannot open a page itself).
    WebBoard(GameId),
    /// A CINCO action in `game`: `round` is the sequence number of the action it was drawn
    /// for, or for a bid the auction's number (a bid request stays good while others bid).
    Cinco {
        game: GameId,
        round: CincoRound,
        action: String,
    },
}

/// A step of renju's offer chosen by buttons.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OfferStep {
    /// Begin choosing the ten points (instead of placing the fifth stone).
    Begin,
    /// Add this point to the points chosen.
    Add(String),
    /// Take back the last point chosen.
    RemoveLast,
    /// Offer the ten points chosen.
    Send,
    /// Give up choosing: back to placing the fifth stone.
    Stop,
}

/// What a CINCO button was drawn for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CincoRound {
    /// The action at this place of the sequence.
    Seq(usize),
    /// A bid in this auction.
    Auction(u32),
}

/// The buttons of a CINCO lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyChoice {
    Join,
    Leave,
    AddCpu(CpuLevel),
    Start,
}

impl LobbyChoice {
    const fn code(self) -> &'static str {
        match self {
            LobbyChoice::Join => "j",
            LobbyChoice::Leave => "l",
            LobbyChoice::AddCpu(CpuLevel::Easy) => "ce",
            LobbyChoice::AddCpu(CpuLevel::Normal) => "cn",
            LobbyChoice::AddCpu(CpuLevel::Hard) => "ch",
            LobbyChoice::Start => "s",
        }
    }

    fn from_code(code: &str) -> Option<LobbyChoice> {
        [
            LobbyChoice::Join,
            LobbyChoice::Leave,
            LobbyChoice::AddCpu(CpuLevel::Easy),
            LobbyChoice::AddCpu(CpuLevel::Normal),
            LobbyChoice::AddCpu(CpuLevel::Hard),
            LobbyChoice::Start,
        ]
        .into_iter()
        .find(|choice| choice.code() == code)
    }
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
            Payload::Offer { game, ply, count, step } => {
                let step = match step {
                    OfferStep::Begin => "b".to_owned(),
                    OfferStep::Add(point) => format!("+{point}"),
                    OfferStep::RemoveLast => "-".to_owned(),
                    OfferStep::Send => "!".to_owned(),
                    OfferStep::Stop => "x".to_owned(),
                };
                format!("o:{}:{ply}:{count}{step}", game.0)
            }
            Payload::Resign { game, ply, seat, confirm } => {
                let seat = match seat {
                    Seat::First => '1',
                    Seat::Second => '2',
                };
                format!("x:{}:{ply}:{seat}{}", game.0, if *confirm { 'y' } else { 'n' })
            }
            Payload::Rematch(game) => format!("r:{}", game.0),
            Payload::Replay(game) => format!("p:{}", game.0),
            Payload::History { page, kind, user } => {
                let kind = kind.map(Family::code).unwrap_or_default();
                format!("h:{page}:{kind}:{}", user.as_deref().unwrap_or_default())
            }
            Payload::Accept(challenge) => format!("a:{}", challenge.0),
            Payload::Decline(challenge) => format!("d:{}", challenge.0),
            Payload::Join(challenge) => format!("j:{}", challenge.0),
            Payload::Inert => INERT.to_owned(),
            Payload::Lobby { lobby, choice } => format!("L:{lobby}:{}", choice.code()),
            Payload::Hand(game) => format!("H:{}", game.0),
            Payload::WebBoard(game) => format!("W:{}", game.0),
            Payload::Cinco { game, round: CincoRound::Seq(seq), action } => {
                format!("C:{}:{seq}:{action}", game.0)
            }
            Payload::Cinco { game, round: CincoRound::Auction(auction), action } => {
                format!("B:{}:{auction}:{action}", game.0)
            }
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
            "o" => {
                let ply = ply()?;
                let rest = parts.next()?;
                let digits = rest.find(|c: char| !c.is_ascii_digit())?;
                let count = rest[..digits].parse().ok()?;
                let step = match &rest[digits..] {
                    "b" => OfferStep::Begin,
                    "-" => OfferStep::RemoveLast,
                    "!" => OfferStep::Send,
                    "x" => OfferStep::Stop,
                    other => {
                        let point = other.strip_prefix('+').filter(|point| {
                            !point.is_empty() && point.bytes().all(|b| b.is_ascii_alphanumeric())
                        })?;
                        OfferStep::Add(point.to_owned())
                    }
                };
                Some(Payload::Offer { game: GameId(id), ply, count, step })
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
            "p" => Some(Payload::Replay(GameId(id))),
            "h" if id >= 0 => {
                let kind = match parts.next()? {
                    "" => None,
                    code => Some(Family::parse(code)?),
                };
                let user = parts.next().filter(|user| !user.is_empty()).map(str::to_owned);
                Some(Payload::History { page: id, kind, user })
            }
            "a" => Some(Payload::Accept(ChallengeId(id))),
            "d" => Some(Payload::Decline(ChallengeId(id))),
            "j" => Some(Payload::Join(ChallengeId(id))),
            "L" => Some(Payload::Lobby {
                lobby: u64::try_from(id).ok()?,
                choice: LobbyChoice::from_code(parts.next()?)?,
            }),
            "H" => Some(Payload::Hand(GameId(id))),
            "W" => Some(Payload::WebBoard(GameId(id))),
            "C" | "B" => {
                let round = ply()?;
                let round = if verb == "C" {
                    CincoRound::Seq(round)
                } else {
                    CincoRound::Auction(u32::try_from(round).ok()?)
                };
                let action = parts.next().filter(|t| !t.is_empty())?.to_owned();
                Some(Payload::Cinco { game: GameId(id), round, action })
            }
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
            Payload::Offer {
                game: GameId(123_456),
                ply: 8,
                count: 9,
                step: OfferStep::Add("h10".into()),
            },
            Payload::Offer { game: GameId(1), ply: 8, count: 0, step: OfferStep::Begin },
            Payload::Offer { game: GameId(1), ply: 8, count: 3, step: OfferStep::RemoveLast },
            Payload::Offer { game: GameId(1), ply: 8, count: 10, step: OfferStep::Send },
            Payload::Offer { game: GameId(1), ply: 8, count: 2, step: OfferStep::Stop },
            Payload::Rematch(GameId(7)),
            Payload::Replay(GameId(7)),
            Payload::History {
                page: 3,
                kind: Some(Family::Board(crate::games::GameKind::Connect5)),
                user: Some("123456789012345678".into()),
            },
            Payload::History { page: 0, kind: None, user: None },
            Payload::Accept(ChallengeId(3)),
            Payload::Decline(ChallengeId(3)),
            Payload::Join(ChallengeId(3)),
            Payload::Inert,
            Payload::Lobby { lobby: 4, choice: LobbyChoice::AddCpu(CpuLevel::Hard) },
            Payload::Hand(GameId(12)),
            Payload::WebBoard(GameId(12)),
            Payload::Lobby { lobby: 4, choice: LobbyChoice::Start },
            Payload::Cinco {
                game: GameId(123_456),
                round: CincoRound::Seq(4_000),
                action: "b w4 -6".into(),
            },
            Payload::Cinco {
                game: GameId(9),
                round: CincoRound::Auction(12),
                action: "b r7".into(),
            },
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
        assert_eq!(Payload::decode("L:1:q"), None);
        assert_eq!(Payload::decode("L:-1:j"), None);
        assert_eq!(Payload::decode("C:1:2:"), None);
        assert_eq!(Payload::decode("o:1:8:3"), None);
        assert_eq!(Payload::decode("o:1:8:+h8"), None);
        assert_eq!(Payload::decode("o:1:8:3+"), None);
        assert_eq!(Payload::decode("o:1:8:3+h 8"), None);
        assert_eq!(Payload::decode("o:1:8:3?"), None);
    }
}
