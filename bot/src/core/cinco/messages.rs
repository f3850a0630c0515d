//! What CINCO shows. The group's messages are built from a [`PublicView`] alone, which holds
//! no hand and no sealed bid, so they cannot show one (DESIGN §5); a hand and its buttons are
//! built from one seat's [`PrivateView`] and go to that player only.

use std::sync::Arc;

use engine::{
    Bid, Choice, CincoAction, CincoOutcome, PrivateView, PublicCard, PublicView, PuntajeUse,
    Reveal, Rotation, WinBy,
};
use render::{Auction, Hand, PlayDirection, Table, TablePlayer};

use super::super::{BoardImage, Button, CincoRound, GameId, Message, Payload, Row};
use super::notation::action_code;
use super::words::{card_face, card_text, colour_text};
use crate::games::Picture;
use crate::i18n::{Arg, Locale, Text};

/// What the group is told happened, in public terms only: a played card is named as it lies
/// face up after the play (a [`PublicCard`], which only the engine makes from a face-up card),
/// a bid is only "has bid", a card put away is not named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PublicNote {
    Played(PublicCard, Choice),
    Protected,
    Drew,
    Kept,
    PutAway,
    HasBid,
}

impl PublicNote {
    /// The note of `action`, given the table `after` it; `None` if a played card is not the
    /// one face up (nothing is said rather than a card that might not be public).
    pub(super) fn of(action: CincoAction, after: &PublicView) -> Option<PublicNote> {
        Some(match action {
            CincoAction::Play { card, .. } if card.kind == engine::CardKind::Protection => {
                PublicNote::Protected
            }
            CincoAction::Play { card, choice } => {
                let top = after.discard_top.filter(|top| top.card() == card)?;
                PublicNote::Played(top, choice)
            }
            CincoAction::Draw => PublicNote::Drew,
            CincoAction::KeepDrawn => PublicNote::Kept,
            CincoAction::Discard(_) => PublicNote::PutAway,
            CincoAction::Bid(_) => PublicNote::HasBid,
        })
    }

    fn line(self, name: Arg, names: &[Arg]) -> Text {
        let target = |seat: engine::CincoSeat| {
            names.get(seat.index()).cloned().unwrap_or(Arg::Plain(seat.to_string()))
        };
        match self {
            PublicNote::Played(_, Choice::Target(seat)) => {
                Text::new("cinco-played-embargo").with("name", name).with("target", target(seat))
            }
            PublicNote::Played(card, Choice::Colour(colour)) => Text::new("cinco-played-colour")
                .with("name", name)
                .with("card", card_text(card.card()))
                .with("colour", colour_text(colour)),
            PublicNote::Played(card, Choice::None) => {
                Text::new("cinco-played").with("name", name).with("card", card_text(card.card()))
            }
            PublicNote::Protected => Text::new("cinco-protected").with("name", name),
            PublicNote::Drew => Text::new("cinco-drew").with("name", name),
            PublicNote::Kept => Text::new("cinco-kept").with("name", name),
            PublicNote::PutAway => Text::new("cinco-put-away").with("name", name),
            PublicNote::HasBid => Text::new("cinco-has-bid").with("name", name),
        }
    }
}

fn name(names: &[Arg], seat: usize) -> Arg {
    names.get(seat).cloned().unwrap_or_else(|| Arg::Plain((seat + 1).to_string()))
}

fn joined(
    names: &[Arg],
    seats: impl IntoIterator<Item = usize>,
    render: &dyn Fn(Arg) -> String,
) -> String {
    seats.into_iter().map(|seat| render(name(names, seat))).collect::<Vec<_>>().join(", ")
}

/// Every bid of a finished auction, its modifiers and its winner.
fn reveal_lines(reveal: &Reveal, names: &[Arg]) -> Vec<Text> {
    let mut lines = vec![
        Text::new("cinco-reveal")
            .with("number", reveal.number)
            .with("five", card_text(reveal.five.card())),
    ];
    for (seat, bid) in reveal.bids.iter().enumerate() {
        let Some(bid) = bid else { continue };
        let yes_no = |flag: bool| if flag { "yes" } else { "no" };
        lines.push(
            Text::new("cinco-reveal-bid")
                .with("name", name(names, seat))
                .with("card", card_text(bid.card.card()))
                .with("value", u32::from(bid.value.value))
                .with("doubled", yes_no(bid.value.doubled))
                .with("raised", yes_no(bid.value.raised))
                .with("lowered", u32::from(bid.value.lowered_by)),
        );
        if let Some(PuntajeUse::Lower(target)) = bid.puntaje {
            lines.push(
                Text::new("cinco-reveal-lowers")
                    .with("name", name(names, seat))
                    .with("target", name(names, target.index())),
            );
        }
    }
    lines.push(match reveal.winner {
        Some(winner) => Text::new("cinco-reveal-winner").with("name", name(names, winner.index())),
        None => Text::new("cinco-reveal-tie"),
    });
    lines
}

/// What players must read of an action, as a message of its own rather than in the table's
/// caption: the table is one message edited in place, and its caption is replaced by the next
/// action's — often a CPU's, a moment later — so an auction's bids and winner, or a 5 taken
/// by Embargo, would be gone before anyone read them. A text message stays in the chat (and
/// notifies). Empty when the action changed no one's 5s.
pub(super) fn events_to_read(
    names: &[Arg],
    note: Option<(usize, PublicNote)>,
    revealed: &[Reveal],
) -> Vec<Text> {
    let mut lines = Vec::new();
    if let Some((seat, note @ PublicNote::Played(_, Choice::Target(_)))) = note {
        lines.push(note.line(name(names, seat), names));
    }
    for reveal in revealed {
        lines.extend(reveal_lines(reveal, names));
    }
    lines
}

/// The group's table after an action: the action, and the table as it stands, in words and
/// in its picture.
pub(super) fn table_message(
    id: GameId,
    view: &PublicView,
    names: &[Arg],
    note: Option<(usize, PublicNote)>,
    locale: Locale,
    render: &dyn Fn(Arg) -> String,
) -> Message {
    let mut lines = vec![Text::new("cinco-header").with("id", id.0)];
    if let Some((seat, note)) = note {
        lines.push(note.line(name(names, seat), names));
    }
    let order = Text::new(match view.rotation {
        Rotation::Forward => "cinco-forward",
        Rotation::Backward => "cinco-backward",
    });
    lines.push(match view.discard_top {
        Some(top) => Text::new("cinco-discard")
            .with("card", card_text(top.card()))
            .with("pile", view.draw_pile)
            .with("order", order),
        None => Text::new("cinco-discard-empty").with("pile", view.draw_pile).with("order", order),
    });
    if let (Some(colour), Some(top)) = (view.follow.colour, view.discard_top)
        && top.card().colour != Some(colour)
    {
        lines.push(Text::new("cinco-colour-in-play").with("colour", colour_text(colour)));
    }
    for (seat, player) in view.players.iter().enumerate() {
        lines.push(
            Text::new("cinco-player")
                .with("name", name(names, seat))
                .with("cards", player.cards)
                .with("fives", player.fives.len())
                .with("protected", if player.protected { "yes" } else { "no" }),
        );
    }
    let status = status_line(view, names, render);
    lines.push(status.clone());
    let picture = table_picture(view, names, render, &render(Arg::Text(status)));
    Message {
        locale,
        lines,
        board: Some(BoardImage {
            picture,
            diagram: String::new(),
            file_name: format!("cinco-{}-turn-{}-auction-{}.png", id.0, view.turns, view.auctions),
        }),
        components: Vec::new(),
        addressee: None,
    }
}

/// The table's My hand button: one's hand shown again, privately.
pub(super) fn hand_button(id: GameId) -> Row {
    Row::Buttons(vec![Button::new(Text::new("cinco-button-hand"), &Payload::Hand(id)).primary()])
}

fn status_line(view: &PublicView, names: &[Arg], render: &dyn Fn(Arg) -> String) -> Text {
    match &view.outcome {
        CincoOutcome::Won { winner, by } => Text::new(match by {
            WinBy::Auction => "cinco-won-auction",
            WinBy::Embargo => "cinco-won-embargo",
        })
        .with("name", name(names, winner.index())),
        CincoOutcome::NoFivesLeft { leaders } => {
            let counts = view.players.iter().enumerate().map(|(seat, player)| {
                format!("{} {}", render(name(names, seat)), player.fives.len())
            });
            let most = view.players.iter().map(|player| player.fives.len()).max().unwrap_or(0);
            Text::new("cinco-won-most")
                .with("names", joined(names, leaders.iter().map(|seat| seat.index()), render))
                .with("count", leaders.len())
                .with("most", most)
                .with("counts", counts.collect::<Vec<_>>().join(", "))
        }
        CincoOutcome::Running => match (&view.auction, view.turn) {
            (Some(auction), _) => {
                let waiting = auction
                    .bids
                    .iter()
                    .enumerate()
                    .filter(|(_, bid)| **bid == engine::BidStatus::Waiting)
                    .map(|(seat, _)| seat);
                Text::new("cinco-auction")
                    .with("number", auction.number)
                    .with("five", card_text(auction.five.card()))
                    .with("waiting", joined(names, waiting, render))
            }
            (None, Some(seat)) => Text::new("cinco-turn").with("name", name(names, seat.index())),
            (None, None) => Text::new("cinco-turn").with("name", ""),
        },
    }
}

fn table_picture(
    view: &PublicView,
    names: &[Arg],
    render: &dyn Fn(Arg) -> String,
    status: &str,
) -> Picture {
    let players = view
        .players
        .iter()
        .enumerate()
        .map(|(seat, player)| TablePlayer {
            name: render(name(names, seat)),
            fives: player.fives.iter().map(|five| card_face(five.card())).collect(),
            protected: player.protected,
            cards: u8::try_from(player.cards).unwrap_or(u8::MAX),
        })
        .collect();
    let auction = view.auction.as_ref().map(|auction| Auction {
        label: render(Arg::Text(Text::new("cinco-table-auction").with("number", auction.number))),
        five: card_face(auction.five.card()),
        bids: auction
            .bids
            .iter()
            .map(|bid| match bid {
                engine::BidStatus::Sealed => render::Bid::Hidden,
                engine::BidStatus::Waiting => render::Bid::Waiting,
                engine::BidStatus::NoNumber => render::Bid::NoBid,
            })
            .collect(),
        no_bid_label: render(Arg::Text(Text::new("cinco-table-no-bid"))),
    });
    let discard = view.discard_top.map(|top| top.card());
    let follow_face = |follow: engine::Follow| render::Follow {
        colour: follow.colour.map(super::words::card_colour),
        mark: match follow.mark {
            engine::Mark::Number(n) => render::FollowMark::Number(n),
            engine::Mark::Reverse => render::FollowMark::Reverse,
            engine::Mark::Skip => render::FollowMark::Skip,
            engine::Mark::Nothing => render::FollowMark::Nothing,
        },
    };
    Picture::CincoTable(Arc::new(Table {
        discard: discard.map(card_face),
        // A black card on top does not say what follows it: the picture shows it over the
        // pile, as the text's "colour in play" line does.
        follow: discard.filter(|top| top.colour.is_none()).map(|_| follow_face(view.follow)),
        draw_pile: u16::try_from(view.draw_pile).unwrap_or(u16::MAX),
        draw_pile_label: render(Arg::Text(Text::new("cinco-table-pile"))),
        players,
        direction: match view.rotation {
            Rotation::Forward => PlayDirection::Clockwise,
            Rotation::Backward => PlayDirection::Counterclockwise,
        },
        turn: view.turn.map(engine::CincoSeat::index),
        auction,
        status: status.to_owned(),
    }))
}

fn action_label(action: CincoAction, names: &[Arg]) -> Text {
    match action {
        CincoAction::Play { card, choice: Choice::None } => {
            Text::new("cinco-button-play").with("card", card_text(card))
        }
        CincoAction::Play { card, choice: Choice::Colour(colour) } => {
            Text::new("cinco-button-play-colour")
                .with("card", card_text(card))
                .with("colour", colour_text(colour))
        }
        CincoAction::Play { choice: Choice::Target(seat), .. } => {
            Text::new("cinco-button-embargo").with("name", name(names, seat.index()))
        }
        CincoAction::Draw => Text::new("cinco-button-draw"),
        CincoAction::KeepDrawn => Text::new("cinco-button-keep"),
        CincoAction::Discard(card) => {
            Text::new("cinco-button-discard").with("card", card_text(card))
        }
        CincoAction::Bid(Bid { card, puntaje: None }) => {
            Text::new("cinco-button-bid").with("card", card_text(card))
        }
        CincoAction::Bid(Bid { card, puntaje: Some(PuntajeUse::Raise) }) => {
            Text::new("cinco-button-bid-raise").with("card", card_text(card))
        }
        CincoAction::Bid(Bid { card, puntaje: Some(PuntajeUse::Lower(seat)) }) => {
            Text::new("cinco-button-bid-lower")
                .with("card", card_text(card))
                .with("name", name(names, seat.index()))
        }
    }
}

/// One player's private message: their hand, what the game waits for from them, and a button
/// for every action they may take now, a row per card (its choices side by side).
pub(super) fn hand_message(
    id: GameId,
    seq: usize,
    public: &PublicView,
    private: &PrivateView,
    names: &[Arg],
    bid_seconds: u32,
    (locale, render): (Locale, &dyn Fn(Arg) -> String),
) -> Message {
    let cards: Vec<String> =
        private.hand.iter().map(|card| render(Arg::Text(card_text(*card)))).collect();
    let mut lines = vec![if private.hand.is_empty() {
        Text::new("cinco-hand-empty").with("id", id.0)
    } else {
        Text::new("cinco-hand").with("id", id.0).with("cards", cards.join(", "))
    }];
    let auction = public.auction.as_ref();
    let round = match auction {
        Some(auction) => CincoRound::Auction(auction.number),
        None => CincoRound::Seq(seq),
    };
    if let Some(bid) = private.sealed_bid {
        lines.push(Text::new("cinco-sealed").with("card", card_text(bid.card)));
    } else if !private.actions.is_empty() {
        lines.push(match auction {
            Some(auction) => Text::new("cinco-your-bid")
                .with("number", auction.number)
                .with("five", card_text(auction.five.card()))
                .with("seconds", bid_seconds),
            None => Text::new("cinco-your-turn"),
        });
    }
    let button = |action: CincoAction| {
        let payload = Payload::Cinco { game: id, round, action: action_code(action) };
        Button::new(action_label(action, names), &payload)
    };
    let mut rows: Vec<Vec<Button>> = Vec::new();
    let mut hand = private.hand.clone();
    hand.sort_unstable();
    hand.dedup();
    for card in hand {
        let row: Vec<Button> = private.actions_with(card).into_iter().map(button).collect();
        if !row.is_empty() {
            rows.push(row);
        }
    }
    let loose: Vec<Button> = private
        .actions
        .iter()
        .copied()
        .filter(|action| matches!(action, CincoAction::Draw | CincoAction::KeepDrawn))
        .map(button)
        .collect();
    if !loose.is_empty() {
        rows.push(loose);
    }
    let picture = Picture::CincoHand(Arc::new(Hand {
        cards: private.hand.iter().map(|card| card_face(*card)).collect(),
    }));
    Message {
        locale,
        lines,
        board: Some(BoardImage {
            picture,
            diagram: String::new(),
            file_name: format!("cinco-{}-seat-{}-action-{seq}.png", id.0, private.seat.0 + 1),
        }),
        components: rows.into_iter().map(Row::Buttons).collect(),
        addressee: None,
    }
}

#[cfg(test)]
mod tests {
    use engine::{Arrangement, Card, CardKind, Cinco, CincoSeat, Colour};

    use super::*;

    fn numbers(colour: Colour, from: u8) -> Vec<Card> {
        (from..from + 5).map(|n| Card::number(colour, if n >= 5 { n + 1 } else { n })).collect()
    }

    /// Seats with four, four and one 5 in front; seat 0 cannot play on the red 1 and draws the
    /// last comodín 5, which seat 2 wins with a 9: ten 5s in front, nobody with five.
    fn every_five_out() -> PublicView {
        let wild_five = Card::black(CardKind::FiveWild);
        let five = |colour| Card::number(colour, 5);
        let game = Cinco::arrange(Arrangement {
            seed: 1,
            hands: vec![
                numbers(Colour::Blue, 2),
                numbers(Colour::Green, 2),
                numbers(Colour::Yellow, 4),
            ],
            fives: vec![
                vec![
                    five(Colour::Red),
                    five(Colour::Red),
                    five(Colour::Yellow),
                    five(Colour::Yellow),
                ],
                vec![
                    five(Colour::Green),
                    five(Colour::Green),
                    five(Colour::Blue),
                    five(Colour::Blue),
                ],
                vec![wild_five],
            ],
            protected: vec![false; 3],
            draw_pile: vec![wild_five, Card::number(Colour::Red, 2), Card::number(Colour::Red, 3)],
            discard_top: Card::number(Colour::Red, 1),
            chosen_colour: None,
            turn: CincoSeat(0),
            rotation: Rotation::Forward,
        })
        .expect("a valid table");
        let bid = |colour, number| {
            CincoAction::Bid(Bid { card: Card::number(colour, number), puntaje: None })
        };
        let play = |game: Cinco, seat, action| match game.play(CincoSeat(seat), action) {
            Ok(game) => game,
            Err(error) => panic!("{action:?} by {seat} refused: {}", error.rejection),
        };
        let game = play(game, 0, CincoAction::Draw);
        let game = play(game, 0, bid(Colour::Blue, 7));
        let game = play(game, 1, bid(Colour::Green, 7));
        play(game, 2, bid(Colour::Yellow, 9)).public_view()
    }

    #[test]
    fn a_game_without_fives_left_says_so_with_every_count() {
        let view = every_five_out();
        assert_eq!(
            view.outcome,
            CincoOutcome::NoFivesLeft { leaders: vec![CincoSeat(0), CincoSeat(1)] }
        );
        let names = [Arg::Plain("ana".into()), Arg::Plain("bea".into()), Arg::Plain("cid".into())];
        let plain = |arg: Arg| match arg {
            Arg::Plain(text) => text,
            Arg::Number(number) => number.to_string(),
            Arg::Text(text) => text.id.to_owned(),
        };
        let status = status_line(&view, &names, &plain);
        assert_eq!(status.id, "cinco-won-most");
        assert_eq!(status.arg("names"), Some(&Arg::Plain("ana, bea".into())));
        assert_eq!(status.arg("most"), Some(&Arg::Number(4)));
        assert_eq!(status.arg("counts"), Some(&Arg::Plain("ana 4, bea 4, cid 2".into())));
    }
}
