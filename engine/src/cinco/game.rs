//! A CINCO game: the deal, turns, the hand rule, the piles, and auctions with sealed bids.
//!
//! The game runs by itself between decisions: drawing up to 5, refilling the draw pile,
//! turning up a 5 and opening its auction, resolving it once every bid is sealed, and
//! carrying on with the draw the 5 interrupted. It stops only where a seat must choose.

use super::action::{Action, Bid, Choice, CincoSeat, PuntajeUse, Rotation, SeatAction};
use super::auction::score_bids;
use super::card::{Card, CardKind, Colour, FIVES_IN_DECK, FIVES_TO_WIN, deck};
use super::rejection::{CincoError, CincoRejection, CincoSetupError};
use super::shuffle::shuffle;
use super::view::{
    BidStatus, Follow, Mark, PrivateView, PublicAuction, PublicCard, PublicPlayer, PublicView,
    Reveal, RevealedBid,
};

/// How many cards a hand holds at the start of a turn.
pub const HAND_SIZE: usize = 5;

/// How many cards a Cambio draws.
pub const CAMBIO_DRAW: u8 = 7;

/// A table's size and the seed of every shuffle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CincoSettings {
    /// 2 to 6.
    pub seats: u8,
    pub seed: u64,
}

/// How the game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinBy {
    Auction,
    Embargo,
}

/// Where a CINCO game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CincoOutcome {
    Running,
    /// `winner` has five 5s.
    Won {
        winner: CincoSeat,
        by: WinBy,
    },
    /// Every 5 is in front of a player and nobody has five: the most 5s win (all the seats
    /// listed share the win).
    NoFivesLeft {
        leaders: Vec<CincoSeat>,
    },
}

impl CincoOutcome {
    #[must_use]
    pub fn is_over(&self) -> bool {
        !matches!(self, CincoOutcome::Running)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// More than 5 cards at the start of the turn.
    Discarding,
    /// Play or draw.
    Choosing,
    /// Drew this card, which fits: play it or keep it.
    Drawn(Card),
}

/// What the draw that turned up a 5 goes on with once its auction is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Resume {
    TurnUpDiscard,
    FillHand(CincoSeat),
    DrawForTurn(CincoSeat),
    Cambio { seat: CincoSeat, left: u8 },
}

impl Resume {
    fn seat(self) -> Option<CincoSeat> {
        match self {
            Resume::TurnUpDiscard => None,
            Resume::FillHand(seat) | Resume::DrawForTurn(seat) | Resume::Cambio { seat, .. } => {
                Some(seat)
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    NoNumber,
    Waiting,
    Sealed(Bid),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Auction {
    five: Card,
    bids: Vec<Slot>,
    resume: Resume,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    Turn { seat: CincoSeat, step: Step },
    Auction(Auction),
    Over(CincoOutcome),
}

/// A position of the card game CINCO (seed 004), for 2–6 seats.
///
/// Start it with [`Cinco::start`], let the seats in [`Cinco::who_may_act`] [`Cinco::play`]
/// their actions, show the group [`Cinco::public_view`] and each seat its
/// [`Cinco::private_view`]. [`Cinco::replay`] rebuilds it from the settings and the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cinco {
    settings: CincoSettings,
    hands: Vec<Vec<Card>>,
    fives: Vec<Vec<Card>>,
    protections: Vec<Option<Card>>,
    /// The top is the last card.
    draw_pile: Vec<Card>,
    /// The top is the last card.
    discard: Vec<Card>,
    follow: Follow,
    rotation: Rotation,
    phase: Phase,
    shuffles: u64,
    turns: u32,
    auctions: u32,
    /// Every auction's reveal, in order.
    reveals: Vec<Reveal>,
    history: Vec<SeatAction>,
}

/// A position set up card by card, for tests and puzzles. Every card of the deck not named
/// here lies in the discard pile under its top card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrangement {
    pub seed: u64,
    /// One hand per seat (2–6 seats).
    pub hands: Vec<Vec<Card>>,
    /// The 5s in front of each seat.
    pub fives: Vec<Vec<Card>>,
    /// Whose Protección is on the table.
    pub protected: Vec<bool>,
    /// The draw pile, its top card first.
    pub draw_pile: Vec<Card>,
    pub discard_top: Card,
    /// The colour in play when the top card is black (a comodín numérico played, or an
    /// Embargo or Cambio over a colour); `None` there lets any card follow. Ignored for a
    /// coloured top.
    pub chosen_colour: Option<Colour>,
    /// Whose turn begins (with the hand rule).
    pub turn: CincoSeat,
    pub rotation: Rotation,
}

impl Cinco {
    /// Shuffles the deck, deals 5 cards to every seat (a 5 dealt goes back, the deck is
    /// shuffled and a replacement is dealt), turns up the first discard (a 5 there is
    /// auctioned at once) and begins seat 0's turn.
    ///
    /// # Errors
    /// [`CincoSetupError::SeatCount`] outside 2–6 seats.
    pub fn start(settings: CincoSettings) -> Result<Cinco, CincoSetupError> {
        let seats = seat_count(settings.seats)?;
        let mut game = Cinco::empty(settings, seats, deck());
        game.shuffle_draw_pile();
        for _ in 0..HAND_SIZE {
            for seat in 0..seats {
                while let Some(card) = game.draw_pile.pop() {
                    if card.is_five() {
                        game.draw_pile.push(card);
                        game.shuffle_draw_pile();
                    } else {
                        game.hands[seat].push(card);
                        break;
                    }
                }
            }
        }
        game.turn_up_discard();
        Ok(game)
    }

    /// A position set up card by card (see [`Arrangement`]); play begins with the hand rule
    /// of the seat whose turn it is.
    ///
    /// # Errors
    /// [`CincoSetupError`] when the cards are not the deck's, a 5 is misplaced, or the lists
    /// do not have one entry per seat.
    pub fn arrange(arrangement: Arrangement) -> Result<Cinco, CincoSetupError> {
        let Arrangement {
            seed,
            hands,
            fives,
            protected,
            draw_pile,
            discard_top,
            chosen_colour,
            turn,
            rotation,
        } = arrangement;
        let seats = seat_count(u8::try_from(hands.len()).unwrap_or(u8::MAX))?;
        if fives.len() != seats || protected.len() != seats || turn.index() >= seats {
            return Err(CincoSetupError::SeatLists);
        }
        let misplaced = hands.iter().flatten().any(|c| c.is_five())
            || fives.iter().flatten().any(|c| !c.is_five())
            || fives.iter().any(|f| f.len() >= FIVES_TO_WIN)
            || discard_top.is_five();
        if misplaced {
            return Err(CincoSetupError::FiveMisplaced);
        }
        let mut rest = deck();
        let protection = Card::black(CardKind::Protection);
        let protections: Vec<Option<Card>> =
            protected.iter().map(|&p| p.then_some(protection)).collect();
        let named = hands
            .iter()
            .flatten()
            .chain(fives.iter().flatten())
            .chain(protections.iter().flatten())
            .chain(&draw_pile)
            .chain([&discard_top]);
        for card in named {
            let at = rest.iter().position(|c| c == card).ok_or(CincoSetupError::NotInDeck)?;
            rest.remove(at);
        }
        let settings = CincoSettings { seats: seats as u8, seed };
        let mut game = Cinco::empty(settings, seats, draw_pile.into_iter().rev().collect());
        game.hands = hands;
        game.fives = fives;
        game.protections = protections;
        game.discard = rest;
        game.discard.push(discard_top);
        game.follow = follow_of(discard_top, chosen_colour);
        game.rotation = rotation;
        game.start_turn(turn);
        Ok(game)
    }

    /// The game reached by playing `log` from the start.
    ///
    /// # Errors
    /// The settings are refused, or the index of the first action that is not allowed.
    pub fn replay(settings: CincoSettings, log: &[SeatAction]) -> Result<Cinco, CincoSetupError> {
        log.iter().enumerate().try_fold(Cinco::start(settings)?, |game, (index, entry)| {
            game.play(entry.seat, entry.action)
                .map_err(|error| CincoSetupError::Replay { index, rejection: error.rejection })
        })
    }

    fn empty(settings: CincoSettings, seats: usize, draw_pile: Vec<Card>) -> Cinco {
        Cinco {
            settings,
            hands: vec![Vec::new(); seats],
            fives: vec![Vec::new(); seats],
            protections: vec![None; seats],
            draw_pile,
            discard: Vec::new(),
            follow: Follow { colour: None, mark: Mark::Nothing },
            rotation: Rotation::Forward,
            phase: Phase::Over(CincoOutcome::Running),
            shuffles: 0,
            turns: 0,
            auctions: 0,
            reveals: Vec::new(),
            history: Vec::new(),
        }
    }

    #[must_use]
    pub const fn settings(&self) -> &CincoSettings {
        &self.settings
    }

    /// Every action taken so far, in order.
    #[must_use]
    pub fn history(&self) -> &[SeatAction] {
        &self.history
    }

    #[must_use]
    pub fn outcome(&self) -> CincoOutcome {
        match &self.phase {
            Phase::Over(outcome) => outcome.clone(),
            _ => CincoOutcome::Running,
        }
    }

    /// The seats the game waits for: the seat whose turn it is, or during an auction every
    /// seat that still has to seal its bid. Empty once the game is over.
    #[must_use]
    pub fn who_may_act(&self) -> Vec<CincoSeat> {
        match &self.phase {
            Phase::Turn { seat, .. } => vec![*seat],
            Phase::Auction(auction) => (0..auction.bids.len())
                .filter(|&s| auction.bids[s] == Slot::Waiting)
                .map(seat_at)
                .collect(),
            Phase::Over(_) => Vec::new(),
        }
    }

    /// Every card of the game wherever it lies, hidden ones included: for checks that no
    /// card is ever created or lost, never for display.
    #[must_use]
    pub fn all_cards(&self) -> Vec<Card> {
        let mut cards: Vec<Card> = self
            .hands
            .iter()
            .flatten()
            .chain(self.fives.iter().flatten())
            .chain(self.protections.iter().flatten())
            .chain(&self.draw_pile)
            .chain(&self.discard)
            .copied()
            .collect();
        if let Phase::Auction(auction) = &self.phase {
            cards.push(auction.five);
        }
        cards
    }

    /// Plays `action` for `seat`.
    ///
    /// # Errors
    /// The unchanged game and the reason, when the action is not allowed now.
    pub fn play(mut self, seat: CincoSeat, action: Action) -> Result<Cinco, CincoError> {
        if let Err(rejection) = self.check(seat, action) {
            return Err(CincoError { game: Box::new(self), rejection });
        }
        self.history.push(SeatAction { seat, action });
        self.apply(seat, action);
        Ok(self)
    }

    /// Every action `seat` may take now, each with the choice its card needs.
    #[must_use]
    pub fn legal_actions(&self, seat: CincoSeat) -> Vec<Action> {
        let Some(hand) = self.hands.get(seat.index()) else { return Vec::new() };
        let mut cards = hand.clone();
        cards.sort_unstable();
        cards.dedup();
        let mut candidates = vec![Action::Draw, Action::KeepDrawn];
        for &card in &cards {
            candidates.push(Action::Discard(card));
            match card.kind {
                CardKind::NumberWild(_) => candidates.extend(
                    Colour::ALL.map(|colour| Action::Play { card, choice: Choice::Colour(colour) }),
                ),
                CardKind::Embargo => candidates.extend(
                    (0..self.hands.len())
                        .map(|t| Action::Play { card, choice: Choice::Target(seat_at(t)) }),
                ),
                _ => candidates.push(Action::Play { card, choice: Choice::None }),
            }
            if card.bid_number().is_some() {
                candidates.push(Action::Bid(Bid { card, puntaje: None }));
                candidates.push(Action::Bid(Bid { card, puntaje: Some(PuntajeUse::Raise) }));
                candidates.extend((0..self.hands.len()).map(|t| {
                    Action::Bid(Bid { card, puntaje: Some(PuntajeUse::Lower(seat_at(t))) })
                }));
            }
        }
        candidates.retain(|&action| self.check(seat, action).is_ok());
        candidates
    }

    /// What the group sees.
    #[must_use]
    pub fn public_view(&self) -> PublicView {
        let players = (0..self.hands.len())
            .map(|s| PublicPlayer {
                cards: self.hands[s].len(),
                fives: self.fives[s].iter().copied().map(PublicCard::face_up).collect(),
                protected: self.protections[s].is_some(),
            })
            .collect();
        let (turn, auction) = match &self.phase {
            Phase::Turn { seat, .. } => (Some(*seat), None),
            Phase::Auction(auction) => {
                let bids = auction
                    .bids
                    .iter()
                    .map(|slot| match slot {
                        Slot::NoNumber => BidStatus::NoNumber,
                        Slot::Waiting => BidStatus::Waiting,
                        Slot::Sealed(_) => BidStatus::Sealed,
                    })
                    .collect();
                let public = PublicAuction {
                    number: self.auctions,
                    five: PublicCard::face_up(auction.five),
                    drawn_by: auction.resume.seat(),
                    bids,
                };
                (auction.resume.seat(), Some(public))
            }
            Phase::Over(_) => (None, None),
        };
        PublicView {
            discard_top: self.discard.last().copied().map(PublicCard::face_up),
            follow: self.follow,
            draw_pile: self.draw_pile.len(),
            discard_pile: self.discard.len(),
            players,
            rotation: self.rotation,
            turn,
            auction,
            reveals: self.reveals.clone(),
            outcome: self.outcome(),
            turns: self.turns,
            auctions: self.auctions,
            shuffles: self.shuffles,
        }
    }

    /// What `seat` sees besides the public view (`None` for a seat not at this table).
    #[must_use]
    pub fn private_view(&self, seat: CincoSeat) -> Option<PrivateView> {
        let hand = self.hands.get(seat.index())?.clone();
        let sealed_bid = match &self.phase {
            Phase::Auction(auction) => match auction.bids[seat.index()] {
                Slot::Sealed(bid) => Some(bid),
                _ => None,
            },
            _ => None,
        };
        Some(PrivateView { seat, hand, sealed_bid, actions: self.legal_actions(seat) })
    }

    fn seats(&self) -> usize {
        self.hands.len()
    }

    fn check(&self, seat: CincoSeat, action: Action) -> Result<(), CincoRejection> {
        if seat.index() >= self.seats() {
            return Err(CincoRejection::NoSuchSeat);
        }
        match &self.phase {
            Phase::Over(_) => Err(CincoRejection::GameOver),
            Phase::Auction(auction) => match (auction.bids[seat.index()], action) {
                (Slot::Waiting, Action::Bid(bid)) => self.check_bid(seat, bid, auction),
                (Slot::Waiting, _) => Err(CincoRejection::AuctionUnderway),
                (Slot::Sealed(_), Action::Bid(_)) => Err(CincoRejection::AlreadyBid),
                _ => Err(CincoRejection::NotYourTurn),
            },
            Phase::Turn { seat: to_act, .. } if *to_act != seat => Err(CincoRejection::NotYourTurn),
            Phase::Turn { step, .. } => match (*step, action) {
                (_, Action::Bid(_)) => Err(CincoRejection::NoAuction),
                (Step::Discarding, Action::Discard(card)) => {
                    self.holds(seat, card).then_some(()).ok_or(CincoRejection::CardNotInHand)
                }
                (Step::Discarding, _) => Err(CincoRejection::DiscardExcessFirst),
                (_, Action::Discard(_)) => Err(CincoRejection::NoExcess),
                (Step::Choosing, Action::Draw) => {
                    self.may_draw(seat).then_some(()).ok_or(CincoRejection::CanPlay)
                }
                (Step::Choosing, Action::KeepDrawn) => Err(CincoRejection::NothingDrawn),
                (Step::Choosing, Action::Play { card, choice }) => {
                    self.check_play(seat, card, choice)
                }
                (Step::Drawn(_), Action::KeepDrawn) => Ok(()),
                (Step::Drawn(drawn), Action::Play { card, choice }) if card == drawn => {
                    self.check_play(seat, card, choice)
                }
                (Step::Drawn(_), _) => Err(CincoRejection::OnlyDrawnCard),
            },
        }
    }

    fn holds(&self, seat: CincoSeat, card: Card) -> bool {
        self.hands[seat.index()].contains(&card)
    }

    /// Drawing is allowed when no card fits except comodines, which the seed advises keeping
    /// for the right moment and so never force a play.
    fn may_draw(&self, seat: CincoSeat) -> bool {
        !self.hands[seat.index()].iter().any(|&card| !card.is_wild() && self.fits(card))
    }

    /// Whether a coloured card follows the discard; comodines are checked by their own rules.
    fn fits(&self, card: Card) -> bool {
        if card.is_five() {
            return false;
        }
        let Follow { colour, mark } = self.follow;
        colour.is_none()
            || card.colour == colour
            || matches!(
                (card.kind, mark),
                (CardKind::Number(a), Mark::Number(b)) if a == b
            )
            || matches!((card.kind, mark), (CardKind::Reverse, Mark::Reverse))
            || matches!((card.kind, mark), (CardKind::Skip, Mark::Skip))
    }

    fn check_play(
        &self,
        seat: CincoSeat,
        card: Card,
        choice: Choice,
    ) -> Result<(), CincoRejection> {
        if !self.holds(seat, card) {
            return Err(CincoRejection::CardNotInHand);
        }
        match (card.kind, choice) {
            (CardKind::Puntaje, _) => Err(CincoRejection::PuntajeOnlyInAuction),
            (CardKind::NumberWild(_), Choice::Colour(_)) => Ok(()),
            (CardKind::NumberWild(_), _) => Err(CincoRejection::ColourNeeded),
            (CardKind::Embargo, Choice::Target(target)) => self.check_embargo(seat, target),
            (CardKind::Embargo, _) => Err(CincoRejection::TargetNeeded),
            (_, Choice::Colour(_) | Choice::Target(_)) => Err(CincoRejection::NoChoiceNeeded),
            (CardKind::Protection, Choice::None) => {
                if self.protections[seat.index()].is_some() {
                    Err(CincoRejection::AlreadyProtected)
                } else if self.fives[seat.index()].is_empty() {
                    Err(CincoRejection::ProtectionWithoutFive)
                } else {
                    Ok(())
                }
            }
            (CardKind::Cambio, Choice::None) => Ok(()),
            (_, Choice::None) => self.fits(card).then_some(()).ok_or(CincoRejection::DoesNotMatch),
        }
    }

    fn check_embargo(&self, seat: CincoSeat, target: CincoSeat) -> Result<(), CincoRejection> {
        if target == seat {
            Err(CincoRejection::TargetIsYou)
        } else if target.index() >= self.seats() {
            Err(CincoRejection::NoSuchSeat)
        } else if self.fives[target.index()].is_empty() {
            Err(CincoRejection::TargetHasNoFive)
        } else if self.protections[target.index()].is_some() {
            Err(CincoRejection::TargetProtected)
        } else {
            Ok(())
        }
    }

    fn check_bid(
        &self,
        seat: CincoSeat,
        bid: Bid,
        auction: &Auction,
    ) -> Result<(), CincoRejection> {
        if !self.holds(seat, bid.card) {
            return Err(CincoRejection::CardNotInHand);
        }
        if bid.card.bid_number().is_none() {
            return Err(CincoRejection::NotANumber);
        }
        let Some(puntaje) = bid.puntaje else { return Ok(()) };
        if !self.holds(seat, Card::black(CardKind::Puntaje)) {
            return Err(CincoRejection::NoPuntaje);
        }
        match puntaje {
            PuntajeUse::Raise => Ok(()),
            PuntajeUse::Lower(target) => {
                let bids = auction.bids.get(target.index()).is_some_and(|s| *s != Slot::NoNumber);
                (target != seat && bids).then_some(()).ok_or(CincoRejection::NotABidder)
            }
        }
    }

    fn apply(&mut self, seat: CincoSeat, action: Action) {
        match action {
            Action::Bid(bid) => self.seal(seat, bid),
            Action::Discard(card) => {
                self.take_from_hand(seat, card);
                self.put_under_top(card);
                if self.hands[seat.index()].len() <= HAND_SIZE {
                    self.phase = Phase::Turn { seat, step: Step::Choosing };
                }
            }
            Action::Draw => self.draw_for_turn(seat),
            Action::KeepDrawn => self.end_turn(seat, false),
            Action::Play { card, choice } => {
                self.take_from_hand(seat, card);
                self.play_card(seat, card, choice);
            }
        }
    }

    fn play_card(&mut self, seat: CincoSeat, card: Card, choice: Choice) {
        let mut skip = false;
        match (card.kind, choice) {
            (CardKind::Protection, _) => {
                self.protections[seat.index()] = Some(card);
                self.end_turn(seat, false);
                return;
            }
            (CardKind::Cambio, _) => {
                let hand = std::mem::take(&mut self.hands[seat.index()]);
                self.discard.extend(hand);
                self.discard.push(card);
                self.cambio_draw(seat, CAMBIO_DRAW);
                return;
            }
            (CardKind::Embargo, Choice::Target(target)) => {
                if let Some(five) = self.fives[target.index()].pop() {
                    self.fives[seat.index()].push(five);
                }
                self.discard.push(card);
                if self.fives[seat.index()].len() >= FIVES_TO_WIN {
                    let outcome = CincoOutcome::Won { winner: seat, by: WinBy::Embargo };
                    self.phase = Phase::Over(outcome);
                    return;
                }
            }
            (CardKind::NumberWild(n), Choice::Colour(colour)) => {
                self.follow = Follow { colour: Some(colour), mark: Mark::Number(n) };
                self.discard.push(card);
            }
            (CardKind::Reverse, _) => {
                self.rotation = self.rotation.reversed();
                self.follow = follow_of(card, None);
                self.discard.push(card);
            }
            (CardKind::Skip, _) => {
                skip = true;
                self.follow = follow_of(card, None);
                self.discard.push(card);
            }
            _ => {
                self.follow = follow_of(card, None);
                self.discard.push(card);
            }
        }
        self.end_turn(seat, skip);
    }

    fn take_from_hand(&mut self, seat: CincoSeat, card: Card) {
        let hand = &mut self.hands[seat.index()];
        if let Some(at) = hand.iter().position(|&c| c == card) {
            hand.remove(at);
        }
    }

    /// Cards put away (the hand rule's excess, a Cambio's hand, an unclaimed 5) go under the
    /// top card, so that what the next player must follow stays in sight.
    fn put_under_top(&mut self, card: Card) {
        let at = self.discard.len().saturating_sub(1);
        self.discard.insert(at, card);
    }

    fn shuffle_draw_pile(&mut self) {
        shuffle(&mut self.draw_pile, self.settings.seed, self.shuffles);
        self.shuffles += 1;
    }

    /// The draw pile's top card; an empty pile is first refilled from the discards except
    /// the top one. `None` when even that leaves nothing.
    fn take_from_pile(&mut self) -> Option<Card> {
        if self.draw_pile.is_empty() && self.discard.len() > 1 {
            let top = self.discard.pop();
            self.draw_pile = std::mem::take(&mut self.discard);
            self.discard.extend(top);
            self.shuffle_draw_pile();
        }
        self.draw_pile.pop()
    }

    fn turn_up_discard(&mut self) {
        match self.take_from_pile() {
            Some(card) if card.is_five() => self.open_auction(card, Resume::TurnUpDiscard),
            Some(card) => {
                self.discard.push(card);
                self.follow = follow_of(card, None);
                self.start_turn(seat_at(0));
            }
            None => self.start_turn(seat_at(0)),
        }
    }

    fn start_turn(&mut self, seat: CincoSeat) {
        self.turns += 1;
        self.fill_hand(seat);
    }

    /// The hand rule: up to 5 cards, or the excess to discard first.
    fn fill_hand(&mut self, seat: CincoSeat) {
        while self.hands[seat.index()].len() < HAND_SIZE {
            match self.take_from_pile() {
                Some(card) if card.is_five() => {
                    self.open_auction(card, Resume::FillHand(seat));
                    return;
                }
                Some(card) => self.hands[seat.index()].push(card),
                None => break,
            }
        }
        let step = if self.hands[seat.index()].len() > HAND_SIZE {
            Step::Discarding
        } else {
            Step::Choosing
        };
        self.phase = Phase::Turn { seat, step };
    }

    fn draw_for_turn(&mut self, seat: CincoSeat) {
        match self.take_from_pile() {
            Some(card) if card.is_five() => self.open_auction(card, Resume::DrawForTurn(seat)),
            Some(card) => {
                self.hands[seat.index()].push(card);
                if self.check_play_any_choice(seat, card) {
                    self.phase = Phase::Turn { seat, step: Step::Drawn(card) };
                } else {
                    self.end_turn(seat, false);
                }
            }
            None => self.end_turn(seat, false),
        }
    }

    fn check_play_any_choice(&self, seat: CincoSeat, card: Card) -> bool {
        match card.kind {
            CardKind::NumberWild(_) => true,
            CardKind::Embargo => {
                (0..self.seats()).any(|t| self.check_embargo(seat, seat_at(t)).is_ok())
            }
            _ => self.check_play(seat, card, Choice::None).is_ok(),
        }
    }

    fn cambio_draw(&mut self, seat: CincoSeat, mut left: u8) {
        while left > 0 {
            match self.take_from_pile() {
                Some(card) if card.is_five() => {
                    self.open_auction(card, Resume::Cambio { seat, left });
                    return;
                }
                Some(card) => {
                    self.hands[seat.index()].push(card);
                    left -= 1;
                }
                None => break,
            }
        }
        self.end_turn(seat, false);
    }

    fn end_turn(&mut self, seat: CincoSeat, skip_next: bool) {
        let seats = self.seats();
        let steps = if skip_next { 2 } else { 1 };
        let next = match self.rotation {
            Rotation::Forward => (seat.index() + steps) % seats,
            Rotation::Backward => (seat.index() + seats * 2 - steps) % seats,
        };
        self.start_turn(seat_at(next));
    }

    fn open_auction(&mut self, five: Card, resume: Resume) {
        self.auctions += 1;
        let bids = self
            .hands
            .iter()
            .map(|hand| {
                if hand.iter().any(|c| c.bid_number().is_some()) {
                    Slot::Waiting
                } else {
                    Slot::NoNumber
                }
            })
            .collect();
        self.phase = Phase::Auction(Auction { five, bids, resume });
        self.resolve_if_all_sealed();
    }

    fn seal(&mut self, seat: CincoSeat, bid: Bid) {
        if let Phase::Auction(auction) = &mut self.phase {
            auction.bids[seat.index()] = Slot::Sealed(bid);
        }
        self.resolve_if_all_sealed();
    }

    /// The reveal: every bid shown and scored, the 5 to the best bid (to nobody on a tie),
    /// the bids' cards back into the draw pile, shuffled; then the interrupted draw goes on.
    fn resolve_if_all_sealed(&mut self) {
        let Phase::Auction(auction) = &self.phase else { return };
        if auction.bids.contains(&Slot::Waiting) {
            return;
        }
        let Auction { five, bids, resume } = auction.clone();
        let bids: Vec<Option<Bid>> = bids
            .iter()
            .map(|slot| match slot {
                Slot::Sealed(bid) => Some(*bid),
                _ => None,
            })
            .collect();
        let scores = score_bids(five, &bids);
        let mut returned = false;
        for (seat, bid) in bids.iter().enumerate() {
            let Some(bid) = bid else { continue };
            self.take_from_hand(seat_at(seat), bid.card);
            self.draw_pile.push(bid.card);
            if bid.puntaje.is_some() {
                let puntaje = Card::black(CardKind::Puntaje);
                self.take_from_hand(seat_at(seat), puntaje);
                self.draw_pile.push(puntaje);
            }
            returned = true;
        }
        match scores.winner {
            Some(winner) => self.fives[winner.index()].push(five),
            None if self.discard.is_empty() => {
                self.draw_pile.push(five);
                returned = true;
            }
            None => self.put_under_top(five),
        }
        if returned {
            self.shuffle_draw_pile();
        }
        self.reveals.push(Reveal {
            number: self.auctions,
            five: PublicCard::face_up(five),
            bids: bids
                .iter()
                .zip(&scores.values)
                .map(|(bid, value)| {
                    Some(RevealedBid {
                        card: PublicCard::face_up((*bid)?.card),
                        puntaje: (*bid)?.puntaje,
                        value: (*value)?,
                    })
                })
                .collect(),
            winner: scores.winner,
        });
        if let Some(winner) = scores.winner {
            if self.fives[winner.index()].len() >= FIVES_TO_WIN {
                self.phase = Phase::Over(CincoOutcome::Won { winner, by: WinBy::Auction });
                return;
            }
            let collected: usize = self.fives.iter().map(Vec::len).sum();
            if collected == FIVES_IN_DECK {
                self.phase = Phase::Over(CincoOutcome::NoFivesLeft { leaders: self.leaders() });
                return;
            }
        }
        match resume {
            Resume::TurnUpDiscard => self.turn_up_discard(),
            Resume::FillHand(seat) => self.fill_hand(seat),
            Resume::DrawForTurn(seat) => self.draw_for_turn(seat),
            Resume::Cambio { seat, left } => self.cambio_draw(seat, left),
        }
    }

    fn leaders(&self) -> Vec<CincoSeat> {
        let most = self.fives.iter().map(Vec::len).max().unwrap_or(0);
        (0..self.seats()).filter(|&s| self.fives[s].len() == most).map(seat_at).collect()
    }
}

fn seat_count(seats: u8) -> Result<usize, CincoSetupError> {
    if (2..=6).contains(&seats) {
        Ok(usize::from(seats))
    } else {
        Err(CincoSetupError::SeatCount(seats))
    }
}

fn seat_at(index: usize) -> CincoSeat {
    CincoSeat(u8::try_from(index).unwrap_or(u8::MAX))
}

/// What a card turned up or played asks the next card to follow. A black card without a
/// number sets no colour when it is turned up first: then any card follows it.
fn follow_of(card: Card, chosen_colour: Option<Colour>) -> Follow {
    let mark = match card.kind {
        CardKind::Number(n) | CardKind::NumberWild(n) => Mark::Number(n),
        CardKind::Reverse => Mark::Reverse,
        CardKind::Skip => Mark::Skip,
        _ => Mark::Nothing,
    };
    let colour = if card.is_wild() { chosen_colour } else { card.colour };
    Follow { colour, mark }
}
