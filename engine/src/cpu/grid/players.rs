//! The computer players of gomoku and renju, both on the grid search.

use super::opening::{fifth_offers, is_legal, opening_stone, wants_swap, weakest_offer};
use super::rules::GridRules;
use super::search::grid_analysis;
use crate::cpu::{Choice, ComputerPlayer, Think};
use crate::{BoardGame, Gomoku, Point, Renju, RenjuMove, RenjuPhase, Stone};

impl ComputerPlayer for Gomoku {
    fn computer_move(&self, think: Think<'_>) -> Option<Point> {
        self.computer_choice(think).map(|choice| choice.mv)
    }

    /// The search's move and verdict; a restricted black never gets a forbidden point.
    fn computer_choice(&self, think: Think<'_>) -> Option<Choice<Point>> {
        if self.outcome().is_over() {
            return None;
        }
        let rules = GridRules::gomoku(*self.settings());
        let analysis = grid_analysis(self.board(), self.stone_to_move(), &rules, think);
        let mv = analysis.best.or_else(|| self.legal_moves().first().copied())?;
        Some(Choice { mv, hopeless: analysis.hopeless })
    }
}

impl ComputerPlayer for Renju {
    fn computer_move(&self, think: Think<'_>) -> Option<RenjuMove> {
        self.computer_choice(think).map(|choice| choice.mv)
    }

    /// Opening decisions by the Taraguchi-10 phase, then the search's move and verdict; black
    /// never plays a forbidden point (it would lose), unless nothing else is left.
    fn computer_choice(&self, think: Think<'_>) -> Option<Choice<RenjuMove>> {
        let mv = match self.phase() {
            RenjuPhase::Over => return None,
            RenjuPhase::OpeningStone { .. } => {
                let area = self.opening_area()?;
                RenjuMove::Place(opening_stone(self, area, think.seed)?)
            }
            RenjuPhase::SwapOption { .. } => {
                if wants_swap(self, think) {
                    RenjuMove::Swap
                } else {
                    RenjuMove::KeepColours
                }
            }
            RenjuPhase::FifthStone => {
                let offer = fifth_offers(self, think).map(RenjuMove::OfferFifth);
                match offer.filter(|&offer| is_legal(self, offer)) {
                    Some(offer) => offer,
                    None => {
                        let area = self.opening_area()?;
                        RenjuMove::Place(opening_stone(self, area, think.seed)?)
                    }
                }
            }
            RenjuPhase::FifthChoice => {
                let offers = self.offered_fifths()?;
                RenjuMove::ChooseFifth(weakest_offer(self, offers, think))
            }
            RenjuPhase::Play => {
                let (black, white) = self.board().count();
                let stone = if black == white { Stone::Black } else { Stone::White };
                let analysis = grid_analysis(self.board(), stone, &GridRules::renju(), think);
                let mv = match analysis.best {
                    Some(point) => RenjuMove::Place(point),
                    None => *self.legal_moves().first()?,
                };
                return Some(Choice { mv, hopeless: analysis.hopeless });
            }
        };
        Some(Choice { mv, hopeless: None })
    }
}
