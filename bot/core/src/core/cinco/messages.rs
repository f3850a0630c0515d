//! What CINCO shows. The group's messages are built from a [`PublicView`] alone, which holds
//! no hand and no sealed bid, so they cannot show one; a hand and its buttons are
//! built from one seat's [`PrivateView`] and go to that player only.

use std::sync::Arc;

use engine::{
    Bid, BidValue, Card, Choice, CincoAction, CincoOutcome, PrivateView, PublicCard, PublicView,
    PuntajeUse, Reveal, Rotation, WinBy,
};
use render::{Auction, Hand, PlayDirection, Table, TablePlayer};

use super::super::{BoardImage, Button, CincoRound, GameId, Message, Payload, Row};
use super::notation::{action_code, card_code};
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
    joined_with(names, seats, render, ", ")
}

fn joined_with(
    names: &[Arg],
    seats: impl IntoIterator<Item = usize>,
    render: &dyn Fn(Arg) -> String,
    separator: &str,
) -> String {
    seats.into_iter().map(|seat| render(name(names, seat))).collect::<Vec<_>>().join(separator)
}

/// The seat after `seat` of `seats`, going round as `rotation` says.
fn next_seat(seat: usize, seats: usize, rotation: Rotation) -> usize {
    match rotation {
        Rotation::Forward => (seat + 1) % seats.max(1),
        Rotation::Backward => (seat + seats.max(1) - 1) % seats.max(1),
    }
}

/// Every seat in the order they play from the one whose turn it is.
fn turn_order(view: &PublicView) -> Vec<usize> {
    let seats = view.players.len();
    let first = view.turn.map_or(0, engine::CincoSeat::index);
    std::iter::successors(Some(first), |&seat| Some(next_seat(seat, seats, view.rotation)))
        .take(seats)
        .collect()
}

/// Every bid of a finished auction, its modifiers and its winner.
fn reveal_lines(reveal: &Reveal, names: &[Arg], render: &dyn Fn(Arg) -> String) -> Vec<Text> {
    let mut lines = vec![
        Text::new("cinco-reveal")
            .with("number", reveal.number)
            .with("five", card_text(reveal.five.card())),
    ];
    for (seat, bid) in reveal.bids.iter().enumerate() {
        let Some(bid) = bid else {
            lines.push(Text::new("cinco-reveal-no-bid").with("name", name(names, seat)));
            continue;
        };
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
        None => tie_line(reveal, names, render),
    });
    lines
}

/// Why nobody takes the 5: the players level at the top and their value, or no bid at all.
fn tie_line(reveal: &Reveal, names: &[Arg], render: &dyn Fn(Arg) -> String) -> Text {
    let values = reveal.bids.iter().map(|bid| bid.map(|bid| bid.value.value));
    let Some(best) = values.clone().flatten().max() else {
        return Text::new("cinco-reveal-nobody");
    };
    let level = values.enumerate().filter(|(_, value)| *value == Some(best)).map(|(seat, _)| seat);
    Text::new("cinco-reveal-tie")
        .with("names", joined(names, level, render))
        .with("value", u32::from(best))
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
    render: &dyn Fn(Arg) -> String,
) -> Vec<Text> {
    let mut lines = Vec::new();
    if let Some((seat, note @ PublicNote::Played(_, Choice::Target(_)))) = note {
        lines.push(note.line(name(names, seat), names));
    }
    for reveal in revealed {
        lines.extend(reveal_lines(reveal, names, render));
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
    let order = joined_with(names, turn_order(view), render, " → ");
    if let Some((seat, note)) = note {
        lines.push(note.line(name(names, seat), names));
        if let PublicNote::Played(card, _) = note {
            match card.card().kind {
                engine::CardKind::Skip => {
                    let skipped = next_seat(seat, view.players.len(), view.rotation);
                    lines.push(Text::new("cinco-skipped").with("name", name(names, skipped)));
                }
                engine::CardKind::Reverse => {
                    lines.push(Text::new("cinco-reversed").with("order", order.clone()));
                }
                _ => {}
            }
        }
    }
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
        markdown: false,
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

/// What a bid button's payload starts with when it only picks the card to bid (the use of
/// Puntaje comes next); nothing after it goes back to the cards.
pub(super) const PICK: char = '?';

/// The buttons of a bid request. Without Puntaje, one per card, with what it is worth. With
/// Puntaje, one per card to pick it; once `picked`, that card's bids: alone, raised by +2,
/// or with −1 on each other bidder, each saying what the bid is worth, and a way back.
fn bid_rows(
    private: &PrivateView,
    hand: &[Card],
    five: Card,
    picked: Option<Card>,
    names: &[Arg],
    (game, round): (GameId, CincoRound),
) -> Vec<Vec<Button>> {
    let worth = |bid: Bid| bid_worth(five, bid).map_or(0, |worth| u32::from(worth.value));
    let labelled = |label: Text, action: CincoAction| {
        Button::new(label, &Payload::Cinco { game, round, action: action_code(action) })
    };
    let pick = |card: Option<Card>| {
        let action = format!("{PICK}{}", card.map(card_code).unwrap_or_default());
        Payload::Cinco { game, round, action }
    };
    let bids_with = |card: Card| -> Vec<Bid> {
        private
            .actions_with(card)
            .into_iter()
            .filter_map(|action| match action {
                CincoAction::Bid(bid) => Some(bid),
                _ => None,
            })
            .collect()
    };
    let with_puntaje = private
        .actions
        .iter()
        .any(|action| matches!(action, CincoAction::Bid(Bid { puntaje: Some(_), .. })));
    if let Some(card) = picked.filter(|card| !bids_with(*card).is_empty()) {
        let (mut own, mut lowering) = (Vec::new(), Vec::new());
        for bid in bids_with(card) {
            let value = worth(bid);
            let label = match bid.puntaje {
                None => Text::new("cinco-button-bid-plain").with("card", card_text(card)),
                Some(PuntajeUse::Raise) => Text::new("cinco-button-bid-raise"),
                Some(PuntajeUse::Lower(seat)) => {
                    Text::new("cinco-button-bid-lower").with("name", name(names, seat.index()))
                }
            };
            let shown = labelled(label.with("value", value), CincoAction::Bid(bid));
            if matches!(bid.puntaje, Some(PuntajeUse::Lower(_))) {
                lowering.push(shown);
            } else {
                own.push(shown);
            }
        }
        let back = Button::new(Text::new("cinco-button-back"), &pick(None));
        let mut rows = vec![own];
        rows.extend(lowering.chunks(3).map(<[Button]>::to_vec));
        rows.push(vec![back]);
        return rows;
    }
    hand.iter()
        .filter_map(|&card| {
            let plain = Bid { card, puntaje: None };
            bids_with(card).contains(&plain).then_some((card, plain))
        })
        .map(|(card, plain)| {
            let label =
                |id| Text::new(id).with("card", card_text(card)).with("value", worth(plain));
            vec![if with_puntaje {
                Button::new(label("cinco-button-pick"), &pick(Some(card)))
            } else {
                labelled(label("cinco-button-bid"), CincoAction::Bid(plain))
            }]
        })
        .collect()
}

/// What one card of a hand lets its player do now, for a page that shows the cards and
/// asks which: each action with that card as a button (its label, the payload the private
/// chat's button for it sends).
pub(super) struct CardActions {
    pub card: Card,
    pub actions: Vec<Button>,
}

/// Every action open to `private`'s seat, by card in the order of its hand (a card held
/// twice is listed twice), and the ones that take no card (draw, keep the card drawn).
/// Unlike the private chat's buttons, a bid with Puntaje in hand is one step: each card's
/// bids, alone, raised or lowering another bidder, are all listed with it, each saying what
/// it is worth; the payloads are the ones those buttons send.
pub(super) fn hand_actions(
    (game, seq): (GameId, usize),
    public: &PublicView,
    private: &PrivateView,
    names: &[Arg],
) -> (Vec<CardActions>, Vec<Button>) {
    let auction = public.auction.as_ref();
    let round = match auction {
        Some(auction) => CincoRound::Auction(auction.number),
        None => CincoRound::Seq(seq),
    };
    let button = |label: Text, action: CincoAction| {
        Button::new(label, &Payload::Cinco { game, round, action: action_code(action) })
    };
    let labelled = |action: CincoAction| match (action, auction) {
        (CincoAction::Bid(bid), Some(auction)) => {
            let value = bid_worth(auction.five.card(), bid).map_or(0, |worth| worth.value);
            let label = match bid.puntaje {
                None => Text::new("cinco-button-bid").with("card", card_text(bid.card)),
                Some(PuntajeUse::Raise) => Text::new("cinco-button-bid-raise"),
                Some(PuntajeUse::Lower(seat)) => {
                    Text::new("cinco-button-bid-lower").with("name", name(names, seat.index()))
                }
            };
            button(label.with("value", u32::from(value)), action)
        }
        _ => button(action_label(action, names), action),
    };
    let cards = private
        .hand
        .iter()
        .map(|&card| CardActions {
            card,
            actions: private.actions_with(card).into_iter().map(labelled).collect(),
        })
        .collect();
    let loose = private
        .actions
        .iter()
        .copied()
        .filter(|action| matches!(action, CincoAction::Draw | CincoAction::KeepDrawn))
        .map(labelled)
        .collect();
    (cards, loose)
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

/// The names of `cards`, each once, in the order given.
fn card_list(cards: impl IntoIterator<Item = Card>, render: &dyn Fn(Arg) -> String) -> String {
    let mut listed: Vec<Card> = Vec::new();
    for card in cards {
        if !listed.contains(&card) {
            listed.push(card);
        }
    }
    listed.into_iter().map(|card| render(Arg::Text(card_text(card)))).collect::<Vec<_>>().join(", ")
}

/// What a bid of `bid` is worth on its own against `five` (others' Puntaje −1 aside).
fn bid_worth(five: Card, bid: Bid) -> Option<BidValue> {
    engine::score_bids(five, &[Some(bid)]).values.first().copied().flatten()
}

/// What the game waits for from one player, in words: the bid asked for (and which of their
/// cards count double), their turn (and which cards they may play), why they cannot bid, or
/// that their bid is in.
fn waiting_lines(
    public: &PublicView,
    private: &PrivateView,
    seconds_left: Option<i64>,
    render: &dyn Fn(Arg) -> String,
) -> Vec<Text> {
    let mut lines = Vec::new();
    let auction = public.auction.as_ref();
    if let Some(bid) = private.sealed_bid {
        lines.push(Text::new("cinco-sealed").with("card", card_text(bid.card)));
        return lines;
    }
    let bids = private.actions.iter().filter_map(|action| match action {
        CincoAction::Bid(bid) if bid.puntaje.is_none() => Some(bid.card),
        _ => None,
    });
    match auction {
        Some(auction) if !private.actions.is_empty() => {
            let five = auction.five.card();
            lines.push(
                Text::new("cinco-your-bid")
                    .with("number", auction.number)
                    .with("five", card_text(five)),
            );
            if five.kind == engine::CardKind::FiveWild {
                lines.push(Text::new("cinco-bids-all-double"));
            } else {
                let doubled = bids.filter(|&card| {
                    bid_worth(five, Bid { card, puntaje: None }).is_some_and(|worth| worth.doubled)
                });
                let doubled = card_list(doubled, render);
                if !doubled.is_empty() {
                    lines.push(Text::new("cinco-bids-double").with("cards", doubled));
                }
            }
        }
        Some(auction) => {
            let status = auction.bids.get(private.seat.index());
            if status == Some(&engine::BidStatus::NoNumber) {
                let five = auction.five.card();
                lines.push(
                    Text::new("cinco-no-number")
                        .with("number", auction.number)
                        .with("five", card_text(five)),
                );
                let cambio_cut = auction.drawn_by == Some(private.seat)
                    && public
                        .discard_top
                        .is_some_and(|top| top.card().kind == engine::CardKind::Cambio);
                if cambio_cut {
                    lines.push(Text::new("cinco-no-number-cambio"));
                }
            }
            return lines;
        }
        None if !private.actions.is_empty() => {
            lines.push(Text::new("cinco-your-turn"));
            let playable = private.actions.iter().filter_map(|action| match action {
                CincoAction::Play { card, .. } => Some(*card),
                _ => None,
            });
            let playable = card_list(playable, render);
            lines.push(if playable.is_empty() {
                Text::new("cinco-nothing-playable")
            } else {
                Text::new("cinco-playable").with("cards", playable)
            });
        }
        None => return lines,
    }
    if let Some(seconds) = seconds_left {
        lines.push(Text::new("cinco-time-left").with("seconds", seconds));
    }
    lines
}

/// One player's private message: their hand, the discard it must match, what the game waits
/// for from them, and a button for every action they may take now, a row per card (its
/// choices side by side). A bid with Puntaje in hand takes two steps, so that the buttons do
/// not multiply: the card (`picked`), then the use of Puntaje.
pub(super) fn hand_message(
    (id, seq): (GameId, usize),
    public: &PublicView,
    private: &PrivateView,
    names: &[Arg],
    (seconds_left, picked): (Option<i64>, Option<Card>),
    (locale, render): (Locale, &dyn Fn(Arg) -> String),
) -> Message {
    let cards: Vec<String> =
        private.hand.iter().map(|card| render(Arg::Text(card_text(*card)))).collect();
    let mut lines = vec![if private.hand.is_empty() {
        Text::new("cinco-hand-empty").with("id", id.0)
    } else {
        Text::new("cinco-hand").with("id", id.0).with("cards", cards.join(", "))
    }];
    if let Some(top) = public.discard_top {
        lines.push(Text::new("cinco-hand-discard").with("card", card_text(top.card())));
        if let Some(colour) =
            public.follow.colour.filter(|colour| top.card().colour != Some(*colour))
        {
            lines.push(Text::new("cinco-colour-in-play").with("colour", colour_text(colour)));
        }
    }
    lines.extend(waiting_lines(public, private, seconds_left, render));
    let auction = public.auction.as_ref();
    let round = match auction {
        Some(auction) => CincoRound::Auction(auction.number),
        None => CincoRound::Seq(seq),
    };
    let button = |action: CincoAction| {
        let payload = Payload::Cinco { game: id, round, action: action_code(action) };
        Button::new(action_label(action, names), &payload)
    };
    let mut hand = private.hand.clone();
    hand.sort_unstable();
    hand.dedup();
    let mut rows: Vec<Vec<Button>> = match auction {
        Some(auction) if private.sealed_bid.is_none() => {
            bid_rows(private, &hand, auction.five.card(), picked, names, (id, round))
        }
        _ => hand
            .iter()
            .map(|&card| private.actions_with(card).into_iter().map(&button).collect())
            .collect(),
    };
    rows.retain(|row: &Vec<Button>| !row.is_empty());
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
        markdown: false,
    }
}

#[cfg(test)]
mod tests {
    use engine::{Arrangement, Card, CardKind, Cinco, CincoSeat, Colour};

    use super::*;
    use crate::core::Row;
    use crate::i18n::Texts;

    fn numbers(colour: Colour, from: u8) -> Vec<Card> {
        (from..from + 5).map(|n| Card::number(colour, if n >= 5 { n + 1 } else { n })).collect()
    }

    fn arranged(hands: Vec<Vec<Card>>, draw_pile: Vec<Card>, discard_top: Card) -> Cinco {
        let seats = hands.len();
        Cinco::arrange(Arrangement {
            seed: 1,
            hands,
            fives: vec![Vec::new(); seats],
            protected: vec![false; seats],
            draw_pile,
            discard_top,
            chosen_colour: None,
            turn: CincoSeat(0),
            rotation: Rotation::Forward,
        })
        .expect("a valid table")
    }

    fn play(game: Cinco, seat: u8, action: CincoAction) -> Cinco {
        match game.play(CincoSeat(seat), action) {
            Ok(game) => game,
            Err(error) => panic!("{action:?} by {seat} refused: {}", error.rejection),
        }
    }

    fn bid(colour: Colour, number: u8) -> CincoAction {
        CincoAction::Bid(Bid { card: Card::number(colour, number), puntaje: None })
    }

    fn names() -> Vec<Arg> {
        ["ana", "bea", "cid"].map(|name| Arg::Plain(name.into())).to_vec()
    }

    /// Every line, in English.
    fn english(lines: &[Text]) -> Vec<String> {
        let texts = Texts::load().expect("the message files parse");
        lines.iter().map(|line| texts.render(Locale::En, line)).collect()
    }

    fn render_en(arg: Arg) -> String {
        let texts = Texts::load().expect("the message files parse");
        match arg {
            Arg::Plain(text) => text,
            Arg::Number(number) => number.to_string(),
            Arg::Text(text) => texts.render(Locale::En, &text),
        }
    }

    /// The table's lines after `seat` played `action` on `game`; the game after it.
    fn table_after(game: Cinco, seat: u8, action: CincoAction) -> (Cinco, Vec<String>) {
        let game = play(game, seat, action);
        let view = game.public_view();
        let note = PublicNote::of(action, &view).map(|note| (usize::from(seat), note));
        let message = table_message(GameId(1), &view, &names(), note, Locale::En, &render_en);
        (game, english(&message.lines))
    }

    fn says(lines: &[String], words: &str) -> bool {
        lines.iter().any(|line| line.contains(words))
    }

    #[test]
    fn saltar_and_reversa_say_who_loses_the_turn_and_the_new_order_by_name() {
        let mut ana = numbers(Colour::Red, 1);
        ana[0] = Card::skip(Colour::Red);
        let mut cid = numbers(Colour::Blue, 1);
        cid[0] = Card::reverse(Colour::Red);
        let game = arranged(
            vec![ana, numbers(Colour::Green, 1), cid],
            numbers(Colour::Yellow, 1),
            Card::number(Colour::Red, 9),
        );
        let played = |card| CincoAction::Play { card, choice: Choice::None };
        let (game, lines) = table_after(game, 0, played(Card::skip(Colour::Red)));
        assert!(says(&lines, "bea loses their turn."), "{lines:?}");
        assert!(says(&lines, "order: cid → ana → bea"), "{lines:?}");
        let (_, lines) = table_after(game, 2, played(Card::reverse(Colour::Red)));
        assert!(says(&lines, "The order turns round: bea → ana → cid."), "{lines:?}");
        assert!(says(&lines, "red Reversa (reverse)"), "English glosses the card: {lines:?}");
    }

    /// Ana cannot play on the yellow 1 and draws the red 5: Ana and Bea bid 7 each, Cid holds
    /// no number.
    fn tied_auction() -> (Cinco, Cinco) {
        let ana = vec![
            Card::number(Colour::Red, 2),
            Card::number(Colour::Red, 3),
            Card::number(Colour::Blue, 4),
            Card::number(Colour::Blue, 6),
            Card::number(Colour::Blue, 7),
        ];
        let cid = vec![
            Card::skip(Colour::Green),
            Card::reverse(Colour::Green),
            Card::black(CardKind::Embargo),
            Card::black(CardKind::Cambio),
            Card::black(CardKind::Puntaje),
        ];
        let game = arranged(
            vec![ana, numbers(Colour::Green, 3), cid],
            vec![Card::number(Colour::Red, 5), Card::number(Colour::Blue, 8)],
            Card::number(Colour::Yellow, 1),
        );
        let asked = play(game, 0, CincoAction::Draw);
        let game = play(asked.clone(), 0, bid(Colour::Blue, 7));
        (asked, play(game, 1, bid(Colour::Green, 7)))
    }

    #[test]
    fn a_tie_names_the_level_bidders_and_their_value_and_who_could_not_bid() {
        let (_, revealed) = tied_auction();
        let view = revealed.public_view();
        let lines = events_to_read(&names(), None, &view.reveals, &render_en);
        let lines = english(&lines);
        assert!(says(&lines, "cid: no bid (no numeric card)."), "{lines:?}");
        assert!(says(&lines, "ana, bea tie at 7"), "{lines:?}");
    }

    /// `seat`'s private message in English, `seconds_left` on its clock, `picked` for its bid.
    fn hand_of(
        game: &Cinco,
        seat: u8,
        (seconds_left, picked): (Option<i64>, Option<Card>),
    ) -> Message {
        let private = game.private_view(CincoSeat(seat)).expect("a seat");
        hand_message(
            (GameId(1), game.history().len()),
            &game.public_view(),
            &private,
            &names(),
            (seconds_left, picked),
            (Locale::En, &render_en),
        )
    }

    fn hand_lines(game: &Cinco, seat: u8, seconds_left: Option<i64>) -> Vec<String> {
        english(&hand_of(game, seat, (seconds_left, None)).lines)
    }

    #[test]
    fn a_bid_request_says_which_cards_count_double_and_the_time_left() {
        let (asked, _) = tied_auction();
        let lines = hand_lines(&asked, 0, Some(42));
        assert!(says(&lines, "Discard: yellow 1"), "{lines:?}");
        assert!(says(&lines, "choose your secret bid"), "{lines:?}");
        assert!(says(&lines, "Worth double in this auction: red 2, red 3."), "{lines:?}");
        assert!(says(&lines, "You have 42 s left."), "{lines:?}");
        let cid = hand_lines(&asked, 2, None);
        assert!(says(&cid, "you do not bid, you hold no numeric card"), "{cid:?}");
    }

    /// The buttons' labels (in English) and payloads of `seat`'s hand, with `picked`.
    fn hand_buttons(game: &Cinco, seat: u8, picked: Option<Card>) -> Vec<Vec<(String, String)>> {
        let texts = Texts::load().expect("the message files parse");
        hand_of(game, seat, (None, picked))
            .components
            .iter()
            .map(|row| match row {
                Row::Buttons(buttons) => buttons
                    .iter()
                    .map(|b| (texts.render(Locale::En, &b.label), b.payload.clone()))
                    .collect(),
                Row::Select(_) => Vec::new(),
            })
            .collect()
    }

    #[test]
    fn a_bid_with_puntaje_takes_the_card_then_its_use_each_button_saying_its_worth() {
        let ana = vec![
            Card::number(Colour::Red, 2),
            Card::number(Colour::Red, 3),
            Card::number(Colour::Blue, 4),
            Card::black(CardKind::Puntaje),
            Card::number(Colour::Blue, 7),
        ];
        let game = arranged(
            vec![ana, numbers(Colour::Green, 3), numbers(Colour::Yellow, 2)],
            vec![Card::number(Colour::Red, 5), Card::number(Colour::Blue, 8)],
            Card::number(Colour::Yellow, 9),
        );
        let game = play(game, 0, CincoAction::Draw);
        let cards = hand_buttons(&game, 0, None);
        let labels: Vec<&str> = cards.iter().flatten().map(|(label, _)| label.as_str()).collect();
        assert_eq!(
            labels,
            ["red 2 — worth 4 ›", "red 3 — worth 6 ›", "blue 4 — worth 4 ›", "blue 7 — worth 7 ›"]
        );
        assert!(cards.iter().flatten().all(|(_, payload)| payload.starts_with("B:1:1:?")));
        let uses = hand_buttons(&game, 0, Some(Card::number(Colour::Red, 3)));
        let labels: Vec<Vec<&str>> =
            uses.iter().map(|row| row.iter().map(|(label, _)| label.as_str()).collect()).collect();
        assert_eq!(
            labels,
            [
                vec!["Bid red 3 without Puntaje — worth 6", "With Puntaje +2 — worth 8"],
                vec![
                    "With Puntaje −1 on bea (yours is worth 6)",
                    "With Puntaje −1 on cid (yours is worth 6)"
                ],
                vec!["‹ Another card"],
            ]
        );
        // Bea holds no Puntaje: one button per card, the bid itself.
        let bea = hand_buttons(&game, 1, None);
        let first = bea.first().and_then(|row| row.first()).expect("a bid");
        assert_eq!(first.0, "Bid green 3 — worth 3");
        assert!(first.1.starts_with("B:1:1:b "), "{first:?}");
    }

    #[test]
    fn a_turn_lists_the_cards_that_may_be_played() {
        let mut ana = numbers(Colour::Blue, 1);
        ana[4] = Card::number(Colour::Red, 9);
        let game = arranged(
            vec![ana, numbers(Colour::Green, 1)],
            numbers(Colour::Yellow, 1),
            Card::number(Colour::Red, 1),
        );
        let lines = hand_lines(&game, 0, Some(100));
        assert!(says(&lines, "You may play: red 9, blue 1."), "{lines:?}");
        let (game, _) = table_after(
            game,
            0,
            CincoAction::Play { card: Card::number(Colour::Red, 9), choice: Choice::None },
        );
        let bea = hand_lines(&game, 1, None);
        assert!(says(&bea, "None of your cards fits: draw one."), "{bea:?}");
    }

    #[test]
    fn spanish_colours_agree_with_the_card() {
        let texts = Texts::load().expect("the message files parse");
        let spanish = |card| texts.render(Locale::Es, &card_text(card));
        assert_eq!(spanish(Card::reverse(Colour::Red)), "Reversa roja");
        assert_eq!(spanish(Card::reverse(Colour::Yellow)), "Reversa amarilla");
        assert_eq!(spanish(Card::skip(Colour::Red)), "Saltar rojo");
        assert_eq!(spanish(Card::number(Colour::Yellow, 7)), "7 amarillo");
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
