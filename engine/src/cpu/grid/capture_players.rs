//! The computer players of ninuki and pente, on the capture search.

use super::capture_search::capture_choice;
use super::rules::{ForbiddenMoves, GridRules};
use crate::cpu::{ComputerPlayer, Think};
use crate::{BoardGame, Ninuki, NinukiSettings, Pente, PenteSettings, Point, Seat, Stone};

/// Moves of a pente game after which the opening rules no longer restrict anything: the
/// first stone goes on the centre, the first player's second stone (ply 2) keeps away.
const PENTE_OPENING_PLIES: usize = 3;

impl GridRules {
    /// The rules of a ninuki game with these settings: gomoku's overline and forbidden
    /// moves, with captures.
    #[must_use]
    pub fn ninuki(settings: NinukiSettings) -> GridRules {
        let forbidden =
            if settings.forbidden_moves { ForbiddenMoves::Refused } else { ForbiddenMoves::Off };
        GridRules {
            size: settings.size.side(),
            // A restricted black may not even make an overline.
            black_overline_wins: settings.overline_wins && !settings.forbidden_moves,
            white_overline_wins: settings.overline_wins,
            forbidden,
            captures: true,
        }
    }

    /// The rules of pente on this board: five or more wins, captures, no forbidden shape.
    /// The opening rules are the position's to tell (see [`crate::cpu::capture_analysis`]).
    #[must_use]
    pub fn pente(settings: PenteSettings) -> GridRules {
        GridRules {
            size: settings.size.side(),
            black_overline_wins: true,
            white_overline_wins: true,
            forbidden: ForbiddenMoves::Off,
            captures: true,
        }
    }
}

impl ComputerPlayer for Pente {
    /// The search's move; the opening rules are kept by searching only the legal points
    /// while they apply.
    fn computer_move(&self, think: Think<'_>) -> Option<Point> {
        let seat = self.seat_to_act()?;
        let legal = (self.history().len() < PENTE_OPENING_PLIES).then(|| self.legal_moves());
        let captured = [Stone::Black, Stone::White].map(|stone| {
            let owner =
                if Pente::stone_of(Seat::First) == stone { Seat::First } else { Seat::Second };
            self.captured_by(owner)
        });
        let rules = GridRules::pente(*self.settings());
        capture_choice(
            self.board(),
            Pente::stone_of(seat),
            captured,
            &rules,
            legal.as_deref(),
            think,
        )
        .best
        .or_else(|| self.legal_moves().first().copied())
    }
}

impl ComputerPlayer for Ninuki {
    /// The search's move; with forbidden moves on, black only searches its legal points
    /// (judged after the captures, as the rules do).
    fn computer_move(&self, think: Think<'_>) -> Option<Point> {
        let seat = self.seat_to_act()?;
        let stone = Ninuki::stone_of(seat);
        let restricted = self.settings().forbidden_moves && stone == Stone::Black;
        let legal = restricted.then(|| self.legal_moves());
        let captured = [Stone::Black, Stone::White].map(|stone| {
            let owner =
                if Ninuki::stone_of(Seat::First) == stone { Seat::First } else { Seat::Second };
            self.captured_by(owner)
        });
        let rules = GridRules::ninuki(*self.settings());
        capture_choice(self.board(), stone, captured, &rules, legal.as_deref(), think)
            .best
            .or_else(|| self.legal_moves().first().copied())
    }
}
